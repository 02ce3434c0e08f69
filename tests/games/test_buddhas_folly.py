"""Buddha's Folly: five cards down, a face-up card goes round, then in or out, Guts style.

From the rule page: everyone antes the table's ante every deal, a redeal
after everyone dropped too (or, by the setting, that redeal is not anted).
Five cards face down each; one card turned off the deck travels left round
the table, each player taking it (and throwing one of theirs face up in its
place) or letting it by, until a card goes all the way round unwanted. Then
everyone says in or out (a chip in the fist only a signal, or paid into the
pot, by the setting). Nobody in: the pot stays for the redeal. One player
in takes the pot without a contest. The players in show: the best five-card
hand takes the pot and every other player in pays the pot's size into the
next one; the game runs until a deal leaves nobody to match. Tied best
hands share the pot and match nothing, or, by the setting, nobody wins and
every player in matches, the tied too. A loser short of the match pays what
they have, or, by the setting, owes the rest on a marker. With the all-drop
penalty, when everyone drops, the best hand pays every player's ante into
the next pot, and nobody else antes then.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals first and the deal
passes left.
"""

from __future__ import annotations

GAME = "buddhas-folly"


def to_the_fists(t) -> None:
    """Deal five down and pass the card round until it comes back unwanted."""
    t.step("deal")
    t.step("circulate")
    t.step("declare")


