"""A player's turn on a 360 x 740 phone: their buttons on the first screen, on both tabs.

The host signs in, creates the night (white chips at 0.25, ante 1), seats and
buys in Ann, Bob and Cat (20 chips each). Bob claims his seat on his own
phone. The host deals Five Card Draw from the Deal tab, Ann dealing, so Bob
acts first in every round. Bob's phone shows his 52-card grid ("Your cards")
all the while; his turn's buttons come above it, without scrolling.

    Ante in, 1 each (pot 3)                 Ann 19   Bob 19   Cat 19
    Before the draw: Bob checks on the Deal tab; Cat bets 2 (the host for her),
    Ann calls: Bob has 2 chips ($0.50) to call, and calls on the Table tab
                                            Ann 17   Bob 17   Cat 17   (pot 9)
"""

import pytest
from playwright.sync_api import expect

from tests.browser.table import (
    POLLED,
    REFUSED,
    Phone,
    Table,
    book,
    button,
    claim,
    join_url,
    next_step,
    press,
    set_up,
    sign_in_and_seat,
    start,
    to_tab,
)

pytestmark = pytest.mark.browser

SCREEN = 740


def on_first_screen(page, name: str) -> None:
    """The button is whole within the first screen, the page not scrolled."""
    assert page.evaluate("window.scrollY") == 0
    box = button(page, name).bounding_box()
    assert box is not None, f"{name} is not shown"
    assert box["y"] >= 0, (name, box)
    assert box["y"] + box["height"] <= SCREEN, (name, box)
    assert box["height"] >= 44, (name, box)


def test_a_players_turn_shows_their_buttons_without_scrolling_on_both_tabs(
    new_phone, site, site_host, host_user
):
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    seats_url = sign_in_and_seat(page, site, "Your turn", {"Ann": 20, "Bob": 20, "Cat": 20})
    table_url = seats_url.removesuffix("seats/")
    deal_url = f"{table_url}deal/"
    bob = Phone(new_phone(), site_host, "Bob's phone")
    claim(bob, join_url(page, "Bob"), "Seat 2: Bob", table_url)
    table = Table(host, bob)

    page.goto(deal_url)
    set_up(page, "five-card-draw", "Five Card Draw")
    start(page, "Five Card Draw", dealer="Ann")
    book(page, "ante")
    next_step(page, "Deal five")
    next_step(page, "Before the draw")
    press(page, "Open Before the draw")
    table.agree("Before the draw", ["Main pot: 3"])

    # Bob's phone on the Table tab: his turn first, above the seats and his 52-card grid.
    phone = bob.page
    phone.goto(table_url)
    expect(phone.locator("#your-cards-form button[name=tap]")).to_have_count(52)
    expect(phone.locator("#table .turn h2")).to_have_text("Your turn: nothing to call")
    on_first_screen(phone, "Check")
    expect(phone.locator("#table .turn").get_by_role("button", name="Fold")).to_have_count(0)
    bob.check()

    # And on the Deal tab: the same turn at the top; his check comes back to the Deal tab.
    phone.goto(deal_url)
    expect(phone.locator("#deal .turn h2")).to_have_text("Your turn: nothing to call")
    on_first_screen(phone, "Check")
    bob.check()
    with phone.expect_navigation():
        button(phone, "Check").click()
    expect(phone).to_have_url(deal_url)
    expect(phone.locator(REFUSED)).to_have_count(0)
    expect(phone.locator("#deal .turn h2")).to_have_text("Cat to act: nothing to call")
    expect(phone.locator("#deal .turn")).to_contain_text("Waiting for Cat.")

    # The host acts for Cat and Ann on the Table tab: Cat bets 2, Ann calls.
    to_tab(page, "Table", r"/nights/\d+/$")
    expect(page.locator("#table .turn h2")).to_have_text("Cat to act: nothing to call")
    host.check()
    page.get_by_label("Bet (total this round)").fill("2")
    button(page, "Bet").click()
    expect(page.locator("#table .turn h2")).to_have_text("Ann to act: 2 chips ($0.50) to call")
    button(page, "Call 2 chips ($0.50)").click()
    expect(page.locator("#table .turn h2")).to_have_text("Bob to act: 2 chips ($0.50) to call")

    # Bob's Deal tab follows by polling: his Call, in chips and money, on the first screen.
    expect(phone.locator("#deal .turn h2")).to_have_text(
        "Your turn: 2 chips ($0.50) to call", timeout=POLLED
    )
    on_first_screen(phone, "Call 2 chips ($0.50)")
    on_first_screen(phone, "Fold")
    bob.check()

    # On the Table tab too, with the grid below; he calls there.
    phone.goto(table_url)
    expect(phone.locator("#your-cards-form button[name=tap]")).to_have_count(52)
    on_first_screen(phone, "Call 2 chips ($0.50)")
    bob.check()
    button(phone, "Call 2 chips ($0.50)").click()
    expect(phone.locator("#table .turn")).to_have_count(0)
    table.stacks(Ann=17, Bob=17, Cat=17)
    assert host.problems() == []
    assert bob.problems() == []
