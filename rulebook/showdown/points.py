"""Points hands: what each card counts, and the best total of the cards that count.

Pure Python, no Django. A points game (`rulebook.showdown.rules.Points`) adds up card
values instead of making poker hands; with `cards` only the best that many
count for each side, and a card with two values (an ace as 1 or 11) counts
either. Trying every subset is C(25, 5) = 53,130 sums per side for one long
hand, about a second of CPU for a two-player request, so `Totals` works out
once, card by card, every total each tail of the hand can reach with each
number of cards, and each side reads its best total off them.

The answer is exactly the one trying every choice in order gives (subsets in
`itertools.combinations` order, then each card's values in order): of two
totals that are equally good for a side (+9 and -9 once the sign is
dropped), the one that order meets first, as the helper always showed it.
Totals are summed exactly; for values whose float sums are exact (whole
numbers and halves, as in every rule file) that is the float sum too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm

from rulebook.showdown.cards import Card
from rulebook.showdown.rules import Points

# A side's verdict on a total: larger is better.
SideKey = Callable[[float], tuple[float, ...]]


def card_values(card: Card, points: Points) -> list[float]:
    """What one card may count, smallest first."""
    if card.rank == 14:
        values = list(points.ace)
    elif card.rank >= 11:
        values = [points.faces]
    elif not points.pips:
        values = [points.each]
    elif card.rank == 10:
        values = [points.ten]
    else:
        values = [float(card.rank)]
    if points.colour and card.colour == "black":
        values = [-v for v in values]
    if points.absolute == "sum_of":
        values = [abs(v) for v in values]
    return sorted(set(values))


def side_key(total: float, side: str, target: float | None, points: Points) -> tuple[float, ...]:
    """How good a total is for a side (larger is better): nearest the target, else by size."""
    if target is not None:
        return (-abs(total - target), total <= target)
    size = abs(total) if points.absolute == "of_sum" else total
    return (size,) if side == "high" else (-size,)


class Totals:
    """Every total `size` of the cards can make, each card counting one of its values.

    `choices` holds each card's possible values in order. Values are scaled
    to exact integers (a float is a fraction over a power of two), so sums
    never round and a total is found again exactly. `tails[i][j]` is the set
    of sums of exactly j cards from `choices[i:]`; only the j that can still
    finish a choice are kept, so the work is about cards x size x totals.
    """

    def __init__(self, choices: Sequence[Sequence[float]], size: int):
        exact = [[Fraction(v) for v in values] for values in choices]
        self.scale = lcm(1, *(f.denominator for values in exact for f in values))
        self.choices = [[int(f * self.scale) for f in values] for values in exact]
        self.size = size
        self.tails = self._tails()

    def _tails(self) -> list[dict[int, set[int]]]:
        n, size = len(self.choices), self.size
        tails: list[dict[int, set[int]]] = [{} for _ in range(n + 1)]
        tails[n] = {0: {0}}
        for i in range(n - 1, -1, -1):
            after = tails[i + 1]
            # before card i at most i cards were taken, so j >= size - i; and j <= n - i
            for j in range(max(0, size - i), min(size, n - i) + 1):
                sums = set(after.get(j, ()))
                for value in self.choices[i] if j else ():
                    sums.update(s + value for s in after.get(j - 1, ()))
                tails[i][j] = sums
        return tails

    def best(self, key: SideKey) -> float:
        """The best total by `key`; of equally good ones, the first the old order met."""
        keyed = {total: key(total / self.scale) for total in self.tails[0].get(self.size, ())}
        top = max(keyed.values())
        tied = [total for total, k in keyed.items() if k == top]
        return min(tied, key=self.first) / self.scale if len(tied) > 1 else tied[0] / self.scale

    def first(self, total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The first choice, in the old order, making `total`: the cards, then their values.

        The earliest subset takes each card as soon as some value of it still
        lets the rest reach the total; then the earliest values, card by card.
        """
        picked: list[int] = []
        left = {total}
        for i, values in enumerate(self.choices):
            need = self.size - len(picked)
            if need == 0:
                break
            after = self.tails[i + 1]
            taken = {r - v for r in left for v in values if r - v in after.get(need - 1, ())}
            if taken:
                picked.append(i)
                left = taken
            else:
                left = {r for r in left if r in after.get(need, ())}
        return tuple(picked), self._first_values(picked, total)

    def _first_values(self, picked: list[int], total: int) -> tuple[int, ...]:
        """The earliest values (their indexes) of the picked cards that add up to `total`."""
        rest: list[set[int]] = [{0}]  # rest[k]: sums of the last k picked cards
        for i in reversed(picked):
            rest.append({v + s for v in self.choices[i] for s in rest[-1]})
        indexes: list[int] = []
        left = total
        for k, i in enumerate(picked):
            after = rest[len(picked) - k - 1]
            at = next(n for n, v in enumerate(self.choices[i]) if left - v in after)
            indexes.append(at)
            left -= self.choices[i][at]
        return tuple(indexes)


def choices_of(
    cards: Sequence[Card], points: Points, fixed: dict[int, int] | None = None
) -> list[list[float]]:
    """Each card's values, or the one value `fixed` chose for it (by index)."""
    found = []
    for i, card in enumerate(cards):
        values = card_values(card, points)
        found.append([values[fixed[i]]] if fixed and i in fixed else values)
    return found


def counted(cards: Sequence[Card], points: Points) -> int:
    """How many cards count: `points.cards`, or all of them."""
    return min(points.cards or len(cards), len(cards))
