"""Ending a night: count the chips, cash everyone out, and settle who pays whom."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from ledger import games, journal, runs, services
from ledger.journal import LedgerError, Move
from ledger.models import Account, Entry, Night, Payment, Posting, Seat
from ledger.pots import split
from ledger.settlement import settle_in_money

HAND_STILL_OPEN = "Hand {number} is still open: settle or undo it before ending the night."
COUNT_MISSING = "Count the chips in front of {name}."
COUNT_DIFFERS = (
    "{name} has {counted} chips but the ledger says {booked}: recount or book an adjustment."
)
NOT_ENDED = "The night has not ended yet."
CHIPS_RIDING = "{chips} chips are still riding: play a hand for them or share them out first."
GAME_STILL_OPEN = "{game} is still being played: end it first, saying where its riding pot goes."
CHIPS_IN_FINES = "{chips} chips are still in the infraction pot: charge them into a pot first."
NOTHING_RIDING = "No chips are riding."
ALREADY_PAID = "That payment is already marked paid."

# What a spreadsheet takes as the start of a formula when a text cell begins with it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def booked_stacks(night: Night) -> dict[int, int]:
    """Chips in front of each seat according to the journal, by seat id."""
    rows = (
        Entry.objects.filter(account__night=night, account__kind=Account.Kind.STACK)
        .values("account__seat_id")
        .annotate(total=Sum("amount"))
        .values_list("account__seat_id", "total")
    )
    stacks = dict.fromkeys(night.seats.values_list("pk", flat=True), 0)
    stacks.update(dict(rows))
    return stacks


def differences(night: Night, counts: Mapping[int, int]) -> dict[int, int]:
    """Counted minus booked, for every seat still at the table whose count disagrees."""
    booked = booked_stacks(night)
    playing = night.seats.filter(left_at__isnull=True).values_list("pk", flat=True)
    return {s: counts[s] - booked[s] for s in playing if s in counts and counts[s] != booked[s]}


def night_end(*, night: Night, counts: Mapping[int, int], recorded_by: str) -> Night:
    """Check the counts against the ledger, cash out every stack and fix the payments."""
    services.check_open(night)
    hand = games.open_hand(night)
    if hand is not None:
        raise LedgerError(HAND_STILL_OPEN.format(number=hand.number))
    game = games.open_run(night)
    if game is not None:
        raise LedgerError(GAME_STILL_OPEN.format(game=game.game_name))
    riding = journal.account(night, Account.Kind.RIDING)
    waiting = journal.balances([riding])[riding.pk] + sum(runs.carried_pots(night).values())
    if waiting:
        raise LedgerError(CHIPS_RIDING.format(chips=waiting))
    fines = journal.account(night, Account.Kind.INFRACTION)
    if held := journal.balances([fines])[fines.pk]:
        raise LedgerError(CHIPS_IN_FINES.format(chips=held))
    seats = list(night.seats.filter(left_at__isnull=True).select_related("person"))
    booked = booked_stacks(night)
    for seat in seats:
        if seat.pk not in counts:
            raise LedgerError(COUNT_MISSING.format(name=seat.person.name))
        if counts[seat.pk] != booked[seat.pk]:
            raise LedgerError(
                COUNT_DIFFERS.format(
                    name=seat.person.name, counted=counts[seat.pk], booked=booked[seat.pk]
                )
            )
    with transaction.atomic():
        for seat in seats:
            if booked[seat.pk]:
                services.cash_out(night=night, seat=seat, recorded_by=recorded_by)
        night.status = Night.Status.ENDED
        night.ended_at = timezone.now()
        night.save(update_fields=["status", "ended_at"])
        _fix_payments(night)
    return night


def nets(night: Night) -> dict[int, int]:
    """Each seat's result in chips: cashed out plus chips in front, minus bought in and owed.

    Adjustments count like buy-ins. A marker below zero is chips the seat
    paid on credit: it owes them, so they come off its result, and the nets
    still sum to zero. Once the night has ended every stack is cashed out, so
    this is the final result.
    """
    rows = (
        Entry.objects.filter(account__night=night, account__kind=Account.Kind.BANK)
        .exclude(posting__seat__isnull=True)
        .values("posting__seat_id")
        .annotate(total=Sum("amount"))
        .values_list("posting__seat_id", "total")
    )
    markers = (
        Entry.objects.filter(account__night=night, account__kind=Account.Kind.MARKER)
        .values("account__seat_id")
        .annotate(total=Sum("amount"))
        .values_list("account__seat_id", "total")
    )
    result = booked_stacks(night)
    for seat_id, total in [*rows, *markers]:
        result[seat_id] += total
    return result


@dataclass(frozen=True)
class Row:
    seat: Seat
    chips: int
    money: Decimal


def results(night: Night) -> tuple[list[Row], list[Payment]]:
    """Each player's net in chips and money, and the payments that settle them."""
    chip_nets = nets(night)
    money, _ = settle_in_money({str(s): c for s, c in chip_nets.items()}, Decimal(night.unit))
    seats = night.seats.select_related("person")
    rows = [
        Row(seat=s, chips=chip_nets[s.pk], money=money.get(str(s.pk), Decimal(0))) for s in seats
    ]
    return rows, list(night.payments.select_related("payer__person", "payee__person"))


