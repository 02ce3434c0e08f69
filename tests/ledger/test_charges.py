"""Money rules charged from the rulebook's data, one mechanic at a time, worked by hand."""

import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.charges import (
    AT_THE_STACK,
    BANK,
    COUNT_NEEDS_SEAT,
    COUNT_NOT_DEALT,
    DERIVED_ROLES,
    MISSING_ROLE,
    NEXT_POT,
    NO_ANTE,
    NO_CHIP_VALUE,
    NOT_AGREED,
    NOT_IN_HAND,
    POT,
    SEAT_ROLES,
    SIDE_POT,
    ChargeError,
    ChipAccount,
    Firing,
    TableAtFiring,
    Transfer,
    charge,
    effects,
    game_shortfall,
    marker,
    stack,
)
from ledger.core.facts import is_award
from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import Amount, MoneyRule, Party

pytestmark = pytest.mark.pure

A, B, C, D, E = 1, 2, 3, 4, 5
ORDER = (A, B, C, D, E)  # E deals, so A sits on the dealer's left
NICKEL_CHIPS = Fraction(20)  # a chip is worth 0.05: twenty to the dollar
GAMES = {game.slug: game for game in load_games()}


def rules_of(slug):
    game = GAMES[slug]
    return [*game.money, *(rule for option in game.options for rule in option.money)]


def rule(slug, rule_id):
    return next(r for r in rules_of(slug) if r.id == rule_id)


def in_force(slug, options=(), **settings):
    """The rules in force with these options and settings (setting ids spelt with _ for -)."""
    game = GAMES[slug]
    chosen = {key.replace("_", "-"): value for key, value in settings.items()}
    return list(dealer.money_rules(game, dealer.chosen_options(game, options), chosen).values())


def table(**facts):
    facts.setdefault("seats", ORDER)
    facts.setdefault("dealer", E)
    facts.setdefault("stacks", dict.fromkeys(ORDER, 50))
    return TableAtFiring(**facts)


def paid(transfers):
    """(payer seat or account, payee seat or account, chips), easier to read than Transfers."""

    def name(account):
        return account.seat if account.kind == "stack" else account.kind

    return [(name(t.source), name(t.target), t.chips) for t in transfers]


# Match-pot games: Guts and Gruts


def test_each_losing_guts_challenger_matches_the_pot_into_the_next_pot():
    # Pot 12; the guts-er A beats challengers B and C: each pays 12, the next pot is 24.
    transfers = charge(
        rule("guts-three-card", "challengers-match"),
        table(pot=12),
        Firing(roles={"losers": (C, B)}),
    )
    assert paid(transfers) == [(B, "next_pot", 12), (C, "next_pot", 12)]
    assert effects(transfers) == {stack(B): -12, stack(C): -12, NEXT_POT: 24}


def test_a_beaten_gutser_pays_twice_the_pot_by_default():
    # Pot 12, the data's default penalty is 2 x P = 24.
    transfers = charge(
        rule("guts-three-card", "gutser-pays-twice"), table(pot=12), Firing(roles={"loser": A})
    )
    assert paid(transfers) == [(A, "next_pot", 24)]


def test_a_table_that_reads_double_as_one_pot_charges_the_gutser_the_pot():
    # Pot 12 with gutser-penalty one-pot: the guts-er pays 1 x 12, so the pot doubles to 24.
    chosen = {r.id for r in in_force("guts-three-card", gutser_penalty="one-pot")}
    assert "gutser-pays-pot" in chosen
    assert "gutser-pays-twice" not in chosen
    transfers = charge(
        rule("guts-three-card", "gutser-pays-pot"), table(pot=12), Firing(roles={"loser": A})
    )
    assert paid(transfers) == [(A, "next_pot", 12)]


def test_other_losing_challengers_match_only_when_the_table_says_so():
    assert "beaten-challengers-match" not in {r.id for r in in_force("guts-three-card")}
    on = {r.id: r for r in in_force("guts-three-card", other_challengers="yes")}
    # Pot 10: C beat the guts-er A; B also challenged and lost, so B matches 10.
    transfers = charge(on["beaten-challengers-match"], table(pot=10), Firing(roles={"losers": B}))
    assert paid(transfers) == [(B, "next_pot", 10)]


def test_tied_challengers_share_the_pot_and_the_odd_chip_goes_first_from_the_dealers_left():
    # B deals, so the order starts at C: D sits before B. Pot 13 = 7 + 6, D gets the odd chip.
    order = (C, D, E, A, B)
    transfers = charge(
        rule("guts-three-card", "challenger-split"),
        table(seats=order, dealer=B, pot=13),
        Firing(roles={"winners": (B, D)}),
    )
    assert paid(transfers) == [("pot", D, 7), ("pot", B, 6)]


def test_an_unchallenged_gutser_takes_the_whole_pot():
    transfers = charge(
        rule("guts-three-card", "unchallenged"), table(pot=31), Firing(roles={"winner": C})
    )
    assert paid(transfers) == [("pot", C, 31)]


def test_the_gooch_half_pot_rounds_down_so_the_odd_chip_stays_in_the_pot():
    # Pot 13: half is 6 1/2; the guts-er takes 6 and 7 stay (the gooch-rounding default).
    transfers = charge(
        rule("guts-three-card", "gooch-half"), table(pot=13), Firing(roles={"winner": A})
    )
    assert paid(transfers) == [("pot", A, 6)]


def test_the_gooch_odd_chip_goes_to_the_gutser_when_the_table_says_so():
    # Pot 13 with gooch-rounding gutser: the guts-er takes 7, 6 stay for the next hand.
    chosen = {r.id for r in in_force("guts-three-card", ["gooch"], gooch_rounding="gutser")}
    assert "gooch-half-up" in chosen
    assert "gooch-half" not in chosen
    transfers = charge(
        rule("guts-three-card", "gooch-half-up"), table(pot=13), Firing(roles={"winner": A})
    )
    assert paid(transfers) == [("pot", A, 7)]
    # An even pot halves the same either way: 12 gives 6.
    even = charge(
        rule("guts-three-card", "zilla-half-up"), table(pot=12), Firing(roles={"winner": A})
    )
    assert paid(even) == [("pot", A, 6)]


def test_an_all_pass_carries_the_pot_and_the_losses_become_the_next_pot():
    assert paid(charge(rule("guts-three-card", "all-pass"), table(pot=12))) == [
        ("pot", "next_pot", 12)
    ]
    # `losses-carry` names no amount: the riding pot moves whole.
    assert paid(charge(rule("guts-three-card", "losses-carry"), table(next_pot=24))) == [
        ("next_pot", "pot", 24)
    ]


