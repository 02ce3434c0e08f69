"""One-Card Poker: one hidden card each, one betting round, the highest and lowest split.

From the rule page: everyone antes the agreed amount (unless the table plays
without, the bets making the pot); one card face down each, the whole hand;
one betting round from the dealer's left; then, where the table declares,
each says high, low or both. Aces count high only, so the lowest card is a
deuce. The highest card takes half the pot and the lowest the other half
(the low half rounded down, so an odd chip goes high); equal cards share
their half, suits never break a tie. With the joker option, a joker in the
deck plays as an ace for high or a deuce for low. A both caller must win both
ways outright, unless the table says a tie is enough.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals, so Ann bets first.
"""

from __future__ import annotations

GAME = "one-card-poker"


def test_the_joker_is_an_ace_high_and_a_deuce_low_with_the_cards_speaking(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", options=["joker"], agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    # Ann, Bob and Dan 39 - 2 = 37; the pot 4 + 6 = 10.
    t.expect(Ann=37, Bob=37, Cat=39, Dan=37, pot=10)
    t.step("showdown")
    t.cards("Ann", "Jk")  # the joker: an ace for high, a deuce for low
    t.cards("Bob", "2c")
    t.cards("Dan", "Kd")
    t.showdown(win=["Ann"], low=["Ann", "Bob"])
    # 10 halves 5 and 5: high to Ann; low shared by Ann's joker and Bob's deuce, 2 each
    # and the odd chip to Ann, first from the dealer's left. Ann 37 + 5 + 3 = 45,
    # Bob 37 + 2 = 39; Cat 39, Dan 37. 45 + 39 + 39 + 37 = 160.
    t.expect(Ann=45, Bob=39, Cat=39, Dan=37, pot=0)


def test_no_ante_and_a_both_caller_beaten_low_takes_nothing(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"ante": "no", "high-low-method": "declare"}
    t.start(GAME, dealer="Dan", settings=settings)
    t.expect(Ann=40, Bob=40, Cat=40, Dan=40, pot=0)  # no ante: the bets make the pot
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    # Ann, Bob and Dan 40 - 3 = 37; the pot 9.
    t.expect(Ann=37, Bob=37, Cat=40, Dan=37, pot=9)
    t.step("declare")
    t.step("showdown")
    t.cards("Ann", "Ks", declare="high")
    t.cards("Bob", "2h", declare="low")
    # Dan calls both with an ace: the highest card, but aces count high only, so the worst
    # low. Beaten low, he takes nothing (outright, the default) and is ranked last both ways.
    t.cards("Dan", "Ah", declare="both")
    t.showdown(win=["Ann"], low=["Bob"])
    # 9 halves 4 low (rounded down) and 5 high: Ann 37 + 5 = 42, Bob 37 + 4 = 41;
    # Cat 40, Dan 37. 42 + 41 + 40 + 37 = 160.
    t.expect(Ann=42, Bob=41, Cat=40, Dan=37, pot=0)


def test_a_both_caller_who_ties_high_shares_it_when_a_tie_is_enough(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"high-low-method": "declare", "both-must-win-outright": "no"}
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 2)
    for who in ("Bob", "Cat", "Dan"):
        t.act(who, "call")
    # Everyone 39 - 2 = 37; the pot 4 + 8 = 12.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=37, pot=12)
    t.step("declare")
    t.step("showdown")
    # Ann calls both with a nine: it ties Cat's nine, the only high call, and is lower
    # than Bob's ten and Dan's jack, the low calls.
    t.cards("Ann", "9d", declare="both")
    t.cards("Bob", "Td", declare="low")
    t.cards("Cat", "9h", declare="high")
    t.cards("Dan", "Jc", declare="low")
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: 12 halves 6 and 6; high shared 3 and 3, low to Ann.
    # Ann 37 + 3 + 6 = 46, Cat 37 + 3 = 40; Bob 37, Dan 37. 46 + 37 + 40 + 37 = 160.
    t.expect(Ann=46, Bob=37, Cat=40, Dan=37, pot=0)
