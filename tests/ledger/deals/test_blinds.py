"""The blind games, whole deals through dealer mode: Texas Hold'em, Pineapple and Contact Hold'em.

From the rule pages: the table chooses how the pot starts. With blinds, the
player on the dealer's left posts the small blind and the next player the
big blind, both the table's agreed sizes; the blinds count as bets, so the
player after the big blind acts first before the flop. Later rounds start
with the first player still in on the dealer's left. With an ante, everyone
antes the table's amount and the dealer's left opens every round. Short of
chips, a player stays in for what they have and wins only what they covered;
the rest is a side pot. Best five cards win; ties split.

Everyone buys in 40 chips; Dan deals, so Ann posts the small blind, Bob the
big blind, and Cat acts first before the flop.
"""

from __future__ import annotations

import re
from uuid import uuid4

import pytest
from rest_framework.test import APIClient

from ledger.models import Run
from ledger.services import seating
from tests.ledger.dealing import Deal, booking, forms
from tests.ledger.deals.conftest import start
from tests.ledger.deals.table import act, book_the_fill, opens, save_cards, table, turn
from tests.ledger.pages import text, url

pytestmark = pytest.mark.django_db

BLINDS = {"agreed__the small blind": "1", "agreed__the big blind": "2"}


def setup_page(deal: Deal, slug: str) -> str:
    return text(deal.client.get(url("game_new", deal.night.pk) + f"?game={slug}"))


def choice_group(page: str, setting: str, choice: str) -> str:
    """The setup page's block for one choice of a setting: its radio and what it asks."""
    found = re.search(
        rf'<div class="choice-group"><div class="opt"><input type="radio" '
        rf'id="setting-{setting}-{choice}".*?</div>\s*</div>',
        page,
        re.S,
    )
    assert found, f"no choice block for {setting}={choice}"
    return found[0]


def post_blinds(deal: Deal, ann, bob) -> None:
    """Each blind in one tap: the form comes ticked with its seat, and no amount to type."""
    page = deal.page()
    small = deal.form("Post the small blind:", page)
    big = deal.form("Book: The next player after the small blind", page)
    assert small.data() == {
        "csrfmiddlewaretoken": small.data()["csrfmiddlewaretoken"],
        "rule": ["small-blind"],
        "role-actor": [str(ann.pk)],
    }
    assert big.data()["role-actor"] == [str(bob.pk)]
    assert "bet" not in big.data()
    # The amounts are the ones the table agreed, said on the form.
    assert "(the small blind: 1 chip)" in small.words
    assert "(the big blind: 2 chips)" in big.words
    deal.press("Post the small blind:", page=page)
    deal.press("Book: The next player after the small blind")


# --- The setup page -----------------------------------------------------------------------------


def test_the_setup_page_asks_each_amount_under_the_choice_that_needs_it(dealer):
    page = setup_page(dealer, "texas-holdem")
    ante = choice_group(page, "seeding", "ante")
    blinds = choice_group(page, "seeding", "blinds")
    assert 'name="agreed-the table\'s ante"' in ante
    assert 'name="agreed-the small blind"' in blinds
    assert 'name="agreed-the big blind"' in blinds
    assert "agreed-the small blind" not in ante
    assert "agreed-the table's ante" not in blinds
    # Nothing asked outside the choices: the game itself needs no amount whatever is chosen.
    assert "Amounts agreed before play" not in page
    # Without script the page still holds every amount (the style sheet hides the unchosen).
    assert page.count('name="agreed-') == 3
    # Choosing blinds keeps only the blinds, whatever the ante box said.
    start(dealer, "texas-holdem", setting__seeding="blinds", **BLINDS)
    run = Run.objects.get(night=dealer.night)
    assert run.agreed == {"the small blind": 1, "the big blind": 2}


def test_an_amount_every_choice_needs_stays_with_the_games_own(dealer):
    page = setup_page(dealer, "brag")
    found = re.search(r"Amounts agreed before play.*?</fieldset>", page, re.S)
    assert found
    assert 'name="agreed-the dealer\'s edge"' in found[0]


# --- Texas Hold'em -------------------------------------------------------------------------------


