"""Losers match the pot: into the next pot, twice over, or up to a cap.

Money mechanics M20 to M22 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M20   test_each_losing_guts_challenger_matches_the_pot_into_the_next_pot
      (also Black Russian in M31 and Bloody Sevens in M37)
M21   test_a_beaten_gutser_pays_twice_the_pot_and_the_winning_challengers_split_it
M22   test_a_capped_match_pays_the_pot_up_to_the_agreed_limit
      (In Between's maximum loss: M9)
"""

import pytest

from tests.ledger.conftest import journal_total
from tests.scenarios.money import Chips, award, chips, deal, fire, ids

pytestmark = pytest.mark.django_db


def test_each_losing_guts_challenger_matches_the_pot_into_the_next_pot(make_table):
    """M20 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    # Ann's guts beats challengers Bob and Cat: each matches the pot of 3.
    fire(first, "challengers-match", roles={"losers": ids(cat, bob)})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 46, 46), pots=(3,), riding=6)
    award(first, [ann])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 46, 46), pots=(0,), riding=6)
    # Ann deals: the 6 ride in and the antes make 9. Bob's guts beats Ann: she matches 9.
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=ann)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 45, 45), pots=(0, 9))
    fire(second, "challengers-match", roles={"losers": ann.pk})
    award(second, [bob])  # 45 + 9
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(42, 54, 45), pots=(0, 0), riding=9)
    assert journal_total(night) == 0


def test_a_beaten_gutser_pays_twice_the_pot_and_the_winning_challengers_split_it(
    make_table,
):
    """M21 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    # The penalty is fired first, while P is still 3: Ann pays 2 x 3 = 6.
    fire(hand, "gutser-pays-twice", roles={"loser": ann.pk})
    # Bob and Cat both beat her and split 3: the odd chip to Bob, first from Cat's left.
    fire(hand, "challenger-split", roles={"winners": ids(bob, cat)})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 51, 50), pots=(0,), riding=6)
    award(hand)  # the pot is already empty: nothing to award
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 51, 50), pots=(0,), riding=6)
    assert journal_total(night) == 0


def test_a_capped_match_pays_the_pot_up_to_the_agreed_limit(make_table):
    """M22 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(ante=5)
    hand = deal(night, [ann, bob, cat], "guts-two-card")  # antes 5: pot 15; 45 each
    # Bob and Cat lose with a match limit of 10: each pays min(15, 10) = 10.
    fire(hand, "capped-match", roles={"losers": ids(bob, cat)}, agreed={"the match limit": 10})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 35, 35), pots=(15,), riding=20)
    award(hand, [ann])  # 45 + 15
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 35, 35), pots=(0,), riding=20)
    assert journal_total(night) == 0
