"""The write floor: the cheapest honest durable write, to measure a table action against.

`POST /bench/floor/<night_id>/` authenticates exactly as a table action does
(it is a `LedgerApi` view: a seat key in `X-Homegame-Seat`, or the host's
session with its CSRF token), takes an `Idempotency-Key`, and runs through the
same `write_once` -> `journal.once` shell as every ledger write (one
transaction, the night locked, the key looked up and stored with the answer).
Inside it books one balanced posting through the journal's own `post` (its
balance check, the posting and its entries): 1 chip from the bank to the
caller's stack (a seat key) or to the seat named in the body (the host), as
a credit buy-in would. The two accounts are read in one query.

Exists only under `bench.settings`; never in the real URLconf.
"""

from __future__ import annotations

from rest_framework import status
from rest_framework.exceptions import NotFound

from ledger.api.base import LedgerApi, night_actor, seat_in, write_once
from ledger.models import Account, Night
from ledger.services import journal


class WriteFloor(LedgerApi):
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        if actor.seat is not None:
            seat = actor.seat
        else:
            given = request.data if isinstance(request.data, dict) else {}
            try:
                seat = seat_in(actor.night, int(given.get("seat", 0)))
            except (TypeError, ValueError, OverflowError):
                raise NotFound("No such seat.") from None

        def write(night: Night):
            keys = {
                Account.key_for(Account.Kind.BANK, None, None): Account.Kind.BANK,
                Account.key_for(Account.Kind.STACK, seat.pk, None): Account.Kind.STACK,
            }
            found = {a.kind: a for a in Account.objects.filter(night=night, key__in=list(keys))}
            bank = found.get(Account.Kind.BANK) or journal.account(night, Account.Kind.BANK)
            stack = found.get(Account.Kind.STACK) or journal.account(
                night, Account.Kind.STACK, seat=seat
            )
            posting = journal.post(
                night=night,
                kind="buy_in",
                seat=seat,
                moves=[journal.Move(bank, stack, 1)],
                recorded_by=actor.label,
                detail={"paid": "credit"},
                memo="floor",
            )
            return status.HTTP_201_CREATED, {"posting": posting.pk}

        return write_once(request, actor, write)


write_floor = WriteFloor.as_view()
