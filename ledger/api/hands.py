"""Hands: start one, antes, betting rounds, each action, the pots, the award, undo."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from ledger.api.base import (
    KEY_PARAMETER,
    NO_SUCH_HAND,
    READ_ERRORS,
    WRITE_ERRORS,
    LedgerApi,
    Refused,
    hand_in,
    night_actor,
    no_repeats,
    seats_named,
    write_once,
)
from ledger.api.fields import Flag, Ids, Money, RecordId, Text, Whole, amount_in
from ledger.api.outputs import (
    BettingKind,
    HandOutput,
    HandStatus,
    HandWriteOutput,
    PotOutput,
    render,
)
from ledger.core import amounts, inputs
from ledger.models import Hand, Night, Posting, Seat
from ledger.selectors import api_reads
from ledger.services import games, hands, runs, seat_cards, seating
from ledger.services.actors import READ_ONLY, Actor, Forbidden

START_IT_FIRST = (
    "{game} needs {names} agreed before it is dealt, never confirmed at this night or its "
    "group: start the game with games/ and agreed ({example}); nothing was recorded."
)
NO_DEALER = "Nobody is left to deal: seat someone or bring a player back."
DEALS_NEXT = "Only the host or the player whose deal it is can start a hand."
AWARD_ONE_WAY = "Give winners (and low_winners), or declarations, not both."
AWARD_NEEDED = "Say who wins each pot: winners, or declarations with the showdown order."

MOST = inputs.MOST_SEATS

TAG = ["ledger: hands"]


class HandSummary(serializers.Serializer):
    number = serializers.IntegerField()
    game_slug = serializers.CharField(allow_blank=True)
    game_name = serializers.CharField(allow_blank=True)
    dealer = serializers.IntegerField(source="dealer_id")
    seat_order = serializers.ListField(child=serializers.IntegerField())
    status = HandStatus()
    created_at = serializers.DateTimeField()

    class Meta:
        ref_name = "HandSummary"


def _locked(night: Night, number: int, *, dated: bool = False) -> Hand:
    """The hand as it stands now that the night is locked.

    `dated`: read with the night's latest posting, so the `hands.load` that
    must follow at once (before anything is posted) may take its tally.
    """
    found = hands.with_through(night.hands.all()) if dated else night.hands.all()
    try:
        hand = found.get(number=number)
    except Hand.DoesNotExist:
        raise NotFound(NO_SUCH_HAND.format(number=number)) from None
    hand.night = night
    return hand


def _fresh(night: Night, number: int) -> hands.Play:
    """The hand as it stands now (in a write: now that the night is locked), from its tally
    when nothing was posted since, else from its journal."""
    return hands.load(_locked(night, number, dated=True))


def hand_write_once(
    request, actor: Actor, number: int, write: Callable[[hands.Play], tuple[int, Mapping]]
) -> Response:
    """Run a write on hand `number` once per key, the night locked and the hand read in one query.

    The hot path of a night: a player's action costs the seat key, this lock,
    the key's lookup, the hand's seats, the posting, its entries, the hand's
    tally and the stored answer, eight statements at any size of night.
    """
    held: list[hands.Play] = []

    def lock() -> Night:
        try:
            held.append(hands.load(hands.locked(actor.night.pk, number)))
        except Hand.DoesNotExist:
            raise NotFound(NO_SUCH_HAND.format(number=number)) from None
        return held[-1].hand.night

    return write_once(request, actor, lambda night: write(held[-1]), lock=lock)


def _hand_write(posting: Posting, play: hands.Play) -> dict:
    """The posting and the hand after it, from the state the write left in `play`."""
    api_reads.with_entries(posting)
    return render(HandWriteOutput, {"posting": posting, "hand": api_reads.hand_view(play)})


def _acting_seat(actor: Actor, seat_id: int, play: hands.Play) -> Seat:
    """The seat named in the body; a player acting from their own phone is already known."""
    if actor.seat is not None and actor.seat.pk == seat_id:
        return actor.seat
    return play.seats.get(seat_id) or seats_named(actor.night, [seat_id])[seat_id]


class HandListApi(LedgerApi):
    """The night's hands, and a new one."""

    @extend_schema(tags=TAG, responses={200: HandSummary(many=True), **READ_ERRORS})
    def get(self, request, night_id: int):
        actor = night_actor(request, night_id)
        return Response(HandSummary(actor.night.hands.order_by("number"), many=True).data)

    class InputSerializer(serializers.Serializer):
        game = serializers.SlugField(
            required=False,
            allow_blank=True,
            help_text=(
                "A rulebook game's slug, dealt with what was chosen for it last time at this "
                "night or group; a game whose agreed amounts were never confirmed there is "
                "refused: start it with games/ and agreed."
            ),
        )
        players = Ids(
            required=False,
            help_text="Seat ids; default everyone seated who is not sitting out.",
        )
        dealer = RecordId(
            required=False, help_text="A seat id; default the next dealer to the left."
        )
        side_pots = Flag(default=True)

        class Meta:
            ref_name = "HandStart"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        slug = given.get("game") or ""
        runs.refuse_unknown_game(slug)
        dealer, players = deal_seats(actor, given)

        def write(locked: Night):
            missing = runs.unconfirmed_for_deal(locked, slug)
            if missing:
                raise Refused(start_it_first(slug, missing))
            hand = runs.deal(
                night=locked,
                players=players,
                dealer_seat=dealer,
                recorded_by=actor.label,
                game_slug=slug,
                side_pots=given["side_pots"],
            )
            return status.HTTP_201_CREATED, render(
                HandOutput, api_reads.hand_view(hands.load(hand))
            )

        return write_once(request, actor, write)


