"""Deuces, Jacks, Man with the Axe: two natural sevens beat everything.

From the rule page: seven-card stud with every deuce, every jack and the king
of diamonds (the man with the axe) wild. Everyone antes the agreed amount;
two cards down, a betting round (which a table may skip), one up, a round,
two down, a round, one up, a round, the last up and a last round; the player
on the dealer's left opens while nothing shows, then the best cards showing.
At the showdown a player holding two natural sevens takes the whole pot,
whatever else is out; two such players share it (the odd chip to the first
of them on the dealer's left). Otherwise the best hand, wilds and all, wins.
"""

from __future__ import annotations

GAME = "deuces-jacks-man-with-the-axe"
ANTE = {"the table's ante": 1}


def checked(t, step: str, opener: str, order: tuple[str, ...]) -> None:
    """A betting round the best cards showing open, and everyone in checks."""
    t.step(step)
    t.open(opener)
    for who in order[order.index(opener) :] + order[: order.index(opener)]:
        t.act(who, "check")


def test_two_natural_sevens_beat_five_aces_made_with_wild_cards(table):
    """Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals."""
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal-1")
    t.step("bet-1")  # nothing shows: Ann, on the dealer's left, opens
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)  # 39 - 3 for three; 4 + 9
    in_play = ("Ann", "Bob", "Cat")
    t.step("deal-2")
    checked(t, "bet-2", "Bob", in_play)  # Bob's ace of spades shows best
    t.step("deal-3")
    checked(t, "bet-3", "Bob", in_play)
    t.step("deal-4")
    checked(t, "bet-4", "Bob", in_play)  # A 5 beats K 9 and 9 8
    t.step("deal-5")
    checked(t, "bet-5", "Bob", in_play)  # A 8 5 beats K Q 9 and 9 8 6
    t.step("showdown")
    t.cards("Ann", "7h 7c 3d 4s 9h Kc Qd", up="9h Kc Qd")  # two natural sevens
    t.cards("Bob", "Kd Jh 2s As Ah 5c 8d", up="As 5c 8d")  # three wilds: five aces
    t.cards("Cat", "Qs Qh 9c 8c 3h 4h 6d", up="9c 8c 6d")  # a pair of queens
    t.showdown(win=["Ann"])
    # Ann's sevens take all 13: 36 + 13 = 49. 49 + 36 + 36 + 39 = 160.
    t.expect(Ann=49, Bob=36, Cat=36, Dan=39, pot=0)


def test_no_bet_on_the_first_two_cards_and_two_pairs_of_sevens_share_the_pot(table):
    """Ann, Bob and Cat buy in 40 chips each; Cat deals and the table skips the first round."""
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start(GAME, dealer="Cat", settings={"first-bet": "no"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)  # 40 - 1 each; 3 antes
    t.step("deal-1")
    t.step("deal-2")  # no round on the two down cards
    t.step("bet-2")
    t.open("Ann")  # Ann's ace of spades shows best
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # 39 - 2 each; 3 + 6
    in_play = ("Ann", "Bob", "Cat")
    t.step("deal-3")
    checked(t, "bet-3", "Ann", in_play)
    t.step("deal-4")
    checked(t, "bet-4", "Cat", in_play)  # Cat's two eights show best
    t.step("deal-5")
    checked(t, "bet-5", "Cat", in_play)
    t.step("showdown")
    t.cards("Ann", "Ah Ac 2d Jc As Kh Qh", up="As Kh Qh")  # two wilds: five aces
    t.cards("Bob", "7h 7d 4c 5c 9s Th 3s", up="9s Th 3s")  # two natural sevens
    t.cards("Cat", "7s 7c 4d 5d 8s 8h 3c", up="8s 8h 3c")  # two natural sevens too
    t.showdown(win=["Bob", "Cat"])
    # Bob and Cat share 9: 4 each and the odd chip to Bob, first of them on the dealer's
    # left: Bob 37 + 5 = 42, Cat 37 + 4 = 41, Ann 37. 37 + 42 + 41 = 120.
    t.expect(Ann=37, Bob=42, Cat=41, pot=0)
