"""The host's pages around the table: nights, groups and their rosters, history, a person's results.

These belong to a signed-in host; another user's group or person is a 404.
Creating a group or a night has no night to key a write on yet, so a
repeated submit is caught by remembering the form's key in the session.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ledger.core import across_nights, charts
from ledger.core.house_rules import HouseRulesError
from ledger.core.units import ChipSet, UnitError, chips_for
from ledger.models import Group, Night, Person
from ledger.selectors import night_results
from ledger.services import deletion, seating
from ledger.services.actors import Forbidden
from ledger.services.journal import LedgerError
from ledger.views.common import night_for, see_other
from ledger.views.forms import GroupForm, HouseRulesForm, NightForm, PersonForm, form_message
from rulebook.models import Game
from sitewide.htmx import HtmxHttpRequest

CREATED = "ledger_created"
UNIT_WARNING = "{game} needs {amounts}; with a {unit} chip that cannot be paid exactly."
UNIT_TAG = "unit"
DELETED = "{name} is deleted, with its whole journal; the results below leave it out."


def unit_warnings(chipset: ChipSet) -> list[str]:
    """Rulebook games whose fixed money amounts this night's chips cannot pay exactly."""
    warnings = []
    for game in Game.objects.only("name", "version", "data").order_by("name"):
        spec = game.spec
        rules = [*spec.money, *(m for option in spec.options for m in option.money)]
        amounts = sorted({r.amount.money for r in rules if r.amount and r.amount.money})
        bad = []
        for money in amounts:
            try:
                chips_for(money, chipset)
            except UnitError:
                bad.append(str(money))
        if bad:
            name = f"{game.name} ({game.version})" if game.version else game.name
            warnings.append(
                UNIT_WARNING.format(game=name, amounts=", ".join(bad), unit=chipset.unit)
            )
    return warnings


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
        "people": found.people.all(),
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
    if request.method == "POST" and form.is_valid():
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
            for warning in unit_warnings(form.chipset):
                messages.warning(request, warning, extra_tags=UNIT_TAG)
            return reverse("ledger:seats", args=[night.pk])

        try:
            return created_once(request, make)
        except (UnitError, HouseRulesError, LedgerError, ValidationError) as exc:
            form.add_error(None, str(exc))
    return render(
        request,
        "ledger/night_form.html",
        {"form": form, "error": form_message(form) if form.is_bound else ""},
        status=400 if form.errors else 200,
    )


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
    """One person's results across the nights they played, and totals per currency."""
    found = get_object_or_404(Person, pk=person_id, group__host=request.user)
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
    return render(request, "ledger/person.html", ctx)


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
