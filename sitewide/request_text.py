"""Query strings and form fields holding a lone UTF-16 surrogate: refused with 400, pages and API.

Django decodes a query string and a multipart form with the charset the
request's Content-Type names, UTF-8 when it names none. UTF-8 turns bytes
that are no character into U+FFFD, so a browser never sends a lone
surrogate; but a client naming another codec (`unicode_escape`, `utf-7`)
turns `?q=%5Cud83c` into one, and the page that repeats it answers 500
(sitewide/surrogates.py). So when a request names another charset, this
middleware reads what Django decoded, once, before any view. A urlencoded
body is read as UTF-8 whatever the request says (Django refuses another
charset with 400), and a JSON body under /api/ is the API's parser's to check
(sitewide/api_errors.py), so the API's bodies are not read here.
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from sitewide import surrogates

NOT_TEXT = "{where} holds " + surrogates.WHAT + ", which stands for no character; nothing was done."
IN_PARAMETER = "The address's parameter {name!r}"
IN_PARAMETER_NAME = "A parameter name in the address"
IN_FIELD = "The form's field {name!r}"
IN_FIELD_NAME = "A field name in the form"


class RefuseLoneSurrogates:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _utf8(request.encoding):
            return self.get_response(request)
        api = request.path.startswith("/api/")
        found = _in_pairs(request.GET.lists(), IN_PARAMETER, IN_PARAMETER_NAME)
        if found is None and not api and request.method == "POST":
            found = _in_form(request)
        if found is None:
            return self.get_response(request)
        where, name = found
        message = NOT_TEXT.format(where=where)
        if api:
            fields = {name: [message]} if name else {}
            return JsonResponse({"detail": message, "fields": fields}, status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


def _utf8(charset: str | None) -> bool:
    """Whether Django decodes the request as UTF-8, which never makes a lone surrogate."""
    return charset is None or codecs.lookup(charset).name == "utf-8"


def _in_form(request: HttpRequest) -> tuple[str, str] | None:
    """Where a form's field names or values hold a lone surrogate.

    An uploaded file's name cannot hold one: Django keeps only its printable
    characters. Its content is the view's to read (ledger/core/backup_format.py).
    """
    files = ((name, []) for name in request.FILES)
    return _in_pairs(itertools.chain(request.POST.lists(), files), IN_FIELD, IN_FIELD_NAME)


def _in_pairs(
    pairs: Iterable[tuple[str, list[str]]], in_value: str, in_name: str
) -> tuple[str, str] | None:
    """(where, the name to report or "") of the first name or value with a lone surrogate."""
    for name, values in pairs:
        if surrogates.has_lone(name):
            return in_name, ""
        if any(surrogates.has_lone(value) for value in values):
            shown = surrogates.shown(name)
            return in_value.format(name=shown), shown
    return None
