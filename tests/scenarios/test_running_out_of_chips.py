"""Running out of chips: the last player standing, what a broke player owes.

Money mechanics M38 to M39 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M38   test_liars_poker_the_last_player_with_a_quarter_takes_every_lost_one
      test_screw_your_neighbor_each_lost_stack_pays_the_pot_the_last_player_takes
      (Liar's Poker's quarters stay in front and a lost one goes to the next pot;
      Screw Your Neighbor's lost life is already in the next pot: `lose-stack` refused)
M39   test_a_penalty_a_player_cannot_cover_is_what_he_has_or_a_marker
      test_a_guts_table_that_chose_to_owe_writes_a_marker_on_any_night
      test_a_plain_guts_hand_on_a_marker_night_writes_the_marker
      (Trash Poker's broke player owes nothing: M8, M30)
"""

import pytest

from ledger.services import runs
from tests.ledger.conftest import confirm_ante, journal_total
from tests.scenarios.money import HOST, NOTHING, Chips, award, chips, deal, fire, refused

pytestmark = pytest.mark.django_db


def test_liars_poker_the_last_player_with_a_quarter_takes_every_lost_one(make_table):
    """M38 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "liars-poker", antes=False)
    refused(hand, "stake", NOTHING)  # the quarters stay in front of the players
    # Each lost call puts a quarter (5 chips) in the middle for the last survivor.
    fire(hand, "lose-quarter", roles={"loser": ann.pk})
    fire(hand, "lose-quarter", roles={"loser": ann.pk})
    fire(hand, "lose-quarter", roles={"loser": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(40, 45, 50), pots=(15,))
    award(hand, [cat])  # the pot's award: Cat still has a quarter, 50 + 15
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(40, 45, 65), pots=(0,))
    # Where lost quarters go to the caller who won: each lost call pays 5 to the
    # winner of the call.
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "liars-poker", antes=False)
    fire(hand, "lose-quarter-to-winner", roles={"loser": ann.pk, "winner": bob.pk})
    fire(hand, "lose-quarter-to-winner", roles={"loser": ann.pk, "winner": cat.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(40, 55, 55), pots=(0,))
    assert journal_total(night) == 0


def test_screw_your_neighbor_each_lost_stack_pays_the_pot_the_last_player_takes(make_table):
    """M38 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "screw-your-neighbor", antes=False)
    # Three stacks of the dealer's size 5 stay in front of each player: no chips move.
    refused(first, "stake", NOTHING)
    # Bob holds the lowest card and puts one stack into the pot; nobody wins it yet.
    fire(first, "lose-stack", roles={"lowest_hand": bob.pk}, agreed={"one stack": 5})
    fire(first, "carry-over")
    award(first)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 45, 50), pots=(0,), riding=5)
    # Next round the 5 ride in; Cat loses a stack, and Ann is the last with stacks left.
    second = deal(night, [ann, bob, cat], "screw-your-neighbor", dealer=ann, antes=False)
    fire(second, "lose-stack", roles={"lowest_hand": cat.pk}, agreed={"one stack": 5})
    fire(second, "last-standing", roles={"winner": ann.pk})  # 50 + 10
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 45, 45), pots=(0, 0))
    assert journal_total(night) == 0


def test_a_penalty_a_player_cannot_cover_is_what_he_has_or_a_marker(make_table):
    # By default a short player pays what he has.
    """M39 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 50, 12))
    hand = deal(night, [ann, bob, cat], "boo-ray")  # pot 3; 49, 49, 11
    fire(hand, "boo-ray", roles={"losers": cat.pk}, agreed={"the Boo Ray amount": 20})
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49, 49, 0), pots=(3,), riding=11, bank=-112
    )
    assert journal_total(night) == 0
    # On a "marker" night he pays what he has and owes the rest: 20 - 11 = 9.
    night, (ann, bob, cat) = make_table(buy_ins=(50, 50, 12), shortfall="marker")
    hand = deal(night, [ann, bob, cat], "boo-ray")
    fire(hand, "boo-ray", roles={"losers": cat.pk}, agreed={"the Boo Ray amount": 20})
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49, 49, 0), pots=(3,), riding=20, markers=(0, 0, -9), bank=-112
    )
    award(hand, [ann])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(52, 49, 0), pots=(0,), riding=20, markers=(0, 0, -9), bank=-112
    )
    assert journal_total(night) == 0


def test_a_guts_table_that_chose_to_owe_writes_a_marker_on_any_night(make_table):
    """M39 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 3, 50))  # pay what you have, by default
    confirm_ante(night, "guts-three-card")
    run = runs.run_start(
        night=night,
        game_slug="guts-three-card",
        settings={"short-stack": "owe"},
        recorded_by=HOST,
    )
    hand = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=cat, recorded_by=HOST)
    fire(hand, "ante")  # the night's ante of 1: pot 3; 49, 2, 49
    fire(hand, "challengers-match", roles={"losers": bob.pk})  # Bob pays his 2, owes 1
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49, 0, 49), pots=(3,), riding=3, markers=(0, -1, 0), bank=-103
    )
    award(hand, [ann])  # 49 + 3; the 3 ride, so the game goes on
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(52, 0, 49), pots=(0,), riding=3, markers=(0, -1, 0), bank=-103
    )
    run.refresh_from_db()
    assert run.status == "open"
    assert journal_total(night) == 0


def test_a_plain_guts_hand_on_a_marker_night_writes_the_marker(make_table):
    """M39 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(buy_ins=(50, 3, 50), shortfall="marker")
    # Dealt outside a chosen game, Guts has both answers to its short-stack setting:
    # neither wins, so the night's policy stands.
    hand = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49, 2, 49
    fire(hand, "challengers-match", roles={"losers": bob.pk})  # Bob pays 2, owes 1
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49, 0, 49), pots=(3,), riding=3, markers=(0, -1, 0), bank=-103
    )
