"""Three cards and two: Three-Card Poker, Three-Card Monte and Two-Card Poker.

From the rule pages, each pot starts with an ante of the agreed amount.
Three-Card Poker: three cards down, a round (anyone may open), a draw, a
round; three-card straights and flushes count (a straight flush, a flush, a
straight, trips, a pair, high card). Three-Card Monte: a hole card and a
round, then an up card and a round opened by the best card showing, twice;
ranked as Three-Card Poker. Two-Card Poker: two cards down, a round, a draw, a
round; a pair of aces is best and there are no straights or flushes.
"""

from __future__ import annotations


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_three_card_poker_in_the_usual_order_a_flush_beats_a_straight_and_trips(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("three-card-poker", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # 39 - 2; 3 + 6
    t.step("draw")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "9h 7h 2h")  # a flush
    t.cards("Bob", "8c 9d Ts")  # a straight
    t.cards("Cat", "4s 4d 4c")  # three fours: below a straight in the page's usual order
    t.showdown(win=["Ann"])
    t.expect(Ann=46, Bob=37, Cat=37, pot=0)  # 37 + 9 = 46; 46 + 37 + 37 = 120


def test_three_card_monte_the_best_card_showing_opens_the_up_rounds(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("three-card-monte", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("deal-2")
    t.step("bet-2")
    t.open("Bob")  # Bob's king is the best card showing
    t.act("Bob", "bet", 3)
    t.act("Cat", "fold")
    t.act("Ann", "call")
    t.expect(Ann=36, Bob=36, Cat=39, pot=9)  # antes 39 each; 39 - 3; 3 + 6
    t.step("deal-3")
    t.step("bet-3")
    t.open("Bob")
    checks(t, "Bob", "Ann")
    t.step("showdown")
    t.cards("Ann", "5h 6h 7h", up="6h 7h")  # a straight flush
    t.cards("Bob", "Kd Kc Ks", up="Kc Ks")  # three kings
    t.showdown(win=["Ann"])
    t.expect(Ann=45, Bob=36, Cat=39, pot=0)  # 36 + 9 = 45; 45 + 36 + 39 = 120


def test_two_card_poker_a_pair_beats_two_suited_cards_in_a_row(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start("two-card-poker", dealer="Bob", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=19, Bob=19, pot=2)
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.step("draw")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob")
    t.expect(Ann=17, Bob=17, pot=6)  # 19 - 2 each; 2 + 4
    t.step("showdown")
    t.cards("Ann", "Kh Qh")  # no straight, no flush: king high
    t.cards("Bob", "3c 3d")  # a pair of threes
    t.showdown(win=["Bob"])
    t.expect(Ann=17, Bob=23, pot=0)  # 17 + 6 = 23
