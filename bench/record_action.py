"""Recording a betting action: requests per second beside a bare Django view; queries per request.

Part 1, throughput. The site runs as in throughput.py (gunicorn, DEBUG off, a
fresh SQLite file, `bench.settings` with /bench/baseline/), started with
bench/server.py's pieces. Each client is one table: its own night of 4
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import GUNICORN, PYTHON, ROOT, _env, _manage, free_port
from bench.throughput import hammer

BASELINE = "/bench/baseline/"
TARGET_RATIO = 0.25
SEATS = 4
DEEP = 10**9  # chips per seat: nobody ever runs out
SIZES = (10, 100, 1000)

# Run with `manage.py shell` in the server's environment: one night per client.
SET_UP = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from ledger import services
from ledger.models import Person

host = get_user_model().objects.create_user(username="bench-host", password="unused-9-chips")
group = services.group_create(host=host, name="Bench")
tables = []
for t in range(CLIENTS):
    night = services.night_create(host=host, group=group, name=f"Table {t}", chips=[("w", "0.05")])
    seats = []
    for i in range(SEATS):
        person = Person.objects.create(group=group, name=f"P{i}")
        seat = services.seat_add(night=night, person=person)
        services.buy_in(night=night, seat=seat, chips=DEEP, recorded_by="bench")
        seats.append(seat)
    # Each player's phone claims its seat once and acts with the seat key it was given.
    keys = {str(s.pk): services.join_link_claim_key(token=s.join_token)[1] for s in seats}
    tables.append({"night": night.pk, "keys": keys})
client = Client()
client.force_login(host)
print(json.dumps({"session": client.cookies["sessionid"].value, "tables": tables}))
"""


# Part 1: over HTTP


def start(env: dict, clients: int, threads: int):
    code = (
        SET_UP.replace("CLIENTS", str(clients))
        .replace("SEATS", str(SEATS))
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
    port = free_port()
    cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    cmd += ["--workers", "1", "--log-level", "warning"]
    if threads > 1:
        cmd += ["--worker-class", "gthread", "--threads", str(threads)]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env)
    deadline = time.monotonic() + 20
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", BASELINE)
            if conn.getresponse().status == 200:
                conn.close()
                break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("gunicorn did not start") from None
            time.sleep(0.2)
    return server, port, setup


class Table:
    """One client: one night, played through the API on one keep-alive connection."""

    def __init__(self, port: int, session: str, table: dict):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.night = table["night"]
        self.keys = table["keys"]
        csrf = secrets.token_hex(16)
        self.host = {"Cookie": f"sessionid={session}; csrftoken={csrf}", "X-CSRFToken": csrf}
        self.latencies: dict[str, list[float]] = {}
        self.errors = 0

    def post(self, kind: str, path: str, body: dict, headers: dict) -> dict:
        headers = {
            **headers,
            "Content-Type": "application/json",
            "Idempotency-Key": str(uuid.uuid4()),
        }
        began = time.perf_counter()
        self.conn.request("POST", f"/api/nights/{self.night}/{path}", json.dumps(body), headers)
        response = self.conn.getresponse()
        data = response.read()
        self.latencies.setdefault(kind, []).append(time.perf_counter() - began)
        if response.status != 201:
            self.errors += 1
            raise RuntimeError(f"{path}: {response.status} {data[:300]!r}")
        return json.loads(data)

    def hand(self) -> None:
        """Antes, two rounds (bet and three calls, then four checks), the award."""
        hand = self.post("hand", "hands/", {}, self.host)
        number = hand["number"]
        self.post("antes", f"hands/{number}/antes/", {}, self.host)
        for round_no in (1, 2):
            hand = self.post("round", f"hands/{number}/rounds/", {}, self.host)["hand"]
            while hand["betting_open"]:
                r = hand["round"]
                seat = r["turn"]
                if r["to_call"]:
                    body = {"seat": seat, "action": "call"}
                elif round_no == 1:
                    body = {"seat": seat, "action": "bet", "amount": 4}
                else:
                    body = {"seat": seat, "action": "check"}
                me = {"X-Homegame-Seat": self.keys[str(seat)]}
                hand = self.post("action", f"hands/{number}/actions/", body, me)["hand"]
        winners = [[pot["eligible"][0]] for pot in hand["pots"]]
        self.post("award", f"hands/{number}/award/", {"winners": winners}, self.host)


