"""A whole night on the ledger's pages, on two phones, from the antes to who pays whom.

The host signs in and runs the night from one phone; Cat claims her seat with
its join link on a second phone and records her own actions there. Neither
phone reloads to see the other's change: the table polls every 2 s.

The figures were worked out by hand. Chips: white 0.10 USD, red 0.50 (five
whites); the ante is 2. Ann deals, so Bob acts first, then Cat, then Ann.

    buy-ins                 Ann 100   Bob 80   Cat 30
    antes, 2 each           Ann  98   Bob 78   Cat 28    main pot 6
    round 1: Bob bets 10, Cat calls 10, Ann raises to 40, Bob calls 40,
             Cat goes all in for 28 in all (18 more: short of the 30 to call)
                            Ann  58   Bob 38   Cat  0
             Ann and Bob put in 42 each, Cat 30:
             main pot 3 x 30 = 90 (Bob, Cat, Ann), side pot 2 x 12 = 24 (Bob, Ann)
    round 2: Bob bets 20, Ann folds; nobody called the 20, so Bob has it back
                            Ann  58   Bob 38   Cat  0    main 90 (Bob, Cat), side 24 (Bob)
    showdown: Cat wins the main pot, Bob the side pot
                            Ann  58   Bob 62   Cat 90    (210 chips, as bought)
    counted                 Ann 10 red + 8 white, Bob 12 red + 2 white, Cat 18 red
    nets                    Ann -42 = -4.20   Bob -18 = -1.80   Cat +60 = +6.00
    settlement              Ann pays Cat 4.20 USD, Bob pays Cat 1.80 USD
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import assert_fits_the_phone, other_hosts
from tests.browser.table import create_the_night_anyway

pytestmark = pytest.mark.browser

# Long enough that a button naming it must wrap on a 360 px screen.
GROUP = "The kitchen table on Fridays"
# The table polls every 2 s; another phone's change shows by the next poll's answer.
POLLED = 3_000


def stack(page, name: str):
    return page.locator("#table .seat", has_text=name).locator(".chips strong")


def expect_stacks(page, **stacks: int) -> None:
    for name, chips in stacks.items():
        expect(stack(page, name)).to_have_text(str(chips))


def expect_pots(page, *pots: str) -> None:
    """Each pot as the table lists it: its chips, their money at 0.10 a chip, who may win it."""
    expect(page.locator("#table .pots li")).to_have_text(list(pots))


def cells(rows) -> list[list[str]]:
    return rows.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")


def turn(page):
    return page.locator("#table .turn")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def test_a_night_from_the_antes_to_who_pays_whom_on_two_phones(
    phone, page, new_phone, site, site_host, django_user_model
):
    django_user_model.objects.create_user(username="host", password="deal-me-in-9")
    elsewhere = other_hosts(phone, site_host)

    # The host signs in and creates the night.
    page.goto(f"{site}/nights/")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    assert_fits_the_phone(page)
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill("deal-me-in-9")
    button(page, "Sign in").click()
    page.wait_for_url(f"{site}/nights/")
    assert_fits_the_phone(page)

    page.get_by_role("link", name="New night").click()
    page.wait_for_url(f"{site}/nights/new/")
    assert_fits_the_phone(page)
    page.get_by_label("Night:", exact=True).fill("Friday")
    page.get_by_label("Group (the regulars)").fill(GROUP)
    page.locator("#chip_name_0").fill("white")
    page.locator("#chip_value_0").fill("0.10")
    page.locator("#chip_name_1").fill("red")
    page.locator("#chip_value_1").fill("0.50")
    page.get_by_label("Ante (chips each):").fill("2")
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    seats_url = page.url
    expect(page.get_by_text("1 chip = 0.10 USD (white 0.10, red 0.50).")).to_be_visible()

    # Three seats, each bought in.
    for name in ("Ann", "Bob", "Cat"):
        page.get_by_label("Name", exact=True).fill(name)
        with page.expect_navigation():
            button(page, "Take a seat").click()
    for name, chips in (("Ann", 100), ("Bob", 80), ("Cat", 30)):
        field = page.get_by_label(f"Chips to buy for {name}")
        field.fill(str(chips))
        with page.expect_navigation():
            field.press("Enter")
    expect(page.locator(".seat-card h2")).to_have_text(["1 · Ann 100", "2 · Bob 80", "3 · Cat 30"])
    assert_fits_the_phone(page, open_details=True)
    join = page.locator("details", has_text="Join link for Cat").locator("a[href*='/join/']")
    join_url = join.get_attribute("href")

    # Cat claims her seat on her own phone.
    cat_phone = new_phone()
    cat_elsewhere = other_hosts(cat_phone, site_host)
    cat = cat_phone.new_page()
    cat.goto(join_url)
    expect(cat.locator(".big-name")).to_have_text("Seat 3: Cat")
    assert_fits_the_phone(cat)
    button(cat, "This is me").click()
    cat.wait_for_url(seats_url.removesuffix("seats/"))
    expect(cat.locator("#table .seat.me")).to_contain_text("Cat")
    expect(cat.get_by_text("Waiting for the host or the next dealer")).to_be_visible()
    cat.evaluate("window.sameDocument = true")

    # The host starts hand 1 of Five Card Draw, Ann dealing, and takes the antes in one tap.
    page.get_by_role("link", name="To the table").click()
    page.wait_for_url(seats_url.removesuffix("seats/"))
    assert_fits_the_phone(page)
    page.get_by_label("Game").select_option("five-card-draw")
    expect(page.get_by_label("Dealer").locator("option:checked")).to_have_text("Ann")
    button(page, "Start hand").click()
    # Its ante was never confirmed here: its setup page first, prefilled; one tap deals.
    expect(page.get_by_text("was never confirmed at this night or its group")).to_be_visible()
    button(page, "Confirm the amounts, start Five Card Draw and deal").click()
    expect(page.locator(".hand-line")).to_have_text("Hand 1 · Five Card Draw · Ann deals")
    button(page, "Collect antes: 2 chips ($0.20) each").click()
    expect_stacks(page, Ann=98, Bob=78, Cat=28)
    expect_pots(page, "Main pot: 6 chips ($0.60) Bob, Cat, Ann")

    # Betting round 1 opens left of the dealer: Bob bets 10.
    button(page, "Open Before the draw").click()
    expect(turn(page)).to_contain_text("Bob to act: nothing to call")
    assert_fits_the_phone(page)
    page.get_by_label("Bet (total this round)").fill("10")
    button(page, "Bet").click()
    expect(turn(page)).to_contain_text("Cat to act: 10 chips ($1.00) to call")

    # Cat's phone sees it is her turn without a reload, and she calls.
    expect(button(cat, "Call 10 chips ($1.00)")).to_be_visible(timeout=POLLED)
    assert cat.evaluate("window.sameDocument") is True
    assert_fits_the_phone(cat)
    button(cat, "Call 10 chips ($1.00)").click()
    expect(turn(cat)).to_contain_text("Waiting for Ann")

    # The host's phone sees Cat's call by polling; Ann raises to 40 and Bob calls.
    expect(turn(page)).to_contain_text("Ann to act: 10 chips ($1.00) to call", timeout=POLLED)
    expect_stacks(page, Cat=18)
    page.get_by_label("Raise to (total this round)").fill("40")
    button(page, "Raise").click()
    expect(turn(page)).to_contain_text("Bob to act: 30 chips ($3.00) to call")
    button(page, "Call 30 chips ($3.00)").click()
    expect(turn(page)).to_contain_text("Cat to act: 30 chips ($3.00) to call")

    # Cat has 18 behind, short of 30: she may only fold or go all in.
    expect(button(cat, "All in: 28 chips ($2.80)")).to_be_visible(timeout=POLLED)
    expect(turn(cat).get_by_role("button")).to_have_text(["Fold", "All in: 28 chips ($2.80)"])
    button(cat, "All in: 28 chips ($2.80)").click()
    expect(cat.locator("#table .seat", has_text="Cat")).to_contain_text("all in")
    expect_stacks(cat, Ann=58, Bob=38, Cat=0)
    expect_pots(
        cat, "Main pot: 90 chips ($9.00) Bob, Cat, Ann", "Side pot 1: 24 chips ($2.40) Bob, Ann"
    )

    # Round 2: Bob bets 20 and Ann folds; Bob's uncalled 20 comes back to him.
    expect_pots(
        page, "Main pot: 90 chips ($9.00) Bob, Cat, Ann", "Side pot 1: 24 chips ($2.40) Bob, Ann"
    )
    button(page, "Open After the draw").click()
    expect(turn(page)).to_contain_text("Bob to act: nothing to call")
    page.get_by_label("Bet (total this round)").fill("20")
    button(page, "Bet").click()
    expect(turn(page)).to_contain_text("Ann to act: 20 chips ($2.00) to call")
    button(page, "Fold").click()
    expect(turn(page)).to_have_count(0)
    expect_stacks(page, Ann=58, Bob=38, Cat=0)
    expect_pots(page, "Main pot: 90 chips ($9.00) Bob, Cat", "Side pot 1: 24 chips ($2.40) Bob")

    # Showdown: Cat's hand takes the main pot; Bob alone can win the side pot.
    main_pot = page.locator("fieldset", has_text="Main pot: 90")
    side_pot = page.locator("fieldset", has_text="Side pot 1: 24")
    expect(side_pot.get_by_label("Bob")).to_be_checked()
    assert_fits_the_phone(page)
    main_pot.get_by_label("Cat").check()
    button(page, "Pay the pots").click()
    expect(page.locator(".hand-line")).to_have_text("Hand 1 is settled.")
    expect_stacks(page, Ann=58, Bob=62, Cat=90)
    expect(page.locator("#table .pots")).to_have_count(0)
    expect_stacks(cat, Ann=58, Bob=62, Cat=90)  # by polling, on Cat's phone too
    assert cat.evaluate("window.sameDocument") is True

    # The night ends: everyone counts their chips, colour by colour.
    page.get_by_role("link", name="End", exact=True).click()
    page.wait_for_url(re.compile(r"/end/$"))
    assert_fits_the_phone(page)
    for name, red, white in (("Ann", 10, 8), ("Bob", 12, 2), ("Cat", 18, "")):
        count = page.locator("fieldset.count", has_text=name)
        count.get_by_label("Red").fill(str(red))
        count.get_by_label("White").fill(str(white))
    button(page, "Check the counts").click()
    page.wait_for_url(re.compile(r"/end/\?"))
    expect(page.locator("fieldset.count p")).to_have_text(
        [
            "58 chips ($5.80): matches the ledger.",
            "62 chips ($6.20): matches the ledger.",
            "90 chips ($9.00): matches the ledger.",
        ]
    )
    assert_fits_the_phone(page)
    button(page, "End the night and settle up").click()
    page.wait_for_url(re.compile(r"/settlement/$"))

    # Who pays whom, in dollars.
    assert cells(page.locator("table.nets tbody tr")) == [
        ["Ann", "-42", "-4.20"],
        ["Bob", "-18", "-1.80"],
        ["Cat", "+60", "+6.00"],
    ]
    lines = [" ".join(line.split()) for line in page.locator(".pay-line").all_text_contents()]
    assert sorted(lines) == ["Ann pays Cat 4.20 USD", "Bob pays Cat 1.80 USD"]
    assert_fits_the_phone(page, open_details=True)
    ann_to_cat = page.locator(".payment", has_text="Ann pays Cat")
    # Explained back to the hand: Ann lost 42 ($4.20) in hand 1, Cat won 60 ($6.00).
    assert cells(ann_to_cat.locator("details tbody tr")) == [["1", "-42 -$4.20", "+60 +$6.00"]]

    # Cat's table says the night is over and where to see the results.
    expect(cat.get_by_text("This night has ended.")).to_be_visible(timeout=POLLED)

    # The night's history, the group and a player's results across nights fit the phone too.
    page.get_by_role("link", name="History", exact=True).click()
    page.wait_for_url(re.compile(r"/journal/$"))
    assert_fits_the_phone(page)
    page.goto(f"{site}/nights/")
    page.get_by_role("link", name=GROUP).click()
    page.wait_for_url(re.compile(r"/groups/\d+/$"))
    expect(page.get_by_role("link", name=f"New night for {GROUP}")).to_be_visible()
    assert_fits_the_phone(page)
    page.get_by_role("link", name="Ann", exact=True).click()
    page.wait_for_url(re.compile(r"/people/\d+/$"))
    expect(page.locator(".big-name")).to_have_text("-4.20 USD in all")
    assert_fits_the_phone(page)

    assert elsewhere == []
    assert cat_elsewhere == []
