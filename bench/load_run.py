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
action (a bet and 7 calls, then 8 checks) and the award, over and over
(the set-up and the hand are bench/table_script.py's).
Threads, stdlib only; each request opens its own connection (gunicorn
closes an idle keep-alive connection after 2 s, as long as a phone waits);
the load generator runs on the same machine as the server, so its own CPU
counts in the latencies.

Prints request counts, errors (target 0) and p50/p95/max latency for polls
(304 and 200 apart) and for writes (actions apart). Figures, not a test:
always exits 0.
Latencies count the requests begun after a warm-up (15 s: every phone's
first whole table comes at once when the run starts, as it would not at a
real table); errors count from the start.
usage: python bench/load_run.py [--seconds 60] [--warmup 15] [--tables 50]
                                [--phones 8] [--workers 2] [--threads 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import secrets
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import fresh_database, serving
from bench.table_script import DEEP, hand_writes, set_up

POLL_EVERY = 2.0
WRITE_EVERY = 3.0


class Stats:
    """Latencies of the requests begun in the timed window; errors from the start."""

    def __init__(self, counted_from: float = 0.0) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: list[str] = []
        self.counted_from = counted_from

    def ok(self, kind: str, seconds: float) -> None:
        if time.monotonic() - seconds < self.counted_from:
            return  # begun in the warm-up: every phone's first whole table, the first hands
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

    def post(self, kind: str, path: str, body: dict, seat: int | None = None) -> dict:
        """One write as the host (who acts for every seat, `seat` or not)."""
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
            yield from hand_writes(self.post)


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
    parser.add_argument(
        "--warmup", type=float, default=15.0, help="seconds played first, latencies not counted"
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=8, help="phones (seats) per table")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    args = parser.parse_args()

    began = time.monotonic()
    with fresh_database("homegame-bench-load-", postgres=True) as env:
        setup = set_up(env, "phone_tables", tables=args.tables, phones=args.phones, deep=DEEP)
        print(f"set up {args.tables} tables in {time.monotonic() - began:.0f} s")
        with serving(env, args.workers, args.threads) as port:
            run(port, setup, args)
    return 0


def run(port: int, setup: dict, args) -> None:
    counted_from = time.monotonic() + args.warmup
    stats = Stats(counted_from)
    stop = counted_from + args.seconds
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
        f"a write per table every {WRITE_EVERY:g} s, {args.seconds:g} s timed "
        f"after {args.warmup:g} s of warm-up"
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