def test_gruts_fines_go_to_the_side_pot_and_do_not_count_in_the_match():
    # Two slips at a quarter each, at 0.05 a chip: 2 x 5 = 10 chips into the fines pile.
    fines = charge(
        rule("gruts", "fine"),
        table(pot=12, chips_per_money=NICKEL_CHIPS),
        Firing(roles={"actor": B}, count=2),
    )
    assert paid(fines) == [(B, "side_pot", 10)]
    # Pot 12 with 10 in fines: a losing chawawenger still matches 12, not 22.
    match = charge(
        rule("gruts", "challengers-match"), table(pot=12, side_pot=10), Firing(roles={"losers": C})
    )
    assert paid(match) == [(C, "next_pot", 12)]
    assert paid(charge(rule("gruts", "fines-join"), table(side_pot=10))) == [
        ("side_pot", "next_pot", 10)
    ]


def test_a_capped_match_pays_the_pot_or_the_limit_whichever_is_less():
    capped = rule("guts-two-card", "capped-match")
    limit = {"the match limit": 20}
    over = charge(capped, table(pot=30, agreed=limit), Firing(roles={"losers": (A, B)}))
    assert paid(over) == [(A, "next_pot", 20), (B, "next_pot", 20)]
    under = charge(capped, table(pot=12, agreed=limit), Firing(roles={"losers": A}))
    assert paid(under) == [(A, "next_pot", 12)]


def test_boo_ray_players_without_a_trick_pay_the_agreed_amount_into_the_next_pot():
    # A dollar at 0.05 a chip is 20 chips; B and D took no trick: the next pot gets 40.
    transfers = charge(
        rule("boo-ray", "boo-ray"),
        table(agreed={"the Boo Ray amount": 20}),
        Firing(roles={"losers": (D, B)}),
    )
    assert paid(transfers) == [(B, "next_pot", 20), (D, "next_pot", 20)]


def test_black_russian_each_player_with_no_trick_matches_the_pot_once():
    # The pot played for is 6; B and D were in and took no trick: 6 each, 12 for the next pot.
    transfers = charge(
        rule("black-russian", "match"), table(pot=6), Firing(roles={"losers": (D, B)})
    )
    assert paid(transfers) == [(B, "next_pot", 6), (D, "next_pot", 6)]


def test_an_amount_the_table_never_agreed_is_refused_by_its_name():
    with pytest.raises(ChargeError) as error:
        charge(rule("boo-ray", "boo-ray"), table(), Firing(roles={"losers": B}))
    assert str(error.value) == NOT_AGREED.format(
        rule=rule("boo-ray", "boo-ray").words, name="the Boo Ray amount"
    )


# Trash Poker and the Black Spot


def test_trash_poker_antes_one_from_each_player_in_the_hand():
    transfers = charge(rule("trash-poker", "ante"), table(ante=1))
    assert paid(transfers) == [(seat, "pot", 1) for seat in ORDER]
    assert effects(transfers)[POT] == 5


def test_three_trash_poker_draws_at_a_one_chip_ante_put_three_in_the_pot():
    transfers = charge(
        rule("trash-poker", "draw-fee"), table(ante=1), Firing(roles={"actor": C}, count=3)
    )
    assert paid(transfers) == [(C, "pot", 3)]


def test_passing_costs_an_ante_too():
    transfers = charge(rule("trash-poker", "pass-fee"), table(ante=2), Firing(roles={"actor": A}))
    assert paid(transfers) == [(A, "pot", 2)]


def test_a_broke_trash_player_pays_nothing_and_owes_nothing_even_on_a_marker_night():
    # Trash Poker keeps a broke player in for the whole pot, so the night's markers do not apply.
    policy = game_shortfall(rules_of("trash-poker"), "marker")
    assert policy == "pay_what_you_have"
    broke = table(ante=1, stacks={**dict.fromkeys(ORDER, 50), C: 0}, shortfall=policy)
    assert charge(rule("trash-poker", "draw-fee"), broke, Firing(roles={"actor": C})) == []


def test_other_games_keep_the_nights_shortfall_policy():
    assert game_shortfall(rules_of("seven-card-stud"), "marker") == "marker"
    assert game_shortfall(rules_of("seven-card-stud"), "pay_what_you_have") == "pay_what_you_have"


def test_black_spot_folders_pay_twice_their_chips_in_the_pot_capped_at_their_stack():
    # Ann (A) put in 5 and has 4 left: min(2 x 5, 4) = 4. Bob (B) put in 2, has 20: 4.
    spot = rule("trash-poker", "black-spot-payout")
    assert spot.cap.stack
    assert spot.cap.describe() == "everything the payer has"
    facts = Firing(roles={"folded": (A, B), "winner": C})
    stacks = {A: 4, B: 20, C: 30, D: 9, E: 9}
    for policy in ("pay_what_you_have", "marker"):
        transfers = charge(
            spot,
            table(stacks=stacks, contributions={A: 5, B: 2, C: 7}, shortfall=policy),
            facts,
        )
        # The cap is the stack, so even a marker night makes no marker.
        assert paid(transfers) == [(A, C, 4), (B, C, 4)]


# Knock Poker: payments between players


def test_a_beaten_knocker_pays_two_chips_to_each_of_three_active_players():
    transfers = charge(
        rule("knock-poker", "knocker-beaten"),
        table(),
        Firing(roles={"knocker": A, "stayers": (B, C, D)}),
    )
    assert paid(transfers) == [(A, B, 2), (A, C, 2), (A, D, 2)]
    assert effects(transfers)[stack(A)] == -6


def test_a_winning_knocker_collects_two_chips_from_each_player_who_stayed():
    transfers = charge(
        rule("knock-poker", "knocker-wins"),
        table(),
        Firing(roles={"knocker": B, "stayers": (C, D)}),
    )
    assert paid(transfers) == [(C, B, 2), (D, B, 2)]


def test_each_player_who_drops_out_pays_the_knocker_one_chip():
    transfers = charge(
        rule("knock-poker", "drop-out-chip"),
        table(),
        Firing(roles={"knocker": A, "folded": (D, E)}),
    )
    assert paid(transfers) == [(D, A, 1), (E, A, 1)]


def test_the_deuces_wild_knocker_settles_with_each_stayer_once():
    # A knocks; B, C and D stay. Beaten, A pays each of them 2 (6 in all), never 2 x 3 each;
    # best, each of them pays A 2, 6 in all.
    beaten = charge(
        rule("knock-poker-deuces-wild", "knocker-beaten"),
        table(),
        Firing(roles={"knocker": A, "stayers": (B, C, D)}),
    )
    assert paid(beaten) == [(A, B, 2), (A, C, 2), (A, D, 2)]
    best = charge(
        rule("knock-poker-deuces-wild", "knocker-wins"),
        table(),
        Firing(roles={"knocker": A, "stayers": (B, C, D)}),
    )
    assert paid(best) == [(B, A, 2), (C, A, 2), (D, A, 2)]


