"""Live dealer mode on a phone: a game chosen, its steps booked, the night settled.

The host signs in, creates the night, seats and buys in Ann, Bob and Cat (20
chips each), then runs a game from the Deal tab: choose it, switch a house
option on, agree the amounts, step through its phases booking each money
rule, and book the showdown. Then the night ends and the settlement says who
pays whom. Every figure was worked out by hand from the games' rule data
(rulebook/games/guts-three-card.yaml and trash-poker.yaml).

Guts (3-card), with the Coward tax option. The hand's step is stored with
the hand and moved on with "Next: <step> →"; "Guts or pass" records who
passes and who said guts first. One chip colour, a quarter, so the coward tax
of 0.25 is 1 chip; the agreed "table's ante" is 1. The ante-when setting
keeps its default (ante only into an empty pot), so later deals start past
the ante step and play for what rides in. Seats in order Ann, Bob, Cat.

    buy-ins                              Ann 20   Bob 20   Cat 20
    deal 1  ante, 1 each (pot 3)         Ann 19   Bob 19   Cat 19
            Guts or pass: all pass, so the Coward tax step comes next
            coward tax: Bob's hand was best, he pays 0.25 = 1 (pot 4)
                                                  Bob 18
            "Nobody stayed in": the deal ends, the pot rides   rides 4
    deal 2  the 4 ride in (pot 4), no ante: the pot is not empty, so the
            deal opens on "Deal three"; nobody passed them all, so no coward tax
            Ann says guts, Bob challenges and loses: challengers-match,
            Bob pays the pot just won (4) into the next pot; Ann takes the 4
                                         Ann 23   Bob 14            rides 4
    deal 3  the 4 ride in; Ann says guts, nobody challenges: she takes 4,
            and the game is over         Ann 27   Bob 14   Cat 19   (60 chips)
    nets    Ann +7 = +1.75   Bob -6 = -1.50   Cat -1 = -0.25
    settlement  Bob pays Ann 1.50 USD, Cat pays Ann 0.25 USD

Trash Poker, with the Black Spot option. Chips white 0.10 and red 0.50; the
night's ante is 1 (the game's ante is one ante; draw and pass fees are one
ante each). Cat deals, so Ann, on her left, opens the betting.

    buy-ins                              Ann 20   Bob 20   Cat 20
    ante, 1 each (pot 3)                 Ann 19   Bob 19   Cat 19
    build: Ann draws twice (draw-fee x 2), Bob draws once (draw-fee x 1),
           Cat passes once (pass-fee x 1)  (pot 7)
                                         Ann 17   Bob 18   Cat 18
    in the pot so far                    Ann  3   Bob  2   Cat  2
    "After the knock" (the one betting round; Ann knocked first, so she
           opens): Ann bets 2, Bob folds, Cat folds; nobody called,
           so Ann's 2 come back          Ann 17   Bob 18   Cat 18   (pot 7)
    one player left, so the Deal tab skips the showdown and offers the
    fold-out: "Everyone else folded", the game's fold-out rule, the award:
      black-spot-payout: Ann won by folds and shows the Black Spot; each
           folder pays her twice their own chips in the pot, at most their
           stack: Bob 2 x 2 = 4, Cat 2 x 2 = 4
                                         Ann 25   Bob 14   Cat 14   (pot 7)
      "Give the pot to Ann": she takes the pot of 7
                                         Ann 32   Bob 14   Cat 14   (60 chips)
    counted   Ann 6 red + 2 white, Bob 2 red + 4 white, Cat 2 red + 4 white
    nets      Ann +12 = +1.20   Bob -6 = -0.60   Cat -6 = -0.60
    settlement  Bob pays Ann 0.60 USD, Cat pays Ann 0.60 USD
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import assert_fits_the_phone, other_hosts
from tests.browser.table import create_the_night_anyway, pick

pytestmark = pytest.mark.browser

PASSWORD = "deal-me-in-9"
# A write the ledger refused answers with the same page and its reason in this banner.
REFUSED = "p.banner[role=alert]"


def start_button(game: str) -> re.Pattern:
    """The setup page's one tap: it says so when it also confirms the amounts agreed before play."""
    return re.compile(rf"^(Start|Confirm the amounts, start) {re.escape(game)} and deal$")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def cells(rows) -> list[list[str]]:
    return rows.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")


