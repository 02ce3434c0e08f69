"""Splitting the pot: high and low, half pots, naturals, killed hands.

Money mechanics M34 to M37 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M34   test_high_low_halves_go_to_the_high_and_low_hands_odd_chip_high
      (Play.award with low winners; the `high-low-split` rule is half the pot at once)
M35   test_hi_di_deu_wi_highest_diamond_takes_half_and_the_best_hand_the_rest
M36   test_natural_sevens_take_the_whole_pot_and_two_split_it
M37   test_a_killed_hand_cannot_be_paid_and_qualifier_rules_move_no_chips
      (a kill is recorded as a fold, which the award refuses to pay; qualifiers are
      refused as moving nothing)
"""

import pytest

from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_total
from tests.scenarios.money import NOTHING, Chips, award, betting, chips, deal, fire, ids, refused

pytestmark = pytest.mark.django_db


def test_high_low_halves_go_to_the_high_and_low_hands_odd_chip_high(make_table):
    """M34 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "selection-rejection")  # pot 3; 49 each
    betting(hand, (ann, "bet", 4), (bob, "call", 0), (cat, "call", 0))  # 3 + 12 = 15
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 45, 45), pots=(15,))
    # Ann has the high hand; Bob and Cat tie for low. High 8 (the odd chip); low 7 = 4 + 3,
    # the odd chip of the low half to Bob, first from Cat's left.
    award(hand, [ann], low=[[bob, cat]])
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 49, 48), pots=(0,))
    assert journal_total(night) == 0


def test_hi_di_deu_wi_highest_diamond_takes_half_and_the_best_hand_the_rest(make_table):
    """M35 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "hi-di-deu-wi")  # pot 3; 49 each
    betting(hand, (ann, "bet", 4), (bob, "call", 0), (cat, "call", 0))  # pot 15
    # Cat holds the highest diamond: half of 15, rounded down, is 7.
    fire(hand, "diamond-split", roles={"winners": cat.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 45, 52), pots=(8,))
    award(hand, [ann])  # the best hand takes the other 8
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 45, 52), pots=(0,))
    assert journal_total(night) == 0


def test_natural_sevens_take_the_whole_pot_and_two_split_it(make_table):
    """M36 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "deuces-jacks-man-with-the-axe")  # pot 3
    betting(first, (ann, "bet", 2), (bob, "call", 0), (cat, "call", 0))  # 3 + 6 = 9
    # Bob and Cat both hold natural sevens: they split 9, the odd chip to Bob.
    fire(first, "sevens-split", roles={"winners": ids(cat, bob)})
    award(first)  # already empty
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 52, 51), pots=(0,))
    second = deal(night, [ann, bob, cat], "deuces-jacks-man-with-the-axe", dealer=cat)
    fire(second, "natural-sevens", roles={"winner": ann.pk})  # Ann alone: all 3
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 51, 50), pots=(0, 0))
    assert journal_total(night) == 0


def test_a_killed_hand_cannot_be_paid_and_qualifier_rules_move_no_chips(make_table):
    """M37 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "bloody-sevens")  # pot 3; 49 each
    # A face-up 7 kills Cat's hand: the table records it as a fold.
    betting(first, (ann, "check", 0), (bob, "check", 0), (cat, "fold", 0))
    # Ann wins; Bob loses and matches 3; Cat, killed, is excused from matching.
    fire(first, "match", roles={"losers": bob.pk})
    with pytest.raises(LedgerError, match="Cat cannot win pot 1: folded"):
        award(first, [cat])
    award(first, [ann])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 46, 49), pots=(0,), riding=3)
    # Monte Carlo's qualifiers decide who may open or win; they are not payments.
    second = deal(night, [ann, bob, cat], "monte-carlo", dealer=cat)  # 3 + 3 = 6
    for rule_id in ("openers", "trips-to-win"):
        refused(second, rule_id, NOTHING)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 45, 48), pots=(0, 6))
    assert journal_total(night) == 0
