"""Chips paid from one player to another: knocks, bonuses and the black spot.

Money mechanics M27 to M30 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M27   test_knock_poker_each_player_who_drops_pays_the_knocker_a_chip
M28   test_knock_poker_stayers_pay_a_winning_knocker_and_a_beaten_knocker_pays_them
M29   test_knock_poker_a_big_hand_collects_a_bonus_from_each_other_player
M30   test_black_spot_folded_players_pay_twice_their_chips_capped_at_their_stacks
"""

import pytest

from tests.ledger.conftest import journal_total
from tests.scenarios.money import Chips, award, betting, chips, deal, fire, ids

pytestmark = pytest.mark.django_db


def test_knock_poker_each_player_who_drops_pays_the_knocker_a_chip(make_table):
    """M27 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    # Ann knocks; when play comes back, Bob and Cat drop: a chip each to Ann.
    fire(hand, "drop-out-chip", roles={"folded": ids(bob, cat), "knocker": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 48, 48), pots=(3,))
    award(hand, [ann])  # 51 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(54, 48, 48), pots=(0,))
    assert journal_total(night) == 0


def test_knock_poker_stayers_pay_a_winning_knocker_and_a_beaten_knocker_pays_them(
    make_table,
):
    """M28 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    # Ann knocks and has the high hand: Bob and Cat, who stayed, pay her 2 each.
    fire(first, "knocker-wins", roles={"stayers": ids(bob, cat), "knocker": ann.pk})
    award(first, [ann])  # 49 + 4 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(56, 47, 47), pots=(0,))
    # Ann deals; Bob knocks and Cat beats him: Bob pays 2 to each stayer, Cat takes the pot.
    second = deal(night, [ann, bob, cat], "knock-poker", dealer=ann)  # 55, 46, 46; pot 3
    fire(second, "knocker-beaten", roles={"knocker": bob.pk, "stayers": ids(ann, cat)})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 42, 48), pots=(0, 3))
    award(second, [cat])  # 48 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 42, 51), pots=(0, 0))
    assert journal_total(night) == 0


def test_knock_poker_a_big_hand_collects_a_bonus_from_each_other_player(make_table):
    """M29 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    fire(first, "bonus-big-hand", roles={"winner": ann.pk})  # four of a kind: 4 from each
    award(first, [ann])  # 49 + 8 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 45, 45), pots=(0,))
    second = deal(night, [ann, bob, cat], "knock-poker", dealer=cat)  # 59, 44, 44; pot 3
    fire(second, "bonus-royal", roles={"winner": bob.pk})  # a royal flush: 8 from each
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 60, 36), pots=(0, 3))
    award(second, [bob])  # 60 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 63, 36), pots=(0, 0))
    # Knock Poker - Deuces Wild, where the bonus is 4 in all from the others: 2 each.
    third = deal(night, [ann, bob, cat], "knock-poker-deuces-wild", dealer=cat)  # 50, 62, 35
    fire(third, "bonus-big-hand-single", roles={"winner": cat.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 60, 39), pots=(0, 0, 3))
    assert journal_total(night) == 0


def test_black_spot_folded_players_pay_twice_their_chips_capped_at_their_stacks(make_table):
    """M30 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 8, 50), shortfall="marker")
    hand = deal(night, [ann, bob, cat], "trash-poker", side_pots=False)  # pot 3; 49, 7, 49
    fire(hand, "draw-fee", roles={"actor": bob.pk}, count=2)  # Bob 5
    fire(hand, "pass-fee", roles={"actor": cat.pk})  # Cat 48; pot 6
    # Ann bets 5, both fold, her 5 comes back. In the pot: Ann 1, Bob 3, Cat 2.
    betting(hand, (ann, "bet", 5), (bob, "fold", 0), (cat, "fold", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 5, 48), pots=(6,), bank=-108)
    # Ann shows the Black Spot. Bob owes 2 x 3 = 6 but has 5; Cat pays 2 x 2 = 4.
    fire(hand, "black-spot-payout", roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(58, 0, 44), pots=(6,), bank=-108)
    award(hand, [ann])  # 58 + 6; and no marker, though the night writes them
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(64, 0, 44), pots=(0,), bank=-108)
    assert journal_total(night) == 0
