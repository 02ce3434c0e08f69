"""Pots split by the showdown's two sides, without declaring: a whole deal each.

Stendahl and both Red and Black files split on point totals (highest and
lowest); Hi Di Deu Wi splits between the best hand and the highest diamond.
The dealer enters every hand at the showdown, the helper's fill ticks the
winners of each half (and, in Hi Di Deu Wi, fires the diamond's half for the
race's winner), and the form is booked as filled. Ties share their half; the
odd chip goes where each game's setting says. The award's journal line says
which half each winner took.

The table: Ann, Bob, Cat and Dan, 40 chips each; Dan deals, so Ann is first
to act; everyone antes 1 (the night's ante, as each game's start page offers)
unless the table chose no ante. In the first betting round Ann bets 3, Bob and
Cat call, Dan folds: Ann, Bob and Cat 40 - 1 - 3 = 36, Dan 39, the pot 13.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.declaring import Case, play

pytestmark = pytest.mark.django_db

BET_3_DAN_FOLDS = [("Bet", 3), "Call 3", "Call 3", "Fold"]
AFTER_THE_BET = [36, 36, 36, 39]

STENDAHL_STEPS = [
    "Two down, one up",
    "Third street",
    "Deal fourth street",
    "Fourth street",
    "Deal fifth street",
    "Fifth street",
    "Deal sixth street",
    "Sixth street",
    "Deal seventh street",
    "Seventh street",
    "Count and split",
]
DRAW_STEPS = ["Deal five", "Before the draw", "Draw", "After the draw", "Count and split"]
# Red and Black: five cards each, no poker hands.
RED = "Kh Qd Jh Th 9d"  # every card red
BLACK = "Ks Qc Js Ts 9c"  # every card black
MIXED = "Ah 2c 3d 4s 5h"  # red 1, 3, 5 and black 2, 4
HI_DI_STEPS = [
    *("Two down", "Second street", "Four up", "Sixth street", "Last card down"),
    *("Seventh street", "Showdown and diamond split"),
]

CASES = {
    # Seven cards, five counted for each half: aces 15, pictures and tens 10, red plus,
    # black minus; high is the biggest total once its sign is dropped, low the smallest.
    # Ann: ace, king, queen, jack, ten all red: 55. Cat: the same in black: -55, also 55.
    # Bob: 5h + 4d + 3h - 4s - 8c = 0, the lowest. High 7 (the odd chip high, the default)
    # shared by Ann and Cat: 3 each and the odd chip to the first from the dealer's left,
    # Ann 4, Cat 3; low 6 to Bob. Ann 40, Bob 42, Cat 39, Dan 39. 40 + 42 + 39 + 39 = 160.
    "stendahl-a-tie-for-high": Case(
        game="stendahl",
        rounds={"Third street": BET_3_DAN_FOLDS},
        steps=STENDAHL_STEPS,
        before=AFTER_THE_BET,
        hands=[
            ("Ann", "", "Ah Kd Qh Jd Th 2s 3c", "Qh Jd Th 2s"),
            ("Bob", "", "5h 5c 4d 4s 3h 3s 8c", "4d 4s 3h 3s"),
            ("Cat", "", "As Ks Qs Js Tc 9d 8h", "Qs Js Tc 9d"),
        ],
        wins=(["Ann", "Cat"], ["Bob"]),
        stacks=[40, 42, 39, 39],
        line="Ann wins 4 (high); Bob wins 6 (low); Cat wins 3 (high)",
    ),
    # Every card counted without its sign (the absolute setting), the odd chip low. Ann:
    # high 15 + 10 + 10 + 10 + 4 = 49 (ace, king, queen, jack, four), low 2 + 3 + 4 + 10 + 10
    # = 29; Bob: high 9 + 9 + 8 + 8 + 7 = 41, low 5 + 6 + 7 + 8 + 8 = 34; Cat: high 46, low 41.
    # Ann wins both halves with two different fives: all 13 (low 7, high 6). Ann 49.
    "stendahl-one-player-takes-both-halves": Case(
        game="stendahl",
        choices={"setting__absolute": "sum-of-abs", "setting__odd-chip": "low"},
        rounds={"Third street": BET_3_DAN_FOLDS},
        steps=STENDAHL_STEPS,
        before=AFTER_THE_BET,
        hands=[
            ("Ann", "", "As Kh Qs Jh 2c 3d 4s", "Qs Jh 2c 3d"),
            ("Bob", "", "9h 9s 8d 8c 7h 6d 5s", "8d 8c 7h 6d"),
            ("Cat", "", "Td Tc 9d 9c 8h 8s 7s", "9d 9c 8h 8s"),
        ],
        wins=(["Ann"], ["Ann"]),
        stacks=[49, 36, 36, 39],
        line="Ann wins 13 (high 6, low 7)",
    ),
    # Card values as the encyclopedia counts them (the default): tens and pictures 10, ace
    # 1. Ann all red: +49, the highest; Bob all black: -49, the lowest; Cat 1 - 2 + 3 - 4
    # + 5 = 3. 13 halves 7 (the odd chip high, the default) and 6: Ann 43, Bob 42.
    "red-and-black-list": Case(
        game="red-and-black",
        rounds={"Before the draw": BET_3_DAN_FOLDS},
        steps=DRAW_STEPS,
        before=AFTER_THE_BET,
        hands=[("Ann", "", RED, ""), ("Bob", "", BLACK, ""), ("Cat", "", MIXED, "")],
        wins=(["Ann"], ["Bob"]),
        stacks=[43, 42, 36, 39],
        line="Ann wins 7 (high); Bob wins 6 (low)",
    ),
    # No ante, every card worth one, draw up to five, the odd chip low. The bets alone make
    # the pot: 9 (Ann, Bob, Cat 37, Dan 40). Ann +5, Bob -5, Cat +1. Low 5 (the odd chip)
    # to Bob, high 4 to Ann: Ann 41, Bob 42, Cat 37, Dan 40. 41 + 42 + 37 + 40 = 160.
    "red-and-black-list-no-ante-one-each-odd-chip-low": Case(
        game="red-and-black",
        choices={
            "setting__ante": "no",
            "setting__card-values": "one-each",
            "setting__draw-limit": "five",
            "setting__ties-odd-chip": "split-low",
        },
        ante=False,
        rounds={"Before the draw": BET_3_DAN_FOLDS},
        steps=DRAW_STEPS[1:],
        before=[37, 37, 37, 40],
        hands=[("Ann", "", RED, ""), ("Bob", "", BLACK, ""), ("Cat", "", MIXED, "")],
        wins=(["Ann"], ["Bob"]),
        stacks=[41, 42, 37, 40],
        line="Ann wins 4 (high); Bob wins 5 (low)",
    ),
    # The encyclopedia's version: ties share a half, the odd chip low (the default). Ann
    # +49 high, Bob -49 low: 6 to Ann, 7 to Bob. Ann 42, Bob 43.
    "red-and-black-encyclopedia": Case(
        game="red-and-black-encyclopedia",
        rounds={"Before the draw": BET_3_DAN_FOLDS},
        steps=["Deal five", "Before the draw", "The draw", "After the draw", "Count and split"],
        before=AFTER_THE_BET,
        hands=[("Ann", "", RED, ""), ("Bob", "", BLACK, ""), ("Cat", "", MIXED, "")],
        wins=(["Ann"], ["Bob"]),
        stacks=[42, 43, 36, 39],
        line="Ann wins 6 (high); Bob wins 7 (low)",
    ),
    # The odd chip high, and Bob and Cat tie at -49 for low: high 7 to Ann; the low 6
    # shared, 3 each. Ann 43, Bob 39, Cat 39, Dan 39.
    "red-and-black-encyclopedia-tied-low-odd-chip-high": Case(
        game="red-and-black-encyclopedia",
        choices={"setting__ties": "share-with-odd-chip-high"},
        rounds={"Before the draw": BET_3_DAN_FOLDS},
        steps=["Deal five", "Before the draw", "The draw", "After the draw", "Count and split"],
        before=AFTER_THE_BET,
        hands=[("Ann", "", RED, ""), ("Bob", "", BLACK, ""), ("Cat", "", "Kc Qs Jc Tc 9s", "")],
        wins=(["Ann"], ["Bob", "Cat"]),
        stacks=[43, 39, 39, 39],
        line="Ann wins 7 (high); Bob wins 3 (low); Cat wins 3 (low)",
    ),
    # Deuces wild. Ann's full house is the best hand; Bob holds the only diamond still in
    # (the queen). The diamond's half, 13 / 2 rounded down (the odd chip to the best hand,
    # the default) = 6, to Bob; the best hand takes the other 7. Ann 43, Bob 42, Cat 36.
    "hi-di-deu-wi-the-highest-diamond-takes-half": Case(
        game="hi-di-deu-wi",
        rounds={"Second street": BET_3_DAN_FOLDS},
        steps=HI_DI_STEPS,
        before=AFTER_THE_BET,
        hands=[
            ("Ann", "", "Ah As Ac Kh Ks 3c 4c", "Ac Kh Ks 3c"),
            ("Bob", "", "Qd 7s 8s 9h Jc 5c 6c", "7s 8s 9h Jc"),
            ("Cat", "", "Th 7h 8h 9c Jh 5s 6s", "7h 8h 9c Jh"),
        ],
        wins=["Ann"],
        fires={"diamond-split": {"winners": ["Bob"]}},
        stacks=[43, 42, 36, 39],
        line="Ann wins 7",
        paid="the pot pays 6 to Bob (Half the pot, rounded down, to the holder of the highest "
        "diamond)",
    ),
    # The usual house stud deal (two down, one up, two down, one up, one up), no bet on the
    # first two cards, the best cards showing open, and only face-down diamonds count
    # (Stealth). Bob's queen of diamonds is face up: it does not count; Cat's ten of
    # diamonds is down: hers is the highest. The diamond's half rounded up (its odd chip,
    # the setting): 7 to Cat; the best hand, Ann's full house, 6. Ann 42, Bob 36, Cat 43.
    "hi-di-deu-wi-usual-deal-stealth-diamonds-odd-chip-to-the-diamond": Case(
        game="hi-di-deu-wi",
        choices={
            "options": ["usual-deal", "stealth"],
            "setting__odd-chip": "diamond",
            "setting__first-bet": "no",
            "setting__opener": "best-showing",
        },
        rounds={"Third street": BET_3_DAN_FOLDS},
        steps=[
            *("Two down", "One up", "Third street", "Two down", "Fifth street", "One up"),
            *("Sixth street", "Last card up", "Seventh street", "Showdown and diamond split"),
        ],
        before=AFTER_THE_BET,
        hands=[
            ("Ann", "", "Ah As Kh 3c Ac Ks 4c", "Ac Ks 4c"),
            ("Bob", "", "7s 8s 5c 6c Qd 9h Jc", "Qd 9h Jc"),
            ("Cat", "", "Td 5s 6s 7h 8h 9c Jh", "8h 9c Jh"),
        ],
        wins=["Ann"],
        fires={"diamond-split-odd-chip": {"winners": ["Cat"]}},
        stacks=[42, 36, 43, 39],
        line="Ann wins 6",
        paid="the pot pays 7 to Cat (Half the pot, rounded up, to the holder of the highest "
        "diamond)",
    ),
    # The up cards one at a time, a bet after each. No diamond in any hand still in:
    # nothing is split, the best hand takes all 13. Ann 49.
    "hi-di-deu-wi-one-by-one-no-diamond": Case(
        game="hi-di-deu-wi",
        choices={"setting__up-cards": "one-by-one"},
        rounds={"Second street": BET_3_DAN_FOLDS},
        steps=[
            *("Two down", "Second street", "First card up", "Third street", "Second card up"),
            *("Fourth street", "Third card up", "Fifth street", "Fourth card up", "Sixth street"),
            *("Last card down", "Seventh street", "Showdown and diamond split"),
        ],
        before=AFTER_THE_BET,
        hands=[
            ("Ann", "", "Ah As Ac Kh Ks 3c 4c", "Ac Kh Ks 3c"),
            ("Bob", "", "Qs 7s 8s 9h Jc 5c 6c", "7s 8s 9h Jc"),
            ("Cat", "", "Th 7h 8h 9c Jh 5s 6s", "7h 8h 9c Jh"),
        ],
        wins=["Ann"],
        stacks=[49, 36, 36, 39],
        line="Ann wins 13",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_whole_deal(dealer, four, case: Case):
    play(dealer, four, case)
