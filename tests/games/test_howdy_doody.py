"""Howdy Doody: Pass the Trash played high-low with declarations, threes wild high, kings low.

From the rule page: everyone antes the agreed amount and gets seven cards
down; a betting round from the dealer's left; each passes three cards left; a
second round; each throws two away and stacks five, turning four up one at a
time with a round after each (the best cards showing open); then each
declares high, low or both. Threes are wild for a high hand, kings for a low
one. The best high among the high callers and the best low among the low
callers take half the pot each: the low half rounded down, so an odd chip
goes high, unless the table gives it to low. A both caller must win both ways
outright (or, if the table says so, a tie on a side is enough) or takes
nothing.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals, so Ann
opens while no card shows.
"""

from __future__ import annotations

GAME = "howdy-doody"
ROUND = ("Ann", "Bob", "Cat", "Ann", "Bob")


def checked(t, first: str) -> None:
    """A round among Ann, Bob and Cat opened by `first` and checked round."""
    t.open(first)
    at = ROUND.index(first)
    for who in ROUND[at : at + 3]:
        t.act(who, "check")


def to_the_showdown(t, showing: str, **settings: str) -> None:
    """Ante, every step to the showdown. After the pass Ann bets 3, Bob and Cat call, Dan
    folds; every other round is checked round, opened by `showing` once cards show."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("bet-1")
    t.open()
    for who in ("Ann", "Bob", "Cat", "Dan"):
        t.act(who, "check")
    t.step("pass")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    t.step("discard")
    for n in (1, 2, 3, 4):
        t.step(f"reveal-{n}")
        t.step(f"bet-{n + 2}")
        checked(t, showing)
    t.step("declare")
    t.step("showdown")


def test_a_wild_three_high_a_wild_king_low_and_a_both_call_beaten_high(table):
    t = table
    to_the_showdown(t, "Ann")  # Ann's kings show best
    # Ann's three is wild for high: four kings.
    t.cards("Ann", "3h Kc Ks Kd 9c", up="Kc Ks Kd 9c", declare="high")
    # Bob's king is wild for low, an ace: seven-five-four-two-ace.
    t.cards("Bob", "Kh 2c 4s 5h 7d", up="2c 4s 5h 7d", declare="low")
    # Cat calls both: her three makes a six-high straight for high, beaten by the kings;
    # for low it is a plain three, six-five-four-three-two, the best low. Beaten high, she
    # takes nothing, and is ranked last both ways: the low goes to Bob.
    t.cards("Cat", "3s 6d 5c 4d 2h", up="6d 5c 4d 2h", declare="both")
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 6 low (rounded down) and 7 high, the odd chip high (the default):
    # Ann 36 + 7 = 43, Bob 36 + 6 = 42; Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)


def test_a_both_call_that_ties_high_keeps_its_share_and_the_odd_chip_goes_low(table):
    t = table
    settings = {"both-must-win-outright": "no", "odd-chip": "low"}
    to_the_showdown(t, "Bob", **settings)  # Bob's seven, then seven-five ... show best
    # Ann calls both: her three, wild high, makes a five-high straight; for low, no king,
    # the wheel, the best low.
    t.cards("Ann", "Ad 5d 4c 3h 2s", up="5d 4c 3h 2s", declare="both")
    t.cards("Bob", "9s 7c 5h 4d 2d", up="7c 5h 4d 2d", declare="low")  # nine-seven low
    t.cards("Cat", "Ah 5s 4h 3d 2c", up="5s 4h 3d 2c", declare="high")  # a five-high straight
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough at this table: Ann shares high with Cat and takes low. 13 halves
    # 7 low (rounded up: the odd chip low) and 6 high, shared 3 and 3: Ann 36 + 3 + 7 = 46,
    # Cat 36 + 3 = 39; Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
