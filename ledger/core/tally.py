"""A hand's tally: what `hands.load` reads from the journal, kept beside the hand as JSON.

Reading a hand from its journal takes four queries and a replay; a write
that has just replayed the hand can keep the result, so the next write
starts from it instead. The journal stays the source of truth: a tally
names the night's latest posting it has seen (`through`) and the hand's
betting rules it was replayed with, and it counts only while both still
match. Any posting anywhere in the night, by any code, makes it stale, so
no write has to remember to clear it.

No Django here: the accounts are plain `AccountRef`s, and `encode` and
`decode` turn the replayed `HandState` to JSON and back exactly (int seat
ids, frozensets and tuples included), which the tests hold to the replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ledger.core import betting
from ledger.core.replay import Event, HandState, SeatId

VERSION = 3

# A tally as JSON keeps it. Its shape is this module's own and `VERSION` vouches for it,
# so its values are read as they were written, not checked one by one.
JsonObject = dict[str, Any]


@dataclass(frozen=True)
class AccountRef:
    """An account as the tally keeps it: enough to post to it without reading it."""

    pk: int
    kind: str
    seat_id: int | None
    hand_id: int | None


@dataclass(frozen=True)
class Tally:
    accounts: dict[str, AccountRef]  # by key, as `hands._accounts` reads them
    balances: dict[int, int]  # chips by account id, for the accounts above
    events: list[Event]
    state: HandState


def rules_of(limit: betting.Limit, min_bet: int, seat_order: Sequence[SeatId]) -> list[object]:
    """What the replay depends on besides the postings: a tally made under other rules is stale."""
    return [limit.kind, limit.cap, min_bet, list(seat_order)]


def encode(tally: Tally, *, through: int, rules: list[object]) -> JsonObject:
    """The tally as JSON, valid while `through` is the night's latest posting."""
    return {
        "v": VERSION,
        "through": through,
        "rules": rules,
        "accounts": [
            [key, a.pk, a.kind, a.seat_id, a.hand_id] for key, a in tally.accounts.items()
        ],
        "balances": _pairs(tally.balances),
        "events": [[e.kind, e.seat, e.detail, _pairs(e.paid)] for e in tally.events],
        "state": _state(tally.state),
    }


def decode(data: object, *, through: int | None, rules: list[object]) -> Tally | None:
    """The tally back, or None when there is none or it is stale."""
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return None
    if through is None or data.get("through") != through or data.get("rules") != rules:
        return None
    return Tally(
        accounts={
            key: AccountRef(pk, kind, seat, hand) for key, pk, kind, seat, hand in data["accounts"]
        },
        balances=_mapping(data["balances"]),
        events=[
            Event(kind=kind, seat=seat, detail=detail, paid=_mapping(paid))
            for kind, seat, detail, paid in data["events"]
        ],
        state=_hand_state(data["state"]),
    )


# --- The replayed state, to JSON and back ---------------------------------------------------


def _state(state: HandState) -> JsonObject:
    return {
        "round": _round(state.round) if state.round is not None else None,
        "rounds": state.rounds,
        "folded": sorted(state.folded),
        "contributions": _pairs(state.contributions),
        "antes": state.antes,
        "awarded": state.awarded,
        "fees": _pairs(state.fees),
        "posted_blinds": _pairs(state.posted_blinds),
        "named": {role: [list(seats), step] for role, (seats, step) in state.named.items()},
        "agains": state.agains,
    }


def _hand_state(data: JsonObject) -> HandState:
    return HandState(
        round=_round_back(data["round"]) if data["round"] is not None else None,
        rounds=data["rounds"],
        folded=frozenset(data["folded"]),
        contributions=_mapping(data["contributions"]),
        antes=data["antes"],
        awarded=data["awarded"],
        fees=_mapping(data["fees"]),
        posted_blinds=_mapping(data["posted_blinds"]),
        named={role: (tuple(seats), step) for role, (seats, step) in data["named"].items()},
        agains=data["agains"],
    )


def _round(r: betting.Round) -> JsonObject:
    return {
        "order": list(r.order),
        "stacks": _pairs(r.stacks),
        "committed": _pairs(r.committed),
        "folded": sorted(r.folded),
        "all_in": sorted(r.all_in),
        "current_bet": r.current_bet,
        "last_raise": r.last_raise,
        "acted": _pairs(r.acted),
        "turn": r.turn,
        "min_bet": r.min_bet,
        "limit": [r.limit.kind, r.limit.cap],
        "pot_before": r.pot_before,
    }


def _round_back(data: JsonObject) -> betting.Round:
    kind, cap = data["limit"]
    return betting.Round(
        order=tuple(data["order"]),
        stacks=_mapping(data["stacks"]),
        committed=_mapping(data["committed"]),
        folded=frozenset(data["folded"]),
        all_in=frozenset(data["all_in"]),
        current_bet=data["current_bet"],
        last_raise=data["last_raise"],
        acted=_mapping(data["acted"]),
        turn=data["turn"],
        min_bet=data["min_bet"],
        limit=betting.Limit(kind, cap),
        pot_before=data["pot_before"],
    )


def _pairs(mapping: Mapping[int, int]) -> list[list[int]]:
    """A mapping keyed by ints, as JSON keeps it without turning the keys into strings."""
    return [[key, value] for key, value in mapping.items()]


def _mapping(pairs: list[list[int]]) -> dict[int, int]:
    # Unpacked here, not by dict(): JSON gives [key, value] lists, and dict() is typed for tuples.
    return {key: value for key, value in pairs}  # noqa: C416
