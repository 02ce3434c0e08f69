"""House games and house notes: what a signed-in table adds to the rulebook."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods
from pydantic import ValidationError

from rulebook.forms import (
    HouseGameForm,
    MoneyFormSet,
    NotesForm,
    OptionFormSet,
    PhaseFormSet,
    build_spec,
    house_slug,
    spec_errors,
)
from rulebook.models import Game, refresh_related


@login_required
@require_http_methods(["GET", "POST"])
def house_game_create(request: HttpRequest) -> HttpResponse:
    return _house_game_form(request, Game(is_house=True, owner=request.user))


@login_required
@require_http_methods(["GET", "POST"])
def house_game_edit(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug, is_house=True)
    if game.owner_id != request.user.id and not request.user.is_staff:
        raise PermissionDenied("Only the person who added this game can change it.")
    return _house_game_form(request, game)


def _house_game_form(request: HttpRequest, game: Game) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    initial = _initial(game) if game.pk else {}
    form = HouseGameForm(data, initial=initial.get("game"))
    phases = PhaseFormSet(data, prefix="phases", initial=initial.get("phases"))
    options = OptionFormSet(data, prefix="options", initial=initial.get("options"))
    money = MoneyFormSet(data, prefix="money", initial=initial.get("money"))
    errors: list[str] = []
    if data is not None and all(f.is_valid() for f in (form, phases, options, money)):
        slug = game.slug or house_slug(form.cleaned_data["name"])
        try:
            spec = build_spec(
                form.cleaned_data,
                _filled(phases),
                _filled(options),
                _filled(money),
                slug,
            )
        except ValidationError as exc:
            errors = spec_errors(exc)
        else:
            with transaction.atomic():
                game.set_spec(spec)
                game.save()
                refresh_related()
            return redirect(game)
    context = {"form": form, "phases": phases, "options": options, "money": money}
    context |= {"game": game, "errors": errors}
    return render(request, "rulebook/house_form.html", context, status=400 if data else 200)


def _filled(formset) -> list[dict]:
    return [f.cleaned_data for f in formset if f.cleaned_data and not f.cleaned_data.get("DELETE")]


def _initial(game: Game) -> dict:
    spec = game.spec
    return {
        "game": {
            "name": spec.name,
            "aliases": ", ".join(spec.aliases),
            "family": spec.family,
            "summary": spec.summary,
            "description": spec.description,
            "min_players": spec.players.min,
            "max_players": spec.players.max,
            "wilds": ", ".join(spec.wilds),
            "pot_kind": spec.pot.kind,
            "pot_text": spec.pot.text,
        },
        "phases": [
            p.model_dump(
                include={"kind", "title", "text", "down", "up", "community", "count", "name"}
            )
            | {"opener": p.opener or "", "money": ", ".join(p.money)}
            for p in spec.phases
        ],
        "options": [{"name": o.name, "text": o.text} for o in spec.options],
        "money": [_money_initial(m) for m in spec.money],
    }


def _money_initial(rule) -> dict:
    row = rule.model_dump(include={"id", "kind", "text", "payer", "payee"})
    if rule.amount is not None:
        for unit in ("chips", "money", "antes", "min_bets", "pot"):
            value = getattr(rule.amount, unit)
            if value is not None:
                row |= {"unit": unit, "value": str(value)}
    return row


@login_required
@require_http_methods(["GET", "POST"])
def house_notes(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    form = NotesForm(request.POST or None, instance=game)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect(game)
    status = 400 if form.errors else 200
    return render(request, "rulebook/notes_form.html", {"form": form, "game": game}, status=status)
