"""Who sees which cards of a live hand: a player's face-down cards are theirs until the showdown.

Pure Python, no Django. Every page, poll and API answer that shows cards
entered at a hand asks `seen` first, so nobody learns another player's
face-down cards early — the host and the dealer included, who usually play
too. Before the showdown a viewer sees:

- the table's cards (a board) and every card dealt face up, as at a real table;
- the face-down cards of their own seat;
- the face-down cards they entered themselves (the host typing for a player
  with no phone): the row remembers who entered them (`down_by`).

Games played with a card on the forehead turn the face-up cards around: they
face everyone but their holder, so the holder's own phone never shows them
until the hand is over.

From the showdown on, the hands still in when it was reached are shown to
everyone. A folded hand, and the hand of a player who won because everyone
else folded (nobody else was left to show to), stay unseen unless the player
shows them (`shown`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

HOST = "host"


def holder_of(seat: int) -> str:
    """The viewer key of a seat's own phone (as `ledger.services.actors.Actor.key` spells it)."""
    return f"seat:{seat}"


@dataclass(frozen=True)
class Row:
    """One seat's latest cards as entered (no seat: the table's cards)."""

    seat: int | None
    cards: tuple[str, ...]
    up: tuple[str, ...] = ()
    declare: str = ""
    down_by: str = ""  # who entered the face-down cards, besides the holder
    shown: bool = False  # the player showed them to the table


@dataclass(frozen=True)
class Moment:
    """Where the hand is, as far as seeing cards goes."""

    reached_showdown: bool  # at or past its showdown step (or settled through one)
    contenders: frozenset[int]  # the seats whose hands the showdown shows
    over: bool = False  # settled: the forehead cards may be looked at
    forehead: bool = False  # face-up cards face everyone but their holder


def moment(
    *,
    reached_showdown: bool,
    still_in: Iterable[int],
    over: bool = False,
    forehead: bool = False,
) -> Moment:
    """The moment of a hand: at a showdown with two or more still in, their hands are shown.

    A lone player left when the others folded shows nothing: nobody called them.
    """
    left = frozenset(still_in)
    shows = reached_showdown and len(left) >= 2
    return Moment(
        reached_showdown=reached_showdown,
        contenders=left if shows else frozenset(),
        over=over,
        forehead=forehead,
    )


@dataclass(frozen=True)
class Seen:
    """What one viewer sees of a row: the cards in the order entered, those face up among them."""

    seat: int | None
    cards: tuple[str, ...]
    up: tuple[str, ...]
    declare: str
    whole: bool  # every card of the row, the declaration too


def seen(row: Row, viewer: str, at: Moment) -> Seen | None:
    """What `viewer` ("host", "seat:<id>", "watch") sees of `row` now; None when nothing."""
    if row.seat is None or row.shown or row.seat in at.contenders:
        return _whole(row)
    mine = viewer == holder_of(row.seat)
    down_seen = mine or (bool(row.down_by) and viewer == row.down_by)
    up_seen = not (at.forehead and mine and not at.over)
    if down_seen and up_seen:
        return _whole(row)
    if down_seen:  # a forehead game's holder: their own cards, not those facing the others
        cards = tuple(pick(row.cards, row.up, down=True, up=False))
        return Seen(row.seat, cards, (), row.declare, whole=False) if cards else None
    # Anyone else: the face-up cards alone, in the order dealt (nothing of where the others lie).
    return Seen(row.seat, row.up, row.up, "", whole=False) if up_seen and row.up else None


def _whole(row: Row) -> Seen:
    return Seen(row.seat, row.cards, row.up, row.declare, whole=True)


def pick(cards: Sequence[str], faces_up: Sequence[str], *, down: bool, up: bool) -> Iterator[str]:
    """The cards of a row that are face down (if `down`) or face up (if `up`), in their order."""
    left = list(faces_up)
    for card in cards:
        face_up = card in left
        if face_up:
            left.remove(card)
        if (up and face_up) or (down and not face_up):
            yield card


def seen_all(rows: Iterable[Row], viewer: str, at: Moment) -> list[Seen]:
    """Each row this viewer sees anything of, in the order given."""
    found = (seen(row, viewer, at) for row in rows)
    return [s for s in found if s is not None]


def shown_at_showdown(rows: Iterable[Row], at: Moment) -> list[Row]:
    """The rows every phone sees whole: the board, the contenders' hands, hands shown by choice.

    What is kept with the hand's history, and what a clash is looked for in.
    """
    return [r for r in rows if r.seat is None or r.shown or r.seat in at.contenders]