def test_texas_holdem_with_blinds_a_side_pot_and_the_helpers_fill(dealer, four):
    ann, bob, cat, dan = four
    # Cat and Dan buy 40 more each before the game: 80 chips each.
    for seat in (cat, dan):
        seating.buy_in(night=dealer.night, seat=seat, chips=40, recorded_by="host:host")
    start(dealer, "texas-holdem", setting__seeding="blinds", **BLINDS)
    post_blinds(dealer, ann, bob)
    # Ann 40 - 1 = 39, Bob 40 - 2 = 38.
    assert dealer.stacks(*four) == [39, 38, 80, 80]
    dealer.press("Next: Two each")
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Cat")  # the player after the big blind
    assert turn(table(dealer.client, dealer.night)) == ("Cat", "2 chips ($0.10) to call")
    act(dealer, "Cat", "Raise", amount="6")
    act(dealer, "Dan", "Call")
    act(dealer, "Ann", "Fold")
    act(dealer, "Bob", "Call")
    # Cat and Dan 80 - 6 = 74; Bob's big blind counts: 38 - 4 = 34; Ann's small blind stays in.
    # Pot: 1 + 6 + 6 + 6 = 19.
    assert dealer.stacks(*four) == [39, 34, 74, 74]
    dealer.press("Next: Deal the flop")
    dealer.press("Next: The flop")
    opens(dealer, "The flop", "Bob")  # the first still in on the dealer's left: Ann folded
    act(dealer, "Bob", "All in")
    act(dealer, "Cat", "Raise", amount="68")  # the smallest raise: 34 more
    act(dealer, "Dan", "Call")
    # Bob all in for 34; Cat and Dan 74 - 68 = 6 each.
    # Main pot: 19 + 3 x 34 = 121, Bob, Cat and Dan; side pot: 2 x (68 - 34) = 68, Cat and Dan.
    assert dealer.stacks(*four) == [39, 0, 6, 6]
    page = table(dealer.client, dealer.night)
    assert "Main pot: 121" in page
    assert "Side pot 1: 68" in page
    dealer.press("Next: Deal the turn")
    dealer.press("Next: The turn")
    opens(dealer, "The turn", "Cat")  # Bob is all in: the next still in with chips
    act(dealer, "Cat", "Check")
    act(dealer, "Dan", "Check")
    dealer.press("Next: Deal the river")
    dealer.press("Next: The river")
    opens(dealer, "The river", "Cat")
    act(dealer, "Cat", "Check")
    act(dealer, "Dan", "Check")
    dealer.press("Next: Showdown")
    save_cards(dealer, "the table's", "Ah Kd 7c 4s 2h")
    save_cards(dealer, "Bob's", "7h 7d")  # three sevens with the 7c
    save_cards(dealer, "Cat's", "Kh Qs")  # a pair of kings
    save_cards(dealer, "Dan's", "Ac Qd")  # a pair of aces: beats Cat's kings
    # The main pot to Bob's three sevens; the side pot, between Cat and Dan, to Dan's aces.
    book_the_fill(dealer, win_0=[str(bob.pk)], win_1=[str(dan.pk)])
    # Bob 0 + 121 = 121; Dan 6 + 68 = 74; Cat 6; Ann 39. 39 + 121 + 6 + 74 = 240 = 4 x 40 + 80.
    assert dealer.stacks(*four) == [39, 121, 6, 74]


