"""Rulebook pages: thin views over rulebook.search and rulebook.dealer."""

from __future__ import annotations

import json
from functools import wraps
from itertools import groupby
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh

from rulebook import dealer, offline, schema
from rulebook.models import Game
from rulebook.search import find_games, nearest_games, parse_filters
from sitewide.context_processors import SUITS_COOKIE

VISITOR_PAGE_SECONDS = 30


@require_GET
@vary_on_headers("HX-Request")
def index(request: HttpRequest) -> HttpResponse:
    filters = parse_filters(request.GET)
    games = find_games(filters)  # in search order: the API's order too
    context = {
        "filters": filters,
        "games": games,
        "groups": _by_family(games) if not filters.q else [],
        "families": schema.FAMILIES,
        "nearest": nearest_games(filters.q) if filters.q and not games else [],
    }
    template = "rulebook/index.html#results" if request.htmx else "rulebook/index.html"
    return render(request, template, context)


def _by_family(games: list[Game]) -> list[tuple[str, list[Game]]]:
    order = list(schema.FAMILIES)
    ordered = sorted(games, key=lambda g: (order.index(g.family), g.name))
    return [(family, list(items)) for family, items in groupby(ordered, key=lambda g: g.family)]


def cached_for_visitors(view):
    """Serve signed-out visitors a stored copy of the page for a short while.

    For them a rule page holds no CSRF token and nothing personal, and rules
    rarely change mid-game; signed-in users, who are the ones who edit, always
    get a fresh page. The copy is keyed by path and the suit-colour cookie.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.user.is_authenticated or request.htmx:
            return view(request, *args, **kwargs)
        key = f"visitor-page:{request.get_full_path()}:{request.COOKIES.get(SUITS_COOKIE, '')}"
        body = cache.get(key)
        if body is not None:
            response = HttpResponse(body)
        else:
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.cookies:
                cache.set(key, response.content, VISITOR_PAGE_SECONDS)
        patch_vary_headers(response, ["Cookie"])
        return response

    return wrapper


@require_GET
@cached_for_visitors
def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game.objects.for_page(), slug=slug)
    # The rule body is cached per game and `updated_at` (see game.html), so the
    # rules document is only loaded and parsed on a miss.
    context = {"game": game, "spec": SimpleLazyObject(lambda: game.spec)}
    return render(request, "rulebook/game.html", context)


SETTING_PARAM = "set."


@require_GET
@vary_on_headers("HX-Request")
def deal(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    spec = game.spec
    if not spec.has_rules:
        raise Http404("This game has no rules to deal.")
    players = _players(request.GET.get("players"), spec)
    options, settings, error = _table(spec, request.GET)
    phases = dealer.hand_phases(spec, options, settings)
    step = _step(request.GET.get("step"), len(phases))
    context = {
        "game": game,
        "spec": spec,
        "players": players,
        "chosen": {o.id for o in options},
        "options": options,
        "settings": settings,
        "setting_rows": [(s, settings[s.id]) for s in spec.settings],
        "changed": _changed_settings(spec, settings),
        "error": error,
        "phases": phases,
    }
    if step is None or error:
        # A change of option or setting asks again with htmx: only the step count and list move.
        setup = "rulebook/deal_setup.html#steps" if request.htmx else "rulebook/deal_setup.html"
        return render(request, setup, context, status=400 if error else 200)
    phase = phases[step - 1]
    rules = dealer.money_rules(spec, options, settings)
    base = {"players": players, "opt": [o.id for o in options]}
    base |= {SETTING_PARAM + s.id: choice for s, choice in context["changed"]}
    context |= {
        "step": step,
        "phase": phase,
        "costs": dealer.phase_costs(phase, rules, players),
        "back_url": _deal_url(slug, base, step - 1) if step > 1 else _deal_url(slug, base),
        "next_url": _deal_url(slug, base, step + 1) if step < len(phases) else "",
        "setup_url": _deal_url(slug, base),
    }
    template = "rulebook/deal_step.html#step" if request.htmx else "rulebook/deal_step.html"
    return render(request, template, context)


def _table(spec: schema.Game, query: QueryDict) -> tuple[list[schema.Option], dict[str, str], str]:
    """The options and settings asked for; what was refused falls back to none or the defaults."""
    options, option_error = _options(spec, query)
    settings, setting_error = _settings(spec, query)
    return options, settings, " ".join(e for e in (option_error, setting_error) if e)


def _options(spec: schema.Game, query: QueryDict) -> tuple[list[schema.Option], str]:
    try:
        return dealer.chosen_options(spec, query.getlist("opt")), ""
    except dealer.OptionError as exc:
        return [], str(exc)


def _settings(spec: schema.Game, query: QueryDict) -> tuple[dict[str, str], str]:
    """Settings travel as `set.<setting id>=<choice id>`, so the URL says how the hand is dealt."""
    asked = {
        key.removeprefix(SETTING_PARAM): value
        for key, value in query.items()
        if key.startswith(SETTING_PARAM)
    }
    try:
        return dealer.table_settings(spec, asked), ""
    except dealer.SettingError as exc:
        return dealer.table_settings(spec, {}), str(exc)


def _changed_settings(
    spec: schema.Game, settings: dict[str, str]
) -> list[tuple[schema.Setting, str]]:
    """The settings the table changed from their defaults: the step links carry only these."""
    return [(s, settings[s.id]) for s in spec.settings if settings[s.id] != s.default]


def _players(raw: str | None, spec: schema.Game) -> int:
    default = spec.players.min or 2
    try:
        value = int(raw or default)
    except ValueError:
        value = default
    return max(1, min(value, 20))


def _step(raw: str | None, total: int) -> int | None:
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        return 1
    return max(1, min(value, total))


def _deal_url(slug: str, base: dict, step: int | None = None) -> str:
    params = dict(base)
    if step is not None:
        params["step"] = step
    return reverse("rulebook:deal", args=[slug]) + "?" + urlencode(params, doseq=True)


@require_GET
def all_games(request: HttpRequest) -> HttpResponse:
    games = [game for game in Game.objects.all() if game.has_rules]
    return render(request, "rulebook/all.html", {"games": games})


@require_GET
def hand_rankings(request: HttpRequest) -> HttpResponse:
    users: dict[str, list[Game]] = {section: [] for section in schema.RANKINGS}
    for game in Game.objects.only("slug", "name", "version", "data"):
        for section in game.data.get("rankings", []):
            users.setdefault(section, []).append(game)
    return render(request, "rulebook/rankings.html", {"users": users})


@csrf_exempt
@require_POST
def suits(request: HttpRequest) -> HttpResponse:
    """Switch four-colour suits on or off; a cookie, so no account is needed.

    Exempt from CSRF so that rule pages carry no token and can be served from
    the visitor cache: a forged request could only change someone's suit colours.
    """
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}):
        target = "/"
    response = HttpResponseClientRefresh() if request.htmx else redirect(target)
    if request.POST.get("four") == "1":
        response.set_cookie(SUITS_COOKIE, "four", max_age=365 * 86400, samesite="Lax")
    else:
        response.delete_cookie(SUITS_COOKIE)
    return response


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so its scope covers /rules/; it never caches /nights/ or the API."""
    context = {
        "cache_name": offline.cache_name(),
        "pages": json.dumps(offline.page_urls()),
        "static": json.dumps(offline.static_urls()),
        "games": json.dumps(offline.game_urls()),
        "index": reverse("rulebook:index"),
        "offline_ledger": offline.offline_ledger_url(),
    }
    body = render_to_string("rulebook/sw.js", context)
    return HttpResponse(body, content_type="application/javascript")


@require_GET
def offline_ledger(request: HttpRequest) -> HttpResponse:
    """What a ledger page shows when the phone has no connection (kept by the service worker)."""
    return render(request, "ledger/offline.html")
