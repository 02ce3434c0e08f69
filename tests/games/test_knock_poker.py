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


def test_a_beaten_knocker_pays_each_stayer_and_a_royal_flush_collects_eight_from_all(table):
    t = table
    to_the_knock(t, knocker="Bob", drops=["Cat"])
    t.book("drop-out-chip", knocker="Bob")  # Cat pays Bob a chip: Cat 38, Bob 40
    t.expect(Ann=39, Bob=40, Cat=38, Dan=39, pot=4)
    t.step("showdown")
    t.cards("Ann", "Ah Ad 8c 8s 3d")  # two pair
    t.cards("Bob", "Jh Jc 9d 6s 2c")  # the knocker's jacks
    t.cards("Dan", "Ts Js Qs Ks As")  # a royal flush
    t.showdown(fires=["knocker-beaten", "bonus-royal"], win=["Dan"])
    # Bob pays 2 to each stayer, Ann and Dan: Bob 40 - 4 = 36, Ann 41, Dan 41.
    # Dan's royal: 8 from each other player, Cat who dropped too: Ann 33, Bob 28, Cat 30,
    # Dan 41 + 24 = 65; and the pot of 4: Dan 69. 33 + 28 + 30 + 69 = 160.
    t.expect(Ann=33, Bob=28, Cat=30, Dan=69, pot=0)


def test_a_knocker_who_ties_wins_when_the_table_says_so_and_each_stayer_pays_two(table):
    t = table
    to_the_knock(t, knocker="Ann", drops=["Cat"], **{"knocker-tie": "knocker-wins"})
    t.book("drop-out-chip", knocker="Ann")  # Cat pays Ann a chip: Cat 38, Ann 40
    t.step("showdown")
    t.cards("Ann", "Kh Kd 9c 5s 2d")  # the knocker's kings ...
    t.cards("Bob", "Ks Kc 9d 5h 2c")  # ... tied by Bob's
    t.cards("Dan", "Qh Qd 3c 4s 6d")
    t.showdown(fires=["knocker-wins"], win=["Ann"])
    # The knocker wins the tie: Bob and Dan pay Ann 2 each, 39 - 2 = 37;
    # Ann 40 + 4 + the pot of 4 = 48. Cat 38. 48 + 37 + 38 + 37 = 160.
    t.expect(Ann=48, Bob=37, Cat=38, Dan=37, pot=0)


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
    settings = {
        "drop-out-chip-to": "pot",
        "bonus-payers": "stayers",
        "knocker-tie": "knocker-beaten",
    }
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


def test_four_of_a_kind_paid_by_stayers_only_and_a_tie_that_beats_the_knocker(table):
    t = table
    to_the_knock(t, knocker="Dan", drops=[], **{"bonus-payers": "stayers"})
    t.step("showdown")
    t.cards("Ann", "9h 9d 9c 9s 3d")  # four nines: the best hand
    t.cards("Bob", "Jh Jc 4d 5h 6s")
    t.cards("Cat", "Th 8h 6d 2c 3s")
    t.cards("Dan", "Jd Js 4c 5d 6h")  # the knocker's jacks
    t.showdown(fires=["knocker-beaten", "bonus-big-hand-stayers"], win=["Ann"])
    # Dan, beaten, pays 2 to each stayer, Ann, Bob and Cat: Dan 39 - 6 = 33, the others 41.
    # Ann's four nines: 4 from each other stayer: Bob 37, Cat 37, Dan 29, Ann 41 + 12 = 53;
    # and the pot of 4: Ann 57. 57 + 37 + 37 + 29 = 160.
    t.expect(Ann=57, Bob=37, Cat=37, Dan=29, pot=0)
