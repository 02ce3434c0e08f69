"""A table action beside the write floor, on SQLite and on PostgreSQL, in one run.

The write floor (bench/floor.py, `POST /bench/floor/<night>/`) authenticates
as a table action does, runs through the same `journal.once` shell (one
transaction, the night locked, the idempotency key looked up and stored) and
books one balanced 1-chip posting through `journal.post`: the cheapest honest
durable write. The action is what bench/record_action.py measures: a bet,
call or check posted through the API by the acting seat's phone (its seat
key), each with its own Idempotency-Key (the nights, seat keys and hands are
bench/table_script.py's). For each database, on a fresh
database (a temporary SQLite file; a throwaway PostgreSQL database made next
to DATABASE_URL's, dropped afterwards):

(a) in process (Django's test client, `bench.settings`): median µs per call
    of the action and of the floor, interleaved hand by hand; target: the
    action's median at most 2x the floor's;
(b) data statements per call (CaptureQueriesContext, not counting BEGIN,
    SAVEPOINT, RELEASE, COMMIT or ROLLBACK) for the 8 actions of a hand on
    nights of about 10, 100 and 1000 earlier postings, and for the floor;
    target: at most 8 per action, the same at every size;
(c) under gunicorn (1 worker x 4 gthread threads, DEBUG off): 4 keep-alive
    clients, one table each, play hands (the clients record_action.py uses) in runs
    that alternate with runs of the floor; rates are clients / mean latency;
    target: action/floor at least 0.5;
(d) an idle table poll (`/nights/<id>/poll/` with the ETag it was given):
    queries for the 304; target at most 1.

Figures, not a test: always exits 0. About 2-3 minutes.
usage: python bench/write_floor.py [--rounds 2] [--seconds 3] [--hands 12] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import table_script as script
from bench.server import PYTHON, ROOT, fresh_database, serving

TARGET_MEDIAN = 2.0
TARGET_STATEMENTS = 8
TARGET_RATIO = 0.5
TARGET_POLL = 1
NOT_DATA = ("BEGIN", "SAVEPOINT", "RELEASE", "COMMIT", "ROLLBACK")


# --- (a), (b), (d): in a child process, one database ---------------------------------------


def child(hands_timed: int) -> dict:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    host, group = script.host_and_group("Floor")
    client = Client()

    def action(hand, seat, body, keys):
        return script.seat_post(client, script.action_path(hand), body, keys[seat])

    def floor(night, seat, keys):
        return script.seat_post(client, f"/bench/floor/{night.pk}/", {}, keys[seat])

    def data(captured) -> list[str]:
        return [
            q["sql"]
            for q in captured.captured_queries
            if not q["sql"].lstrip().upper().startswith(NOT_DATA)
        ]

    # (a) median µs, action and floor interleaved: a hand's 8 actions, then 8 floors.
    night, seats, keys = script.keyed_night(host, group, "timed")
    took: dict[str, list[float]] = {"action": [], "floor": []}

    def timed(hand, seat, body):
        began = time.perf_counter()
        response = action(hand, seat, body, keys)
        took["action"].append(time.perf_counter() - began)
        assert response.status_code == 201, response.content[:300]
        began = time.perf_counter()
        response = floor(night, seat, keys)
        took["floor"].append(time.perf_counter() - began)
        assert response.status_code == 201, response.content[:300]

    for _ in range(2):  # warm up: imports, caches, the first connection
        script.service_hand(night, seats, timed)
    took = {"action": [], "floor": []}
    for _ in range(hands_timed):
        script.service_hand(night, seats, timed)

    # (b) data statements per action at each night size, and per floor.
    sizes = []
    for size in script.SIZES:
        night, seats, keys = script.keyed_night(host, group, f"size {size}")
        postings = script.grow(night, seats, size)
        row, total, sql = [], [], []

        def counted(hand, seat, body, row=row, total=total, sql=sql, keys=keys):
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as captured:
                response = action(hand, seat, body, keys)
            assert response.status_code == 201, response.content[:300]
            row.append(len(data(captured)))
            total.append(len(captured))
            sql.append(data(captured))

        script.service_hand(night, seats, counted)
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            response = floor(night, seats[0].pk, keys)
        assert response.status_code == 201, response.content[:300]
        sizes.append(
            {
                "postings": postings,
                "actions": row,
                "actions_all": total,
                "floor": len(data(captured)),
                "floor_all": len(captured),
                "action_sql": sql[0],
                "floor_sql": data(captured),
            }
        )

    # (d) the idle poll: the host's first poll gives the ETag, the next answers 304.
    client.force_login(host)
    url = f"/nights/{night.pk}/poll/"
    first = client.get(url)
    tag = first["ETag"]
    polls, poll_took = [], []
    for _ in range(30):
        connection.queries_log.clear()
        began = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, HTTP_IF_NONE_MATCH=tag)
        poll_took.append(time.perf_counter() - began)
        polls.append((response.status_code, len(data(captured))))
    return {
        "action_us": statistics.median(took["action"]) * 1e6,
        "floor_us": statistics.median(took["floor"]) * 1e6,
        "timed": len(took["action"]),
        "sizes": sizes,
        "poll_first": first.status_code,
        "poll_status": polls[-1][0],
        "poll_queries": max(n for _, n in polls),
        "poll_us": statistics.median(poll_took) * 1e6,
        "poll_sql": data(captured),
    }


# --- (c): under gunicorn --------------------------------------------------------------------


def floor_run(port: int, setup: dict, seconds: float) -> tuple[list[float], int]:
    """Each client posts floors to its own night with one of its seat keys; latencies, errors."""
    stop = time.monotonic() + seconds
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def client(table: dict) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        key = next(iter(table["keys"].values()))
        mine = []
        while time.monotonic() < stop:
            headers = {
                "Content-Type": "application/json",
                "X-Homegame-Seat": key,
                "Idempotency-Key": str(uuid.uuid4()),
            }
            began = time.perf_counter()
            try:
                conn.request("POST", f"/bench/floor/{table['night']}/", "{}", headers)
                response = conn.getresponse()
                response.read()
                mine.append(time.perf_counter() - began)
                if response.status != 201:
                    with lock:
                        errors[0] += 1
            except (OSError, http.client.HTTPException):
                with lock:
                    errors[0] += 1
                conn.close()
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(t,)) for t in setup["tables"]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors[0]


def over_http(env: dict, args) -> dict:
    setup = script.set_up(env, "keyed_tables", tables=args.clients)
    clients = len(setup["tables"])
    with serving(env, threads=args.threads) as port:
        floor_run(port, setup, 0.5)  # warm up
        script.play(port, setup, 0.5)
        action_rates, floor_rates, lines = [], [], []
        for round_no in range(1, args.rounds + 1):
            floors, floor_errors = floor_run(port, setup, args.seconds)
            latencies, _, errors = script.play(port, setup, args.seconds)
            actions = latencies.get("action", [])
            floor_rate = clients / statistics.mean(floors) if floors else 0.0
            action_rate = clients / statistics.mean(actions) if actions else 0.0
            floor_rates.append(floor_rate)
            action_rates.append(action_rate)
            lines.append(
                f"    round {round_no}: floor {floor_rate:6.0f}/s "
                f"(mean {statistics.mean(floors) * 1000:.1f} ms, {len(floors)} calls"
                + (f", {floor_errors} errors" if floor_errors else "")
                + f")   action {action_rate:6.0f}/s "
                f"(mean {statistics.mean(actions) * 1000:.1f} ms, {len(actions)} calls"
                + (f", {errors} errors" if errors else "")
                + ")"
            )
    return {
        "floor_rate": statistics.median(floor_rates),
        "action_rate": statistics.median(action_rates),
        "lines": lines,
    }


# --- One database, then the report ----------------------------------------------------------


def measure(backend: str, args) -> dict:
    began = time.monotonic()
    with fresh_database("homegame-bench-floor-", postgres=backend == "postgres") as env:
        child_env = {**env, "DJANGO_ALLOWED_HOSTS": "testserver"}
        done = subprocess.run(
            [PYTHON, __file__, "--child", "--hands", str(args.hands)],
            cwd=ROOT,
            env=child_env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(done.stderr[-2000:])
        result = json.loads(done.stdout.strip().splitlines()[-1])
        result.update(over_http(env, args))
    result["seconds"] = time.monotonic() - began
    return result


def report(backend: str, r: dict, verbose: bool) -> None:
    print(f"\n== {backend} ({r['seconds']:.0f} s)")
    ratio = r["action_us"] / r["floor_us"]
    print(
        f"(a) in process, median of {r['timed']} each: action {r['action_us']:7.0f} µs, "
        f"floor {r['floor_us']:6.0f} µs, action/floor {ratio:.1f}x"
    )
    print(f"    {verdict(ratio <= TARGET_MEDIAN)}  median at most {TARGET_MEDIAN:g}x the floor's")
    print(
        "(b) data statements per call (all statements in brackets), "
        "bet call call call / check x4, and the floor:"
    )
    worst, rows = 0, []
    for s in r["sizes"]:
        a = s["actions"]
        print(
            f"    {s['postings']:>5} postings: {' '.join(map(str, a[:4]))} / "
            f"{' '.join(map(str, a[4:]))}   [{' '.join(map(str, s['actions_all']))}]"
            f"   floor {s['floor']} [{s['floor_all']}]"
        )
        worst = max(worst, *a)
        rows.append(a)
    same = all(row == rows[0] for row in rows)
    print(
        f"    {verdict(worst <= TARGET_STATEMENTS and same)}  at most {TARGET_STATEMENTS} per "
        f"action (most {worst}), the same at every size ({'yes' if same else 'no'})"
    )
    if verbose:
        print("    a bet's statements:")
        for sql in r["sizes"][0]["action_sql"]:
            print("      " + sql[:160])
        print("    the floor's statements:")
        for sql in r["sizes"][0]["floor_sql"]:
            print("      " + sql[:160])
    print("(c) under gunicorn, rate = clients / mean latency:")
    for line in r["lines"]:
        print(line)
    ratio = r["action_rate"] / r["floor_rate"] if r["floor_rate"] else 0.0
    print(
        f"    median floor {r['floor_rate']:.0f}/s, action {r['action_rate']:.0f}/s, "
        f"action/floor {ratio:.2f}"
    )
    print(f"    {verdict(ratio >= TARGET_RATIO)}  action/floor at least {TARGET_RATIO}")
    print(
        f"(d) idle poll: {r['poll_first']} then {r['poll_status']}, {r['poll_queries']} "
        f"quer{'y' if r['poll_queries'] == 1 else 'ies'}, median {r['poll_us']:.0f} µs"
    )
    ok = r["poll_status"] == 304 and r["poll_queries"] <= TARGET_POLL
    print(f"    {verdict(ok)}  a 304 with at most {TARGET_POLL} query")
    if verbose:
        for sql in r["poll_sql"]:
            print("      " + sql[:300])


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each HTTP run")
    parser.add_argument("--clients", type=int, default=4, help="tables over HTTP")
    parser.add_argument("--threads", type=int, default=4, help="gthread threads per worker")
    parser.add_argument("--hands", type=int, default=12, help="timed hands in process")
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    parser.add_argument("-v", "--verbose", action="store_true", help="print the SQL")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.hands)))
        return 0
    print(
        f"Table action vs write floor; gunicorn 1 worker x {args.threads} threads, "
        f"{args.clients} clients, {args.rounds} rounds of {args.seconds:g} s"
    )
    for backend in [args.only] if args.only else ["sqlite", "postgres"]:
        try:
            report(backend, measure(backend, args), args.verbose)
        except Exception as exc:  # figures, not a test: say what failed and go on
            print(f"\n== {backend}: could not measure: {exc!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
