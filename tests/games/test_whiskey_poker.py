"""Whiskey Poker: the best hand takes the pot, the lowest hand pays the forfeit.

From the rule page: everyone antes the table's ante; five cards each and a
five-card widow in the middle; the players take the widow or trade with it,
a card or all five at a time, until somebody knocks; after one last turn
each, everyone shows. The best hand takes the pot; the lowest hand pays the
forfeit agreed before the game. Who receives it is a setting: the winner
(default) or the next deal's pot. So is a tie for lowest: each tied player
pays the whole forfeit (default), or they share one forfeit (the page does
not say how an odd chip splits: the ledger has the tied player nearest the
dealer's left pay it). With "Betting before the showdown" on, one betting round opens on the
dealer's left before anybody shows. Each deal is a game of its own: a
forfeit for the next pot rides into the next game started.

Ann, Bob, Cat and Dan buy in 40 chips each; the ante is 1 chip and the
forfeit 3; Dan deals the first game.
"""

from __future__ import annotations

GAME = "whiskey-poker"
AMOUNTS = {"the table's ante": 1, "the forfeit set before the game": 3}


def to_the_knock(t, dealer: str, options=(), **settings: str) -> None:
    t.start(GAME, dealer=dealer, options=options, settings=settings, agreed=AMOUNTS)
    t.book("ante")
    t.step("deal")
    t.step("widow-round")
    t.step("trade")
    t.step("knock")


def test_the_lowest_pays_the_winner_then_a_shared_forfeit_rides_to_the_next_game(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    to_the_knock(t, "Dan", options=["final-bet"])
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 2)  # Ann, on the dealer's left, opens
    t.act("Bob", "fold")
    t.act("Cat", "call")
    t.act("Dan", "call")
    t.expect(Ann=37, Bob=39, Cat=37, Dan=37, pot=10)  # 39 - 2 for three callers; 4 + 6
    t.step("showdown")
    t.cards("Ann", "Ah Ad 8c 8s 3d")  # two pair: the best hand
    t.cards("Cat", "7h 7d Qc Ks 4h")  # sevens
    t.cards("Dan", "Kh Qd 9c 5s 4d")  # king high: the lowest of those who show
    t.showdown(fires=["forfeit"], win=["Ann"])
    # Dan pays Ann the forfeit, 3: Dan 34; Ann 37 + 3 + the pot of 10 = 50.
    t.expect(Ann=50, Bob=39, Cat=37, Dan=34, pot=0)  # 50 + 39 + 37 + 34 = 160

    # The next game, Ann dealing: the forfeit goes to the next pot, tied lowest share it.
    to_the_knock(t, "Ann", **{"forfeit-to": "next-pot", "forfeit-tie": "share"})
    t.expect(Ann=49, Bob=38, Cat=36, Dan=33, pot=4)  # 1 each in antes
    t.step("showdown")
    t.cards("Ann", "Ah Ad 8c 8s 3d")  # two pair
    t.cards("Bob", "Kc Qc 9h 5d 4s")  # king high
    t.cards("Cat", "7h 7d 7c Ks 4h")  # three sevens: the best hand
    t.cards("Dan", "Kh Qd 9c 5s 4d")  # king high, Bob's ranks: tied lowest
    t.showdown(fires=["forfeit-shared-next-pot"], win=["Cat"])
    # Bob and Dan share one forfeit of 3 into the next pot: 2 and 1, the odd chip from
    # Bob, first on Ann's left: Bob 36, Dan 32; riding 3. Cat 36 + the pot of 4 = 40.
    t.expect(Ann=49, Bob=36, Cat=40, Dan=32, pot=0, riding=3)  # 157 + 3 = 160


def test_each_tied_lowest_pays_into_the_next_pot_then_tied_lowest_share_one(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    to_the_knock(t, "Dan", **{"forfeit-to": "next-pot"})
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("showdown")
    t.cards("Ann", "Qh Qd 8c 6s 3d")  # queens: the best hand
    t.cards("Bob", "Kc Jc 9h 5d 4s")  # king high
    t.cards("Cat", "Th Td 7c 6h 2h")  # tens
    t.cards("Dan", "Kh Jd 9c 5s 4d")  # king high, Bob's ranks: tied lowest
    t.showdown(fires=["forfeit-next-pot"], win=["Ann"])
    # Bob and Dan each pay the full 3 into the next pot: 36 each; riding 6.
    # Ann 39 + the pot of 4 = 43. 43 + 36 + 39 + 36 = 154, and 6 riding.
    t.expect(Ann=43, Bob=36, Cat=39, Dan=36, pot=0, riding=6)

    # The next game, Ann dealing, the 6 riding in: the winner gets a shared forfeit. (The
    # setup page offers the last game's choices again, so both are said.)
    to_the_knock(t, "Ann", **{"forfeit-to": "winner", "forfeit-tie": "share"})
    t.expect(Ann=42, Bob=35, Cat=38, Dan=35, pot=10, riding=0)  # 1 each; 6 + 4 antes
    t.step("showdown")
    t.cards("Ann", "Kh Qd 9c 5s 4d")  # king high
    t.cards("Bob", "Ah Ad Ac 5h 2d")  # three aces: the best hand
    t.cards("Cat", "Kc Qc 9h 5d 4s")  # king high, Ann's ranks: tied lowest
    t.cards("Dan", "Jh Jc 8d 6s 2c")  # jacks
    t.showdown(fires=["forfeit-shared"], win=["Bob"])
    # Ann and Cat share one forfeit of 3 to Bob: 2 from Cat, first on Ann's left, 1 from
    # Ann: Cat 36, Ann 41. Bob 35 + 3 + the pot of 10 = 48. 41 + 48 + 36 + 35 = 160.
    t.expect(Ann=41, Bob=48, Cat=36, Dan=35, pot=0, riding=0)
