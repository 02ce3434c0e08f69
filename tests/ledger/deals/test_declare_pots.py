"""The declare pots: Big Sol, Howdy Doody, Numbers and Selection / Rejection, a whole deal each.

Each declares high or low (or both, where the game lets a player) before the
showdown: Ann and Bob on their own phones, Cat through the dealer's card entry.
The helper's fill gives every declaration and a rank per side, a player who
declared both and lost one side ranked last on both, and is booked as given;
the pot halves, the odd chip going as the game's setting says (high unless
the table chose otherwise), and the award's journal line says which half each
winner took.

The table: Ann, Bob, Cat and Dan, 40 chips each; Dan deals, so Ann is first
to act; everyone antes 1 (the night's ante, as each game's start page offers).
In each deal Ann bets 3 in the first betting round, Bob and Cat call and Dan
folds: Ann, Bob and Cat 40 - 1 - 3 = 36, Dan 39, the pot 4 + 9 = 13.
"""

from __future__ import annotations

import re

import pytest

from ledger.models import HandCards
from ledger.services import games
from tests.ledger.deals.conftest import start
from tests.ledger.deals.declaring import (
    TRASH_STEPS,
    book,
    declare,
    declare_on_phone,
    enter,
    phone,
    said,
    table,
    walk,
)

pytestmark = pytest.mark.django_db

BET_3_DAN_FOLDS = [("Bet", 3), "Call 3", "Call 3", "Fold"]


def to_the_declaration(deal, four, game: str, until: str, first_round: str, **choices):
    start(deal, game, **choices)
    deal.press("Book: Each player ")
    steps = walk(deal, until, **{first_round.replace(" ", "_"): BET_3_DAN_FOLDS})
    assert deal.stacks(*four) == [36, 36, 36, 39]
    return steps


def sides_offered(page: str, name: str) -> list[str]:
    """The choices of the declaration select named `name` on the page."""
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, name
    return re.findall(r'<option value="(\w*)"', select[1])


# --- Big Sol -------------------------------------------------------------------------------------

BIG_SOL_STEPS = [
    "Three down",
    "Third street",
    "Fourth card down",
    "Fourth street",
    "Fifth card down",
    "Fifth street",
    "Sixth card down",
    "Sixth street",
    "Seventh card down",
    "Seventh street",
    "Throw away two",
    "Turn up a first card",
    "First card up",
    "Turn up a second card",
    "Second card up",
    "Turn up a third card",
    "Third card up",
    "Turn up a fourth card",
    "Fourth card up",
    "High or low?",
]


def test_big_sol_each_player_calls_high_or_low_never_both(dealer, four):
    ann, bob, cat, _dan = four
    steps = to_the_declaration(dealer, four, "big-sol", "High or low?", "Third street")
    assert steps == BIG_SOL_STEPS
    # Nobody declares both (the default): the phone offers high and low only.
    anns = phone(ann)
    assert sides_offered(table(dealer, anns), "declare") == ["", "high", "low"]
    declare_on_phone(dealer, anns, "Ah Kh 9h 5h 2h", "high", up="Ah Kh 9h 5h")  # a flush
    declare_on_phone(dealer, phone(bob), "7c 5d 4s 3c 2d", "low", up="7c 5d 4s 3c")  # 7-5 low
    dealer.press("Next: Showdown")
    # Nor does the dealer's card entry: a "both" for Cat is refused and nothing is saved.
    refused = enter(dealer, cat, "8s 6s 4h 3d 2c", up="8s 6s 4h 3d", declare="both", expect=400)
    assert "Big Sol: nobody declares both at this table, so Cat declares high or low." in (
        refused.content.decode().replace("&#x27;", "'")
    )
    assert not HandCards.objects.filter(seat=cat).exists()
    enter(dealer, cat, "8s 6s 4h 3d 2c", up="8s 6s 4h 3d", declare="low")  # eight-six low
    page = dealer.page("?helper=fill")
    sent = dealer.form("Book the showdown", page).data()
    assert sides_offered(page, f"declare-{cat.pk}") == ["", "high", "low"]
    assert "Nobody declares both in this game" in page
    assert said(sent, ann, bob, cat) == [("high", "1", ""), ("low", "", "1"), ("low", "", "2")]
    # A "both" sent on the form anyway is refused, and the form comes back as sent.
    refused = dealer.press(
        "Book the showdown", page=page, expect=400, **{f"declare__{cat.pk}": "both"}
    )
    assert "Nobody declares both in this game: say whether Cat declares high or low." in refused
    # The pot of 13 halves 7 and 6, the odd chip high (the split rounds the low half down):
    # Ann 36 + 7 = 43, Bob 36 + 6 = 42, Cat 36, Dan 39. 43 + 42 + 36 + 39 = 160.
    assert book(dealer, page, four) == (
        [43, 42, 36, 39],
        "Ann wins 7 (high); Bob wins 6 (low)",
    )


