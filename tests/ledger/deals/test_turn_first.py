"""A player's turn comes first: on the Table tab and the Deal tab, above the seats and the cards.

White chips at 0.25 USD, so 10 chips are $2.50. Ann, Bob and Cat buy 100
chips each; Cat deals, so Ann acts first. Ann bets 10: Bob has 10 chips
($2.50) to call, and a raise goes to 20 chips ($5.00) at least, his 100 at
most (no limit).

The games dealt through dealer mode use the four at `tests/ledger/deals`:
40 chips each at 0.05, Dan deals unless a test says otherwise.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from ledger.services import hands
from tests import factories
from tests.ledger.deals.conftest import start
from tests.ledger.deals.table import phone
from tests.ledger.pages import text, url

pytestmark = pytest.mark.django_db

QUARTERS = (("white", "0.25"),)


@pytest.fixture
def quarters(host, host_client):
    """Cat deals a hand without a game; its first betting round is open, Ann to act."""
    night, (ann, bob, cat) = factories.night_with(host, chips=QUARTERS, buy_in=100)
    hand = hands.hand_start(night=night, players=[ann, bob, cat], dealer=cat, recorded_by="host")
    hands.load(hand).round_start(recorded_by="host")
    return night, (ann, bob, cat), hand


def ann_bets_10(night, ann, hand) -> None:
    hands.load(hand).act(ann, "bet", 10, recorded_by="host")


def words(page: str) -> str:
    """The page's text without its tags, its spaces run together."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


def buttons(page: str) -> list[str]:
    return [words(b).strip() for b in re.findall(r"<button[^>]*>(.*?)</button>", page, re.S)]


def table_page(client: Client, night) -> str:
    response = client.get(url("night", night.pk))
    assert response.status_code == 200
    return text(response)


def deal_page(client: Client, night) -> str:
    response = client.get(url("deal", night.pk))
    assert response.status_code == 200
    return text(response)


def test_no_fold_is_offered_when_checking_is_free(quarters, host_client):
    night, (ann, _, _), hand = quarters
    for page in (table_page(host_client, night), deal_page(host_client, night)):
        assert "Ann to act: nothing to call" in words(page)
        assert "Check" in buttons(page)
        assert "Fold" not in buttons(page)
    ann_bets_10(night, ann, hand)
    for page in (table_page(host_client, night), deal_page(host_client, night)):
        assert "Fold" in buttons(page)
        assert "Check" not in buttons(page)


def test_the_amount_to_call_is_shown_in_chips_and_money(quarters, host_client):
    night, (ann, bob, _), hand = quarters
    ann_bets_10(night, ann, hand)
    for page in (table_page(host_client, night), deal_page(host_client, night)):
        said = words(page)
        assert "Bob to act: 10 chips ($2.50) to call" in said
        assert "A raise goes to 20 chips ($5.00) – 100 chips ($25.00), in all this round." in said
        assert "Call 10 chips ($2.50)" in buttons(page)
        assert "All in: 100 chips ($25.00)" in buttons(page)
    bobs = phone(bob)
    for page in (table_page(bobs, night), deal_page(bobs, night)):
        assert "Your turn: 10 chips ($2.50) to call" in words(page)
        assert "Call 10 chips ($2.50)" in buttons(page)


def test_the_turn_panel_comes_before_the_seats_and_the_cards(quarters):
    night, (ann, _, _), _ = quarters
    anns = phone(ann)
    table = table_page(anns, night)
    turn = table.index('id="turn"')
    assert turn < table.index('<ul class="seats')
    assert turn < table.index('id="your-cards-form"')
    assert turn < table.index('class="hand-line"')
    deal = deal_page(anns, night)
    assert deal.index('id="turn"') < deal.index('<ul class="seats')
    assert "Your turn" in words(deal[deal.index('id="turn"') :])


def test_a_bet_from_the_deal_tab_comes_back_to_the_deal_tab(quarters):
    night, (ann, _, _), hand = quarters
    anns = phone(ann)
    page = deal_page(anns, night)
    assert f'<input type="hidden" name="next" value="{url("deal", night.pk)}">' in page
    response = anns.post(
        url("hand_act", night.pk, hand.pk),
        {"seat": ann.pk, "action": "check", "next": url("deal", night.pk), "idempotency_key": "a1"},
    )
    assert response.status_code == 303
    assert response["Location"] == url("deal", night.pk)
    # Refused (it is Bob's turn now, not Ann's): the Deal tab again, with the reason on top.
    refused = anns.post(
        url("hand_act", night.pk, hand.pk),
        {"seat": ann.pk, "action": "check", "next": url("deal", night.pk), "idempotency_key": "a2"},
    )
    assert refused.status_code >= 400
    assert 'id="deal"' in text(refused)
    assert 'class="banner"' in text(refused)


def test_a_player_waiting_sees_whose_turn_it_is_and_no_buttons(quarters):
    night, (_, bob, _), _ = quarters
    page = table_page(phone(bob), night)
    assert "Ann to act: nothing to call" in words(page)
    assert "Waiting for Ann." in words(page)
    assert "Check" not in buttons(page)


# Dealer mode: who opens, and the step line's way there.