def test_texas_holdem_with_an_ante_and_everyone_folding_to_one(dealer, four):
    _ann, _bob, _cat, _dan = four
    start(dealer, "texas-holdem", **{"setting__seeding": "ante", "agreed__the table's ante": "2"})
    page = dealer.page()
    # No blinds with an ante: neither the small blind's booking nor its button.
    assert not booking(forms(page), "Book: The player left of the dealer")
    assert not [b for f in forms(page) for b in f.buttons if "small blind" in b[0]]
    assert dealer.form("Book: Each player antes", page).data().keys() == {
        "csrfmiddlewaretoken",
        "rule",
    }
    dealer.press("Book: Each player antes", page=page)
    # The agreed ante, 2 each: 38 each, pot 8.
    assert dealer.stacks(*four) == [38, 38, 38, 38]
    assert "Collect antes" not in table(dealer.client, dealer.night)
    dealer.press("Next: Two each")
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Ann")  # the dealer's left
    act(dealer, "Ann", "Check")
    act(dealer, "Bob", "Bet", amount="4")
    act(dealer, "Cat", "Fold")
    act(dealer, "Dan", "Call")
    act(dealer, "Ann", "Fold")
    # Bob and Dan 38 - 4 = 34; pot 8 + 4 + 4 = 16.
    assert dealer.stacks(*four) == [38, 34, 38, 34]
    dealer.press("Next: Deal the flop")
    dealer.press("Next: The flop")
    opens(dealer, "The flop", "Bob")  # Ann folded: Bob is the first still in
    act(dealer, "Bob", "Bet", amount="6")
    act(dealer, "Dan", "Fold")
    page = dealer.page()
    assert "Everyone else folded" in page
    dealer.press("Give the pot to Bob", page=page)
    # Nobody called Bob's 6: it comes back. Bob 34 + 16 = 50. 38 + 50 + 38 + 34 = 160.
    assert dealer.stacks(*four) == [38, 50, 38, 34]


def test_through_the_api_a_blind_needs_only_its_rule(dealer, four):
    _ann, _bob, _cat, _dan = four
    start(dealer, "texas-holdem", setting__seeding="blinds", **BLINDS)
    api = APIClient()
    api.force_login(dealer.night.host)
    hand = dealer.night.hands.get().number

    def book(rule: str):
        path = f"/api/nights/{dealer.night.pk}/hands/{hand}/charges/"
        return api.post(path, {"rule": rule}, format="json", HTTP_IDEMPOTENCY_KEY=uuid4().hex)

    assert book("small-blind").status_code == 201
    assert book("big-blind").status_code == 201
    # The seats the rules name, the amounts the table agreed: Ann 1, Bob 2.
    assert dealer.stacks(*four) == [39, 38, 40, 40]


# --- Pineapple -----------------------------------------------------------------------------------


def test_pineapple_with_blinds_drops_a_card_after_the_first_round(dealer, four):
    ann, bob, cat, _dan = four
    start(dealer, "pineapple", **{"setting__pot-seed": "blinds"}, **BLINDS)
    post_blinds(dealer, ann, bob)
    assert dealer.stacks(*four) == [39, 38, 40, 40]
    dealer.press("Next: Three hole cards")
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Cat")
    act(dealer, "Cat", "Call")
    act(dealer, "Dan", "Call")
    act(dealer, "Ann", "Call")  # 1 more on her small blind
    act(dealer, "Bob", "Check")
    # Everyone in for 2: 38 each, pot 8.
    assert dealer.stacks(*four) == [38, 38, 38, 38]
    dealer.press("Next: Drop one")  # after the first round, by default
    dealer.press("Next: Deal the flop")
    dealer.press("Next: The flop")
    opens(dealer, "The flop", "Ann")
    act(dealer, "Ann", "Check")
    act(dealer, "Bob", "Bet", amount="4")
    act(dealer, "Cat", "Call")
    act(dealer, "Dan", "Fold")
    act(dealer, "Ann", "Call")
    # Ann, Bob, Cat 38 - 4 = 34; pot 8 + 12 = 20.
    assert dealer.stacks(*four) == [34, 34, 34, 38]
    for street in ("The turn", "The river"):
        dealer.press(f"Next: Deal {street.lower()}")
        dealer.press(f"Next: {street}")
        opens(dealer, street, "Ann")
        for who in ("Ann", "Bob", "Cat"):
            act(dealer, who, "Check")
    dealer.press("Next: Showdown")
    # The two hole cards each kept; the one dropped takes no part.
    save_cards(dealer, "the table's", "Qs Jd 8c 5h 2s")
    save_cards(dealer, "Ann's", "Qh Qd")  # three queens
    save_cards(dealer, "Bob's", "As Kd")  # ace high
    save_cards(dealer, "Cat's", "9h Tc")  # a straight, 8 to the queen: the best
    book_the_fill(dealer, win_0=[str(cat.pk)])
    # Cat 34 + 20 = 54. 34 + 34 + 54 + 38 = 160.
    assert dealer.stacks(*four) == [34, 34, 54, 38]


