"""A load run: many tables, every phone polling, on gunicorn and PostgreSQL.

A throwaway PostgreSQL database is made next to DATABASE_URL's (or the local
one `sh tests/services.sh postgres` prepares) and dropped afterwards; the site
runs under gunicorn with `bench.settings`, DEBUG off. Each table is a night of
8 seats with deep stacks and 8 phones, one per seat, each holding its seat by
its own session (as a phone that opened its join link does). Every phone
polls its table (`/nights/<id>/poll/`) every 2 s with the ETag its last
answer gave, so an unchanged table answers 304; every table makes one write
every 3 s through the JSON API as the host (session cookie and CSRF token,
a fresh Idempotency-Key each): the hand, antes, each round, each player's
action (a bet and 7 calls, then 8 checks) and the award, over and over.
Threads, stdlib only; each request opens its own connection (gunicorn
closes an idle keep-alive connection after 2 s, as long as a phone waits);
the load generator runs on the same machine as the server, so its own CPU
counts in the latencies.

Prints request counts, errors (target 0) and p50/p95/max latency for polls
(304 and 200 apart) and for writes (actions apart). Figures, not a test:
always exits 0.
usage: python bench/load_run.py [--seconds 60] [--tables 50] [--phones 8]
                                [--workers 2] [--threads 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import GUNICORN, PYTHON, ROOT, _env, _manage, free_port
from bench.write_floor import pg_create, pg_drop

POLL_EVERY = 2.0
WRITE_EVERY = 3.0
DEEP = 10**9

# Run with `manage.py shell`: the nights, their seats and one session per phone.
SET_UP = """
import json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from ledger import actors, services
from ledger.models import Person

host = get_user_model().objects.create_user(username="load-host", password="unused-9-chips")
group = services.group_create(host=host, name="Load")
people = [Person.objects.create(group=group, name=f"Player {i}") for i in range(PHONES)]
tables = []
for t in range(TABLES):
    night = services.night_create(host=host, group=group, name=f"Table {t}", chips=[("w", "0.05")])
    phones = []
    for person in people:
        seat = services.seat_add(night=night, person=person)
        services.buy_in(night=night, seat=seat, chips=DEEP, recorded_by="load")
        session = SessionStore()
        session[actors.SESSION_SEATS] = {str(night.pk): seat.pk}
        session.create()
        services.join_link_claim(token=seat.join_token, session_key=session.session_key)
        phones.append(session.session_key)
    tables.append({"night": night.pk, "phones": phones})
client = Client()
client.force_login(host)
print(json.dumps({"session": client.cookies["sessionid"].value, "tables": tables}))
"""


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: list[str] = []

    def ok(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)

    def error(self, kind: str, what: str) -> None:
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            if len(self.samples) < 5:
                self.samples.append(f"{kind}: {what}")


def phone(port: int, night: int, session: str, stop: float, stats: Stats) -> None:
    """Poll the table every 2 s with the last ETag; 304 when nothing changed."""
    tag = ""
    next_at = time.monotonic() + random.uniform(0, POLL_EVERY)
    while True:
        time.sleep(max(0.0, next_at - time.monotonic()))
        if time.monotonic() >= stop:
            break
        next_at += POLL_EVERY
        headers = {"Cookie": f"sessionid={session}", "Accept-Encoding": "gzip"}
        if tag:
            headers["If-None-Match"] = tag
        began = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", f"/nights/{night}/poll/", headers=headers)
            response = conn.getresponse()
            response.read()
            took = time.perf_counter() - began
            if response.status in (200, 304):
                stats.ok(f"poll {response.status}", took)
                tag = response.getheader("ETag") or tag
            else:
                stats.error("poll", f"{response.status}")
        except (OSError, http.client.HTTPException) as exc:
            stats.error("poll", repr(exc))
        finally:
            conn.close()


class Host:
    """One table's writes as the host, one at a time, hand after hand."""

    def __init__(self, port: int, session: str, night: int, stats: Stats) -> None:
        self.port = port
        self.night = night
        self.stats = stats
        csrf = secrets.token_hex(16)
        self.headers = {
            "Cookie": f"sessionid={session}; csrftoken={csrf}",
            "X-CSRFToken": csrf,
            "Content-Type": "application/json",
        }

    def post(self, kind: str, path: str, body: dict) -> dict:
        headers = {**self.headers, "Idempotency-Key": str(uuid.uuid4())}
        began = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("POST", f"/api/nights/{self.night}/{path}", json.dumps(body), headers)
            response = conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.stats.error(kind, repr(exc))
            raise
        finally:
            conn.close()
        took = time.perf_counter() - began
        if response.status != 201:
            self.stats.error(kind, f"{path}: {response.status} {data[:200]!r}")
            raise RuntimeError(f"{path}: {response.status}")
        self.stats.ok(kind, took)
        return json.loads(data)

    def writes(self):
        """Each step of a hand is one write; yield after each."""
        while True:
            hand = self.post("hand", "hands/", {})
            yield
            number = hand["number"]
            self.post("antes", f"hands/{number}/antes/", {})
            yield
            for round_no in (1, 2):
                hand = self.post("round", f"hands/{number}/rounds/", {})["hand"]
                yield
                while hand["betting_open"]:
                    r = hand["round"]
                    if r["to_call"]:
                        body = {"seat": r["turn"], "action": "call"}
                    elif round_no == 1:
                        body = {"seat": r["turn"], "action": "bet", "amount": 4}
                    else:
                        body = {"seat": r["turn"], "action": "check"}
                    hand = self.post("action", f"hands/{number}/actions/", body)["hand"]
                    yield
            winners = [[pot["eligible"][0]] for pot in hand["pots"]]
            self.post("award", f"hands/{number}/award/", {"winners": winners})
            yield


