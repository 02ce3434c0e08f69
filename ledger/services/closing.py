"""Ending a night: count the chips, cash everyone out, and settle who pays whom."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from ledger.core.pots import split
from ledger.core.settlement import BANK, Cash, cash_held, settle_in_money, with_bank
from ledger.models import Account, Entry, Night, Payment, Posting, Seat
from ledger.services import games, journal, runs, seating
from ledger.services.journal import LedgerError, Move

HAND_STILL_OPEN = "Hand {number} is still open: settle or undo it before ending the night."
COUNT_MISSING = "Count the chips in front of {name}."
COUNT_DIFFERS = (
    "{name} has {counted} chips but the ledger says {booked}: recount or book an adjustment."
)
NOT_ENDED = "The night has not ended yet."
CHIPS_RIDING = "{chips} chips are still riding: play a hand for them or share them out first."
GAME_STILL_OPEN = "{game} is still being played: end it first, saying where its riding pot goes."
CHIPS_IN_FINES = "{chips} chips are still in the pile beside the pot: charge them into a pot first."
NOTHING_RIDING = "No chips are riding."
ALREADY_PAID = "That payment is already marked paid."

# What a spreadsheet takes as the start of a formula when a text cell begins with it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def booked_stacks(night: Night, seat_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Chips in front of each seat according to the journal, by seat id.

    `seat_ids`: every seat of the night, when the caller has read them already.
    """
    rows = (
        Entry.objects.filter(account__night=night, account__kind=Account.Kind.STACK)
        .values("account__seat_id")
        .annotate(total=Sum("amount"))
        .values_list("account__seat_id", "total")
    )
    if seat_ids is None:
        seat_ids = night.seats.values_list("pk", flat=True)
    stacks = dict.fromkeys(seat_ids, 0)
    stacks.update(dict(rows))
    return stacks


def differences(night: Night, counts: Mapping[int, int]) -> dict[int, int]:
    """Counted minus booked, for every seat still at the table whose count disagrees."""
    booked = booked_stacks(night)
    playing = night.seats.filter(left_at__isnull=True).values_list("pk", flat=True)
    return {s: counts[s] - booked[s] for s in playing if s in counts and counts[s] != booked[s]}


def night_end(*, night: Night, counts: Mapping[int, int], recorded_by: str) -> Night:
    """Check the counts against the ledger, cash out every stack and fix the payments."""
    seating.check_open(night)
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
                seating.cash_out(night=night, seat=seat, recorded_by=recorded_by)
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
    _, transfers = settle_in_money(dues(night), Decimal(night.unit))
    Payment.objects.bulk_create(
        Payment(night=night, payer_id=seat_of(t.payer), payee_id=seat_of(t.payee), amount=t.amount)
        for t in transfers
    )


def party(seat_id: int | None) -> str:
    """A seat's name in the settlement's pure layer; no seat is the bank."""
    return BANK if seat_id is None else str(seat_id)


def seat_of(name: str) -> int | None:
    return None if name == BANK else int(name)


def dues(night: Night) -> dict[str, int]:
    """What each player and the bank is still due (+) or owes (-) in chips, cash counted.

    With nothing paid in cash these are the nets, so a night on credit
    settles as it always did.
    """
    chip_nets = {party(s): c for s, c in nets(night).items()}
    return with_bank(chip_nets, night_cash(night))


def night_cash(night: Night) -> list[Cash]:
    return [Cash(party(m.seat), party(m.holder), m.chips) for m in seating.cash_moves(night)]


def cash_boxes(night: Night) -> dict[int | None, int]:
    """Who holds cash now, in chips' worth, by seat id (None: the bank); nobody with none."""
    return {seat_of(h): c for h, c in cash_held(night_cash(night)).items() if c}


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


def riding_share(*, night: Night, recorded_by: str) -> Posting:
    """Share the riding pot, and pots carried for later games, equally among those at the table.

    Odd chips go by seat. Chips waiting for a hand or a game that will not be
    played tonight are shared this way before the night can end.
    """
    seating.check_open(night)
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


BANK_NAME = "The bank"
ZERO = Decimal("0.00")


def party_name(seat: Seat | None) -> str:
    """A payment's payer or payee as people say it: the player's name, or the bank."""
    return BANK_NAME if seat is None else seat.person.name


def settlement_csv(night: Night) -> str:
    """One table, one row per player (and the bank when it holds cash or pays or is paid).

    Buy-ins and cash-outs in chips, the net in chips and money, the cash
    handed over during the night, and what the settlement has each pay and
    receive in total; who pays whom is `payments_csv`, a table of its own.
    """
    rows, payments = results(night)
    flow = flows(night)
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
        f = flow.get(row.seat.pk, Flow())
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
    box = cash_boxes(night).get(None, 0)
    if box or None in pays or None in gets:
        writer.writerow(
            csv_cells(
                BANK_NAME,
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
    _, payments = results(night)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(csv_cells("payer", "payee", f"amount {night.currency}", "paid"))
    for p in payments:
        writer.writerow(
            csv_cells(party_name(p.payer), party_name(p.payee), p.amount, bool(p.paid_at))
        )
    return out.getvalue()