def _fix_payments(night: Night) -> None:
    chip_nets = {str(s): c for s, c in nets(night).items()}
    _, transfers = settle_in_money(chip_nets, Decimal(night.unit))
    Payment.objects.bulk_create(
        Payment(night=night, payer_id=int(t.payer), payee_id=int(t.payee), amount=t.amount)
        for t in transfers
    )


def riding_share(*, night: Night, recorded_by: str) -> Posting:
    """Share the riding pot, and pots carried for later games, equally among those at the table.

    Odd chips go by seat. Chips waiting for a hand or a game that will not be
    played tonight are shared this way before the night can end.
    """
    services.check_open(night)
    game = games.open_run(night)
    if game is not None:
        raise LedgerError(GAME_STILL_OPEN.format(game=game.game_name))
    pots = [journal.account(night, Account.Kind.RIDING)]
    pots += list(night.accounts.filter(kind=Account.Kind.CARRIED))
    held = journal.balances(pots)
    seats = list(night.seats.filter(left_at__isnull=True).order_by("position"))
    order = [s.pk for s in seats]
    by_id = {s.pk: s for s in seats}
    moves = []
    for pot in pots:
        chips = held[pot.pk]
        shares = split(chips, order, order, "seat_order") if chips and seats else {}
        moves += [
            Move(pot, journal.account(night, Account.Kind.STACK, seat=by_id[s]), c)
            for s, c in shares.items()
            if c
        ]
    if not moves:
        raise LedgerError(NOTHING_RIDING)
    return journal.post(
        night=night,
        kind="riding_share",
        moves=moves,
        recorded_by=recorded_by,
        memo="Riding pot shared",
    )


def payment_mark_paid(*, payment: Payment) -> Payment:
    if payment.paid_at is not None:
        raise LedgerError(ALREADY_PAID)
    payment.paid_at = timezone.now()
    payment.save(update_fields=["paid_at"])
    return payment


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


def journal_csv(night: Night) -> str:
    """Every posting line of the night, oldest first, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        csv_cells("posting", "time", "hand", "kind", "account", "seat", "chips", "memo", "by")
    )
    entries = (
        Entry.objects.filter(posting__night=night)
        .select_related("posting__hand", "account__seat__person")
        .order_by("posting_id", "pk")
    )
    for e in entries:
        p = e.posting
        seat = e.account.seat.person.name if e.account.seat else ""
        hand = p.hand.number if p.hand else ""
        writer.writerow(
            csv_cells(
                p.pk,
                p.created_at.isoformat(),
                hand,
                p.kind,
                e.account.kind,
                seat,
                e.amount,
                p.memo,
                p.recorded_by,
            )
        )
    return out.getvalue()


def settlement_csv(night: Night) -> str:
    """Nets and payments, in chips and money."""
    rows, payments = results(night)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(csv_cells("player", "seat", "net chips", f"net {night.currency}"))
    for row in rows:
        writer.writerow(csv_cells(row.seat.person.name, row.seat.position, row.chips, row.money))
    writer.writerow([])
    writer.writerow(csv_cells("payer", "payee", f"amount {night.currency}", "paid"))
    for p in payments:
        writer.writerow(
            csv_cells(p.payer.person.name, p.payee.person.name, p.amount, bool(p.paid_at))
        )
    return out.getvalue()
