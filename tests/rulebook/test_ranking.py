"""Poker hands ranked, wilds and small hands included, checked against independent libraries."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardLowHand
from treys import Card as TreysCard
from treys import Evaluator

from rulebook.showdown.cards import DECK, JOKER, parse_cards
from rulebook.showdown.ranking import at_least, best_high, best_low, rank_key7

pytestmark = pytest.mark.pure

SEED = 20251212
TREYS = {card: TreysCard.new(card.code) for card in DECK}


def P(text):
    return parse_cards(text)


def high(text, wild="", **rules):
    return best_high(P(text), P(wild), **rules)


def low(text, wild="", **rules):
    return best_low(P(text), P(wild), **rules)


def outcome(a, b):
    """1 when a wins, -1 when b wins, 0 on a tie (larger key is better)."""
    return (a > b) - (a < b)


def random_hands(count, size, seed=SEED):
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


# --- Agreement with independent libraries ----------------------------------------------


EVALUATOR = Evaluator()


def treys_score(hand):
    """treys' rank: smaller is better."""
    cards = [TREYS[c] for c in hand]
    return EVALUATOR.evaluate(cards[:2], cards[2:])


@pytest.mark.parametrize("size", [5, 7])
def test_plain_high_hands_pick_the_same_winner_as_treys_on_thousands_of_deals(size):
    hands = random_hands(6000, size)
    for a, b in itertools.pairwise(hands):
        expected = outcome(treys_score(b), treys_score(a))
        assert outcome(rank_key7(a), rank_key7(b)) == expected, (a, b)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_fast_path_gives_exactly_the_full_evaluators_key(size):
    for hand in random_hands(1500, size, seed=SEED + size):
        assert best_high(hand).key == rank_key7(hand), hand


def test_the_full_evaluator_picks_the_same_winner_as_treys_on_seven_cards():
    hands = random_hands(1500, 7, seed=SEED + 1)
    for a, b in itertools.pairwise(hands):
        expected = outcome(treys_score(b), treys_score(a))
        assert outcome(best_high(a).key, best_high(b).key) == expected, (a, b)


def pokerkit_code(hand):
    return "".join(c.code for c in hand)


@pytest.mark.parametrize(
    ("kind", "library"), [("a5", RegularLowHand), ("27", StandardLowHand)], ids=["a5", "27"]
)
@pytest.mark.parametrize("size", [5, 7])
def test_lows_pick_the_same_winner_as_pokerkit_on_thousands_of_deals(kind, library, size):
    hands = random_hands(2000 if size == 5 else 700, size, seed=SEED + size)
    theirs = [library.from_game(pokerkit_code(h), "") for h in hands]
    ours = [best_low(h, kind=kind).key for h in hands]
    for i in range(len(hands) - 1):
        expected = outcome(theirs[i], theirs[i + 1])
        assert outcome(ours[i], ours[i + 1]) == expected, (hands[i], hands[i + 1])


def test_eight_or_better_lows_qualify_and_rank_as_pokerkit_says():
    hands = random_hands(1500, 7, seed=SEED + 8)
    theirs = []
    for hand in hands:
        try:
            theirs.append(EightOrBetterLowHand.from_game(pokerkit_code(hand), ""))
        except ValueError:
            theirs.append(None)
    ours = [best_low(h, kind="a5", qualifier=8) for h in hands]
    assert [m is None for m in ours] == [t is None for t in theirs]
    qualified = [(m.key, t) for m, t in zip(ours, theirs, strict=True) if m is not None]
    assert len(qualified) > 200
    for (ka, ta), (kb, tb) in itertools.pairwise(qualified):
        assert outcome(ka, kb) == outcome(ta, tb)


# --- Wild cards ---------------------------------------------------------------------------


def test_one_or_two_wilds_make_the_best_hand_any_other_cards_could():
    """Brute force: every card (or pair of cards) not already held, in place of the wilds."""
    rng = random.Random(SEED)
    for trial in range(60):
        wilds = 1 if trial < 45 else 2
        hand = rng.sample(DECK, rng.choice([5, 6, 7]))
        held, naturals = hand[:wilds], hand[wilds:]
        pool = [c for c in DECK if c not in naturals]
        brute = max(rank_key7(naturals + list(s)) for s in itertools.combinations(pool, wilds))
        made = best_high(hand, held)
        # Five of a kind needs a card twice, so only it may beat the distinct cards.
        assert made.key == brute or (made.key > brute and made.cls == "five_of_a_kind")


