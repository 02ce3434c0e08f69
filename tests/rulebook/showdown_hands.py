"""Hands typed as at the table, for the worked showdown examples."""

from __future__ import annotations

from rulebook.loader import GAMES_DIR, load_game
from rulebook.schema import Game
from rulebook.showdown.cards import parse_cards
from rulebook.showdown.evaluation import Holding


def game(slug: str) -> Game:
    """The real rule file, as the site loads it."""
    return load_game(GAMES_DIR / f"{slug}.yaml")


def hold(cards: str, up: str = "", **extra) -> Holding:
    """A player's cards ("As Kd 7h"), those of them face up, and facts such as paid=1."""
    return Holding(
        cards=tuple(parse_cards(cards)), up=tuple(parse_cards(up)) if up else (), **extra
    )


def showing(cards: str, **extra) -> Holding:
    """Every card turned up, as in Midnight Baseball."""
    return hold(cards, cards, **extra)
