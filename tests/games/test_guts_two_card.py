"""Two-card Guts (the Other Crap list's): a chip in the fist, and the losers match the pot.

From the rule page: the first deal of a game is anted (the table's ante; or
every deal, by the setting); later deals play for the matches. Two cards
face down each, then everyone opens a closed fist at once, a chip in it to
stay (only a signal, or dropped in the pot, by the setting). Nobody staying
leaves the pot for the next dealer (everyone anteing again, by the
setting). A lone stayer takes the pot and the game is over. The stayers
show: a pair beats two unpaired cards, no straights or flushes; the best
hand takes the pot and every other stayer pays the pot's size into the next
one. Tied best hands share the pot, or, by the setting, nobody wins and
they match too.

Options: Beat the deck (a lone stayer must beat the next two cards off the
deck, or match the pot, which rides doubled); Limit match (no match above
the agreed limit); Auction Guts (a mystery hand dealt face down in the
middle, bid for and swapped, by the stayers after the fists or by everyone
before them; a bid into this pot or the next, by the setting).

Ann, Bob, Cat and Dan buy in 40 chips each; the ante is 1; Dan deals first
and the deal passes left.
"""

from __future__ import annotations

GAME = "guts-two-card"
ANTE = {"the table's ante": 1}
# Auction Guts's bids are said at each booking, but its rule asks the start for an agreed
# "winning bid" too (the Deal tab's start form fills in the night's ante): never paid.
BID = {"the winning bid": 1}


def test_matches_ride_until_one_player_stays_alone(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: every fist is empty: the pot rides (the default), nobody antes again.
    t.step("deal")
    t.step("declare")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.end_deal()
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=0, riding=4)

    # Deal 2 (Ann deals): the 4 ride in, no ante: the deal starts at dealing.
    t.deal()
    t.expect(pot=4, step="deal")
    t.step("declare")
    t.name("folded", "Dan")
    t.step("showdown")
    t.cards("Ann", "Ah Kd")
    t.cards("Bob", "4h 4d")  # a pair beats any two unpaired cards
    t.cards("Cat", "Jh 8c")
    t.showdown(fires=["match"], win=["Bob"])
    # Ann and Cat each match the 4: 35. Bob takes the 4: 43. Their 8 ride.
    # 35 + 43 + 35 + 39 + 8 = 160.
    t.expect(Ann=35, Bob=43, Cat=35, Dan=39, pot=0, riding=8)

    # Deal 3 (Bob deals): Ann and Cat tie at king-nine; Bob stays with king-five.
    t.deal()
    t.step("declare")
    t.name("folded", "Dan")
    t.step("showdown")
    t.cards("Ann", "Kh 9d")
    t.cards("Bob", "Kd 5c")
    t.cards("Cat", "Kc 9s")
    t.showdown(fires=["match"], win=["Ann", "Cat"])
    # They share the 8 (the default): 39 each. Bob, the other stayer, matches 8: 35.
    # His 8 ride. 39 + 35 + 39 + 39 + 8 = 160.
    t.expect(Ann=39, Bob=35, Cat=39, Dan=39, pot=0, riding=8)

    # Deal 4 (Cat deals): only Bob stays: he takes the pot, and the game is over.
    t.deal()
    t.step("declare")
    t.name("folded", "Ann", "Cat", "Dan")
    t.fold_out("Bob")
    # 35 + 8 = 43. 39 + 43 + 39 + 39 = 160.
    t.expect(Ann=39, Bob=43, Cat=39, Dan=39, pot=0, riding=0)


def test_antes_every_deal_paid_chips_a_tie_nobody_wins_and_bids_before_the_fists(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "ante-each-deal": "every-deal",
        "nobody-stays": "redeal-ante",
        "tie-best": "no-winner",
        "declare-coin": "into-pot",
        "auction-bids": "next-pot",
        "auction-bidders": "everyone",
    }
    t.start(GAME, dealer="Dan", options=["auction"], settings=settings, agreed=ANTE | BID)
    t.book("ante-every-deal")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: two each and the mystery hand; nobody bids for it, and every fist is empty.
    t.step("deal")
    t.step("mystery-deal")
    t.step("auction-before")
    t.step("declare")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.book("nobody-stays-ante")  # everyone antes again for the redeal
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 39 - 1 each; 4 + 4
    t.end_deal()
    t.expect(pot=0, riding=8)

    # Deal 2 (Ann deals): antes: 37 each; pot 8 + 4 = 12.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=37, Bob=37, Cat=37, Dan=37, pot=12)
    t.step("deal")
    t.step("mystery-deal")
    t.step("auction-before")
    # Before the fists, Ann bids 2 for the mystery hand: into the next pot, so this
    # pot stays 12. Ann 35.
    t.book("auction-bid-next-pot", actor="Ann", bet=2)
    t.expect(Ann=35, Bob=37, Cat=37, Dan=37, pot=12)
    t.step("declare")
    t.name("folded", "Dan")
    t.book("declare-chip", stayers=["Ann", "Bob", "Cat"])
    t.expect(Ann=34, Bob=36, Cat=36, pot=15)  # a chip each from the three stayers: 12 + 3
    t.step("showdown")
    t.cards("Ann", "Ah Kd")  # the mystery hand she bought
    t.cards("Bob", "Ac Kh")  # the same ranks: a tie
    t.cards("Cat", "Qh Jd")
    t.showdown(fires=["match", "tie-carry"], win=[])
    # Nobody wins (the setting): the 15 wait, and all three stayers match 15:
    # Ann 19, Bob 21, Cat 21. 15 + 45 + Ann's bid of 2 = 62 ride.
    # 19 + 21 + 21 + 37 + 62 = 160.
    t.expect(Ann=19, Bob=21, Cat=21, Dan=37, pot=0, riding=62)

    # Deal 3 (Bob deals): antes: 18, 20, 20, 36; pot 62 + 4 = 66.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=18, Bob=20, Cat=20, Dan=36, pot=66)
    t.step("deal")
    t.step("mystery-deal")
    t.step("auction-before")
    t.step("declare")
    # Only Dan stays: he takes the pot, and the game is over (his paid chip would go
    # in and straight back: the Deal tab offers no booking for it).
    t.name("folded", "Ann", "Bob", "Cat")
    t.fold_out("Dan")
    # 36 + 66 = 102. 18 + 20 + 20 + 102 = 160.
    t.expect(Ann=18, Bob=20, Cat=20, Dan=102, pot=0, riding=0)


