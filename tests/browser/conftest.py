"""Real Chromium at a phone's size against pytest-django's live server.

One browser per module, a fresh context (cookies, cache, service workers) per test.
Debian's Chromium only: no browser is ever downloaded.

A test ends with its phones closed and the live server idle, and only then is
the database flushed: a request still running (a page's poll, the service
worker's precache) would otherwise read or write across the flush, or hit the
database after pytest-django has blocked it. The test database is a file
during such runs (see tests/conftest.py), so even a request that slips past
this waits on SQLite's busy timeout instead of breaking the flush.
"""

import os
import threading
import time
from urllib.parse import urlparse

import pytest
from django.core.management import call_command

from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE

# Playwright's sync API runs an event loop in this thread, which trips Django's
# async-unsafe guard on every ORM call made by the test itself.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


class Requests:
    """Counts the live server's requests in progress, from the WSGI call to the response's close.

    The close counts: it sends request_finished, which looks at the database connection.
    """

    def __init__(self, httpd):
        self.busy = 0
        self.started = 0
        self.changed = threading.Condition()
        app = httpd.get_app()

        def counted(environ, start_response):
            self._moved(+1)
            try:
                return Closing(app(environ, start_response), lambda: self._moved(-1))
            except BaseException:
                self._moved(-1)
                raise

        httpd.set_app(counted)

    def _moved(self, step: int) -> None:
        with self.changed:
            self.busy += step
            self.started += step > 0
            self.changed.notify_all()

    def wait_idle(self, timeout: float, quiet: float) -> bool:
        """Wait until no request runs and none starts for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                if not self.changed.wait_for(lambda: self.busy == 0, deadline - time.monotonic()):
                    return False
                started = self.started
                if not self.changed.wait_for(lambda seen=started: self.started != seen, quiet):
                    return True


class Closing:
    """A WSGI response that calls `done` once the server has closed it, however that went."""

    def __init__(self, response, done):
        self.response = response
        self.done = done

    def __iter__(self):
        return iter(self.response)

    def __len__(self):
        return len(self.response)  # a TypeError, as wsgiref expects, when it has none

    def close(self) -> None:
        try:
            close = getattr(self.response, "close", None)
            if close is not None:
                close()
        finally:
            done, self.done = self.done, None
            if done is not None:
                done()


@pytest.fixture(scope="session")
def server_requests(live_server):
    return Requests(live_server.thread.httpd)


@pytest.fixture(autouse=True)
def idle_before_flush(transactional_db, server_requests):
    """Set up after the test database and before any phone, so torn down between them.

    The phones close first (no more polls), then this waits for the requests
    they left running, then pytest-django flushes the tables.
    """
    yield
    if not server_requests.wait_idle(timeout=15, quiet=0.1):
        pytest.fail("The live server was still serving a request 15 s after the test ended.")


@pytest.fixture(autouse=True)
def rulebook(live_server):
    """live_server flushes every table after each test, so load the games again."""
    call_command("load_rulebook", verbosity=0)


@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail("Debian's Chromium is not installed: run sh tests/services.sh chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized browser context; tests may ask for more via new_phone."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def new_phone(browser):
    contexts = []

    def make(**extra):
        context = browser.new_context(**{**PHONE, **extra})
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(phone):
    return phone.new_page()


@pytest.fixture
def site(live_server):
    """The live server's base URL, without a trailing slash."""
    return live_server.url.rstrip("/")


@pytest.fixture
def site_host(site):
    return urlparse(site).netloc


@pytest.fixture
def host_user(host):
    """The host's account, for tests where `host` names the host's phone."""
    return host
