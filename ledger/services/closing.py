"""Ending a night: count the chips, cash everyone out, and settle who pays whom.

The writes, and the reads they stand on (the booked stacks, the nets, what
each party is due). What the pages and the API show of a night's results is
read in `ledger.selectors.night_results`; its spreadsheets in
`ledger.selectors.exports`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from ledger.core.pots import split
from ledger.core.settlement import BANK, Cash, settle_in_money, with_bank
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


BANK_NAME = "The bank"


def party_name(seat: Seat | None) -> str:
    """A payment's payer or payee as people say it: the player's name, or the bank."""
    return BANK_NAME if seat is None else seat.person.name
