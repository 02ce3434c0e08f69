"""Five-Card Draw: the plain game of a home table, as its rule page plays and pays it.

From the rule page: everyone antes the amount the table agreed and gets five
cards face down; a betting round from the dealer's left (check or bet, then
call, raise or fold); a draw of up to three cards (four to a player who keeps
an ace and shows it, unless the table plays a plain three); a second betting
round; the best hand still in takes the pot, and the last player left after
folds takes it without showing.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals, so Ann opens.
"""

from __future__ import annotations

GAME = "five-card-draw"


def test_bets_a_draw_of_four_with_an_ace_and_the_best_hand_at_the_showdown(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    # Ann, Bob and Dan put in 2 each: 39 - 2 = 37; the pot 4 + 6 = 10.
    t.expect(Ann=37, Bob=37, Cat=39, Dan=37, pot=10)
    t.step("draw-ace")  # the default: four cards to a shown ace
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "bet", 3)
    t.act("Dan", "fold")
    t.act("Ann", "call")
    # Bob bets 3 and Ann calls: 37 - 3 = 34 each; the pot 10 + 6 = 16.
    t.expect(Ann=34, Bob=34, Cat=39, Dan=37, pot=16)
    t.step("showdown")
    t.cards("Ann", "Kh Kd 9c 5s 2d")  # kings
    t.cards("Bob", "Qh Qc Qd 7s 3c")  # three queens
    t.showdown(win=["Bob"])
    # Bob takes the pot of 16: 34 + 16 = 50. 34 + 50 + 39 + 37 = 160.
    t.expect(Ann=34, Bob=50, Cat=39, Dan=37, pot=0)


def test_a_plain_draw_of_three_and_a_pot_won_when_everyone_else_folds(table):
    t = table.sit("Ann", "Bob", "Cat", chips=30)
    t.start(GAME, dealer="Cat", settings={"draw-limit": "three"}, agreed={"the table's ante": 2})
    t.book("ante")
    t.expect(Ann=28, Bob=28, Cat=28, pot=6)  # 30 - 2 each; 6 antes
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.act("Cat", "check")
    t.step("draw")  # up to three: the draw the table chose
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 5)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    # Ann's bet of 5 is called by nobody: she takes the pot of 6 and her 5 back.
    t.fold_out("Ann")
    # Ann 28 + 6 = 34; Bob and Cat 28. 34 + 28 + 28 = 90.
    t.expect(Ann=34, Bob=28, Cat=28, pot=0)
