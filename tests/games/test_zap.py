"""Zap (revised) and Zap (old): lightning that costs a nickel a zap, and your own wild.

From the rule pages: everyone antes the table's ante and gets five cards
down; a betting round from the dealer's left; then the zap phase. Going round,
each player in turn is dealt a card face up; its value says how many seats
left the lightning travels. Each player it passes through is zapped and
pays a nickel into the pot (once per pass); the player where it stops is
struck and gets a fresh card face up. Nobody keeps more than three up cards:
one with three who gets another throws an old one out. At the end each
player's lowest face-up card is wild in their own hand; a second betting
round from the dealer's left, and the best hand takes the pot.

Zap (revised): the struck player pays a nickel too, and lightning striking
when everyone already shows three makes everyone pay one. Greased lightning
(the base rules): the thrown-out card shoots left past everyone who has
three, each of them zapped for a nickel unless the table waives it
(discard-fees); Gooey lightning (an option): it goes only to the next
player, so nobody is passed. Zap (old): the struck player pays only if the
table says so (struck-pays), and the thrown-out card keeps chaining left,
zapping those it passes (discard-fees). A player who cannot pay a nickel
stays in for the part of the pot they covered, or owes it on a marker
(broke).

The night's smallest chip is worth $0.05, so a nickel is 1 chip. Ann, Bob,
Cat and Dan sit in that order; Dan deals; the ante is 1 chip.
"""

from __future__ import annotations

ANTE = {"the table's ante": 1}
ALL_ONCE = {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}


