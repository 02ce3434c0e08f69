"""The new night's chips checked on a 360 px phone before the night exists.

A $0.10 white cannot pay the $0.25 and $0.05 the rulebook's games ask: the
form says so, and one tap on an offer fills in chips that pay them all.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import assert_fits_the_phone, csp_violations
from tests.browser.table import button, create_the_night_anyway, sign_in

pytestmark = pytest.mark.browser


def fill_the_night(page) -> None:
    page.get_by_label("Night:", exact=True).fill("Friday")
    page.get_by_label("Group (the regulars)").fill("Friday Regulars")
    page.locator("#chip_name_0").fill("white")
    page.locator("#chip_value_0").fill("0.10")
    page.locator("#chip_name_1").fill("blue")
    page.locator("#chip_value_1").fill("1.00")


def test_the_new_night_form_warns_on_a_phone_and_an_offer_fixes_the_chips(page, site, host):
    refused = csp_violations(page)
    sign_in(page, site, "/nights/new/")
    fill_the_night(page)
    button(page, "Create the night").click()

    warning = page.locator("#chip-fit")
    expect(warning).to_contain_text("13 rulebook games need amounts these chips cannot pay exactly")
    expect(warning).to_contain_text("$0.25: Baseball (Daytime), Ferengi Chicken")
    assert_fits_the_phone(page)

    button(page, "Make white worth $0.05").click()
    expect(page.locator("#chip_value_0")).to_have_value("0.05")
    expect(page.locator("#chip-fit")).to_have_count(0)
    expect(page.get_by_label("Night:", exact=True)).to_have_value("Friday")
    assert_fits_the_phone(page)

    button(page, "Create the night").click()
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    expect(page.get_by_text("1 chip = 0.05 USD (white 0.05, blue 1.00).")).to_be_visible()
    assert refused == []


def test_the_host_keeps_chips_that_cannot_pay_some_games_and_edits_them_later(page, site, host):
    sign_in(page, site, "/nights/new/")
    fill_the_night(page)
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    expect(page.get_by_text("1 chip = 0.10 USD (white 0.10, blue 1.00).")).to_be_visible()

    page.get_by_role("link", name="Edit the chips").click()
    page.wait_for_url(re.compile(r"/nights/\d+/chips/$"))
    expect(page.locator("#chip-fit")).to_contain_text("cannot pay exactly")
    assert_fits_the_phone(page)
    button(page, "Add a red chip worth $0.05").click()
    expect(page.locator("#chip_name_0")).to_have_value("red")
    button(page, "Save the chips").click()
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    expect(page.get_by_text("1 chip = 0.05 USD (red 0.05, white 0.10, blue 1.00).")).to_be_visible()
    assert_fits_the_phone(page)
