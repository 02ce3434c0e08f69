"""The dealer's showdown panel on one 360 px phone: cards tapped in place, ranked on top.

The host signs in, seats and buys in Ann, Bob and Cat (20 chips each, none of
them with a phone) and deals Five Card Draw from the Deal tab (Cat deals);
everyone checks both rounds. At the showdown the "Who wins?" panel shows one
player's grid at a time, Ann's first (the first with no cards yet):

    Ann, by taps: A♠, then A♦ and A♥ tapped 40 ms apart, K♦, 7♥   three aces
    Bob, by taps after opening his entry (Ann's folds away):
        Q♠ Q♦ 4♥ 3♣ 2♦                                           a pair of queens
    Cat's 2♥ saved elsewhere: the page's poll shows it, Bob's grid stays open
    Cat, typed again and saved: 2♥ 5♣ 8♦ J♥ 9♠                          jack high
    "Rank the hands": High: 1. Ann; 2. Bob; 3. Cat, on top of the panel,
        and each player's line names the hand it makes.

Every save swaps the panel in place: the page stays where the dealer was.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table import (
    POLLED,
    REFUSED,
    Phone,
    book,
    button,
    check_around,
    next_step,
    press,
    set_up,
    sign_in_and_seat,
    start,
    to_tab,
)

pytestmark = pytest.mark.browser

SCROLLED = "() => window.scrollY"


def fold(page, name: str):
    """A player's entry in the panel, folded away or open."""
    return page.locator("details.player-cards").filter(
        has=page.locator("summary strong", has_text=re.compile(rf"^{name}$"))
    )


def tap(page, name: str, card: str) -> None:
    """One tap on a card of `name`'s grid, then wait until the panel shows it face down."""
    grid = fold(page, name)
    grid.get_by_role("button", name=f"{card}, not held", exact=True).click()
    expect(grid.get_by_role("button", name=f"{card}, face down", exact=True)).to_be_visible()
    expect(page.locator(REFUSED)).to_have_count(0)


