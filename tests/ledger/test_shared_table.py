"""The table a poll draws once for every phone is, made each viewer's, the table drawn for them."""

from dataclasses import asdict

import pytest

from ledger.selectors import state, table_types
from ledger.services import hands, seating
from ledger.services.actors import Actor

pytestmark = pytest.mark.django_db

HOST = "host:host"


@pytest.fixture
def all_in_hand(night, seats):
    """Ann 200, Bob 100, Cat 50; Cat deals, antes in, Ann bets and Bob goes all in: a side pot."""
    for seat, chips in zip(seats, (200, 100, 50), strict=True):
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=HOST)
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    play = hands.load(hand)
    turn = play.state.round.turn
    play.act(play.seats[turn], "bet", 60, recorded_by=HOST)
    turn = play.state.round.turn
    play.act(play.seats[turn], "all_in", recorded_by=HOST)
    return night, seats


def viewers(night, seats) -> list[Actor]:
    return [
        Actor(night=night, role="host"),
        Actor(night=night, role="spectator"),
        *(Actor(night=night, role="seat", seat=s) for s in seats),
    ]


def as_seen(view: table_types.Table) -> dict:
    """What the template reads, in plain values (rows by seat, the turn, the pots)."""
    return {
        "rows": [(r.seat.pk, r.me, r.to_act, r.stack, r.committed, r.folded) for r in view.rows],
        "turn": None
        if view.turn is None
        else (view.turn.row.seat.pk, view.turn.row.me, view.turn.mine, view.turn.to_call),
        "pots": [(p.amount, [(r.seat.pk, r.me) for r in p.eligible]) for p in view.pots],
        "can_run": view.can_run,
        "is_host": view.is_host,
        "game": asdict(view.game),
        "history": [p.pk for p in view.history],
    }


def test_every_viewer_sees_the_shared_table_as_the_table_drawn_for_them(all_in_hand):
    night, seats = all_in_hand
    marks = state.markers(night_id=night.pk)
    for actor in viewers(night, seats):
        assert as_seen(state.table(night, actor, marks=marks)) == as_seen(state.table(night, actor))


def test_one_viewer_made_their_own_does_not_change_the_table_another_is_shown(all_in_hand):
    night, seats = all_in_hand
    marks = state.markers(night_id=night.pk)
    ann = state.table(night, Actor(night=night, role="seat", seat=seats[0]), marks=marks)
    bob = state.table(night, Actor(night=night, role="seat", seat=seats[1]), marks=marks)
    assert [r.me for r in ann.rows] == [True, False, False]
    assert [r.me for r in bob.rows] == [False, True, False]


def test_new_marks_draw_the_table_again(all_in_hand):
    night, seats = all_in_hand
    host = Actor(night=night, role="host")
    before = state.table(night, host, marks=state.markers(night_id=night.pk))
    seating.buy_in(night=night, seat=seats[2], chips=5, recorded_by=HOST)
    after = state.table(night, host, marks=state.markers(night_id=night.pk))
    assert after.rows[2].stack == before.rows[2].stack + 5
