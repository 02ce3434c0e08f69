"""A hand's tally is its journal's replay, kept: equal to a fresh read whenever it is taken.

The whole suite runs with LEDGER_CHECK_TALLY on, so every tally any test
takes is held to the journal. Here random nights are played with the writes
a table makes, a hand's own and the night's others (buy-ins, undo), and
after each the hand is read the way a write reads it: the tally must be
taken when the hand's own write was the night's last posting, refused when
anything was posted since, and equal to the replay either way.
"""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ledger.core import betting, tally
from ledger.core.replay import Event, HandState
from ledger.models import Hand, HandTally
from ledger.services import hands, seating
from tests.ledger.test_play import HOST, four_players

# --- The state to JSON and back (no database) -------------------------------------------------

seat_ids = st.integers(1, 10**6)
chips = st.integers(0, 10**9)
by_seat = st.dictionaries(seat_ids, chips, max_size=8)
limits = st.one_of(
    st.just(betting.Limit()),
    st.just(betting.Limit("pot_limit")),
    st.builds(lambda cap: betting.Limit("cap", cap), st.integers(1, 1000)),
)
rounds = st.builds(
    betting.Round,
    order=st.lists(seat_ids, max_size=8, unique=True).map(tuple),
    stacks=by_seat,
    committed=by_seat,
    folded=st.frozensets(seat_ids, max_size=8),
    all_in=st.frozensets(seat_ids, max_size=8),
    current_bet=chips,
    last_raise=chips,
    acted=by_seat,
    turn=st.one_of(st.none(), seat_ids),
    min_bet=st.integers(1, 100),
    limit=limits,
    pot_before=chips,
)
states = st.builds(
    HandState,
    round=st.one_of(st.none(), rounds),
    rounds=st.integers(0, 9),
    folded=st.frozensets(seat_ids, max_size=8),
    contributions=by_seat,
    antes=st.booleans(),
    awarded=st.booleans(),
    fees=by_seat,
    posted_blinds=by_seat,
)
events = st.builds(
    Event,
    kind=st.sampled_from(["ante", "round", "action", "charge", "award"]),
    seat=st.one_of(st.none(), seat_ids),
    detail=st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
    paid=by_seat,
)
accounts = st.dictionaries(
    st.text(min_size=1, max_size=12),
    st.builds(
        tally.AccountRef,
        pk=st.integers(1, 10**6),
        kind=st.sampled_from(["stack", "pot", "riding", "infraction"]),
        seat_id=st.one_of(st.none(), seat_ids),
        hand_id=st.one_of(st.none(), seat_ids),
    ),
    max_size=8,
)
tallies = st.builds(
    tally.Tally,
    accounts=accounts,
    balances=st.dictionaries(st.integers(1, 10**6), st.integers(-(10**9), 10**9), max_size=8),
    events=st.lists(events, max_size=12),
    state=states,
)


@pytest.mark.pure
@given(kept=tallies, through=st.integers(1, 10**9))
def test_a_tally_comes_back_from_json_exactly_as_it_was_kept(kept, through):
    rules = tally.rules_of(betting.Limit(), 1, [3, 1, 2])
    stored = json.loads(json.dumps(tally.encode(kept, through=through, rules=rules)))
    assert tally.decode(stored, through=through, rules=rules) == kept


@pytest.mark.pure
@given(kept=tallies, through=st.integers(1, 10**9))
def test_a_tally_is_refused_once_anything_is_posted_after_it_or_the_rules_change(kept, through):
    rules = tally.rules_of(betting.Limit(), 1, [3, 1, 2])
    stored = tally.encode(kept, through=through, rules=rules)
    assert tally.decode(stored, through=through + 1, rules=rules) is None
    assert tally.decode(stored, through=None, rules=rules) is None
    other = tally.rules_of(betting.Limit("pot_limit"), 1, [3, 1, 2])
    assert tally.decode(stored, through=through, rules=other) is None
    assert (
        tally.decode(stored, through=through, rules=tally.rules_of(betting.Limit(), 2, [3, 1, 2]))
        is None
    )
    assert (
        tally.decode(stored, through=through, rules=tally.rules_of(betting.Limit(), 1, [1, 2, 3]))
        is None
    )
    assert tally.decode(None, through=through, rules=rules) is None
    assert tally.decode({**stored, "v": tally.VERSION + 1}, through=through, rules=rules) is None


# --- Held to the journal through random nights ------------------------------------------------


def read_as_a_write_does(hand: Hand) -> tuple[hands.Play, bool]:
    """The hand read with its night's latest posting, and whether its tally was taken."""
    dated = hands.with_through(Hand.objects.filter(pk=hand.pk)).get()
    kept = hands.tally_data(dated)
    taken = tally.decode(kept, through=dated.through, rules=hands._rules(dated)) is not None
    return hands.load(dated), taken  # LEDGER_CHECK_TALLY holds a taken tally to the journal


def same_as_the_journal(play: hands.Play) -> None:
    fresh = hands._read(play.hand)
    assert play.state == fresh["state"]
    assert play.events == fresh["events"]
    assert {k: play.balances.get(a.pk, 0) for k, a in play.accounts.items()} == {
        k: fresh["balances"][a.pk] for k, a in fresh["accounts"].items()
    }


