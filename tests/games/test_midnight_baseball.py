"""Midnight Baseball, Indian Midnight Baseball and Baseball (Daytime): the baseball cards.

From the rule pages: everyone antes the table's ante. Threes and nines are
wild; a black six turned up kills its hand; a four turned up lets its owner
buy one more card for a quarter, into the pot. With Wild tax on, a three or
nine is wild only once its holder pays a quarter for it, into the pot. With
Rainout on, a seven of diamonds turned up stops the hand: the pot stays for a
redeal to everyone who has not folded (with rainout-ante, each of them antes
again first).

Midnight Baseball: seven cards each, unseen; from the dealer's left each
player in turn flips until their face-up cards beat the best hand showing,
and a betting round follows each turn that ends in the lead, opened by the
player who just flipped. The best hand showing at the end wins, however few cards it has.
With wild-tax-timing "any-time", a three or nine left unpaid may still be
paid for at any point before the showdown. Indian Midnight Baseball is the
same, except that the flipped cards face everyone but their owner; with
wild-tax-indian "announce" the others say "wild tax" when one turns up, and
with "off" the tax is not played. Baseball (Daytime) is dealt as seven card
stud (two down, one up, two down, one up, one up) with a betting round after
each wave (after the first two only if first-bet is "yes"); with down-four
"yes", a four among the down cards buys a card when turned over at the end.

The night's smallest chip is worth $0.05, so a quarter is 5 chips. Ann, Bob,
Cat and Dan buy in 40 chips each; Dan deals; the ante is 1 chip.
"""

from __future__ import annotations

ANTE = {"the table's ante": 1}
QUARTER = 5


def checked_round(t, opener: str, *others: str) -> None:
    t.open(opener)
    for name in (opener, *others):
        t.act(name, "check")


# --- Midnight Baseball ---------------------------------------------------------------------------