def open_form(page: str) -> str:
    """The Deal tab's form that opens the next betting round."""
    found = re.search(r'<form[^>]*>(?:(?!</form>).)*?name="opener".*?</form>', page, re.S)
    assert found, "no round to open"
    return found[0]


def chosen_opener(page: str) -> str:
    chosen = re.search(r'<option value="\d+" selected>([^<]+)</option>', open_form(page))
    assert chosen, "nobody comes chosen"
    return chosen[1]


def forward_to_round(deal) -> str:
    """Press Next until the Deal tab offers to open a betting round: that page."""
    for _ in range(12):
        page = deal.page()
        if re.search(r">Open [^<]+</button>", page):
            return page
        step = re.search(r">(Next: [^<]+?) →</button>", page)
        assert step, "no way forward"
        deal.press(step[1], page=page)
    raise AssertionError("no betting round")


def test_who_opens_comes_chosen_at_the_dealer_when_the_rule_says_the_dealer(dealer, four):
    # Roll Your Own with "the dealer opens the first round", Bob dealing: Bob, not Ann in seat 1.
    start(dealer, "roll-your-own", dealer="Bob", **{"setting__bet-1-opener": "dealer"})
    page = forward_to_round(dealer)
    assert "Who opens (the dealer)" in page
    assert chosen_opener(page) == "Bob"


def test_who_opens_comes_chosen_left_of_the_dealer_when_only_the_cards_can_say(dealer, four):
    # Seven Card Stud, the best hand showing opens its second round; Ann deals. Nobody entered
    # the cards showing, so the choice comes at the first still in on her left: Bob, not Ann.
    start(dealer, "seven-card-stud", dealer="Ann", setting__opener="best-showing")
    page = forward_to_round(dealer)
    dealer.press(re.search(r">(Open [^<]+)</button>", page)[1], page=page)
    for _ in range(4):  # everyone checks the first round, from Ann's phone (the host's)
        table = table_page(dealer.client, dealer.night)
        hand = dealer.night.hands.get()
        who = re.search(r'data-turn="([^"]+)"', table)
        if who is None:
            break
        seat = dealer.night.seats.get(person__name=who[1])
        hands.load(hand).act(seat, "check", 0, recorded_by="host")
    page = forward_to_round(dealer)
    assert "Who opens (the best hand showing)" in page
    assert chosen_opener(page) == "Bob"


def test_a_spectator_has_no_dealer_mode_link(dealer, four):
    start(dealer, "roll-your-own")
    night = dealer.night
    host = table_page(dealer.client, night)
    assert f'<a class="btn ghost" href="{url("deal", night.pk)}">Dealer mode</a>' in host
    watching = Client().get(url("watch", night.spectator_token))
    assert watching.status_code == 200
    page = text(watching)
    assert 'id="step-now"' in page
    assert "Dealer mode" not in page
    assert url("deal", night.pk) not in page


# A game played one player at a time, with no betting round: Acey Deucey.


def bet(deal, who, won: bool, chips: int) -> None:
    """The dealer books the bet of the player whose turn it is, won or lost."""
    rule = "The middle card lands strictly inside" if won else "The middle card lands outside"
    deal.press(rule, **{"role-actor": str(who.pk), "bet": str(chips)})


def whose_turn(page: str) -> str | None:
    found = re.search(r'<h2 class="turn-head"[^>]*>([^<]+)</h2>', page)
    return found[1] if found else None


def test_acey_deucey_says_whose_turn_it_is_on_both_tabs(dealer, four):
    ann, bob, cat, dan = four
    night = dealer.night
    start(dealer, "acey-deucey", **{"agreed__the table's ante": "2"})
    # Everyone antes at once: nobody's turn yet.
    assert whose_turn(dealer.page()) is None
    dealer.press("Book: Each player antes")
    dealer.press("Next: Left and right")
    # Dan deals: the turns go round from his left, Ann first.
    assert whose_turn(dealer.page()) == "Ann's turn"
    assert whose_turn(table_page(dealer.client, night)) == "Ann's turn"
    anns, bobs = phone(ann), phone(bob)
    assert whose_turn(table_page(anns, night)) == "Your turn"
    assert whose_turn(deal_page(anns, night)) == "Your turn"
    assert whose_turn(table_page(bobs, night)) == "Ann's turn"
    dealer.press("Next: Make your bet")
    dealer.press("Next: Turn the middle card")
    assert whose_turn(dealer.page()) == "Ann's turn"
    bet(dealer, ann, True, 3)
    assert whose_turn(dealer.page()) == "Bob's turn"
    assert whose_turn(table_page(bobs, night)) == "Your turn"
    bet(dealer, bob, False, 2)
    bet(dealer, cat, True, 4)
    assert whose_turn(table_page(dealer.client, night)) == "Dan's turn"
    # Undoing Cat's bet gives her the turn back.
    dealer.press("Undo the last booking")
    assert whose_turn(dealer.page()) == "Cat's turn"
    bet(dealer, cat, True, 4)
    bet(dealer, dan, False, 1)
    # Round the table once: everyone has had their turn this deal.
    assert whose_turn(dealer.page()) is None
