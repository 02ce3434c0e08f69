"""Numbers: flip table cards and throw away their rank; count what is left, high and low.

From the rule page: everyone antes the agreed amount (unless the table plays
without, the bets making the pot); five cards each and seven face down on the
table; each flip makes everyone throw away every card of that rank, with a
betting round after it, the lead moving left each round; a player left with
no cards takes the pot at once. Otherwise each declares high, low or both and
counts what they hold: an ace 1 or 15 (each way on its own), a picture 10,
any other card its number. The highest total among the high callers and the
lowest among the low callers take half the pot each: the low half rounded
down, so an odd chip goes high, unless the table gives it to low. A both
caller must win both ways outright, unless the table says a tie is enough.
Everyone calling one way, the best on that side takes the whole pot, or, if
the table says so, the unclaimed half stays in the middle for the next hand.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals, so Ann leads the first
betting round.
"""

from __future__ import annotations

GAME = "numbers"


def flip_and_bet(t, bet: int) -> None:
    """The flip and its betting round: Ann bets `bet`, Bob and Cat call, Dan folds."""
    t.step("flip")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", bet)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.step("declare")
    t.step("showdown")


def test_the_highest_and_lowest_totals_among_the_callers_split(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    flip_and_bet(t, 3)
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    # What each still holds after the flips.
    t.cards("Ann", "Kh Qd", declare="high")  # 10 + 10 = 20
    t.cards("Bob", "2c 3d", declare="low")  # 2 + 3 = 5
    # Cat calls both: her ace 15 for high, 24, beats Ann's 20; 1 for low, 10, loses to
    # Bob's 5. Beaten low, she takes nothing and is ranked last both ways.
    t.cards("Cat", "Ah 9c", declare="both")
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 6 low (rounded down) and 7 high: Ann 36 + 7 = 43, Bob 36 + 6 = 42;
    # Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)


def test_no_ante_an_unclaimed_half_rides_into_the_game_started_again(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "ante": "no",
        "one-side-only": "carry",
        "ties-odd-chip": "split-low",
        "both-must-win-outright": "no",
    }
    t.start(GAME, dealer="Dan", settings=settings)
    t.expect(Ann=40, Bob=40, Cat=40, Dan=40, pot=0)  # no ante: the bets make the pot
    flip_and_bet(t, 4)
    # Ann, Bob and Cat 40 - 4 = 36; the pot 12.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=40, pot=12)
    t.cards("Ann", "Kh Qd", declare="high")  # 20
    t.cards("Bob", "2c 3d", declare="high")  # 5
    t.cards("Cat", "Ah 9c", declare="high")  # the ace 15: 24, the best
    t.showdown(fires=["one-side-carry"], win=["Cat"])
    # Everyone called high: half of 12, 6, stays in the middle for the next hand and Cat
    # takes the other 6: 36 + 6 = 42. 36 + 36 + 42 + 40 + 6 riding = 160.
    t.expect(Ann=36, Bob=36, Cat=42, Dan=40, pot=0, riding=6)
    # The game is one deal: the host starts it again, the riding 6 its pot.
    t.start(GAME, dealer="Dan", settings=settings)
    t.expect(pot=6, riding=0)  # the 6 riding is the new pot
    flip_and_bet(t, 5)
    # Ann and Bob 36 - 5 = 31, Cat 42 - 5 = 37; the pot 6 + 15 = 21.
    t.expect(Ann=31, Bob=31, Cat=37, Dan=40, pot=21)
    t.cards("Ann", "Kh Qd", declare="high")  # 20
    t.cards("Bob", "3c 4d", declare="low")  # 7
    # Cat calls both: her ace 15 for high, 20, ties Ann's; 1 for low, 6, beats Bob's 7.
    t.cards("Cat", "Ah 5c", declare="both")
    t.showdown(win=["Ann", "Cat"], low=["Cat"])
    # A tie is enough here. 21 halves 11 low (rounded up: the odd chip low) and 10 high,
    # shared 5 and 5: Ann 31 + 5 = 36, Cat 37 + 5 + 11 = 53; Bob 31, Dan 40.
    # 36 + 31 + 53 + 40 = 160.
    t.expect(Ann=36, Bob=31, Cat=53, Dan=40, pot=0, riding=0)
