"""The CSV exports: text typed at the table never runs as a spreadsheet formula."""

import csv
import io
from decimal import Decimal

import pytest

from ledger.models import Person
from ledger.selectors import exports
from ledger.selectors.exports import csv_cell
from ledger.services import closing, hands, seating

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("x")'
SUM = "@SUM(A1)"
SUMS = "-2+3"
HOST = "host:host"


@pytest.fixture
def hostile(night, group):
    """Three players with formula names; one loses 25 chips (1.25) in a hand, one adjusts by -5.

    Seat 3 deals; seat 1 bets 24, seat 2 calls and wins, seat 3 folds after
    her ante. The adjustment's reason is "+1".
    """
    people = [Person.objects.create(group=group, name=n) for n in (HYPERLINK, SUM, SUMS)]
    link, total, sums = seats = [seating.seat_add(night=night, person=p) for p in people]
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by=HOST)
    seating.adjust(night=night, seat=sums, chips=-5, reason="+1", recorded_by=HOST)
    hand = hands.hand_start(night=night, players=seats, dealer=sums, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    hands.load(hand).act(seat=link, action="bet", amount=24, recorded_by=HOST)
    hands.load(hand).act(seat=total, action="call", recorded_by=HOST)
    hands.load(hand).act(seat=sums, action="fold", recorded_by=HOST)
    hands.load(hand).award(winners=[[total.pk]], recorded_by=HOST)
    booked = closing.booked_stacks(night)
    closing.night_end(night=night, counts=booked, recorded_by=HOST)
    return night, seats


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def formula_cells(table: list[list[str]]) -> list[str]:
    """Every cell a spreadsheet would run: it starts with a formula character and is no number."""
    found = []
    for row in table:
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                try:
                    Decimal(cell)
                except ArithmeticError:
                    found.append(cell)
    return found


def test_formula_names_and_reasons_come_out_as_text_in_the_journal_csv(hostile):
    night, _ = hostile
    table = rows(exports.journal_csv(night))
    seat_names = {row[5] for row in table[1:] if row[5]}
    assert seat_names == {"'" + HYPERLINK, "'" + SUM, "'" + SUMS}
    memos = [row[7] for row in table[1:]]
    assert "'+1" in memos
    assert f"'{HYPERLINK} buys 100" in memos
    assert f"'{SUM} buys 100" in memos
    assert f"'{SUMS} buys 100" in memos
    assert formula_cells(table) == []


def test_negative_chip_amounts_stay_numbers_in_the_journal_csv(hostile):
    night, _ = hostile
    table = rows(exports.journal_csv(night))
    adjustment = [row for row in table if row[7] == "'+1"]
    assert sorted(row[6] for row in adjustment) == ["-5", "5"]
    bet = [row[6] for row in table[1:] if row[5] == "'" + HYPERLINK and row[3] == "action"]
    assert bet == ["-24"]


def test_formula_names_come_out_as_text_and_money_stays_numeric_in_the_settlement_csv(hostile):
    night, _ = hostile
    table = rows(exports.settlement_csv(night))
    assert len(table) == 4  # one table: a header and a row per player
    nets = {row[0]: (row[2], row[3], row[4], row[5], row[8], row[9]) for row in table[1:]}
    assert nets == {
        "'" + HYPERLINK: ("100", "75", "-25", "-1.25", "1.25", "0.00"),
        "'" + SUM: ("100", "126", "26", "1.30", "0.00", "1.30"),
        "'" + SUMS: ("100", "94", "-1", "-0.05", "0.05", "0.00"),
    }
    assert formula_cells(table) == []
    payments = rows(exports.payments_csv(night))
    assert payments[0] == ["payer", "payee", "amount USD", "paid"]
    assert {(row[0], row[1], row[2]) for row in payments[1:]} == {
        ("'" + HYPERLINK, "'" + SUM, "1.25"),
        ("'" + SUMS, "'" + SUM, "0.05"),
    }
    assert formula_cells(payments) == []


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ann", "Ann"),
        ("", ""),
        (-5, -5),
        (Decimal("-1.25"), Decimal("-1.25")),
        (False, False),
    ],
)
def test_a_cell_is_neutralised_only_when_it_is_text_that_starts_a_formula(value, written):
    assert csv_cell(value) == written
    assert type(csv_cell(value)) is type(written)
