"""Brag: three cards, the dealer's blind, one round, and three wild braggers.

From the rule page: only the dealer puts in, the agreed dealer's edge, which
stands as the opening blind bet. Three cards down each; from the dealer's
left each player calls the blind, raises or drops, as in Draw Poker, until
the bets are even. If everyone else drops, nobody called the blind and it
goes back to the dealer. Three of a kind beats a pair beats a high card (no
straights or flushes); the ace of diamonds, jack of clubs and nine of
diamonds are wild.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals; the edge is 2 chips.
"""

from __future__ import annotations

GAME = "brag"
EDGE = {"the dealer's edge": 2}


def test_the_edge_is_called_raised_and_a_bragger_makes_three_sevens(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=EDGE)
    t.book("dealers-edge")
    t.expect(Ann=40, Bob=40, Cat=40, Dan=38, pot=2)  # Dan's edge of 2
    t.step("deal")
    t.step("bet")
    t.open()
    t.act("Ann", "call")  # the edge: 2
    t.act("Bob", "raise", 4)
    t.act("Cat", "fold")
    t.act("Dan", "call")  # 2 more on his edge
    t.act("Ann", "call")  # 2 more
    # Ann, Bob and Dan in for 4: 36 each; the pot 12.
    t.expect(Ann=36, Bob=36, Cat=40, Dan=36, pot=12)
    t.step("showdown")
    t.cards("Ann", "Qs Qd 5c")  # a pair of queens
    t.cards("Bob", "Ad 7s 7h")  # the ace of diamonds is wild: three sevens
    t.cards("Dan", "Kc Kh 2d")  # a pair of kings
    t.showdown(win=["Bob"])
    # Bob 36 + 12 = 48. 36 + 48 + 40 + 36 = 160.
    t.expect(Ann=36, Bob=48, Cat=40, Dan=36, pot=0)


def test_when_everyone_drops_the_dealer_takes_the_edge_back(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=EDGE)
    t.book("dealers-edge")
    t.step("deal")
    t.step("bet")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "fold")
    # Nobody called the blind: Dan's 2 come back, and nobody wins or loses.
    t.expect(Ann=40, Bob=40, Cat=40, Dan=40, pot=0)
    t.fold_out("Dan")
    t.expect(Ann=40, Bob=40, Cat=40, Dan=40, pot=0)


def test_a_dealer_who_must_call_a_raise(table):
    # The table's choice that the dealer may not drop once raised: the betting step says so.
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"dealer-after-raise": "must-call"}, agreed=EDGE)
    t.book("dealers-edge")
    t.expect(Ann=40, Bob=40, Cat=38, pot=2)  # Cat's edge of 2
    t.step("deal")
    t.step("bet-dealer-calls")
    t.open()
    t.act("Ann", "raise", 5)
    t.act("Bob", "fold")
    t.act("Cat", "call")  # 3 more on her edge, as she must
    t.expect(Ann=35, Bob=40, Cat=35, pot=10)  # 40 - 5 each; 5 + 5
    t.step("showdown")
    t.cards("Ann", "Ks Kd 4c")  # a pair of kings
    t.cards("Cat", "5h 5d 5s")  # three fives
    t.showdown(win=["Cat"])
    t.expect(Ann=35, Bob=40, Cat=45, pot=0)  # 35 + 10 = 45