def test_pineapple_with_an_ante_drops_a_card_before_anyone_bets_and_splits_a_tie(dealer, four):
    ann, bob, _cat, _dan = four
    start(
        dealer,
        "pineapple",
        **{
            "setting__pot-seed": "ante",
            "setting__discard-when": "before-bet",
            "agreed__the table's ante": "1",
        },
    )
    dealer.press("Book: Each player antes")
    assert dealer.stacks(*four) == [39, 39, 39, 39]  # pot 4
    dealer.press("Next: Three hole cards")
    dealer.press("Next: Drop one")  # straight after the deal
    dealer.press("Next: Pre-flop")
    opens(dealer, "Pre-flop", "Ann")
    act(dealer, "Ann", "Bet", amount="2")
    act(dealer, "Bob", "Call")
    act(dealer, "Cat", "Call")
    act(dealer, "Dan", "Fold")
    # Ann, Bob, Cat 39 - 2 = 37; pot 4 + 6 = 10.
    assert dealer.stacks(*four) == [37, 37, 37, 39]
    assert "Next: Drop one" not in dealer.page()  # dropped already: straight to the flop
    dealer.press("Next: Deal the flop")
    dealer.press("Next: The flop")
    opens(dealer, "The flop", "Ann")
    for who in ("Ann", "Bob", "Cat"):
        act(dealer, who, "Check")
    dealer.press("Next: Deal the turn")
    dealer.press("Next: The turn")
    opens(dealer, "The turn", "Ann")
    act(dealer, "Ann", "Bet", amount="3")
    act(dealer, "Bob", "Call")
    act(dealer, "Cat", "Fold")
    # Ann and Bob 37 - 3 = 34; pot 10 + 6 = 16.
    assert dealer.stacks(*four) == [34, 34, 37, 39]
    dealer.press("Next: Deal the river")
    dealer.press("Next: The river")
    opens(dealer, "The river", "Ann")
    act(dealer, "Ann", "Check")
    act(dealer, "Bob", "Check")
    dealer.press("Next: Showdown")
    save_cards(dealer, "the table's", "Ks Kd 7c 7h 2s")
    save_cards(dealer, "Ann's", "As 3d")  # kings and sevens, ace to play
    save_cards(dealer, "Bob's", "Ah 4c")  # the same: a tie
    book_the_fill(dealer, win_0=[str(ann.pk), str(bob.pk)])
    # Tied hands split the 16: 8 each. Ann and Bob 34 + 8 = 42. 42 + 42 + 37 + 39 = 160.
    assert dealer.stacks(*four) == [42, 42, 37, 39]


# --- Contact Hold'em -----------------------------------------------------------------------------


def test_contact_holdem_with_blinds_ranks_each_pool_with_a_folded_neighbours_up_cards(dealer, four):
    ann, bob, _cat, _dan = four
    start(dealer, "contact-holdem", **{"setting__pot-seed": "blinds"}, **BLINDS)
    post_blinds(dealer, ann, bob)
    dealer.press("Next: Deal two down")
    dealer.press("Next: Two down")
    opens(dealer, "Two down", "Cat")
    act(dealer, "Cat", "Call")
    act(dealer, "Dan", "Fold")
    act(dealer, "Ann", "Call")
    act(dealer, "Bob", "Check")
    # Ann, Bob, Cat in for 2: 38 each; pot 6.
    assert dealer.stacks(*four) == [38, 38, 38, 40]
    dealer.press("Next: Deal the first up card")  # to every seat, Dan's too
    dealer.press("Next: First up card")
    opens(dealer, "First up card", "Ann")
    act(dealer, "Ann", "Bet", amount="2")
    act(dealer, "Bob", "Call")
    act(dealer, "Cat", "Call")
    # 36 each; pot 6 + 6 = 12.
    dealer.press("Next: Deal the second up card")
    dealer.press("Next: Second up card")
    opens(dealer, "Second up card", "Ann")
    for who in ("Ann", "Bob", "Cat"):
        act(dealer, who, "Check")
    assert dealer.stacks(*four) == [36, 36, 36, 40]
    dealer.press("Next: Showdown")
    # Each pool is a player's own four and the up cards of the seats on each side (Dan's
    # count though he folded, so the panel still takes his up cards).
    # Ann: As Ad 7c 2d with Bob's Kc 3s and Dan's Qs Jd: aces, K Q J.
    # Bob: Kh Kd Kc 3s with Ann's 7c 2d and Cat's 9c 4h: three kings, the best.
    # Cat: 8s 8d 9c 4h with Bob's Kc 3s and Dan's Qs Jd: eights.
    dealer.press("Save Ann's cards", cards="As Ad 7c 2d", up="7c 2d")
    dealer.press("Save Bob's cards", cards="Kh Kd Kc 3s", up="Kc 3s")
    dealer.press("Save Cat's cards", cards="8s 8d 9c 4h", up="9c 4h")
    dealer.press("Save Dan's cards", cards="Qs Jd", up="Qs Jd")
    assert "1. Bob; 2. Ann; 3. Cat" in dealer.page("?helper=rank")
    book_the_fill(dealer, win_0=[str(bob.pk)])
    # Bob 36 + 12 = 48. 36 + 48 + 36 + 40 = 160.
    assert dealer.stacks(*four) == [36, 48, 36, 40]