@pytest.mark.parametrize(
    ("slug", "rule_id"),
    [
        ("knock-poker", "drop-out-chip"),
        ("knock-poker", "knocker-wins"),
        ("knock-poker", "knocker-beaten"),
        ("knock-poker-deuces-wild", "drop-out-chip"),
        ("knock-poker-deuces-wild", "knocker-beaten"),
        ("boo-ray", "boo-ray"),
        ("boo-ray", "boo-ray-this-pot"),
        ("black-russian", "match"),
    ],
)
def test_a_payment_by_or_to_each_player_of_a_role_asks_no_count(slug, rule_id):
    # Each of its payers pays (or payees is paid) the amount once: nothing to count.
    assert rule(slug, rule_id).per is None


def test_a_big_hand_bonus_comes_from_every_other_player_and_never_from_the_winner():
    # B wins with four of a kind: A, C, D and E pay 4 each (dropped players too), 16 in all.
    transfers = charge(rule("knock-poker", "bonus-big-hand"), table(), Firing(roles={"winner": B}))
    assert paid(transfers) == [(A, B, 4), (C, B, 4), (D, B, 4), (E, B, 4)]
    royal = charge(rule("knock-poker", "bonus-royal"), table(), Firing(roles={"winner": B}))
    assert effects(royal)[stack(B)] == 32


def test_a_short_knocker_pays_in_seat_order_what_he_has():
    # The knocker has 3 for 2 x 3 = 6: B gets 2, C the last 1, D nothing.
    short = table(stacks={**dict.fromkeys(ORDER, 50), A: 3})
    transfers = charge(
        rule("knock-poker", "knocker-beaten"),
        short,
        Firing(roles={"knocker": A, "stayers": (B, C, D)}),
    )
    assert paid(transfers) == [(A, B, 2), (A, C, 1)]


def test_a_short_knocker_owes_the_rest_on_his_marker_on_a_marker_night():
    short = table(stacks={**dict.fromkeys(ORDER, 50), A: 3}, shortfall="marker")
    transfers = charge(
        rule("knock-poker", "knocker-beaten"),
        short,
        Firing(roles={"knocker": A, "stayers": (B, C, D)}),
    )
    assert paid(transfers) == [(A, B, 2), (A, C, 1), ("marker", C, 1), ("marker", D, 2)]
    assert effects(transfers)[marker(A)] == -3


# Running out of chips


def test_a_match_of_12_with_7_in_the_stack_takes_7_and_5_from_the_marker():
    short = table(pot=12, stacks={**dict.fromkeys(ORDER, 50), B: 7}, shortfall="marker")
    transfers = charge(
        rule("guts-three-card", "challengers-match"), short, Firing(roles={"losers": B})
    )
    assert transfers == [Transfer(stack(B), NEXT_POT, 7), Transfer(marker(B), NEXT_POT, 5)]
    assert effects(transfers) == {stack(B): -7, marker(B): -5, NEXT_POT: 12}


def test_a_match_of_12_with_7_in_the_stack_takes_7_when_you_pay_what_you_have():
    short = table(pot=12, stacks={**dict.fromkeys(ORDER, 50), B: 7})
    transfers = charge(
        rule("guts-three-card", "challengers-match"), short, Firing(roles={"losers": B})
    )
    assert transfers == [Transfer(stack(B), NEXT_POT, 7)]


# Money amounts


def test_a_quarter_is_five_chips_at_five_cents_a_chip():
    transfers = charge(
        rule("guts-three-card", "coward-tax-pay"),
        table(chips_per_money=NICKEL_CHIPS),
        Firing(roles={"best_hand": D}),
    )
    assert paid(transfers) == [(D, "pot", 5)]


def test_a_quarter_is_refused_at_ten_cents_a_chip():
    with pytest.raises(ChargeError, match=r"0\.25 in money.*2\.5 chips of 0\.1"):
        charge(
            rule("guts-three-card", "coward-tax-pay"),
            table(chips_per_money=Fraction(10)),
            Firing(roles={"best_hand": D}),
        )


def test_a_money_amount_needs_a_chip_value():
    with pytest.raises(ChargeError) as error:
        charge(rule("guts-three-card", "coward-tariff"), table())
    assert str(error.value) == NO_CHIP_VALUE.format(
        rule=rule("guts-three-card", "coward-tariff").words, money=Decimal("0.25")
    )


def test_the_coward_tariff_is_a_quarter_from_everyone():
    transfers = charge(rule("guts-three-card", "coward-tariff"), table(chips_per_money=Fraction(4)))
    assert paid(transfers) == [(seat, "pot", 1) for seat in ORDER]


def test_draw_tax_charges_only_the_cards_after_the_first():
    # Drawing 3 cards costs a nickel for each after the first: the table says 3, 2 chips at 0.05.
    tax = rule("five-card-double-draw", "draw-tax")
    assert str(tax.per) == "card drawn after the first"
    transfers = charge(
        tax, table(chips_per_money=NICKEL_CHIPS), Firing(roles={"actor": B}, count=3)
    )
    assert paid(transfers) == [(B, "pot", 2)]
    # One card drawn is the free one: nothing to pay.
    assert charge(tax, table(chips_per_money=NICKEL_CHIPS), Firing(roles={"actor": B})) == []


def test_three_collect_calls_in_one_hand_are_refused_two_are_a_dollar():
    # Two calls a player a hand: 2 x 0.50 = 20 chips at 0.05; a third is refused, never cut.
    call = rule("phone-home", "collect-call")
    nickels = table(chips_per_money=NICKEL_CHIPS)
    two = charge(call, nickels, Firing(roles={"actor": C}, count=2))
    assert paid(two) == [(C, "pot", 20)]
    with pytest.raises(ChargeError, match="at most 2 a hand and has had 2"):
        charge(call, nickels, Firing(roles={"actor": C}, count=1, used={C: 2}))
    with pytest.raises(ChargeError, match="at most 2 a hand and has had 0"):
        charge(call, nickels, Firing(roles={"actor": C}, count=3))


# Betting against the pot


def test_an_acey_deucey_loser_pays_the_bet_into_the_pot():
    transfers = charge(
        rule("acey-deucey", "wager-lose"),
        table(pot=20, chips_per_money=NICKEL_CHIPS),
        Firing(roles={"actor": B}, bet=8),
    )
    assert paid(transfers) == [(B, "pot", 8)]


def test_an_acey_deucey_bet_runs_from_a_nickel_up_to_the_whole_pot():
    # A chip is a nickel: a bet is 1 to 20 chips against a pot of 20; both ends are fine.
    lose = rule("acey-deucey", "wager-lose")
    nickels = table(pot=20, chips_per_money=NICKEL_CHIPS)
    assert paid(charge(lose, nickels, Firing(roles={"actor": B}, bet=1))) == [(B, "pot", 1)]
    assert paid(charge(lose, nickels, Firing(roles={"actor": B}, bet=20))) == [(B, "pot", 20)]


