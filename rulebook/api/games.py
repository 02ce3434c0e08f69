"""The rulebook's JSON API: read-only, the same search as the pages."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny

from rulebook import schema
from rulebook.models import Game
from rulebook.search import Filters, find_games
from sitewide.api_errors import ErrorSerializer


class VariantListSerializer(serializers.ModelSerializer):
    aliases = serializers.ListField(source="alias_list", child=serializers.CharField())
    options = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api:variant-detail", lookup_field="slug")

    class Meta:
        model = Game
        fields = ["slug", "name", "family", "summary", "aliases", "options", "is_house", "url"]

    def get_options(self, game: Game) -> list[str]:
        return [name for name in game.option_names.splitlines() if name]


class PhaseSerializer(serializers.Serializer):
    """One step of the game's hand, with every money rule offered at it."""

    id = serializers.CharField()
    kind = serializers.ChoiceField(choices=list(schema.PHASE_KINDS.items()))
    title = serializers.CharField()
    name = serializers.CharField(help_text="A betting round's name as players say it.")
    opener = serializers.ChoiceField(
        choices=list(schema.OPENERS.items()),
        allow_null=True,
        help_text="Who acts first in a betting round.",
    )
    when = serializers.DictField(
        child=serializers.CharField(),
        help_text="Setting id to choice id: the step is played only at tables that chose these.",
    )
    only_if = serializers.ChoiceField(
        choices=list(schema.ONLY_IF.items()),
        allow_null=True,
        help_text="A condition checked when the table reaches the step.",
    )
    money = serializers.ListField(
        child=serializers.CharField(), help_text="Ids of every money rule offered at this step."
    )


class VariantDetailSerializer(serializers.ModelSerializer):
    rules = serializers.JSONField(source="data", help_text="The whole structured game.")
    phases = PhaseSerializer(
        source="spec.phases", many=True, read_only=True, help_text="The game's steps, in order."
    )
    anytime = serializers.ListField(
        source="spec.anytime",
        child=serializers.CharField(),
        read_only=True,
        help_text=(
            'Ids of the rules that can happen at any moment (the table\'s "Other charges" '
            "drawer); an option's own are in rules.options[].anytime."
        ),
    )
    fold_out = serializers.ListField(
        source="spec.fold_out",
        child=serializers.CharField(),
        read_only=True,
        help_text="Ids of the rules fired when everyone else folds, before the pot is awarded.",
    )
    all_out = serializers.ListField(
        source="spec.all_out",
        child=serializers.CharField(),
        read_only=True,
        help_text="Ids of the rules fired when nobody stays in, before the pot rides.",
    )

    class Meta:
        model = Game
        fields = [
            "slug",
            "name",
            "family",
            "is_house",
            "house_notes",
            "updated_at",
            "phases",
            "anytime",
            "fold_out",
            "all_out",
            "rules",
        ]


# Anyone may read, but credentials that are sent are checked: wrong ones are refused.
BAD_CREDENTIALS = OpenApiResponse(
    ErrorSerializer, description="Wrong credentials sent, or too many failed sign-ins."
)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "search",
            OpenApiTypes.STR,
            description=(
                "Words in a name, alias, option or rule. Results come best first, as on the "
                "rulebook page: the exact name or alias, names holding every word, close "
                "spellings, names spelled as they sound, options, then rule text."
            ),
        )
    ],
    responses={200: VariantListSerializer(many=True), 403: BAD_CREDENTIALS},
)
class VariantList(generics.ListAPIView):
    """Every game by name, or those matching `?search=`, best match first."""

    serializer_class = VariantListSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        return find_games(Filters(q=self.request.query_params.get("search", "")[:100]))


@extend_schema(
    responses={
        200: VariantDetailSerializer,
        403: BAD_CREDENTIALS,
        404: OpenApiResponse(ErrorSerializer, description="No game with that slug."),
    }
)
class VariantDetail(generics.RetrieveAPIView):
    """One game with its phases, options, money rules and settings."""

    serializer_class = VariantDetailSerializer
    permission_classes = [AllowAny]
    queryset = Game.objects.all()
    lookup_field = "slug"
