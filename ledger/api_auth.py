"""Header tokens for the ledger API: a seat's join link or a night's spectator link.

A player's phone sends `X-Homegame-Seat: <join token>` and acts as that seat;
a spectator sends `X-Homegame-Watch: <spectator token>` and can only read.
Both resolve to an `Actor` in `request.auth`, with an anonymous `request.user`.
Browsers never add these headers on their own, so they need no CSRF token.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed

from ledger.actors import Actor
from ledger.models import Night, Seat

SEAT_HEADER = "X-Homegame-Seat"
WATCH_HEADER = "X-Homegame-Watch"

BAD_SEAT_TOKEN = "This seat link is not valid or has been revoked."
BAD_WATCH_TOKEN = "This spectator link is not valid or has been revoked."


class SeatTokenAuthentication(BaseAuthentication):
    """A seated player, by the seat's join token."""

    def authenticate(self, request):
        token = request.headers.get(SEAT_HEADER)
        if token is None:
            return None
        seat = (
            # A seat's actor needs its person and night, not the host's user row.
            Seat.objects.select_related("person", "night")
            .filter(join_token=token, join_revoked=False)
            .first()
        )
        if seat is None:
            raise AuthenticationFailed(BAD_SEAT_TOKEN)
        return AnonymousUser(), Actor(night=seat.night, role="seat", seat=seat)


class SpectatorTokenAuthentication(BaseAuthentication):
    """Anyone with the night's spectator link: read-only."""

    def authenticate(self, request):
        token = request.headers.get(WATCH_HEADER)
        if token is None:
            return None
        night = (
            Night.objects.select_related("host", "group")
            .filter(spectator_token=token, spectator_revoked=False)
            .first()
        )
        if night is None:
            raise AuthenticationFailed(BAD_WATCH_TOKEN)
        return AnonymousUser(), Actor(night=night, role="spectator")


class SeatTokenScheme(OpenApiAuthenticationExtension):
    target_class = SeatTokenAuthentication
    name = "seatToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": SEAT_HEADER,
            "description": "A seat's join token: act for that seat at its night.",
        }


class SpectatorTokenScheme(OpenApiAuthenticationExtension):
    target_class = SpectatorTokenAuthentication
    name = "watchToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": WATCH_HEADER,
            "description": "A night's spectator token: read that night only.",
        }
