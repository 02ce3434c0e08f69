"""Texas Hold'em: two cards each, five shared, four betting rounds.

From the rule page: the table starts the pot with blinds (the default: the
player on the dealer's left posts the small blind, the next the big blind,
both sizes agreed) or with an ante from everyone. With blinds the player
after the big blind acts first before the flop; later rounds open on the
dealer's left. Check or bet, then call, raise or fold. The best five of a
player's two and the five shared cards wins; ties split.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals, so Ann posts the small
blind and Bob the big blind.
"""

from __future__ import annotations

GAME = "texas-holdem"
BLINDS = {"the small blind": 1, "the big blind": 2}


def test_blinds_four_rounds_and_the_best_five_of_seven(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=BLINDS)
    t.book("small-blind")
    t.book("big-blind")
    t.expect(Ann=39, Bob=38, Cat=40, Dan=40, pot=3)  # the blinds, 1 + 2, count as bets
    t.step("deal")
    t.step("bet-1-blinds")
    t.open()
    t.act("Cat", "call")  # 2
    t.act("Dan", "fold")
    t.act("Ann", "call")  # 1 more
    t.act("Bob", "check")
    # Ann, Bob and Cat have 2 each in: 40 - 2 = 38; the pot 6.
    t.expect(Ann=38, Bob=38, Cat=38, Dan=40, pot=6)
    t.step("flop")
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "bet", 4)
    t.act("Cat", "call")
    t.act("Ann", "fold")
    # Bob and Cat 38 - 4 = 34; the pot 6 + 8 = 14.
    t.expect(Ann=38, Bob=34, Cat=34, Dan=40, pot=14)
    t.step("turn")
    t.step("bet-3")
    t.open()
    t.act("Bob", "check")
    t.act("Cat", "check")
    t.step("river")
    t.step("bet-4")
    t.open()
    t.act("Bob", "bet", 6)
    t.act("Cat", "call")
    # Bob and Cat 34 - 6 = 28; the pot 14 + 12 = 26.
    t.expect(Bob=28, Cat=28, pot=26)
    t.step("showdown")
    t.cards("Bob", "Ah Kd")
    t.cards("Cat", "9c 9d")
    t.board("As 9h 4c Jd 2s")
    t.showdown(win=["Cat"])  # Cat's three nines beat Bob's pair of aces
    # Cat 28 + 26 = 54. 38 + 28 + 54 + 40 = 160.
    t.expect(Ann=38, Bob=28, Cat=54, Dan=40, pot=0)


def test_an_ante_instead_of_blinds_and_a_split_pot(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"seeding": "ante"}, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    t.step("deal")
    t.step("bet-1")
    t.open()  # the dealer's left, Ann, opens with an ante
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    # Ann and Bob 39 - 2 = 37; the pot 3 + 4 = 7.
    t.expect(Ann=37, Bob=37, Cat=39, pot=7)
    for deal, bet in (("flop", "bet-2"), ("turn", "bet-3"), ("river", "bet-4")):
        t.step(deal)
        t.step(bet)
        t.open()
        t.act("Ann", "check")
        t.act("Bob", "check")
    t.step("showdown")
    t.cards("Ann", "Kh 3c")
    t.cards("Bob", "Kd 4c")
    t.board("As Ks Qs Jh 9d")  # both play aces and kings... and each a king: the board's
    # Each has a pair of kings with A Q J kickers from the board: a tie, the pot of 7 splits,
    # 3 each and the odd chip to the first tied player on the dealer's left, Ann.
    t.showdown(win=["Ann", "Bob"])
    # Ann 37 + 4 = 41, Bob 37 + 3 = 40, Cat 39. 41 + 40 + 39 = 120.
    t.expect(Ann=41, Bob=40, Cat=39, pot=0)
