"""The shapes of what the table page shows: its seats, pots, turn, game and the whole table.

Plain data filled by `ledger.selectors.state` (`table`), read by the pages'
views and templates; the few properties here are what the table's buttons
ask of it (who may run the hand, whether antes are due).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ledger.core import charges, flow
from ledger.models import Hand, Night, Run, Seat
from ledger.services import games
from ledger.services.actors import Actor


@dataclass
class SeatRow:
    seat: Seat
    name: str
    stack: int
    committed: int = 0
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    dealer: bool = False
    me: bool = False
    marker: int = 0  # chips owed on credit (an IOU), shown as a positive number


@dataclass
class PotRow:
    index: int
    label: str
    amount: int
    eligible: list[SeatRow]


@dataclass
class Turn:
    row: SeatRow
    to_call: int
    legal: frozenset[str]
    min_to: int | None
    max_to: int | None
    all_in_to: int
    mine: bool  # the viewer may record this seat's action


@dataclass
class GameInfo:
    slug: str = ""
    name: str = ""
    family: str = ""
    shape: games.Shape = "plain"  # how the showdown names its winners (`games.pot_shape`)
    both: bool = True  # a player may declare both ways (the game's settings may say not)

    @property
    def high_low(self) -> bool:
        return self.shape == "high_low"

    @property
    def declare(self) -> bool:
        return self.shape == "declare"


@dataclass
class Table:
    night: Night
    actor: Actor
    rows: list[SeatRow]
    hand: Hand | None
    latest: Hand | None
    game: GameInfo = field(default_factory=GameInfo)
    pots: list[PotRow] = field(default_factory=list)
    turn: Turn | None = None
    riding: int = 0
    fines: int = 0  # the pile beside the pot (fines, tariffs set aside)
    pile: str = charges.PILE  # what the game calls that pile
    pile_waits: str = ""  # what it waits for: the next deal, whoever ends the game
    run: Run | None = None  # the game being played over several deals, if one is open
    rides_why: str = ""
    betting_open: bool = False
    rounds: int = 0
    antes: bool = False
    history: list = field(default_factory=list)
    # A hand of a game: its steps as this table plays it, the one it is on, and the way on.
    situation: flow.Situation | None = None
    steps: list = field(default_factory=list)
    step: object | None = None
    forward: flow.Forward | None = None
    # What the table named at the hand's steps: role -> (seats, step) (`ledger.core.replay`).
    named: Mapping = field(default_factory=dict)
    # Who acts first when the next round opens with nobody named (after the big blind).
    opens: SeatRow | None = None
    # A game played one player at a time with no betting round (a bet against the pot on
    # each player's turn): whose turn it is, read from the turns booked (`state`).
    turn_of: SeatRow | None = None

    @property
    def is_host(self) -> bool:
        return self.actor.role == "host"

    @property
    def can_run(self) -> bool:
        """Host, or the dealer of the hand in play, runs it."""
        return self.is_host or self.actor.is_dealer(self.hand)

    @property
    def can_reopen(self) -> bool:
        return (
            self.hand is None
            and self.latest is not None
            and (self.is_host or self.actor.is_dealer(self.latest))
        )

    @property
    def open(self) -> bool:
        return self.night.status == Night.Status.OPEN

    @property
    def need_antes(self) -> bool:
        """The table's "Collect antes": a hand not yet anted, of a game that antes at a step
        (a game seeded by blinds or a dealer's blind has no ante to collect)."""
        ante = self.hand.config.get("ante", 0) if self.hand else 0
        seeded_by_ante = not self.steps or any(s.kind == "ante" for s in self.steps)
        fresh = bool(self.hand) and not self.antes and not self.rounds
        return fresh and ante > 0 and seeded_by_ante

    @property
    def own_blinds(self) -> bool:
        """The game posts its blinds at a step of its own (booked with the agreed amounts)."""
        return any(s.kind == "blind" for s in self.steps)

    @property
    def at_table(self) -> list[SeatRow]:
        return [r for r in self.rows if r.seat.left_at is None]
