"""What happens next in a hand: the game's steps as this table plays them, and the way forward.

Pure Python, no Django. The steps are the rulebook's phases after the
table's options and settings (`rulebook.dealer.hand_phases`); this module
adds what only the live table knows — whether the pot is empty, how many
players are still in, whether a betting round is open, whether the hand is
settled — and answers two questions for every screen: which step the hand
is on, and what moves play on from there. There is always an answer: a
hand's last step offers to end the deal, and a settled hand offers the next
deal, so a table can never be stuck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol


class Asked(Protocol):
    """A fact the table names at a step (`rulebook.schema.Asked`): who is in a role."""

    @property
    def role(self) -> str: ...


class Step(Protocol):
    """The parts of a rulebook phase the live table reads."""

    id: str
    kind: str
    title: str
    name: str
    opener: str | None
    only_if: str | None
    money: list[str]
    asks: Sequence[Asked]  # what the table names at this step
    again_from: str | None  # a repeating betting step: the step the table goes back to


Move = Literal[
    "name",  # the step asks the table to name who drops out, passes or knocked
    "all_out",  # nobody is left in the hand: fire the game's all-out rules, the pot rides
    "next",  # go on to the next step
    "open_round",  # open this step's betting round
    "betting",  # a round is open: the players bet on the table
    "showdown",  # book the showdown: matches, penalties and who takes each pot
    "fold_out",  # one player is left: fire the game's fold-out rules, then award the pot
    "end_deal",  # the last step is done: end the deal, the pot going where the game says
    "next_deal",  # the hand is settled: deal again (or the game is over)
]


@dataclass(frozen=True)
class Situation:
    """What the live table knows at a moment of the hand."""

    pot_empty: bool
    players_left: int
    betting_open: bool = False
    rounds_opened: int = 0
    settled: bool = False
    first_deal: bool = True  # the game's first deal (a game of one deal has only that)
    named_here: frozenset[str] = frozenset()  # roles the table named at the current step
    agains: int = 0  # times the table went back to play the repeating betting step again


@dataclass(frozen=True)
class Forward:
    """The one action that moves play on, and the step it leads to (if any)."""

    move: Move
    step: str | None = None


def applies(step: Step, situation: Situation) -> bool:
    """Whether the table plays this step now: a step tied to the pot's state may be skipped."""
    if step.only_if == "pot_empty":
        return situation.pot_empty
    if step.only_if == "pot_not_empty":
        return not situation.pot_empty
    if step.only_if == "first_deal":
        return situation.first_deal
    if step.only_if == "nobody_in":
        return situation.players_left == 0
    if step.only_if == "one_in":
        return situation.players_left == 1
    return True


def first(steps: Sequence[Step], situation: Situation) -> str | None:
    """Where a new deal starts: the first step the table plays now (some only into an empty pot)."""
    return next((s.id for s in steps if applies(s, situation)), None)


def index_of(steps: Sequence[Step], step_id: str | None) -> int:
    """The position of a stored step; an unknown or blank one is the first step."""
    return next((i for i, s in enumerate(steps) if s.id == step_id), 0)


def after(steps: Sequence[Step], step_id: str | None, situation: Situation) -> str | None:
    """The next step the table plays after this one, or None at the end of the hand."""
    start = index_of(steps, step_id) + 1
    return next((s.id for s in steps[start:] if applies(s, situation)), None)


def before(steps: Sequence[Step], step_id: str | None, situation: Situation) -> str | None:
    """The step before this one that the table plays, or None at the start."""
    end = index_of(steps, step_id)
    return next((s.id for s in reversed(steps[:end]) if applies(s, situation)), None)


def betting_steps(steps: Sequence[Step]) -> list[Step]:
    """The game's betting rounds in order: the table offers these and no others."""
    return [s for s in steps if s.kind == "bet"]


def round_number(steps: Sequence[Step], step_id: str | None) -> int | None:
    """Which betting round (1, 2, …) a betting step is, or None for any other step."""
    for number, step in enumerate(betting_steps(steps), start=1):
        if step.id == step_id:
            return number
    return None


