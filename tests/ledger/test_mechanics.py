"""Every money mechanic of the seed games, M1 to M40, worked by hand on the real ledger.

Each test plays hands of a rulebook game on the database: `hands.hand_start`
with the game's slug, antes and betting where the mechanic needs them, the
game's own money rules fired through `money_rules.charge`, and `hands.award`.
After each step it checks every account of the night (each stack, each
hand's pot, the riding pot, the infraction pot, each marker and the bank)
against figures worked out by hand in the comments, and that the journal
still sums to zero. The night's chips are white chips of 0.05: twenty to
the dollar, so a nickel is 1 chip, a dime 2, a quarter 5 and 50 cents 10.
Ann, Bob and Cat buy in for 50 each unless a test says otherwise, and Cat
deals, so Ann sits on the dealer's left.

Code  Test; a note where the mechanic is not (only) a chip movement
M1    test_m1_each_player_pays_the_games_ante_into_the_pot_before_the_deal
      test_m1_the_tables_ante_is_the_nights_ante_unless_the_caller_names_another
      test_m1_a_game_chosen_at_the_table_antes_the_nights_ante
M2    test_m2_put_and_take_has_no_ante_so_its_pot_is_built_from_the_puts
      (the `no-ante` rule moves nothing: refused, no journal row; Pokino's too, M40)
M3    test_m3_the_brag_dealers_edge_comes_back_when_everyone_drops_and_is_a_blind_when_called
      test_m3_holdem_blinds_booked_by_their_rules_are_the_bets_the_first_round_calls
M4    test_m4_monte_carlo_reantes_on_top_of_the_pot_that_stayed
M5    test_m5_liars_poker_stakes_stay_in_front_and_a_lost_one_goes_to_the_next_pot
      (the quarters stay in front of the players: `stake` to nobody moves nothing and
      is refused; a lost quarter is paid to the next pot)
M6    test_m6_a_standard_betting_round_moves_the_bets_into_the_pot
      (the `betting` rule itself moves nothing: refused)
M7    test_m7_a_short_all_in_player_can_win_only_the_main_pot
      (the `side-pots` rule itself moves nothing: refused; the pots build them)
M8    test_m8_trash_poker_all_in_player_stays_in_and_wins_the_whole_pot_with_no_side_pot
      (hand_start(side_pots=False), as the table does for a game with all_in_whole_pot)
M9    test_m9_acey_deucey_wagers_are_capped_at_the_pot_and_a_pot_bet_won_takes_it_all
      test_m9_in_between_wagers_are_capped_and_the_rest_of_the_pot_can_be_awarded
M10   test_m10_put_and_take_the_dealer_keeps_what_the_takes_leave_in_the_pot
      test_m10_put_and_take_the_dealer_covers_what_the_pot_cannot_pay
M11   test_m11_trash_poker_draws_and_passes_cost_an_ante_each_and_knocking_is_free
M12   test_m12_draw_tax_charges_every_card_drawn_after_the_first
      (the table enters the cards drawn; the ledger leaves out the free first)
M13   test_m13_each_push_and_substitution_pays_the_agreed_price_and_roll_your_own_pushes_free
      test_m13_a_fee_paid_into_the_pot_is_won_by_the_showdown_winner
M14   test_m14_phone_home_cards_cost_a_quarter_and_collect_calls_stop_at_the_cap
M15   test_m15_midnight_baseball_a_four_buys_a_card_and_each_wild_costs_a_quarter
M16   test_m16_acey_deucey_escape_chance_pays_a_quarter_per_replaced_post
M17   test_m17_zap_each_zapped_and_struck_player_pays_a_nickel_and_a_full_table_all_pay
M18   test_m18_gruts_fines_wait_in_the_infraction_pot_and_join_the_next_pot
M19   test_m19_the_winning_auction_bid_goes_into_the_pot
M20   test_m20_each_losing_guts_challenger_matches_the_pot_into_the_next_pot
      (also Black Russian in M31 and Bloody Sevens in M37)
M21   test_m21_a_beaten_gutser_pays_twice_the_pot_and_the_winning_challengers_split_it
M22   test_m22_a_capped_match_pays_the_pot_up_to_the_agreed_limit
      (In Between's maximum loss: M9)
M23   test_m23_boo_ray_a_player_with_no_tricks_pays_the_agreed_penalty_to_the_next_pot
M24   test_m24_guts_coward_tax_and_tariff_when_everyone_passes
      test_m24_a_pot_carried_by_the_all_pass_rule_after_a_coward_tax_lets_the_hand_close
      test_m24_buddhas_folly_best_hand_pays_every_ante_of_the_next_deal
M25   test_m25_whiskey_poker_lowest_hand_pays_the_forfeit_to_the_winner
      (Screw Your Neighbor's lost stack: M38)
M26   test_m26_in_between_misdeal_the_player_takes_the_pot_and_the_dealer_matches_it
      test_m26_the_dealers_misdeal_match_can_be_won_by_anyone_in_the_hand
M27   test_m27_knock_poker_each_player_who_drops_pays_the_knocker_a_chip
M28   test_m28_knock_poker_stayers_pay_a_winning_knocker_and_a_beaten_knocker_pays_them
M29   test_m29_knock_poker_a_big_hand_collects_a_bonus_from_each_other_player
M30   test_m30_black_spot_folded_players_pay_twice_their_chips_capped_at_their_stacks
M31   test_m31_black_russian_a_deal_with_no_winner_carries_the_pot_to_the_next
      (also Monte Carlo in M4, Boo Ray in M23, Gruts' fines in M18)
M32   test_m32_guts_ends_when_an_unchallenged_gutser_empties_the_pot
      (also Acey Deucey's pot bet in M9, the last player standing in M38)
M33   test_m33_the_gooch_half_pot_rounds_down_and_the_rest_carries
M34   test_m34_high_low_halves_go_to_the_high_and_low_hands_odd_chip_high
      (hands.award with low winners; the `high-low-split` rule is half the pot at once)
M35   test_m35_hi_di_deu_wi_highest_diamond_takes_half_and_the_best_hand_the_rest
M36   test_m36_natural_sevens_take_the_whole_pot_and_two_split_it
M37   test_m37_a_killed_hand_cannot_be_paid_and_qualifier_rules_move_no_chips
      (a kill is recorded as a fold, which the award refuses to pay; qualifiers are
      refused as moving nothing)
M38   test_m38_liars_poker_the_last_player_with_a_quarter_takes_every_lost_one
      test_m38_screw_your_neighbor_the_last_player_with_a_stack_takes_them_all
      (Liar's Poker's quarters stay in front and a lost one goes to the next pot;
      Screw Your Neighbor's lost life is already in the next pot: `lose-stack` refused)
M39   test_m39_a_penalty_a_player_cannot_cover_is_what_he_has_or_a_marker
      test_m39_a_guts_table_that_chose_to_owe_writes_a_marker_on_any_night
      test_m39_a_plain_guts_hand_on_a_marker_night_writes_the_marker
      (Trash Poker's broke player owes nothing: M8, M30)
M40   test_m40_pokino_scores_points_and_only_a_stake_per_point_moves_chips
      (points rules move nothing: refused, no journal row)

Four bugs these tests found were fixed in the ledger while they were written, and
the tests now hold the fixes: a fee paid into the pot made a side pot only its
payer could win (M13, M26); chips a rule paid out of the pot left negative dead
money, so the hand could not be awarded (M9, M24); and a plain Guts hand on a
"marker" night ignored the night's policy (M39); and a blind booked by its
rule was dead money instead of the bet the first round calls (M3).
"""

