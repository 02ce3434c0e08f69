"""7/27: hits face up, then the hand nearest 7 and the hand nearest 27 share the pot.

From the rule page: everyone antes the agreed amount; one card down and one
up; a betting round from the dealer's left; then rounds of hits (a card face
up to each who asks; a third pass freezes a player), each followed by a
betting round, as many as the table plays; then, where the table declares,
each says 7, 27 or both. An ace counts 1 or 11, a picture half a point, any
other card its number, each target counted on its own. The total nearest 7
takes half the pot and the total nearest 27 the other half; at equal distance
the total under the target wins. The 7 half is rounded down, so an odd chip
goes with 27, unless the table gives it to 7. A both caller must win both
ways outright, unless the table says a tie is enough. The 7 side is played
as the low half, the 27 side as the high.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals, so Ann bets
first.
"""

from __future__ import annotations

GAME = "seven-twenty-seven"


def to_the_hits(t, **settings: str) -> None:
    """Ante, deal, and open the betting round after the deal."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("bet-first")
    t.open()


def hits_checked(t) -> None:
    t.step("hit")
    t.step("bet-after-hit")
    t.open()
    for who in ("Ann", "Bob", "Cat"):
        t.act(who, "check")


def test_exactly_7_and_exactly_27_split_with_the_odd_chip_to_27(table):
    t = table
    to_the_hits(t)
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    # Ann, Bob and Cat 39 - 2 = 37; the pot 4 + 6 = 10.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=39, pot=10)
    hits_checked(t)
    t.again()  # another round of hits, and its betting round
    t.step("bet-after-hit")
    t.open()
    t.act("Ann", "bet", 1)
    t.act("Bob", "call")
    t.act("Cat", "call")
    # Ann, Bob and Cat 37 - 1 = 36; the pot 10 + 3 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    t.step("showdown")
    t.cards("Ann", "As 6d", up="6d")  # 1 + 6 = 7 exactly
    t.cards("Bob", "Td 9c 8h", up="9c 8h")  # 27 exactly
    t.cards("Cat", "Kc Qh", up="Qh")  # a half and a half: 1
    t.showdown(win=["Bob"], low=["Ann"])
    # 13 halves 6 to 7 (rounded down) and 7 to 27: Ann 36 + 6 = 42, Bob 36 + 7 = 43;
    # Cat 36, Dan 39. 42 + 43 + 36 + 39 = 160.
    t.expect(Ann=42, Bob=43, Cat=36, Dan=39, pot=0)


def test_declared_a_both_caller_tying_27_keeps_a_share_and_the_odd_chip_goes_to_7(table):
    t = table
    settings = {"how-decided": "declare", "odd-chip": "seven", "both-must-win-outright": "no"}
    to_the_hits(t, **settings)
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    hits_checked(t)
    t.step("declare")
    t.step("showdown")
    # Ann calls both: her aces 1 and 1 and the four make 6 toward 7, and 11 and 11 and
    # four make 26 toward 27.
    t.cards("Ann", "Ac Ad 4h", up="Ad 4h", declare="both")
    t.cards("Bob", "3s 5c", up="5c", declare="low")  # 8: as far from 7 as Ann's 6, but over
    t.cards("Cat", "Th 9s 7c", up="9s 7c", declare="high")  # 26, tying Ann's
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: Ann shares 27 with Cat and takes 7. 13 halves 7 to 7 (rounded
    # up: the odd chip to 7) and 6 to 27, shared 3 and 3: Ann 36 + 7 + 3 = 46,
    # Cat 36 + 3 = 39; Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)


def test_one_hand_exactly_on_both_targets_takes_the_lot(table):
    t = table
    to_the_hits(t)
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    # Ann, Bob and Dan 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=39, Dan=36, pot=13)
    t.step("hit")
    t.step("bet-after-hit")
    t.open()
    for who in ("Ann", "Bob", "Dan"):
        t.act(who, "check")
    t.step("showdown")
    # Bob's two aces and five: 1 + 1 + 5 = 7 and 11 + 11 + 5 = 27, both exactly.
    t.cards("Bob", "Ah As 5d", up="As 5d")
    t.cards("Ann", "6c Qd", up="Qd")  # 6 and a half: 6.5, half a point under 7
    t.cards("Dan", "Tc 9d 8s", up="9d 8s")  # 27 exactly too
    t.showdown(win=["Bob"], low=["Bob"])  # the fill names Bob alone on both sides
    # Bob's hand makes both targets and takes everything: 36 + 13 = 49, though Dan's 27
    # ties him on that side. Ann 36, Cat 39, Dan 36. 36 + 49 + 39 + 36 = 160.
    t.expect(Ann=36, Bob=49, Cat=39, Dan=36, pot=0)