def test_an_acey_deucey_bet_above_the_pot_is_refused_not_cut_down():
    with pytest.raises(ChargeError) as error:
        charge(
            rule("acey-deucey", "wager-lose"),
            table(pot=20, chips_per_money=NICKEL_CHIPS),
            Firing(roles={"actor": B}, bet=21),
        )
    assert str(error.value) == (
        "The middle card lands outside the gap or matches either card: "
        "a bet is at most the whole pot (20 chips now), not 21."
    )


def test_a_bet_below_the_nickel_minimum_is_refused():
    # At 0.05 a chip, a nickel is 1 chip; at 0.01 a chip it is 5, so 4 is too small.
    with pytest.raises(ChargeError) as error:
        charge(
            rule("acey-deucey", "wager-lose"),
            table(pot=20, chips_per_money=NICKEL_CHIPS),
            Firing(roles={"actor": B}, bet=0),
        )
    assert str(error.value) == (
        "The middle card lands outside the gap or matches either card: "
        "a bet is at least 0.05 in money (1 chip), not 0."
    )
    with pytest.raises(ChargeError, match=r"at least 0.05 in money \(5 chips\), not 4\."):
        charge(
            rule("acey-deucey", "wager-win"),
            table(pot=20, chips_per_money=Fraction(100)),
            Firing(roles={"actor": B}, bet=4),
        )


def test_a_bet_against_the_pot_needs_the_amount_bet():
    with pytest.raises(ChargeError) as error:
        charge(
            rule("acey-deucey", "wager-win"),
            table(pot=20, chips_per_money=NICKEL_CHIPS),
            Firing(roles={"actor": B}),
        )
    assert str(error.value) == (
        "The middle card lands strictly inside the gap: say how much the player bet."
    )


def test_a_first_round_limit_refuses_the_whole_pot_and_allows_a_chip_less():
    # Palansky: on a player's first turn of the game the bet stays below the whole pot.
    # The ledger passes the option's limit only for a bet of that first trip round.
    [limit] = dealer.first_round_limits(dealer.chosen_options(GAMES["acey-deucey"], ["palansky"]))
    assert limit == Amount(pot="1")
    win = rule("acey-deucey", "wager-win")
    nickels = table(pot=20, chips_per_money=NICKEL_CHIPS)
    with pytest.raises(ChargeError) as error:
        charge(win, nickels, Firing(roles={"actor": B}, bet=20, below=(limit,)))
    assert str(error.value) == (
        "The middle card lands strictly inside the gap: on a player's first turn of the game "
        "a bet must be less than the whole pot (20 chips now), so at most 19 chips, not 20."
    )
    first = charge(win, nickels, Firing(roles={"actor": B}, bet=19, below=(limit,)))
    assert paid(first) == [("pot", B, 19)]
    # A losing whole-pot bet is refused the same way.
    with pytest.raises(ChargeError, match="at most 19 chips, not 20"):
        charge(
            rule("acey-deucey", "wager-lose"),
            nickels,
            Firing(roles={"actor": B}, bet=20, below=(limit,)),
        )
    # Without the option, or after the first trip round, the whole pot may be bet.
    assert dealer.first_round_limits(dealer.chosen_options(GAMES["acey-deucey"], [])) == []
    assert paid(charge(win, nickels, Firing(roles={"actor": B}, bet=20))) == [("pot", B, 20)]


def test_an_acey_deucey_winner_takes_the_bet_out_of_the_pot():
    # Pot 20, B bets 8 and the middle card falls inside: the pot pays B 8 and keeps 12.
    win = rule("acey-deucey", "wager-win")
    nickels = table(pot=20, chips_per_money=NICKEL_CHIPS)
    transfers = charge(win, nickels, Firing(roles={"actor": B}, bet=8))
    assert paid(transfers) == [("pot", B, 8)]
    assert effects(transfers) == {POT: -8, stack(B): 8}
    # A bet of the whole pot (20) that wins empties it: the game is over.
    assert paid(charge(win, nickels, Firing(roles={"actor": B}, bet=20))) == [("pot", B, 20)]
    # The smallest win, like the smallest bet, is a nickel: one chip at 0.05.
    with pytest.raises(ChargeError, match=r"at least 0.05 in money \(1 chip\), not 0"):
        charge(win, nickels, Firing(roles={"actor": B}, bet=0))


def test_hitting_a_post_in_acey_deucey_costs_the_bet_like_any_miss():
    # The source: any card outside the gap, a post included, adds the bet to the pot.
    assert "post-hit-extra" not in {r.id for r in rules_of("acey-deucey")}
    assert "hit-post" not in {s.id for s in GAMES["acey-deucey"].settings}
    nickels = table(pot=20, chips_per_money=NICKEL_CHIPS)
    miss = charge(rule("acey-deucey", "wager-lose"), nickels, Firing(roles={"actor": B}, bet=6))
    assert paid(miss) == [(B, "pot", 6)]


def test_in_between_by_default_wins_up_to_the_pot_and_loses_at_most_the_dealers_limit():
    # max-loss loss-cap (the default, as the list reads): bet 40, the whole pot, with a
    # 20-chip maximum loss: a win takes 40, a loss pays 20 (the limit).
    rules = {r.id: r for r in in_force("in-between")}
    assert "wager-win" not in rules
    assert "wager-lose-bet-cap" not in rules
    limits = table(pot=40, agreed={"the dealer's maximum loss": 20})
    win = charge(rules["wager-win-to-pot"], limits, Firing(roles={"actor": C}, bet=40))
    lose = charge(rules["wager-lose"], limits, Firing(roles={"actor": C}, bet=40))
    assert paid(win) == [("pot", C, 40)]
    assert paid(lose) == [(C, "pot", 20)]
    # A bet of 41 is more than the pot: refused, win or lose.
    for rule_id in ("wager-win-to-pot", "wager-lose"):
        with pytest.raises(ChargeError, match=r"at most the whole pot \(40 chips now\), not 41"):
            charge(rules[rule_id], limits, Firing(roles={"actor": C}, bet=41))
    # The least bet is one chip.
    with pytest.raises(ChargeError, match=r"a bet is at least 1 chip, not 0\."):
        charge(rules["wager-lose"], limits, Firing(roles={"actor": C}, bet=0))


def test_in_between_can_cap_the_bet_itself_at_the_maximum_loss():
    # max-loss bet-cap: against a pot of 40 with a 20-chip maximum loss, a bet is 1 to 20;
    # 20 wins 20 or loses 20, and 21 is refused.
    rules = {r.id: r for r in in_force("in-between", max_loss="bet-cap")}
    assert "wager-win-to-pot" not in rules
    assert "wager-lose" not in rules
    limits = table(pot=40, agreed={"the dealer's maximum loss": 20})
    win = charge(rules["wager-win"], limits, Firing(roles={"actor": C}, bet=20))
    assert paid(win) == [("pot", C, 20)]
    lose = charge(rules["wager-lose-bet-cap"], limits, Firing(roles={"actor": C}, bet=20))
    assert paid(lose) == [(C, "pot", 20)]
    with pytest.raises(ChargeError) as error:
        charge(rules["wager-win"], limits, Firing(roles={"actor": C}, bet=21))
    assert str(error.value) == (
        "If the card lands between the two, the pot pays the player the amount…: "
        "a bet is at most the dealer's maximum loss or the whole pot (20 chips now), not 21."
    )
    # A pot of 15 under a 20 limit: the pot is the smaller, so 15 is the most.
    small = table(pot=15, agreed={"the dealer's maximum loss": 20})
    assert paid(charge(rules["wager-win"], small, Firing(roles={"actor": C}, bet=15))) == [
        ("pot", C, 15)
    ]
    with pytest.raises(ChargeError, match=r"\(15 chips now\), not 16"):
        charge(rules["wager-lose-bet-cap"], small, Firing(roles={"actor": C}, bet=16))


