"""In Between: each player in turn bets against the pot that the next card lands between two.

From the rule page: everyone antes the table's ante to seed an empty pot
(the step is skipped while the pot holds chips). The player whose turn it
is gets two cards face up; an ace as the first card is called high or low
before the second comes, and a dealer who deals the second card before the
call gives the player the whole pot and refills it from their own money
(booked as the dealer paying the player what the pot holds). The player
then bets against the pot and a third card is turned: strictly between the
two, the pot pays the bet; anything else, the player pays it in. The
dealer's maximum loss works one of two ways: a bet may be up to the whole
pot but a losing one costs at most the maximum loss, or nobody may bet more
than the maximum loss (or the pot, if smaller). A third card matching one
of the two costs just the bet, or at the table's choice twice the bet (the
second payment capped as well). Two cards with nothing between them either
pass the turn, or the player must bet and loses. When a winning bet empties
the pot, everyone antes again and play goes on until the table agrees to
stop, or, at a table that chose so, the game is over.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals first and the deal
moves left. The table's ante is 2 chips and the dealer's maximum loss 5
(one scenario antes 1).
"""

from __future__ import annotations

GAME = "in-between"
AMOUNTS = {"the table's ante": 2, "the dealer's maximum loss": 5}


def test_a_loss_cap_a_doubled_post_a_forced_bet_a_misdeal_and_a_re_ante(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"max-loss": "loss-cap", "hit-post": "double", "no-gap": "must-bet"}
    t.start(GAME, dealer="Dan", settings=settings, agreed=AMOUNTS)
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 40 - 2 each; 4 antes of 2 in the pot
    t.step("posts")
    t.step("wager")
    t.step("third-card")
    # The turns go round from Dan's left.
    t.book("wager-lose", actor="Ann", bet=3)  # a 3 and a 9, a king turned: Ann 35, pot 11
    t.expect(Ann=35, pot=11)
    # Bob bets 7 (under the pot, 11) on a 4 and a jack; a jack comes: the bet, then the bet
    # again, each at most the maximum loss, 5. Bob 33, pot 16; then Bob 28, pot 21.
    t.book("wager-lose", actor="Bob", bet=7)
    t.expect(Bob=33, pot=16)
    t.book("post-hit-extra", actor="Bob", bet=7)
    t.expect(Bob=28, pot=21)
    # Cat turns a 7 and an 8, nothing between: she must bet all the same; she bets 6 and
    # loses at most 5: Cat 33, pot 26.
    t.book("no-gap-loss", actor="Cat", bet=6)
    t.expect(Cat=33, pot=26)
    # Dan bets 4 on a 2 and a king, a 10 comes: Dan 42, pot 22.
    t.book("wager-win-to-pot", actor="Dan", bet=4)
    # 35 + 28 + 33 + 42 = 138, and 22 in the pot: 160.
    t.expect(Ann=35, Bob=28, Cat=33, Dan=42, pot=22)
    t.end_deal()
    t.expect(pot=0, riding=22)  # nobody won it: the 22 rides to the next deal
    t.over(False)

    # Deal 2, Ann deals: the pot holds chips, so nobody antes and the deal starts with the cards.
    t.deal()
    t.expect(step="posts", pot=22, riding=0)
    # Bob's first card is an ace and Ann deals his second before he calls it: he wins the
    # pot's 22 and Ann puts as much back from her own: Ann 13, Bob 50; the pot still 22.
    t.book("misdeal-win", actor="Bob")
    t.expect(Ann=13, Bob=50, Cat=33, Dan=42, pot=22)
    t.step("wager")
    t.step("third-card")
    # Cat bets the whole pot, 22 (a bet may be bigger than the maximum loss), and wins:
    # Cat 55, the pot empty.
    t.book("wager-win-to-pot", actor="Cat", bet=22)
    t.expect(Cat=55, pot=0)
    # The table plays on: everyone antes 2 again. Ann 11, Bob 48, Cat 53, Dan 40; pot 8.
    t.book("re-ante")
    t.expect(Ann=11, Bob=48, Cat=53, Dan=40, pot=8)
    t.end_deal()
    t.expect(riding=8)
    t.over(False)  # the pot won and anted again: the game goes on
    # The table agrees to stop: the 8 is split among those still in, 2 each.
    t.end_game("split")
    # 13 + 50 + 55 + 42 = 160.
    t.expect(Ann=13, Bob=50, Cat=55, Dan=42, pot=0, riding=0)


def test_a_bet_cap_a_doubled_post_a_forced_bet_and_the_pot_won_ends_the_game(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "max-loss": "bet-cap",
        "hit-post": "double",
        "no-gap": "must-bet",
        "game-end": "game-over",
    }
    agreed = {"the table's ante": 1, "the dealer's maximum loss": 5}
    t.start(GAME, dealer="Dan", settings=settings, agreed=agreed)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes of 1 in the pot
    t.step("posts")
    t.step("wager-bet-cap")
    t.step("third-card")
    t.book("wager-win", actor="Ann", bet=3)  # a 3 and a queen, a 9 turned: Ann 42, pot 1
    t.expect(Ann=42, pot=1)
    # Bob bets 1 on a 5 and a 10; a 5 comes: the bet twice. Bob 38, then 37; pot 3.
    t.book("wager-lose-bet-cap", actor="Bob", bet=1)
    t.book("post-hit-extra-bet-cap", actor="Bob", bet=1)
    t.expect(Bob=37, pot=3)
    # Cat turns two eights, nothing between: she must bet, bets 2, and loses: Cat 37, pot 5.
    t.book("no-gap-loss-bet-cap", actor="Cat", bet=2)
    t.expect(Cat=37, pot=5)
    # Dan bets the whole pot, 5 (also the most anyone may bet), and wins: Dan 44, pot 0.
    t.book("wager-win", actor="Dan", bet=5)
    # 42 + 37 + 37 + 44 = 160.
    t.expect(Ann=42, Bob=37, Cat=37, Dan=44, pot=0)
    # At this table an emptied pot ends the game: nothing rides, nobody antes again.
    t.end_deal()
    t.expect(Ann=42, Bob=37, Cat=37, Dan=44, pot=0, riding=0)
    t.over()


def test_a_post_costs_just_the_bet_and_no_gap_passes_the_turn(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"max-loss": "loss-cap", "hit-post": "bet", "no-gap": "skip", "game-end": "re-ante"}
    t.start(GAME, dealer="Dan", settings=settings, agreed=AMOUNTS)
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 40 - 2 each; 8 in the pot
    t.step("posts")
    t.step("wager")
    t.step("third-card")
    # Ann bets 4 on a 6 and a queen and a queen comes: just the bet. Ann 34, pot 12.
    t.book("wager-lose", actor="Ann", bet=4)
    t.expect(Ann=34, pot=12)
    # Bob turns a 9 and a 10, nothing between: no bet, the turn passes to Cat.
    # Cat bets 6 on a 2 and an ace and wins: Cat 44, pot 6.
    t.book("wager-win-to-pot", actor="Cat", bet=6)
    # Dan bets 2 on a 3 and a 7 and loses: Dan 36, pot 8.
    t.book("wager-lose", actor="Dan", bet=2)
    # 34 + 38 + 44 + 36 = 152, and 8 in the pot: 160.
    t.expect(Ann=34, Bob=38, Cat=44, Dan=36, pot=8)
    t.end_deal()
    t.expect(pot=0, riding=8)
    # The table agrees to stop: the 8 is split among those still in, 2 each.
    t.end_game("split")
    t.expect(Ann=36, Bob=40, Cat=46, Dan=38, pot=0, riding=0)
