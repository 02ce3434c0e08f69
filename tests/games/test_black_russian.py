"""Black Russian: a three-trick game of in or out, the losers matching the pot, over many deals.

From the rule page: the first deal of a game is anted (the table's ante; or
every deal, by the setting). Three cards each, and the next card turned up
names trump. In or out at once, a coin in the fist to play (only a signal,
or paid into the pot, by the setting). One player in takes the pot without
playing and the game is over; nobody in leaves the pot for the next dealer
(everyone anteing again, by the setting). The players in play three tricks,
Euchre-style with no bowers: two or three tricks take the pot, one trick is
even, and a player in with no trick pays the pot's size into the next pot;
nobody with two tricks leaves the pot where it is, matches added. Two
players splitting the tricks two to one end the game with nothing matched.
Options: Sweep Calls the Game (three tricks take the pot and end the game,
nobody matching), Dirty Black Russian (a black trump: nobody may sit out),
Everyone Plays First Round (no fists on the first deal). There are no hands
to rank: the dealer books the tricks' settlement by hand.

Ann, Bob, Cat and Dan buy in 40 chips each; the ante is 1; Dan deals first
and the deal passes left.
"""

from __future__ import annotations

GAME = "black-russian"
ANTE = {"the table's ante": 1}


def to_the_fists(t, *extra: str) -> None:
    """From the deal: turn the trump, and any step an option puts before the fists."""
    t.step("trump")
    for step in extra:
        t.step(step)
    t.step("declare")


def test_the_first_deal_all_play_then_no_trick_matches_until_one_player_is_in(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", options=["everyone-first"], agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: no fists, everyone plays. The tricks go one each to Ann, Bob and Cat.
    t.step("deal")
    to_the_fists(t, "first-deal-all-in")
    t.name("folded")
    t.step("tricks")
    t.step("settle")
    t.settle(tick={"match": {"losers": "Dan"}, "no-winner-carry": {}})
    # Dan, in with no trick, matches the pot of 4: 35. Nobody took two: the 4 stay.
    # 4 + 4 = 8 ride. 39 * 3 + 35 + 8 = 160.
    t.expect(Ann=39, Bob=39, Cat=39, Dan=35, pot=0, riding=8)

    # Deal 2 (Ann deals): the 8 ride in, and no ante: the deal starts at dealing.
    t.deal()
    t.expect(pot=8, riding=0, step="deal")
    # Everyone sits out: the pot rides on.
    to_the_fists(t, "first-deal-all-in")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.end_deal()
    t.expect(Ann=39, Bob=39, Cat=39, Dan=35, pot=0, riding=8)

    # Deal 3 (Bob deals): Ann, Bob and Cat play. Ann takes two tricks, Bob one, Cat none.
    t.deal()
    t.expect(pot=8, step="deal")
    to_the_fists(t, "first-deal-all-in")
    t.name("folded", "Dan")
    t.step("tricks")
    t.step("settle")
    t.settle(win=["Ann"], tick={"match": {"losers": "Cat"}})
    # Cat matches 8: 31. Ann takes the 8: 47. Bob, one trick, is even. Cat's 8 ride.
    t.expect(Ann=47, Bob=39, Cat=31, Dan=35, pot=0, riding=8)

    # Deal 4 (Cat deals): only Bob is in: he takes the pot without playing; game over.
    t.deal()
    t.expect(pot=8, step="deal")
    to_the_fists(t, "first-deal-all-in")
    t.name("folded", "Ann", "Cat", "Dan")
    t.fold_out("Bob")
    # 39 + 8 = 47. 47 + 47 + 31 + 35 = 160.
    t.expect(Ann=47, Bob=47, Cat=31, Dan=35, pot=0, riding=0)


def test_antes_every_deal_paid_coins_a_dirty_trump_and_a_sweep_that_ends_it(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "ante-each-deal": "every-deal",
        "nobody-in": "redeal-ante",
        "declare-coin": "into-pot",
    }
    t.start(GAME, dealer="Dan", options=["sweep-ends", "dirty"], settings=settings, agreed=ANTE)
    t.book("ante-every-deal")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    # Deal 1: a red trump, so the fists open, and every one is empty: everyone antes again.
    to_the_fists(t, "dirty-check")
    t.name("folded", "Ann", "Bob", "Cat", "Dan")
    t.book("nobody-in-ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)  # 39 - 1 each; 4 + 4 = 8
    t.end_deal()
    t.expect(pot=0, riding=8)

    # Deal 2 (Ann deals): antes again: 37 each, pot 8 + 4 = 12.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=37, Bob=37, Cat=37, Dan=37, pot=12)
    t.step("deal")
    # A black trump: dirty, nobody may sit out, so no fists and no coins.
    to_the_fists(t, "dirty-check")
    t.name("folded")
    t.step("tricks")
    t.step("settle")
    # Bob takes two tricks and Ann one; Cat and Dan, none, match the pot of 12.
    t.settle(win=["Bob"], tick={"match": {"losers": ["Cat", "Dan"]}})
    # Cat and Dan 37 - 12 = 25; Bob 37 + 12 = 49; their 24 ride. 37 + 49 + 25 + 25 + 24 = 160.
    t.expect(Ann=37, Bob=49, Cat=25, Dan=25, pot=0, riding=24)

    # Deal 3 (Bob deals): antes: 36, 48, 24, 24; pot 24 + 4 = 28.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=36, Bob=48, Cat=24, Dan=24, pot=28)
    t.step("deal")
    # A red trump: Ann and Cat put a coin in, paid into the pot.
    to_the_fists(t, "dirty-check")
    t.name("folded", "Bob", "Dan")
    t.book("declare-chip", stayers=["Ann", "Cat"])
    t.expect(Ann=35, Cat=23, pot=30)  # 1 each from the two players in: 28 + 2
    t.step("tricks")
    t.step("settle")
    # Cat sweeps all three tricks: she takes the pot, Ann does not match, and the game ends.
    t.settle(win=["Cat"])
    # Cat 23 + 30 = 53. 35 + 48 + 53 + 24 = 160.
    t.expect(Ann=35, Bob=48, Cat=53, Dan=24, pot=0, riding=0)


def test_dirty_by_a_named_suit_or_a_named_rank(table):
    # Dirty Black Russian with the table naming a suit, then (a second game) a rank, as the
    # card that stops anyone sitting out: each check names only that card. Bob alone is in
    # on a clean card and takes the pot without playing, which ends the game.
    for choice, step in (("suit", "dirty-check-suit"), ("rank", "dirty-check-rank")):
        t = table.sit("Ann", "Bob", "Cat", chips=20) if choice == "suit" else table
        t.start(GAME, dealer="Cat", options=["dirty"], settings={"dirty-card": choice}, agreed=ANTE)
        t.book("ante")
        t.step("deal")
        to_the_fists(t, step)
        t.name("folded", "Ann", "Cat")
        t.fold_out("Bob")
    # Each game: antes 1 each, Bob takes the 3. Ann and Cat 20 - 2 = 18; Bob 20 + 2 + 2 = 24.
    t.expect(Ann=18, Bob=24, Cat=18, pot=0, riding=0)
