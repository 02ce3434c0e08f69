"""Settling up on phones: the host gives Ann's ways to be paid, Bob pays her from his phone,
and the spectator shares the recap; every page at 360 px, nothing asked of another host.

The night is played through the services (its hand is not what this test is about):
Ann, Bob and Cat buy 100 white chips (5 cents); Ann bets 40, both call, Ann takes the
120. Bob and Cat each owe Ann 40 chips, $2.00.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.table import Phone, button, claim, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def ended(host_user, group):
    return factories.night_ann_won(host_user, group=group)


def test_bob_pays_ann_from_his_phone_and_the_spectator_shares_the_night(
    new_phone, site, site_host, ended
):
    night, (ann, bob, _) = ended
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    sign_in(page, site, f"/nights/people/{ann.person.pk}/")
    page.get_by_label("Service").select_option(label="PayPal")
    page.get_by_label("Handle, IBAN or how to pay you").fill("AnnSmith")
    with page.expect_navigation():
        button(page, "Save").click()
    page.get_by_label("Service").select_option(label="Bank transfer (IBAN)")
    page.get_by_label("Handle, IBAN or how to pay you").fill("DE89 3704 0044 0532 0130 00")
    page.get_by_label("Account holder's name (IBAN only)").fill("Ann Smith")
    with page.expect_navigation():
        button(page, "Save").click()
    expect(page.get_by_text("DE89370400440532013000")).to_be_visible()
    host.check()

    bobs = Phone(new_phone(), site_host, "Bob")
    join = f"{site}{reverse('ledger:join', args=[bob.join_token])}"
    claim(bobs, join, "Seat 2: Bob", f"{site}{reverse('ledger:night', args=[night.pk])}")
    bobs.page.goto(f"{site}/nights/{night.pk}/settlement/")
    pay = bobs.page.get_by_role("region", name="Pay Ann $2.00").first
    expect(pay.get_by_role("link", name="PayPal: AnnSmith")).to_have_attribute(
        "href", "https://paypal.me/AnnSmith/2.00USD"
    )
    expect(pay.get_by_text("Ann Smith")).to_be_visible()
    pay.get_by_text("QR code, to pay from another phone").click()
    expect(pay.locator("svg.qr").first).to_be_visible()
    bobs.check(open_details=True)

    watcher = Phone(new_phone(), site_host, "spectator")
    watcher.page.goto(f"{site}/nights/watch/{night.spectator_token}/settlement/")
    recap = watcher.page.get_by_label("The night in a few lines, for the group chat")
    expect(recap).to_have_value(re.compile(r"Biggest pot: 120 chips \(\$6\.00\), won by Ann"))
    expect(watcher.page.get_by_text("AnnSmith")).to_have_count(0)
    expect(recap).to_have_value(re.compile(r"Still to pay: .*pays Ann \$2\.00"))
    watcher.check()

    for phone in (host, bobs, watcher):
        assert phone.problems() == [], phone.name