def test_contact_holdem_with_an_ante_fold_blood_and_face_up_trading(dealer, four):
    _ann, _bob, cat, _dan = four
    start(
        dealer,
        "contact-holdem",
        **{
            "setting__pot-seed": "ante",
            "agreed__the table's ante": "1",
            "options": ["fold-blood", "face-up-trading"],
        },
    )
    dealer.press("Book: Each player antes")
    assert dealer.stacks(*four) == [39, 39, 39, 39]  # pot 4
    dealer.press("Next: Deal two down")
    dealer.press("Next: Two down")
    opens(dealer, "Two down", "Ann")  # no blinds: the dealer's left
    act(dealer, "Ann", "Check")
    act(dealer, "Bob", "Bet", amount="2")
    act(dealer, "Cat", "Call")
    act(dealer, "Dan", "Fold")
    act(dealer, "Ann", "Fold")
    # Bob and Cat 39 - 2 = 37; pot 4 + 4 = 8.
    assert dealer.stacks(*four) == [39, 37, 37, 39]
    page = dealer.page()
    dealer.press("Next: Deal the first up card", page=page)
    # Fold blood: up cards only to the players still in.
    assert "Folded players get nothing" in dealer.page()
    dealer.press("Next: Trade up cards")
    dealer.press("Next: First up card")
    opens(dealer, "First up card", "Bob")
    act(dealer, "Bob", "Check")
    act(dealer, "Cat", "Check")
    dealer.press("Next: Deal the second up card")
    dealer.press("Next: Trade up cards again")
    dealer.press("Next: Second up card")
    opens(dealer, "Second up card", "Bob")
    act(dealer, "Bob", "Bet", amount="3")
    act(dealer, "Cat", "Call")
    # Bob and Cat 37 - 3 = 34; pot 8 + 6 = 14.
    assert dealer.stacks(*four) == [39, 34, 34, 39]
    dealer.press("Next: Showdown")
    # Heads-up each has one neighbour, a pool of six. Bob: Jh Jd 5c 9s with Cat's 6d Qc: jacks.
    # Cat: Qh Qs 6d Qc with Bob's 5c 9s: three queens, the best. Fold blood: the folded
    # seats' cards are dead, and the panel does not ask for them.
    page = dealer.page()
    assert "Save Ann's cards" not in page
    dealer.press("Save Bob's cards", cards="Jh Jd 5c 9s", up="5c 9s")
    dealer.press("Save Cat's cards", cards="Qh Qs 6d Qc", up="6d Qc")
    assert "1. Cat; 2. Bob" in dealer.page("?helper=rank")
    book_the_fill(dealer, win_0=[str(cat.pk)])
    # Cat 34 + 14 = 48. 39 + 34 + 48 + 39 = 160.
    assert dealer.stacks(*four) == [39, 34, 48, 39]
