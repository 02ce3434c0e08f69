"""Brag, whole deals through dealer mode: the dealer's edge is the blind everyone calls.

From the rule page: the dealer alone puts the agreed amount in the pot, the
dealer's edge, and it counts as an opening blind bet; nobody else antes.
Three cards each, face down. Starting on the dealer's left each player calls
the blind, raises or drops out, as in Draw Poker, until the bets are even.
If every other player drops out, nobody has called the blind, so it goes
back to the dealer: nobody wins or loses, and the deal passes one seat left.
The braggers (ace of diamonds, jack of clubs, nine of diamonds) are wild;
only three of a kind, a pair and high card count.

Everyone buys in 40 chips; Dan deals first; the table agrees an edge of 2.
"""

from __future__ import annotations

import re

import pytest

from tests.ledger.dealing import booking, forms
from tests.ledger.deals.conftest import start
from tests.ledger.deals.table import act, book_the_fill, opens, save_cards, table, turn
from tests.ledger.pages import text, url

pytestmark = pytest.mark.django_db

EDGE = {"agreed__the dealer's edge": "2"}


def post_the_edge(deal) -> None:
    """The dealer's edge in one tap: the dealer pays it, so there is nothing to choose or type."""
    page = deal.page()
    form = deal.form("Book: The dealer antes", page)
    assert set(form.data()) == {"csrfmiddlewaretoken", "rule"}
    assert "(the dealer's edge: 2 chips)" in form.words
    deal.press("Book: The dealer antes", page=page)


def test_the_edge_is_the_blind_every_player_calls_and_the_braggers_rank(dealer, four):
    _ann, bob, _cat, _dan = four
    start(dealer, "brag", **EDGE)
    assert "Collect antes" not in table(dealer.client, dealer.night)  # Brag has no ante
    post_the_edge(dealer)
    assert dealer.stacks(*four) == [40, 40, 40, 38]  # Dan's edge: 2 in the pot
    dealer.press("Next: Deal three")
    dealer.press("Next: After the deal")
    opens(dealer, "After the deal", "Ann")  # the dealer's left
    assert turn(table(dealer.client, dealer.night)) == (
        "Ann",
        "2 chips ($0.10) to call",
    )  # the edge
    act(dealer, "Ann", "Call")
    act(dealer, "Bob", "Raise", amount="4")
    act(dealer, "Cat", "Fold")
    act(dealer, "Dan", "Call")  # 2 more on his edge
    act(dealer, "Ann", "Call")  # 2 more
    # Ann, Bob and Dan each in for 4: 36 each; Cat 40. Pot 12.
    assert dealer.stacks(*four) == [36, 36, 40, 36]
    dealer.press("Next: Showdown")
    save_cards(dealer, "Ann's", "Qs Qd 5c")  # a pair of queens
    save_cards(dealer, "Bob's", "Ad 7s 7h")  # the ace of diamonds is a bragger: three sevens
    save_cards(dealer, "Dan's", "Kc Kh 2d")  # a pair of kings
    book_the_fill(dealer, win_0=[str(bob.pk)])
    # Bob 36 + 12 = 48. 36 + 48 + 40 + 36 = 160.
    assert dealer.stacks(*four) == [36, 48, 40, 36]


def test_when_everyone_drops_the_dealer_takes_the_edge_back_and_the_deal_moves_left(dealer, four):
    ann, _bob, _cat, _dan = four
    start(dealer, "brag", **EDGE)
    post_the_edge(dealer)
    dealer.press("Next: Deal three")
    dealer.press("Next: After the deal")
    page = dealer.page()
    # Nothing to book by hand for the edge coming back: the betting does it.
    assert not booking(forms(page), "Book: If every other player drops out")
    assert "nobody has called the dealer's blind" in page
    opens(dealer, "After the deal", "Ann", page=page)
    for who in ("Ann", "Bob", "Cat"):
        act(dealer, who, "Fold")
    # Nobody called: Dan's 2 come back. Everyone even.
    assert dealer.stacks(*four) == [40, 40, 40, 40]
    page = dealer.page()
    assert "Nothing is in the pot to win" in page
    dealer.press("End the deal", page=page)
    assert dealer.stacks(*four) == [40, 40, 40, 40]
    journal = text(dealer.client.get(url("journal", dealer.night.pk)))
    assert "Nobody wins the pot: it was empty" in journal
    # The deal passes one seat left: Ann deals next, and her edge opens the betting.
    setup = text(dealer.client.get(url("game_new", dealer.night.pk) + "?game=brag"))
    assert re.search(rf'<option value="{ann.pk}" selected>Ann</option>', setup)
    start(dealer, "brag", dealer="Ann", **EDGE)
    post_the_edge(dealer)
    assert dealer.stacks(*four) == [38, 40, 40, 40]
    dealer.press("Next: Deal three")
    dealer.press("Next: After the deal")
    opens(dealer, "After the deal", "Bob")  # Ann's left
    act(dealer, "Bob", "Call")
    act(dealer, "Cat", "Fold")
    act(dealer, "Dan", "Fold")
    act(dealer, "Ann", "Check")  # her edge already matches
    # Ann and Bob in for 2: 38 each. Pot 4.
    assert dealer.stacks(*four) == [38, 38, 40, 40]
    dealer.press("Next: Showdown")
    save_cards(dealer, "Ann's", "Jc Js Jh")  # three jacks, one a bragger: wild with naturals
    save_cards(dealer, "Bob's", "Ah Ac 4d")  # a pair of aces
    book_the_fill(dealer, win_0=[str(ann.pk)])
    # Ann 38 + 4 = 42. 42 + 38 + 40 + 40 = 160.
    assert dealer.stacks(*four) == [42, 38, 40, 40]
