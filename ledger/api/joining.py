"""Claiming a seat from a phone through the API: the join link's token in, a seat key out.

The key is made when the seat is claimed and shown in that one answer; the
seat keeps only its hash. Afterwards the phone sends it as `X-Homegame-Seat`
(ledger/api/auth.py), so the QR code on the host's screen is no password.
A seat another phone holds is never moved (409): the host frees it
(`join-link` with `"release"`, or the seats page), renews or revokes the
link. A token that matches no live link counts as a failed join attempt for
the caller's address (sitewide/limits.py), and past the limit answers 429.

The Idempotency-Key is honoured without storing the secret: the seat key is
derived from it (with the caller's address, the link and the site's secret),
so the same claim sent again from the same address within two minutes gets
the same key back, and never afterwards. The request key is part of the
phone's secret here, so it must be a fresh random UUID (version 4, as
`crypto.randomUUID()` or Python's `uuid.uuid4()` make it); anything else is
refused before the link is even looked at.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from ledger.api.auth import SEAT_HEADER
from ledger.api.base import (
    KEY_PARAMETER,
    REPLAYED_HEADER,
    Conflict,
    Refused,
    _error,
    idempotency_key,
)
from ledger.core import inputs
from ledger.services import seating
from sitewide import limits

TAG = ["ledger: seats and chips"]
NOT_RANDOM_KEY = (
    "Claiming a seat needs a fresh random UUID as its Idempotency-Key "
    "(version 4, such as 0f8e4a52-6c1d-4b7e-9a3f-2d5c8b1e7f40)."
)


class ClaimInput(serializers.Serializer):
    token = serializers.CharField(
        max_length=64, help_text="The seat's join token, from its join link or QR code."
    )

    class Meta:
        ref_name = "SeatClaim"


class ClaimOutput(serializers.Serializer):
    night = serializers.IntegerField(help_text="The night the seat is at.")
    seat = serializers.IntegerField(help_text="The seat this phone now holds.")
    seat_key = serializers.CharField(
        help_text=f"This phone's credential for the seat: send it as {SEAT_HEADER}. "
        "Shown once; keep it on the phone."
    )

    class Meta:
        ref_name = "SeatKey"


class JoinApi(APIView):
    """Claim the seat behind a join link for this phone, and get its seat key."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAG,
        auth=[],
        request=ClaimInput,
        parameters=[KEY_PARAMETER],
        responses={
            201: OpenApiResponse(
                ClaimOutput, description="Claimed for this phone: its seat key, shown this once."
            ),
            200: OpenApiResponse(
                ClaimOutput,
                description=f"This phone already holds the seat (it sent its key as "
                f"{SEAT_HEADER}): the same key back, nothing changed.",
            ),
            400: _error(
                "The body has no token, or the Idempotency-Key is missing or not a random UUID."
            ),
            404: _error(seating.NO_SUCH_LINK),
            409: _error(seating.SEAT_HELD),
            429: _error(limits.TOO_MANY_LINKS),
        },
    )
    def post(self, request):
        request_key = idempotency_key(request)
        if not inputs.is_random_uuid(request_key):
            raise Refused(NOT_RANDOM_KEY)
        data = ClaimInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            seat, key, happened = seating.join_link_claim_key(
                token=data.validated_data["token"],
                held_key=request.headers.get(SEAT_HEADER, ""),
                request_key=request_key,
                address=limits.address_of(request),
            )
        except seating.UnknownLink:
            if limits.failed_join(request):
                raise Throttled(detail=limits.TOO_MANY_LINKS) from None
            raise NotFound(seating.NO_SUCH_LINK) from None
        except seating.SeatHeld as exc:
            raise Conflict(str(exc)) from None
        body = {"night": seat.night_id, "seat": seat.pk, "seat_key": key}
        if happened == "held":
            return Response(body, status=status.HTTP_200_OK)
        response = Response(body, status=status.HTTP_201_CREATED)
        if happened == "replayed":
            response[REPLAYED_HEADER] = "true"
        return response
