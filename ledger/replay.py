"""A hand's state, rebuilt from its journal events by the pure betting engine.

No Django: the events are plain `Event` values read from the hand's live
postings (those not undone). Nothing about the current betting round is
stored anywhere else, so undoing a posting is all it takes to step back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ledger import betting

SeatId = int


@dataclass(frozen=True)
class Event:
    """One live posting of the hand, reduced to what the rules need."""

    kind: str
    seat: SeatId | None
    detail: Mapping
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

    @property
    def betting_open(self) -> bool:
        return self.round is not None and not betting.is_complete(self.round)


def replay(events: Iterable[Event], *, limit: betting.Limit, min_bet: int) -> HandState:
    """Run the hand's events through the betting engine, in order."""
    state: betting.Round | None = None
    rounds, folded, antes, awarded = 0, set(), False, False
    contributions: dict[SeatId, int] = {}
    for event in events:
        for seat, chips in event.paid.items():
            contributions[seat] = contributions.get(seat, 0) + chips
        if event.kind == "ante":
            antes = True
        elif event.kind == "round":
            rounds += 1
            state = start(event.detail, limit=limit, min_bet=min_bet)
        elif event.kind == "action":
            action = betting.Action(event.detail["action"], event.detail.get("amount", 0))
            state = betting.apply(state, event.seat, action)
            if action.kind == "fold":
                folded.add(event.seat)
        elif event.kind == "award":
            awarded = True
    return HandState(
        round=state,
        rounds=rounds,
        folded=frozenset(folded),
        contributions={s: c for s, c in contributions.items() if c},
        antes=antes,
        awarded=awarded,
    )


def start(detail: Mapping, *, limit: betting.Limit, min_bet: int) -> betting.Round:
    """A round from the snapshot stored when the dealer opened it."""
    seats = [betting.Seat(seat=int(s), stack=stack) for s, stack in detail["stacks"]]
    return betting.start_round(
        seats,
        opener=detail["opener"],
        min_bet=min_bet,
        limit=limit,
        pot_before=detail["pot_before"],
        blinds=[(int(s), amount) for s, amount in detail.get("blinds", [])],
    )
