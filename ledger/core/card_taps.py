"""The live table's tap grid: one tap cycles one card of a player's cards, and each player's grid.

Pure Python, no Django. The cycle and the grid are the rulebook "Who wins?"
page's own (`rulebook.showdown.tap_grid.cycle`, `rulebook.showdown.tap_grid.grids`): a card is
not held, face down, face up, then not held again. At the table each player
has a form of their own, so a tap names only the card ("As", "Jk2" for the
second joker, "BS"); the typed cards as posted are the state the tap changes,
and the result is entered as any typed cards are (`ledger.services.seat_cards.enter`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace

from rulebook import schema
from rulebook.showdown import request_check, tap_grid
from rulebook.showdown.tap_grid import Cell, Grid

TapError = request_check.RequestError


def tap(cards: str, up: str, code: str, *, who: str) -> tuple[list[str], list[str]]:
    """`who`'s cards and face-up cards, as codes, after one tap on the card `code`.

    Cards typed in the fields that are not cards are refused with the reason
    (TapError, in table words), and so is a tap that names no card.
    """
    held = request_check.parse_field(cards, label=f"{who}'s cards", field="cards")
    shown = request_check.parse_field(up, label=f"{who}'s face-up cards", field="up")
    card, slot = tap_grid.tapped(code.strip())
    held, shown = tap_grid.cycle(held, shown, card, slot)
    return [c.code for c in held], [c.code for c in shown]


def grids(
    players: Sequence[Hashable],
    held: Mapping[Hashable, tuple[Sequence[str], Sequence[str]]],
    game: schema.Game | None,
    board: Sequence[str] = (),
    *,
    options: Sequence[str] = (),
    settings: Mapping[str, str] | None = None,
) -> dict[Hashable, Grid]:
    """Each player's grid, by key, from the cards and face-up cards `held` lists.

    The run's `options` and `settings` decide the extras: jokers only when the
    deck has them or a wild rule in force makes them wild.

    A card every copy of which another player in `held` (or the board)
    holds is greyed: give only the cards this viewer may see. Each button's
    value is the card's code alone.
    """
    table = tap_grid.GridForm(
        players=[
            tap_grid.Player(
                name=str(i),
                cards=" ".join(held.get(key, ((), ()))[0]),
                up=" ".join(held.get(key, ((), ()))[1]),
            )
            for i, key in enumerate(players)
        ],
        board=" ".join(board),
        options=list(options),
        settings=dict(settings or {}),
    )
    found = tap_grid.grids(table, game)
    return {key: _codes_only(grid) for key, grid in zip(players, found, strict=True)}


def _codes_only(grid: Grid) -> Grid:
    def cells(row: tuple[Cell, ...]) -> tuple[Cell, ...]:
        return tuple(replace(c, value=c.value.partition(":")[2]) for c in row)

    return Grid(
        suits=tuple((suit, name, cells(row)) for suit, name, row in grid.suits),
        extras=cells(grid.extras),
    )
