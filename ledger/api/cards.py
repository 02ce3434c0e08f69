"""Cards for the showdown helper at a night's hand, and the helper's answer for it.

`POST hands/<h>/cards/`: one player's cards (a seat key enters its own seat's,
the host or the hand's dealer anyone's, or the table's cards with
`"board": true`), checked by the same layer as the page (`ledger.services.seat_cards`,
itself `rulebook.showdown.request_check`). `GET hands/<h>/showdown-helper/`: the
cards this caller may see, the helper's ranking (as `POST /api/showdown/`
answers it) and the showdown it proposes, in `hands/<h>/showdown/`'s own
shape (`winners`, `low_winners`, `bookings`) or the award's declarations.
Before the showdown a caller sees only the face-up cards, the table's and
those they entered themselves (`ledger.core.card_sight`), the host and the dealer
too; the ranking waits for the showdown.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, Throttled
from rest_framework.response import Response

from ledger.api.base import (
    KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    LedgerApi,
    Refused,
    _error,
    hand_in,
    night_actor,
    seats_named,
    write_once,
)
from ledger.api.fields import Flag, RecordId
from ledger.models import Night
from ledger.services import seat_cards, seating
from rulebook.showdown.api import HandCardsField, ShowdownResultSerializer, UpCardsField
from rulebook.showdown.request_check import DECLARES
from sitewide import limits

TAG = ["ledger: hands"]
SEAT_NEEDED = "Say whose cards these are: seat, or board true for the table's cards."
SEAT_OR_BOARD = "Give seat or board true, not both."


class EnteredOutput(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True, help_text="Null: the table's cards.")
    name = serializers.CharField(help_text="The player's name, or “The table”.")
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card codes.")
    up = serializers.ListField(child=serializers.CharField(), help_text="Those face up.")
    labels = serializers.ListField(child=serializers.CharField(), help_text="“A♠”, “10♦”.")
    declare = serializers.CharField(allow_blank=True)
    entered_by = serializers.CharField()

    class Meta:
        ref_name = "HandCardsEntered"


class CardsOutput(serializers.Serializer):
    entered = EnteredOutput()
    shown = EnteredOutput(
        many=True,
        help_text="The cards this caller may see: before the showdown their own, the face-up "
        "cards, the table's and those they entered; from it on, the hands it shows.",
    )

    class Meta:
        ref_name = "HandCardsWrite"


class ShownOutput(serializers.Serializer):
    shown = EnteredOutput(many=True, help_text="The cards this caller may see now.")

    class Meta:
        ref_name = "HandCardsShown"


class FillBooking(serializers.Serializer):
    rule = serializers.CharField()
    roles = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()))

    class Meta:
        ref_name = "HelperBooking"


class FillDeclaration(serializers.Serializer):
    seat = serializers.IntegerField()
    declares = serializers.CharField()

    class Meta:
        ref_name = "HelperDeclaration"


class FillOutput(serializers.Serializer):
    winners = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        required=False,
        help_text="Per pot, the seats that win it (high in a high-low game).",
    )
    low_winners = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        required=False,
        allow_null=True,
        help_text="Per pot, the low half's winners, in a high-low game.",
    )
    declarations = FillDeclaration(many=True, required=False)
    high_order = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), required=False
    )
    low_order = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), required=False
    )
    bookings = FillBooking(
        many=True,
        help_text="The rules a race names, with their winners; every rule's roles are in roles.",
    )
    roles = serializers.DictField(
        child=serializers.DictField(child=serializers.ListField(child=serializers.IntegerField())),
        help_text="For each money rule booked at the showdown, the seats the ranking puts in "
        "each role it asks (the winner, the losers, the lowest hand).",
    )

    class Meta:
        ref_name = "HelperFill"


class HelperOutput(serializers.Serializer):
    shown = EnteredOutput(many=True)
    missing = serializers.ListField(
        child=serializers.CharField(), help_text="Players still in with no cards yet."
    )
    error = serializers.CharField(allow_blank=True, help_text="Why the hands cannot be ranked yet.")
    result = ShowdownResultSerializer(allow_null=True)
    fill = FillOutput(allow_null=True)

    class Meta:
        ref_name = "ShowdownHelper"


def _entered(e: seat_cards.Entered) -> dict:
    return {
        "seat": e.seat.pk if e.seat else None,
        "name": e.name,
        "cards": e.codes,
        "up": e.up,
        "labels": [label for label, _, _ in e.labels],
        "declare": e.declare,
        "entered_by": e.entered_by,
    }


def _whose(actor, given: dict):
    """The seat a request names, else the caller's own seat: whose cards these are."""
    if "seat" in given:
        return seats_named(actor.night, [given["seat"]])[given["seat"]]
    if actor.seat is not None:
        return actor.seat
    raise Refused(SEAT_NEEDED)


