"""A night as spreadsheets: its journal, its settlement and its payments, as CSV text.

Every cell a person typed goes through `csv_cell`, so a spreadsheet shows
it as text and never runs it as a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from decimal import Decimal

from ledger.models import Entry, Night
from ledger.selectors import night_results
from ledger.services import closing

# What a spreadsheet takes as the start of a formula when a text cell begins with it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ZERO = Decimal("0.00")


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text, never runs as a formula.

    Names, reasons, memos and other text typed at the table could start with
    =, +, -, @, a tab or a carriage return, which a spreadsheet reads as the
    start of a formula (CSV injection, OWASP); a leading single quote keeps
    such a cell text. Numbers (int, Decimal) pass through untouched, so a
    chip count of -5 stays -5. The defusedcsv library was not used: it also
    rewrites "|" inside a cell and leaves tabs and carriage returns alone.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_cells(*values: object) -> list[object]:
    return [csv_cell(v) for v in values]


JOURNAL_CHUNK = 2000  # entries read from the database at a time while the CSV streams


class _Line:
    """A file for `csv.writer` that hands back each row it is given instead of keeping it."""

    def write(self, text: str) -> str:
        return text


def journal_lines(night: Night) -> Iterator[str]:
    """Every posting line of the night, oldest first, one CSV row at a time.

    Entries are read `JOURNAL_CHUNK` at a time as plain tuples (one joined
    query, no model objects), so a night of 60,000 postings streams in the
    memory of one chunk, never the whole file.
    """
    writer = csv.writer(_Line())
    yield writer.writerow(
        csv_cells("posting", "time", "hand", "kind", "account", "seat", "chips", "memo", "by")
    )
    rows = (
        Entry.objects.filter(posting__night=night)
        .order_by("posting_id", "pk")
        .values_list(
            "posting_id",
            "posting__created_at",
            "posting__hand__number",
            "posting__kind",
            "account__kind",
            "account__seat__person__name",
            "amount",
            "posting__memo",
            "posting__recorded_by",
        )
    )
    for posting, created, hand, kind, account, seat, chips, memo, by in rows.iterator(
        chunk_size=JOURNAL_CHUNK
    ):
        yield writer.writerow(
            csv_cells(
                posting,
                created.isoformat(),
                "" if hand is None else hand,
                kind,
                account,
                "" if seat is None else seat,
                chips,
                memo,
                by,
            )
        )


def journal_csv(night: Night) -> str:
    """Every posting line of the night, oldest first, for a spreadsheet, as one text."""
    return "".join(journal_lines(night))


def settlement_csv(night: Night) -> str:
    """One table, one row per player (and the bank when it holds cash or pays or is paid).

    Buy-ins and cash-outs in chips, the net in chips and money, the cash
    handed over during the night, and what the settlement has each pay and
    receive in total; who pays whom is `payments_csv`, a table of its own.
    """
    rows, payments = night_results.results(night)
    flow = night_results.flows(night)
    unit = Decimal(night.unit)
    cur = night.currency
    pays: dict[int | None, Decimal] = {}
    gets: dict[int | None, Decimal] = {}
    for p in payments:
        pays[p.payer_id] = pays.get(p.payer_id, ZERO) + p.amount
        gets[p.payee_id] = gets.get(p.payee_id, ZERO) + p.amount
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        csv_cells(
            "player",
            "seat",
            "bought in chips",
            "cashed out chips",
            "net chips",
            f"net {cur}",
            f"cash paid in {cur}",
            f"cash paid out {cur}",
            f"pays {cur}",
            f"receives {cur}",
        )
    )
    for row in rows:
        f = flow.get(row.seat.pk, night_results.Flow())
        writer.writerow(
            csv_cells(
                row.seat.person.name,
                row.seat.position,
                f.bought,
                f.cashed,
                row.chips,
                row.money,
                money_cell(f.cash_paid * unit),
                money_cell(f.cash_received * unit),
                pays.get(row.seat.pk, ZERO),
                gets.get(row.seat.pk, ZERO),
            )
        )
    box = night_results.cash_boxes(night).get(None, 0)
    if box or None in pays or None in gets:
        writer.writerow(
            csv_cells(
                closing.BANK_NAME,
                "",
                "",
                "",
                0,
                ZERO,
                "",
                "",
                pays.get(None, ZERO),
                gets.get(None, ZERO),
            )
        )
    return out.getvalue()


def money_cell(amount: Decimal) -> Decimal:
    """Money for a spreadsheet cell: to the cent, or exactly when a chip is worth less."""
    cents = amount.quantize(ZERO)
    return cents if cents == amount else amount.normalize()


def payments_csv(night: Night) -> str:
    """Who pays whom, one row per payment, and whether it is marked paid."""
    _, payments = night_results.results(night)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(csv_cells("payer", "payee", f"amount {night.currency}", "paid"))
    for p in payments:
        writer.writerow(
            csv_cells(
                closing.party_name(p.payer), closing.party_name(p.payee), p.amount, bool(p.paid_at)
            )
        )
    return out.getvalue()
