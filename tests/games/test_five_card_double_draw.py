"""Five-Card Double Draw: two draws, the prime ranks wild, and a nickel a card drawn.

From the rule page: everyone antes the agreed amount; five cards down; a
betting round; a draw (up to three, or four with an ace shown: the house
limit, the default), a round, a second draw, a last round. In each draw the
first card taken is free and every further card costs a nickel into the pot.
Deuces, threes, fives and sevens are wild.

White chips are a nickel, so each card past the first costs one chip. Ann, Bob and Cat buy
in 40 chips each; Cat deals.
"""

from __future__ import annotations

GAME = "five-card-double-draw"


def test_each_card_drawn_costs_a_nickel_and_wild_primes_make_five_of_a_kind(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # 39 - 2 each; 3 + 6
    t.step("draw-1")
    t.book("draw-tax", actor="Ann", count=4)  # four cards with an ace shown: 3 paid
    t.book("draw-tax", actor="Bob", count=2)  # two cards: 1 paid
    # Ann 37 - 3 = 34, Bob 37 - 1 = 36; the pot 9 + 4 = 13.
    t.expect(Ann=34, Bob=36, Cat=37, pot=13)
    t.step("bet-2")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.step("draw-2")
    t.book("draw-tax", actor="Cat", count=3)  # 2 paid: Cat 37 - 2 = 35; the pot 15
    t.step("bet-3")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.expect(Ann=34, Bob=36, Cat=35, pot=15)
    t.step("showdown")
    t.cards("Ann", "Kh Kd 2c 7s 4d")  # two kings, a deuce and a seven wild: four kings
    t.cards("Bob", "9h 9d 9c 3s 5s")  # three nines and two wild: five nines
    t.cards("Cat", "Ah Ad Qc Js 8d")
    t.showdown(win=["Bob"])
    # Bob takes 15: 36 + 15 = 51. 34 + 51 + 35 = 120.
    t.expect(Ann=34, Bob=51, Cat=35, pot=0)


def test_a_plain_limit_of_three_draws_and_a_fold_out(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(GAME, dealer="Bob", settings={"draw-limit": "three"}, agreed={"the table's ante": 1})
    t.book("ante")  # 19 each, the pot 2
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("draw-1-three")
    t.book("draw-tax", actor="Ann", count=3)  # the first free: Ann 19 - 2 = 17; the pot 4
    t.expect(Ann=17, Bob=19, pot=4)
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 4)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    # Ann's 4 comes back uncalled and she takes the 4: 17 + 4 = 21. 21 + 19 = 40.
    t.expect(Ann=21, Bob=19, pot=0)
