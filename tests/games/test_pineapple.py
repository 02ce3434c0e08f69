"""Pineapple: Hold'em with three hole cards, one thrown away.

From the rule page: blinds start the pot (the default: small blind on the
dealer's left, big blind next, sizes agreed) or everyone antes. Three cards
down each; each player drops one, after the first betting round (the
default) or before it; then the flop, turn and river with a round after
each. The best five of a player's two kept cards and the five shared wins.

Dan deals, so Ann posts the small blind and Bob the big blind.
"""

from __future__ import annotations

GAME = "pineapple"


def test_blinds_a_raise_and_the_discard_after_the_first_round(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the small blind": 1, "the big blind": 2})
    t.book("small-blind")
    t.book("big-blind")
    t.expect(Ann=39, Bob=38, Cat=40, Dan=40, pot=3)  # the blinds, 1 + 2
    t.step("deal")
    t.step("bet-1-blinds")
    t.open()
    t.act("Cat", "raise", 4)
    t.act("Dan", "fold")
    t.act("Ann", "fold")
    t.act("Bob", "call")
    # Cat 40 - 4 = 36; Bob 38 - 2 = 36; Ann's blind stays in: the pot 1 + 4 + 4 = 9.
    t.expect(Ann=39, Bob=36, Cat=36, Dan=40, pot=9)
    t.step("discard")
    for deal, bet in (("flop", "bet-2"), ("turn", "bet-3"), ("river", "bet-4")):
        t.step(deal)
        t.step(bet)
        t.open()
        t.act("Bob", "check")  # the first still in on the dealer's left
        t.act("Cat", "check")
    t.step("showdown")
    t.cards("Bob", "Ah Ad")
    t.cards("Cat", "Kh Kd")
    t.board("2c 7d 9s Jh 4c")
    t.showdown(win=["Bob"])  # aces over kings
    # Bob 36 + 9 = 45. 39 + 45 + 36 + 40 = 160.
    t.expect(Ann=39, Bob=45, Cat=36, Dan=40, pot=0)


def test_an_ante_the_discard_first_and_a_bet_nobody_calls(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    settings = {"pot-seed": "ante", "discard-when": "before-bet"}
    t.start(GAME, dealer="Cat", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal")
    t.step("discard-early")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    # Nobody called Ann's 3: it comes back, with the 3 antes. Ann 39 + 3 = 42. 42 + 39 + 39 = 120.
    t.expect(Ann=42, Bob=39, Cat=39, pot=0)
