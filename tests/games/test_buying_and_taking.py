"""Games where cards change hands for money or by luck: Ferengi Chicken and Have a Heart.

Ferengi Chicken (from its rule page): everyone antes the agreed amount; two
cards down; in the Ferengi phase each player still in may buy one more card
for a quarter, paid into the pot; a betting round; the phase comes round
again while someone bought and everyone could pay; then the showdown. A
hand of fewer than five cards ranks by what it holds.

Have a Heart: a seven-card stud game with an ante. Whenever a heart is dealt
face up, its holder takes a card from another player still in (with Give
back on, they give one instead). A round after each up card, opened by the
best hand showing; the last card down; hands short of five rank as they are.

White chips are 0.05 and red 0.25, so a quarter is 5 chips. Ann, Bob and Cat
buy in 40 chips each; Cat deals.
"""

from __future__ import annotations


def checks(t, *names: str) -> None:
    for who in names:
        t.act(who, "check")


def test_ferengi_chicken_a_quarter_a_card_and_three_kings_from_three_cards(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("ferengi-chicken", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    t.expect(Ann=39, Bob=39, Cat=39, pot=3)
    t.step("deal")
    t.step("ferengi")
    t.book("buy-card", actor="Ann", count=1)  # a quarter: 5 chips
    t.book("buy-card", actor="Bob", count=1)
    # Ann and Bob 39 - 5 = 34; the pot 3 + 10 = 13.
    t.expect(Ann=34, Bob=34, Cat=39, pot=13)
    t.step("bet")
    t.open()
    checks(t, "Ann", "Bob", "Cat")
    t.step("again")
    t.step("showdown")
    t.cards("Ann", "Ah Ad 9c")  # a pair of aces
    t.cards("Bob", "Kh Kd Ks")  # three kings
    t.cards("Cat", "Qh 4c")
    t.showdown(win=["Bob"])
    t.expect(Ann=34, Bob=47, Cat=39, pot=0)  # 34 + 13 = 47; 34 + 47 + 39 = 120


STREETS = (
    ("third-street", "heart-3", "bet-3"),
    ("fourth-street", "heart-4", "bet-4"),
    ("fifth-street", "heart-5", "bet-5"),
    ("sixth-street", "heart-6", "bet-6"),
)


def play_the_streets(t, opener: str) -> None:
    seats = ["Ann", "Bob", "Cat"]
    first = seats.index(opener)
    for deal, heart, bet in STREETS:
        t.step(deal)
        t.step(heart)
        t.step(bet)
        t.open(opener)
        checks(t, *seats[first:], *seats[:first])
    t.step("seventh-street")
    t.step("bet-7")
    t.open(opener)


def test_have_a_heart_a_hand_robbed_short_still_ranks(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("have-a-heart", dealer="Cat", agreed={"the table's ante": 1})
    t.book("ante")
    play_the_streets(t, opener="Ann")
    t.act("Ann", "bet", 2)
    t.act("Bob", "call")
    t.act("Cat", "fold")
    t.expect(Ann=37, Bob=37, Cat=39, pot=7)  # antes 39; 39 - 2; 3 + 4
    t.step("showdown")
    t.cards("Ann", "Ah Ad Ac Kh 9h 5c 2d 7s", up="Kh 9h 5c 2d")  # took a card: three aces
    t.cards("Bob", "Qs Qd 8c 4s 3d 6c", up="8c 4s 3d 6c")  # robbed to six: queens
    t.showdown(win=["Ann"])
    t.expect(Ann=44, Bob=37, Cat=39, pot=0)  # 37 + 7 = 44


def test_have_a_heart_with_give_back(table):
    t = table.sit("Ann", "Bob", "Cat", chips=40)
    t.start("have-a-heart", dealer="Cat", options=["give-back"], agreed={"the table's ante": 1})
    t.book("ante")
    play_the_streets(t, opener="Bob")
    t.act("Bob", "bet", 4)
    t.act("Cat", "fold")
    t.act("Ann", "fold")
    t.fold_out("Bob")
    t.expect(Ann=39, Bob=42, Cat=39, pot=0)  # antes 39; Bob's 4 back and the 3 antes


def test_ferengi_chicken_cards_bought_face_up_and_everyone_able_to_pay_after_the_bet(table):
    # The table's choices: a bought card comes face up, and the check for another phase
    # looks at everyone's chips once the betting is done.
    t = table.sit("Ann", "Bob", chips=40)
    settings = {"bought-face": "up", "afford-who": "everyone", "afford-when": "after-bet"}
    t.start("ferengi-chicken", dealer="Bob", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal")
    t.step("ferengi-up")
    t.book("buy-card", actor="Ann", count=1)  # a quarter: Ann 39 - 5 = 34; the pot 7
    t.expect(Ann=34, Bob=39, pot=7)
    t.step("bet")
    t.open()
    t.act("Ann", "check")
    t.act("Bob", "check")
    t.step("again-everyone-after-bet")
    t.step("showdown")
    t.cards("Ann", "Ah Ad 7c", up="7c")  # a pair of aces
    t.cards("Bob", "Kh Qd")
    t.showdown(win=["Ann"])
    t.expect(Ann=41, Bob=39, pot=0)  # 34 + 7 = 41


def test_ferengi_chicken_everyone_able_to_pay_before_buying(table):
    t = table.sit("Ann", "Bob", chips=40)
    settings = {"afford-who": "everyone", "afford-when": "before-buy"}
    t.start("ferengi-chicken", dealer="Bob", settings=settings, agreed={"the table's ante": 1})
    t.book("ante")
    t.step("deal")
    t.step("ferengi")
    t.step("bet")
    t.open()
    t.act("Ann", "bet", 2)
    t.act("Bob", "fold")
    t.fold_out("Ann")
    t.expect(Ann=41, Bob=39, pot=0)  # antes 39 each; Ann's 2 back and the 2 antes
