"""Show Five Cards: seven cards down, five turned up together one at a time, a bet after each.

From the rule page: everyone antes the agreed amount and gets seven cards
down; on the dealer's signal all turn one card up at the same moment, with a
betting round after each flip (the best cards showing open), until five
show; then, where the table declares, each says high, low or both. The five
cards turned up are the hand (the default). Played high-low by default: the
best high hand takes half the pot and the best low the other half (the low
half rounded down, so an odd chip goes high); ties share their half. The
table may declare instead of letting the cards speak (a both caller must then
win both ways outright, unless a tie is enough), or play for high only, the
best hand taking it all.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals. The dealer
names Ann to open each round: her cards show best.
"""

from __future__ import annotations

GAME = "show-five-cards"


def to_the_showdown(t, caller: str, folder: str, **settings: str) -> None:
    """Ante, every step to the showdown. On the first flip Ann bets 3, `caller` calls too,
    `folder` folds; the three left check every later round."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes in the pot
    t.step("deal")
    t.step("flip-1")
    t.step("bet-1")
    t.open("Ann")
    t.act("Ann", "bet", 3)
    for who in ("Bob", "Cat", "Dan"):
        t.act(who, "fold" if who == folder else "call")
    for n in (2, 3, 4, 5):
        t.step(f"flip-{n}")
        t.step(f"bet-{n}")
        t.open("Ann")
        for who in sorted(("Ann", "Bob", caller)):
            t.act(who, "check")
    if settings.get("split") == "high-low-declare":
        t.step("declare")
    t.step("showdown")


ANN = ("As Ks Qs Js 9s 2h 3h", "As Ks Qs Js 9s")  # a spade flush
BOB = ("6c 4d 3s 2c Ad Kh Kc", "6c 4d 3s 2c Ad")  # six-four low; the kings stay hidden
DAN = ("8d 7d 5h 4h 2d Qc Qd", "8d 7d 5h 4h 2d")  # eight-seven low


def test_the_five_cards_turned_up_speak_high_and_low(table):
    t = table
    to_the_showdown(t, "Dan", "Cat")
    # Ann, Bob and Dan 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=39, Dan=36, pot=13)
    t.cards("Ann", ANN[0], up=ANN[1])
    t.cards("Bob", BOB[0], up=BOB[1])
    t.cards("Dan", DAN[0], up=DAN[1])
    t.showdown(win=["Ann"], low=["Bob"])
    # 13 halves 6 low (rounded down) and 7 high: Ann 36 + 7 = 43, Bob 36 + 6 = 42;
    # Cat 39, Dan 36. 43 + 42 + 39 + 36 = 160.
    t.expect(Ann=43, Bob=42, Cat=39, Dan=36, pot=0)


def test_for_high_only_the_flush_takes_it_all(table):
    t = table
    to_the_showdown(t, "Dan", "Cat", split="high-only")
    t.expect(Ann=36, Bob=36, Cat=39, Dan=36, pot=13)  # as above
    t.cards("Ann", ANN[0], up=ANN[1])
    t.cards("Bob", BOB[0], up=BOB[1])  # Bob's hidden kings do not play
    t.cards("Dan", DAN[0], up=DAN[1])
    t.showdown(win=["Ann"])
    # No halves: Ann's flush takes all 13, 36 + 13 = 49. 49 + 36 + 39 + 36 = 160.
    t.expect(Ann=49, Bob=36, Cat=39, Dan=36, pot=0)


def test_declared_and_a_both_caller_tying_high_keeps_a_share(table):
    t = table
    settings = {"split": "high-low-declare", "both-must-win-outright": "no"}
    to_the_showdown(t, "Cat", "Dan", **settings)
    # Ann, Bob and Cat 39 - 3 = 36; the pot 4 + 9 = 13.
    t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)
    # Ann calls both: the wheel she turned up, a five-high straight and the best low.
    t.cards("Ann", "5d 4c 3h 2s Ad Kd Ks", up="5d 4c 3h 2s Ad", declare="both")
    t.cards("Bob", "7c 5h 4d 3c 2d 9s 9h", up="7c 5h 4d 3c 2d", declare="low")
    t.cards("Cat", "5s 4h 3d 2c Ah Qs Qh", up="5s 4h 3d 2c Ah", declare="high")  # a wheel
    t.showdown(win=["Ann", "Cat"], low=["Ann"])
    # A tie is enough here: Ann shares high with Cat and takes low. 13 halves 6 low and
    # 7 high, shared 3 each and the odd chip to Ann, first from the dealer's left:
    # Ann 36 + 4 + 6 = 46, Cat 36 + 3 = 39; Bob 36, Dan 39. 46 + 36 + 39 + 39 = 160.
    t.expect(Ann=46, Bob=36, Cat=39, Dan=39, pot=0)
