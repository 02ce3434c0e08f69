"""Ways to be paid: the host sets them on a person's page, a player from their seat's phone.

Handles are shown to the host here and, to a player, only their own; the
settlement shows the payee's to the night's host and players
(`ledger.selectors.pay_ways`). A refused handle answers 400 with the reason
and changes nothing.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ledger.models import Person
from ledger.selectors.pay_ways import handles_context
from ledger.services import pay_handles
from ledger.services.actors import Forbidden
from ledger.views import nights
from ledger.views.common import REFUSED, message, night_for, see_other
from sitewide.htmx import HtmxHttpRequest


@require_POST
@never_cache
@login_required
def person_handle(request: HtmxHttpRequest, person_id: int) -> HttpResponse:
    """The host sets, changes or (with an empty value) removes one of a person's handles."""
    found = get_object_or_404(Person, pk=person_id, group__host=request.user)
    post = request.POST
    try:
        if post.get("do") == "confirm":
            pay_handles.handle_confirm(person=found, service=post.get("service", ""))
        else:
            pay_handles.handle_set(
                person=found,
                service=post.get("service"),
                value=post.get("value", ""),
                holder=post.get("holder", ""),
                from_seat=False,
            )
    except REFUSED as exc:
        ctx = nights.person_context(found) | {"handle_error": message(exc), "typed": post}
        return render(request, "ledger/person.html", ctx, status=400)
    return see_other(reverse("ledger:person", args=[found.pk]) + "#pay-handles")


@require_http_methods(["GET", "POST"])
@never_cache
def seat_handles(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """A player's own ways to be paid, from their seat's phone: kept until the host confirms."""
    night, actor = night_for(request, night_id)
    if actor.role == "host":  # the host keeps everyone's on their people's pages
        return see_other(reverse("ledger:settlement", args=[night.pk]))
    if actor.role != "seat":
        raise Http404("Only a player's own phone sets their ways to be paid here.")
    person = actor.seat.person
    error = ""
    if request.method == "POST":
        try:
            pay_handles.seat_handle_set(
                actor=actor,
                service=request.POST.get("service"),
                value=request.POST.get("value", ""),
                holder=request.POST.get("holder", ""),
            )
        except (*REFUSED, Forbidden) as exc:
            error = message(exc)
        else:
            return see_other(reverse("ledger:seat_handles", args=[night.pk]))
    ctx = {"night": night, "actor": actor, "person": person, "error": error}
    ctx |= handles_context(person) | {"typed": request.POST if error else {}}
    return render(request, "ledger/seat_handles.html", ctx, status=400 if error else 200)
