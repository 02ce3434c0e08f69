"""Real Chromium at a phone's size against pytest-django's live server.

One browser per module, a fresh context (cookies, cache, service workers) per test.
Debian's Chromium only: no browser is ever downloaded.
"""

import os
from urllib.parse import urlparse

import pytest
from django.core.management import call_command

from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE

# Playwright's sync API runs an event loop in this thread, which trips Django's
# async-unsafe guard on every ORM call made by the test itself.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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
