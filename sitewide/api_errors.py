"""Every API refusal in one shape, bounded JSON bodies, and a JSON 500 under /api/.

A refused call answers `{"detail": "<one sentence>", "fields": {"<field>": ["<message>"]}}`:
`detail` is always there and readable on its own; `fields` names each field
that was refused (nested fields by dotted path, such as `chips.1.value`) and
is empty when the refusal is not about one field. The OpenAPI schema describes
this shape once (`ErrorSerializer`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Any, TypedDict

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views.defaults import ERROR_500_TEMPLATE_NAME, page_not_found
from django.views.defaults import server_error as html_server_error
from rest_framework import serializers
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import JSONParser

from sitewide import surrogates

if TYPE_CHECKING:
    # Not at run time: rest_framework.views reads the parser setting, which names this module.
    from rest_framework.request import Request
    from rest_framework.response import Response
    from rest_framework.views import APIView

MOST_DEPTH = 20
MOST_BODY = 256 * 1024

SERVER_ERROR = "Something went wrong on our side; nothing was recorded. Try again."
TOO_SLOW = "That took too long on our side and was stopped. Try again in a moment."
NOT_FOUND = "Nothing here: check the address and the ids in it."
BAD_PAGE = "{name} must be a whole number from {least} to {most}, not {value!r}."
MOST_PAGE = 500
FIELDS_REFUSED = "Check {fields}: {message}"
TOO_DEEP = "The JSON body is nested more than {most} levels deep."
TOO_LARGE = "The JSON body is larger than {most} KB."

_STRINGS = re.compile(rb'"(?:\\.|[^"\\])*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


class Refusal(TypedDict):
    """A refused call's body, as `ErrorSerializer` describes it."""

    detail: str
    fields: dict[str, list[str]]


class ErrorSerializer(serializers.Serializer[Refusal]):
    detail = serializers.CharField(help_text="What was refused and why, in one sentence.")

    class Meta:
        ref_name = "Error"

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """detail, fields. `fields` is made here: declared in the class body, it would
        read to a type checker as the serializer's own `Serializer.fields`."""
        return super().get_fields() | {
            "fields": serializers.DictField(
                child=serializers.ListField(child=serializers.CharField()),
                help_text="Each refused field (dotted path for nested ones) and its messages.",
            )
        }


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, with every error body reshaped to `{"detail", "fields"}`."""
    # Imported here: rest_framework.views reads the parser setting, which names this module.
    from rest_framework.views import exception_handler as drf_exception_handler

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        response.data = refused_fields(exc.detail)
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else ""
        response.data = {"detail": str(detail or exc), "fields": {}}
    return response


def refused_fields(detail: object) -> Refusal:
    """A ValidationError's nested detail as one sentence and a flat map of field paths."""
    fields: dict[str, list[str]] = {}
    general: list[str] = []
    _flatten(detail, "", fields, general)
    general += fields.pop(
        str(settings.REST_FRAMEWORK.get("NON_FIELD_ERRORS_KEY", "non_field_errors")), []
    )
    if general:
        return {"detail": " ".join(general), "fields": fields}
    path, messages = next(iter(fields.items()), ("", ["That was refused."]))
    name = path.rsplit(".", 1)[-1].replace("_", " ").lower()
    if not path or name in messages[0].lower():  # the message names its field already
        return {"detail": messages[0], "fields": fields}
    return {"detail": FIELDS_REFUSED.format(fields=path, message=messages[0]), "fields": fields}


def _flatten(detail: object, path: str, fields: dict[str, list[str]], general: list[str]) -> None:
    if isinstance(detail, dict):
        for key, value in detail.items():
            _flatten(value, f"{path}.{key}" if path else str(key), fields, general)
    elif isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            (fields.setdefault(path, []) if path else general).extend(str(i) for i in detail)
            return
        for index, item in enumerate(detail):
            if item:
                _flatten(item, f"{path}.{index}" if path else str(index), fields, general)
    else:
        (fields.setdefault(path, []) if path else general).append(str(detail))


class BoundedJSONParser(JSONParser):
    """JSON bodies of bounded size and depth, and only of text, refused with 400 otherwise.

    Python's parser recurses once per level, so a body nested thousands of
    levels deep would end in RecursionError (a 500); counting brackets outside
    strings first costs one regular-expression pass. A lone surrogate
    (`"\\ud83c"`) parses, but fails whatever repeats it (sitewide/surrogates.py),
    so the parsed body is searched once here, keys and values at any depth,
    and no view or field ever sees one.
    """

    def parse(
        self,
        stream: IO[Any] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        body = stream.read(MOST_BODY + 1) if stream is not None else b""
        if len(body) > MOST_BODY:
            raise ParseError(TOO_LARGE.format(most=MOST_BODY // 1024))
        if _depth(body) > MOST_DEPTH:
            raise ParseError(TOO_DEEP.format(most=MOST_DEPTH))
        data = super().parse(io.BytesIO(body), media_type, parser_context)
        _refuse_lone_surrogates(data)
        return data


def _refuse_lone_surrogates(data: object) -> None:
    """A 400 naming the field (by dotted path) whose text or key holds a lone surrogate."""
    found = surrogates.find(data)
    if found is None:
        return
    if found.dotted:
        raise ValidationError({found.dotted: [found.message]})
    raise ValidationError([found.message])


def _depth(body: bytes) -> int:
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b'""', body)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


class StrictPagination(LimitOffsetPagination):
    """limit and offset as the schema says, or 400: never quietly the default page."""

    default_limit = 100
    max_limit = MOST_PAGE

    def get_limit(self, request: Request) -> int | None:
        if self.limit_query_param in request.query_params:
            most = self.max_limit or MOST_PAGE
            return _page_number(request, self.limit_query_param, least=1, most=most)
        return self.default_limit

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.limit_query_param: {"minimum": 1, "maximum": self.max_limit or MOST_PAGE},
            self.offset_query_param: {"minimum": 0, "maximum": 10**12 - 1},
        }
        for parameter in parameters:
            parameter["schema"] |= bounds.get(parameter["name"], {})
        return parameters

    def get_offset(self, request: Request) -> int:
        if self.offset_query_param in request.query_params:
            return _page_number(request, self.offset_query_param, least=0, most=10**12 - 1)
        return 0


def _page_number(request: Request, name: str, *, least: int, most: int) -> int:
    value = request.query_params[name]
    if not (
        value.isascii() and value.isdigit() and len(value) <= 12 and least <= int(value) <= most
    ):
        message = BAD_PAGE.format(name=name, least=least, most=most, value=value[:20])
        raise ValidationError({name: [message]})
    return int(value)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A 404 under /api/ (an address no view answers) is JSON; pages keep Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": NOT_FOUND, "fields": {}}, status=404)
    return page_not_found(request, exception)


def server_error(
    request: HttpRequest, template_name: str = ERROR_500_TEMPLATE_NAME
) -> HttpResponse:
    """A 500 under /api/ is JSON in the refusal shape; pages keep Django's HTML page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": SERVER_ERROR, "fields": {}}, status=500)
    return html_server_error(request, template_name)


def too_slow(request: HttpRequest) -> HttpResponse:
    """A request stopped at its deadline (sitewide/deadline.py): 503, JSON under /api/."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": TOO_SLOW, "fields": {}}, status=503)
    return HttpResponse(loader.render_to_string("503.html"), status=503)
