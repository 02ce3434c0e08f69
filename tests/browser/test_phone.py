"""What a player holding a phone at the table sees, in a real Chromium.

Search as you type, a rule page's phases, dealer mode step by step, rule pages
offline, pages that fit a 360 px screen with thumb-sized targets, and dark mode.
"""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from rulebook import dealer
from rulebook.loader import load_games
from tests.browser.checks import (
    check_page,
    console_errors,
    csp_violations,
    other_hosts,
)

pytestmark = pytest.mark.browser

GAMES = {game.slug: game for game in load_games()}

BACKGROUND_LUMINANCE = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor
    .match(/[\\d.]+/g).slice(0, 3).map(Number)
    .map(c => c / 255).map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def results(page):
    return page.locator("#results")


# Search -------------------------------------------------------------------


def test_search_filters_results_as_you_type_without_leaving_the_page(page, site):
    refused = csp_violations(page)
    page.goto(f"{site}/rules/")
    page.evaluate("window.sameDocument = true")

    page.locator("#q").press_sequentially("gooch", delay=20)
    page.wait_for_url(re.compile(r"/rules/\?(.*&)?q=gooch"))
    expect(results(page).locator('a[href="/rules/guts-three-card/"]')).to_be_visible()
    expect(results(page)).to_contain_text("Guts")
    expect(results(page)).to_contain_text("Super Gooch")

    page.locator("#q").fill("")
    page.locator("#q").press_sequentially("Anaconda", delay=20)
    page.wait_for_url(re.compile(r"q=Anaconda"))
    expect(results(page).locator('a[href="/rules/pass-the-trash/"]')).to_contain_text(
        "Pass the Trash"
    )

    # htmx replaced #results (not nested a copy inside it) and pushed the URL;
    # the document itself was never reloaded.
    expect(page.locator("[id=results]")).to_have_count(1)
    assert page.evaluate("window.sameDocument") is True
    assert query(page)["q"] == ["Anaconda"]
    assert refused == []


def test_search_works_without_javascript(new_phone, site):
    page = new_phone(java_script_enabled=False).new_page()
    page.goto(f"{site}/rules/")
    page.locator("#q").fill("Anaconda")
    with page.expect_navigation():
        page.get_by_role("button", name="Search").click()
    assert query(page)["q"] == ["Anaconda"]
    expect(results(page)).to_contain_text("matching “Anaconda”")
    expect(results(page).locator('a[href="/rules/pass-the-trash/"]')).to_contain_text(
        "Pass the Trash"
    )


def test_a_game_opened_from_search_results_shows_its_phase_checklist(page, site):
    page.goto(f"{site}/rules/?q=trash")
    results(page).get_by_role("link", name=re.compile("^Pass the Trash")).click()
    page.wait_for_url(f"{site}/rules/pass-the-trash/")

    spec = GAMES["pass-the-trash"]
    expect(page.locator("h1")).to_have_text(spec.name)
    phases = page.locator("ol.phases > li")
    expect(phases).to_have_count(len(spec.phases))
    for item, phase in zip(phases.all(), spec.phases, strict=True):
        expect(item.locator("strong")).to_have_text(phase.title)
    expect(page.get_by_role("link", name="Deal this game")).to_be_visible()


# Dealer mode --------------------------------------------------------------


