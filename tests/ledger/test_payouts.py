"""The showdown's chips: the pots a hand ends with and where an award sends each chip.

Worked hands first, then properties over random hands: bets, folds, fees,
chips that rode in. The expectations come from the table's rules, said
again here in other words, never from the code under test.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.payouts import (
    CannotWin,
    PaidIn,
    PayoutRules,
    ShortToReturn,
    WinnerLists,
    declared_by_pot,
    pay_out,
    showdown_pots,
)
from ledger.core.pots import PotLayer, build_pots, declare_winners

pytestmark = pytest.mark.pure

A, B, C, D = 1, 2, 3, 4
ORDER = (A, B, C, D)  # D deals, so A sits on the dealer's left
RIDE = PayoutRules(no_winner="ride")
RETURN = PayoutRules(no_winner="return")


def paid_in(bets, *, fees=None, folded=(), rode_in=0, taken_out=0, side_pots=True, order=ORDER):
    fees = fees or {}
    return PaidIn(
        seat_order=tuple(order),
        bets=bets,
        fees=fees,
        folded=frozenset(folded),
        in_pot=sum(bets.values()) + sum(fees.values()) + rode_in - taken_out,
        side_pots=side_pots,
    )


def pot(amount, eligible, contributors):
    return PotLayer(amount, frozenset(eligible), frozenset(contributors))


# Worked hands


def test_a_fee_is_dead_money_in_the_main_pot_not_a_side_pot_of_its_own():
    # A all in for 50, B and C call 100 between them; C paid a 7-chip fine along the way.
    paid = paid_in({A: 50, B: 100, C: 100}, fees={C: 7})
    assert showdown_pots(paid) == [pot(150 + 7, {A, B, C}, {A, B, C}), pot(100, {B, C}, {B, C})]


def test_chips_that_rode_in_go_to_whoever_wins_the_main_pot():
    paid = paid_in({A: 10, B: 10}, rode_in=30)
    assert showdown_pots(paid) == [pot(50, {A, B}, {A, B})]
    assert pay_out(paid, showdown_pots(paid), [[B]], None, RIDE).payouts == {B: 50}


def test_a_pot_that_only_rode_in_is_one_pot_for_everyone_still_in():
    paid = paid_in({}, folded={B}, rode_in=12)
    assert showdown_pots(paid) == [pot(12, {A, C, D}, set())]


def test_chips_taken_out_of_the_pot_come_off_the_main_pot_first():
    # Main 150 (A B C), side 100 (B C); a rule paid 170 out of the pot during the hand.
    paid = paid_in({A: 50, B: 100, C: 100}, taken_out=170)
    assert showdown_pots(paid) == [pot(80, {B, C}, {B, C})]


def test_the_odd_chip_of_a_split_pot_goes_to_the_first_winner_from_the_dealers_left():
    paid = paid_in({A: 5, B: 5, C: 5})
    decided = pay_out(paid, showdown_pots(paid), [[C, B]], None, RIDE)
    assert decided.payouts == {B: 8, C: 7}


def test_a_high_low_pot_pays_each_half_and_the_odd_chip_goes_with_the_high_half():
    paid = paid_in({A: 5, B: 5, C: 5})
    decided = pay_out(paid, showdown_pots(paid), [[A]], [[C]], RIDE)
    assert decided.payouts == {A: 8, C: 7}
    assert decided.halves == {"high": {A: 8}, "low": {C: 7}}


def test_a_pot_nobody_wins_goes_back_to_who_bet_it_and_the_fees_to_who_paid_them():
    paid = paid_in({A: 20, B: 20}, fees={A: 3}, rode_in=10)
    decided = pay_out(paid, showdown_pots(paid), [[]], None, RETURN)
    assert decided.payouts == {A: 23, B: 20}
    assert decided.riding == 10  # nobody paid those chips this deal


def test_a_pot_paid_out_of_during_the_hand_cannot_go_back():
    paid = paid_in({A: 20, B: 20}, taken_out=5)
    with pytest.raises(ShortToReturn):
        pay_out(paid, showdown_pots(paid), [[]], None, RETURN)


def test_a_player_all_in_for_less_cannot_win_the_side_pot():
    paid = paid_in({A: 50, B: 100, C: 100})
    with pytest.raises(CannotWin) as refused:
        pay_out(paid, showdown_pots(paid), [[A], [A]], None, RIDE)
    assert (refused.value.seat, refused.value.pot) == (A, 1)


def test_every_pot_needs_its_own_list_of_winners():
    paid = paid_in({A: 50, B: 100, C: 100})
    with pytest.raises(WinnerLists):
        pay_out(paid, showdown_pots(paid), [[A]], None, RIDE)
    with pytest.raises(WinnerLists):
        pay_out(paid, showdown_pots(paid), [[A], [B]], [[C]], RIDE)


def test_a_short_all_in_declarer_takes_the_main_pot_but_not_the_side_pot():
    # A (all in for 50) and B both declare high, A's hand best; C declares low alone.
    pots = showdown_pots(paid_in({A: 50, B: 100, C: 100}))
    high, low = declared_by_pot(pots, {A: "high", B: "high", C: "low"}, [[A], [B]], [[C]])
    assert high == [[A], [B]]
    assert low == [[C], [C]]


# Random hands


@st.composite
def hands(draw, *, taken_out=False):
    """What a hand's pot is made of: bets, folds, fees and chips that rode in."""
    order = draw(st.lists(st.integers(1, 60), min_size=2, max_size=7, unique=True))
    bets = {s: c for s in order if (c := draw(st.integers(0, 200)))}
    fees = {s: c for s in order if (c := draw(st.integers(0, 30) | st.just(0)))}
    folded = draw(st.sets(st.sampled_from(order), max_size=len(order) - 1))
    rode_in = draw(st.integers(0, 100) | st.just(0))
    out = draw(st.integers(0, sum(bets.values()))) if taken_out else 0
    return paid_in(
        bets,
        fees=fees,
        folded=folded,
        rode_in=rode_in,
        taken_out=out,
        side_pots=draw(st.booleans()),
        order=order,
    )