def test_a_wild_in_either_low_is_the_best_card_any_other_card_could_be():
    rng = random.Random(SEED + 2)
    for trial in range(34):
        wilds = 1 if trial < 30 else 2
        hand = rng.sample(DECK, rng.choice([5, 6, 7]))
        held, naturals = hand[:wilds], hand[wilds:]
        pool = [c for c in DECK if c not in naturals]
        for kind in ("a5", "27"):
            brute = max(
                best_low(naturals + list(s), kind=kind).key
                for s in itertools.combinations(pool, wilds)
            )
            assert best_low(hand, held, kind=kind).key == brute, (kind, hand, held)


def test_deuces_wild_make_five_of_a_kind_above_a_royal_flush():
    made = high("2c 2d As Ad Ah", "2c 2d")
    assert made.name == "Five of a kind, aces"
    assert made.cls == "five_of_a_kind"
    assert made.key > high("As Ks Qs Js Ts").key
    assert [c.rank for _, c in made.wilds] == [14, 14]


def test_a_wild_completes_a_straight_flush_with_the_missing_card_of_that_suit():
    made = high("As Ks Qs Js 2c", "2c")
    assert made.name == "Royal flush"
    assert [(h.label, c.label) for h, c in made.wilds] == [("2♣", "10♠")]
    assert not made.natural


def test_a_wheel_straight_flush_counts_with_a_joker():
    made = high("Ah 2h 3h 4h Jk", "Jk")
    assert made.name == "Straight flush, five high"
    assert made.wilds == ((JOKER, P("5h")[0]),)


def test_a_wild_in_a_flush_is_the_best_card_missing_from_that_suit():
    made = high("Ah Kh Qh 9h 2c 5d", "2c")
    assert made.name == "Flush, ace high"
    assert [c.label for _, c in made.wilds] == ["J♥"]


def test_seven_cards_with_four_wilds_are_ranked_without_trying_every_card():
    made = high("2c 2d 2h 2s 9d 8c 3h", "2c 2d 2h 2s")
    assert made.name == "Five of a kind, nines"
    assert len(made.wilds) == 4
    made = best_high(P("2c 2d 2h 2s 9d 8c 3h"), P("2c 2d 2h 2s"), five_of_a_kind=False)
    assert made.name == "Straight flush, king high"  # K-Q-J-10 of diamonds with the 9♦


def test_a_wild_that_is_not_needed_is_shown_as_itself_and_the_hand_is_natural():
    made = high("As Ks Qs Js Ts 2c 3d", "2c")
    assert made.name == "Royal flush"
    assert made.natural
    assert made.wilds == ()


def test_a_wild_standing_for_itself_keeps_the_hand_natural():
    made = high("7c 7d 7h 2c 2d", "2c")
    assert made.name == "Four of a kind, sevens"
    assert not made.natural
    natural = best_high(P("As Ad Ah Ks Kd"), P("Kd"), natural_beats_wild=True)
    assert natural.name == "Four of a kind, aces"


def test_a_wild_in_a_low_becomes_the_best_low_card():
    assert low("Ah 2d 3c 4s Jk", "Jk").name == "Wheel (five low)"
    assert low("2c 3d 4h 5s Jk", "Jk", kind="27").name == "Seven-five low"
    suited = low("2c 3c 4c 7c Jk", "Jk", kind="27")
    assert suited.name == "Seven-five low"
    assert len({c.suit for c in suited.best if c != JOKER} | {suited.wilds[0][1].suit}) > 1


def test_a_natural_beats_a_wild_only_where_the_game_says_so():
    wild = best_high(P("Ac Ad Kh Kd 2s"), P("2s"), natural_beats_wild=True)
    natural = best_high(P("As Ah Ad Kc Ks"), natural_beats_wild=True)
    assert wild.name == natural.name == "Full house, aces over kings"
    assert natural.key > wild.key
    assert high("Ac Ad Kh Kd 2s", "2s").key == high("As Ah Ad Kc Ks").key


