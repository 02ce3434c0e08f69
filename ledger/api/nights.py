"""Nights, seats, chips in and out, links, and the journal."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param

from ledger.api.base import (
    KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    LedgerApi,
    Refused,
    host_write_once,
    night_actor,
    seat_in,
    signed_in_user,
    write_once,
)
from ledger.api.fields import (
    ChipValue,
    Colours,
    Currency,
    EnumField,
    Flag,
    Money,
    RecordId,
    Text,
    Whole,
    amount_in,
)
from ledger.api.groups import HouseRulesInput
from ledger.api.outputs import (
    ChipsWriteOutput,
    JournalPageOutput,
    NightOutput,
    NightSummary,
    SeatOutput,
)
from ledger.core import inputs
from ledger.models import Group, Night, Person, Seat
from ledger.selectors import api_reads, journal_page
from ledger.services import closing, deletion, games, runs, seating
from ledger.services.actors import Actor
from sitewide.api_errors import MOST_PAGE, StrictPagination

NO_SUCH_GROUP = "Group {id} is not one of yours."
NOT_IN_GROUP = "Person {id} is not on this group's roster."
PERSON_OR_NAME = "Name an existing person or give a new name, not both."
BUY_IN_AMOUNT = "Give the buy-in as chips, money or colours."
NO_SUCH_HOLDER = "The cash holder must be a player at this table, or none for the bank."

TAG = ["ledger: nights"]
SEATS = ["ledger: seats and chips"]


class ChipColourInput(serializers.Serializer):
    name = Text(most=inputs.CHIP_NAME)
    value = ChipValue(help_text='What one chip of this colour is worth, e.g. "0.25".')

    class Meta:
        ref_name = "ChipColourInput"


class NightListApi(LedgerApi):
    """The nights you host (with a seat or spectator token: that one night), and a new one."""

    class Pagination(StrictPagination):
        default_limit = 50

    pagination_class = Pagination

    @extend_schema(tags=TAG, responses={200: NightSummary(many=True), **READ_ERRORS})
    def get(self, request):
        if isinstance(request.auth, Actor):
            nights = Night.objects.filter(pk=request.auth.night.pk)
        else:
            nights = Night.objects.filter(host=request.user)
        nights = nights.select_related("group")
        paginator = self.Pagination()
        page = paginator.paginate_queryset(nights, request, view=self)
        return paginator.get_paginated_response(NightSummary(page, many=True).data)

    class InputSerializer(serializers.Serializer):
        group = RecordId(what="groups", help_text="One of your groups.")
        name = Text(most=inputs.NIGHT_NAME)
        chips = ChipColourInput(
            many=True, max_length=inputs.MOST_COLOURS, help_text="Chip colours and their values."
        )
        currency = Currency(default="USD")
        settings = HouseRulesInput(
            required=False, help_text="Overrides of the group's house settings."
        )

        class Meta:
            ref_name = "NightCreate"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: NightOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request):
        user = signed_in_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        group = Group.objects.filter(pk=given["group"], host=user).first()
        if group is None:
            raise Refused(NO_SUCH_GROUP.format(id=given["group"]))

        def create():
            night = seating.night_create(
                host=user,
                group=group,
                name=given["name"],
                chips=[(c["name"], c["value"]) for c in given["chips"]],
                currency=given["currency"],
                settings=given.get("settings"),
            )
            actor = Actor(night=night, role="host")
            return status.HTTP_201_CREATED, NightOutput(api_reads.night_view(night, actor)).data

        return host_write_once(request, user, create)


class NightDetailApi(LedgerApi):
    """The table: seats and stacks, the open hand, whose turn, the pots."""

    @extend_schema(tags=TAG, responses={200: NightOutput, **READ_ERRORS})
    def get(self, request, night_id: int):
        actor = night_actor(request, night_id)
        return Response(NightOutput(api_reads.night_view(actor.night, actor)).data)

    @extend_schema(
        tags=TAG,
        responses={204: None, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def delete(self, request, night_id: int):
        # The docstring is the schema's description, kept as published while the modules
        # moved; the deletion itself is ledger/services/deletion.py.
        """Delete a test night and every row of it, while no settlement payment is marked paid.

        The signed-in host only; once a payment is marked paid the answer is
        400 with the reason and nothing changes (see ledger/deletion.py).
        Repeating the key repeats the 204, though the night is gone.
        """
        user = signed_in_user(request)

        def remove():
            deletion.night_delete(night=night_actor(request, night_id).night)
            return status.HTTP_204_NO_CONTENT, None

        return host_write_once(request, user, remove)


def _seat_body(night: Night, seat: Seat) -> dict:
    stack = closing.booked_stacks(night).get(seat.pk, 0)
    return SeatOutput(api_reads.seat_view(seat, stack, show_token=True)).data


def _chips_body(night: Night, posting, seat: Seat) -> dict:
    stack = closing.booked_stacks(night).get(seat.pk, 0)
    return ChipsWriteOutput(
        {"posting": posting, "seat": api_reads.seat_view(seat, stack, show_token=False)}
    ).data


class SeatAddApi(LedgerApi):
    """Seat someone from the group's roster, or someone new; late arrivals too."""

    class InputSerializer(serializers.Serializer):
        person = RecordId(what="people", required=False, help_text="Someone on the roster.")
        name = Text(
            most=inputs.PERSON_NAME,
            required=False,
            help_text="Or a new person, added to the roster.",
        )
        position = Whole(
            least=1,
            most=inputs.MOST_POSITION,
            required=False,
            help_text="Default: the next free one.",
        )

        class Meta:
            ref_name = "SeatAdd"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={201: SeatOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if ("person" in given) == ("name" in given):
            raise Refused(PERSON_OR_NAME)
        person = None
        if "person" in given:
            person = Person.objects.filter(
                pk=given["person"], group_id=actor.night.group_id
            ).first()
            if person is None:
                raise Refused(NOT_IN_GROUP.format(id=given["person"]))

        def write(night: Night):
            who = person or seating.person_add(group=night.group, name=given["name"])
            seat = seating.seat_add(night=night, person=who, position=given.get("position"))
            return status.HTTP_201_CREATED, _seat_body(night, seat)

        return write_once(request, actor, write)


class SitOutApi(LedgerApi):
    """Sit a player out of the next hands, or bring them back: the host, dealer or the player."""

    class InputSerializer(serializers.Serializer):
        out = Flag(help_text="true to sit out, false to come back.")

        class Meta:
            ref_name = "SitOut"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={200: SeatOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        actor = night_actor(request, night_id)
        seat = seat_in(actor.night, seat_id)
        actor.require_seat(seat, games.open_hand(actor.night))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            fresh = seat_in(night, seat_id)
            seating.sit_out(night=night, seat=fresh, out=data.validated_data["out"])
            return status.HTTP_200_OK, SeatOutput(
                api_reads.seat_view(fresh, closing.booked_stacks(night).get(fresh.pk, 0))
            ).data

        return write_once(request, actor, write)


class LeaveApi(LedgerApi):
    """A player goes home: their whole stack cashed out now, paid as a cash-out is.

    In cash from the bank (or the player holding cash) with `paid` "cash",
    never more than it holds; otherwise settled at the end with the rest.
    """

    class InputSerializer(serializers.Serializer):
        paid = EnumField(
            seating.PAID,
            enum_name="PaidHow",
            default=seating.CREDIT,
            help_text="cash: paid out by the holder now; credit: settled at the end (the default).",
        )
        holder = RecordId(
            required=False,
            allow_null=True,
            help_text="With cash: the seat that pays it out; none: the bank (the host).",
        )

        class Meta:
            ref_name = "Leave"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={200: SeatOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        seat_in(actor.night, seat_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data

        def write(night: Night):
            seating.check_open(night)
            seat = seat_in(night, seat_id)
            runs.seat_leave(
                night=night,
                seat=seat,
                recorded_by=actor.label,
                paid=given["paid"],
                holder=_holder(night, given),
            )
            return status.HTTP_200_OK, SeatOutput(api_reads.seat_view(seat, 0)).data

        return write_once(request, actor, write)


class PaidInput(serializers.Serializer):
    """An amount as chips, money or colours (exactly one), and how it was paid."""

    chips = Whole(least=1, required=False, help_text="Whole chips, more than zero.")
    money = Money(required=False, help_text='Or money, e.g. "20.00".')
    colours = Colours(required=False, help_text='Or a count of each colour, e.g. {"red": 3}.')
    paid = EnumField(
        seating.PAID,
        enum_name="PaidHow",
        default=seating.CREDIT,
        help_text="cash: handed to the holder now; credit: settled at the end (the default).",
    )
    holder = RecordId(
        required=False,
        allow_null=True,
        help_text="With cash: the seat that holds the cash; none: the bank (the host).",
    )


def _holder(night: Night, given: dict) -> Seat | None:
    holder = given.get("holder")
    if holder is None:
        return None
    seat = Seat.objects.select_related("person").filter(pk=holder, night_id=night.pk).first()
    if seat is None:
        raise serializers.ValidationError({"holder": [NO_SUCH_HOLDER]})
    return seat


class BuyInApi(LedgerApi):
    """Chips from the bank to a stack: paid in cash to the bank (or a player), or on credit."""

    class InputSerializer(PaidInput):
        class Meta:
            ref_name = "BuyIn"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={201: ChipsWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        def book(night: Night, seat: Seat, given: dict, label: str):
            chips = amount_in(given, night, label="The buy-in")
            if chips is None:
                raise serializers.ValidationError({"chips": [BUY_IN_AMOUNT]})
            return seating.buy_in(
                night=night,
                seat=seat,
                chips=chips,
                recorded_by=label,
                paid=given["paid"],
                holder=_holder(night, given),
            )

        return _seat_chips_write(request, night_id, seat_id, self.InputSerializer, book)


class CashOutApi(LedgerApi):
    """Chips from a stack back to the bank: the whole stack unless an amount says less.

    Paid in cash from the bank (or the player holding cash) with `paid`
    "cash", never more than it holds; otherwise settled at the end.
    """

    class InputSerializer(PaidInput):
        class Meta:
            ref_name = "CashOut"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={201: ChipsWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        def book(night: Night, seat: Seat, given: dict, label: str):
            return seating.cash_out(
                night=night,
                seat=seat,
                chips=amount_in(given, night, label="The cash-out"),
                recorded_by=label,
                paid=given["paid"],
                holder=_holder(night, given),
            )

        return _seat_chips_write(request, night_id, seat_id, self.InputSerializer, book)


class AdjustApi(LedgerApi):
    """Book a recount difference with a reason: positive adds chips to the stack."""

    class InputSerializer(serializers.Serializer):
        chips = Whole(
            least=-inputs.MOST_CHIPS, help_text="Chips to add (+) or take away (-); not zero."
        )
        reason = Text(most=inputs.REASON)

        class Meta:
            ref_name = "Adjustment"

    @extend_schema(
        tags=SEATS,
        request=InputSerializer,
        responses={201: ChipsWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        def book(night: Night, seat: Seat, given: dict, label: str):
            return seating.adjust(
                night=night,
                seat=seat,
                chips=given["chips"],
                reason=given["reason"],
                recorded_by=label,
            )

        return _seat_chips_write(request, night_id, seat_id, self.InputSerializer, book)


def _seat_chips_write(request, night_id: int, seat_id: int, serializer, book) -> Response:
    """The host moves one seat's chips: check, validate, then `book` once under the night's lock.

    `book(night, seat, validated_data, recorded_by)` returns the posting; the
    answer is the posting with the seat's stack after it.
    """
    actor = night_actor(request, night_id)
    actor.require_host()
    seat_in(actor.night, seat_id)
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)

    def write(night: Night):
        seat = seat_in(night, seat_id)
        posting = book(night, seat, data.validated_data, actor.label)
        return status.HTTP_201_CREATED, _chips_body(night, posting, seat)

    return write_once(request, actor, write)


class JoinLinkApi(LedgerApi):
    """Revoke a seat's join link, issue a fresh one (the old one stops working), or free the seat.

    Each forgets the phone that holds the seat; "release" keeps the link, so
    another phone can claim the seat with it.
    """

    class InputSerializer(serializers.Serializer):
        change = serializers.ChoiceField(["revoke", "renew"])

        class Meta:
            ref_name = "LinkChange"

    class SeatLinkSerializer(serializers.Serializer):
        change = serializers.ChoiceField(["revoke", "renew", "release"])

        class Meta:
            ref_name = "SeatLinkChange"

    @extend_schema(
        tags=SEATS,
        request=SeatLinkSerializer,
        responses={200: SeatOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, seat_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        seat_in(actor.night, seat_id)
        data = self.SeatLinkSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        change = {
            "revoke": seating.join_link_revoke,
            "renew": seating.join_link_renew,
            "release": seating.join_link_release,
        }[data.validated_data["change"]]

        def write(night: Night):
            seat = seat_in(night, seat_id)
            change(seat=seat)
            return status.HTTP_200_OK, _seat_body(night, seat)

        return write_once(request, actor, write)


class SpectatorLinkApi(LedgerApi):
    """Revoke the night's spectator link, or issue a fresh one."""

    class OutputSerializer(serializers.Serializer):
        spectator_token = serializers.CharField(allow_null=True)

        class Meta:
            ref_name = "SpectatorLink"

    @extend_schema(
        tags=TAG,
        request=JoinLinkApi.InputSerializer,
        responses={200: OutputSerializer, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        data = JoinLinkApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            if data.validated_data["change"] == "revoke":
                seating.spectator_link_revoke(night=night)
                return status.HTTP_200_OK, {"spectator_token": None}
            seating.spectator_link_renew(night=night)
            return status.HTTP_200_OK, {"spectator_token": night.spectator_token}

        return write_once(request, actor, write)


JOURNAL_OFFSET = (
    "The journal pages with before=<posting id>, not offset: follow each page's next link."
)


def _journal_number(request, name: str, parse) -> int | None:
    """A query parameter of the journal checked as the ledger checks input, or a 400 naming it."""
    value = request.query_params.get(name)
    if value is None:
        return None
    try:
        return parse(value)
    except inputs.InputError as exc:
        raise serializers.ValidationError({name: [str(exc)]}) from None


class JournalApi(LedgerApi):
    """The night's postings a page at a time, newest first: entries, who recorded each, when,
    what undid it. Follow `next` to the older pages, down to the night's first posting."""

    @extend_schema(
        tags=TAG,
        operation_id="nights_journal_list",
        parameters=[
            OpenApiParameter(
                "before",
                {"type": "integer", "minimum": 1, "maximum": inputs.MOST_ID},
                description="The page below this posting id (as `next` gives it); "
                "absent: the newest page.",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": MOST_PAGE},
                description=f"Postings a page (default {journal_page.PAGE_SIZE}).",
                default=journal_page.PAGE_SIZE,
            ),
            OpenApiParameter(
                "hand",
                {"type": "integer", "minimum": 1, "maximum": inputs.MOST_ID},
                description="Only this hand's postings.",
            ),
            OpenApiParameter(
                "seat",
                {"type": "integer", "minimum": 1, "maximum": inputs.MOST_ID},
                description="Only postings moving this seat's chips.",
            ),
        ],
        responses={200: JournalPageOutput, **READ_ERRORS, 400: WRITE_ERRORS[400]},
    )
    def get(self, request, night_id: int):
        actor = night_actor(request, night_id)
        if "offset" in request.query_params:
            raise serializers.ValidationError({"offset": [JOURNAL_OFFSET]})
        before = _journal_number(
            request, "before", lambda v: journal_page.before_of(v, label="before")
        )
        limit = _journal_number(
            request, "limit", lambda v: inputs.whole(v, label="limit", least=1, most=MOST_PAGE)
        )
        hand = _journal_number(
            request, "hand", lambda v: inputs.record_id(v, label="hand", what="hands")
        )
        seat = _journal_number(
            request, "seat", lambda v: inputs.record_id(v, label="seat", what="seats")
        )
        shown = api_reads.journal_postings_page(
            actor.night,
            before=before,
            size=journal_page.PAGE_SIZE if limit is None else limit,
            hand=hand,
            seat=seat,
        )
        here = request.build_absolute_uri()
        older = None if shown.older is None else replace_query_param(here, "before", shown.older)
        newer = None
        if shown.has_newer:
            newer = (
                remove_query_param(here, "before")
                if shown.newer is None
                else replace_query_param(here, "before", shown.newer)
            )
        body = {"next": older, "previous": newer, "results": shown.postings}
        return Response(JournalPageOutput(body).data)
