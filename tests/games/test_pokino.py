"""Pokino: whole rubbers, scored on the sheet the app keeps, and once played for money.

From the rule page: two players cut for the deal, which then alternates.
Each deal: five cards each; the non-dealer may draw (which doubles them) and
draw again (redoubles); the dealer's first draw is free, a second doubles and
a third redoubles. Five tricks are played out, then both poker hands are shown.
Below the line, a trick scores one point when the loser of it is under no
penalty, two when the loser is doubled, four when redoubled. Above the line:
a sweep of all five tricks 250, and an honor for the better poker hand only
(pair 50, two pair 100, three of a kind 200, straight 300, flush 400, full
house 500; four of a kind 900 and straight flush 750 as printed, or 750 and
900 in poker order; royal flush 1000). Twenty below the line in a game make
the game: 100 above, and the opponent's partials in that game are wiped (the
deal counted whole, so its tricks too). A second game wins the rubber: 750
more when the opponent has no game, 500 when they have one. Played for money,
the lower total pays the higher the agreed stake for each point of
difference, rounded to the nearest chip. No chips move otherwise.

Ann and Dan play, 40 chips each at 0.05 (400 when the rubber is for money);
Dan deals first, so Ann leads the tricks of the odd deals.
"""

from __future__ import annotations

GAME = "pokino"


def deal(t, tricks: list[tuple[str, str, int]], ann: str, dan: str, sweep: str = "") -> None:
    """One deal through its steps: the tricks scored as (rule, winner, tricks), a sweep, and
    the poker hands shown from each phone; the showdown is booked by the test."""
    t.step("deal")
    t.step("nondealer-draw")
    t.step("dealer-draw")
    t.step("tricks")
    for rule, winner, count in tricks:
        t.book(rule, winner=winner, count=count)
    if sweep:
        t.book("sweep-bonus", winner=sweep)
    t.step("showdown")
    t.cards("Ann", ann)
    t.cards("Dan", dan)


def test_a_rubber_won_two_games_to_one_for_a_cent_a_point_honors_as_printed(table):
    t = table
    t.sit("Ann", "Dan", chips=400)
    t.start(
        GAME, dealer="Dan", settings={"stakes": "per-point"}, agreed={"the stake per point": "0.01"}
    )
    # Deal 1, Dan deals and draws twice: doubled. Ann's 4 tricks at 2 = 8; Dan's 1 at 1.
    # Ann's aces beat Dan's king high: the pair honor, 50.
    deal(
        t,
        [("trick-doubled", "Ann", 4), ("trick-point", "Dan", 1)],
        ann="As Ad 9c 7h 4s",
        dan="Kh Qd 8s 5c 3h",
    )
    t.showdown(fires=["honor-pair"])
    t.points(Ann=58, Dan=1)  # Ann 50 above + 8 below; Dan 1 below
    t.expect(Ann=400, Dan=400, pot=0)  # points move no chips

    # Deal 2, Ann deals and draws three times: redoubled; Dan stands pat. Dan's 3 tricks
    # at 4 = 12; Ann's 2 at 1 = 2. Dan's two pair: 100.
    t.deal()
    deal(
        t,
        [("trick-redoubled", "Dan", 3), ("trick-point", "Ann", 2)],
        ann="Ah Kc 9d 5s 3c",
        dan="Jh Jc 6d 6s 2c",
    )
    t.showdown(fires=["honor-two-pair"])
    t.points(Ann=60, Dan=113)  # Ann 50 + 8 + 2; Dan 100 + 1 + 12

    # Deal 3, Dan deals; Ann draws once: doubled. Dan's 4 tricks at 2 = 8: 13 + 8 = 21
    # below, his game: 100 above. Ann's 1 trick at 1 makes her partial 11, wiped.
    # Dan's four eights: 900, as printed.
    t.deal()
    deal(
        t,
        [("trick-doubled", "Dan", 4), ("trick-point", "Ann", 1)],
        ann="Ah Qs Jd 5c 3h",
        dan="8h 8d 8c 8s Kd",
    )
    t.showdown(fires=["honor-four-kind"])
    # Dan 100 + 100 + 900 above, 21 below: 1,121. Ann 50 above, 0 below (11 wiped): 50.
    t.points(Ann=50, Dan=1121)

    # Deal 4, Ann deals; Dan draws twice: redoubled. Ann sweeps, 5 tricks at 4 = 20: her
    # game (100) and the sweep (250). Her straight flush: 750, as printed.
    t.deal()
    deal(
        t,
        [("trick-redoubled", "Ann", 5)],
        sweep="Ann",
        ann="Kc Qc Jc Tc 9c",
        dan="8h 7d 5s 4h 2d",
    )
    t.showdown(fires=["honor-straight-flush"])
    # Ann 50 + 250 + 100 + 750 = 1,150 above, 20 below: 1,170. One game each.
    t.points(Ann=1170, Dan=1121)
    t.expect(Ann=400, Dan=400)

    # Deal 5, Dan deals; Ann draws twice: redoubled. Dan sweeps, 5 at 4 = 20: his second
    # game (100), the rubber (500, Ann having a game) and the sweep (250). His royal: 1,000.
    t.deal()
    deal(
        t,
        [("trick-redoubled", "Dan", 5)],
        sweep="Dan",
        ann="9s 8d 6c 4s 2h",
        dan="Ah Kh Qh Jh Th",
    )
    t.showdown(fires=["honor-royal-flush"])
    # Dan 1,100 + 250 + 100 + 500 + 1,000 = 2,950 above, 21 + 20 = 41 below: 2,991.
    t.points(Ann=1170, Dan=2991)
    # 2,991 - 1,170 = 1,821 points at $0.01 = $18.21 = 364.2 chips of $0.05: 364.
    t.expect(Ann=36, Dan=764, pot=0)  # Ann pays Dan 364: 400 - 364, 400 + 364