# --- Names, small hands, lows, tie-breaks -----------------------------------------------


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("Ks Qs Js Ts 9s", "Straight flush, king high"),
        ("7c 7d 7h 7s 2c", "Four of a kind, sevens"),
        ("Kc Kd Kh 7s 7c", "Full house, kings over sevens"),
        ("Ah 9h 7h 4h 2h", "Flush, ace high"),
        ("Ah 2d 3c 4s 5h", "Straight, five high"),
        ("9c 9d 9h As 2c", "Three of a kind, nines"),
        ("Jc Jd 4h 4s 2c", "Two pair, jacks and fours"),
        ("9c 9d Ah 4s 2c", "Pair of nines"),
        ("Ac Jd 8h 4s 2c", "Ace high"),
    ],
)
def test_hands_are_named_in_table_words(cards, name):
    assert high(cards).name == name


def test_lows_are_named_by_their_two_highest_cards():
    assert low("Ah 2d 3c 4s 5h").name == "Wheel (five low)"
    assert low("7h 5d 4c 3s 2h", kind="27").name == "Seven-five low"
    assert low("8h 6d 4c 3s Ah").name == "Eight-six low"


def test_the_best_deuce_to_seven_low_is_seven_five_four_three_two_unsuited():
    best = low("7h 5d 4c 3s 2h", kind="27")
    assert best.key > low("7h 6d 4c 3s 2h", kind="27").key
    assert best.key > low("7h 5h 4h 3h 2h", kind="27").key  # a flush counts against
    assert best.key > low("6h 5d 4c 3s 2h", kind="27").key  # a straight counts against
    assert best.key > low("Ah 2d 3c 4s 5h", kind="27").key  # the ace is high


def test_an_ace_to_five_low_ignores_straights_and_flushes_and_counts_pairs_against():
    wheel = low("Ah 2h 3h 4h 5h")
    assert wheel.name == "Wheel (five low)"
    assert wheel.key > low("6h 4d 3c 2s Ah").key > low("Ah Ad 2c 3c 4c").key


def test_the_eight_or_better_qualifier_refuses_a_nine_or_a_pair():
    assert low("8h 6d 4c 3s Ah", qualifier=8) is not None
    assert low("9h 6d 4c 3s Ah", qualifier=8) is None
    assert low("8h 8d 4c 3s Ah 2c", qualifier=8) is not None
    assert low("8h 8d 4c 3s Ah", qualifier=8) is None


def test_three_card_hands_rank_as_three_card_poker_by_default():
    trips = high("2c 2d 2h", size=3)
    straight_flush = high("Ah Kh Qh", size=3)
    straight = high("Ah Kd Qh", size=3)
    flush = high("Ah 9h 4h", size=3)
    pair = high("Ac Ad 9h", size=3)
    assert straight_flush.key > trips.key > straight.key > flush.key > pair.key
    assert straight_flush.name == "Straight flush, ace high"
    assert high("Ah 2d 3h", size=3).name == "Straight, three high"
    assert high("Ah Kd Qh", size=3, straights=False, flushes=False).name == "Ace high"


@pytest.mark.parametrize(
    ("order", "best_first"),
    [
        ("poker", ["Ah Kh Qh", "Ah 9h 4h", "Ah Kd Qh", "2c 2d 2h", "Ac Ad 9h"]),
        ("trips_top", ["2c 2d 2h", "Ah Kh Qh", "Ah 9h 4h", "Ah Kd Qh", "Ac Ad 9h"]),
    ],
)
def test_a_game_may_name_its_own_order_of_three_card_hands(order, best_first):
    keys = [high(cards, size=3, three_card_order=order).key for cards in best_first]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_an_ace_low_game_ranks_the_ace_below_the_deuce():
    assert high("2c", size=1, ace_low=True).key > high("Ah", size=1, ace_low=True).key
    assert high("Ah", size=1).key > high("2c", size=1).key


def test_two_card_hands_rank_a_pair_above_a_straight_flush():
    pair = high("2c 2d", size=2)
    straight_flush = high("Ah Kh", size=2)
    high_card = high("Ah 9d", size=2)
    assert pair.key > straight_flush.key > high("Ah Kd", size=2).key > high_card.key
    assert high("Ah 9h", size=2).key > high_card.key
    assert high("Ah 9h", size=2, flushes=False).key == high_card.key


def test_a_one_card_hand_is_its_card_and_a_wild_is_an_ace():
    assert high("Kd", size=1).key < high("As", size=1).key == high("2c", "2c", size=1).key


def test_a_short_hand_ranks_with_missing_cards_counting_as_nothing():
    assert best_high(P("9c 9d")) is None
    short = high("9c 9d", short=True)
    with_kicker = high("9c 9d 5h", short=True)
    assert short.name == "Pair of nines"
    assert with_kicker.key > short.key > high("8c 8d Ah Kh Qd").key
    assert len(short.key) == len(high("Ac Kd Qh Js 9s").key)
    assert low("7h 5d 3c", short=True).key < low("7h 5d 3c 2s", short=True).key