def to_the_zap(t, game: str, options=(), **settings: str) -> None:
    t.start(game, dealer="Dan", options=options, settings=settings, agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.act(name, "check")
    t.step("zap")


def test_greased_lightning_zaps_strikes_the_thrown_out_card_and_a_full_table(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    to_the_zap(t, "zap")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Ann is dealt a 3: the lightning passes Bob and Cat and strikes Dan.
    t.book("zap-fee", actor="Bob")
    t.book("zap-fee", actor="Cat")
    t.book("strike-fee", actor="Dan")
    t.expect(Ann=39, Bob=38, Cat=38, Dan=38, pot=7)  # a nickel, 1 chip, from each
    # Later Bob, with three up, is struck: his thrown-out card shoots past Cat and Dan,
    # who have three, to Ann. Cat and Dan are zapped.
    t.book("discard-zap-fee", actor="Cat")
    t.book("discard-zap-fee", actor="Dan")
    t.expect(Cat=37, Dan=37, pot=9)
    # Lightning strikes with everyone showing three: everyone pays a nickel.
    t.book("full-table-fee", counts=ALL_ONCE)  # the form asks each player's count
    t.expect(Ann=38, Bob=37, Cat=36, Dan=36, pot=13)  # 147 + 13 = 160
    t.step("wilds")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    t.expect(Ann=36, Bob=35, Cat=36, Dan=34, pot=19)  # 2 each from three; 13 + 6
    t.step("showdown")
    # Each hand's lowest face-up card is its own wild.
    t.cards("Ann", "Kh Kd 8c 4s 2d 5h Qs Jd", up="5h Qs Jd")  # 5h wild: three kings
    t.cards("Bob", "Ah Ad 7c 7s 2c 9d Tc Jh", up="9d Tc Jh")  # 9d wild: aces full of sevens
    t.cards("Dan", "Qh Qc 3c 4d 6d Th 8s Kc", up="Th 8s Kc")  # 8s wild: three queens
    t.showdown(fires=[], win=["Bob"])
    t.expect(Ann=36, Bob=54, Cat=36, Dan=34, pot=0)  # Bob 35 + 19; 160


def test_gooey_lightning_a_double_zap_and_a_broke_player_who_owes(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips={"Ann": 40, "Bob": 2, "Cat": 40, "Dan": 40})
    to_the_zap(t, "zap", options=["gooey"], **{"discard-fees": "no", "broke": "owe"})
    t.expect(Ann=39, Bob=1, Cat=39, Dan=39, pot=4)  # 1 each in antes
    # A long chain passes Ann twice and strikes Bob: 2 nickels from Ann, 1 from Bob.
    t.book("zap-fee", actor="Ann", count=2)
    t.book("strike-fee", actor="Bob")
    t.expect(Ann=37, Bob=0, Cat=39, Dan=39, pot=7)
    # Lightning strikes a full table: everyone pays a nickel. Bob, with none left, owes
    # his on a marker and it goes in the pot all the same: the pot 7 + 4 = 11.
    t.book("full-table-fee", counts=ALL_ONCE)
    t.expect(Ann=36, Bob=0, Cat=38, Dan=38, pot=11)
    t.step("wilds")
    t.step("bet-2")
    t.open()
    for name in ("Ann", "Cat", "Dan"):  # Bob, with no chips, bets no more but stays in
        t.act(name, "check")
    t.step("showdown")
    t.cards("Ann", "Kh Kd 8c 4s 2d 5h Qs Jd", up="5h Qs Jd")  # 5h wild: three kings
    t.cards("Bob", "Qh Qc 3c 4d 6d Th 8s Kc", up="Th 8s Kc")  # 8s wild: three queens
    t.cards("Cat", "Ah Ad 7c 7s 2c 9d Tc Jh", up="9d Tc Jh")  # 9d wild: a full house
    t.cards("Dan", "6h 6c 5c 3d 2h Js Qd Ks", up="Js Qd Ks")  # Js wild: three sixes
    t.showdown(fires=[], win=["Cat"])
    # Cat takes the pot of 11: 38 + 11 = 49. 36 + 0 + 49 + 38 = 123: the 122 bought in
    # and the 1 Bob owes on his marker.
    t.expect(Ann=36, Bob=0, Cat=49, Dan=38, pot=0)


def test_old_zap_the_struck_player_pays_only_when_the_table_says_so(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    to_the_zap(t, "zap-old")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Ann is dealt a 3: Bob and Cat are zapped; Dan, struck, pays nothing in the old rules.
    t.book("zap-fee", actor="Bob")
    t.book("zap-fee", actor="Cat")
    t.expect(Ann=39, Bob=38, Cat=38, Dan=39, pot=6)
    # Later Cat, with three up, is struck: the thrown-out card chains past Dan and Ann,
    # who have three, to Bob. Dan and Ann are zapped.
    t.book("discard-zap-fee", actor="Dan")
    t.book("discard-zap-fee", actor="Ann")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 152 + 8 = 160
    t.step("wilds")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    for name in ("Bob", "Cat", "Dan"):
        t.act(name, "fold")
    t.fold_out("Ann")
    t.expect(Ann=46, Bob=38, Cat=38, Dan=38, pot=0)  # her bet back and the pot of 8

    # The next game, Ann dealing, the struck player paying and thrown-out cards free.
    t.start(
        "zap-old",
        dealer="Ann",
        settings={"struck-pays": "yes", "discard-fees": "no", "broke": "owe"},
        agreed=ANTE,
    )
    t.book("ante")
    t.expect(Ann=45, Bob=37, Cat=37, Dan=37, pot=4)
    t.step("deal")
    t.step("bet-1")
    t.open()
    for name in ("Bob", "Cat", "Dan", "Ann"):
        t.act(name, "check")
    t.step("zap")
    t.book("strike-fee", actor="Cat")  # Bob's king goes one seat and strikes Cat: a nickel
    t.expect(Cat=36, pot=5)
    t.step("wilds")
    t.step("bet-2")
    t.open()
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "fold")
    t.expect(Ann=45, Bob=35, Cat=34, Dan=37, pot=9)
    t.step("showdown")
    t.cards("Bob", "Ah Ad 7c 7s 2c 9d Tc Jh", up="9d Tc Jh")  # 9d wild: aces full
    t.cards("Cat", "Kh Kd 8c 4s 2d 5h Qs Jd", up="5h Qs Jd")  # 5h wild: three kings
    t.showdown(fires=[], win=["Bob"])
    t.expect(Ann=45, Bob=44, Cat=34, Dan=37, pot=0)  # Bob 35 + 9; 160
