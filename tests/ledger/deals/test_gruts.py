"""Gruts: house Guts with its own words, and a quarter's fine for every slip, played whole.

From the rule page: as Guts (a new game antes 1 here into the empty pot;
nobody says "gruts": the pot stays and the deal is played again; a gruts-er
nobody "chawawenges" takes the pot and ends the game; the gruts-er beats
every chawawenger: each pays the size of the pot into the next one). Saying
"guts" or "challenge" as your move costs a quarter (5 chips at 0.05) into a
fines pile beside the pot, which never counts toward a match; once the hand
is settled the pile joins the next hand's pot. When the game ends with fines
in the pile, the table's setting says whether they seed the next game or go
to the player who ended it. Everyone starts with 40 chips; Dan deals first.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import (
    buttons,
    enter,
    journal,
    name,
    pile,
    rides,
    showdown_fill,
)

pytestmark = pytest.mark.django_db

FINE = 'Book: Saying "guts" or "challenge" as your move costs a quarter each time'


def gruts_or_pass(deal, passes: list[str], gruts: str | None = None, fined=None) -> None:
    if "Next: Deal three →" in buttons(deal.page()):
        deal.press("Next: Deal three")
    deal.press("Next: Gruts or pass")
    if fined is not None:
        deal.press(FINE, role__actor=fined.pk, count=1)
    name(deal, "Who passes", *passes)
    if gruts is not None:
        name(deal, "Who said gruts first", gruts)


@pytest.mark.parametrize(
    ("at_end", "dan_ends", "pile_left"),
    [
        # The pile seeds the next game: Dan takes the pot of 14; 5 stay in the pile.
        ("next-game", 53, 5),
        # The player who ends the game takes the pile too: 39 + 5 + 14 = 58.
        ("winner", 58, 0),
    ],
)
def test_fines_wait_beside_the_pot_and_join_the_next_one(dealer, four, at_end, dan_ends, pile_left):
    ann, bob, cat, _dan = four
    start(
        dealer,
        "gruts",
        **{"setting__fines-at-end": at_end, "agreed__the table's ante": "1"},
    )
    dealer.press("Book: Each player antes")
    # Deal 1: antes 1 (pot 4, each 39). Bob falls for "guts or pass?": fined 5, Bob 34.
    # Then everyone passes.
    gruts_or_pass(dealer, passes=["Ann", "Bob", "Cat", "Dan"], fined=bob)
    assert dealer.stacks(*four) == [39, 34, 39, 39]
    page = dealer.page()
    assert "<h2>Nobody stayed in</h2>" in page
    # The fines pile joins the next pot: the one booking nobody passing asks for.
    assert buttons(page) == [
        "Carry the pile over",
        "End the deal: the pot rides to the next deal",
        "← Back a step",
    ]
    dealer.press("Book: Once this hand is settled, the fines pile is added")
    dealer.press("End the deal: the pot rides to the next deal")
    # 4 + the pile's 5 ride.
    assert rides(dealer) == 9

    # Deal 2: the 9 ride in. Ann says gruts; Cat says "challenge" instead of
    # "chawawenge" (fined 5: Cat 34), and loses to Ann.
    dealer.press("Deal")
    gruts_or_pass(dealer, passes=["Bob", "Dan"], gruts="Ann", fined=cat)
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Kh Kd 4c")
    enter(dealer, cat, "Qh Jd 9c")
    page, sent = showdown_fill(dealer)
    # The gruts-er best: Cat matches; the pile joins the next pot.
    assert sent["fire"] == ["challengers-match", "fines-join"]
    assert sent["challengers-match:role-losers"] == [str(cat.pk)]
    dealer.press("Book the showdown", page=page)
    # Cat matches the pot of 9 (the fines are not in it): 34 - 9 = 25. Ann takes 9: 48.
    # Riding: Cat's 9 and the pile's 5 = 14.
    assert dealer.stacks(*four) == [48, 34, 25, 39]
    assert rides(dealer) == 14

    # Deal 3: Bob is fined once more (29, pile 5); Dan says gruts and nobody chawawenges.
    dealer.press("Deal")
    gruts_or_pass(dealer, passes=["Ann", "Bob", "Cat"], fined=bob)
    page = dealer.page()
    if at_end == "winner":
        dealer.press("Book: The hand that ends the game also hands its winner", page=page)
    else:
        assert not [b for b in buttons(page) if b.startswith("Book:")]
    dealer.press("Give the pot to Dan")
    # next-game: 48 + 29 + 25 + 53 = 155, and 5 in the pile = 160.
    # winner:    48 + 29 + 25 + 58 = 160.
    assert dealer.stacks(*four) == [48, 29, 25, dan_ends]
    assert rides(dealer) == 0
    page = dealer.page()
    assert journal(page)[0] == "Hand 3 Dan wins 14"
    assert pile(dealer) == pile_left


def test_a_gruts_er_beaten_pays_twice_the_pot_fines_left_out(dealer, four):
    ann, bob, cat, _dan = four
    start(dealer, "gruts", **{"agreed__the table's ante": "2"})
    dealer.press("Book: Each player antes")
    # Antes of 2: pot 8, each 38. Ann says gruts and is fined for "guts" (33, pile 5);
    # Bob and Cat chawawenge; Dan passes. Bob's pair beats her.
    gruts_or_pass(dealer, passes=["Dan"], gruts="Ann", fined=ann)
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Qd 9c")
    enter(dealer, bob, "6h 6d 2c")
    enter(dealer, cat, "Kh Jd 3c")
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["gutser-pays-twice", "fines-join"]
    assert sent["gutser-pays-twice:role-loser"] == [str(ann.pk)]
    assert sent["win-0"] == [str(bob.pk)]
    dealer.press("Book the showdown", page=page)
    # Twice the pot of 8 (not the pile): 16; Ann 33 - 16 = 17. Bob takes 8: 46.
    # Riding: 16 + the pile's 5 = 21. 17 + 46 + 38 + 38 + 21 = 160.
    assert dealer.stacks(*four) == [17, 46, 38, 38]
    assert rides(dealer) == 21
