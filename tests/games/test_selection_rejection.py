"""Selection / Rejection: seven-card stud high-low declare, each up card offered around.

From the rule page: everyone antes the agreed amount; two cards down; four
up cards, each offered round the table (refused at most twice, the third
player offered it must take it), with a betting round after each, the best
cards showing opening; a last card down and a last round; then each declares
high, low or both. The best five of seven play. The best high among the high
callers and the best low among the low callers take half the pot each: the
low half rounded down, so an odd chip goes high, unless the table gives it to
low. A both caller must win both ways outright (or, if the table says so, a
tie on a side is enough) or takes nothing.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals.
"""

from __future__ import annotations

GAME = "selection-rejection"
ROUND = ("Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat")


def to_the_showdown(t, showing: str, **settings: str) -> None:
    """Ante, every step to the showdown; `showing` has the best cards showing all along.
    On third street they bet 3, the next two call and Dan folds; every other round of
    Ann, Bob and Cat is checked round."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal-down")
    t.step("offer-1")
    t.step("bet-1")
    t.open(showing)
    at = ROUND.index(showing)
    t.act(showing, "bet", 3)
    for who in ROUND[at + 1 : at + 4]:
        t.act(who, "fold" if who == "Dan" else "call")
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    still = [w for w in ROUND[at : at + 4] if w != "Dan"]
    for deal, bet in (("offer-2", 2), ("offer-3", 3), ("offer-4", 4), ("deal-last", 5)):
        t.step(deal)
        t.step(f"bet-{bet}")
        t.open(showing)
        for who in still:
            t.act(who, "check")
    t.step("declare")
    t.step("showdown")


def test_both_called_and_beaten_both_ways_wins_nothing_and_the_odd_chip_goes_low(table):
    t = table
    to_the_showdown(t, "Ann", **{"odd-chip": "low"})  # Ann's nine, then a pair, show best
    t.cards("Ann", "Ah Kh 9h 5h 2h 2s 3s", up="9h 5h 2h 2s", declare="high")  # a flush
    t.cards("Bob", "7c 5d 4s 3c 2d Kc Qc", up="5d 4s 3c Kc", declare="low")  # seven-five low
    # Cat calls both: a pair of jacks, beaten by the flush, and eight-six low, beaten by
    # Bob's: she takes nothing.
    t.cards("Cat", "8s 6s 4h 3d 2c Js Jd", up="4h 3d 2c Js", declare="both")
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 7 low (rounded up: the odd chip low, the setting) and 6 high:
    # Ann 36 + 6 = 42, Bob 36 + 7 = 43; Cat 36, Dan 39. 42 + 43 + 36 + 39 = 160.
    t.expect(Ann=42, Bob=43, Cat=36, Dan=39, pot=0)


def test_a_both_call_that_ties_high_keeps_its_share_when_a_tie_is_enough(table):
    t = table
    to_the_showdown(t, "Bob", **{"both-must-win-outright": "no"})  # Bob's seven shows best
    # Ann calls both: a wheel, a five-high straight for high and the best low.
    t.cards("Ann", "Ad 5d 4c 3h 2s Kc Qd", up="5d 4c 3h 2s", declare="both")
    t.cards("Bob", "7c 5h 4d 3c 2d 9s 9h", up="7c 5h 4d 3c", declare="low")  # seven-five low
    t.cards("Cat", "Ah 5s 4h 3d 2c Ks Jd", up="5s 4h 3d 2c", declare="high")  # a wheel too
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # Ann ties Cat for high and takes low; a tie is enough here. 13 halves 6 low (rounded
    # down) and 7 high (the odd chip high, the default), the 7 shared 3 each and the odd
    # chip to Ann, first from the dealer's left: Ann 36 + 4 + 6 = 46, Cat 36 + 3 = 39;
    # Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
