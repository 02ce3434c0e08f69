"""The site served the production way, on a PostgreSQL database of its own.

`make test-serve` runs these with DATABASE_URL at the local PostgreSQL. Each
run makes a fresh database beside it (never pytest-django's test database),
migrates it, loads the rulebook, collects the static files into a temporary
folder, signs a host up, and starts gunicorn processes with DJANGO_DEBUG=0 on
it. The tests talk to them over HTTP only, as phones and load balancers do,
and read the journal straight from the database with psycopg.
"""

from __future__ import annotations

import contextlib
import http.cookies
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
HOST_NAME = "host"
HOST_PASSWORD = "serve-" + secrets.token_urlsafe(12)


def _postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL at PostgreSQL: run `make test-serve`")
    return url


def _with_database(url: str, name: str) -> str:
    return urllib.parse.urlsplit(url)._replace(path="/" + name).geturl()


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """A database of its own on the test run's PostgreSQL, dropped afterwards."""
    url = _postgres_url()
    name = f"homegame_serve_{os.getpid()}"
    admin = _with_database(url, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield _with_database(url, name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(scope="session")
def site_env(database_url, tmp_path_factory) -> dict[str, str]:
    """Production settings on that database, prepared as `make serve` prepares it."""
    static = tmp_path_factory.mktemp("static")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "homegame.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "serve-" + secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        # Every hand tally a server reads is held to a replay of its journal (a 500 if not).
        "DJANGO_LEDGER_CHECK_TALLY": "1",
        "DJANGO_STATIC_ROOT": str(static),
        "DATABASE_URL": database_url,
        "DJANGO_SUPERUSER_PASSWORD": HOST_PASSWORD,
        "PYTHONPATH": str(ROOT),
    }
    manage(env, "migrate", "--noinput")
    manage(env, "load_rulebook")
    manage(env, "collectstatic", "--noinput")
    manage(env, "createsuperuser", "--noinput", "--username", HOST_NAME, "--email", "h@x.test")
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [PYTHON, "manage.py", *args, "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    base: str

    def worker_pids(self) -> list[int]:
        """The master's children: its workers, as /proc lists them."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]


@contextlib.contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, timeout: int = 30) -> Iterator[Server]:
    """One gunicorn master with its workers on 127.0.0.1, stopped afterwards."""
    port = free_port()
    cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    cmd += ["--workers", str(workers), "--log-level", "warning", "--timeout", str(timeout)]
    process = subprocess.Popen(cmd, cwd=ROOT, env=env)
    server = Server(process, f"http://127.0.0.1:{port}")
    try:
        wait_until_up(server)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_up(server: Server, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.process.returncode}")
        with contextlib.suppress(OSError):
            if Browser(server.base).get("/accounts/login/").status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{server.base} did not answer within {timeout} s")


# --- HTTP, as a script calls the API -----------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]

    def json(self):
        return json.loads(self.body)


@dataclass
class Browser:
    """Cookies kept by hand (the site's are Secure, and this is plain http to 127.0.0.1)."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    timeout: float = 20

    def at(self, base: str) -> Browser:
        """The same cookies against another server: another process or machine of the site."""
        return Browser(base, self.cookies, self.timeout)

    def request(self, method: str, path: str, data: bytes | None = None, **headers) -> Answer:
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with _OPENER.open(req, timeout=self.timeout) as response:
                answer = Answer(response.status, response.read(), dict(response.headers))
                raw = response.headers.get_all("Set-Cookie") or []
        except urllib.error.HTTPError as error:
            answer = Answer(error.code, error.read(), dict(error.headers))
            raw = error.headers.get_all("Set-Cookie") or []
        for line in raw:
            for name, morsel in http.cookies.SimpleCookie(line).items():
                self.cookies[name] = morsel.value
        return answer

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post_json(self, path: str, body: dict, key: str | None = None) -> Answer:
        return self.request(
            "POST",
            path,
            json.dumps(body).encode(),
            **{
                "Content-Type": "application/json",
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
                "Idempotency-Key": key or uuid.uuid4().hex,
            },
        )

    def sign_in(self, username: str, password: str) -> None:
        """Through the sign-in page, as a person does: its CSRF token, then the form."""
        page = self.get("/accounts/login/")
        assert page.status == 200
        marker = b'name="csrfmiddlewaretoken" value="'
        start = page.body.index(marker) + len(marker)
        token = page.body[start : page.body.index(b'"', start)].decode()
        form = urllib.parse.urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": token}
        ).encode()
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        answer = self.request("POST", "/accounts/login/", form, **kind)
        assert answer.status == 302, answer.body[:500]
        assert "sessionid" in self.cookies


@pytest.fixture(scope="session")
def host_browser(site_env) -> Browser:
    """The host, signed in once; the session lives in the database, so any process knows it."""
    with gunicorn(site_env, workers=1) as server:
        browser = Browser(server.base)
        browser.sign_in(HOST_NAME, HOST_PASSWORD)
    return browser


def new_night(host: Browser, players: int) -> tuple[int, list[int]]:
    """A group, a night with one-chip whites, and `players` seats, through the API."""
    group = host.post_json("/api/nights/groups/", {"name": "Serving regulars"})
    assert group.status == 201, group.body
    night = host.post_json(
        "/api/nights/",
        {
            "group": group.json()["id"],
            "name": "Served night",
            "chips": [{"name": "white", "value": "1"}],
        },
    )
    assert night.status == 201, night.body
    night_id = night.json()["id"]
    seats = []
    for n in range(players):
        seat = host.post_json(f"/api/nights/{night_id}/seats/", {"name": f"Player {n + 1}"})
        assert seat.status == 201, seat.body
        seats.append(seat.json()["id"])
    return night_id, seats


# --- The journal, read straight from the database ----------------------------------------------


def journal_audit(database_url: str, night_id: int) -> dict:
    """The night's journal checked row by row; returns what the test compares.

    No posting without entries or out of balance (a half-posted write would be
    one), the whole journal summing to zero, every idempotency key's stored
    answer naming a posting that exists, and each stack replayed from its entries.
    """
    with psycopg.connect(database_url) as conn:
        unbalanced = conn.execute(
            """
            SELECT p.id, count(e.id), coalesce(sum(e.amount), 0)
            FROM ledger_posting p LEFT JOIN ledger_entry e ON e.posting_id = p.id
            WHERE p.night_id = %s GROUP BY p.id
            HAVING count(e.id) < 2 OR coalesce(sum(e.amount), 0) <> 0
            """,
            [night_id],
        ).fetchall()
        total = conn.execute(
            """SELECT coalesce(sum(e.amount), 0) FROM ledger_entry e
               JOIN ledger_posting p ON p.id = e.posting_id WHERE p.night_id = %s""",
            [night_id],
        ).fetchone()[0]
        kinds = dict(
            conn.execute(
                "SELECT kind, count(*) FROM ledger_posting WHERE night_id = %s GROUP BY kind",
                [night_id],
            ).fetchall()
        )
        stacks = dict(
            conn.execute(
                """SELECT a.seat_id, sum(e.amount) FROM ledger_entry e
                   JOIN ledger_account a ON a.id = e.account_id
                   WHERE a.night_id = %s AND a.kind = 'stack' GROUP BY a.seat_id""",
                [night_id],
            ).fetchall()
        )
        answers = conn.execute(
            "SELECT key, result FROM ledger_writerequest WHERE night_id = %s", [night_id]
        ).fetchall()
        posting_ids = {
            row[0]
            for row in conn.execute(
                "SELECT id FROM ledger_posting WHERE night_id = %s", [night_id]
            ).fetchall()
        }
    answered = {}
    for key, result in answers:
        posting = (result.get("body") or {}).get("posting")
        if posting:
            assert posting["id"] in posting_ids, f"key {key} answers a posting that is not there"
            answered[key] = posting["id"]
    return {
        "unbalanced": unbalanced,
        "total": total,
        "kinds": kinds,
        "stacks": {int(k): int(v) for k, v in stacks.items()},
        "answered": answered,
    }


def table_stacks(browser: Browser, night_id: int) -> dict[int, int]:
    """Each seat's stack as the table (GET /api/nights/<n>/) shows it."""
    answer = browser.get(f"/api/nights/{night_id}/")
    assert answer.status == 200, answer.body[:300]
    return {seat["id"]: seat["stack"] for seat in answer.json()["seats"]}
