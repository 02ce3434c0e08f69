"""Trash Poker: pay an ante for every draw or pass until somebody knocks, then bet it out.

From the rule page: everyone who wants the hand antes one ante (the night's
ante, 1 chip) and gets five cards. Starting with the dealer and going left,
each player draws (one ante into the pot: the top card of the deck or another
player's top discard, then throws one face up), passes (one ante) or knocks
(free, and draws no more), until the turn comes back to the first knocker.
One betting round follows, the first knocker opening; the best hand at the
showdown takes the pot, ties split. With Jokers wild, jokers are any card
but a hand using one loses a tie to the same hand in natural cards. With the
Black Spot, a hand holding it at a showdown cannot win; a winner by folds
who shows it collects from each folder twice what that folder put in the
pot this hand, never more than the folder has left.

Ann, Bob, Cat and Dan sit in that order; Dan deals.
"""

from __future__ import annotations

GAME = "trash-poker"


def build(t, options: list[str]) -> None:
    """Antes, then the building: Ann draws twice, Bob passes, Cat draws, Dan knocks."""
    t.start(GAME, dealer="Dan", options=options)
    t.book("ante")
    t.step("deal")
    t.step("build")
    t.book("draw-fee", actor="Ann", count=2)
    t.book("pass-fee", actor="Bob", count=1)
    t.book("draw-fee", actor="Cat", count=1)
    t.step("bet")


def test_a_natural_pair_beats_the_same_pair_made_with_a_joker(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    build(t, ["jokers"])
    # Antes 1 each: 39, the pot 4; Ann's two draws 2, Bob's pass 1, Cat's draw 1.
    t.expect(Ann=37, Bob=38, Cat=38, Dan=39, pot=8)
    t.open("Dan")  # Dan knocked first and opens
    t.act("Dan", "bet", 2)
    t.act("Ann", "call")
    t.act("Bob", "fold")
    t.act("Cat", "call")
    t.expect(Ann=35, Bob=38, Cat=36, Dan=37, pot=14)  # 2 each from three; 8 + 6
    t.step("showdown")
    t.cards("Ann", "As Ad 9c 7h 4s")  # a pair of aces, natural
    t.cards("Cat", "Kh Kd Qc 5s 2d")  # kings
    t.cards("Dan", "Ah Jk 9d 7d 4c")  # aces, the second a joker: loses the tie to Ann
    t.showdown(fires=[], win=["Ann"])
    t.expect(Ann=49, Bob=38, Cat=36, Dan=37, pot=0)  # Ann 35 + 14; 49 + 38 + 36 + 37 = 160


def test_won_by_folds_the_black_spot_collects_double_capped_at_a_short_stack(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips={"Ann": 40, "Bob": 5, "Cat": 40, "Dan": 40})
    build(t, ["black-spot"])
    # Antes 1 each; Ann's two draws 2, Bob's pass 1, Cat's draw 1: the pot 4 + 4 = 8.
    t.expect(Ann=37, Bob=3, Cat=38, Dan=39, pot=8)
    t.open("Dan")
    t.act("Dan", "bet", 3)
    t.act("Ann", "raise", 6)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.act("Dan", "fold")
    # Nobody called Ann's raise: her last 3 come back. Ann 37 - 3 = 34, Dan 39 - 3 = 36;
    # the pot 8 + 3 + 3 = 14.
    t.expect(Ann=34, Bob=3, Cat=38, Dan=36, pot=14)
    t.book("black-spot-payout", winner="Ann")
    # Ann shows the Black Spot; each folder pays twice their own chips in this pot:
    # Bob put in 2, owes 4 but has 3: pays 3, 0 left; Cat put in 2, pays 4: 34;
    # Dan put in 1 + 3 = 4, pays 8: 28. Ann 34 + 3 + 4 + 8 = 49.
    t.expect(Ann=49, Bob=0, Cat=34, Dan=28, pot=14)
    t.fold_out("Ann")
    t.expect(Ann=63, Bob=0, Cat=34, Dan=28, pot=0)  # and the pot: 63 + 34 + 28 = 125