def rules():
    return st.builds(
        PayoutRules,
        odd_chip=st.sampled_from(["seat_order", "first_left"]),
        odd_to=st.sampled_from(["high", "low"]),
        no_winner=st.sampled_from(["ride", "return"]),
    )


def some_of(draw, seats, *, at_least=0):
    return draw(st.lists(st.sampled_from(sorted(seats)), min_size=at_least, unique=True))


@settings(max_examples=300, deadline=None)
@given(hands(taken_out=True))
def test_the_showdown_pots_hold_every_chip_in_the_middle_and_none_is_empty(paid):
    built = showdown_pots(paid)
    assert sum(p.amount for p in built) == paid.in_pot
    assert all(p.amount > 0 for p in built)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_dead_money_goes_to_the_main_pot_and_leaves_the_side_pots_as_the_bets_made_them(paid):
    by_bets = build_pots(paid.bets, paid.folded, side_pots=paid.side_pots)
    dead = paid.in_pot - sum(paid.bets.values())  # the fees and what rode in
    built = showdown_pots(paid)
    if not by_bets:
        still_in = set(paid.seat_order) - paid.folded
        assert built == ([pot(dead, still_in, set())] if dead else [])
        return
    main, *sides = by_bets
    assert built[1:] == sides
    assert built[0] == pot(main.amount + dead, main.eligible, main.contributors)


