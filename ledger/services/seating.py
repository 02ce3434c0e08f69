"""Writes for a night: create it, seat people, move chips between bank and stacks.

Each service is one transaction and calls the pure core; views and the API
call these and nothing below them. Hand play lives in `ledger.services.hands`.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.crypto import salted_hmac

from ledger.core import amounts, inputs
from ledger.core.house_rules import house_rules
from ledger.core.units import chip_set
from ledger.models import Account, Group, Night, Person, Seat, new_token
from ledger.services import games, journal
from ledger.services.journal import LedgerError, Move

NIGHT_ENDED = "This night has ended; nothing more can be recorded."
SEAT_TAKEN = "Seat {position} is already taken."
ALREADY_SEATED = "{name} already has a seat tonight."
NOT_THIS_NIGHT = "That seat is not at this night's table."
SEAT_LEFT = "{name} has left and been settled."
NOTHING_TO_CASH = "{name} has no chips to cash out."
CASH_MORE_THAN_STACK = "{name} has only {stack} chips."
NO_REASON = "An adjustment needs a reason."
NO_NAME = "A person needs a name."
NO_SUCH_LINK = "This link does not work any more: ask the host for a new one."
SEAT_HELD = "Another phone holds this seat. Ask the host to free it for this phone."
# Chips in an open hand's betting round are counted from the stack at its start.
IN_HAND = "{name} is in the open hand: finish it first."
TOO_MANY_CHIPS = "At most {most:,} chips move at once."
CHIPS_MOVED = (
    "Chips have moved tonight, so its chip colours and values stay as they are: "
    "the journal counts in them."
)
CASH = "cash"
CREDIT = "credit"
PAID = (CASH, CREDIT)
CASH_KINDS = ("buy_in", "cash_out")
PAID_HOW = "Say how it was paid: cash or credit."
CREDIT_HOLDER = "Only cash goes to a holder; on credit nobody takes any money now."
HOLDER_LEFT = "{name} has left, so cannot hold tonight's cash."
CASH_SHORT = (
    "{who} holds {held} in cash, not {asked}: pay the rest at the settlement "
    "(cash out on credit), or from another holder."
)


def group_create(*, host: AbstractBaseUser, name: str, settings: dict | None = None) -> Group:
    name = inputs.text(name, label="The group's name", most=inputs.GROUP_NAME)
    return Group.objects.create(host=host, name=name, settings=house_rules(settings).as_dict())


def night_create(
    *,
    host: AbstractBaseUser,
    group: Group,
    name: str,
    chips: list[tuple[str, str | Decimal]],
    currency: str = "USD",
    settings: dict | None = None,
) -> Night:
    """A new night; settings start from the group's and may be overridden."""
    chipset = chip_set(chips)
    rules = house_rules({**group.settings, **(settings or {})})
    return Night.objects.create(
        group=group,
        host=host,
        name=inputs.text(name, label="The night's name", most=inputs.NIGHT_NAME),
        currency=inputs.currency(currency),
        chips=[{"name": c.name, "value": str(c.value)} for c in chipset.colours],
        unit=chipset.unit,
        settings=rules.as_dict(),
    )


def chips_editable(night: Night) -> bool:
    """A night's chips may change until the first chip moves: open, and nothing in its journal."""
    return night.status == Night.Status.OPEN and not night.postings.exists()


def night_chips_set(*, night: Night, chips: list[tuple[str, str | Decimal]]) -> Night:
    """New chip colours and values for a night no chip has moved in yet, else LedgerError.

    The night is locked while its journal is checked, so a buy-in cannot slip
    in between; house settings and agreed amounts are in chips and stay so.
    """
    chipset = chip_set(chips)
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        check_open(locked)
        if locked.postings.exists():
            raise LedgerError(CHIPS_MOVED)
        locked.chips = [{"name": c.name, "value": str(c.value)} for c in chipset.colours]
        locked.unit = chipset.unit
        locked.save(update_fields=["chips", "unit"])
    night.chips, night.unit = locked.chips, locked.unit
    return locked


def seat_add(*, night: Night, person: Person, position: int | None = None) -> Seat:
    """Seat someone, late arrivals included; the next free position by default."""
    check_open(night)
    with transaction.atomic():
        if night.seats.filter(person=person).exists():
            raise LedgerError(ALREADY_SEATED.format(name=person.name))
        if position is None:
            position = (night.seats.aggregate(top=Max("position"))["top"] or 0) + 1
        elif night.seats.filter(position=position).exists():
            raise LedgerError(SEAT_TAKEN.format(position=position))
        return Seat.objects.create(night=night, person=person, position=position)


