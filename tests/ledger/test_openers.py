"""Who opens a betting round when the table names nobody, and who acts first in it.

Worked seatings, then random ones. The expected seat is found by walking
round the whole table from the dealer's left, as a dealer would, never by the
code under test.
"""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ledger.core.openers import (
    blinds_by_convention,
    default_opener,
    first_to_act,
    left_of_dealer,
    named_by_the_step,
    next_turn,
)

pytestmark = pytest.mark.pure

A, B, C, D, E = 1, 2, 3, 4, 5  # E deals, so A sits on the dealer's left


def test_with_no_blinds_the_player_on_the_dealers_left_opens():
    assert default_opener([A, B, C, D, E], blinds=()) == A


def test_after_the_blinds_the_player_left_of_the_big_blind_opens():
    assert default_opener([A, B, C, D, E], blinds={A: 1, B: 2}) == C


def test_after_blinds_that_reach_the_dealer_the_small_blind_opens_again():
    # Heads up: A posts the small blind, B (the dealer) the big.
    assert default_opener([A, B], blinds={A: 1, B: 2}) == A


def test_a_folded_player_left_of_the_big_blind_is_passed_over():
    # C folded: the seats still in are A, B, D, E.
    assert default_opener([A, B, D, E], blinds={A: 1, B: 2}) == D


def test_nobody_opens_with_nobody_in():
    assert default_opener([], blinds=()) is None


def test_the_opener_acts_first_unless_all_in():
    assert first_to_act([A, B, C], A, {A: 10, B: 10, C: 10}) == A
    assert first_to_act([A, B, C], A, {A: 0, B: 0, C: 10}) == C
    assert first_to_act([A, B, C], B, {A: 10, B: 0, C: 0}) == A


def test_with_everyone_all_in_the_opener_still_acts_first():
    assert first_to_act([A, B, C], B, {A: 0, B: 0, C: 0}) == B


def test_left_of_the_dealer_posts_the_small_blind_the_next_the_big_and_the_next_acts():
    assert blinds_by_convention([A, B, C, D, E]) == (A, B, C)


def test_three_handed_the_dealer_acts_first_after_the_blinds():
    assert blinds_by_convention([A, B, E]) == (A, B, E)


def test_heads_up_the_dealer_posts_the_small_blind_and_acts_first():
    assert blinds_by_convention([A, E]) == (E, A, E)


def test_a_blind_rule_names_the_player_one_or_two_seats_left_of_the_dealer():
    assert left_of_dealer([A, B, C, D, E], E, 1) == A
    assert left_of_dealer([A, B, C, D, E], E, 2) == B
    assert left_of_dealer([A, B, E], E, 2) == B


def test_with_the_dealer_sitting_out_the_count_starts_at_the_first_seat():
    assert left_of_dealer([A, B, C], E, 1) == A
    assert left_of_dealer([A, B, C], E, 2) == B


@st.composite
def seatings(draw):
    """A table in seat order from the dealer's left, who folded, and the blinds booked."""
    order = draw(st.lists(st.integers(1, 99), min_size=2, max_size=9, unique=True))
    folded = draw(st.sets(st.sampled_from(order), max_size=len(order) - 1))
    in_hand = [s for s in order if s not in folded]
    blinds = draw(st.dictionaries(st.sampled_from(in_hand), st.integers(1, 50), max_size=3))
    return order, folded, in_hand, blinds


def walk_from(order, after, folded):
    """Round the whole table from the seat after `after`, the first player not folded."""
    start = order.index(after) + 1
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if seat not in folded:
            return seat
    raise AssertionError("nobody in")


@settings(max_examples=300, deadline=None)
@given(seatings())
def test_the_opener_after_blinds_sits_next_left_of_the_last_blind_for_any_seating(seating):
    order, folded, in_hand, blinds = seating
    opener = default_opener(in_hand, blinds)
    if blinds:
        last_blind = max(blinds, key=order.index)  # the furthest from the dealer's left
        assert opener == walk_from(order, last_blind, folded)
    else:
        assert opener == next(s for s in order if s not in folded)
    assert opener not in folded


