"""Gruts: house Guts with its own words, and a quarter's fine for every slip, played whole.

From the rule page: played as Guts. A new game antes the table's amount into
an empty pot, and nobody antes again while a pot rides (unless the table
antes every deal). Three cards each, no betting: from the dealer's left each
player says "gruts" or passes, and once someone says gruts everyone else may
say "chawawenge". Nobody says gruts: the pot rides and the deal passes left.
A gruts-er nobody chawawenges takes the whole pot, which ends the game. The
gruts-er beats every chawawenger: each loser pays the size of the pot won
into the next pot. A chawawenger beats the gruts-er: the best chawawenger
takes the pot (or every one who beat the gruts-er shares it, as the table
chooses) and the gruts-er pays twice the pot (or the pot's size) into the
next pot; the other losing chawawengers match it too if the table says so. A
tie with the gruts-er goes to the gruts-er, or is shared with no penalty. A
loser short of a payment pays all they have, or owes the rest. Only high
card, pair and three of a kind count.

Saying "guts" or "challenge" as your move costs a quarter into a fines pile
beside the pot, which never counts toward a match or penalty; once the hand
is settled the pile joins the next pot. When the game ends with fines in the
pile, they seed the next game, or go to the player who ended it, as the table
chooses.

Options, as in Guts: the Gooch (a three-card hand for nobody dealt into the
middle each deal; an unchallenged gruts-er must beat the line of them: losing
to the first wins nothing, to a later one half the pot, the odd chip staying
in the pot or going to the gruts-er), Gooch-zilla (four-card gooches), the
coward tax (everyone passed: the hand that would have won pays a quarter into
the pot) and the coward tariff (everyone passed: each pays a quarter into the
pot).

Ann, Bob, Cat and Dan buy in 40 chips each (Dan 8 where he runs short) at
0.05 a chip, so a quarter is 5 chips; Dan deals first and the deal passes left.
The gooch scenarios seat Ann, Bob and Cat only, Cat dealing, so a one-chip
ante makes an odd pot of 3.
"""

from __future__ import annotations

GAME = "gruts"
ANTE = {"the table's ante": 1}


