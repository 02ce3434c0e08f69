"""Deleting a whole night: a test night, or one started by mistake, before anyone has paid.

The journal is append-only: a wrong posting stays and a reversal undoes it,
so a night's history always explains its stacks. Deleting a night is not an
edit of that history. Nothing is changed inside a journal that stays: the
night goes whole, with every posting, entry, account, hand, seat and
payment it ever had, and no other night's journal refers to any of them.
What is left (each group's history, a person's results, the group's
results across nights) is computed from the nights that remain, so it stays
consistent by construction, as if the night had never been opened.

The one thing that would make it a rewrite of history is money that has
changed hands: once a settlement payment is marked paid, the night is part
of what people owe each other, and it can no longer be deleted.
"""

from __future__ import annotations

from django.db import transaction

from ledger.models import (
    Account,
    Entry,
    Hand,
    HandCards,
    Night,
    Payment,
    Posting,
    Run,
    Score,
    Seat,
    ShowdownKept,
)
from ledger.services.closing import party_name
from ledger.services.journal import LedgerError

ALREADY_PAID = (
    "{payer} has already paid {payee} for this night: "
    "a night with a payment marked paid stays in the history."
)


def refusal(night: Night) -> str:
    """Why this night cannot be deleted, or "" when it can."""
    paid = (
        Payment.objects.filter(night=night, paid_at__isnull=False)
        .select_related("payer__person", "payee__person")
        .order_by("paid_at", "pk")
        .first()
    )
    if paid is None:
        return ""
    return ALREADY_PAID.format(payer=party_name(paid.payer), payee=party_name(paid.payee))


def night_delete(*, night: Night) -> None:
    """Delete the night and every row it has, or refuse (LedgerError) and change nothing.

    The night is locked first, so a payment marked paid at the same moment
    either comes first (and the delete is refused) or finds no night.
    The rows go in the order their protected references need: the journal
    (entries, score sheet, postings, through the append-only guard's one
    opening), then payments, accounts, hands, games, seats, and the night
    with whatever else cascades from it. People stay on the group's roster.
    """
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        reason = refusal(locked)
        if reason:
            raise LedgerError(reason)
        delete_rows(locked)


def delete_rows(night: Night) -> None:
    """The night and every row it has, with no question asked: callers decide whether it may go.

    The journal's rows go through the append-only guard's one opening
    (`delete_with_night`), in the order their references need; then
    payments, accounts, hands, games, seats and the night itself.
    """
    Entry.objects.delete_with_night(night)
    Score.objects.delete_with_night(night)
    HandCards.objects.delete_with_night(night)
    ShowdownKept.objects.delete_with_night(night)
    Posting.objects.delete_with_night(night)
    for model in (Payment, Account, Hand, Run, Seat):
        model.objects.filter(night=night).delete()
    night.delete()
