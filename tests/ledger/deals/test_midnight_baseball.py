"""Midnight Baseball: a betting round after every turn that ends in a new lead.

From the rule page: everyone antes the agreed amount; seven cards each, face
down and unseen; in turn each player flips until they lead, and after each
such turn there is a betting round opened by the player who has just flipped
(a turn ending in a black six or an empty stack has none); then the next
player flips. Everyone has 40 chips; Dan deals, so Ann flips
first; the table agrees an ante of 1.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db


def test_each_turn_of_flipping_is_followed_by_its_own_betting_round(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "midnight-baseball", **{"agreed__the table's ante": "1"})
    dealer.press("Book: Each player antes before the deal")  # pot 4; everyone 39
    dealer.press("Next: Deal seven, no peeking")
    dealer.press("Next: Flip until you lead")
    # Ann flips first, then the round after her turn, opened by her.
    dealer.press("Next: After a new lead")
    dealer.press("Open After a new lead", opener=str(ann.pk))
    for seat in (ann, bob, cat, dan):
        dealer.act(seat, "check")
    # Bob's turn: the table goes back to flipping, and a second round follows it.
    dealer.press("Another round: Flip until you lead")
    dealer.press("Next: After a new lead")
    dealer.press("Open After a new lead", opener=str(bob.pk))
    dealer.act(bob, "bet", 2)
    dealer.act(cat, "call")
    dealer.act(dan, "call")
    dealer.act(ann, "fold")
    # Bob, Cat and Dan 39 - 2 = 37; Ann 39. Pot 4 + 6 = 10; 39 + 3 x 37 + 10 = 160.
    assert dealer.stacks(*four) == [39, 37, 37, 37]
    assert "Another round: Flip until you lead" in dealer.page()
