"""Trash Poker with the Black Spot, and Queen and What Follows: whole deals through dealer mode.

Trash Poker, from its rule page: everyone antes one (the night's ante); in the
building each draw and each pass costs one ante into the pot, knocking is
free; one betting round; with the Black Spot option, a player who wins
because everyone folded and shows the Black Spot collects from each folder
twice what that folder put in the pot this hand, capped at their stack. The
payout is for a hand won by folds only.

Queen and What Follows: everyone antes the agreed amount; two down, one up,
two down, one up, one up, a betting round after each; queens are wild, and
so is the rank of the face-up card dealt right after the latest face-up
queen. Best five of seven takes the pot.

Everyone has 40 chips; Dan deals, so Ann is first to act.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db


def test_trash_poker_a_winner_by_folds_shows_the_black_spot_and_each_folder_pays_double(
    dealer, four
):
    ann, bob, cat, dan = four
    start(dealer, "trash-poker", options=["black-spot"])
    dealer.press("Book: Each player antes")  # pot 4; everyone 39
    dealer.press("Next: ")  # the deal
    dealer.press("Next: ")  # the building
    dealer.press("Book: Each draw costs one ante", count=f"{2}", **{"role-actor": str(ann.pk)})
    dealer.press("Book: Passing a turn costs one ante", **{"role-actor": str(bob.pk)})
    # Ann drew twice (2) and Bob passed once (1): pot 7; Ann 37, Bob 38.
    assert dealer.stacks(*four) == [37, 38, 39, 39]
    dealer.press("Next: ")
    dealer.press("Open ")
    dealer.act(ann, "bet", 3)
    for seat in (bob, cat, dan):
        dealer.act(seat, "fold")
    # Everyone else folded: Ann's 3 come back uncalled; the fold-out offers the Black Spot,
    # Ann already ticked as the winner.
    page = dealer.page()
    assert "Everyone else folded" in page
    form = dealer.form("Book: Winner by folds who shows the Black Spot", page)
    assert form.data()["role-winner"] == [str(ann.pk)]
    dealer.press("Book: Winner by folds who shows the Black Spot", page=page)
    # Each folder pays twice their own chips in the pot: Bob put in 2 (ante, pass) and pays 4;
    # Cat and Dan put in 1 each and pay 2: Ann 37 + 8 = 45; Bob 34; Cat 37; Dan 37.
    assert dealer.stacks(*four) == [45, 34, 37, 37]
    dealer.press("Give the pot to Ann")
    # The pot of 7 to Ann: 52. 52 + 34 + 37 + 37 = 160.
    assert dealer.stacks(*four) == [52, 34, 37, 37]


def test_trash_poker_offers_no_black_spot_payout_at_a_real_showdown(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "trash-poker", options=["black-spot"])
    dealer.press("Book: Each player antes")
    dealer.press("Next: ")
    dealer.press("Next: ")
    dealer.press("Next: ")
    dealer.press("Open ")
    for seat in four:
        dealer.act(seat, "check")
    dealer.press("Next: Showdown")
    dealer.enter(ann, "As Ad 4c 7h 9s")
    dealer.enter(bob, "Ks Kd 4d 7c 9h")
    dealer.enter(cat, "2s 3d 5c 8h Jh")
    dealer.enter(dan, "Qs Qd 4h 6c 8s")
    page = dealer.page("?helper=fill")
    assert "Black Spot collects" not in dealer.form("Book the showdown", page).words
    dealer.press("Book the showdown", page=page)
    # Antes 4, all checked: Ann's aces take 4: 39 + 4 = 43; the others 39.
    assert dealer.stacks(*four) == [43, 39, 39, 39]


def test_queen_and_what_follows_the_card_after_the_queen_is_wild_too(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "queen-and-what-follows", **{"agreed-the table's ante": "1"})
    dealer.press("Book: Each player antes")  # pot 4; everyone 39
    dealer.press("Next: ")  # two down
    dealer.press("Next: ")  # the first betting round
    dealer.press("Open ")
    dealer.act(ann, "bet", 2)
    for seat in (bob, cat, dan):
        dealer.act(seat, "call")  # pot 12; everyone 37
    for _ in range(4):  # one up, two down, one up, one up: each with its betting round
        dealer.press("Next: ")  # the cards dealt
        dealer.press("Next: ")  # its betting round
        dealer.press("Open ")
        for seat in four:
            dealer.act(seat, "check")
    dealer.press("Next: Showdown")
    # Face-up cards in the order dealt, round by round from the dealer's left: Ann's Q♠ first,
    # then Bob's 7♣ right after it: sevens are wild as well as queens.
    dealer.enter(ann, "Ah Kh Qs 2c 3d 5h 6c", up="Qs 5h 6c")  # a straight, six high
    dealer.enter(bob, "9s 9h 7c Ts Jd 8s Td", up="7c 8s Td")  # tens full of nines
    dealer.enter(cat, "4c 4h 9d Ac As 4d Kc", up="9d 4d Kc")  # fours full of aces
    dealer.enter(dan, "2h 2d Jh 3c 3s 2s 3h", up="Jh 2s 3h")  # threes full of twos
    page = dealer.page("?helper=fill")
    assert dealer.form("Book the showdown", page).data()["win-0"] == [str(bob.pk)]
    dealer.press("Book the showdown", page=page)
    # Bob's full house of tens is the best: 37 + 12 = 49; the others 37. 49 + 111 = 160.
    assert dealer.stacks(*four) == [37, 49, 37, 37]