def test_losers_match_until_a_tie_leaves_nobody_to_match(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: everyone is out: the pot rides to the redeal.
    to_the_fists(t)
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.end_deal()
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=0, riding=4)

    # Deal 2 (Ann deals): the redeal is anted too (the default): 38 each, pot 4 + 4 = 8.
    t.deal()
    t.book("ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)
    to_the_fists(t)
    t.name("folded", "Dan")
    t.step("showdown")
    t.cards("Ann", "Kh Kd 8c 8s 3d")  # two pair
    t.cards("Bob", "9h 9d 9c 4s 2d")  # three nines
    t.cards("Cat", "Qh Qd 7c 5s 2c")  # a pair
    t.showdown(fires=["match"], win=["Bob"])
    # Ann and Cat match the 8: 30 each. Bob takes the 8: 46. 16 ride.
    # 30 + 46 + 30 + 38 + 16 = 160.
    t.expect(Ann=30, Bob=46, Cat=30, Dan=38, pot=0, riding=16)

    # Deal 3 (Bob deals): antes: 29, 45, 29, 37; pot 16 + 4 = 20.
    t.deal()
    t.book("ante")
    t.expect(Ann=29, Bob=45, Cat=29, Dan=37, pot=20)
    to_the_fists(t)
    t.name("folded", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Ah Kh Qd Jc 9s")
    t.cards("Dan", "Ad Kc Qh Js 9d")  # the same ranks: a tie
    t.showdown(fires=[], win=["Ann", "Dan"])
    # They share the 20 and neither matches (the default): Ann 39, Dan 47. Nobody
    # matched, so nothing rides and the game is over. 39 + 45 + 29 + 47 = 160.
    t.expect(Ann=39, Bob=45, Cat=29, Dan=47, pot=0, riding=0)


def test_the_all_drop_penalty_paid_chips_a_tie_nobody_wins_and_a_short_loser_owes(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "nobody-in": "redeal-no-ante",
        "tie-best": "carry-pot",
        "declaration-chip": "paid",
        "cannot-pay": "owe",
    }
    t.start(
        GAME,
        dealer="Dan",
        options=["all-drop-penalty"],
        settings=settings,
        agreed={"the table's ante": 2},
    )
    t.book("ante-skip-redeal")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 40 - 2 each; 8 antes
    # Deal 1: everyone drops, so all hands are shown: Cat's is best.
    to_the_fists(t)
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.step("all-drop")
    t.book("all-drop-fee", best_hand="Cat")
    # Cat puts up every player's ante for the next deal: 4 x 2 = 8, into the next pot.
    t.expect(Ann=38, Bob=38, Cat=30, Dan=38, pot=8)
    t.end_deal()
    t.expect(pot=0, riding=16)  # the pot of 8 and Cat's 8

    # Deal 2 (Ann deals): a redeal after everyone dropped: nobody antes. Pot 16.
    t.deal()
    t.expect(pot=16)
    to_the_fists(t)
    t.name("folded", "Cat", "Dan")
    t.book("declare-chip", stayers=["Ann", "Bob"])
    t.expect(Ann=37, Bob=37, pot=18)  # a chip each from Ann and Bob: 16 + 2
    t.step("showdown")
    t.cards("Ann", "Ah Kh Qd Jc 9s")
    t.cards("Bob", "Ad Kc Qh Js 9d")  # the same ranks: a tie
    t.showdown(fires=["match", "tie-carry"], win=[])
    # Nobody wins (the setting): the 18 wait, and both match 18: 37 - 18 = 19.
    # 18 + 18 + 18 = 54 ride. 19 + 19 + 30 + 38 + 54 = 160.
    t.expect(Ann=19, Bob=19, Cat=30, Dan=38, pot=0, riding=54)

    # Deal 3 (Bob deals): antes 2: 17, 17, 28, 36; pot 54 + 8 = 62.
    t.deal()
    t.book("ante-skip-redeal")
    t.expect(Ann=17, Bob=17, Cat=28, Dan=36, pot=62)
    to_the_fists(t)
    t.name("folded", "Ann", "Bob")
    t.book("declare-chip", stayers=["Cat", "Dan"])
    t.expect(Cat=27, Dan=35, pot=64)  # 62 + 2
    t.step("showdown")
    t.cards("Cat", "Qh Qd 7c 5s 2c")  # a pair of queens
    t.cards("Dan", "9h 9d 9c 4s 2d")  # three nines
    t.showdown(fires=["match"], win=["Dan"])
    # Dan takes the 64: 35 + 64 = 99. Cat must match 64 but has 27: she pays the 27
    # and owes the other 37 on a marker, so the next pot is 64 all the same.
    # 17 + 17 + 0 + 99 + 64 = 197, less Cat's 37 owed = 160.
    t.expect(Ann=17, Bob=17, Cat=0, Dan=99, pot=0, riding=64)

    # Deal 4 (Cat's deal passes to Dan; Cat, with no chips, sits out): antes 2 from
    # Ann, Bob and Dan: 15, 15, 97; pot 64 + 6 = 70.
    t.deal(dealer="Dan", players=("Ann", "Bob", "Dan"))
    t.book("ante-skip-redeal")
    t.expect(Ann=15, Bob=15, Dan=97, pot=70)
    to_the_fists(t)
    # Only Ann is in: she takes the pot without a contest, and the game is over (her
    # paid chip would go in and straight back: the Deal tab offers no booking for it).
    t.name("folded", "Bob", "Dan")
    t.fold_out("Ann")
    # 15 + 70 = 85. 85 + 15 + 0 + 97 = 197, less Cat's 37 owed = 160.
    t.expect(Ann=85, Bob=15, Cat=0, Dan=97, pot=0, riding=0)


def test_players_say_in_or_out_in_turn_and_the_one_player_in_takes_the_pot(table):
    # The table's choice that players declare one at a time from the dealer's left (the
    # all-drop penalty needs declaring together, so it is not offered).
    t = table.sit("Ann", "Bob", "Cat", chips=20)
    t.start(
        GAME, dealer="Cat", settings={"declare-style": "in-turn"}, agreed={"the table's ante": 1}
    )
    t.book("ante")
    t.expect(Ann=19, Bob=19, Cat=19, pot=3)  # 20 - 1 each
    to_the_fists(t)
    t.name("folded", "Ann", "Cat")
    t.fold_out("Bob")
    t.expect(Ann=19, Bob=22, Cat=19, pot=0, riding=0)  # Bob alone in takes the 3: 22
