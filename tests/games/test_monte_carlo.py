"""Monte Carlo: five-card draw, jacks or better to open, three of a kind or better to win.

From the rule page: a new game starts with everyone anteing the agreed
amount into an empty pot (the step is skipped while a pot rides). Five
cards each, face down; somebody must claim jacks or better before play
goes on, else the cards are thrown in and dealt again, the pot waiting
(and, at a table that says so, everyone antes again first). A betting
round from the dealer's left; a draw of up to three cards (four with an ace
kept and shown, unless the table says three); a second betting round; the
showdown. Only three of a kind or better takes the pot: with no trips
shown nobody wins, the whole pot rolls over to the next deal and everyone
antes again (or only the players still in, who alone play the next deal,
as the table chooses). When everyone else folds, the last player takes the
pot (or, at a table that asks for trips even then, without trips to show
the pot stays for the next deal).

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals first and the deal
moves left. The table's ante is 1 chip.
"""

from __future__ import annotations

GAME = "monte-carlo"
ANTE = {"the table's ante": 1}


def test_no_trips_rolls_the_pot_over_everyone_antes_and_a_fold_takes_it(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "fold-out": "takes-pot",
        "no-opener-ante": "no",
        "draw-limit": "ace-four",
        "rollover-players": "everyone",
    }
    t.start(GAME, dealer="Dan", settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 in the pot
    t.step("deal")
    t.step("open")  # Bob claims jacks
    t.step("bet-1")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "call")
    # Ann, Bob and Cat put in 2 each: 37 each; the pot 4 + 6 = 10.
    t.expect(Ann=37, Bob=37, Cat=37, Dan=39, pot=10)
    t.step("draw-ace")
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.act("Cat", "check")
    t.step("showdown")
    t.cards("Ann", "Jh Jd 8c 8s 3d")  # two pair
    t.cards("Bob", "Ah Kd Qc Js 9h")  # his jacks broken for a straight draw that missed
    t.cards("Cat", "Th Td 5c 5s 2h")  # two pair
    # Nobody has trips, so the fill gives the pot to nobody; the table ticks the roll-over
    # and the re-ante. The whole pot, 10, rolls over, and everyone antes 1 again on top
    # of it, Dan (who folded) too: Ann 36, Bob 36, Cat 36, Dan 38; 10 + 4 = 14 rides.
    t.showdown(fires=[], tick={"rollover": {}, "reante": {}})
    t.expect(Ann=36, Bob=36, Cat=36, Dan=38, pot=0, riding=14)
    t.over(False)

    # Deal 2, Ann deals: the pot rides in, so nobody antes at the start.
    t.deal()
    t.expect(step="deal", pot=14, riding=0)
    t.step("open")  # Cat claims jacks
    t.step("bet-1")
    t.open()
    t.act("Bob", "bet", 2)
    t.act("Cat", "fold")
    t.act("Dan", "fold")
    t.act("Ann", "fold")
    # Everyone else folded: Bob's bet, which nobody called, comes back to him, and he takes
    # the pot of 14 without showing. Bob 36 + 14 = 50.
    t.fold_out("Bob")
    # 36 + 50 + 36 + 38 = 160.
    t.expect(Ann=36, Bob=50, Cat=36, Dan=38, pot=0, riding=0)
    t.over()


def test_no_opener_antes_again_the_stayers_play_on_and_a_lone_player_needs_trips(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {
        "fold-out": "needs-trips",
        "no-opener-ante": "yes",
        "draw-limit": "three",
        "rollover-players": "stayers",
    }
    t.start(GAME, dealer="Dan", settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 in the pot
    t.step("deal")
    t.step("open")
    # Nobody can open: everyone antes again before the redeal. 38 each; the pot 8.
    t.book("no-opener-ante")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=8)
    t.jump("deal")  # back a step: the cards thrown in and dealt again, into the same pot
    t.step("open")  # Ann claims jacks
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "call")
    # Ann, Bob and Dan put in 2 each: 36 each; the pot 8 + 6 = 14.
    t.expect(Ann=36, Bob=36, Cat=38, Dan=36, pot=14)
    t.step("draw")  # up to three cards, ace or not
    t.step("bet-2")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.act("Dan", "check")
    t.step("showdown")
    t.cards("Ann", "Qh Qd 9c 9s 3d")  # two pair
    t.cards("Bob", "Ah Ad Kc 7s 4h")  # aces
    t.cards("Dan", "Jh Jc 6d 6s 2c")  # two pair
    # No trips: the 14 rolls over and only the three still in ante 1 again, not Cat:
    # Ann 35, Bob 35, Dan 35, Cat 38; 14 + 3 = 17 rides.
    stayers = {"stayers": ["Ann", "Bob", "Dan"]}
    t.showdown(fires=[], tick={"rollover": {}, "reante-stayers": stayers})
    t.expect(Ann=35, Bob=35, Cat=38, Dan=35, pot=0, riding=17)
    t.over(False)

    # Deal 2, Ann deals to the three who stayed; the pot rides in, so nobody antes.
    t.deal(players=("Ann", "Bob", "Dan"))
    t.expect(step="deal", pot=17, riding=0)
    t.step("open")  # Bob claims jacks
    t.step("bet-1")
    t.open()
    t.act("Bob", "bet", 3)
    t.act("Dan", "fold")
    t.act("Ann", "fold")
    # Nobody called: Bob's 3 come back to him. He has only his jacks, no trips, so the 17
    # stays for the next deal.
    t.expect(Bob=35, pot=17)
    t.book("fold-out-no-trips")
    t.end_deal()
    t.expect(Ann=35, Bob=35, Cat=38, Dan=35, pot=0, riding=17)
    t.over(False)

    # Deal 3, Bob deals to the same three.
    t.deal(players=("Ann", "Bob", "Dan"))
    t.expect(step="deal", pot=17, riding=0)
    t.step("open")  # Dan claims jacks
    t.step("bet-1")
    t.open()
    t.act("Dan", "bet", 2)
    t.act("Ann", "call")
    t.act("Bob", "call")
    t.expect(Ann=33, Bob=33, Dan=33, pot=23)  # 35 - 2 each; 17 + 6 in the pot
    t.step("draw")
    t.step("bet-2")
    t.open()
    t.act("Dan", "check")
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("showdown")
    t.cards("Ann", "8h 8d 8c Ks 4h")  # three eights: good enough to win
    t.cards("Bob", "Ah Ad Kc 7s 4d")  # aces
    t.cards("Dan", "9h 8s 7d 6c 5h")  # a straight: better
    t.showdown(fires=[], win=["Dan"])
    # Dan takes the 23: 33 + 23 = 56. 33 + 33 + 38 + 56 = 160.
    t.expect(Ann=33, Bob=33, Cat=38, Dan=56, pot=0, riding=0)
    t.over()
