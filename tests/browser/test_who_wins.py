"""The rulebook's "Who wins?" page at a kitchen table, on one 360 px phone.

Midnight Baseball: threes and nines are wild, and a black six turned face up
kills the hand on the spot (a black six still face down does nothing). The
player who owns the phone opens the game's rule page, taps "Who wins?",
names the three players and enters the hands. Worked by hand:

    Ann taps hers in, each card twice (face down, then face up):
        A♠ A♦ 9♣ K♥ K♣      9♣ wild: A A K K + a wild = Full house, aces over kings
                            (9♣ as A♥: A♠ and A♦ are hers, and A♥ is the first ace left)
    Bob types his, and slips: "As Qh Qd 3h 5c" - A♠ is Ann's, and a
        one-deck game has one A♠, so the page refuses and says so.
        Fixed: Q♠ Q♥ Q♦ 3♥ 5♣   3♥ wild: Four of a kind, queens (3♥ as Q♣)
    Cat taps hers in: 7♥ 7♠ 8♦ 8♠ face up, and 6♣ once (face down)
        6♣ face down kills nothing: Two pair, eights and sevens
    "Who wins?"  High: First Bob, Second Ann, Third Cat
    Cat's 6♣ is tapped once more (face up): it kills her hand.
    "Who wins?"  High: First Bob, Second Ann; Cat is not ranked, killed by
        "A black six (spades or clubs) turned up kills the hand on the spot."

While the hands go in, a card one player holds is greyed (and cannot be
tapped) in every other player's grid. Every tap is one htmx swap of the form
(the page is never reloaded); the page fits the phone at every stage and asks
no other host for anything. Without JavaScript, the same taps are plain form
posts and the page works the same.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import assert_fits_the_phone, csp_violations, other_hosts

pytestmark = pytest.mark.browser

GAME = "midnight-baseball"
BLACK_SIX = "A black six (spades or clubs) turned up kills the hand on the spot."
# Set on the page before the first tap: still there after the taps means htmx swapped the
# form each time and the browser never loaded a new page.
MARK = "() => { window.stillThisPage = true; }"
STILL = "() => window.stillThisPage === true"


def seat(page, number: int):
    """Player `number`'s part of the form (1 is the first player)."""
    return page.locator(f"#player-{number - 1}")


def card(page, number: int, label: str):
    """One card of a player's tap grid, by its label ("A♠", "10♦")."""
    name = re.compile(rf"^{re.escape(label)}, ")
    return seat(page, number).get_by_role("button", name=name)


def tap(page, number: int, label: str, becomes: str) -> None:
    """Tap one card once and wait until the grid shows it `becomes` ("face down", "face up")."""
    cell = card(page, number, label)
    expect(cell).to_be_enabled()
    cell.click()
    expect(card(page, number, label)).to_have_accessible_name(f"{label}, {becomes}")


def tap_face_up(page, number: int, *labels: str) -> None:
    for label in labels:
        tap(page, number, label, "face down")
        tap(page, number, label, "face up")


def who_wins(page) -> None:
    page.get_by_role("button", name="Who wins?", exact=True).click()


