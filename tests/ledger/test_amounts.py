"""Amounts in the host's terms: money, chips or colours, all ending as whole chips."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.core import amounts, units
from ledger.core.amounts import AmountError, parse

CHIPS = units.chip_set([("white", "0.05"), ("red", "0.25"), ("blue", "1.00")])
QUARTERS = units.chip_set([("red", "0.25")])


@pytest.mark.parametrize(
    ("typed", "mode", "chips"),
    [
        ("80", "chips", 80),
        ("20", "money", 400),
        ("20.00", "money", 400),
        ("$20", "chips", 400),
        ("$ 20.50", "chips", 410),
        ("20 USD", "chips", 400),
        ("usd 20", "chips", 400),
        ("3 red 2 blue", "chips", 55),
        ("3 reds, 2 Blue", "chips", 55),
        ("1 white + 1 red", "chips", 6),
    ],
)
def test_an_amount_is_read_as_money_chips_or_colours(typed, mode, chips):
    assert parse(typed, CHIPS, mode=mode) == chips


@pytest.mark.parametrize(
    ("typed", "mode", "says"),
    [
        (
            "$20.10",
            "chips",
            "$20.10 is not a whole number of chips: the smallest chip is $0.25. "
            "Type a multiple of $0.25, such as $20.00.",
        ),
        ("20.10", "money", "$20.10 is not a whole number of chips"),
        ("€5", "chips", "tonight is played in USD, not EUR."),
        ("5 GBP", "chips", "tonight is played in USD, not GBP."),
        ("3 green", "chips", "there is no 'green' chip tonight; the colours are red."),
        ("3 red 1 red", "chips", "red is counted twice"),
        ("1.5", "chips", "must be a whole number such as 5, not '1.5'. Or type chips such as 80"),
        ("", "chips", "type chips such as 80, money such as $20.00, or colours such as 3 red"),
        ("0", "chips", "must be at least 1, not 0."),
        ("$0", "chips", "must be at least 1, not 0."),
    ],
)
def test_an_amount_that_is_no_whole_number_of_chips_says_what_to_type(typed, mode, says):
    with pytest.raises(AmountError) as refused:
        parse(typed, QUARTERS, mode=mode, label="The buy-in")
    assert says in str(refused.value)
    assert str(refused.value).startswith("The buy-in")


def test_an_amount_is_shown_in_both_terms():
    assert amounts.both(80, QUARTERS, "USD") == "80 chips ($20.00)"
    assert amounts.both(1, QUARTERS, "EUR") == "1 chip (€0.25)"
    assert amounts.show_money(Decimal("0.125"), "CAD") == "0.125 CAD"
    assert amounts.show_money(Decimal("-5"), "USD") == "-$5.00"


@given(st.integers(1, 10**6))
def test_money_shown_for_any_count_of_chips_reads_back_as_that_count(chips):
    shown = amounts.show_money(chips * CHIPS.unit, "USD").replace(",", "")
    assert parse(shown, CHIPS) == chips
    assert parse(shown.lstrip("$"), CHIPS, mode="money") == chips


@given(st.dictionaries(st.sampled_from(["white", "red", "blue"]), st.integers(0, 1000), min_size=1))
def test_colours_typed_or_sent_count_the_same_chips(counts):
    total = sum(n * {"white": 1, "red": 5, "blue": 20}[c] for c, n in counts.items())
    if total == 0:
        return
    typed = " ".join(f"{n} {c}" for c, n in counts.items())
    assert parse(typed, CHIPS) == total == amounts.colours(counts, CHIPS)
