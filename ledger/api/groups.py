"""Groups and their rosters: a signed-in host's regulars and house settings."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from ledger.api.base import (
    HOST_ERRORS,
    KEY_PARAMETER,
    LedgerApi,
    host_write_once,
    signed_in_user,
)
from ledger.api.fields import Flag, Text, Whole
from ledger.core import inputs
from ledger.core.house_rules import CHOICES
from ledger.models import Group
from ledger.services import seating

NO_SUCH_GROUP = "No such group."

TAG = ["ledger: groups"]


class HouseRulesInput(serializers.Serializer):
    """House settings; any left out keep their defaults (or the group's, for a night)."""

    ante = Whole(required=False, help_text="Chips each player antes.")
    min_bet = Whole(least=1, required=False, help_text="The smallest bet, in chips.")
    limit = serializers.ChoiceField(CHOICES["limit"], required=False)
    cap = Whole(
        least=1,
        required=False,
        allow_null=True,
        help_text="With limit 'cap': the most one bet may add; never below the minimum bet.",
    )
    odd_chip = serializers.ChoiceField(
        CHOICES["odd_chip"],
        required=False,
        help_text="'seat_order': one at a time from the dealer's left; 'first_left': all to one.",
    )
    odd_to = serializers.ChoiceField(
        CHOICES["odd_to"], required=False, help_text="Which half of a high-low split gets it."
    )
    no_winner = serializers.ChoiceField(
        CHOICES["no_winner"],
        required=False,
        help_text="A pot nobody eligible wins rides to the next hand or goes back.",
    )
    shortfall = serializers.ChoiceField(
        CHOICES["shortfall"],
        required=False,
        help_text="A payment a player cannot cover: pay what they have, or owe the rest "
        "on a marker that the settlement includes.",
    )
    leaving = serializers.ChoiceField(
        CHOICES["leaving"],
        required=False,
        help_text="Someone leaves between deals of a game whose pot rides: 'pot_keeps' leaves "
        "what they put in for whoever wins it; 'returned' gives back their share, in "
        "proportion to what they put in.",
    )
    joining = serializers.ChoiceField(
        CHOICES["joining"],
        required=False,
        help_text="Someone joins a game whose pot rides with no ante on later deals: they "
        "'ante' into it, pay an equal 'share' of what is riding, or play for it 'free'.",
    )
    both_must_win_outright = Flag(required=False)

    class Meta:
        ref_name = "HouseRulesInput"


class HouseRulesOutput(serializers.Serializer):
    ante = serializers.IntegerField()
    min_bet = serializers.IntegerField()
    limit = serializers.ChoiceField(CHOICES["limit"])
    cap = serializers.IntegerField(allow_null=True)
    odd_chip = serializers.ChoiceField(CHOICES["odd_chip"])
    odd_to = serializers.ChoiceField(CHOICES["odd_to"])
    no_winner = serializers.ChoiceField(CHOICES["no_winner"])
    # Settings saved before this one existed lack it: they keep the house default.
    shortfall = serializers.ChoiceField(CHOICES["shortfall"], default="pay_what_you_have")
    leaving = serializers.ChoiceField(CHOICES["leaving"], default="pot_keeps")
    joining = serializers.ChoiceField(CHOICES["joining"], default="ante")
    both_must_win_outright = serializers.BooleanField()

    class Meta:
        ref_name = "HouseRules"


class GroupOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    settings = HouseRulesOutput()
    created_at = serializers.DateTimeField()

    class Meta:
        ref_name = "Group"


class PersonOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "Person"


def own_group(request, group_id: int) -> Group:
    user = signed_in_user(request)
    group = Group.objects.filter(pk=group_id, host=user).first()
    if group is None:
        raise NotFound(NO_SUCH_GROUP)
    return group


class GroupListApi(LedgerApi):
    """Your groups, and a new one."""

    @extend_schema(tags=TAG, responses={200: GroupOutput(many=True), **HOST_ERRORS})
    def get(self, request):
        user = signed_in_user(request)
        groups = Group.objects.filter(host=user)
        return Response(GroupOutput(groups, many=True).data)

    class InputSerializer(serializers.Serializer):
        name = Text(most=inputs.GROUP_NAME)
        settings = HouseRulesInput(required=False)

        class Meta:
            ref_name = "GroupCreate"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: GroupOutput, **HOST_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request):
        user = signed_in_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def create():
            group = seating.group_create(
                host=user,
                name=data.validated_data["name"],
                settings=data.validated_data.get("settings"),
            )
            return status.HTTP_201_CREATED, GroupOutput(group).data

        return host_write_once(request, user, create)


class GroupSettingsApi(LedgerApi):
    """Change a group's default house settings; nights already made keep theirs."""

    @extend_schema(
        tags=TAG,
        request=HouseRulesInput,
        responses={200: GroupOutput, **HOST_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, group_id: int):
        group = own_group(request, group_id)
        data = HouseRulesInput(data=request.data)
        data.is_valid(raise_exception=True)

        def change():
            changed = seating.group_settings_update(
                group=group, settings={**group.settings, **data.validated_data}
            )
            return status.HTTP_200_OK, GroupOutput(changed).data

        return host_write_once(request, request.user, change)


class PeopleApi(LedgerApi):
    """A group's roster, and someone new on it."""

    @extend_schema(tags=TAG, responses={200: PersonOutput(many=True), **HOST_ERRORS})
    def get(self, request, group_id: int):
        group = own_group(request, group_id)
        return Response(PersonOutput(group.people.all(), many=True).data)

    class InputSerializer(serializers.Serializer):
        name = Text(most=inputs.PERSON_NAME)

        class Meta:
            ref_name = "PersonAdd"

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: PersonOutput, **HOST_ERRORS},
        parameters=[KEY_PARAMETER],
    )
    def post(self, request, group_id: int):
        group = own_group(request, group_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def create():
            person = seating.person_add(group=group, name=data.validated_data["name"])
            return status.HTTP_201_CREATED, PersonOutput(person).data

        return host_write_once(request, request.user, create)
