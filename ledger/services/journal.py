"""Posting to the chip journal: the only code that writes Entry rows.

Every service that moves chips calls `post` inside its own transaction, with
the night locked, so a posting is checked against balances nobody else is
changing at that moment.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Sum

from ledger.core import inputs
from ledger.models import Account, Entry, Hand, Night, Posting, Seat, WriteRequest

NOT_WHOLE_CHIPS = "Chip amounts must be whole numbers, got {amount!r}."
NOT_POSITIVE = "A chip movement must be more than zero, got {amount}."
WOULD_GO_NEGATIVE = "That would leave {account} with {balance} chips; nothing was recorded."
ALREADY_REVERSED = "That entry has already been undone."
CANNOT_REVERSE_REVERSAL = "An undo cannot itself be undone; record the action again instead."
UNBALANCED = "A posting must move as many chips out as in."
KEY_REUSED = "This request key was already used for a different request."

# The bank issues chips on credit and a marker records a seat's debt: only they go below zero.
MAY_GO_NEGATIVE = {Account.Kind.BANK, Account.Kind.MARKER}

# How many postings this thread has recorded: a caller's `known` balances (read under the
# night's lock) hold only while nothing else was posted since it read them (`posted_here`).
_thread = threading.local()


def posted_here() -> int:
    """Postings recorded by this thread so far; compare two readings to see if any came between."""
    return getattr(_thread, "postings", 0)


class LedgerError(ValueError):
    """A write the ledger refuses; nothing was posted."""


class KeyConflict(LedgerError):
    """The same idempotency key came with a different request body."""


@dataclass(frozen=True)
class Move:
    """`chips` go from `source` to `target`."""

    source: Account
    target: Account
    chips: int


def account(
    night: Night,
    kind: str,
    *,
    seat: Seat | None = None,
    hand: Hand | None = None,
    game: str = "",
):
    """The account of that kind and owner, created on first use."""
    key = Account.key_for(kind, seat and seat.pk, hand and hand.pk, game)
    found, _ = Account.objects.get_or_create(
        night=night, key=key, defaults={"kind": kind, "seat": seat, "hand": hand}
    )
    return found


def balances(accounts: Iterable[Account]) -> dict[int, int]:
    """Current balance of each account, by account id, from the entries."""
    ids = [a.pk for a in accounts]
    rows = (
        Entry.objects.filter(account_id__in=ids)
        .values("account_id")
        .annotate(total=Sum("amount"))
        .values_list("account_id", "total")
    )
    totals = dict.fromkeys(ids, 0)
    totals.update({account_id: total or 0 for account_id, total in rows})
    return totals


def post(
    *,
    night: Night,
    kind: str,
    moves: Iterable[Move],
    recorded_by: str,
    hand: Hand | None = None,
    seat: Seat | None = None,
    detail: Mapping | None = None,
    memo: str = "",
    known: Mapping[int, int] | None = None,
) -> Posting:
    """Record moves as one posting, refusing any that would leave a stack or pot negative.

    `known` gives balances by account id that the caller read under the same
    lock (a hand's play); only the other accounts are summed from the entries.
    """
    deltas: dict[Account, int] = {}
    for move in moves:
        _check_amount(move.chips)
        deltas[move.source] = deltas.get(move.source, 0) - move.chips
        deltas[move.target] = deltas.get(move.target, 0) + move.chips
    header = {"night": night, "kind": kind, "hand": hand, "seat": seat, "memo": memo}
    header |= {"detail": dict(detail or {}), "recorded_by": recorded_by}
    return _record(deltas, header, known=known)


def reverse(posting: Posting, *, recorded_by: str, memo: str = "") -> Posting:
    """Post the mirror image of a posting, linked to it; the original stays."""
    if posting.reverses_id is not None:
        raise LedgerError(CANNOT_REVERSE_REVERSAL)
    if Posting.objects.filter(reverses=posting).exists():
        raise LedgerError(ALREADY_REVERSED)
    deltas = {e.account: -e.amount for e in posting.entries.select_related("account")}
    header = {
        "night": posting.night,
        "kind": "reversal",
        "hand": posting.hand,
        "seat": posting.seat,
        "memo": memo or f"Undo {posting.kind}",
        "detail": {"reverses": posting.pk, "kind": posting.kind},
        "recorded_by": recorded_by,
        "reverses": posting,
    }
    return _record(deltas, header)


def _record(
    deltas: dict[Account, int], header: dict, known: Mapping[int, int] | None = None
) -> Posting:
    """Write one balanced posting after checking no account ends below zero."""
    if sum(deltas.values()) != 0:
        raise LedgerError(UNBALANCED)
    known = known or {}
    if header.get("hand") is not None:
        # A hand read with its night's latest posting no longer has it once this is posted.
        header["hand"].__dict__.pop("through", None)
    with transaction.atomic():
        unknown = [acc for acc in deltas if acc.pk not in known]
        current = {**known, **(balances(unknown) if unknown else {})}
        for acc, delta in deltas.items():
            after = current[acc.pk] + delta
            if after < 0 and acc.kind not in MAY_GO_NEGATIVE:
                raise LedgerError(WOULD_GO_NEGATIVE.format(account=acc, balance=after))
        posting = Posting.objects.create(**header)
        _thread.postings = posted_here() + 1
        entries = Entry.objects.bulk_create(
            Entry(posting=posting, account=acc, amount=delta)
            for acc, delta in deltas.items()
            if delta
        )
    return _knowing(posting, entries)


def _knowing(posting: Posting, entries: list[Entry]) -> Posting:
    """The new posting as a prefetch would leave it: its entries known, nothing undoing it.

    Whoever answers with it (the API shows every write's posting) reads nothing back.
    """
    known = posting.entries.all()
    known._result_cache, known._prefetch_done = entries, True
    posting._prefetched_objects_cache = {"entries": known}
    posting._state.fields_cache["reversed_by"] = None
    return posting


def _check_amount(chips: object) -> None:
    if not inputs.is_whole(chips):
        raise LedgerError(NOT_WHOLE_CHIPS.format(amount=chips))
    if chips <= 0:
        raise LedgerError(NOT_POSITIVE.format(amount=chips))


def fingerprint(payload: Mapping) -> str:
    """A stable hash of a request body, to tell a true repeat from a reused key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def once(
    *,
    night: Night,
    caller: str,
    key: str,
    payload: Mapping,
    write: Callable[[Night], dict],
    lock: Callable[[], Night] | None = None,
) -> dict:
    """Run `write` at most once per caller's idempotency key, with the night locked.

    A repeat of the same request by the same caller (`Actor.key`) returns the
    first answer and posts nothing; the same key with another body is
    refused. Another caller's key is theirs alone: sending it again is their
    own new request, never a replay of someone else's answer (which could
    carry that caller's cards). `lock()` may lock the night itself and return
    it, when the write wants more read in the same query (a hand write reads
    its hand with the lock).
    """
    digest = fingerprint(payload)
    with transaction.atomic():
        locked = lock() if lock else Night.objects.select_for_update().get(pk=night.pk)
        earlier = WriteRequest.objects.filter(night=locked, caller=caller, key=key).first()
        if earlier is not None:
            if earlier.fingerprint != digest:
                raise KeyConflict(KEY_REUSED)
            return earlier.result
        result = write(locked)
        WriteRequest.objects.create(
            night=locked, caller=caller, key=key, fingerprint=digest, result=result
        )
        return result
