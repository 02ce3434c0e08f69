"""Points scored, with only a stake per point moving chips.

Money mechanics M40 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M40   test_pokino_scores_points_and_only_a_stake_per_point_moves_chips
      (points rules move nothing: refused, no journal row)
"""

import pytest

from tests.ledger.conftest import journal_total
from tests.scenarios.money import NOTHING, Chips, award, chips, deal, fire, refused

pytestmark = pytest.mark.django_db


def test_pokino_scores_points_and_only_a_stake_per_point_moves_chips(make_table):
    """M40 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob], "pokino", dealer=bob, antes=False)
    for rule_id, roles in (
        ("no-chips", {}),
        ("trick-point", {"winner": ann.pk}),
        ("honor-royal-flush", {"best_hand": bob.pk}),
        ("game-wipes-partials", {"loser": ann.pk}),
    ):
        refused(hand, rule_id, NOTHING, roles=roles)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 50), pots=(0,))
    # Where the table plays for a stake per point: Ann wins the rubber by 30 points at 1 chip.
    fire(
        hand,
        "point-stakes",
        roles={"loser": bob.pk, "winner": ann.pk},
        count=30,
        agreed={"the stake per point": 1},
    )
    award(hand)  # no pot: the hand closes
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(80, 20, 50), pots=(0,))
    assert journal_total(night) == 0