def expect_stacks(page, **stacks: int) -> None:
    """The chips in front of each player, as dealer mode (or the table) lists them."""
    for name, chips in stacks.items():
        seat = page.locator("#deal .seat, #table .seat").filter(has_text=name)
        expect(seat.locator(".chips strong")).to_have_text(str(chips))


def expect_pots(page, *pots: str) -> None:
    expect(page.locator("#deal .pots li strong")).to_have_text(list(pots))


def charge_form(page, rule: str):
    """Dealer mode's form booking one money rule (its button names the rule in words)."""
    return page.locator("#deal form").filter(
        has=page.locator(f'input[name="rule"][value="{rule}"]')
    )


def book(page, rule: str, *, who: str | None = None, count: int | None = None) -> None:
    """Book one firing of `rule`, naming the seat of its one role and how many times."""
    form = charge_form(page, rule)
    # Its button says what it does ("Pay the wild tax: 5 chips ($0.25)"), never a text cut short.
    expect(form.get_by_role("button")).to_have_text(re.compile(r"^[A-Z][^…]*$"))
    if who is not None:
        # A player who passed is labelled so ("Bob folded"), and may still pay (the coward tax).
        form.get_by_label(re.compile(rf"^{re.escape(who)}( folded)?$")).check()
    if count is not None:
        form.get_by_label(re.compile(r"^How many")).fill(str(count))
    with page.expect_navigation():
        form.get_by_role("button").click()
    expect(page.locator(REFUSED)).to_have_count(0)
    assert_fits_the_phone(page)


def name_who(page, words: str, *names: str) -> None:
    """Record what the step asks ("Who passes"), ticking these players (none: nobody)."""
    form = page.locator("#deal form").filter(has=button(page, f"Record: {words}"))
    for name in names:
        form.get_by_label(name, exact=True).check()
    with page.expect_navigation():
        button(form, f"Record: {words}").click()
    expect(page.locator(REFUSED)).to_have_count(0)


def expect_step(page, title: str) -> None:
    """The step the hand is on, as the Deal tab shows it and marks it in the list."""
    expect(page.locator("#step-now h2")).to_have_text(title)
    expect(page.locator('nav.steps [aria-current="step"]')).to_have_text(title)


def next_step(page, title: str) -> None:
    """Move the hand on with the one forward button, which names the step it leads to."""
    with page.expect_navigation():
        button(page, f"Next: {title} →").click()
    expect(page.locator(REFUSED)).to_have_count(0)
    expect_step(page, title)


def tab(page, name: str, url: str) -> None:
    page.locator("nav.tabs").get_by_role("link", name=name, exact=True).click()
    page.wait_for_url(re.compile(url))


def open_a_night(page, site: str, chips: list[tuple[str, str]], ante: int) -> None:
    """Sign in, create the night with these chips and ante, seat Ann, Bob, Cat with 20 each."""
    page.goto(f"{site}/nights/")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    assert_fits_the_phone(page)
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill(PASSWORD)
    button(page, "Sign in").click()
    page.wait_for_url(f"{site}/nights/")
    assert_fits_the_phone(page)
    page.get_by_role("link", name="New night").click()
    page.wait_for_url(f"{site}/nights/new/")
    assert_fits_the_phone(page)
    page.get_by_label("Night:", exact=True).fill("Friday")
    page.get_by_label("Group (the regulars)").fill("The kitchen table")
    for index, (name, value) in enumerate(chips):
        page.locator(f"#chip_name_{index}").fill(name)
        page.locator(f"#chip_value_{index}").fill(value)
    page.get_by_label("Ante (chips each):").fill(str(ante))
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    for name in ("Ann", "Bob", "Cat"):
        page.get_by_label("Name", exact=True).fill(name)
        with page.expect_navigation():
            button(page, "Take a seat").click()
    for name in ("Ann", "Bob", "Cat"):
        field = page.get_by_label(f"Chips to buy for {name}")
        field.fill("20")
        with page.expect_navigation():
            field.press("Enter")
    expect(page.locator(".seat-card h2")).to_have_text(["1 · Ann 20", "2 · Bob 20", "3 · Cat 20"])
    assert_fits_the_phone(page, open_details=True)