def next_round(steps: Sequence[Step], rounds_opened: int, agains: int = 0) -> Step | None:
    """The betting round the game plays next, or None when it has no more.

    A repeating last round (`again_from`) is played once more each time the
    table went back for it.
    """
    rounds = betting_steps(steps)
    if rounds_opened < len(rounds):
        return rounds[rounds_opened]
    if rounds and rounds[-1].again_from and rounds_opened < len(rounds) + agains:
        return rounds[-1]
    return None


def may_go_again(steps: Sequence[Step], step_id: str | None, situation: Situation) -> str | None:
    """The step the table may go back to for another round, once this repeating round is played."""
    if not steps or situation.settled or situation.betting_open or situation.players_left < 2:
        return None
    step = steps[index_of(steps, step_id)]
    number = round_number(steps, step.id)
    if step.again_from is None or number is None:
        return None
    return step.again_from if situation.rounds_opened >= number + situation.agains else None


def forward(steps: Sequence[Step], step_id: str | None, situation: Situation) -> Forward:
    """The action that moves play on from this step; every reachable state has one."""
    if situation.settled:
        return Forward("next_deal")
    if situation.players_left <= 1:
        return _left_alone(steps, step_id, situation)
    if situation.betting_open:
        return Forward("betting", step_id)
    if not steps:
        return Forward("end_deal")
    step = steps[index_of(steps, step_id)]
    if any(asked.role not in situation.named_here for asked in step.asks):
        return Forward("name", step.id)
    number = round_number(steps, step.id)
    again = situation.agains if step.again_from else 0
    if number is not None and situation.rounds_opened < number + again:
        return Forward("open_round", step.id)
    if step.kind == "showdown":
        return Forward("showdown", step.id)
    following = after(steps, step.id, situation)
    if following is None:
        return Forward("end_deal")
    return Forward("next", following)


def rules_at(steps: Sequence[Step], index: int, fold_out: Sequence[str] = ()) -> list[str]:
    """The money rules the step at `index` books by hand.

    The showdown also books the steps after it, which settle the hand's
    accounts before it closes (a game bonus, points played for money), but
    not the rules a game keeps for a hand won by folds (`fold_out`): those
    belong to the one player left, never to a showdown.
    """
    if not steps:
        return []
    showdown = next((i for i, s in enumerate(steps) if s.kind == "showdown"), None)
    if showdown is not None and index > showdown:
        return []
    if index == showdown:
        found = [rule for step in steps[index:] for rule in step.money]
        return [rule for rule in dict.fromkeys(found) if rule not in fold_out]
    return list(steps[index].money)


def _left_alone(steps: Sequence[Step], step_id: str | None, situation: Situation) -> Forward:
    """One player or nobody is left: the steps played only then, else the pot goes at once.

    A step played only when nobody stayed in (the coward's tax) or one player
    alone did (facing the gooches, the deck's two cards) comes next when it is
    the next such step before the showdown, past steps for players still
    contesting the pot (the stayers' auction), and waits there for what it
    asks (did the lone player lose to the deck); anything else the step asked
    is moot now. With no such step: nobody left, the pot rides (`all_out`);
    one, they take it (`fold_out`).
    """
    alone = "nobody_in" if situation.players_left == 0 else "one_in"
    if steps and not situation.betting_open:
        step = steps[index_of(steps, step_id)]
        if step.only_if == alone and any(a.role not in situation.named_here for a in step.asks):
            return Forward("name", step.id)
        ahead = _alone_step_ahead(steps, step.id, alone, situation)
        if ahead is not None:
            return Forward("next", ahead)
    return Forward("all_out" if situation.players_left == 0 else "fold_out")


def _alone_step_ahead(
    steps: Sequence[Step], step_id: str, alone: str, situation: Situation
) -> str | None:
    """The next step the table plays only in this case (`alone`), before the showdown."""
    following = after(steps, step_id, situation)
    while following is not None:
        step = steps[index_of(steps, following)]
        if step.only_if == alone:
            return step.id
        if step.kind == "showdown":
            return None
        following = after(steps, step.id, situation)
    return None
