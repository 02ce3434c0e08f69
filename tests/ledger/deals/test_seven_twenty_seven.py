"""7/27: a whole deal through dealer mode, a betting round after every round of hits.

From the rule page: everyone antes the agreed amount; one hole card and one
up card; a betting round; then rounds of hits, each followed by a betting
round, as many as the table plays; aces count 1 or 11, faces a half, the
rest their number; the total nearest 7 takes half the pot and the total
nearest 27 the other half (by default the odd chip goes to the 27 side), and
a hand exactly on both takes everything. Everyone has 40 chips; Dan deals,
so Ann opens every round.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db


def test_a_round_of_bets_after_every_round_of_hits_then_the_halves(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "seven-twenty-seven", **{"agreed-the table's ante": "1"})
    dealer.press("Book: Each player pays the table's ante")  # pot 4; everyone 39
    dealer.press("Next: Deal")
    dealer.press("Next: ")  # the first betting round's step
    dealer.press("Open ")
    dealer.act(ann, "bet", 2)
    dealer.act(bob, "call")
    dealer.act(cat, "call")
    dealer.act(dan, "fold")  # pot 4 + 6 = 10; Ann, Bob, Cat 37; Dan 39
    dealer.press("Next: Hit or pass")
    dealer.press("Next: After the hits")
    dealer.press("Open After the hits")
    for seat in (ann, bob, cat):
        dealer.act(seat, "check")
    # Another round of hits, and the betting round after it opens again.
    dealer.press("Another round: Hit or pass")
    dealer.press("Next: After the hits")
    dealer.press("Open After the hits")
    dealer.act(ann, "bet", 1)
    dealer.act(bob, "call")
    dealer.act(cat, "fold")  # pot 10 + 2 = 12; Ann 36, Bob 36
    dealer.press("Next: ")  # to the showdown
    dealer.enter(ann, "As 6d", up="6d")  # 1 + 6 = 7 exactly
    dealer.enter(bob, "Td 9c 8h", up="9c 8h")  # 27 exactly
    page = dealer.page("?helper=fill")
    sent = dealer.form("Book the showdown", page).data()
    # The 7 side is the low half, the 27 side the high half: each named for its half.
    assert sent["high-0"] == [str(bob.pk)]
    assert sent["low-0"] == [str(ann.pk)]
    dealer.press("Book the showdown", page=page)
    # 12 halves as 6 and 6: Ann 36 + 6 = 42, Bob 36 + 6 = 42; Cat 37, Dan 39. 160 in all.
    assert dealer.stacks(*four) == [42, 42, 37, 39]