def test_in_between_a_post_hit_doubled_is_the_bet_again_with_the_same_limits():
    # hit-post double: a bet of 12 against a pot of 40 with a 10-chip maximum loss costs
    # 10 and then 10 again at loss-cap; at bet-cap a bet of 12 is refused, 10 costs 10 twice.
    limits = table(pot=40, agreed={"the dealer's maximum loss": 10})
    rules = {r.id: r for r in in_force("in-between", hit_post="double")}
    assert "post-hit-extra-bet-cap" not in rules
    extra = charge(rules["post-hit-extra"], limits, Firing(roles={"actor": C}, bet=12))
    assert paid(extra) == [(C, "pot", 10)]
    capped = {r.id: r for r in in_force("in-between", hit_post="double", max_loss="bet-cap")}
    assert "post-hit-extra" not in capped
    with pytest.raises(ChargeError, match="not 12"):
        charge(capped["post-hit-extra-bet-cap"], limits, Firing(roles={"actor": C}, bet=12))
    again = charge(capped["post-hit-extra-bet-cap"], limits, Firing(roles={"actor": C}, bet=10))
    assert paid(again) == [(C, "pot", 10)]


def test_in_between_re_antes_an_emptied_pot_unless_the_table_ends_the_game_there():
    assert "re-ante" not in {r.id for r in in_force("in-between", game_end="game-over")}
    rules = {r.id: r for r in in_force("in-between")}
    transfers = charge(rules["re-ante"], table(agreed={"the table's ante": 2}))
    assert paid(transfers) == [(seat, "pot", 2) for seat in ORDER]


def test_an_in_between_misdeal_gives_the_player_the_pot_and_the_dealer_refills_it():
    # The player wins the pot's 30 and the dealer puts 30 back: one payment, dealer to player,
    # and the pot stays as it was.
    misdealt = table(pot=30)
    win = charge(rule("in-between", "misdeal-win"), misdealt, Firing(roles={"actor": A}))
    assert paid(win) == [(E, A, 30)]


# Put and Take: the dealer's schedule


def test_a_put_card_charges_each_player_per_matching_card():
    # Third put card, a quarter a match at 0.05: A holds two (10), C one (5), B none.
    transfers = charge(
        rule("put-and-take", "put-3"),
        table(chips_per_money=NICKEL_CHIPS),
        Firing(count={A: 2, B: 0, C: 1}),
    )
    assert paid(transfers) == [(A, "pot", 10), (C, "pot", 5)]


def test_a_dealer_dealt_no_cards_has_no_matching_card_to_count():
    # The dealer banks and deals out (E is not in the hand): a count for E is refused.
    out = table(seats=(A, B, C), chips_per_money=NICKEL_CHIPS)
    with pytest.raises(ChargeError) as refused:
        charge(rule("put-and-take", "put-1"), out, Firing(count={A: 1, E: 1}))
    assert str(refused.value) == COUNT_NOT_DEALT.format(
        rule=rule("put-and-take", "put-1").words, seat=E
    )
    assert paid(charge(rule("put-and-take", "put-1"), out, Firing(count={A: 1, E: 0}))) == [
        (A, "pot", 1)
    ]


def test_a_take_card_pays_from_the_pot_in_seat_order_until_it_runs_dry():
    # First take card, fifty cents (10 chips) a match; A and C match once; the pot holds 12.
    transfers = charge(
        rule("put-and-take", "take-1"),
        table(pot=12, chips_per_money=NICKEL_CHIPS),
        Firing(count={A: 1, C: 1}),
    )
    assert paid(transfers) == [("pot", A, 10), ("pot", C, 2)]


def test_the_put_and_take_dealer_keeps_what_is_left():
    assert paid(charge(rule("put-and-take", "dealer-keeps"), table(pot=7))) == [("pot", E, 7)]


def test_the_dealer_covers_what_the_pot_is_short_in_the_same_firing():
    # Take-1, 10 chips a match; A and C match once; the pot holds 12: C is 8 short, E covers.
    cover = rule("put-and-take", "dealer-covers")
    transfers = charge(
        rule("put-and-take", "take-1"),
        table(pot=12, chips_per_money=NICKEL_CHIPS),
        Firing(count={A: 1, C: 1}),
        cover=cover,
    )
    assert paid(transfers) == [("pot", A, 10), ("pot", C, 2), (E, C, 8)]
    # The cover is no firing of its own.
    with pytest.raises(ChargeError, match="booked with them"):
        charge(cover, table(), Firing(roles={"each_player": C}, bet=8))


# Other fees, blinds and forfeits


def test_the_brag_dealer_posts_the_edge():
    # If nobody calls it, the betting hands it back as any uncalled bet: no rule of its own.
    edge = table(agreed={"the dealer's edge": 3}, pot=3)
    assert paid(charge(rule("brag", "dealers-edge"), edge)) == [(E, "pot", 3)]


def test_the_whiskey_poker_forfeit_goes_from_the_lowest_hand_to_the_winner():
    transfers = charge(
        rule("whiskey-poker", "forfeit"),
        table(agreed={"the forfeit set before the game": 5}),
        Firing(roles={"lowest_hand": D, "winner": A}),
    )
    assert paid(transfers) == [(D, A, 5)]


def test_a_zap_charges_every_player_the_chain_passes_through():
    transfers = charge(
        rule("zap", "zap-fee"),
        table(chips_per_money=NICKEL_CHIPS),
        Firing(roles={"actor": (B, C, D)}),
    )
    assert paid(transfers) == [(B, "pot", 1), (C, "pot", 1), (D, "pot", 1)]


def test_a_greased_thrown_out_card_zaps_the_players_it_passes_unless_the_table_waives_it():
    # Greased (no option): B and C have three up, so the card passes them: a nickel each.
    rules = {r.id: r for r in in_force("zap")}
    transfers = charge(
        rules["discard-zap-fee"],
        table(chips_per_money=NICKEL_CHIPS),
        Firing(roles={"actor": (B, C)}),
    )
    assert paid(transfers) == [(B, "pot", 1), (C, "pot", 1)]
    assert "discard-zap-fee" not in {r.id for r in in_force("zap", discard_fees="no")}