def test_a_lone_stayer_must_beat_the_deck_and_matches_are_capped(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    options = ["beat-the-deck", "limit-match"]
    t.start(GAME, dealer="Dan", options=options, agreed=ANTE | {"the match limit": 5})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: only Ann stays: before she takes the pot she faces the deck's two cards.
    t.step("deal")
    t.step("declare")
    t.name("folded", "Bob", "Cat", "Dan")
    t.step("deck-hand")
    # The deck's two cards beat her: she matches the pot of 4 (35), and it rides doubled.
    t.book("deck-match", stayers="Ann")
    t.name("folded", "Ann")
    t.end_deal()
    t.expect(Ann=35, Bob=39, Cat=39, Dan=39, pot=0, riding=8)

    # Deal 2 (Ann deals): the 8 ride in, no ante. Ann, Bob and Cat stay: no deck to beat.
    t.deal()
    t.expect(pot=8, step="deal")
    t.step("declare")
    t.name("folded", "Dan")
    t.step("showdown")
    t.cards("Ann", "Ah Qd")
    t.cards("Bob", "9h 9d")
    t.cards("Cat", "Kh Jc")
    t.showdown(fires=["capped-match"], win=["Bob"])
    # Ann and Cat would match 8, but the limit is 5: Ann 30, Cat 34. Bob takes 8: 47.
    # Their 10 ride. 30 + 47 + 34 + 39 + 10 = 160.
    t.expect(Ann=30, Bob=47, Cat=34, Dan=39, pot=0, riding=10)

    # Deal 3 (Bob deals): only Cat stays, and the deck's two cards do not beat her.
    t.deal()
    t.step("declare")
    t.name("folded", "Ann", "Bob", "Dan")
    t.step("deck-hand")
    t.name("folded")
    t.fold_out("Cat")
    # 34 + 10 = 44. 30 + 47 + 44 + 39 = 160.
    t.expect(Ann=30, Bob=47, Cat=44, Dan=39, pot=0, riding=0)


def test_the_stayers_bid_for_the_mystery_hand_into_the_pot(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", options=["auction"], agreed=ANTE | BID)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: two each and the mystery hand in the middle; Ann and Bob stay.
    t.step("deal")
    t.step("mystery-deal")
    t.step("declare")
    t.name("folded", "Cat", "Dan")
    t.step("auction")
    # Only stayers bid (the default), after the fists: Ann bids 2 for the mystery hand,
    # into this pot (the default): Ann 37, pot 6.
    t.book("auction-bid", actor="Ann", bet=2)
    t.expect(Ann=37, Bob=39, Cat=39, Dan=39, pot=6)
    t.step("showdown")
    t.cards("Ann", "Qh Qd")  # the mystery hand she bought
    t.cards("Bob", "Kh 9d")
    t.showdown(fires=["match"], win=["Ann"])
    # Bob matches the 6: 33. Ann takes the 6: 43. Bob's 6 ride. 43 + 33 + 39 + 39 + 6 = 160.
    t.expect(Ann=43, Bob=33, Cat=39, Dan=39, pot=0, riding=6)

    # Deal 2 (Ann deals): only Bob stays: he takes the pot, and the game is over.
    t.deal()
    t.expect(pot=6, step="deal")
    t.step("mystery-deal")
    t.step("declare")
    t.name("folded", "Ann", "Cat", "Dan")
    t.fold_out("Bob")
    # 33 + 6 = 39. 43 + 39 + 39 + 39 = 160.
    t.expect(Ann=43, Bob=39, Cat=39, Dan=39, pot=0, riding=0)


def test_a_lone_stayer_faces_the_deck_when_the_stayers_may_bid_too(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", options=["beat-the-deck", "auction"], agreed=ANTE | BID)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("mystery-deal")
    t.step("declare")
    # Only Ann stays: nobody is left to bid against, and she must still beat the deck's
    # two cards: Next passes the stayers' auction by.
    t.name("folded", "Bob", "Cat", "Dan")
    t.step("deck-hand")
    # They beat her: she matches the 4 (35), and the pot rides doubled.
    t.book("deck-match", stayers="Ann")
    t.name("folded", "Ann")
    t.end_deal()
    t.expect(Ann=35, Bob=39, Cat=39, Dan=39, pot=0, riding=8)
