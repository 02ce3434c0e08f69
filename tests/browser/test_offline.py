"""The rulebook offline after ONE visit, in a real Chromium with the phone's network cut.

The first visit registers the service worker, which keeps every seed game's page,
the hand rankings, the rule pages' CSS and scripts and the ledger's offline page.
Offline, a stylesheet or script is never answered with a page, and a ledger page
says the ledger needs the connection and nothing was saved.
"""

import re

import pytest
from playwright.sync_api import expect

from ledger.models import Group
from rulebook.loader import load_games
from rulebook.models import Game
from tests.browser.checks import assert_fits_the_phone, csp_violations

pytestmark = pytest.mark.browser

GAMES = {game.slug: game for game in load_games()}
VISITED = "trash-poker"
HOST = "host"
PASSWORD = "deal-me-in-9"
NEVER_VISITED = "pass-the-trash"

# Computed styles that only site.css gives: the header bar's colour and the body's margin.
SITE_CSS_STYLE = """() => {
  const bar = document.querySelector('header.bar');
  return bar && [getComputedStyle(bar).backgroundColor, getComputedStyle(document.body).margin];
}"""
STYLED = ["rgb(15, 61, 46)", "0px"]

# navigator.serviceWorker.ready settles once the worker has installed, and it installs
# only after its precache is stored; then it has taken over the page (clients.claim).
WORKER_READY = """async () => {
  await navigator.serviceWorker.ready;
  return navigator.serviceWorker.controller !== null;
}"""
KEPT_PATHS = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      paths.push(new URL(request.url).pathname);
    }
  }
  return paths;
}"""
FETCHED = """async (url) => {
  try {
    const response = await fetch(url);
    return [response.status, response.headers.get('content-type') || ''];
  } catch (error) {
    return 'failed';
  }
}"""


def first_visit(page, url: str) -> list[str]:
    """One online visit; wait for the worker to be in charge with its precache stored."""
    page.goto(url)
    page.wait_for_function(WORKER_READY, polling=100, timeout=20_000)
    return page.evaluate(KEPT_PATHS)


def expect_styled(page) -> None:
    assert page.evaluate(SITE_CSS_STYLE) == STYLED, f"{page.url} is unstyled"


def test_after_one_visit_every_seed_game_reads_offline_styled_and_the_ledger_says_so(
    phone, page, site
):
    refused = csp_violations(phone)
    kept = first_visit(page, f"{site}/rules/{VISITED}/")
    expect_styled(page)
    for slug in GAMES:
        assert f"/rules/{slug}/" in kept
    assert {"/rules/", "/rules/hand-rankings/", "/static/css/site.css"} <= set(kept)
    assert page.evaluate(FETCHED, "/api/variants/")[0] == 200

    phone.set_offline(True)
    try:
        # The page visited reloads as it was, styled.
        page.reload()
        expect(page.locator("h1")).to_have_text(GAMES[VISITED].name)
        expect(page.locator("ol.phases > li")).to_have_count(len(GAMES[VISITED].phases))
        expect_styled(page)

        # A game never opened, and the hand rankings, open styled too.
        page.goto(f"{site}/rules/{NEVER_VISITED}/")
        expect(page.locator("h1")).to_have_text(GAMES[NEVER_VISITED].name)
        expect(page.locator("ol.phases > li")).to_have_count(len(GAMES[NEVER_VISITED].phases))
        expect_styled(page)
        assert_fits_the_phone(page)
        page.goto(f"{site}/rules/hand-rankings/")
        expect(page.locator("h1")).to_contain_text("Hand")
        expect_styled(page)

        # Stylesheets and scripts are themselves or a network error: never a page.
        css = page.goto(f"{site}/static/css/site.css")
        assert css.headers["content-type"].startswith("text/css")
        assert ".bar{" in css.text()
        page.goto(f"{site}/rules/")
        assert page.evaluate(FETCHED, "/static/js/site.js")[1].split(";")[0] in {
            "text/javascript",
            "application/javascript",
        }
        assert page.evaluate(FETCHED, "/static/css/ledger.css") == "failed"
        assert page.evaluate(FETCHED, "/static/js/ledger.js") == "failed"

        # The ledger says it needs the connection and that nothing was saved.
        page.goto(f"{site}/nights/")
        expect(page.get_by_role("alert")).to_contain_text("The ledger needs the connection")
        expect(page.get_by_role("alert")).to_contain_text("Nothing was saved")
        expect_styled(page)
        assert page.url == f"{site}/nights/"

        # The API is never cached, so offline it fails rather than answer stale chips.
        assert page.evaluate(FETCHED, "/api/variants/") == "failed"
    finally:
        phone.set_offline(False)
    kept = page.evaluate(KEPT_PATHS)
    assert not [path for path in kept if path.startswith(("/api/", "/nights/"))]
    assert refused == []


def test_a_house_game_opened_once_reads_offline_even_on_the_first_visit(phone, page, site):
    spec = GAMES[VISITED].model_copy(update={"slug": "kitchen-sink", "name": "Kitchen Sink"})
    house = Game(is_house=True)
    house.set_spec(spec)
    house.save()

    kept = first_visit(page, f"{site}/rules/kitchen-sink/")
    assert "/rules/kitchen-sink/" in kept

    phone.set_offline(True)
    try:
        page.reload()
        expect(page.locator("h1")).to_have_text("Kitchen Sink")
        expect_styled(page)
        # Every-game-on-one-page is not kept (it weighs more than all the games together):
        # offline it opens the index, which lists what is kept.
        page.goto(f"{site}/rules/all/")
        expect(page.locator("h1")).to_have_text("Rulebook")
        expect_styled(page)
    finally:
        phone.set_offline(False)


def test_a_ledger_form_sent_offline_says_nothing_was_saved_and_saves_nothing(
    phone, page, site, django_user_model
):
    django_user_model.objects.create_user(username=HOST, password=PASSWORD)
    refused = csp_violations(phone)
    first_visit(page, f"{site}/rules/{VISITED}/")

    # Online, the worker only passes the ledger's pages through: redirects and posts work.
    page.goto(f"{site}/nights/groups/new/")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    page.get_by_label("Username").fill(HOST)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url(f"{site}/nights/groups/new/")
    page.get_by_label("Group name").fill("The kitchen table")

    phone.set_offline(True)
    try:
        with page.expect_navigation():
            page.get_by_role("button", name="Save the group").click()
        expect(page.get_by_role("alert")).to_contain_text("Nothing was saved")
        expect_styled(page)
    finally:
        phone.set_offline(False)
    assert Group.objects.count() == 0

    page.go_back()
    page.wait_for_url(f"{site}/nights/groups/new/")
    page.get_by_label("Group name").fill("The kitchen table")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the group").click()
    page.wait_for_url(re.compile(r"/nights/groups/[^/]+/$"))
    expect(page.locator("h1")).to_contain_text("The kitchen table")
    assert Group.objects.count() == 1
    assert refused == []
