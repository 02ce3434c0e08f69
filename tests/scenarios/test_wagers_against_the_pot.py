"""Wagers against the pot: bets up to the pot, and a dealer who pays and collects.

Money mechanics M9 to M10 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M9    test_acey_deucey_wagers_run_from_a_nickel_to_the_pot_and_a_pot_bet_won_takes_it_all
      test_in_between_bets_stay_within_the_pot_and_the_dealers_maximum_loss
M10   test_put_and_take_the_dealer_keeps_what_the_takes_leave_in_the_pot
      test_put_and_take_the_dealer_covers_what_the_pot_cannot_pay
"""

import pytest

from tests.ledger.conftest import journal_total
from tests.scenarios.money import NOTHING, Chips, award_all, chips, deal, fire, refused

pytestmark = pytest.mark.django_db


def test_acey_deucey_wagers_run_from_a_nickel_to_the_pot_and_a_pot_bet_won_takes_it_all(
    make_table,
):
    """M9 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "acey-deucey")  # pot 3; 49 each
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=2)  # Ann bets 2 and loses
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 49, 49), pots=(5,))
    # Bob bets 9: a bet is at most the pot, 5, so it is refused and nothing moves.
    refused(
        hand,
        "wager-lose",
        r"a bet is at most the whole pot \(5 chips now\), not 9\.",
        roles={"actor": bob.pk},
        bet=9,
    )
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 49, 49), pots=(5,))
    fire(hand, "wager-lose", roles={"actor": bob.pk}, bet=5)  # the whole pot, lost: Bob 44
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 49), pots=(10,))
    # The smallest bet is a nickel: 1 chip.
    refused(
        hand,
        "wager-win",
        r"a bet is at least 0.05 in money \(1 chip\), not 0\.",
        roles={"actor": cat.pk},
        bet=0,
    )
    fire(hand, "wager-win", roles={"actor": cat.pk}, bet=4)  # Cat bets 4 and wins: pot 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 53), pots=(6,))
    # Ann bets the whole pot of 6 and wins: the game is over.
    fire(hand, "pot-bet-win", roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 44, 53), pots=(0,))
    award_all(hand, ann)  # nothing is left to win
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 44, 53), pots=(0,))
    assert journal_total(night) == 0


def test_in_between_bets_stay_within_the_pot_and_the_dealers_maximum_loss(make_table):
    """M9 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "in-between")  # pot 3; 49 each
    limit = {"the dealer's maximum loss": 2}
    # A bet is at most the pot, 3: Ann's 8 is refused and nothing moves.
    refused(
        hand,
        "wager-lose",
        r"a bet is at most the whole pot \(3 chips now\), not 8\.",
        roles={"actor": ann.pk},
        bet=8,
        agreed=limit,
    )
    # Where the maximum caps only the loss, Ann bets the whole pot, 3, and loses 2.
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=3, agreed=limit)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 49, 49), pots=(5,))
    # Where it caps the bet too, Bob may bet at most 2 against the pot of 5.
    refused(
        hand,
        "wager-win",
        r"at most the dealer's maximum loss or the whole pot \(2 chips now\), not 3\.",
        roles={"actor": bob.pk},
        bet=3,
        agreed=limit,
    )
    fire(hand, "wager-win", roles={"actor": bob.pk}, bet=2, agreed=limit)  # Bob 51, pot 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 51, 49), pots=(3,))
    # Where it caps only the loss, a win may be more than the maximum: Cat bets the whole pot,
    # 3, and wins it.
    fire(hand, "wager-win-to-pot", roles={"actor": cat.pk}, bet=3)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 51, 52), pots=(0,))
    # Nothing is left to bet against: even a chip is more than the pot.
    refused(
        hand,
        "wager-lose-bet-cap",
        r"\(0 chips now\), not 1\.",
        roles={"actor": ann.pk},
        bet=1,
        agreed=limit,
    )
    assert journal_total(night) == 0


def test_put_and_take_the_dealer_keeps_what_the_takes_leave_in_the_pot(make_table):
    """M10 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob], "put-and-take", dealer=cat, antes=False)
    # Puts per matching card: 5c, 10c, 25c, 50c = 1, 2, 5, 10 chips.
    fire(hand, "put-1", count={ann.pk: 1})  # Ann 1
    fire(hand, "put-2", count={bob.pk: 2})  # Bob 2 x 2 = 4
    fire(hand, "put-3", count={ann.pk: 1})  # Ann 5
    fire(hand, "put-4", count={bob.pk: 1})  # Bob 10
    # Ann 50 - 6 = 44, Bob 50 - 14 = 36; pot 20.
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 36, 50), pots=(20,))
    # Takes per matching card: 50c, 25c, 10c, 5c = 10, 5, 2, 1 chips.
    refused(hand, "take-1", NOTHING, count={})  # nobody matched the first take card
    fire(hand, "take-2", count={ann.pk: 1})  # Ann +5: pot 15
    fire(hand, "take-3", count={bob.pk: 1})  # Bob +2: pot 13
    fire(hand, "take-4", count={ann.pk: 1, bob.pk: 1})  # +1 each: pot 11
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 39, 50), pots=(11,))
    fire(hand, "dealer-keeps")  # the dealer takes the 11 left
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 39, 61), pots=(0,))
    assert journal_total(night) == 0


def test_put_and_take_the_dealer_covers_what_the_pot_cannot_pay(make_table):
    """M10 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob], "put-and-take", dealer=cat, antes=False)
    fire(hand, "put-1", count={ann.pk: 1})  # Ann 1: pot 1
    # Bob matches the first take card, 10 chips: the pot has 1 and pays it, and the
    # dealer pays Bob the 9 it was short, in the same posting: only the count is entered.
    posting = fire(hand, "take-1", count={bob.pk: 1})
    assert posting.detail["covered_by"] == "dealer-covers"
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 60, 41), pots=(0,))
    refused(hand, "dealer-covers", "booked with them")  # never fired on its own
    refused(hand, "dealer-keeps", NOTHING)  # nothing left for the dealer
    assert journal_total(night) == 0
