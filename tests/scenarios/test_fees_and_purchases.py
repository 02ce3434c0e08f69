"""Fees for actions and cards bought: draws, pushes, wild cards, fines and bids.

Money mechanics M11 to M19 of money-mechanics.md.

Worked by hand on the real ledger; the figures are in the comments, and the
night is the one of tests/scenarios/money.py (white chips of 0.05; Ann, Bob
and Cat buy in for 50 unless a test says otherwise; Cat deals).

M11   test_trash_poker_draws_and_passes_cost_an_ante_each_and_knocking_is_free
M12   test_draw_tax_charges_every_card_drawn_after_the_first
      (the table enters the cards drawn; the ledger leaves out the free first)
M13   test_each_push_and_substitution_pays_the_agreed_price_and_roll_your_own_pushes_free
      test_a_fee_paid_into_the_pot_is_won_by_the_showdown_winner
M14   test_phone_home_cards_cost_a_quarter_and_collect_calls_stop_at_the_cap
M15   test_midnight_baseball_a_four_buys_a_card_and_each_wild_costs_a_quarter
M16   test_acey_deucey_escape_chance_pays_a_quarter_per_replaced_post
M17   test_zap_each_zapped_and_struck_player_pays_a_nickel_and_a_full_table_all_pay
M18   test_gruts_fines_wait_in_the_infraction_pot_and_join_the_next_pot
M19   test_the_winning_auction_bid_goes_into_the_pot
"""

import pytest

from ledger.services import hands
from tests.ledger.conftest import journal_total
from tests.scenarios.money import (
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


def test_trash_poker_draws_and_passes_cost_an_ante_each_and_knocking_is_free(make_table):
    """M11 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "trash-poker", side_pots=False)  # pot 3; 49 each
    fire(hand, "draw-fee", roles={"actor": ann.pk}, count=2)  # two draws: 2 x 1
    fire(hand, "pass-fee", roles={"actor": bob.pk})  # one pass: 1
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 48, 49), pots=(6,))
    refused(hand, "knock", "has no money rule 'knock'")  # a knock costs nothing
    # Cat knocked first and opens: bets 4, Ann folds, Bob calls: 6 + 8 = 14.
    betting(hand, (cat, "bet", 4), (ann, "fold", 0), (bob, "call", 0), opener=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 45), pots=(14,))
    award(hand, [cat])  # 45 + 14
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 59), pots=(0,))
    assert journal_total(night) == 0


def test_draw_tax_charges_every_card_drawn_after_the_first(make_table):
    """M12 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "five-card-double-draw")  # pot 3; 49 each
    # A nickel (1 chip) per card after the first: the table enters the cards drawn.
    fire(hand, "draw-tax", roles={"actor": ann.pk}, count=3)  # Ann draws 3: 2 chips
    refused(hand, "draw-tax", NOTHING, roles={"actor": bob.pk}, count=1)  # Bob draws 1: free
    fire(hand, "draw-tax", roles={"actor": cat.pk}, count=4)  # Cat draws 4: 3 chips
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 49, 46), pots=(8,))
    fire(hand, "draw-tax", roles={"actor": ann.pk}, count=2)  # second draw, 2 cards: 1 chip
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 49, 46), pots=(9,))
    award_all(hand, ann)  # 46 + 9
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 49, 46), pots=(0,))
    assert journal_total(night) == 0


def test_each_push_and_substitution_pays_the_agreed_price_and_roll_your_own_pushes_free(
    make_table,
):
    """M13 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(min_bet=2)
    hand = deal(night, [ann, bob, cat], "push")  # pot 3; 49 each
    # The push price is 5 x the minimum bet of 2 = 10; the substitution 10 x 2 = 20.
    prices = {"the push price": 10, "the substitution price": 20}
    fire(hand, "push-fee", roles={"actor": ann.pk}, agreed=prices)  # Ann pushes once: 10
    fire(hand, "push-fee", roles={"actor": bob.pk}, count=2, agreed=prices)  # twice: 20
    fire(hand, "substitution-fee", roles={"actor": cat.pk}, agreed=prices)  # 20
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 29, 29), pots=(53,))
    award_all(hand, bob)  # 29 + 53
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 82, 29), pots=(0,))
    # Roll Your Own: a push is free, so the rule moves nothing.
    free = deal(night, [ann, bob, cat], "roll-your-own", dealer=cat)  # pot 3
    refused(free, "push-free", NOTHING, roles={"actor": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(38, 81, 28), pots=(0, 3))
    assert journal_total(night) == 0


def test_a_fee_paid_into_the_pot_is_won_by_the_showdown_winner(make_table):
    """M13 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table(min_bet=2)
    hand = deal(night, [ann, bob, cat], "push")  # pot 3; 49 each
    fire(hand, "push-fee", roles={"actor": ann.pk}, agreed={"the push price": 10})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 49, 49), pots=(13,))
    # A fee is no bet: nobody is all in, so there is one pot of 13, and Bob's hand wins it.
    [pot] = hands.load(hand).showdown_pots()
    assert (pot.amount, pot.eligible) == (13, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 49 + 13
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 62, 49), pots=(0,))


