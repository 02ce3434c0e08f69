"""Seven-Card Stud: two down, then up and down cards with a betting round after each.

From the rule page: everyone antes the agreed amount; two cards down and a
betting round (some tables skip it: a setting); one up, a round; two down, a
round; one up, a round; the last card up, a last round. The best hand
showing opens each round after the first (the default), or the player on the
dealer's left. Check or bet, then call, raise or fold. The best five of seven
wins.

Ann, Bob and Cat buy in 40 chips each; Cat deals.
"""

from __future__ import annotations

GAME = "seven-card-stud"


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_the_best_hand_showing_opens_and_two_pair_beats_kings(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("deal-2")
    t.step("bet-2-best")
    t.open("Bob")  # Bob's king is the best card showing
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Ann", "fold")
    # Bob and Cat 39 - 2 = 37; the pot 3 + 4 = 7.
    t.expect(Ann=39, Bob=37, Cat=37, pot=7)
    for deal, bet in (("deal-3", "bet-3-best"), ("deal-4", "bet-4-best"), ("deal-5", "bet-5-best")):
        t.step(deal)
        t.step(bet)
        t.open("Bob")
        checks(t, "Bob", "Cat")
    t.step("showdown")
    t.cards("Bob", "Kh Kd 5c 8s 9d 2h 3c", up="5c 2h 3c")
    t.cards("Cat", "Qh Qd Jc Js 4h 6d 7s", up="Jc 4h 7s")
    t.showdown(win=["Cat"])  # queens and jacks beat a pair of kings
    # Cat 37 + 7 = 44. 39 + 37 + 44 = 120.
    t.expect(Ann=39, Bob=37, Cat=44, pot=0)


def test_no_first_bet_and_the_dealers_left_opens_every_round(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    settings = {"first-bet": "no", "opener": "left-of-dealer"}
    t.start(GAME, dealer="Cat", settings=settings, agreed={"the table's ante": 2})
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, pot=6)  # 40 - 2 each
    t.step("deal-1")
    t.step("deal-2")  # no round on the first two cards
    for deal, bet in (("", "bet-2"), ("deal-3", "bet-3"), ("deal-4", "bet-4"), ("deal-5", "bet-5")):
        if deal:
            t.step(deal)
        t.step(bet)
        t.open()  # Ann, on the dealer's left
        checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Ah Kh Qh Jh 9h 2c 3d", up="Qh 2c 3d")  # a flush
    t.cards("Bob", "5s 5d 5c 8s 9d 2h 3c", up="5c 2h 3c")
    t.cards("Cat", "Qd Qs Jc Js 4h 6d 7s", up="Jc 4h 7s")
    t.showdown(win=["Ann"])
    # Ann takes the antes, 6: 38 + 6 = 44. 44 + 38 + 38 = 120.
    t.expect(Ann=44, Bob=38, Cat=38, pot=0)
