"""Writes for a night: create it, seat people, move chips between bank and stacks.

Each service is one transaction and calls the pure core; views and the API
call these and nothing below them. Hand play lives in `ledger.hands`.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ledger import journal
from ledger.house_rules import house_rules
from ledger.journal import LedgerError, Move
from ledger.models import Account, Group, Night, Person, Seat, new_token
from ledger.units import chip_set

NIGHT_ENDED = "This night has ended; nothing more can be recorded."
SEAT_TAKEN = "Seat {position} is already taken."
ALREADY_SEATED = "{name} already has a seat tonight."
NOT_THIS_NIGHT = "That seat is not at this night's table."
SEAT_LEFT = "{name} has left and been settled."
NOTHING_TO_CASH = "{name} has no chips to cash out."
CASH_MORE_THAN_STACK = "{name} has only {stack} chips."
NO_REASON = "An adjustment needs a reason."
NO_NAME = "A person needs a name."


def group_create(*, host: AbstractBaseUser, name: str, settings: dict | None = None) -> Group:
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
        name=name,
        currency=currency.upper(),
        chips=[{"name": c.name, "value": str(c.value)} for c in chipset.colours],
        unit=chipset.unit,
        settings=rules.as_dict(),
    )


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


def buy_in(*, night: Night, seat: Seat, chips: int, recorded_by: str, kind: str = "buy_in"):
    """Chips from the bank to a stack, on credit until settlement."""
    _check_seat(night, seat)
    bank = journal.account(night, Account.Kind.BANK)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    return journal.post(
        night=night,
        kind=kind,
        seat=seat,
        moves=[Move(bank, stack, chips)],
        recorded_by=recorded_by,
        memo=f"{seat.person.name} buys {chips}",
    )


def cash_out(*, night: Night, seat: Seat, recorded_by: str, chips: int | None = None):
    """Chips from a stack back to the bank; the whole stack unless told otherwise."""
    _check_seat(night, seat)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    have = journal.balances([stack])[stack.pk]
    chips = have if chips is None else chips
    if have == 0 and chips == 0:
        raise LedgerError(NOTHING_TO_CASH.format(name=seat.person.name))
    if isinstance(chips, int) and chips > have:
        raise LedgerError(CASH_MORE_THAN_STACK.format(name=seat.person.name, stack=have))
    bank = journal.account(night, Account.Kind.BANK)
    return journal.post(
        night=night,
        kind="cash_out",
        seat=seat,
        moves=[Move(stack, bank, chips)],
        recorded_by=recorded_by,
        memo=f"{seat.person.name} cashes out {chips}",
    )


def leave(*, night: Night, seat: Seat, recorded_by: str) -> Seat:
    """A player who goes home early is cashed out and settled now."""
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    if journal.balances([stack])[stack.pk]:
        cash_out(night=night, seat=seat, recorded_by=recorded_by)
    seat.left_at = timezone.now()
    seat.save(update_fields=["left_at"])
    return seat


def adjust(*, night: Night, seat: Seat, chips: int, reason: str, recorded_by: str):
    """Book a recount difference against the bank: positive adds chips to the stack.

    It counts in that player's net like a buy-in (or a cash-out), so the
    settlement still sums to zero and nobody pays for chips nobody won.
    """
    _check_seat(night, seat)
    if not reason.strip():
        raise LedgerError(NO_REASON)
    stack = journal.account(night, Account.Kind.STACK, seat=seat)
    bank = journal.account(night, Account.Kind.BANK)
    move = Move(bank, stack, chips) if chips > 0 else Move(stack, bank, -chips)
    return journal.post(
        night=night,
        kind="adjustment",
        seat=seat,
        moves=[move],
        recorded_by=recorded_by,
        memo=reason.strip()[:200],
    )


def check_open(night: Night) -> None:
    """Refuse writes to a night that has ended."""
    if night.status != Night.Status.OPEN:
        raise LedgerError(NIGHT_ENDED)


def _check_seat(night: Night, seat: Seat) -> None:
    check_open(night)
    if seat.night_id != night.pk:
        raise LedgerError(NOT_THIS_NIGHT)
    if seat.left_at is not None:
        raise LedgerError(SEAT_LEFT.format(name=seat.person.name))


def person_add(*, group: Group, name: str) -> Person:
    """Add someone to the group's roster; a name already there makes a second person."""
    name = name.strip()
    if not name:
        raise LedgerError(NO_NAME)
    return Person.objects.create(group=group, name=name[:60])


def group_settings_update(*, group: Group, settings: dict) -> Group:
    """New default house settings for the group's future nights; past nights keep theirs."""
    group.settings = house_rules(settings).as_dict()
    group.save(update_fields=["settings"])
    return group


def join_link_revoke(*, seat: Seat) -> Seat:
    """The seat's join link stops working, and so does the phone that claimed it."""
    seat.join_revoked = True
    seat.claimed_session = ""
    seat.save(update_fields=["join_revoked", "claimed_session"])
    return seat


def join_link_renew(*, seat: Seat) -> Seat:
    """A fresh join link for the seat; the old link and any phone that claimed it stop working."""
    seat.join_token = new_token()
    seat.join_revoked = False
    seat.claimed_session = ""
    seat.save(update_fields=["join_token", "join_revoked", "claimed_session"])
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