def start_it_first(slug: str, missing: list[str]) -> str:
    """Why a game named here is not dealt: amounts nobody confirmed, and how to confirm them."""
    names = " and ".join(f"“{name}”" for name in missing)
    example = json.dumps({"game": slug, "agreed": dict.fromkeys(missing, "<chips>")})
    return START_IT_FIRST.format(game=games.spec_of(slug).name, names=names, example=example)


def deal_seats(actor: Actor, given: Mapping) -> tuple[Seat, list[Seat]]:
    """Who deals and who is in, from a request body: by default the next dealer and everyone."""
    night = actor.night
    if "dealer" in given:
        dealer = seats_named(night, [given["dealer"]])[given["dealer"]]
    else:
        dealer = hands.next_dealer(night)
        if dealer is None:
            raise Refused(NO_DEALER)
    _require_deal(actor, dealer)
    if "players" in given:
        no_repeats(given["players"])
        players = list(seats_named(night, given["players"]).values())
    else:
        # An open rubber is dealt to its players; anything else to everyone seated.
        rubber = games.rubber_players(games.open_run(night))
        seated = night.seats.filter(left_at__isnull=True)
        players = list(seated.filter(pk__in=rubber) if rubber else seated.filter(sitting_out=False))
    return dealer, players


def _require_deal(actor: Actor, dealer) -> None:
    """The host starts any hand; a player starts the one they deal, in turn."""
    if actor.role == "host":
        return
    if actor.role == "seat" and actor.seat.pk == dealer.pk:
        expected = hands.next_dealer(actor.night)
        if expected is not None and expected.pk == dealer.pk:
            return
    raise Forbidden(READ_ONLY if actor.role == "spectator" else DEALS_NEXT)


