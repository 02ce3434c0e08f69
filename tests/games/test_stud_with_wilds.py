"""Stud games with moving wilds: Queen and What Follows, and Tiramisu Cake.

Queen and What Follows (from its rule page): everyone antes the agreed amount
(some tables play without one: a setting); two down and a round (some skip
it); one up, a round; two down, a round; one up, a round; the last card up, a
last round; the best card showing opens from the second round on. Queens are
wild, and so is every card of the rank dealt face up right after the latest
face-up queen.

Tiramisu Cake: an ante; two down and a round (some skip it); two up, a
round; two down, a round; the last card face up in the middle, wild for
everyone, and a last round. The dealer's left opens (the default), or the
best hand showing. Check or bet, then call, raise or fold.

Ann, Bob and Cat buy in 40 chips each; Cat deals.
"""

from __future__ import annotations


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_queens_and_the_rank_after_the_last_up_queen_are_wild(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("queen-and-what-follows", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    for deal, bet in (("deal-2", "bet-2"), ("deal-3", "bet-3"), ("deal-4", "bet-4")):
        t.step(deal)
        t.step(bet)
        t.open("Ann")  # Ann's up queen is the best card showing
        checks(t, "Ann", "Bob", "Cat")
    t.step("deal-5")
    t.step("bet-5")
    t.open("Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=37, Bob=37, Cat=39, pot=7)  # 39 - 2; 3 + 4
    t.step("showdown")
    # Ann's up cards in dealing order: Qh (3rd street), 6d, 4s. Bob's: 5c, 5h, 9s.
    # The card dealt up right after Ann's queen was Bob's 5c, so fives are wild too.
    t.cards("Ann", "Ah Ad Qh 6d 4s 8c 2d", up="Qh 6d 4s")  # aces with a wild queen: three aces
    t.cards("Bob", "Kh Kd 5c 5h 9s 3c 7d", up="5c 5h 9s")  # kings and two wild fives: four kings
    t.showdown(win=["Bob"])
    t.expect(Ann=37, Bob=44, Cat=39, pot=0)  # 37 + 7 = 44; 37 + 44 + 39 = 120


def test_queen_and_what_follows_with_no_ante_and_no_first_round(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start("queen-and-what-follows", dealer="Bob", settings={"ante": "no", "first-bet": "no"})
    t.expect(step="deal-1")  # no ante: the bets make the pot
    t.step("deal-2")  # and no round on the first two cards
    t.step("bet-2")
    t.open("Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=20, Bob=20, pot=0)  # nobody called: Ann's 2 come back


def test_tiramisu_cake_the_last_card_in_the_middle_is_wild(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("tiramisu-cake", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    for deal, bet in (("deal-2", "bet-2"), ("deal-3", "bet-3"), ("deal-4", "bet-4")):
        t.step(deal)
        t.step(bet)
        t.open()  # the dealer's left, Ann
        checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Ah Ad Ac 4s 6d 8c", up="4s 6d")  # three aces and the wild card: four
    t.cards("Bob", "Kh Kd Ks Kc 9d 3c", up="9d 3c")  # four kings and the wild card: five kings
    t.cards("Cat", "Qh Qd 2c 5s 7d Jh", up="5s 7d")
    t.board("Ts")  # the wild topping
    t.showdown(win=["Bob"])
    t.expect(Ann=39, Bob=42, Cat=39, pot=0)  # antes 39 each; Bob 39 + 3 = 42


def test_tiramisu_cake_no_first_round_and_the_best_hand_showing_opens(table):
    t = table.sit("Ann", "Bob", chips=20)
    settings = {"first-bet": "no", "opener": "best-showing"}
    t.start("tiramisu-cake", dealer="Bob", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal-1")
    t.step("deal-2")
    t.step("bet-2-best")
    t.open("Bob")  # Bob's pair of nines showing
    t.act("Bob", "bet", 3)
    t.act("Ann", "fold")
    t.fold_out("Bob")
    t.expect(Ann=19, Bob=21, pot=0)  # antes 19 each; Bob's 3 back and the 2 antes: 21
