"""Boo Ray: whole games of deals, until a pot is won and nothing refills it.

From the rule page: the table antes to start the game's pot (by default the
first deal only; every deal, if the table says so). Five cards each, a trump
turned, and everyone opens a fist at once: a chip in it means in (a signal
only, or dropped in the pot, as the table says). Nobody in: the pot stays
for the next deal (everyone anteing again, if the table says so). One player
in takes the pot without playing (or the dealer must play against them).
Those in exchange cards and play five tricks. Most tricks takes the pot;
tricks split 2-2-1 win nothing and the pot stays (carried over); any other
tie for most wins nothing either, or shares the pot, as the table says. Each
player in who took no trick pays the agreed Boo Ray amount into the next
deal's pot (or into this one before the winner collects). The game ends when
a pot is won and no Boo Ray refills it. There is no showdown of hands: the
dealer ticks who took the pot and who took no trick.

Ann, Bob, Cat and Dan (and Eve, where five play) buy in 40 chips each; the
last seated deals first and the deal moves left. The ante is 1 chip.
"""

from __future__ import annotations

GAME = "boo-ray"
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def fists(t, out: list[str], ante: bool = True) -> None:
    """Deal (after the ante step, if the deal has one), turn the trump and open the fists:
    `out` sat out."""
    if ante:
        t.step("deal")
    t.step("trump")
    t.step("declare")
    t.name("folded", *out)


def tricks(t) -> None:
    t.step("exchange")
    t.step("tricks")
    t.step("settle")


def test_no_trick_pays_into_the_next_pot_and_the_dealer_plays_a_lone_player(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start(
        GAME,
        dealer="Dan",
        settings={"lone-player": "dealer-plays"},
        agreed={"the table's ante": 1, "the Boo Ray amount": 3},
    )
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    # Deal 1: everyone sits out. The pot stays for the next deal.
    fists(t, out=["Ann", "Bob", "Cat", "Dan"])
    t.end_deal()
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=0, riding=4)

    # Deal 2, Ann deals; no ante, the pot is not empty. Ann, Bob and Cat play: Ann takes
    # 3 tricks, Bob 2, Cat none.
    t.deal()
    fists(t, out=["Dan"], ante=False)
    tricks(t)
    t.settle(win=["Ann"], tick={"boo-ray": {"losers": ["Cat"]}})
    # Ann takes the pot of 4: 43. Cat pays 3 into the next pot: 36. 3 ride.
    t.expect(Ann=43, Bob=39, Cat=36, Dan=39, pot=0, riding=3)

    # Deal 3, Bob deals. All four play; the tricks go 2-2-1 and none to Dan: nobody wins.
    t.deal()
    fists(t, out=[], ante=False)
    tricks(t)
    t.settle(tick={"boo-ray": {"losers": ["Dan"]}, "carry-over": {}})
    # Dan pays 3: 36. The pot of 3 stays and Dan's 3 join it: 6 ride.
    t.expect(Ann=43, Bob=39, Cat=36, Dan=36, pot=0, riding=6)

    # Deal 4, Cat deals. Only Bob declares in, so Cat, the dealer, must play him: Bob
    # takes 3 tricks, Cat 2. Bob takes the pot and nobody refills it: the game is over.
    t.deal()
    fists(t, out=["Ann", "Dan"], ante=False)
    tricks(t)
    t.settle(win=["Bob"])
    # Bob 39 + 6 = 45. 43 + 45 + 36 + 36 = 160.
    t.expect(Ann=43, Bob=45, Cat=36, Dan=36, pot=0, riding=0)


def test_five_ante_every_deal_pay_into_this_pot_and_share_a_tie(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", "Eve", chips=40)
    t.start(
        GAME,
        dealer="Eve",
        settings={
            "ante-each-deal": "every-deal",
            "nobody-in": "redeal-ante",
            "penalty-pot": "this-pot",
            "tied-tricks": "split",
            "declare-coin": "into-pot",
        },
        agreed={"the table's ante": 1, "the Boo Ray amount": 5},
    )
    t.book("ante-every-deal")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, Eve=39, pot=5)  # 40 - 1 each; 5 antes
    # Deal 1, Eve deals: everyone sits out, and everyone antes again for the redeal.
    fists(t, out=["Ann", "Bob", "Cat", "Dan", "Eve"])
    t.book("nobody-in-ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, Eve=38, pot=10)  # 39 - 1 each; 5 + 5
    t.end_deal()
    t.expect(pot=0, riding=10)

    # Deal 2, Ann deals: the ante again (37 each; 10 + 5 = 15). All five play and drop
    # their chips in: 36 each, pot 20.
    t.deal()
    t.book("ante-every-deal")
    t.expect(Ann=37, Bob=37, Cat=37, Dan=37, Eve=37, pot=15)
    fists(t, out=[])
    t.book("declare-chip", stayers=FIVE)
    t.expect(Ann=36, Bob=36, Cat=36, Dan=36, Eve=36, pot=20)
    # Ann 2 tricks, Bob 2, Cat 1, Dan and Eve none: 2-2-1, nobody wins. Dan and Eve pay
    # 5 each into this pot (31 each; 20 + 10 = 30), and it stays for the next deal.
    tricks(t)
    t.settle(tick={"boo-ray-this-pot": {"losers": ["Dan", "Eve"]}, "carry-over": {}})
    t.expect(Ann=36, Bob=36, Cat=36, Dan=31, Eve=31, pot=0, riding=30)

    # Deal 3, Bob deals: the ante (35, 35, 35, 30, 30; 30 + 5 = 35) and all five in, chips
    # in (34, 34, 34, 29, 29; pot 40). One trick each: tied for most, they share the pot.
    t.deal()
    t.book("ante-every-deal")
    fists(t, out=[])
    t.book("declare-chip", stayers=FIVE)
    t.expect(Ann=34, Bob=34, Cat=34, Dan=29, Eve=29, pot=40)
    tricks(t)
    t.settle(win=["Ann", "Bob", "Cat", "Dan", "Eve"])
    # 40 / 5 = 8 each: 42, 42, 42, 37, 37 = 200. Nothing rides: the game is over.
    t.expect(Ann=42, Bob=42, Cat=42, Dan=37, Eve=37, pot=0, riding=0)