def play(port: int, setup: dict, seconds: float) -> tuple[dict[str, list[float]], float, int]:
    """Every client plays hands for `seconds`; latencies by kind, wall time, errors."""
    tables = [Table(port, setup["session"], t) for t in setup["tables"]]
    stop = time.monotonic() + seconds
    failures: list[str] = []

    def run(table: Table) -> None:
        try:
            while time.monotonic() < stop:
                table.hand()
        except Exception as exc:  # report, don't hang the run
            failures.append(repr(exc))

    threads = [threading.Thread(target=run, args=(t,)) for t in tables]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - began
    for table in tables:
        table.conn.close()
    if failures:
        print("  errors:", failures[:3])
    latencies: dict[str, list[float]] = {}
    for table in tables:
        for kind, values in table.latencies.items():
            latencies.setdefault(kind, []).extend(values)
    return latencies, wall, sum(t.errors for t in tables) + len(failures)


def throughput(args) -> None:
    print(
        f"Part 1: gunicorn 1 worker x {args.threads} thread(s), DEBUG off, SQLite file, "
        f"{args.clients} keep-alive clients (one table each), {args.seconds:g} s runs, "
        f"{args.rounds} rounds"
    )
    with tempfile.TemporaryDirectory(prefix="homegame-bench-") as name:
        env = _env(Path(name))
        (Path(name) / "static").mkdir()  # no collectstatic: the API serves no static files
        _manage(env, "migrate", "--noinput", "--verbosity", "0")
        server, port, setup = start(env, args.clients, args.threads)
        try:
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
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
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
    tmp = tempfile.mkdtemp(prefix="homegame-bench-queries-")
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "homegame.settings",
            "DATABASE_URL": f"sqlite:///{tmp}/queries.sqlite3",
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + secrets.token_urlsafe(40),
            "DJANGO_SECURE_SSL_REDIRECT": "0",
        }
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from ledger import hands, services
    from ledger.models import Person, Posting

    call_command("migrate", verbosity=0)
    host = get_user_model().objects.create_user(username="q-host", password="unused-9-chips")
    group = services.group_create(host=host, name="Queries")
    print(f"\nPart 2: queries per action request (API, test client, SQLite), night sizes {SIZES}")
    print(
        f"{'postings':>8}  {'bet':>4} {'call':>5} {'call':>5} {'call':>5}  {'check x4':>11}"
        f"  {'median ms':>9}"
    )
    counts = []
    for size in SIZES:
        night = services.night_create(host=host, group=group, name=f"{size}", chips=[("w", "0.05")])
        seats = [
            services.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
            for i in range(SEATS)
        ]
        for seat in seats:
            services.buy_in(night=night, seat=seat, chips=DEEP, recorded_by="bench")
        keys = {s.pk: services.join_link_claim_key(token=s.join_token)[1] for s in seats}
        # Whole hands (12 postings each), then 1-chip buy-ins, to size - 1; the antes make size.
        while Posting.objects.filter(night=night).count() + 12 < size:
            _service_hand(night, seats)
        while Posting.objects.filter(night=night).count() < size - 1:
            services.buy_in(night=night, seat=seats[0], chips=1, recorded_by="bench")
        hand = hands.hand_start(
            night=night, players=seats, dealer=hands.next_dealer(night), recorded_by="b"
        )
        hands.collect_antes(hand=hand, recorded_by="b")
        size_now = Posting.objects.filter(night=night).count()
        client = Client()
        row, took = [], []
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
                connection.queries_log.clear()  # it keeps 9000 queries, then drops the oldest
                began = time.perf_counter()
                with CaptureQueriesContext(connection) as captured:
                    response = client.post(
                        f"/api/nights/{night.pk}/hands/{hand.number}/actions/",
                        body,
                        content_type="application/json",
                        HTTP_X_HOMEGAME_SEAT=keys[seat],
                        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
                    )
                took.append(time.perf_counter() - began)
                assert response.status_code == 201, response.content[:300]
                row.append(len(captured))
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


def _service_hand(night, seats) -> None:
    """A whole hand through the services: antes, a bet and three calls, checks, the award."""
    from ledger import hands

    hand = hands.hand_start(
        night=night, players=seats, dealer=hands.next_dealer(night), recorded_by="b"
    )
    hands.collect_antes(hand=hand, recorded_by="b")
    by_id = {s.pk: s for s in seats}
    for round_no in (1, 2):
        hands.round_start(hand=hand, recorded_by="b")
        while (r := hands.state(hand).round) is not None and r.turn is not None:
            seat = by_id[r.turn]
            if r.current_bet > r.committed[seat.pk]:
                hands.act(hand=hand, seat=seat, action="call", recorded_by="b")
            elif round_no == 1:
                hands.act(hand=hand, seat=seat, action="bet", amount=4, recorded_by="b")
            else:
                hands.act(hand=hand, seat=seat, action="check", recorded_by="b")
    built = hands.showdown_pots(hand)
    hands.award(hand=hand, winners=[[min(p.eligible)] for p in built], recorded_by="b")


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
