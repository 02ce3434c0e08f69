"""Set, propose and confirm the ways a person is paid, each change in one transaction.

The host sets a person's handles (from the person's page). A player may set
their own from their seat's phone: the handle is then kept as proposed
(`from_seat`), and every payment that uses it says so until the host
confirms it, since whoever holds a seat's QR code could otherwise send that
player's winnings to themselves. An empty value takes the handle away.
Every value is checked by `ledger.core.pay_links` first, so a refused one
changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from ledger.core import inputs, pay_links
from ledger.models import PayHandle, Person
from ledger.services.actors import Actor, Forbidden

NOT_YOUR_HANDLES = "You can only change your own ways to be paid."
NOTHING_TO_CONFIRM = "{name} has no {service} handle waiting to be confirmed."
TEXT = PayHandle.Service.TEXT


@transaction.atomic
def handle_set(
    *, person: Person, service: object, value: object, holder: object = "", from_seat: bool
) -> PayHandle | None:
    """Keep `person`'s handle for `service` (None when an empty value takes it away).

    The host's change is confirmed at once; a player's own, from their seat's
    phone (`seat_handle_set` checks it is theirs), is kept as proposed.
    """
    key = inputs.choice(service, PayHandle.Service.values, label="The payment service")
    typed = inputs.text(value, label="The handle", most=200, required=False)
    if not typed:
        PayHandle.objects.filter(person=person, service=key).delete()
        return None
    if key == TEXT:
        value_kept, holder_kept = pay_links.how_to_pay(typed), ""
    else:
        checked = pay_links.check(key, typed, holder)
        value_kept, holder_kept = checked.value, checked.holder
    handle, _ = PayHandle.objects.update_or_create(
        person=person,
        service=key,
        defaults={
            "value": value_kept,
            "holder": holder_kept,
            "from_seat": from_seat,
        },
    )
    return handle


def seat_handle_set(
    *, actor: Actor, service: object, value: object, holder: object = ""
) -> PayHandle | None:
    """A player sets their own handle from their seat's phone: kept as proposed."""
    if actor.role != "seat" or actor.seat is None:
        raise Forbidden(NOT_YOUR_HANDLES)
    person = actor.seat.person
    return handle_set(person=person, service=service, value=value, holder=holder, from_seat=True)


@transaction.atomic
def handle_confirm(*, person: Person, service: str) -> PayHandle:
    """The host confirms a handle a player set from their seat."""
    handle = PayHandle.objects.filter(person=person, service=service, from_seat=True).first()
    if handle is None:
        label = dict(PayHandle.Service.choices).get(service, service)
        raise pay_links.HandleError(NOTHING_TO_CONFIRM.format(name=person.name, service=label))
    handle.from_seat = False
    handle.save(update_fields=["from_seat", "updated_at"])
    return handle
