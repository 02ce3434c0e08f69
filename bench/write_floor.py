"""A table action beside the write floor, on SQLite and on PostgreSQL, in one run.

The write floor (bench/floor.py, `POST /bench/floor/<night>/`) authenticates
as a table action does, runs through the same `journal.once` shell (one
transaction, the night locked, the idempotency key looked up and stored) and
books one balanced 1-chip posting through `journal.post`: the cheapest honest
durable write. The action is what bench/record_action.py measures: a bet,
call or check posted through the API by the acting seat's phone (its seat
key), each with its own Idempotency-Key. For each database, on a fresh
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
    clients, one table each, play hands (record_action.py's clients) in runs
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
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.record_action import DEEP, SEATS, SIZES, play, start
from bench.server import PYTHON, ROOT, _env, _manage

DEFAULT_PG = "postgres://homegame:homegame@127.0.0.1:5432/homegame"
TARGET_MEDIAN = 2.0
TARGET_STATEMENTS = 8
TARGET_RATIO = 0.5
TARGET_POLL = 1
NOT_DATA = ("BEGIN", "SAVEPOINT", "RELEASE", "COMMIT", "ROLLBACK")


# --- Databases ------------------------------------------------------------------------------


def pg_base() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_PG


def pg_create() -> tuple[str, str]:
    import psycopg

    base = pg_base()
    name = "homegame_bench_" + secrets.token_hex(4)
    with psycopg.connect(_plain(base), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path="/" + name)), name


def pg_drop(name: str) -> None:
    import psycopg

    with psycopg.connect(_plain(pg_base()), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _plain(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]


# --- (a), (b), (d): in a child process, one database ---------------------------------------


def child(hands_timed: int) -> dict:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.record_action import _service_hand
    from ledger import hands, services
    from ledger.models import Person, Posting

    host = get_user_model().objects.create_user(username="floor-host", password="unused-9-chips")
    group = services.group_create(host=host, name="Floor")
    client = Client()

    def new_night(name: str):
        night = services.night_create(host=host, group=group, name=name, chips=[("w", "0.05")])
        seats = [
            services.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
            for i in range(SEATS)
        ]
        for seat in seats:
            services.buy_in(night=night, seat=seat, chips=DEEP, recorded_by="bench")
        keys = {s.pk: services.join_link_claim_key(token=s.join_token)[1] for s in seats}
        return night, seats, keys

    def action(night, hand, seat, body, keys):
        return client.post(
            f"/api/nights/{night.pk}/hands/{hand.number}/actions/",
            body,
            content_type="application/json",
            HTTP_X_HOMEGAME_SEAT=keys[seat],
            HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
        )

    def floor(night, seat, keys):
        return client.post(
            f"/bench/floor/{night.pk}/",
            {},
            content_type="application/json",
            HTTP_X_HOMEGAME_SEAT=keys[seat],
            HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
        )

    def hand_of_actions(night, seats, keys, each):
        """One hand through the services but its 8 actions, which go through `each`."""
        hand = hands.hand_start(
            night=night, players=seats, dealer=hands.next_dealer(night), recorded_by="b"
        )
        hands.collect_antes(hand=hand, recorded_by="b")
        for round_no in (1, 2):
            hands.round_start(hand=hand, recorded_by="b")
            while (r := hands.state(hand).round) is not None and r.turn is not None:
                seat = r.turn
                if r.current_bet > r.committed[seat]:
                    body = {"seat": seat, "action": "call"}
                elif round_no == 1:
                    body = {"seat": seat, "action": "bet", "amount": 4}
                else:
                    body = {"seat": seat, "action": "check"}
                each(hand, seat, body)
        built = hands.showdown_pots(hand)
        hands.award(hand=hand, winners=[[min(p.eligible)] for p in built], recorded_by="b")

    def data(captured) -> list[str]:
        return [
            q["sql"]
            for q in captured.captured_queries
            if not q["sql"].lstrip().upper().startswith(NOT_DATA)
        ]

    # (a) median µs, action and floor interleaved: a hand's 8 actions, then 8 floors.
    night, seats, keys = new_night("timed")
    took: dict[str, list[float]] = {"action": [], "floor": []}

    def timed(hand, seat, body):
        began = time.perf_counter()
        response = action(night, hand, seat, body, keys)
        took["action"].append(time.perf_counter() - began)
        assert response.status_code == 201, response.content[:300]
        began = time.perf_counter()
        response = floor(night, seat, keys)
        took["floor"].append(time.perf_counter() - began)
        assert response.status_code == 201, response.content[:300]

    for _ in range(2):  # warm up: imports, caches, the first connection
        hand_of_actions(night, seats, keys, timed)
    took = {"action": [], "floor": []}
    for _ in range(hands_timed):
        hand_of_actions(night, seats, keys, timed)

    # (b) data statements per action at each night size, and per floor.
    sizes = []
    for size in SIZES:
        night, seats, keys = new_night(f"size {size}")
        while Posting.objects.filter(night=night).count() + 12 < size:
            _service_hand(night, seats)
        while Posting.objects.filter(night=night).count() < size - 1:
            services.buy_in(night=night, seat=seats[0], chips=1, recorded_by="bench")
        postings = Posting.objects.filter(night=night).count() + 1  # the coming antes
        row, total, sql = [], [], []

        def counted(hand, seat, body, row=row, total=total, sql=sql, night=night, keys=keys):
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as captured:
                response = action(night, hand, seat, body, keys)
            assert response.status_code == 201, response.content[:300]
            row.append(len(data(captured)))
            total.append(len(captured))
            sql.append(data(captured))

        hand_of_actions(night, seats, keys, counted)
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
    server, port, setup = start(env, args.clients, args.threads)
    clients = len(setup["tables"])
    try:
        floor_run(port, setup, 0.5)  # warm up
        play(port, setup, 0.5)
        action_rates, floor_rates, lines = [], [], []
        for round_no in range(1, args.rounds + 1):
            floors, floor_errors = floor_run(port, setup, args.seconds)
            latencies, _, errors = play(port, setup, args.seconds)
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
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return {
        "floor_rate": statistics.median(floor_rates),
        "action_rate": statistics.median(action_rates),
        "lines": lines,
    }


# --- One database, then the report ----------------------------------------------------------


def measure(backend: str, args) -> dict:
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="homegame-bench-floor-") as name:
        tmp = Path(name)
        (tmp / "static").mkdir()  # no collectstatic: the API and the poll serve no static files
        env = _env(tmp)
        pg_name = None
        if backend == "postgres":
            env["DATABASE_URL"], pg_name = pg_create()
        try:
            _manage(env, "migrate", "--noinput", "--verbosity", "0")
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
        finally:
            if pg_name:
                pg_drop(pg_name)
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
