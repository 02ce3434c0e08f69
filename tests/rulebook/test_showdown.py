"""The showdown helper's game layer: the typed `showdown:` section decides who wins.

Each test builds a small game of its own (no real rule file), so every field
of the schema is tried with a hand worked out by hand: which cards are wild
in whose hand, the cards that kill a hand or take the pot, races, qualifiers,
lows, points and declarations, and the JSON the API answers.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.loader import load_games
from rulebook.schema import Game
from rulebook.showdown.cards import DECK, parse_cards
from rulebook.showdown.evaluation import (
    Holding,
    Result,
    ShowdownError,
    describe,
    evaluate,
    rules_in_force,
)

pytestmark = pytest.mark.pure


def make_game(
    showdown: dict[str, Any] | None = None,
    *,
    pot: str = "high",
    options: list[dict] | None = None,
    table_settings: list[dict] | None = None,
    deck: dict | None = None,
) -> Game:
    data: dict[str, Any] = {
        "name": "Kitchen Test",
        "slug": "kitchen-test",
        "family": "stud",
        "summary": "A made-up game for the showdown tests.",
        "has_rules": False,
        "pot": {"kind": pot},
        "options": options or [],
        "settings": table_settings or [],
        "showdown": showdown or {},
        "source": {"seed": "house", "section": "Tests"},
    }
    if deck:
        data["deck"] = deck
    return Game.model_validate(data)


def option(id_: str, **extra: Any) -> dict:
    return {"id": id_, "name": f"Option {id_}", "text": "An option for the tests."} | extra


def setting(id_: str, choices: list[str], default: str, **extra: Any) -> dict:
    return {
        "id": id_,
        "question": f"Which {id_}?",
        "choices": {c: f"Choice {c}" for c in choices},
        "default": default,
    } | extra


def h(cards: str, up: str = "", *, paid: int | None = None, declare: str | None = None) -> Holding:
    return Holding(
        cards=tuple(parse_cards(cards)),
        up=tuple(parse_cards(up)) if up else (),
        paid=paid,
        declare=declare,
    )


def tiers(result: Result, key: str = "high") -> list[list[str]]:
    return [list(t) for t in result.tiers(key)]


def wild_codes(result: Result, name: str) -> set[str]:
    return {c.code for c in result.hands[name].wilds}


DEUCES = {"wilds": [{"text": "Deuces are wild", "ranks": ["2"]}]}


# --- rules in force -----------------------------------------------------------------------


def test_an_item_hanging_on_an_option_is_in_force_only_with_the_option_on():
    game = make_game(
        {"wilds": [{"text": "Jokers are wild", "jokers": True, "option": "jokers"}]},
        options=[option("jokers")],
    )
    assert rules_in_force(game).wilds == []
    assert [w.text for w in rules_in_force(game, ["jokers"]).wilds] == ["Jokers are wild"]


def test_an_option_is_found_by_its_name_as_well_as_its_id():
    game = make_game(options=[option("jokers", name="Jokers wild", aliases=["bugs"])])
    assert rules_in_force(game, ["Jokers wild"]) == rules_in_force(game, ["jokers"])
    assert rules_in_force(game, ["bugs"]) == rules_in_force(game, ["jokers"])


def test_by_option_patches_the_whole_showdown_fields():
    game = make_game(
        {"by_option": {"lowball": {"ranking": "low", "low": "27", "hand": 5}}},
        options=[option("lowball")],
    )
    plain, low = rules_in_force(game), rules_in_force(game, ["lowball"])
    assert (plain.ranking, plain.low) == ("high", "a5")
    assert (low.ranking, low.low) == ("low", "27")
    assert low.by_option == {}


def test_a_setting_takes_its_default_when_the_table_gives_none():
    game = make_game(
        {"wilds": [{"text": "Deuces are wild", "ranks": ["2"], "when": {"wild": "deuces"}}]},
        table_settings=[setting("wild", ["deuces", "none"], "deuces")],
    )
    assert len(rules_in_force(game).wilds) == 1
    assert rules_in_force(game, settings={"wild": "none"}).wilds == []


def test_by_setting_patches_follow_the_chosen_choice():
    game = make_game(
        {"ranking": "low", "by_setting": {"low-ranking": {"deuce": {"low": "27"}}}},
        table_settings=[setting("low-ranking", ["ace", "deuce"], "ace")],
    )
    assert rules_in_force(game).low == "a5"
    assert rules_in_force(game, settings={"low-ranking": "deuce"}).low == "27"


def test_an_unknown_option_setting_or_choice_is_refused_in_table_words():
    game = make_game(
        {"by_setting": {"low-ranking": {"deuce": {"low": "27"}}}},
        table_settings=[setting("low-ranking", ["ace", "deuce"], "ace")],
    )
    with pytest.raises(ShowdownError, match="no option “jokers”"):
        rules_in_force(game, ["jokers"])
    with pytest.raises(ShowdownError, match="no setting “odd-chip”"):
        rules_in_force(game, settings={"odd-chip": "high"})
    with pytest.raises(ShowdownError, match="“seven” is not an answer"):
        rules_in_force(game, settings={"low-ranking": "seven"})


def test_two_options_that_exclude_each_other_cannot_both_be_on():
    game = make_game(options=[option("a", excludes=["b"]), option("b")])
    with pytest.raises(ShowdownError, match="cannot both be played"):
        rules_in_force(game, ["a", "b"])


# --- plain rankings, checks ------------------------------------------------------------------


def test_with_no_game_the_plain_high_ranking_puts_a_straight_flush_over_a_full_house():
    result = evaluate(
        None,
        {"Ann": h("As Ks Qs Js Ts"), "Bob": h("2c 2d 2h 3s 3d"), "Cy": h("Ah Kh Qh Jh Th")},
        rank="high",
    )
    assert tiers(result) == [["Ann", "Cy"], ["Bob"]]
    assert result.tiers("low") == ()


def test_with_no_game_the_plain_lows_rank_as_named():
    hands = {"Ann": h("As 2d 3h 4c 5s"), "Bob": h("2c 3d 4h 5c 7s")}
    assert tiers(evaluate(None, hands, rank="low-a5"), "low") == [["Ann"], ["Bob"]]
    # deuce-to-seven: Ann's wheel is a straight, the worst; Bob's seven-five wins
    assert tiers(evaluate(None, hands, rank="low-27"), "low") == [["Bob"], ["Ann"]]


def test_eight_or_better_leaves_a_nine_low_out_of_the_low_tiers():
    hands = {"Ann": h("9s 2d 3h 4c 5s"), "Bob": h("Kc Kd Kh 5c 7s")}
    result = evaluate(None, hands, rank="high-low")
    assert tiers(result, "low") == []
    assert result.hands["Ann"].qualifies == {"high": True, "low": False}
    assert tiers(result, "high") == [["Bob"], ["Ann"]]
    assert tiers(evaluate(None, hands, rank="low-8-or-better"), "low") == []


def test_with_no_game_the_table_may_still_name_wild_ranks():
    result = evaluate(
        None,
        {"Ann": h("2c As Ah Ad Kc"), "Bob": h("Ks Kh Kd Qc Qs")},
        rank="high",
        wild_ranks=["2"],
    )
    assert tiers(result) == [["Ann"], ["Bob"]]
    assert wild_codes(result, "Ann") == {"2c"}


def test_an_unknown_plain_ranking_is_refused():
    with pytest.raises(ShowdownError, match="Choose a game or a ranking"):
        evaluate(None, {"Ann": h("As Ks Qs Js Ts")}, rank="best")


def test_a_game_the_helper_does_not_rank_says_why():
    game = make_game({"helper": False, "no_helper": "Most tricks wins: no hand is shown."})
    with pytest.raises(ShowdownError, match="Most tricks wins"):
        evaluate(game, {"Ann": h("As Ks Qs Js Ts")})


def test_a_card_in_two_hands_is_refused_naming_both_players():
    with pytest.raises(ShowdownError, match="Ann's hand and Bob's"):
        evaluate(make_game(), {"Ann": h("As Ks Qs Js Ts"), "Bob": h("As 2c 3c 4c 5c")})


def test_a_two_deck_game_allows_two_of_a_card():
    game = make_game(deck={"decks": 2})
    result = evaluate(game, {"Ann": h("As As Ks Kd 2c"), "Bob": h("Ah Kh 3c 4c 5c")})
    assert tiers(result) == [["Ann"], ["Bob"]]


def test_a_joker_is_refused_unless_jokers_are_wild_in_force():
    game = make_game(
        {"wilds": [{"text": "Jokers are wild", "jokers": True, "option": "jokers"}]},
        options=[option("jokers")],
    )
    hands = {"Ann": h("Jk As Ah Kd Kc"), "Bob": h("Qs Qh Qd 2c 3c")}
    with pytest.raises(ShowdownError, match="no jokers"):
        evaluate(game, hands)
    result = evaluate(game, hands, options=["jokers"])
    assert tiers(result) == [["Ann"], ["Bob"]]
    assert result.hands["Ann"].high.cls == "full_house"
    assert wild_codes(result, "Ann") == {"Jk"}


def test_jokers_wild_allow_two_jokers_when_the_deck_lists_none():
    game = make_game({"wilds": [{"text": "Jokers are wild", "jokers": True}]}, deck={"decks": 2})
    two = {"Ann": h("Jk As Ah Kd Kc"), "Bob": h("Jk Qh Qd 2c 3c")}
    assert tiers(evaluate(game, two)) == [["Ann"], ["Bob"]]
    three = two | {"Cy": h("Jk 4h 5d 6c 8c")}
    with pytest.raises(ShowdownError, match="2 jokers"):
        evaluate(game, three)


def test_a_face_up_card_must_be_one_of_the_players_cards():
    with pytest.raises(ShowdownError, match="face-up"):
        evaluate(make_game(), {"Ann": h("As Ks Qs Js Ts", up="2c")})


def test_cards_on_the_table_are_refused_in_a_game_without_a_board():
    with pytest.raises(ShowdownError, match="no cards on the table"):
        evaluate(make_game(), {"Ann": h("As Ks Qs Js Ts")}, board=parse_cards("2c"))


def test_too_few_cards_for_the_hand_is_refused_unless_short_hands_rank():
    hands = {"Ann": h("As Ad"), "Bob": h("Ks Kd Kh")}
    with pytest.raises(ShowdownError, match="Ann has 2 cards; a hand here is 5 cards"):
        evaluate(make_game(), hands)
    result = evaluate(make_game({"short_hands": True}), hands)
    assert tiers(result) == [["Bob"], ["Ann"]]


# --- the shape of the hand ---------------------------------------------------------------


def test_board_shared_cards_join_every_hand():
    game = make_game({"board": "shared"})
    board = parse_cards("Ah Ad 7c 8d 2s")
    result = evaluate(game, {"Ann": h("As Kc"), "Bob": h("Kd Ks")}, board=board)
    assert tiers(result) == [["Ann"], ["Bob"]]  # three aces over aces and kings
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_hand_three_plays_the_best_three_cards():
    game = make_game({"hand": 3, "straights": False, "flushes": False})
    result = evaluate(game, {"Ann": h("9s 9d 9h"), "Bob": h("As Ad Kh")})
    assert tiers(result) == [["Ann"], ["Bob"]]
    assert len(result.hands["Ann"].high.best) == 3


def test_no_straights_and_no_flushes_make_a_pair_beat_them():
    game = make_game({"straights": False, "flushes": False})
    hands = {"Ann": h("2h 5h 7h 9h Jh"), "Bob": h("3c 3d 8s Ts Qd"), "Cy": h("4c 5d 6s 7s 8d")}
    assert tiers(evaluate(game, hands)) == [["Bob"], ["Ann"], ["Cy"]]
    assert tiers(evaluate(make_game(), hands)) == [["Ann"], ["Cy"], ["Bob"]]


def test_five_of_a_kind_beats_a_straight_flush_and_can_be_switched_off():
    hands = {"Ann": h("2c As Ah Ad Ac"), "Bob": h("Ks Qs Js Ts 9s")}
    result = evaluate(make_game(DEUCES), hands)
    assert tiers(result) == [["Ann"], ["Bob"]]
    assert result.hands["Ann"].high.cls == "five_of_a_kind"
    off = evaluate(make_game(DEUCES | {"five_of_a_kind": False}), hands)
    assert off.hands["Ann"].high.cls != "five_of_a_kind"


def test_natural_beats_wild_only_where_the_game_says():
    hands = {"Ann": h("Ah Ad Kc Qs 9h"), "Bob": h("2c As Kd Qh 9s")}
    assert tiers(evaluate(make_game(DEUCES), hands)) == [["Ann", "Bob"]]
    game = make_game(DEUCES | {"natural_beats_wild": True})
    assert tiers(evaluate(game, hands)) == [["Ann"], ["Bob"]]


def test_suit_order_breaks_a_tie_between_equal_hands():
    hands = {"Ann": h("Ac Kc Qc Jc 9c"), "Bob": h("As Ks Qs Js 9s")}
    assert tiers(evaluate(make_game(), hands)) == [["Ann", "Bob"]]
    game = make_game({"suit_order": ["spades", "hearts", "diamonds", "clubs"]})
    assert tiers(evaluate(game, hands)) == [["Bob"], ["Ann"]]


def test_up_only_plays_the_face_up_cards_but_kills_on_any():
    game = make_game(
        {
            "up_only": True,
            "hand": 2,
            "kill_cards": [{"text": "A deuce anywhere kills", "ranks": ["2"]}],
        }
    )
    hands = {"Ann": h("As Ad 3c 9h", up="3c 9h"), "Bob": h("5s 5d 6c 7c", up="5s 5d")}
    result = evaluate(game, hands)
    assert set(result.hands["Ann"].high.best) == set(parse_cards("3c 9h"))
    assert tiers(result) == [["Bob"], ["Ann"]]
    killed = evaluate(game, {"Ann": h("2s Ad 3c 9h", up="3c 9h")})
    assert killed.hands["Ann"].killed_by == "A deuce anywhere kills"


def test_ace_low_makes_the_ace_the_worst_single_card():
    hands = {"Ann": h("As"), "Bob": h("2d")}
    assert tiers(evaluate(make_game({"hand": 1}), hands)) == [["Ann"], ["Bob"]]
    assert tiers(evaluate(make_game({"hand": 1, "ace_low": True}), hands)) == [["Bob"], ["Ann"]]


def test_three_card_order_poker_puts_a_flush_over_a_straight():
    hands = {"Ann": h("2h 7h 9h"), "Bob": h("4c 5d 6s")}
    assert tiers(evaluate(make_game({"hand": 3}), hands)) == [["Bob"], ["Ann"]]
    game = make_game({"hand": 3, "three_card_order": "poker"})
    assert tiers(evaluate(game, hands)) == [["Ann"], ["Bob"]]


def test_patches_may_change_the_suit_order_and_the_board():
    game = make_game(
        {
            "by_option": {
                "suits": {"suit_order": ["spades", "hearts", "diamonds", "clubs"]},
                "holdem": {"board": "shared", "hand": 5},
            }
        },
        options=[option("suits"), option("holdem")],
    )
    hands = {"Ann": h("Ac Kc Qc Jc 9c"), "Bob": h("As Ks Qs Js 9s")}
    assert tiers(evaluate(game, hands, options=["suits"])) == [["Bob"], ["Ann"]]
    shared = evaluate(
        game,
        {"Ann": h("Ac Kc"), "Bob": h("2d 3d")},
        options=["holdem"],
        board=parse_cards("Ah Ad 7s 8s 9h"),
    )
    assert tiers(shared) == [["Ann"], ["Bob"]]


def test_a_low_side_hand_class_qualifier_is_refused_not_guessed():
    game = make_game(
        {
            "ranking": "low",
            "qualifiers": [{"text": "Low needs no pair", "side": "low", "at_least": "pair"}],
        },
        pot="low",
    )
    with pytest.raises(ShowdownError, match="low_qualifier"):
        evaluate(game, {"Ann": h("As 2d 3h 4c 5s")})


# --- wilds ---------------------------------------------------------------------------------


def test_fixed_wild_cards_are_wild_by_card_not_by_rank():
    game = make_game({"wilds": [{"text": "One-eyed jacks are wild", "cards": ["Jh", "Js"]}]})
    result = evaluate(game, {"Ann": h("Jh Ac Ad 5c 9s"), "Bob": h("Jc Kc Kd 5d 9d")})
    assert wild_codes(result, "Ann") == {"Jh"}
    assert wild_codes(result, "Bob") == set()
    assert result.hands["Ann"].high.cls == "three_of_a_kind"
    assert tiers(result) == [["Ann"], ["Bob"]]


def test_a_hole_card_wild_is_the_rank_of_the_players_own_down_card():
    game = make_game({"wilds": [{"text": "Your hole card is wild", "own": "hole_card"}]})
    hands = {
        # Ann's hole card is a five: both her fives are wild -> four nines
        "Ann": h("5h 5c 9d 9s Kh", up="5c 9d 9s Kh"),
        # Bob's up five is not wild for him: his hole card is a king
        "Bob": h("Kc 5d 8d 8h 8s", up="5d 8d 8h 8s"),
    }
    result = evaluate(game, hands)
    assert wild_codes(result, "Ann") == {"5h", "5c"}
    assert wild_codes(result, "Bob") == {"Kc"}
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert result.hands["Bob"].high.cls == "four_of_a_kind"  # the king stands for an eight
    assert tiers(result) == [["Ann"], ["Bob"]]


def test_a_hole_card_wild_with_several_down_cards_takes_the_lowest():
    game = make_game({"wilds": [{"text": "Your low hole card is wild", "own": "hole_card"}]})
    result = evaluate(game, {"Ann": h("4h Jc 4d Qs Kh", up="4d Qs Kh")})
    assert wild_codes(result, "Ann") == {"4h", "4d"}


def test_just_the_hole_card_is_wild_not_an_up_card_of_its_rank():
    game = make_game(
        {"wilds": [{"text": "Your hole card only", "own": "hole_card", "just_the_card": True}]}
    )
    result = evaluate(game, {"Ann": h("5h 5c 9d 9s Kh", up="5c 9d 9s Kh")})
    assert wild_codes(result, "Ann") == {"5h"}
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_the_lowest_card_showing_is_wild_in_its_holders_hand():
    game = make_game({"wilds": [{"text": "Your lowest card up is wild", "own": "lowest_up"}]})
    result = evaluate(game, {"Ann": h("3h 6c 6d Qs Kh", up="6c Qs Kh")})
    assert wild_codes(result, "Ann") == {"6c", "6d"}  # the down three is lower, but down


def test_the_lowest_card_in_the_hand_is_wild_with_aces_counting_high():
    game = make_game({"wilds": [{"text": "Your lowest card is wild", "own": "lowest_in_hand"}]})
    result = evaluate(game, {"Ann": h("Ah 6c 6d Qs Kh"), "Bob": h("As Kd Qc Jh 9c")})
    assert wild_codes(result, "Ann") == {"6c", "6d"}
    assert wild_codes(result, "Bob") == {"9c"}


def test_an_everyone_wild_makes_each_players_rank_wild_in_every_hand():
    game = make_game(
        {
            "wilds": [
                {"text": "Every hole card's rank is wild", "own": "hole_card", "everyone": True}
            ]
        }
    )
    hands = {
        "Ann": h("5h 9c 9d Qs Kh", up="9c 9d Qs Kh"),
        "Bob": h("9h 5c 3d 3h 3s", up="5c 3d 3h 3s"),
    }
    result = evaluate(game, hands)
    assert wild_codes(result, "Ann") == {"5h", "9c", "9d"}
    assert wild_codes(result, "Bob") == {"9h", "5c"}


FOLLOW = {
    "wilds": [
        {"text": "Queens are wild", "ranks": ["Q"]},
        {"text": "The card after the last queen up is wild", "follows": "Q"},
    ]
}


def test_the_rank_after_the_latest_face_up_queen_is_wild():
    game = make_game(FOLLOW)
    order = parse_cards("Qh 7c 3d Qs 4h 9c")
    hands = {"Ann": h("4c 7d 9s 9d Ad", up="9d"), "Bob": h("7s 7h 3c 3s 8d", up="7h")}
    result = evaluate(game, hands, up_order=order)
    assert wild_codes(result, "Ann") == {"4c"}  # fours, not sevens: the second queen moved it
    assert wild_codes(result, "Bob") == set()
    assert tiers(result) == [["Ann"], ["Bob"]]  # three nines over sevens and threes


def test_a_queen_dealt_last_leaves_no_follower_wild():
    game = make_game(FOLLOW)
    result = evaluate(game, {"Ann": h("4c 7d 9s 9d Qd", up="Qd")}, up_order=parse_cards("4h Qd"))
    assert wild_codes(result, "Ann") == {"Qd"}


def test_if_last_previous_keeps_the_follower_when_a_queen_is_the_last_up_card():
    keep = {
        "wilds": [
            {"text": "The card after the last queen up", "follows": "Q", "if_last": "previous"}
        ]
    }
    hands = {"Ann": h("4c 7d 9s 9d Qd", up="Qd")}
    order = parse_cards("Qh 4h Qd")
    assert wild_codes(evaluate(make_game(keep), hands, up_order=order), "Ann") == {"4c"}
    assert wild_codes(evaluate(make_game(FOLLOW), hands, up_order=order), "Ann") == {"Qd"}


def test_a_lowest_card_wild_may_count_the_ace_lowest():
    wild = {"text": "Your lowest card is wild", "own": "lowest_in_hand", "ace_low": True}
    result = evaluate(make_game({"wilds": [wild]}), {"Ann": h("As 6c 6d Qs Kh")})
    assert wild_codes(result, "Ann") == {"As"}


def test_just_the_card_after_the_queen_is_wild_not_its_rank():
    game = make_game(
        {"wilds": [{"text": "The card after a queen", "follows": "Q", "just_the_card": True}]}
    )
    hands = {"Ann": h("4h 7d 9s 9d Ad", up="4h"), "Bob": h("4c 7h 3c 3s 8d", up="7h")}
    result = evaluate(game, hands, up_order=parse_cards("Qs 4h 7h"))
    assert wild_codes(result, "Ann") == {"4h"}
    assert wild_codes(result, "Bob") == set()
    with pytest.raises(ShowdownError, match="order they were dealt"):
        evaluate(game, hands, wild_ranks=["4"])


def test_a_follower_wild_uses_the_named_rank_without_the_up_order_and_needs_one_of_them():
    game = make_game(FOLLOW)
    hands = {"Ann": h("4c 7d 9s 9d Ad")}
    assert wild_codes(evaluate(game, hands, wild_ranks=["7"]), "Ann") == {"7d"}
    with pytest.raises(ShowdownError, match="in the order dealt, or name the wild rank"):
        evaluate(game, hands)


def test_named_wilds_are_read_off_the_table_cards_which_join_no_hand():
    game = make_game(
        {
            "board": "names_wilds",
            "wilds": [{"text": "The turned card names the wilds", "named": True}],
        }
    )
    hands = {"Ann": h("7c As Ad Kc Ks"), "Bob": h("Qs Qh Qd 3c 4c")}
    result = evaluate(game, hands, board=parse_cards("7d"))
    assert wild_codes(result, "Ann") == {"7c"}
    assert result.hands["Ann"].high.cls == "full_house"
    assert len(result.hands["Ann"].high.best) == 5
    assert wild_codes(evaluate(game, hands, wild_ranks=["K"]), "Ann") == {"Kc", "Ks"}
    with pytest.raises(ShowdownError, match="Which rank is wild"):
        evaluate(game, hands)


def test_named_wilds_come_from_the_named_ranks_else_from_the_table_cards():
    game = make_game({"board": "shared", "wilds": [{"text": "The ranks made wild", "named": True}]})
    board = parse_cards("7d 8c Kh")
    hands = {"Ann": h("7c As"), "Bob": h("Ks Qd")}
    result = evaluate(game, hands, board=board, wild_ranks=["A"])
    assert wild_codes(result, "Ann") == {"As"}
    assert wild_codes(result, "Bob") == set()
    from_board = evaluate(game, hands, board=board)
    assert wild_codes(from_board, "Ann") == {"7c", "7d", "8c", "Kh"}  # the board's ranks
    assert wild_codes(from_board, "Bob") == {"Ks", "7d", "8c", "Kh"}
    with pytest.raises(ShowdownError, match="Which rank is wild"):
        evaluate(game, {"Ann": h("7c As Kd 8s 2c"), "Bob": h("Ks Qd 3c 4c 5c")})


def test_named_just_the_card_makes_the_table_cards_themselves_wild():
    game = make_game(
        {
            "board": "shared",
            "wilds": [{"text": "The centre cards are wild", "named": True, "just_the_card": True}],
        }
    )
    hands = {"Ann": h("7c As Ad Kc 9s"), "Bob": h("Ks Kh Qd Qc 4c")}
    result = evaluate(game, hands, board=parse_cards("3d 8h"))
    assert wild_codes(result, "Ann") == {"3d", "8h"}
    assert wild_codes(result, "Bob") == {"3d", "8h"}
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert tiers(result) == [["Ann"], ["Bob"]]
    with pytest.raises(ShowdownError, match="enter the cards on the table"):
        evaluate(game, hands)
    one = evaluate(game, hands, board=parse_cards("3d 8h"), wild_ranks=["8"])
    assert wild_codes(one, "Ann") == {"8h"}


def test_a_face_down_only_wild_is_not_wild_when_dealt_up():
    game = make_game({"wilds": [{"text": "Sevens wild down", "ranks": ["7"], "face": "down"}]})
    result = evaluate(game, {"Ann": h("7c 7d Ac Ad 5s", up="7d Ac Ad")})
    assert wild_codes(result, "Ann") == {"7c"}
    up = make_game({"wilds": [{"text": "Sevens wild up", "ranks": ["7"], "face": "up"}]})
    assert wild_codes(evaluate(up, {"Ann": h("7c 7d Ac Ad 5s", up="7d Ac Ad")}), "Ann") == {"7d"}


PAID = {"wilds": [{"text": "Threes are wild once paid for", "ranks": ["3"], "paid": True}]}


def test_paid_wilds_count_only_as_many_as_were_paid_the_best_ones_first():
    game = make_game(PAID)
    cards = "3c 3d Ah Ad Kc"
    one = evaluate(game, {"Ann": h(cards, paid=1), "Bob": h("Qs Qh 9d 9c 4c")})
    assert one.hands["Ann"].high.cls == "three_of_a_kind"  # one three as an ace, the other a three
    assert len(wild_codes(one, "Ann")) == 1
    assert tiers(one) == [["Ann"], ["Bob"]]
    two = evaluate(game, {"Ann": h(cards, paid=2)})
    assert two.hands["Ann"].high.cls == "four_of_a_kind"
    assert wild_codes(two, "Ann") == {"3c", "3d"}
    none = evaluate(game, {"Ann": h(cards, paid=0)})
    assert none.hands["Ann"].high.cls == "two_pair"
    assert wild_codes(none, "Ann") == set()


def test_a_wild_tax_option_makes_the_plain_wilds_count_only_once_paid():
    game = make_game(
        {
            "wilds": [
                {"text": "Threes are wild", "ranks": ["3"]},
                PAID["wilds"][0] | {"option": "tax"},
            ]
        },
        options=[option("tax")],
    )
    hands = {"Ann": h("3c 3d Ah Ad Kc", paid=1)}
    assert wild_codes(evaluate(game, hands), "Ann") == {"3c", "3d"}
    assert len(wild_codes(evaluate(game, hands, options=["tax"]), "Ann")) == 1


def test_a_paid_wild_held_without_saying_what_was_paid_is_asked_for():
    with pytest.raises(ShowdownError, match="How many wilds did Ann pay for"):
        evaluate(make_game(PAID), {"Ann": h("3c 3d Ah Ad Kc")})
    # no paid wild held: nothing to ask
    evaluate(make_game(PAID), {"Ann": h("4c 5d Ah Ad Kc")})


def test_a_high_only_wild_does_not_help_the_low_hand():
    game = make_game(
        {
            "ranking": "high_low",
            "wilds": [{"text": "Kings wild for high", "ranks": ["K"], "half": "high"}],
        },
        pot="high_low",
    )
    result = evaluate(game, {"Ann": h("Kc Ac 2d 3h 4s"), "Bob": h("Ks Kd 6c 7c 8d")})
    ann = result.hands["Ann"]
    assert ann.high.cls == "straight"  # K as a five: the wheel
    assert ann.low.wilds == ()
    assert tiers(result, "high") == [["Bob"], ["Ann"]]  # Bob: K K wild, 6 7 8 -> straight to ten
    assert tiers(result, "low")[0] == ["Ann"]


def test_a_low_only_wild_does_not_help_the_high_hand():
    game = make_game(
        {
            "ranking": "high_low",
            "wilds": [{"text": "Kings wild for low", "ranks": ["K"], "half": "low"}],
        },
        pot="high_low",
    )
    result = evaluate(game, {"Ann": h("Kc Ac 2d 3h 9s")})
    ann = result.hands["Ann"]
    assert ann.high.wilds == ()
    assert ann.low.wilds != ()


# --- kills and automatic wins ----------------------------------------------------------------

KILL = {
    "kill_cards": [
        {"text": "A black six dealt face up", "cards": ["6s", "6c"], "face": "up"},
    ]
}


def test_a_kill_card_dealt_up_kills_the_hand_and_keeps_it_out_of_every_tier():
    result = evaluate(
        make_game(KILL),
        {
            "Ann": h("6s As Ad Ac Ah", up="6s"),
            "Bob": h("2c 3d 4h 8s Ts"),
            "Cy": h("6c Kd Kh 9s 9d"),
        },
    )
    assert result.hands["Ann"].killed_by == "A black six dealt face up"
    assert result.hands["Cy"].killed_by is None  # his black six is down
    assert tiers(result) == [["Cy"], ["Bob"]]
    assert describe(result)["hands"]["Ann"]["killed_by"] == "A black six dealt face up"


def test_the_black_spot_kills_and_is_allowed_only_when_a_rule_names_it():
    hands = {"Ann": h("BS As Ad Ac Ah"), "Bob": h("2c 3d 4h 8s Ts")}
    with pytest.raises(ShowdownError, match="Black Spot is not in play"):
        evaluate(make_game(), hands)
    game = make_game({"kill_cards": [{"text": "Holding the Black Spot", "black_spot": True}]})
    result = evaluate(game, hands)
    assert result.hands["Ann"].killed_by == "Holding the Black Spot"
    assert tiers(result) == [["Bob"]]


SIXES = {
    "kill_cards": [{"text": "An odd number of sixes", "ranks": ["6"], "parity": "odd"}],
    "auto_wins": [
        {
            "text": "An even number of sixes takes it all",
            "ranks": ["6"],
            "at_least": 2,
            "parity": "even",
        }
    ],
}


def test_an_odd_count_kills_and_an_even_count_wins_the_whole_pot():
    result = evaluate(
        make_game(SIXES),
        {
            "Ann": h("6s 6d 6h Ac Ad"),
            "Bob": h("6c 2d 3d 4d 5d"),
            "Cy": h("Ks Kd Kh Kc 9d"),
            "Di": h("2c 3c 4c 5s 7s"),
        },
    )
    assert result.hands["Ann"].killed_by == "An odd number of sixes"
    assert result.hands["Bob"].killed_by == "An odd number of sixes"
    assert tiers(result) == [["Cy"], ["Di"]]
    won = evaluate(make_game(SIXES), {"Ann": h("6s 6d 2h 3c 8d"), "Cy": h("Ks Kd Kh Kc 9d")})
    assert won.hands["Ann"].auto_win == "An even number of sixes takes it all"
    assert tiers(won) == [["Ann"], ["Cy"]]


def test_two_automatic_winners_share_the_first_tier():
    game = make_game(
        {
            "auto_wins": [
                {
                    "text": "A pair of natural sevens takes all",
                    "ranks": ["7"],
                    "at_least": 2,
                    "at_most": 2,
                }
            ]
        }
    )
    result = evaluate(
        game,
        {"Ann": h("7s 7d 2h 3c 8d"), "Bob": h("7c 7h 4h 5c 9d"), "Cy": h("As Ad Ah Ac Kd")},
    )
    assert tiers(result) == [["Ann", "Bob"], ["Cy"]]


def test_at_most_keeps_three_sevens_from_counting_as_a_pair_of_sevens():
    game = make_game(
        {
            "auto_wins": [
                {
                    "text": "A pair of natural sevens takes all",
                    "ranks": ["7"],
                    "at_least": 2,
                    "at_most": 2,
                }
            ]
        },
        deck={"decks": 2},
    )
    result = evaluate(game, {"Ann": h("7s 7d 7h 3c 8d"), "Cy": h("As Ad Ah Ac Kd")})
    assert result.hands["Ann"].auto_win is None
    assert tiers(result) == [["Cy"], ["Ann"]]


def test_an_automatic_win_on_an_option_counts_only_with_it():
    game = make_game(
        {
            "auto_wins": [
                {"text": "Natural sevens", "ranks": ["7"], "at_least": 2, "option": "sevens"}
            ]
        },
        options=[option("sevens")],
    )
    hands = {"Ann": h("7s 7d 2h 3c 8d"), "Cy": h("As Ad Ah Ac Kd")}
    assert tiers(evaluate(game, hands)) == [["Cy"], ["Ann"]]
    assert tiers(evaluate(game, hands, options=["sevens"])) == [["Ann"], ["Cy"]]


def test_a_wild_card_kills_as_its_printed_rank():
    game = make_game(DEUCES | {"kill_cards": [{"text": "A deuce kills", "ranks": ["2"]}]})
    result = evaluate(game, {"Ann": h("2s As Ad Ac Kh"), "Bob": h("3c 4d 8h 9s Ts")})
    assert result.hands["Ann"].killed_by == "A deuce kills"


# --- races and qualifiers ---------------------------------------------------------------------

RACE = {
    "races": [
        {
            "key": "diamond",
            "name": "The highest diamond in the hole",
            "suit": "diamonds",
            "face": "down",
        }
    ]
}


def test_a_race_ranks_the_highest_card_of_the_suit_among_the_faced_cards():
    result = evaluate(
        make_game(RACE),
        {
            "Ann": h("Kd 2c 3c 4c 5h", up="2c 3c 4c 5h"),
            "Bob": h("Qd Ad 3s 4s 5s", up="Ad 3s 4s 5s"),  # his ace of diamonds is up
            "Cy": h("9c 8c 7h 6h Th", up="8c 7h 6h Th"),
        },
    )
    assert tiers(result, "diamond") == [["Ann"], ["Bob"]]
    assert result.ranked("diamond").label == "The highest diamond in the hole"


def test_a_wild_of_the_race_suit_counts_as_itself_or_not_at_all():
    hands = {"Ann": h("2d 3c 4c 5c 7h"), "Bob": h("2c 9s 3s 4s 6s")}
    race = {"key": "diamond", "name": "Highest diamond", "suit": "diamonds"}
    counting = make_game(DEUCES | {"races": [race]})
    # Ann's wild two of diamonds counts as the two; Bob's wild club is no diamond
    assert tiers(evaluate(counting, hands), "diamond") == [["Ann"]]
    not_counting = make_game(DEUCES | {"races": [race | {"wilds_count": False}]})
    assert tiers(evaluate(not_counting, hands), "diamond") == []


def test_a_race_on_an_option_takes_the_place_of_the_plain_race_with_its_key():
    plain = {"key": "diamond", "name": "The highest diamond", "suit": "diamonds"}
    hidden = plain | {"name": "The highest diamond down", "face": "down", "option": "stealth"}
    game = make_game({"races": [plain, hidden]}, options=[option("stealth")])
    hands = {"Ann": h("Ad 3c 4c 5c 7h", up="Ad"), "Bob": h("9d 9s 3s 4s 6s", up="9s")}
    assert tiers(evaluate(game, hands), "diamond") == [["Ann"], ["Bob"]]
    stealth = evaluate(game, hands, options=["stealth"])
    assert [r.key for r in stealth.rankings] == ["high", "diamond"]
    assert tiers(stealth, "diamond") == [["Bob"]]
    assert stealth.ranked("diamond").label == "The highest diamond down"


def test_a_hand_below_the_qualifier_wins_nothing():
    game = make_game(
        {"qualifiers": [{"text": "Jacks or better to win", "at_least": "pair", "rank": "J"}]}
    )
    result = evaluate(
        game, {"Ann": h("Ts Td 2c 3c 4h"), "Bob": h("Qs Qd 2d 3d 5h"), "Cy": h("As Kd 9c 7c 4s")}
    )
    assert tiers(result) == [["Bob"]]
    assert result.hands["Ann"].qualifies == {"high": False}
    both = make_game({"qualifiers": [{"text": "Trips to win", "at_least": "three_of_a_kind"}]})
    assert tiers(evaluate(both, {"Ann": h("Ts Td 2c 3c 4h"), "Bob": h("Qs Qd Qh 3d 5h")})) == [
        ["Bob"]
    ]


def test_a_low_qualifier_set_by_a_setting_keeps_a_nine_low_out():
    game = make_game(
        {"ranking": "low", "by_setting": {"low-rule": {"eight": {"low_qualifier": 8}}}},
        table_settings=[setting("low-rule", ["any", "eight"], "any")],
        pot="low",
    )
    hands = {"Ann": h("9s 2d 3h 4c 5s"), "Bob": h("Kc Qd 3s 4d 7h")}
    assert tiers(evaluate(game, hands), "low") == [["Ann"], ["Bob"]]
    assert tiers(evaluate(game, hands, settings={"low-rule": "eight"}), "low") == []


# --- points -----------------------------------------------------------------------------------

SEVEN_27 = {
    "ranking": "points",
    "points": {"ace": [1, 11], "faces": 0.5, "targets": [7, 27]},
}


def test_points_nearest_seven_and_nearest_27_with_aces_either_way():
    game = make_game(SEVEN_27, pot="high_low")
    result = evaluate(
        game,
        {
            "Ann": h("As 6d"),  # 7 for low (1 + 6), 17 for high
            "Bob": h("9s 8d Th"),  # 27 exactly
            "Cy": h("Ac Ad 5h"),  # 7 (1+1+5) and 27 (11+11+5)
        },
    )
    assert result.hands["Ann"].total == {"low": 7, "high": 17}
    assert result.hands["Cy"].total == {"low": 7, "high": 27}
    assert tiers(result, "low")[0] == ["Ann", "Cy"]
    assert tiers(result, "high") == [["Bob", "Cy"], ["Ann"]]
    assert result.ranked("high").label == "Nearest 27"
    assert result.ranked("low").label == "Nearest 7"


def test_points_at_an_equal_distance_the_total_under_the_target_wins():
    game = make_game(SEVEN_27, pot="high_low")
    result = evaluate(game, {"Ann": h("9s 8d 9h"), "Bob": h("Ts Td 8h")})  # 26 and 28
    assert tiers(result, "high") == [["Ann"], ["Bob"]]


def test_points_faces_count_their_value_and_halves_add_up():
    game = make_game(SEVEN_27, pot="high_low")
    result = evaluate(game, {"Ann": h("Ks Qd 6h")})
    assert result.hands["Ann"].total == {"low": 7, "high": 7}


def test_points_colour_red_adds_and_black_subtracts():
    game = make_game({"ranking": "points", "points": {"colour": True}}, pot="high_low")
    result = evaluate(
        game,
        {"Ann": h("Jh 2d Ks 7c 3s"), "Bob": h("9h 8d 2c 3c 4c"), "Cy": h("Kd Qh 2s 4s 5s")},
    )
    # Ann: +10 +2 -10 -7 -3 = -8; Bob: 9 + 8 - 9 = 8; Cy: 20 - 11 = 9
    assert result.hands["Ann"].total == {"high": -8, "low": -8}
    assert tiers(result, "high") == [["Cy"], ["Bob"], ["Ann"]]
    assert tiers(result, "low") == [["Ann"], ["Bob"], ["Cy"]]
    assert result.ranked("high").label == "Highest total"


def test_points_without_targets_rank_the_highest_and_the_lowest_total():
    game = make_game({"ranking": "points", "points": {"colour": True}}, pot="split_special")
    result = evaluate(game, {"Ann": h("Jh 2d Ks 7c 3s"), "Bob": h("9h 8d 2c 3c 4c")})
    assert [r.key for r in result.rankings] == ["high", "low"]
    assert tiers(result, "low") == [["Ann"], ["Bob"]]


def test_points_absolute_drops_the_sign_of_the_sum_or_of_each_card():
    of_sum = make_game({"ranking": "points", "points": {"colour": True, "absolute": "of_sum"}})
    result = evaluate(of_sum, {"Ann": h("Ks Qs 3h"), "Bob": h("9h 8d 2c")})  # -17 and +15
    assert tiers(result) == [["Ann"], ["Bob"]]
    sum_of = make_game({"ranking": "points", "points": {"colour": True, "absolute": "sum_of"}})
    result = evaluate(sum_of, {"Ann": h("Ks Qs 3h"), "Bob": h("9h 8d 2c")})  # 23 and 19
    assert result.hands["Ann"].total["high"] == 23
    assert tiers(result) == [["Ann"], ["Bob"]]


def test_points_best_cards_counts_only_that_many_per_side():
    game = make_game(
        {"ranking": "points", "points": {"cards": 2, "targets": [5, 21]}}, pot="high_low"
    )
    result = evaluate(game, {"Ann": h("2s 3d Th Jc 9c")})
    assert result.hands["Ann"].total == {"low": 5, "high": 20}


def test_points_without_pips_each_number_card_counts_the_same():
    game = make_game({"ranking": "points", "points": {"pips": False, "each": 1, "faces": 2}})
    result = evaluate(game, {"Ann": h("9s 8d 2c"), "Bob": h("Ks 2d")})
    assert result.hands["Ann"].total == {"high": 3, "low": 3}
    assert result.hands["Bob"].total == {"high": 3, "low": 3}
    assert tiers(result) == [["Ann", "Bob"]]


def test_points_ten_may_count_other_than_ten():
    game = make_game({"ranking": "points", "points": {"ten": 0}})
    assert evaluate(game, {"Ann": h("Ts 5d")}).hands["Ann"].total["high"] == 5


def test_points_one_way_an_ace_counts_the_same_for_both_sides():
    game = make_game(
        {
            "ranking": "points",
            "points": {"ace": [1, 11], "faces": 0.5, "targets": [7, 27], "each_way": False},
        },
        pot="high_low_declare",
    )
    # As 6d Tc: each way it would be 7 low and 27 high; one way it must choose
    result = evaluate(
        game, {"Ann": h("Ah 6d Tc", declare="high"), "Bob": h("As 6c", declare="low")}
    )
    assert result.hands["Ann"].total["high"] == 27
    assert result.hands["Ann"].total["low"] == 27  # the ace is 11 both ways


# --- declarations -----------------------------------------------------------------------------

DECLARE = {"ranking": "high_low", "low": "a5"}


def test_declarers_are_ranked_only_on_the_sides_they_declared():
    game = make_game(DECLARE, pot="high_low_declare")
    result = evaluate(
        game,
        {
            "Ann": h("As Ad Ah Kc Kd", declare="high"),
            "Bob": h("Ac 2c 3d 4h 6s", declare="low"),
            "Cy": h("2s 3s 4s 5s 7d", declare="low"),
        },
    )
    assert tiers(result, "high") == [["Ann"]]
    assert tiers(result, "low") == [["Bob"], ["Cy"]]
    assert result.hands["Ann"].declare_result == "wins high"
    assert result.hands["Cy"].declare_result == "loses low"
    assert result.hands["Ann"].declared == "high"


def test_declaring_both_must_win_both_halves_outright_by_default():
    game = make_game(DECLARE, pot="high_low_declare")
    hands = {
        "Ann": h("As 2s 3s 4s 5s", declare="both"),  # steel wheel: best high and best low
        "Bob": h("Ad 2d 3h 4c 5c", declare="low"),  # ties the low
        "Cy": h("Kc Kd Kh 9c 9d", declare="high"),
    }
    result = evaluate(game, hands)
    assert result.hands["Ann"].declare_result == "loses: declared both and tied low"
    assert tiers(result, "high") == [["Cy"]]
    assert tiers(result, "low") == [["Bob"]]
    assert result.hands["Bob"].declare_result == "wins low"


def test_a_game_setting_may_let_a_both_declarer_tie_a_half():
    game = make_game(
        DECLARE,
        pot="high_low_declare",
        table_settings=[
            setting(
                "declare-both",
                ["outright", "tie"],
                "tie",
                house={
                    "outright": {"both_must_win_outright": True},
                    "tie": {"both_must_win_outright": False},
                },
            )
        ],
    )
    hands = {
        "Ann": h("As 2s 3s 4s 5s", declare="both"),
        "Bob": h("Ad 2d 3h 4c 5c", declare="low"),
        "Cy": h("Kc Kd Kh 9c 9d", declare="high"),
    }
    result = evaluate(game, hands)
    assert result.hands["Ann"].declare_result == "wins high and ties for low"
    assert tiers(result, "low")[0] == ["Ann", "Bob"]
    strict = evaluate(game, hands, settings={"declare-both": "outright"})
    assert strict.hands["Ann"].declare_result.startswith("loses")


def test_a_both_declarer_who_wins_both_is_told_so():
    game = make_game(DECLARE, pot="high_low_declare")
    result = evaluate(
        game,
        {"Ann": h("As 2s 3s 4s 5s", declare="both"), "Bob": h("Kd Kc 9h 8c 7c", declare="high")},
    )
    assert result.hands["Ann"].declare_result == "wins both"
    assert tiers(result, "high") == [["Ann"], ["Bob"]]


def test_a_declare_game_needs_every_players_declaration():
    game = make_game(DECLARE, pot="high_low_declare")
    with pytest.raises(ShowdownError, match="Bob has not declared"):
        evaluate(game, {"Ann": h("As 2s 3s 4s 5s", declare="both"), "Bob": h("Kd Kc 9h 8c 7c")})


def test_a_setting_may_make_players_declare_in_a_game_whose_pot_does_not_say_so():
    game = make_game(
        SEVEN_27 | {"by_setting": {"how": {"declare": {"declare": True}}}},
        pot="split_special",
        table_settings=[setting("how", ["best", "declare"], "best")],
    )
    hands = {"Ann": h("As 6d"), "Bob": h("9s 8d Th")}
    assert tiers(evaluate(game, hands), "low")[0] == ["Ann"]
    with pytest.raises(ShowdownError, match="Ann has not declared"):
        evaluate(game, hands, settings={"how": "declare"})
    declared = {"Ann": h("As 6d", declare="high"), "Bob": h("9s 8d Th", declare="high")}
    result = evaluate(game, declared, settings={"how": "declare"})
    assert tiers(result, "low") == []
    assert tiers(result, "high") == [["Bob"], ["Ann"]]
    assert result.hands["Bob"].declare_result == "wins high"


def test_points_a_tie_may_go_to_the_hand_of_fewer_cards():
    tie = SEVEN_27 | {"points": SEVEN_27["points"] | {"tie": "fewer_cards"}}
    hands = {"Ann": h("3s 4d"), "Bob": h("2c 2d 3h")}  # both count 7
    assert tiers(evaluate(make_game(SEVEN_27, pot="high_low"), hands), "low")[0] == ["Ann", "Bob"]
    assert tiers(evaluate(make_game(tie, pot="high_low"), hands), "low")[:2] == [["Ann"], ["Bob"]]


def test_declaring_is_moot_when_the_hand_is_played_high_only():
    game = make_game(
        {"by_setting": {"how": {"declare": {"declare": True}}}},
        table_settings=[setting("how", ["best", "declare"], "declare")],
    )
    result = evaluate(game, {"Ann": h("As Ad 2c 3c 4h"), "Bob": h("Ks Kd 2d 3d 4s")})
    assert tiers(result) == [["Ann"], ["Bob"]]
    assert result.hands["Ann"].declare_result is None


# --- the JSON ---------------------------------------------------------------------------------


def test_describe_gives_the_tiers_the_hands_and_what_each_wild_stands_for():
    result = evaluate(make_game(DEUCES), {"Ann": h("2c As Ah Ad Kc"), "Bob": h("Ks Kh Kd Qc Qs")})
    data = describe(result)
    assert data["high"] == [["Ann"], ["Bob"]]
    assert data["low"] == []
    assert data["rankings"] == [{"key": "high", "label": "High", "tiers": [["Ann"], ["Bob"]]}]
    ann = data["hands"]["Ann"]
    assert ann["name"] == result.hands["Ann"].high.name
    assert len(ann["best"]) == 5
    assert ann["best_labels"][0][-1] in "♠♥♦♣"
    assert list(ann["wilds"]) == ["2c"]
    assert ann["wilds"]["2c"][0] == "A"
    assert ann["wild_words"][0].startswith("2♣ as A")
    assert ann["killed_by"] is None
    assert ann["auto_win"] is None
    assert ann["low"] is None
    assert data["hands"]["Bob"]["wilds"] == {}


def test_describe_a_high_low_hand_shows_the_low_and_a_points_hand_its_totals():
    result = evaluate(None, {"Ann": h("As 2d 3h 4c 5s")}, rank="high-low")
    ann = describe(result)["hands"]["Ann"]
    assert ann["low"]["best"]
    assert ann["qualifies"] == {"high": True, "low": True}
    points = evaluate(make_game(SEVEN_27, pot="high_low"), {"Ann": h("As 6d")})
    assert describe(points)["hands"]["Ann"]["total"] == {"low": 7, "high": 17}
    assert describe(points)["hands"]["Ann"]["name"] == "7 for low, 17 for high"


# --- properties -------------------------------------------------------------------------------

CARDS = st.lists(st.sampled_from(DECK), min_size=15, max_size=15, unique=True)
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _ahead(result: Result, name: str, key: str = "high") -> int:
    """How many players rank strictly ahead of this one."""
    count = 0
    for tier in result.tiers(key):
        if name in tier:
            return count
        count += len(tier)
    raise AssertionError(f"{name} is in no tier")


@QUICK
@given(CARDS)
def test_property_natural_beats_wild_reorders_only_otherwise_equal_hands(cards):
    hands = {"Ann": Holding(tuple(cards[:5])), "Bob": Holding(tuple(cards[5:10]))}
    off = evaluate(make_game(DEUCES), hands)
    on = evaluate(make_game(DEUCES | {"natural_beats_wild": True}), hands)
    natural = {n: off.hands[n].high.natural for n in hands}
    if len(off.tiers("high")) == 2 or natural["Ann"] == natural["Bob"]:
        assert on.tiers("high") == off.tiers("high")
    else:
        first = "Ann" if natural["Ann"] else "Bob"
        assert on.tiers("high")[0] == (first,)


@QUICK
@given(CARDS)
def test_property_the_ranking_is_a_total_order(cards):
    names = ["Ann", "Bob", "Cy"]
    hands = {n: Holding(tuple(cards[i * 5 : i * 5 + 5])) for i, n in enumerate(names)}
    game = make_game(DEUCES)
    whole = evaluate(game, hands)
    assert sorted(n for t in whole.tiers("high") for n in t) == sorted(names)
    place = {n: i for i, t in enumerate(whole.tiers("high")) for n in t}
    for a in names:
        for b in names:
            if a >= b:
                continue
            pair = evaluate(game, {a: hands[a], b: hands[b]}).tiers("high")
            if len(pair) == 1:
                assert place[a] == place[b]
            else:
                assert (place[a] < place[b]) == (pair[0] == (a,))


@QUICK
@given(
    st.lists(st.sampled_from(DECK), min_size=17, max_size=17, unique=True),
    st.integers(min_value=0, max_value=6),
)
def test_property_making_one_of_a_players_cards_wild_never_lowers_their_place(cards, which):
    mine = tuple(cards[:7])
    hands = {
        "Ann": Holding(mine),
        "Bob": Holding(tuple(cards[7:12])),
        "Cy": Holding(tuple(cards[12:17])),
    }
    wild = mine[which]
    plain = evaluate(make_game(), hands)
    game = make_game({"wilds": [{"text": "This card is wild", "cards": [wild.code]}]})
    assert _ahead(evaluate(game, hands), "Ann") <= _ahead(plain, "Ann")


SWAPS = st.permutations("shdc")


@QUICK
@given(CARDS, SWAPS)
def test_property_ties_and_order_are_stable_under_a_suit_permutation(cards, swap):
    mapping = dict(zip("shdc", swap, strict=True))

    def swapped(held):
        return tuple(type(c)(c.rank, mapping[c.suit]) for c in held)

    names = ["Ann", "Bob", "Cy"]
    hands = {n: Holding(tuple(cards[i * 5 : i * 5 + 5])) for i, n in enumerate(names)}
    moved = {n: Holding(swapped(held.cards)) for n, held in hands.items()}
    game = make_game(DEUCES)
    assert evaluate(game, hands).tiers("high") == evaluate(game, moved).tiers("high")


# --- every rule file --------------------------------------------------------------------------


def _variants(game: Game) -> list[tuple[list[str], dict[str, str]]]:
    """The defaults, each option on alone, and each setting's every choice alone."""
    out: list[tuple[list[str], dict[str, str]]] = [([], {})]
    out += [([o.id], {}) for o in game.options]
    out += [([], {s.id: c}) for s in game.settings for c in s.choices if c != s.default]
    return out


