"""The showdown helper's fast paths give the answers trying every choice gives.

Issue 19, item 4: the helper's worst requests (25-card hands, every card
wild, paid wilds to choose among, points over the best five) are solved
without trying every subset. Each fast path here is held to a brute force
that does try every choice, in the order the helper always tried them, on
random hands (Hypothesis), long hands included, so the answers (ties and
their order too) are the ones the helper gave before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations, product
from math import comb, prod
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.showdown import ranking
from rulebook.showdown.cards import DECK, JOKER, SUITS, Card, parse_cards
from rulebook.showdown.evaluation import Holding, evaluate
from rulebook.showdown.points import Totals, card_values, choices_of, counted, side_key
from rulebook.showdown.rules import Points
from tests.rulebook.showdown_hands import game

pytestmark = pytest.mark.pure

SEED = 20260119
SIDES = ("high", "low")


# --- points: the best total of the cards that count -------------------------------------------


def every_subset_total(
    cards: list[Card], points: Points, side: str, target: float | None, fixed: dict[int, int]
) -> float:
    """Every subset of the counted size, each card's values in order: the first best total."""
    options = choices_of(cards, points, fixed)
    best: tuple | None = None
    best_total = 0.0
    for chosen in combinations(range(len(cards)), counted(cards, points)):
        for values in product(*(options[i] for i in chosen)):
            total = float(sum(values))
            key = side_key(total, side, target, points)
            if best is None or key > best:
                best, best_total = key, total
    return best_total


def fast_total(
    cards: list[Card], points: Points, side: str, target: float | None, fixed: dict[int, int]
) -> float:
    totals = Totals(choices_of(cards, points, fixed), counted(cards, points))
    return totals.best(lambda total: side_key(total, side, target, points))


def choices_tried(cards: list[Card], points: Points) -> int:
    """How many sums trying every choice adds up."""
    size = counted(cards, points)
    return comb(len(cards), size) * prod(len(card_values(c, points)) for c in cards)


points_st = st.builds(
    Points,
    ace=st.lists(st.sampled_from([1, 11, 15, 0.5, -1]), min_size=1, max_size=2, unique=True),
    faces=st.sampled_from([10, 0.5, 1, 0]),
    ten=st.sampled_from([10, 0, 1]),
    pips=st.booleans(),
    each=st.sampled_from([1, 0.5]),
    colour=st.booleans(),
    cards=st.sampled_from([None, 1, 2, 3, 5]),
    absolute=st.sampled_from(["none", "of_sum", "sum_of"]),
    targets=st.sampled_from([[], [7], [7, 27], [5, 21, 40]]),
)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.sampled_from(DECK), max_size=25, unique=True),
    points=points_st,
    data=st.data(),
)
def test_points_best_total_is_the_first_best_of_every_choice(hand, points, data):
    if choices_tried(hand, points) > 20_000:  # a long hand counting few cards, or all of them
        points = points.model_copy(update={"cards": data.draw(st.sampled_from([None, 1, 2]))})
    two_valued = [i for i, card in enumerate(hand) if len(card_values(card, points)) > 1]
    fixed: dict[int, int] = {}
    if two_valued:  # one way (each_way false): some two-valued cards already chose a value
        chosen = data.draw(st.sets(st.sampled_from(two_valued)))
        fixed = {i: data.draw(st.integers(0, 1)) for i in sorted(chosen)}
    for target in [None, *points.targets]:
        for side in SIDES:
            expected = every_subset_total(hand, points, side, target, fixed)
            got = fast_total(hand, points, side, target, fixed)
            assert (got, str(got)) == (expected, str(expected)), (side, target)


