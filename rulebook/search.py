"""Finding games by name, alias, option or rule text, and the index filters."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from rulebook.models import Game


@dataclass(frozen=True)
class Filters:
    q: str = ""
    players: int | None = None
    wild: str = ""
    highlow: str = ""
    family: str = ""

    @property
    def active(self) -> bool:
        return bool(self.q or self.players or self.wild or self.highlow or self.family)


def parse_filters(params) -> Filters:
    """Read the query string leniently: a bad number is ignored, not an error page."""
    try:
        players = int(params.get("players", "") or 0) or None
    except ValueError:
        players = None
    if players is not None and not 1 <= players <= 20:
        players = None
    return Filters(
        q=params.get("q", "").strip()[:100],
        players=players,
        wild=params.get("wild", "") if params.get("wild") in {"yes", "no"} else "",
        highlow=params.get("highlow", "") if params.get("highlow") in {"yes", "no"} else "",
        family=params.get("family", ""),
    )


def find_games(filters: Filters) -> QuerySet[Game]:
    games = Game.objects.listed()
    for word in query_words(filters.q):
        games = games.filter(search_text__contains=word)
    if filters.players:
        games = games.filter(
            Q(min_players__isnull=True) | Q(min_players__lte=filters.players),
            Q(max_players__isnull=True) | Q(max_players__gte=filters.players),
        )
    if filters.wild:
        games = games.filter(has_wilds=filters.wild == "yes")
    if filters.highlow:
        games = games.filter(high_low=filters.highlow == "yes")
    if filters.family:
        games = games.filter(family=filters.family)
    return games.only(
        "slug",
        "name",
        "version",
        "family",
        "summary",
        "aliases",
        "option_names",
        "is_house",
        "has_rules",
    )


def query_words(query: str) -> list[str]:
    """Words of the query without punctuation, so "7/27" and "hold'em," still match."""
    return re.findall(r"[\w']+", query.lower())


def matched_names(game: Game, query: str) -> list[str]:
    """Aliases and option names that contain the query, to show why a game matched."""
    query = query.lower().strip()
    if not query:
        return []
    names = [*game.alias_list, *(n for n in game.option_names.splitlines() if n)]
    return [name for name in names if query in name.lower()]


def name_rank(game: Game, query: str) -> int:
    """0 when the query is in the game's own name, 1 for an alias or option, 2 for rule text."""
    query = query.lower().strip()
    if query in game.name.lower():
        return 0
    return 1 if matched_names(game, query) else 2
