"""A money night on 360 px phones: buy-ins typed in money and colours, paid in cash or on credit,
a Guts game that one player leaves between deals, and the settlement with the bank.

The host runs the night on a phone (the Deal tab, and the Seats tab to buy in
and to let Dan go); Ann follows the Deal tab, Bob and Dan the table, each on
their own phone after claiming their seat. Cat has no phone. After every
host action every phone shows the same step, pots, stacks and riding pot
within 2 s, by polling alone. Every figure was worked out by hand from the
rule data (guts-three-card.yaml, its settings at their defaults: ante only
into an empty pot, a beaten guts-er pays twice the pot) and ledger/README.md.

The night: two colours, white 0.25 USD and red 1.00 USD (a red is 4 whites),
so one chip is a quarter. House setting `leaving`: "They take back their
share, in proportion to what they put in" (`returned`). Seats in order Ann,
Bob, Cat, Dan.

    buy-in   typed             chips   money   paid
    Ann      "$20"                80   20.00   in cash to the bank
    Bob      "10", in USD         40   10.00   on credit
    Cat      "15 red"             60   15.00   in cash to Ann
    Dan      "10 red 20 white"    60   15.00   in cash to the bank          (240)
    cash boxes: the bank 20.00 + 15.00 = 35.00 (140 chips); Ann 15.00 (60 chips)

Guts (three-card), no options, the table's ante agreed at 2. Ann deals deal 1,
Bob deal 2, Cat deal 3.

    deal 1  Ante in, 2 each (pot 8)           Ann 78   Bob 38   Cat 58   Dan 58
            Ann says guts, Dan challenges and loses: Dan pays the pot just
            won (8) into the next pot, Ann takes the 8
                                              Ann 86   Bob 38   Cat 58   Dan 50   rides 8
            put into the game so far: Ann 2, Bob 2, Cat 2, Dan 2 + 8 = 10 (16)
    Dan goes home between deals, cashed out in cash from the bank. His share
            of the riding 8, in proportion to what each put in: 8 x 10/16 = 5
            back to his stack (Ann's, Bob's and Cat's shares, 1 each, stay in
            the pot)                          Dan 55, cashed out 55 = 13.75   rides 3
    deal 2  Ann, Bob and Cat; the 3 ride in (pot 3), no ante into a pot
            Bob says guts, Cat challenges and beats him: Cat takes the 3,
            Bob pays twice the pot (6) into the next pot
                                              Ann 86   Bob 32   Cat 61            rides 6
    deal 3  the 6 ride in (pot 6); Ann says guts, nobody challenges: she
            takes the 6 and the game is over  Ann 92   Bob 32   Cat 61   (+ Dan's 55 = 240)

The count, colour by colour: Ann 20 red + 12 white = 92, Bob 8 red = 32,
Cat 15 red + 1 white = 61: each matches the ledger, and the night ends.

Settlement at 0.25 a chip:
    nets    Ann 92 - 80 = +12 = +3.00   Bob 32 - 40 = -8 = -2.00
            Cat 61 - 60 = +1 = +0.25    Dan 55 - 60 = -5 = -1.25          (sum 0)
    cash    the bank took 20.00 (Ann) + 15.00 (Dan) and paid Dan 13.75: holds 21.25
            Ann holds Cat's 15.00
    still due (net + cash paid - cash held - cash received):
            Ann  +12 + 80 - 60 = +32 = +8.00     Bob  -8 = -2.00
            Cat   +1 + 60      = +61 = +15.25    Dan  -5 + 60 - 55 = 0
            the bank  -80 - 60 + 55 = -85 = -21.25                         (sum 0)
    No group of them sums to zero, so 4 parties owing or owed settle in 3
    transfers; the largest debtor pays the largest creditor:
            the bank pays Cat 15.25 (61); the bank pays Ann the rest it holds,
            6.00 (24); Bob pays Ann 2.00 (8).
    Check: Ann ends with 15.00 (Cat's) + 6.00 + 2.00 = 23.00 = her 20.00 + 3.00;
    Cat paid 15.00, gets 15.25: +0.25; Dan paid 15.00, got 13.75: -1.25;
    Bob pays 2.00; the bank pays out all its 21.25.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.table import (
    POLLED,
    REFUSED,
    Phone,
    Table,
    book,
    button,
    cells,
    claim,
    create_the_night_anyway,
    join_url,
    name_who,
    next_step,
    press,
    seat_card,
    set_up,
    showdown,
    sign_in,
    start,
    to_tab,
)

pytestmark = pytest.mark.browser


def sign_in_and_create(page, site: str) -> str:
    """Sign in, create the night with two colours and `leaving` "returned"; the seats page's URL."""
    sign_in(page, site, "/nights/new/")
    check_page(page)
    page.get_by_label("Night:", exact=True).fill("Money night")
    page.get_by_label("Group (the regulars)").fill("The back room")
    page.locator("#chip_name_0").fill("white")
    page.locator("#chip_value_0").fill("0.25")
    page.locator("#chip_name_1").fill("red")
    page.locator("#chip_value_1").fill("1.00")
    expect(
        page.get_by_label("What they put in stays in the pot for whoever wins it")
    ).to_be_checked()
    page.get_by_label("They take back their share, in proportion to what they put in").check()
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    check_page(page, open_details=True)
    return page.url