def test_the_dealer_taps_each_hand_in_place_and_the_ranking_comes_on_top(
    new_phone, site, site_host, host_user
):
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    seats_url = sign_in_and_seat(page, site, "Showdown", {"Ann": 20, "Bob": 20, "Cat": 20})
    table_url = seats_url.removesuffix("seats/")
    page.goto(f"{table_url}deal/")
    set_up(page, "five-card-draw", "Five Card Draw")
    start(page, "Five Card Draw", dealer="Cat")
    book(page, "ante")
    next_step(page, "Deal five")
    next_step(page, "Before the draw")
    press(page, "Open Before the draw")
    to_tab(page, "Table", r"/nights/\d+/$")
    host.check()
    check_around(page, "Ann", "Bob", "Cat")
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Draw")
    next_step(page, "After the draw")
    press(page, "Open After the draw")
    to_tab(page, "Table", r"/nights/\d+/$")
    check_around(page, "Ann", "Bob", "Cat")
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Showdown")

    # One grid at a time: Ann's, the first with no cards yet; the others fold away.
    panel = page.locator("#who-wins")
    expect(panel.locator("details.player-cards")).to_have_count(3)
    expect(panel.locator("details.player-cards[open]")).to_have_count(1)
    expect(fold(page, "Ann")).to_have_attribute("open", "")
    expect(fold(page, "Bob").locator("summary")).to_contain_text("no cards yet")
    host.check()
    # With every grid open, four players' panel ran to some 6,000 px; one grid open, the
    # ranking's place and three folded lines: about 1,100 px at 360 px.
    assert panel.bounding_box()["height"] < 1_300

    # A tap saves in place: the page is not sent back to the top.
    first = fold(page, "Ann").get_by_role("button", name="A♠, not held", exact=True)
    first.scroll_into_view_if_needed()
    before = page.evaluate(SCROLLED)
    assert before > 0
    tap(page, "Ann", "A♠")
    expect(panel.locator("p.notice")).to_have_text("Cards for Ann: ace of spades.")
    assert abs(page.evaluate(SCROLLED) - before) < 50
    expect(fold(page, "Ann")).to_have_attribute("open", "")

    # Two taps 40 ms apart: both land, in order.
    page.evaluate(
        """() => {
          const card = (code) => document.querySelector(
            `details.player-cards[open] button[name=tap][value="${code}"]`);
          card("Ad").click();
          setTimeout(() => card("Ah").click(), 40);
        }"""
    )
    ann = fold(page, "Ann")
    expect(ann.get_by_role("button", name="A♥, face down", exact=True)).to_be_visible()
    expect(ann.get_by_role("button", name="A♦, face down", exact=True)).to_be_visible()
    expect(ann.locator("summary .hand-cards")).to_have_text("A♠ A♦ A♥")
    for card in ("K♦", "7♥"):
        tap(page, "Ann", card)
    expect(ann.locator("summary .hand-cards")).to_have_text("A♠ A♦ A♥ K♦ 7♥")
    expect(page.locator(REFUSED)).to_have_count(0)

    # Opening Bob's entry folds Ann's away.
    fold(page, "Bob").locator("summary").click()
    expect(fold(page, "Ann")).not_to_have_attribute("open", "")
    expect(panel.locator("details.player-cards[open]")).to_have_count(1)
    for card in ("Q♠", "Q♦", "4♥", "3♣", "2♦"):
        tap(page, "Bob", card)
    expect(fold(page, "Bob").locator("summary .hand-cards")).to_have_text("Q♠ Q♦ 4♥ 3♣ 2♦")
    expect(fold(page, "Bob")).to_have_attribute("open", "")

    # Cards saved elsewhere (Cat's, posted behind the page's back) reach the page by its
    # 2 s poll, and the grid the dealer has open stays open (though every player has cards).
    page.evaluate(
        """async () => {
          const form = [...document.querySelectorAll("details.player-cards")]
            .find((d) => d.querySelector("summary strong").textContent === "Cat")
            .querySelector("form");
          const data = new FormData(form);
          data.set("cards", "2h");
          await fetch(form.action, { method: "POST", body: data });
        }"""
    )
    expect(fold(page, "Cat").locator("summary .hand-cards")).to_have_text(
        "2♥", timeout=2 * POLLED
    )  # a poll due while the last tap was on its way waits for the next
    expect(fold(page, "Bob")).to_have_attribute("open", "")
    expect(panel.locator("details.player-cards[open]")).to_have_count(1)

    # Cat's typed and saved: the panel swaps in place, the page stays where it was.
    fold(page, "Cat").locator("summary").click()
    page.get_by_label("Cat's cards", exact=True).fill("2h 5c 8d Jh 9s")
    save = button(page, "Save Cat's cards")
    save.scroll_into_view_if_needed()
    before = page.evaluate(SCROLLED)
    assert before > 0
    save.click()
    expect(panel.locator("p.notice")).to_contain_text("Cards for Cat: 2 of hearts, 5 of clubs")
    expect(fold(page, "Cat").locator("summary .hand-cards")).to_have_text("2♥ 5♣ 8♦ J♥ 9♠")
    assert abs(page.evaluate(SCROLLED) - before) < 50
    host.check()

    # The ranking comes on top of the panel, each line naming its hand.
    button(page, "Rank the hands").click()
    result = panel.locator(".showdown-result")
    expect(result.locator(".ranking")).to_have_text("High: 1. Ann; 2. Bob; 3. Cat")
    expect(fold(page, "Ann").locator("summary")).to_contain_text("Three of a kind, aces")
    expect(fold(page, "Bob").locator("summary")).to_contain_text("Pair of queens")
    on_top = result.bounding_box()["y"]
    assert on_top < panel.locator("ul.entered").bounding_box()["y"]
    assert on_top - panel.bounding_box()["y"] < 200  # right under the heading
    assert page.evaluate(SCROLLED) > 0
    host.check()
    assert host.problems() == []
