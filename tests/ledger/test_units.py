"""Chip units: a night's colours, money to chips and back, and stacks to hand over."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.inputs import NOT_A_CHIP_VALUE
from ledger.core.units import (
    BLANK_NAME,
    CANNOT_EXPRESS,
    DUPLICATE_COLOUR,
    NEGATIVE_STACK,
    NO_COLOURS,
    NOT_A_MULTIPLE,
    NOT_CHIPS,
    NOT_DECIMAL,
    NOT_MONEY,
    OUT_OF_RANGE,
    ChipColour,
    ChipSet,
    UnitError,
    chip_set,
    chips_for,
    colour_breakdown,
    money_for,
)

pytestmark = pytest.mark.pure

CLASSIC = chip_set([("white", "0.05"), ("red", "0.25"), ("blue", "1.00")])


def test_the_smallest_colour_is_the_unit():
    assert CLASSIC.unit == Decimal("0.05")
    assert CLASSIC.colours[0] == ChipColour("white", Decimal("0.05"))


def test_colours_and_pairs_with_decimal_values_are_accepted():
    chips = chip_set([ChipColour("red", Decimal("0.25")), ("green", Decimal("5"))])
    assert chips.unit == Decimal("0.25")
    assert [c.name for c in chips.colours] == ["red", "green"]


@pytest.mark.parametrize(
    ("money", "units"),
    [("0.05", 1), ("0.25", 5), ("1.00", 20), ("1", 20), ("1.35", 27), ("20", 400), ("0", 0)],
)
def test_money_a_game_needs_is_counted_in_units(money, units):
    assert chips_for(Decimal(money), CLASSIC) == units


def test_a_quarter_cannot_be_paid_in_dimes():
    dimes = chip_set([("white", "0.10"), ("red", "0.50")])
    with pytest.raises(UnitError) as raised:
        chips_for(Decimal("0.25"), dimes)
    assert str(raised.value) == CANNOT_EXPRESS.format(money="0.25", unit="0.10")


def test_less_than_one_unit_cannot_be_paid():
    with pytest.raises(UnitError, match=r"cannot be paid in chips of 0\.05"):
        chips_for(Decimal("0.01"), CLASSIC)


@pytest.mark.parametrize("money", [0.25, 1, "0.25", Decimal("NaN")])
def test_money_must_be_a_finite_decimal(money):
    with pytest.raises(UnitError) as raised:
        chips_for(money, CLASSIC)
    assert str(raised.value) == NOT_MONEY.format(money=money)


@pytest.mark.parametrize(
    ("units", "money"), [(0, "0.00"), (1, "0.05"), (27, "1.35"), (-3, "-0.15")]
)
def test_units_are_worth_whole_multiples_of_the_unit(units, money):
    assert str(money_for(units, CLASSIC)) == money


@pytest.mark.parametrize("units", [1.0, True, "3"])
def test_a_count_of_units_is_a_whole_number(units):
    with pytest.raises(UnitError) as raised:
        money_for(units, CLASSIC)
    assert str(raised.value) == NOT_CHIPS.format(chips=units)


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ([], NO_COLOURS),
        ([("white", "0")], NOT_A_CHIP_VALUE.format(label="white chips", value="0")),
        ([("white", "-0.05")], NOT_A_CHIP_VALUE.format(label="white chips", value="-0.05")),
        ([("white", "100000000")], NOT_A_CHIP_VALUE.format(label="white chips", value="100000000")),
        ([("white", "1E+30")], NOT_A_CHIP_VALUE.format(label="white chips", value="1E+30")),
        ([("white", "0.00001")], NOT_A_CHIP_VALUE.format(label="white chips", value="0.00001")),
        (
            [("white", "1E-2000000")],
            NOT_A_CHIP_VALUE.format(label="white chips", value="1E-2000000"),
        ),
        (
            [ChipColour("white", Decimal("0.00001"))],
            OUT_OF_RANGE.format(name="white", value="0.00001"),
        ),
        (
            [ChipColour("white", Decimal("20000"))],
            OUT_OF_RANGE.format(name="white", value="20000"),
        ),
        ([("white", 0.05)], NOT_DECIMAL.format(name="white", value=0.05)),
        ([ChipColour("white", 0.05)], NOT_DECIMAL.format(name="white", value=0.05)),
        ([("white", 1)], NOT_DECIMAL.format(name="white", value=1)),
        (
            [("white", "five cents")],
            NOT_A_CHIP_VALUE.format(label="white chips", value="five cents"),
        ),
        ([("white", "Infinity")], NOT_A_CHIP_VALUE.format(label="white chips", value="Infinity")),
        ([("white", "0.05"), ("white", "0.25")], DUPLICATE_COLOUR.format(name="white")),
        ([(" ", "0.05")], BLANK_NAME),
        (
            [("white", "0.05"), ("odd", "0.12")],
            NOT_A_MULTIPLE.format(name="odd", value="0.12", unit="0.05"),
        ),
        (
            [("red", "0.25"), ("white", "0.10")],
            NOT_A_MULTIPLE.format(name="red", value="0.25", unit="0.10"),
        ),
    ],
)
def test_chip_sets_are_checked_on_creation(colours, message):
    with pytest.raises(UnitError) as raised:
        chip_set(colours)
    assert str(raised.value) == message


def test_a_chip_set_built_directly_is_checked_too():
    with pytest.raises(UnitError, match=NO_COLOURS):
        ChipSet(())


def test_a_stack_uses_the_highest_colours_first():
    # 1.35 is one blue (1.00), one red (0.25) and two whites (0.10).
    assert colour_breakdown(27, CLASSIC) == {"blue": 1, "red": 1, "white": 2}
    assert list(colour_breakdown(27, CLASSIC)) == ["blue", "red", "white"]


def test_colours_a_stack_does_not_need_are_left_out():
    assert colour_breakdown(40, CLASSIC) == {"blue": 2}
    assert colour_breakdown(3, CLASSIC) == {"white": 3}
    assert colour_breakdown(0, CLASSIC) == {}


def test_a_negative_stack_cannot_be_shown():
    with pytest.raises(UnitError) as raised:
        colour_breakdown(-5, CLASSIC)
    assert str(raised.value) == NEGATIVE_STACK.format(chips=-5)


# Properties


@st.composite
def chip_sets(draw) -> ChipSet:
    unit = draw(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("5"), places=2))
    multiples = draw(st.lists(st.integers(2, 500), max_size=4, unique=True))
    values = [unit, *(unit * m for m in multiples)]
    return chip_set([(f"colour{i}", value) for i, value in enumerate(values)])


@settings(max_examples=200, deadline=None)
@given(chip_sets(), st.integers(-100_000, 100_000))
def test_money_and_units_convert_back_exactly(chips, units):
    money = money_for(units, chips)
    assert chips_for(money, chips) == units
    assert money_for(chips_for(money, chips), chips) == money


@settings(max_examples=200, deadline=None)
@given(chip_sets(), st.decimals(min_value=-1000, max_value=1000, places=3))
def test_any_amount_either_converts_back_exactly_or_is_refused(chips, money):
    if money % chips.unit == 0:
        assert money_for(chips_for(money, chips), chips) == money
    else:
        with pytest.raises(UnitError) as raised:
            chips_for(money, chips)
        assert str(raised.value) == CANNOT_EXPRESS.format(money=money, unit=chips.unit)


@settings(max_examples=200, deadline=None)
@given(chip_sets(), st.integers(0, 100_000))
def test_a_stack_adds_back_up_to_its_units(chips, units):
    values = {colour.name: colour.value for colour in chips.colours}
    breakdown = colour_breakdown(units, chips)
    assert sum(count * values[name] for name, count in breakdown.items()) == money_for(units, chips)
    assert all(count > 0 for count in breakdown.values())
