"""Draw Your Own: five cards and a hidden stock of three, one swap a turn, played high-low.

From the rule page: everyone antes the agreed amount; five cards to each, then
a face-down stock of three each that nobody looks at; a betting round from the
dealer's left before each of three swaps (discard one, take the top of your
own stock), and one more after the last swap unless the table skips it; then,
where the table declares, each says high, low or both. The best high hand
takes half the pot and the best low the other half (the low half rounded
down, so an odd chip goes high); ties share their half. A both caller must
win both ways outright, unless the table says a tie is enough.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals, so Ann
bets first.
"""

from __future__ import annotations

GAME = "draw-your-own"


def to_the_showdown(t, caller: str, folder: str, **settings: str) -> None:
    """Ante, every step to the showdown. Before the first swap Ann bets 3, `caller` calls
    too and `folder` folds; the three left check every later round."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal-hand")
    t.step("deal-stock")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 3)
    for who in ("Bob", "Cat", "Dan"):
        t.act(who, "fold" if who == folder else "call")
    bets = ("bet-2", "bet-3") + (("bet-4",) if settings.get("last-bet") != "no" else ())
    for swap, bet in zip(("swap-1", "swap-2", "swap-3"), (*bets, ""), strict=False):
        t.step(swap)
        if bet:
            t.step(bet)
            t.open()
            for who in sorted(("Ann", "Bob", caller)):
                t.act(who, "check")
    if settings.get("high-low-method") == "declare":
        t.step("declare")
    t.step("showdown")


def test_the_cards_speak_after_a_last_round(table):
    t = table
    to_the_showdown(t, "Dan", "Cat")
    # Ann, Bob and Dan 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=39, Dan=36, pot=13)
    t.cards("Ann", "Ks Kd Kc 4h 2s")  # three kings: the best high
    t.cards("Bob", "7h 5s 4c 3d 2h")  # seven-five: the best low
    t.cards("Dan", "8h 6d 5c 3h Ad")  # eight-six low
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 6 low (rounded down) and 7 high: Ann 36 + 7 = 43, Bob 36 + 6 = 42;
    # Cat 39, Dan 36. 43 + 42 + 39 + 36 = 160.
    t.expect(Ann=43, Bob=42, Cat=39, Dan=36, pot=0)


def test_declared_with_no_last_round_and_a_both_caller_tying_high(table):
    t = table
    settings = {"last-bet": "no", "high-low-method": "declare", "both-must-win-outright": "no"}
    to_the_showdown(t, "Cat", "Dan", **settings)
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    t.cards("Ann", "5d 4c 3h 2s Ad", declare="both")  # a wheel: five-high straight, best low
    t.cards("Bob", "7c 5h 4d 3c 2d", declare="low")  # seven-five low
    t.cards("Cat", "5s 4h 3d 2c Ah", declare="high")  # a wheel too
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: Ann shares high with Cat and takes low. 13 halves 6 low and
    # 7 high, shared 3 each and the odd chip to Ann, first from the dealer's left:
    # Ann 36 + 4 + 6 = 46, Cat 36 + 3 = 39; Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
