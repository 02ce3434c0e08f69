"""A request too slow for gunicorn gets the site's 503 with every header, not gunicorn's answer.

gunicorn's sync worker (deploy/serve.sh) is killed past `--timeout`: it
writes a bare 500 page with none of the site's headers if the worker is in
Python code, and nothing at all (the connection just closes) if it is stuck
in C. The site's deadline (sitewide/deadline.py) answers first. Here a real
gunicorn, with debug off and a 4 s timeout, serves tests/error_urls.py; no
database is touched, so SQLite names a file that is never made.
"""

from __future__ import annotations

import json
import time
import urllib.error
from pathlib import Path

import pytest

from sitewide import api_errors, security_headers
from tests.serve.conftest import Browser, gunicorn

pytestmark = pytest.mark.pure

TIMEOUT = 4  # gunicorn's, in seconds


def site_env(tmp_path: Path, deadline: float) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "tests.gunicorn_settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-test-secret-" + "x9!Qz" * 12,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_REQUEST_DEADLINE": str(deadline),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
    }


def security(headers) -> dict[str, str | None]:
    return {name: headers.get(name) for name in security_headers.NAMES}


def test_the_site_answers_503_with_every_header_before_gunicorn_kills_the_worker(tmp_path):
    with gunicorn(site_env(tmp_path, deadline=1), workers=1, timeout=TIMEOUT) as server:
        phone = Browser(server.base)
        normal = security(phone.get("/ok/").headers)
        assert normal["Content-Security-Policy"]
        started = time.monotonic()
        page = phone.get("/slow/?seconds=30")
        assert time.monotonic() - started < TIMEOUT
        assert page.status == 503
        assert b"That took too long" in page.body
        assert security(page.headers) == normal
        api = phone.get("/api/slow/?seconds=30")
        assert (api.status, json.loads(api.body)) == (
            503,
            {"detail": api_errors.TOO_SLOW, "fields": {}},
        )
        assert security(api.headers) == normal
        assert phone.get("/ok/").status == 200  # the same worker goes on


def test_without_the_deadline_gunicorn_answers_without_the_headers(tmp_path):
    """Why the deadline exists: gunicorn's own answer, or none at all, on its timeout."""
    with gunicorn(site_env(tmp_path, deadline=0), workers=1, timeout=TIMEOUT) as server:
        try:
            page = Browser(server.base).get("/slow/?seconds=30")
        except (ConnectionError, urllib.error.URLError):  # the worker killed mid-request
            return
        assert page.status == 500
        assert security(page.headers) == dict.fromkeys(security_headers.NAMES)
