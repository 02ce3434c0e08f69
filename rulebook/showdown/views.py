"""The "Who wins?" pages: a tap grid of each player's cards, then the showdown in table words.

Thin: the form's state is `rulebook.showdown.tap_grid.GridForm`, the checks are
`rulebook.showdown.request_check`'s (the API's own), the ranking is
`rulebook.showdown.evaluation.evaluate`. Every tap is a submit button that posts the
whole form, so the page works without JavaScript; with htmx, only the form
is swapped. A POST here writes nothing, so it needs no CSRF token (the page
is the same for everyone), and it counts against the caller's address like
the API (sitewide/limits.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from rulebook import dealer, schema
from rulebook.models import Game
from rulebook.showdown import request_check, tap_grid
from rulebook.showdown.api import find_game
from rulebook.showdown.evaluation import declares_both
from sitewide import limits
from sitewide.htmx import HtmxHttpRequest

# Refusals about one player's field, by the API's field path: hands.<name>.<part>.
_PAGE_FIELD = re.compile(r"p([0-9]{1,2})-(cards|up)")
PLAYER_PARTS = {
    "cards": "cards",
    "up": "up",
    "extra.paid": "paid",
    "extra.declare": "declare",
    "extra.folded": "folded",
}


@csrf_exempt
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def who_wins(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    row = get_object_or_404(Game, slug=slug) if slug is not None else None
    game: schema.Game | None = row.spec if row is not None else None
    if game is not None and not game.has_rules:
        raise Http404("This game has no rules.")
    context: dict[str, object] = {"row": row, "game": game}
    if game is not None and not game.showdown.helper:
        return render(request, "rulebook/who_wins_none.html", context)

    table = tap_grid.GridForm.fresh()
    error: request_check.RequestError | None = None
    outcome: tap_grid.Outcome | None = None
    if request.method == "POST":
        # Only a ranking counts: a tap on the grid, adding or taking out a player costs little.
        if "show" in request.POST and limits.showdown_limited(request):
            context |= _form_context(
                table, game, request_check.RequestError(limits.TOO_MANY_SHOWDOWNS)
            )
            return _render(request, context, status=429)
        table = tap_grid.GridForm.from_form(request.POST)
        try:
            outcome = _act(request, table, game)
        except request_check.RequestError as exc:
            error = exc
    context |= _form_context(table, game, error)
    context["outcome"] = outcome
    return _render(request, context, status=400 if error and not request.htmx else 200)


def _act(
    request: HtmxHttpRequest, table: tap_grid.GridForm, game: schema.Game | None
) -> tap_grid.Outcome | None:
    """Do what the button pressed asks; only "Who wins?" ranks the hands."""
    post = request.POST
    if "tap" in post:
        table.tap(post["tap"])
    elif "add" in post:
        table.add_player()
    elif "take_out" in post:
        table.remove_player(post["take_out"])
    elif "show" in post:
        return tap_grid.present(request_check.check(table.request(game), find_game))
    return None


def _render(request: HtmxHttpRequest, context: Mapping[str, object], status: int) -> HttpResponse:
    # htmx 2 swaps no answer of 400 or more, so its refusals come as 200 with the reason shown.
    template = "rulebook/who_wins.html#table" if request.htmx else "rulebook/who_wins.html"
    return render(request, template, context, status=status)


def _form_context(
    table: tap_grid.GridForm, game: schema.Game | None, error: request_check.RequestError | None
) -> dict[str, object]:
    names = [p.name.strip().casefold() for p in table.players]
    player_errors: dict[tuple[int, str], str] = {}
    general = ""
    if error is not None:
        where = _player_field(error.field, names)
        if where is not None:
            player_errors[where] = error.message
        else:
            general = error.message
    grids = tap_grid.grids(table, game)
    players = [
        {
            "index": i,
            "player": player,
            "grid": grids[i],
            "errors": {part: player_errors.get((i, part), "") for part in PLAYER_PARTS.values()},
        }
        for i, player in enumerate(table.players)
    ]
    options = request_check.showdown_options(game) if game is not None else []
    settings = request_check.showdown_settings(game) if game is not None else []
    chosen = _settings_shown(game, table)
    return {
        "table": table,
        "players": players,
        "error": general,
        "error_field": (error.field or "") if error is not None and not player_errors else "",
        "ranks": list(request_check.RANK_WORDS.items()),
        "options": options,
        "setting_rows": [(s, chosen.get(s.id, s.default)) for s in settings],
        "needs_board": request_check.needs_board(game),
        "needs_up_order": request_check.needs_up_order(game),
        "needs_wild_ranks": request_check.needs_wild_ranks(game),
        "needs_paid": request_check.needs_paid(game),
        "needs_folded": request_check.needs_folded(game),
        "needs_declare": request_check.needs_declare(game, table.options, chosen),
        "declares": [
            d for d in request_check.DECLARES if d != "both" or declares_both(game, chosen)
        ],
        "most_players": request_check.MOST_PLAYERS,
        "name_most": request_check.NAME,
    }


def _settings_shown(game: schema.Game | None, table: tap_grid.GridForm) -> dict[str, str]:
    if game is None:
        return {}
    try:
        return dealer.table_settings(game, table.settings)
    except dealer.SettingError:
        return dealer.table_settings(game, {})


def _player_field(path: str | None, names: list[str]) -> tuple[int, str] | None:
    """The player and field an error path names ("hands.Ann.cards"), by the name as typed."""
    if not path:
        return None
    page = _PAGE_FIELD.fullmatch(path)  # the page's own: a tap read "p0-cards" first
    if page is not None:
        return int(page[1]), page[2]
    if not path.startswith("hands."):
        return None
    rest = path.removeprefix("hands.")
    for part, field in PLAYER_PARTS.items():
        name = rest.removesuffix("." + part)
        if name != rest and name.casefold() in names:
            return names.index(name.casefold()), field
    return None
