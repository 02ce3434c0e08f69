"""Big Sol: seven cards down, keep five, turn four up one by one, then declare high or low.

From the rule page: everyone antes the agreed amount; three cards down and a
betting round from the dealer's left, then a fourth, fifth, sixth and seventh
card down, each with a round; each player throws two away and turns up four
of the five kept, one at a time, a round after each (the best cards showing
open); then each declares high or low. The best high hand among the high
callers and the best low hand among the low callers share the pot, half each
(the low half rounded down, so an odd chip goes high); everyone calling one
way, the best on that side takes it all. Whether a player may declare both
is the table's choice: nobody may (the default), or a both caller must win
both halves outright, or a tie on a side is enough.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals, so Ann
opens the rounds while every card is hidden.
"""

from __future__ import annotations

GAME = "big-sol"


def checked(t, *names: str) -> None:
    """A betting round opened by the first of `names` and checked round."""
    t.open(names[0])
    for who in names:
        t.act(who, "check")


def to_the_showdown(t, showing: str = "Ann", **settings: str) -> None:
    """Ante, every step to the showdown; on three cards Ann bets 3, Bob and Cat call, Dan
    folds, and every other round is checked round: from Ann while all is hidden, from
    `showing`, the best cards showing, once cards are turned up."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal-3")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    for n in (4, 5, 6, 7):
        t.step(f"deal-{n}")
        t.step(f"bet-{n - 2}")
        checked(t, "Ann", "Bob", "Cat")
    t.step("discard")
    for n in (1, 2, 3, 4):
        t.step(f"turn-{n}")
        t.step(f"bet-{n + 5}")
        first = ("Ann", "Bob", "Cat").index(showing)
        checked(t, *("Ann", "Bob", "Cat", "Ann", "Bob")[first : first + 3])
    t.step("declare")
    t.step("showdown")


def test_nobody_declares_both_and_the_halves_go_high_and_low(table):
    t = table
    to_the_showdown(t)
    t.cards("Ann", "Ah Kh 9h 5h 2h", up="Ah Kh 9h 5h", declare="high")  # a flush
    t.cards("Bob", "7c 5d 4s 3c 2d", up="7c 5d 4s 3c", declare="low")  # seven-five low
    t.cards("Cat", "8s 6s 4h 3d 2c", up="8s 6s 4h 3d", declare="low")  # eight-six low
    t.showdown(win=["Ann"], low=["Bob"])
    # The pot of 13 halves 6 low (rounded down) and 7 high: Ann 36 + 7 = 43,
    # Bob 36 + 6 = 42; Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)


def test_a_both_caller_who_wins_both_outright_scoops(table):
    t = table
    to_the_showdown(t, **{"both-ways": "outright"})
    t.cards("Ann", "Ah Kh 9h 5h 2h", up="Ah Kh 9h 5h", declare="high")  # a flush
    t.cards("Bob", "7c 5d 4d 3c 2d", up="7c 5d 4d 3c", declare="low")  # seven-five low
    # Cat's five-high straight flush beats the flush, and is the best low too.
    t.cards("Cat", "As 2s 3s 4s 5s", up="As 2s 3s 4s", declare="both")
    t.showdown(win=["Cat"], low=["Cat"])
    # Cat wins both halves outright and takes all 13: 36 + 13 = 49. 36 + 36 + 49 + 39 = 160.
    t.expect(Ann=36, Bob=36, Cat=49, Dan=39, pot=0)


def test_a_both_caller_who_ties_high_keeps_a_share_when_a_tie_is_enough(table):
    t = table
    # Bob's seven, then seven-five and so on, are the best cards showing.
    to_the_showdown(t, "Bob", **{"both-ways": "may-tie"})
    t.cards("Ann", "5d 4c 3h 2s Ad", up="5d 4c 3h 2s", declare="both")  # a wheel
    t.cards("Bob", "7c 5h 4d 3c 2d", up="7c 5h 4d 3c", declare="low")  # seven-five low
    t.cards("Cat", "5s 4h 3d 2c Ah", up="5s 4h 3d 2c", declare="high")  # a wheel too
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # Ann's wheel ties Cat's for high and is the best low; a tie is enough here.
    # 13 halves 6 low and 7 high; the high 7 shared 3 each, the odd chip to Ann, first
    # from the dealer's left: Ann 36 + 4 + 6 = 46, Cat 36 + 3 = 39; Bob 36, Dan 39.
    # 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
