"""Money beside the chips wherever a person reads an amount, and buttons named by what they do.

The kitchen table of four (tests/ledger/deals/conftest.py): Ann, Bob, Cat and
Dan each buy 40 chips; the night's smallest chip is worth $0.05, so 40 chips
are $2.00, 1 chip $0.05, 2 chips $0.10, 5 chips $0.25. Dan deals, so Ann
posts the small blind (1 chip) and Bob the big blind (2 chips) at Texas
Hold'em played with blinds.
"""

from __future__ import annotations

import re

from django.urls import reverse

from ledger.services import closing, seating
from tests.ledger.dealing import Deal, forms
from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import journal_money
from tests.ledger.deals.table import act, opens, table, turn
from tests.ledger.pages import text, url

BLINDS = {"agreed__the small blind": "1", "agreed__the big blind": "2"}
HOST = "host:host"


def seat_money(page: str) -> dict[str, str]:
    """Each seat's chips and money as the seat list shows them, by name: {"Ann": "40 $2.00"}."""
    found = re.findall(
        r'<li class="seat[^"]*">\s*<span class="who">\s*([A-Z][a-z]+)'
        r'.*?<span class="chips">(.*?)</span>\s*</li>',
        page,
        re.S,
    )
    return {name: " ".join(re.sub(r"<[^>]+>", " ", chips).split()) for name, chips in found}


def amounts_block(page: str, choice: str) -> str:
    """The opening tag of the amounts the setup page asks under one choice of the seeding."""
    group = re.search(
        rf'id="setting-seeding-{choice}".*?(<div class="choice-amounts"[^>]*>)', page, re.S
    )
    assert group, f"no amounts under {choice}"
    return group[1]


def setup(deal: Deal, query: str) -> str:
    response = deal.client.get(reverse("ledger:game_new", args=[deal.night.pk]) + query)
    assert response.status_code == 200, response.status_code
    return text(response)


def blinds_posted(dealer: Deal) -> str:
    """Texas Hold'em with blinds started and both blinds booked: the Deal tab after."""
    start(dealer, "texas-holdem", setting__seeding="blinds", **BLINDS)
    dealer.press("Post the small blind: Ann, 1 chip ($0.05)")
    dealer.press("Post the big blind: Bob, 2 chips ($0.10)")
    return dealer.page()


# --- The setup page asks only the amounts the choices need --------------------------------------


def test_the_setup_page_hides_the_ante_while_blinds_are_chosen(dealer):
    page = setup(dealer, "?game=texas-holdem&update=1&setting-seeding=blinds")
    assert 'id="setting-seeding-blinds" name="setting-seeding" value="blinds" checked' in page
    assert amounts_block(page, "blinds") == '<div class="choice-amounts">'
    assert amounts_block(page, "ante") == '<div class="choice-amounts" hidden>'
    # What the player reads on the blinds: chips, and what they are worth tonight.
    assert "The small blind <small" in page


def test_the_setup_page_shows_the_ante_and_hides_the_blinds_while_antes_are_chosen(dealer):
    page = setup(dealer, "?game=texas-holdem&update=1&setting-seeding=ante")
    assert 'id="setting-seeding-ante" name="setting-seeding" value="ante" checked' in page
    assert amounts_block(page, "ante") == '<div class="choice-amounts">'
    assert amounts_block(page, "blinds") == '<div class="choice-amounts" hidden>'


def test_the_setup_page_starts_on_blinds_the_games_default(dealer):
    page = setup(dealer, "?game=texas-holdem")
    assert 'id="setting-seeding-blinds" name="setting-seeding" value="blinds" checked' in page
    assert amounts_block(page, "blinds") == '<div class="choice-amounts">'
    assert amounts_block(page, "ante") == '<div class="choice-amounts" hidden>'


def test_the_setup_page_redrawn_keeps_what_was_typed(dealer):
    query = "?game=texas-holdem&update=1&setting-seeding=blinds&agreed-the+small+blind=3"
    page = setup(dealer, query)
    assert re.search(r'name="agreed-the small blind" value="3"', page)
    # 3 chips at $0.05: $0.15.
    assert "3 is $0.15" in page


def test_without_script_an_update_button_redraws_the_setup_page_by_post(dealer):
    page = setup(dealer, "?game=texas-holdem")
    button = re.search(r"<noscript><button([^>]*)>Update the amounts", page)
    assert button
    assert "formmethod" not in button[1]  # a POST: the CSRF token stays out of URLs
    url = reverse("ledger:game_new", args=[dealer.night.pk])
    # The page opens on blinds (the default); the table picks antes and updates.
    answer = dealer.client.post(
        url, {"game": "texas-holdem", "update": "1", "setting-seeding": "ante"}
    )
    assert answer.status_code == 200
    redrawn = text(answer)
    assert amounts_block(redrawn, "blinds") == '<div class="choice-amounts" hidden>'
    assert amounts_block(redrawn, "ante") == '<div class="choice-amounts">'


def test_the_setup_pages_live_redraw_leaves_the_csrf_token_out_of_its_query(dealer):
    page = setup(dealer, "?game=texas-holdem")
    asks = re.findall(r'hx-get="[^"]*"[^>]*', page)
    assert asks
    assert all('hx-params="not csrfmiddlewaretoken,idempotency_key"' in a for a in asks)


# --- Buttons named by what they do --------------------------------------------------------------


