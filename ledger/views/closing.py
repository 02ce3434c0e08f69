"""End of the night: count the chips, settle up, explain each payment, export CSV.

Checking a count is a GET (the counts ride in the query string), so it can
be repeated and bookmarked and changes nothing; booking an adjustment and
ending the night are POSTs.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TypeVar
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger.core import amounts, inputs
from ledger.models import Night, Payment
from ledger.selectors import exports, night_results, pay_ways, recap, state
from ledger.services import actors, closing, games, runs, seating
from ledger.services.actors import Actor
from ledger.views.common import message, night_for, see_other, write
from ledger.views.forms import counted_chips, seat_from, whole
from ledger.views.table import answer, bad_link
from sitewide.htmx import HtmxHttpRequest

R = TypeVar("R", bound=HttpResponseBase)

IN_PLAY = "A hand is in play: the settlement can be exported once it is settled."


def count_fields(request_data, night: Night, seats) -> dict[str, str]:
    """The count boxes as typed, to carry from one step of the end page to the next."""
    return {
        f"count-{s.pk}-{i}": request_data.get(f"count-{s.pk}-{i}", "")
        for s in seats
        for i in range(len(night.chips))
    }


def end_context(night: Night, actor: Actor, data, *, error: str = "") -> dict:
    seats = list(night.seats.filter(left_at__isnull=True).select_related("person"))
    names = state.labels(list(night.seats.select_related("person")))
    typed = count_fields(data, night, seats)
    counts: dict[int, int] = {}
    checked = any(typed.values())
    parsed = True
    if checked:
        try:
            counts = counted_chips(data, seats, night.chips)
        except ValidationError as exc:
            error, parsed = error or message(exc), False
    booked = closing.booked_stacks(night)
    diffs = night_results.differences(night, counts) if counts else {}
    rows = [
        {
            "seat": s,
            "name": names[s.pk],
            "boxes": [
                (f"count-{s.pk}-{i}", c["name"], typed[f"count-{s.pk}-{i}"])
                for i, c in enumerate(night.chips)
            ],
            "counted": counts.get(s.pk),
            "booked": booked[s.pk] if s.pk in counts else None,
            "difference": diffs.get(s.pk),
        }
        for s in seats
    ]
    missing = [r["name"] for r in rows if r["counted"] is None]
    return {
        "night": night,
        "rows": rows,
        "typed": typed,
        "query": urlencode(typed),
        "checked": checked and parsed,
        "ready": checked and parsed and not diffs and not missing,
        "missing": missing,
        "error": error,
        "open_hand": games.open_hand(night),
        "riding": state.riding(night) + sum(runs.carried_pots(night).values()),
        "open_game": games.open_run(night),
    }


@require_http_methods(["GET", "POST"])
@never_cache
def end(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """GET: count boxes, and the differences once counted. POST: end the night."""
    found, actor = night_for(request, night_id)
    if actor.role != "host":
        return answer(request, found, actor, error=actors.HOST_ONLY, status=403)
    if found.status == Night.Status.ENDED:
        return redirect(reverse("ledger:settlement", args=[found.pk]))
    if request.method == "GET":
        return render(request, "ledger/end.html", end_context(found, actor, request.GET))

    def call(night: Night) -> dict:
        seats = night.seats.filter(left_at__isnull=True).select_related("person")
        counts = counted_chips(request.POST, seats, night.chips)
        closing.night_end(night=night, counts=counts, recorded_by=actor.label)
        return {}

    def refused(text: str, status: int) -> HttpResponse:
        ctx = end_context(found, actor, request.POST, error=text)
        return render(request, "ledger/end.html", ctx, status=status)

    return write(
        request,
        found,
        actor=actor,
        check=actor.require_host,
        call=call,
        done=lambda result: see_other(reverse("ledger:settlement", args=[found.pk])),
        refused=refused,
    )


@require_POST
def riding_share(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Share the riding and carried pots equally among the players at the table."""
    found, actor = night_for(request, night_id)

    def refused(text: str, status: int) -> HttpResponse:
        return render(
            request, "ledger/end.html", end_context(found, actor, {}, error=text), status=status
        )

    return write(
        request,
        found,
        actor=actor,
        check=actor.require_host,
        call=lambda night: {
            "message": closing.riding_share(night=night, recorded_by=actor.label).memo
        },
        done=lambda result: see_other(reverse("ledger:end", args=[found.pk])),
        refused=refused,
    )


