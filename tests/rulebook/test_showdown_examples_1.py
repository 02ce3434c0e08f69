"""Worked showdowns from the seed games' own wild, kill and automatic-win rules.

Each case was figured by hand from the game's source, then the real rule
file is loaded and the helper must agree: who is in which tier, which hand
each player made, and which rule killed or crowned a hand. Games Acey Deucey
to Gruts (data chunk 1).
"""

from __future__ import annotations

import pytest

from rulebook.showdown.cards import parse_cards
from rulebook.showdown.evaluation import evaluate
from tests.rulebook.showdown_hands import game, hold

pytestmark = pytest.mark.pure


# Baseball (Daytime): threes and nines wild, a black six kills, Wild tax.


def test_baseball_daytime_threes_and_nines_are_wild():
    hands = {
        "Ann": hold("3h 9c As Ad Kc 7h 4d", up="Kc 7h 4d"),
        "Bob": hold("Ks Kh Kd Qs Qh 8c 2c", up="Qs 8c 2c"),
    }
    result = evaluate(game("baseball-daytime"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert set(result.hands["Ann"].wilds) == set(parse_cards("3h 9c"))


def test_baseball_daytime_a_black_six_dealt_face_up_kills_the_hand():
    baseball = game("baseball-daytime")
    hands = {
        "Ann": hold("As Ad Ah Ac 6s 7h 8d", up="6s 7h 8d"),
        "Bob": hold("2c 4d 5h 8c 10c Jd Qs", up="10c Jd Qs"),
    }
    result = evaluate(baseball, hands)
    assert result.tiers("high") == (("Bob",),)
    assert result.hands["Ann"].killed_by == baseball.showdown.kill_cards[0].text
    assert result.hands["Bob"].killed_by is None


def test_baseball_daytime_a_black_six_face_down_kills_unless_the_table_says_not():
    baseball = game("baseball-daytime")
    hands = {
        "Ann": hold("As Ad Ah Ac 6c 7h 8d", up="As 7h 8d"),
        "Bob": hold("2c 4d 5h 8c 10c Jd Qs", up="10c Jd Qs"),
    }
    killed = evaluate(baseball, hands)
    assert killed.tiers("high") == (("Bob",),)
    assert killed.hands["Ann"].killed_by is not None
    spared = evaluate(baseball, hands, settings={"down-six": "no"})
    assert spared.tiers("high") == (("Ann",), ("Bob",))
    assert spared.hands["Ann"].killed_by is None


def test_baseball_daytime_wild_tax_counts_only_the_wilds_paid_for():
    baseball = game("baseball-daytime")
    bob = hold("Ks Kh Qs Qh 8c 2c 5d", up="Qs 8c 2c")
    unpaid = {"Ann": hold("3h 9c As Ad Kc 7h 4d", up="Kc 7h 4d", paid=0), "Bob": bob}
    one_paid = {"Ann": hold("3h 9c As Ad Kc 7h 4d", up="Kc 7h 4d", paid=1), "Bob": bob}
    # Nothing paid: a pair of aces loses to kings and queens.
    assert evaluate(baseball, unpaid, options=["wild-tax"]).tiers("high") == (("Bob",), ("Ann",))
    # One wild paid for: three aces.
    result = evaluate(baseball, one_paid, options=["wild-tax"])
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


# Bloody Sevens: sevens down are wild, a seven up kills.


def test_bloody_sevens_sevens_among_the_down_cards_are_wild():
    hands = {
        "Ann": hold("7h Ks Kd 4c 9s", up="Kd 4c 9s"),
        "Bob": hold("As Ad Qc Qh 3s", up="Qc Qh 3s"),
    }
    result = evaluate(game("bloody-sevens"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_bloody_sevens_a_seven_dealt_face_up_kills_the_hand():
    sevens = game("bloody-sevens")
    hands = {
        "Ann": hold("As Ah 7c Ad Ks", up="7c Ad Ks"),
        "Bob": hold("2s 3h 5c 9d Jh", up="5c 9d Jh"),
    }
    result = evaluate(sevens, hands)
    assert result.tiers("high") == (("Bob",),)
    assert result.hands["Ann"].killed_by == sevens.showdown.kill_cards[0].text


# Brag: three braggers wild, natural beats wild, three-card hands.


def test_brag_three_braggers_make_three_aces():
    hands = {"Ann": hold("Ad Jc 9d"), "Bob": hold("Ks Kh Kc")}
    result = evaluate(game("brag"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "three_of_a_kind"


def test_brag_a_natural_pair_beats_the_same_pair_made_with_a_bragger():
    # Queens with a five each; Bob's queen is the jack of clubs. The source
    # settles equal hands by natural against wild before any suit.
    hands = {"Ann": hold("Qs Qh 5c"), "Bob": hold("Qd Jc 5d")}
    result = evaluate(game("brag"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))


# Chaos Wilds Poker: ranks shown on an ace are wild for everyone.


def test_chaos_wilds_poker_a_rank_made_wild_counts_in_every_hand():
    hands = {"Ann": hold("Jh 4c 4d Ks 7h"), "Bob": hold("Qs Qd 5h 5s Jc")}
    result = evaluate(game("chaos-wilds-poker"), hands, board=parse_cards("9c 2d"), wild_ranks=[11])
    assert result.tiers("high") == (("Bob",), ("Ann",))
    assert result.hands["Ann"].high.cls == "three_of_a_kind"
    assert result.hands["Bob"].high.cls == "full_house"


def test_chaos_wilds_poker_only_the_final_card_itself_is_wild_when_the_table_says_so():
    # The final card, the jack of diamonds, lies among the shared cards. With
    # whole ranks wild Ann's own jack is wild too (four fours beat Bob's full
    # house); with only the card itself wild her jack is plain and her three
    # fours lose to Bob's queens full.
    chaos = game("chaos-wilds-poker")
    hands = {"Ann": hold("Jh 4c 4d Ks 7h"), "Bob": hold("Qs Qd 5h 5s 3c")}
    board = parse_cards("9c 2d Jd")
    card = evaluate(chaos, hands, board=board, wild_ranks=[11], settings={"wild-meaning": "card"})
    assert card.tiers("high") == (("Bob",), ("Ann",))
    assert set(card.hands["Ann"].wilds) == set(parse_cards("Jd"))
    assert card.hands["Ann"].high.cls == "three_of_a_kind"
    assert card.hands["Bob"].high.cls == "full_house"


# Crazy Limbo: each player's lowest card's rank is wild for everyone.


def test_crazy_limbo_every_players_lowest_rank_is_wild_for_all():
    # Ann's lowest is a three, Bob's a five: threes and fives are wild in
    # both hands, so Ann's five counts too and she has four kings.
    hands = {"Ann": hold("3h 5c Ks Kd 9c"), "Bob": hold("5s Ah Ad Qc Jd")}
    result = evaluate(game("crazy-limbo"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "four_of_a_kind"
    assert result.hands["Bob"].high.cls == "three_of_a_kind"


def test_crazy_limbo_an_ace_is_the_lowest_card_when_the_table_says_so():
    # Aces high: Ann's lowest is a three, so her two threes are wild with her
    # ace (three aces) and Bob's five is wild (three sevens): Ann wins. Aces
    # low: Ann shows her ace instead, so aces and fives are wild, her threes
    # are plain (three threes) and Bob's three sevens win.
    limbo = game("crazy-limbo")
    hands = {"Ann": hold("Ah 3c 3d Ks 9c"), "Bob": hold("5d 7h 7d Qc Jd")}
    high = evaluate(limbo, hands)
    assert high.tiers("high") == (("Ann",), ("Bob",))
    assert set(high.hands["Ann"].wilds) == set(parse_cards("3c 3d"))
    low = evaluate(limbo, hands, settings={"ace-low": "low"})
    assert low.tiers("high") == (("Bob",), ("Ann",))
    assert set(low.hands["Ann"].wilds) == set(parse_cards("Ah"))
    assert low.hands["Ann"].high.cls == "three_of_a_kind"
    assert low.hands["Bob"].high.cls == "three_of_a_kind"


# Deuces, Jacks, Man with the Axe: wilds, and natural sevens take all.

AXE_HANDS = {
    "Ann": hold("2c Jh Kd As Ah 4s 8c"),
    "Bob": hold("Ks Kh Kc Qs Qh 3d 9h"),
    "Dan": hold("7c 2h 6s 6d 8h 9d 10c"),
}


def test_deuces_jacks_man_with_the_axe_deuces_jacks_and_the_king_of_diamonds_are_wild():
    result = evaluate(game("deuces-jacks-man-with-the-axe"), AXE_HANDS)
    assert result.tiers("high") == (("Ann",), ("Bob",), ("Dan",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"
    assert result.hands["Dan"].high.cls == "straight"


def test_deuces_jacks_man_with_the_axe_a_pair_of_natural_sevens_takes_all():
    axe = game("deuces-jacks-man-with-the-axe")
    hands = {**AXE_HANDS, "Carl": hold("7s 7h 3c 4d 9s 10d 5h")}
    result = evaluate(axe, hands)
    # Dan's deuce standing in as a seven does not count.
    assert result.tiers("high") == (("Carl",), ("Ann",), ("Bob",), ("Dan",))
    assert result.hands["Carl"].auto_win == axe.showdown.auto_wins[0].text
    assert result.hands["Dan"].auto_win is None


def test_deuces_jacks_man_with_the_axe_three_natural_sevens_take_all_only_if_the_table_says():
    axe = game("deuces-jacks-man-with-the-axe")
    hands = {"Ann": AXE_HANDS["Ann"], "Carl": hold("7s 7h 7d 4d 9s 10d 5h")}
    assert evaluate(axe, hands).tiers("high") == (("Carl",), ("Ann",))
    exact = evaluate(axe, hands, settings={"more-sevens": "no"})
    assert exact.tiers("high") == (("Ann",), ("Carl",))
    assert exact.hands["Carl"].auto_win is None


# Do Ya: your own hole card is wild, and only in your hand.


def test_do_ya_your_hole_card_is_wild_for_you_only():
    hands = {
        "Ann": hold("5c As Ad Ks Kd", up="As Ad Ks Kd"),
        "Carl": hold("8h 5s 5h 3d 4c", up="5s 5h 3d 4c"),
    }
    result = evaluate(game("do-ya"), hands)
    assert result.tiers("high") == (("Ann",), ("Carl",))
    assert result.hands["Ann"].high.cls == "full_house"
    # Ann's hole five makes nothing wild in Carl's hand: his eight makes three fives.
    assert result.hands["Carl"].high.cls == "three_of_a_kind"


def test_do_ya_only_the_hole_card_itself_is_wild_not_its_rank():
    # The source makes the hole card wild, not every card of its rank: Bob's
    # face-up nine is a plain nine, so his hole nine makes three kings, not
    # four; Ann's queens full win.
    hands = {
        "Bob": hold("9h 9c Kc Kh 2d", up="9c Kc Kh 2d"),
        "Ann": hold("Qs Qd Qh 4s 4d", up="Qd Qh 4s 4d"),
    }
    result = evaluate(game("do-ya"), hands)
    assert result.hands["Bob"].high.cls == "three_of_a_kind"
    assert result.tiers("high") == (("Ann",), ("Bob",))


def test_do_ya_five_of_a_kind_tops_a_straight_flush_unless_the_table_says_not():
    do_ya = game("do-ya")
    hands = {
        "Ann": hold("5c As Ad Ac Ah", up="As Ad Ac Ah"),
        "Bob": hold("9h 9s 10s Js Qs", up="9s 10s Js Qs"),
    }
    top = evaluate(do_ya, hands)
    assert top.tiers("high") == (("Ann",), ("Bob",))
    assert top.hands["Ann"].high.cls == "five_of_a_kind"
    capped = evaluate(do_ya, hands, settings={"five-of-a-kind": "not-allowed"})
    assert capped.tiers("high") == (("Bob",), ("Ann",))
    assert capped.hands["Ann"].high.cls == "four_of_a_kind"


# Dynamite: with the Wild cards option, the agreed ranks are wild.


def test_dynamite_the_agreed_wild_rank_counts_with_the_wild_cards_option():
    dynamite = game("dynamite")
    hands = {"Ann": hold("9c Kd", up="Kd"), "Bob": hold("Qs Qh", up="Qh")}
    plain = evaluate(dynamite, hands)
    assert plain.tiers("high") == (("Bob",), ("Ann",))
    wild = evaluate(dynamite, hands, options=["wild-cards"], wild_ranks=[9])
    assert wild.tiers("high") == (("Ann",), ("Bob",))
    assert wild.hands["Ann"].high.cls == "pair"


# Draw Your Own: high-low; with the declare setting, only the side declared.

DRAW_OWN = {
    "Ann": hold("As 2d 3h 4c 5s", declare="high"),
    "Bob": hold("Kd Kh Ks 9c 9h", declare="high"),
    "Carl": hold("7c 6h 4d 3s 2c", declare="low"),
}


def test_draw_your_own_cards_speak_ranks_every_hand_both_ways():
    result = evaluate(game("draw-your-own"), DRAW_OWN)
    assert result.tiers("high") == (("Bob",), ("Ann",), ("Carl",))
    assert result.tiers("low")[:2] == (("Ann",), ("Carl",))


def test_draw_your_own_a_declarer_is_ranked_only_on_the_side_declared():
    # Ann's wheel is the best low there is, but she declared high: she is
    # ranked for high only, behind Bob's full house, and Carl's seven-six
    # takes low alone.
    result = evaluate(game("draw-your-own"), DRAW_OWN, settings={"high-low-method": "declare"})
    assert result.tiers("high") == (("Bob",), ("Ann",))
    assert result.tiers("low") == (("Carl",),)
    assert result.hands["Ann"].declared == "high"
    assert result.hands["Carl"].declare_result is not None


# Exclusive War: deuces wild, an odd count of sixes kills, an even count takes all.

WAR = {
    "Ann": hold("6s As Ad Ah Kc Kd 3h"),
    "Bob": hold("4c 5d 8h 9s Jc Qd 3s"),
}


def test_exclusive_war_odd_sixes_kill_the_hand():
    war = game("exclusive-war")
    result = evaluate(war, WAR)
    assert result.tiers("high") == (("Bob",),)
    assert result.hands["Ann"].killed_by == war.showdown.kill_cards[0].text


def test_exclusive_war_even_sixes_take_all():
    war = game("exclusive-war")
    result = evaluate(war, {**WAR, "Carl": hold("6h 6d 2c 9c 10h Jh 4h")})
    assert result.tiers("high") == (("Carl",), ("Bob",))
    assert result.hands["Carl"].auto_win is not None
    assert result.hands["Bob"].auto_win is None


def test_exclusive_war_no_sixes_counts_as_even_when_the_table_says_so():
    war = game("exclusive-war")
    hands = {**WAR, "Carl": hold("6h 6d 2c 9c 10h Jh 4h")}
    result = evaluate(war, hands, settings={"zero-sixes": "yes"})
    assert result.tiers("high")[0] == ("Bob", "Carl")
    assert result.hands["Bob"].auto_win is not None


def test_exclusive_war_deuces_are_wild():
    result = evaluate(
        game("exclusive-war"), {"Bob": WAR["Bob"], "Dan": hold("2d 2h Ks Qh Qc 8c 7d")}
    )
    # Dan: queens and two deuces make four queens.
    assert result.tiers("high") == (("Dan",), ("Bob",))
    assert result.hands["Dan"].high.cls == "four_of_a_kind"


# Ferengi Chicken: a short hand still ranks.


def test_ferengi_chicken_a_two_card_pair_beats_three_odd_cards():
    hands = {"Ann": hold("As Ad"), "Bob": hold("Ks Qd Jh")}
    result = evaluate(game("ferengi-chicken"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))


# Fish Node: one agreed wild; hands may be short.


def test_fish_node_the_agreed_wild_counts_and_a_short_hand_ranks():
    fish = game("fish-node")
    hands = {"Ann": hold("As Ad Ah 2c"), "Bob": hold("Ks Kh Kd Kc 3c")}
    wild = evaluate(fish, hands, wild_ranks=[2])
    assert wild.tiers("high") == (("Ann",), ("Bob",))
    assert wild.hands["Ann"].high.cls == "four_of_a_kind"
    plain = evaluate(fish, hands, settings={"wild": "none"})
    assert plain.tiers("high") == (("Bob",), ("Ann",))


# Five Card Double Draw: primes wild.


def test_five_card_double_draw_primes_are_wild():
    hands = {"Ann": hold("2c 3d 5h 7s Kd"), "Bob": hold("As Ah Ad Ac Qs")}
    result = evaluate(game("five-card-double-draw"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
    assert result.hands["Ann"].high.cls == "five_of_a_kind"


# Gruts: three-card hands, no straights or flushes.


def test_gruts_a_pair_beats_a_three_card_run_and_a_flush():
    hands = {"Ann": hold("4s 4d 2c"), "Bob": hold("Qh Kh Ah")}
    result = evaluate(game("gruts"), hands)
    assert result.tiers("high") == (("Ann",), ("Bob",))