def test_midnight_a_four_bought_a_wild_paid_then_rained_out_with_a_new_ante(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"rainout-ante": "yes", "wild-tax-timing": "at-once"}
    t.start("midnight-baseball", options=["wild-tax", "rainout"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("reveal")
    # Ann flips first: a 4, and she buys a card; then a 9, and she pays to make it wild.
    t.book("buy-four", actor="Ann")
    t.book("wild-tax-pay", actor="Ann")
    t.expect(Ann=29, pot=14)  # 39 - 5 - 5; the pot 4 + 10
    t.step("rainout-check")  # no seven of diamonds
    t.step("bet")
    t.open("Ann")  # Ann has just taken the lead
    t.act("Ann", "check")
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "call")
    t.expect(Ann=27, Bob=37, Cat=37, Dan=39, pot=20)  # 2 from Ann, Bob, Cat; 14 + 6
    t.again()
    # Bob's turn: he flips the seven of diamonds. Rained out.
    t.step("rainout-check")
    t.book("rainout-ante")  # Ann, Bob and Cat, still in, ante again: 1 each
    t.expect(Ann=26, Bob=36, Cat=36, Dan=39, pot=23)
    t.book("rainout-carry")  # the 23 wait for the redeal
    t.expect(pot=0, riding=23)
    t.end_deal()
    # Dealt again to Ann, Bob and Cat; Dan, who folded, stays out and deals.
    t.deal(dealer="Dan", players=("Ann", "Bob", "Cat"))
    t.expect(Ann=26, Bob=36, Cat=36, Dan=39, pot=23, riding=0)  # 137 + 23 = 160
    t.step("deal")  # the pot already holds this hand's antes
    t.step("reveal")
    t.step("rainout-check")
    t.step("bet")
    t.open("Ann")
    t.act("Ann", "bet", 3)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    t.expect(Ann=49, Bob=36, Cat=36, Dan=39, pot=0)  # her 3 back uncalled, and the 23


def test_midnight_a_wild_paid_for_late_and_the_best_short_hand_wins(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"wild-tax-timing": "any-time", "laps": "one-lap"}
    t.start("midnight-baseball", options=["wild-tax"], settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("reveal")  # Ann flips 3c, Kd, Ks: a pair of kings, the three left unpaid
    t.step("bet")
    checked_round(t, "Ann", "Bob", "Cat", "Dan")
    t.again()
    # Bob flips 4d and buys a card; then Qh, Qd, Qc: three queens lead.
    t.book("buy-four", actor="Bob")
    t.expect(Bob=34, pot=9)
    t.step("bet")
    t.open("Bob")
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "call")
    t.book("wild-tax-late", actor="Ann")  # the round over, Ann pays for her 3 after all
    # Ann 39 - 5 - 2 = 32, Bob 34 - 2 = 32, Cat 37; the pot 9 + 5 + 6 = 20.
    t.expect(Ann=32, Bob=32, Cat=37, Dan=39, pot=20)
    t.again()
    # Cat flips 9h and pays for it at once; then 8h, 8d, 8c: four eights lead.
    t.book("wild-tax-pay", actor="Cat")
    t.expect(Cat=32, pot=25)
    t.step("bet")
    checked_round(t, "Cat", "Ann", "Bob")
    # Dan folded, so every player still in has had a turn: one lap, the showdown.
    t.step("showdown")
    t.cards("Ann", "3c Kd Ks", up="3c Kd Ks")  # the paid 3 wild: three kings
    t.cards("Bob", "4d Qh Qd Qc 2s", up="4d Qh Qd Qc 2s")  # three queens, the bought 2s
    t.cards("Cat", "9h 8h 8d 8c", up="9h 8h 8d 8c")  # the paid 9 wild: four eights
    t.showdown(fires=[], win=["Cat"])
    t.expect(Ann=32, Bob=32, Cat=57, Dan=39, pot=0)  # Cat 32 + 25; 160


# --- Indian Midnight Baseball --------------------------------------------------------------------


def test_indian_told_to_buy_and_to_pay_then_rained_out_and_a_black_six_dead(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"laps": "one-lap"}
    options = ["wild-tax", "rainout"]
    t.start("indian-midnight-baseball", options=options, settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("reveal")
    # Ann turns up a 4 she cannot see: "option to buy", and she buys; then a 3: "wild tax",
    # and she pays.
    t.book("buy-four", actor="Ann")
    t.book("wild-tax-pay", actor="Ann")
    t.expect(Ann=29, pot=14)  # 39 - 5 - 5; the pot 4 + 10
    t.step("rainout-check")  # no seven of diamonds
    t.step("bet")
    t.open("Ann")
    t.act("Ann", "check")
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "call")
    t.act("Ann", "fold")
    t.expect(Ann=29, Bob=37, Cat=37, Dan=37, pot=20)  # 2 from Bob, Cat, Dan; 14 + 6
    t.again()
    # Bob turns up the seven of diamonds: rained out, and no new ante at this table.
    t.step("rainout-check")
    t.book("rainout-carry")
    t.expect(pot=0, riding=20)
    t.end_deal()
    # Dealt again to Bob, Cat and Dan; Ann, who folded, stays out.
    t.deal(dealer="Dan", players=("Bob", "Cat", "Dan"))
    t.expect(Ann=29, Bob=37, Cat=37, Dan=37, pot=20, riding=0)
    t.step("deal")
    order = ("Bob", "Cat", "Dan")
    # Bob: Kh, "stop"; Cat: 9s (unpaid), "go", 6c, "stop"; Dan: 2c, "go", Ah, "stop"
    for turn in range(3):
        if turn:
            t.again()
        else:
            t.step("reveal")
        t.step("rainout-check")
        t.step("bet")
        checked_round(t, *(order * 2)[turn : turn + 3])  # from the one who flipped
    t.step("showdown")  # one lap: everyone still in has had a turn
    t.cards("Bob", "Kh", up="Kh")  # king high
    t.cards("Cat", "9s 6c", up="9s 6c")  # the black six: dead, though told only "stop"
    t.cards("Dan", "2c Ah", up="2c Ah")  # ace high: the best hand showing
    t.showdown(fires=[], win=["Dan"])
    t.expect(Ann=29, Bob=37, Cat=37, Dan=57, pot=0)  # Dan 37 + 20; 160


def test_indian_no_wild_tax_a_rainout_with_a_new_ante_and_a_pair_beats_a_wild(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"laps": "one-lap", "wild-tax-indian": "off", "rainout-ante": "yes"}
    options = ["wild-tax", "rainout"]
    t.start("indian-midnight-baseball", options=options, settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal")
    t.step("reveal")  # Ann's first card is the seven of diamonds: rained out at once
    t.step("rainout-check")
    t.book("rainout-ante")  # all four still in ante again
    t.book("rainout-carry")
    t.expect(Ann=38, Bob=38, Cat=38, Dan=38, pot=0, riding=8)
    t.end_deal()
    t.deal(dealer="Dan")
    t.expect(pot=8, riding=0)
    t.step("deal")
    t.step("reveal")  # Ann turns up 3h: wild, free at this table; it stands as an ace
    t.step("rainout-check")
    t.step("bet")
    t.open("Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.act("Dan", "fold")
    t.expect(Ann=36, Bob=36, Cat=38, Dan=38, pot=12)  # 2 from Ann and Bob; 8 + 4
    t.again()  # Bob: Kd does not beat an ace, "go"; Ks, a pair, "stop"
    t.step("rainout-check")
    t.step("bet")
    t.open("Bob")
    t.act("Bob", "bet", 2)
    t.act("Ann", "call")
    t.expect(Ann=34, Bob=34, pot=16)
    t.step("showdown")  # Cat and Dan folded: one lap is done
    t.cards("Ann", "3h", up="3h")  # a lone wild: ace high
    t.cards("Bob", "Kd Ks", up="Kd Ks")  # a pair of kings
    t.showdown(fires=[], win=["Bob"])
    t.expect(Ann=34, Bob=50, Cat=38, Dan=38, pot=0)  # Bob 34 + 16; 160


# --- Baseball (Daytime) --------------------------------------------------------------------------


def test_daytime_no_first_round_a_four_bought_a_nine_paid_then_rained_out(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    settings = {"first-bet": "no", "rainout-ante": "yes"}
    options = ["wild-tax", "rainout"]
    t.start("baseball-daytime", options=options, settings=settings, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal-1")
    t.step("deal-2")  # no betting on the first two down cards at this table
    t.book("buy-four", actor="Ann")  # Ann's 4c up: she buys a card
    t.book("wild-tax-pay", actor="Bob")  # Bob's 9h up: he pays to make it wild
    t.expect(Ann=34, Bob=34, Cat=39, Dan=39, pot=14)  # a quarter, 5 chips, each
    t.step("bet-2")
    t.open("Bob")  # his paid wild is the best card showing
    t.act("Bob", "bet", 2)
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.act("Ann", "call")
    t.expect(Ann=32, Bob=32, Cat=37, Dan=39, pot=20)  # 2 from Ann, Bob, Cat; 14 + 6
    t.step("deal-3")
    t.step("bet-3")
    checked_round(t, "Bob", "Cat", "Ann")
    t.step("deal-4")  # Cat's up card is the seven of diamonds: rained out
    t.book("rainout-ante")  # Ann, Bob and Cat, still in, ante again
    t.book("rainout-carry")
    t.expect(Ann=31, Bob=31, Cat=36, Dan=39, pot=0, riding=23)  # 137 + 23 = 160
    t.end_deal()
    t.deal(dealer="Dan", players=("Ann", "Bob", "Cat"))
    t.expect(pot=23, riding=0)  # the pot is not empty: no ante step, the cards come
    t.step("deal-2")
    t.step("bet-2")
    t.open("Ann")
    t.act("Ann", "bet", 3)
    t.act("Bob", "fold")
    t.act("Cat", "fold")
    t.fold_out("Ann")
    t.expect(Ann=54, Bob=31, Cat=36, Dan=39, pot=0)  # her 3 back uncalled, and the 23


def test_daytime_a_down_four_buys_at_the_end_and_a_down_three_is_paid_at_the_showdown(table):
    t = table
    t.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start("baseball-daytime", options=["wild-tax"], settings={"down-four": "yes"}, agreed=ANTE)
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("deal-1")
    t.step("bet-1")
    checked_round(t, "Ann", "Bob", "Cat", "Dan")  # nothing showing: the dealer's left
    t.step("deal-2")
    t.book("wild-tax-pay", actor="Ann")  # Ann's 9c up, paid for as it lands
    t.expect(Ann=34, pot=9)
    t.step("bet-2")
    checked_round(t, "Ann", "Bob", "Cat", "Dan")
    t.step("deal-3")
    t.step("bet-3")
    checked_round(t, "Ann", "Bob", "Cat", "Dan")
    t.step("deal-4")
    t.book("buy-four", actor="Bob")  # Bob's 4h up: he buys the Qc, face up
    t.expect(Bob=34, pot=14)
    t.step("bet-4")
    checked_round(t, "Ann", "Bob", "Cat", "Dan")
    t.step("deal-5")
    t.step("bet-5")
    t.open("Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.act("Dan", "fold")
    t.expect(Ann=32, Bob=32, Cat=37, Dan=39, pot=20)  # 2 from Ann, Bob, Cat; 14 + 6
    t.step("down-fours")
    t.book("buy-four", actor="Cat")  # Cat turns over a 4s among her down cards and buys
    t.expect(Cat=32, pot=25)
    t.step("showdown")
    t.book("wild-tax-pay", actor="Bob")  # Bob's 3d was dealt down: paid for now
    t.expect(Bob=27, pot=30)  # 32 + 27 + 32 + 39 = 130, and 30 in the pot
    t.cards("Ann", "Ah Ad Kd 2c 9c Jh 5s", up="9c Jh 5s")  # the paid 9 wild: three aces
    t.cards("Bob", "3d Qs Qh 8c Th 4h 2d Qc", up="Th 4h 2d Qc")  # the paid 3: four queens
    t.cards("Cat", "4s 7c 7h Jc 5d 6h 8s Ks", up="5d 6h 8s")  # a straight, eight high
    t.showdown(fires=[], win=["Bob"])
    t.expect(Ann=32, Bob=57, Cat=32, Dan=39, pot=0)  # Bob 27 + 30; 160