def test_a_kitchen_table_taps_and_types_three_hands_and_the_black_six_kills_cat(
    phone, page, site, site_host
):
    elsewhere = other_hosts(phone, site_host)
    refused = csp_violations(phone)
    broken: list[str] = []
    page.on("pageerror", lambda error: broken.append(str(error)))

    # The game's rule page, one tap from the helper.
    page.goto(f"{site}/rules/{GAME}/")
    expect(page.locator("h1")).to_have_text("Midnight Baseball")
    assert_fits_the_phone(page)
    page.get_by_role("link", name="Who wins?", exact=True).click()
    page.wait_for_url(f"{site}/rules/{GAME}/who-wins/")
    expect(page.locator("h1")).to_contain_text("Who wins?")
    expect(page.locator("h1")).to_contain_text("Midnight Baseball")
    assert_fits_the_phone(page)
    page.evaluate(MARK)

    # Name the two players the page starts with, and add Cat.
    page.get_by_label("Player 1's name").fill("Ann")
    page.get_by_label("Player 2's name").fill("Bob")
    page.get_by_role("button", name="Add a player").click()
    expect(page.get_by_label("Player 3's name")).to_have_value("Player 3")
    # The answer took the old form's place: one form, one set of players.
    expect(page.locator("form.who-wins"), f"scripts broke: {broken}").to_have_count(1)
    page.get_by_label("Player 3's name").fill("Cat")
    expect(page.get_by_label("Player 1's name")).to_have_value("Ann")
    expect(page.get_by_label("Player 2's name")).to_have_value("Bob")

    # Ann taps her five cards, each twice: face down, then face up.
    tap_face_up(page, 1, "A♠", "A♦", "9♣", "K♥", "K♣")
    expect(page.get_by_label("Ann's cards")).to_have_value("As Ad 9c Kh Kc")
    expect(page.get_by_label("Of those, face up").first).to_have_value("As Ad 9c Kh Kc")
    expect(seat(page, 1).get_by_role("group", name="Ann: Spades")).to_be_visible()
    assert_fits_the_phone(page)

    # Her cards are greyed in the others' grids: nobody else can tap her A♠.
    for other in (2, 3):
        expect(card(page, other, "A♠")).to_be_disabled()
        expect(card(page, other, "A♠")).to_have_accessible_name("A♠, held by someone else")
        expect(card(page, other, "A♥")).to_be_enabled()

    # Cat taps four cards face up, and her 6♣ only once: face down.
    tap_face_up(page, 3, "7♥", "7♠", "8♦", "8♠")
    tap(page, 3, "6♣", "face down")
    expect(page.get_by_label("Cat's cards")).to_have_value("7h 7s 8d 8s 6c")
    expect(card(page, 1, "6♣")).to_be_disabled()
    expect(card(page, 2, "6♣")).to_have_accessible_name("6♣, held by someone else")

    # Bob types his hand and slips: A♠ for Q♠. The page refuses, and says why.
    page.get_by_label("Bob's cards").fill("As Qh Qd 3h 5c")
    who_wins(page)
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text("A♠")
    expect(refusal).to_contain_text("Ann")
    expect(refusal).to_contain_text("Bob")
    expect(refusal).to_contain_text("one A♠")
    expect(page.locator("#result")).to_have_count(0)
    expect(page.get_by_label("Bob's cards")).to_have_value("As Qh Qd 3h 5c")
    assert_fits_the_phone(page)

    # He fixes it; the cards all turned up, as Midnight Baseball plays them.
    page.get_by_label("Bob's cards").fill("Qs Qh Qd 3h 5c")
    seat(page, 2).get_by_label("Of those, face up").fill("Qs Qh Qd 3h 5c")
    expect(card(page, 1, "A♠")).to_have_accessible_name("A♠, face up")
    who_wins(page)

    result = page.locator("#result")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(result.locator(".tiers li")).to_have_text(
        [
            "First: Bob (Four of a kind, queens)",
            "Second: Ann (Full house, aces over kings)",
            "Third: Cat (Two pair, eights and sevens)",
        ]
    )
    hands = result.locator(".ww-hand")
    expect(hands.locator("h3")).to_have_text(["Ann", "Bob", "Cat"])
    ann, bob, cat = hands.nth(0), hands.nth(1), hands.nth(2)
    expect(ann).to_contain_text("Full house, aces over kings")
    expect(ann.locator(".pip")).to_have_text(["A♠", "A♦", "9♣", "K♥", "K♣"])
    expect(ann).to_contain_text("Wild: 9♣ as A♥")
    expect(bob).to_contain_text("Four of a kind, queens")
    expect(bob.locator(".pip")).to_have_text(["Q♠", "Q♥", "Q♦", "3♥", "5♣"])
    expect(bob).to_contain_text("Wild: 3♥ as Q♣")
    expect(cat).to_contain_text("Two pair, eights and sevens")
    expect(cat).not_to_contain_text("Wild:")
    expect(cat).not_to_contain_text("Killed")
    assert_fits_the_phone(page)

    # But Cat's 6♣ was turned up: one more tap shows it face up, and it kills her hand.
    tap(page, 3, "6♣", "face up")
    expect(page.get_by_label("Cat's cards")).to_have_value("7h 7s 8d 8s 6c")
    who_wins(page)
    expect(result.locator(".tiers li")).to_have_text(
        ["First: Bob (Four of a kind, queens)", "Second: Ann (Full house, aces over kings)"]
    )
    expect(result).to_contain_text("Not ranked here: Cat.")
    cat = result.locator(".ww-hand").filter(has=page.get_by_role("heading", name="Cat"))
    expect(cat.locator(".error")).to_have_text(f"Killed: {BLACK_SIX}")
    assert_fits_the_phone(page)

    # Every tap and every answer was an htmx swap: the page never reloaded.
    assert page.evaluate(STILL)
    assert broken == []
    assert elsewhere == []
    assert refused == []


def test_without_javascript_a_tap_still_cycles_the_card_and_who_wins_answers(
    new_phone, site, site_host
):
    phone = new_phone(java_script_enabled=False)
    elsewhere = other_hosts(phone, site_host)
    refused = csp_violations(phone)
    page = phone.new_page()
    page.goto(f"{site}/rules/{GAME}/who-wins/")
    assert_fits_the_phone(page)

    # Each tap is a plain form post: the page comes back with the card turned.
    with page.expect_navigation():
        card(page, 1, "9♣").click()
    expect(card(page, 1, "9♣")).to_have_accessible_name("9♣, face down")
    with page.expect_navigation():
        card(page, 1, "9♣").click()
    expect(card(page, 1, "9♣")).to_have_accessible_name("9♣, face up")
    expect(card(page, 2, "9♣")).to_be_disabled()
    assert_fits_the_phone(page)

    # Player 1 adds A♠ A♦ to the 9♣ by typing (three aces); Player 2 types K♠ K♦ 5♥ (kings).
    page.get_by_label("Player 1's cards").fill("9c As Ad")
    page.get_by_label("Player 2's cards").fill("Ks Kd 5h")
    with page.expect_navigation():
        who_wins(page)
    result = page.locator("#result")
    expect(result.locator(".tiers li")).to_have_text(
        [
            "First: Player 1 (Three of a kind, aces)",
            "Second: Player 2 (Pair of kings)",
        ]
    )
    expect(result).to_contain_text("Wild: 9♣ as A♥")
    assert_fits_the_phone(page)
    assert elsewhere == []
    assert refused == []
