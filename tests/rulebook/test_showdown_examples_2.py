"""Worked showdowns from the seed games of data chunk 2, figured by hand.

Each test loads the game's real rule file and ranks a deal whose answer was
worked out at the table first: the wild cards, the cards that kill a hand,
the qualifier, the race for the highest diamond, the points and the small
hands each game's source describes.
"""

from __future__ import annotations

import pytest

from rulebook.showdown.cards import parse_cards
from rulebook.showdown.evaluation import evaluate
from tests.rulebook.showdown_hands import game, hold, showing

pytestmark = pytest.mark.pure


def as_sets(tiers) -> list[set[str]]:
    return [set(tier) for tier in tiers]


# --- Guts, Have a Heart, Indian Poker: small hands -----------------------------------------


def test_guts_three_card_pair_beats_three_suited_cards_in_a_row():
    result = evaluate(
        game("guts-three-card"),
        {"Ann": hold("5h 6h 7h"), "Bob": hold("2c 2d 3s")},
    )
    assert result.tiers("high") == (("Bob",), ("Ann",))


def test_guts_three_card_all_four_gooch_cards_make_two_pair_over_the_gutsers_pair():
    result = evaluate(
        game("guts-three-card"),
        {"Ann": hold("Ah Ad Kc"), "Gooch": hold("2s 2h 3c 3d")},
        options=["gooch-zilla"],
        settings={"zilla-compare": "all-four"},
    )
    assert result.tiers("high") == (("Gooch",), ("Ann",))


def test_guts_three_card_best_three_gooch_cards_leave_the_gutsers_aces_ahead():
    result = evaluate(
        game("guts-three-card"),
        {"Ann": hold("Ah Ad Kc"), "Gooch": hold("2s 2h 3c 3d")},
        options=["gooch-zilla"],
        settings={"zilla-compare": "best-three"},
    )
    assert result.tiers("high") == (("Ann",), ("Gooch",))


def test_guts_two_card_any_pair_beats_ace_king_suited():
    result = evaluate(game("guts-two-card"), {"Ann": hold("As Ks"), "Bob": hold("2c 2d")})
    assert result.tiers("high") == (("Bob",), ("Ann",))


def test_have_a_heart_robbed_hand_of_four_cards_still_ranks():
    result = evaluate(
        game("have-a-heart"),
        {"Ann": hold("Ah Ad Kc 2s"), "Bob": hold("Kh Kd Qc Js 9h 3c")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))


def test_indian_poker_highest_single_card_wins():
    result = evaluate(game("indian-poker"), {"Ann": hold("Kc"), "Bob": hold("Ah")})
    assert result.tiers("high") == (("Bob",), ("Ann",))


def test_indian_poker_aces_low_makes_the_ace_the_worst_card():
    result = evaluate(
        game("indian-poker"),
        {"Ann": hold("Kc"), "Bob": hold("Ah"), "Carl": hold("2d")},
        settings={"aces": "low"},
    )
    assert result.tiers("high") == (("Ann",), ("Carl",), ("Bob",))


def test_indian_poker_equal_cards_share_unless_the_table_breaks_ties_by_suit():
    hands = {"Ann": hold("Kc"), "Bob": hold("Kh")}
    shared = evaluate(game("indian-poker"), hands, settings={"ties": "split"})
    assert as_sets(shared.tiers("high")) == [{"Ann", "Bob"}]
    by_suit = evaluate(game("indian-poker"), hands, settings={"ties": "suits"})
    assert by_suit.tiers("high") == (("Bob",), ("Ann",))


# --- Hi Di Deu Wi: deuces wild and the highest diamond -------------------------------------


