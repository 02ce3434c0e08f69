"""Ending the night: the counts, the settlement, and payments marked paid."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from ledger.api.base import (
    KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    Conflict,
    ErrorSerializer,
    LedgerApi,
    night_actor,
    no_repeats,
    payment_in,
    seats_named,
    write_once,
)
from ledger.api.fields import RecordId, Whole
from ledger.api.outputs import PaymentOutput, PostingOutput, SeatOutput, SettlementOutput
from ledger.core import inputs
from ledger.models import Night
from ledger.selectors import api_reads
from ledger.services import closing
from ledger.services.actors import READ_ONLY, Forbidden

PAYEE_ONLY = "Only the host or the player being paid can mark a payment paid."
CHIPS_IN_THE_MIDDLE = (
    "{chips} chips are still in the middle (an open hand or a riding pot): "
    "the settlement shows once every pot is won."
)

TAG = ["ledger: settlement"]


class CountInput(serializers.Serializer):
    seat = RecordId()
    chips = Whole(help_text="Chips physically in front.")

    class Meta:
        ref_name = "Count"


class NightEndApi(LedgerApi):
    """End the night: every count must match the ledger; then every stack is cashed out.

    A count that differs is refused with the difference: recount, or book an
    adjustment with its reason first. The host only.
    """

    class InputSerializer(serializers.Serializer):
        counts = CountInput(
            many=True, max_length=inputs.MOST_SEATS, help_text="One count per seat at the table."
        )

        class Meta:
            ref_name = "NightEnd"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: SettlementOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        counts = data.validated_data["counts"]
        no_repeats(c["seat"] for c in counts)
        seats_named(actor.night, [c["seat"] for c in counts])

        def write(night: Night):
            closing.night_end(
                night=night,
                counts={c["seat"]: c["chips"] for c in counts},
                recorded_by=actor.label,
            )
            return status.HTTP_200_OK, SettlementOutput(
                api_reads.settlement_view(night, "host")
            ).data

        return write_once(request, actor, write)


class RidingShareApi(LedgerApi):
    """Share a riding pot equally among the players still at the table: the host only.

    Chips riding to a next hand that will not be played must be shared out
    before the night can end.
    """

    class OutputSerializer(serializers.Serializer):
        posting = PostingOutput()
        seats = SeatOutput(many=True)

        class Meta:
            ref_name = "RidingShare"

    @extend_schema(
        tags=TAG,
        request=None,
        responses={201: OutputSerializer, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()

        def write(night: Night):
            posting = closing.riding_share(night=night, recorded_by=actor.label)
            view = api_reads.night_view(night, actor)
            body = {"posting": posting, "seats": view["seats"]}
            return status.HTTP_201_CREATED, self.OutputSerializer(body).data

        return write_once(request, actor, write)


class SettlementApi(LedgerApi):
    """Each player's net in chips and money, and who pays whom, explained hand by hand."""

    @extend_schema(
        tags=TAG,
        responses={
            200: SettlementOutput,
            **READ_ERRORS,
            409: OpenApiResponse(ErrorSerializer, description="Chips are still in a pot."),
        },
    )
    def get(self, request, night_id: int):
        actor = night_actor(request, night_id)
        # Nets add up to zero only when no chips sit in a pot.
        middle = -sum(closing.nets(actor.night).values())
        if middle:
            raise Conflict(CHIPS_IN_THE_MIDDLE.format(chips=middle))
        return Response(SettlementOutput(api_reads.settlement_view(actor.night, actor.role)).data)


class PaymentPaidApi(LedgerApi):
    """Mark a payment paid: the host, or the player who received it."""

    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: PaymentOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, payment_id: int):
        actor = night_actor(request, night_id)
        payment = payment_in(actor.night, payment_id)
        payee = actor.role == "seat" and actor.seat.pk == payment.payee_id
        if actor.role != "host" and not payee:
            raise Forbidden(READ_ONLY if actor.role == "spectator" else PAYEE_ONLY)

        def write(night: Night):
            fresh = payment_in(night, payment_id)
            closing.payment_mark_paid(payment=fresh)
            return status.HTTP_200_OK, PaymentOutput(api_reads.payment_view(night, fresh)).data

        return write_once(request, actor, write)
