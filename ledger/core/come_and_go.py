"""People who come and go while a game's pot rides over several deals (pure, no Django).

The night's house settings say what happens to the riding pot:

- `leaving`: a player who goes home between deals either leaves their chips
  in the pot for whoever wins it ("pot_keeps", the default: what is in the
  pot stays in the pot), or takes back their share of it, in proportion to
  what they put in among the players still in the game ("returned"). What
  they owe on a marker stays on the settlement either way.
- `joining`: a newcomer dealt into a game whose later deals have no ante
  antes into the riding pot as the game's first deal did ("ante", the
  default), pays an equal share of what is riding ("share"), or plays for it
  free ("free"). In a game that antes every deal they simply ante with
  everyone; in a game whose lives were staked at the start (last one
  standing) they wait for the next game.

`ledger.services.runs` reads the journal and books the chips these functions work out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from ledger.core import pots

SeatId = int

NOBODY_PUT_IN = (
    "Nobody still at the table put chips into this pot, so it cannot go back in proportion: "
    "split it or carry it."
)


def returned_shares(
    riding: int,
    put_in: Mapping[SeatId, int],
    still_in: Collection[SeatId],
    seat_order: Sequence[SeatId],
) -> dict[SeatId, int]:
    """The riding pot back to the players still in, in proportion to what each put in.

    A player who has left is not paid again: their chips either went home
    with them when they left, or stayed in the pot for the rest. Raises
    `pots.PotError` when chips ride but nobody still in put any in.
    """
    weights = {seat: chips for seat, chips in put_in.items() if seat in still_in and chips > 0}
    if riding and not weights:
        raise pots.PotError(NOBODY_PUT_IN)
    return pots.in_proportion(riding, weights, seat_order)


def leaver_share(
    riding: int,
    put_in: Mapping[SeatId, int],
    still_in: Collection[SeatId],
    leaver: SeatId,
    seat_order: Sequence[SeatId],
) -> int:
    """The chips a leaver takes back: their share were the pot returned now to those still in.

    `still_in` are the players still in the game, the leaver among them. If
    nobody put anything in (a pot carried from an earlier game), nothing goes.
    """
    weights = {seat: chips for seat, chips in put_in.items() if seat in still_in and chips > 0}
    if not riding or not weights.get(leaver):
        return 0
    return pots.in_proportion(riding, weights, seat_order).get(leaver, 0)


def newcomers(players: Iterable[SeatId], dealt_before: Collection[SeatId]) -> list[SeatId]:
    """The players of this deal who were in no earlier deal of the game."""
    return [seat for seat in players if seat not in dealt_before]


def newcomer_pays(joining: str, *, riding: int, players_in: int, ante: int) -> int:
    """What a newcomer puts into the riding pot before their first deal.

    "ante": the game's ante (what everyone paid to start it); "share": the
    riding chips divided equally among the players already in it, rounded
    down; "free": nothing. Nothing is riding: nothing to buy into.
    """
    if riding <= 0 or joining == "free":
        return 0
    if joining == "share":
        return riding // players_in if players_in > 0 else 0
    return max(ante, 0)
