"""Worked showdowns from the seed games (chunk 3), each figured by hand.

Each test loads the game's real rule file and asks the showdown helper who
wins a deal whose answer was worked out on paper from the game's own rules:
its wild cards, its kill card, its point counts.
"""

from __future__ import annotations

import pytest

from rulebook.showdown.cards import parse_card, parse_cards
from rulebook.showdown.evaluation import evaluate
from tests.rulebook.showdown_hands import game, hold

pytestmark = pytest.mark.pure


def test_red_and_black_encyclopedia_red_cards_add_and_black_cards_subtract():
    # The book's own hand: K♣ J♥ 7♠ 3♣ 2♦ = -10 + 10 - 7 - 3 + 2 = -8.
    # Bob: A♥ 2♥ 3♥ 4♦ 5♦ = +15; Cy: Q♠ 10♠ 9♣ 6♣ 5♣ = -40.
    result = evaluate(
        game("red-and-black-encyclopedia"),
        {
            "Ann": hold("Kc Jh 7s 3c 2d"),
            "Bob": hold("Ah 2h 3h 4d 5d"),
            "Cy": hold("Qs Ts 9c 6c 5c"),
        },
    )
    assert result.tiers("high") == (("Bob",), ("Ann",), ("Cy",))
    assert result.tiers("low") == (("Cy",), ("Ann",), ("Bob",))
    assert -8 in result.hands["Ann"].total.values()


def test_red_and_black_one_each_card_values_count_every_card_as_one():
    # Ann: K♥ Q♥ J♥ 10♥ 9♣ = +31 by pips, 4 - 1 = +3 one each.
    # Bob: 2♥ 3♥ 4♥ 5♥ 6♥ = +20 by pips, +5 one each.
    rules = game("red-and-black")
    hands = {"Ann": hold("Kh Qh Jh Th 9c"), "Bob": hold("2h 3h 4h 5h 6h")}
    by_pips = evaluate(rules, hands)
    assert by_pips.tiers("high") == (("Ann",), ("Bob",))
    one_each = evaluate(rules, hands, settings={"card-values": "one-each"})
    assert one_each.tiers("high") == (("Bob",), ("Ann",))
    assert one_each.tiers("low") == (("Ann",), ("Bob",))


