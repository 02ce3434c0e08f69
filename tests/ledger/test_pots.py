"""Pots and side pots, odd chips, high-low splits and declarations, worked by hand."""

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.pots import (
    NO_HAND,
    NO_SUCH_POT,
    NO_WINNERS,
    NOT_ELIGIBLE,
    NOT_SEATED,
    POT_WITHOUT_WINNER,
    POTS_MISMATCH,
    WINNER_LISTS,
    PotError,
    PotLayer,
    award,
    build_pots,
    declare_winners,
    return_contributions,
    split,
    split_halves,
    split_high_low,
)

pytestmark = pytest.mark.pure

A, B, C, D, E = 1, 2, 3, 4, 5
ORDER = (A, B, C, D, E)  # E deals, so A sits on the dealer's left


def pot(amount, eligible, contributors):
    return PotLayer(
        amount=amount, eligible=frozenset(eligible), contributors=frozenset(contributors)
    )


# Building pots


def test_three_all_ins_at_different_amounts_make_a_main_pot_and_two_side_pots():
    # A all in 50, B all in 120, C all in 200, D calls 200 (570 in all):
    # main 4 x 50 = 200 (ABCD), side 3 x 70 = 210 (BCD), side 2 x 80 = 160 (CD).
    pots = build_pots({A: 50, B: 120, C: 200, D: 200}, folded=())
    assert pots == [
        pot(200, {A, B, C, D}, {A, B, C, D}),
        pot(210, {B, C, D}, {B, C, D}),
        pot(160, {C, D}, {C, D}),
    ]
    assert sum(p.amount for p in pots) == 570


def test_folded_players_chips_stay_in_pots_they_cannot_win():
    # A all in 30, B bets 80, C raises to 150, D calls, B folds (410 in all).
    # Levels only at 30 and 150, where players still in stopped:
    # main 4 x 30 = 120 (ACD); side B's other 50 + 120 + 120 = 290 (CD).
    pots = build_pots({A: 30, B: 80, C: 150, D: 150}, folded={B})
    assert pots == [
        pot(120, {A, C, D}, {A, B, C, D}),
        pot(290, {C, D}, {B, C, D}),
    ]


def test_all_in_for_less_than_the_call_wins_only_the_main_pot():
    # A bets 100, B calls all in for 35, C calls 100:
    # main 3 x 35 = 105 (ABC), side 2 x 65 = 130 (AC).
    pots = build_pots({A: 100, B: 35, C: 100}, folded=())
    assert pots == [pot(105, {A, B, C}, {A, B, C}), pot(130, {A, C}, {A, C})]
    # B has the best hand, A the second best: B takes 105, A the 130 B could not reach.
    assert award(pots, [{B}, {A}], ORDER, "seat_order") == {B: 105, A: 130}


def test_ties_in_a_side_pot_only_split_that_pot():
    # A all in 50, B C D each 175: main 4 x 50 = 200 (ABCD), side 3 x 125 = 375 (BCD).
    # A wins the main pot alone; B and C tie for the side pot: 375 = 187 + 187 + 1 odd chip.
    # B deals, so the seat order starts at C: C gets the odd chip though B has the lower number.
    pots = build_pots({A: 50, B: 175, C: 175, D: 175}, folded=())
    assert [p.amount for p in pots] == [200, 375]
    taken = award(pots, [{A}, {B, C}], seat_order=(C, D, A, B), odd_chip="seat_order")
    assert taken == {A: 200, C: 188, B: 187}


def test_players_who_put_in_nothing_are_in_no_pot():
    pots = build_pots({A: 20, B: 20, C: 0}, folded=())
    assert pots == [pot(40, {A, B}, {A, B})]
    assert build_pots({}, folded=()) == []
    assert build_pots({A: 0}, folded=()) == []