def test_big_sol_declaring_both_allowed_a_steel_wheel_scoops(dealer, four):
    ann, bob, cat, _dan = four
    to_the_declaration(
        dealer,
        four,
        "big-sol",
        "High or low?",
        "Third street",
        **{"setting__both-ways": "outright"},
    )
    page, sent = declare(
        dealer,
        phones=[
            (ann, "high", "Ah Kh 9h 5h 2h", "Ah Kh 9h 5h"),
            (bob, "low", "7c 5d 4d 3c 2d", "7c 5d 4d 3c"),
        ],
        # Cat's five-high straight flush beats the flush, and is the best low too.
        by_dealer=[(cat, "both", "As 2s 3s 4s 5s", "As 2s 3s 4s")],
    )
    assert said(sent, ann, bob, cat) == [("high", "2", ""), ("low", "", "2"), ("both", "1", "1")]
    # Cat wins both ways outright and takes all 13: 36 + 13 = 49. Ann 36, Bob 36, Dan 39.
    assert book(dealer, page, four) == (
        [36, 36, 49, 39],
        "Cat wins 13 (high 7, low 6)",
    )


# --- Howdy Doody ---------------------------------------------------------------------------------


def test_howdy_doody_threes_wild_high_kings_wild_low_and_a_failed_both_call(dealer, four):
    ann, bob, cat, _dan = four
    steps = to_the_declaration(dealer, four, "howdy-doody", "Declare", "After the pass")
    assert steps == [*TRASH_STEPS, "Declare high, low or both"]
    page, sent = declare(
        dealer,
        phones=[
            # Ann's three is wild for high: four kings.
            (ann, "high", "3h Kc Ks Kd 9c", "3h Kc Ks Kd"),
            # Bob's king is wild for low, an ace: seven-five-four-two-ace.
            (bob, "low", "Kh 2c 4s 5h 7d", "Kh 2c 4s 5h"),
        ],
        # Cat calls both: her three makes a six-high straight for high (beaten by the four
        # kings); for low the three is a three, six-five-four-three-two, the best low. She
        # loses high, so she takes nothing, and the low goes to Bob.
        by_dealer=[(cat, "both", "3s 6d 5c 4d 2h", "3s 6d 5c 4d")],
        step="Showdown and split",
    )
    assert said(sent, ann, bob, cat) == [("high", "1", ""), ("low", "", "1"), ("both", "2", "2")]
    assert "fire" not in sent
    # 13 halves 7 (odd chip high, the default) and 6: Ann 43, Bob 42, Cat 36, Dan 39.
    assert book(dealer, page, four) == (
        [43, 42, 36, 39],
        "Ann wins 7 (high); Bob wins 6 (low)",
    )


# --- Selection / Rejection -----------------------------------------------------------------------

SELECTION_STEPS = [
    "Two down",
    "First up-card, offered around",
    "Third street",
    "Second up-card, offered around",
    "Fourth street",
    "Third up-card, offered around",
    "Fifth street",
    "Fourth up-card, offered around",
    "Sixth street",
    "Last card down",
    "Seventh street",
    "Declare high, low or both",
]


