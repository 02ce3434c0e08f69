"""A choice field the OpenAPI schema shows as one named enum, wherever it is used.

drf-spectacular names enums after the field, so a night's `status` and a
hand's `status` would clash; naming the choice set once avoids that.
"""

from __future__ import annotations

from collections.abc import Iterable

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers


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
