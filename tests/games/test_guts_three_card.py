"""Guts (three cards, the house wiki's): the pot rides from deal to deal until a call stands.

From the rule page: a new game antes the table's amount into an empty pot,
and nobody antes again while a pot rides (unless the table antes every
deal). Three cards each, no betting: from the dealer's left each player says
"guts" or passes, and once someone says guts everyone else may challenge.
Nobody says guts: the pot rides and the deal passes left. A guts-er nobody
challenges takes the whole pot, which ends the game. The guts-er beats every
challenger: each losing challenger pays the size of the pot won into the
next pot. A challenger beats the guts-er: the best challenger takes the pot
(or every challenger who beat the guts-er shares it, as the table chooses)
and the guts-er pays twice the pot (or the pot's size) into the next pot; the
other losing challengers match it too if the table says so. A tie with the
guts-er goes to the guts-er, or is shared with no penalty. A loser short of
a payment pays all they have, or owes the rest. Only high card, pair and
three of a kind count.

Options: the Gooch (a three-card hand for nobody dealt into the middle each
deal; an unchallenged guts-er must beat the line of them: losing to the
first wins nothing, to a later one half the pot, the odd chip staying in the
pot or going to the guts-er), Gooch-zilla (four-card gooches), the coward
tax (everyone passed: the hand that would have won pays a quarter into the
pot) and the coward tariff (everyone passed: each player pays a quarter,
into the pot or into a pile the game's winner takes).

Ann, Bob, Cat and Dan buy in 40 chips each (Dan 6 where he runs short) at
0.05 a chip, so a quarter is 5 chips; Dan deals first and the deal passes left.
The gooch scenarios seat Ann, Bob and Cat only, Cat dealing, so a one-chip
ante makes an odd pot of 3.
"""

from __future__ import annotations

GAME = "guts-three-card"
ANTE = {"the table's ante": 1}


