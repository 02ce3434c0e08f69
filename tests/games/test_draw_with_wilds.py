"""Draw games with wild cards: Secret Squirrel, Stampede, Plus Node, Crazy Limbo, Chaos Wilds.

From the rule pages, each pot starts with an ante of the agreed amount
(Plus Node: unless the table plays without one), five cards down and a
draw of up to three (four with an ace shown, the default) or a plain three.
Secret Squirrel: two cards face down in the middle are turned up after the
draw and are wild cards anyone may use. Stampede (two decks): three cards
aside, one turned up after each of three draws, each making its rank wild.
Plus Node: eight node cards laid out, flipped after the draw; hands may grow
past five and play the best five. Check or bet, then call, raise or fold.
"""

from __future__ import annotations


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_secret_squirrel_the_two_centre_cards_are_wild_for_everyone(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("secret-squirrel", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("draw-ace")  # the default: four cards to a shown ace
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=36, Bob=36, Cat=39, pot=9)  # 39 - 3; 3 + 6
    t.step("reveal")
    t.step("bet-3")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("showdown")
    t.cards("Ann", "Kh Kd Kc 4s 6d")
    t.cards("Bob", "Qh Qd 9c 9s 2d")
    t.board("8c 3h")  # the squirrels: two wild cards
    # Ann: three kings and two wilds make five kings; Bob: two pair and two wilds, four queens.
    t.showdown(win=["Ann"])
    t.expect(Ann=45, Bob=36, Cat=39, pot=0)  # 36 + 9 = 45; 45 + 36 + 39 = 120


def test_secret_squirrel_with_a_plain_draw_of_three(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "secret-squirrel",
        dealer="Bob",
        settings={"draw-limit": "three"},
        agreed={"the table's ante": 2},
    )
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("draw")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    # Antes 2 each: 18 each, the pot 4; Ann's uncalled 2 comes back: Ann 18 + 4 = 22.
    t.expect(Ann=22, Bob=18, pot=0)


def test_stampede_three_wild_ranks_from_two_decks(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("stampede", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)
    t.step("deal")
    for draw, reveal, bet in (
        ("draw-1-ace", "reveal-1", "bet-1"),
        ("draw-2-ace", "reveal-2", "bet-2"),
        ("draw-3-ace", "reveal-3", "bet-3"),
    ):
        t.step(draw)
        t.step(reveal)
        t.step(bet)
        t.open()
        checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Ah Ad Ac 4s 9d")  # three aces and a wild four: four aces
    t.cards("Bob", "Kh Kd Ks Kc 8d")  # four kings
    t.cards("Cat", "Qh Qd Qs 4h 6c")  # three queens, a wild four and six: five queens
    t.board("4d 6h Js")  # fours, sixes and jacks are wild
    t.showdown(win=["Cat"])
    t.expect(Ann=39, Bob=39, Cat=42, pot=0)  # Cat takes the 3 antes: 39 + 3 = 42


def test_stampede_with_a_plain_draw_of_three(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "stampede", dealer="Bob", settings={"draw-limit": "three"}, agreed={"the table's ante": 1}
    )
    t.book("ante")
    t.step("deal")
    t.step("draw-1")
    t.step("reveal-1")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 5)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=21, Bob=19, pot=0)  # antes 19 each; Ann takes the 2 and her 5 back


def test_plus_node_with_an_ante_and_a_hand_grown_past_five(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("plus-node", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)
    t.step("deal")
    t.step("nodes")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)
    t.step("draw")  # the house limit, the default
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("node-phase")
    t.step("bet-3")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Kh Kd 9c 4s 6d 3h")  # six cards after the plus node: kings
    t.cards("Bob", "Qh Qd Qc 8s 2d")  # three queens
    t.cards("Cat", "Jh Jd 5c 5s 7d")
    t.showdown(win=["Bob"])
    t.expect(Ann=37, Bob=46, Cat=37, pot=0)  # 37 + 9 = 46