@settings(max_examples=300, deadline=None)
@given(st.data(), hands(), rules())
def test_every_chip_of_a_pot_reaches_a_winner_or_rides(data, paid, house):
    built = showdown_pots(paid)
    winners = [some_of(data.draw, p.eligible, at_least=1) if p.eligible else [] for p in built]
    decided = pay_out(paid, built, winners, None, house)
    assert sum(decided.payouts.values()) + decided.riding == paid.in_pot
    assert all(chips >= 0 for chips in decided.payouts.values())
    assert decided.riding >= 0
    # To a winner; and a pot nobody can win (all who reach it folded) back to who paid in.
    named = {seat for pot_winners in winners for seat in pot_winners}
    payers = set(paid.bets) | set(paid.fees) if house.no_winner == "return" else set()
    assert set(decided.payouts) <= named | payers


@settings(max_examples=300, deadline=None)
@given(st.data(), hands(taken_out=True), rules())
def test_a_pot_goes_to_its_own_winners_and_the_pots_nobody_wins_ride(data, paid, house):
    built = showdown_pots(paid)
    if not built:
        return
    index = data.draw(st.integers(0, len(built) - 1))
    chosen = built[index]
    winners = [[] for _ in built]
    if chosen.eligible:
        winners[index] = some_of(data.draw, chosen.eligible, at_least=1)
    rule = PayoutRules(odd_chip=house.odd_chip, no_winner="ride")
    decided = pay_out(paid, built, winners, None, rule)
    assert set(decided.payouts) <= set(winners[index])
    assert sum(decided.payouts.values()) == (chosen.amount if winners[index] else 0)
    assert decided.riding == paid.in_pot - sum(decided.payouts.values())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 60), min_size=1, max_size=8, unique=True),
    st.integers(0, 1000),
    st.data(),
)
def test_tied_winners_share_alike_and_the_odd_chips_go_one_each_from_the_dealers_left(
    order, amount, data
):
    winners = some_of(data.draw, order, at_least=1)
    paid = PaidIn(tuple(order), {}, {}, frozenset(), amount)
    decided = pay_out(paid, [pot(amount, order, ())], [winners], None, PayoutRules())
    shares = [decided.payouts.get(seat, 0) for seat in order if seat in winners]
    even = amount // len(winners)
    assert sum(shares) == amount
    assert set(shares) <= {even, even + 1}
    # Those with an extra chip sit before those without, counting from the dealer's left.
    assert shares == sorted(shares, reverse=True)
    assert Counter(shares)[even + 1] == amount % len(winners)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 60), min_size=1, max_size=8, unique=True),
    st.integers(0, 1000),
    st.data(),
)
def test_with_first_left_the_first_winner_from_the_dealers_left_takes_every_odd_chip(
    order, amount, data
):
    winners = some_of(data.draw, order, at_least=1)
    paid = PaidIn(tuple(order), {}, {}, frozenset(), amount)
    rule = PayoutRules(odd_chip="first_left")
    decided = pay_out(paid, [pot(amount, order, ())], [winners], None, rule)
    first = next(seat for seat in order if seat in winners)
    even = amount // len(winners)
    for seat in winners:
        odd = amount - even * len(winners) if seat == first else 0
        assert decided.payouts.get(seat, 0) == even + odd


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 60), min_size=1, max_size=8, unique=True),
    st.integers(0, 1000),
    st.sampled_from(["high", "low"]),
    st.sampled_from(["seat_order", "first_left"]),
    st.data(),
)
def test_a_high_low_pot_goes_half_and_half_the_odd_chip_with_the_half_the_house_names(
    order, amount, odd_to, odd_chip, data
):
    high = some_of(data.draw, order)
    low = some_of(data.draw, order, at_least=0 if high else 1)
    paid = PaidIn(tuple(order), {}, {}, frozenset(), amount)
    rule = PayoutRules(odd_chip=odd_chip, odd_to=odd_to)
    decided = pay_out(paid, [pot(amount, order, ())], [high], [low], rule)
    high_half = sum(decided.halves["high"].values())
    low_half = sum(decided.halves["low"].values())
    assert high_half + low_half == sum(decided.payouts.values()) == amount
    assert set(decided.halves["high"]) <= set(high)
    assert set(decided.halves["low"]) <= set(low)
    if high and low:
        bigger = (amount + 1) // 2
        assert (high_half, low_half) == (
            (bigger, amount - bigger) if odd_to == "high" else (amount - bigger, bigger)
        )
    else:
        assert (high_half if high else low_half) == amount
    for seat in set(high) | set(low):
        won = decided.halves["high"].get(seat, 0) + decided.halves["low"].get(seat, 0)
        assert decided.payouts.get(seat, 0) == won


