"""The request as a view sees it behind django-htmx's middleware, for type annotations.

`HtmxMiddleware` (homegame/settings.py) gives every request an `htmx` attribute;
a view that reads it takes an `HtmxHttpRequest`.
"""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