@require_POST
def end_adjust(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Book a counted difference with a reason, then check the counts again."""
    found, actor = night_for(request, night_id)
    seats = list(found.seats.filter(left_at__isnull=True))
    back = (
        reverse("ledger:end", args=[found.pk])
        + "?"
        + urlencode(count_fields(request.POST, found, seats))
    )

    def call(night: Night) -> dict:
        posting = seating.adjust(
            night=night,
            seat=seat_from(night, request.POST.get("seat")),
            chips=whole(request.POST.get("chips"), "The adjustment", least=-inputs.MOST_CHIPS),
            reason=request.POST.get("reason", ""),
            recorded_by=actor.label,
        )
        return {"message": posting.memo}

    def refused(text: str, status: int) -> HttpResponse:
        if actor.role != "host":
            return answer(request, found, actor, error=text, status=status)
        ctx = end_context(found, actor, request.POST, error=text)
        return render(request, "ledger/end.html", ctx, status=status)

    return write(
        request,
        found,
        actor=actor,
        check=actor.require_host,
        call=call,
        done=lambda result: see_other(back),
        refused=refused,
    )


def settlement_context(night: Night, actor: Actor) -> dict:
    ended = night.status == Night.Status.ENDED
    waiting = state.riding(night) + sum(runs.carried_pots(night).values())
    in_play = not ended and (games.open_hand(night) is not None or waiting > 0)
    # Chips in a pot belong to nobody yet, so results so far wait for the hand to end.
    rows, payments = ([], []) if in_play else night_results.results(night)
    names = state.labels(list(night.seats.select_related("person")))  # mid-hand rows are empty
    names[None] = closing.BANK_NAME
    cash = [] if in_play else seating.cash_moves(night)
    explained = []
    for payment in payments:
        both = [payment.payer_id, payment.payee_id]
        per_hand = night_results.hand_results(night, [s for s in both if s is not None])
        explained.append(
            {
                "payment": payment,
                "payer": names[payment.payer_id],
                "payee": names[payment.payee_id],
                # Each hand's chips won or lost by the two, with their money.
                "hands": [
                    (
                        number,
                        _chips_and_money(results.get(payment.payer_id, 0), night),
                        _chips_and_money(results.get(payment.payee_id, 0), night),
                    )
                    for number, results in per_hand.items()
                ],
                "cash": [cash_words(m, names, night) for m in cash if m.seat in both],
            }
        )
    boxes = night_results.cash_boxes(night) if not in_play else {}
    ways = pay_ways.for_payments(night, payments, role=actor.role, names=names) if ended else {}
    for item in explained:
        item["pay"] = ways.get(item["payment"].pk)
    return {
        "cash_boxes": [
            (names.get(holder, closing.BANK_NAME), money_words(chips, night))
            for holder, chips in boxes.items()
        ],
        "night": night,
        "actor": actor,
        "rows": [{"row": r, "name": names[r.seat.pk]} for r in rows],
        "payments": explained,
        "ended": ended,
        "in_play": in_play,
        "watching": actor.role == "spectator",
        "chart": state.chart(night, names),
        "recap": "" if in_play else recap.text(night, names, payments),
    }


@require_GET
@never_cache
def settlement(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    return render(request, "ledger/settlement.html", settlement_context(found, actor))


@require_GET
@never_cache
def watch_settlement(request: HtmxHttpRequest, token: str) -> HttpResponse:
    found = actors.spectator_night(token)
    if found is None:
        return bad_link(request)
    ctx = settlement_context(found, Actor(night=found, role="spectator"))
    ctx["watch_token"] = token
    return render(request, "ledger/settlement.html", ctx)


@require_POST
def mark_paid(request: HtmxHttpRequest, night_id: int, payment_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    payment = get_object_or_404(Payment, pk=payment_id, night=found)

    def refused(text: str, status: int) -> HttpResponse:
        ctx = settlement_context(found, actor) | {"error": text}
        return render(request, "ledger/settlement.html", ctx, status=status)

    def call(night: Night) -> dict:
        closing.payment_mark_paid(payment=Payment.objects.get(pk=payment.pk))
        return {"payment": payment.pk}

    return write(
        request,
        found,
        actor=actor,
        check=actor.require_host,
        call=call,
        done=lambda result: see_other(reverse("ledger:settlement", args=[found.pk])),
        refused=refused,
    )


def csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    return csv_download(response, filename)


def csv_download(response: R, filename: str) -> R:
    """A CSV answer as a download named `filename`, never kept in a cache."""
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def journal_csv(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The whole journal as CSV, streamed row by row as the entries are read."""
    found, _ = night_for(request, night_id)
    rows = (line.encode() for line in exports.journal_lines(found))
    response = StreamingHttpResponse(rows, content_type="text/csv; charset=utf-8")
    return csv_download(response, f"night-{found.pk}-journal.csv")


def money_words(chips: int, night: Night) -> str:
    return amounts.show_money(Decimal(night.unit) * chips, night.currency)


def _chips_and_money(chips: int, night: Night) -> tuple[str, str]:
    """A hand's result for one player, signed: ("+12", "+$3.00")."""
    money = money_words(chips, night)
    return (f"+{chips}", f"+{money}") if chips > 0 else (str(chips), money)


def cash_words(move: seating.CashMove, names: dict, night: Night) -> str:
    """One cash hand-over in words, for the explanation under a payment."""
    holder = names[move.holder] if move.holder is not None else "the bank"
    player = names[move.seat]
    if move.chips > 0:
        return f"{player} paid {money_words(move.chips, night)} in cash for chips, to {holder}."
    return f"{player} received {money_words(-move.chips, night)} in cash for chips, from {holder}."


@require_GET
def payments_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    if settlement_context(found, actor)["in_play"]:
        return HttpResponse(IN_PLAY, status=409, content_type="text/plain; charset=utf-8")
    return csv_response(exports.payments_csv(found), f"night-{found.pk}-payments.csv")


@require_GET
def settlement_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    if settlement_context(found, actor)["in_play"]:
        return HttpResponse(IN_PLAY, status=409, content_type="text/plain; charset=utf-8")
    return csv_response(exports.settlement_csv(found), f"night-{found.pk}-settlement.csv")