def test_phone_home_cards_cost_a_quarter_and_collect_calls_stop_at_the_cap(make_table):
    """M14 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "phone-home")  # pot 3; 49 each
    fire(hand, "phone-home", roles={"actor": ann.pk})  # a quarter: 5
    # Two collect calls a player a hand at 50c: 10 chips each. A third is refused.
    fire(hand, "collect-call", roles={"actor": bob.pk})
    fire(hand, "collect-call", roles={"actor": bob.pk})
    refused(hand, "collect-call", "at most 2 a hand and has had 2", roles={"actor": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 29, 49), pots=(28,))
    award_all(hand, bob)  # 29 + 28
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 57, 49), pots=(0,))
    assert journal_total(night) == 0


def test_midnight_baseball_a_four_buys_a_card_and_each_wild_costs_a_quarter(make_table):
    """M15 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "midnight-baseball")  # pot 3; 49 each
    fire(hand, "buy-four", roles={"actor": ann.pk})  # Ann turns up a 4 and buys: 5
    fire(hand, "wild-tax-pay", roles={"actor": ann.pk}, count=2)  # two wild 3s: 2 x 5
    fire(hand, "wild-tax-pay", roles={"actor": bob.pk})  # one 9: 5
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(34, 44, 49), pots=(23,))
    award_all(hand, ann)  # 34 + 23
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 44, 49), pots=(0,))
    assert journal_total(night) == 0


def test_acey_deucey_escape_chance_pays_a_quarter_per_replaced_post(make_table):
    """M16 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "acey-deucey")  # pot 3; 49 each
    fire(hand, "escape-fee", roles={"actor": ann.pk}, count=2)  # two posts replaced: 10
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=4)  # then bets 4 and loses
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(35, 49, 49), pots=(17,))
    assert journal_total(night) == 0


def test_zap_each_zapped_and_struck_player_pays_a_nickel_and_a_full_table_all_pay(
    make_table,
):
    """M17 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "zap")  # pot 3; 49 each
    fire(hand, "zap-fee", roles={"actor": ann.pk})  # the lightning chains through Ann
    fire(hand, "zap-fee", roles={"actor": bob.pk})  # and Bob
    fire(hand, "strike-fee", roles={"actor": cat.pk})  # and strikes Cat
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))
    fire(hand, "full-table-fee")  # everyone has 3 up-cards: everyone pays 1
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 47, 47), pots=(9,))
    award(hand, [cat])  # 47 + 9
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 47, 56), pots=(0,))
    assert journal_total(night) == 0


def test_gruts_fines_wait_in_the_infraction_pot_and_join_the_next_pot(make_table):
    """M18 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "gruts")  # pot 3; 49 each
    fire(first, "fine", roles={"actor": ann.pk})  # a quarter: 5
    fire(first, "fine", roles={"actor": bob.pk}, count=2)  # two slips: 10
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 39, 49), pots=(3,), fines=15)
    # Cat's gruts beats Ann and Bob: each matches the pot of 3, not 3 + 15.
    fire(first, "challengers-match", roles={"losers": ids(ann, bob)})
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(41, 36, 49), pots=(3,), riding=6, fines=15
    )
    fire(first, "fines-join")  # the 15 in fines ride with the 6
    award(first, [cat])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(41, 36, 52), pots=(0,), riding=21)
    # The next deal: 21 ride in, antes 3: 24.
    deal(night, [ann, bob, cat], "gruts", dealer=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(40, 35, 51), pots=(0, 24))
    assert journal_total(night) == 0


def test_the_winning_auction_bid_goes_into_the_pot(make_table):
    """M19 in money-mechanics.md."""
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "guts-two-card")  # pot 3; 49 each
    fire(hand, "auction-bid", roles={"actor": ann.pk}, agreed={"the winning bid": 7})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(42, 49, 49), pots=(10,))
    award_all(hand, ann)  # Ann alone stays in: 42 + 10
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 49, 49), pots=(0,))
    assert journal_total(night) == 0