from dataclasses import dataclass

import pytest
from django.db.models import Sum

from ledger.models import Account
from ledger.services import hands, money_rules, runs
from ledger.services.journal import LedgerError
from tests.factories import night_with
from tests.ledger.conftest import confirm_ante, journal_rows, journal_total

pytestmark = pytest.mark.django_db

HOST = "host:host"
NOTHING = "moves no chips here; nothing was recorded"


# --- The night, its hands and its accounts -------------------------------------------------------


@pytest.fixture
def make_table(host):
    """A night with these house settings; Ann, Bob and Cat bought in for these chips."""
    made = []

    def make(buy_ins=(50, 50, 50), **settings):
        table = night_with(
            host, group_name=f"Regulars {len(made)}", buy_in=buy_ins, settings=settings
        )
        made.append(table.group)
        return table.night, table.seats

    return make


@dataclass(frozen=True)
class Chips:
    """Every account of a night: stacks and markers in seat order, each hand's pot, the rest."""

    stacks: tuple[int, ...]
    pots: tuple[int, ...]  # each hand's pot, the first hand first
    riding: int = 0  # the next pot
    fines: int = 0  # the infraction pot
    markers: tuple[int, ...] = (0, 0, 0)
    bank: int = -150
    carried: int = 0  # pots waiting for a later game of one kind


