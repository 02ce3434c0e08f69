"""Roll Your Own: Push with every card offered face down, then one of two hidden turned up.

From the rule page: everyone antes the agreed amount; five rounds of cards
offered face down, each player keeping theirs or pushing it on and taking the
next (pushing is free); a betting round on the hole card, opened by the
player on the dealer's left (or the dealer, if the table says so); after each
later card each player turns one of their two hidden cards up, and a round
follows, the best cards showing opening. The best hand takes the pot. With
the all-low option the lowest hand wins and the lowest cards showing open;
with the high-low option each declares high, low or both before the showdown
and the best high among the high callers and the best low among the low
callers take half each: the low half rounded down, so an odd chip goes high,
unless the table gives it to low. A both caller must win both ways outright,
unless the table says a tie is enough.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals.
"""

from __future__ import annotations

GAME = "roll-your-own"
ROUND = ("Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat")


def to_the_showdown(t, bet_1: str, showing: str, folder: str, bet: int = 2, **choices) -> None:
    """Ante, every step to the showdown. On the hole card the opener bets `bet`, the
    others call but `folder`, who folds; every later round is checked round from `showing`."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1}, **choices)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("round-1")
    t.step(bet_1)
    first = "Dan" if bet_1 == "bet-1-dealer" else "Ann"
    t.open()  # nobody named: the step's own opener (the dealer, or the dealer's left) opens
    at = ROUND.index(first)
    t.act(first, "bet", bet)
    for who in ROUND[at + 1 : at + 4]:
        t.act(who, "fold" if who == folder else "call")
    still = [w for w in ROUND if w != folder]
    at = still.index(showing)
    for n in (2, 3, 4, 5):
        t.step(f"round-{n}")
        t.step(f"flip-{n}")
        t.step(f"bet-{n}")
        t.open(showing)
        for who in still[at : at + 3]:
            t.act(who, "check")
    if "high-low" in choices.get("options", ()):
        t.step("declare")
    t.step("showdown")


def test_the_best_hand_takes_the_pot(table):
    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("round-1")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    # Ann, Bob and Cat 39 - 2 = 37; the pot 4 + 6 = 10.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=39, pot=10)
    for n in (2, 3, 4, 5):
        t.step(f"round-{n}")
        t.step(f"flip-{n}")
        t.step(f"bet-{n}")
        t.open("Ann")  # Ann's aces show best
        for who in ("Ann", "Bob", "Cat"):
            t.act(who, "check")
    t.step("showdown")
    t.cards("Ann", "Ah Ad Ac 7s 2d", up="Ad Ac 7s 2d")  # three aces
    t.cards("Bob", "6h 4c 3d 2s As", up="4c 3d 2s As")
    t.cards("Cat", "Kh Kd 9s 8s 5h", up="Kd 9s 8s 5h")
    t.showdown(win=["Ann"])
    # Ann takes the 10: 37 + 10 = 47. 47 + 37 + 37 + 39 = 160.
    t.expect(Ann=47, Bob=37, Cat=37, Dan=39, pot=0)


def test_all_low_with_the_dealer_opening_on_the_hole_card(table):
    t = table
    to_the_showdown(
        t,
        "bet-1-dealer",
        "Bob",  # Bob's cards show lowest
        "Cat",
        options=["all-low"],
        settings={"bet-1-opener": "dealer"},
    )
    # Dan opens and bets 2; Ann and Bob call, Cat folds: Dan, Ann, Bob 37; the pot 10.
    t.expect(Ann=37, Bob=37, Cat=39, Dan=37, pot=10)
    t.cards("Ann", "Ah Ad Ac 7s 2d", up="Ad Ac 7s 2d")
    t.cards("Bob", "6h 4c 3d 2s As", up="4c 3d 2s As")  # six-four: the lowest
    t.cards("Dan", "7h 5c 4d 3s 2c", up="5c 4d 3s 2c")  # seven-five
    t.showdown(win=["Bob"])
    # Bob takes the 10: 37 + 10 = 47. 37 + 47 + 39 + 37 = 160.
    t.expect(Ann=37, Bob=47, Cat=39, Dan=37, pot=0)


def test_high_low_a_both_caller_beaten_both_ways_and_the_odd_chip_low(table):
    t = table
    settings = {"odd-chip": "low"}
    to_the_showdown(t, "bet-1", "Ann", "Dan", 3, options=["high-low"], settings=settings)
    # Ann opens and bets 3; Bob and Cat call, Dan folds: Ann, Bob, Cat 36; the pot 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    t.cards("Ann", "Ah Ad Ac 7s 2d", up="Ad Ac 7s 2d", declare="high")  # three aces
    t.cards("Bob", "6h 4c 3d 2s As", up="4c 3d 2s As", declare="low")  # six-four low
    # Cat calls both with a pair of kings: beaten high by the aces and low by Bob's
    # six-four, she takes nothing.
    t.cards("Cat", "Kh Kd 9s 8s 5h", up="Kd 9s 8s 5h", declare="both")
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 7 low (rounded up: the odd chip low) and 6 high: Ann 36 + 6 = 42,
    # Bob 36 + 7 = 43; Cat 36, Dan 39. 42 + 43 + 36 + 39 = 160.
    t.expect(Ann=42, Bob=43, Cat=36, Dan=39, pot=0)


def test_high_low_a_both_caller_tying_high_keeps_a_share_when_a_tie_is_enough(table):
    t = table
    settings = {"both-must-win-outright": "no"}
    to_the_showdown(t, "bet-1", "Bob", "Dan", options=["high-low"], settings=settings)
    # Ann opens and bets 2; Bob and Cat call, Dan folds: Ann, Bob, Cat 37; the pot 10.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=39, pot=10)
    t.cards("Ann", "Ad 5d 4c 3h 2s", up="5d 4c 3h 2s", declare="both")  # a wheel
    t.cards("Bob", "7c 5h 4d 3c 2d", up="7c 5h 4d 3c", declare="low")  # seven-five low
    t.cards("Cat", "Ah 5s 4h 3d 2c", up="5s 4h 3d 2c", declare="high")  # a wheel too
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: Ann's wheel ties Cat's for high and is the best low. 10 halves
    # 5 and 5; high shared 2 each and the odd chip to Ann, first from the dealer's left:
    # Ann 37 + 3 + 5 = 45, Cat 37 + 2 = 39; Bob 37, Dan 39. 45 + 37 + 39 + 39 = 160.
    t.expect(Ann=45, Bob=37, Cat=39, Dan=39, pot=0)
