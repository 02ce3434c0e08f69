"""Chip units: what a night's colours are worth, and money to chips and back.

Pure Python, no Django. A night may play several colours, e.g. white 0.05,
red 0.25 and blue 1.00. The ledger counts every stack in the smallest
colour's value, the unit, so chip counts stay whole numbers: a blue is 20
units. Values are Decimals (or strings read as Decimals), never floats.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ledger.core import inputs

NO_COLOURS = "A chip set needs at least one colour."
BLANK_NAME = "Every chip colour needs a name."
DUPLICATE_COLOUR = "There are two colours called {name!r}."
NOT_DECIMAL = "{name} chips need a value written as a Decimal or a string, not {value!r}."
NOT_POSITIVE = "{name} chips must be worth more than nothing, not {value}."
NOT_A_MULTIPLE = "{name} chips are worth {value}, which is not a whole number of {unit} chips."
NOT_MONEY = "A money amount must be a Decimal, not {money!r}."
CANNOT_EXPRESS = "{money} cannot be paid in chips of {unit}: it is not a whole number of them."
NOT_CHIPS = "A chip count must be a whole number, not {chips!r}."
NEGATIVE_STACK = "A stack cannot hold {chips} chips."
OUT_OF_RANGE = (
    "{name} chips are worth {value}: a chip value is from 0.0001 to 10,000 "
    "with at most 4 decimal places, such as 0.25."
)
NAME_TOO_LONG = "A chip colour's name has at most {most} characters."
TOO_MANY_COLOURS = "A chip set has at most {most} colours."


class UnitError(ValueError):
    """A chip set or an amount does not fit the night's chips."""


@dataclass(frozen=True)
class ChipColour:
    """One colour of chip and what it is worth."""

    name: str
    value: Decimal


@dataclass(frozen=True)
class ChipSet:
    """The colours in play; checked on creation, so every ChipSet can count in its unit."""

    colours: tuple[ChipColour, ...]

    def __post_init__(self) -> None:
        if not self.colours:
            raise UnitError(NO_COLOURS)
        if len(self.colours) > inputs.MOST_COLOURS:
            raise UnitError(TOO_MANY_COLOURS.format(most=inputs.MOST_COLOURS))
        names = set()
        for colour in self.colours:
            if not colour.name.strip():
                raise UnitError(BLANK_NAME)
            if colour.name in names:
                raise UnitError(DUPLICATE_COLOUR.format(name=colour.name))
            names.add(colour.name)
            if not isinstance(colour.value, Decimal) or not colour.value.is_finite():
                raise UnitError(NOT_DECIMAL.format(name=colour.name, value=colour.value))
            if colour.value <= 0:
                raise UnitError(NOT_POSITIVE.format(name=colour.name, value=colour.value))
            if len(colour.name) > inputs.CHIP_NAME:
                raise UnitError(NAME_TOO_LONG.format(most=inputs.CHIP_NAME))
            if not _in_range(colour.value):
                raise UnitError(OUT_OF_RANGE.format(name=colour.name, value=colour.value))
        for colour in self.colours:
            if (Fraction(colour.value) / Fraction(self.unit)).denominator != 1:
                raise UnitError(
                    NOT_A_MULTIPLE.format(name=colour.name, value=colour.value, unit=self.unit)
                )

    @property
    def unit(self) -> Decimal:
        """The smallest colour's value: one chip in the ledger's counts."""
        return min(colour.value for colour in self.colours)


def chip_set(colours: Iterable[ChipColour | tuple[str, Decimal | str]]) -> ChipSet:
    """A checked chip set from colours or (name, value) pairs; string values become Decimals."""
    return ChipSet(tuple(_colour(colour) for colour in colours))


def chips_for(money: Decimal, chip_set: ChipSet) -> int:
    """The money amount in units, or UnitError when no pile of chips makes it exactly."""
    if not isinstance(money, Decimal) or not money.is_finite():
        raise UnitError(NOT_MONEY.format(money=money))
    units = Fraction(money) / Fraction(chip_set.unit)
    if units.denominator != 1:
        raise UnitError(CANNOT_EXPRESS.format(money=money, unit=chip_set.unit))
    return units.numerator


def money_for(chips: int, chip_set: ChipSet) -> Decimal:
    """What a count of units is worth."""
    _check_count(chips)
    return chips * chip_set.unit


def colour_breakdown(chips: int, chip_set: ChipSet) -> dict[str, int]:
    """The colours to hand over for a count of units, highest value first.

    Greedy by value, which is the fewest chips for the usual sets where each
    value is a multiple of the next smaller one (0.05, 0.25, 1.00). Colours not
    used are left out; equal values go to the first name.
    """
    _check_count(chips)
    if chips < 0:
        raise UnitError(NEGATIVE_STACK.format(chips=chips))
    breakdown = {}
    for colour in sorted(chip_set.colours, key=lambda c: (-c.value, c.name)):
        count, chips = divmod(chips, int(colour.value / chip_set.unit))
        if count:
            breakdown[colour.name] = count
    return breakdown


def _colour(colour: ChipColour | tuple[str, Decimal | str]) -> ChipColour:
    if isinstance(colour, ChipColour):
        return colour
    name, value = colour
    if isinstance(value, str):
        # Parsed by the input rules first: an exponent form such as 1E-2000000 never
        # reaches Decimal and Fraction, where it would take seconds.
        try:
            value = inputs.chip_value(value, label=f"{name} chips")
        except inputs.InputError as exc:
            raise UnitError(str(exc)) from None
    return ChipColour(name, value)


def _in_range(value: Decimal) -> bool:
    """Whether a night's pages can show and store it: 4 places at most, 0.0001 to 10,000."""
    return (
        inputs.LEAST_CHIP_VALUE <= value <= inputs.MOST_CHIP_VALUE
        and isinstance(exponent := value.as_tuple().exponent, int)  # "n", "N", "F": not finite
        and exponent >= -inputs.CHIP_VALUE_PLACES
    )


def _check_count(chips: int) -> None:
    if not inputs.is_whole(chips):
        raise UnitError(NOT_CHIPS.format(chips=chips))
