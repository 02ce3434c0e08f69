"""Bloody Sevens (listed under two-card Guts), played over several deals through dealer mode.

From the rule page: as two-card Guts (the first deal anted, here 1 chip; a
closed fist with a chip to stay; nobody staying leaves the pot for the next
deal; the best hand takes the pot and every other live stayer pays its size
into the next one), but the stayers get three cards face up: a seven among
your two down cards is wild, a seven dealt to you face up kills your hand at
once, and a killed hand does not match. A lone stayer takes the pot and ends
the game, or, by the setting, must take three up cards and survive them
first (a seven: the pot waits, nobody matches). Tied best hands share, or by
the setting win nothing and match too. Everyone starts with 40 chips.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import buttons, enter, journal, name, rides, showdown_fill

pytestmark = pytest.mark.django_db

ANTE = {"agreed__the table's ante": "1"}
CHIP = "Book: Every player who opens a hand with a chip in it drops that chip"


def fists(deal, drops: list[str]) -> None:
    if "Next: Deal two down →" in buttons(deal.page()):
        deal.press("Next: Deal two down")
    deal.press("Next: Chip or no chip")
    name(deal, "Who drops out", *drops)


def test_a_seven_face_up_kills_and_the_dead_never_match(dealer, four):
    ann, bob, cat, _dan = four
    start(dealer, "bloody-sevens", **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    # Deal 1: antes 1 (pot 4, each 39). Ann, Bob and Cat stay; Cat's up cards hold a seven.
    fists(dealer, drops=["Dan"])
    dealer.press("Next: Three up to the stayers")
    name(dealer, "Who is dead (a seven face up)", "Cat")
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "7h Kd 9c 9s 2d", up="9c 9s 2d")  # the seven down is wild: three nines
    enter(dealer, bob, "Qh Qd 5c 8s 3h", up="5c 8s 3h")  # a pair of queens
    page, sent = showdown_fill(dealer)
    # Who lost: Bob alone; not Cat (dead) nor Dan (dropped).
    assert sent["fire"] == ["match"]
    assert sent["match:role-losers"] == [str(bob.pk)]
    assert sent["win-0"] == [str(ann.pk)]
    dealer.press("Book the showdown", page=page)
    # Bob matches the pot of 4: 35. Ann takes 4: 43. 4 ride.
    assert dealer.stacks(*four) == [43, 35, 39, 39]
    assert rides(dealer) == 4

    # Deal 2: Ann, Bob and Cat stay, nobody dies; Ann and Bob tie, Cat is lower.
    dealer.press("Deal")
    fists(dealer, drops=["Dan"])
    dealer.press("Next: Three up to the stayers")
    name(dealer, "Who is dead (a seven face up)")
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Kh Qd 9c 5s 3d", up="9c 5s 3d")
    enter(dealer, bob, "Kd Qc 9h 5d 3c", up="9h 5d 3c")
    enter(dealer, cat, "Jh 8d 6c 4s 2h", up="6c 4s 2h")
    page, sent = showdown_fill(dealer)
    # They share the pot (the default); Cat, the other live stayer, matches.
    assert sent["fire"] == ["match"]
    assert sent["match:role-losers"] == [str(cat.pk)]
    assert set(sent["win-0"]) == {str(ann.pk), str(bob.pk)}
    dealer.press("Book the showdown", page=page)
    # 4 split: Ann 45, Bob 37. Cat matches 4: 35. 4 ride.
    assert dealer.stacks(*four) == [45, 37, 35, 39]
    assert rides(dealer) == 4

    # Deal 3: nobody stays. One way on: the pot rides.
    dealer.press("Deal")
    fists(dealer, drops=["Ann", "Bob", "Cat", "Dan"])
    assert buttons(dealer.page()) == [
        "End the deal: the pot rides to the next deal",
        "← Back a step",
    ]
    dealer.press("End the deal: the pot rides to the next deal")
    assert journal(dealer.page())[0] == "Hand 3 Nobody stayed in: 4 rides to the next deal"

    # Deal 4: only Dan stays: as in Guts, he takes the pot (the default) and the game ends.
    dealer.press("Deal")
    fists(dealer, drops=["Ann", "Bob", "Cat"])
    dealer.press("Give the pot to Dan")
    # 39 + 4 = 43. 45 + 37 + 35 + 43 = 160.
    assert dealer.stacks(*four) == [45, 37, 35, 43]
    assert rides(dealer) == 0


def test_a_lone_stayer_must_survive_and_a_tie_wins_nothing(dealer, four):
    _ann, bob, cat, _dan = four
    start(
        dealer,
        "bloody-sevens",
        **{
            "setting__lone-stayer": "must-survive",
            "setting__ante-each-deal": "every-deal",
            "setting__nobody-stays": "redeal-ante",
            "setting__tie-best": "no-winner",
            "setting__declare-coin": "into-pot",
        },
        **ANTE,
    )
    antes = "Book: Each player antes every deal"
    dealer.press(antes)
    # Deal 1: antes 1 (pot 4, each 39). Only Ann stays, her chip in (Ann 38, pot 5).
    fists(dealer, drops=["Bob", "Cat", "Dan"])
    dealer.press(CHIP)
    # Alone, she still takes three up cards: a seven among them kills her hand.
    assert "Next: Three up to the lone stayer →" in buttons(dealer.page())
    dealer.press("Next: Three up to the lone stayer")
    name(dealer, "Who is dead (a seven face up)", "Ann")
    dealer.press("End the deal: the pot rides to the next deal")
    # The pot waits, and nobody matches: 5 ride.
    assert dealer.stacks(*four) == [38, 39, 39, 39]
    assert rides(dealer) == 5

    # Deal 2: antes 1 (pot 9). Nobody stays: everyone antes again (pot 13).
    dealer.press("Deal")
    dealer.press(antes)
    fists(dealer, drops=["Ann", "Bob", "Cat", "Dan"])
    dealer.press("Book: Nobody stayed")
    dealer.press("End the deal: the pot rides to the next deal")
    # 38 - 2 = 36; the others 39 - 2 = 37.
    assert dealer.stacks(*four) == [36, 37, 37, 37]
    assert rides(dealer) == 13

    # Deal 3: antes 1 (pot 17: 35, 36, 36, 36). Bob and Cat stay, chips in (pot 19).
    dealer.press("Deal")
    dealer.press(antes)
    fists(dealer, drops=["Ann", "Dan"])
    dealer.press(CHIP)
    assert dealer.stacks(*four) == [35, 35, 35, 36]
    dealer.press("Next: Three up to the stayers")
    name(dealer, "Who is dead (a seven face up)")
    dealer.press("Next: Show and settle")
    enter(dealer, bob, "Kh Qd 9c 5s 3d", up="9c 5s 3d")
    enter(dealer, cat, "Kd Qc 9h 5d 3c", up="9h 5d 3c")
    page, sent = showdown_fill(dealer)
    # A tie for best: nobody wins (the setting), the pot rides, and both match.
    assert sent["fire"] == ["match", "tie-carry"]
    assert set(sent["match:role-losers"]) == {str(bob.pk), str(cat.pk)}
    assert sent["nobody"] == ["1"]
    dealer.press("Book the showdown", page=page)
    # Each matches 19: 35 - 19 = 16. 19 + 19 + the pot's 19 = 57 ride.
    # 35 + 16 + 16 + 36 + 57 = 160.
    assert dealer.stacks(*four) == [35, 16, 16, 36]
    assert rides(dealer) == 57

    # Deal 4: antes 1 (pot 61: 34, 15, 15, 35). Only Dan stays, chip in (pot 62, Dan 34),
    # and survives his three up cards: the pot is his.
    dealer.press("Deal")
    dealer.press(antes)
    fists(dealer, drops=["Ann", "Bob", "Cat"])
    dealer.press(CHIP)
    dealer.press("Next: Three up to the lone stayer")
    name(dealer, "Who is dead (a seven face up)")
    dealer.press("Give the pot to Dan")
    # 34 + 62 = 96. 34 + 15 + 15 + 96 = 160.
    assert dealer.stacks(*four) == [34, 15, 15, 96]
    assert rides(dealer) == 0
