"""Which money amounts a night's chips pay exactly, and the nearest chips that pay them all.

Pure arithmetic (`ledger/core/chip_fit.py`); the figures are worked out by
hand: a chip set pays the whole multiples of its smallest colour.
"""

from decimal import Decimal

import pytest

from ledger.core import chip_fit, inputs
from ledger.core.chip_fit import Offer, Shortfall
from ledger.core.units import ChipColour, chip_set

pytestmark = pytest.mark.pure

D = Decimal


def test_a_dime_chip_cannot_pay_a_nickel_or_a_quarter():
    dimes = chip_set([("white", "0.10")])
    asked = [D("0.25"), D("0.05"), D("0.50"), D("0.25"), D("1.00"), D("0.10")]
    assert chip_fit.unpayable(dimes, asked) == [D("0.05"), D("0.25")]


def test_a_nickel_chip_pays_every_amount_the_rulebook_asks():
    nickels = chip_set([("white", "0.05"), ("red", "0.25")])
    assert chip_fit.unpayable(nickels, [D("0.05"), D("0.10"), D("0.25"), D("0.50")]) == []


def test_each_game_is_named_with_only_the_amounts_it_cannot_be_paid():
    dimes = chip_set([("white", "0.10"), ("blue", "1.00")])
    games = {
        "Zap": [D("0.05")],
        "Guts": [D("0.25")],
        "Liar's Poker": [D("0.25"), D("0.50")],
        "Follow the Queen": [D("1.00")],
        "Put and Take": [D("0.05"), D("0.10"), D("0.25"), D("0.50")],
    }
    assert chip_fit.shortfalls(dimes, games) == [
        Shortfall("Zap", (D("0.05"),)),
        Shortfall("Guts", (D("0.25"),)),
        Shortfall("Liar's Poker", (D("0.25"),)),
        Shortfall("Put and Take", (D("0.05"), D("0.25"))),
    ]


@pytest.mark.parametrize(
    ("chips", "asked", "value"),
    [
        ([("white", "0.50"), ("red", "1.00")], ["0.25"], "0.25"),
        ([("white", "0.50"), ("red", "1.00")], ["0.25", "0.10"], "0.05"),
        ([("white", "0.10")], ["0.25"], "0.05"),
        ([("white", "1.00")], ["0.25", "0.50"], "0.25"),
        ([("white", "0.0002")], ["0.0001"], "0.0001"),
    ],
)
def test_the_paying_value_is_the_largest_chip_that_pays_every_amount(chips, asked, value):
    found = chip_fit.paying_value(chip_set(chips), [D(a) for a in asked])
    assert found == D(value)


def test_no_chip_value_pays_an_amount_finer_than_a_ten_thousandth():
    assert chip_fit.paying_value(chip_set([("white", "0.0001")]), [D("0.00005")]) is None


def test_a_quarter_short_set_is_offered_a_quarter_chip_added_or_its_white_made_a_quarter():
    halves = chip_set([("white", "0.50"), ("red", "1.00")])
    assert chip_fit.nearest_sets(halves, [D("0.25")], "USD") == [
        Offer(
            "Add a blue chip worth $0.25",
            (
                ChipColour("blue", D("0.25")),
                ChipColour("white", D("0.50")),
                ChipColour("red", D("1.00")),
            ),
        ),
        Offer(
            "Make white worth $0.25", (ChipColour("white", D("0.25")), ChipColour("red", D("1.00")))
        ),
    ]


def test_the_offers_pay_every_amount_at_once_in_the_nights_currency():
    dimes = chip_set([("White", "0.10")])
    offers = chip_fit.nearest_sets(dimes, [D("0.25"), D("0.05")], "EUR")
    assert [o.words for o in offers] == ["Add a red chip worth €0.05", "Make White worth €0.05"]
    assert offers[0].colours == (ChipColour("red", D("0.05")), ChipColour("White", D("0.10")))
    assert offers[1].colours == (ChipColour("White", D("0.05")),)


def test_chips_that_pay_everything_are_offered_nothing():
    nickels = chip_set([("white", "0.05")])
    assert chip_fit.nearest_sets(nickels, [D("0.25"), D("0.05")]) == []


def test_a_full_set_is_offered_no_thirteenth_colour():
    names = [f"c{i}" for i in range(inputs.MOST_COLOURS)]
    full = chip_set([(name, str(D("0.50") * (i + 1))) for i, name in enumerate(names)])
    offers = chip_fit.nearest_sets(full, [D("0.25")])
    assert [o.words for o in offers] == ["Make c0 worth $0.25"]


def test_a_spare_colour_name_is_one_the_set_does_not_use_in_any_case():
    assert chip_fit.spare_name(chip_set([("White", "0.10"), ("RED", "0.50")])) == "blue"
