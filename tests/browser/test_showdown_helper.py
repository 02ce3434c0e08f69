"""The showdown helper at a live hand, on two 360 px phones: cards in, tiers out, the pot paid.

The host signs in, creates the night (white chips at 0.25, ante 1), seats and
buys in Ann, Bob and Cat (20 chips each). Ann claims her seat on her own
phone and watches the table. The host deals Five Card Draw (Cat deals, so
Ann opens every round) from the Deal tab. Worked by hand:

    buy-ins                                Ann 20   Bob 20   Cat 20   (60)
    Ante in, 1 each (pot 3)                Ann 19   Bob 19   Cat 19
    Ann taps her cards on her phone (the first two 40 ms apart, both land):
        A♠ A♦ A♥ K♦ 7♥ (three aces), and only
        she sees them until the showdown (not the host, not the dealer)
    Before the draw, after the draw: everyone checks
    Showdown: the host types Bob's Q♠ Q♦ 4♥ 3♣ 2♦ (a pair of queens) and
        Cat's 2♥ 5♣ 8♦ J♥ 9♠ (jack high); Ann's phone now shows every hand
    "Rank the hands": 1. Ann; 2. Bob; 3. Cat
    "Fill the showdown form" ticks Ann for the main pot; "Book the showdown"
                                           Ann 22   Bob 19   Cat 19   (60)
    The history keeps the cards and the ranking with the award.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table import (
    POLLED,
    REFUSED,
    Phone,
    Table,
    book,
    button,
    check_around,
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


def enter_cards(page, name: str, cards: str) -> None:
    """The dealer opens a player's entry in the "Who wins?" panel, types the cards and saves
    them: the panel is swapped in place."""
    entry = page.locator("details.player-cards").filter(
        has=page.locator("summary strong", has_text=re.compile(rf"^{name}$"))
    )
    if entry.get_attribute("open") is None:
        entry.locator("summary").click()
    page.get_by_label(f"{name}'s cards", exact=True).fill(cards)
    button(page, f"Save {name}'s cards").click()
    expect(page.locator("#who-wins p.notice")).to_contain_text(f"Cards for {name}:")
    expect(page.locator(REFUSED)).to_have_count(0)


def test_cards_from_two_phones_are_ranked_and_fill_a_live_showdown(
    new_phone, site, site_host, host_user
):
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    seats_url = sign_in_and_seat(page, site, "Who wins", {"Ann": 20, "Bob": 20, "Cat": 20})
    table_url = seats_url.removesuffix("seats/")
    deal_url = f"{table_url}deal/"
    ann = Phone(new_phone(), site_host, "Ann's phone")
    claim(ann, join_url(page, "Ann"), "Seat 1: Ann", table_url)
    table = Table(host, ann)

    page.goto(deal_url)
    set_up(page, "five-card-draw", "Five Card Draw")
    start(page, "Five Card Draw", dealer="Cat")
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=19, Bob=19, Cat=19)

    # Ann taps her own cards on her phone's grid (once each: face down); each tap saves,
    # and the table shows them to her alone.
    mine = ann.page.locator("form.your-cards")
    # Her first two taps 40 ms apart: both land, in order.
    ann.page.evaluate(
        """() => {
          const card = (code) => document.querySelector(
            `#your-cards-form button[name=tap][value="${code}"]`);
          card("As").click();
          setTimeout(() => card("Ad").click(), 40);
        }"""
    )
    for card in ("A♠", "A♦"):
        expect(mine.get_by_role("button", name=f"{card}, face down", exact=True)).to_be_visible()
    expect(ann.page.locator(REFUSED)).to_have_count(0)
    for card in ("A♥", "K♦", "7♥"):
        mine.get_by_role("button", name=f"{card}, not held", exact=True).click()
        expect(mine.get_by_role("button", name=f"{card}, face down", exact=True)).to_be_visible()
        expect(ann.page.locator(REFUSED)).to_have_count(0)
    expect(ann.page.locator("form.your-cards .hand-cards")).to_have_text("A♠ A♦ A♥ K♦ 7♥")
    ann.check()
    page.goto(table_url)
    host.check()
    expect(page.locator("#table")).not_to_contain_text("A♠ A♦ A♥")
    page.goto(deal_url)

    # Deal, bet, draw, bet: everyone checks.
    next_step(page, "Deal five")
    next_step(page, "Before the draw")
    press(page, "Open Before the draw")
    to_tab(page, "Table", r"/nights/\d+/$")
    check_around(page, "Ann", "Bob", "Cat")
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Draw")
    next_step(page, "After the draw")
    press(page, "Open After the draw")
    to_tab(page, "Table", r"/nights/\d+/$")
    check_around(page, "Ann", "Bob", "Cat")
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Showdown")
    table.agree("Showdown", ["Main pot: 3"])

    # The dealer's "Who wins?" panel: Ann's cards are there; the dealer types Bob's and Cat's.
    panel = page.locator("#who-wins")
    expect(panel).to_contain_text("A♠ A♦ A♥ K♦ 7♥")
    enter_cards(page, "Bob", "Qs Qd 4h 3c 2d")
    enter_cards(page, "Cat", "2h 5c 8d Jh 9s")
    host.check()

    # At the showdown every phone sees every hand.
    shown = ann.page.locator(".cards-shown")
    expect(shown).to_contain_text("Q♠ Q♦ 4♥ 3♣ 2♦", timeout=POLLED)
    expect(shown).to_contain_text("2♥ 5♣ 8♦ J♥ 9♠")

    button(page, "Rank the hands").click()
    result = page.locator(".showdown-result")
    expect(result.locator(".ranking")).to_have_text("High: 1. Ann; 2. Bob; 3. Cat")
    expect(result).to_contain_text("Three of a kind, aces")
    host.check()

    button(page, "Fill the showdown form").click()
    expect(page.locator("#who-wins p.notice")).to_contain_text("filled from this ranking")
    form = page.locator("form").filter(has=button(page, "Book the showdown"))
    pot = form.locator("fieldset").filter(has_text=re.compile(r"^Main pot"))
    expect(pot.get_by_label("Ann", exact=True)).to_be_checked()
    expect(pot.get_by_label("Bob", exact=True)).not_to_be_checked()
    expect(pot.get_by_label("Cat", exact=True)).not_to_be_checked()
    press(page, "Book the showdown")
    table.stacks(Ann=22, Bob=19, Cat=19)

    # The history keeps the cards and how they ranked with the award.
    to_tab(page, "History", r"/journal/$")
    kept = page.locator("details.kept").first
    kept.locator("summary").click()
    expect(kept).to_contain_text("Three of a kind, aces")
    expect(kept).to_contain_text("Q♠ Q♦ 4♥ 3♣ 2♦")
    host.check(open_details=True)
    for phone in table.phones:
        assert phone.problems() == [], phone.name
