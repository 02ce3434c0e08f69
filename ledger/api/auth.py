"""Header credentials for the ledger API: a seat's key or a night's spectator link.

A player's phone claims its seat once with the join link's token
(`POST /api/nights/join/`, ledger/api/joining.py) and is given a seat key;
afterwards it sends `X-Homegame-Seat: <seat key>` and acts as that seat. The
join token itself is no credential, so the QR code is not a password. A
spectator sends `X-Homegame-Watch: <spectator token>` and can only read.
Both resolve to an `Actor` in `request.auth`, with an anonymous `request.user`.
Browsers never add these headers on their own, so they need no CSRF token.
A header that matches nothing counts as a failed join attempt for the
caller's address (sitewide/limits.py); past the limit the answer is 429.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import APIException, AuthenticationFailed, Throttled

from ledger.models import Night, Seat
from ledger.services.actors import Actor
from ledger.services.seating import seat_key_hash
from sitewide import limits

SEAT_HEADER = "X-Homegame-Seat"
WATCH_HEADER = "X-Homegame-Watch"

BAD_SEAT_TOKEN = (
    "This seat key is not valid or the host has freed the seat: "
    "claim the seat with its join link (POST /api/nights/join/) and send the seat key it gives."
)
BAD_WATCH_TOKEN = "This spectator link is not valid or has been revoked."


def refusal(request, message: str) -> APIException:
    """A header that matched nothing: counted against the address, 429 once past the limit."""
    if limits.failed_join(request):
        return Throttled(detail=limits.TOO_MANY_LINKS)
    return AuthenticationFailed(message)


class SeatTokenAuthentication(BaseAuthentication):
    """A seated player, by the seat key its phone was given when it claimed the seat."""

    def authenticate(self, request):
        key = request.headers.get(SEAT_HEADER)
        if key is None:
            return None
        seat = (
            # A seat's actor needs its person and night, not the host's user row.
            Seat.objects.select_related("person", "night")
            .filter(device_key_hash=seat_key_hash(key), join_revoked=False)
            .first()
            if key
            else None
        )
        if seat is None:
            raise refusal(request, BAD_SEAT_TOKEN)
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
            raise refusal(request, BAD_WATCH_TOKEN)
        return AnonymousUser(), Actor(night=night, role="spectator")


class SeatTokenScheme(OpenApiAuthenticationExtension):
    target_class = SeatTokenAuthentication
    name = "seatToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": SEAT_HEADER,
            "description": (
                "A seat key: act for that seat at its night. A phone gets it once, when it "
                "claims the seat with the join link's token (POST /api/nights/join/); "
                "the join token itself is not accepted here."
            ),
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
