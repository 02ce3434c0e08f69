"""The rulebook's JSON API: read-only, the same search as the pages."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny

from homegame.api_errors import ErrorSerializer
from rulebook.models import Game
from rulebook.search import Filters, find_games


class VariantListSerializer(serializers.ModelSerializer):
    aliases = serializers.ListField(source="alias_list", child=serializers.CharField())
    options = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api:variant-detail", lookup_field="slug")

    class Meta:
        model = Game
        fields = ["slug", "name", "family", "summary", "aliases", "options", "is_house", "url"]

    def get_options(self, game: Game) -> list[str]:
        return [name for name in game.option_names.splitlines() if name]


class VariantDetailSerializer(serializers.ModelSerializer):
    rules = serializers.JSONField(source="data", help_text="The whole structured game.")

    class Meta:
        model = Game
        fields = ["slug", "name", "family", "is_house", "house_notes", "updated_at", "rules"]


# Anyone may read, but credentials that are sent are checked: wrong ones are refused.
BAD_CREDENTIALS = OpenApiResponse(
    ErrorSerializer, description="Wrong credentials sent, or too many failed sign-ins."
)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "search", OpenApiTypes.STR, description="Words in a name, alias, option or rule."
        )
    ],
    responses={200: VariantListSerializer(many=True), 403: BAD_CREDENTIALS},
)
class VariantList(generics.ListAPIView):
    """Every game, or those matching `?search=`."""

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
