"""Recording a betting action: requests per second beside a bare Django view; queries per request.

Part 1, throughput. The site runs as in throughput.py (gunicorn, DEBUG off, a
fresh SQLite file, `bench.settings` with /bench/baseline/), started with
bench/server.py's pieces; the tables and the hand are bench/table_script.py's.
Each client is one table: its own night of 4
seats with deep stacks, played hand after hand through the JSON API on one
keep-alive connection: start the hand, antes and each betting round as the
host (session cookie and CSRF token), and every action as the acting player
from their own phone (the seat's join token), each write with its own
Idempotency-Key. A hand is 13 writes, 8 of them actions (bet, call, call,
call; check x4). Runs of that alternate with runs of GET /bench/baseline/,
several rounds. The action rate is clients / mean action latency (Little's
law: what the server would do if every request were an action; the hand's
other writes run beside them at the same time); the measured rate of all the
hand's writes is printed too. Target: action/baseline >= 0.25.

Part 2, queries. In this process, on its own SQLite file, nights grown to
about 10, 100 and 1000 postings (whole hands through the services), then one
more hand whose actions are posted through the API with Django's test client
under CaptureQueriesContext. The count must not grow with the night.

Figures, not a test: always exits 0.
usage: python bench/record_action.py [--rounds 3] [--seconds 3] [--clients 4] [--threads 4]
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import BASELINE, django_in_process, fresh_database, serving
from bench.table_script import (
    SIZES,
    action_path,
    grow,
    host_and_group,
    keyed_night,
    play,
    seat_post,
    service_hand,
    set_up,
)
from bench.throughput import hammer

TARGET_RATIO = 0.25


# Part 1: over HTTP


def throughput(args) -> None:
    print(
        f"Part 1: gunicorn 1 worker x {args.threads} thread(s), DEBUG off, SQLite file, "
        f"{args.clients} keep-alive clients (one table each), {args.seconds:g} s runs, "
        f"{args.rounds} rounds"
    )
    with fresh_database() as env:
        setup = set_up(env, "keyed_tables", tables=args.clients)
        with serving(env, threads=args.threads) as port:
            hammer("127.0.0.1", port, BASELINE, 0.5, args.clients)  # warm up
            play(port, setup, 0.5)
            base_rates, action_rates, write_rates = [], [], []
            for round_no in range(1, args.rounds + 1):
                base, base_errors = hammer("127.0.0.1", port, BASELINE, args.seconds, args.clients)
                latencies, wall, errors = play(port, setup, args.seconds)
                actions = latencies.get("action", [])
                action_rate = args.clients / statistics.mean(actions) if actions else 0.0
                writes = sum(len(v) for v in latencies.values())
                base_rates.append(base)
                action_rates.append(action_rate)
                write_rates.append(writes / wall)
                print(
                    f"round {round_no}: baseline {base:7.0f} req/s"
                    + (f" ({base_errors} errors)" if base_errors else "")
                    + f"   action {action_rate:6.0f} req/s"
                    f" (mean {statistics.mean(actions) * 1000:.1f} ms, {len(actions)} actions)"
                    f"   all hand writes {writes / wall:6.0f} req/s"
                    + (f" ({errors} errors)" if errors else "")
                )
            kinds = ", ".join(
                f"{kind} {statistics.mean(v) * 1000:.1f} ms"
                for kind, v in sorted(latencies.items())
            )
            print(f"mean latency in the last round by write: {kinds}")
    baseline, action = statistics.median(base_rates), statistics.median(action_rates)
    ratio = action / baseline if baseline else 0.0
    print(f"\nmedian baseline {baseline:8.0f} req/s")
    print(
        f"median action   {action:8.0f} req/s"
        f"   (all hand writes {statistics.median(write_rates):.0f} req/s)"
    )
    verdict = "PASS" if ratio >= TARGET_RATIO else "MISS"
    print(f"{verdict}  action/baseline ratio {ratio:.2f}  (target >= {TARGET_RATIO})")


# Part 2: queries per request, in this process


def queries(args) -> None:
    folder = tempfile.mkdtemp(prefix="homegame-bench-queries-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # Django holds the file open
    django_in_process(folder, "queries.sqlite3")
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    host, group = host_and_group("Queries")
    print(f"\nPart 2: queries per action request (API, test client, SQLite), night sizes {SIZES}")
    print(
        f"{'postings':>8}  {'bet':>4} {'call':>5} {'call':>5} {'call':>5}  {'check x4':>11}"
        f"  {'median ms':>9}"
    )
    counts = []
    for size in SIZES:
        night, seats, keys = keyed_night(host, group, f"{size}")
        size_now = grow(night, seats, size)
        client = Client()
        row, took = [], []

        def counted(hand, seat, body, client=client, keys=keys, row=row, took=took):
            connection.queries_log.clear()  # it keeps 9000 queries, then drops the oldest
            began = time.perf_counter()
            with CaptureQueriesContext(connection) as captured:
                response = seat_post(client, action_path(hand), body, keys[seat])
            took.append(time.perf_counter() - began)
            assert response.status_code == 201, response.content[:300]
            row.append(len(captured))

        service_hand(night, seats, counted)
        counts.append(row)
        checks = "/".join(str(n) for n in row[4:])
        print(
            f"{size_now:>8}  {row[0]:>4} {row[1]:>5} {row[2]:>5} {row[3]:>5}  {checks:>11}"
            f"  {statistics.median(took) * 1000:>9.1f}"
        )
    constant = all(row == counts[0] for row in counts)
    print(
        ("PASS" if constant else "MISS")
        + "  queries per action "
        + ("the same at every night size" if constant else "change with the night's size")
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each run")
    parser.add_argument("--clients", type=int, default=4, help="tables playing at once")
    parser.add_argument("--threads", type=int, default=4, help="gthread threads per worker")
    parser.add_argument("--skip-http", action="store_true", help="only count queries")
    args = parser.parse_args()
    if not args.skip_http:
        throughput(args)
    queries(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
