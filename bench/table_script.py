"""Tables for the write benchmarks: nights of deep-stacked seats, and a hand scripted through them.

What bench/record_action.py, bench/write_floor.py and bench/load_run.py
share. Every hand is the same: the host starts it and collects the antes;
round 1 is a bet of 4 by the first to act and a call from everyone else,
round 2 is a check from everyone; the first player each pot allows wins it.

- In a Django process (after `django.setup()`, or in `manage.py shell`
  through `set_up`): `host_and_group`, `players`, `deep_night`,
  `seat_keys`, `grow`, `service_hand` (a hand through the services, its
  actions handed to a callback if given), `seat_post` (the test client's
  POST as a seat's phone), and the set-ups the HTTP runs start from:
  `keyed_tables` (each seat's phone holds a seat key, as in `keyed_night`) and `phone_tables`
  (each phone holds its seat by its session).
- Over HTTP: `hand_writes`, the hand as the JSON API's writes, one at a
  time; `Table` plays it on one keep-alive connection, and `play` runs a
  table per client for a while.

Django is imported inside the functions, so the scripts can import this
module before they set Django up (or never do).
"""

from __future__ import annotations

import http.client
import json
import secrets
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator

from bench.server import PYTHON, ROOT

SEATS = 4
DEEP = 10**9  # chips per seat: nobody ever runs out
SIZES = (10, 100, 1000)
BET = 4


def next_action(seat: int, round_no: int, to_call: bool) -> dict:
    """The script's action for `seat`: call a bet, bet in round 1, check in round 2."""
    if to_call:
        return {"seat": seat, "action": "call"}
    if round_no == 1:
        return {"seat": seat, "action": "bet", "amount": BET}
    return {"seat": seat, "action": "check"}


# --- In a Django process ---------------------------------------------------------------------


def host_and_group(name: str):
    """A host (a user named after the group) and their group."""
    from django.contrib.auth import get_user_model

    from ledger.services import seating

    username = f"{name.lower()}-host"
    host = get_user_model().objects.create_user(username=username, password="unused-9-chips")
    return host, seating.group_create(host=host, name=name)


def players(group, count: int, prefix: str = "P") -> list:
    """`count` new people of the group, named prefix0, prefix1, ..."""
    from ledger.models import Person

    return [Person.objects.create(group=group, name=f"{prefix}{i}") for i in range(count)]


def deep_night(host, group, name: str, people, deep: int = DEEP) -> tuple:
    """A night with a seat for each person, each bought in for `deep` chips: night, seats."""
    from ledger.services import seating

    night = seating.night_create(host=host, group=group, name=name, chips=[("w", "0.05")])
    seats = []
    for person in people:
        seat = seating.seat_add(night=night, person=person)
        seating.buy_in(night=night, seat=seat, chips=deep, recorded_by="bench")
        seats.append(seat)
    return night, seats


def seat_keys(seats) -> dict[int, str]:
    """Each player's phone claims its seat once; the seat key it was given, by seat id."""
    from ledger.services import seating

    return {s.pk: seating.join_link_claim_key(token=s.join_token)[1] for s in seats}


def keyed_night(host, group, name: str, seats: int = SEATS) -> tuple:
    """A night of `seats` new players with deep stacks, each phone holding its seat key.

    Returns the night, its seats, and the keys by seat id.
    """
    night, sat = deep_night(host, group, name, players(group, seats))
    return night, sat, seat_keys(sat)


def grow(night, seats, size: int) -> int:
    """Whole hands (12 postings each), then 1-chip buy-ins, to `size` - 1 postings.

    Returns the night's postings once the next hand's antes are in: `size`.
    """
    from ledger.models import Posting
    from ledger.services import seating

    while Posting.objects.filter(night=night).count() + 12 < size:
        service_hand(night, seats)
    while Posting.objects.filter(night=night).count() < size - 1:
        seating.buy_in(night=night, seat=seats[0], chips=1, recorded_by="bench")
    return Posting.objects.filter(night=night).count() + 1


def service_hand(night, seats, act: Callable | None = None) -> None:
    """A whole hand through the services; `act(hand, seat_id, body)` makes each action if given."""
    from ledger.services import hands

    hand = hands.hand_start(
        night=night, players=seats, dealer=hands.next_dealer(night), recorded_by="b"
    )
    hands.load(hand).collect_antes(recorded_by="b")
    by_id = {s.pk: s for s in seats}
    for round_no in (1, 2):
        hands.load(hand).round_start(recorded_by="b")
        while (r := hands.load(hand).state.round) is not None and r.turn is not None:
            body = next_action(r.turn, round_no, r.current_bet > r.committed[r.turn])
            if act is not None:
                act(hand, r.turn, body)
            else:
                hands.load(hand).act(
                    seat=by_id[r.turn],
                    action=body["action"],
                    amount=body.get("amount", 0),
                    recorded_by="b",
                )
    built = hands.load(hand).showdown_pots()
    hands.load(hand).award(winners=[[min(p.eligible)] for p in built], recorded_by="b")