def test_the_gooey_zap_step_offers_no_nickel_for_a_passed_card():
    # Gooey hands the thrown-out card to the next player only: nobody is passed over.
    game = GAMES["zap"]
    greased = {p.id: p for p in dealer.hand_phases(game, [])}
    gooey = {p.id: p for p in dealer.hand_phases(game, dealer.chosen_options(game, ["gooey"]))}
    assert "discard-zap-fee" in greased["zap"].money
    assert "discard-zap-fee" not in gooey["zap"].money
    assert "zap-fee" in gooey["zap"].money


# Settings that change who is paid, and amounts shared by the payers


def test_a_dropped_players_chip_goes_to_the_pot_at_a_table_that_says_so():
    # drop-out-chip-to pot: D and E drop, one chip each into the pot; nothing to the knocker.
    rules = {r.id: r for r in in_force("knock-poker", drop_out_chip_to="pot")}
    assert "drop-out-chip" not in rules
    transfers = charge(
        rules["drop-out-chip-to-pot"],
        table(pot=5),
        Firing(roles={"knocker": A, "folded": (D, E)}),
    )
    assert paid(transfers) == [(D, "pot", 1), (E, "pot", 1)]


def test_a_bonus_from_the_stayers_leaves_dropped_players_alone():
    # B wins with four of a kind; C and D stayed, A and E dropped: 4 from C and 4 from D.
    rules = {r.id: r for r in in_force("knock-poker", bonus_payers="stayers")}
    assert "bonus-big-hand" not in rules
    transfers = charge(
        rules["bonus-big-hand-stayers"],
        table(),
        Firing(roles={"winner": B, "stayers": (B, C, D)}),
    )
    assert paid(transfers) == [(C, B, 4), (D, B, 4)]


def test_a_single_bonus_of_four_chips_is_shared_by_the_other_players():
    # Four players, D deals: A, B, C, D from the left. B wins: A, C and D share 4 chips,
    # 4 = 2 + 1 + 1, the odd chip to A, first from the dealer's left. B pays no part.
    seats = (A, B, C, D)
    rules = {r.id: r for r in in_force("knock-poker-deuces-wild", bonus_payers="single")}
    single = rules["bonus-big-hand-single"]
    assert single.amount.describe() == "4 chips in all (shared by the payers)"
    transfers = charge(
        single,
        table(seats=seats, dealer=D, stacks=dict.fromkeys(seats, 50)),
        Firing(roles={"winner": B}),
    )
    assert paid(transfers) == [(A, B, 2), (C, B, 1), (D, B, 1)]
    assert effects(transfers)[stack(B)] == 4


def test_tied_lowest_whiskey_hands_share_one_forfeit_when_the_table_says_so():
    forfeit = {"the forfeit set before the game": 5}
    facts = Firing(roles={"lowest_hand": (D, C), "winner": A})
    # each-pays (the default): C and D pay 5 each, 10 in all.
    each = next(r for r in in_force("whiskey-poker") if r.kind == "forfeit")
    assert paid(charge(each, table(agreed=forfeit), facts)) == [(C, A, 5), (D, A, 5)]
    # share: one forfeit of 5 split 3 + 2, the odd chip to C, nearer the dealer's left.
    shared = next(r for r in in_force("whiskey-poker", forfeit_tie="share") if r.kind == "forfeit")
    assert shared.id == "forfeit-shared"
    assert paid(charge(shared, table(agreed=forfeit), facts)) == [(C, A, 3), (D, A, 2)]
    # share, into the next pot: the same 3 + 2, to the next deal's pot.
    rules = in_force("whiskey-poker", forfeit_tie="share", forfeit_to="next-pot")
    to_pot = next(r for r in rules if r.kind == "forfeit")
    assert paid(charge(to_pot, table(agreed=forfeit), facts)) == [
        (C, "next_pot", 3),
        (D, "next_pot", 2),
    ]


def test_boo_ray_penalties_can_go_into_this_deals_pot():
    rules = {r.id: r for r in in_force("boo-ray", penalty_pot="this-pot")}
    assert "boo-ray" not in rules
    transfers = charge(
        rules["boo-ray-this-pot"],
        table(pot=10, agreed={"the Boo Ray amount": 20}),
        Firing(roles={"losers": B}),
    )
    assert paid(transfers) == [(B, "pot", 20)]


def test_after_a_rollover_only_the_stayers_re_ante_at_a_table_that_says_so():
    rules = {r.id: r for r in in_force("monte-carlo", rollover_players="stayers")}
    assert "reante" not in rules
    # The re-ante is the game's agreed ante, 3 here, whatever the night's own ante (2).
    agreed = table(ante=2, agreed={"the table's ante": 3})
    transfers = charge(rules["reante-stayers"], agreed, Firing(roles={"stayers": (C, B)}))
    assert paid(transfers) == [(B, "pot", 3), (C, "pot", 3)]


def test_monte_carlo_a_lone_player_without_trips_leaves_the_pot_for_the_next_deal():
    # Default: no fold-out rule, the last player takes the pot. Asking for trips: a pot of 9
    # goes whole to the next deal.
    assert "fold-out-no-trips" not in {r.id for r in in_force("monte-carlo")}
    rules = {r.id: r for r in in_force("monte-carlo", fold_out="needs-trips")}
    transfers = charge(rules["fold-out-no-trips"], table(pot=9), Firing(roles={"winner": A}))
    assert paid(transfers) == [("pot", "next_pot", 9)]


def test_holdem_blinds_are_two_rules_each_with_its_own_size():
    # Blinds are the game's default; a table that chose antes has no blind rule in force.
    assert {"small-blind", "big-blind"}.isdisjoint(
        r.id for r in in_force("texas-holdem", seeding="ante")
    )
    assert {"small-blind", "big-blind"} <= {r.id for r in in_force("texas-holdem")}
    rules = {r.id: r for r in in_force("texas-holdem", seeding="blinds")}
    assert "ante" not in rules
    sizes = table(agreed={"the small blind": 1, "the big blind": 2})
    small = charge(rules["small-blind"], sizes, Firing(roles={"actor": A}))
    big = charge(rules["big-blind"], sizes, Firing(roles={"actor": B}))
    assert paid(small) + paid(big) == [(A, "pot", 1), (B, "pot", 2)]


def test_pokino_for_money_charges_the_stake_per_point_of_difference():
    assert "point-stakes" not in {r.id for r in in_force("pokino")}
    rules = {r.id: r for r in in_force("pokino", stakes="per-point")}
    # 1230 against 1180 at one chip a point: the loser B pays the winner A 50 chips.
    seats = (A, B)
    transfers = charge(
        rules["point-stakes"],
        table(
            seats=seats,
            dealer=B,
            stacks=dict.fromkeys(seats, 100),
            agreed={"the stake per point": 1},
        ),
        Firing(roles={"loser": B, "winner": A}, count=1230 - 1180),
    )
    assert paid(transfers) == [(B, A, 50)]