def set_up(page, game: str, heading: str) -> None:
    """From the Deal tab with no game open, choose `game` and reach its setup page."""
    tab(page, "Deal", r"/deal/$")
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    assert_fits_the_phone(page)
    page.get_by_label("Game", exact=True).select_option(game)
    with page.expect_navigation():
        button(page, "Set it up").click()
    assert page.url.endswith(f"/games/new/?game={game}")
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    assert_fits_the_phone(page)


def showdown(
    page, *, winners: tuple[str, ...] = (), fire: dict[str, list[str]] | None = None
) -> None:
    """Book the showdown: fire each rule for the seats named, tick each winner of the main pot.

    With no winner named, "Nobody wins" is ticked: a pot is never paid to nobody by accident.
    """
    form = page.locator("form").filter(has=button(page, "Book the showdown"))
    for rule, seats in (fire or {}).items():
        form.locator(f'input[name="fire"][value="{rule}"]').check()
        firing = form.locator("fieldset.firing").filter(has=page.locator(f'[value="{rule}"]'))
        for name in seats:
            firing.get_by_label(name, exact=True).check()
    pot = form.locator("fieldset").filter(has_text=re.compile(r"^Main pot"))
    for name in winners:
        pot.get_by_label(name, exact=True).check()
    if not winners:
        form.get_by_label(re.compile(r"^Nobody wins")).check()
    with page.expect_navigation():
        button(form, "Book the showdown").click()
    expect(page.locator(REFUSED)).to_have_count(0)
    assert_fits_the_phone(page, open_details=True)


def end_the_night(page, counts: dict[str, dict[str, int]]) -> None:
    """Count every stack colour by colour, check the counts, end the night."""
    tab(page, "End", r"/end/$")
    assert_fits_the_phone(page)
    for name, colours in counts.items():
        count = page.locator("fieldset.count", has_text=name)
        for colour, chips in colours.items():
            count.get_by_label(colour, exact=True).fill(str(chips))
    button(page, "Check the counts").click()
    page.wait_for_url(re.compile(r"/end/\?"))
    expect(page.locator("fieldset.count p")).to_have_text(
        [re.compile(r"chips \(\S+\): matches the ledger\.$")] * len(counts)
    )
    assert_fits_the_phone(page)
    button(page, "End the night and settle up").click()
    page.wait_for_url(re.compile(r"/settlement/$"))
    assert_fits_the_phone(page, open_details=True)


def pay_lines(page) -> list[str]:
    return sorted(" ".join(line.split()) for line in page.locator(".pay-line").all_text_contents())