def chips(night, seats) -> Chips:
    """The night's accounts as the journal leaves them; every account is in exactly one field."""
    found = Account.objects.filter(night=night).annotate(total=Sum("entries__amount"))
    by_key = {a.key: a.total or 0 for a in found}
    carried = {a.key: a.total or 0 for a in found if a.kind == Account.Kind.CARRIED}
    assert set(by_key) - set(carried) <= {
        *(Account.key_for(kind, s.pk, None) for s in seats for kind in ("stack", "marker")),
        *(Account.key_for("pot", None, h.pk) for h in night.hands.all()),
        *(Account.key_for(kind, None, None) for kind in ("riding", "infraction", "bank")),
    }

    def of(kind, seat=None, hand=None):
        return by_key.get(Account.key_for(kind, seat and seat.pk, hand and hand.pk), 0)

    return Chips(
        stacks=tuple(of("stack", s) for s in seats),
        pots=tuple(of("pot", hand=h) for h in night.hands.order_by("number")),
        riding=of("riding"),
        fines=of("infraction"),
        markers=tuple(of("marker", s) for s in seats),
        bank=of("bank"),
        carried=sum(carried.values()),
    )


def deal(night, players, game, *, dealer=None, antes=True, side_pots=True):
    """A hand of `game`, Cat dealing unless told; everyone antes the night's ante."""
    hand = hands.hand_start(
        night=night,
        players=players,
        dealer=dealer or players[-1],
        recorded_by=HOST,
        game_slug=game,
        side_pots=side_pots,
    )
    if antes:
        hands.collect_antes(hand=hand, recorded_by=HOST)
    return hand


def fire(hand, rule_id, **facts):
    """One firing of the hand's game's money rule, booked as one charge posting."""
    return money_rules.charge(hands.load(hand), rule_id, recorded_by=HOST, **facts)


def refused(hand, rule_id, match, **facts):
    """The firing is refused with `match` and the journal gets not one row."""
    rows = journal_rows(hand.night)
    with pytest.raises(LedgerError, match=match):
        fire(hand, rule_id, **facts)
    assert journal_rows(hand.night) == rows


def betting(hand, *actions, opener=None, blinds=()):
    """One betting round: (seat, action, amount) in turn."""
    hands.round_start(hand=hand, recorded_by=HOST, opener=opener, blinds=blinds)
    for seat, action, amount in actions:
        hands.act(hand=hand, seat=seat, action=action, amount=amount, recorded_by=HOST)
    assert not hands.load(hand).state.betting_open


def award(hand, *winners, low=None):
    """Award each pot to its winners: `winners[i]` (seats) take pot i."""
    hands.award(
        hand=hand,
        winners=[[s.pk for s in pot] for pot in winners],
        low_winners=None if low is None else [[s.pk for s in pot] for pot in low],
        recorded_by=HOST,
    )


def award_all(hand, seat):
    """`seat` wins every pot the hand has, however many the ledger built."""
    award(hand, *([seat],) * len(hands.showdown_pots(hand)))


def ids(*seats):
    return [s.pk for s in seats]


# --- A. Seeding the pot --------------------------------------------------------------------------


def test_m1_each_player_pays_the_games_ante_into_the_pot_before_the_deal(make_table):
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


def test_m1_the_tables_ante_is_the_nights_ante_unless_the_caller_names_another(make_table):
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


def test_m1_a_game_chosen_at_the_table_antes_the_nights_ante_once_confirmed(make_table):
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


def test_m2_put_and_take_has_no_ante_so_its_pot_is_built_from_the_puts(make_table):
    night, (ann, bob, cat) = make_table()
    # Cat deals and is the bank; Ann and Bob hold the cards. No antes are collected.
    hand = deal(night, [ann, bob], "put-and-take", dealer=cat, antes=False)
    refused(hand, "no-ante", NOTHING)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 50, 50), pots=(0,))
    # The first put is a nickel (1 chip) per matching card: Ann holds one, Bob two.
    fire(hand, "put-1", count={ann.pk: 1, bob.pk: 2})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 48, 50), pots=(3,))
    assert journal_total(night) == 0