@settings(max_examples=300, deadline=None)
@given(hands())
def test_pots_nobody_wins_go_back_chip_for_chip_to_who_paid_them(paid):
    built = showdown_pots(paid)
    decided = pay_out(paid, built, [[] for _ in built], None, RETURN)
    paid_here = Counter(paid.bets) + Counter(paid.fees)
    assert {seat: chips for seat, chips in decided.payouts.items() if chips} == dict(paid_here)
    assert decided.riding == paid.in_pot - sum(paid_here.values())


@settings(max_examples=300, deadline=None)
@given(hands(taken_out=True))
def test_pots_nobody_wins_ride_whole_when_the_house_lets_them_ride(paid):
    built = showdown_pots(paid)
    decided = pay_out(paid, built, [[] for _ in built], None, RIDE)
    assert dict(decided.payouts) == {}
    assert decided.riding == paid.in_pot


@settings(max_examples=300, deadline=None)
@given(st.data(), hands())
def test_a_winner_named_for_a_pot_they_cannot_reach_is_refused(data, paid):
    built = showdown_pots(paid)
    out_of = [(i, s) for i, p in enumerate(built) for s in paid.seat_order if s not in p.eligible]
    if not out_of:
        return
    index, seat = data.draw(st.sampled_from(out_of))
    winners = [sorted(p.eligible)[:1] for p in built]
    winners[index] = [seat]
    with pytest.raises(CannotWin) as refused:
        pay_out(paid, built, winners, None, RIDE)
    assert (refused.value.seat, refused.value.pot) == (seat, index)


@st.composite
def declarations(draw, paid):
    """Who declares what, and the showdown's high and low orders (best group first)."""
    still_in = [s for s in paid.seat_order if s not in paid.folded]
    declared = {s: draw(st.sampled_from(["high", "low", "both"])) for s in still_in}
    high = draw(st.permutations(still_in))
    low = draw(st.permutations(still_in))
    return declared, [[s] for s in high], [[s] for s in low]


@settings(max_examples=300, deadline=None)
@given(st.data(), hands(), st.booleans())
def test_a_declarer_wins_only_pots_he_reaches_on_the_side_he_declared(data, paid, outright):
    built = showdown_pots(paid)
    declared, high_order, low_order = data.draw(declarations(paid))
    high, low = declared_by_pot(
        built, declared, high_order, low_order, both_must_win_outright=outright
    )
    assert len(high) == len(low) == len(built)
    for p, high_winners, low_winners in zip(built, high, low, strict=True):
        assert set(high_winners) <= p.eligible
        assert set(low_winners) <= p.eligible
        assert all(declared[s] in ("high", "both") for s in high_winners)
        assert all(declared[s] in ("low", "both") for s in low_winners)
        assert high_winners == sorted(high_winners)
        assert low_winners == sorted(low_winners)


@settings(max_examples=300, deadline=None)
@given(st.data(), hands(), st.booleans())
def test_a_pot_everyone_still_in_can_win_is_judged_as_the_whole_table(data, paid, outright):
    built = showdown_pots(paid)
    declared, high_order, low_order = data.draw(declarations(paid))
    high, low = declared_by_pot(
        built, declared, high_order, low_order, both_must_win_outright=outright
    )
    whole = declare_winners(declared, high_order, low_order, both_must_win_outright=outright)
    still_in = set(declared)
    for p, high_winners, low_winners in zip(built, high, low, strict=True):
        if p.eligible >= still_in:
            assert (frozenset(high_winners), frozenset(low_winners)) == whole