def sit_out(*, night: Night, seat: Seat, out: bool = True) -> Seat:
    """Skip a player in the next hands, or bring them back."""
    _check_seat(night, seat)
    seat.sitting_out = out
    seat.save(update_fields=["sitting_out"])
    return seat


def buy_in(
    *,
    night: Night,
    seat: Seat,
    chips: int,
    recorded_by: str,
    kind: str = "buy_in",
    paid: str = CREDIT,
    holder: Seat | None = None,
):
    """Chips from the bank to a stack: paid in cash to a holder, or on credit until settlement.

    Cash goes to the bank (the host's cash box) unless `holder` names the
    player who collects it. How it was paid is kept in the posting's detail
    (`paid`, `holder`), which the settlement reads.
    """
    _check_seat(night, seat)
    if isinstance(chips, int) and chips > inputs.MOST_CHIPS:
        raise LedgerError(TOO_MANY_CHIPS.format(most=inputs.MOST_CHIPS))
    detail = _payment_detail(night, paid, holder)
    bank = journal.account(night, Account.Kind.BANK)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    how = f", {_paid_words(paid, holder, 'to')}" if paid == CASH else ""
    return journal.post(
        night=night,
        kind=kind,
        seat=seat,
        moves=[Move(bank, stack, chips)],
        recorded_by=recorded_by,
        detail=detail,
        memo=f"{seat.person.name} buys {chips}{how}",
    )


def cash_out(
    *,
    night: Night,
    seat: Seat,
    recorded_by: str,
    chips: int | None = None,
    paid: str = CREDIT,
    holder: Seat | None = None,
    leaves: bool = False,
    note: str = "",
):
    """Chips from a stack back to the bank; the whole stack unless told otherwise.

    Paid in cash from the bank (or from the player holding cash) when `paid`
    is "cash", never more than that holder has; otherwise it is settled at
    the end with everything else. The memo says if the player `leaves` with
    it; `note`, if any, ends the memo (a leaver's chips left riding in a
    game's pot, say) and is kept in the detail.
    """
    _check_seat(night, seat)
    _check_not_in_hand(night, seat)
    detail = _payment_detail(night, paid, holder)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    have = journal.balances([stack])[stack.pk]
    chips = have if chips is None else chips
    if have == 0 and chips == 0:
        raise LedgerError(NOTHING_TO_CASH.format(name=seat.person.name))
    if isinstance(chips, int) and chips > have:
        raise LedgerError(CASH_MORE_THAN_STACK.format(name=seat.person.name, stack=have))
    if paid == CASH and isinstance(chips, int):
        box = cash_in_hand(night).get(holder.pk if holder else None, 0)
        if chips > box:
            raise LedgerError(
                CASH_SHORT.format(
                    who=_holder_name(holder).capitalize(),
                    held=_money(box, night),
                    asked=_money(chips, night),
                )
            )
    bank = journal.account(night, Account.Kind.BANK)
    how = f", {_paid_words(paid, holder, 'from')}" if paid == CASH else ""
    if leaves:
        detail["leaves"] = True
        how = f" and leaves{how}"
    if note:
        detail["note"] = note
        how = f"{how}; {note}"
    return journal.post(
        night=night,
        kind="cash_out",
        seat=seat,
        moves=[Move(stack, bank, chips)],
        recorded_by=recorded_by,
        detail=detail,
        memo=f"{seat.person.name} cashes out {chips}{how}"[:200],
    )


def cash_in_hand(night: Night) -> dict[int | None, int]:
    """The cash each holder has now, in chips' worth, by seat id (None: the bank)."""
    held: dict[int | None, int] = {}
    for move in cash_moves(night):
        held[move.holder] = held.get(move.holder, 0) + move.chips
    return held


@dataclass(frozen=True)
class CashMove:
    """Cash handed over: + for a buy-in paid to `holder`, - for a cash-out paid by it."""

    seat: int
    holder: int | None
    chips: int


def cash_moves(night: Night) -> list[CashMove]:
    """Every cash buy-in and cash-out of the night that was not undone, oldest first."""
    postings = (
        night.postings.filter(kind__in=CASH_KINDS, detail__paid=CASH, reversed_by__isnull=True)
        .prefetch_related("entries__account")
        .order_by("pk")
    )
    moves = []
    for posting in postings:
        chips = sum(e.amount for e in posting.entries.all() if e.account.kind == Account.Kind.STACK)
        moves.append(
            CashMove(seat=posting.seat_id, holder=posting.detail.get("holder"), chips=chips)
        )
    return moves


