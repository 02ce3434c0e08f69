"""What the showdown plays as the table plays a game: its wilds this deal, its jokers, an ace low.

Pure: the rule data as loaded from rulebook/games, no database. Every answer
is worked out by hand from the games' rules.
"""

from pathlib import Path

import pytest

from rulebook.loader import load_game
from rulebook.showdown import evaluation, request_check

GAMES = Path(__file__).resolve().parents[2] / "rulebook" / "games"


def game(slug: str):
    return load_game(GAMES / f"{slug}.yaml")


def test_the_card_after_the_latest_face_up_queen_is_wild_with_the_queens():
    follows = game("queen-and-what-follows")
    # Q♥ then 5♦: fives; a later Q♣ then 9♠ moves the extra wild to nines.
    assert evaluation.table_wilds(follows, up_order=["3c", "Qh", "5d", "8s"]) == [
        "queens",
        "fives",
    ]
    assert evaluation.table_wilds(follows, up_order=["Qh", "5d", "Qc", "9s"]) == [
        "queens",
        "nines",
    ]


def test_before_any_queen_is_face_up_only_queens_are_wild():
    assert evaluation.table_wilds(game("queen-and-what-follows"), up_order=["3c", "8s"]) == [
        "queens"
    ]


def test_a_wild_the_table_names_is_shown_only_once_named():
    fish = game("fish-node")
    assert evaluation.table_wilds(fish) == []
    assert evaluation.table_wilds(fish, wild_ranks=["7"]) == ["sevens"]


@pytest.mark.parametrize(
    ("options", "jokers"),
    [([], 0), (["jokers"], 2)],
)
def test_jokers_are_in_play_only_with_the_option_that_shuffles_them_in(options, jokers):
    assert request_check.jokers_in_play(game("trash-poker"), options) == jokers


def test_a_game_with_no_jokers_offers_none():
    assert request_check.jokers_in_play(game("five-card-draw")) == 0


def test_an_ace_played_low_is_named_ace_low_never_ace_high():
    """Screw Your Neighbor: kings high, aces low; one card is the hand."""
    hands = {"Ann": {"cards": "As"}, "Bob": {"cards": "Kd"}}
    result = request_check.check(
        {"game": "screw-your-neighbor", "hands": hands}, lambda slug: game(slug)
    )
    named = {name: shown["name"] for name, shown in evaluation.describe(result)["hands"].items()}
    assert named == {"Ann": "Ace low", "Bob": "King high"}