def buy_in(page, name: str, typed: str, *, money: bool = False, cash_to: str | None = None):
    """Buy `name` in for `typed` (chips, "$20", colours); in cash to `cash_to`, else on credit."""
    form = seat_card(page, name).locator("form.buy-in")
    form.get_by_label(f"Chips to buy for {name}").fill(typed)
    if money:
        form.get_by_label("Typed in").select_option(label="USD")
    if cash_to is None:
        expect(form.get_by_label("On credit: settled at the end")).to_be_checked()
    else:
        form.get_by_label("In cash to").check()
        form.get_by_label("Who takes the cash").select_option(label=cash_to)
    with page.expect_navigation():
        button(form, "Buy in").click()
    expect(page.locator(REFUSED)).to_have_count(0)


def test_a_money_night_with_a_leaver_settles_with_the_bank_on_360_px_phones(
    new_phone, site, site_host, host_user
):
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    seats_url = sign_in_and_create(page, site)
    table_url = seats_url.removesuffix("seats/")
    deal_url = f"{table_url}deal/"
    expect(page.get_by_text("1 chip = 0.25 USD (white 0.25, red 1")).to_be_visible()

    # --- Four seats, bought in in money and colours, in cash and on credit --------
    for name in ("Ann", "Bob", "Cat", "Dan"):
        page.get_by_label("Name", exact=True).fill(name)
        with page.expect_navigation():
            button(page, "Take a seat").click()
    buy_in(page, "Ann", "$20", cash_to="the bank (the host)")
    buy_in(page, "Bob", "10", money=True)
    buy_in(page, "Cat", "15 red", cash_to="Ann")
    buy_in(page, "Dan", "10 red 20 white", cash_to="the bank (the host)")
    expect(page.locator(".seat-card h2")).to_have_text(
        ["1 · Ann 80", "2 · Bob 40", "3 · Cat 60", "4 · Dan 60"]
    )
    expect(seat_card(page, "Ann").locator("p.muted")).to_contain_text(
        "In for 80 chips ($20.00), paid $20.00 in cash"
    )
    expect(seat_card(page, "Bob").locator("p.muted")).to_contain_text("In for 40 chips ($10.00)")
    expect(seat_card(page, "Cat").locator("p.muted")).to_contain_text(
        "In for 60 chips ($15.00), paid $15.00 in cash"
    )
    expect(page.locator("p.cash-boxes")).to_have_text(
        re.compile(r"The bank.* holds \$35\.00; Ann holds \$15\.00\.")
    )
    check_page(page, open_details=True)

    # Ann, Bob and Dan claim their seats; Ann watches the Deal tab, Bob and Dan the table.
    links = {name: join_url(page, name) for name in ("Ann", "Bob", "Dan")}
    ann = Phone(new_phone(), site_host, "Ann's phone")
    bob = Phone(new_phone(), site_host, "Bob's phone")
    dan = Phone(new_phone(), site_host, "Dan's phone")
    claim(ann, links["Ann"], "Seat 1: Ann", table_url)
    claim(bob, links["Bob"], "Seat 2: Bob", table_url)
    claim(dan, links["Dan"], "Seat 4: Dan", table_url)
    ann.page.goto(deal_url)
    table = Table(host, ann, bob, dan)

    page.goto(deal_url)
    table.agree(None, [])
    table.stacks(Ann=80, Bob=40, Cat=60, Dan=60)

    # --- Guts, deal 1: the ante, Ann's guts call stands against Dan ---------------
    set_up(page, "guts-three-card", "Guts")
    expect(page.get_by_label("Only when a new game starts with an empty pot.")).to_be_checked()
    expect(page.get_by_label("Twice the pot, so the penalty is harsher")).to_be_checked()
    page.get_by_label("The table's ante").fill("2")
    start(page, "Guts", dealer="Ann")
    table.agree("Ante in", [])
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 8"])
    table.stacks(Ann=78, Bob=38, Cat=58, Dan=58)
    next_step(page, "Deal three")
    table.agree("Deal three", ["Main pot: 8"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 8"])
    name_who(page, "Who passes", "Bob", "Cat")
    name_who(page, "Who said guts first", "Ann")
    next_step(page, "Show and settle")
    table.agree("Show and settle", ["Main pot: 8"])
    showdown(page, fire={"challengers-match": ["Dan"]}, winners=("Ann",))
    table.agree(None, [])
    table.stacks(Ann=86, Bob=38, Cat=58, Dan=50)
    table.rides(8)
    expect(page.get_by_role("heading", name="Deal the next hand of Guts")).to_be_visible()

    # --- Between deals Dan goes home: his share of the 8 back, cashed out from the bank
    to_tab(page, "Seats", r"/seats/$")
    check_page(page, open_details=True)
    expect(page.locator("section.card", has_text="Guts is being played")).to_contain_text(
        "Pot rides: 8 chips ($2.00)."
    )
    dan_card = seat_card(page, "Dan")
    more = dan_card.locator("details").filter(has=page.get_by_text("Cash out, adjust, sit out"))
    if more.get_attribute("open") is None:  # the phone check above opened every fold
        more.locator("summary").click()
    leave = dan_card.locator("form").filter(has=button(page, "Dan leaves early, cashed out"))
    expect(leave.get_by_label("At the end, with the settlement")).to_be_checked()
    leave.get_by_label("In cash from").check()
    leave.get_by_label("Who pays the cash").select_option(label="the bank (the host)")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        button(leave, "Dan leaves early, cashed out").click()
    expect(page.locator(REFUSED)).to_have_count(0)
    expect(page.locator("main [role=status]")).to_have_text(
        "Dan has left and is cashed out. Dan takes back 5 of the 8 riding in Guts,"
        " in proportion to what they put in."
    )
    expect(dan_card.locator("p.muted")).to_contain_text("cashed out 55 chips ($13.75)")
    expect(page.locator("section.card", has_text="Guts is being played")).to_contain_text(
        "Pot rides: 3 chips ($0.75)."
    )
    expect(page.locator("p.cash-boxes")).to_have_text(
        re.compile(r"The bank.* holds \$21\.25; Ann holds \$15\.00\.")
    )
    check_page(page, open_details=True)
    to_tab(page, "Deal", r"/deal/$")
    table.agree(None, [])
    table.rides(3)
    table.stacks(Ann=86, Bob=38, Cat=58)
    for phone in (bob, dan):
        left = phone.page.locator("#table .seat").filter(has_text="Dan")
        expect(left, phone.name).to_contain_text("left", timeout=POLLED)
        expect(left.locator(".chips strong"), phone.name).to_have_text("0", timeout=POLLED)

    # --- Deal 2 without Dan: Cat beats Bob's guts call, Bob pays twice the pot ----
    page.get_by_label("Dealer", exact=True).select_option(label="Bob")
    press(page, "Deal")
    expect(page.locator("nav.steps li")).to_have_text(
        ["Deal three", "Guts or pass", "Show and settle", "Next hand"]
    )
    expect(page.locator("#deal .seat")).to_have_count(3)
    table.agree("Deal three", ["Main pot: 3"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 3"])
    name_who(page, "Who passes", "Ann")
    name_who(page, "Who said guts first", "Bob")
    next_step(page, "Show and settle")
    table.agree("Show and settle", ["Main pot: 3"])
    showdown(page, fire={"gutser-pays-twice": ["Bob"]}, winners=("Cat",))
    table.agree(None, [])
    table.stacks(Ann=86, Bob=32, Cat=61)
    table.rides(6)

    # --- Deal 3: Ann's guts call goes unchallenged; she takes the 6, game over ----
    page.get_by_label("Dealer", exact=True).select_option(label="Cat")
    press(page, "Deal")
    table.agree("Deal three", ["Main pot: 6"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 6"])
    # Bob and Cat pass: the call stands, and the pot is Ann's without a showdown.
    name_who(page, "Who passes", "Bob", "Cat")
    press(page, "Give the pot to Ann")
    table.agree(None, [])
    table.stacks(Ann=92, Bob=32, Cat=61)
    table.rides(None)
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()

    # --- The host counts the chips and ends the night -----------------------------
    to_tab(page, "End", r"/end/$")
    check_page(page)
    for name, red, white in (("Ann", 20, 12), ("Bob", 8, 0), ("Cat", 15, 1)):
        count = page.locator("fieldset.count", has_text=name)
        count.get_by_label("Red").fill(str(red))
        count.get_by_label("White").fill(str(white))
    button(page, "Check the counts").click()
    page.wait_for_url(re.compile(r"/end/\?"))
    expect(page.locator("fieldset.count p")).to_have_text(
        [re.compile(r"chips \(\S+\): matches the ledger\.$")] * 3
    )
    check_page(page)
    button(page, "End the night and settle up").click()
    page.wait_for_url(re.compile(r"/settlement/$"))
    check_page(page, open_details=True)

    # --- The settlement: nets, who holds the cash, the transfers with the bank ----
    assert sorted(cells(page.locator("table.nets tbody tr"))) == [
        ["Ann", "+12", "+3.00"],
        ["Bob", "-8", "-2.00"],
        ["Cat", "+1", "+0.25"],
        ["Dan", "-5", "-1.25"],
    ]
    boxes = sorted(
        " ".join(x.split()) for x in page.locator("ul.cash-boxes li").all_text_contents()
    )
    assert boxes == [
        "Ann holds $15.00 in cash paid for chips.",
        "The bank holds $21.25 in cash paid for chips.",
    ]
    lines = sorted(" ".join(x.split()) for x in page.locator(".pay-line").all_text_contents())
    assert lines == [
        "Bob pays Ann 2.00 USD",
        "The bank pays Ann 6.00 USD",
        "The bank pays Cat 15.25 USD",
    ]

    # Every other phone hears the night is over, Dan's too.
    for phone in (bob, dan):
        expect(phone.page.get_by_text("This night has ended.")).to_be_visible(timeout=POLLED)
        check_page(phone.page)

    assert [p.problems() for p in table.phones] == [[], [], [], []]