def test_gruts_fines_go_to_the_last_winner_only_when_the_table_says_so():
    assert "fines-to-winner" not in {r.id for r in in_force("gruts")}
    rules = {r.id: r for r in in_force("gruts", fines_at_end="winner")}
    # The game ends with 15 chips of fines aside: the winner D takes all 15.
    transfers = charge(rules["fines-to-winner"], table(side_pot=15), Firing(roles={"winner": D}))
    assert paid(transfers) == [("side_pot", D, 15)]


# Last player standing: the lives ride in the middle, or wait in front of each player


def test_screw_your_neighbor_stacks_stay_in_front_and_each_lost_one_pays_the_pot():
    # Four players, D deals; the dealer names 2-chip stacks, three in front of each player.
    seats = (A, B, C, D)
    start = table(seats=seats, dealer=D, stacks=dict.fromkeys(seats, 50), agreed={"one stack": 2})
    # The stacks stay in front of their owners: setting them out moves no chips.
    assert charge(rule("screw-your-neighbor", "stake"), start) == []
    # B is stuck with the lowest card and puts one stack into the pot.
    lost = Firing(roles={"lowest_hand": B})
    assert paid(charge(rule("screw-your-neighbor", "lose-stack"), start, lost)) == [(B, "pot", 2)]
    # C outlasts everyone and takes the pot: the 18 chips of stacks the others lost.
    end = table(seats=seats, dealer=D, stacks=dict.fromkeys(seats, 44), pot=18)
    won = charge(rule("screw-your-neighbor", "last-standing"), end, Firing(roles={"winner": C}))
    assert paid(won) == [("pot", C, 18)]


def test_liars_poker_lost_quarters_ride_for_the_last_player_with_one():
    # Three players at 0.05 a chip: the two quarters stay in front of each player;
    # each lost call puts one (5 chips) in the middle.
    seats = (A, B, C)
    nickels = table(seats=seats, dealer=C, stacks=dict.fromkeys(seats, 50), chips_per_money=20)
    assert charge(rule("liars-poker", "stake"), nickels) == []
    lost = Firing(roles={"loser": B, "winner": A})
    assert paid(charge(rule("liars-poker", "lose-quarter"), nickels, lost)) == [(B, "pot", 5)]
    # The pot rides from deal to deal; the last one with a quarter is awarded it.
    assert is_award(rule("liars-poker", "last-standing"))


def test_liars_poker_quarters_can_go_straight_to_the_winner_of_the_call():
    rules = {r.id: r for r in in_force("liars-poker", lost_quarters="to-winner")}
    assert {"lose-quarter", "last-standing"}.isdisjoint(rules)
    nickels = table(chips_per_money=NICKEL_CHIPS)
    assert charge(rules["stake"], nickels) == []
    lost = Firing(roles={"loser": B, "winner": A})
    assert paid(charge(rules["lose-quarter-to-winner"], nickels, lost)) == [(B, A, 5)]


# A game's own answer to a payment a player cannot cover


def test_guts_short_stack_setting_overrides_the_nights_shortfall_policy():
    # pay-all (the default): no marker even on a marker night.
    assert game_shortfall(in_force("guts-three-card"), "marker") == "pay_what_you_have"
    # owe: a marker even on a pay-what-you-have night.
    owing = in_force("guts-three-card", short_stack="owe")
    assert game_shortfall(owing, "pay_what_you_have") == "marker"
    # A match of 12 with 7 in the stack: 7 from the stack, 5 on the marker.
    short = table(
        pot=12,
        stacks={**dict.fromkeys(ORDER, 50), B: 7},
        shortfall=game_shortfall(owing, "pay_what_you_have"),
    )
    transfers = charge(
        rule("guts-three-card", "challengers-match"), short, Firing(roles={"losers": B})
    )
    assert transfers == [Transfer(stack(B), NEXT_POT, 7), Transfer(marker(B), NEXT_POT, 5)]


def test_buddhas_folly_and_zap_answer_it_by_their_settings_and_boo_ray_leaves_it_to_the_night():
    assert game_shortfall(in_force("buddhas-folly"), "marker") == "pay_what_you_have"
    assert game_shortfall(in_force("zap", broke="owe"), "pay_what_you_have") == "marker"
    assert game_shortfall(in_force("boo-ray"), "marker") == "marker"


def test_every_rule_of_a_game_with_both_answers_leaves_the_night_to_decide():
    # Not filtered by the settings, Guts holds short-pays-all and short-owes alike.
    assert game_shortfall(rules_of("guts-three-card"), "marker") == "marker"
    assert game_shortfall(rules_of("guts-three-card"), "pay_what_you_have") == "pay_what_you_have"


def test_the_old_name_for_the_stack_cap_still_reads_as_the_stack():
    # Deprecated spelling: cap {agreed: "what the payer has left"} works like {stack: true}.
    old = rule("trash-poker", "black-spot-payout").model_copy(
        update={"cap": Amount(agreed=AT_THE_STACK)}
    )
    facts = Firing(roles={"folded": (A,), "winner": C})
    stacks = {**dict.fromkeys(ORDER, 30), A: 4}
    transfers = charge(old, table(stacks=stacks, contributions={A: 5}), facts)
    assert paid(transfers) == [(A, C, 4)]


# Rules that move no chips


@pytest.mark.parametrize(
    ("slug", "rule_id"),
    [
        ("trash-poker", "betting"),
        ("trash-poker", "broke-stays-in"),
        ("put-and-take", "no-ante"),
        ("pokino", "trick-point"),
        ("liars-poker", "stake"),
        ("screw-your-neighbor", "stake"),
        ("guts-three-card", "short-owes"),
        ("black-russian", "carry-matches"),
        ("baseball-daytime", "side-pots"),
    ],
)
def test_rules_that_describe_rather_than_charge_move_nothing(slug, rule_id):
    assert charge(rule(slug, rule_id), table(), Firing(roles={"winner": A, "loser": B})) == []


# Mistakes


def test_a_rule_needs_the_seats_in_its_roles():
    with pytest.raises(ChargeError) as error:
        charge(rule("guts-three-card", "challengers-match"), table(pot=12))
    assert str(error.value) == MISSING_ROLE.format(
        rule=rule("guts-three-card", "challengers-match").words, role="losers"
    )


def test_a_role_must_be_played_by_a_seat_in_the_hand():
    with pytest.raises(ChargeError) as error:
        charge(rule("guts-three-card", "unchallenged"), table(pot=4), Firing(roles={"winner": 9}))
    assert str(error.value) == NOT_IN_HAND.format(seat=9, role="winner")


@pytest.mark.parametrize("role", ["pot", "nobody", "champion"])
def test_only_seat_roles_can_be_given(role):
    with pytest.raises(ChargeError, match="not a role"):
        charge(rule("trash-poker", "ante"), table(ante=1), Firing(roles={role: A}))


