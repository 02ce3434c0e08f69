"""Do Ya: a hole card that is wild for its holder, and up cards offered one at a time.

From the rule page: everyone antes the agreed amount; one card down, wild in
its holder's hand only (an up card of its rank is not); four times an up card
is offered round the table ("do ya?") and a betting round follows, opened by
the best hand showing. High hand wins. With the High-low option the pot
splits between the best high and the best low hand, by cards speak (the
default) or by declaring; a player who declares both must win both ways
outright unless the table says a tie will do.

Ann and Bob buy in 20 chips each, Cat too where she plays; the last seated deals.
"""

from __future__ import annotations

GAME = "do-ya"
ANTE = {"the table's ante": 1}
OFFERS = (("offer-1", "bet-1"), ("offer-2", "bet-2"), ("offer-3", "bet-3"), ("offer-4", "bet-4"))


def up_cards_checked(t, opener: str, *order: str) -> None:
    for offer, bet in OFFERS:
        t.step(offer)
        t.step(bet)
        t.open(opener)
        for who in order:
            t.act(who, "check")


def test_the_wild_hole_card_makes_four_aces(table):
    t = table.sit("Ann", "Bob", "Cat", chips=20)
    t.start(GAME, dealer="Cat", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=19, Bob=19, Cat=19, pot=3)  # 20 - 1 each
    t.step("hole")
    up_cards_checked(t, "Ann", "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Kd Ah Ac As 9d", up="Ah Ac As 9d")  # the wild king: four aces
    t.cards("Bob", "3c Qh Qd 7s 9c", up="Qh Qd 7s 9c")  # the wild three: three queens
    t.cards("Cat", "Jc Jd Js 4h 4c", up="Jd Js 4h 4c")  # the wild jack: a full house
    t.showdown(win=["Ann"])
    t.expect(Ann=22, Bob=19, Cat=19, pot=0)  # 19 + 3 = 22


def test_high_low_by_cards_speak_splits_the_pot(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(GAME, dealer="Bob", options=["high-low"], agreed=ANTE)
    t.book("ante")
    t.step("hole")
    t.step("offer-1")
    t.step("bet-1")
    t.open("Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.expect(Ann=17, Bob=17, pot=6)  # 19 - 2; 2 + 4
    for offer, bet in OFFERS[1:]:
        t.step(offer)
        t.step(bet)
        t.open("Ann")
        t.act("Ann", "check")
        t.act("Bob", "check")
    t.step("showdown")
    t.cards("Ann", "Kd Ah Ac As 9d", up="Ah Ac As 9d")  # four aces: the high
    t.cards("Bob", "8c 2h 3d 4s 5h", up="2h 3d 4s 5h")  # the wild eight as an ace: A-5 low
    t.showdown(win=["Ann"], low=["Bob"])
    t.expect(Ann=20, Bob=20, pot=0)  # half of 6 each: 17 + 3 = 20


def test_high_low_by_declaring_and_a_tie_that_is_enough(table):
    t = table.sit("Ann", "Bob", chips=20)
    settings = {"high-low-method": "declare", "both-must-win-outright": "no"}
    t.start(GAME, dealer="Bob", options=["high-low"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.step("hole")
    up_cards_checked(t, "Ann", "Ann", "Bob")
    t.step("declare")
    t.cards("Ann", "Kd Ah Ac As 9d", up="Ah Ac As 9d", declare="high")
    t.cards("Bob", "8c 2h 3d 4s 5h", up="2h 3d 4s 5h", declare="low")
    t.step("showdown")
    t.showdown(split=True)  # Ann takes the high half, Bob the low
    t.expect(Ann=20, Bob=20, pot=0)  # antes 19 each; the pot of 2 halves: 19 + 1 = 20
