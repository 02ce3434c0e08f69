"""Penalties and forfeits: no tricks, the lowest hand, a misdeal.

Money mechanics M23 to M26 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M23   test_boo_ray_a_player_with_no_tricks_pays_the_agreed_penalty_to_the_next_pot
M25   test_whiskey_poker_lowest_hand_pays_the_forfeit_to_the_winner
      (Screw Your Neighbor's lost stack: M38)
M26   test_in_between_misdeal_the_player_takes_the_pot_and_the_dealer_matches_it
      test_the_dealers_misdeal_match_can_be_won_by_anyone_in_the_hand
"""

import pytest

from ledger.services import hands
from tests.ledger.conftest import journal_total
from tests.scenarios.money import Chips, award, chips, deal, fire, ids

pytestmark = pytest.mark.django_db


def test_boo_ray_a_player_with_no_tricks_pays_the_agreed_penalty_to_the_next_pot(
    make_table,
):
    """M23 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "boo-ray")  # pot 3; 49 each
    # Cat took no tricks: the Boo Ray amount of $1.00 = 20 chips goes to the next pot.
    fire(first, "boo-ray", roles={"losers": cat.pk}, agreed={"the Boo Ray amount": 20})
    fire(first, "pot-win", roles={"winner": ann.pk})  # Ann took the most tricks: 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 49, 29), pots=(0,), riding=20)
    award(first)  # the pot is already empty
    # The next deal: 20 ride in, antes 3: 23. Tricks go 2-2-1: nobody takes the pot.
    second = deal(night, [ann, bob, cat], "boo-ray", dealer=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 48, 28), pots=(0, 23))
    fire(second, "carry-over")  # no amount: the whole pot rides
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 48, 28), pots=(0, 0), riding=23)
    assert journal_total(night) == 0


def test_whiskey_poker_lowest_hand_pays_the_forfeit_to_the_winner(make_table):
    """M25 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "whiskey-poker")  # pot 3; 49 each
    forfeit = {"the forfeit set before the game": 10}
    fire(hand, "forfeit", roles={"lowest_hand": cat.pk, "winner": ann.pk}, agreed=forfeit)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(59, 49, 39), pots=(3,))
    award(hand, [ann])  # 59 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(62, 49, 39), pots=(0,))
    # Where tied lowest hands share one forfeit: Bob and Cat tie, 10 = 5 + 5 to Ann.
    tied = deal(night, [ann, bob, cat], "whiskey-poker", dealer=cat)  # 61, 48, 38; pot 3
    losers = {"lowest_hand": ids(bob, cat), "winner": ann.pk}
    fire(tied, "forfeit-shared", roles=losers, agreed=forfeit)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(71, 43, 33), pots=(0, 3))
    assert journal_total(night) == 0


def test_in_between_misdeal_the_player_takes_the_pot_and_the_dealer_matches_it(make_table):
    """M26 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "in-between")  # pot 3; 49 each
    # Cat dealt too soon: Ann wins the pot's 3 and Cat refills the pot with 3 of her own,
    # booked as one payment from the dealer to the player; the pot stays 3.
    fire(hand, "misdeal-win", roles={"actor": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 49, 46), pots=(3,))
    limit = {"the dealer's maximum loss": 20}
    fire(hand, "wager-lose", roles={"actor": bob.pk}, bet=2, agreed=limit)  # Bob loses 2
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 47, 46), pots=(5,))
    assert journal_total(night) == 0


def test_the_dealers_misdeal_match_can_be_won_by_anyone_in_the_hand(make_table):
    """M26 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "in-between")  # pot 3; 49 each
    fire(hand, "misdeal-win", roles={"actor": ann.pk})  # Ann 52, Cat 46, the pot still 3
    # The dealer's refill is no bet: it is the pot for anyone, not a side pot for Cat.
    [pot] = hands.load(hand).showdown_pots()
    assert (pot.amount, pot.eligible) == (3, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 52, 46), pots=(0,))
