"""Whether a night's chips can pay the rulebook's money amounts, and the nearest chips that can.

Pure Python, no Django. A checked chip set (`units.ChipSet`) pays exactly the
whole multiples of its smallest colour, the unit (`units.chips_for`), so a
game asking 0.25 cannot be paid with a 0.10 chip. When some amounts cannot be
paid, the nearest sets that can are the typed set with one change: a new
colour worth the largest value that pays them all, or the smallest colour
made worth that value. The new night's form and the form that edits a
night's chips offer both, each as a button that fills the chips in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import gcd

from ledger.core import amounts, inputs, units

# Names for a colour the host has not typed, in the order chip sets usually add them.
SPARE_NAMES = (
    "white",
    "red",
    "blue",
    "green",
    "black",
    "yellow",
    "pink",
    "purple",
    "orange",
    "grey",
)
ADD = "Add a {name} chip worth {value}"
MAKE = "Make {name} worth {value}"


@dataclass(frozen=True)
class Shortfall:
    """A game the chips cannot pay exactly, and the amounts of its rules they cannot pay."""

    game: str
    amounts: tuple[Decimal, ...]


@dataclass(frozen=True)
class Offer:
    """A chip set that pays every amount asked, and in words the one change it makes."""

    words: str
    colours: tuple[units.ChipColour, ...]


def unpayable(chip_set: units.ChipSet, asked: Iterable[Decimal]) -> list[Decimal]:
    """The amounts, each once and smallest first, that no pile of these chips makes exactly."""
    missing = set()
    for money in asked:
        try:
            units.chips_for(money, chip_set)
        except units.UnitError:
            missing.add(money)
    return sorted(missing)


def shortfalls(chip_set: units.ChipSet, games: Mapping[str, Iterable[Decimal]]) -> list[Shortfall]:
    """The games (by name, in the order given) some of whose amounts these chips cannot pay."""
    found = []
    for game, asked in games.items():
        missing = unpayable(chip_set, asked)
        if missing:
            found.append(Shortfall(game, tuple(missing)))
    return found


def paying_value(chip_set: units.ChipSet, asked: Iterable[Decimal]) -> Decimal | None:
    """The largest chip value that pays every amount asked and the chips' own values.

    The greatest common divisor of the unit and the amounts; None when it is
    no chip value a night can hold (below 0.0001, or more than 4 places).
    """
    value = Fraction(chip_set.unit)
    for money in asked:
        if money > 0:
            value = _fraction_gcd(value, Fraction(money))
    found = Decimal(value.numerator) / Decimal(value.denominator)
    exponent = found.as_tuple().exponent
    if not isinstance(exponent, int) or exponent < -inputs.CHIP_VALUE_PLACES:
        return None
    if not inputs.LEAST_CHIP_VALUE <= found <= inputs.MOST_CHIP_VALUE:
        return None
    return _plain(found)


def nearest_sets(
    chip_set: units.ChipSet, asked: Sequence[Decimal], currency: str = "USD"
) -> list[Offer]:
    """The chip sets nearest to this one that pay every amount asked, closest first.

    Adding a colour keeps every chip the host has; making the smallest colour
    worth less changes one value. None when the chips already pay everything.
    """
    if not unpayable(chip_set, asked):
        return []
    value = paying_value(chip_set, asked)
    if value is None:
        return []
    shown = amounts.show_money(value, currency)
    offers = []
    if len(chip_set.colours) < inputs.MOST_COLOURS:
        name = spare_name(chip_set)
        added = units.ChipColour(name, value)
        colours = sorted((*chip_set.colours, added), key=lambda c: c.value)
        offers.append(Offer(ADD.format(name=name, value=shown), tuple(colours)))
    smallest = min(chip_set.colours, key=lambda c: c.value)
    made = tuple(units.ChipColour(c.name, value) if c is smallest else c for c in chip_set.colours)
    offers.append(Offer(MAKE.format(name=smallest.name, value=shown), made))
    return [o for o in offers if _pays(o.colours, asked)]


def spare_name(chip_set: units.ChipSet) -> str:
    """A colour name the set does not use yet."""
    used = {c.name.casefold() for c in chip_set.colours}
    for name in SPARE_NAMES:
        if name not in used:
            return name
    number = len(chip_set.colours) + 1
    while f"colour {number}" in used:
        number += 1
    return f"colour {number}"


def _pays(colours: tuple[units.ChipColour, ...], asked: Sequence[Decimal]) -> bool:
    try:
        checked = units.ChipSet(colours)
    except units.UnitError:
        return False
    return not unpayable(checked, asked)


def _fraction_gcd(a: Fraction, b: Fraction) -> Fraction:
    denominator = a.denominator * b.denominator // gcd(a.denominator, b.denominator)
    return Fraction(
        gcd(
            a.numerator * (denominator // a.denominator),
            b.numerator * (denominator // b.denominator),
        ),
        denominator,
    )


def _plain(value: Decimal) -> Decimal:
    """0.25, 0.50, 1.00: two places at least, as people write chip values; more only if needed."""
    cents = value.quantize(Decimal("0.01"))
    return cents if cents == value else value.normalize()
