"""The host's seat list: who sits where, buy-ins, cash-outs, adjustments and the join links.

Each seat's join link is shown as a QR code a player scans to claim the seat
on their own phone. When the server listens on the table's Wi-Fi
(`make run HOST=0.0.0.0` sets HOMEGAME_LAN=1) and the host browses it as
localhost, the code carries the machine's LAN address instead, so a phone
can reach it.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from ledger.core import inputs
from ledger.models import Night
from ledger.selectors import game_setup, night_results, state
from ledger.services import actors, closing, games, runs, seating
from ledger.services.actors import Actor
from ledger.views.common import night_for, see_other, write
from ledger.views.forms import SeatAddForm, amount, form_message, paid_how, seat_from, whole
from ledger.views.table import answer
from sitewide import qr
from sitewide.htmx import HtmxHttpRequest

LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}
LINK_CHANGES = ("new", "revoke")


def lan_ip() -> str | None:
    """This machine's address on the local network, or None.

    Connecting a UDP socket only picks the route and the source address; it
    sends no packet, so this works offline and touches nobody.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def absolute(request: HttpRequest, path: str) -> str:
    """The link a phone at the table can open: the LAN address when serving the Wi-Fi."""
    url = request.build_absolute_uri(path)
    if os.environ.get("HOMEGAME_LAN") != "1":
        return url
    parts = urlsplit(url)
    if parts.hostname not in LOCAL_HOSTS and f"[{parts.hostname}]" not in LOCAL_HOSTS:
        return url
    address = lan_ip()
    if address is None:
        return url
    port = f":{parts.port}" if parts.port else ""
    return parts._replace(netloc=f"{address}{port}").geturl()


def qr_svg(url: str) -> str:
    """A join or watch link as a QR code for the phone to scan."""
    return qr.svg(url, scale=4)


def context(request: HttpRequest, night: Night, actor: Actor, *, error: str = "") -> dict:
    view = state.table(night, actor)
    seated = {r.seat.person_id for r in view.rows}
    people = [p for p in night.group.people.all() if p.pk not in seated]
    nets = closing.nets(night)
    flows = night_results.flows(night)
    game = games.open_run(night)
    kept = game_setup.kept_from_leavers(game) if game else {}
    rows = []
    for row in view.rows:
        link = absolute(request, reverse("ledger:join", args=[row.seat.join_token]))
        flow = flows.get(row.seat.pk, night_results.Flow())
        rows.append(
            {
                "row": row,
                "net": nets.get(row.seat.pk, 0),
                # What they bought, never less than nothing: cash-outs are shown apart.
                "in_for": flow.bought,
                "flow": flow,
                # A leaver's chips the open game's pot keeps, said on their card.
                "kept": kept.get(row.seat.pk, 0),
                "link": link,
                "qr": "" if row.seat.join_revoked or row.seat.left_at else qr_svg(link),
            }
        )
    watch = absolute(request, reverse("ledger:watch", args=[night.spectator_token]))
    holder_seats = {r.seat.pk: r.seat for r in view.rows}
    return {
        "night": night,
        "t": view,
        "seats": rows,
        "add_form": SeatAddForm(people=people),
        "watch_link": watch,
        "watch_qr": qr_svg(watch) if not night.spectator_revoked else "",
        "unit": night.unit,
        "chips_editable": seating.chips_editable(night),
        "error": error,
        "game": game,
        "game_riding": games.riding(night) if game else 0,
        "come_and_go": game_setup.come_and_go_words(game) if game else [],
        "holders": [r.seat for r in view.rows if not r.seat.left_at],
        "cash_boxes": [
            (closing.party_name(holder_seats.get(h)), chips)
            for h, chips in night_results.cash_boxes(night).items()
        ],
    }


