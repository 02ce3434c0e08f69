"""Cards for the showdown helper, entered from a seat's phone or by the dealer.

The table page's "Your cards" and dealer mode's "Who wins?" panel both post
here; the answer is the page the form came from. The checks are the helper's
own (`ledger.services.seat_cards`), so the page and the API take the same cards.
A tap on a card grid (`tap=<code>`) cycles that card in the cards as posted
(`ledger.core.card_taps`) and enters the result: each tap is a new row.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.views.decorators.http import require_POST

from ledger.core import card_taps
from ledger.models import Night, Seat
from ledger.services import seat_cards
from ledger.services.actors import Actor
from ledger.services.journal import LedgerError
from ledger.views import dealer, table
from ledger.views.common import night_for, partial_wanted, see_other, write
from ledger.views.forms import seat_from
from ledger.views.play import fresh, hand_of
from sitewide.htmx import HtmxHttpRequest


@require_POST
def hand_cards(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """One player's cards: from their own seat, or anyone's by the host or the dealer.

    No seat (`seat` blank) is the table's cards (a board), the dealer's to enter.
    """
    post = request.POST
    found, actor = night_for(request, night_id)
    to_deal = post.get("next") == dealer.deal_url(found)

    def target(night: Night) -> Seat | None:
        return seat_from(night, post.get("seat")) if post.get("seat") else None

    def check() -> None:
        # Whose cards this caller may enter depends on the hand (`seat_cards.enter` decides).
        if target(found) is None:
            actor.require_dealer(hand_of(found, hand_id))

    def call(night: Night) -> dict:
        seat = target(night)
        cards, up = post.get("cards", ""), post.get("up", "")
        if post.get("facing"):  # a forehead game: the cards facing the one who enters them
            up = cards
        if "tap" in post:
            cards, up = _tapped(seat, cards, up, post["tap"])
        row = seat_cards.enter(
            hand=fresh(hand_of(night, hand_id)),
            seat=seat,
            cards=cards,
            up=up,
            declare=post.get("declare", ""),
            wild_ranks=post.get("wild_ranks", ""),
            actor=_actor(night, actor),
        )
        return {"summary": [seat_cards.saved_words(row)], "seat": row.seat_id}

    return write(
        request,
        found,
        actor=actor,
        check=check,
        call=call,
        done=_done(request, found, actor, to_deal),
        refused=_refused(request, found, actor, to_deal),
    )


@require_POST
def show_cards(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """A player shows the table cards nobody else sees: a folded hand, or one won unseen."""
    post = request.POST
    found, actor = night_for(request, night_id)

    def call(night: Night) -> dict:
        seat = seat_from(night, post.get("seat"))
        seat_cards.show(hand=fresh(hand_of(night, hand_id)), seat=seat, actor=_actor(night, actor))
        return {"summary": [f"{seat.person.name}'s cards are shown to the table."]}

    return write(
        request,
        found,
        actor=actor,
        check=lambda: None,
        call=call,
        done=_done(request, found, actor, to_deal=False),
        refused=_refused(request, found, actor, to_deal=False),
    )


def _done(request: HtmxHttpRequest, found: Night, actor: Actor, to_deal: bool):
    def done(result: dict) -> HttpResponse:
        notice = " ".join(result.get("summary", []))
        seat = result.get("seat")
        if partial_wanted(request):
            if to_deal:  # the dealer's panel in place, the same player's grid still open
                return dealer.answer(request, found, actor, notice=notice, open_seat=seat)
            return table.answer(request, found, actor, notice=notice)
        for line in result.get("summary", []):
            messages.info(request, line)
        if to_deal:  # back to the same player's grid, open (the tap's formaction has its anchor)
            return see_other(dealer.deal_url(found) + (f"?open={seat}" if seat else ""))
        return see_other(dealer.table_url(found))

    return done


def _refused(request: HtmxHttpRequest, found: Night, actor: Actor, to_deal: bool):
    def refused(message: str, status: int) -> HttpResponse:
        if to_deal and partial_wanted(request):
            # Swapped in place: the reason shows in the panel, by the grid still open.
            seat = request.POST.get("seat", "")
            opened = int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 19 else None
            return dealer.answer(
                request, found, actor, status=status, panel_error=message, open_seat=opened
            )
        if to_deal:
            return dealer.answer(request, found, actor, status=status, error=message)
        return table.answer(request, found, actor, error=message, status=status)

    return refused


def _tapped(seat: Seat | None, cards: str, up: str, code: str) -> tuple[list[str], list[str]]:
    """A tap on the grid: the typed cards as posted, with the tapped card cycled one step."""
    who = seat.person.name if seat is not None else seat_cards.BOARD
    try:
        return card_taps.tap(cards, up, code, who=who)
    except card_taps.TapError as exc:
        raise LedgerError(exc.message) from None


def _actor(night: Night, actor: Actor) -> Actor:
    return Actor(night=night, role=actor.role, seat=actor.seat)
