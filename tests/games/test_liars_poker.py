"""Liar's Poker: games of two quarters each, deal after deal until one player has a quarter.

From the rule page: on the first deal each player sets out two quarters as
two lives; no chips move yet. Two cards to each player with two quarters,
one to a player with one. Players name ever higher poker hands until one
calls; everyone's cards are pooled. When the named hand is there, the caller
loses a quarter; when it is missing, the player who named it loses one (or,
as the table says, nobody does and the cards are dealt again). A lost
quarter goes into the middle for the last player with a quarter (or, as the
table says, straight to the player who won that call). A player with no
quarter left is out and is dealt no cards. No hand is ranked: the dealer
books the lost quarter at the last step.

Ann, Bob and Cat buy in 40 chips each at 0.05, so a quarter is 5 chips; Cat
deals first and the deal moves left.
"""

from __future__ import annotations

GAME = "liars-poker"


def to_the_call(t, first: bool = False) -> None:
    """Deal (after the quarters are set out, on the first), name hands, pool the cards."""
    if first:
        t.step("deal")
    t.step("bid")
    t.step("check")
    t.step("settle")


def test_quarters_wait_in_the_middle_and_a_missing_hand_costs_nobody(table):
    t = table
    t.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"hand-missing": "nobody"})
    t.expect(Ann=40, Bob=40, Cat=40, pot=0)  # the quarters are set out: no chips move
    # Deal 1, Cat deals. Bob calls Ann's pair of kings, and it is there: Bob loses a quarter.
    to_the_call(t, first=True)
    t.book("lose-quarter", loser="Bob")
    t.expect(Ann=40, Bob=35, Cat=40, pot=5)  # 40 - 5; the quarter in the middle
    t.end_deal()
    t.expect(pot=0, riding=5)

    # Deal 2, Ann deals. Cat calls Bob's three jacks and they are not there: by the table's
    # setting nobody loses a quarter, and the cards are dealt again.
    t.deal()
    to_the_call(t)
    t.end_deal()
    t.expect(Ann=40, Bob=35, Cat=40, pot=0, riding=5)

    # Deal 3, Bob deals. Bob calls again, wrongly: his last quarter. Bob 30, out; 10 wait.
    t.deal()
    to_the_call(t)
    t.book("lose-quarter", loser="Bob")
    t.end_deal()
    t.expect(Ann=40, Bob=30, Cat=40, pot=0, riding=10)

    # Deal 4, Cat deals to Ann and herself. Ann calls a hand that is there: Ann 35; 15 wait.
    t.deal(players=("Ann", "Cat"))
    to_the_call(t)
    t.book("lose-quarter", loser="Ann")
    t.end_deal()
    t.expect(Ann=35, Bob=30, Cat=40, pot=0, riding=15)

    # Deal 5, Ann deals. Ann calls wrongly again: her last quarter, 30. The middle, 15 + 5,
    # is in the pot, and Cat, the last with a quarter, takes it: 40 + 20 = 60.
    t.deal(players=("Ann", "Cat"))
    to_the_call(t)
    t.book("lose-quarter", loser="Ann")
    t.expect(Ann=30, Bob=30, Cat=40, pot=20)
    t.last_standing("Cat")
    t.expect(Ann=30, Bob=30, Cat=60, pot=0, riding=0)  # 30 + 30 + 60 = 120


def test_quarters_handed_to_the_winner_of_each_call(table):
    t = table
    t.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"lost-quarters": "to-winner"})
    # Deal 1, Cat deals. Ann calls Bob's full house and it is not there: Bob, who named
    # it, hands Ann a quarter. Bob 35, Ann 45; nothing waits in the middle.
    to_the_call(t, first=True)
    t.book("missing-hand-to-caller", actor="Bob", winner="Ann")
    t.expect(Ann=45, Bob=35, Cat=40, pot=0)
    t.end_deal()
    t.expect(riding=0)

    # Deal 2, Ann deals. Cat calls Ann's two pair and it is there: Cat hands Ann a quarter.
    t.deal()
    to_the_call(t)
    t.book("lose-quarter-to-winner", loser="Cat", winner="Ann")
    t.expect(Ann=50, Bob=35, Cat=35)  # 45 + 5; 40 - 5
    t.end_deal()

    # Deal 3, Bob deals. Bob calls Cat's straight and it is there: his last quarter to Cat.
    t.deal()
    to_the_call(t)
    t.book("lose-quarter-to-winner", loser="Bob", winner="Cat")
    t.expect(Ann=50, Bob=30, Cat=40)  # Bob 35 - 5, out; Cat 35 + 5
    t.end_deal()

    # Deal 4, Cat deals to Ann and herself. Cat names three aces, Ann calls, they are not
    # there: Cat's last quarter to Ann. Ann alone has a quarter: the game is over.
    t.deal(players=("Ann", "Cat"))
    to_the_call(t)
    t.book("missing-hand-to-caller", actor="Cat", winner="Ann")
    t.end_deal()
    t.expect(Ann=55, Bob=30, Cat=35, pot=0, riding=0)  # 55 + 30 + 35 = 120
