"""Who is asking, and what they may do at a night's table.

The host (a signed-in user) runs the night. A player claims a seat from their
own phone through the seat's join link and may then act for that seat; the
dealer of the open hand may act for everyone in it. A spectator link only
reads. Pages and the API both resolve their caller to an `Actor` here.

A seat is held by one phone at a time: on pages by its session (kept in
`Seat.claimed_session`), in the API by the seat key it was given when it
claimed (`ledger.api.auth`). A join link never moves a held seat; the host
frees it first (`seating.join_link_release`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.http import HttpRequest

from ledger.models import Hand, Night, Seat
from ledger.services import seating

SESSION_SEATS = "homegame_seats"

NOT_YOURS = "You can only record actions for your own seat."
HOST_ONLY = "Only the night's host can do that."
DEALER_ONLY = "Only the host or this hand's dealer can do that."
READ_ONLY = "This link can only watch the table."


class Forbidden(Exception):
    """The caller may see the night but not make this change."""


@dataclass(frozen=True)
class Actor:
    night: Night
    role: Literal["host", "seat", "spectator"]
    seat: Seat | None = None

    @property
    def label(self) -> str:
        """Who recorded a posting, as the hand history shows it."""
        if self.role == "host":
            return f"host:{self.night.host.get_username()}"
        if self.role == "seat":
            return f"seat {self.seat.position}:{self.seat.person.name}"
        return "spectator"

    @property
    def key(self) -> str:
        """Who is asking, as the rows they write remember it: "host", "seat:<id>" or "watch".

        It scopes their idempotency keys and says which cards they entered.
        """
        if self.role == "seat":
            return seat_key_of(self.seat.pk)
        return "host" if self.role == "host" else "watch"

    def is_dealer(self, hand: Hand | None) -> bool:
        return self.role == "seat" and hand is not None and hand.dealer_id == self.seat.pk

    def require_host(self) -> None:
        if self.role != "host":
            raise Forbidden(READ_ONLY if self.role == "spectator" else HOST_ONLY)

    def require_dealer(self, hand: Hand | None) -> None:
        """Running a hand (antes, rounds, awards, undo) is for the host or its dealer."""
        if self.role == "host" or self.is_dealer(hand):
            return
        raise Forbidden(READ_ONLY if self.role == "spectator" else DEALER_ONLY)

    def require_seat(self, seat: Seat, hand: Hand | None) -> None:
        """Acting for a seat: the host, the dealer, or that seat's own player."""
        if self.role == "host" or self.is_dealer(hand):
            return
        if self.role == "seat" and self.seat.pk == seat.pk:
            return
        raise Forbidden(READ_ONLY if self.role == "spectator" else NOT_YOURS)


def recorder(recorded_by: str) -> str:
    """Who recorded something (`Actor.label`), as the table says it: "the host", or a name."""
    role, _, name = recorded_by.partition(":")
    if role == "host":
        return "the host"
    if role.startswith("seat"):
        return name or recorded_by
    return recorded_by


def seat_key_of(seat_id: int) -> str:
    """A seat as `Actor.key` names it: the key of that seat's own phone."""
    return f"seat:{seat_id}"


def actor_for(request: HttpRequest, night: Night) -> Actor | None:
    """The host or a claimed seat, from the signed-in user or the session; else None."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.pk == night.host_id:
        return Actor(night=night, role="host")
    seat_id = request.session.get(SESSION_SEATS, {}).get(str(night.pk))
    if seat_id is None:
        return None
    seat = (
        Seat.objects.select_related("person")
        .filter(pk=seat_id, night=night, join_revoked=False)
        .first()
    )
    if seat is None or seat.claimed_session != request.session.session_key:
        return None
    return Actor(night=night, role="seat", seat=seat)


def claim_seat(request: HttpRequest, token: str) -> Actor:
    """Tie this phone's session to the seat behind a join link.

    Raises `seating.SeatHeld` when another phone holds it (the host frees
    it) and `seating.UnknownLink` when the link stopped working.
    """
    ensure_session(request)
    seat = seating.join_link_claim(token=token, session_key=request.session.session_key)
    seats = dict(request.session.get(SESSION_SEATS, {}))
    seats[str(seat.night_id)] = seat.pk
    request.session[SESSION_SEATS] = seats
    return Actor(night=seat.night, role="seat", seat=seat)


def ensure_session(request: HttpRequest) -> None:
    """This phone's session exists (and so has a key a seat can be held by)."""
    if not request.session.session_key:
        request.session.create()


def holds_seat(request: HttpRequest, seat: Seat) -> bool:
    """This phone's session is the one that holds the seat."""
    key = request.session.session_key
    return bool(key) and seat.claimed_session == key


def spectator_night(token: str) -> Night | None:
    return Night.objects.filter(spectator_token=token, spectator_revoked=False).first()