def test_hi_di_deu_wi_two_deuces_and_three_aces_make_five_aces_over_a_straight_flush():
    result = evaluate(
        game("hi-di-deu-wi"),
        {"Ann": hold("2c 2s Ah As Ac 9s 4h"), "Bob": hold("Kh Qh Jh Th 9h 3c 4d")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"


def test_hi_di_deu_wi_highest_diamond_wins_the_race_whatever_the_hand():
    result = evaluate(
        game("hi-di-deu-wi"),
        {
            "Ann": hold("Ah As Ac Ks Kc 9s 4h"),
            "Bob": hold("Qh Jh Th 8h 3c Kd 5s"),
            "Carl": hold("7d 8c 5c 3h 4c Jc 6h"),
        },
    )
    assert result.tiers("high")[0] == ("Ann",)
    assert result.tiers("diamond") == (("Bob",), ("Carl",))


def test_hi_di_deu_wi_no_diamond_in_any_hand_means_no_race_winner():
    result = evaluate(
        game("hi-di-deu-wi"),
        {"Ann": hold("As Ah Kc Qs 9c 8h 4s"), "Bob": hold("Ks Kh 7c 6s 5c 3h Jc")},
    )
    assert result.tiers("diamond") == ()


def test_hi_di_deu_wi_stealth_counts_only_face_down_diamonds():
    hands = {
        "Bob": hold("Kd Qh Jh Th 9h 3c 4s", up="Kd Qh Jh Th"),
        "Carl": hold("7d 8c 5s 3h 4c Jc 6h", up="8c 5s 3h 4c"),
    }
    plain = evaluate(game("hi-di-deu-wi"), hands)
    assert plain.tiers("diamond") == (("Bob",), ("Carl",))
    stealth = evaluate(game("hi-di-deu-wi"), hands, options=["stealth"])
    assert stealth.tiers("diamond") == (("Carl",),)


def test_hi_di_deu_wi_two_of_diamonds_races_only_as_the_two():
    hands = {
        "Ann": hold("2d As Ah Kc Qs 9c 8h"),
        "Bob": hold("3d Ks Kh 7c 6s 5c Jc"),
        "Carl": hold("2s Qd Qh 7h 6c 5h Jh"),
    }
    as_two = evaluate(game("hi-di-deu-wi"), hands, settings={"wild-diamond": "as-two"})
    assert as_two.tiers("diamond") == (("Carl",), ("Bob",), ("Ann",))
    never = evaluate(game("hi-di-deu-wi"), hands, settings={"wild-diamond": "no"})
    assert never.tiers("diamond") == (("Carl",), ("Bob",))


def test_hi_di_deu_wi_stealth_race_takes_the_two_of_diamonds_only_face_down():
    hands = {
        "Ann": hold("2d As Ah Kc Qs 9c 8h", up="Kc Qs 9c 8h"),
        "Bob": hold("3d Ks Kh 7c 6s 5c Jc", up="3d 7c 6s 5c"),
    }
    plain = evaluate(game("hi-di-deu-wi"), hands, settings={"wild-diamond": "as-two"})
    assert plain.tiers("diamond") == (("Bob",), ("Ann",))
    as_two = evaluate(
        game("hi-di-deu-wi"), hands, options=["stealth"], settings={"wild-diamond": "as-two"}
    )
    assert as_two.tiers("diamond") == (("Ann",),)
    never = evaluate(
        game("hi-di-deu-wi"), hands, options=["stealth"], settings={"wild-diamond": "no"}
    )
    assert never.tiers("diamond") == ()


# --- Howdy Doody: threes wild for high, kings wild for low ---------------------------------


def test_howdy_doody_threes_are_wild_for_high_and_kings_for_low():
    result = evaluate(
        game("howdy-doody"),
        {
            "Ann": hold("3c 3d Ah Ad Qc", declare="high"),
            "Bob": hold("Kh Kd Ks 9c 9d", declare="high"),
            "Carl": hold("Kc 2h 3s 4d 5c", declare="low"),
            "Dan": hold("As 2c 4h 6s 7d", declare="low"),
        },
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert result.tiers("low") == (("Carl",), ("Dan",))


def test_howdy_doody_kings_are_not_wild_in_a_high_hand():
    result = evaluate(
        game("howdy-doody"),
        {
            "Ann": hold("Kc Kh Ah Ad Qc", declare="high"),
            "Bob": hold("Js Jd Jc 9c 9d", declare="high"),
        },
    )
    assert result.tiers("high") == (("Bob",), ("Ann",))


# --- Midnight Baseball and Indian Midnight Baseball ----------------------------------------


def test_midnight_baseball_black_six_face_up_kills_the_hand():
    result = evaluate(
        game("midnight-baseball"),
        {"Ann": showing("6s As Ad Ac"), "Bob": showing("Kh Kd")},
    )
    assert result.hands["Ann"].killed_by
    assert result.tiers("high") == (("Bob",),)


def test_midnight_baseball_red_six_does_not_kill():
    result = evaluate(
        game("midnight-baseball"),
        {"Ann": showing("6h As Ad Ac"), "Bob": showing("Kh Kd")},
    )
    assert result.hands["Ann"].killed_by is None
    assert result.tiers("high") == (("Ann",), ("Bob",))


def test_midnight_baseball_threes_and_nines_are_wild_in_a_short_hand():
    result = evaluate(
        game("midnight-baseball"),
        {"Ann": showing("9c 3d Ah"), "Bob": showing("Kh Kd Ks 2c")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_midnight_baseball_wild_tax_unpaid_three_is_an_ordinary_card():
    hands = {"Ann": showing("3c Ah Kd", paid=0), "Bob": showing("Qh Qd 5s")}
    result = evaluate(game("midnight-baseball"), hands, options=["wild-tax"])
    assert result.tiers("high") == (("Bob",), ("Ann",))


def test_midnight_baseball_wild_tax_paid_for_one_of_two_wilds():
    hands = {"Ann": showing("3c 9d Ah", paid=1), "Bob": showing("Kh Kd Qs")}
    result = evaluate(game("midnight-baseball"), hands, options=["wild-tax"])
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "pair"


def test_indian_midnight_baseball_black_six_kills_though_the_owner_heard_stop():
    result = evaluate(
        game("indian-midnight-baseball"),
        {"Ann": showing("6c Ah Ad"), "Bob": showing("Kh Kd")},
    )
    assert result.hands["Ann"].killed_by
    assert result.tiers("high") == (("Bob",),)


def test_indian_midnight_baseball_wild_tax_off_leaves_threes_wild():
    hands = {"Ann": showing("3c Ah Kd"), "Bob": showing("Qh Qd 5s")}
    result = evaluate(
        game("indian-midnight-baseball"),
        hands,
        options=["wild-tax"],
        settings={"wild-tax-indian": "off"},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))


def test_indian_midnight_baseball_wild_tax_announced_unpaid_three_is_natural():
    hands = {"Ann": showing("3c Ah Kd", paid=0), "Bob": showing("Qh Qd 5s")}
    result = evaluate(
        game("indian-midnight-baseball"),
        hands,
        options=["wild-tax"],
        settings={"wild-tax-indian": "announce"},
    )
    assert result.tiers("high") == (("Bob",), ("Ann",))


# --- Knock Poker, Deuces Wild --------------------------------------------------------------


def test_knock_poker_deuces_wild_deuce_may_copy_a_card_already_held():
    result = evaluate(
        game("knock-poker-deuces-wild"),
        {"Ann": hold("2c Ah Ad Ac As"), "Bob": hold("Kh Qh Jh Th 9h")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"


# --- Monte Carlo: three of a kind to win ---------------------------------------------------


def test_monte_carlo_two_pair_cannot_win_without_trips():
    result = evaluate(
        game("monte-carlo"),
        {"Ann": hold("Ah Ad Kc Ks 3c"), "Bob": hold("7h 7d 2c 4s 9c")},
    )
    assert result.tiers("high") == ()


def test_monte_carlo_only_the_trips_qualify():
    result = evaluate(
        game("monte-carlo"),
        {"Ann": hold("Ah Ad Kc Ks 3c"), "Carl": hold("5h 5d 5s 2d 9h")},
    )
    assert result.tiers("high") == (("Carl",),)
    assert result.hands["Ann"].qualifies.get("high") is False


# --- Numbers: card totals ------------------------------------------------------------------


def test_numbers_ace_counts_fifteen_for_high_and_one_for_low():
    result = evaluate(
        game("numbers"),
        {
            "Ann": hold("Ah 4c", declare="high"),
            "Bob": hold("Kc 8d", declare="high"),
            "Carl": hold("Ad 3s", declare="low"),
            "Dan": hold("2h 3h", declare="low"),
        },
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.tiers("low") == (("Carl",), ("Dan",))
    assert result.hands["Ann"].total["high"] == 19
    assert result.hands["Carl"].total["low"] == 4


def test_numbers_ace_each_way_wins_both_with_one_hand():
    result = evaluate(
        game("numbers"),
        {
            "Ann": hold("Ah 4c", declare="both"),
            "Bob": hold("Kc 8d", declare="high"),
            "Carl": hold("2h 4h", declare="low"),
        },
    )
    assert result.tiers("high")[0] == ("Ann",)
    assert result.tiers("low")[0] == ("Ann",)


# --- One-Card Poker: the joker -------------------------------------------------------------


def test_one_card_poker_joker_ties_the_ace_for_high_and_the_deuce_for_low():
    result = evaluate(
        game("one-card-poker"),
        {"Ann": hold("Jk"), "Bob": hold("Ah"), "Carl": hold("2c"), "Dan": hold("7d")},
        options=["joker"],
    )
    assert as_sets(result.tiers("high")) == [{"Ann", "Bob"}, {"Dan"}, {"Carl"}]
    assert as_sets(result.tiers("low")) == [{"Ann", "Carl"}, {"Dan"}, {"Bob"}]


def test_one_card_poker_declaring_ranks_each_card_only_on_the_side_called():
    hands = {
        "Ann": hold("Kc", declare="high"),
        "Bob": hold("3d", declare="high"),
        "Carl": hold("9h", declare="low"),
    }
    speak = evaluate(game("one-card-poker"), hands, settings={"high-low-method": "cards-speak"})
    assert speak.tiers("low")[0] == ("Bob",)
    declared = evaluate(game("one-card-poker"), hands, settings={"high-low-method": "declare"})
    assert declared.tiers("high") == (("Ann",), ("Bob",))
    assert declared.tiers("low") == (("Carl",),)


# --- Pass the Trash: the high-low option and its low ranking -------------------------------


def test_pass_the_trash_deuce_to_seven_low_counts_the_ace_high():
    hands = {
        "Ann": hold("7h 5d 4c 3s 2h", declare="low"),
        "Bob": hold("5c 4d 3h 2d Ac", declare="low"),
    }
    a5 = evaluate(game("pass-the-trash"), hands, options=["high-low"])
    assert a5.tiers("low") == (("Bob",), ("Ann",))
    d27 = evaluate(
        game("pass-the-trash"),
        hands,
        options=["high-low"],
        settings={"low-ranking": "deuce-to-seven"},
    )
    assert d27.tiers("low") == (("Ann",), ("Bob",))


# --- Pineapple: the shared board -----------------------------------------------------------


def test_pineapple_two_hole_cards_and_the_board_make_a_royal_flush():
    result = evaluate(
        game("pineapple"),
        {"Ann": hold("Ah Kh"), "Bob": hold("Qc Qd")},
        board=parse_cards("Qh Jh Th 2c 3d"),
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "straight_flush"


# --- Queen and What Follows: the follower wild ---------------------------------------------

UP_ORDER = "Qs 5h 8c Qd 7c 9d"  # Ann's and Bob's up cards, three waves, Ann first


def test_queen_and_what_follows_latest_follower_replaces_the_earlier_one():
    # Qs was followed by 5h (fives wild), then Qd by 7c: sevens are wild, fives are not.
    result = evaluate(
        game("queen-and-what-follows"),
        {
            "Ann": hold("Ah Ad Ac 4s Qs 8c 7c", up="Qs 8c 7c"),
            "Bob": hold("Kh Kd 5c 5s 5h Qd 9d", up="5h Qd 9d"),
        },
        up_order=parse_cards(UP_ORDER),
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"
    assert result.hands["Bob"].high.cls == "four_of_a_kind"


def test_queen_and_what_follows_only_the_follower_card_is_wild_when_the_table_says_so():
    hands = {
        "Ann": hold("Ah Ad 4s 4c Qs 8c 7c", up="Qs 8c 7c"),
        "Bob": hold("Kh Kd Ks 7h 5h Qd 9d", up="5h Qd 9d"),
    }
    by_rank = evaluate(
        game("queen-and-what-follows"),
        hands,
        settings={"follower-wild": "rank"},
        up_order=parse_cards(UP_ORDER),
    )
    assert by_rank.tiers("high") == (("Bob",), ("Ann",))
    just_the_card = evaluate(
        game("queen-and-what-follows"),
        hands,
        settings={"follower-wild": "card"},
        up_order=parse_cards(UP_ORDER),
    )
    assert just_the_card.tiers("high") == (("Ann",), ("Bob",))


@pytest.mark.parametrize("follower", ["rank", "card"])
def test_queen_and_what_follows_a_queen_as_the_last_up_card_keeps_or_drops_the_follower(follower):
    # Qs was followed by 5h; the last up card of the deal, Qd, has no follower.
    up_order = parse_cards("Qs 5h 8c 9d 7c Qd")
    hands = {
        "Ann": hold("Ah Ad 4s 4c Qs 8c 7c", up="Qs 8c 7c"),
        "Bob": hold("Kh Kd 5h 6s 3c 9d Qd", up="5h 9d Qd"),
    }
    keep = evaluate(
        game("queen-and-what-follows"),
        hands,
        settings={"follower-wild": follower, "last-queen": "keep-previous"},
        up_order=up_order,
    )
    assert keep.tiers("high") == (("Bob",), ("Ann",))
    assert keep.hands["Bob"].high.cls == "four_of_a_kind"
    queens_only = evaluate(
        game("queen-and-what-follows"),
        hands,
        settings={"follower-wild": follower, "last-queen": "queens-only"},
        up_order=up_order,
    )
    assert queens_only.tiers("high") == (("Ann",), ("Bob",))
    assert queens_only.hands["Ann"].high.cls == "full_house"


def test_pass_the_trash_high_low_ranks_each_side_among_its_callers():
    hands = {
        "Ann": hold("7h 5d 4c 3s 2h", declare="low"),
        "Bob": hold("As Ad Ac Kc Kd", declare="high"),
        "Carl": hold("Qs Qd 9c 9s 8d", declare="high"),
    }
    result = evaluate(game("pass-the-trash"), hands, options=["high-low"])
    assert result.tiers("high") == (("Bob",), ("Carl",))
    assert result.tiers("low") == (("Ann",),)


def test_pass_the_trash_high_low_a_both_caller_with_the_wheel_takes_both_halves():
    hands = {
        "Ann": hold("5c 4d 3h 2d Ac", declare="both"),
        "Bob": hold("Kh Kd 9c 7s 2s", declare="high"),
        "Carl": hold("8h 6d 4s 3c 2c", declare="low"),
    }
    result = evaluate(game("pass-the-trash"), hands, options=["high-low"])
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.tiers("low") == (("Ann",), ("Carl",))
    assert result.hands["Ann"].declare_result == "wins both"


def test_pass_the_trash_played_straight_asks_for_no_declarations():
    result = evaluate(
        game("pass-the-trash"),
        {"Ann": hold("5c 4d 3h 2d Ac"), "Bob": hold("Kh Kd 9c 7s 2s")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.tiers("low") == ()