def test_a_pot_everyone_in_folded_is_kept_with_nobody_eligible():
    # Everyone folded: 10 + 20 = 30 chips nobody can win, still one pot.
    assert build_pots({A: 10, B: 20}, folded={A, B}) == [pot(30, set(), {A, B})]
    # A folded after putting in more than B's 40: main 2 x 40 = 80 (B), A's other 20 in a pot
    # nobody can win (ride or return is the caller's rule).
    assert build_pots({A: 60, B: 40}, folded={A}) == [pot(80, {B}, {A, B}), pot(20, set(), {A})]


def test_without_side_pots_a_broke_player_stays_in_and_can_win_everything():
    # Trash Poker: A ran out after 20, B and C put in 100, D folded after 50.
    # One pot of 20 + 100 + 100 + 50 = 270; A, B and C can win it.
    pots = build_pots({A: 20, B: 100, C: 100, D: 50}, folded={D}, side_pots=False)
    assert pots == [pot(270, {A, B, C}, {A, B, C, D})]
    assert award(pots, [{A}], ORDER, "seat_order") == {A: 270}


def test_negative_contributions_are_refused():
    with pytest.raises(PotError):
        build_pots({A: -5}, folded=())


# Odd chips


def test_odd_chips_in_seat_order_vs_to_the_first_winner_left_of_the_dealer():
    # B deals: the order from his left is C D E A B. A, B and E tie; in seat order E, A, B.
    order = (C, D, E, A, B)
    # 10 / 3 = 3 rest 1: both rules give the one odd chip to E.
    assert split(10, {A, B, E}, order, "seat_order") == {E: 4, A: 3, B: 3}
    assert split(10, {A, B, E}, order, "first_left") == {E: 4, A: 3, B: 3}
    # 11 / 3 = 3 rest 2: one each to E and A, or both to E.
    assert split(11, {A, B, E}, order, "seat_order") == {E: 4, A: 4, B: 3}
    assert split(11, {A, B, E}, order, "first_left") == {E: 5, A: 3, B: 3}


def test_split_needs_seated_winners():
    with pytest.raises(PotError, match=NO_WINNERS):
        split(10, set(), ORDER, "seat_order")
    with pytest.raises(PotError) as error:
        split(10, {A, 9}, ORDER, "seat_order")
    assert str(error.value) == NOT_SEATED.format(seat=9)


def test_award_refuses_a_winner_who_cannot_win_that_pot():
    pots = build_pots({A: 50, B: 120, C: 120}, folded=())
    with pytest.raises(PotError) as error:
        award(pots, [{A}, {A}], ORDER, "seat_order")
    assert str(error.value) == NOT_ELIGIBLE.format(seat=A, pot=1)
    with pytest.raises(PotError) as error:
        award(pots, [{A}, set()], ORDER, "seat_order")
    assert str(error.value) == POT_WITHOUT_WINNER.format(pot=1)
    with pytest.raises(PotError) as error:
        award(pots, [{A}], ORDER, "seat_order")
    assert str(error.value) == WINNER_LISTS.format(pots=2, winners=1)


def test_award_refuses_a_folded_winner():
    pots = build_pots({A: 30, B: 80, C: 150, D: 150}, folded={B})
    with pytest.raises(PotError) as error:
        award(pots, [{B}, {C}], ORDER, "seat_order")
    assert str(error.value) == NOT_ELIGIBLE.format(seat=B, pot=0)


# High-low


def test_high_low_split_gives_the_odd_chip_to_high():
    # 25 = 12 + 12 + 1: high gets 13, low 12 (or the other way round).
    assert split_high_low(25, {A}, {B}, ORDER, "seat_order") == {A: 13, B: 12}
    assert split_high_low(25, {A}, {B}, ORDER, "seat_order", odd_to="low") == {A: 12, B: 13}


def test_tied_low_shares_the_low_half():
    # 27: high half 14 to A; low half 13 to B and C = 6 + 6 + 1, the odd chip to B (first left).
    assert split_high_low(27, {A}, {B, C}, ORDER, "seat_order") == {A: 14, B: 7, C: 6}


