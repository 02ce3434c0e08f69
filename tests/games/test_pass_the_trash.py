"""Pass the Trash: pass three cards left, discard two, roll the last five up with a bet each.

From the rule page: everyone antes the table's ante and gets seven cards
down. A betting round from the dealer's left; each player still in passes
three unwanted cards to the next player on the left still in; another round
from the dealer's left; everyone discards two and stacks the five kept, and
turns them up one at a time, a betting round after each of the first four,
opened by the best cards showing. At the showdown the best five-card hand
takes the pot, ties split.

The options: Three phases of passing (three cards one seat left, then two
cards two seats, then one card three seats, a betting round after each);
the Dealer's passing pattern (the dealer calls the passes); High-low declare
(each player still in declares high, low or both before the showdown; the
best high among the high callers and the best low, ace-to-five, among the
low callers share the pot; with both-must-win-outright "yes" a player
declaring both must win both sides outright, with "no" a tie on a side is
enough); and Split with the passer (the high hand shares the pot with the
nearest player still in on its right, who passed it cards). An odd chip
goes to the high hand, or with odd-chip "low-or-passer" to the low hand or
the passer.

Ann, Bob, Cat and Dan buy in 40 chips each; the ante is 1 chip; Dan deals.
"""

from __future__ import annotations

GAME = "pass-the-trash"
ANTE = {"the table's ante": 1}
UP_ROUNDS = (("reveal-1", "bet-3"), ("reveal-2", "bet-4"), ("reveal-3", "bet-5"))


def checked(t, step: str, *order: str, chosen: bool = False) -> None:
    """A betting round everyone in checks, from the first named (the opener the dealer
    names when the best cards showing open)."""
    t.step(step)
    t.open(order[0] if chosen else "")
    for name in order:
        t.act(name, "check")


def rolled_up(t, *order: str) -> None:
    """The first three cards turned up, a round everyone checks after each."""
    for reveal, bet in UP_ROUNDS:
        t.step(reveal)
        checked(t, bet, *order, chosen=True)
    t.step("reveal-4")


def test_three_passes_then_high_and_low_declared_the_odd_chip_high(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", options=["high-low", "three-passes"], agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=37, Bob=37, Cat=37, Dan=39, pot=10)  # 2 from Ann, Bob, Cat; 4 + 6
    t.step("pass")  # three cards one seat left
    checked(t, "bet-2", "Ann", "Bob", "Cat")
    t.step("pass-2")  # two cards two seats left
    checked(t, "bet-pass-2", "Ann", "Bob", "Cat")
    t.step("pass-3")  # one card three seats left
    t.step("bet-pass-3")
    t.open()
    t.act("Ann", "bet", 1)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)  # 1 more each: 10 + 3
    t.step("discard")
    rolled_up(t, "Ann", "Bob", "Cat")
    checked(t, "bet-6", "Ann", "Bob", "Cat", chosen=True)
    t.step("declare")
    t.step("showdown")
    t.cards("Ann", "Kh Kd Kc 7s 2d", declare="high")  # three kings
    t.cards("Bob", "5c 4d 3h 2s Ah", declare="low")  # the wheel: the best low
    t.cards("Cat", "8h 6d 4c 3s 2c", declare="low")  # eight-six low
    # A declare game's fill says each declaration and the order on each side; the award
    # pays the halves (high-low-split).
    t.showdown(win=["Ann"], low=["Bob"])  # the fill ranks them first on their sides
    # The pot of 13: half rounded down, 6, to Bob's low; the 7 left, odd chip too, to Ann.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)  # 43 + 42 + 36 + 39 = 160


