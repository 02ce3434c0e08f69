"""Games that declare because of an option or a setting: whole deals through dealer mode.

Pass the Trash, Do Ya, Dynamite and Roll Your Own declare with their
high-low option (Do Ya and Dynamite only when the table also chose to
declare); Draw Your Own, One-Card Poker, Show Five Cards and Two-Card Poker,
Deuces Wild with a setting. Wherever the game as played declares, a player
declares on their own phone (the table page's "You declare"), the dealer in
the card entry for a seat with no phone, and the showdown form carries each
declaration and a rank per side. A player who declares both must win both
halves (outright unless the table chose a tie is enough), else takes
nothing and the other hands decide both halves. The pot splits in half, the
odd chip where the game's setting puts it (high by default), and the award's
journal line says which half each winner took.

The table: Ann, Bob, Cat and Dan, 40 chips each; Dan deals, so Ann is first
to act; everyone antes 1 (the night's ante, the amount each game's start page
offers).
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.declaring import (
    TRASH_STEPS,
    Case,
    book,
    declare,
    declare_on_phone,
    enter,
    entry_asks_declare,
    fill,
    phone,
    play,
    said,
    table,
    walk,
)

pytestmark = pytest.mark.django_db


# --- Pass the Trash ------------------------------------------------------------------------------


def trash_to_the_declare(deal, four, **choices) -> list[str]:
    """Ante, then every step to the declaration. After the pass Ann bets 3, Bob calls, Cat
    folds and Dan calls; every other round is checked.

    Antes: 4 in the pot, everyone 39. The bets: Ann, Bob and Dan 36, Cat 39; the pot 4 + 9 = 13.
    """
    start(deal, "pass-the-trash", options=["high-low"], **choices)
    deal.press("Book: Each player antes")
    steps = walk(
        deal,
        "Declare",
        After_the_pass=[("Bet", 3), "Call 3", "Fold", "Call 3"],
    )
    assert deal.stacks(*four) == [36, 36, 39, 36]
    return steps


def test_pass_the_trash_played_straight_asks_nobody_to_declare(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "pass-the-trash")
    dealer.press("Book: Each player antes")
    assert walk(dealer, "Showdown") == [*TRASH_STEPS, "Showdown"]
    assert "You declare" not in table(dealer, phone(ann))
    enter(dealer, ann, "Ah Kh 9h 5h 2h", up="Ah Kh 9h 5h")  # a flush
    enter(dealer, bob, "7c 5d 4s 3c 2d", up="7c 5d 4s 3c")
    enter(dealer, cat, "Qs Qd 8c 8d 3h", up="Qs Qd 8c 8d")
    enter(dealer, dan, "6s 5s 4h 3d 2c", up="6s 5s 4h 3d")  # a straight
    page, sent = fill(dealer)
    assert 'name="declare-' not in page
    assert sent["win-0"] == [str(ann.pk)]
    # Ann's flush takes the 4 antes: 39 + 4 = 43.
    assert book(dealer, page, four) == (
        [43, 39, 39, 39],
        "Ann wins 4",
    )


def test_pass_the_trash_high_low_declares_on_the_phones_the_entry_and_the_form(dealer, four):
    ann, bob, _cat, dan = four
    steps = trash_to_the_declare(dealer, four)
    # The option adds the declaration before the showdown.
    assert steps == [*TRASH_STEPS, "Declare high, low or both"]
    # Ann and Bob declare on their own phones, with their cards.
    declare_on_phone(dealer, phone(ann), "Ah Kh 9h 5h 2h", "high", up="Ah Kh 9h 5h")
    declare_on_phone(dealer, phone(bob), "7c 5d 4s 3c 2d", "low", up="7c 5d 4s 3c")
    dealer.press("Next: Showdown")
    # Dan has no phone: the dealer enters his cards and his declaration.
    assert entry_asks_declare(dealer, dan)
    enter(dealer, dan, "6s 5s 4h 3d 2c", up="6s 5s 4h 3d", declare="both")
    page, sent = fill(dealer)
    # Ann: a flush, high. Bob: seven-five low. Dan declared both: his six-high straight
    # loses high to the flush, so he wins nothing and is ranked last on both sides.
    assert said(sent, ann, bob, dan) == [
        ("high", "1", ""),
        ("low", "", "1"),
        ("both", "2", "2"),
    ]
    assert "fire" not in sent  # the halves are the award's own, no rule to book
    assert "Pot split two ways" not in page
    # A form with Dan's low rank left blank is refused, and comes back as it was sent.
    before = dealer.stacks(*four)
    refused = dealer.press(
        "Book the showdown", page=page, expect=400, **{f"low__rank__{dan.pk}": ""}
    )
    assert (
        "Dan declared both but is missing from the low showdown order: "
        "rank their low hand too (last, if it lost)."
    ) in refused
    again = dealer.form("Book the showdown", refused).data()
    assert said(again, ann, bob, dan) == [
        ("high", "1", ""),
        ("low", "", "1"),
        ("both", "2", ""),
    ]
    assert dealer.stacks(*four) == before
    # The pot of 13 halves 7 and 6; the odd chip goes high (the default odd-chip setting):
    # Ann 36 + 7 = 43, Bob 36 + 6 = 42; Cat 39, Dan 36. 43 + 42 + 39 + 36 = 160.
    assert book(dealer, page, four) == (
        [43, 42, 39, 36],
        "Ann wins 7 (high); Bob wins 6 (low)",
    )


def test_pass_the_trash_both_ways_may_tie_and_the_odd_chip_goes_low(dealer, four):
    ann, bob, _cat, dan = four
    trash_to_the_declare(
        dealer,
        four,
        **{"setting__both-must-win-outright": "no", "setting__odd-chip": "low-or-passer"},
    )
    page, sent = declare(
        dealer,
        phones=[
            (ann, "high", "5h 4s 3c 2d Ac", "5h 4s 3c 2d"),
            (bob, "low", "7c 6d 4c 3s 2h", "7c 6d 4c 3s"),
        ],
        by_dealer=[(dan, "both", "5s 4h 3d 2c Ad", "5s 4h 3d 2c")],
    )
    # Ann's and Dan's wheels tie for high (five-high straights); Dan's wheel is the best low.
    # A tie is enough at this table, so Dan keeps both: he shares high and takes low.
    assert said(sent, ann, bob, dan) == [
        ("high", "1", ""),
        ("low", "", "2"),
        ("both", "1", "1"),
    ]
    # Pot 13: the odd chip goes low (the setting), so low 7 and high 6.
    # High 6 shared: Ann 3, Dan 3; low 7 to Dan. Ann 36 + 3 = 39, Dan 36 + 10 = 46,
    # Bob 36, Cat 39. 39 + 36 + 39 + 46 = 160.
    assert book(dealer, page, four) == (
        [39, 36, 39, 46],
        "Ann wins 3 (high); Dan wins 10 (high 3, low 7)",
    )


def test_pass_the_trash_both_must_win_outright_so_a_tie_loses_everything(dealer, four):
    ann, bob, _cat, dan = four
    trash_to_the_declare(dealer, four, **{"setting__odd-chip": "low-or-passer"})
    page, sent = declare(
        dealer,
        phones=[
            (ann, "high", "5h 4s 3c 2d Ac", "5h 4s 3c 2d"),
            (bob, "low", "7c 6d 4c 3s 2h", "7c 6d 4c 3s"),
        ],
        by_dealer=[(dan, "both", "5s 4h 3d 2c Ad", "5s 4h 3d 2c")],
    )
    # Outright (the default): Dan ties high, so he takes nothing; Ann has high alone, Bob low.
    assert sent[f"declare-{dan.pk}"] == ["both"]
    # Pot 13, odd chip low: Bob 36 + 7 = 43, Ann 36 + 6 = 42, Dan 36, Cat 39.
    assert book(dealer, page, four) == (
        [42, 43, 39, 36],
        "Ann wins 6 (high); Bob wins 7 (low)",
    )


# --- The other games, one whole deal each ------------------------------------------------------


DO_YA_STEPS = [
    "Deal the wild hole card",
    'First up-card, "do ya?"',
    "First up card",
    'Second up-card, "do ya?"',
    "Second up card",
    'Third up-card, "do ya?"',
    "Third up card",
    'Fourth up-card, "do ya?"',
    "Fourth up card",
]
# On the first up card Ann bets 2 and everyone calls; on the second Ann bets 1, Bob calls,
# Cat folds, Dan calls. Antes 4 (39 each), then 8 (37 each), then 3: Ann, Bob, Dan 36,
# Cat 37, the pot 15. Each hole card (the face-down one) is wild for its holder only.
DO_YA_ROUNDS = {
    "First up card": [("Bet", 2), "Call 2", "Call 2", "Call 2"],
    "Second up card": [("Bet", 1), "Call 1", "Fold", "Call 1"],
}
DO_YA_ANN = ("9c Kh Kd 7s 4c", "Kh Kd 7s 4c")  # three kings
DO_YA_BOB = ("Jd 2s 3h 7d 8c", "2s 3h 7d 8c")  # eight-seven low, the wild an ace
ROLL_STEPS = [
    "Hole card, with pushing",
    "The hole card",
    "Second card, with pushing",
    "Turn one up",
    "Second street",
    "Third card, with pushing",
    "Turn one up",
    "Third street",
    "Fourth card, with pushing",
    "Turn one up",
    "Fourth street",
    "Fifth card, with pushing",
    "Turn one up",
    "Fifth street",
]
DRAW_OWN_STEPS = [
    "Deal five",
    "Deal each a stock of three",
    "Before the first swap",
    "First swap",
    "After the first swap",
    "Second swap",
    "After the second swap",
    "Third swap",
]
SHOW_FIVE_STEPS = [
    "Deal seven down",
    "Flip one together",
    "First flip",
    "Flip a second card",
    "Second flip",
    "Flip a third card",
    "Third flip",
    "Flip a fourth card",
    "Fourth flip",
    "Flip a fifth card",
    "Fifth flip",
]
# On the first flip Ann bets 3, Bob calls, Cat folds, Dan calls: Ann, Bob, Dan 36, Cat 39,
# the pot 13. Seven cards each, the five turned up first; only those five play (the default).
SHOW_FIVE_ROUNDS = {"First flip": [("Bet", 3), "Call 3", "Fold", "Call 3"]}
SHOW_ANN = ("As Ks Qs Js 9s 2h 3h", "As Ks Qs Js 9s")  # a flush
SHOW_BOB = ("6c 4d 3s 2c Ad Kh Kc", "6c 4d 3s 2c Ad")  # six-four low, ace high
SHOW_DAN = ("8d 7d 5h 4h 2d Qc Qd", "8d 7d 5h 4h 2d")  # eight-seven low
BET_3_CAT_FOLDS = [("Bet", 3), "Call 3", "Fold", "Call 3"]

BET_3_DAN_FOLDS = [("Bet", 3), "Call 3", "Call 3", "Fold"]
PASSER_HANDS = [
    ("Ann", "", "Ah Kh 9h 5h 2h", "Ah Kh 9h 5h"),  # a flush: the best hand
    ("Bob", "", "7c 5d 4s 3c 2d", "7c 5d 4s 3c"),
    ("Cat", "", "Qs Qd 8c 8d 3h", "Qs Qd 8c 8d"),
]

CASES = {
    # Three passes, a bet after each (the option), played high-low with declarations. After
    # the first pass Ann bets 3, Bob and Cat call, Dan folds: the pot 13. Ann calls high with
    # her flush, Bob low with seven-five; Cat calls both with a pair of queens and is beaten
    # both ways. 13 halves 7 (the odd chip high) and 6: Ann 43, Bob 42, Cat 36, Dan 39.
    "pass-the-trash-three-passes-high-low": Case(
        game="pass-the-trash",
        choices={"options": ["high-low", "three-passes"]},
        rounds={"After the first pass": BET_3_DAN_FOLDS},
        steps=[
            *("Deal seven down", "Before the pass", "Pass three, one seat left"),
            *("After the first pass", "Pass two, two seats left", "After the second pass"),
            *("Pass one, three seats left", "After the third pass", *TRASH_STEPS[4:]),
            "Declare high, low or both",
        ],
        before=[36, 36, 36, 39],
        hands=[
            ("Ann", "high", "Ah Kh 9h 5h 2h", "Ah Kh 9h 5h"),
            ("Bob", "low", "7c 5d 4s 3c 2d", "7c 5d 4s 3c"),
            ("Cat", "both", "Qs Qd 8c 8d 3h", "Qs Qd 8c 8d"),
        ],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Cat": ("both", "2", "2")},
        stacks=[43, 42, 36, 39],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
    # Split with the passer: the best hand shares the pot with the player still in on its
    # right, who passed it cards. After the pass Ann bets 3, Bob and Cat call, Dan folds:
    # Ann, Bob, Cat 36, Dan 39, the pot 13. Ann's flush is the best hand; on her right is
    # Dan, who folded, so Cat. Half, rounded down (the odd chip high, the default), 6 to
    # Cat; Ann takes the other 7. Ann 43, Bob 36, Cat 42, Dan 39. 43 + 36 + 42 + 39 = 160.
    "pass-the-trash-split-with-the-passer": Case(
        game="pass-the-trash",
        choices={"options": ["passer-split"]},
        rounds={"After the pass": BET_3_DAN_FOLDS},
        steps=[*TRASH_STEPS, "Showdown"],
        before=[36, 36, 36, 39],
        hands=PASSER_HANDS,
        wins=["Ann"],
        fires={"passer-split": {"passer": ["Cat"]}},
        stacks=[43, 36, 42, 39],
        line="Ann wins 7",
        paid="the pot pays 6 to Cat (Half the pot, rounded down, to the passer)",
    ),
    # The same with the odd chip to the passer: Cat 36 + 7 = 43, Ann 36 + 6 = 42.
    "pass-the-trash-split-with-the-passer-odd-chip-to-the-passer": Case(
        game="pass-the-trash",
        choices={"options": ["passer-split"], "setting__odd-chip": "low-or-passer"},
        rounds={"After the pass": BET_3_DAN_FOLDS},
        steps=[*TRASH_STEPS, "Showdown"],
        before=[36, 36, 36, 39],
        hands=PASSER_HANDS,
        wins=["Ann"],
        fires={"passer-split-odd-chip": {"passer": ["Cat"]}},
        stacks=[42, 36, 43, 39],
        line="Ann wins 6",
        paid="the pot pays 7 to Cat (Half the pot, rounded up, to the passer)",
    ),
    # 15 halves 8 and 7: the split rule rounds the low half down, so the odd chip goes high.
    # Ann's three kings win high, Bob's eight-seven low wins low (Dan: three nines).
    # Ann 36 + 8 = 44, Bob 36 + 7 = 43, Cat 37, Dan 36. 44 + 43 + 37 + 36 = 160.
    "do-ya-high-low-cards-speak": Case(
        game="do-ya",
        choices={"options": ["high-low"]},
        rounds=DO_YA_ROUNDS,
        steps=[*DO_YA_STEPS, "Showdown"],
        before=[36, 36, 37, 36],
        hands=[
            ("Ann", "", *DO_YA_ANN),
            ("Bob", "", *DO_YA_BOB),
            ("Dan", "", "Qs 9h 9s 4d 3d", "9h 9s 4d 3d"),
        ],
        wins=(["Ann"], ["Bob"]),
        stacks=[44, 43, 37, 36],
        line="Ann wins 8 (high); Bob wins 7 (low)",
    ),
    # Dan calls both: his wild queen makes a five, a wheel, the best straight here and the
    # best low, so he wins both ways outright and takes all 15: Dan 36 + 15 = 51.
    # Ann 36, Bob 36, Cat 37. 36 + 36 + 37 + 51 = 160.
    "do-ya-high-low-declared": Case(
        game="do-ya",
        choices={"options": ["high-low"], "setting__high-low-method": "declare"},
        rounds=DO_YA_ROUNDS,
        steps=[*DO_YA_STEPS, "Declare"],
        before=[36, 36, 37, 36],
        hands=[
            ("Ann", "high", *DO_YA_ANN),
            ("Bob", "low", *DO_YA_BOB),
            ("Dan", "both", "Qs As 2d 3d 4h", "As 2d 3d 4h"),
        ],
        wins={"Ann": ("high", "2", ""), "Bob": ("low", "", "2"), "Dan": ("both", "1", "1")},
        stacks=[36, 36, 37, 51],
        line="Dan wins 15 (high 8, low 7)",
    ),
    # No draw: one bet after the deal (Ann bets 2, Bob and Cat call, Dan folds), then the
    # declaration. Antes 4, the bet 6: Ann, Bob, Cat 37, Dan 39; the pot 10. Ann's kings win
    # high; Bob's ace-two beats Cat's four-three low. Halves of 5: Ann 42, Bob 42.
    "dynamite-high-low-declared-no-draw": Case(
        game="dynamite",
        choices={
            "options": ["high-low"],
            "setting__draw": "no-draw",
            "setting__high-low-method": "declare",
        },
        rounds={"After the deal": [("Bet", 2), "Call 2", "Call 2", "Fold"]},
        steps=["One down, one up", "After the deal", "High or low?"],
        before=[37, 37, 37, 39],
        hands=[
            ("Ann", "high", "Kh Kc", "Kc"),
            ("Bob", "low", "2c Ah", "Ah"),
            ("Cat", "low", "4d 3s", "3s"),
        ],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Cat": ("low", "", "2")},
        stacks=[42, 42, 37, 39],
        line="Ann wins 5 (high); Bob wins 5 (low)",
    ),
    # With the draw (the default) and the cards speaking: antes 4, Ann bets 3 before the draw,
    # Bob and Dan call, Cat folds: Ann, Bob, Dan 36, Cat 39; the pot 13. Ann's queens win
    # high, Bob's three-two beats Dan's four-ace low. 13 halves 7 (the odd chip high: the
    # split rounds the low half down) and 6: Ann 43, Bob 42, Cat 39, Dan 36.
    "dynamite-high-low-cards-speak": Case(
        game="dynamite",
        choices={"options": ["high-low"]},
        rounds={"Before the draw": BET_3_CAT_FOLDS},
        steps=["One down, one up", "Before the draw", "The draw", "After the draw", "Showdown"],
        before=[36, 36, 39, 36],
        hands=[("Ann", "", "Qs Qd", "Qd"), ("Bob", "", "3c 2h", "2h"), ("Dan", "", "Ah 4s", "4s")],
        wins=(["Ann"], ["Bob"]),
        stacks=[43, 42, 39, 36],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
    # Second street: Ann bets 1, all call; third street: Ann bets 1, Bob and Cat call, Dan
    # folds. Antes 4, then 4, then 3: Ann, Bob, Cat 37, Dan 38; the pot 11. Ann's aces win
    # high, Bob's six-four low; Cat calls both with kings, beaten both ways: nothing.
    # 11 halves 5 and 6, the odd chip low (the setting): Ann 42, Bob 43, Cat 37, Dan 38.
    "roll-your-own-high-low-declared-odd-chip-low": Case(
        game="roll-your-own",
        choices={"options": ["high-low"], "setting__odd-chip": "low"},
        rounds={
            "Second street": [("Bet", 1), "Call 1", "Call 1", "Call 1"],
            "Third street": [("Bet", 1), "Call 1", "Call 1", "Fold"],
        },
        steps=[*ROLL_STEPS, "Declare high, low or both"],
        before=[37, 37, 37, 38],
        hands=[
            ("Ann", "high", "Ah Ad Ac 7s 2d", "Ad Ac 7s 2d"),
            ("Bob", "low", "6h 4c 3d 2s As", "4c 3d 2s As"),
            ("Cat", "both", "Kh Kd 9s 8s 5h", "Kd 9s 8s 5h"),
        ],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Cat": ("both", "2", "2")},
        stacks=[42, 43, 37, 38],
        line="Ann wins 5 (high); Bob wins 6 (low)",
    ),
    # All low: the lowest hand takes the pot, nobody declares; the dealer opens the first
    # round (the setting). Bob's six-four takes the 4 antes: 39 + 4 = 43.
    "roll-your-own-all-low": Case(
        game="roll-your-own",
        choices={"options": ["all-low"], "setting__bet-1-opener": "dealer"},
        opened="The hole card: Dan opens",
        steps=[*ROLL_STEPS, "Showdown (low)"],
        before=[39, 39, 39, 39],
        hands=[
            ("Ann", "", "Ah Ad Ac 7s 2d", "Ad Ac 7s 2d"),
            ("Bob", "", "6h 4c 3d 2s As", "4c 3d 2s As"),
            ("Cat", "", "Kh Kd 9s 8s 5h", "Kd 9s 8s 5h"),
            ("Dan", "", "7h 5c 4d 3s 2c", "5c 4d 3s 2c"),
        ],
        wins=["Bob"],
        stacks=[39, 43, 39, 39],
        line="Bob wins 4",
    ),
    # The cards speak, with a bet after the last swap (the defaults): antes 4, Ann bets 3
    # before the first swap, Bob and Dan call, Cat folds: the pot 13. Ann's kings win high,
    # Bob's seven-five beats Dan's eight-six low. 13 halves 7 (odd chip high) and 6.
    "draw-your-own-cards-speak": Case(
        game="draw-your-own",
        rounds={"Before the first swap": BET_3_CAT_FOLDS},
        steps=[*DRAW_OWN_STEPS, "After the last swap", "Showdown"],
        before=[36, 36, 39, 36],
        hands=[
            ("Ann", "", "Ks Kd Kc 4h 2s", ""),
            ("Bob", "", "7h 5s 4c 3d 2h", ""),
            ("Dan", "", "8h 6d 5c 3h Ad", ""),
        ],
        wins=(["Ann"], ["Bob"]),
        stacks=[43, 42, 39, 36],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
    # Declared, with no round after the last swap. Antes 4; Ann bets 2, all call (8); after
    # the first swap Ann bets 1, Bob and Cat call, Dan folds (3): Ann, Bob, Cat 36, Dan 37,
    # the pot 15. Ann's flush wins high; Bob and Cat tie with the same seven-five low.
    # 15 halves 8 (odd chip high) and 7: Ann 36 + 8 = 44; the low 7 shared 3 each, the odd
    # chip to the first of them from the dealer's left, Bob: Bob 40, Cat 39. Dan 37.
    "draw-your-own-declared-no-last-bet": Case(
        game="draw-your-own",
        choices={"setting__last-bet": "no", "setting__high-low-method": "declare"},
        rounds={
            "Before the first swap": [("Bet", 2), "Call 2", "Call 2", "Call 2"],
            "After the first swap": [("Bet", 1), "Call 1", "Call 1", "Fold"],
        },
        steps=[*DRAW_OWN_STEPS, "High or low?"],
        before=[36, 36, 36, 37],
        hands=[
            ("Ann", "high", "Ah Jh 9h 6h 3h", ""),
            ("Bob", "low", "7c 5d 4s 3c 2d", ""),
            ("Cat", "low", "7d 5h 4c 3s 2s", ""),
        ],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Cat": ("low", "", "1")},
        stacks=[44, 40, 39, 37],
        line="Ann wins 8 (high); Bob wins 4 (low); Cat wins 3 (low)",
    ),
    # No ante: the bets make the pot (Ann bets 3, Bob and Dan call, Cat folds): 9. Dan calls
    # both with an ace, the highest card, but aces are high only, so the worst low: beaten
    # low, he takes nothing. 9 halves 5 (odd chip high) to Ann's king and 4 to Bob's deuce:
    # Ann 37 + 5 = 42, Bob 37 + 4 = 41, Cat 40, Dan 37.
    "one-card-poker-declared-no-ante": Case(
        game="one-card-poker",
        choices={"setting__ante": "no", "setting__high-low-method": "declare"},
        ante=False,
        rounds={"The one round": BET_3_CAT_FOLDS},
        steps=["The one round", "High or low?"],
        before=[37, 37, 40, 37],
        hands=[("Ann", "high", "Ks", ""), ("Bob", "low", "2h", ""), ("Dan", "both", "Ah", "")],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Dan": ("both", "2", "2")},
        stacks=[42, 41, 40, 37],
        line="Ann wins 5 (high); Bob wins 4 (low)",
    ),
    # The joker: an ace for high (the only one), a deuce for low, tying Bob's deuce. The 4
    # antes halve 2 and 2: high to Ann, low shared 1 each. Ann 39 + 3 = 42, Bob 39 + 1 = 40.
    "one-card-poker-joker-cards-speak": Case(
        game="one-card-poker",
        choices={"options": ["joker"]},
        steps=["Deal one", "The one round", "Showdown"],
        before=[39, 39, 39, 39],
        hands=[
            ("Ann", "", "Jk", ""),
            ("Bob", "", "2c", ""),
            ("Cat", "", "9d", ""),
            ("Dan", "", "Kd", ""),
        ],
        wins=(["Ann"], ["Ann", "Bob"]),
        stacks=[42, 40, 39, 39],
        line="Ann wins 3 (high 2, low 1); Bob wins 1 (low)",
    ),
    # The pot 13: Ann's flush wins high, Bob's six-four low. 7 (odd chip high) and 6.
    "show-five-cards-cards-speak": Case(
        game="show-five-cards",
        rounds=SHOW_FIVE_ROUNDS,
        steps=[*SHOW_FIVE_STEPS, "Showdown"],
        before=[36, 36, 39, 36],
        hands=[("Ann", "", *SHOW_ANN), ("Bob", "", *SHOW_BOB), ("Dan", "", *SHOW_DAN)],
        wins=(["Ann"], ["Bob"]),
        stacks=[43, 42, 39, 36],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
    # Bob calls high with his six-four low: his ace high loses to the flush. Dan alone calls
    # low and takes that half: 7 (odd chip high) to Ann, 6 to Dan. Ann 43, Bob 36, Dan 42.
    "show-five-cards-declared": Case(
        game="show-five-cards",
        choices={"setting__split": "high-low-declare"},
        rounds=SHOW_FIVE_ROUNDS,
        steps=[*SHOW_FIVE_STEPS, "High or low?"],
        before=[36, 36, 39, 36],
        hands=[("Ann", "high", *SHOW_ANN), ("Bob", "high", *SHOW_BOB), ("Dan", "low", *SHOW_DAN)],
        wins={"Ann": ("high", "1", ""), "Bob": ("high", "2", ""), "Dan": ("low", "", "1")},
        stacks=[43, 36, 39, 42],
        line="Ann wins 7 (high); Dan wins 6 (low)",
    ),
    # For high only: no halves, Ann's flush takes all 13: 36 + 13 = 49.
    "show-five-cards-high-only": Case(
        game="show-five-cards",
        choices={"setting__split": "high-only"},
        rounds=SHOW_FIVE_ROUNDS,
        steps=[*SHOW_FIVE_STEPS, "Showdown"],
        before=[36, 36, 39, 36],
        hands=[("Ann", "", *SHOW_ANN), ("Bob", "", *SHOW_BOB), ("Dan", "", *SHOW_DAN)],
        wins=["Ann"],
        stacks=[49, 36, 39, 36],
        line="Ann wins 13",
    ),
    # Antes 4, Ann bets 3 before the draw, Bob and Dan call, Cat folds: the pot 13. Ann's
    # aces win high; Bob's wild deuce is an ace, three-ace low; Dan calls both with ace-four:
    # ace high and four-ace low, beaten both ways. 7 (odd chip high) to Ann, 6 to Bob.
    "two-card-poker-deuces-wild-declared": Case(
        game="two-card-poker-deuces-wild",
        choices={"setting__high-low-method": "declare"},
        rounds={"Before the draw": BET_3_CAT_FOLDS},
        steps=["Deal two", "Before the draw", "The draw", "After the draw", "High or low?"],
        before=[36, 36, 39, 36],
        hands=[
            ("Ann", "high", "As Ad", ""),
            ("Bob", "low", "2h 3c", ""),
            ("Dan", "both", "4c Ah", ""),
        ],
        wins={"Ann": ("high", "1", ""), "Bob": ("low", "", "1"), "Dan": ("both", "2", "2")},
        stacks=[43, 42, 39, 36],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_whole_deal(dealer, four, case: Case):
    play(dealer, four, case)
