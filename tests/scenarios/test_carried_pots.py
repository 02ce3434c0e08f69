"""Pots that carry to the next deal, and a game that ends when the pot is empty.

Money mechanics M31 to M33 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M31   test_black_russian_a_deal_with_no_winner_carries_the_pot_to_the_next
      (also Monte Carlo in M4, Boo Ray in M23, Gruts' fines in M18)
M32   test_guts_ends_when_an_unchallenged_gutser_empties_the_pot
      (also Acey Deucey's pot bet in M9, the last player standing in M38)
M33   test_the_gooch_half_pot_rounds_down_and_the_rest_carries
"""

import pytest

from tests.ledger.conftest import journal_total
from tests.scenarios.money import Chips, award, chips, deal, fire, ids

pytestmark = pytest.mark.django_db


def test_black_russian_a_deal_with_no_winner_carries_the_pot_to_the_next(make_table):
    """M31 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "black-russian")  # pot 3; 49 each
    fire(first, "no-winner-carry")  # one trick each: nobody wins, the 3 ride
    award(first)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 49), pots=(0,), riding=3)
    second = deal(night, [ann, bob, cat], "black-russian", dealer=cat)  # 3 + 3 = 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(0, 6))
    # Ann took no tricks and matches the 6 (fired while P is 6); Bob's two tricks win it.
    fire(second, "match", roles={"losers": ann.pk})
    fire(second, "pot-win", roles={"winner": bob.pk})
    award(second)  # the pot is already empty
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(42, 54, 48), pots=(0, 0), riding=6)
    assert journal_total(night) == 0


def test_guts_ends_when_an_unchallenged_gutser_empties_the_pot(make_table):
    """M32 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    fire(first, "challengers-match", roles={"losers": ids(bob, cat)})  # 3 each ride
    award(first, [ann])  # 49 + 3
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat)  # 6 + 3 = 9
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 45, 45), pots=(0, 9))
    fire(second, "unchallenged", roles={"winner": ann.pk})  # nobody challenges Ann: 51 + 9
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 45, 45), pots=(0, 0))
    # Nothing rides: the next game starts from the antes alone.
    deal(night, [ann, bob, cat], "guts-three-card", dealer=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(59, 44, 44), pots=(0, 0, 3))
    assert journal_total(night) == 0


def test_the_gooch_half_pot_rounds_down_and_the_rest_carries(make_table):
    """M33 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    fire(first, "challengers-match", roles={"losers": ids(bob, cat)})  # 6 ride
    award(first, [ann])  # 49 + 3
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat)  # 6 + 3 = 9
    # Ann beats the first gooch but not the second: half of 9 rounds down to 4.
    fire(second, "gooch-half", roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 45, 45), pots=(0, 5))
    fire(second, "all-pass")  # guts goes on with the 5
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 45, 45), pots=(0, 0), riding=5)
    # Where the guts-er's half takes the odd chip: the 5 ride in, and Bob's half is 3.
    third = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat, antes=False)
    fire(third, "gooch-half-up", roles={"winner": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 48, 45), pots=(0, 0, 2))
    assert journal_total(night) == 0
