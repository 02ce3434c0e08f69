"""Eight phones writing at once to a live server: no errors, nothing lost, nothing booked twice.

The server is the site as production runs it: gunicorn with 2 worker processes
of 8 threads each, `DJANGO_DEBUG=0`, on a database of its own, never the test
database (a live server on pytest-django's test database would share one
in-memory SQLite connection between its threads, and flush every table after
the test). On the SQLite run that database is a file in a temporary folder;
under `make test-postgres` (DATABASE_URL set) it is a temporary PostgreSQL
database, created and dropped here.

8 clients, each signed in as the host with its own session, each send 50
buy-ins of 1 chip, spread over the 8 seats, through the JSON API, each with
its own Idempotency-Key. Every write is a double tap: two threads of the same
client, each on its own keep-alive connection, send it with the same key at
the same moment. Then: no 500, no "database is locked" (in any answer or in
the server's log), every write booked exactly once, the repeat answered with
the first answer, chips conserved, and each stack the sum of its buy-ins.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))

CLIENTS = 8
WRITES = 50  # per client, each sent twice
SEATS = 8

# Run in the server's environment with `manage.py shell`: a host, a night of 8
# seats, and one signed-in session per client.
SET_UP = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from ledger.services import seating
from ledger.models import Person

host = get_user_model().objects.create_user(username="host", password="not-used-9")
group = seating.group_create(host=host, name="Concurrency")
night = seating.night_create(host=host, group=group, name="Rush", chips=[("white", "0.25")])
seats = [
    seating.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
    for i in range(SEATS)
]
sessions = []
for _ in range(CLIENTS):
    client = Client()
    client.force_login(host)
    sessions.append(client.cookies["sessionid"].value)
print(json.dumps({"night": night.pk, "seats": [s.pk for s in seats], "sessions": sessions}))
"""

