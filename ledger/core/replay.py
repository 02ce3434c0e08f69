"""A hand's state, rebuilt from its journal events by the pure betting engine.

No Django: the events are plain `Event` values read from the hand's live
postings (those not undone). Nothing about the current betting round is
stored anywhere else, so undoing a posting is all it takes to step back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from ledger.core import betting

SeatId = int


@dataclass(frozen=True)
class Event:
    """One live posting of the hand, reduced to what the rules need."""

    kind: str
    seat: SeatId | None
    detail: Mapping[str, Any]  # the posting's detail, as JSON the ledger wrote
    # Chips each seat's stack gave (+) to or took (-) from the hand's pot in this posting.
    paid: Mapping[SeatId, int] = field(default_factory=dict)


@dataclass(frozen=True)
class HandState:
    round: betting.Round | None
    rounds: int
    folded: frozenset[SeatId]
    contributions: Mapping[SeatId, int]
    antes: bool
    awarded: bool
    # Of the contributions, what seats paid in charges (fees, matches, fines), not bets.
    fees: Mapping[SeatId, int] = field(default_factory=dict)
    # Blinds booked by a game's blind rule since the last round: the next round's opening bets.
    posted_blinds: Mapping[SeatId, int] = field(default_factory=dict)
    # What the table named at a step (`rulebook.schema.Asked`): role -> seats, with the step.
    named: Mapping[str, tuple[tuple[SeatId, ...], str]] = field(default_factory=dict)
    # Times the table went back to play a repeating betting step again (7/27's hits).
    agains: int = 0

    def seats_named(self, role: str) -> tuple[SeatId, ...]:
        """The seats the table named for a role (who knocked), or none."""
        return self.named.get(role, ((), ""))[0]

    @property
    def bets(self) -> dict[SeatId, int]:
        """What each seat bet, antes included: the chips side pots are levelled by."""
        bets = {s: c - self.fees.get(s, 0) for s, c in self.contributions.items()}
        return {s: c for s, c in bets.items() if c}

    @property
    def betting_open(self) -> bool:
        return self.round is not None and not betting.is_complete(self.round)


class _Changes(TypedDict, total=False):
    """The fields of `HandState` one event changes."""

    round: betting.Round | None
    rounds: int
    folded: frozenset[SeatId]
    contributions: Mapping[SeatId, int]
    antes: bool
    awarded: bool
    fees: Mapping[SeatId, int]
    posted_blinds: Mapping[SeatId, int]
    named: Mapping[str, tuple[tuple[SeatId, ...], str]]
    agains: int


EMPTY = HandState(
    round=None, rounds=0, folded=frozenset(), contributions={}, antes=False, awarded=False
)


def replay(events: Iterable[Event], *, limit: betting.Limit, min_bet: int) -> HandState:
    """Run the hand's events through the betting engine, in order."""
    state = EMPTY
    for event in events:
        state = advance(state, event, limit=limit, min_bet=min_bet)
    return state


def advance(state: HandState, event: Event, *, limit: betting.Limit, min_bet: int) -> HandState:
    """The hand after one more event.

    `replay` is this, folded over the events; a write calls it on its own
    posting to bring the state it already replayed up to date, instead of
    reading and replaying the whole hand again.
    """
    contributions = dict(state.contributions)
    for seat, chips in event.paid.items():
        contributions[seat] = contributions.get(seat, 0) + chips
    changes: _Changes = {"contributions": {s: c for s, c in contributions.items() if c}}
    rule_kind = event.detail.get("rule_kind") if event.kind == "charge" else None
    if rule_kind == "blind":
        posted = dict(state.posted_blinds)
        for seat, chips in event.paid.items():
            posted[seat] = posted.get(seat, 0) + chips
        changes["posted_blinds"] = {s: c for s, c in posted.items() if c}
    elif event.kind == "charge" and rule_kind != "ante":
        fees = dict(state.fees)
        for seat, chips in event.paid.items():
            fees[seat] = fees.get(seat, 0) + chips
        changes["fees"] = {s: c for s, c in fees.items() if c}
    if event.kind == "ante" or (event.kind == "charge" and event.detail.get("rule_kind") == "ante"):
        changes["antes"] = True
    elif event.kind == "round":
        changes["rounds"] = state.rounds + 1
        changes["posted_blinds"] = {}
        changes["round"] = start(event.detail, limit=limit, min_bet=min_bet)
    elif event.kind == "action":
        action = betting.Action(event.detail["action"], event.detail.get("amount", 0))
        # The journal books an action only by a seat, in an open round.
        assert state.round is not None
        assert event.seat is not None
        changes["round"] = betting.apply(state.round, event.seat, action)
        if action.kind == "fold":
            changes["folded"] = state.folded | {event.seat}
    elif event.kind == "award":
        changes["awarded"] = True
    elif event.kind == "again":
        changes["agains"] = state.agains + 1
    elif event.kind == "named":
        seats = tuple(int(s) for s in event.detail["seats"])
        role = event.detail["role"]
        changes["named"] = {**state.named, role: (seats, event.detail.get("step", ""))}
        if role == "folded":  # players who leave the hand at a step are out, as a fold is
            changes["folded"] = state.folded | set(seats)
    return replace(state, **changes)


def start(detail: Mapping[str, Any], *, limit: betting.Limit, min_bet: int) -> betting.Round:
    """A round from the snapshot stored when the dealer opened it."""
    seats = [betting.Bettor(seat=int(s), stack=stack) for s, stack in detail["stacks"]]
    return betting.start_round(
        seats,
        opener=detail["opener"],
        min_bet=min_bet,
        limit=limit,
        pot_before=detail["pot_before"],
        blinds=[(int(s), amount) for s, amount in detail.get("blinds", [])],
    )