def test_declaring_both_a_tied_low_is_enough_and_the_odd_chip_goes_low(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"odd-chip": "low-or-passer", "both-must-win-outright": "no"}
    t.start(GAME, dealer="Dan", options=["high-low"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 1)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=39, pot=7)  # ante 1 and 1 bet; 4 + 3
    t.step("pass")
    checked(t, "bet-2", "Ann", "Bob", "Cat")
    t.step("discard")
    rolled_up(t, "Ann", "Bob", "Cat")
    checked(t, "bet-6", "Ann", "Bob", "Cat", chosen=True)
    t.step("declare")
    t.step("showdown")
    t.cards("Ann", "5h 4h 3d 2d Ac", declare="both")  # the wheel: a straight, and low
    t.cards("Bob", "5s 4s 3c 2h Ad", declare="low")  # the wheel too: low tied with Ann
    t.cards("Cat", "Qh Qd 9s 9c 2c", declare="high")  # two pair: the straight beats it
    t.showdown(split=True)  # the halves (high-low-split-odd-chip) are the award's
    # The pot of 7: half rounded up, 4, to the low side, shared by Ann and Bob, 2 each;
    # the high 3 to Ann. Ann 38 + 3 + 2 = 43, Bob 40. 43 + 40 + 38 + 39 = 160.
    t.expect(Ann=43, Bob=40, Cat=38, Dan=39, pot=0)


def test_the_high_hand_shares_with_its_passer_then_the_odd_chip_to_the_passer(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    options = ["passer-split", "dealer-pattern"]
    t.start(GAME, dealer="Dan", options=options, agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 1)
    for name in ("Bob", "Cat", "Dan"):
        t.act(name, "call")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # ante 1 and 1 bet each
    t.step("pass")  # the dealer called one pass of two cards, one seat left
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "bet", 1)
    t.act("Cat", "call")
    t.act("Dan", "call")
    t.act("Ann", "fold")
    t.expect(Ann=38, Bob=37, Cat=37, Dan=37, pot=11)
    t.step("discard")
    rolled_up(t, "Bob", "Cat", "Dan")
    checked(t, "bet-6", "Bob", "Cat", "Dan", chosen=True)
    t.step("showdown")
    t.cards("Bob", "Ah Ad 9c 4s 3c")  # aces: the high hand
    t.cards("Cat", "Th Td 7c 6s 3d")  # tens
    t.cards("Dan", "Jh Jd 8c 5s 2d")  # jacks
    t.showdown(fires=["passer-split"], win=["Bob"])
    # Bob's right is Ann, folded; the nearest still in is Dan, his passer. The pot of 11:
    # half rounded down, 5, to Dan; 6 to Bob. Bob 43, Dan 42. 38 + 43 + 37 + 42 = 160.
    t.expect(Ann=38, Bob=43, Cat=37, Dan=42, pot=0)

    # The next game, Ann dealing: the odd chip goes to the passer.
    settings = {"odd-chip": "low-or-passer"}
    t.start(GAME, dealer="Ann", options=["passer-split"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=37, Bob=42, Cat=36, Dan=41, pot=4)
    t.step("deal")
    t.step("bet-1")
    t.open()  # Bob, on Ann's left
    t.act("Bob", "bet", 1)
    t.act("Cat", "call")
    t.act("Dan", "call")
    t.act("Ann", "fold")
    t.expect(Ann=37, Bob=41, Cat=35, Dan=40, pot=7)
    t.step("pass")
    checked(t, "bet-2", "Bob", "Cat", "Dan")
    t.step("discard")
    rolled_up(t, "Bob", "Cat", "Dan")
    checked(t, "bet-6", "Bob", "Cat", "Dan", chosen=True)
    t.step("showdown")
    t.cards("Bob", "Kh Kd 8c 5s 2d")  # kings
    t.cards("Cat", "Qh Qd Qc 7s 3d")  # three queens: the high hand
    t.cards("Dan", "Jh Jc 9d 6s 4c")  # jacks
    t.showdown(fires=["passer-split-odd-chip"], win=["Cat"])
    # Cat's passer is Bob, on her right. The pot of 7: half rounded up, 4, to Bob; 3 to Cat.
    t.expect(Ann=37, Bob=45, Cat=38, Dan=40, pot=0)  # 37 + 45 + 38 + 40 = 160
