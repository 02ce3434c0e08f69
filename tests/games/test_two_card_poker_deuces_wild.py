"""Two-Card Poker, Deuces Wild: two cards, one draw, deuces wild, played high-low.

From the rule page: everyone antes the agreed amount and gets two cards
down; a betting round from the dealer's left; each player still in stands
pat or swaps one or two cards; a second round; then, where the table
declares, each says high, low or both. Only pairs and high cards count, and
every deuce is wild; an ace is high for high and low for low. The best high
hand takes half the pot and the best low the other half (the low half
rounded down, so an odd chip goes high); ties share their half. A both caller
must win both ways outright, unless the table says a tie is enough.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals, so Ann
bets first.
"""

from __future__ import annotations

GAME = "two-card-poker-deuces-wild"


def to_the_showdown(t, caller: str, folder: str, **settings: str) -> None:
    """Ante, every step to the showdown. Before the draw Ann bets 3, `caller` calls too,
    `folder` folds; the three left check after the draw."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 3)
    for who in ("Bob", "Cat", "Dan"):
        t.act(who, "fold" if who == folder else "call")
    t.step("draw")
    t.step("bet-2")
    t.open()
    for who in ("Ann", "Bob", caller):
        t.act(who, "check")
    if settings.get("high-low-method") == "declare":
        t.step("declare")
    t.step("showdown")


def test_a_wild_deuce_makes_the_best_low_with_the_cards_speaking(table):
    t = table
    to_the_showdown(t, "Dan", "Cat")
    # Ann, Bob and Dan 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=39, Dan=36, pot=13)
    t.cards("Ann", "As Ad")  # a pair of aces: the best high
    t.cards("Bob", "2h 3c")  # the deuce an ace: three-ace, the best low
    t.cards("Dan", "5h 4s")  # five-four low
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 6 low (rounded down) and 7 high: Ann 36 + 7 = 43, Bob 36 + 6 = 42;
    # Cat 39, Dan 36. 43 + 42 + 39 + 36 = 160.
    t.expect(Ann=43, Bob=42, Cat=39, Dan=36, pot=0)


def test_a_both_caller_who_ties_high_keeps_a_share_when_a_tie_is_enough(table):
    t = table
    to_the_showdown(
        t, "Cat", "Dan", **{"high-low-method": "declare", "both-must-win-outright": "no"}
    )
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    # Ann calls both: her deuce makes a pair of aces for high and a deuce for low,
    # two-ace, the best low.
    t.cards("Ann", "2d Ac", declare="both")
    t.cards("Bob", "4h 3d", declare="low")  # four-three low
    t.cards("Cat", "Ah As", declare="high")  # a pair of aces too
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: Ann shares high with Cat and takes low. 13 halves 6 low and
    # 7 high, shared 3 each and the odd chip to Ann, first from the dealer's left:
    # Ann 36 + 4 + 6 = 46, Cat 36 + 3 = 39; Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
