"""Claiming a seat from a phone through the API: the join link's token in, a seat key out.

The key is made when the seat is claimed and shown in that one answer; the
seat keeps only its hash. Afterwards the phone sends it as `X-Homegame-Seat`
(ledger/api_auth.py), so the QR code on the host's screen is no password.
A seat another phone holds is never moved (409): the host frees it
(`join-link` with `"release"`, or the seats page), renews or revokes the
link. A token that matches no live link counts as a failed join attempt for
the caller's address (homegame/limits.py), and past the limit answers 429.

No Idempotency-Key: the answer holds a secret that is never stored, so it
cannot be replayed. A phone that lost the answer asks the host to free the
seat and claims it again.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from homegame import limits
from ledger import services
from ledger.api.base import Conflict, _error
from ledger.api_auth import SEAT_HEADER

TAG = ["ledger: seats and chips"]


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
        responses={
            201: OpenApiResponse(
                ClaimOutput, description="Claimed for this phone: its seat key, shown this once."
            ),
            200: OpenApiResponse(
                ClaimOutput,
                description=f"This phone already holds the seat (it sent its key as "
                f"{SEAT_HEADER}): the same key back, nothing changed.",
            ),
            400: _error("The body has no token, or not a string."),
            404: _error(services.NO_SUCH_LINK),
            409: _error(services.SEAT_HELD),
            429: _error(limits.TOO_MANY_LINKS),
        },
    )
    def post(self, request):
        data = ClaimInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            seat, key, claimed = services.join_link_claim_key(
                token=data.validated_data["token"],
                held_key=request.headers.get(SEAT_HEADER, ""),
            )
        except services.UnknownLink:
            if limits.failed_join(request):
                raise Throttled(detail=limits.TOO_MANY_LINKS) from None
            raise NotFound(services.NO_SUCH_LINK) from None
        except services.SeatHeld as exc:
            raise Conflict(str(exc)) from None
        body = {"night": seat.night_id, "seat": seat.pk, "seat_key": key}
        return Response(body, status=status.HTTP_201_CREATED if claimed else status.HTTP_200_OK)