def test_secret_squirrel_the_two_centre_cards_are_wild_cards_for_everyone():
    # Centre K♦ 7♣: two wild cards in every hand, but only those two cards.
    # Ann's three aces and two wilds make five aces. Bob's own kings and
    # sevens stay natural: two kings and two wilds make four kings.
    result = evaluate(
        game("secret-squirrel"),
        {"Ann": hold("As Ah Ac 4d 9s"), "Bob": hold("Kh Ks 7h 7d 2c")},
        board=parse_cards("Kd 7c"),
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"
    assert result.hands["Bob"].high.cls == "four_of_a_kind"


def test_stampede_each_aside_card_turned_up_makes_its_rank_wild():
    # Aside cards 9♥ and 3♥ (from the second deck): nines and threes are wild.
    # Ann's K♣ K♦ with 9♣ 9♦ 3♠ wild make five kings; Bob has three aces.
    result = evaluate(
        game("stampede"),
        {"Ann": hold("9c 9d Kc Kd 3s"), "Bob": hold("Ac Ad Ah 4c 5d")},
        board=parse_cards("9h 3h"),
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"
    assert result.hands["Bob"].high.cls == "three_of_a_kind"


def test_seven_twenty_seven_two_aces_and_a_five_make_both():
    # Ann: A A 5 counts 1 + 1 + 5 = 7 and 11 + 11 + 5 = 27.
    # Bob: K 6 = 6.5 (half a point for the king); Cy: 10 9 7 = 26.
    result = evaluate(
        game("seven-twenty-seven"),
        {
            "Ann": hold("As Ah 5c", up="Ah 5c"),
            "Bob": hold("Kd 6h", up="6h"),
            "Cy": hold("Td 9d 7d", up="9d 7d"),
        },
    )
    assert result.tiers("low")[0] == ("Ann",)
    assert result.tiers("high")[0] == ("Ann",)
    assert result.hands["Ann"].total == {"low": 7, "high": 27}
    assert result.hands["Bob"].total["low"] == 6.5


def test_seven_twenty_seven_exactly_both_targets_takes_the_lot_over_a_tied_seven():
    # Ann: A A 5 makes exactly 7 and exactly 27. Bob: 3 + 4 = 7 ties her
    # seven, and Cy: K 10 9 8 = 27.5 is next nearest 27. A hand on both
    # targets takes the whole pot, so Ann heads both sides alone.
    result = evaluate(
        game("seven-twenty-seven"),
        {
            "Ann": hold("Ah Ad 5c"),
            "Bob": hold("3c 4d"),
            "Cy": hold("Kh Ts 9c 8d"),
        },
    )
    assert result.tiers("low") == (("Ann",), ("Bob",), ("Cy",))
    assert result.tiers("high") == (("Ann",), ("Cy",), ("Bob",))
    assert (
        result.hands["Ann"].auto_win == "Exactly 7 and exactly 27 in one hand takes the whole pot."
    )
    assert result.hands["Bob"].auto_win is None


def test_seven_twenty_seven_at_equal_distance_the_total_under_the_target_wins():
    # Ann 2 + 4 = 6 and Bob 3 + 5 = 8 are both one from 7: Ann's is under.
    # For 27, Bob's 8 is nearer than Ann's 6.
    result = evaluate(
        game("seven-twenty-seven"),
        {"Ann": hold("2c 4c", up="4c"), "Bob": hold("3d 5d", up="5d")},
    )
    assert result.tiers("low") == (("Ann",), ("Bob",))
    assert result.tiers("high") == (("Bob",), ("Ann",))


def test_stendahl_each_half_counts_its_own_best_five_of_seven():
    # Ann: A♥ K♥ Q♦ J♦ 10♥ 2♠ 3♠. High five: 15 + 10 + 10 + 10 + 10 = 55.
    # Low five: 10 + 10 + 10 - 2 - 3 = 25, the nearest zero she can get.
    # Bob: +2 +3 +4 -5 -6 -7 +8. High five: -5 -6 -7 +2 +3 = -13, so 13.
    # Low five: 2 + 3 + 8 - 6 - 7 = 0.
    result = evaluate(
        game("stendahl"),
        {"Ann": hold("Ah Kh Qd Jd Th 2s 3s"), "Bob": hold("2h 3d 4h 5c 6s 7c 8d")},
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.tiers("low") == (("Bob",), ("Ann",))


def test_stendahl_absolute_setting_drops_the_sign_of_each_card_instead_of_the_sum():
    # Ann: 2♥ 3♥ 4♥ 5♥ 6♥ = 20 either way.
    # Bob: K♥ Q♥ J♠ 10♠ 9♦ = 10 + 10 - 10 - 10 + 9 = 9 as a sum, 49 card by card.
    rules = game("stendahl")
    hands = {"Ann": hold("2h 3h 4h 5h 6h"), "Bob": hold("Kh Qh Js Ts 9d")}
    of_sum = evaluate(rules, hands)
    assert of_sum.tiers("high") == (("Ann",), ("Bob",))
    assert of_sum.tiers("low") == (("Bob",), ("Ann",))
    sum_of = evaluate(rules, hands, settings={"absolute": "sum-of-abs"})
    assert sum_of.tiers("high") == (("Bob",), ("Ann",))
    assert sum_of.tiers("low") == (("Ann",), ("Bob",))


def test_tiramisu_cake_the_last_card_is_one_shared_wild():
    # The middle card 5♦ is wild in every hand; Ann's own fives are not.
    # Ann: K K + wild = kings full of fives. Bob: A A + wild = aces full of eights.
    # With the shared-rank choice Ann's fives are wild too: five kings.
    rules = game("tiramisu-cake")
    hands = {"Ann": hold("5c 5h Kc Kd 9s 2h"), "Bob": hold("Ac Ad 8c 8d 3s 4s")}
    board = parse_cards("5d")
    card_only = evaluate(rules, hands, board=board)
    assert card_only.tiers("high") == (("Bob",), ("Ann",))
    assert card_only.hands["Ann"].high.cls == "full_house"
    whole_rank = evaluate(rules, hands, board=board, settings={"last-card": "shared-rank"})
    assert whole_rank.tiers("high") == (("Ann",), ("Bob",))
    assert whole_rank.hands["Ann"].high.cls == "five_of_a_kind"


def test_trash_poker_black_spot_cannot_win_the_showdown():
    # Ann's four aces hold the Black Spot: she is out; Bob's seven high wins.
    result = evaluate(
        game("trash-poker"),
        {"Ann": hold("As Ah Ad Ac BS"), "Bob": hold("2c 3d 4h 5s 7c")},
        options=["black-spot"],
    )
    assert result.tiers("high") == (("Bob",),)
    assert result.hands["Ann"].killed_by
    assert "Black Spot" in result.hands["Ann"].killed_by


def test_trash_poker_natural_pair_of_aces_beats_an_ace_and_a_joker():
    # Both make aces with 9-7-4; Bob's second ace is a joker, so Ann wins.
    result = evaluate(
        game("trash-poker"),
        {"Ann": hold("As Ad 9c 7h 4s"), "Bob": hold("Ah Jk 9d 7d 4c")},
        options=["jokers"],
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.natural
    assert not result.hands["Bob"].high.natural


def test_two_card_poker_deuces_wild_a_deuce_is_wild_for_high_and_for_low():
    # Ann: 2♣ A♥ is a pair of aces for high and A-2, the best low.
    # Bob: a natural pair of kings (second high, last low).
    # Cy: 4-3 (lowest high, second low). Dee: Q-J.
    result = evaluate(
        game("two-card-poker-deuces-wild"),
        {
            "Ann": hold("2c Ah"),
            "Bob": hold("Kd Kh"),
            "Cy": hold("3s 4s"),
            "Dee": hold("Qc Jd"),
        },
    )
    assert result.tiers("high") == (("Ann",), ("Bob",), ("Dee",), ("Cy",))
    assert result.tiers("low") == (("Ann",), ("Cy",), ("Dee",), ("Bob",))
    assert result.hands["Ann"].high.cls == "pair"


def test_zap_lowest_face_up_card_is_wild_and_the_scope_setting_widens_it():
    # Ann shows K♦ 7♣ 8♥, hides K♠ K♥ 7♠ 9♣ 3♠: the 7♣ is her wild, four kings.
    # Bob shows Q♠ 5♥ 6♥, hides Q♣ Q♦ Q♥ 2♣ 2♦: the 5♥ is his wild, five queens.
    # With the rank choice Ann's hidden 7♠ is wild too: five kings beat five queens.
    rules = game("zap")
    hands = {
        "Ann": hold("Ks Kh 7s 9c 3s Kd 7c 8h", up="Kd 7c 8h"),
        "Bob": hold("Qc Qd Qh 2c 2d Qs 5h 6h", up="Qs 5h 6h"),
    }
    card = evaluate(rules, hands)
    assert card.tiers("high") == (("Bob",), ("Ann",))
    assert set(card.hands["Ann"].wilds) == {parse_card("7c")}
    assert card.hands["Ann"].high.cls == "four_of_a_kind"
    rank = evaluate(rules, hands, settings={"wild-scope": "rank"})
    assert rank.tiers("high") == (("Ann",), ("Bob",))
    assert set(rank.hands["Ann"].wilds) == {parse_card("7c"), parse_card("7s")}


def test_zap_old_lowest_face_up_card_is_wild_for_that_player_only():
    # Ann shows 4♣ 9♦ J♥: her 4♣ is wild, so K♠ K♣ K♥ make four kings.
    # Bob shows 8♣ 9♣ 10♣: only his 8♣ is wild; his hidden fours are natural
    # (Ann's wild rank is not his), so he has four fours.
    result = evaluate(
        game("zap-old"),
        {
            "Ann": hold("2s 5s Ks Kc Kh 4c 9d Jh", up="4c 9d Jh"),
            "Bob": hold("4h 4d 4s As Js 8c 9c Tc", up="8c 9c Tc"),
        },
    )
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert set(result.hands["Bob"].wilds) == {parse_card("8c")}
    assert result.hands["Bob"].high.cls == "four_of_a_kind"


def test_screw_your_neighbor_an_ace_is_the_lowest_card_of_all():
    # Kings high, aces low: Cy's king is best, Bob's deuce next, and Ann's
    # ace is the lowest card, so Ann is ranked last and loses a stack.
    result = evaluate(
        game("screw-your-neighbor"),
        {"Ann": hold("As"), "Bob": hold("2h"), "Cy": hold("Kd", up="Kd")},
    )
    assert result.tiers("high") == (("Cy",), ("Bob",), ("Ann",))


def test_seven_twenty_seven_fewer_cards_choice_breaks_an_exact_tie():
    # Ann 3 + 4 = 7 with two cards; Bob 2 + 2 + 3 = 7 with three cards.
    # Cy 10 + 9 + 8 = 27 takes the 27 half either way.
    rules = game("seven-twenty-seven")
    hands = {
        "Ann": hold("3c 4d", up="4d"),
        "Bob": hold("2c 2d 3h", up="2d 3h"),
        "Cy": hold("Ts 9s 8s", up="9s 8s"),
    }
    shared = evaluate(rules, hands)
    assert shared.tiers("low")[0] == ("Ann", "Bob")
    assert shared.tiers("high")[0] == ("Cy",)
    fewer = evaluate(rules, hands, settings={"exact-tie": "fewer-cards"})
    assert fewer.tiers("low")[:2] == (("Ann",), ("Bob",))
    assert fewer.tiers("high")[0] == ("Cy",)


def test_three_card_poker_ranks_as_ordinary_poker_unless_three_of_a_kind_is_on_top():
    # Dee: straight flush; Ann: flush; Bob: straight; Cy: three threes.
    # Usual order: straight flush, flush, straight, three of a kind.
    # Trips on top: three threes first, the rest as usual: straight flush, flush, straight.
    rules = game("three-card-poker")
    hands = {
        "Ann": hold("Kh 9h 4h"),
        "Bob": hold("5c 6d 7s"),
        "Cy": hold("3s 3d 3c"),
        "Dee": hold("Js Qs Ks"),
    }
    usual = evaluate(rules, hands)
    assert usual.tiers("high") == (("Dee",), ("Ann",), ("Bob",), ("Cy",))
    trips_top = evaluate(rules, hands, settings={"top-hand": "trips-top"})
    assert trips_top.tiers("high") == (("Cy",), ("Dee",), ("Ann",), ("Bob",))


def test_three_card_monte_ranks_three_card_hands_in_ordinary_poker_order():
    # A flush beats a straight, which beats three of a kind.
    result = evaluate(
        game("three-card-monte"),
        {
            "Ann": hold("Kh 9h 4h", up="9h 4h"),
            "Bob": hold("5c 6d 7s", up="6d 7s"),
            "Cy": hold("3s 3d 3c", up="3d 3c"),
        },
    )
    assert result.tiers("high") == (("Ann",), ("Bob",), ("Cy",))


def test_show_five_cards_only_the_five_turned_up_play_by_default():
    # Ann hides A♠ A♦ and shows A♣ K♦ K♠ 9♥ 5♣: a pair of kings showing,
    # aces full of kings with all seven. Bob shows three queens.
    rules = game("show-five-cards")
    hands = {
        "Ann": hold("As Ad Ac Kd Ks 9h 5c", up="Ac Kd Ks 9h 5c"),
        "Bob": hold("7c 8c Qc Qd Qh 4s 2d", up="Qc Qd Qh 4s 2d"),
    }
    shown = evaluate(rules, hands, settings={"split": "high-only"})
    assert shown.tiers("high") == (("Bob",), ("Ann",))
    assert shown.hands["Ann"].high.cls == "pair"
    all_seven = evaluate(
        rules, hands, settings={"split": "high-only", "hand-cards": "best-five-of-seven"}
    )
    assert all_seven.tiers("high") == (("Ann",), ("Bob",))
    assert all_seven.hands["Ann"].high.cls == "full_house"


def test_zap_with_aces_low_a_face_up_ace_is_the_wild():
    # Ann shows A♠ 8♣ 8♦ and hides 8♥ 8♠ K♥ 3♣ 2♥. Aces high: both up eights
    # tie for lowest and are wild, four eights. Aces low: the A♠ is her wild
    # and all four eights are natural, five eights.
    # Bob shows K♠ 5♥ 6♥ and hides K♣ K♦ 2♣ 2♦ 3♠: the 5♥ is wild, four kings.
    rules = game("zap")
    hands = {
        "Ann": hold("8h 8s Kh 3c 2h As 8c 8d", up="As 8c 8d"),
        "Bob": hold("Kc Kd 2c 2d 3s Ks 5h 6h", up="Ks 5h 6h"),
    }
    aces_high = evaluate(rules, hands)
    assert aces_high.tiers("high") == (("Bob",), ("Ann",))
    assert set(aces_high.hands["Ann"].wilds) == {parse_card("8c"), parse_card("8d")}
    aces_low = evaluate(rules, hands, settings={"wild-ace": "low"})
    assert aces_low.tiers("high") == (("Ann",), ("Bob",))
    assert set(aces_low.hands["Ann"].wilds) == {parse_card("As")}
    assert aces_low.hands["Ann"].high.cls == "five_of_a_kind"


def test_secret_squirrel_ranks_choice_makes_every_card_of_the_centre_ranks_wild():
    # Centre K♦ 7♣ with the ranks choice: Bob's K♥ K♠ 7♥ 7♦ are all wild
    # and join his 2♣: five deuces. The centre cards are in nobody's hand,
    # so Ann's three aces stay three aces.
    result = evaluate(
        game("secret-squirrel"),
        {"Ann": hold("As Ah Ac 4d 9s"), "Bob": hold("Kh Ks 7h 7d 2c")},
        board=parse_cards("Kd 7c"),
        settings={"centre-wilds": "ranks"},
    )
    assert result.tiers("high") == (("Bob",), ("Ann",))
    assert result.hands["Bob"].high.cls == "five_of_a_kind"
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_stampede_shared_card_choice_adds_the_aside_cards_as_wilds_to_every_hand():
    # Aside 9♥ 3♥ are two shared wild cards; Ann's own nines and three are
    # natural: K♣ K♦ and two wilds make four kings. Bob's three aces and two
    # wilds make five aces.
    result = evaluate(
        game("stampede"),
        {"Ann": hold("9c 9d Kc Kd 3s"), "Bob": hold("Ac Ad Ah 4c 5d")},
        board=parse_cards("9h 3h"),
        settings={"wild-meaning": "shared-card"},
    )
    assert result.tiers("high") == (("Bob",), ("Ann",))
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert result.hands["Bob"].high.cls == "five_of_a_kind"