def test_m3_the_brag_dealers_edge_comes_back_when_everyone_drops_and_is_a_blind_when_called(
    make_table,
):
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


def test_m3_holdem_blinds_booked_by_their_rules_are_the_bets_the_first_round_calls(
    make_table,
):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "texas-holdem", antes=False)
    fire(hand, "small-blind", roles={"actor": ann.pk}, bet=1)
    fire(hand, "big-blind", roles={"actor": bob.pk}, bet=2)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 48, 50), pots=(3,))
    # Cat acts first and calls the big blind of 2; Ann completes with 1 more; Bob checks.
    betting(hand, (cat, "call", 0), (ann, "call", 0), (bob, "check", 0), opener=cat)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 48, 48), pots=(6,))


def test_m4_monte_carlo_reantes_on_top_of_the_pot_that_stayed(make_table):
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
    fire(second, "reante")
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 46, 46), pots=(0, 12))
    award(second, [bob])  # 46 + 12
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(46, 58, 46), pots=(0, 0))
    assert journal_total(night) == 0


def test_m5_liars_poker_stakes_stay_in_front_and_a_lost_one_goes_to_the_middle(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "liars-poker", antes=False)
    # Two quarters each stay in front of each player (payee nobody): no chips move.
    refused(hand, "stake", NOTHING)
    fire(hand, "lose-quarter", roles={"loser": bob.pk})  # a quarter, 5 chips, to the middle
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(50, 45, 50), pots=(5,))
    assert journal_total(night) == 0


# --- B. Betting structures -----------------------------------------------------------------------


def test_m6_a_standard_betting_round_moves_the_bets_into_the_pot(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "five-card-draw")  # pot 3
    refused(hand, "betting", NOTHING)  # the rule describes the rounds; the round moves chips
    # Ann bets 5, Bob raises to 10, Cat folds, Ann calls: 3 + 10 + 10 = 23.
    betting(hand, (ann, "bet", 5), (bob, "raise", 10), (cat, "fold", 0), (ann, "call", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 39, 49), pots=(23,))
    betting(hand, (ann, "check", 0), (bob, "check", 0))  # after the draw
    [pot] = hands.showdown_pots(hand)
    assert (pot.amount, pot.eligible) == (23, {ann.pk, bob.pk})
    award(hand, [bob])  # 39 + 23
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 62, 49), pots=(0,))
    assert journal_total(night) == 0


def test_m7_a_short_all_in_player_can_win_only_the_main_pot(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 10, 50))
    hand = deal(night, [ann, bob, cat], "seven-card-stud")  # pot 3; stacks 49, 9, 49
    refused(hand, "side-pots", NOTHING)  # built by the pots, not charged
    # Ann bets 20, Bob is all in for his 9, Cat calls 20.
    betting(hand, (ann, "bet", 20), (bob, "all_in", 0), (cat, "call", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 0, 29), pots=(52,), bank=-110)
    # In the pot: Ann 21, Bob 10, Cat 21. Main pot 3 x 10 = 30; side pot 2 x 11 = 22.
    main, side = hands.showdown_pots(hand)
    assert (main.amount, main.eligible) == (30, {ann.pk, bob.pk, cat.pk})
    assert (side.amount, side.eligible) == (22, {ann.pk, cat.pk})
    with pytest.raises(LedgerError, match="Bob cannot win pot 2"):
        award(hand, [bob], [bob])
    award(hand, [bob], [cat])  # Bob 0 + 30; Cat 29 + 22
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 30, 51), pots=(0,), bank=-110)
    assert journal_total(night) == 0


def test_m8_trash_poker_all_in_player_stays_in_and_wins_the_whole_pot_with_no_side_pot(
    make_table,
):
    # Even on a night where short players owe the rest, Trash Poker's broke player owes nothing.
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
    [pot] = hands.showdown_pots(hand)  # one pot, everyone can win all of it
    assert (pot.amount, pot.eligible) == (52, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 0 + 52
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(29, 52, 29), pots=(0,), bank=-110)
    assert journal_total(night) == 0


