"""Bloody Sevens: two-card Guts with three more cards face up, where a seven up kills.

From the rule page: the first deal of a game is anted (the table's ante; or
every deal, by the setting); later deals play for the matches. Two cards
face down, then everyone opens a closed fist at once, a chip in it to stay
(only a signal, or dropped in the pot, by the setting). Nobody staying
leaves the pot for the next dealer (everyone anteing again, by the setting).
A lone stayer takes the pot and the game is over, or, by the setting, must
first take three cards face up and survive them: a seven among them kills
the hand and the pot waits, nobody matching. Several stayers each get three
cards face up: a seven up kills that hand at once. The live stayers show: a
seven among the two down cards is wild, no straights or flushes; the best
hand takes the pot and every other live stayer pays the pot's size into the
next one (a killed hand pays nothing). Tied best hands share the pot, or, by
the setting, nobody wins and they match too.

Ann, Bob, Cat and Dan buy in 40 chips each; the ante is 1; Dan deals first
and the deal passes left.
"""

from __future__ import annotations

GAME = "bloody-sevens"
ANTE = {"the table's ante": 1}


def test_a_seven_face_up_kills_the_dead_never_match_and_a_lone_stayer_takes_it(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: Ann, Bob and Cat stay; Cat's three up cards hold a seven: she is dead.
    t.step("deal")
    t.step("declare")
    t.name("folded", "Dan")
    t.step("deal-up")
    t.name("folded", "Cat")
    t.step("showdown")
    t.cards("Ann", "7h Kd 9c 9s 2d", up="9c 9s 2d")  # the seven down is wild: three nines
    t.cards("Bob", "Qh Qd 5c 8s 3h", up="5c 8s 3h")  # a pair of queens
    t.showdown(fires=["match"], win=["Ann"])
    # Bob, the one live loser, matches the pot of 4: 35; Cat, dead, pays nothing.
    # Ann takes the 4: 43. Bob's 4 ride. 43 + 35 + 39 + 39 + 4 = 160.
    t.expect(Ann=43, Bob=35, Cat=39, Dan=39, pot=0, riding=4)

    # Deal 2 (Ann deals): the 4 ride in, no ante. Ann, Bob and Cat stay; nobody dies.
    t.deal()
    t.expect(pot=4, riding=0, step="deal")
    t.step("declare")
    t.name("folded", "Dan")
    t.step("deal-up")
    t.name("folded")
    t.step("showdown")
    t.cards("Ann", "Kh Qd 9c 5s 3d", up="9c 5s 3d")
    t.cards("Bob", "Kd Qc 9h 5d 3c", up="9h 5d 3c")  # the same ranks as Ann: a tie
    t.cards("Cat", "Jh 8d 6c 4s 2h", up="6c 4s 2h")
    t.showdown(fires=["match"], win=["Ann", "Bob"])
    # They share the 4 (the default): Ann 45, Bob 37. Cat, the other live stayer,
    # matches 4: 35, and her 4 ride. 45 + 37 + 35 + 39 + 4 = 160.
    t.expect(Ann=45, Bob=37, Cat=35, Dan=39, pot=0, riding=4)

    # Deal 3 (Bob deals): nobody stays: the pot rides on (the default), nobody antes.
    t.deal()
    t.step("declare")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.end_deal()
    t.expect(Ann=45, Bob=37, Cat=35, Dan=39, pot=0, riding=4)

    # Deal 4 (Cat deals): only Dan stays: as in Guts he takes the pot, and the game ends.
    t.deal()
    t.step("declare")
    t.name("folded", "Ann", "Bob", "Cat")
    t.fold_out("Dan")
    # 39 + 4 = 43. 45 + 37 + 35 + 43 = 160.
    t.expect(Ann=45, Bob=37, Cat=35, Dan=43, pot=0, riding=0)


def test_a_lone_stayer_must_survive_the_up_cards_and_a_tie_wins_nothing(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "lone-stayer": "must-survive",
        "ante-each-deal": "every-deal",
        "nobody-stays": "redeal-ante",
        "tie-best": "no-winner",
        "declare-coin": "into-pot",
    }
    t.start(GAME, dealer="Dan", settings=settings, agreed=ANTE)
    t.book("ante-every-deal")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: only Ann stays, and her chip goes in.
    t.step("deal")
    t.step("declare")
    t.name("folded", "Bob", "Cat", "Dan")
    t.book("declare-chip", stayers="Ann")
    t.expect(Ann=38, pot=5)  # 39 - 1; 4 + 1
    # Alone, she still takes three up cards, and a seven among them kills her hand.
    t.step("lone-up")
    t.name("folded", "Ann")
    t.end_deal()
    # The pot waits and nobody matches: 5 ride.
    t.expect(Ann=38, Bob=39, Cat=39, Dan=39, pot=0, riding=5)

    # Deal 2 (Ann deals): everyone antes: 37, 38, 38, 38; pot 5 + 4 = 9.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=37, Bob=38, Cat=38, Dan=38, pot=9)
    t.step("deal")
    t.step("declare")
    # Nobody stays: everyone antes again for the redeal.
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.book("nobody-stays-ante")
    t.expect(Ann=36, Bob=37, Cat=37, Dan=37, pot=13)  # 1 more each: 9 + 4
    t.end_deal()
    t.expect(pot=0, riding=13)

    # Deal 3 (Bob deals): antes: 35, 36, 36, 36; pot 13 + 4 = 17.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=35, Bob=36, Cat=36, Dan=36, pot=17)
    t.step("deal")
    t.step("declare")
    t.name("folded", "Ann", "Dan")
    t.book("declare-chip", stayers=["Bob", "Cat"])
    t.expect(Bob=35, Cat=35, pot=19)  # 1 each from Bob and Cat: 17 + 2
    t.step("deal-up")
    t.name("folded")
    t.step("showdown")
    t.cards("Bob", "Kh Qd 9c 5s 3d", up="9c 5s 3d")
    t.cards("Cat", "Kd Qc 9h 5d 3c", up="9h 5d 3c")  # the same ranks: a tie
    t.showdown(fires=["match", "tie-carry"], win=[])
    # Nobody wins (the setting): the 19 wait, and both tied stayers match 19: 35 - 19 = 16.
    # 19 + 19 + 19 = 57 ride. 35 + 16 + 16 + 36 + 57 = 160.
    t.expect(Ann=35, Bob=16, Cat=16, Dan=36, pot=0, riding=57)

    # Deal 4 (Cat deals): antes: 34, 15, 15, 35; pot 57 + 4 = 61.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=34, Bob=15, Cat=15, Dan=35, pot=61)
    t.step("deal")
    t.step("declare")
    # Only Dan stays, chip in; his three up cards hold no seven: the pot is his.
    t.name("folded", "Ann", "Bob", "Cat")
    t.book("declare-chip", stayers="Dan")
    t.expect(Dan=34, pot=62)
    t.step("lone-up")
    t.name("folded")
    t.fold_out("Dan")
    # 34 + 62 = 96. 34 + 15 + 15 + 96 = 160.
    t.expect(Ann=34, Bob=15, Cat=15, Dan=96, pot=0, riding=0)
