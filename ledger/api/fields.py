"""A choice field the OpenAPI schema shows as one named enum, wherever it is used.

drf-spectacular names enums after the field, so a night's `status` and a
hand's `status` would clash; naming the choice set once avoids that.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ledger.core import amounts, inputs, units


class EnumField(serializers.ChoiceField):
    def __init__(self, choices: Iterable[str], *, enum_name: str, **kwargs):
        self.enum_name = enum_name
        super().__init__(list(choices), **kwargs)


class EnumFieldScheme(OpenApiSerializerFieldExtension):
    target_class = EnumField

    def get_name(self) -> str:
        return self.target.enum_name

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "enum": list(self.target.choices)}


# --- Input fields that parse with ledger.core.inputs, like the page forms -----------------------


def _label(field: serializers.Field) -> str:
    return field.label or (field.field_name or "This value").replace("_", " ").capitalize()


class Whole(serializers.IntegerField):
    """A whole number of chips or times, as a JSON integer, within the ledger's bounds."""

    def __init__(self, *, least: int = 0, most: int = inputs.MOST_CHIPS, **kwargs):
        self.least, self.most = least, most
        super().__init__(min_value=least, max_value=most, **kwargs)

    def to_internal_value(self, data):
        if not inputs.is_whole(data):
            self.fail("invalid")
        return _parsed(inputs.whole, data, label=_label(self), least=self.least, most=self.most)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0, "description": "chips"},
            {"type": "string", "example": "0.01", "description": "money"},
        ]
    }
)
class Agreed(serializers.Field):
    """An agreed amount: a JSON integer of chips, or for an amount the rules name in money
    (a stake per point) a string such as "0.01"; which one each name takes the game says."""

    def to_internal_value(self, data):
        if isinstance(data, str):
            _parsed(inputs.money_amount, data, label=_label(self))
            return data.strip()
        if not inputs.is_whole(data):
            raise serializers.ValidationError(
                inputs.NOT_WHOLE.format(label=_label(self), value=data)
            )
        return _parsed(inputs.whole, data, label=_label(self))

    def to_representation(self, value):
        return value


class RecordId(serializers.IntegerField):
    """An id of a seat, person or group: a JSON integer the database can hold."""

    def __init__(self, *, what: str = "players", **kwargs):
        self.what = what
        super().__init__(min_value=1, max_value=inputs.MOST_ID, **kwargs)

    def to_internal_value(self, data):
        if not inputs.is_whole(data):
            self.fail("invalid")
        return _parsed(inputs.record_id, data, label=_label(self), what=self.what)


