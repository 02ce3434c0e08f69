"""The ledger's defences as people at the table meet them, in a real Chromium on phones.

A join link is a way in, not a password: once Ann's phone holds her seat,
Bob borrowing the QR code gets the seat on his phone only after the host
frees it, and then Ann's phone no longer acts as Ann. A host's account
stops taking passwords after five wrong ones.

Every page on the way must fit a 360 px phone with thumb-sized targets, ask
no other host for anything, and run nothing the Content-Security-Policy refuses.
"""

import re

import pytest
from playwright.sync_api import expect

from ledger.services import seating
from sitewide import limits
from tests.browser.checks import assert_fits_the_phone, csp_violations, other_hosts
from tests.browser.table import create_the_night_anyway, seat_card

pytestmark = pytest.mark.browser

HOST = "host"
PASSWORD = "deal-me-in-9"
WRONG_PASSWORD = "Please enter a correct username and password."
TAKEN = "Another phone holds this seat. If it should be this one, ask the host"


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


class Phone:
    """One browser context and what went wrong on it: pages that do not fit, other hosts, CSP.

    Pages that do not fit are noted and the walk goes on, so one bad page
    does not hide what the rest of the story would have shown.
    """

    def __init__(self, context, site_host: str):
        self.elsewhere = other_hosts(context, site_host)
        self.refused = csp_violations(context)
        self.misfits: list[str] = []
        self.page = context.new_page()

    def fits(self, *, open_details: bool = False) -> None:
        try:
            assert_fits_the_phone(self.page, open_details=open_details)
        except AssertionError as exc:
            self.misfits.append(str(exc).splitlines()[0])

    def problems(self) -> list[str]:
        return [*self.misfits, *(f"asked {url}" for url in self.elsewhere), *self.refused]


def sign_in(page, password: str) -> None:
    page.get_by_label("Username").fill(HOST)
    page.get_by_label("Password").fill(password)
    with page.expect_navigation():
        button(page, "Sign in").click()


def test_a_held_seat_moves_to_another_phone_only_when_the_host_frees_it(
    new_phone, site, site_host, django_user_model
):
    django_user_model.objects.create_user(username=HOST, password=PASSWORD)

    # The host signs in, makes the night and seats Ann and Bob.
    host = Phone(new_phone(), site_host)
    page = host.page
    page.goto(f"{site}/nights/new/")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    host.fits()
    sign_in(page, PASSWORD)
    page.wait_for_url(f"{site}/nights/new/")
    host.fits()
    page.get_by_label("Night:", exact=True).fill("Friday")
    page.get_by_label("Group (the regulars)").fill("Fridays")
    page.locator("#chip_name_0").fill("white")
    page.locator("#chip_value_0").fill("0.25")
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    seats_url = page.url
    table_url = seats_url.removesuffix("seats/")
    for name in ("Ann", "Bob"):
        page.get_by_label("Name", exact=True).fill(name)
        with page.expect_navigation():
            button(page, "Take a seat").click()
    ann_card = seat_card(page, "Ann")
    ann_card.get_by_text("Join link for Ann").click()
    host.fits(open_details=True)
    # Copied as a person would: the address printed under the QR code.
    join_url = ann_card.locator("a[href*='/join/']").inner_text().strip()

    # Ann scans the code; Bob, beside her, scans it too and his phone shows the same page.
    ann = Phone(new_phone(), site_host)
    bob = Phone(new_phone(), site_host)
    for phone in (ann, bob):
        phone.page.goto(join_url)
        expect(phone.page.locator(".big-name")).to_have_text("Seat 1: Ann")
        phone.fits()

    # Ann taps first and her phone shows the table.
    button(ann.page, "This is me").click()
    ann.page.wait_for_url(table_url)
    expect(ann.page.locator("#table .seat.me")).to_contain_text("Ann")
    ann.fits()

    # Bob's tap comes second: refused, the seat stays on Ann's phone.
    with bob.page.expect_navigation():
        button(bob.page, "This is me").click()
    expect(bob.page.get_by_role("alert")).to_contain_text(seating.SEAT_HELD)
    bob.fits()
    bob.page.goto(join_url)
    expect(bob.page.get_by_text(TAKEN)).to_be_visible()
    expect(button(bob.page, "This is me")).to_have_count(0)
    bob.fits()
    assert bob.page.goto(table_url).status == 404
    bob.fits()
    ann.page.reload()
    expect(ann.page.locator("#table .seat.me")).to_contain_text("Ann")

    # The host sees Ann's seat is on a phone, and frees it.
    page.reload()
    expect(ann_card).to_contain_text("on their phone")
    ann_card.get_by_text("Join link for Ann").click()
    with page.expect_navigation():
        button(ann_card, "Free this seat for another phone").click()
    page.wait_for_url(seats_url)
    expect(ann_card).not_to_contain_text("on their phone")
    expect(button(ann_card, "Free this seat for another phone")).to_have_count(0)
    host.fits(open_details=True)

    # Now Bob's phone can claim the seat, with the same link.
    bob.page.goto(join_url)
    expect(bob.page.get_by_text(TAKEN)).to_have_count(0)
    button(bob.page, "This is me").click()
    bob.page.wait_for_url(table_url)
    expect(bob.page.locator("#table .seat.me")).to_contain_text("Ann")
    bob.fits()

    # Ann's phone is no longer Ann: no table, and her link says another phone holds the seat.
    assert ann.page.reload().status == 404
    ann.fits()
    ann.page.goto(join_url)
    expect(ann.page.get_by_text(TAKEN)).to_be_visible()
    expect(button(ann.page, "This is me")).to_have_count(0)
    ann.fits()

    found = {"host": host.problems(), "Ann": ann.problems(), "Bob": bob.problems()}
    assert found == {"host": [], "Ann": [], "Bob": []}


def test_five_wrong_passwords_lock_the_account_so_the_right_one_no_longer_signs_in(
    new_phone, site, site_host, django_user_model
):
    django_user_model.objects.create_user(username=HOST, password=PASSWORD)
    guesser = Phone(new_phone(), site_host)
    page = guesser.page
    page.goto(f"{site}/accounts/login/")
    guesser.fits()

    for attempt in range(5):
        sign_in(page, f"wrong-{attempt}")
        expect(page.get_by_text(WRONG_PASSWORD)).to_be_visible()
        expect(page.get_by_text(limits.TOO_MANY_FOR_ACCOUNT)).to_have_count(0)
        guesser.fits()

    sign_in(page, PASSWORD)
    expect(page.get_by_role("alert")).to_have_text(limits.TOO_MANY_FOR_ACCOUNT)
    assert page.url.startswith(f"{site}/accounts/login/")
    guesser.fits()

    # Not signed in: the nights are still behind the sign-in page.
    page.goto(f"{site}/nights/")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    assert guesser.problems() == []
