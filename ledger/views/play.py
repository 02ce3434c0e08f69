"""What the table page and the dealer screen share about the hand in play.

Which hand a URL names, who may start one, the pots as drawn (so an award
against pots that changed is refused), who wins each pot from a form, and
the confirmation a pot paid to nobody needs. Both screens import from here;
neither imports the other.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404

from ledger.models import Hand, Night, Seat
from ledger.selectors import game_setup, table_types
from ledger.services import games, hands
from ledger.services.actors import Actor, Forbidden
from ledger.views.forms import declarations, seat_from, winner_lists

POTS_CHANGED = "The pots changed since this page was drawn: check the winners again."
NOBODY_TICKED = (
    "Nobody is ticked to take the {chips}-chip pot: it {goes}. Tick who wins, or tick "
    '"Nobody wins" to confirm.'
)
NO_WINNER_GOES = {
    "ride": "would ride to the next deal",
    "return": "would go back to who paid it in",
}


def may_start(actor: Actor, next_dealer: Seat | None) -> bool:
    if actor.role == "host":
        return True
    return actor.role == "seat" and next_dealer is not None and next_dealer.pk == actor.seat.pk


def require_starter(night: Night, actor: Actor, dealer_id: str | None, refusal: str) -> None:
    """The host starts any deal; a player only the one they deal, in turn."""
    if actor.role == "host":
        return
    dealer = seat_from(night, dealer_id)
    if not may_start(actor, game_setup.next_dealer(night)) or dealer.pk != actor.seat.pk:
        raise Forbidden(refusal)


def pots_key(pots: list[table_types.PotRow]) -> str:
    """The pots as drawn, so an award made against pots that since changed is refused."""
    return ";".join(f"{p.amount}:{','.join(str(r.seat.pk) for r in p.eligible)}" for p in pots)


def not_modified(tag: str) -> HttpResponse:
    return polled_answer(HttpResponseNotModified(), tag)


def polled_answer(response: HttpResponse, tag: str) -> HttpResponse:
    """A poll's answer: its ETag, for this phone only and checked again every time."""
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache"
    return response


def hand_of(night: Night, hand_id: int) -> Hand:
    return get_object_or_404(Hand.objects.select_related("night"), pk=hand_id, night=night)


def fresh(hand: Hand) -> Hand:
    """The hand as it stands now the night is locked; another phone may have moved it on."""
    return Hand.objects.select_related("night").get(pk=hand.pk)


def confirm_nobody(post, play: hands.Play, winners: list, low: list | None) -> None:
    """Paying the pots with nobody ticked is a choice the dealer confirms, never a slip.

    The message says where the chips go, so the dealer knows what the tick means.
    """
    ticked = any(winners) or any(low or [])
    if ticked or not play.pot or post.get("nobody") == "1":
        return
    goes = NO_WINNER_GOES.get(play.hand.config.get("no_winner", "ride"), "")
    raise ValidationError(NOBODY_TICKED.format(chips=play.pot, goes=goes))


def award_facts(post, play: hands.Play, hand: Hand) -> tuple[list, list | None]:
    """Who wins each pot, high and low, from the showdown form (declarations in a declare game)."""
    count = len(play.showdown_pots())
    shape = games.pot_shape(hand.game_slug, hand.run if hand.run_id else None)
    if shape == "declare":
        declared, high_order, low_order = declarations(post, hand.seat_order)
        return play.declared_winners(declared, high_order, low_order)
    if shape == "high_low":
        return winner_lists(post, "high", count), winner_lists(post, "low", count)
    return winner_lists(post, "win", count), None
