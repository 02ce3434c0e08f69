"""Fish Node: Five-Card Draw with a node of cards laid out to fish from.

From the rule page: everyone antes the agreed amount; five cards down; a
betting round; a draw (up to three, or four to a shown ace: the default); a
second round (some tables skip it: a setting); the fish node; a last round.
The one wild rank the table agreed before the deal is wild. With Fish flop
on, the node is played with the fish, a round, then the fish are flopped and
a last round is bet on the mess. A hand
left with fewer than five cards ranks by what it holds.

Ann, Bob and Cat buy in 40 chips each; Cat deals.
"""

from __future__ import annotations

GAME = "fish-node"


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_three_rounds_and_the_agreed_wild_rank(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=37, Bob=37, Cat=39, pot=7)  # 39 - 2; 3 + 4
    t.step("draw")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("fish-node")
    t.step("bet-3")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.expect(Ann=34, Bob=34, Cat=39, pot=13)  # 37 - 3; 7 + 6
    t.step("showdown")
    t.cards("Ann", "Kh Kd 9c 4s 6d")  # kings and the wild nine: three kings
    t.cards("Bob", "Qh Qd Qc 8s 2d")  # three queens
    t.board(wild_ranks="9")
    t.showdown(win=["Ann"])
    t.expect(Ann=47, Bob=34, Cat=39, pot=0)  # 34 + 13 = 47; 47 + 34 + 39 = 120


def test_the_fish_flop_with_no_second_round_and_a_draw_of_three(table):
    t = table.sit("Ann", "Bob", chips=20)
    settings = {"bet-before-node": "no", "draw-limit": "three"}
    t.start(
        GAME,
        dealer="Bob",
        options=["fish-flop"],
        settings=settings,
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("draw-three")
    t.step("fish-node")  # no round before the node; with the fish, then a round
    t.step("bet-3")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("fish-flop")
    t.step("bet-4")
    t.open()
    t.act("Ann", "bet", 4)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    # Antes 19 each; Ann's uncalled 4 comes back and she takes the 2: 19 + 2 = 21.
    t.expect(Ann=21, Bob=19, pot=0)
