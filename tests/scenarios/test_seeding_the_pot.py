"""Seeding the pot: antes, no ante, blinds, re-antes and stakes.

Money mechanics M1 to M5 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M1    test_each_player_pays_the_games_ante_into_the_pot_before_the_deal
      test_the_tables_ante_is_the_nights_ante_unless_the_caller_names_another
      test_a_game_chosen_at_the_table_antes_the_nights_ante_once_confirmed
M2    test_put_and_take_has_no_ante_so_its_pot_is_built_from_the_puts
      (the `no-ante` rule moves nothing: refused, no journal row; Pokino's too, M40)
M3    test_the_brag_dealers_edge_comes_back_when_everyone_drops_and_is_a_blind_when_called
      test_holdem_blinds_booked_by_their_rules_are_the_bets_the_first_round_calls
M4    test_monte_carlo_reantes_on_top_of_the_pot_that_stayed
M5    test_liars_poker_stakes_stay_in_front_and_a_lost_one_goes_to_the_middle
      (the quarters stay in front of the players: `stake` to nobody moves nothing and
      is refused; a lost quarter is paid to the next pot)
"""

import pytest

from ledger.services import hands, runs
from ledger.services.journal import LedgerError
from tests.ledger.conftest import confirm_ante, journal_rows, journal_total
from tests.scenarios.money import (
    HOST,
    NOTHING,
    Chips,
    award,
    award_all,
    betting,
    chips,
    deal,
    fire,
    ids,
    refused,
)

pytestmark = pytest.mark.django_db


def test_each_player_pays_the_games_ante_into_the_pot_before_the_deal(make_table):
    """M1 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(ante=2)
    # Trash Poker's ante is one of the table's antes: 2 chips each, pot 6.
    trash = deal(night, [ann, bob, cat], "trash-poker", antes=False, side_pots=False)
    posting = fire(trash, "ante")
    assert posting.detail["mechanics"] == ["M1"]
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))
    assert hands.load(trash).state.contributions == dict.fromkeys(ids(ann, bob, cat), 2)
    award(trash, [ann])  # 48 + 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(54, 48, 48), pots=(0,))
    # Knock Poker's ante is 1 chip whatever the night's ante: pot 3.
    knock = deal(night, [ann, bob, cat], "knock-poker", antes=False)
    fire(knock, "ante")
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 47, 47), pots=(0, 3))
    award(knock, [bob])  # 47 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 50, 47), pots=(0, 0))
    assert journal_total(night) == 0


def test_the_tables_ante_is_the_nights_ante_unless_the_caller_names_another(make_table):
    """M1 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(ante=2)
    # Guts' ante is "the table's ante", an agreed amount: unnamed, it is the night's 2.
    first = deal(night, [ann, bob, cat], "guts-three-card", antes=False)
    fire(first, "ante")  # 2 each: pot 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))
    award(first, [ann])  # 48 + 6
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat, antes=False)
    fire(second, "ante", agreed={"the table's ante": 3})  # 3 each: pot 9
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 45, 45), pots=(0, 9))
    assert journal_total(night) == 0


def test_a_game_chosen_at_the_table_antes_the_nights_ante_once_confirmed(make_table):
    """M1 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(ante=2)
    # Never confirmed here, its amount is refused by name, not taken from the night's ante.
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="Confirm “the table's ante” before Guts starts"):
        runs.run_start(night=night, game_slug="guts-three-card", recorded_by=HOST)
    assert journal_rows(night) == rows
    # Once the host confirms the night's ante for it, the game is chosen at the table with it.
    confirm_ante(night, "guts-three-card")
    run = runs.run_start(night=night, game_slug="guts-three-card", recorded_by=HOST)
    assert run.agreed == {"the table's ante": 2}
    hand = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=cat, recorded_by=HOST)
    fire(hand, "ante")  # 2 each: pot 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))
    award(hand, [ann])  # 48 + 6; nothing rides, so the game is over
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(54, 48, 48), pots=(0,))
    run.refresh_from_db()
    assert run.status == "ended"
    assert journal_total(night) == 0


def test_put_and_take_has_no_ante_so_its_pot_is_built_from_the_puts(make_table):
    """M2 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    # Cat deals and is the bank; Ann and Bob hold the cards. No antes are collected.
    hand = deal(night, [ann, bob], "put-and-take", dealer=cat, antes=False)
    refused(hand, "no-ante", NOTHING)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 50), pots=(0,))
    # The first put is a nickel (1 chip) per matching card: Ann holds one, Bob two.
    fire(hand, "put-1", count={ann.pk: 1, bob.pk: 2})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 48, 50), pots=(3,))
    assert journal_total(night) == 0


