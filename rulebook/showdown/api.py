"""POST /api/showdown/: who wins a showdown, under a game's own rules or a plain ranking.

Thin: the body goes to `rulebook.showdown.request_check` (the one validation layer the
"Who wins?" page uses too), the answer is `rulebook.showdown.evaluation.describe`. It
touches no night and reads no one's data, so it is open to anyone and takes
no credentials: no session, so no CSRF token either, even from a signed-in
browser. Each call counts against the caller's address in the shared store
(sitewide/limits.py), and past the limit the answer is 429.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rulebook import schema
from rulebook.models import Game
from rulebook.showdown import request_check
from rulebook.showdown.evaluation import describe
from sitewide import limits
from sitewide.api_errors import ErrorSerializer, Refusal

# What the serializers here describe: the request and the answer as JSON objects.
JsonSerializer = serializers.Serializer[Mapping[str, object]]


def find_game(slug: str) -> schema.Game | None:
    """The rule data of the game with this slug, or None."""
    game = Game.objects.filter(slug=slug).only("slug", "data").first()
    return game.spec if game is not None else None


def refusal(exc: request_check.RequestError) -> Refusal:
    """A refused request in the API's one refusal shape."""
    return {"detail": exc.message, "fields": {exc.field: [exc.message]} if exc.field else {}}


# The request, as the OpenAPI schema shows it. The checks themselves are
# `showdown_input`'s; every bound written here is one it enforces.

CARDS_TEXT = {
    "type": "string",
    "maxLength": request_check.CARDS_TEXT,
    "description": "Cards typed on one line: `As Kd 7h Tc 2s` (`10h` and `Th` both; `Jk` a "
    "joker, `BS` the Black Spot).",
}


def _cards_schema(most: int, what: str) -> dict[str, object]:
    return {
        "oneOf": [
            CARDS_TEXT,
            {
                "type": "array",
                "maxItems": most,
                "items": {"type": "string", "minLength": 1, "maxLength": request_check.CARD_TEXT},
                "description": 'One card a string: ["As", "Kd", "10h"].',
            },
        ],
        "nullable": True,
        "description": f"{what}, at most {most}.",
    }


@extend_schema_field(
    _cards_schema(request_check.MOST_CARDS, "The player's cards, face up ones too")
)
class HandCardsField(serializers.JSONField):
    pass


@extend_schema_field(_cards_schema(request_check.MOST_CARDS, "Which of the cards are face up"))
class UpCardsField(serializers.JSONField):
    pass


@extend_schema_field(_cards_schema(request_check.MOST_BOARD, "The cards on the table"))
class BoardField(serializers.JSONField):
    pass


@extend_schema_field(
    _cards_schema(request_check.MOST_UP_ORDER, "Every face-up card of the deal, in the order dealt")
)
class UpOrderField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": request_check.CARDS_TEXT},
            {
                "type": "array",
                "maxItems": request_check.MOST_WILD_RANKS,
                "items": {"type": "string", "pattern": "^(10|[2-9TJQKAtjqka])$"},
            },
        ],
        "nullable": True,
        "description": "Ranks the table says are wild this hand (`Q`, `3 9`), for wilds worked "
        "out during the deal when up_order is not given.",
    }
)
class WildRanksField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": request_check.MOST_CARDS},
            {"type": "string", "pattern": "^[0-9]{1,3}$"},
        ],
        "nullable": True,
        "description": "How many wilds the player paid for, in a game with a wild tax.",
    }
)
class PaidField(serializers.JSONField):
    pass


class ExtraSerializer(JsonSerializer):
    paid = PaidField(required=False)
    declare = serializers.ChoiceField(
        choices=request_check.DECLARES,
        required=False,
        allow_null=True,
        help_text="What the player declared, in a game with declarations.",
    )
    folded = serializers.BooleanField(
        required=False,
        allow_null=True,
        help_text="True for a seat that folded, entered only for the face-up cards it lends "
        "its neighbours in a game whose hands pool them; it is not ranked.",
    )


class ShowdownHandSerializer(JsonSerializer):
    class Meta:
        ref_name = "ShowdownCards"

    cards = HandCardsField()
    up = UpCardsField(required=False)
    extra = ExtraSerializer(required=False, allow_null=True)


class ShowdownRequestSerializer(JsonSerializer):
    game = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        max_length=request_check.ID,
        help_text="The game's slug, or null for a plain ranking (see rank).",
    )
    rank = serializers.ChoiceField(
        choices=list(request_check.RANK_WORDS.items()),
        required=False,
        allow_null=True,
        help_text="Only with no game: how the hands rank (high by default). high-low is high "
        "and an ace-to-five low, eight or better.",
    )
    options = serializers.ListField(
        child=serializers.CharField(max_length=request_check.ID),
        max_length=request_check.MOST_OPTIONS,
        required=False,
        allow_null=True,
        help_text="Ids of the game's options played.",
    )
    settings = serializers.DictField(
        child=serializers.CharField(max_length=request_check.ID),
        required=False,
        allow_null=True,
        help_text="The game's table settings: setting id to the table's choice.",
    )
    board = BoardField(required=False)
    up_order = UpOrderField(required=False)
    wild_ranks = WildRanksField(required=False)
    hands = serializers.DictField(
        child=ShowdownHandSerializer(),
        help_text=f"Each player's name (1 to {request_check.NAME} characters, no two alike in any "
        f"case) and hand; at most {request_check.MOST_PLAYERS} players.",
    )