class CardsApi(LedgerApi):
    """One player's cards for the showdown helper: a seat its own, the host or dealer anyone's."""

    class InputSerializer(serializers.Serializer):
        seat = RecordId(
            required=False, help_text="Whose cards; a seat key's own seat when left out."
        )
        board = Flag(default=False, help_text="True: the table's cards (the host or dealer).")
        cards = HandCardsField()
        up = UpCardsField(required=False)
        declare = serializers.ChoiceField(
            choices=DECLARES, required=False, allow_null=True, help_text="In a declare game."
        )
        wild_ranks = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=100,
            help_text='With board true: the ranks the table names wild this hand, e.g. "5 Q".',
        )

        class Meta:
            ref_name = "HandCards"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: CardsOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        hand = hand_in(actor.night, number)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if given["board"] and "seat" in given:
            raise Refused(SEAT_OR_BOARD)
        seat = None
        if not given["board"]:
            seat = _whose(actor, given)
        else:
            actor.require_dealer(hand)

        def write(night: Night):
            seating.check_open(night)
            locked = hand_in(night, number)
            row = seat_cards.enter(
                hand=locked,
                seat=seat,
                cards=given["cards"],
                up=given.get("up"),
                declare=given.get("declare"),
                wild_ranks=given.get("wild_ranks"),
                actor=actor,
            )
            shown = seat_cards.shown(locked, actor)
            # Whoever enters cards sees what they entered (`ledger.core.card_sight`).
            entered = next(e for e in shown if (e.seat.pk if e.seat else None) == row.seat_id)
            body = {"entered": _entered(entered), "shown": [_entered(e) for e in shown]}
            return status.HTTP_201_CREATED, CardsOutput(body).data

        return write_once(request, actor, write)


class ShowApi(LedgerApi):
    """Show the table a hand nobody else sees: a folded one, or one that won when all folded.

    From the showdown on (or once the hand is over). A seat key shows its own
    seat's; the host or the dealer a seat with no phone.
    """

    class InputSerializer(serializers.Serializer):
        seat = RecordId(
            required=False, help_text="Whose cards; a seat key's own seat when left out."
        )

        class Meta:
            ref_name = "HandCardsShow"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: ShownOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        hand_in(actor.night, number)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = _whose(actor, data.validated_data)

        def write(night: Night):
            locked = hand_in(night, number)
            seat_cards.show(hand=locked, seat=seat, actor=actor)
            shown = [_entered(e) for e in seat_cards.shown(locked, actor)]
            return status.HTTP_201_CREATED, ShownOutput({"shown": shown}).data

        return write_once(request, actor, write)


class HelperApi(LedgerApi):
    """The showdown helper for a live hand: the cards, the ranking and the proposed showdown.

    Anyone at the night (host, seat, spectator link) once the hand reaches its
    showdown: before it the ranking would tell others' cards (403). The cards
    listed are those the caller may see: the hands the showdown shows.
    """

    @extend_schema(
        tags=TAG,
        responses={
            200: HelperOutput,
            **READ_ERRORS,
            429: _error(limits.TOO_MANY_RANKINGS),
        },
    )
    def get(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        hand = hand_in(actor.night, number)
        if not seat_cards.reached_showdown(hand):
            raise PermissionDenied(seat_cards.HIDDEN)
        if limits.helper_limited(request, actor.night.pk):
            raise Throttled(detail=limits.TOO_MANY_RANKINGS, wait=limits.SHOWDOWN_WAIT)
        found = seat_cards.helper(hand, fill=hand.status != hand.Status.SETTLED)
        fill = None
        if found.fill is not None:
            fill = found.fill.award() | {"roles": found.fill.roles}
        body = {
            "shown": [_entered(e) for e in seat_cards.shown(hand, actor)],
            "missing": found.missing,
            "error": found.error,
            "result": found.data or None,
            "fill": fill,
        }
        return Response(HelperOutput(body).data)