def test_the_pot_rides_a_tariff_pile_waits_and_an_unchallenged_call_ends_it(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(
        GAME,
        dealer="Dan",
        options=["coward-tariff"],
        settings={"coward-tariff-to": "game-winner"},
        agreed=ANTE,
    )
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("words")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")  # everyone passes
    t.step("coward-tariff-pay")
    t.book("coward-tariff-aside")
    # A quarter (5) each into the pile beside the pot: 39 - 5 = 34; the pot stays 4.
    t.expect(Ann=34, Bob=34, Cat=34, Dan=34, pot=4)
    t.end_deal()
    t.expect(pot=0, riding=4)  # the pot of 4 rides; the pile of 20 waits aside

    # Deal 2 (Ann deals): the 4 ride in, nobody antes. Bob says guts; Cat and Dan challenge.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.expect(pot=4, riding=0)
    t.step("words")
    t.name("folded", "Ann")
    t.name("caller", "Bob")
    t.step("showdown")
    t.cards("Bob", "Ah Kd 9c")  # ace high
    t.cards("Cat", "Qh Qd 3c")  # queens: the best challenger
    t.cards("Dan", "Jh 8d 4c")  # jack high, also beaten by Bob: no match (the default)
    t.showdown(fires=["gutser-pays-twice"], win=["Cat"])
    # Bob pays twice the pot, 8, into the next pot: 34 - 8 = 26. Cat takes 4: 38.
    t.expect(Ann=34, Bob=26, Cat=38, Dan=34, pot=0, riding=8)

    # Deal 3 (Bob deals): Cat says guts, Dan challenges with the same hand.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.step("words")
    t.name("folded", "Ann", "Bob")
    t.name("caller", "Cat")
    t.step("showdown")
    t.cards("Cat", "9h 9d 4c")
    t.cards("Dan", "9s 9c 4d")  # a tie goes to the guts-er (the default)
    t.showdown(fires=["challengers-match"], win=["Cat"])
    # Dan matches the pot of 8: 34 - 8 = 26. Cat takes 8: 38 + 8 = 46. 8 ride.
    t.expect(Ann=34, Bob=26, Cat=46, Dan=26, pot=0, riding=8)

    # Deal 4 (Cat deals): Ann says guts and nobody challenges: the game is hers.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.step("words")
    t.name("folded", "Bob", "Cat", "Dan")
    t.book("tariffs-to-winner", winner="Ann")
    t.expect(Ann=54, pot=8)  # the pile of 20: 34 + 20
    t.fold_out("Ann")
    # And the pot of 8: 54 + 8 = 62. 62 + 26 + 46 + 26 = 160.
    t.expect(Ann=62, Bob=26, Cat=46, Dan=26, pot=0, riding=0)


def test_a_beaten_guts_er_pays_the_pot_a_short_loser_owes_and_a_tie_is_shared(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips={"Ann": 40, "Bob": 40, "Cat": 40, "Dan": 6})
    settings = {
        "gutser-penalty": "one-pot",
        "other-challengers": "yes",
        "tie-with-gutser": "share",
        "ante-when": "every-deal",
        "short-stack": "owe",
    }
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 2})
    t.book("ante-every-deal")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=4, pot=8)  # 2 each; 8 in the pot
    t.step("deal")
    t.step("words")
    t.name("folded", "Cat")
    t.name("caller", "Ann")  # Ann says guts; Bob and Dan challenge
    t.step("showdown")
    t.cards("Ann", "Ah Kd 9c")  # ace high
    t.cards("Bob", "Qh Qd 3c")  # queens beat Ann
    t.cards("Dan", "Jh 8d 4c")  # jack high: beaten
    t.showdown(fires=["gutser-pays-pot", "beaten-challengers-match"], win=["Bob"])
    # Bob takes the 8: 38 + 8 = 46. Ann pays the pot's size, 8: 38 - 8 = 30.
    # Dan owes a match of 8 but has 4: he pays 4 and owes 4. Riding: 8 + 4 + 4 owed = 16.
    t.expect(Ann=30, Bob=46, Cat=38, Dan=0, pot=0, riding=16)

    # Deal 2 (Ann deals), without Dan: the 16 ride in and each antes 2 more: 16 + 6 = 22.
    t.deal(players=("Ann", "Bob", "Cat"))
    t.book("ante-every-deal")
    t.expect(Ann=28, Bob=44, Cat=36, pot=22)
    t.step("deal")
    t.step("words")
    t.name("folded", "Ann")
    t.name("caller", "Bob")
    t.step("showdown")
    t.cards("Bob", "Th Td 6c")
    t.cards("Cat", "Ts Tc 6d")  # the same hand: shared, and nobody pays
    t.showdown(win=["Bob", "Cat"])
    # 22 shared: Bob 44 + 11 = 55, Cat 36 + 11 = 47. Nothing rides: the game is over.
    # 28 + 55 + 47 + 0 = 130: the 126 bought in and the 4 Dan owes the pot.
    t.expect(Ann=28, Bob=55, Cat=47, Dan=0, pot=0, riding=0)