def test_m9_acey_deucey_wagers_are_capped_at_the_pot_and_a_pot_bet_won_takes_it_all(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "acey-deucey")  # pot 3; 49 each
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=2)  # Ann bets 2 and loses
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 49, 49), pots=(5,))
    # Bob bets 9 and loses: a bet is at most the pot, so he pays 5.
    fire(hand, "wager-lose", roles={"actor": bob.pk}, bet=9)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 49), pots=(10,))
    # The smallest bet is a nickel: 1 chip.
    refused(
        hand, "wager-win", "takes a bet of at least 1 chips, not 0", roles={"actor": cat.pk}, bet=0
    )
    fire(hand, "wager-win", roles={"actor": cat.pk}, bet=4)  # Cat bets 4 and wins: pot 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 44, 53), pots=(6,))
    # Ann bets the whole pot of 6 and wins: the game is over.
    fire(hand, "pot-bet-win", roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 44, 53), pots=(0,))
    award_all(hand, ann)  # nothing is left to win
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 44, 53), pots=(0,))
    assert journal_total(night) == 0


def test_m9_in_between_wagers_are_capped_and_the_rest_of_the_pot_can_be_awarded(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "in-between")  # pot 3; 49 each
    limit = {"the dealer's maximum loss": 4}
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=8, agreed=limit)  # loses min(8, 4)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 49, 49), pots=(7,))
    # Where the maximum caps the bet both ways, Bob's winning bet of 5 takes 4.
    fire(hand, "wager-win", roles={"actor": bob.pk}, bet=5, agreed=limit)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 53, 49), pots=(3,))
    # Where it caps only the loss, a win is at most the pot: Cat's 6 takes the 3.
    fire(hand, "wager-win-to-pot", roles={"actor": cat.pk}, bet=6)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 53, 52), pots=(0,))
    fire(hand, "wager-lose", roles={"actor": cat.pk}, bet=3, agreed=limit)  # loses 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 53, 49), pots=(3,))
    # The game ends by the table: the 3 left are awarded like any pot.
    award(hand, [ann])  # 45 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 53, 49), pots=(0,))
    assert journal_total(night) == 0


def test_m10_put_and_take_the_dealer_keeps_what_the_takes_leave_in_the_pot(make_table):
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


def test_m10_put_and_take_the_dealer_covers_what_the_pot_cannot_pay(make_table):
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


# --- C. Per-action fees and purchases ------------------------------------------------------------


def test_m11_trash_poker_draws_and_passes_cost_an_ante_each_and_knocking_is_free(make_table):
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


def test_m12_draw_tax_charges_every_card_drawn_after_the_first(make_table):
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


def test_m13_each_push_and_substitution_pays_the_agreed_price_and_roll_your_own_pushes_free(
    make_table,
):
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


def test_m13_a_fee_paid_into_the_pot_is_won_by_the_showdown_winner(make_table):
    night, (ann, bob, cat) = make_table(min_bet=2)
    hand = deal(night, [ann, bob, cat], "push")  # pot 3; 49 each
    fire(hand, "push-fee", roles={"actor": ann.pk}, agreed={"the push price": 10})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 49, 49), pots=(13,))
    # A fee is no bet: nobody is all in, so there is one pot of 13, and Bob's hand wins it.
    [pot] = hands.showdown_pots(hand)
    assert (pot.amount, pot.eligible) == (13, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 49 + 13
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 62, 49), pots=(0,))


def test_m14_phone_home_cards_cost_a_quarter_and_collect_calls_stop_at_the_cap(make_table):
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


def test_m15_midnight_baseball_a_four_buys_a_card_and_each_wild_costs_a_quarter(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "midnight-baseball")  # pot 3; 49 each
    fire(hand, "buy-four", roles={"actor": ann.pk})  # Ann turns up a 4 and buys: 5
    fire(hand, "wild-tax-pay", roles={"actor": ann.pk}, count=2)  # two wild 3s: 2 x 5
    fire(hand, "wild-tax-pay", roles={"actor": bob.pk})  # one 9: 5
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(34, 44, 49), pots=(23,))
    award_all(hand, ann)  # 34 + 23
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 44, 49), pots=(0,))
    assert journal_total(night) == 0


def test_m16_acey_deucey_escape_chance_pays_a_quarter_per_replaced_post(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "acey-deucey")  # pot 3; 49 each
    fire(hand, "escape-fee", roles={"actor": ann.pk}, count=2)  # two posts replaced: 10
    fire(hand, "wager-lose", roles={"actor": ann.pk}, bet=4)  # then bets 4 and loses
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(35, 49, 49), pots=(17,))
    assert journal_total(night) == 0


