"""Finding games by name, alias, option or rule text, and the index filters.

The matching and its order live in `rulebook.matching` (pure Python); this
module keeps its index current and applies the filters in the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet

from rulebook import matching
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


def find_games(filters: Filters) -> list[Game]:
    """The games for the index page and the API, in one order.

    Without words: every game passing the filters, by name. With words: the
    games `rulebook.matching` ranks, best tier first, each carrying `tier` and
    `matched` (the aliases or option names that matched, to show why). Those
    are read from the index's copy of the rows, so a search costs one query.
    """
    if not matching.normalise(filters.q):
        return list(_filtered(filters))
    index, rows = _current()
    found = []
    for hit in index.rank(filters.q):
        game = rows[hit.key]
        if _passes(game, filters):
            found.append(_annotated(game, hit))
    return found


def _annotated(game: Game, hit: matching.Hit) -> Game:
    """A copy of a cached row with why it matched; the cached row is shared, so stays as it was."""
    found = Game.__new__(Game)
    found.__dict__.update(game.__dict__)  # what copy.copy does, without its pickling round trip
    found.tier = hit.tier
    found.matched = list(hit.matched)
    return found


def _passes(game: Game, filters: Filters) -> bool:
    """The filters of `_filtered`, on a row already read."""
    if filters.players and not (
        (game.min_players is None or game.min_players <= filters.players)
        and (game.max_players is None or game.max_players >= filters.players)
    ):
        return False
    if filters.wild and game.has_wilds != (filters.wild == "yes"):
        return False
    if filters.highlow and game.high_low != (filters.highlow == "yes"):
        return False
    return not filters.family or game.family == filters.family


def nearest_games(query: str, limit: int = 3) -> list[matching.Entry]:
    """The names spelled most like the query, for a search that found nothing."""
    return current_index().nearest(query, limit)


def _filtered(filters: Filters) -> QuerySet[Game]:
    games = Game.objects.listed()
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
    return games.only(*LISTED)


LISTED = [
    "slug",
    "name",
    "version",
    "family",
    "summary",
    "aliases",
    "option_names",
    "is_house",
    "has_rules",
]
FILTERED = ["min_players", "max_players", "has_wilds", "high_low"]

_cached: tuple[tuple, matching.Index, dict[str, Game]] | None = None


def current_index() -> matching.Index:
    return _current()[0]


def _current() -> tuple[matching.Index, dict[str, Game]]:
    """The search index and the listed rows, read at most once per rulebook version.

    The version is the number of games and the latest `updated_at` (every save
    bumps it; a deleted house game changes the count), read in one query.
    """
    global _cached
    stamp = tuple(Game.objects.aggregate(n=Count("id"), latest=Max("updated_at")).values())
    cached = _cached
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    games = list(Game.objects.only(*LISTED, *FILTERED, "search_text"))
    index = matching.Index(
        matching.Entry(
            key=game.slug,
            name=game.name,
            aliases=tuple(game.alias_list),
            options=tuple(o for o in game.option_names.splitlines() if o),
            text=game.search_text,
        )
        for game in games
    )
    rows = {}
    for game in games:
        del game.search_text  # deferred again: the rows are kept for the listing only
        rows[game.slug] = game
    _cached = (stamp, index, rows)
    return index, rows
