"""Contact Hold'em: each hand plays with its neighbours' face-up cards.

From the rule page: the pot starts with an ante from everyone (the default)
or with blinds; two cards down, a betting round (after the big blind with
blinds, else from the dealer's left), an up card each, a round, a second up
card, a last round. A player's pool is their own four cards and the up cards
of the player on each side; the best five of it wins. With Fold blood, a
folded player's up cards are dead and the neighbours are the nearest players
still in. With Face-up trading, players may swap up cards after each up card
is dealt (no chips move).

Ann, Bob, Cat and Dan sit in that order and buy in 40 chips each; Dan deals.
"""

from __future__ import annotations

GAME = "contact-holdem"


def test_each_pool_takes_the_neighbours_up_cards_and_trips_win(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    for who in ("Bob", "Cat", "Dan"):
        t.act(who, "call")
    # Everyone 39 - 2 = 37; the pot 4 + 8 = 12.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=37, pot=12)
    for deal, bet in (("deal-2", "bet-2"), ("deal-3", "bet-3")):
        t.step(deal)
        t.step(bet)
        t.open()
        for who in ("Ann", "Bob", "Cat", "Dan"):
            t.act(who, "check")
    t.step("showdown")
    t.cards("Ann", "Ah Ad 7c 2s", up="7c 2s")
    t.cards("Bob", "Kh Kd Ks 3d", up="Ks 3d")
    t.cards("Cat", "9h 8h 4c 5d", up="4c 5d")
    t.cards("Dan", "Qc Jc 6h Th", up="6h Th")
    # Ann's pool: her four, Dan's 6h Th and Bob's Ks 3d: a pair of aces.
    # Bob's: Kh Kd Ks 3d, Ann's 7c 2s and Cat's 4c 5d: three kings (2 3 4 5 7 is no straight).
    # Cat's: 9h 8h 4c 5d, Bob's Ks 3d, Dan's 6h Th: king high. Dan's: queen high.
    t.showdown(win=["Bob"])
    # Bob takes the pot of 12: 37 + 12 = 49. 37 + 49 + 37 + 37 = 160.
    t.expect(Ann=37, Bob=49, Cat=37, Dan=37, pot=0)


def test_blinds_with_fold_blood_and_trading_skip_the_folded_neighbour(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    blinds = {"the small blind": 1, "the big blind": 2}
    options = ["fold-blood", "face-up-trading"]
    t.start(GAME, dealer="Dan", options=options, settings={"pot-seed": "blinds"}, agreed=blinds)
    t.book("small-blind")  # Ann, on the dealer's left
    t.book("big-blind")  # Bob
    t.expect(Ann=39, Bob=38, Cat=40, Dan=40, pot=3)  # 1 + 2 in the pot as bets
    t.step("deal-1")
    t.step("bet-1-blinds")
    t.open()
    t.act("Cat", "call")  # after the big blind: 2
    t.act("Dan", "fold")
    t.act("Ann", "call")  # 1 more
    t.act("Bob", "check")
    # Ann, Bob and Cat 40 - 2 = 38; the pot 6.
    t.expect(Ann=38, Bob=38, Cat=38, Dan=40, pot=6)
    t.step("deal-2")
    t.step("trade-1")
    t.step("bet-2")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.step("deal-3")
    t.step("trade-2")
    t.step("bet-3")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.step("showdown")
    t.cards("Ann", "Ah Ad 7c 2s", up="7c 2s")
    t.cards("Bob", "Kh Kd Ks 3d", up="Ks 3d")
    t.cards("Cat", "9h 8h 4c 5d", up="4c 5d")
    # Dan folded before any up card, so with Fold blood Ann's neighbours are Bob and Cat:
    # her pool Ah Ad 7c 2s, Ks 3d, 4c 5d holds A 2 3 4 5, a straight, which beats Bob's
    # three kings (his pool: Kh Kd Ks 3d, 7c 2s, 4c 5d).
    t.showdown(win=["Ann"])
    # Ann takes the pot of 6: 38 + 6 = 44. 44 + 38 + 38 + 40 = 160.
    t.expect(Ann=44, Bob=38, Cat=38, Dan=40, pot=0)


def test_trading_any_number_of_up_cards(table):
    # Face-up trading with the table's choice of no limit on swaps; a bet nobody calls.
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(
        GAME,
        dealer="Cat",
        options=["face-up-trading"],
        settings={"trade-limit": "any"},
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal-1")
    t.step("bet-1")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")
    t.step("deal-2")
    t.step("trade-1-any")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    t.expect(Ann=42, Bob=39, Cat=39, pot=0)  # antes 39 each; Ann's 2 back and the 3 antes