def test_one_player_winning_both_ways_scoops():
    assert split_high_low(25, {A}, {A}, ORDER, "seat_order") == {A: 25}
    # A wins high alone and ties B for low: 13 + 6, B 6.
    assert split_high_low(25, {A}, {A, B}, ORDER, "seat_order") == {A: 19, B: 6}


def test_the_halves_apart_say_what_each_winner_took_as_high_and_as_low():
    # 13 = 6 + 6 + 1: the odd chip goes with the half odd_to names.
    assert split_halves(13, {A}, {B}, ORDER, "seat_order") == ({A: 7}, {B: 6})
    assert split_halves(13, {A}, {B}, ORDER, "seat_order", odd_to="low") == ({A: 6}, {B: 7})
    # A scoops one half and ties the other: each half on its own.
    assert split_halves(13, {A, B}, {A}, ORDER, "seat_order", odd_to="low") == (
        {A: 3, B: 3},
        {A: 7},
    )
    # One side alone takes every chip.
    assert split_halves(13, set(), {C}, ORDER, "seat_order") == ({}, {C: 13})


def test_with_no_low_the_high_takes_the_whole_pot():
    assert split_high_low(25, {A}, set(), ORDER, "seat_order") == {A: 25}
    assert split_high_low(25, set(), {B, C}, ORDER, "first_left") == {B: 13, C: 12}
    with pytest.raises(PotError, match=NO_WINNERS):
        split_high_low(25, set(), set(), ORDER, "seat_order")


# Declarations


def test_declaring_both_and_tying_one_way_wins_nothing():
    # A declares both: ties B for high, best low. A is out; B takes high, C low.
    declared = {A: "both", B: "high", C: "low"}
    high, low = declare_winners(declared, [{A, B}, {C}], [{A}, {C}, {B}])
    assert (high, low) == ({B}, {C})
    # 40 chips: 20 each; A gets none.
    assert split_high_low(40, high, low, ORDER, "seat_order") == {B: 20, C: 20}


def test_declaring_both_may_tie_when_outright_wins_are_not_required():
    # Same hands: A shares high with B and wins low.
    # 40: high half 20 = 10 + 10, low half 20 to A: A 30, B 10, C nothing.
    declared = {A: "both", B: "high", C: "low"}
    high, low = declare_winners(
        declared, [{A, B}, {C}], [{A}, {C}, {B}], both_must_win_outright=False
    )
    assert (high, low) == ({A, B}, {A})
    assert split_high_low(40, high, low, ORDER, "seat_order") == {A: 30, B: 10}


def test_declaring_both_and_losing_one_way_wins_nothing_even_when_ties_are_allowed():
    declared = {A: "both", B: "high", C: "low"}
    high, low = declare_winners(
        declared, [{A}, {B}, {C}], [{C}, {A}, {B}], both_must_win_outright=False
    )
    assert (high, low) == ({B}, {C})


def test_declaring_both_and_winning_both_ways_outright_scoops():
    declared = {A: "both", B: "high", C: "low"}
    assert declare_winners(declared, [{A}, {B}, {C}], [{A}, {C}, {B}]) == ({A}, {A})


def test_two_both_declarers_who_beat_each_other_one_way_each_both_lose():
    # A is best high, B best low; both declared both, so neither won both ways.
    # C (high) and D (low) are what is left.
    declared = {A: "both", B: "both", C: "high", D: "low"}
    high, low = declare_winners(declared, [{A}, {B}, {C}, {D}], [{B}, {A}, {D}, {C}])
    assert (high, low) == ({C}, {D})


def test_a_side_nobody_declared_is_empty():
    declared = {A: "high", B: "high"}
    high, low = declare_winners(declared, [{B}, {A}], [{A}, {B}])
    assert (high, low) == ({B}, set())
    assert split_high_low(25, high, low, ORDER, "seat_order") == {B: 25}


