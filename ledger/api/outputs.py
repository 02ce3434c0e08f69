"""Output shapes shared by several ledger views: nights, seats, hands, postings, settlement.

They only format: every value is computed by the services or `ledger.selectors.api_reads`.
"""

from __future__ import annotations

import functools

from rest_framework import serializers

from ledger.api.fields import EnumField
from ledger.api.groups import HouseRulesOutput
from ledger.core.betting import KINDS
from ledger.models import Hand, Night


def render(serializer: type[serializers.Serializer], value: object) -> dict:
    """What `serializer(value).data` gives, without building the serializer again.

    DRF deep-copies every declared field, nested serializers included, each
    time a serializer is made: about 0.9 ms for a hand and its posting on the
    development VM, far more than reading them. These output serializers only
    format values and keep no request state, so one of each is made and reused.
    """
    return _shared(serializer).to_representation(value)


@functools.cache
def _shared(serializer: type[serializers.Serializer]) -> serializers.Serializer:
    return serializer()


def BettingKind(**kwargs) -> EnumField:
    return EnumField(sorted(KINDS), enum_name="BettingAction", **kwargs)


def HandStatus(**kwargs) -> EnumField:
    return EnumField(Hand.Status.values, enum_name="HandStatus", **kwargs)


def NightStatus(**kwargs) -> EnumField:
    return EnumField(Night.Status.values, enum_name="NightStatus", **kwargs)


