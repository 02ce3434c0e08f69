"""A group's results across its nights: each person's nights played and nets, night by night.

Pure Python, no Django. The page reads each ended night's nets (chips and
money, from `ledger.selectors.night_results.results`) into `NightNets`, and this module adds them
up: per person the nights played, the chips and the money won or lost in
each and in total, and the running total night after night for the chart.
Money is summed per currency, since a group may play in more than one;
chips are summed as they are, whatever each night's chips were worth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass(frozen=True)
class Net:
    chips: int
    money: Decimal


@dataclass(frozen=True)
class NightNets:
    """One ended night: its currency and each player's net, by person."""

    night: Hashable
    currency: str
    nets: Mapping[Hashable, Net]


@dataclass
class Standing:
    """One person across the nights: how many they played, and what they won or lost."""

    person: Hashable
    nights: int = 0
    chips: int = 0
    money: dict[str, Decimal] = field(default_factory=dict)
    # The night's net for each night played, in the nights' order.
    per_night: dict[Hashable, Net] = field(default_factory=dict)

    def money_in(self, currency: str) -> Decimal:
        return self.money.get(currency, Decimal(0))


def standings(nights: Sequence[NightNets], people: Sequence[Hashable]) -> list[Standing]:
    """Every person, those who played first: most won in the main currency first, then roster order.

    `people` is the roster in its order; someone on it who played no night
    has a standing of nothing. A person not on the roster but in a night's
    nets is added after it.
    """
    table = {p: Standing(person=p) for p in people}
    for night in nights:
        for person, net in night.nets.items():
            row = table.setdefault(person, Standing(person=person))
            row.nights += 1
            row.chips += net.chips
            row.money[night.currency] = row.money_in(night.currency) + net.money
            row.per_night[night.night] = net
    currency = main_currency(nights)
    order = {p: i for i, p in enumerate(table)}
    return sorted(
        table.values(),
        key=lambda r: (r.nights == 0, -r.money_in(currency), order[r.person]),
    )


def main_currency(nights: Sequence[NightNets]) -> str:
    """The currency most of the nights were played in (the earliest such, on a tie)."""
    counts = Counter(n.currency for n in nights)
    if not counts:
        return ""
    most = max(counts.values())
    return next(n.currency for n in nights if counts[n.currency] == most)


def running_totals(
    nights: Sequence[NightNets], currency: str
) -> list[tuple[int, dict[Hashable, Decimal]]]:
    """Each person's money won so far after each night in `currency`, for the chart.

    One point per night in that currency, numbered from 0 in order; a person
    appears from their first night on, and keeps their total through the
    nights they missed.
    """
    points: list[tuple[int, dict[Hashable, Decimal]]] = []
    total: dict[Hashable, Decimal] = {}
    for night in (n for n in nights if n.currency == currency):
        for person, net in night.nets.items():
            total[person] = total.get(person, Decimal(0)) + net.money
        points.append((len(points), dict(total)))
    return points
