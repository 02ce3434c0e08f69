"""Cards as players type them, as pages show them, and the deals that cannot happen."""

import pytest

from rulebook.showdown.cards import (
    BLACK_SPOT,
    DECK,
    JOKER,
    Card,
    CardError,
    card_from_data,
    check_cards,
    parse_card,
    parse_cards,
    rank_word,
)

pytestmark = pytest.mark.pure


@pytest.mark.parametrize(
    ("typed", "rank", "suit"),
    [
        ("As", 14, "s"),
        ("as", 14, "s"),
        ("AS", 14, "s"),
        ("10h", 10, "h"),
        ("Th", 10, "h"),
        ("th", 10, "h"),
        ("2c", 2, "c"),
        ("Kd", 13, "d"),
        (" qd ", 12, "d"),
        ("A♠", 14, "s"),
        ("10♥", 10, "h"),
        ("j♣", 11, "c"),
        ("K♦", 13, "d"),
    ],
)
def test_a_card_is_read_however_players_type_it(typed, rank, suit):
    assert parse_card(typed) == Card(rank, suit)


@pytest.mark.parametrize("typed", ["Jk", "jk", "JOKER", "joker"])
def test_a_joker_is_typed_jk_or_joker(typed):
    assert parse_card(typed) == JOKER


@pytest.mark.parametrize("typed", ["BS", "bs", "spot", "Black Spot"])
def test_the_black_spot_is_typed_bs_or_spot(typed):
    assert parse_card(typed) == BLACK_SPOT


def test_a_hand_is_typed_with_spaces_commas_or_as_a_list():
    hand = [Card(14, "s"), Card(13, "d"), Card(7, "h"), Card(10, "c"), Card(2, "s")]
    assert parse_cards("As Kd 7h Tc 2s") == hand
    assert parse_cards("As, Kd,7h 10c  2s") == hand
    assert parse_cards("AsKd7h10c2s") == hand
    assert parse_cards(["As", "Kd", "7h", "Tc", "2s"]) == hand
    assert parse_cards("") == []


@pytest.mark.parametrize("typed", ["1h", "11s", "Ax", "A", "s", "10", "Zz", "As Kd"])
def test_a_card_that_cannot_be_is_refused_saying_what_to_type(typed):
    with pytest.raises(CardError) as refused:
        parse_card(typed)
    message = str(refused.value)
    assert f"“{typed}” is not a card" in message
    assert "type a rank 2-10, J, Q, K or A and a suit s, h, d or c, such as 10h" in message


def test_a_bad_card_in_a_hand_is_named_in_the_refusal():
    with pytest.raises(CardError, match="“1h” is not a card"):
        parse_cards("As 1h Kd")


def test_a_card_is_shown_with_its_suit_symbol_and_coded_for_the_api():
    ten = parse_card("10d")
    assert (ten.label, ten.code, ten.colour) == ("10♦", "Td", "red")
    ace = parse_card("as")
    assert (ace.label, ace.code, ace.colour) == ("A♠", "As", "black")
    assert (JOKER.label, JOKER.code, JOKER.colour) == ("joker", "Jk", "")
    assert (BLACK_SPOT.label, BLACK_SPOT.code) == ("Black Spot", "BS")
    assert str(parse_card("qh")) == "Q♥"


def test_every_card_of_the_deck_reads_back_from_its_code_and_its_label():
    assert len(set(DECK)) == 52
    for card in DECK:
        assert parse_card(card.code) == card
        assert parse_card(card.label) == card


def test_the_rule_datas_card_codes_and_rank_words():
    assert card_from_data("10d") == card_from_data("Td") == Card(10, "d")
    assert card_from_data("Kd") == Card(13, "d")
    assert rank_word(14) == "ace"
    assert rank_word(14, plural=True) == "aces"
    assert rank_word(6, plural=True) == "sixes"
    assert rank_word(10) == "ten"
    assert rank_word(11) == "jack"


def test_the_same_card_in_two_hands_is_refused_naming_both_players():
    ace = parse_card("As")
    with pytest.raises(CardError) as refused:
        check_cards({"Ann": [ace, parse_card("Kd")], "Bob": [ace]})
    assert str(refused.value) == "A♠ is in Ann's hand and Bob's: a one-deck game has one A♠."


def test_a_card_on_the_board_and_in_a_hand_is_refused():
    with pytest.raises(CardError, match="on the board and in Ann's hand"):
        check_cards({"Ann": parse_cards("7h 2c")}, board=parse_cards("7h 9d"))


def test_a_card_twice_in_one_hand_is_refused():
    with pytest.raises(CardError, match="twice in Ann's hand"):
        check_cards({"Ann": parse_cards("7h 7h")})


def test_two_decks_allow_two_copies_but_not_three():
    check_cards({"Ann": parse_cards("As Ad"), "Bob": parse_cards("As")}, decks=2)
    with pytest.raises(CardError, match="a two-deck game has two A♠"):
        check_cards(
            {"Ann": parse_cards("As"), "Bob": parse_cards("As"), "Cat": parse_cards("As")}, decks=2
        )


def test_a_joker_in_a_game_without_jokers_is_refused():
    with pytest.raises(CardError, match="This game has no jokers"):
        check_cards({"Ann": [JOKER]})
    check_cards({"Ann": [JOKER], "Bob": [JOKER]}, jokers=2)
    with pytest.raises(CardError, match="This game has 1 joker, but 2 were entered"):
        check_cards({"Ann": [JOKER], "Bob": [JOKER]}, jokers=1)


def test_the_black_spot_is_refused_unless_it_is_in_play():
    with pytest.raises(CardError, match="The Black Spot is not in play"):
        check_cards({"Ann": [BLACK_SPOT]})
    check_cards({"Ann": [BLACK_SPOT]}, black_spot=True)
    with pytest.raises(CardError, match="one Black Spot"):
        check_cards({"Ann": [BLACK_SPOT], "Bob": [BLACK_SPOT]}, black_spot=True)


def test_a_possible_deal_passes():
    check_cards(
        {"Ann": parse_cards("As Kd"), "Bob": parse_cards("Ah Kc")}, board=parse_cards("2c 3d 4h")
    )