def _payment_detail(night: Night, paid: str, holder: Seat | None) -> dict:
    if paid not in (CASH, CREDIT):
        raise LedgerError(PAID_HOW)
    if paid == CREDIT:
        if holder is not None:
            raise LedgerError(CREDIT_HOLDER)
        return {"paid": CREDIT}
    if holder is not None:
        if holder.night_id != night.pk:
            raise LedgerError(NOT_THIS_NIGHT)
        if holder.left_at is not None:
            raise LedgerError(HOLDER_LEFT.format(name=holder.person.name))
    return {"paid": CASH, "holder": holder.pk if holder else None}


def _holder_name(holder: Seat | None) -> str:
    return holder.person.name if holder else "the bank"


def _paid_words(paid: str, holder: Seat | None, way: str) -> str:
    return f"cash {way} {_holder_name(holder)}"


def _money(chips: int, night: Night) -> str:
    return amounts.show_money(Decimal(night.unit) * chips, night.currency)


def leave(
    *,
    night: Night,
    seat: Seat,
    recorded_by: str,
    paid: str = CREDIT,
    holder: Seat | None = None,
    note: str = "",
) -> Seat:
    """A player who goes home early is cashed out and settled now.

    Their whole stack, paid as a cash-out is (`paid`, `holder`: in cash from
    the bank or a player holding cash, never more than it holds, or at the
    settlement) and checked the same way even with nothing to cash; `note`
    ends the cash-out's memo. With no chips, no posting: the seat's leaving
    time says it.
    """
    _check_seat(night, seat)
    _check_not_in_hand(night, seat)
    _payment_detail(night, paid, holder)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    if journal.balances([stack])[stack.pk]:
        cash_out(
            night=night,
            seat=seat,
            recorded_by=recorded_by,
            paid=paid,
            holder=holder,
            leaves=True,
            note=note,
        )
    seat.left_at = timezone.now()
    seat.save(update_fields=["left_at"])
    return seat


def adjust(*, night: Night, seat: Seat, chips: int, reason: str, recorded_by: str):
    """Book a recount difference against the bank: positive adds chips to the stack.

    It counts in that player's net like a buy-in (or a cash-out), so the
    settlement still sums to zero and nobody pays for chips nobody won.
    """
    _check_seat(night, seat)
    if not (reason or "").strip():
        raise LedgerError(NO_REASON)
    reason = inputs.text(reason, label="The reason", most=inputs.REASON)
    if isinstance(chips, int) and abs(chips) > inputs.MOST_CHIPS:
        raise LedgerError(TOO_MANY_CHIPS.format(most=inputs.MOST_CHIPS))
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    bank = journal.account(night, Account.Kind.BANK)
    move = Move(bank, stack, chips) if chips > 0 else Move(stack, bank, -chips)
    return journal.post(
        night=night,
        kind="adjustment",
        seat=seat,
        moves=[move],
        recorded_by=recorded_by,
        memo=reason,
    )


def check_open(night: Night) -> None:
    """Refuse writes to a night that has ended."""
    if night.status != Night.Status.OPEN:
        raise LedgerError(NIGHT_ENDED)


def _check_not_in_hand(night: Night, seat: Seat) -> None:
    """Cashing out or leaving mid-hand would strand the chips the hand counts on."""
    hand = games.open_hand(night)
    if hand is not None and seat.pk in hand.seat_order:
        raise LedgerError(IN_HAND.format(name=seat.person.name))


def _check_seat(night: Night, seat: Seat) -> None:
    check_open(night)
    if seat.night_id != night.pk:
        raise LedgerError(NOT_THIS_NIGHT)
    if seat.left_at is not None:
        raise LedgerError(SEAT_LEFT.format(name=seat.person.name))


def person_add(*, group: Group, name: str) -> Person:
    """Add someone to the group's roster; a name already there makes a second person."""
    if not (name or "").strip():
        raise LedgerError(NO_NAME)
    name = inputs.text(name, label="The name", most=inputs.PERSON_NAME)
    return Person.objects.create(group=group, name=name)


def group_settings_update(*, group: Group, settings: dict) -> Group:
    """New default house settings for the group's future nights; past nights keep theirs."""
    group.settings = house_rules(settings).as_dict()
    group.save(update_fields=["settings"])
    return group


class UnknownLink(LedgerError):
    """A join token that matches no live link (never issued, renewed since, or revoked)."""


class SeatHeld(LedgerError):
    """Another phone holds the seat; only the host can free it (`join_link_release`)."""


def seat_key_hash(key: str) -> str:
    """What a seat keeps of its API phone's seat key: a 256-bit secret needs no slower hash."""
    return hashlib.sha256(key.encode()).hexdigest()