def test_fines_join_the_next_pot_and_the_game_s_winner_takes_the_last_pile(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings={"fines-at-end": "winner"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("words")
    t.book("fine", actor="Bob")  # Bob falls for "guts or pass?"
    t.expect(Bob=34, pot=4)  # a quarter, 5, into the fines pile, not the pot: 39 - 5
    t.name("folded", "Ann", "Bob", "Cat", "Dan")  # everyone passes
    t.book("fines-join")
    t.end_deal()
    t.expect(pot=0, riding=9)  # the pot of 4 and the pile's 5 ride

    # Deal 2 (Ann deals): Bob says gruts; Cat says "challenge" for "chawawenge" and
    # Dan chawawenges; Ann passes.
    t.deal()  # the pot rides in: no ante, the deal starts on "deal"
    t.expect(pot=9, riding=0)
    t.step("words")
    t.book("fine", actor="Cat")
    t.expect(Cat=34, pot=9)  # 39 - 5; the pile 5
    t.name("folded", "Ann")
    t.name("caller", "Bob")
    t.step("showdown")
    t.cards("Bob", "Ah Kd 9c")  # ace high
    t.cards("Cat", "Qh Qd 3c")  # queens: the best chawawenger
    t.cards("Dan", "Jh 8d 4c")  # jack high, also beaten by Bob: no match (the default)
    t.showdown(fires=["gutser-pays-twice", "fines-join"], win=["Cat"])
    # Bob pays twice the pot of 9 (the pile left out), 18: 34 - 18 = 16. Cat takes 9:
    # 34 + 9 = 43. Riding: Bob's 18 and the pile's 5 = 23.
    t.expect(Ann=39, Bob=16, Cat=43, Dan=39, pot=0, riding=23)

    # Deal 3 (Bob deals): Cat says gruts, Dan chawawenges with the same hand.
    t.deal()
    t.step("words")
    t.name("folded", "Ann", "Bob")
    t.name("caller", "Cat")
    t.step("showdown")
    t.cards("Cat", "9h 9d 4c")
    t.cards("Dan", "9s 9c 4d")  # a tie goes to the gruts-er (the default)
    t.showdown(fires=["challengers-match"], win=["Cat"])  # no fines: no pile to carry
    # Dan matches the pot of 23: 39 - 23 = 16. Cat takes 23: 43 + 23 = 66. 23 ride.
    t.expect(Ann=39, Bob=16, Cat=66, Dan=16, pot=0, riding=23)

    # Deal 4 (Cat deals): Ann is fined, says gruts, and nobody chawawenges: the game is hers.
    t.deal()
    t.step("words")
    t.book("fine", actor="Ann")
    t.expect(Ann=34)  # 39 - 5; the pile 5
    t.name("folded", "Bob", "Cat", "Dan")
    t.book("fines-to-winner", winner="Ann")
    t.expect(Ann=39, pot=23)  # the pile back to the game's winner: 34 + 5
    t.fold_out("Ann")
    # And the pot of 23: 39 + 23 = 62. 62 + 16 + 66 + 16 = 160.
    t.expect(Ann=62, Bob=16, Cat=66, Dan=16, pot=0, riding=0)


def test_a_beaten_gruts_er_pays_the_pot_a_short_loser_owes_and_a_tie_is_shared(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips={"Ann": 40, "Bob": 40, "Cat": 40, "Dan": 8})
    settings = {
        "gutser-penalty": "one-pot",
        "other-challengers": "yes",
        "tie-with-gutser": "share",
        "ante-when": "every-deal",
        "short-stack": "owe",
    }
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 3})
    t.book("ante-every-deal")
    t.expect(Ann=37, Bob=37, Cat=37, Dan=5, pot=12)  # 3 each; 12 in the pot
    t.step("deal")
    t.step("words")
    t.book("fine", actor="Ann")  # Ann says "guts"
    t.expect(Ann=32, pot=12)  # 37 - 5 into the pile
    t.name("folded", "Cat")
    t.name("caller", "Ann")  # Bob and Dan chawawenge
    t.step("showdown")
    t.cards("Ann", "Ah Kd 9c")  # ace high
    t.cards("Bob", "Qh Qd 3c")  # queens beat Ann
    t.cards("Dan", "Jh 8d 4c")  # jack high: beaten
    t.showdown(fires=["gutser-pays-pot", "beaten-challengers-match", "fines-join"], win=["Bob"])
    # Bob takes the 12: 37 + 12 = 49. Ann pays the pot's size, 12: 32 - 12 = 20.
    # Dan owes a match of 12 but has 5: he pays 5 and owes 7.
    # Riding: 12 + 5 + the 7 owed + the pile's 5 = 29.
    t.expect(Ann=20, Bob=49, Cat=37, Dan=0, pot=0, riding=29)

    # Deal 2 (Ann deals), without Dan: the 29 ride in and each antes 3 more: 29 + 9 = 38.
    t.deal(players=("Ann", "Bob", "Cat"))
    t.book("ante-every-deal")
    t.expect(Ann=17, Bob=46, Cat=34, pot=38)
    t.step("deal")
    t.step("words")
    t.name("folded", "Ann")
    t.name("caller", "Bob")
    t.step("showdown")
    t.cards("Bob", "Th Td 6c")
    t.cards("Cat", "Ts Tc 6d")  # the same hand: shared, and nobody pays
    t.showdown(win=["Bob", "Cat"])
    # 38 shared: Bob 46 + 19 = 65, Cat 34 + 19 = 53. Nothing rides: the game is over.
    # 17 + 65 + 53 + 0 = 135: the 128 bought in and the 7 Dan owes the pot.
    t.expect(Ann=17, Bob=65, Cat=53, Dan=0, pot=0, riding=0)


