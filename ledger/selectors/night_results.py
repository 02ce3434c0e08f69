"""A night's results as the pages and the API show them: nets in money, flows, cash held.

Reads only. The reads the writes stand on (booked stacks, nets, dues) are
`ledger.services.closing`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum

from ledger.core.settlement import cash_held, settle_in_money
from ledger.models import Account, Entry, Night, Payment, Seat
from ledger.services import closing, seating


def differences(night: Night, counts: Mapping[int, int]) -> dict[int, int]:
    """Counted minus booked, for every seat still at the table whose count disagrees."""
    booked = closing.booked_stacks(night)
    playing = night.seats.filter(left_at__isnull=True).values_list("pk", flat=True)
    return {s: counts[s] - booked[s] for s in playing if s in counts and counts[s] != booked[s]}


@dataclass(frozen=True)
class Row:
    seat: Seat
    chips: int
    money: Decimal


def results(night: Night) -> tuple[list[Row], list[Payment]]:
    """Each player's net in chips and money, and the payments that settle them."""
    chip_nets = closing.nets(night)
    money, _ = settle_in_money({str(s): c for s, c in chip_nets.items()}, Decimal(night.unit))
    seats = night.seats.select_related("person")
    rows = [
        Row(seat=s, chips=chip_nets[s.pk], money=money.get(str(s.pk), Decimal(0))) for s in seats
    ]
    return rows, list(night.payments.select_related("payer__person", "payee__person"))


def cash_boxes(night: Night) -> dict[int | None, int]:
    """Who holds cash now, in chips' worth, by seat id (None: the bank); nobody with none."""
    return {closing.seat_of(h): c for h, c in cash_held(closing.night_cash(night)).items() if c}


@dataclass(frozen=True)
class Flow:
    """A seat's chips and cash through the night: bought in, cashed out, cash paid and received."""

    bought: int = 0
    cashed: int = 0
    cash_paid: int = 0
    cash_received: int = 0


def flows(night: Night) -> dict[int, Flow]:
    """Each seat's buy-ins and cash-outs in chips, and the cash it handed over or was paid.

    Undone buy-ins and cash-outs count for nothing; a player paid cash for a
    cash-out is `cash_received`.
    """
    rows = (
        Entry.objects.filter(
            account__night=night,
            account__kind=Account.Kind.STACK,
            posting__kind__in=seating.CASH_KINDS,
            posting__reversed_by__isnull=True,
        )
        .values("account__seat_id", "posting__kind")
        .annotate(total=Sum("amount"))
    )
    chips: dict[int, dict[str, int]] = {}
    for row in rows:
        chips.setdefault(row["account__seat_id"], {})[row["posting__kind"]] = row["total"]
    paid: dict[int, int] = {}
    received: dict[int, int] = {}
    for move in seating.cash_moves(night):
        if move.chips > 0:
            paid[move.seat] = paid.get(move.seat, 0) + move.chips
        else:
            received[move.seat] = received.get(move.seat, 0) - move.chips
    return {
        seat: Flow(
            bought=chips.get(seat, {}).get("buy_in", 0),
            cashed=-chips.get(seat, {}).get("cash_out", 0),
            cash_paid=paid.get(seat, 0),
            cash_received=received.get(seat, 0),
        )
        for seat in night.seats.values_list("pk", flat=True)
    }


def hand_results(night: Night, seat_ids: list[int]) -> dict[int, dict[int, int]]:
    """Per hand, what each of these seats won (+) or lost (-): explains a payment."""
    rows = (
        Entry.objects.filter(
            account__night=night,
            account__kind=Account.Kind.STACK,
            account__seat_id__in=seat_ids,
            posting__hand__isnull=False,
        )
        .values("posting__hand__number", "account__seat_id")
        .annotate(total=Sum("amount"))
    )
    table: dict[int, dict[int, int]] = {}
    for row in rows:
        hand = table.setdefault(row["posting__hand__number"], {})
        hand[row["account__seat_id"]] = row["total"]
    return dict(sorted(table.items()))
