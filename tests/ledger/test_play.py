"""A hand read once: after each write, the `Play` is what a fresh read of the journal gives.

The API answers every hand write from the `Play` the write left behind
instead of reading and replaying the hand again, so that `Play` must agree
with `hands.load` on everything the answer shows: the replayed state, every
balance, the pots and the whole hand view. Random hands check it after every
write, with blinds, all-ins, folds, uncalled bets, side pots and pots that
ride. The cost of an action must not grow with the night either.
"""

from __future__ import annotations

import uuid

import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from ledger.core import betting
from ledger.models import Person
from ledger.selectors import api_reads
from ledger.services import hands, seating
from tests.ledger.conftest import seat_key

pytestmark = pytest.mark.django_db

HOST = "host:host"


def snapshot(play: hands.Play) -> dict:
    """Everything an answer is drawn from, in plain values."""
    return {
        "state": play.state,
        "events": [(e.kind, e.seat, dict(e.detail), dict(e.paid)) for e in play.events],
        "balances": {key: play.balances.get(a.pk, 0) for key, a in play.accounts.items()},
        "pots": play.showdown_pots(),
        "view": api_reads.hand_view(play),
    }


def agrees_with_the_journal(play: hands.Play) -> None:
    assert snapshot(play) == snapshot(hands.load(play.hand))


def four_players(night, seats, group):
    """Four players with uneven stacks, so all-ins make side pots."""
    dan = seating.seat_add(night=night, person=Person.objects.create(group=group, name="Dan"))
    everyone = [*seats, dan]
    for seat, chips in zip(everyone, (120, 45, 80, 30), strict=True):
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=HOST)
    return night, everyone


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_after_every_write_the_play_matches_a_fresh_read(night, seats, group, data):
    # Each example runs in a savepoint that is rolled back, so none sees another's rows.
    with transaction.atomic():
        play_hands(data, *four_players(night, seats, group))
        transaction.set_rollback(True)


def play_hands(data, night, everyone) -> None:
    """Two random hands played through `Play`, each write checked against a fresh read."""
    by_id = {s.pk: s for s in everyone}
    for _ in range(2):
        hand = hands.hand_start(
            night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
        )
        play = hands.load(hand)
        if data.draw(st.booleans()) and all(play.stack(s) >= 1 for s in hand.seat_order):
            play.collect_antes(recorded_by=HOST)
            agrees_with_the_journal(play)
        for number in range(data.draw(st.integers(1, 3))):
            play = hands.load(hand)
            live = [s for s in hand.seat_order if s not in play.state.folded]
            blinds = []
            if number == 0 and data.draw(st.booleans()):
                with_chips = [by_id[s] for s in live if play.stack(s) > 0][:2]
                if len(with_chips) == 2:
                    blinds = [(with_chips[0], 1), (with_chips[1], 2)]
            play.round_start(recorded_by=HOST, blinds=blinds)
            agrees_with_the_journal(play)
            while play.state.betting_open:
                r = play.state.round
                seat_id = betting.next_to_act(r)
                kind = data.draw(st.sampled_from(sorted(betting.legal(r, seat_id))))
                amount = 0
                if kind in ("bet", "raise"):
                    low, high = betting.min_raise_to(r, seat_id), betting.max_raise_to(r, seat_id)
                    amount = data.draw(st.integers(low, high))
                play.act(by_id[seat_id], kind, amount, recorded_by=HOST)
                agrees_with_the_journal(play)
        pots = play.showdown_pots()
        winners = [data.draw(st.sampled_from([[], sorted(p.eligible)[:1]])) for p in pots]
        play.award(winners=winners, recorded_by=HOST)
        agrees_with_the_journal(play)


def test_queries_per_action_do_not_grow_with_the_night(night, seats, group):
    night, everyone = four_players(night, seats, group)
    by_id = {s.pk: s for s in everyone}
    counts = []
    for extra in (0, 60):
        for _ in range(extra):
            seating.buy_in(night=night, seat=everyone[0], chips=1, recorded_by=HOST)
        hand = hands.hand_start(
            night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
        )
        hands.load(hand).collect_antes(recorded_by=HOST)
        hands.load(hand).round_start(recorded_by=HOST)
        row = []
        for action in ("bet", "call", "check"):
            r = hands.load(hand).state.round
            if action == "check":  # a fold ends it for the next player, who then checks
                hands.load(hand).act(seat=by_id[r.turn], action="fold", recorded_by=HOST)
                r = hands.load(hand).state.round
                action = "call"
            seat = by_id[r.turn]
            client = APIClient()
            client.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(seat))
            with (
                CaptureQueriesContext(connection) as captured,
                override_settings(
                    LEDGER_CHECK_TALLY=False  # the check reads the hand again: not the site's cost
                ),
            ):
                response = client.post(
                    f"/api/nights/{night.pk}/hands/{hand.number}/actions/",
                    {"seat": seat.pk, "action": action, "amount": 4 if action == "bet" else 0},
                    format="json",
                    HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
                )
            assert response.status_code == 201, response.content
            row.append(len(data_statements(captured)))
        counts.append(row)
        hands.load(hand).award(
            winners=[[min(p.eligible)] for p in hands.load(hand).showdown_pots()], recorded_by=HOST
        )
    assert counts[0] == counts[1]
    # The seat key, the night locked with the hand, the request key, the hand's seats, the
    # posting, its entries, the hand's tally and the stored answer: the journal is not re-read.
    assert counts[0] == [8, 8, 8]


def data_statements(captured: CaptureQueriesContext) -> list[str]:
    """The statements that read or write data, not the transaction's own."""
    shell = ("BEGIN", "SAVEPOINT", "RELEASE", "COMMIT", "ROLLBACK")
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(shell)]
