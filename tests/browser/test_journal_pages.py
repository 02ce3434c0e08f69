"""The History tab of a long night on a phone: a page of postings at a time, Older and Newer."""

import re

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.checks import check_page
from tests.browser.table import sign_in

pytestmark = pytest.mark.browser


def test_a_long_history_pages_older_and_newer_and_fits_the_phone(page, site, host, group):
    table = factories.night_with(host, group=group, seats=("Ann", "Bob"), buy_in=10)
    factories.chips_passed(table.night, table["Ann"], table["Bob"], 148)  # 150 postings in all
    path = f"/nights/{table.night.pk}/journal/"
    lines = page.locator("ol.postings > li")

    sign_in(page, site, "/nights/")
    page.goto(f"{site}{path}")
    expect(lines).to_have_count(100)
    expect(page.get_by_role("link", name=re.compile("Newer"))).to_have_count(0)

    page.get_by_role("link", name=re.compile("Older")).first.click()
    page.wait_for_url(re.compile(r"/journal/\?before=\d+$"))
    expect(lines).to_have_count(50)
    expect(lines.last).to_contain_text("Ann buys 10")
    expect(page.get_by_role("link", name=re.compile("Older"))).to_have_count(0)
    check_page(page)

    page.get_by_role("link", name=re.compile("Newer")).first.click()
    page.wait_for_url(f"{site}{path}")
    expect(lines).to_have_count(100)
