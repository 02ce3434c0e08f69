"""Knock Poker: a whole deal, each way the rule page lets it end, as the table pays it.

From the rule page: everyone antes one chip and gets five cards; players draw
and discard until one with jacks or better knocks. After one last turn each,
every other player stays or drops out; a dropper pays one chip at once (to
the knocker, or into the pot if the table says so). At the showdown a
knocker with the best hand takes the pot and each stayer pays the knocker
two chips; a beaten knocker pays two chips to each stayer and the best hand
takes the pot; a tie with the knocker splits the pot with no two-chip
payments (or counts as a win or a loss, as the table chooses). A winner
with four of a kind or a straight flush collects four chips from each other
player (eight for a royal flush), or only from those who stayed.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals.
"""

from __future__ import annotations

GAME = "knock-poker"


def to_the_knock(t, knocker: str, drops: list[str], **settings: str) -> None:
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


def test_a_beaten_knocker_pays_each_stayer_and_the_dropper_paid_the_knocker(table):
    t = table
    to_the_knock(t, knocker="Bob", drops=["Cat"])
    t.book("drop-out-chip", knocker="Bob")  # Cat pays Bob a chip: Cat 38, Bob 40
    t.expect(Ann=39, Bob=40, Cat=38, Dan=39, pot=4)
    t.step("showdown")
    t.cards("Ann", "Ah Ad 8c 8s 3d")  # two pair
    t.cards("Bob", "Jh Jc 9d 6s 2c")  # the knocker's jacks
    t.cards("Dan", "7h 7d 7c Ks 4h")  # three sevens: the best hand
    t.showdown(fires=["knocker-beaten"], win=["Dan"])
    # Bob pays 2 to each stayer, Ann and Dan: Bob 40 - 4 = 36, Ann 41, Dan 41;
    # Dan's sevens take the pot of 4: Dan 45. Cat 38. 41 + 36 + 38 + 45 = 160.
    t.expect(Ann=41, Bob=36, Cat=38, Dan=45, pot=0)


def test_a_knocker_with_the_best_hand_is_paid_two_by_each_stayer(table):
    t = table
    to_the_knock(t, knocker="Ann", drops=[])
    t.step("showdown")
    t.cards("Ann", "Qh Qd Qc 5s 2d")  # three queens: the knocker is best
    t.cards("Bob", "Jh Jc 9d 6s 2c")
    t.cards("Cat", "Th 9h 8d 4c 3s")
    t.cards("Dan", "7h 7d Kc Ks 4h")
    t.showdown(fires=["knocker-wins"], win=["Ann"])
    # Bob, Cat and Dan pay Ann 2 each: 39 - 2 = 37; Ann 39 + 6 + the pot of 4 = 49.
    t.expect(Ann=49, Bob=37, Cat=37, Dan=37, pot=0)


def test_four_of_a_kind_collects_four_from_everyone_dropped_or_not(table):
    t = table
    to_the_knock(t, knocker="Ann", drops=["Bob"])
    t.book("drop-out-chip", knocker="Ann")  # Bob pays Ann: Bob 38, Ann 40
    t.step("showdown")
    t.cards("Ann", "Qh Qd Jc 5s 2d")
    t.cards("Cat", "9h 9d 9c 9s 3d")  # four nines beat the knocker
    t.cards("Dan", "7h 7d Kc Ks 4h")
    t.showdown(fires=["knocker-beaten", "bonus-big-hand"], win=["Cat"])
    # Ann, beaten, pays 2 to Cat and Dan: Ann 36, Cat 41, Dan 41.
    # Cat's bonus, 4 from each other player, Bob too: Ann 32, Bob 34, Dan 37, Cat 53;
    # and the pot of 4: Cat 57. 32 + 34 + 57 + 37 = 160.
    t.expect(Ann=32, Bob=34, Cat=57, Dan=37, pot=0)


def test_a_royal_flush_paid_by_stayers_only_and_the_drop_chip_in_the_pot(table):
    t = table
    settings = {"drop-out-chip-to": "pot", "bonus-payers": "stayers"}
    to_the_knock(t, knocker="Dan", drops=["Bob"], **settings)
    t.book("drop-out-chip-to-pot")  # into the pot: Bob 38, pot 5
    t.expect(Bob=38, pot=5)
    t.step("showdown")
    t.cards("Ann", "Ah Kh Qh Jh Th")  # a royal flush
    t.cards("Cat", "9h 9d 9c 2s 3d")
    t.cards("Dan", "Jd Js 4c 5d 6h")  # the knocker's jacks
    t.showdown(fires=["knocker-beaten", "bonus-royal-stayers"], win=["Ann"])
    # Dan, beaten, pays 2 to each stayer, Ann and Cat: Dan 39 - 4 = 35, Ann 41, Cat 41.
    # Ann's royal: 8 from each other stayer, Cat and Dan (not Bob): Cat 33, Dan 27, Ann 57;
    # and the pot of 5: Ann 62. Bob 38. 62 + 38 + 33 + 27 = 160.
    t.expect(Ann=62, Bob=38, Cat=33, Dan=27, pot=0)
