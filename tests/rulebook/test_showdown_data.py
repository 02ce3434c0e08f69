"""Every game's typed showdown agrees with what its page tells people.

The rule page shows the prose (wilds, the hand-ranking tags, the notes); the
helper reads the typed section. A game whose tags say "natural beats wild"
while its data says otherwise would rank one way and read another.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.loader import GAMES_DIR, load_game
from rulebook.showdown.rules import Showdown

pytestmark = pytest.mark.pure

FILES = sorted(GAMES_DIR.glob("*.yaml"))


def _patches(showdown: Showdown) -> list:
    return [*showdown.by_option.values()] + [
        p for choices in showdown.by_setting.values() for p in choices.values()
    ]


def _ever(showdown: Showdown, field: str) -> set:
    """Every value a whole-showdown field takes, with any option or setting."""
    values = {getattr(showdown, field)}
    values |= {getattr(p, field) for p in _patches(showdown) if getattr(p, field) is not None}
    return values


@pytest.fixture(params=FILES, ids=lambda p: p.stem)
def game(request):
    return load_game(request.param)


def test_no_former_prose_is_left_as_a_comment():
    left = [p.name for p in FILES if "# was " in p.read_text()]
    assert left == []


def test_a_game_the_helper_does_not_rank_says_why(game):
    showdown = game.showdown
    if not showdown.helper:
        assert len(showdown.no_helper) >= 10
        assert not showdown.wilds
        assert not showdown.kill_cards


def test_natural_beats_wild_tag_matches_the_data(game):
    tagged = "natural_beats_wild" in game.rankings
    assert tagged == (True in _ever(game.showdown, "natural_beats_wild"))


def test_no_straights_or_flushes_tag_matches_the_data(game):
    tagged = "no_straights_flushes" in game.rankings
    counted = _ever(game.showdown, "straights") | _ever(game.showdown, "flushes")
    assert not tagged or False in counted


def test_wild_cards_tag_matches_the_data(game):
    showdown = game.showdown
    assert ("wild_cards" in game.rankings) == bool(showdown.wilds)


def test_prose_wilds_match_the_always_on_typed_wilds(game):
    always = [w for w in game.showdown.wilds if w.option is None]
    assert bool(game.wilds) == bool(always)


def test_hand_size_tags_match_the_data(game):
    sizes = _ever(game.showdown, "hand")
    for tag, size in (("three_card", 3), ("two_card", 2), ("one_card", 1)):
        if tag in game.rankings:
            assert size in sizes, tag


def test_short_hands_tag_matches_the_data(game):
    tagged = "incomplete_hands" in game.rankings
    assert tagged == (True in _ever(game.showdown, "short_hands"))


def test_low_tags_name_a_low_the_helper_ranks(game):
    showdown = game.showdown
    if not showdown.helper:
        return
    rankings = _ever(showdown, "ranking")
    lows = _ever(showdown, "low")
    if "ace_to_five_low" in game.rankings or "deuce_to_seven_low" in game.rankings:
        assert rankings & {"low", "high_low"}, "a low tag with no low ranking"
    if "deuce_to_seven_low" in game.rankings:
        assert "27" in lows


def test_a_split_pot_game_ranks_both_halves(game):
    showdown = game.showdown
    if not showdown.helper or game.pot.kind not in {"high_low", "high_low_declare"}:
        return
    assert _ever(showdown, "ranking") & {"high_low", "points"}


def test_files_load_with_their_showdown(game):
    assert isinstance(game.showdown, Showdown)
    assert Path(GAMES_DIR / f"{game.slug}.yaml").exists()


def _example_names() -> str:
    here = Path(__file__).parent
    return " ".join(p.read_text() for p in sorted(here.glob("test_showdown_examples_*.py")))


def test_every_game_with_wild_kill_or_special_cards_has_a_worked_example(game):
    """One hand figured by hand per game whose showdown is more than plain poker."""
    showdown = game.showdown
    special = (
        showdown.wilds
        or showdown.kill_cards
        or showdown.auto_wins
        or showdown.races
        or showdown.points
    )
    if not special:
        return
    assert f"def test_{game.slug.replace('-', '_')}_" in _example_names()
