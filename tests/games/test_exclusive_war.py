"""Exclusive War: seven-card stud, deuces wild, where sixes kill or take everything.

From the rule page: everyone antes the agreed amount; one card up and one
down, a round, one up, a round, one up and one down, a round, one up, a round,
the last up and a last round, each opened by the best cards showing. Deuces
are wild. At the showdown each player still in counts the sixes among their
seven cards: one or three kill the hand; two or four take the whole pot,
whatever anyone else holds (no sixes is an ordinary hand). Two hands with an
even count share the pot, or the better poker hand of them takes it, as the
table says. When every hand still in is dead, nobody wins and the pot stays
for the next deal, or (as the table says) the best hand wins anyway.

Ann, Bob and Cat buy in 40 chips each and ante 1; Cat deals first. Ann's aces
show best on every street, so she opens every round.
"""

from __future__ import annotations

GAME = "exclusive-war"
ANTE = {"the table's ante": 1}
ROUNDS = (("deal-1", "bet-1"), ("deal-2", "bet-2"), ("deal-3", "bet-3"))
ROUNDS += (("deal-4", "bet-4"), ("deal-5", "bet-5"))
ORDER = ("Ann", "Bob", "Cat")  # from Ann, the opener


def deal_it(t, bet: int = 0) -> None:
    """The five waves and their rounds; on the first, Ann bets `bet` and both call."""
    for deal, bet_round in ROUNDS:
        t.step(deal)
        t.step(bet_round)
        t.open("Ann")
        if bet and bet_round == "bet-1":
            t.act("Ann", "bet", bet)
            t.act("Bob", "call")
            t.act("Cat", "call")
            continue
        for who in ORDER:
            t.act(who, "check")
    t.step("showdown")


def every_hand_dead(t) -> None:
    """One six each: every hand still in is killed; Ann's aces up and kings are the best."""
    t.cards("Ann", "6c 3d As Ah Kd Kh 9c", up="As Ah Kd Kh 9c")
    t.cards("Bob", "6d 5c Qs Qh 8d 4c 3s", up="Qs Qh 8d 4c 3s")
    t.cards("Cat", "6h Tc Js Jh 9d 8c 7s", up="Js Jh 9d 8c 7s")


def two_even(t) -> None:
    """Bob and Cat each hold two sixes; Ann four aces and no six."""
    t.cards("Ann", "Ac Kc As Ah Ad Ks Kh", up="As Ah Ad Ks Kh")
    t.cards("Bob", "6c 6d Qs Qh 8d 4c 3s", up="Qs Qh 8d 4c 3s")  # queens and sixes
    t.cards("Cat", "6h 6s Js Jh 9d 8c 7s", up="Js Jh 9d 8c 7s")  # jacks and sixes


def test_every_hand_dead_carries_the_pot_and_two_even_counts_share_the_next(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    deal_it(t, bet=2)
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # 39 - 2 each; 3 + 6
    every_hand_dead(t)
    # The helper kills every hand and names nobody; the dealer books the carry, which the
    # helper does not judge.
    t.showdown(win=[], tick={"all-dead-carry": {}})
    # Nobody wins: the 9 stay for the next deal.
    t.expect(Ann=37, Bob=37, Cat=37, pot=0, riding=9)
    t.deal(dealer="Ann")
    t.book("ante")
    # 37 - 1 each: 36; the pot 3 antes and the 9 riding in.
    t.expect(Ann=36, Bob=36, Cat=36, pot=12, riding=0)
    deal_it(t)
    two_even(t)
    t.showdown(win=["Bob", "Cat"])
    # Two sixes each beat Ann's four aces; Bob and Cat share 12: 6 each. Ann 36, Bob 42,
    # Cat 42. 36 + 42 + 42 = 120.
    t.expect(Ann=36, Bob=42, Cat=42, pot=0)


def test_the_better_of_two_even_counts_takes_all_and_a_dead_table_plays_the_best_hand(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    settings = {"two-even": "best-hand", "all-dead": "best-hand"}
    t.start(GAME, dealer="Cat", settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    deal_it(t)
    two_even(t)
    # The helper puts the two even counts in one tier; the table's setting gives the pot to
    # the better hand of the two, the dealer's ruling.
    t.showdown(win=["Bob", "Cat"], ruled=["Bob"])
    # Bob's queens and sixes beat Cat's jacks and sixes: he takes the 3. Bob 42.
    t.expect(Ann=39, Bob=42, Cat=39, pot=0)
    t.start(GAME, dealer="Ann", settings=settings, agreed=ANTE)  # won: the game is over
    t.book("ante")
    t.expect(Ann=38, Bob=41, Cat=38, pot=3)  # 1 each again
    deal_it(t)
    every_hand_dead(t)
    # The helper kills every hand and names nobody; the setting has the best hand win.
    t.showdown(win=[], ruled=["Ann"])
    # Every hand dead: the kill is ignored and Ann's aces up take the 3: 38 + 3 = 41.
    # 41 + 41 + 38 = 120.
    t.expect(Ann=41, Bob=41, Cat=38, pot=0)