def _claimable(token: str) -> Seat:
    """The seat behind a live join link, locked until the claim is decided."""
    seat = Seat.objects.select_for_update().filter(join_token=token, join_revoked=False).first()
    if seat is None:
        raise UnknownLink(NO_SUCH_LINK)
    return seat


@transaction.atomic
def join_link_claim(*, token: str, session_key: str) -> Seat:
    """A phone's browser claims the seat behind a join link, held by its session.

    A seat another phone holds is never moved (SeatHeld): the host frees it.
    The same phone claiming again changes nothing; claiming another seat at
    the same night lets go of the one it held, so a phone holds one seat.
    """
    seat = _claimable(token)
    if seat.claimed_session == session_key:
        return seat
    if seat.claimed:
        raise SeatHeld(SEAT_HELD)
    Seat.objects.filter(night_id=seat.night_id, claimed_session=session_key).update(
        claimed_session=""
    )
    seat.claimed_session = session_key
    seat.save(update_fields=["claimed_session"])
    return seat


# A claim whose answer was lost may be sent again this long after it was first made.
CLAIM_RETRY = timedelta(minutes=2)


@transaction.atomic
def join_link_claim_key(
    *, token: str, held_key: str = "", request_key: str = "", address: str = ""
) -> tuple[Seat, str, str]:
    """An API phone claims the seat behind a join link: (seat, its seat key, what happened).

    What happened is "claimed", "replayed" (the same claim sent again) or
    "held" (the phone sent the key it already holds). Only the key's hash is
    kept. With a request key the seat key is derived from it, the caller's
    address, the link and the site's secret, so a retried claim whose answer
    was lost gets the same key back without the key ever being stored; but
    only from the same address and within `CLAIM_RETRY` of the claim, so
    someone who learns the request key later gets nothing. Any other claim of
    a held seat is refused (SeatHeld).
    """
    seat = _claimable(token)
    if held_key and seat.device_key_hash == seat_key_hash(held_key):
        return seat, held_key, "held"
    key = _derived_key(seat, request_key, address) if request_key else secrets.token_urlsafe(32)
    if request_key and seat.device_key_hash == seat_key_hash(key) and _retry_in_time(seat):
        return seat, key, "replayed"
    if seat.claimed:
        raise SeatHeld(SEAT_HELD)
    seat.device_key_hash = seat_key_hash(key)
    seat.device_claimed_at = timezone.now()
    seat.save(update_fields=["device_key_hash", "device_claimed_at"])
    return seat, key, "claimed"


def _retry_in_time(seat: Seat) -> bool:
    claimed = seat.device_claimed_at
    return claimed is not None and timezone.now() - claimed <= CLAIM_RETRY


def _derived_key(seat: Seat, request_key: str, address: str) -> str:
    """The seat key for one claim request: unguessable without the phone's own request key."""
    mac = salted_hmac("ledger.seat-key", f"{seat.pk}:{seat.join_token}:{request_key}:{address}")
    return mac.hexdigest()


def join_link_release(*, seat: Seat) -> Seat:
    """The host frees the seat: the phone holding it lets go; the same link can be claimed again."""
    seat.claimed_session = ""
    seat.device_key_hash = ""
    seat.device_claimed_at = None
    seat.save(update_fields=["claimed_session", "device_key_hash", "device_claimed_at"])
    return seat


def join_link_revoke(*, seat: Seat) -> Seat:
    """The seat's join link stops working, and so does the phone that claimed it."""
    seat.join_revoked = True
    seat.claimed_session = ""
    seat.device_key_hash = ""
    seat.device_claimed_at = None
    seat.save(
        update_fields=["join_revoked", "claimed_session", "device_key_hash", "device_claimed_at"]
    )
    return seat


def join_link_renew(*, seat: Seat) -> Seat:
    """A fresh join link for the seat; the old link and any phone that claimed it stop working."""
    seat.join_token = new_token()
    seat.join_revoked = False
    seat.claimed_session = ""
    seat.device_key_hash = ""
    seat.device_claimed_at = None
    seat.save(
        update_fields=[
            "join_token",
            "join_revoked",
            "claimed_session",
            "device_key_hash",
            "device_claimed_at",
        ]
    )
    return seat


def spectator_link_revoke(*, night: Night) -> Night:
    night.spectator_revoked = True
    night.save(update_fields=["spectator_revoked"])
    return night


def spectator_link_renew(*, night: Night) -> Night:
    """A fresh spectator link; the old one stops working."""
    night.spectator_token = new_token()
    night.spectator_revoked = False
    night.save(update_fields=["spectator_token", "spectator_revoked"])
    return night