class Named(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "NamedRef"


class ChipColour(serializers.Serializer):
    name = serializers.CharField(max_length=40)
    value = serializers.DecimalField(
        max_digits=12,
        decimal_places=4,
        normalize_output=True,
        help_text="What one chip of this colour is worth.",
    )

    class Meta:
        ref_name = "ChipColour"


class NightSummary(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    group = Named()
    currency = serializers.CharField()
    status = NightStatus()
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)

    class Meta:
        ref_name = "NightSummary"


class SeatOutput(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()
    person = Named()
    stack = serializers.IntegerField(help_text="Chips in front of the player, per the journal.")
    sitting_out = serializers.BooleanField()
    left_at = serializers.DateTimeField(allow_null=True)
    join_token = serializers.CharField(
        allow_null=True, help_text="Only the host sees join links; null once revoked."
    )

    class Meta:
        ref_name = "Seat"


class RoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    complete = serializers.BooleanField()
    turn = serializers.IntegerField(allow_null=True, help_text="The seat to act, if any.")
    current_bet = serializers.IntegerField()
    to_call = serializers.IntegerField(help_text="What the seat to act must add to call.")
    legal = serializers.ListField(child=BettingKind())
    min_raise_to = serializers.IntegerField(allow_null=True)
    max_raise_to = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "BettingRound"


class PlayerOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()
    stack = serializers.IntegerField()
    committed = serializers.IntegerField(help_text="Chips put in during this betting round.")
    in_pot = serializers.IntegerField(help_text="Chips put in during the whole hand.")
    to_call = serializers.IntegerField()
    folded = serializers.BooleanField()
    all_in = serializers.BooleanField()

    class Meta:
        ref_name = "HandPlayer"


class PotOutput(serializers.Serializer):
    index = serializers.IntegerField(help_text="0 is the main pot, then the side pots.")
    amount = serializers.IntegerField()
    eligible = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    low_winners = serializers.ListField(child=serializers.IntegerField(), allow_null=True)

    class Meta:
        ref_name = "Pot"


class HandOutput(serializers.Serializer):
    number = serializers.IntegerField()
    game_slug = serializers.CharField(allow_blank=True)
    game_name = serializers.CharField(allow_blank=True)
    dealer = serializers.IntegerField()
    seat_order = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seat ids from the dealer's left."
    )
    status = HandStatus()
    created_at = serializers.DateTimeField()
    antes = serializers.BooleanField()
    rounds = serializers.IntegerField()
    betting_open = serializers.BooleanField()
    round = RoundOutput(allow_null=True)
    pot = serializers.IntegerField(help_text="Chips in the middle now.")
    players = PlayerOutput(many=True)
    pots = PotOutput(many=True)
    step = serializers.CharField(
        allow_null=True,
        help_text="The game's step the table is on (a phase id of the rule data); "
        "null for a hand of no game.",
    )

    class Meta:
        ref_name = "Hand"


class YouOutput(serializers.Serializer):
    role = serializers.ChoiceField(["host", "seat", "spectator"])
    seat = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "Caller"


class NightOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    group = Named()
    currency = serializers.CharField()
    chips = ChipColour(many=True)
    unit = serializers.DecimalField(max_digits=12, decimal_places=4, normalize_output=True)
    settings = HouseRulesOutput()
    status = NightStatus()
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    you = YouOutput()
    spectator_token = serializers.CharField(allow_null=True, help_text="Only the host sees it.")
    seats = SeatOutput(many=True)
    next_dealer = serializers.IntegerField(
        allow_null=True, help_text="Who deals the next hand, when none is open."
    )
    riding = serializers.IntegerField(help_text="Chips riding to the next hand.")
    hand = HandOutput(allow_null=True, help_text="The open hand, if any.")

    class Meta:
        ref_name = "Night"


class AccountOutput(serializers.Serializer):
    kind = serializers.CharField()
    seat = serializers.IntegerField(source="seat_id", allow_null=True)
    hand = serializers.IntegerField(source="hand.number", allow_null=True)

    class Meta:
        ref_name = "Account"


class EntryOutput(serializers.Serializer):
    account = AccountOutput()
    amount = serializers.IntegerField(help_text="Chips into (+) or out of (-) the account.")

    class Meta:
        ref_name = "Entry"


class PostingOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    hand = serializers.IntegerField(source="hand.number", allow_null=True)
    seat = serializers.IntegerField(source="seat_id", allow_null=True)
    memo = serializers.CharField(allow_blank=True)
    detail = serializers.JSONField()
    recorded_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    reverses = serializers.IntegerField(source="reverses_id", allow_null=True)
    reversed_by = serializers.IntegerField(source="reversed_by.pk", allow_null=True)
    entries = EntryOutput(many=True, source="entries.all")

    class Meta:
        ref_name = "Posting"


class JournalPageOutput(serializers.Serializer):
    next = serializers.URLField(
        allow_null=True, help_text="The next (older) page: follow it to the night's first posting."
    )
    previous = serializers.URLField(
        allow_null=True, help_text="The newer page above this one; null on the first page."
    )
    results = PostingOutput(many=True, help_text="This page's postings, newest first.")

    class Meta:
        ref_name = "JournalPage"


class HandWriteOutput(serializers.Serializer):
    posting = PostingOutput()
    hand = HandOutput()

    class Meta:
        ref_name = "HandWrite"


class ChipsWriteOutput(serializers.Serializer):
    posting = PostingOutput(allow_null=True)
    seat = SeatOutput()

    class Meta:
        ref_name = "ChipsWrite"


class Party(serializers.Serializer):
    seat = serializers.IntegerField(
        allow_null=True, help_text="null: the bank, the host's cash box for chips paid in cash."
    )
    name = serializers.CharField()

    class Meta:
        ref_name = "PaymentParty"


class HandShare(serializers.Serializer):
    hand = serializers.IntegerField()
    payer_chips = serializers.IntegerField(help_text="What the payer won (+) or lost (-).")
    payee_chips = serializers.IntegerField()

    class Meta:
        ref_name = "PaymentHand"


class PayWayOutput(serializers.Serializer):
    service = serializers.CharField(
        help_text="As people say it: PayPal, Venmo, … or How to pay me."
    )
    handle = serializers.CharField(help_text="The handle as a person reads it, or the words.")
    holder = serializers.CharField(help_text="An IBAN's account holder; else empty.")
    link = serializers.CharField(allow_null=True, help_text="Opens the service, sum filled in.")
    qr = serializers.CharField(allow_null=True, help_text="What the QR code holds (EPC for IBAN).")
    to_type = serializers.CharField(help_text="What the payer types themselves; else empty.")
    unconfirmed = serializers.CharField(help_text="Set from the payee's seat, not confirmed.")

    class Meta:
        ref_name = "PayWay"


class PaymentOutput(serializers.Serializer):
    id = serializers.IntegerField()
    payer = Party()
    payee = Party()
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)
    paid_at = serializers.DateTimeField(allow_null=True)
    hands = HandShare(many=True, help_text="The hands that explain it.")
    ways = PayWayOutput(
        many=True,
        help_text="How to pay the payee, while unpaid: for the host and the night's seats only.",
    )

    class Meta:
        ref_name = "Payment"


class NetOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=12, decimal_places=2)

    class Meta:
        ref_name = "Net"


class SettlementOutput(serializers.Serializer):
    night = serializers.IntegerField()
    status = NightStatus()
    currency = serializers.CharField()
    unit = serializers.DecimalField(max_digits=12, decimal_places=4, normalize_output=True)
    rows = NetOutput(many=True)
    payments = PaymentOutput(many=True, help_text="Empty until the night ends.")

    class Meta:
        ref_name = "Settlement"