# What the journal says afterwards, through the ledger's own reads.
LOOK = """
import json
from django.db.models import Sum
from ledger.services import closing, journal
from ledger.models import Account, Entry, Night, Posting, WriteRequest

night = Night.objects.get(pk=NIGHT)
bank = journal.account(night, Account.Kind.BANK)
print(json.dumps({
    "postings": Posting.objects.filter(night=night).count(),
    "buy_ins": Posting.objects.filter(night=night, kind="buy_in").count(),
    "keys": sorted(WriteRequest.objects.filter(night=night).values_list("key", flat=True)),
    "total": Entry.objects.filter(posting__night=night).aggregate(t=Sum("amount"))["t"],
    "bank": journal.balances([bank])[bank.pk],
    "stacks": {str(k): v for k, v in closing.booked_stacks(night).items()},
    "unbalanced": Entry.objects.filter(posting__night=night)
        .values("posting_id").annotate(t=Sum("amount")).exclude(t=0).count(),
}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def database_url(tmp_path):
    """A database for the live server alone: a SQLite file, or a throwaway PostgreSQL database."""
    given = os.environ.get("DATABASE_URL", "")
    if not given.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{tmp_path / 'live.sqlite3'}"
        return
    import psycopg

    name = f"homegame_live_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(given, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunparse(urlparse(given)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(given, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def live_site(database_url, tmp_path):
    """Base URL, the set-up (night, seats, sessions) and a way to read the journal afterwards."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    } | {
        "DJANGO_SETTINGS_MODULE": "homegame.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "concurrency-" + secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url,
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    code = SET_UP.replace("SEATS", str(SEATS)).replace("CLIENTS", str(CLIENTS))
    setup = json.loads(manage(env, "shell", "--no-imports", "-c", code).strip().splitlines()[-1])
    port = free_port()
    log = tmp_path / "gunicorn.log"
    cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    cmd += ["--workers", "2", "--worker-class", "gthread", "--threads", "8", "--keep-alive", "30"]
    cmd += ["--log-level", "warning", "--error-logfile", str(log)]
    with log.open("w") as out:
        server = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_until_up(port, server)

        def look() -> dict:
            code = LOOK.replace("NIGHT", str(setup["night"]))
            return json.loads(manage(env, "shell", "--no-imports", "-c", code).strip())

        yield port, setup, look, log
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_until_up(port: int, server: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert server.poll() is None, f"gunicorn exited with {server.returncode}"
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/nights/")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"gunicorn did not answer within {timeout} s")


def test_eight_clients_double_tapping_fifty_buy_ins_each_book_every_one_once(live_site):
    port, setup, look, log = live_site
    night, seats = setup["night"], setup["seats"]
    # Each client's writes, decided up front: which seat, which key.
    plan = [
        [(seats[(client + n) % SEATS], str(uuid.uuid4())) for n in range(WRITES)]
        for client in range(CLIENTS)
    ]
    answers: list[tuple[int, int, int, int, bool, str, int]] = []
    failures: list[str] = []
    lock = threading.Lock()

    def tap(client: int, which: int, together: threading.Barrier) -> None:
        csrf = secrets.token_hex(16)  # any 32 letters and digits; the header must match it
        headers = {
            "Content-Type": "application/json",
            "Cookie": f"sessionid={setup['sessions'][client]}; csrftoken={csrf}",
            "X-CSRFToken": csrf,
        }
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            for n, (seat, key) in enumerate(plan[client]):
                together.wait(timeout=60)  # both taps of one write leave at once
                for attempt in range(3):
                    try:
                        conn.request(
                            "POST",
                            f"/api/nights/{night}/seats/{seat}/buy-in/",
                            body=json.dumps({"chips": 1}),
                            headers={**headers, "Idempotency-Key": key},
                        )
                        response = conn.getresponse()
                        body = response.read().decode()
                        break
                    except (ConnectionError, http.client.HTTPException):
                        # The server closed an idle keep-alive connection: a phone
                        # reconnects and sends the write again with the same key.
                        conn.close()
                        if attempt == 2:
                            raise
                replayed = response.getheader("Idempotent-Replayed") == "true"
                with lock:
                    answers.append((client, n, which, response.status, replayed, body, attempt))
                if response.will_close:
                    conn.close()
        except Exception as exc:  # a dropped connection is a failure too, not a hang
            with lock:
                failures.append(f"client {client} tap {which}: {exc!r}")
            together.abort()
        finally:
            conn.close()

    threads = []
    for client in range(CLIENTS):
        together = threading.Barrier(2)
        threads += [threading.Thread(target=tap, args=(client, w, together)) for w in (0, 1)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    elapsed = time.monotonic() - started

    assert not failures, failures
    assert len(answers) == CLIENTS * WRITES * 2
    statuses = {}
    for _, _, _, status, _, body, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
        assert "locked" not in body.lower(), body
    assert statuses == {201: CLIENTS * WRITES * 2}, statuses
    # Of each double tap one write ran; the other got the first answer back. (A tap that
    # was sent again after a dropped connection may be answered from the store too.)
    pairs: dict[tuple[int, int], list] = {}
    for client, n, _, _, replayed, body, retried in answers:
        pairs.setdefault((client, n), []).append((replayed, body, retried))
    for pair in pairs.values():
        ran = [r for r, _, _ in pair].count(False)
        assert ran == 1 or (ran == 0 and any(retried for *_, retried in pair)), pair
        # The same answer; PostgreSQL's jsonb keeps the keys of the stored one in its own order.
        assert json.loads(pair[0][1]) == json.loads(pair[1][1])

    booked = look()
    expected = {str(s): 0 for s in seats}
    for writes in plan:
        for seat, _ in writes:
            expected[str(seat)] += 1
    assert booked["buy_ins"] == booked["postings"] == CLIENTS * WRITES
    assert booked["keys"] == sorted(key for writes in plan for _, key in writes)
    assert booked["total"] == 0
    assert booked["unbalanced"] == 0
    assert booked["bank"] == -CLIENTS * WRITES
    assert booked["stacks"] == expected
    server_log = log.read_text()
    assert "locked" not in server_log.lower(), server_log
    assert "Traceback" not in server_log, server_log
    print(f"{CLIENTS * WRITES * 2} requests, {CLIENTS * WRITES} writes in {elapsed:.1f} s")
