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
from itertools import combinations, product
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cards import DECK, Card
from rulebook.points import Totals, card_values, choices_of, counted, side_key
from rulebook.showdown_rules import Points

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
