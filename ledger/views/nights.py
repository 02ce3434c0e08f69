"""The host's pages around the table: nights, groups and their rosters, history, a person's results.

These belong to a signed-in host; another user's group or person is a 404.
Creating a group or a night has no night to key a write on yet, so a
repeated submit is caught by remembering the form's key in the session.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ledger.core import across_nights, amounts, charts, chip_fit
from ledger.core.house_rules import HouseRulesError
from ledger.core.units import UnitError
from ledger.models import Group, Night, Person
from ledger.selectors import night_results, pay_ways
from ledger.services import deletion, seating
from ledger.services.actors import Forbidden
from ledger.services.journal import LedgerError
from ledger.views.common import night_for, see_other, write
from ledger.views.forms import (
    ChipsForm,
    GroupForm,
    HouseRulesForm,
    NightForm,
    PersonForm,
    form_message,
    with_chips,
)
from rulebook.models import Game
from sitewide.htmx import HtmxHttpRequest

CREATED = "ledger_created"
DELETED = "{name} is deleted, with its whole journal; the results below leave it out."
CHIPS_SAVED = "The chips are now {chips}."


def game_amounts(host: AbstractBaseUser | AnonymousUser) -> dict[str, list[Decimal]]:
    """Each rulebook game (and the host's own house games) by its name, and the fixed money its
    rules ask, for the games that ask any; the version only tells apart two games of one name.
    """
    mine = Q(is_house=True, owner=host) if host.is_authenticated else Q(pk__in=[])
    rows = Game.objects.filter(Q(is_house=False) | mine).only("name", "version", "data")
    games = list(rows.order_by("name", "version"))
    names = Counter(g.name for g in games)
    found = {}
    for game in games:
        spec = game.spec
        rules = [*spec.money, *(m for option in spec.options for m in option.money)]
        asked = sorted({a.money for r in rules for a in r.amounts() if a.money})
        if asked:
            shared = names[game.name] > 1 and game.version
            found[f"{game.name} ({game.version})" if shared else game.name] = asked
    return found


def chip_check(form: ChipsForm, currency: str, games: dict[str, list[Decimal]]) -> dict:
    """What a chips form shows about the typed chips: the games they cannot pay exactly (grouped
    by the amounts missing, as "$0.25: Baseball, Put and Take"), and the nearest sets that can."""
    if form.chipset is None:
        return {"short": [], "offers": [], "chips_key": ""}
    short = chip_fit.shortfalls(form.chipset, games)
    groups: dict[tuple[Decimal, ...], list[str]] = {}
    for s in short:
        groups.setdefault(s.amounts, []).append(s.game)
    asked = sorted({a for s in short for a in s.amounts})
    return {
        "short": [
            {
                "amounts": ", ".join(amounts.show_money(a, currency) for a in missing),
                "games": names,
            }
            for missing, names in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0]))
        ],
        "short_count": len(short),
        "offers": chip_fit.nearest_sets(form.chipset, asked, currency),
        "chips_key": form.chips_key(),
    }


def offered(request: HtmxHttpRequest, check: dict) -> dict | None:
    """The posted form filled with the offer whose button was pressed, or None (no offer taken).

    `check` is `chip_check` of the posted form: the offers the page showed.
    """
    choice = request.POST.get("offer", "")
    if not (choice.isascii() and choice.isdigit()) or len(choice) > 2:
        return None
    offers = check["offers"]
    if int(choice) >= len(offers):
        return None
    return with_chips(request.POST, offers[int(choice)].colours)


def warned(request: HtmxHttpRequest, check: dict) -> bool:
    """The chips cannot pay some games and the host has not said "Create it anyway" for them."""
    return bool(check["short"]) and request.POST.get("anyway") != check["chips_key"]


def created_once(request: HtmxHttpRequest, make) -> HttpResponse:
    """Run `make` (which returns where to go) once per form key; a double submit just goes there."""
    key = request.POST.get("idempotency_key", "")[:80]
    done = dict(request.session.get(CREATED, {}))
    if key and key in done:
        return see_other(done[key])
    url = make()
    if key:
        done[key] = url
        request.session[CREATED] = dict(list(done.items())[-20:])
    return see_other(url)


@require_GET
@never_cache
@login_required
def index(request: HtmxHttpRequest) -> HttpResponse:
    user = request.user
    ctx = {
        "nights": Night.objects.filter(host=user, status=Night.Status.OPEN).select_related("group"),
        "ended": Night.objects.filter(group__host=user, status=Night.Status.ENDED)[:5],
        "groups": Group.objects.filter(host=user).prefetch_related("people"),
    }
    return render(request, "ledger/index.html", ctx)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def group_new(request: HtmxHttpRequest) -> HttpResponse:
    form = GroupForm(
        request.POST or None, initial={"name": "", **HouseRulesForm.initial_from(None)}
    )
    if request.method == "POST" and form.is_valid():

        def make() -> str:
            with transaction.atomic():
                group = seating.group_create(
                    host=request.user,
                    name=form.cleaned_data["name"],
                    settings=form.house_settings(),
                )
                for name in form.people():
                    seating.person_add(group=group, name=name)
            return reverse("ledger:group", args=[group.pk])

        return created_once(request, make)
    status = 400 if form.errors else 200
    return render(
        request,
        "ledger/group_form.html",
        {"form": form, "error": form_message(form)},
        status=status,
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def group(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    """A group's roster and default house settings, and its nights."""
    found = get_object_or_404(Group, pk=group_id, host=request.user)
    rules = HouseRulesForm(initial=HouseRulesForm.initial_from(found.settings), prefix="rules")
    person = PersonForm(prefix="person")
    error = ""
    if request.method == "POST":
        if request.POST.get("do") == "settings":
            rules = HouseRulesForm(request.POST, prefix="rules")
            if rules.is_valid():
                seating.group_settings_update(group=found, settings=rules.house_settings())
                return see_other(reverse("ledger:group", args=[found.pk]))
            error = form_message(rules)
        else:
            person = PersonForm(request.POST, prefix="person")
            if person.is_valid():

                def make() -> str:
                    seating.person_add(group=found, name=person.cleaned_data["name"])
                    return reverse("ledger:group", args=[found.pk])

                return created_once(request, make)
            error = form_message(person)
    ctx = {
        "group": found,
        "people": found.people.annotate(
            waiting=Count("pay_handles", filter=Q(pay_handles__from_seat=True))
        ),
        "nights": found.nights.all(),
        "rules": rules,
        "person_form": person,
        "error": error,
        **group_results(found),
    }
    return render(request, "ledger/group.html", ctx, status=400 if error else 200)


def group_results(group: Group) -> dict:
    """The group's ended nights, each person's results across them, and the running-total chart.

    Computed from the nights there are now, so a deleted night leaves no trace.
    """
    people = list(group.people.all())
    names = {p.pk: p.name for p in people}
    ended = list(
        group.nights.filter(status=Night.Status.ENDED).order_by("ended_at", "created_at", "pk")
    )
    nights = []
    for night in ended:
        rows, _ = night_results.results(night)
        nets = {r.seat.person_id: across_nights.Net(r.chips, r.money) for r in rows}
        nights.append(across_nights.NightNets(night=night.pk, currency=night.currency, nets=nets))
        names.update({r.seat.person_id: r.seat.person.name for r in rows})
    table = across_nights.standings(nights, [p.pk for p in people])
    currency = across_nights.main_currency(nights)
    points = across_nights.running_totals(nights, currency)
    charted = [n for n in ended if n.currency == currency]
    chart = charts.net_chart(
        points,
        names,
        first=charted[0].name if charted else "",
        last=charted[-1].name if len(charted) > 1 else "",
        currency=currency,
    )
    by_night = [
        {
            "night": night,
            "rows": [
                {"name": names[pk], "person": pk, "net": net}
                for pk, net in sorted(nets.nets.items(), key=lambda i: -i[1].chips)
            ],
        }
        for night, nets in zip(ended, nights, strict=True)
    ]
    return {
        "standings": [
            {
                "name": names[r.person],
                "person": r.person,
                "nights": r.nights,
                "chips": r.chips,
                "money": sorted(r.money.items()),
            }
            for r in table
        ],
        "by_night": by_night,
        "results_chart": chart,
        "chart_currency": currency,
        "several_currencies": len({n.currency for n in ended}) > 1,
    }


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def night_new(request: HtmxHttpRequest) -> HttpResponse:
    groups = list(Group.objects.filter(host=request.user))
    chosen = next((g for g in groups if str(g.pk) == request.GET.get("group")), None)
    chosen = chosen or (groups[0] if groups else None)
    initial = {
        "currency": "USD",
        "group": str(chosen.pk) if chosen else "",
        **HouseRulesForm.initial_from(chosen.settings if chosen else None),
    }
    form = NightForm(request.POST or None, groups=groups, initial=initial)
    currency = "USD"
    if form.is_bound:
        valid = form.is_valid()
        currency = form.cleaned_data.get("currency") or currency
        games = game_amounts(request.user)
        check = chip_check(form, currency, games)
        taken = offered(request, check)
        if taken is not None:  # an offer fills the form; nothing is created
            form = NightForm(taken, groups=groups, initial=initial)
            form.is_valid()
            return render_night_form(
                request, form, error="", check=chip_check(form, currency, games)
            )
        if valid and not warned(request, check):
            return night_created(request, form)
        if valid:
            return render_night_form(request, form, error="", check=check)
    return render_night_form(request, form, error=form_message(form) if form.is_bound else "")


def night_created(request: HtmxHttpRequest, form: NightForm) -> HttpResponse:
    data = form.cleaned_data

    def make() -> str:
        with transaction.atomic():
            group = data["group_obj"] or seating.group_create(
                host=request.user,
                name=data["new_group"].strip(),
                settings=form.house_settings(),
            )
            night = seating.night_create(
                host=request.user,
                group=group,
                name=data["name"],
                chips=[(c.name, c.value) for c in form.chipset.colours],
                currency=data["currency"],
                settings=form.house_settings(),
            )
        return reverse("ledger:seats", args=[night.pk])

    try:
        return created_once(request, make)
    except (UnitError, HouseRulesError, LedgerError, ValidationError) as exc:
        form.add_error(None, str(exc))
    return render_night_form(request, form, error=form_message(form))


def render_night_form(
    request: HtmxHttpRequest, form: NightForm, *, error: str, check: dict | None = None
) -> HttpResponse:
    """The form; with `check`, what its chips cannot pay and the offers (200 unless refused)."""
    check = check or {}
    return render(
        request,
        "ledger/night_form.html",
        {"form": form, "error": error, "fit": check, "warn": bool(check.get("short"))},
        status=400 if error else 200,
    )


@require_http_methods(["GET", "POST"])
@never_cache
def night_chips(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The host's "Edit the chips" until the first chip moves; then a refusal, nothing changed.

    The same chips form as a new night's, with the same check of the rulebook's
    amounts and the same offers; saved by `seating.night_chips_set` with the
    night locked, once per form key.
    """
    found, actor = night_for(request, night_id)
    form = ChipsForm(request.POST if request.method == "POST" else chip_data(found.chips))
    ctx = {
        "night": found,
        "form": form,
        "editable": seating.chips_editable(found),
        "host": actor.role == "host",
        "fixed": seating.CHIPS_MOVED if found.status == Night.Status.OPEN else seating.NIGHT_ENDED,
    }
    read: list[dict[str, list[Decimal]]] = []

    def games() -> dict[str, list[Decimal]]:
        """The rulebook's amounts, read once for this request."""
        if not read:
            read.append(game_amounts(request.user))
        return read[0]

    def page(error: str = "", status: int = 200, check: dict | None = None) -> HttpResponse:
        if check is None:
            editing = ctx["editable"] and ctx["host"] and not error
            check = chip_check(ctx["form"], found.currency, games()) if editing else {}
        ctx.update(error=error, fit=check, warn=bool(check.get("short")))
        return render(request, "ledger/chips.html", ctx, status=status)

    try:
        actor.require_host()
    except Forbidden as exc:
        return page(str(exc), 403)
    if request.method == "GET":
        form.is_valid()
        return page()
    if not ctx["editable"]:
        return page(ctx["fixed"], 400)
    valid = form.is_valid()
    check = chip_check(form, found.currency, games())
    taken = offered(request, check)
    if taken is not None:
        form = ctx["form"] = ChipsForm(taken)
        form.is_valid()
        return page()
    if not valid:
        return page(form_message(form), 400)
    if warned(request, check):
        return page(check=check)
    colours = [(c.name, c.value) for c in form.chipset.colours]

    def done(result: dict) -> HttpResponse:
        messages.success(request, CHIPS_SAVED.format(chips=result["chips"]))
        return see_other(reverse("ledger:seats", args=[found.pk]))

    def refused(message: str, status: int) -> HttpResponse:
        ctx["editable"] = seating.chips_editable(found)
        return page(message, status)

    def call(night: Night) -> dict:
        saved = seating.night_chips_set(night=night, chips=colours)
        return {"chips": ", ".join(f"{c['name']} {c['value']}" for c in saved.chips)}

    return write(
        request, found, actor=actor, check=actor.require_host, call=call, done=done, refused=refused
    )


def chip_data(chips: list[dict]) -> dict:
    """A night's chips as the chips form posts them."""
    data = {}
    for index, colour in enumerate(chips):
        data[f"chip_name_{index}"] = colour["name"]
        data[f"chip_value_{index}"] = str(colour["value"])
    return data


@require_GET
@never_cache
@login_required
def history(request: HtmxHttpRequest) -> HttpResponse:
    """Past nights of the host's groups, and the people who played them."""
    nights = (
        Night.objects.filter(group__host=request.user, status=Night.Status.ENDED)
        .select_related("group")
        .prefetch_related("seats__person")
    )
    groups = Group.objects.filter(host=request.user).prefetch_related("people")
    return render(request, "ledger/history.html", {"nights": nights, "groups": groups})


@require_GET
@never_cache
@login_required
def person(request: HtmxHttpRequest, person_id: int) -> HttpResponse:
    """One person's results across the nights they played, and their ways to be paid."""
    found = get_object_or_404(Person, pk=person_id, group__host=request.user)
    return render(request, "ledger/person.html", person_context(found))


def person_context(found: Person) -> dict:
    """A person's results across the nights they played, totals per currency, and handles."""
    results = []
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for seat in found.seats.select_related("night").order_by("night__created_at"):
        night = seat.night
        ended = night.status == Night.Status.ENDED
        if not ended:
            # Chips may be in a pot mid-hand; the night counts once it has ended.
            results.append({"night": night, "ended": False})
            continue
        rows, payments = night_results.results(night)
        row = next(r for r in rows if r.seat.pk == seat.pk)
        results.append(
            {
                "night": night,
                "chips": row.chips,
                "money": row.money,
                "ended": True,
                "pays": [p for p in payments if p.payer_id == seat.pk],
                "gets": [p for p in payments if p.payee_id == seat.pk],
            }
        )
        totals[night.currency] += row.money
    ctx = {
        "person": found,
        "results": results,
        "totals": sorted(totals.items()),
        "played": sum(1 for r in results if r["ended"]),
        "won": sum(1 for r in results if r["ended"] and r["chips"] > 0),
    }
    return ctx | pay_ways.handles_context(found)


@require_http_methods(["GET", "POST"])
@never_cache
def night_delete(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The host's "Delete this night": GET asks to confirm, POST deletes it (no script needed).

    Refused (400, nothing changed) once a settlement payment is marked paid;
    a seated phone gets 403, anyone else 404. A repeated submit of the same
    form goes where the first one went, though the night is gone by then.
    """
    earlier = request.session.get(CREATED, {}).get(request.POST.get("idempotency_key", "")[:80])
    if request.method == "POST" and earlier:
        return see_other(earlier)
    found, actor = night_for(request, night_id)
    ctx = {"night": found, "reason": deletion.refusal(found), "error": "", "host": True}
    try:
        actor.require_host()
    except Forbidden as exc:
        ctx |= {"error": str(exc), "host": False}
        return render(request, "ledger/night_delete.html", ctx, status=403)
    if request.method == "GET":
        return render(request, "ledger/night_delete.html", ctx)

    def make() -> str:
        deletion.night_delete(night=found)
        messages.success(request, DELETED.format(name=found.name))
        return reverse("ledger:group", args=[found.group_id])

    try:
        return created_once(request, make)
    except LedgerError as exc:
        return render(request, "ledger/night_delete.html", ctx | {"error": str(exc)}, status=400)