@pytest.mark.parametrize("absolute", ["of_sum", "sum_of"])
def test_points_the_best_five_of_25_cards_as_every_subset_gives(absolute):
    """The largest points hand the helper takes: 53,130 subsets of five, each side."""
    points = Points(ace=[15], colour=True, cards=5, absolute=absolute)
    hand = random.Random(SEED).sample(DECK, 25)
    for side in SIDES:
        assert fast_total(hand, points, side, None, {}) == every_subset_total(
            hand, points, side, None, {}
        )


def test_points_of_two_equally_good_totals_the_first_subset_in_order_decides():
    """+10 and -10 are as big once the sign is dropped: the first card tried wins the tie."""
    points = Points(colour=True, cards=1, absolute="of_sum")
    red_first = [Card(10, "h"), Card(10, "s")]
    assert fast_total(red_first, points, "high", None, {}) == 10
    assert fast_total(red_first[::-1], points, "high", None, {}) == -10
    # within one subset, the values in order: an ace as -1 before as +1
    ace = Points(ace=[1, -1], cards=1, absolute="of_sum")
    assert fast_total([Card(14, "h")], ace, "high", None, {}) == -1


# --- deuce-to-seven lows: five ranks that are neither a straight nor a flush -----------------


def old_accept(hand: ranking._Hand, size: int) -> Callable[[list[int]], bool]:
    """The acceptance test `_fill` searched deuce-to-seven high-card lows with."""

    def accept(ranks: list[int]) -> bool:
        if sorted(ranks) == list(range(min(ranks), min(ranks) + size)):
            return False
        if any(hand.have.get(r, 0) == 0 for r in ranks):
            return True  # a wild plays, and takes another suit
        return len({c.suit for r in ranks for c in hand.by_rank[r]}) > 1

    return accept


def searched_high_card(hand: ranking._Hand, size: int) -> list[int] | None:
    """The old way: every set of ranks in the search's order, with the old acceptance test."""
    accept = old_accept(hand, size)
    return every_fill((1,) * size, hand.have, len(hand.wilds), range(2, 15), accept)


def every_fill(
    pattern: tuple[int, ...],
    have: dict[int, int],
    wilds: int,
    domain: range,
    accept: Callable[[list[int]], bool] = lambda ranks: True,
) -> list[int] | None:
    """`_fill` without its pruning: every choice of ranks in its order, the first that fits.

    Each group takes a rank in `domain` order, a group after one of the same
    size a lower rank; a choice fits when the wilds cover what its ranks
    lack (and `accept` takes it).
    """

    def choices(idx: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if idx == len(pattern):
            yield used
            return
        same = idx and pattern[idx - 1] == pattern[idx]
        for rank in domain:
            if rank not in used and not (same and rank >= used[-1]):
                yield from choices(idx + 1, (*used, rank))

    for ranks in choices(0, ()):
        need = sum(max(0, q - have.get(r, 0)) for q, r in zip(pattern, ranks, strict=True))
        if need <= wilds and accept(list(ranks)):
            return list(ranks)
    return None


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 5).flatmap(lambda m: st.sampled_from(ranking._patterns(m, 5))),
    st.dictionaries(st.integers(1, 14), st.integers(1, 8), max_size=13),
    st.integers(0, 6),
    st.sampled_from([range(14, 1, -1), range(13, 0, -1), range(1, 14), range(2, 15)]),
)
def test_the_pruned_search_finds_the_first_fill_of_every_choice(pattern, have, wilds, domain):
    assert ranking._fill(pattern, have, wilds, domain) == every_fill(pattern, have, wilds, domain)


def every_suited(present: int, wilds: int, size: int, cls: str) -> list[int] | None:
    """The old way: every choice of the suit's ranks, the least hand of the class asked for."""
    held = [r for r in range(2, 15) if present >> r & 1]
    best = None
    for combo in combinations(held, max(0, size - wilds)):
        fill = [r for r in range(2, 15) if r not in combo][: size - len(combo)]
        ranks = sorted([*combo, *fill], reverse=True)
        straight = ranks == list(range(ranks[0], ranks[0] - size, -1))
        if straight == (cls == "straight_flush") and (best is None or ranks < best):
            best = ranks
    return best