def test_m17_zap_each_zapped_and_struck_player_pays_a_nickel_and_a_full_table_all_pay(
    make_table,
):
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


def test_m18_gruts_fines_wait_in_the_infraction_pot_and_join_the_next_pot(make_table):
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


def test_m19_the_winning_auction_bid_goes_into_the_pot(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "guts-two-card")  # pot 3; 49 each
    fire(hand, "auction-bid", roles={"actor": ann.pk}, agreed={"the winning bid": 7})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(42, 49, 49), pots=(10,))
    award_all(hand, ann)  # Ann alone stays in: 42 + 10
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 49, 49), pots=(0,))
    assert journal_total(night) == 0


# --- D. Match-the-pot and other loss penalties ---------------------------------------------------


def test_m20_each_losing_guts_challenger_matches_the_pot_into_the_next_pot(make_table):
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


def test_m21_a_beaten_gutser_pays_twice_the_pot_and_the_winning_challengers_split_it(
    make_table,
):
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


def test_m22_a_capped_match_pays_the_pot_up_to_the_agreed_limit(make_table):
    night, (ann, bob, cat) = make_table(ante=5)
    hand = deal(night, [ann, bob, cat], "guts-two-card")  # antes 5: pot 15; 45 each
    # Bob and Cat lose with a match limit of 10: each pays min(15, 10) = 10.
    fire(hand, "capped-match", roles={"losers": ids(bob, cat)}, agreed={"the match limit": 10})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 35, 35), pots=(15,), riding=20)
    award(hand, [ann])  # 45 + 15
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 35, 35), pots=(0,), riding=20)
    assert journal_total(night) == 0


def test_m23_boo_ray_a_player_with_no_tricks_pays_the_agreed_penalty_to_the_next_pot(
    make_table,
):
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


def test_m24_guts_coward_tax_and_tariff_when_everyone_passes(make_table):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    # Everyone passes; Bob would have won and pays the coward tax, a quarter: 5.
    fire(first, "coward-tax-pay", roles={"best_hand": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(8,))
    award(first, *([],) * len(hands.showdown_pots(first)))  # nobody wins: the 8 ride
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)
    # Next deal: 8 + antes 3 = 11. Everyone passes again; the tariff is a quarter each.
    second = deal(night, [ann, bob, cat], "guts-three-card", dealer=cat)
    fire(second, "coward-tariff")
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 38, 43), pots=(0, 26))
    award(second, [])
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(43, 38, 43), pots=(0, 0), riding=26)
    assert journal_total(night) == 0


def test_m24_a_pot_carried_by_the_all_pass_rule_after_a_coward_tax_lets_the_hand_close(
    make_table,
):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49 each
    fire(hand, "coward-tax-pay", roles={"best_hand": bob.pk})  # pot 8
    fire(hand, "all-pass")  # the 8 ride: pot 0
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)
    assert hands.showdown_pots(hand) == []  # the rule took every chip there was
    award(hand)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)


def test_m24_buddhas_folly_best_hand_pays_every_ante_of_the_next_deal(make_table):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "buddhas-folly")  # pot 3; 49 each
    # Everyone drops; Cat showed the best hand and pays 3 players x 1 ante = 3.
    fire(first, "all-drop-fee", roles={"best_hand": cat.pk}, count=3)
    award(first, [])  # the pot of 3 rides too
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 46), pots=(0,), riding=6)
    # The next deal needs no antes: its pot is the 6.
    second = deal(night, [ann, bob, cat], "buddhas-folly", dealer=cat, antes=False)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 46), pots=(0, 6))
    award(second, [ann])  # 49 + 6
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(55, 49, 46), pots=(0, 0))
    assert journal_total(night) == 0


def test_m25_whiskey_poker_lowest_hand_pays_the_forfeit_to_the_winner(make_table):
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


def test_m26_in_between_misdeal_the_player_takes_the_pot_and_the_dealer_matches_it(make_table):
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


def test_m26_the_dealers_misdeal_match_can_be_won_by_anyone_in_the_hand(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "in-between")  # pot 3; 49 each
    fire(hand, "misdeal-win", roles={"actor": ann.pk})  # Ann 52, Cat 46, the pot still 3
    # The dealer's refill is no bet: it is the pot for anyone, not a side pot for Cat.
    [pot] = hands.showdown_pots(hand)
    assert (pot.amount, pot.eligible) == (3, {ann.pk, bob.pk, cat.pk})
    award(hand, [bob])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 52, 46), pots=(0,))