def host(port: int, session: str, night: int, stop: float, stats: Stats) -> None:
    next_at = time.monotonic() + random.uniform(0, WRITE_EVERY)
    while time.monotonic() < stop:
        steps = Host(port, session, night, stats).writes()
        try:
            while True:
                time.sleep(max(0.0, next_at - time.monotonic()))
                if time.monotonic() >= stop:
                    return
                next_at += WRITE_EVERY
                next(steps)
        except Exception:  # counted already; start the next hand on a fresh connection
            continue


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"p50 {statistics.median(ordered) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms   "
        f"max {ordered[-1] * 1000:6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=8, help="phones (seats) per table")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="homegame-bench-load-") as name:
        tmp = Path(name)
        (tmp / "static").mkdir()
        env = _env(tmp)
        env["DATABASE_URL"], pg_name = pg_create()
        server = None
        try:
            began = time.monotonic()
            _manage(env, "migrate", "--noinput", "--verbosity", "0")
            code = (
                SET_UP.replace("TABLES", str(args.tables))
                .replace("PHONES", str(args.phones))
                .replace("DEEP", str(DEEP))
            )
            out = subprocess.run(
                [PYTHON, "manage.py", "shell", "--no-imports", "-c", code],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            setup = json.loads(out.strip().splitlines()[-1])
            print(f"set up {args.tables} tables in {time.monotonic() - began:.0f} s")
            port = free_port()
            cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
            cmd += ["--workers", str(args.workers), "--log-level", "warning"]
            if args.threads > 1:
                cmd += ["--worker-class", "gthread", "--threads", str(args.threads)]
            server = subprocess.Popen(cmd, cwd=ROOT, env=env)
            _wait(port, server)
            run(port, setup, args)
        finally:
            if server is not None:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
            pg_drop(pg_name)
    return 0


def _wait(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/bench/baseline/")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("gunicorn did not start") from None
            time.sleep(0.2)


def run(port: int, setup: dict, args) -> None:
    stats = Stats()
    stop = time.monotonic() + args.seconds
    threads = []
    for table in setup["tables"]:
        threads.append(
            threading.Thread(
                target=host, args=(port, setup["session"], table["night"], stop, stats)
            )
        )
        for session in table["phones"]:
            threads.append(
                threading.Thread(target=phone, args=(port, table["night"], session, stop, stats))
            )
    print(
        f"gunicorn {args.workers} worker(s) x {args.threads} threads, PostgreSQL, "
        f"{args.tables} tables x {args.phones} phones, polls every {POLL_EVERY:g} s, "
        f"a write per table every {WRITE_EVERY:g} s, {args.seconds:g} s"
    )
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lat = stats.latencies
    polls = lat.get("poll 304", []) + lat.get("poll 200", [])
    writes = [v for kind, values in lat.items() if not kind.startswith("poll") for v in values]
    errors = sum(stats.errors.values())
    wall = args.seconds  # the threads stop at the same moment; rates are over the run
    print(f"\nran {wall:.0f} s: {len(polls) + len(writes)} requests, {errors} errors")
    print(
        f"polls   {len(polls):6d} ({len(polls) / wall:5.1f}/s)  {percentiles(polls)}"
        f"   errors {stats.errors.get('poll', 0)}"
    )
    for kind in ("poll 304", "poll 200"):
        print(f"  {kind} {len(lat.get(kind, [])):6d}            {percentiles(lat.get(kind, []))}")
    write_errors = sum(n for kind, n in stats.errors.items() if kind != "poll")
    print(
        f"writes  {len(writes):6d} ({len(writes) / wall:5.1f}/s)  {percentiles(writes)}"
        f"   errors {write_errors}"
    )
    actions = lat.get("action", [])
    print(f"  actions  {len(actions):6d}            {percentiles(actions)}")
    if stats.samples:
        print("first errors:", *stats.samples, sep="\n  ")
    print(f"{'PASS' if errors == 0 else 'MISS'}  0 errors ({errors})")


if __name__ == "__main__":
    sys.exit(main())