def test_selection_rejection_best_five_of_seven_with_the_odd_chip_low(dealer, four):
    ann, bob, cat, _dan = four
    steps = to_the_declaration(
        dealer,
        four,
        "selection-rejection",
        "Declare",
        "Third street",
        **{"setting__odd-chip": "low"},
    )
    assert steps == SELECTION_STEPS
    page, sent = declare(
        dealer,
        phones=[
            (ann, "high", "Ah Kh 9h 5h 2h 2s 3s", "9h 5h 2h 2s"),  # a heart flush
            (bob, "low", "7c 5d 4s 3c 2d Kc Qc", "5d 4s 3c Kc"),  # seven-five low
        ],
        # Cat calls both: a pair of jacks (beaten by the flush) and eight-six low (beaten by
        # Bob's): she takes nothing.
        by_dealer=[(cat, "both", "8s 6s 4h 3d 2c Js Jd", "4h 3d 2c Js")],
        step="Showdown and split",
    )
    assert said(sent, ann, bob, cat) == [("high", "1", ""), ("low", "", "1"), ("both", "2", "2")]
    # 13 halves 6 and 7, the odd chip low (the setting): Ann 36 + 6 = 42, Bob 36 + 7 = 43.
    assert book(dealer, page, four) == (
        [42, 43, 36, 39],
        "Ann wins 6 (high); Bob wins 7 (low)",
    )


# --- Numbers -------------------------------------------------------------------------------------

NUMBERS_STEPS = [
    "Deal five, lay out seven",
    "Flip and discard",
    "After each flip",
    "High, low or both",
]


def test_numbers_highest_and_lowest_totals_among_the_declarers_split(dealer, four):
    ann, bob, cat, _dan = four
    steps = to_the_declaration(dealer, four, "numbers", "High, low", "After each flip")
    assert steps == NUMBERS_STEPS
    page, sent = declare(
        dealer,
        # The cards each still holds after the flips. Ann: king 10 + queen 10 = 20.
        # Bob: 2 + 3 = 5.
        phones=[(ann, "high", "Kh Qd"), (bob, "low", "2c 3d")],
        # Cat calls both: the ace counts 15 for high (24, beating Ann's 20) and 1 for low
        # (10, beaten by Bob's 5): she loses low, so she takes nothing and is ranked last.
        by_dealer=[(cat, "both", "Ah 9c")],
        step="Count and split",
    )
    assert said(sent, ann, bob, cat) == [("high", "1", ""), ("low", "", "1"), ("both", "2", "2")]
    # 13 halves 7 (the odd chip high, the default) and 6: Ann 43, Bob 42, Cat 36, Dan 39.
    assert book(dealer, page, four) == (
        [43, 42, 36, 39],
        "Ann wins 7 (high); Bob wins 6 (low)",
    )


def test_numbers_everyone_calls_high_and_the_unclaimed_half_stays_for_the_next_hand(dealer, four):
    ann, bob, cat, _dan = four
    to_the_declaration(
        dealer,
        four,
        "numbers",
        "High, low",
        "After each flip",
        **{"setting__one-side-only": "carry"},
    )
    page, sent = declare(
        dealer,
        phones=[(ann, "high", "Kh Qd"), (bob, "high", "2c 3d")],  # 20 and 5
        by_dealer=[(cat, "high", "Ah 9c")],  # the ace 15 for high: 24, the best
        step="Count and split",
    )
    # Everyone called high: the fill fires the carry of the low half, nobody's.
    assert sent["fire"] == ["one-side-carry"]
    assert said(sent, ann, bob, cat) == [("high", "2", ""), ("high", "3", ""), ("high", "1", "")]
    # Half of 13, rounded down, 6, stays in the middle for the next hand; Cat takes the
    # other 7: 36 + 7 = 43. Ann 36, Bob 36, Dan 39; 36 + 36 + 43 + 39 + 6 riding = 160.
    assert book(dealer, page, four) == (
        [36, 36, 43, 39],
        "Cat wins 7 (high)",
    )
    assert games.riding(dealer.night) == 6