def test_every_challenger_who_beat_the_guts_er_shares_the_pot(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings={"winning-challengers": "every-beater"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("words")
    t.name("folded")  # nobody passes
    t.name("caller", "Ann")  # Ann says guts; everyone else challenges
    t.step("showdown")
    t.cards("Ann", "Ah Kd 9c")  # ace high
    t.cards("Bob", "Qh Qd 3c")  # queens beat Ann
    t.cards("Cat", "5h 5d 2c")  # fives beat Ann too
    t.cards("Dan", "Jh 8d 4c")  # jack high: beaten, and pays nothing (the default)
    t.showdown(fires=["gutser-pays-twice"], win=["Bob", "Cat"])
    # Bob and Cat share the 4: 39 + 2 = 41 each. Ann pays twice the pot, 8: 31. 8 ride.
    t.expect(Ann=31, Bob=41, Cat=41, Dan=39, pot=0, riding=8)

    # Deal 2 (Ann deals): Dan says guts and nobody challenges: the 8 are his.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.step("words")
    t.name("folded", "Ann", "Bob", "Cat")
    t.fold_out("Dan")
    # 39 + 8 = 47. 31 + 41 + 41 + 47 = 160.
    t.expect(Ann=31, Bob=41, Cat=41, Dan=47, pot=0, riding=0)


def test_the_gooch_halves_an_odd_pot_the_odd_chip_staying_after_a_tariff_and_a_tax(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", options=["gooch", "coward-tax", "coward-tariff"], agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    t.step("deal")
    t.step("gooch-deal")
    t.step("words")
    t.name("folded", "Ann", "Bob", "Cat")  # everyone passes
    t.step("coward-tariff-pay")
    t.book("coward-tariff")
    t.expect(Ann=34, Bob=34, Cat=34, pot=18)  # a quarter, 5, each into the pot: 3 + 15
    t.step("coward-show")
    t.book("coward-tax-pay", best_hand="Bob")
    t.expect(Bob=29, pot=23)  # Bob's hand would have won: his tax, 5: 34 - 5; 18 + 5
    t.end_deal()
    t.expect(pot=0, riding=23)

    # Deal 2 (Ann deals): Bob says guts, nobody challenges; he beats the first
    # gooch and loses to the second.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.step("gooch-deal")
    t.step("words")
    t.name("folded", "Ann", "Cat")
    t.step("face-the-gooch")
    t.book("gooch-half", winner="Bob")
    # Half of 23 with the odd chip staying: 11 to Bob, 29 + 11 = 40; 12 left.
    t.expect(Bob=40, pot=12)
    t.name("folded", "Bob")
    t.end_deal()
    t.expect(pot=0, riding=12)

    # Deal 3 (Bob deals): Cat says guts, nobody challenges, and she beats every gooch.
    t.deal()
    t.step("gooch-deal")
    t.step("words")
    t.name("folded", "Ann", "Bob")
    t.step("face-the-gooch")
    t.name("folded")  # nobody lost to a gooch
    t.fold_out("Cat")
    # Cat takes the 12: 34 + 12 = 46. 34 + 40 + 46 = 120.
    t.expect(Ann=34, Bob=40, Cat=46, pot=0, riding=0)


def three_guts_ers_face_the_gooches(t, option: str, rounding: str, half: int) -> None:
    """Ann, Bob and Cat, Cat dealing, each go unchallenged in turn against a line of gooches
    (`option`'s): Ann loses to the first, Bob to the second, Cat beats all three. Bob takes
    `half` of the odd pot of 3 by `rounding`; the rest rides to Cat."""
    deal, face = {"gooch": ("gooch-deal", "face-the-gooch")}.get(
        option, ("zilla-deal", "face-the-zilla")
    )
    half_rule = {"gooch": "gooch-half", "gooch-zilla": "zilla-half"}[option]
    t.sit("Ann", "Bob", "Cat", chips=40)
    t.start(
        GAME, dealer="Cat", options=[option], settings={"gooch-rounding": rounding}, agreed=ANTE
    )
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    t.step("deal")
    t.step(deal)
    t.step("words")
    t.name("folded", "Bob", "Cat")  # Ann says guts and nobody challenges
    t.step(face)
    t.name("folded", "Ann")  # she loses to the first gooch: no money
    t.end_deal()
    t.expect(Ann=39, Bob=39, Cat=39, pot=0, riding=3)

    # Deal 2 (Ann deals): Bob goes unchallenged, beats the first gooch, loses to the second.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.step(deal)
    t.step("words")
    t.name("folded", "Ann", "Cat")
    t.step(face)
    t.book(half_rule + ("-up" if rounding == "gutser" else ""), winner="Bob")
    t.expect(Bob=39 + half, pot=3 - half)
    t.name("folded", "Bob")
    t.end_deal()
    t.expect(pot=0, riding=3 - half)

    # Deal 3 (Bob deals): Cat goes unchallenged and beats all three gooches.
    t.deal()
    t.step(deal)
    t.step("words")
    t.name("folded", "Ann", "Bob")
    t.step(face)
    t.name("folded")  # nobody lost to a gooch
    t.fold_out("Cat")
    t.expect(Ann=39, Bob=39 + half, Cat=39 + 3 - half, pot=0, riding=0)


def test_gooch_zilla_gives_the_odd_chip_to_the_guts_er(table):
    # Half of 3, the odd chip to Bob: 2, Bob 41; 1 rides to Cat, 40. 39 + 41 + 40 = 120.
    three_guts_ers_face_the_gooches(table, "gooch-zilla", "gutser", half=2)


def test_gooch_zilla_leaves_the_odd_chip_in_the_pot(table):
    # Half of 3, the odd chip staying: 1, Bob 40; 2 ride to Cat, 41. 39 + 40 + 41 = 120.
    three_guts_ers_face_the_gooches(table, "gooch-zilla", "stays", half=1)


def test_the_gooch_gives_the_odd_chip_to_the_guts_er(table):
    # Half of 3, the odd chip to Bob: 2, Bob 41; 1 rides to Cat, 40. 39 + 41 + 40 = 120.
    three_guts_ers_face_the_gooches(table, "gooch", "gutser", half=2)
