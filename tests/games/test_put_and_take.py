"""Put and Take: the dealer is the bank; players pay on matches, then collect on matches.

From the rule page: no ante, and the pot starts empty. Every player but the
dealer gets four cards face up. The dealer turns four put cards: for each
card of that rank a player holds, they pay 5 cents into the pot on the
first, 10 on the second, a quarter on the third and fifty cents on the
fourth. Then four take cards: for each match a player takes fifty cents out
of the pot, then a quarter, 10 and 5 cents; when the pot is short the dealer
pays the rest from their own money. Whatever is left in the pot after the
last take card is the dealer's.

Ann, Bob, Cat and Dan buy in 40 chips each, a chip 0.05: 5 cents is 1 chip,
10 cents 2, a quarter 5 and fifty cents 10. Dan deals and banks, and holds
no cards.
"""

from __future__ import annotations

GAME = "put-and-take"


def test_the_dealer_keeps_what_the_take_round_leaves(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan")
    t.expect(Ann=40, Bob=40, Cat=40, Dan=40, pot=0)  # no ante
    t.step("deal")
    t.step("put-1")
    t.book("put-1", counts={"Bob": 1})  # 1 chip a match: Bob 39; pot 1
    t.expect(Bob=39, pot=1)
    t.step("put-2")
    t.book("put-2", counts={"Ann": 1, "Cat": 2})  # 2 a match: Ann 38, Cat 36; pot 7
    t.expect(Ann=38, Cat=36, pot=7)
    t.step("put-3")
    t.book("put-3", counts={"Bob": 2})  # 5 a match, two: Bob 29; pot 17
    t.expect(Bob=29, pot=17)
    t.step("put-4")
    t.book("put-4", counts={"Cat": 1})  # 10 a match: Cat 26; pot 27
    t.expect(Ann=38, Bob=29, Cat=26, Dan=40, pot=27)
    t.step("take-1")  # 10 a match: nobody holds one
    t.step("take-2")
    t.book("take-2", counts={"Ann": 1})  # 5 a match: Ann 43; pot 22
    t.expect(Ann=43, pot=22)
    t.step("take-3")
    t.book("take-3", counts={"Bob": 1, "Cat": 1})  # 2 a match: Bob 31, Cat 28; pot 18
    t.expect(Bob=31, Cat=28, pot=18)
    t.step("take-4")
    t.book("take-4", counts={"Ann": 2})  # 1 a match, two: Ann 45; pot 16
    t.expect(Ann=45, pot=16)
    t.step("settle")
    t.book("dealer-keeps")  # what is left is Dan's: 40 + 16 = 56
    # 45 + 31 + 28 + 56 = 160.
    t.expect(Ann=45, Bob=31, Cat=28, Dan=56, pot=0)
    t.end_deal()
    t.expect(Ann=45, Bob=31, Cat=28, Dan=56, pot=0, riding=0)


def test_the_dealer_covers_what_the_pot_is_short(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan")
    t.step("deal")
    t.step("put-1")
    t.book("put-1", counts={"Ann": 1})  # Ann 39; pot 1
    t.step("put-2")  # nobody matches
    t.step("put-3")
    t.book("put-3", counts={"Cat": 1})  # Cat 35; pot 6
    t.step("put-4")  # nobody matches
    t.expect(Ann=39, Bob=40, Cat=35, Dan=40, pot=6)
    t.step("take-1")
    # Bob takes 10: the pot pays its 6 and Dan the other 4. Bob 50, Dan 36; pot 0.
    t.book("take-1", counts={"Bob": 1})
    t.expect(Bob=50, Dan=36, pot=0)
    t.step("take-2")
    # Ann and Cat take 5 each, all from Dan: Ann 44, Cat 40, Dan 26.
    t.book("take-2", counts={"Ann": 1, "Cat": 1})
    t.expect(Ann=44, Cat=40, Dan=26, pot=0)
    t.step("take-3")
    t.book("take-3", counts={"Bob": 2})  # 2 a match, two, from Dan: Bob 54, Dan 22
    t.step("take-4")
    t.book("take-4", counts={"Ann": 1})  # 1 from Dan: Ann 45, Dan 21
    t.step("settle")  # nothing left for Dan to keep
    # 45 + 54 + 40 + 21 = 160.
    t.expect(Ann=45, Bob=54, Cat=40, Dan=21, pot=0)
    t.end_deal()
    t.expect(Ann=45, Bob=54, Cat=40, Dan=21, pot=0, riding=0)
