"""Trading games: Salt and Pepper, and Trees.

Salt and Pepper (from its rule page): everyone antes the agreed amount (or
no ante: a setting); six cards down; trade one card to the left (or two, or
three: the table's count), a round; the same count to the right, a round;
the best five of six wins.

Trees: an ante; five down; a round; the players trade cards (face down
swaps, the default, or one card handed over then the other); a last round.
Check or bet, then call, raise or fold.
"""

from __future__ import annotations


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_salt_and_pepper_one_card_each_way_and_the_best_five_of_six(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("salt-and-pepper", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)
    t.step("deal")
    t.step("pass-left")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # 39 - 2; 3 + 6
    t.step("pass-right")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Ah Ad Ac 4s 6d 8c")  # three aces
    t.cards("Bob", "Kh Qh Jh Th 2h 3c")  # a flush
    t.cards("Cat", "9s 9d 5c 5s 7d Jc")
    t.showdown(win=["Bob"])
    t.expect(Ann=37, Bob=46, Cat=37, pot=0)  # 37 + 9 = 46


def test_salt_and_pepper_two_cards_each_way(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "salt-and-pepper",
        dealer="Bob",
        settings={"trade-count": "two"},
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal")
    t.step("pass-left-two")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("pass-right-two")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=21, Bob=19, pot=0)  # antes 19 each; Ann takes the 2, her 2 back


def test_salt_and_pepper_three_each_way_and_no_ante(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start("salt-and-pepper", dealer="Bob", settings={"trade-count": "three", "ante": "no"})
    t.expect(step="deal")  # no ante
    t.step("pass-left-three")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 1)
    t.act("Bob", "call")
    t.step("pass-right-three")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("showdown")
    t.cards("Ann", "2h 2d 7c 8s 9d Jc")  # deuces
    t.cards("Bob", "3h 3d 7h 8c 9s Qc")  # threes
    t.showdown(win=["Bob"])
    t.expect(Ann=19, Bob=21, pot=0)  # 1 each in; Bob takes 2


def test_trees_face_down_swaps_and_then_one_card_at_a_time(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("trees", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("trade")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=36, Bob=36, Cat=39, pot=9)  # antes 39; 39 - 3; 3 + 6
    t.step("showdown")
    t.cards("Ann", "Jh Jd 4c 4s 9d")  # jacks and fours
    t.cards("Bob", "Jc Js 4h 4d Kd")  # jacks and fours, king kicker
    t.showdown(win=["Bob"])
    t.expect(Ann=36, Bob=45, Cat=39, pot=0)  # 36 + 9 = 45


def test_trees_one_card_handed_over_then_the_other(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "trees",
        dealer="Bob",
        settings={"trade-method": "one-then-other"},
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("trade-handover")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=21, Bob=19, pot=0)