@require_GET
@never_cache
def seats(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    if actor.role != "host":
        return answer(request, found, actor, error=actors.HOST_ONLY, status=403)
    return render(request, "ledger/seats.html", context(request, found, actor))


def seats_write(request: HtmxHttpRequest, night_id: int, call, *, host_only: bool = True):
    """A write from the seat list; a player's own sit-out comes back to the table."""
    found, actor = night_for(request, night_id)
    back_to_table = request.POST.get("back") == "table"

    def check() -> None:
        if host_only:
            actor.require_host()
        else:
            actor.require_seat(seat_from(found, request.POST.get("seat")), None)

    def done(result: dict) -> HttpResponse:
        if result.get("notice"):  # what happened that no card shows (a leaver's share back)
            messages.info(request, result["notice"])
        name = "ledger:night" if back_to_table else "ledger:seats"
        return see_other(reverse(name, args=[found.pk]))

    def refused(message: str, status: int) -> HttpResponse:
        if back_to_table or actor.role != "host":
            return answer(request, found, actor, error=message, status=status)
        ctx = context(request, found, actor, error=message)
        return render(request, "ledger/seats.html", ctx, status=status)

    return write(
        request,
        found,
        actor=actor,
        check=check,
        call=lambda locked: call(locked, actor),
        done=done,
        refused=refused,
    )


def _parsed_choice(value: str | None, choices: tuple[str, ...], label: str) -> str:
    try:
        return inputs.choice(value, choices, label=label)
    except inputs.InputError as exc:
        raise ValidationError(str(exc)) from None


def _seat(night: Night, request: HttpRequest):
    return seat_from(night, request.POST.get("seat"))


@require_POST
def seat_add(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        form = SeatAddForm(request.POST, people=night.group.people.all())
        if not form.is_valid():
            raise ValidationError(form_message(form))
        person = form.cleaned_data["person_obj"] or seating.person_add(
            group=night.group, name=form.cleaned_data["name"]
        )
        seat = seating.seat_add(night=night, person=person)
        return {"message": f"{person.name} sits in seat {seat.position}."}

    return seats_write(request, night_id, call)


@require_POST
def buy_in(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        chips = amount(request.POST.get("chips"), night, "The buy-in", mode=request.POST.get("in"))
        paid, holder = paid_how(request.POST, night)
        posting = seating.buy_in(
            night=night,
            seat=_seat(night, request),
            chips=chips,
            recorded_by=actor.label,
            paid=paid,
            holder=holder,
        )
        return {"message": posting.memo}

    return seats_write(request, night_id, call)


@require_POST
def cash_out(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        text = request.POST.get("chips", "").strip()
        mode = request.POST.get("in")
        chips = amount(text, night, "The cash-out", mode=mode) if text else None
        paid, holder = paid_how(request.POST, night)
        posting = seating.cash_out(
            night=night,
            seat=_seat(night, request),
            chips=chips,
            recorded_by=actor.label,
            paid=paid,
            holder=holder,
        )
        return {"message": posting.memo}

    return seats_write(request, night_id, call)


@require_POST
def adjust(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        chips = whole(request.POST.get("chips"), "The adjustment", least=-inputs.MOST_CHIPS)
        posting = seating.adjust(
            night=night,
            seat=_seat(night, request),
            chips=chips,
            reason=request.POST.get("reason", ""),
            recorded_by=actor.label,
        )
        return {"message": posting.memo}

    return seats_write(request, night_id, call)


@require_POST
def sit_out(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Sit out the next hands, or come back; the host or the player at that seat."""

    def call(night: Night, actor: Actor) -> dict:
        out = _parsed_choice(request.POST.get("out"), ("1", "0"), "Sitting out") == "1"
        seat = seating.sit_out(night=night, seat=_seat(night, request), out=out)
        return {"message": f"{seat.person.name} {'sits out' if out else 'is back'}."}

    return seats_write(request, night_id, call, host_only=False)


@require_POST
def leave(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        seat = _seat(night, request)
        seating.check_open(night)
        # Paid out as a cash-out is: in cash from the bank or a holder, or at the settlement.
        paid, holder = paid_how(request.POST, night)
        said = runs.seat_leave(
            night=night, seat=seat, recorded_by=actor.label, paid=paid, holder=holder
        )
        return {"message": said, "notice": said}

    return seats_write(request, night_id, call)


SEAT_LINK_CHANGES = {
    "new": seating.join_link_renew,
    "revoke": seating.join_link_revoke,
    "release": seating.join_link_release,
}


@require_POST
def join_link(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """A seat's join link: revoke it, make a new one (the old stops), or free the seat.

    Freeing forgets the phone that holds the seat, so the same link can be
    claimed by another phone; the other two forget it as well.
    """

    def call(night: Night, actor: Actor) -> dict:
        change = _parsed_choice(request.POST.get("do"), tuple(SEAT_LINK_CHANGES), "The change")
        seat = _seat(night, request)
        SEAT_LINK_CHANGES[change](seat=seat)
        return {"seat": seat.pk}

    return seats_write(request, night_id, call)


@require_POST
def watch_link(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    def call(night: Night, actor: Actor) -> dict:
        if _parsed_choice(request.POST.get("do"), LINK_CHANGES, "The change") == "new":
            seating.spectator_link_renew(night=night)
        else:
            seating.spectator_link_revoke(night=night)
        return {}

    return seats_write(request, night_id, call)