# --- E. Payments between players -----------------------------------------------------------------


def test_m27_knock_poker_each_player_who_drops_pays_the_knocker_a_chip(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    # Ann knocks; when play comes back, Bob and Cat drop: a chip each to Ann.
    fire(hand, "drop-out-chip", roles={"folded": ids(bob, cat), "knocker": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 48, 48), pots=(3,))
    award(hand, [ann])  # 51 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(54, 48, 48), pots=(0,))
    assert journal_total(night) == 0


def test_m28_knock_poker_stayers_pay_a_winning_knocker_and_a_beaten_knocker_pays_them(
    make_table,
):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    # Ann knocks and has the high hand: Bob and Cat, who stayed, pay her 2 each.
    fire(first, "knocker-wins", roles={"stayers": ids(bob, cat), "knocker": ann.pk})
    award(first, [ann])  # 49 + 4 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(56, 47, 47), pots=(0,))
    # Ann deals; Bob knocks and Cat beats him: Bob pays 2 to each stayer, Cat takes the pot.
    second = deal(night, [ann, bob, cat], "knock-poker", dealer=ann)  # 55, 46, 46; pot 3
    fire(second, "knocker-beaten", roles={"knocker": bob.pk, "stayers": ids(ann, cat)})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 42, 48), pots=(0, 3))
    award(second, [cat])  # 48 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(57, 42, 51), pots=(0, 0))
    assert journal_total(night) == 0


def test_m29_knock_poker_a_big_hand_collects_a_bonus_from_each_other_player(make_table):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "knock-poker")  # pot 3; 49 each
    fire(first, "bonus-big-hand", roles={"winner": ann.pk})  # four of a kind: 4 from each
    award(first, [ann])  # 49 + 8 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(60, 45, 45), pots=(0,))
    second = deal(night, [ann, bob, cat], "knock-poker", dealer=cat)  # 59, 44, 44; pot 3
    fire(second, "bonus-royal", roles={"winner": bob.pk})  # a royal flush: 8 from each
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 60, 36), pots=(0, 3))
    award(second, [bob])  # 60 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 63, 36), pots=(0, 0))
    # Knock Poker - Deuces Wild, where the bonus is 4 in all from the others: 2 each.
    third = deal(night, [ann, bob, cat], "knock-poker-deuces-wild", dealer=cat)  # 50, 62, 35
    fire(third, "bonus-big-hand-single", roles={"winner": cat.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(48, 60, 39), pots=(0, 0, 3))
    assert journal_total(night) == 0


def test_m30_black_spot_folded_players_pay_twice_their_chips_capped_at_their_stacks(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 8, 50), shortfall="marker")
    hand = deal(night, [ann, bob, cat], "trash-poker", side_pots=False)  # pot 3; 49, 7, 49
    fire(hand, "draw-fee", roles={"actor": bob.pk}, count=2)  # Bob 5
    fire(hand, "pass-fee", roles={"actor": cat.pk})  # Cat 48; pot 6
    # Ann bets 5, both fold, her 5 comes back. In the pot: Ann 1, Bob 3, Cat 2.
    betting(hand, (ann, "bet", 5), (bob, "fold", 0), (cat, "fold", 0))
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 5, 48), pots=(6,), bank=-108)
    # Ann shows the Black Spot. Bob owes 2 x 3 = 6 but has 5; Cat pays 2 x 2 = 4.
    fire(hand, "black-spot-payout", roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(58, 0, 44), pots=(6,), bank=-108)
    award(hand, [ann])  # 58 + 6; and no marker, though the night writes them
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(64, 0, 44), pots=(0,), bank=-108)
    assert journal_total(night) == 0


# --- F. Pot carry-over, partial awards, game end -------------------------------------------------


def test_m31_black_russian_a_deal_with_no_winner_carries_the_pot_to_the_next(make_table):
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


def test_m32_guts_ends_when_an_unchallenged_gutser_empties_the_pot(make_table):
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


def test_m33_the_gooch_half_pot_rounds_down_and_the_rest_carries(make_table):
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


# --- G. Splitting the pot ------------------------------------------------------------------------


