"""Screw Your Neighbor: games of lives, played round by round until one player has a stack.

From the rule page: on the first deal the dealer names a stack size (here
the agreed 5 chips) and each player sets out three such stacks as three
lives; no chips move yet. Each round, one card to each player still holding
a stack (kings high, shown at once; aces low); in turn each keeps the card or
swaps with the player on the left, the last may swap with the deck. The
lowest card puts one stack into the pot, which rides from round to round: a
tie for lowest makes each tied player pay (or, as the table says, nobody
pays and the round is dealt again). A player with no stack left is out; the
last player with a stack takes the pot. A game the host ends early gives
the pot back to those who put it in.

Ann, Bob and Cat buy in 40 chips each; Cat deals first and the deal moves
left, past a player who is out.
"""

from __future__ import annotations

GAME = "screw-your-neighbor"
STACK = {"one stack": 5}


def round_of(t, first: bool = False, **cards: str) -> None:
    """One round to its showdown, each player's card from their phone."""
    if first:
        t.step("deal")
    t.step("trade")
    t.step("showdown")
    for name, card in cards.items():
        t.cards(name, card)


def test_each_player_tied_for_lowest_pays_a_stack(table):
    t = table
    t.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", agreed=STACK)
    t.expect(Ann=40, Bob=40, Cat=40, pot=0)  # the stacks are set out: no chips move
    # Round 1, Cat deals. Ann and Bob tie with fours: each pays a stack.
    round_of(t, first=True, Ann="4d", Bob="4s", Cat="9c")
    t.showdown(fires=["lose-stack"], tick={"carry-over": {}})
    # Ann 40 - 5 = 35, Bob 35; their 10 ride to the next round. Two lives each left.
    t.expect(Ann=35, Bob=35, Cat=40, pot=0, riding=10)

    # Round 2, Ann deals. Ann's ace is low: she alone pays. Ann 30, one life left; 15 ride.
    t.deal()
    round_of(t, Ann="Ah", Bob="3c", Cat="7d")
    t.showdown(fires=["lose-stack"])
    t.expect(Ann=30, Bob=35, Cat=40, pot=0, riding=15)

    # Round 3, Bob deals. Ann and Bob tie with sixes: Ann is out, Bob has one life left.
    t.deal()
    round_of(t, Ann="6h", Bob="6c", Cat="Kd")
    t.showdown(fires=["lose-stack"])
    t.expect(Ann=25, Bob=30, Cat=40, pot=0, riding=25)  # 30 - 5, 35 - 5; 15 + 10

    # Round 4, Cat deals to Bob and herself. Bob's two is lowest: his last stack goes in,
    # and Cat, the last with a stack, takes the pot: 40 + 30 = 70. 25 + 25 + 70 = 120.
    t.deal(players=("Bob", "Cat"))
    round_of(t, Bob="2h", Cat="Jc")
    t.showdown(fires=["lose-stack"], win=["Cat"])
    t.expect(Ann=25, Bob=25, Cat=70, pot=0, riding=0)


def test_with_a_replay_a_tie_costs_nobody_and_the_game_ends_early(table):
    t = table
    t.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"tie-lowest": "replay"}, agreed=STACK)
    # Round 1, Cat deals. Ann and Bob tie with fours: nobody pays; deal again.
    round_of(t, first=True, Ann="4d", Bob="4s", Cat="9c")
    t.showdown(fires=[])
    t.expect(Ann=40, Bob=40, Cat=40, pot=0, riding=0)

    # Round 2, Ann deals. Bob's three alone is lowest: Bob 35; 5 ride.
    t.deal()
    round_of(t, Ann="6h", Bob="3d", Cat="Jc")
    t.showdown(fires=["lose-stack-alone"])
    t.expect(Ann=40, Bob=35, Cat=40, pot=0, riding=5)

    # Round 3, Bob deals. Ann's ace: Ann 35; 10 ride.
    t.deal()
    round_of(t, Ann="Ac", Bob="8d", Cat="Qs")
    t.showdown(fires=["lose-stack-alone"])
    t.expect(Ann=35, Bob=35, Cat=40, riding=10)

    # Time is called: the host ends the game with the pot returned to who put it in.
    # Ann's 5 and Bob's 5 go back: everyone 40 again.
    t.end_game("returned")
    t.expect(Ann=40, Bob=40, Cat=40, pot=0, riding=0)
