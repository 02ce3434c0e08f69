"""Games at the table and their money rules in the API: what dealer mode does on its pages.

A game is started with its options, settings and agreed amounts, dealt
once or over several deals, and ended by play or by the table; a hand's
money rules are booked one firing at a time, and the showdown books its
rules and the award together.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from ledger.api.base import (
    KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    LedgerApi,
    Refused,
    hand_in,
    night_actor,
    seats_named,
    write_once,
)
from ledger.api.fields import Agreed, Flag, Ids, Names, RecordId, SeatCounts, Text, Whole
from ledger.api.hands import (
    AwardFields,
    _fresh,
    _hand_write,
    award_checked,
    award_winners,
    deal_seats,
)
from ledger.api.outputs import HandOutput, HandWriteOutput, PostingOutput, render
from ledger.core import facts, inputs
from ledger.models import Night, Run
from ledger.selectors import api_reads
from ledger.services import games, hands, money_rules, runs, scores, seat_cards
from ledger.services.money_rules import Booking

MOST = inputs.MOST_SEATS

TAG = ["games"]
NO_SUCH_GAME = "No game {number} at this night."
ROLE_NEEDED = "Rule {rule!r} needs {role!r}: the seat ids that play it."
ONE_SEAT_ONLY = "Rule {rule!r} takes one seat as {role!r}, not {count}."
NOT_A_ROLE = "Rule {rule!r} has no role {role!r}; it asks for {asked}."
NO_BET = "Rule {rule!r} is a bet the player chooses: send `bet` in chips."


class RunOutput(serializers.Serializer):
    number = serializers.IntegerField()
    game_slug = serializers.CharField()
    game_name = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField())
    settings = serializers.DictField(child=serializers.CharField())
    agreed = serializers.DictField(
        child=serializers.JSONField(),
        help_text="Chips by name; an amount agreed in money (a stake per point) as its text.",
    )
    status = serializers.ChoiceField(Run.Status.choices)
    ending = serializers.CharField(allow_blank=True, help_text="How it ended, once it has.")
    hands = serializers.ListField(child=serializers.IntegerField(), help_text="Hand numbers.")
    riding = serializers.IntegerField(help_text="Chips riding to its next deal, while open.")

    class Meta:
        ref_name = "Game"


class GameWriteOutput(serializers.Serializer):
    game = RunOutput()
    hand = HandOutput(allow_null=True)
    posting = PostingOutput(allow_null=True)


def run_view(run: Run) -> dict:
    open_ = run.status == Run.Status.OPEN
    return {
        "number": run.number,
        "game_slug": run.game_slug,
        "game_name": run.game_name,
        "options": run.options,
        "settings": run.settings,
        "agreed": run.agreed,
        "status": run.status,
        "ending": run.ending,
        "hands": list(run.hands.order_by("number").values_list("number", flat=True)),
        "riding": games.riding(run.night) if open_ else 0,
    }


def run_in(night: Night, number: int) -> Run:
    run = night.runs.filter(number=number).first()
    if run is None:
        raise NotFound(NO_SUCH_GAME.format(number=number))
    return run


class DealInput(serializers.Serializer):
    players = Ids(
        required=False,
        help_text="Seat ids; default everyone seated who is not sitting out.",
    )
    dealer = RecordId(required=False, help_text="A seat id; default the next dealer to the left.")


class GameListApi(LedgerApi):
    """The night's games, and a new one, dealt at once."""

    @extend_schema(tags=TAG, responses={200: RunOutput(many=True), **READ_ERRORS})
    def get(self, request, night_id: int):
        actor = night_actor(request, night_id)
        return Response([run_view(r) for r in actor.night.runs.order_by("number")])

    class InputSerializer(DealInput):
        game = serializers.SlugField(help_text="A rulebook game's slug.")
        options = serializers.ListField(
            child=Text(most=inputs.RULE_ID),
            max_length=50,
            required=False,
            help_text="House options switched on; default what this night or group chose last.",
        )
        settings = Names(
            child=Text(most=inputs.RULE_ID),
            required=False,
            help_text="Setting id to choice id ('Tables differ'); missing ones take the default.",
        )
        agreed = Names(
            child=Agreed(),
            required=False,
            help_text=(
                "Amounts the rules leave to the table, by name, in chips (an amount the "
                'rules name in money, such as a stake per point, as text: "0.01"). Each amount '
                "the game needs is given, or was confirmed when it was last started at this "
                "night or group; a missing one is refused by name, never defaulted."
            ),
        )
        save_for_group = Flag(default=False)

        class Meta:
            ref_name = "GameStart"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: GameWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int):
        actor = night_actor(request, night_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        dealer, players = deal_seats(actor, given)

        def write(night: Night):
            run = runs.run_start(
                night=night,
                game_slug=given["game"],
                options=given.get("options"),
                settings=given.get("settings"),
                agreed=given.get("agreed"),
                recorded_by=actor.label,
                save_for_group=given["save_for_group"] and actor.role == "host",
            )
            hand = runs.deal_start(
                run=run, players=players, dealer_seat=dealer, recorded_by=actor.label
            )
            body = {"game": run_view(run), "hand": api_reads.hand_view(hands.load(hand))}
            return status.HTTP_201_CREATED, render(GameWriteOutput, body | {"posting": None})

        return write_once(request, actor, write)


class GameDealApi(LedgerApi):
    """The next deal of an open game; its riding pot rides in."""

    @extend_schema(
        tags=TAG,
        request=DealInput,
        responses={201: GameWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        data = DealInput(data=request.data)
        data.is_valid(raise_exception=True)
        dealer, players = deal_seats(actor, data.validated_data)

        def write(night: Night):
            run = run_in(night, number)
            hand = runs.deal_start(
                run=run, players=players, dealer_seat=dealer, recorded_by=actor.label
            )
            body = {"game": run_view(run), "hand": api_reads.hand_view(hands.load(hand))}
            return status.HTTP_201_CREATED, render(GameWriteOutput, body | {"posting": None})

        return write_once(request, actor, write)


class GameEndApi(LedgerApi):
    """End a game now: the host says where its riding pot goes."""

    class InputSerializer(serializers.Serializer):
        ending = serializers.ChoiceField([e.value for e in runs.EARLY_ENDINGS])

        class Meta:
            ref_name = "GameEnd"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: GameWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_host()
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            run = run_in(night, number)
            ending = data.validated_data["ending"]
            posting = runs.run_end(run=run, ending=ending, recorded_by=actor.label)
            if posting is not None:
                api_reads.with_entries(posting)
            body = {"game": run_view(run), "hand": None, "posting": posting}
            return status.HTTP_201_CREATED, render(GameWriteOutput, body)

        return write_once(request, actor, write)


class BookingInput(serializers.Serializer):
    rule = Text(most=inputs.RULE_ID, help_text="The money rule's id in the game's rule data.")
    roles = Names(
        child=Ids(),
        required=False,
        help_text=(
            "Role name to seat ids (one for a single seat): {'losers': [3, 4]}. A blind's "
            "payer may be left out: it is the seat its rule names (left of the dealer)."
        ),
    )
    count = Whole(
        least=0,
        required=False,
        help_text=(
            "How many of what the rule's `per` counts, as the table saw them (3 cards drawn: "
            "3; the ledger leaves out free ones). Not read for a rule the ledger counts "
            "itself (per loser, per player who stayed, per turn)."
        ),
    )
    counts = SeatCounts(
        required=False,
        help_text="The same count for each seat id, for a rule counted per seat.",
    )
    bet = Whole(least=0, required=False, allow_null=True)

    class Meta:
        ref_name = "Booking"


def to_booking(play: hands.Play, given: dict) -> Booking:
    """A booking checked against what the rule asks (`ledger.core.facts`), seats checked too."""
    rule = money_rules.rule_in_force(play.hand, given["rule"])
    needs = facts.needs(rule, halves=games.halves(play.hand))
    asked = {r.name: r for r in needs.roles}
    roles: dict = {}
    for name, seats in given.get("roles", {}).items():
        if name not in asked:
            names = ", ".join(asked) or "no roles"
            raise Refused(NOT_A_ROLE.format(rule=rule.id, role=name, asked=names))
        seats_named(play.hand.night, seats)
        if not asked[name].many and len(seats) != 1:
            raise Refused(ONE_SEAT_ONLY.format(rule=rule.id, role=name, count=len(seats)))
        roles[name] = seats if asked[name].many else seats[0]
    if "actor" in asked and "actor" not in roles and rule.actor_is:
        roles["actor"] = hands.seat_named(play.hand, rule.actor_is)  # a blind's seat
    for name in asked:
        if name not in roles:
            raise Refused(ROLE_NEEDED.format(rule=rule.id, role=name))
    if needs.bet and given.get("bet") is None:
        raise Refused(NO_BET.format(rule=rule.id))
    count = given.get("counts")
    if count is not None:
        seats_named(play.hand.night, list(count))
    return Booking(
        rule=rule.id,
        roles=roles,
        count=count if count is not None else given.get("count", 1),
        bet=given.get("bet"),
    )


class ChargeApi(LedgerApi):
    """Book one firing of the hand's money rule (a fee, a buy, a match, a fine): host or dealer.

    A points game's rule (Pokino) scores points instead: the answer is then
    `{"scores": {seat id: total}}`, each total on the rubber's score sheet.
    """

    @extend_schema(
        tags=TAG,
        request=BookingInput,
        responses={201: HandWriteOutput, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, night_id: int, number: int):
        actor = night_actor(request, night_id)
        actor.require_dealer(hand_in(actor.night, number))
        data = BookingInput(data=request.data)
        data.is_valid(raise_exception=True)

        def write(night: Night):
            play = _fresh(night, number)
            posting = money_rules.book(
                play, to_booking(play, data.validated_data), recorded_by=actor.label
            )
            if posting is None:  # points on the score sheet: no chips moved
                run = play.hand.run
                sheet = scores.totals(run) if run is not None else {}
                return status.HTTP_201_CREATED, {"scores": {str(k): v for k, v in sheet.items()}}
            return status.HTTP_201_CREATED, _hand_write(posting, play)

        return write_once(request, actor, write)


class ShowdownApi(LedgerApi):
    """The showdown: the rules that fire and who wins each pot, booked in one transaction.

    `bookings` fire first, in order, on the pot as it stands; then the pots'
    winners take what is left, said as the award says them (`AwardFields`:
    winners and low winners, or a declare game's declarations and orders),
    so the showdown helper's fill books as it is given.
    """

    class InputSerializer(AwardFields):
        bookings = BookingInput(many=True, required=False, max_length=50)

        class Meta:
            ref_name = "Showdown"

    class OutputSerializer(serializers.Serializer):
        postings = PostingOutput(many=True)
        hand = HandOutput()

        class Meta:
            ref_name = "ShowdownWrite"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: OutputSerializer, **WRITE_ERRORS},
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
            play = _fresh(night, number)
            bookings = [to_booking(play, b) for b in given.get("bookings", [])]
            winners, low = award_winners(play, given)
            postings = money_rules.showdown(
                play, bookings=bookings, winners=winners, low_winners=low, recorded_by=actor.label
            )
            seat_cards.keep(play.hand, postings, actor.label)  # the cards, with the award
            for posting in postings:
                api_reads.with_entries(posting)
            body = {"postings": postings, "hand": api_reads.hand_view(play)}
            return status.HTTP_201_CREATED, render(self.OutputSerializer, body)

        return write_once(request, actor, write)
