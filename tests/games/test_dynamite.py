"""Dynamite: two cards, one down and one up, a draw, and two short rounds.

From the rule page: everyone antes the agreed amount; one card down and one
up; a betting round; each may replace a card (the draw: some tables play
with none, and bet once); a last round. Pairs and high cards are the only
hands. With Wild cards on, the ranks the table agreed before the deal are
wild. With High-low on, the pot splits between the best high and the best
low hand (ace low), by cards speak or by declaring; a player who declares
both must win both ways outright unless the table says a tie will do.

Ann, Bob and Cat buy in 20 chips each; the last seated deals.
"""

from __future__ import annotations

GAME = "dynamite"
ANTE = {"the table's ante": 1}


def test_a_draw_two_rounds_and_a_pair_of_queens(table):
    t = table.sit("Ann", "Bob", "Cat", chips=20)
    t.start(GAME, dealer="Cat", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=19, Bob=19, Cat=19, pot=3)  # 20 - 1 each
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=17, Bob=17, Cat=19, pot=7)  # 19 - 2; 3 + 4
    t.step("draw")
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("showdown")
    t.cards("Ann", "Qh Qd", up="Qd")
    t.cards("Bob", "Ah Kd", up="Kd")  # ace high: no straights or flushes
    t.showdown(win=["Ann"])
    t.expect(Ann=24, Bob=17, Cat=19, pot=0)  # 17 + 7 = 24


def test_no_draw_wild_cards_and_high_low_by_cards_speak(table):
    t = table.sit("Ann", "Bob", "Cat", chips=20)
    t.start(
        GAME,
        dealer="Cat",
        options=["wild-cards", "high-low"],
        settings={"draw": "no-draw"},
        agreed=ANTE,
    )
    t.book("ante")
    t.step("deal")
    t.step("bet-only")  # no draw: one round only
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=16, Bob=16, Cat=16, pot=12)  # 19 - 3; 3 + 9
    t.step("showdown")
    t.cards("Ann", "Kh 9c", up="9c")  # nines are wild: a pair of kings
    t.cards("Bob", "Ah 2d", up="2d")  # ace and deuce: the best low
    t.cards("Cat", "Qh Jd", up="Jd")
    t.board(wild_ranks="9")
    t.showdown(win=["Ann"], low=["Bob"])
    t.expect(Ann=22, Bob=22, Cat=16, pot=0)  # half of 12 each: 16 + 6 = 22


def test_high_low_by_declaring_with_a_tie_enough_for_both(table):
    t = table.sit("Ann", "Bob", chips=20)
    settings = {"high-low-method": "declare", "both-must-win-outright": "no"}
    t.start(GAME, dealer="Bob", options=["high-low"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("draw")
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("declare")
    t.cards("Ann", "Kh Kd", up="Kd", declare="high")
    t.cards("Bob", "Ah 2d", up="2d", declare="low")
    t.step("showdown")
    t.showdown(split=True)  # Ann the high half, Bob the low
    t.expect(Ann=20, Bob=20, pot=0)  # antes 19 each; the pot of 2 halves: 19 + 1 = 20
