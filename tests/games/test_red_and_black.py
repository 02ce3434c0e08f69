"""Red and Black, both versions: five-card draw scored by points, high and low split.

From the rule pages: deal, bet, draw and bet as in Five-Card Draw, but no
poker hands count. Each card scores points (by default: ace 1, two to nine
their number, tens and pictures 10; the list's version may count every card
as one): red cards plus, black cards minus. The highest total takes half the
pot and the lowest total the other half; players tied for a total share
their half, the odd chip of a half to the first of them on the dealer's left.

The list's version ("Other Crap"): the table may skip the ante, draws up to
three, up to four showing a kept ace, or up to five, and says which half
takes an odd chip of the pot (high by default). The encyclopedia's version:
an ante, draws up to three, and an odd chip goes low by default (or high);
minus totals count below every plus total, so with nobody below zero the
smallest plus score is low.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals. Before the draw Ann
bets 3, Bob and Cat call and Dan folds.
"""

from __future__ import annotations

LIST = "red-and-black"
BOOK = "red-and-black-encyclopedia"
ANTE = {"the table's ante": 1}
RED = "Kh Qd Jh Th 9d"  # every card red: 10 + 10 + 10 + 10 + 9 = +49
BLACK = "Ks Qc Js Ts 9c"  # every card black: -49
MIXED = "Ah 2c 3d 4s 5h"  # 1 - 2 + 3 - 4 + 5 = +3


def to_the_count(t, game: str, draw: str, **settings: str) -> None:
    ante = settings.get("ante") != "no"
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(game, dealer="Dan", settings=settings, agreed=ANTE if ante else {})
    if ante:
        t.book("ante")
        t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
        t.step("deal")  # with no ante, the deal comes first
    t.step("bet-first" if game == LIST else "bet-1")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    if ante:
        t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)  # 39 - 3 for three; 4 + 9
    else:
        t.expect(Ann=37, Bob=37, Cat=37, Dan=40, pot=9)  # 40 - 3 for three; the bets alone
    t.step(draw)
    t.step("bet-second" if game == LIST else "bet-2")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.step("showdown")


def test_the_list_high_and_low_take_half_each_the_odd_chip_high(table):
    t = table
    to_the_count(t, LIST, "draw")
    t.cards("Ann", RED)
    t.cards("Bob", BLACK)
    t.cards("Cat", MIXED)
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 7 high (the odd chip high, the default) and 6 low: Ann 36 + 7 = 43,
    # Bob 36 + 6 = 42, Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)


def test_the_list_with_no_ante_every_card_one_five_drawn_and_the_odd_chip_low(table):
    t = table
    settings = {
        "ante": "no",
        "card-values": "one-each",
        "draw-limit": "five",
        "ties-odd-chip": "split-low",
    }
    to_the_count(t, LIST, "draw-five", **settings)
    t.cards("Ann", RED)  # five red cards, one each: +5
    t.cards("Bob", BLACK)  # -5
    t.cards("Cat", MIXED)  # three red, two black: +1
    t.showdown(win=["Ann"], low=["Bob"])
    # The pot of 9: low 5 (the odd chip low), high 4. Ann 37 + 4 = 41, Bob 37 + 5 = 42,
    # Cat 37, Dan 40. 41 + 42 + 37 + 40 = 160.
    t.expect(Ann=41, Bob=42, Cat=37, Dan=40, pot=0)


def test_the_list_four_drawn_with_an_ace_and_two_tied_for_high(table):
    t = table
    to_the_count(t, LIST, "draw-ace", **{"draw-limit": "four-with-ace"})
    t.cards("Ann", RED)  # +49
    t.cards("Bob", BLACK)  # -49
    t.cards("Cat", "Kd Qh Jd Td 9h")  # +49 too
    t.showdown(win=["Ann", "Cat"], low=["Bob"])
    # High 7 (the odd chip high) shared by Ann and Cat: 3 each and its odd chip to Ann, the
    # first on the dealer's left: Ann 36 + 4 = 40, Cat 36 + 3 = 39; low 6 to Bob: 42.
    # 40 + 42 + 39 + 39 = 160.
    t.expect(Ann=40, Bob=42, Cat=39, Dan=39, pot=0)


def test_the_encyclopedia_nobody_below_zero_the_smallest_plus_is_low_the_odd_chip_low(table):
    t = table
    to_the_count(t, BOOK, "draw")
    t.cards("Ann", RED)  # +49
    t.cards("Bob", "Ah 2d 3h 4d 5c")  # 1 + 2 + 3 + 4 - 5 = +5, the smallest
    t.cards("Cat", "6h 7d 8h 9h Tc")  # 6 + 7 + 8 + 9 - 10 = +20
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 7 low (the odd chip low, the default) and 6 high: Ann 36 + 6 = 42,
    # Bob 36 + 7 = 43, Cat 36, Dan 39. 42 + 43 + 36 + 39 = 160.
    t.expect(Ann=42, Bob=43, Cat=36, Dan=39, pot=0)


def test_the_encyclopedia_two_tied_for_low_and_the_odd_chip_high(table):
    t = table
    to_the_count(t, BOOK, "draw", ties="share-with-odd-chip-high")
    t.cards("Ann", RED)  # +49
    t.cards("Bob", BLACK)  # -49
    t.cards("Cat", "Kc Qs Jc Tc 9s")  # -49 too
    t.showdown(win=["Ann"], low=["Bob", "Cat"])
    # High 7 (the odd chip high) to Ann: 43; the low 6 shared, 3 each: Bob 39, Cat 39.
    # 43 + 39 + 39 + 39 = 160.
    t.expect(Ann=43, Bob=39, Cat=39, Dan=39, pot=0)