def test_a_rubber_won_two_games_to_none_for_points_honors_in_poker_order(table):
    t = table
    t.sit("Ann", "Dan", chips=40)
    t.start(GAME, dealer="Dan", settings={"honors-order": "swapped"})
    # Deal 1, Dan deals; nobody doubled. Ann's 3 tricks at 1, Dan's 2. Ann's three
    # queens beat Dan's pair: 200.
    deal(
        t,
        [("trick-point", "Ann", 3), ("trick-point", "Dan", 2)],
        ann="Qh Qd Qc 7s 2d",
        dan="Kh Kd 9c 5s 3h",
    )
    t.showdown(fires=["honor-trips"])
    t.points(Ann=203, Dan=2)  # Ann 200 + 3; Dan 2

    # Deal 2, Ann deals; nobody doubled. Ann's 2 tricks at 1, Dan's 3. Dan's straight: 300.
    t.deal()
    deal(
        t,
        [("trick-point", "Dan", 3), ("trick-point", "Ann", 2)],
        ann="Ah Ad 8c 4s 2h",
        dan="Th 9d 8s 7c 6h",
    )
    t.showdown(fires=["honor-straight"])
    t.points(Ann=205, Dan=305)  # Ann 200 + 5 below; Dan 300 + 5 below

    # Deal 3, Dan deals and draws twice: doubled. Ann's 4 tricks at 2 = 8, Dan's 1 at 1.
    # Ann's flush: 400.
    t.deal()
    deal(
        t,
        [("trick-doubled", "Ann", 4), ("trick-point", "Dan", 1)],
        ann="Ks Js 9s 6s 3s",
        dan="Qd Qc Td 5h 4c",
    )
    t.showdown(fires=["honor-flush"])
    t.points(Ann=613, Dan=306)  # Ann 600 above, 5 + 8 = 13 below; Dan 300, 6

    # Deal 4, Ann deals; Dan draws twice: redoubled. Ann's 2 tricks at 4 = 8: 21 below, her
    # game (100). Dan's 3 tricks at 1 make his partial 9, wiped. Dan's full house: 500.
    t.deal()
    deal(
        t,
        [("trick-point", "Dan", 3), ("trick-redoubled", "Ann", 2)],
        ann="Ac Kd 7h 5d 2s",
        dan="Jh Jd Js 4c 4h",
    )
    t.showdown(fires=["honor-full-house"])
    # Ann 700 above, 21 below: 721. Dan 800 above, 0 below (9 wiped): 800.
    t.points(Ann=721, Dan=800)

    # Deal 5, Dan deals and draws twice: doubled. Ann's 3 tricks at 2 = 6, Dan's 2 at 1.
    # Ann's four sixes: 750 in poker order.
    t.deal()
    deal(
        t,
        [("trick-doubled", "Ann", 3), ("trick-point", "Dan", 2)],
        ann="6h 6d 6c 6s 2d",
        dan="Ah Kc Qd 9s 7h",
    )
    t.showdown(fires=["honor-four-kind-swapped"])
    t.points(Ann=1477, Dan=802)  # Ann 1,450 above, 21 + 6 below; Dan 800 + 2

    # Deal 6, Ann deals; Dan draws twice: redoubled. Ann's 4 tricks at 4 = 16: 6 + 16 = 22,
    # her second game (100) and the rubber (750, Dan having none). Dan's 1 trick at 1 makes
    # his partial 3, wiped. Ann's straight flush: 900 in poker order.
    t.deal()
    deal(
        t,
        [("trick-redoubled", "Ann", 4), ("trick-point", "Dan", 1)],
        ann="Td 9d 8d 7d 6d",
        dan="Ac Ks Qh 4s 2c",
    )
    t.showdown(fires=["honor-straight-flush-swapped"])
    # Ann 1,450 + 100 + 750 + 900 = 3,200 above, 21 + 22 below: 3,243. Dan 800, 0 below.
    t.points(Ann=3243, Dan=800)
    t.expect(Ann=40, Dan=40, pot=0)  # played for points: no chips move