def test_every_declarer_needs_a_hand_in_the_order():
    with pytest.raises(PotError) as error:
        declare_winners({A: "both", B: "high"}, [{A}, {B}], [{B}])
    assert str(error.value) == NO_HAND.format(seat=A, declaration="both", side="low")


# Giving back a pot nobody can win


def test_return_contributions_gives_back_each_players_part_of_a_pot():
    # From the folded example: side pot 290 = B 80 - 30, C 150 - 30, D 150 - 30.
    contributions = {A: 30, B: 80, C: 150, D: 150}
    pots = build_pots(contributions, folded={B})
    assert return_contributions(contributions, pots, 0) == {A: 30, B: 30, C: 30, D: 30}
    assert return_contributions(contributions, pots, 1) == {B: 50, C: 120, D: 120}


def test_return_contributions_of_a_pot_without_side_pots_is_everything_put_in():
    contributions = {A: 20, B: 100, C: 100, D: 50}
    pots = build_pots(contributions, folded={D}, side_pots=False)
    assert return_contributions(contributions, pots, 0) == contributions


def test_return_contributions_refuses_pots_from_other_contributions():
    pots = build_pots({A: 30, B: 80}, folded=())
    with pytest.raises(PotError, match=POTS_MISMATCH):
        return_contributions({A: 30, B: 81}, pots, 1)
    with pytest.raises(PotError) as error:
        return_contributions({A: 30, B: 80}, pots, 2)
    assert str(error.value) == NO_SUCH_POT.format(pot=2)


# Properties

SEATS = list(range(1, 10))


@st.composite
def tables(draw):
    """Contributions of up to nine seats, who folded, and the order from the dealer's left."""
    seats = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=9, unique=True))
    chips = st.integers(0, 300) | st.sampled_from([0, 25, 50, 100])  # repeats make ties
    contributions = {seat: draw(chips) for seat in seats}
    folded = draw(st.sets(st.sampled_from(seats)))
    dealer = draw(st.integers(0, len(seats) - 1))
    seat_order = seats[dealer + 1 :] + seats[: dealer + 1]
    return contributions, folded, seat_order


@settings(max_examples=300, deadline=None)
@given(tables(), st.booleans())
def test_pots_hold_exactly_the_chips_put_in(table, side_pots):
    contributions, folded, _ = table
    pots = build_pots(contributions, folded, side_pots=side_pots)
    assert sum(p.amount for p in pots) == sum(contributions.values())
    assert all(p.amount > 0 and p.eligible <= p.contributors for p in pots)
    in_and_paid = {s for s, a in contributions.items() if a > 0 and s not in folded}
    if pots:
        assert pots[0].eligible == in_and_paid
    for lower, upper in pairwise(pots):
        assert upper.eligible < lower.eligible


@settings(max_examples=300, deadline=None)
@given(tables())
def test_a_player_can_win_from_each_other_player_at_most_what_he_put_in(table):
    contributions, folded, _ = table
    pots = build_pots(contributions, folded)
    for seat, own in contributions.items():
        if seat in folded or own == 0:
            continue
        reachable = sum(p.amount for p in pots if seat in p.eligible)
        assert reachable == sum(min(own, other) for other in contributions.values())


@settings(max_examples=300, deadline=None)
@given(tables(), st.booleans())
def test_returning_every_pot_gives_each_player_back_his_contribution(table, side_pots):
    contributions, folded, _ = table
    pots = build_pots(contributions, folded, side_pots=side_pots)
    returned: dict[int, int] = {}
    for index, each in enumerate(pots):
        shares = return_contributions(contributions, pots, index)
        assert sum(shares.values()) == each.amount
        assert shares.keys() == each.contributors
        assert all(chips > 0 for chips in shares.values())
        for seat, chips in shares.items():
            returned[seat] = returned.get(seat, 0) + chips
    assert returned == {s: a for s, a in contributions.items() if a > 0}