def test_a_suit_order_breaks_ties_highest_suit_first():
    spades = best_high(P("As Kd 9h 5c 3d"), suit_order="shdc")
    hearts = best_high(P("Ah Ks 9s 5s 3s"), suit_order="shdc")
    assert spades.key > hearts.key
    assert high("As Kd 9h 5c 3d").key == high("Ah Ks 9s 5s 3s").key


def test_jacks_or_better_and_other_least_hands():
    assert at_least(high("Jc Jd 9h 4s 2c"), "pair", 11)
    assert not at_least(high("Tc Td 9h 4s 2c"), "pair", 11)
    assert at_least(high("4c 4d 9h 9s 2c"), "pair", 11)
    assert at_least(high("4c 4d 4h 9s 2c"), "three_of_a_kind")
    assert not at_least(high("Ah Kh Qh Jh 9c"), "straight")


# --- Properties ---------------------------------------------------------------------------

hands_st = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands_st, st.data())
def test_turning_any_card_into_a_wild_never_lowers_the_hand(hand, data):
    wilds = data.draw(st.sets(st.sampled_from(hand), max_size=3))
    extra = data.draw(st.sampled_from(hand))
    more = wilds | {extra}
    for rules in ({}, {"natural_beats_wild": True}, {"size": 3}, {"five_of_a_kind": False}):
        assert best_high(hand, more, **rules).key >= best_high(hand, wilds, **rules).key
    for kind in ("a5", "27"):
        assert best_low(hand, more, kind=kind).key >= best_low(hand, wilds, kind=kind).key


@settings(max_examples=100, deadline=None)
@given(st.lists(hands_st, min_size=3, max_size=3), st.booleans())
def test_hands_are_totally_ordered(hands, with_wilds):
    keys = [best_high(h, h[:2] if with_wilds else ()).key for h in hands]
    a, b, c = keys
    assert len({len(k) for k in keys}) == 1
    assert (a > b) + (a < b) + (a == b) == 1
    assert outcome(a, b) == -outcome(b, a)
    if a >= b and b >= c:
        assert a >= c
    lows = [best_low(h, kind="27").key for h in hands]
    if lows[0] >= lows[1] >= lows[2]:
        assert lows[0] >= lows[2]


@settings(max_examples=100, deadline=None)
@given(hands_st, st.permutations("shdc"), st.integers(0, 3))
def test_keys_do_not_change_when_the_suits_are_swapped(hand, suits, wilds):
    swap = dict(zip("shdc", suits, strict=True))
    swapped = [type(c)(c.rank, swap[c.suit]) for c in hand]
    assert best_high(hand, hand[:wilds]).key == best_high(swapped, swapped[:wilds]).key
    assert best_low(hand, hand[:wilds], kind="27").key == (
        best_low(swapped, swapped[:wilds], kind="27").key
    )


@settings(max_examples=100, deadline=None)
@given(hands_st, hands_st, st.integers(0, 2), st.integers(0, 2))
def test_natural_beats_wild_only_changes_ties(one, two, w1, w2):
    plain = outcome(best_high(one, one[:w1]).key, best_high(two, two[:w2]).key)
    ruled = best_high(one, one[:w1], natural_beats_wild=True)
    other = best_high(two, two[:w2], natural_beats_wild=True)
    if plain:
        assert outcome(ruled.key, other.key) == plain
    elif ruled.natural != other.natural:
        assert outcome(ruled.key, other.key) == (1 if ruled.natural else -1)


def test_the_fast_path_for_plain_hands_names_the_same_hand_as_the_full_solver():
    """Plain five-to-seven-card hands skip the wild solver; both must say the same."""
    from rulebook.showdown import ranking

    rng = random.Random(SEED + 7)
    plain_rules = ranking._Options(5, True, True, True, "")
    for _ in range(1500):
        cards = rng.sample(DECK, rng.choice((5, 6, 7)))
        fast = best_high(cards)
        full = ranking._high(ranking._Hand(cards, (), "", 14), plain_rules, False)
        assert fast.key == full.key
        assert fast.name == full.name
        assert rank_key7(list(fast.best)) == fast.key
        assert set(fast.best) <= set(cards)
