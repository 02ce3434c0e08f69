"""Betting rounds, side pots for a short all-in player, and a whole pot kept in play.

Money mechanics M6 to M8 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M6    test_a_standard_betting_round_moves_the_bets_into_the_pot
      (the `betting` rule itself moves nothing: refused)
M7    test_a_short_all_in_player_can_win_only_the_main_pot
      (the `side-pots` rule itself moves nothing: refused; the pots build them)
M8    test_trash_poker_all_in_player_stays_in_and_wins_the_whole_pot_with_no_side_pot
      (hand_start(side_pots=False), as the table does for a game with all_in_whole_pot)
"""

import pytest

from ledger.services import hands
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_total
from tests.scenarios.money import NOTHING, Chips, award, betting, chips, deal, fire, refused

pytestmark = pytest.mark.django_db


def test_a_standard_betting_round_moves_the_bets_into_the_pot(make_table):
    """M6 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "five-card-draw")  # pot 3
    refused(hand, "betting", NOTHING)  # the rule describes the rounds; the round moves chips
    # Ann bets 5, Bob raises to 10, Cat folds, Ann calls: 3 + 10 + 10 = 23.
    betting(hand, (ann, "bet", 5), (bob, "raise", 10), (cat, "fold", 0), (ann, "call", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 39, 49), pots=(23,))
    betting(hand, (ann, "check", 0), (bob, "check", 0))  # after the draw
    [pot] = hands.load(hand).showdown_pots()
    assert (pot.amount, pot.eligible) == (23, {ann.pk, bob.pk})
    award(hand, [bob])  # 39 + 23
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 62, 49), pots=(0,))
    assert journal_total(night) == 0


def test_a_short_all_in_player_can_win_only_the_main_pot(make_table):
    """M7 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 10, 50))
    hand = deal(night, [ann, bob, cat], "seven-card-stud")  # pot 3; stacks 49, 9, 49
    refused(hand, "side-pots", NOTHING)  # built by the pots, not charged
    # Ann bets 20, Bob is all in for his 9, Cat calls 20.
    betting(hand, (ann, "bet", 20), (bob, "all_in", 0), (cat, "call", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 0, 29), pots=(52,), bank=-110)
    # In the pot: Ann 21, Bob 10, Cat 21. Main pot 3 x 10 = 30; side pot 2 x 11 = 22.
    main, side = hands.load(hand).showdown_pots()
    assert (main.amount, main.eligible) == (30, {ann.pk, bob.pk, cat.pk})
    assert (side.amount, side.eligible) == (22, {ann.pk, cat.pk})
    with pytest.raises(LedgerError, match="Bob cannot win pot 2"):
        award(hand, [bob], [bob])
    award(hand, [bob], [cat])  # Bob 0 + 30; Cat 29 + 22
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 30, 51), pots=(0,), bank=-110)
    assert journal_total(night) == 0


def test_trash_poker_all_in_player_stays_in_and_wins_the_whole_pot_with_no_side_pot(
    make_table,
):
    # Even on a night where short players owe the rest, Trash Poker's broke player owes nothing.
    """M8 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 10, 50), shortfall="marker")
    hand = deal(night, [ann, bob, cat], "trash-poker", side_pots=False)  # pot 3; 49, 9, 49
    refused(hand, "broke-stays-in", NOTHING)
    fire(hand, "draw-fee", roles={"actor": bob.pk}, count=2)  # Bob draws twice: 2 x 1
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 7, 49), pots=(5,), bank=-110)
    # Ann bets 20, Bob is all in for 7, Cat calls: 5 + 20 + 7 + 20 = 52.
    betting(hand, (ann, "bet", 20), (bob, "all_in", 0), (cat, "call", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 0, 29), pots=(52,), bank=-110)
    # Broke, Bob can draw no more: the fee is refused, and no marker is written.
    refused(hand, "draw-fee", NOTHING, roles={"actor": bob.pk})
    [pot] = hands.load(hand).showdown_pots()  # one pot, everyone can win all of it
    assert (pot.amount, pot.eligible) == (52, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 0 + 52
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 52, 29), pots=(0,), bank=-110)
    assert journal_total(night) == 0