def test_a_game_of_guts_rides_over_three_deals_and_settles(phone, page, site, site_host, host):
    elsewhere = other_hosts(phone, site_host)
    open_a_night(page, site, [("quarter", "0.25")], ante=1)

    # The Guts setup: the Coward tax option on, the settings at their defaults,
    # the table's ante agreed at 1, everyone in.
    set_up(page, "guts-three-card", "Guts")
    pick(page, "Coward tax")
    expect(page.get_by_label("Only when a new game starts with an empty pot.")).to_be_checked()
    page.get_by_label("The table's ante").fill("1")
    expect(page.locator("fieldset", has_text="Who is in").locator("input")).to_have_count(3)
    assert_fits_the_phone(page)
    with page.expect_navigation():
        page.get_by_role("button", name=start_button("Guts")).click()

    # Deal 1, step by step: the ante starts the pot, and is shown booked, not offered again.
    expect_step(page, "Ante in")
    # The coward tax is a step only once everyone has passed.
    expect(page.locator("nav.steps li")).to_have_text(
        ["Ante in", "Deal three", "Guts or pass", "Show and settle", "Next hand"]
    )
    assert_fits_the_phone(page, open_details=True)
    book(page, "ante")
    expect_stacks(page, Ann=19, Bob=19, Cat=19)
    expect_pots(page, "Main pot: 3")
    expect(page.locator("#deal .done")).to_contain_text("✓ Booked: Each player antes")
    expect(charge_form(page, "ante")).to_have_count(0)
    expect_step(page, "Ante in")
    next_step(page, "Deal three")
    assert_fits_the_phone(page)

    # Everybody passes: the coward tax comes next.
    next_step(page, "Guts or pass")
    assert_fits_the_phone(page)
    name_who(page, "Who passes", "Ann", "Bob", "Cat")
    expect(button(page, "Record: Who said guts first")).to_have_count(0)

    # The coward tax: Bob's hand would have won, so he pays a quarter, 1 chip.
    next_step(page, "Coward tax")
    assert_fits_the_phone(page)
    book(page, "coward-tax-pay", who="Bob")
    expect_stacks(page, Ann=19, Bob=18, Cat=19)
    expect_pots(page, "Main pot: 4")

    # Nobody stayed in: one way on, and the pot rides.
    expect(page.get_by_role("heading", name="Nobody stayed in")).to_be_visible()
    with page.expect_navigation():
        button(page, "End the deal: the pot rides to the next deal").click()
    expect(page.locator("#deal .rides")).to_contain_text(
        "Pot rides: 4 chips ($1.00) — every loser's payment"
    )
    expect(page.get_by_role("heading", name="Deal the next hand of Guts")).to_be_visible()
    expect(page.get_by_role("heading", name="End Guts now")).to_be_visible()
    assert_fits_the_phone(page, open_details=True)

    # Deal 2: the 4 ride in, so the deal opens past the ante (only into an empty pot).
    # Ann says guts, Bob challenges and loses: he matches the pot into the next
    # one, and Ann takes the 4.
    with page.expect_navigation():
        button(page, "Deal").click()
    expect_step(page, "Deal three")
    expect(page.locator("nav.steps li")).to_have_text(
        ["Deal three", "Guts or pass", "Show and settle", "Next hand"]
    )
    expect_pots(page, "Main pot: 4")
    expect_stacks(page, Ann=19, Bob=18, Cat=19)
    next_step(page, "Guts or pass")
    name_who(page, "Who passes", "Cat")
    name_who(page, "Who said guts first", "Ann")
    next_step(page, "Show and settle")
    assert_fits_the_phone(page)
    showdown(page, fire={"challengers-match": ["Bob"]}, winners=("Ann",))
    expect_stacks(page, Ann=23, Bob=14, Cat=19)
    expect(page.locator("#deal .rides")).to_contain_text("Pot rides: 4")
    assert_fits_the_phone(page)

    # Deal 3: Ann says guts and nobody challenges: she takes the 4 and the game is over.
    with page.expect_navigation():
        button(page, "Deal").click()
    expect_pots(page, "Main pot: 4")
    expect_step(page, "Deal three")
    next_step(page, "Guts or pass")
    name_who(page, "Who passes", "Bob", "Cat")
    with page.expect_navigation():
        button(page, "Give the pot to Ann").click()
    expect_stacks(page, Ann=27, Bob=14, Cat=19)
    expect(page.locator("#deal .rides")).to_have_count(0)
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    assert_fits_the_phone(page)

    end_the_night(page, {"Ann": {"Quarter": 27}, "Bob": {"Quarter": 14}, "Cat": {"Quarter": 19}})
    assert sorted(cells(page.locator("table.nets tbody tr"))) == [
        ["Ann", "+7", "+1.75"],
        ["Bob", "-6", "-1.50"],
        ["Cat", "-1", "-0.25"],
    ]
    assert pay_lines(page) == ["Bob pays Ann 1.50 USD", "Cat pays Ann 0.25 USD"]

    assert elsewhere == []