def test_a_blind_button_says_the_action_who_posts_it_and_how_much(dealer, four):
    start(dealer, "texas-holdem", setting__seeding="blinds", **BLINDS)
    names = [b[0] for f in forms(dealer.page()) for b in f.buttons]
    assert "Post the small blind: Ann, 1 chip ($0.05)" in names
    assert "Post the big blind: Bob, 2 chips ($0.10)" in names
    assert not [n for n in names if "The player left of the dealer" in n]


def test_a_per_card_tax_button_says_the_tax_and_its_price(dealer, four):
    start(
        dealer,
        "indian-midnight-baseball",
        options=["wild-tax"],
        **{"agreed__the table's ante": "1"},
    )
    dealer.press("Book: Each player antes before the deal")
    dealer.press("Next: Deal seven, no peeking")
    dealer.press("Next: Stop or go")
    names = [b[0] for f in forms(dealer.page()) for b in f.buttons]
    # A quarter a card is 5 chips at $0.05; who pays is asked on the form.
    assert "Pay the wild tax: 5 chips ($0.25)" in names
    assert "Buy a card: 5 chips ($0.25)" in names


# --- Money beside the chips ---------------------------------------------------------------------


def test_the_seat_lists_show_each_stack_with_its_money(dealer, four):
    page = blinds_posted(dealer)
    # Ann 40 - 1 = 39 ($1.95), Bob 40 - 2 = 38 ($1.90), Cat and Dan 40 ($2.00).
    assert seat_money(page) == {
        "Ann": "39 $1.95",
        "Bob": "38 $1.90",
        "Cat": "40 $2.00",
        "Dan": "40 $2.00",
    }
    assert seat_money(table(dealer.client, dealer.night)) == seat_money(page)


def test_the_pot_and_the_bets_in_show_their_money(dealer, four):
    blinds_posted(dealer)
    dealer.press("Next: Two each")
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Cat")
    page = table(dealer.client, dealer.night)
    assert turn(page)[0] == "Cat"
    # The blinds are this round's bets: 1 and 2 in front of Ann and Bob.
    assert seat_money(page)["Ann"] == "39 $1.95 1 in $0.05"
    assert seat_money(page)["Bob"] == "38 $1.90 2 in $0.10"
    assert '<strong>Main pot: 3</strong> chips <span class="money">($0.15)</span>' in page


def test_the_journal_puts_the_money_beside_each_chip_figure(dealer, four):
    page = blinds_posted(dealer)
    lines = journal_money(page)
    # The big blind, newest first: 2 chips at $0.05.
    assert lines[0].startswith("Hand 1 Bob pays 2 ($0.10) to the pot")
    assert lines[1].startswith("Hand 1 Ann pays 1 ($0.05) to the pot")


def test_a_hand_won_reads_with_its_money_and_the_settlement_breaks_it_down(dealer, four):
    ann, bob, cat, dan = four
    blinds_posted(dealer)
    dealer.press("Next: Two each")
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Cat")
    act(dealer, "Cat", "Fold")
    act(dealer, "Dan", "Fold")
    act(dealer, "Ann", "Fold")
    dealer.press("Give the pot to Bob")
    # Nobody called Bob's big blind past Ann's 1: the pot is 1 + 1 = 2 ($0.10), and the rest
    # of his blind goes back to him. Ann 39, Bob 41.
    assert journal_money(dealer.page())[0] == "Hand 1 Bob wins 2 ($0.10)"
    closing.night_end(
        night=dealer.night,
        counts={ann.pk: 39, bob.pk: 41, cat.pk: 40, dan.pk: 40},
        recorded_by=HOST,
    )
    page = text(dealer.client.get(url("settlement", dealer.night.pk)))
    # Ann lost 1 chip ($0.05) to Bob in hand 1.
    assert re.search(
        r"<td>1</td><td class=\"num\">-1 <small class=\"money\">-\$0.05</small></td>"
        r"<td class=\"num\">\+1 <small class=\"money\">\+\$0.05</small></td>",
        page,
    )


def test_the_end_tab_counts_in_chips_and_money(dealer, four):
    # Ann counts 38 white chips where the ledger says 40: 38 chips ($1.90), 40 ($2.00), -2.
    # The others count 40 white each, and no red.
    whites = {seat.pk: 38 if seat == four[0] else 40 for seat in four}
    query = "?" + "&".join(f"count-{pk}-0={n}&count-{pk}-1=0" for pk, n in whites.items())
    page = text(dealer.client.get(url("end", dealer.night.pk) + query))
    assert "38 chips ($1.90) counted, the ledger says 40 chips ($2.00): -2 (-$0.10)." in page
    assert "40 chips ($2.00): matches the ledger." in page


def test_a_cash_out_paid_in_cash_reads_as_cash_received(dealer, four):
    ann = four[0]
    seating.buy_in(night=dealer.night, seat=ann, chips=20, recorded_by=HOST, paid="cash")
    seating.cash_out(night=dealer.night, seat=ann, chips=10, recorded_by=HOST, paid="cash")
    page = text(dealer.client.get(url("seats", dealer.night.pk)))
    # 20 chips paid for in cash: $1.00; 10 cashed out in cash: $0.50 received.
    assert "paid $1.00 in cash, received $0.50 in cash" in page
    assert "paid $0.50 in cash" not in page
    # Ann is in for 60, cashed out 10 and holds 50: net so far 0 chips, $0.00.
    assert "net so far 0 chips ($0.00)" in page
