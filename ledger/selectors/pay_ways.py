"""How each settlement payment can be paid: the payee's handles as links and QR codes.

Handles are shown to the night's host and to its seated players, never to a
spectator (`for_payments` gives a spectator nothing). Each way says what the
link fills in and what the payer must type, and whether the handle was set
from the payee's seat and not yet confirmed by the host.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from ledger.core import amounts, pay_links
from ledger.models import Night, PayHandle, Payment, Person, Seat

SEAT_CHANGED = (
    "{name} changed this from their phone and the host has not confirmed it yet: "
    "check with {name} before you pay."
)


@dataclass(frozen=True)
class Way:
    """One way to pay: a service's link and QR code, or the payee's own words."""

    label: str
    shown: str  # the handle as a person reads it, or the "how to pay me" text
    link: str | None = None
    qr: str | None = None  # what the QR code holds
    to_type: str = ""
    holder: str = ""
    unconfirmed: str = ""  # why to check first: set from the payee's seat, not confirmed


@dataclass(frozen=True)
class PayWays:
    """'Pay Ann $16.75', and the ways Ann takes it."""

    title: str
    payee: str
    ways: list[Way]


def handles_context(person: Person) -> dict:
    """A person's ways to be paid, in the order the services are offered, and the services."""
    kept = {h.service: h for h in person.pay_handles.all()}
    services = PayHandle.Service.choices
    return {"handles": [kept[key] for key, _ in services if key in kept], "services": services}


def note_for(night: Night) -> str:
    """The note a payment carries: "Homegame, Friday Regulars, 27 Nov"."""
    day = timezone.localtime(night.ended_at or night.created_at)
    return f"Homegame, {night.group.name}, {day.day} {day:%b}"


def for_payments(
    night: Night, payments: Iterable[Payment], *, role: str, names: dict
) -> dict[int, PayWays]:
    """The ways to pay each payment to a seated payee, by payment id ({} for a spectator)."""
    payments = [p for p in payments if p.payee_id is not None and p.paid_at is None]
    if role == "spectator" or not payments:
        return {}
    seats = {s.pk: s for s in Seat.objects.filter(night=night, pk__in=_payees(payments))}
    handles: dict[int, list[PayHandle]] = {}
    for handle in PayHandle.objects.filter(person__in=[s.person_id for s in seats.values()]):
        handles.setdefault(handle.person_id, []).append(handle)
    note = note_for(night)
    found = {}
    for payment in payments:
        name = names[payment.payee_id]
        person = seats[payment.payee_id].person_id
        title = f"Pay {name} {amounts.show_money(payment.amount, night.currency)}"
        ways = [_way(h, payment, night.currency, note, name) for h in handles.get(person, [])]
        found[payment.pk] = PayWays(title, name, ways)
    return found


def _payees(payments: list[Payment]) -> set[int]:
    return {p.payee_id for p in payments if p.payee_id is not None}


def _way(handle: PayHandle, payment: Payment, currency: str, note: str, name: str) -> Way:
    unconfirmed = SEAT_CHANGED.format(name=name) if handle.from_seat else ""
    label = handle.get_service_display()
    if handle.service == PayHandle.Service.TEXT:
        return Way(label, handle.value, unconfirmed=unconfirmed)
    checked = pay_links.Handle(handle.service, handle.value, handle.holder)
    paid = pay_links.pay(checked, payment.amount, currency, note)
    return Way(
        label,
        checked.shown,
        link=paid.link,
        qr=paid.qr,
        to_type=paid.to_type,
        holder=handle.holder,
        unconfirmed=unconfirmed,
    )
