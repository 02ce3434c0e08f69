"""Trash Poker with the Black Spot: its payout is for a hand won by folds, never at a showdown.

From the rule page: everyone antes one ante (the night's, 1 chip) to play;
five cards each; starting with the dealer, each player draws (one ante a
draw), passes (one ante) or knocks (free), until the turn returns to the
first knocker; one betting round, the first knocker opening; best hand at
the showdown takes the pot. With the Black Spot: a hand holding it at a
showdown cannot win; but a winner by folds who shows it collects from each
folder twice what that folder put in the pot this hand, capped at the
folder's stack. Everyone starts with 40 chips; Dan deals.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.seats import bets, enter_all

pytestmark = pytest.mark.django_db

GAME = "trash-poker"
PAYOUT = "black-spot-payout"


def build_and_bet(deal, four) -> None:
    """Antes, the building with its fees, and the betting round opened by Dan, who knocked."""
    ann, bob, cat, dan = four
    deal.press("Book: Each player antes")
    # Antes: 1 each, 39 each; the pot 4.
    deal.press("Next: Deal five")
    deal.press("Next: Build your hand")
    # Ann draws twice (2), Bob passes once (1), Cat draws once (1); Dan knocks, free.
    deal.press("Book: Each draw costs one ante", **{"role-actor": str(ann.pk), "count": "2"})
    deal.press("Passing a turn costs one ante", **{"role-actor": str(bob.pk), "count": "1"})
    deal.press("Each draw costs one ante", **{"role-actor": str(cat.pk), "count": "1"})
    # Ann 37, Bob 38, Cat 38, Dan 39; the pot 8.
    assert deal.stacks(*four) == [37, 38, 38, 39]
    deal.press("Next: After the knock")
    deal.press("Open After the knock", opener=str(dan.pk))


def test_at_a_real_showdown_the_black_spot_payout_is_not_offered(dealer, four):
    ann = four[0]
    start(dealer, GAME, options=["black-spot"])
    build_and_bet(dealer, four)
    # Dan bets 2; Ann calls; Bob folds; Cat calls. Ann 35, Bob 38, Cat 36, Dan 37; the pot 14.
    bets(dealer, "Bet 2", "Call 2", "Fold", "Call 2")
    assert dealer.stacks(*four) == [35, 38, 36, 37]
    dealer.press("Next: Showdown")
    page = dealer.page()
    # Three hands are shown: the fold-win payout is neither offered nor ticked.
    assert PAYOUT not in page
    cards = {
        "Ann": "Ah Ad 8c 8s 3d",  # two pair
        "Cat": "Kh Kd Kc 5s BS",  # three kings, but the Black Spot: cannot win
        "Dan": "Qh Qd 9c 6s 4d",  # queens
    }
    enter_all(dealer, cards, four)
    page = dealer.page("?helper=fill")
    assert PAYOUT not in page
    sent = dealer.form("Book the showdown", page).data()
    assert "fire" not in sent
    assert sent["win-0"] == [str(ann.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann's two pair take the pot of 14: 35 + 14 = 49. 49 + 38 + 36 + 37 = 160.
    assert dealer.stacks(*four) == [49, 38, 36, 37]


def test_won_by_folds_the_black_spot_collects_twice_from_each_folder(dealer, four):
    ann = four[0]
    start(dealer, GAME, options=["black-spot"])
    build_and_bet(dealer, four)
    # Dan bets 3; Ann raises to 6; Bob, Cat and Dan fold. The 3 nobody called go back to Ann:
    # Ann 37 - 3 = 34, Dan 39 - 3 = 36; the pot 8 + 6 = 14.
    bets(dealer, "Bet 3", "Raise 6", "Fold", "Fold", "Fold")
    assert dealer.stacks(*four) == [34, 38, 38, 36]
    page = dealer.page()
    assert "Everyone else folded" in page
    form = dealer.form("Winner by folds who shows the Black Spot", page)
    # Ann, the one left, comes ticked as the winner.
    assert form.data()["role-winner"] == [str(ann.pk)]
    # Ann shows the Black Spot. Each folder pays twice their own chips in this pot:
    # Bob put in 1 + 1 = 2, pays 4: 34; Cat 1 + 1 = 2, pays 4: 34; Dan 1 + 3 = 4, pays 8: 28.
    # Ann 34 + 16 = 50.
    dealer.press("Winner by folds who shows the Black Spot", page=page)
    assert dealer.stacks(*four) == [50, 34, 34, 28]
    dealer.press("Give the pot to Ann")
    # And the pot of 14: Ann 64. 64 + 34 + 34 + 28 = 160.
    assert dealer.stacks(*four) == [64, 34, 34, 28]