class ChipValue(serializers.CharField):
    """What one chip is worth, as a string such as "0.25" (never a float, never an exponent)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 12)
        super().__init__(**kwargs)
        self.validators = []

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return _parsed(inputs.chip_value, data, label=_label(self))

    def to_representation(self, value):
        return format(value, "f") if isinstance(value, Decimal) else str(value)


class Text(serializers.CharField):
    """Text refused (never cut) past the model's length, and with no control characters."""

    def __init__(self, *, most: int, lines: bool = False, **kwargs):
        self.most, self.lines = most, lines
        kwargs.setdefault("allow_blank", not kwargs.get("required", True))
        super().__init__(max_length=most, trim_whitespace=True, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return _parsed(
            inputs.text,
            data,
            label=_label(self),
            most=self.most,
            required=not self.allow_blank,
            lines=self.lines,
        )


def _parsed(parse, data, **kwargs):
    try:
        return parse(data, **kwargs)
    except inputs.InputError as exc:
        raise serializers.ValidationError(str(exc)) from None


class ChipValueScheme(OpenApiSerializerFieldExtension):
    target_class = ChipValue

    def map_serializer_field(self, auto_schema, direction):
        if direction == "response":
            return {"type": "string", "example": "0.25"}
        return {
            "type": "string",
            "pattern": r"^\s*(?:[0-9]{1,5}(?:\.[0-9]{0,4})?|\.[0-9]{1,4})\s*$",
            "description": 'From 0.0001 to 10000, at most 4 decimal places, e.g. "0.25".',
            "example": "0.25",
        }


class Currency(serializers.CharField):
    """A three-letter currency code such as "USD", the same rule as the new-night page."""

    def __init__(self, **kwargs):
        super().__init__(min_length=3, max_length=3, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return _parsed(inputs.currency, data)


class CurrencyScheme(OpenApiSerializerFieldExtension):
    target_class = Currency

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "pattern": "^[A-Za-z]{3}$", "example": "USD"}


class Ids(serializers.ListField):
    """A list of seat ids, at most a table's worth."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", inputs.MOST_SEATS)
        super().__init__(child=RecordId(), **kwargs)


class Names(serializers.DictField):
    """A small object keyed by ids from the rule data (settings, agreed amounts, roles)."""

    def __init__(self, *, child: serializers.Field, most: int = 50, **kwargs):
        self.most = most
        super().__init__(child=child, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, dict):
            if len(data) > self.most:
                raise serializers.ValidationError(
                    inputs.TOO_MANY.format(label=_label(self), count=len(data), most=self.most)
                )
            for key in data:
                _parsed(inputs.text, key, label=_label(self), most=inputs.RULE_ID)
        return super().to_internal_value(data)


class SeatCounts(serializers.DictField):
    """How many times a rule fires for each seat: `{"<seat id>": times}`."""

    def __init__(self, **kwargs):
        super().__init__(child=Whole(least=0), **kwargs)

    def to_internal_value(self, data):
        counts = super().to_internal_value(data)
        if len(counts) > inputs.MOST_SEATS:
            raise serializers.ValidationError(
                inputs.TOO_MANY.format(
                    label=_label(self), count=len(counts), most=inputs.MOST_SEATS
                )
            )
        return {_parsed(inputs.record_id, key, label=_label(self)): n for key, n in counts.items()}


class Flag(serializers.BooleanField):
    """JSON true or false only: "yes", 1 or "true" are refused, as the schema says."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


# --- Amounts in the host's terms: chips, money or colours (ledger.core.amounts) -------------------


class Money(serializers.CharField):
    """A money amount as a string, such as "20.00"; it must be a whole number of chips."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 24)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class MoneyScheme(OpenApiSerializerFieldExtension):
    target_class = Money

    def map_serializer_field(self, auto_schema, direction):
        return {
            "type": "string",
            "description": 'Money, e.g. "20.00": a whole number of the night\'s smallest chip.',
            "example": "20.00",
        }


class Colours(serializers.DictField):
    """A count of each chip colour, such as {"red": 3, "blue": 2}."""

    def __init__(self, **kwargs):
        super().__init__(child=Whole(least=0), **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, dict) and len(data) > inputs.MOST_COLOURS:
            raise serializers.ValidationError(
                inputs.TOO_MANY.format(
                    label=_label(self), count=len(data), most=inputs.MOST_COLOURS
                )
            )
        return super().to_internal_value(data)


AMOUNT_FIELDS = ("chips", "money", "colours")


def amount_in(given: dict, night, *, label: str, least: int = 1) -> int | None:
    """The units of an amount given as exactly one of `chips`, `money` or `colours`.

    None when none was given (the caller decides whether that is allowed);
    two at once, or money that is no whole number of chips, is a 400 naming
    the field, with the same words the page shows.
    """
    used = [name for name in AMOUNT_FIELDS if given.get(name) is not None]
    if not used:
        return None
    if len(used) > 1:
        raise serializers.ValidationError({name: [amounts.ONE_FORM] for name in used})
    chip_set = units.chip_set([(c["name"], c["value"]) for c in night.chips])
    name = used[0]
    try:
        if name == "chips":
            return amounts.parse(given["chips"], chip_set, label=label, least=least)
        if name == "money":
            return amounts.parse(
                given["money"],
                chip_set,
                currency=night.currency,
                mode=amounts.MONEY,
                label=label,
                least=least,
            )
        return amounts.colours(given["colours"], chip_set, label=label, least=least)
    except inputs.InputError as exc:
        raise serializers.ValidationError({name: [str(exc)]}) from None