def test_trash_poker_won_by_folds_with_the_black_spot_shown(phone, page, site, site_host, host):
    elsewhere = other_hosts(phone, site_host)
    open_a_night(page, site, [("white", "0.10"), ("red", "0.50")], ante=1)

    # Trash Poker with the Black Spot; Cat deals, so Ann opens the betting.
    set_up(page, "trash-poker", "Trash Poker")
    pick(page, "Black Spot")
    page.get_by_label("Dealer").select_option(label="Cat")
    assert_fits_the_phone(page)
    with page.expect_navigation():
        page.get_by_role("button", name=start_button("Trash Poker")).click()
    expect_step(page, "Ante in")
    expect(page.locator("nav.steps li")).to_have_text(
        ["Ante in", "Deal five", "Build your hand", "After the knock", "Showdown", "Black Spot?"]
    )
    assert_fits_the_phone(page, open_details=True)

    book(page, "ante")
    expect_stacks(page, Ann=19, Bob=19, Cat=19)
    expect_pots(page, "Main pot: 3")

    # Building: Ann draws twice, Bob once, Cat passes; each move costs an ante.
    next_step(page, "Deal five")
    next_step(page, "Build your hand")
    assert_fits_the_phone(page)
    book(page, "draw-fee", who="Ann", count=2)
    book(page, "draw-fee", who="Bob", count=1)
    book(page, "pass-fee", who="Cat", count=1)
    expect_stacks(page, Ann=17, Bob=18, Cat=18)
    expect_pots(page, "Main pot: 7")

    # The game's one betting round opens here, by its name, and is played on the
    # Table tab. Ann knocked first, so she opens.
    next_step(page, "After the knock")
    assert_fits_the_phone(page)
    opener = page.get_by_label(re.compile(r"^Who opens"))
    if opener.count():
        opener.select_option(label="Ann")
    with page.expect_navigation():
        button(page, "Open After the knock").click()
    expect(page.locator("#deal")).to_contain_text("Betting is open")
    # The turn comes first on the Deal tab too, with its buttons.
    expect(page.locator("#deal .turn")).to_contain_text("Ann to act: nothing to call")
    expect(button(page, "Check")).to_be_visible()
    assert_fits_the_phone(page)
    page.locator("nav.tabs").get_by_role("link", name="Table", exact=True).click()
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    turn = page.locator("#table .turn")
    expect(turn).to_contain_text("Ann to act: nothing to call")
    assert_fits_the_phone(page)
    page.get_by_label("Bet (total this round)").fill("2")
    button(page, "Bet").click()
    expect(turn).to_contain_text("Bob to act: 2 chips ($0.20) to call")
    button(page, "Fold").click()
    expect(turn).to_contain_text("Cat to act: 2 chips ($0.20) to call")
    button(page, "Fold").click()
    expect(turn).to_have_count(0)
    expect_stacks(page, Ann=17, Bob=18, Cat=18)  # Ann's uncalled 2 came back
    assert_fits_the_phone(page)

    # Back in dealer mode, one player is left: no second round and no showdown,
    # but the fold-out. Ann won by folds and shows the Black Spot, so each
    # folder pays her twice their own chips in the pot; then she takes the pot.
    tab(page, "Deal", r"/deal/$")
    expect_step(page, "After the knock")
    expect(page.get_by_role("heading", name="Everyone else folded")).to_be_visible()
    expect(button(page, "Book the showdown")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Open "))).to_have_count(0)
    assert_fits_the_phone(page)
    black_spot = charge_form(page, "black-spot-payout")
    expect(black_spot.get_by_label("Ann", exact=True)).to_be_checked()
    book(page, "black-spot-payout")
    expect_stacks(page, Ann=25, Bob=14, Cat=14)
    expect(page.locator("#deal .done")).to_contain_text("✓ Booked: Winner by folds")
    with page.expect_navigation():
        button(page, "Give the pot to Ann").click()
    expect(page.locator(REFUSED)).to_have_count(0)
    expect_stacks(page, Ann=32, Bob=14, Cat=14)
    postings = page.locator("#deal .postings li > span")
    expect(postings.nth(0)).to_have_text(re.compile(r"^Hand 1 Ann wins 7"))
    expect(postings.nth(1)).to_have_text(
        # 4 chips at 0.10: $0.40 each.
        re.compile(
            r"^Hand 1 Bob pays 4 \(\$0\.40\) to Ann; Cat pays 4 \(\$0\.40\) to Ann "
            r"\(Winner by folds"
        )
    )
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    assert_fits_the_phone(page)

    end_the_night(
        page,
        {
            "Ann": {"Red": 6, "White": 2},
            "Bob": {"Red": 2, "White": 4},
            "Cat": {"Red": 2, "White": 4},
        },
    )
    assert sorted(cells(page.locator("table.nets tbody tr"))) == [
        ["Ann", "+12", "+1.20"],
        ["Bob", "-6", "-0.60"],
        ["Cat", "-6", "-0.60"],
    ]
    assert pay_lines(page) == ["Bob pays Ann 0.60 USD", "Cat pays Ann 0.60 USD"]

    assert elsewhere == []