def test_the_brag_dealers_edge_comes_back_when_everyone_drops_and_is_a_blind_when_called(
    make_table,
):
    """M3 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    # Brag has no ante. Cat deals and puts up the dealer's edge of 4: the round's blind.
    first = deal(night, [ann, bob, cat], "brag", antes=False)
    fire(first, "dealers-edge", agreed={"the dealer's edge": 4})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 46), pots=(4,))
    # Ann and Bob drop: nobody called the edge, so it goes back to Cat, who is even.
    betting(first, (ann, "fold", 0), (bob, "fold", 0), opener=ann)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 50), pots=(0,))
    award_all(first, cat)  # nothing left to win
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 50), pots=(0,))
    # On the betting screen the edge is the round's blind: Ann calls 4, Bob drops, Cat checks.
    second = deal(night, [ann, bob, cat], "brag", dealer=cat, antes=False)
    betting(
        second,
        (ann, "call", 0),
        (bob, "fold", 0),
        (cat, "check", 0),
        opener=ann,
        blinds=[(cat, 4)],
    )
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 50, 46), pots=(0, 8))
    award(second, [ann])  # 46 + 8
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(54, 50, 46), pots=(0, 0))
    assert journal_total(night) == 0


def test_holdem_blinds_booked_by_their_rules_are_the_bets_the_first_round_calls(
    make_table,
):
    """M3 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "texas-holdem", antes=False)
    fire(hand, "small-blind", roles={"actor": ann.pk}, bet=1)
    fire(hand, "big-blind", roles={"actor": bob.pk}, bet=2)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 48, 50), pots=(3,))
    # Cat acts first and calls the big blind of 2; Ann completes with 1 more; Bob checks.
    betting(hand, (cat, "call", 0), (ann, "call", 0), (bob, "check", 0), opener=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))


def test_monte_carlo_reantes_on_top_of_the_pot_that_stayed(make_table):
    """M4 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(ante=2)
    first = deal(night, [ann, bob, cat], "monte-carlo")  # antes 2 each: pot 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))
    # Nobody has trips: the pot stays for the next deal.
    fire(first, "rollover")
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(0,), riding=6)
    award(first)  # the rule took the pot: nothing left to award
    # The next deal picks up the 6 and everyone re-antes 2: 6 + 3 x 2 = 12.
    second = deal(night, [ann, bob, cat], "monte-carlo", dealer=cat, antes=False)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(0, 6))
    fire(second, "reante", agreed={"the table's ante": 2})  # the same ante as the first deal
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 46, 46), pots=(0, 12))
    award(second, [bob])  # 46 + 12
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 58, 46), pots=(0, 0))
    assert journal_total(night) == 0


def test_liars_poker_stakes_stay_in_front_and_a_lost_one_goes_to_the_middle(make_table):
    """M5 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "liars-poker", antes=False)
    # Two quarters each stay in front of each player (payee nobody): no chips move.
    refused(hand, "stake", NOTHING)
    fire(hand, "lose-quarter", roles={"loser": bob.pk})  # a quarter, 5 chips, to the middle
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 45, 50), pots=(5,))
    assert journal_total(night) == 0