def seat_post(client, path: str, body: dict, key: str):
    """A POST from a seat's phone (its seat key), with a fresh Idempotency-Key."""
    return client.post(
        path,
        body,
        content_type="application/json",
        HTTP_X_HOMEGAME_SEAT=key,
        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
    )


def action_path(hand) -> str:
    return f"/api/nights/{hand.night_id}/hands/{hand.number}/actions/"


def host_session(host) -> str:
    """A session of the host's, as its cookie's value."""
    from django.test import Client

    client = Client()
    client.force_login(host)
    return client.cookies["sessionid"].value


def keyed_tables(tables: int, seats: int = SEATS, deep: int = DEEP) -> dict:
    """A night per table, each phone holding its seat's key; and the host's session."""
    host, group = host_and_group("Bench")
    made = []
    for t in range(tables):
        night, sat = deep_night(host, group, f"Table {t}", players(group, seats), deep)
        keys = {str(pk): key for pk, key in seat_keys(sat).items()}  # JSON keys are strings
        made.append({"night": night.pk, "keys": keys})
    return {"session": host_session(host), "tables": made}


def phone_tables(tables: int, phones: int, deep: int) -> dict:
    """A night per table of the same people, each phone holding its seat by its own session."""
    from django.contrib.sessions.backends.db import SessionStore

    from ledger.services import actors, seating

    host, group = host_and_group("Load")
    people = players(group, phones, prefix="Player ")
    made = []
    for t in range(tables):
        night, seats = deep_night(host, group, f"Table {t}", people, deep)
        sessions = []
        for seat in seats:
            session = SessionStore()
            session[actors.SESSION_SEATS] = {str(night.pk): seat.pk}
            session.create()
            seating.join_link_claim(token=seat.join_token, session_key=session.session_key)
            sessions.append(session.session_key)
        made.append({"night": night.pk, "phones": sessions})
    return {"session": host_session(host), "tables": made}


def set_up(env: dict, function: str, **kwargs: int) -> dict:
    """Run one of this module's set-ups in `manage.py shell` on env's database; its answer."""
    code = (
        "import json\nfrom bench import table_script\n"
        f"print(json.dumps(table_script.{function}(**{kwargs!r})))"
    )
    out = subprocess.run(
        [PYTHON, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


# --- Over HTTP ------------------------------------------------------------------------------


def hand_writes(post: Callable[[str, str, dict, int | None], dict]) -> Iterator[None]:
    """One hand as the JSON API's writes, yielding after each.

    `post(kind, path, body, seat)` makes one write (`path` under the night's
    `/api/nights/<id>/`; `seat` the acting seat's id for an action, else None:
    the host's) and returns its answer. A hand is 13 writes, 8 of them actions.
    """
    hand = post("hand", "hands/", {}, None)
    yield
    number = hand["number"]
    post("antes", f"hands/{number}/antes/", {}, None)
    yield
    for round_no in (1, 2):
        hand = post("round", f"hands/{number}/rounds/", {}, None)["hand"]
        yield
        while hand["betting_open"]:
            r = hand["round"]
            body = next_action(r["turn"], round_no, bool(r["to_call"]))
            hand = post("action", f"hands/{number}/actions/", body, r["turn"])["hand"]
            yield
    winners = [[pot["eligible"][0]] for pot in hand["pots"]]
    post("award", f"hands/{number}/award/", {"winners": winners}, None)
    yield


class Table:
    """One client: one night, played through the API on one keep-alive connection.

    The host (session cookie and CSRF token) starts the hand, the antes, the
    rounds and the award; each action comes from the acting seat's phone.
    """

    def __init__(self, port: int, session: str, table: dict):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.night = table["night"]
        self.keys = table["keys"]
        csrf = secrets.token_hex(16)
        self.host = {"Cookie": f"sessionid={session}; csrftoken={csrf}", "X-CSRFToken": csrf}
        self.latencies: dict[str, list[float]] = {}
        self.errors = 0

    def post(self, kind: str, path: str, body: dict, seat: int | None) -> dict:
        headers = {
            **(self.host if seat is None else {"X-Homegame-Seat": self.keys[str(seat)]}),
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
        for _ in hand_writes(self.post):
            pass


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