class Tiers(serializers.ListField):
    child = serializers.ListField(child=serializers.CharField())


class MadeSerializer(JsonSerializer):
    """A hand as made: its name, the cards used, and what each wild stands for."""

    name = serializers.CharField(allow_null=True, help_text="“Full house, kings over sevens”.")
    best = serializers.ListField(
        child=serializers.CharField(), help_text="The cards used, as codes (wilds as held)."
    )
    best_labels = serializers.ListField(
        child=serializers.CharField(), help_text="The same cards as shown: “A♠”, “10♦”."
    )
    wilds = serializers.DictField(
        child=serializers.CharField(), help_text="Each wild held (code) and the card it stands for."
    )
    wild_words = serializers.ListField(
        child=serializers.CharField(), help_text="The same in words: “2♣ as A♠”."
    )

    class Meta:
        ref_name = "ShowdownMade"


class ShownSerializer(MadeSerializer):
    """One player's result: the main hand (high, else low), then the rest."""

    low = MadeSerializer(allow_null=True, help_text="The low hand, in a game with a low half.")
    total = serializers.DictField(
        child=serializers.FloatField(), help_text="Points games: each side's total."
    )
    wild_cards = serializers.ListField(
        child=serializers.CharField(), help_text="The player's cards that were wild."
    )
    qualifies = serializers.DictField(
        child=serializers.BooleanField(), help_text="Whether the hand qualifies for each side."
    )
    killed_by = serializers.CharField(
        allow_null=True, help_text="The rule that killed the hand, or null."
    )
    auto_win = serializers.CharField(
        allow_null=True, help_text="The rule that won the whole pot, or null."
    )
    declared = serializers.CharField(allow_null=True, help_text="high, low or both, or null.")
    declare_result = serializers.CharField(
        allow_null=True, help_text="The declaration's outcome: “wins high”."
    )

    class Meta:
        ref_name = "ShowdownShown"


class RankedSerializer(JsonSerializer):
    key = serializers.CharField(help_text="high, low, or a race or points side's key.")
    tiers = Tiers(help_text="Players best first; ties share a tier; only those who qualify.")

    class Meta:
        ref_name = "ShowdownRanking"

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """key, label, tiers. `label` is made here: declared in the class body, it would
        read to a type checker as the serializer's own `Field.label`."""
        fields = super().get_fields()
        return {
            "key": fields["key"],
            "label": serializers.CharField(help_text="“High”, “The highest diamond”."),
            "tiers": fields["tiers"],
        }


class ShowdownResultSerializer(JsonSerializer):
    high = Tiers(help_text="The high tiers, best first; empty when the game has no high.")
    low = Tiers(help_text="The low tiers, best first; empty when the game has no low.")
    rankings = RankedSerializer(many=True, help_text="Every way the pot is won, in order.")
    hands = serializers.DictField(child=ShownSerializer(), help_text="Each player's result.")

    class Meta:
        ref_name = "ShowdownResult"


EXAMPLE_REQUEST = {
    "game": None,
    "rank": "high",
    "hands": {
        "Ann": {"cards": "As Ad Kc Kd 7h"},
        "Bob": {"cards": ["Qs", "Qh", "Qd", "2c", "3c"]},
    },
}


@extend_schema(
    request=ShowdownRequestSerializer,
    responses={
        200: OpenApiResponse(ShowdownResultSerializer, description="Who wins, and with what."),
        400: OpenApiResponse(
            ErrorSerializer,
            description="A card that cannot be, a card in two hands, an unknown game, option "
            "or setting, a game with no showdown helper, or a request out of bounds: the "
            "reason in table words.",
        ),
        429: OpenApiResponse(ErrorSerializer, description=limits.TOO_MANY_SHOWDOWNS),
    },
    examples=[OpenApiExample("Two pair against trips", value=EXAMPLE_REQUEST, request_only=True)],
    auth=[],
)
class ShowdownView(APIView):
    """Rank a showdown's hands: tiers best first, each hand named, wilds and kills explained.

    Touches no night. Under a game (`game`), its wilds, kill cards, automatic
    wins, lows, qualifiers, races and points apply, with its options and
    settings (in a game whose hands pool the neighbours' face-up cards, the
    hands are listed in the order the players sit); with no game, `rank` says
    how the hands rank. Tiers list only the players who qualify; a killed
    player is in `hands` with the rule that killed them.
    """

    permission_classes = [AllowAny]
    authentication_classes: Sequence[type[BaseAuthentication]] = []

    def post(self, request: Request) -> Response:
        if limits.showdown_limited(request):
            return Response(
                {"detail": limits.TOO_MANY_SHOWDOWNS, "fields": {}},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(limits.SHOWDOWN_WAIT)},
            )
        try:
            result = request_check.check(request.data, find_game)
        except request_check.RequestError as exc:
            return Response(refusal(exc), status=status.HTTP_400_BAD_REQUEST)
        return Response(describe(result))