def test_m34_high_low_halves_go_to_the_high_and_low_hands_odd_chip_high(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "selection-rejection")  # pot 3; 49 each
    betting(hand, (ann, "bet", 4), (bob, "call", 0), (cat, "call", 0))  # 3 + 12 = 15
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 45, 45), pots=(15,))
    # Ann has the high hand; Bob and Cat tie for low. High 8 (the odd chip); low 7 = 4 + 3,
    # the odd chip of the low half to Bob, first from Cat's left.
    award(hand, [ann], low=[[bob, cat]])
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 49, 48), pots=(0,))
    assert journal_total(night) == 0


def test_m35_hi_di_deu_wi_highest_diamond_takes_half_and_the_best_hand_the_rest(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "hi-di-deu-wi")  # pot 3; 49 each
    betting(hand, (ann, "bet", 4), (bob, "call", 0), (cat, "call", 0))  # pot 15
    # Cat holds the highest diamond: half of 15, rounded down, is 7.
    fire(hand, "diamond-split", roles={"winners": cat.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(45, 45, 52), pots=(8,))
    award(hand, [ann])  # the best hand takes the other 8
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(53, 45, 52), pots=(0,))
    assert journal_total(night) == 0


def test_m36_natural_sevens_take_the_whole_pot_and_two_split_it(make_table):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "deuces-jacks-man-with-the-axe")  # pot 3
    betting(first, (ann, "bet", 2), (bob, "call", 0), (cat, "call", 0))  # 3 + 6 = 9
    # Bob and Cat both hold natural sevens: they split 9, the odd chip to Bob.
    fire(first, "sevens-split", roles={"winners": ids(cat, bob)})
    award(first)  # already empty
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(47, 52, 51), pots=(0,))
    second = deal(night, [ann, bob, cat], "deuces-jacks-man-with-the-axe", dealer=cat)
    fire(second, "natural-sevens", roles={"winner": ann.pk})  # Ann alone: all 3
    award(second)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 51, 50), pots=(0, 0))
    assert journal_total(night) == 0


def test_m37_a_killed_hand_cannot_be_paid_and_qualifier_rules_move_no_chips(make_table):
    night, (ann, bob, cat) = make_table()
    first = deal(night, [ann, bob, cat], "bloody-sevens")  # pot 3; 49 each
    # A face-up 7 kills Cat's hand: the table records it as a fold.
    betting(first, (ann, "check", 0), (bob, "check", 0), (cat, "fold", 0))
    # Ann wins; Bob loses and matches 3; Cat, killed, is excused from matching.
    fire(first, "match", roles={"losers": bob.pk})
    with pytest.raises(LedgerError, match="Cat cannot win pot 1: folded"):
        award(first, [cat])
    award(first, [ann])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(52, 46, 49), pots=(0,), riding=3)
    # Monte Carlo's qualifiers decide who may open or win; they are not payments.
    second = deal(night, [ann, bob, cat], "monte-carlo", dealer=cat)  # 3 + 3 = 6
    for rule_id in ("openers", "trips-to-win"):
        refused(second, rule_id, NOTHING)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(51, 45, 48), pots=(0, 6))
    assert journal_total(night) == 0


# --- H. Elimination and running out of chips ----------------------------------------------------


def test_m38_liars_poker_the_last_player_with_a_quarter_takes_every_lost_one(make_table):
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


def test_m38_screw_your_neighbor_each_lost_stack_pays_the_pot_the_last_player_takes(make_table):
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


def test_m39_a_penalty_a_player_cannot_cover_is_what_he_has_or_a_marker(make_table):
    # By default a short player pays what he has.
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


def test_m39_a_guts_table_that_chose_to_owe_writes_a_marker_on_any_night(make_table):
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


def test_m39_a_plain_guts_hand_on_a_marker_night_writes_the_marker(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 3, 50), shortfall="marker")
    # Dealt outside a chosen game, Guts has both answers to its short-stack setting:
    # neither wins, so the night's policy stands.
    hand = deal(night, [ann, bob, cat], "guts-three-card")  # pot 3; 49, 2, 49
    fire(hand, "challengers-match", roles={"losers": bob.pk})  # Bob pays 2, owes 1
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49, 0, 49), pots=(3,), riding=3, markers=(0, -1, 0), bank=-103
    )


# --- I. Points -----------------------------------------------------------------------------------


def test_m40_pokino_scores_points_and_only_a_stake_per_point_moves_chips(make_table):
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
