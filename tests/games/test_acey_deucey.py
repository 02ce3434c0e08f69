"""Acey Deucey: bet from a nickel up to the whole pot that the middle card falls between two.

From the rule page: everyone antes the amount the table agreed to start the
pot, and by default only into an empty pot (or, at the table's choice, every
deal on top of whatever the pot holds). For the player whose turn it is the
dealer turns a left and a right card; the player bets from a nickel up to
everything in the pot that the middle card falls strictly between their
ranks. Inside the gap the pot pays the bet; anything else, a matching rank
too, and the player pays the bet into the pot. The game ends when a player
bets the whole pot and wins it. Two house options: Palansky (a pair turned
up is split into two bets, each with its own middle card) and Escape chance
(a quarter into the pot to replace a card of an unwinnable pair, as often as
it stays unwinnable); with either on, nobody may bet the whole pot on their
first turn of the game.

Ann, Bob, Cat and Dan buy in 40 chips each, a chip 0.05 (a nickel is 1 chip,
a quarter 5); Dan deals first and the deal moves left. The ante is 2 chips.
"""

from __future__ import annotations

GAME = "acey-deucey"
ANTE = {"the table's ante": 2}


def test_the_pot_rides_until_a_player_bets_it_all_and_wins(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings={"ante-when": "empty-pot"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 40 - 2 each; 8 in the pot
    t.step("posts")
    t.step("wager")
    t.step("middle")
    # The turns go round from Dan's left.
    t.book("wager-win", actor="Ann", bet=3)  # a 3 and a 9, a 6 between: Ann 41, pot 5
    t.book("wager-lose", actor="Bob", bet=2)  # a 5 and a jack, a jack: Bob 36, pot 7
    t.book("wager-lose", actor="Cat", bet=1)  # a 7 and an 8, a nickel lost: Cat 37, pot 8
    t.book("wager-win", actor="Dan", bet=4)  # a 2 and a king, a 10: Dan 42, pot 4
    # 41 + 36 + 37 + 42 = 156, and 4 in the pot: 160.
    t.expect(Ann=41, Bob=36, Cat=37, Dan=42, pot=4)
    t.end_deal()
    t.expect(pot=0, riding=4)  # nobody bet it all: the 4 rides
    t.over(False)

    # Deal 2, Ann deals: the pot is not empty, so nobody antes; the deal starts with the cards.
    t.deal()
    t.expect(step="posts", pot=4, riding=0)
    t.step("wager")
    t.step("middle")
    # Bob bets the whole pot, 4, and wins it: Bob 40, the pot empty, and the game is over.
    t.book("wager-win", actor="Bob", bet=4)
    t.expect(Ann=41, Bob=40, Cat=37, Dan=42, pot=0)  # 41 + 40 + 37 + 42 = 160
    t.end_deal()
    t.expect(pot=0, riding=0)
    t.over()


def test_palansky_and_escape_chance_with_an_ante_every_deal(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    options = ["palansky", "escape-chance"]
    t.start(GAME, dealer="Dan", options=options, settings={"ante-when": "every-deal"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 40 - 2 each; 8 in the pot
    t.step("posts")
    t.step("escape-gap")
    # Ann turns a 9 and a 10, nothing between; she pays a quarter to replace one and turns a
    # 9 again, so pays a second: 2 quarters, 10 chips. Ann 28, pot 18.
    t.book("escape-fee", actor="Ann", count=2)
    t.expect(Ann=28, pot=18)
    t.step("palansky-split")
    # Bob turns two sevens: two bets, each with its own middle card. The left one, 3, won:
    # Bob 41, pot 15; the right one, 2, lost: Bob 39, pot 17.
    t.book("wager-win", actor="Bob", bet=3)
    t.book("wager-lose", actor="Bob", bet=2)
    t.expect(Bob=39, pot=17)
    t.step("wager")
    t.step("middle")
    t.book("wager-win", actor="Ann", bet=4)  # her 9 and king, a jack: Ann 32, pot 13
    t.book("wager-lose", actor="Cat", bet=2)  # Cat 36, pot 15
    # Dan's first turn: not the whole pot, 15, but 14 is fine, and he wins: Dan 52, pot 1.
    t.book("wager-win", actor="Dan", bet=14)
    # 32 + 39 + 36 + 52 = 159, and 1 in the pot: 160.
    t.expect(Ann=32, Bob=39, Cat=36, Dan=52, pot=1)
    t.end_deal()
    t.expect(pot=0, riding=1)
    t.over(False)

    # Deal 2, Ann deals: everyone antes again, on top of the 1 riding in.
    t.deal()
    t.book("ante")
    t.expect(Ann=30, Bob=37, Cat=34, Dan=50, pot=9)  # 2 each; 1 + 8 in the pot
    t.step("posts")
    t.step("escape-gap")
    t.step("palansky-split")
    t.step("wager")
    t.step("middle")
    # Everyone has had a turn, so Bob may bet the whole pot, 9; he wins it: Bob 46.
    t.book("wager-win", actor="Bob", bet=9)
    t.expect(Ann=30, Bob=46, Cat=34, Dan=50, pot=0)  # 30 + 46 + 34 + 50 = 160
    t.end_deal()
    t.over()


def test_with_both_options_a_pair_may_escape_instead_of_splitting(table):
    # Both options on, the table choosing Escape for a matching pair: the escape step comes
    # for a pair too, and the split step says a pair is escaped, not split.
    t = table.sit("Ann", "Bob", chips=40)
    options = ["palansky", "escape-chance"]
    settings = {"both-options": "escape"}
    t.start(GAME, dealer="Bob", options=options, settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=38, Bob=38, pot=4)  # 40 - 2 each
    t.step("posts")
    t.step("escape")
    # Ann turns two sevens and pays a quarter to replace one: Ann 38 - 5 = 33, the pot 9.
    t.book("escape-fee", actor="Ann", count=1)
    t.expect(Ann=33, pot=9)
    t.step("palansky-split-escape")
    t.step("wager")
    t.step("middle")
    t.book("wager-win", actor="Ann", bet=2)  # her 7 and a queen, a 9: Ann 35, the pot 7
    t.book("wager-lose", actor="Bob", bet=3)  # Bob 35, the pot 10
    t.expect(Ann=35, Bob=35, pot=10)  # 35 + 35 + 10 = 80