@settings(max_examples=300, deadline=None)
@given(tables(), st.booleans(), st.sampled_from(["seat_order", "first_left"]), st.data())
def test_award_gives_out_exactly_the_pots(table, side_pots, odd_chip, data):
    contributions, folded, seat_order = table
    pots = [p for p in build_pots(contributions, folded, side_pots=side_pots) if p.eligible]
    winners = [data.draw(st.sets(st.sampled_from(sorted(p.eligible)), min_size=1)) for p in pots]
    taken = award(pots, winners, seat_order, odd_chip)
    assert sum(taken.values()) == sum(p.amount for p in pots)
    assert all(chips >= 0 for chips in taken.values())
    assert set(taken) == set().union(*winners)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), tables(), st.data())
def test_split_shares_within_one_chip_in_seat_order(amount, table, data):
    _, _, seat_order = table
    winners = data.draw(st.sets(st.sampled_from(seat_order), min_size=1))
    share = amount // len(winners)
    shares = split(amount, winners, seat_order, "seat_order")
    assert sum(shares.values()) == amount
    assert set(shares.values()) <= {share, share + 1}
    # The extra chips went to the winners nearest the dealer's left.
    ordered = [s for s in seat_order if s in winners]
    assert [shares[s] for s in ordered] == sorted(shares.values(), reverse=True)

    first_left = split(amount, winners, seat_order, "first_left")
    assert sum(first_left.values()) == amount
    assert all(first_left[s] == share for s in ordered[1:])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), tables(), st.sampled_from(["high", "low"]), st.data())
def test_high_low_halves_differ_by_at_most_the_odd_chip(amount, table, odd_to, data):
    _, _, seat_order = table
    high = data.draw(st.sets(st.sampled_from(seat_order), min_size=1))
    low = data.draw(st.sets(st.sampled_from(seat_order), min_size=1))
    shares = split_high_low(amount, high, low, seat_order, "seat_order", odd_to=odd_to)
    assert sum(shares.values()) == amount
    assert set(shares) == high | low
    assert all(chips >= 0 for chips in shares.values())


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_both_declarer_who_wins_anything_outright_wins_alone_both_ways(data):
    seats = data.draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=7, unique=True))
    declared = {s: data.draw(st.sampled_from(["high", "low", "both"])) for s in seats}
    rank = st.integers(0, 3)  # few ranks make ties
    high_rank = {s: data.draw(rank) for s in seats}
    low_rank = {s: data.draw(rank) for s in seats}
    high_order = [{s for s in seats if high_rank[s] == r} for r in range(4)]
    low_order = [{s for s in seats if low_rank[s] == r} for r in range(4)]
    high, low = declare_winners(declared, high_order, low_order)
    assert all(declared[s] != "low" for s in high)
    assert all(declared[s] != "high" for s in low)
    for seat in (high | low) & {s for s, d in declared.items() if d == "both"}:
        assert high == low == {seat}
    if any(d != "low" for d in declared.values()) and not high:
        # Only both-declarers wanted high, and they all failed.
        assert all(declared[s] == "both" for s in seats if declared[s] != "low")


def test_a_bet_not_yet_called_makes_no_side_pot_while_players_can_still_bet():
    # Blinds 1 and 2 posted, nobody all in: one pot of 3 that all three can win.
    built = build_pots({1: 1, 2: 2}, folded=set(), still_betting={1, 2, 3})
    assert [(p.amount, p.eligible) for p in built] == [(3, frozenset({1, 2, 3}))]


def test_mid_round_only_an_all_in_player_makes_a_side_pot():
    # Ann bet 110 (chips behind), Bob is all in for 8, Cat still to act with 4 in:
    # Bob can win 8 from each of the three (the main pot, 20); the rest (102) is a side pot.
    built = build_pots({1: 110, 2: 8, 3: 4}, folded=set(), still_betting={1, 3})
    assert [(p.amount, p.eligible) for p in built] == [
        (20, frozenset({1, 2, 3})),
        (102, frozenset({1, 3})),
    ]
