"""Phone Home: five cards, four betting rounds, and cards bought for a quarter or 50 cents.

From the rule page: everyone antes the agreed amount (or, as some tables
play, nobody antes); five cards down and a betting round from the dealer's
left; then three "phone home" stops, each followed by a round, where each
player still in may buy one card for a quarter, paid into the pot, and keep
it without discarding. Besides, anyone still in may make a collect call at
any moment, the showdown included: one more card for 50 cents into the pot,
at most twice a hand. The best five cards of each hand win; ties split.

White chips are a nickel: a quarter is 5 chips and a collect call 10. Ann, Bob
and Cat buy in 100 chips each; Cat deals.
"""

from __future__ import annotations

GAME = "phone-home"


def checks(t, step: str) -> None:
    t.step(step)
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")


def test_a_card_bought_at_two_stops_and_two_collect_calls_one_at_the_showdown(table):
    t = table.sit("Ann", "Bob", "Cat", chips=100)
    t.start(GAME, dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=99, Bob=99, Cat=99, pot=3)  # 100 - 1 each; 3 antes
    t.step("deal")
    t.book("collect-call", actor="Bob")  # Bob calls collect: 10, Bob 89; the pot 13
    t.expect(Ann=99, Bob=89, Cat=99, pot=13)
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 5)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=94, Bob=84, Cat=94, pot=28)  # 5 each; 13 + 15
    t.step("phone-1")
    t.book("phone-home", actor="Ann")  # a quarter: 5, Ann 89; the pot 33
    t.expect(Ann=89, pot=33)
    checks(t, "bet-2")
    t.step("phone-2")
    t.book("phone-home", actor="Bob")  # 5: Bob 79; the pot 38
    t.expect(Bob=79, pot=38)
    checks(t, "bet-3")
    t.step("phone-3")  # nobody buys
    t.step("bet-4")
    t.open()
    t.act("Ann", "bet", 10)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=79, Bob=69, Cat=94, pot=58)  # 10 each from Ann and Bob; 38 + 20
    t.step("showdown")
    t.book("collect-call", actor="Bob")  # his second call, at the showdown: Bob 59; 68
    t.expect(Bob=59, pot=68)
    t.cards("Ann", "Ah Ad Kc Ks 3h 4c")  # five dealt and one bought: aces and kings
    t.cards("Bob", "Qh Qd Qc 7s 7d 2c 3c 9h")  # eight cards: queens full of sevens
    t.showdown(win=["Bob"])
    # Bob takes 68: 59 + 68 = 127. Ann 79, Cat 94. 79 + 127 + 94 = 300.
    t.expect(Ann=79, Bob=127, Cat=94, pot=0)


def test_no_ante_a_quarter_card_and_a_bet_nobody_calls(table):
    t = table.sit("Ann", "Bob", "Cat", chips=100)
    t.start(GAME, dealer="Cat", settings={"ante": "no"})
    # No ante: the deal comes first.
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=98, Bob=98, Cat=98, pot=6)  # 2 each: the bets alone make the pot
    t.step("phone-1")
    t.book("phone-home", actor="Cat")  # 5: Cat 93; the pot 11
    t.expect(Ann=98, Bob=98, Cat=93, pot=11)
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 5)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    # Ann's 5 comes back uncalled and she takes the 11: 98 + 11 = 109. 109 + 98 + 93 = 300.
    t.expect(Ann=109, Bob=98, Cat=93, pot=0)