def _deal(game: Game, seed: int) -> tuple[dict[str, Holding], list, list]:
    showdown = game.showdown
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = 7 if showdown.hand == 5 else showdown.hand
    board = []
    if showdown.board == "shared":
        board, size = [deck.pop() for _ in range(2)], 5
    elif showdown.board == "names_wilds":
        board = [deck.pop()]
    declares = ["high", "low", "both"]
    hands = {}
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        cards = tuple(deck.pop() for _ in range(size))
        hands[name] = Holding(cards, up=cards[min(2, size - 1) :], paid=1, declare=declares[i])
    order = [c for held in hands.values() for c in held.up]
    return hands, board, order


RANKED_GAMES = [g for g in load_games() if g.showdown.helper]


@pytest.mark.parametrize("game", RANKED_GAMES, ids=lambda g: g.slug)
def test_every_game_the_helper_ranks_ranks_a_deal_with_each_option_and_setting(game):
    hands, board, order = _deal(game, seed=len(game.slug))
    for options, chosen in _variants(game):
        if any(set(o.excludes) & set(options) for o in game.options if o.id in options):
            continue
        result = evaluate(
            game,
            hands,
            board=board,
            options=options,
            settings=chosen,
            wild_ranks=["5"],
            up_order=order,
        )
        placed = {n for r in result.rankings for t in r.tiers for n in t}
        assert placed <= set(hands)
        assert set(describe(result)["hands"]) == set(hands)
