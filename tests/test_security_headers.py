"""Every error answer carries exactly the security headers of a normal page, with debug off.

The normal page is tests/error_urls.py's `ok/` (itself checked against the
rulebook's index). Each way an answer can go wrong is tried over http and
over https (where Strict-Transport-Security joins the set): through Django's
test client for what the middleware stack answers, and through the site's
WSGI handler (homegame/wsgi.py) for what escapes Django, including a request
stopped at its deadline instead of by gunicorn.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.conf import settings as django_settings
from django.core import signals
from django.db import close_old_connections
from django.test import Client, RequestFactory

from sitewide import api_errors, security_headers
from sitewide.handler import SiteHandler

pytestmark = pytest.mark.django_db

BROKEN_MIDDLEWARE = "tests.error_urls.BrokenMiddleware"
HSTS = "max-age=31536000; includeSubDomains; preload"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes

    def security(self) -> dict[str, str | None]:
        return {name: self.headers.get(name.lower()) for name in security_headers.NAMES}


@pytest.fixture(params=["http", "https"])
def scheme(request) -> str:
    return request.param


@pytest.fixture
def production(settings, scheme):
    """Debug off, the test-only urls, and HSTS as production sends it over https."""
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.error_urls"
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    return settings


def through_client(path: str, scheme: str, *, method: str = "get", csrf: bool = False, **extra):
    client = Client(raise_request_exception=False, enforce_csrf_checks=csrf)
    if csrf:
        client.cookies[django_settings.CSRF_COOKIE_NAME] = "k" * 32  # a token, but not in the form
    response = getattr(client, method)(path, secure=scheme == "https", **extra)
    headers = {name.lower(): value for name, value in response.items()}
    return Answer(response.status_code, headers, response.content)


@pytest.fixture
def in_process() -> Iterator[None]:
    """The handler's requests share the test's connection, as Django's test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def through_wsgi(path: str, scheme: str, **extra) -> Answer:
    """The request through homegame.wsgi's handler, as gunicorn calls it."""
    environ = RequestFactory().get(path, secure=scheme == "https", **extra).environ
    got: dict = {}

    def start_response(status: str, headers: list, exc_info=None) -> None:
        got["status"], got["headers"] = int(status.split()[0]), headers

    result = SiteHandler()(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        result.close()
    return Answer(got["status"], {k.lower(): v for k, v in got["headers"]}, body)


@pytest.fixture
def normal(production, scheme) -> dict[str, str | None]:
    """A normal page's security headers: all of them, HSTS only over https."""
    page = through_client("/ok/", scheme)
    assert page.status == 200
    headers = page.security()
    missing = [name for name, value in headers.items() if value is None]
    assert missing == ([] if scheme == "https" else ["Strict-Transport-Security"])
    if scheme == "https":
        assert headers["Strict-Transport-Security"] == HSTS
    assert headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    return headers


def test_the_test_page_carries_what_the_sites_pages_carry(normal, production, scheme):
    production.ROOT_URLCONF = "homegame.urls"
    for path in ("/rules/", "/nights/", "/api/variants/"):
        assert through_client(path, scheme).security() == normal, path


CLIENT_CASES = {
    "a view raises": ("/broken/", {}, 500),
    "an API view raises": ("/api/broken/", {}, 500),
    "a page not found": ("/nowhere/", {}, 404),
    "an API address not found": ("/api/nowhere/", {}, 404),
    "a host name not allowed": ("/ok/", {"HTTP_HOST": "evil.example"}, 400),
    "a form without its CSRF token": ("/form/", {"method": "post", "csrf": True}, 403),
    "a method not allowed": ("/form/", {}, 405),
}


@pytest.mark.parametrize("case", CLIENT_CASES)
def test_an_error_page_carries_the_headers(normal, scheme, case):
    path, extra, status = CLIENT_CASES[case]
    answer = through_client(path, scheme, **extra)
    assert answer.status == status
    assert answer.security() == normal


def test_a_form_too_large_carries_the_headers(normal, production, scheme):
    """The body is read first by the CSRF middleware, so the 400 comes from under it."""
    production.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    answer = through_client(
        "/form/",
        scheme,
        method="post",
        csrf=True,
        data={"x": "x" * 2000},
        HTTP_ORIGIN=f"{scheme}://testserver",
    )
    assert answer.status == 400
    assert answer.security() == normal


def test_a_json_body_too_large_carries_the_headers(normal, production, scheme):
    production.ROOT_URLCONF = "homegame.urls"
    body = json.dumps({"hands": {}, "pad": "x" * api_errors.MOST_BODY})
    answer = through_client(
        "/api/showdown/", scheme, method="post", data=body, content_type="application/json"
    )
    assert answer.status == 400
    assert answer.security() == normal


@pytest.mark.parametrize("where", [1, 6], ids=["first under the headers", "deep in the stack"])
def test_a_failing_middleware_leaves_a_500_with_the_headers(normal, production, scheme, where):
    production.MIDDLEWARE = [
        *django_settings.MIDDLEWARE[:where],
        BROKEN_MIDDLEWARE,
        *django_settings.MIDDLEWARE[where:],
    ]
    answer = through_client("/ok/", scheme)
    assert answer.status == 500
    assert answer.security() == normal


# --- Through the WSGI handler: what Django does not answer ---------------------------------------


def test_the_handler_answers_a_normal_page_the_same(normal, scheme, in_process):
    answer = through_wsgi("/ok/", scheme)
    assert (answer.status, answer.body) == (200, b"ok")
    assert answer.security() == normal


def test_a_host_name_not_allowed_through_the_handler(normal, scheme, in_process):
    answer = through_wsgi("/ok/", scheme, HTTP_HOST="evil.example")
    assert answer.status == 400
    assert answer.security() == normal


def test_an_exception_before_the_middleware_is_the_sites_500(normal, scheme, in_process):
    def broken(**kwargs):
        raise RuntimeError("a bug in a request_started receiver")

    signals.request_started.connect(broken)
    try:
        answer = through_wsgi("/ok/", scheme)
    finally:
        signals.request_started.disconnect(broken)
    assert answer.status == 500
    assert b"Something went wrong" in answer.body  # templates/500.html
    assert answer.security() == normal


def test_an_error_page_that_fails_too_is_a_plain_500(normal, production, scheme, in_process):
    production.ROOT_URLCONF = "tests.broken_error_page_urls"
    answer = through_wsgi("/broken/", scheme)
    assert (answer.status, answer.body.decode()) == (500, api_errors.SERVER_ERROR)
    assert answer.security() == normal


@pytest.mark.parametrize("path", ["/slow/", "/api/slow/"])
def test_a_request_past_its_deadline_is_a_503_in_time(normal, production, scheme, in_process, path):
    """What gunicorn would have killed: answered before its timeout, with every header."""
    production.REQUEST_DEADLINE = 0.2
    answer = through_wsgi(path + "?seconds=10", scheme)
    assert answer.status == 503
    assert answer.security() == normal
    if path.startswith("/api/"):
        assert json.loads(answer.body) == {"detail": api_errors.TOO_SLOW, "fields": {}}
    else:
        assert b"That took too long" in answer.body


def test_a_request_within_its_deadline_is_answered_and_leaves_no_alarm(production, in_process):
    import signal

    production.REQUEST_DEADLINE = 5
    answer = through_wsgi("/slow/?seconds=0.01", "http")
    assert (answer.status, answer.body) == (200, b"late")
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