def test_antes_need_the_tables_ante():
    with pytest.raises(ChargeError) as error:
        charge(rule("trash-poker", "ante"), table())
    assert str(error.value) == NO_ANTE.format(rule=rule("trash-poker", "ante").words)


def test_a_count_per_seat_needs_a_seat_on_one_side():
    with pytest.raises(ChargeError) as error:
        charge(rule("guts-three-card", "all-pass"), table(pot=5), Firing(count={A: 1}))
    assert str(error.value) == COUNT_NEEDS_SEAT.format(
        rule=rule("guts-three-card", "all-pass").words
    )


@pytest.mark.parametrize(
    "facts",
    [
        {"seats": (A, A)},
        {"stacks": {A: 5}},
        {"stacks": {**dict.fromkeys(ORDER, 5), B: -1}},
        {"pot": -3},
        {"agreed": {"the match limit": -1}},
        {"shortfall": "beg"},
        {"chips_per_money": Fraction(0)},
    ],
)
def test_a_table_that_cannot_be_right_is_refused(facts):
    with pytest.raises(ChargeError):
        table(**facts)


def test_accounts_and_transfers_check_themselves():
    with pytest.raises(ChargeError):
        ChipAccount("stack")
    with pytest.raises(ChargeError):
        ChipAccount("pot", A)
    with pytest.raises(ChargeError):
        ChipAccount("purse")
    with pytest.raises(ChargeError):
        Transfer(POT, NEXT_POT, 0)
    with pytest.raises(ChargeError):
        Transfer(BANK, BANK, 1)


def test_the_module_imports_without_django():
    code = "import sys, ledger.core.charges; sys.exit('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# Properties

# A cover (the rest of the pot) is fired only with the rules it covers, and then always.
COVERS = {
    (slug, covered): r
    for slug in GAMES
    for r in rules_of(slug)
    if r.amount and r.amount.rest_of
    for covered in r.amount.rest_of
}
ALL_RULES = [r for slug in GAMES for r in rules_of(slug) if not (r.amount and r.amount.rest_of)]
COVER_OF = {id(r): COVERS.get((slug, r.id)) for slug in GAMES for r in rules_of(slug)}
AGREED_NAMES = sorted({a.agreed for r in ALL_RULES for a in r.amounts() if a.agreed})
SEAT_PARTIES = sorted(SEAT_ROLES)
FIXED_MONEY = [Decimal(m) for m in ("0.05", "0.10", "0.25", "0.50", "1.00")]


@st.composite
def tables(draw):
    seats = draw(st.lists(st.integers(1, 9), min_size=2, max_size=6, unique=True))
    stacks = {seat: draw(st.integers(0, 60)) for seat in seats}
    return TableAtFiring(
        seats=tuple(seats),
        dealer=seats[-1],
        stacks=stacks,
        pot=draw(st.integers(0, 100)),
        next_pot=draw(st.integers(0, 50)),
        side_pot=draw(st.integers(0, 20)),
        contributions={seat: draw(st.integers(0, 30)) for seat in seats},
        ante=draw(st.integers(0, 5)),
        min_bet=draw(st.integers(0, 5)),
        chips_per_money=draw(st.sampled_from([Fraction(20), Fraction(100)])),
        agreed={name: draw(st.integers(0, 40)) for name in [*AGREED_NAMES, "limit"]},
        shortfall=draw(st.sampled_from(["pay_what_you_have", "marker"])),
    )


def amounts(contribution: bool):
    units = [
        st.builds(Amount, chips=st.integers(0, 10)),
        st.builds(Amount, money=st.sampled_from(FIXED_MONEY)),
        st.builds(Amount, antes=st.integers(0, 3)),
        st.builds(Amount, min_bets=st.integers(0, 3)),
        st.builds(Amount, pot=st.sampled_from(["1", "2", "1/2", "1/3"])),
        st.builds(Amount, agreed=st.sampled_from(["limit", AT_THE_STACK])),
        st.builds(Amount, stack=st.just(True)),
        st.builds(Amount, pot=st.sampled_from(["1/2", "1/3"]), rounding=st.just("up")),
        st.builds(Amount, chips=st.integers(0, 10), shared=st.just(True)),
        st.builds(Amount, agreed=st.just("limit"), shared=st.just(True)),
    ]
    if contribution:
        units.append(st.builds(Amount, contribution=st.sampled_from(["2", "1", "1/2"])))
    return st.one_of(units)


@st.composite
def made_up_rules(draw):
    payer = draw(st.sampled_from(get_args(Party)))
    seat_payer = payer in SEAT_ROLES
    return MoneyRule(
        id="made-up",
        kind="direct_payment",
        text="A rule drawn at random.",
        payer=payer,
        payee=draw(st.sampled_from(get_args(Party))),
        amount=draw(st.none() | amounts(seat_payer)),
        cap=draw(st.none() | amounts(seat_payer)),
    )


@st.composite
def firings(draw, seats, rule):
    roles = {
        role: draw(st.lists(st.sampled_from(seats), max_size=len(seats), unique=True))
        for role in SEAT_PARTIES
        if role not in DERIVED_ROLES
    }
    most = rule.most_per_hand or 3  # more than the most a hand is refused, never charged
    count = draw(st.integers(0, min(3, most)))
    if rule.payer in SEAT_ROLES and draw(st.booleans()):
        count = {seat: draw(st.integers(0, min(3, most))) for seat in seats}
    bet = st.integers(1, 100) if rule.amount and rule.amount.bet else st.integers(100, 200)
    return Firing(roles=roles, count=count, bet=draw(st.none() | bet))


@settings(max_examples=400, deadline=None)
@given(tables(), st.sampled_from(ALL_RULES) | made_up_rules(), st.data())
def test_charges_conserve_chips_and_never_overdraw_a_stack_or_a_pot(table, rule, data):
    firing = data.draw(firings(list(table.order), rule))
    try:
        transfers = charge(rule, table, firing, cover=COVER_OF.get(id(rule)))
    except ChargeError:
        if rule.amount is None or rule.amount.bet is None:
            raise
        return  # a bet outside its range (or none given) is refused whole: nothing moves
    change = effects(transfers)
    assert sum(change.values()) == 0
    assert all(t.chips > 0 for t in transfers)
    after = {stack(seat): chips for seat, chips in table.stacks.items()}
    after |= {POT: table.pot, NEXT_POT: table.next_pot, SIDE_POT: table.side_pot}
    for account, chips in change.items():
        if account.kind in ("bank", "marker"):
            continue
        assert after[account] + chips >= 0, account
    made_markers = [account for account in change if account.kind == "marker"]
    if table.shortfall == "pay_what_you_have":
        assert made_markers == []
    if rule.cap is not None and (rule.cap.stack or rule.cap.agreed == AT_THE_STACK):
        assert made_markers == []
    assert all(change[m] < 0 for m in made_markers)
