"""A dealer's-choice night in live dealer mode on four 360 px phones, every phone on the same step.

The host runs the night from the Deal tab (and bets on the Table tab); Ann
and Bob claim their seats with their join links, Ann watching the Deal tab
and Bob the table; a spectator follows the spectator link. Cat has no
phone. After every host action each phone shows the hand's step (the Deal
tab's `#step-now` heading, the table's "now: <step>") and the same pots
within 2 s, by polling alone. Every figure was worked out by hand from the
rule data (texas-holdem.yaml, guts-three-card.yaml, trash-poker.yaml,
baseball-daytime.yaml).

One chip colour, white at 0.25 USD, so Baseball's wild tax (a quarter) is
one chip; the night's ante and every game's agreed ante is 1. Seats in
order Ann, Bob, Cat.

    buy-ins                                   Ann 20   Bob 40   Cat 40   (100)

Texas Hold'em, everyone antes (the table picks antes over the game's
default, blinds). Cat deals, so Ann, on her left, opens every round; a
round opens on the first player still able to bet to the dealer's left.

    Ante in, 1 each (pot 3)                   Ann 19   Bob 39   Cat 39
    Pre-flop: Ann goes all in for 19, Bob calls 19, Cat calls 19
                                              Ann  0   Bob 20   Cat 20
              main pot 3 + 3 x 19 = 60 (Ann, Bob, Cat)
    The flop: Bob bets 10, Cat calls 10       Bob 10   Cat 10
              Ann is all in for less, so the 20 make a side pot:
              main 60 (Ann, Bob, Cat), side pot 1: 20 (Bob, Cat)
    The turn: Bob checks, Cat checks
    The river: Bob bets 5, Cat folds; nobody called, so Bob's 5 come back
                                              Bob 10   Cat 10
              main 60 (Ann, Bob), side 20 (Bob)
    Showdown: Ann's hand beats Bob's: the main pot to Ann; Bob alone can win the side
                                              Ann 60   Bob 30   Cat 10   (100)

Guts (3-card), no options, the settings at their defaults (ante only into
an empty pot). Ann deals first. The dealer records at "Guts or pass" who
passes and who said guts first.

    deal 1  Ante in, 1 each (pot 3)           Ann 59   Bob 29   Cat  9
            Guts or pass: all pass; "Nobody stayed in": the deal ends, the pot
            rides for the next deal: rides 3, pot 0
    deal 2  the 3 ride in (pot 3); the deal opens past the ante on "Deal three"
            Cat passes, Ann says guts, Bob challenges and loses: Bob pays the
            pot just won (3) into the next pot, Ann takes the 3
                                              Ann 62   Bob 26   Cat  9   rides 3
    deal 3  the 3 ride in (pot 3); Cat says guts, Ann and Bob pass: nobody
            challenges, she takes the 3 and the game is over
                                              Ann 62   Bob 26   Cat 12   (100)

Trash Poker with the Black Spot. Cat deals; Ann knocks first and opens.

    Ante in, 1 each (pot 3)                   Ann 61   Bob 25   Cat 11
    Build: Ann draws twice, Bob draws once, Cat passes once, an ante each (pot 7)
                                              Ann 59   Bob 24   Cat 10
            in the pot so far: Ann 3, Bob 2, Cat 2
    After the knock: Ann bets 2, Bob folds, Cat folds; nobody called, so Ann's 2 come back
    Everyone else folded: the Black Spot, each folder pays Ann twice their
            own chips in the pot (at most their stack): Bob 4, Cat 4
                                              Ann 67   Bob 20   Cat  6
            Give the pot to Ann: 7            Ann 74   Bob 20   Cat  6   (100)

Baseball (Daytime) with the Wild tax and Rainout options, the settings at
their defaults (a betting round after the first two down cards; no ante
again for a rainout's redeal). Ann deals both deals, so Bob, on her left,
opens "First two cards"; the best cards showing open the later rounds (the
host picks the opener).

    deal 1  Ante in, 1 each (pot 3)           Ann 73   Bob 19   Cat  5
            First two cards: everyone checks
            One up: Bob's 9 shows, the wild tax: a quarter, 1 chip (pot 4)
                                              Ann 73   Bob 18   Cat  5
            Cat's 7 of diamonds shows: a rainout, the pot stays for the
            redeal: rides 4, pot 0; "Deal again now": the deal ends, the game stays open
    deal 2  the 4 ride in (pot 4); nobody antes again, so Ante in books nothing
            First two cards: Bob bets 2, Cat calls, Ann calls (pot 10)
                                              Ann 71   Bob 16   Cat  3
            One up: Ann's 3 shows, the wild tax: 1 chip (pot 11)
                                              Ann 70   Bob 16   Cat  3
            Third, fifth, sixth and seventh street: everyone checks
            Showdown: Bob's hand is best, no face-down 3, 9 or 7 of diamonds: the 11 to Bob
                                              Ann 70   Bob 27   Cat  3   (100)

Cat buys 20 more (on credit)                   Ann 70   Bob 27   Cat 23   (120)

Knock Poker, the settings at their defaults. Bob deals. The dealer records
who knocked (Ann) and who drops out (Cat).

    Ante one chip each (pot 3)                Ann 69   Bob 26   Cat 22
    Cat drops out and pays the knocker her chip at once
                                              Ann 70   Bob 26   Cat 21
    Showdown: Ann, the knocker, has the best hand: Bob, who stayed, pays her
    two chips, and she takes the pot of 3     Ann 75   Bob 24   Cat 21   (120)

Pass the Trash with its High-low declare option, the settings at their
defaults (the odd chip to the high half). Cat deals, so Ann opens; Bob's
phone offers "You declare" on the table page.

    Ante in, 1 each (pot 3)                   Ann 74   Bob 23   Cat 20
    Before the pass: Ann bets 2, Bob and Cat call (pot 9)
                                              Ann 72   Bob 21   Cat 18
    Every later round: everyone checks
    Showdown: Ann declares high and has the best high hand, Bob declares
    low and has the only low, Cat declares high and is beaten: the 9 split
    high 5 (with the odd chip), low 4          Ann 77   Bob 25   Cat 18   (120)

Settlement at 0.25 a chip (buy-ins Ann 20, Bob 40, Cat 60):
    nets        Ann +57 = +14.25   Bob -15 = -3.75   Cat -42 = -10.50
    payments    Bob pays Ann 3.75 USD, Cat pays Ann 10.50 USD
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
    cells,
    charge_form,
    check_around,
    claim,
    join_url,
    name_who,
    next_step,
    pick,
    press,
    set_up,
    showdown,
    sign_in_and_seat,
    start,
    to_tab,
)

pytestmark = pytest.mark.browser

# The host's actions ----------------------------------------------------------


def act(page, action: str, amount: int | None = None) -> None:
    """One player's action on the Table tab (htmx: the table is swapped, not reloaded)."""
    if amount is not None:
        page.get_by_label(re.compile(r"^(Bet|Raise to) \(total this round\)")).fill(str(amount))
    button(page, action).click()
    expect(page.locator(REFUSED)).to_have_count(0)


