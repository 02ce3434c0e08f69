"""Knock Poker (Deuces Wild): Knock Poker with every deuce wild and other bonus hands.

From the rule page: everyone antes one chip and gets five cards; players
draw and discard, no betting, until one with jacks or better knocks. After
one last turn each, every other player stays or drops out; a dropper pays
one chip at once, to the knocker (or into the pot, if the table says so).
At the showdown a deuce is any card, even a copy of one held. A knocker
with the best hand takes the pot and each stayer pays the knocker two
chips; a beaten knocker pays two chips to each stayer and the best hand
takes the pot; a tie with the knocker splits the pot with no two-chip
payments (or counts as a knocker's win, or loss, as the table chooses). A
winner holding five of a kind, a straight flush or a royal flush collects a
bonus of four chips from each other player (or from the other stayers only,
or four in all shared by the others, as the table chooses); four of a kind
earns nothing.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals.
"""

from __future__ import annotations

GAME = "knock-poker-deuces-wild"


def to_the_showdown(t, knocker: str, drops: list[str], **settings: str) -> None:
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("start-discards")
    t.step("play")
    t.step("last-round")
    t.name("knocker", knocker)
    t.step("stay-or-drop")
    t.name("folded", *drops)


def test_five_of_a_kind_beats_the_knocker_and_collects_from_everyone(table):
    t = table
    settings = {"drop-out-chip-to": "knocker", "bonus-payers": "everyone"}
    to_the_showdown(t, knocker="Dan", drops=["Cat"], **settings)
    t.book("drop-out-chip", knocker="Dan")  # Cat pays Dan a chip: Cat 38, Dan 40
    t.expect(Ann=39, Bob=39, Cat=38, Dan=40, pot=4)
    t.step("showdown")
    t.cards("Ann", "9h 9d 9c 9s 3d")  # four nines
    t.cards("Bob", "Kh Kd Kc 2s 2d")  # five kings, two deuces: the best hand
    t.cards("Dan", "7h 7d Jc Js 4h")  # the knocker's jacks up
    t.showdown(fires=["knocker-beaten", "bonus-big-hand"], win=["Bob"])
    # Dan, beaten, pays 2 to each stayer, Ann and Bob: Dan 36, Ann 41, Bob 41.
    # Bob's bonus, 4 from each other player, Cat too: Ann 37, Cat 34, Dan 32, Bob 53;
    # and the pot of 4: Bob 57. 37 + 57 + 34 + 32 = 160.
    t.expect(Ann=37, Bob=57, Cat=34, Dan=32, pot=0)


def test_a_tie_with_the_knocker_splits_the_pot_and_four_of_a_kind_earns_nothing(table):
    t = table
    settings = {"knocker-tie": "split-no-payments", "bonus-payers": "everyone"}
    to_the_showdown(t, knocker="Ann", drops=["Bob"], **settings)
    t.book("drop-out-chip", knocker="Ann")  # Bob pays Ann a chip: Bob 38, Ann 40
    t.step("showdown")
    t.cards("Ann", "9h 9d 2c 2s Kd")  # four nines, king: the knocker
    t.cards("Cat", "9c 9s 2h 2d Kc")  # four nines, king: the same hand
    t.cards("Dan", "Qh Qd 4c 5d 6h")
    # No two-chip payments on a tie, and no bonus for four of a kind.
    t.showdown(fires=[], win=["Ann", "Cat"])
    # The pot of 4 split, 2 each: Ann 42, Cat 41. Bob 38, Dan 39. 42 + 38 + 41 + 39 = 160.
    t.expect(Ann=42, Bob=38, Cat=41, Dan=39, pot=0)


def test_the_knocker_wins_a_tie_and_the_drop_chip_goes_in_the_pot(table):
    t = table
    settings = {
        "drop-out-chip-to": "pot",
        "knocker-tie": "knocker-wins",
        "bonus-payers": "stayers",
    }
    to_the_showdown(t, knocker="Ann", drops=["Bob"], **settings)
    t.book("drop-out-chip-to-pot")  # into the pot: Bob 38, pot 5
    t.expect(Ann=39, Bob=38, Cat=39, Dan=39, pot=5)
    t.step("showdown")
    t.cards("Ann", "9h 8h 7h 6h 2d")  # a nine-high straight flush, a deuce for the five
    t.cards("Cat", "9s 8s 7s 6s 2c")  # the same: a tie, which the knocker wins here
    t.cards("Dan", "Qh Qd 4c 5d 3s")
    t.showdown(fires=["knocker-wins", "bonus-big-hand-stayers"], win=["Ann"])
    # Cat and Dan, who stayed, pay Ann 2 each: Cat 37, Dan 37, Ann 43.
    # Ann's straight flush: 4 from each other stayer, Cat and Dan (not Bob): Cat 33, Dan 33,
    # Ann 51; and the pot of 5: Ann 56. 56 + 38 + 33 + 33 = 160.
    t.expect(Ann=56, Bob=38, Cat=33, Dan=33, pot=0)


def test_a_tie_beats_the_knocker_and_the_bonus_is_four_chips_shared(table):
    t = table
    settings = {"knocker-tie": "knocker-beaten", "bonus-payers": "single"}
    to_the_showdown(t, knocker="Bob", drops=[], **settings)
    t.step("showdown")
    t.cards("Ann", "Qh Qd 4c 5d 6h")
    t.cards("Bob", "Jh Th 9h 8h 2c")  # a jack-high straight flush: the knocker
    t.cards("Cat", "Js Ts 9s 8s 2d")  # the same: a tie, which beats the knocker here
    t.cards("Dan", "7h 7d 7c 3s 4h")
    t.showdown(fires=["knocker-beaten", "bonus-big-hand-single"], win=["Cat"])
    # Bob pays 2 to each stayer, Ann, Cat and Dan: Bob 33, Ann 41, Cat 41, Dan 41.
    # Cat's straight flush: 4 chips in all from the other three, 1 each and the odd chip
    # from the first on the dealer's left, Ann: Ann 39, Bob 32, Dan 40, Cat 45;
    # and the pot of 4: Cat 49. 39 + 32 + 49 + 40 = 160.
    t.expect(Ann=39, Bob=32, Cat=49, Dan=40, pot=0)