def test_plus_node_without_an_ante_and_a_draw_of_three(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start("plus-node", dealer="Bob", settings={"ante": "no", "draw-limit": "three"})
    t.expect(step="deal")  # no ante step: the deal comes first and the bets start the pot
    t.step("nodes")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.expect(Ann=18, Bob=18, pot=4)
    t.step("draw-three")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=22, Bob=18, pot=0)  # Ann's 3 back and the pot of 4: 18 + 4 = 22


def test_crazy_limbo_every_lowest_card_shown_is_wild_for_everyone(table):
    # Crazy Limbo: an ante, five down, a round, a draw (the house limit by default), a
    # round, each player shows their lowest card and every rank shown is wild, a last round.
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("crazy-limbo", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "call")
    t.expect(Ann=37, Bob=37, Cat=37, pot=9)  # antes 39; 39 - 2; 3 + 6
    t.step("draw")
    t.step("bet-2")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("limbo")
    t.step("bet-3")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("showdown")
    t.cards("Ann", "Kh Kd 9c 4s 6d")  # lowest a four
    t.cards("Bob", "Qh Qd Qc 8s 3d")  # lowest a three
    t.cards("Cat", "Jh Jd 5c 5s 7d")  # lowest a five
    # Fours, threes and fives are wild: Ann three kings, Bob four queens, Cat four jacks.
    t.showdown(win=["Bob"])
    t.expect(Ann=37, Bob=46, Cat=37, pot=0)  # 37 + 9 = 46


def test_crazy_limbo_with_a_plain_draw_of_three(table):
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "crazy-limbo",
        dealer="Bob",
        settings={"draw-limit": "three"},
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal")
    t.step("bet-1")
    t.open()
    checks(t, "Ann", "Bob")
    t.step("draw-three")
    t.step("bet-2")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=21, Bob=19, pot=0)  # antes 19; Ann's 2 back and the 2 antes


def test_chaos_wilds_the_transformation_card_makes_its_rank_wild(table):
    # Chaos Wilds Poker: an ante, five down, three chaos phases with a round after each,
    # the wild transformation card turned in the middle, a last round. Each card shown on
    # an ace and the final card make their ranks wild for everyone (the default).
    t = table.sit("Ann", "Bob", chips=40)
    t.start("chaos-wilds-poker", dealer="Bob", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, pot=2)
    t.step("deal")
    for chaos, bet in (("chaos-1", "bet-1"), ("chaos-2", "bet-2"), ("chaos-3", "unleashed")):
        t.step(chaos)
        t.step(bet)
        t.open()
        checks(t, "Ann", "Bob")
    t.step("transform")
    t.step("bet-3")
    t.open()
    t.act("Ann", "bet", 3)
    t.act("Bob", "call")
    t.expect(Ann=36, Bob=36, pot=8)  # 39 - 3; 2 + 6
    t.step("showdown")
    t.cards("Ann", "Ah Ad Tc 4s 6d")
    t.cards("Bob", "Kh Kd Ks 8s 3d")
    t.board("Ts", wild_ranks="T")  # the final card, a ten: tens are wild
    # Ann: two aces, her wild ten and the wild ten in the middle: four aces.
    # Bob: three kings and the wild ten in the middle: four kings.
    t.showdown(win=["Ann"])
    t.expect(Ann=44, Bob=36, pot=0)  # 36 + 8 = 44


def test_chaos_wilds_with_the_trigger_card_among_the_shared_cards(table):
    # The table's choice that a card turned on an ace joins the shared cards.
    t = table.sit("Ann", "Bob", chips=20)
    t.start(
        "chaos-wilds-poker",
        dealer="Bob",
        settings={"trigger-card": "shared"},
        agreed={"the table's ante": 1},
    )
    t.book("ante")
    t.step("deal")
    t.step("chaos-1-shared")
    t.step("bet-1")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=21, Bob=19, pot=0)  # antes 19 each; Ann's 2 back and the 2 antes