def test_every_chawawenger_who_beat_the_gruts_er_shares_the_pot(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings={"winning-chawawengers": "every-beater"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("words")
    t.name("folded")  # nobody passes
    t.name("caller", "Ann")  # Ann says gruts; everyone else chawawenges
    t.step("showdown")
    t.cards("Ann", "Ah Kd 9c")  # ace high
    t.cards("Bob", "Qh Qd 3c")  # queens beat Ann
    t.cards("Cat", "5h 5d 2c")  # fives beat Ann too
    t.cards("Dan", "Jh 8d 4c")  # jack high: beaten, and pays nothing (the default)
    t.showdown(fires=["gutser-pays-twice"], win=["Bob", "Cat"])
    # Bob and Cat share the 4: 39 + 2 = 41 each. Ann pays twice the pot, 8: 31. 8 ride.
    t.expect(Ann=31, Bob=41, Cat=41, Dan=39, pot=0, riding=8)

    # Deal 2 (Ann deals): Dan says gruts and nobody chawawenges: the 8 are his.
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

    # Deal 2 (Ann deals): Bob says gruts, nobody chawawenges; he beats the first
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

    # Deal 3 (Bob deals): Cat says gruts, nobody chawawenges, and she beats every gooch.
    t.deal()
    t.step("gooch-deal")
    t.step("words")
    t.name("folded", "Ann", "Bob")
    t.step("face-the-gooch")
    t.name("folded")  # nobody lost to a gooch
    t.fold_out("Cat")
    # Cat takes the 12: 34 + 12 = 46. 34 + 40 + 46 = 120.
    t.expect(Ann=34, Bob=40, Cat=46, pot=0, riding=0)


def three_gruts_ers_face_the_gooches(t, option: str, rounding: str, half: int) -> None:
    """Ann, Bob and Cat, Cat dealing, each go unchallenged in turn against a line of gooches
    (`option`'s): Ann loses to the first, Bob to the second, Cat beats all three. Bob takes
    `half` of the odd pot of 3 by `rounding`; the rest rides to Cat. Ann is fined in the
    last deal, and the pile is left for the next game (the default)."""
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
    t.name("folded", "Bob", "Cat")  # Ann says gruts and nobody chawawenges
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

    # Deal 3 (Bob deals): Ann is fined for saying "guts"; Cat goes unchallenged and
    # beats all three gooches.
    t.deal()
    t.step(deal)
    t.step("words")
    t.book("fine", actor="Ann")
    t.name("folded", "Ann", "Bob")
    t.step(face)
    t.name("folded")  # nobody lost to a gooch
    t.fold_out("Cat")
    # Ann 39 - 5 = 34; her 5 wait in the pile for the next game.
    t.expect(Ann=34, Bob=39 + half, Cat=39 + 3 - half, pot=0, riding=0)


def test_gooch_zilla_gives_the_odd_chip_to_the_gruts_er(table):
    # Half of 3, the odd chip to Bob: 2, Bob 41; 1 rides to Cat, 40.
    # 34 + 41 + 40 = 115, and 5 in the pile = 120.
    three_gruts_ers_face_the_gooches(table, "gooch-zilla", "gutser", half=2)


def test_gooch_zilla_leaves_the_odd_chip_in_the_pot(table):
    # Half of 3, the odd chip staying: 1, Bob 40; 2 ride to Cat, 41.
    # 34 + 40 + 41 = 115, and 5 in the pile = 120.
    three_gruts_ers_face_the_gooches(table, "gooch-zilla", "stays", half=1)


def test_the_gooch_gives_the_odd_chip_to_the_gruts_er(table):
    # Half of 3, the odd chip to Bob: 2, Bob 41; 1 rides to Cat, 40.
    # 34 + 41 + 40 = 115, and 5 in the pile = 120.
    three_gruts_ers_face_the_gooches(table, "gooch", "gutser", half=2)
