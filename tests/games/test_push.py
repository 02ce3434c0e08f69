"""Push: five-card stud where an up card may be refused for an agreed price.

From the rule page: everyone antes the agreed amount (the page names no
ante, so a table may play without); one card down each, then four rounds of
up cards. Each time a card is offered, the player keeps it free or pays the
agreed push price into the pot and takes the next card, which they must
keep; the pushed card goes on to the next player. A betting round follows
each up card, opened by the best cards showing. With the Substitution
option, after the fourth round each player still in may pay the agreed
substitution price into the pot to swap any one card for a new one face
down, and one more round follows. The best five cards win; ties split.

Ann, Bob, Cat and Dan buy in 40 chips each; Dan deals.
"""

from __future__ import annotations

GAME = "push"
SEATS = ("Ann", "Bob", "Cat", "Dan")


def round_of_checks(t, step: str, opener: str, players: tuple[str, ...]) -> None:
    """A betting round the best cards showing open, everyone in checking round from them."""
    t.step(step)
    t.open(opener)
    for who in players[players.index(opener) :] + players[: players.index(opener)]:
        t.act(who, "check")


def test_pushes_at_the_agreed_price_and_trips_win(table):
    t = table.sit(*SEATS, chips=40)
    t.start(GAME, dealer="Dan", agreed={"the table's ante": 1, "the push price": 2})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)  # 40 - 1 each; 4 antes
    t.step("hole")
    t.step("push-1")
    t.book("push-fee", actor="Ann")  # Ann pushes her card on: 2, Ann 37
    t.book("push-fee", actor="Bob")  # and Bob pushes it again: 2, Bob 37
    t.expect(Ann=37, Bob=37, Cat=39, Dan=39, pot=8)  # 4 + 2 + 2
    t.step("bet-1")
    t.open("Cat")  # Cat's ace of diamonds shows best
    t.act("Cat", "bet", 2)
    t.act("Dan", "call")
    t.act("Ann", "call")
    t.act("Bob", "fold")
    t.expect(Ann=35, Bob=37, Cat=37, Dan=37, pot=14)  # 2 each from three; 8 + 6
    t.step("push-2")
    t.book("push-fee", actor="Dan")  # 2: Dan 35; the pot 16
    t.expect(Dan=35, pot=16)
    in_play = ("Ann", "Cat", "Dan")
    round_of_checks(t, "bet-2", "Dan", in_play)  # Dan's two threes show best
    t.step("push-3")
    round_of_checks(t, "bet-3", "Dan", in_play)
    t.step("push-4")
    round_of_checks(t, "bet-4", "Dan", in_play)
    t.step("showdown")
    t.cards("Ann", "Kh Kd 5c 9s 2h", up="Kd 5c 9s 2h")  # a pair of kings
    t.cards("Cat", "Ah Ad 4c 7s 8h", up="Ad 4c 7s 8h")  # a pair of aces
    t.cards("Dan", "3h 3d 3c Js Qh", up="3d 3c Js Qh")  # three threes
    t.showdown(win=["Dan"])
    # Dan takes 16: 35 + 16 = 51. 35 + 37 + 37 + 51 = 160.
    t.expect(Ann=35, Bob=37, Cat=37, Dan=51, pot=0)


def test_no_ante_a_paid_substitution_and_one_more_round(table):
    t = table.sit(*SEATS, chips=40)
    agreed = {"the push price": 2, "the substitution price": 4}
    t.start(GAME, dealer="Dan", options=["substitution"], settings={"ante": "no"}, agreed=agreed)
    # No ante: the hole card comes first.
    t.step("push-1")
    t.book("push-fee", actor="Cat")  # 2: Cat 38; the pot 2
    t.expect(Ann=40, Bob=40, Cat=38, Dan=40, pot=2)
    round_of_checks(t, "bet-1", "Ann", SEATS)  # Ann's king shows best throughout
    t.step("push-2")
    round_of_checks(t, "bet-2", "Ann", SEATS)
    t.step("push-3")
    round_of_checks(t, "bet-3", "Ann", SEATS)
    t.step("push-4")
    round_of_checks(t, "bet-4", "Ann", SEATS)
    t.step("substitute")
    t.book("substitution-fee", actor="Bob")  # Bob swaps a card: 4, Bob 36; the pot 6
    t.expect(Ann=40, Bob=36, Cat=38, Dan=40, pot=6)
    t.step("bet-5")
    t.open("Ann")
    t.act("Ann", "check")
    t.act("Bob", "bet", 3)
    t.act("Cat", "fold")
    t.act("Dan", "fold")
    t.act("Ann", "fold")
    t.fold_out("Bob")
    # Bob's 3 comes back uncalled and he takes the 6: 36 + 6 = 42. 40 + 42 + 38 + 40 = 160.
    t.expect(Ann=40, Bob=42, Cat=38, Dan=40, pot=0)
