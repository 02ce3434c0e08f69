"""The coward tax and tariff when everyone passes, and a best hand that pays the next antes.

Money mechanics M24 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M24   test_guts_coward_tax_and_tariff_when_everyone_passes
      test_a_pot_carried_by_the_all_pass_rule_after_a_coward_tax_lets_the_hand_close
      test_buddhas_folly_best_hand_pays_every_ante_of_the_next_deal
"""

import pytest

from ledger.services import hands
from tests.ledger.conftest import journal_total
from tests.scenarios.money import Chips, award, chips, deal, fire

pytestmark = pytest.mark.django_db


def test_guts_coward_tax_and_tariff_when_everyone_passes(make_table):
    """M24 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    # Everyone passes; Bob would have won and pays the coward tax, a quarter: 5.
    fire(first, "coward-tax-pay", roles={"best_hand": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(8,))
    award(first, *([],) * len(hands.load(first).showdown_pots()))  # nobody wins: the 8 ride
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)
    # Next deal: 8 + antes 3 = 11. Everyone passes again; the tariff is a quarter each.
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat)
    fire(second, "coward-tariff")
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 38, 43), pots=(0, 26))
    award(second, [])
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 38, 43), pots=(0, 0), riding=26)
    assert journal_total(night) == 0


def test_a_pot_carried_by_the_all_pass_rule_after_a_coward_tax_lets_the_hand_close(
    make_table,
):
    """M24 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    fire(hand, "coward-tax-pay", roles={"best_hand": bob.pk})  # pot 8
    fire(hand, "all-pass")  # the 8 ride: pot 0
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)
    assert hands.load(hand).showdown_pots() == []  # the rule took every chip there was
    award(hand)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)


def test_buddhas_folly_best_hand_pays_every_ante_of_the_next_deal(make_table):
    """M24 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "buddhas-folly")  # pot 3; 49 each
    # Everyone drops; Cat showed the best hand and pays 3 players x 1 ante = 3.
    fire(first, "all-drop-fee", roles={"best_hand": cat.pk}, count=3)
    award(first, [])  # the pot of 3 rides too
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 46), pots=(0,), riding=6)
    # The next deal needs no antes: its pot is the 6.
    second = deal(night, [ann, bob, cat], "buddhas-folly", dealer=cat, antes=False)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 46), pots=(0, 6))
    award(second, [ann])  # 49 + 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 49, 46), pots=(0, 0))
    assert journal_total(night) == 0
