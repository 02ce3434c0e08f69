"""Hi Di Deu Wi: seven-card stud, deuces wild, half the pot to the highest diamond.

From the rule page: everyone antes the agreed amount. Two cards down, a
betting round (unless the table skips it), four cards up (in one wave with
one round, or one at a time with a round after each, as the table says), the
last card down and a last round; the dealer may instead deal the house's
usual stud pattern (two down, one up, two down, one up, one up). Deuces are
wild. At the showdown the best hand takes half the pot and the player still
in with the highest diamond takes the other half; one player with both takes
it all, and with no diamond still in the best hand takes everything. By
default the diamond's half is rounded down, so an odd chip goes with the
best hand; the table may give it to the diamond. With Stealth high diamonds
only face-down diamonds count. Betting rounds open on the dealer's left, or
with the best cards showing, as the table says.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals. In the first
betting round Ann bets 3, Bob and Cat call and Dan folds: Ann, Bob and Cat
40 - 1 - 3 = 36, Dan 39, the pot 4 + 9 = 13.
"""

from __future__ import annotations

GAME = "hi-di-deu-wi"
ANTE = {"the table's ante": 1}


def ante_in(t, **start) -> None:
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed=ANTE, **start)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes


def bet_three_dan_folds(t) -> None:
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)  # 39 - 3 each for three; 4 + 9


def checked(t, *steps: str, first: str = "Ann") -> None:
    """Deal steps and betting rounds where the three still in all check; where the best
    cards showing open, the dealer names `first` as the opener."""
    order = ("Ann", "Bob", "Cat")
    order = order[order.index(first) :] + order[: order.index(first)]
    for step in steps:
        t.step(step)
        if step.startswith("bet"):
            t.open(first if step.endswith("-best") else "")
            for who in order if step.endswith("-best") else ("Ann", "Bob", "Cat"):
                t.act(who, "check")


def test_four_up_in_one_wave_and_the_diamond_takes_half_rounded_down(table):
    t = table
    ante_in(t)
    t.step("deal-1")
    t.step("bet-1")
    bet_three_dan_folds(t)
    checked(t, "deal-2", "bet-2", "deal-3", "bet-3")
    t.step("showdown")
    t.cards("Ann", "Ah As Ac Kh Ks 3c 4c", up="Ac Kh Ks 3c")  # aces full of kings
    t.cards("Bob", "Qd 7s 8s 9h Jc 5c 6c", up="7s 8s 9h Jc")  # the only diamond, the queen
    t.cards("Cat", "Th 7h 8h 9c Jh 5s 6s", up="7h 8h 9c Jh")  # a jack-high straight
    t.showdown(fires=["diamond-split"], win=["Ann"], paid={"diamond-split": {"winners": ["Bob"]}})
    # The diamond's half, 13 / 2 rounded down = 6, to Bob; the best hand the other 7.
    # Ann 36 + 7 = 43, Bob 36 + 6 = 42, Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    t.expect(Ann=43, Bob=42, Cat=36, Dan=39, pot=0)


def test_up_cards_one_at_a_time_the_best_showing_opens_and_the_odd_chip_to_the_diamond(table):
    t = table
    settings = {"up-cards": "one-by-one", "opener": "best-showing", "odd-chip": "diamond"}
    ante_in(t, settings=settings)
    t.step("deal-1")
    t.step("bet-1")  # nothing shows yet: the dealer's left opens
    bet_three_dan_folds(t)
    checked(t, "up-1", "bet-up-1-best", "up-2", "bet-up-2-best", first="Bob")
    checked(t, "up-3", "bet-up-3-best", "up-4", "bet-up-4-best", first="Cat")
    checked(t, "deal-3", "bet-3-best", first="Cat")
    t.step("showdown")
    t.cards("Ann", "Ah As 2c Kh Ks 3c 4c", up="2c Kh Ks 3c")  # the deuce wild: aces full
    t.cards("Bob", "Qd 7s 8s 9h Jc 5c 6c", up="7s 8s 9h Jc")  # the queen of diamonds
    t.cards("Cat", "9d 7h 8h Th Jh 5s 6s", up="7h 8h Th Jh")  # the nine of diamonds
    t.showdown(
        fires=["diamond-split-odd-chip"],
        win=["Ann"],
        paid={"diamond-split-odd-chip": {"winners": ["Bob"]}},
    )
    # Bob's queen beats Cat's nine: the diamond's half, 13 / 2 rounded up = 7, to Bob; the
    # best hand 6. Ann 36 + 6 = 42, Bob 36 + 7 = 43, Cat 36, Dan 39. 42 + 43 + 36 + 39 = 160.
    t.expect(Ann=42, Bob=43, Cat=36, Dan=39, pot=0)


def test_the_usual_stud_deal_no_first_bet_and_only_face_down_diamonds_count(table):
    t = table
    ante_in(t, options=["usual-deal", "stealth"], settings={"first-bet": "no"})
    t.step("deal-1")  # no betting on the two down cards
    t.step("usual-up-1")
    t.step("bet-usual-up-1")
    bet_three_dan_folds(t)
    checked(t, "usual-down", "bet-usual-down", "usual-up-2", "bet-usual-up-2")
    checked(t, "usual-up-3", "bet-usual-up-3")
    t.step("showdown")
    t.cards("Ann", "Ah As Kh 3c Ac Ks 4c", up="Ac Ks 4c")  # aces full of kings
    t.cards("Bob", "7s 8s 5c 6c Qd 9h Jc", up="Qd 9h Jc")  # the queen of diamonds, face up
    t.cards("Cat", "Td 5s 6s 7h 8h 9c Jh", up="8h 9c Jh")  # the ten of diamonds, face down
    t.showdown(fires=["diamond-split"], win=["Ann"], paid={"diamond-split": {"winners": ["Cat"]}})
    # Stealth: Bob's face-up queen does not count, Cat's face-down ten does. Her half, 13 / 2
    # rounded down = 6; the best hand 7. Ann 43, Bob 36, Cat 42, Dan 39. Sum 160.
    t.expect(Ann=43, Bob=36, Cat=42, Dan=39, pot=0)