def test_dealer_mode_steps_through_a_hand_and_keeps_its_place_in_the_url(page, site):
    spec = GAMES["trash-poker"]
    total = len(dealer.hand_phases(spec, dealer.chosen_options(spec, ["black-spot"]), {}))
    assert total > 2

    refused = csp_violations(page)
    page.goto(f"{site}/rules/trash-poker/deal/")
    page.locator("#opt-black-spot").check()
    page.locator("#players").fill("5")
    # Each change re-counts the steps in place (htmx): let that settle before starting,
    # or the tap can land on a button that is being swapped out.
    page.locator("#players").dispatch_event("change")
    start = page.get_by_role("button", name=f"Start: {total} steps")
    expect(start).to_be_visible()
    page.wait_for_load_state("networkidle")
    with page.expect_navigation():
        start.click()

    step_label = page.locator(".step-kind")
    for step in range(1, total + 1):
        expect(step_label).to_contain_text(f"Step {step} of {total}")
        expect(page.locator(".crumb")).to_contain_text("5 players")
        expect(page.locator(".crumb")).to_contain_text("Black Spot")
        assert query(page)["step"] == [str(step)]
        if step < total:
            page.locator(".stepper").get_by_role("link", name="Next").click()
            page.wait_for_url(re.compile(rf"step={step + 1}(&|$)"))

    stepper = page.locator(".stepper")
    expect(stepper.get_by_role("link", name="Next")).to_have_count(0)
    expect(stepper.get_by_role("link", name="New hand")).to_be_visible()

    stepper.get_by_role("link", name="Back").click()
    page.wait_for_url(re.compile(rf"step={total - 1}(&|$)"))
    expect(step_label).to_contain_text(f"Step {total - 1} of {total}")

    page.reload()
    expect(step_label).to_contain_text(f"Step {total - 1} of {total}")
    assert query(page)["opt"] == ["black-spot"]
    assert query(page)["players"] == ["5"]
    assert refused == []


# Offline ------------------------------------------------------------------


def test_a_visited_rule_page_opens_offline_but_the_api_is_never_cached(phone, page, site):
    rule = f"{site}/rules/trash-poker/"
    refused = csp_violations(phone)
    page.goto(rule)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5_000)
    # The first load came before the worker took over; one more load puts it in its cache.
    page.reload()
    page.wait_for_function(
        "async () => !!(await caches.match('/rules/trash-poker/'))", polling=100, timeout=5_000
    )
    assert page.evaluate("fetch('/api/variants/').then(r => r.status)") == 200

    phone.set_offline(True)
    try:
        page.reload()
        expect(page.locator("h1")).to_have_text("Trash Poker")
        expect(page.locator("ol.phases > li")).to_have_count(len(GAMES["trash-poker"].phases))

        # A page the worker does not keep fails, which proves the worker's own
        # fetches are offline, not just the page's (more in test_offline.py).
        unkept = page.evaluate(
            "fetch('/rules/all/').then(r => 'served ' + r.status, e => 'failed')"
        )
        assert unkept == "failed"

        api = page.evaluate(
            "fetch('/api/variants/').then(r => 'served ' + r.status, e => 'failed')"
        )
        assert api == "failed"
        assert page.evaluate("caches.match('/api/variants/').then(hit => !hit)") is True
    finally:
        phone.set_offline(False)
    assert refused == []


# Phone fit ----------------------------------------------------------------

PHONE_PAGES = [
    "/rules/",
    "/rules/trash-poker/",
    "/rules/trash-poker/deal/",
    "/rules/trash-poker/deal/?players=5&opt=black-spot&step=2",
    "/rules/hand-rankings/",
]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_page_fits_a_360px_phone_with_thumb_sized_targets_no_other_hosts_and_no_console_error(
    page, site, site_host, path
):
    elsewhere = other_hosts(page, site_host)
    errors = console_errors(page)
    response = page.goto(site + path, wait_until="networkidle")
    assert response is not None
    assert response.status == 200

    check_page(page, open_details=True)
    assert elsewhere == []
    assert errors == []


def test_every_games_dealer_mode_fits_a_360px_phone(page, site):
    """The setup page carries each game's own options and settings: every one must fit."""
    wide = {}
    for slug, spec in GAMES.items():
        if not spec.has_rules:
            continue
        page.goto(f"{site}/rules/{slug}/deal/")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > 360:
            wide[slug] = width
    assert wide == {}


# Dark mode ----------------------------------------------------------------


@pytest.mark.parametrize(("scheme", "dark"), [("dark", True), ("light", False)])
def test_body_background_follows_the_phones_colour_scheme(new_phone, site, scheme, dark):
    page = new_phone(color_scheme=scheme).new_page()
    page.goto(f"{site}/rules/trash-poker/")
    luminance = page.evaluate(BACKGROUND_LUMINANCE)
    if dark:
        assert luminance < 0.05
    else:
        assert luminance > 0.5