class HandDetailApi(LedgerApi):
    """One hand: players, stacks, committed chips, whose turn and what they may do, the pots."""

    @extend_schema(tags=TAG, responses={200: HandOutput, **READ_ERRORS})
    def get(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        play = _fresh(actor.night, number)  # from its tally when nothing was posted since
        return Response(render(HandOutput, api_reads.hand_view(play)))


class PotsApi(LedgerApi):
    """The main pot and every side pot, with who can win each."""

    @extend_schema(tags=TAG, responses={200: PotOutput(many=True), **READ_ERRORS})
    def get(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        play = hands.load(hand_in(actor.night, number))
        return Response(PotOutput(api_reads.pots_view(play), many=True).data)


class AntesApi(LedgerApi):
    """Everyone in the hand antes, in one posting: the host or the dealer."""

    class InputSerializer(serializers.Serializer):
        ante = Whole(required=False, help_text="Default: the night's ante.")

        class Meta:
            ref_name = "Antes"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            seating.check_open(night)
            play = _fresh(night, number)
            posting = play.collect_antes(
                recorded_by=actor.label, ante=data.validated_data.get("ante")
            )
            return status.HTTP_201_CREATED, _hand_write(posting, play)

        return write_once(request, actor, write)


class BlindInput(serializers.Serializer):
    seat = RecordId()
    chips = Whole()

    class Meta:
        ref_name = "Blind"


class RoundApi(LedgerApi):
    """Open the next betting round, with who opens it and any blinds: the host or the dealer."""

    class InputSerializer(serializers.Serializer):
        opener = RecordId(
            required=False, help_text="A seat id; default the first player left of the dealer."
        )
        blinds = BlindInput(
            many=True, required=False, max_length=MOST, help_text="Posted before anyone acts."
        )

        class Meta:
            ref_name = "RoundStart"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        blinds = given.get("blinds", [])
        ids = [b["seat"] for b in blinds] + ([given["opener"]] if "opener" in given else [])
        seats = seats_named(actor.night, ids)

        def write(night: Night):
            seating.check_open(night)
            play = _fresh(night, number)
            posting = play.round_start(
                recorded_by=actor.label,
                opener=seats[given["opener"]] if "opener" in given else None,
                blinds=[(seats[b["seat"]], b["chips"]) for b in blinds],
            )
            return status.HTTP_201_CREATED, _hand_write(posting, play)

        return write_once(request, actor, write)


class ActApi(LedgerApi):
    """One player's check, bet, call, raise, fold or all-in: that player, the dealer or host."""

    class InputSerializer(serializers.Serializer):
        seat = RecordId(help_text="The seat acting.")
        action = BettingKind()
        amount = Whole(
            default=0,
            help_text="For bet and raise: the total this round ('raise to'); otherwise 0.",
        )
        money = Money(
            required=False, help_text='Or the same total as money, e.g. "2.50" (not with amount).'
        )

        class Meta:
            ref_name = "Action"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data

        chips = given["amount"]
        if "money" in given:
            if "amount" in request.data:
                raise serializers.ValidationError(
                    {"amount": [amounts.ONE_FORM], "money": [amounts.ONE_FORM]}
                )
            chips = amount_in({"money": given["money"]}, actor.night, label="The amount", least=0)

        def write(play: hands.Play):
            seat = _acting_seat(actor, given["seat"], play)
            actor.require_seat(seat, play.hand)
            seating.check_open(play.hand.night)
            posting = play.act(seat, given["action"], chips, recorded_by=actor.label)
            return status.HTTP_201_CREATED, _hand_write(posting, play)

        return hand_write_once(request, actor, number, write)


class DeclarationInput(serializers.Serializer):
    seat = RecordId()
    declares = serializers.ChoiceField(["high", "low", "both"])

    class Meta:
        ref_name = "Declaration"


class AwardFields(serializers.Serializer):
    """Who wins each pot, as the award and the showdown both take it.

    Either `winners` (one list of seat ids per pot, several for a tie, an
    empty list when nobody eligible can win it) with `low_winners` for a
    high-low game, or, for a declare game, each player's declaration and the
    showdown order best first on each side (`high_order`, `low_order`: lists
    of tied seat ids), as the showdown helper's fill gives them.
    """

    winners = serializers.ListField(
        child=serializers.ListField(child=RecordId(), allow_empty=True, max_length=MOST),
        max_length=MOST,
        required=False,
    )
    low_winners = serializers.ListField(
        child=serializers.ListField(child=RecordId(), allow_empty=True, max_length=MOST),
        max_length=MOST,
        required=False,
        allow_null=True,
    )
    declarations = DeclarationInput(many=True, required=False, max_length=MOST)
    high_order = serializers.ListField(
        child=serializers.ListField(child=RecordId(), max_length=MOST),
        max_length=MOST,
        required=False,
    )
    low_order = serializers.ListField(
        child=serializers.ListField(child=RecordId(), max_length=MOST),
        max_length=MOST,
        required=False,
    )


def award_checked(night: Night, given: dict) -> None:
    """Refuse an award said both ways or not at all, or naming a seat not at the night."""
    declare = "declarations" in given
    if declare and ("winners" in given or given.get("low_winners") is not None):
        raise Refused(AWARD_ONE_WAY)
    if not declare and "winners" not in given:
        raise Refused(AWARD_NEEDED)
    named = [
        *(s for pot in given.get("winners", []) for s in pot),
        *(s for pot in given.get("low_winners") or [] for s in pot),
        *(d["seat"] for d in given.get("declarations", [])),
        *(s for group in given.get("high_order", []) for s in group),
        *(s for group in given.get("low_order", []) for s in group),
    ]
    seats_named(night, set(named))
    if declare:
        no_repeats(d["seat"] for d in given["declarations"])


def award_winners(play: hands.Play, given: dict) -> tuple[list, list | None]:
    """Each pot's winners (and low winners) from the award's fields, declarations included."""
    if "declarations" in given:
        return play.declared_winners(
            {d["seat"]: d["declares"] for d in given["declarations"]},
            given.get("high_order", []),
            given.get("low_order", []),
        )
    return given["winners"], given.get("low_winners")


class AwardApi(LedgerApi):
    """Pay every pot to its winners: the host or the dealer (see `AwardFields`)."""

    class InputSerializer(AwardFields):
        class Meta:
            ref_name = "Award"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        award_checked(actor.night, given)

        def write(night: Night):
            seating.check_open(night)
            play = _fresh(night, number)
            winners, low = award_winners(play, given)
            posting = play.award(winners=winners, low_winners=low, recorded_by=actor.label)
            seat_cards.keep(play.hand, [posting], actor.label)  # the shown cards, with the award
            return status.HTTP_201_CREATED, _hand_write(posting, play)

        return write_once(request, actor, write)


class UndoApi(LedgerApi):
    """Reverse the hand's latest action (an award re-opens the hand): the host or the dealer."""

    @extend_schema(
        tags=TAG,
        request=None,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))

        def write(night: Night):
            seating.check_open(night)
            hand = _locked(night, number)
            posting = hands.undo(hand=hand, recorded_by=actor.label)
            return status.HTTP_201_CREATED, _hand_write(posting, hands.load(hand))

        return write_once(request, actor, write)


class NamedApi(LedgerApi):
    """What the table names at the hand's step: who drops out or passes, who knocked.

    The step must ask it (its `asks` in the rule data). No chips move;
    players named as leaving the hand are out of it from then on, as a fold.
    """

    class InputSerializer(serializers.Serializer):
        role = serializers.ChoiceField(
            choices=["folded", "knocker", "caller"],
            help_text="folded: who leaves the hand here; knocker; caller: who called first.",
        )
        seats = Ids(help_text="The seats named; empty when nobody leaves.")

        class Meta:
            ref_name = "Named"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        named = seats_named(actor.night, given["seats"])

        def write(night: Night):
            seating.check_open(night)
            hand = _locked(night, number)
            seats = [named[s] for s in given["seats"]]
            posting = hands.name_role(
                hand=hand, role=given["role"], seats=seats, recorded_by=actor.label
            )
            return status.HTTP_201_CREATED, _hand_write(posting, hands.load(hand))

        return write_once(request, actor, write)


class AgainApi(LedgerApi):
    """Another round of the game's repeating betting step: the table goes back for it.

    Only once that round is played (7/27's hits and the round after them);
    the hand moves to the step the round goes back to.
    """

    @extend_schema(
        tags=TAG,
        request=None,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))

        def write(night: Night):
            seating.check_open(night)
            hand = _locked(night, number)
            posting = hands.go_again(hand=hand, recorded_by=actor.label)
            return status.HTTP_201_CREATED, _hand_write(posting, hands.load(hand))

        return write_once(request, actor, write)


class StepApi(LedgerApi):
    """Move the hand to one of its game's steps: the host or the hand's dealer.

    Every phone (and the Deal tab) follows the step stored with the hand, so
    this is how the dealer moves the table on, or back.
    """

    class InputSerializer(serializers.Serializer):
        step = Text(most=inputs.RULE_ID, help_text="A phase id of the game, as the table plays it.")

        class Meta:
            ref_name = "StepMove"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: HandOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            seating.check_open(night)
            hand = games.step_to(hand=_locked(night, number), step=data.validated_data["step"])
            return status.HTTP_200_OK, HandOutput(api_reads.hand_view(hands.load(hand))).data

        return write_once(request, actor, write)