@settings(max_examples=300, deadline=None)
@given(seatings(), st.data())
def test_the_first_to_act_is_the_first_with_chips_from_the_opener_round(seating, data):
    _, _, in_hand, _ = seating
    opener = data.draw(st.sampled_from(in_hand))
    stacks = {s: data.draw(st.integers(0, 3)) for s in in_hand}
    first = first_to_act(in_hand, opener, stacks)
    assert first in in_hand
    if not any(stacks.values()):
        assert first == opener
        return
    assert stacks[first] > 0
    # Everyone the turn passed over, from the opener round to the first, is all in.
    passed = []
    seat = opener
    while seat != first:
        passed.append(seat)
        seat = in_hand[(in_hand.index(seat) + 1) % len(in_hand)]
    assert all(stacks[s] == 0 for s in passed)


@settings(max_examples=300, deadline=None)
@given(seatings())
def test_the_blinds_by_convention_sit_left_of_the_dealer_for_any_seating(seating):
    order, folded, in_hand, _ = seating
    assume(len(in_hand) >= 2)  # a round needs two players
    small, big, first = blinds_by_convention(in_hand)
    dealer = order[-1]  # seat order runs from the dealer's left, so the dealer sits last
    if len(in_hand) == 2:
        # Heads up: the one nearer the deal (the dealer, if in) posts the small blind and acts.
        nearer = max(in_hand, key=order.index)
        assert small == first == nearer
        assert big == walk_from(order, nearer, folded)
        return
    assert small == walk_from(order, dealer, folded)
    assert big == walk_from(order, small, folded)
    assert first == walk_from(order, big, folded)
    assert len({small, big}) == 2


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 99), min_size=2, max_size=9, unique=True),
    st.booleans(),
    st.integers(1, 2),
)
def test_the_seat_left_of_the_dealer_is_that_many_seats_round_for_any_seating(
    table, dealer_plays, steps
):
    # Seat order runs from the dealer's left: the dealer, if dealt in, sits last.
    order, dealer = (table, table[-1]) if dealer_plays else (table[:-1], table[-1])
    seat = left_of_dealer(order, dealer, steps)
    walked = dealer if dealer_plays else order[-1]  # an empty chair is no step
    for _ in range(steps):
        walked = order[(order.index(walked) + 1) % len(order)]
    assert seat == walked


# A game played one player at a time with no betting round (a bet against the pot on each
# turn): the turns go round once from the dealer's left, E (the dealer) last.


def test_with_no_turn_booked_the_player_on_the_dealers_left_has_the_turn():
    assert next_turn([A, B, C, D, E], taken=[]) == A


def test_the_turn_passes_to_the_seat_after_the_last_turn_booked():
    assert next_turn([A, B, C, D, E], taken=[A, B]) == C


def test_two_bets_on_one_turn_keep_the_turn_going_round_from_that_player():
    # A pair split in two (Palansky): B books two bets on one turn.
    assert next_turn([A, B, C, D, E], taken=[A, B, B]) == C


def test_a_player_out_of_the_hand_is_passed_over():
    assert next_turn([A, B, C, D, E], taken=[A], out={B, C}) == D


def test_once_the_dealer_has_had_a_turn_the_round_is_done():
    assert next_turn([A, B, C, D, E], taken=[A, B, C, D, E]) is None
    assert next_turn([A, B, C, D, E], taken=[A, B, C], out={D, E}) is None


def test_a_step_naming_the_dealer_opens_at_the_dealer_when_the_dealer_is_in():
    assert named_by_the_step("dealer", 4, [1, 2, 3, 4], 0) == 4
    assert named_by_the_step("dealer", 4, [1, 2, 3], 0) is None  # the dealer folded


def test_a_rotating_opener_moves_one_seat_left_each_round():
    assert [named_by_the_step("rotating", 4, [1, 2, 3], n) for n in range(4)] == [1, 2, 3, 1]


def test_the_first_knocker_still_in_opens_and_other_openers_are_the_tables_to_name():
    assert named_by_the_step("first_knocker", 4, [1, 3], 0, knockers=[2, 3]) == 3
    assert named_by_the_step("left_of_dealer", 4, [1, 2], 0) is None
    assert named_by_the_step("dealer", 4, [], 0) is None