@pytest.mark.django_db
@settings(
    max_examples=30,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_hands_tally_is_taken_only_while_it_is_the_journals_replay(night, seats, group, data):
    with transaction.atomic():
        night, everyone = four_players(night, seats, group)
        by_id = {s.pk: s for s in everyone}
        for _ in range(2):
            hand = hands.hand_start(
                night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
            )
            play_one(data, hand, by_id)
        transaction.set_rollback(True)


def play_one(data, hand: Hand, by_id: dict) -> None:
    """Random writes on one hand until it is settled, each followed by a dated read."""
    for step in range(200):
        play, _ = read_as_a_write_does(hand)
        if play.hand.status == Hand.Status.SETTLED:
            return
        now = play.state
        writes = ["other"] if step < 20 else []  # then the hand plays on to its award
        if now.betting_open:
            writes += ["act"] * 4
        elif now.rounds < 3 and sum(1 for s in hand.seat_order if s not in now.folded) > 1:
            writes.append("round")
        if not now.betting_open:
            writes.append("award")
        write = data.draw(st.sampled_from(writes))
        own = write != "other"
        if write == "act":
            seat_id = betting.next_to_act(now.round)
            kind = data.draw(st.sampled_from(sorted(betting.legal(now.round, seat_id))))
            amount = 0
            if kind in ("bet", "raise"):
                low = betting.min_raise_to(now.round, seat_id)
                amount = data.draw(st.integers(low, betting.max_raise_to(now.round, seat_id)))
            play.act(by_id[seat_id], kind, amount, recorded_by=HOST)
        elif write == "round":
            play.round_start(recorded_by=HOST)
        elif write == "award":
            winners = [sorted(p.eligible)[:1] for p in play.showdown_pots()]
            play.award(winners=winners, recorded_by=HOST)
        else:
            other_write(data, hand, by_id)
        if own:
            same_as_the_journal(play)
        again, taken = read_as_a_write_does(hand)
        assert taken == own  # the hand's own write keeps it; anything else dates it
        same_as_the_journal(again)


def other_write(data, hand: Hand, by_id: dict) -> None:
    """A posting the hand's play did not make: a buy-in at the table, or an undo."""
    if data.draw(st.booleans()):
        seat = by_id[data.draw(st.sampled_from(sorted(by_id)))]
        seating.buy_in(
            night=hand.night, seat=seat, chips=data.draw(st.integers(1, 50)), recorded_by=HOST
        )
        return
    try:
        hands.undo(hand=Hand.objects.get(pk=hand.pk), recorded_by=HOST)
    except hands.LedgerError:  # nothing left to undo: buy in instead
        seating.buy_in(night=hand.night, seat=by_id[hand.seat_order[0]], chips=1, recorded_by=HOST)


@pytest.mark.django_db
def test_a_hand_read_before_its_own_posting_does_not_vouch_for_its_tally(night, seats, group):
    night, everyone = four_players(night, seats, group)
    hand = hands.hand_start(
        night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
    )
    play, _ = read_as_a_write_does(hand)
    play.round_start(recorded_by=HOST)
    dated = hands.with_through(Hand.objects.filter(pk=hand.pk)).get()
    hands.undo(hand=dated, recorded_by=HOST)  # posts on this very hand object
    assert not hasattr(dated, "through") or dated.__dict__.get("through") is None
    same_as_the_journal(hands.load(dated))


@pytest.mark.django_db
def test_a_tally_that_differs_from_the_journal_is_caught_when_checked(
    night, seats, group, settings
):
    settings.LEDGER_CHECK_TALLY = True
    night, everyone = four_players(night, seats, group)
    hand = hands.hand_start(
        night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
    )
    play, _ = read_as_a_write_does(hand)
    play.round_start(recorded_by=HOST)
    kept = HandTally.objects.get(hand=hand).data
    kept["balances"] = [[pk, chips + 1] for pk, chips in kept["balances"]]
    HandTally.objects.filter(hand=hand).update(data=kept)
    with pytest.raises(hands.TallyDiffers, match="balances"):
        read_as_a_write_does(hand)


@pytest.mark.django_db
def test_a_play_that_missed_a_posting_neither_vouches_for_balances_nor_keeps_a_tally(
    night, seats, group
):
    night, everyone = four_players(night, seats, group)
    by_id = {s.pk: s for s in everyone}
    hand = hands.hand_start(
        night=night, players=everyone, dealer=hands.next_dealer(night), recorded_by=HOST
    )
    play, _ = read_as_a_write_does(hand)
    play.round_start(recorded_by=HOST)
    seating.buy_in(night=night, seat=everyone[0], chips=5, recorded_by=HOST)  # play missed it
    turn = play.state.round.turn
    play.act(by_id[turn], "bet", 2, recorded_by=HOST)
    again, taken = read_as_a_write_does(hand)
    assert not taken  # the play's own stacks were a buy-in behind: its tally would be wrong
    assert again.stack(everyone[0].pk) == play.stack(everyone[0].pk) + 5
    play.act(by_id[again.state.round.turn], "call", recorded_by=HOST)
    assert not read_as_a_write_does(hand)[1]
