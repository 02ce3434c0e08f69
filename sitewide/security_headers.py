"""The security headers every answer carries, error pages included, set from one place.

Three layers make them from the settings: Django's SecurityMiddleware
(X-Content-Type-Options, Referrer-Policy, Cross-Origin-Opener-Policy, and
Strict-Transport-Security over https), its XFrameOptionsMiddleware
(X-Frame-Options) and django-csp's CSPMiddleware (Content-Security-Policy,
with frame-ancestors). In MIDDLEWARE they only see an answer that passes
back through them, so some went without: the 400 for a host name that is
not allowed (CommonMiddleware raises it, under the CSP and X-Frame-Options
layers' response step), a 500 left by a failing middleware, static files
(WhiteNoise answers above those layers), and anything Django could not
answer at all (sitewide/handler.py).

So `SecurityHeaders`, the outermost middleware, runs the same layers'
response step on every answer, and the WSGI handler does for what escapes
Django. Each layer adds only a header that is missing and honours a view's
exemption, so a normal page is unchanged and every other answer gets
exactly the values it carries. A header added to the site's set is added
to `LAYERS`, and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable

from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.security import SecurityMiddleware

LAYERS = (SecurityMiddleware, XFrameOptionsMiddleware, CSPMiddleware)
# What those layers send, for the tests and anyone comparing answers.
NAMES = (
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "X-Frame-Options",
    "Cross-Origin-Opener-Policy",
    "Strict-Transport-Security",
)


def _not_called(request: HttpRequest) -> HttpResponse:
    raise AssertionError("only the layers' response step is used")


class HeaderSet:
    """The layers' response steps, each built from the settings as MIDDLEWARE builds it."""

    def __init__(self) -> None:
        self._steps: list[Callable] = [layer(_not_called).process_response for layer in LAYERS]

    def add(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        for step in self._steps:
            response = step(request, response)
        return response


class SecurityHeaders:
    """Outermost middleware: every answer leaves with the site's security headers."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.headers = HeaderSet()

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.headers.add(request, self.get_response(request))
