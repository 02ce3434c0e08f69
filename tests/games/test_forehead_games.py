"""The forehead games: Indian Poker and 5 Card Indian Poker.

A player's forehead card faces everyone but them, so each player types, on
their own phone, the card they see on a neighbour's forehead; the holder's
phone never shows it while the hand is played.

Indian Poker (from its rule page): everyone antes the agreed amount; one card
each, straight to the forehead; one betting round from the dealer's left;
the highest card wins (aces high), ties split. 5 Card Indian Poker: an ante;
four cards down that each player may look at; a fifth to the forehead; one
betting round once the foreheads are up (two, if the table bets on the four
down cards first); the best five-card hand wins.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals; the ante is 1.
"""

from __future__ import annotations

ANTE = {"the table's ante": 1}


def test_indian_poker_each_card_is_typed_by_another_player_and_the_king_wins(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start("indian-poker", dealer="Dan", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each
    t.step("deal")
    t.step("forehead")
    t.facing("Bob", "Ann", "Ks")
    t.facing("Cat", "Bob", "7h")
    t.facing("Dan", "Cat", "Qd")
    t.facing("Ann", "Dan", "4c")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=37, Bob=39, Cat=37, Dan=39, pot=8)  # 39 - 2; 4 + 4
    t.step("showdown")
    t.showdown(win=["Ann"])  # Ann's king beats Cat's queen
    t.expect(Ann=45, Bob=39, Cat=37, Dan=39, pot=0)  # 37 + 8 = 45


def test_five_card_indian_poker_two_rounds_and_a_full_house_on_the_forehead(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start("five-card-indian-poker", dealer="Dan", settings={"bet-rounds": "two"}, agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.cards("Ann", "Ah Ad 9c 5s")  # the four each may look at
    t.cards("Bob", "Kh Kd Kc 2s")
    t.cards("Cat", "8h 8d 3c 3s")
    t.cards("Dan", "Jh Td 6c 4s")
    t.step("bet-down")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "raise", 4)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "call")
    # Ann, Bob and Cat 39 - 4 = 35; Dan 39; the pot 4 + 12 = 16.
    t.expect(Ann=35, Bob=35, Cat=35, Dan=39, pot=16)
    t.step("forehead")
    t.facing("Bob", "Ann", "As")  # Ann's three aces, which she cannot see
    t.facing("Cat", "Bob", "7d")
    t.facing("Ann", "Cat", "8c")  # Cat's full house, eights over threes
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 5)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=30, Bob=30, Cat=30, Dan=39, pot=31)  # 35 - 5; 16 + 15
    t.step("showdown")
    t.showdown(win=["Cat"])  # the full house beats three aces and three kings
    t.expect(Ann=30, Bob=30, Cat=61, Dan=39, pot=0)  # 30 + 31 = 61


def test_five_card_indian_poker_one_round_folded_to_one(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("five-card-indian-poker", dealer="Cat", agreed=ANTE)
    t.book("ante")
    t.step("deal")
    t.step("forehead")
    t.facing("Ann", "Bob", "Ac")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    t.expect(Ann=42, Bob=39, Cat=39, pot=0)  # antes 39; Ann's 3 back and the 3 antes