def low_27_both_ways(cards: list[Card], wild: list[Card], **rules) -> tuple:
    """best_low's deuce-to-seven answer, then the same with the old searches in their place."""
    fast = ranking.best_low(cards, wild, kind="27", **rules)
    with (
        mock.patch.object(ranking, "_least_27_high_card", searched_high_card),
        mock.patch.object(ranking, "_least_suited", every_suited),
    ):
        old = ranking.best_low(cards, wild, kind="27", **rules)
    return fast, old


@st.composite
def few_suited_hands(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Up to 25 cards of one or two suits (flushes everywhere), some of them wild."""
    suits = draw(st.sets(st.sampled_from(SUITS), min_size=1, max_size=2))
    pool = [card for card in DECK if card.suit in suits]
    cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=25, unique=True))
    wild = draw(st.lists(st.sampled_from(cards), max_size=3, unique=True) | st.just([]))
    return cards, wild


@settings(max_examples=400, deadline=None)
@given(few_suited_hands(), st.sampled_from([2, 3, 4, 5]), st.booleans())
def test_deuce_to_seven_lows_are_the_old_searches_answer(hand, size, short):
    cards, wild = hand
    fast, old = low_27_both_ways(cards, wild, size=size, short=short)
    assert fast == old


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=25, unique=True), st.data())
def test_deuce_to_seven_lows_of_any_long_hand_are_the_old_searches_answer(cards, data):
    wild = data.draw(st.lists(st.sampled_from(cards), max_size=4, unique=True))
    fast, old = low_27_both_ways(cards, wild)
    assert fast == old


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "Straight, six high"),
        ("As Ks Qs Ts 9s 8s 7s 5s 4s 3s 2s", "Flush, seven high"),
        ("Ah Kh Qh Th 9h 8h 7h 5h 4h 3h", "Flush, eight high"),
        ("Ad Kd Qd Jd Td 9d 2d 3d 4d 5d 6d 7d 8d 2c", "Seven-five low"),
    ],
)
def test_one_suit_hands_are_forced_into_their_least_straight_or_flush(cards, name):
    fast, old = low_27_both_ways(parse_cards(cards), [])
    assert fast == old
    assert fast.name == name


# --- one hand asked with several sets of wilds ------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([*DECK, JOKER]), min_size=1, max_size=25, unique=True),
    st.data(),
    st.sampled_from([{}, {"natural_beats_wild": True}, {"size": 3}, {"suit_order": "shdc"}]),
)
def test_a_hand_asked_again_with_other_wilds_answers_as_a_fresh_one(cards, data, rules):
    """HighHand keeps the hand as held between questions; no answer may leak into the next."""
    hand = ranking.HighHand(cards, short=True, **rules)
    for _ in range(4):
        wild = data.draw(st.lists(st.sampled_from(cards), max_size=6, unique=True))
        assert hand.best(wild) == ranking.best_high(cards, wild, short=True, **rules)


# --- paid wilds: which of them count --------------------------------------------------------

TAXED = game("midnight-baseball")  # threes and nines wild, each only once paid for (wild tax)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=25, unique=True), st.data())
def test_paid_wilds_count_the_best_ones_every_choice_of_them_finds(cards, data):
    """Of the threes and nines held, the ones paid for that make the best hand, first in order."""
    paid_cards = sorted(c for c in cards if c.rank in (3, 9))
    paid = data.draw(st.integers(0, len(paid_cards)))
    result = evaluate(TAXED, {"Ann": Holding(tuple(cards), paid=paid)}, options=["wild-tax"])
    best = None
    for chosen in combinations(paid_cards, paid):
        made = ranking.best_high(cards, chosen, short=True)
        if made is not None and (best is None or made.key > best.key):
            best = made
    assert result.hands["Ann"].high == best