def expect_turn(page, text: str | None) -> None:
    turn = page.locator("#table .turn")
    if text is None:
        expect(turn).to_have_count(0)
    else:
        expect(turn).to_contain_text(text)


def bet_round(table: Table, page, name: str, opener: str | None = None) -> None:
    """From the Deal tab: open the betting round `name` and go to the Table tab to bet it."""
    if opener is not None:
        page.get_by_label(re.compile(r"^Who opens")).select_option(label=opener)
    press(page, f"Open {name}")
    table.agree(name)
    to_tab(page, "Table", r"/nights/\d+/$")


def test_a_dealers_choice_night_keeps_four_phones_on_the_same_step(
    new_phone, site, site_host, host_user
):
    host = Phone(new_phone(), site_host, "host")
    page = host.page
    seats_url = sign_in_and_seat(page, site, "Dealer's choice", {"Ann": 20, "Bob": 40, "Cat": 40})
    table_url = seats_url.removesuffix("seats/")
    deal_url = f"{table_url}deal/"
    ann_link, bob_link = join_url(page, "Ann"), join_url(page, "Bob")
    watch_link = page.locator("section", has_text="Spectator link").locator("a[href*='/watch/']")
    watch_url = watch_link.get_attribute("href")

    # Ann and Bob claim their seats; Ann watches the Deal tab, Bob the table.
    ann = Phone(new_phone(), site_host, "Ann's phone")
    bob = Phone(new_phone(), site_host, "Bob's phone")
    claim(ann, ann_link, "Seat 1: Ann", table_url)
    claim(bob, bob_link, "Seat 2: Bob", table_url)
    ann.page.goto(deal_url)
    spectator = Phone(new_phone(), site_host, "spectator")
    spectator.page.goto(watch_url)
    expect(spectator.page.locator("#table")).to_be_visible()
    table = Table(host, ann, bob, spectator)

    page.goto(deal_url)
    table.agree(None, [])
    table.stacks(Ann=20, Bob=40, Cat=40)

    # --- Texas Hold'em: Ann all in short, a side pot for Bob and Cat --------------
    set_up(page, "texas-holdem", "Texas Hold'em")
    # Blinds are the game's default; this table picks antes instead.
    expect(page.get_by_label("Everyone antes the same amount.")).not_to_be_checked()
    pick(page, "Everyone antes the same amount.")
    expect(page.get_by_label("Everyone antes the same amount.")).to_be_checked()
    start(page, "Texas Hold'em", dealer="Cat")
    expect(page.locator("nav.steps li")).to_have_text(
        [
            "Ante in",
            "Two each",
            "Pre-flop",
            "Deal the flop",
            "The flop",
            "Deal the turn",
            "The turn",
            "Deal the river",
            "The river",
            "Showdown",
        ]
    )
    table.agree("Ante in", [])
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=19, Bob=39, Cat=39)
    next_step(page, "Two each")
    table.agree("Two each", ["Main pot: 3"])
    next_step(page, "Pre-flop")
    table.agree("Pre-flop", ["Main pot: 3"])
    press(page, "Open Pre-flop")
    table.agree("Pre-flop")

    # Pre-flop on the Table tab: Ann all in for 19, Bob and Cat call.
    to_tab(page, "Table", r"/nights/\d+/$")
    expect_turn(page, "Ann to act: nothing to call")
    act(page, "All in: 19 chips ($4.75)")
    expect_turn(page, "Bob to act: 19 chips ($4.75) to call")
    table.agree("Pre-flop")
    act(page, "Call 19 chips ($4.75)")
    expect_turn(page, "Cat to act: 19 chips ($4.75) to call")
    table.agree("Pre-flop")
    act(page, "Call 19 chips ($4.75)")
    expect_turn(page, None)
    table.agree("Pre-flop", ["Main pot: 60"])
    table.stacks(Ann=0, Bob=20, Cat=20)

    # The flop: Bob bets 10 and Cat calls; with Ann all in, the 20 make a side pot.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Deal the flop")
    table.agree("Deal the flop", ["Main pot: 60"])
    next_step(page, "The flop")
    table.agree("The flop", ["Main pot: 60"])
    press(page, "Open The flop")
    table.agree("The flop", ["Main pot: 60"])
    to_tab(page, "Table", r"/nights/\d+/$")
    expect_turn(page, "Bob to act: nothing to call")
    act(page, "Bet", 10)
    expect_turn(page, "Cat to act: 10 chips ($2.50) to call")
    table.agree("The flop")
    act(page, "Call 10 chips ($2.50)")
    expect_turn(page, None)
    table.agree("The flop", ["Main pot: 60", "Side pot 1: 20"])
    table.stacks(Ann=0, Bob=10, Cat=10)

    # The turn: both check.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Deal the turn")
    table.agree("Deal the turn", ["Main pot: 60", "Side pot 1: 20"])
    next_step(page, "The turn")
    press(page, "Open The turn")
    table.agree("The turn", ["Main pot: 60", "Side pot 1: 20"])
    to_tab(page, "Table", r"/nights/\d+/$")
    act(page, "Check")
    expect_turn(page, "Cat to act: nothing to call")
    act(page, "Check")
    expect_turn(page, None)
    table.agree("The turn", ["Main pot: 60", "Side pot 1: 20"])

    # The river: Bob bets 5, Cat folds, and Bob's uncalled 5 come back.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Deal the river")
    next_step(page, "The river")
    press(page, "Open The river")
    table.agree("The river", ["Main pot: 60", "Side pot 1: 20"])
    to_tab(page, "Table", r"/nights/\d+/$")
    act(page, "Bet", 5)
    expect_turn(page, "Cat to act: 5 chips ($1.25) to call")
    table.agree("The river")
    act(page, "Fold")
    expect_turn(page, None)
    table.agree("The river", ["Main pot: 60", "Side pot 1: 20"])
    table.stacks(Ann=0, Bob=10, Cat=10)

    # The showdown: Ann takes the main pot; Bob, alone left for it, the side pot.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Showdown")
    table.agree("Showdown", ["Main pot: 60", "Side pot 1: 20"])
    side = page.locator("#deal fieldset").filter(has_text="Side pot 1: 20")
    expect(side.get_by_label("Bob", exact=True)).to_be_checked()
    expect(side.locator("input")).to_have_count(1)
    showdown(page, winners=("Ann",))
    table.agree(None, [])
    table.stacks(Ann=60, Bob=30, Cat=10)
    table.rides(None)

    # --- Guts: an all-pass deal, then the pot rides until a guts call stands -----
    set_up(page, "guts-three-card", "Guts")
    expect(page.get_by_label("Only when a new game starts with an empty pot.")).to_be_checked()
    page.get_by_label("The table's ante").fill("1")
    start(page, "Guts", dealer="Ann")
    table.agree("Ante in", [])
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=59, Bob=29, Cat=9)
    expect(charge_form(page, "ante")).to_have_count(0)
    expect(page.locator("#deal .done")).to_contain_text("✓ Booked:")
    next_step(page, "Deal three")
    table.agree("Deal three", ["Main pot: 3"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 3"])
    # Everyone passes: the one way on says what it does, and the pot rides.
    expect(button(page, "Next: Show and settle →")).to_have_count(0)
    name_who(page, "Who passes", "Ann", "Bob", "Cat")
    # One way on, named for what it does: no "Next", no "Deal again now".
    expect(page.get_by_role("heading", name="Nobody stayed in")).to_be_visible()
    expect(page.locator("#deal form.forward button")).to_have_text(
        ["End the deal: the pot rides to the next deal"]
    )
    press(page, "End the deal: the pot rides to the next deal")
    table.agree(None, [])
    table.rides(3)
    expect(page.get_by_role("heading", name="Deal the next hand of Guts")).to_be_visible()

    # Deal 2: the 3 ride in, so the deal opens past the ante. Cat passes, Ann says guts,
    # Bob challenges and loses: he pays the 3 into the next pot, Ann takes 3.
    press(page, "Deal")
    expect(page.locator("nav.steps li")).to_have_text(
        ["Deal three", "Guts or pass", "Show and settle", "Next hand"]
    )
    table.agree("Deal three", ["Main pot: 3"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 3"])
    name_who(page, "Who passes", "Cat")
    name_who(page, "Who said guts first", "Ann")
    next_step(page, "Show and settle")
    table.agree("Show and settle", ["Main pot: 3"])
    showdown(page, fire={"challengers-match": ["Bob"]}, winners=("Ann",))
    table.agree(None, [])
    table.stacks(Ann=62, Bob=26, Cat=9)
    table.rides(3)

    # Deal 3: the 3 ride in; Cat says guts, Ann and Bob pass: she takes it, game over.
    press(page, "Deal")
    table.agree("Deal three", ["Main pot: 3"])
    next_step(page, "Guts or pass")
    table.agree("Guts or pass", ["Main pot: 3"])
    name_who(page, "Who passes", "Ann", "Bob")
    press(page, "Give the pot to Cat")
    table.agree(None, [])
    table.stacks(Ann=62, Bob=26, Cat=12)
    table.rides(None)

    # --- Trash Poker: won by folds, with the Black Spot --------------------------
    set_up(page, "trash-poker", "Trash Poker")
    pick(page, "Black Spot")
    start(page, "Trash Poker", dealer="Cat")
    table.agree("Ante in", [])
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=61, Bob=25, Cat=11)
    next_step(page, "Deal five")
    table.agree("Deal five", ["Main pot: 3"])
    next_step(page, "Build your hand")
    table.agree("Build your hand", ["Main pot: 3"])
    book(page, "draw-fee", who="Ann", count=2)
    table.agree("Build your hand", ["Main pot: 5"])
    book(page, "draw-fee", who="Bob", count=1)
    table.agree("Build your hand", ["Main pot: 6"])
    book(page, "pass-fee", who="Cat", count=1)
    table.agree("Build your hand", ["Main pot: 7"])
    table.stacks(Ann=59, Bob=24, Cat=10)
    next_step(page, "After the knock")
    table.agree("After the knock", ["Main pot: 7"])
    opener = page.get_by_label(re.compile(r"^Who opens"))
    if opener.count():
        opener.select_option(label="Ann")
    press(page, "Open After the knock")
    table.agree("After the knock", ["Main pot: 7"])
    to_tab(page, "Table", r"/nights/\d+/$")
    expect_turn(page, "Ann to act: nothing to call")
    act(page, "Bet", 2)
    expect_turn(page, "Bob to act: 2 chips ($0.50) to call")
    table.agree("After the knock")
    act(page, "Fold")
    expect_turn(page, "Cat to act: 2 chips ($0.50) to call")
    table.agree("After the knock")
    act(page, "Fold")
    expect_turn(page, None)
    table.agree("After the knock", ["Main pot: 7"])
    table.stacks(Ann=59, Bob=24, Cat=10)

    # One player left: the fold-out, the Black Spot, then the pot to Ann.
    to_tab(page, "Deal", r"/deal/$")
    expect(page.get_by_role("heading", name="Everyone else folded")).to_be_visible()
    expect(button(page, "Book the showdown")).to_have_count(0)
    book(page, "black-spot-payout")
    table.agree("After the knock", ["Main pot: 7"])
    table.stacks(Ann=67, Bob=20, Cat=6)
    press(page, "Give the pot to Ann")
    table.agree(None, [])
    table.stacks(Ann=74, Bob=20, Cat=6)
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()

    # --- Baseball (Daytime): the wild tax and a rainout ----------------------------
    set_up(page, "baseball-daytime", "Baseball (Daytime)")
    pick(page, "Wild tax")
    pick(page, "Rainout")
    start(page, "Baseball (Daytime)", dealer="Ann")
    deal_steps = [
        "Ante in",
        "Two down",
        "First two cards",
        "One up",
        "Third street",
        "Two down",
        "Fifth street",
        "One up",
        "Sixth street",
        "Last card up",
        "Seventh street",
        "Rainout?",
        "Showdown",
    ]
    expect(page.locator("nav.steps li")).to_have_text(deal_steps)
    table.agree("Ante in", [])
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=73, Bob=19, Cat=5)
    next_step(page, "Two down")
    table.agree("Two down", ["Main pot: 3"])
    next_step(page, "First two cards")
    table.agree("First two cards", ["Main pot: 3"])
    bet_round(table, page, "First two cards")
    check_around(page, "Bob", "Cat", "Ann")
    table.agree("First two cards", ["Main pot: 3"])

    # One up: Bob's 9 shows and he pays its wild tax; then Cat's seven of diamonds rains it out.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "One up")
    table.agree("One up", ["Main pot: 3"])
    book(page, "wild-tax-pay", who="Bob", count=1)
    table.agree("One up", ["Main pot: 4"])
    table.stacks(Ann=73, Bob=18, Cat=5)
    expect(button(page, "Deal again now: the pot rides")).to_have_count(0)
    book(page, "rainout-carry")
    table.agree("One up", [])
    table.rides(4)
    press(page, "Deal again now: the pot rides")
    table.agree(None, [])
    table.rides(4)
    table.stacks(Ann=73, Bob=18, Cat=5)

    # Deal 2: the 4 ride in; nobody antes again. Bob bets 2, Cat and Ann call.
    expect(
        page.get_by_role("heading", name="Deal the next hand of Baseball (Daytime)")
    ).to_be_visible()
    page.get_by_label("Dealer", exact=True).select_option(label="Ann")
    press(page, "Deal")
    # The ante step is only for an empty pot: the redeal opens on the first cards.
    expect(page.locator("nav.steps li")).to_have_text(deal_steps[1:])
    table.agree("Two down", ["Main pot: 4"])
    table.rides(None)
    next_step(page, "First two cards")
    table.agree("First two cards", ["Main pot: 4"])
    bet_round(table, page, "First two cards")
    expect_turn(page, "Bob to act: nothing to call")
    act(page, "Bet", 2)
    expect_turn(page, "Cat to act: 2 chips ($0.50) to call")
    table.agree("First two cards")
    act(page, "Call 2 chips ($0.50)")
    expect_turn(page, "Ann to act: 2 chips ($0.50) to call")
    table.agree("First two cards")
    act(page, "Call 2 chips ($0.50)")
    expect_turn(page, None)
    table.agree("First two cards", ["Main pot: 10"])
    table.stacks(Ann=71, Bob=16, Cat=3)

    # One up: Ann's 3 shows and she pays its wild tax; then everyone checks to the end.
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "One up")
    table.agree("One up", ["Main pot: 10"])
    book(page, "wild-tax-pay", who="Ann", count=1)
    table.agree("One up", ["Main pot: 11"])
    table.stacks(Ann=70, Bob=16, Cat=3)
    for before, street in (
        (None, "Third street"),
        ("Two down", "Fifth street"),
        ("One up", "Sixth street"),
        ("Last card up", "Seventh street"),
    ):
        if before is not None:
            to_tab(page, "Deal", r"/deal/$")
            next_step(page, before)
            table.agree(before, ["Main pot: 11"])
        next_step(page, street)
        table.agree(street, ["Main pot: 11"])
        bet_round(table, page, street, opener="Ann")
        check_around(page, "Ann", "Bob", "Cat")
        table.agree(street, ["Main pot: 11"])
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Rainout?")
    table.agree("Rainout?", ["Main pot: 11"])
    next_step(page, "Showdown")
    table.agree("Showdown", ["Main pot: 11"])
    showdown(page, winners=("Bob",))
    table.agree(None, [])
    table.stacks(Ann=70, Bob=27, Cat=3)
    table.rides(None)
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()

    # --- A re-buy, then Knock Poker with a drop -----------------------------------
    to_tab(page, "Seats", r"/seats/$")
    field = page.get_by_label("Chips to buy for Cat")
    field.fill("20")
    with page.expect_navigation():
        field.press("Enter")
    to_tab(page, "Deal", r"/deal/$")
    table.stacks(Ann=70, Bob=27, Cat=23)
    set_up(page, "knock-poker", "Knock Poker")
    start(page, "Knock Poker", dealer="Bob")
    book(page, "ante")
    table.agree("Ante one chip", ["Main pot: 3"])
    table.stacks(Ann=69, Bob=26, Cat=22)
    for step in ("Deal five", "Start the discard pile", "Draw and discard"):
        next_step(page, step)
    next_step(page, "Last turn after a knock")
    name_who(page, "Who knocked", "Ann")
    next_step(page, "Stay or drop out")
    expect(button(page, "Next: Showdown and settle →")).to_have_count(0)
    name_who(page, "Who drops out", "Cat")
    book(page, "drop-out-chip")
    table.agree("Stay or drop out", ["Main pot: 3"])
    table.stacks(Ann=70, Bob=26, Cat=21)
    next_step(page, "Showdown and settle")
    # The knocker's payment comes ticked: Bob stayed, Ann knocked; Cat dropped, so she is out.
    firing = page.locator("fieldset.firing").filter(has=page.locator('[value="knocker-wins"]'))
    expect(firing.locator("fieldset", has_text="Who stayed in").get_by_label("Bob")).to_be_checked()
    expect(
        firing.locator("fieldset", has_text="Who stayed in").get_by_label("Ann")
    ).not_to_be_checked()
    showdown(page, fire={"knocker-wins": []}, winners=("Ann",))
    table.agree(None, [])
    table.stacks(Ann=75, Bob=24, Cat=21)

    # --- Pass the Trash, high-low declare -------------------------------------------
    set_up(page, "pass-the-trash", "Pass the Trash")
    pick(page, "High-low declare")
    page.get_by_label("The table's ante").fill("1")
    start(page, "Pass the Trash", dealer="Cat")
    book(page, "ante")
    table.agree("Ante in", ["Main pot: 3"])
    table.stacks(Ann=74, Bob=23, Cat=20)
    next_step(page, "Deal seven down")
    next_step(page, "Before the pass")
    bet_round(table, page, "Before the pass")
    expect_turn(page, "Ann to act: nothing to call")
    act(page, "Bet", 2)
    expect_turn(page, "Bob to act: 2 chips ($0.50) to call")
    act(page, "Call 2 chips ($0.50)")
    expect_turn(page, "Cat to act: 2 chips ($0.50) to call")
    act(page, "Call 2 chips ($0.50)")
    expect_turn(page, None)
    table.agree("Before the pass", ["Main pot: 9"])
    table.stacks(Ann=72, Bob=21, Cat=18)
    # The players declare on their own phones too: Bob's table page asks him.
    expect(bob.page.get_by_label("You declare")).to_be_visible(timeout=POLLED)
    for before, street in (
        ("Pass three left", "After the pass"),
        ("Turn up card one", "First card up"),
        ("Turn up card two", "Second card up"),
        ("Turn up card three", "Third card up"),
        ("Turn up card four", "Fourth card up"),
    ):
        to_tab(page, "Deal", r"/deal/$")
        if street == "First card up":
            next_step(page, "Discard two, stack five")
        next_step(page, before)
        next_step(page, street)
        bet_round(table, page, street)
        check_around(page, "Ann", "Bob", "Cat")
    to_tab(page, "Deal", r"/deal/$")
    next_step(page, "Declare high, low or both")
    next_step(page, "Showdown")
    table.agree("Showdown", ["Main pot: 9"])
    form = page.locator("form").filter(has=button(page, "Book the showdown"))
    for name, side, rank in (("Ann", "high", 1), ("Bob", "low", 1), ("Cat", "high", 2)):
        form.locator("fieldset.declare", has_text=name).get_by_label("Declares").select_option(side)
        label = "High rank" if side == "high" else "Low rank"
        form.locator("fieldset.declare", has_text=name).get_by_label(label).fill(str(rank))
    press(page, "Book the showdown")
    table.agree(None, [])
    table.stacks(Ann=77, Bob=25, Cat=18)

    # --- Settlement ----------------------------------------------------------------
    to_tab(page, "End", r"/end/$")
    for name, chips in (("Ann", 77), ("Bob", 25), ("Cat", 18)):
        page.locator("fieldset.count", has_text=name).get_by_label("White").fill(str(chips))
    button(page, "Check the counts").click()
    page.wait_for_url(re.compile(r"/end/\?"))
    expect(page.locator("fieldset.count p")).to_have_text(
        [re.compile(r"chips \(\S+\): matches the ledger\.$")] * 3
    )
    host.check()
    button(page, "End the night and settle up").click()
    page.wait_for_url(re.compile(r"/settlement/$"))
    host.check(open_details=True)
    assert sorted(cells(page.locator("table.nets tbody tr"))) == [
        ["Ann", "+57", "+14.25"],
        ["Bob", "-15", "-3.75"],
        ["Cat", "-42", "-10.50"],
    ]
    lines = sorted(" ".join(x.split()) for x in page.locator(".pay-line").all_text_contents())
    assert lines == ["Bob pays Ann 3.75 USD", "Cat pays Ann 10.50 USD"]

    # Every other phone hears the night is over, and follows it to who pays whom.
    for phone in (bob, spectator):
        expect(phone.page.get_by_text("This night has ended.")).to_be_visible(timeout=POLLED)
        phone.check()
        with phone.page.expect_navigation():
            phone.page.get_by_role("link", name="See who pays whom").click()
        expect(phone.page.locator(".pay-line")).to_have_count(2)
        phone.check(open_details=True)
    # The host reads the night's history.
    to_tab(page, "History", r"/journal/$")
    host.check(open_details=True)

    assert [p.problems() for p in table.phones] == [[], [], [], []]
