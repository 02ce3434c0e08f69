"""A gunicorn worker killed with SIGKILL in the middle of a stream of writes.

Every write is one database transaction (journal.once), so a worker that dies
mid-write leaves either the whole posting with its idempotency key or nothing:
PostgreSQL rolls back the dead connection's transaction. The phone that lost
its answer sends the same request with the same key again and it is booked
exactly once; the master starts a new worker and the night goes on.

The same holds while a hand is played: the host and the acting seats' phones
write hand after hand, workers die under them, and every hand, the one in
play included, is its journal replayed (`assert_hands_replay`), before and
after the whole site restarts; then the hand is finished and another played.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import psycopg
import pytest

from tests.serve.conftest import Browser, gunicorn, journal_audit, new_night, table_stacks

pytestmark = pytest.mark.serve

PHONES = 4
MOST_KILLS = 6


def buy_one(browser: Browser, night: int, seat: int, key: str):
    return browser.post_json(f"/api/nights/{night}/seats/{seat}/buy-in/", {"chips": 1}, key=key)


def wait_for_new_worker(server, gone: int, workers: int, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = server.worker_pids()
        if gone not in pids and len(pids) == workers:
            return
        time.sleep(0.05)
    raise AssertionError("the master did not start a new worker")


def test_a_worker_killed_mid_write_leaves_no_half_posting_and_the_night_goes_on(
    site_env, host_browser, database_url
):
    with gunicorn(site_env, workers=2) as server:
        browser = host_browser.at(server.base)
        night, seats = new_night(browser, PHONES)
        stop = threading.Event()
        lock = threading.Lock()
        sent: dict[str, int] = {}  # key -> seat
        lost: list[str] = []  # keys whose answer never came: booked or not, nobody knows
        refused: list[tuple[int, bytes]] = []

        def phone(n: int) -> None:
            while not stop.is_set():
                key = uuid.uuid4().hex
                with lock:
                    sent[key] = seats[n]
                try:
                    answer = buy_one(browser, night, seats[n], key)
                except (OSError, http.client.HTTPException):
                    with lock:
                        lost.append(key)
                    continue
                if answer.status != 201:
                    with lock:
                        refused.append((answer.status, answer.body[:200]))

        kills = 0
        with ThreadPoolExecutor(PHONES) as pool:
            running = [pool.submit(phone, n) for n in range(PHONES)]
            try:
                # Kill until a write was in flight in a killed worker (every phone is always
                # waiting on one of the two workers, so the first kill nearly always is).
                while kills < MOST_KILLS and not lost:
                    time.sleep(0.5)
                    victim = server.worker_pids()[0]
                    os.kill(victim, signal.SIGKILL)
                    kills += 1
                    wait_for_new_worker(server, victim, workers=2)
                time.sleep(0.5)  # writes go on through the new worker
            finally:
                stop.set()
            for future in running:
                future.result()

        assert lost, f"no write was in flight in {kills} killed workers"
        assert refused == []
        # Nothing half-posted, whatever the kill interrupted.
        audit = journal_audit(database_url, night)
        assert audit["unbalanced"] == []
        assert audit["total"] == 0
        booked_before_retry = len(audit["answered"])

        # The phones that lost their answer send the same request again: booked once.
        for key in lost:
            answer = buy_one(browser, night, sent[key], key)
            assert answer.status == 201, answer.body[:300]
        # And the night goes on: a new write after the restart.
        assert buy_one(browser, night, seats[0], uuid.uuid4().hex).status == 201

        audit = journal_audit(database_url, night)
        assert audit["unbalanced"] == []
        assert audit["total"] == 0
        assert set(sent) <= set(audit["answered"])
        assert audit["kinds"] == {"buy_in": len(sent) + 1}
        expected = dict.fromkeys(seats, 0)
        for seat in sent.values():
            expected[seat] += 1
        expected[seats[0]] += 1
        assert audit["stacks"] == expected
        # The table the site shows is the journal replayed.
        assert table_stacks(browser, night) == expected
        print(
            f"\n{len(sent)} writes, {kills} worker(s) killed, {len(lost)} answer(s) lost; "
            f"{booked_before_retry - (len(sent) - len(lost))} of those had been booked "
            "before the kill and were answered from their key on the retry"
        )


# --- A hand in play: the acting phones' writes while workers die ---------------------------------

SEATS = 4
BUY_IN = 1000
LEAST_HAND_KILLS = 3
MOST_HAND_KILLS = 8
ANSWER_WITHIN = 30  # seconds a phone keeps sending a write whose answer was lost
LOST = (OSError, http.client.HTTPException)
# Kinds of posting made inside another write without an answer naming them (chips riding in).
UNNAMED_KINDS = {"ride_in"}
# Accounts that may go below zero: the bank pays chips out, a marker is an IOU.
MAY_GO_NEGATIVE = {"bank", "marker"}


@dataclass
class Write:
    """One write a phone sent, and what it finally heard back for its key."""

    kind: str  # hand, antes, round, action, award
    path: str
    body: dict
    key: str
    seat: int | None = None  # the acting seat, for an action
    answer: dict = field(default_factory=dict)
    lost: int = 0  # answers lost before one came
    replayed: bool = False  # the answer came from the key: booked before its answer was lost


class HandTable:
    """One night of 4 seats played hand after hand through the API, one write at a time.

    The host starts each hand, collects the antes, opens the rounds and awards
    the pots (session and CSRF token); each action comes from the acting
    seat's own phone with its seat key. Every write has a fresh
    Idempotency-Key, and a phone whose answer was lost sends the same request
    with the same key again until an answer comes.
    """

    def __init__(self, host: Browser, night: int, seat_keys: dict[int, str]) -> None:
        self.host = host
        self.phones = {seat: Browser(host.base) for seat in seat_keys}
        self.seat_keys = seat_keys
        self.night = night
        self.writes: list[Write] = []
        self.refused: list[tuple[str, int, bytes]] = []

    def at(self, base: str) -> None:
        """The same phones against the restarted site."""
        self.host = self.host.at(base)
        self.phones = {seat: phone.at(base) for seat, phone in self.phones.items()}

    def send(self, kind: str, path: str, body: dict, seat: int | None = None) -> dict:
        write = Write(kind, f"/api/nights/{self.night}/{path}", body, uuid.uuid4().hex, seat)
        self.writes.append(write)
        deadline = time.monotonic() + ANSWER_WITHIN
        while True:
            try:
                answer = self.post(write)
            except LOST:
                write.lost += 1
                assert time.monotonic() < deadline, f"{write.path}: no answer in {ANSWER_WITHIN} s"
                time.sleep(0.05)
                continue
            break
        if answer.status != 201:
            self.refused.append((write.path, answer.status, answer.body[:300]))
            raise AssertionError(f"{write.path}: {answer.status} {answer.body[:300]!r}")
        write.answer = answer.json()
        write.replayed = answer.headers.get("Idempotent-Replayed") == "true"
        return write.answer

    def post(self, write: Write):
        if write.seat is None:
            return self.host.post_json(write.path, write.body, key=write.key)
        headers = {
            "Content-Type": "application/json",
            "Idempotency-Key": write.key,
            "X-Homegame-Seat": self.seat_keys[write.seat],
        }
        data = json.dumps(write.body).encode()
        return self.phones[write.seat].request("POST", write.path, data, **headers)

    def play(self) -> Iterator[str]:
        """Whole hands, one write per step; yields the kind of each write once it is answered.

        Round 1: the first to act bets 4, in odd hands the next raises to 8,
        the rest call. Round 2: checks, but every third hand the first bets 2,
        the next folds and the rest call. The pot goes round the table.
        """
        while True:
            hand = self.send("hand", "hands/", {})
            number = hand["number"]
            yield "hand"
            self.send("antes", f"hands/{number}/antes/", {})
            yield "antes"
            for round_no in (1, 2):
                hand = self.send("round", f"hands/{number}/rounds/", {})["hand"]
                yield "round"
                folded = False
                while hand["betting_open"]:
                    r = hand["round"]
                    body = {"seat": r["turn"], "action": "call"}
                    if round_no == 1 and not r["to_call"]:
                        body = {"seat": r["turn"], "action": "bet", "amount": 4}
                    elif round_no == 1 and r["current_bet"] == 4 and number % 2:
                        body = {"seat": r["turn"], "action": "raise", "amount": 8}
                    elif not r["to_call"]:
                        bets = number % 3 == 0 and not r["current_bet"]
                        body = {"seat": r["turn"], "action": "bet", "amount": 2}
                        if not bets:
                            body = {"seat": r["turn"], "action": "check"}
                    elif number % 3 == 0 and not folded:
                        body = {"seat": r["turn"], "action": "fold"}
                        folded = True
                    hand = self.send("action", f"hands/{number}/actions/", body, r["turn"])["hand"]
                    yield "action"
            winners = [[pot["eligible"][number % len(pot["eligible"])]] for pot in hand["pots"]]
            self.send("award", f"hands/{number}/award/", {"winners": winners})
            yield "award"

    def acknowledged(self, kind: str) -> list[Write]:
        return [w for w in self.writes if w.kind == kind and w.answer]


def seated_phones(host: Browser, night: int, seats: list[int]) -> dict[int, str]:
    """Each seat bought in and claimed by its own phone: seat id -> its seat key."""
    for seat in seats:
        answer = host.post_json(f"/api/nights/{night}/seats/{seat}/buy-in/", {"chips": BUY_IN})
        assert answer.status == 201, answer.body[:300]
    table = host.get(f"/api/nights/{night}/")
    assert table.status == 200, table.body[:300]
    keys = {}
    for seat in table.json()["seats"]:
        phone = Browser(host.base).post_json(
            "/api/nights/join/", {"token": seat["join_token"]}, key=str(uuid.uuid4())
        )
        assert phone.status == 201, phone.body[:300]
        keys[seat["id"]] = phone.json()["seat_key"]
    assert set(keys) == set(seats)
    return keys


def assert_hands_replay(database_url: str, night: int) -> dict:
    """The night's journal read with psycopg, checked, and every hand replayed from it.

    Checks: each posting's entries sum to zero (none of zero chips), the
    night's journal sums to zero, no stack or pot ever below zero in journal
    order (the night lock makes it the order of the writes), every
    idempotency key books at most one posting and every posting (but chips
    riding in) is named by exactly one key's answer, and each hand posting
    moves what its detail says (the antes from every seat of the hand, an
    action's chips from its seat, the award's payouts), so no write of a hand
    is there by halves. Then each hand's live postings (neither undone nor an
    undo) are replayed by the pure engine (`ledger.core.replay`), as `hands.load`
    does, and a settled hand must be awarded with its pot empty.

    Returns what the callers compare with the site: `stacks` (seat -> chips),
    `postings` (id -> row), `answered` (key -> posting id), `keys` (every key
    with an answer) and `hands` (number -> status, pot, replayed `state`, and
    the ids of its live postings). A hand's tally (`ledger.core.tally`), where it
    still counts (it names the night's latest posting), must be that replay,
    with the balances summed here.
    """
    from ledger.core import betting, tally
    from ledger.core.replay import replay
    from ledger.services.hands import _event as event_of

    with psycopg.connect(database_url) as conn:
        postings = conn.execute(
            """SELECT id, kind, hand_id, seat_id, detail, reverses_id FROM ledger_posting
               WHERE night_id = %s ORDER BY id""",
            [night],
        ).fetchall()
        entries = conn.execute(
            """SELECT e.posting_id, e.account_id, e.amount FROM ledger_entry e
               JOIN ledger_posting p ON p.id = e.posting_id WHERE p.night_id = %s ORDER BY e.id""",
            [night],
        ).fetchall()
        accounts = conn.execute(
            "SELECT id, kind, seat_id, hand_id FROM ledger_account WHERE night_id = %s", [night]
        ).fetchall()
        hands = conn.execute(
            """SELECT h.id, h.number, h.status, h.seat_order, h.config, t.data
               FROM ledger_hand h LEFT JOIN ledger_handtally t ON t.hand_id = h.id
               WHERE h.night_id = %s ORDER BY h.number""",
            [night],
        ).fetchall()
        answers = conn.execute(
            "SELECT key, result FROM ledger_writerequest WHERE night_id = %s", [night]
        ).fetchall()

    account = {pk: (kind, seat, hand) for pk, kind, seat, hand in accounts}
    by_posting: dict[int, dict[int, int]] = {}
    for posting_id, account_id, amount in entries:
        assert amount != 0, f"posting {posting_id} has an entry of no chips"
        moved = by_posting.setdefault(posting_id, {})
        assert account_id not in moved, f"posting {posting_id} names an account twice"
        moved[account_id] = amount
    rows = {
        pk: (kind, hand, seat, detail, reverses)
        for pk, kind, hand, seat, detail, reverses in postings
    }

    # Balanced, and never below zero where the journal refuses it, posting after posting.
    balance: dict[int, int] = {}
    for pk in rows:
        moved = by_posting.get(pk, {})
        assert sum(moved.values()) == 0, f"posting {pk} ({rows[pk][0]}) is out of balance: {moved}"
        for account_id, amount in moved.items():
            balance[account_id] = balance.get(account_id, 0) + amount
            kind = account[account_id][0]
            assert kind in MAY_GO_NEGATIVE or balance[account_id] >= 0, (
                f"posting {pk} leaves the {kind} account {account_id} at {balance[account_id]}"
            )
    assert sum(balance.values()) == 0
    stacks = {account[a][1]: chips for a, chips in balance.items() if account[a][0] == "stack"}

    # Every key answers at most one posting, and every posting is some key's answer, once.
    answered: dict[str, int] = {}
    for key, result in answers:
        posting = (result.get("body") or {}).get("posting")
        if posting:
            assert posting["id"] in rows, f"key {key} answers posting {posting['id']}: not there"
            answered[key] = posting["id"]
    named: dict[int, list[str]] = {}
    for key, posting_id in answered.items():
        named.setdefault(posting_id, []).append(key)
    assert {pk: keys for pk, keys in named.items() if len(keys) > 1} == {}
    unnamed = [pk for pk, row in rows.items() if pk not in named and row[0] not in UNNAMED_KINDS]
    assert unnamed == [], f"postings no key answered: {unnamed}"

    # Each hand: its postings whole, then its live postings replayed.
    stack_of = {a: seat for a, (kind, seat, _) in account.items() if kind == "stack"}
    pot_of = {hand: a for a, (kind, _, hand) in account.items() if kind == "pot"}
    reversed_ids = {row[4] for row in rows.values() if row[4] is not None}
    replayed: dict[int, dict] = {}
    latest = max(rows, default=None)
    kept_tallies = 0
    for hand_id, number, status, seat_order, config, kept in hands:
        mine = [(pk, row) for pk, row in rows.items() if row[1] == hand_id]
        pot_account = pot_of.get(hand_id)
        events, live = [], []
        for pk, (kind, _, seat, detail, reverses) in mine:
            paid = {stack_of[a]: -c for a, c in by_posting.get(pk, {}).items() if a in stack_of}
            _assert_whole(pk, kind, seat, detail, paid, seat_order, by_posting.get(pk, {}), account)
            if reverses is not None or pk in reversed_ids:
                continue
            events.append(event_of(kind, seat, detail, paid))  # as `hands.load` reads it
            live.append(pk)
        limit = betting.Limit(config["limit"], config["cap"] if config["limit"] == "cap" else None)
        state = replay(events, limit=limit, min_bet=config["min_bet"])
        counts = tally.decode(
            kept, through=latest, rules=tally.rules_of(limit, config["min_bet"], seat_order)
        )
        if counts is not None:
            kept_tallies += 1
            assert counts.state == state, f"hand {number}'s tally is not its replay"
            assert counts.events == events, f"hand {number}'s tally has other events"
            assert counts.balances == {a: balance.get(a, 0) for a in counts.balances}, number
        pot = balance.get(pot_account, 0) if pot_account else 0
        assert (status == "settled") == state.awarded, f"hand {number} is {status}"
        if status == "settled":
            assert pot == 0, f"hand {number} is settled with {pot} chips in its pot"
        replayed[number] = {"status": status, "pot": pot, "state": state, "live": live}
    return {
        "kept_tallies": kept_tallies,
        "stacks": stacks,
        "postings": rows,
        "answered": answered,
        "keys": {key for key, _ in answers},
        "hands": replayed,
    }


def _assert_whole(pk, kind, seat, detail, paid, seat_order, moved, account) -> None:
    """A hand posting moves all its detail says and nothing else: never a write by halves."""
    returned = detail.get("returned") or {}
    back = {returned["seat"]: -returned["chips"]} if returned else {}
    if kind == "ante":
        assert paid == {s: detail["ante"] for s in seat_order if detail["ante"]}, pk
    elif kind == "action":
        want = {seat: detail["put_in"]} if detail["put_in"] else {}
        for to, chips in back.items():
            want[to] = want.get(to, 0) + chips
        assert paid == {s: c for s, c in want.items() if c}, (pk, detail, paid)
    elif kind == "award":
        payouts = {int(s): -c for s, c in detail["payouts"].items() if c}
        assert paid == payouts, (pk, detail, paid)
        riding = sum(c for a, c in moved.items() if account[a][0] == "riding")
        assert riding == detail["riding"], (pk, detail, moved)
    elif kind == "round" and not detail.get("blinds"):
        assert paid == back, (pk, detail, paid)


def assert_view_is_replay(view: dict, audit: dict) -> None:
    """The API's hand (GET hand detail) is its journal: sums per account and the replay."""
    hand = audit["hands"][view["number"]]
    state, r = hand["state"], hand["state"].round
    assert view["status"] == hand["status"]
    assert view["pot"] == hand["pot"]
    assert (view["antes"], view["rounds"], view["betting_open"]) == (
        state.antes,
        state.rounds,
        state.betting_open,
    )
    for player in view["players"]:
        seat = player["seat"]
        in_round = r is not None and seat in r.stacks
        assert player["stack"] == audit["stacks"][seat], player
        assert player["in_pot"] == state.contributions.get(seat, 0), player
        assert player["folded"] == (seat in state.folded), player
        assert player["committed"] == (r.committed[seat] if in_round else 0), player
    if r is None:
        assert view["round"] is None
    else:
        assert view["round"]["number"] == state.rounds
        assert (view["round"]["turn"], view["round"]["current_bet"]) == (r.turn, r.current_bet)
    if hand["status"] != "settled":
        # Nothing rode in and no rule charged: the pot is what the players put in.
        assert view["pot"] == sum(p["in_pot"] for p in view["players"])


def assert_acknowledged_once(table: HandTable, audit: dict) -> None:
    """Each write a phone heard back for is booked once, as the answer it was given says."""
    postings = audit["postings"]
    assert table.refused == []
    assert {w.key for w in table.writes if w.answer} <= audit["keys"]
    for write in table.writes:
        if write.kind != "hand" and write.answer:
            assert audit["answered"][write.key] == write.answer["posting"]["id"]
    actions = table.acknowledged("action")
    by_posting = {w.answer["posting"]["id"]: w for w in actions}
    assert len(by_posting) == len(actions), "two acknowledged actions share a posting"
    booked = {pk for pk, row in postings.items() if row[0] == "action"}
    assert booked == set(by_posting), "an action in the journal nobody was answered for"
    for pk, write in by_posting.items():
        kind, _, seat, detail, _ = postings[pk]
        assert (seat, detail["action"], detail["amount"]) == (
            write.seat,
            write.body["action"],
            write.body.get("amount", 0),
        )
    numbers = [w.answer["number"] for w in table.acknowledged("hand")]
    assert numbers == list(range(1, len(numbers) + 1)) == sorted(audit["hands"])
    for kind, posting in (("antes", "ante"), ("round", "round"), ("award", "award")):
        assert len(table.acknowledged(kind)) == sum(row[0] == posting for row in postings.values())


def assert_hand_is_what_the_phones_heard(view: dict, table: HandTable) -> None:
    """The hand's chips, folds and round as the acknowledged writes add up, without the engine.

    Each player's chips in the pot are the ante and what each of their
    acknowledged actions put in (as its answer said); the committed chips of
    the round are those of the actions since the round's acknowledged opening.
    """
    mine = [w for w in table.writes if w.answer and f"/hands/{view['number']}/" in w.path]
    in_pot = dict.fromkeys(view["seat_order"], 0)
    committed = dict.fromkeys(view["seat_order"], 0)
    folded = set()
    for write in mine:
        detail = write.answer["posting"]["detail"]
        if write.kind == "antes":
            in_pot = {seat: chips + detail["ante"] for seat, chips in in_pot.items()}
        elif write.kind == "round":
            committed = dict.fromkeys(view["seat_order"], 0)
        elif write.kind == "action":
            in_pot[write.seat] += detail["put_in"]
            committed[write.seat] += detail["put_in"]
            folded |= {write.seat} if write.body["action"] == "fold" else set()
    for player in view["players"]:
        seat = player["seat"]
        assert (player["in_pot"], player["committed"]) == (in_pot[seat], committed[seat]), player
        assert player["folded"] == (seat in folded), player


def assert_table_is_journal(host: Browser, night: int, table: HandTable, audit: dict) -> dict:
    """Every hand as the API shows it is its replayed journal; returns the latest hand's view."""
    for number in audit["hands"]:
        answer = host.get(f"/api/nights/{night}/hands/{number}/")
        assert answer.status == 200, answer.body[:300]
        assert_view_is_replay(answer.json(), audit)
    latest = answer.json()
    if latest["status"] != "settled":
        assert_hand_is_what_the_phones_heard(latest, table)
    # The hand in play is the one the phones' last answer showed, turn and chips alike.
    last = table.writes[-1].answer
    assert latest == (last if table.writes[-1].kind == "hand" else last["hand"])
    assert table_stacks(host, night) == audit["stacks"]
    return latest


def test_a_worker_killed_while_a_hand_is_played_leaves_it_whole_and_the_night_goes_on(
    site_env, host_browser, database_url
):
    with gunicorn(site_env, workers=2) as server:
        host = host_browser.at(server.base)
        night, seats = new_night(host, SEATS)
        table = HandTable(host, night, seated_phones(host, night, seats))
        steps = table.play()
        stop = threading.Event()

        def phones() -> None:
            # After the kills, play on to an action: a hand is left with its betting open.
            while not stop.is_set() or table.writes[-1].kind != "action":
                next(steps)

        kills = 0
        with ThreadPoolExecutor(1) as pool:
            playing = pool.submit(phones)
            try:
                while kills < MOST_HAND_KILLS and (
                    kills < LEAST_HAND_KILLS or not any(w.lost for w in table.writes)
                ):
                    time.sleep(0.4)
                    if playing.done():
                        break
                    victim = server.worker_pids()[0]
                    os.kill(victim, signal.SIGKILL)
                    kills += 1
                    wait_for_new_worker(server, victim, workers=2)
                time.sleep(0.4)  # the hand goes on through the new workers
            finally:
                stop.set()
            playing.result()

        lost = [w for w in table.writes if w.lost]
        assert lost, f"no write was in flight in {kills} killed workers"
        audit = assert_hands_replay(database_url, night)
        assert_acknowledged_once(table, audit)
        in_play = assert_table_is_journal(host, night, table, audit)
        assert in_play["status"] == "betting"
        # The last posting is the hand's own action: its tally counts, and is the replay.
        assert audit["kept_tallies"] == 1
        # A phone that lost an answer and sends its request once more is answered from its
        # key, whether the lost one was booked or not, and nothing more is posted.
        for write in lost:
            again = table.post(write)
            assert again.status == 201, again.body[:300]
            assert again.headers.get("Idempotent-Replayed") == "true"
            assert again.json() == write.answer
        assert assert_hands_replay(database_url, night)["postings"] == audit["postings"]

    # The whole site restarted: the same hand, read from the journal again.
    with gunicorn(site_env, workers=2) as server:
        host = host_browser.at(server.base)
        answer = host.get(f"/api/nights/{night}/hands/{in_play['number']}/")
        assert answer.status == 200, answer.body[:300]
        assert answer.json() == in_play
        # And the night goes on: the hand in play is finished and a whole new one is played.
        table.at(server.base)
        awarded = 0
        while awarded < 2:
            awarded += next(steps) == "award"
        audit = assert_hands_replay(database_url, night)
        assert_acknowledged_once(table, audit)
        assert_table_is_journal(host, night, table, audit)
        assert audit["hands"][in_play["number"] + 1]["status"] == "settled"
        assert sum(audit["stacks"].values()) == SEATS * BUY_IN

    print(
        f"\n{len(table.writes)} hand writes over {len(audit['hands'])} hands, {kills} worker(s) "
        f"killed, {len(lost)} answer(s) lost; {sum(w.replayed for w in lost)} of those had been "
        "booked before the kill and were answered from their key on the retry"
    )
