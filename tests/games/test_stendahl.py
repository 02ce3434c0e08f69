"""Stendahl: seven-card stud scored by points, the biggest and smallest totals split.

From the rule page: everyone antes; two cards down and one up, a round, three
more up and the last down, a round after each. Each round is opened by the
player whose up cards show the biggest plus total. No poker hands: pictures
and tens count 10, aces 15, other cards their number, red plus and black
minus. From their seven cards each player picks five for high and five
(the same or others) for low; the biggest total once its sign is dropped
takes the high half, the smallest the low half, so one player can take both.
Tied players share a half, its odd chip to the first of them on the dealer's
left; an odd chip of the pot goes high, or low if the table says so.

Ann, Bob, Cat and Dan buy in 40 chips each and ante 1; Dan deals. On third
street Ann, showing the biggest plus total, bets 3, Bob and Cat call and Dan
folds: Ann, Bob and Cat 40 - 1 - 3 = 36, Dan 39, the pot 4 + 9 = 13.
"""

from __future__ import annotations

GAME = "stendahl"
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


def play_the_streets(t, openers: tuple[str, ...], **settings: str) -> None:
    """The deal to the count; `openers`: who shows the biggest plus total on each street."""
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    for street, opener in zip(STREETS, openers, strict=True):
        t.step(f"{street}-street")
        t.step(f"bet-{street}")
        t.open(opener)
        if street == "third":
            t.act("Ann", "bet", 3)
            t.act("Bob", "call")
            t.act("Cat", "call")
            t.act("Dan", "fold")
            t.expect(Ann=36, Bob=36, Cat=36, Dan=39, pot=13)  # 39 - 3 for three; 4 + 9
            continue
        order = ("Ann", "Bob", "Cat")
        for who in order[order.index(opener) :] + order[: order.index(opener)]:
            t.act(who, "check")
    t.step("showdown")


def test_a_tie_for_high_shares_its_half_and_the_odd_chip_goes_high(table):
    t = table
    play_the_streets(t, ("Ann",) * 5)  # Ann shows +10, +20, +30, +28: always the biggest
    t.cards("Ann", "Ah Kd Qh Jd Th 2s 3c", up="Qh Jd Th 2s")  # A K Q J T red: +55
    t.cards("Bob", "5h 5c 4d 4s 3h 3s 8c", up="4d 4s 3h 3s")  # 5h 4d 3h 4s 8c: 0
    t.cards("Cat", "As Ks Qs Js Tc 9d 8h", up="Qs Js Tc 9d")  # A K Q J T black: -55
    t.showdown(win=["Ann", "Cat"], low=["Bob"])
    # High, 55 with the sign dropped, is tied: its 7 (the odd chip high, the default) shared,
    # 3 each and the odd one to Ann, first on the dealer's left: Ann 36 + 4 = 40, Cat 39;
    # low 6 to Bob: 42. 40 + 42 + 39 + 39 = 160.
    t.expect(Ann=40, Bob=42, Cat=39, Dan=39, pot=0)


def test_one_player_takes_both_halves_with_two_fives_and_the_odd_chip_low(table):
    t = table
    # Ann shows +10, +13, +11 first; on sixth street her black queen leaves her +1 and Bob
    # (8d 8c 7h 6d) shows +13: he opens sixth and seventh.
    settings = {"absolute": "sum-of-abs", "odd-chip": "low"}
    play_the_streets(t, ("Ann", "Ann", "Ann", "Bob", "Bob"), **settings)
    # Every card counted without its sign (the table's reading of "absolute"):
    t.cards("Ann", "As Kh Qs Jh 2c 3d 4s", up="Jh 3d 2c Qs")  # high 15+10+10+10+4 = 49,
    # low 2+3+4+10+10 = 29
    t.cards("Bob", "9h 9s 8d 8c 7h 6d 5s", up="8d 8c 7h 6d")  # high 9+9+8+8+7 = 41,
    # low 5+6+7+8+8 = 34
    t.cards("Cat", "Td Tc 9d 9c 8h 8s 7s", up="9d 9c 8h 8s")  # high 10+10+9+9+8 = 46,
    # low 7+8+8+9+9 = 41
    t.showdown(win=["Ann"], low=["Ann"])
    # Ann's two fives win both halves: all 13 (low 7 with the odd chip, high 6): 36 + 13 = 49.
    # 49 + 36 + 36 + 39 = 160.
    t.expect(Ann=49, Bob=36, Cat=36, Dan=39, pot=0)
