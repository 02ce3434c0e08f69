"""The game files validate, and a broken file fails loudly, naming file and field."""

from pathlib import Path

import pytest

from rulebook.loader import GAMES_DIR, RulebookError, load_game, load_games

pytestmark = pytest.mark.pure

TRASH = (GAMES_DIR / "trash-poker.yaml").read_text()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_every_game_file_validates():
    games = load_games()
    assert len(games) == len(list(GAMES_DIR.glob("*.yaml")))


def test_slugs_match_file_names():
    for game in load_games():
        assert (GAMES_DIR / f"{game.slug}.yaml").exists()


def test_unknown_family_names_the_file_and_field(tmp_path):
    path = write(tmp_path, "trash-poker.yaml", TRASH.replace("family: draw", "family: drawww"))
    with pytest.raises(RulebookError, match=r"trash-poker\.yaml: field family: Input should be"):
        load_game(path)


def test_missing_field_is_named(tmp_path):
    text = "\n".join(line for line in TRASH.splitlines() if not line.startswith("name:"))
    with pytest.raises(RulebookError, match=r"field name: Field required"):
        load_game(write(tmp_path, "trash-poker.yaml", text))


def test_misspelt_key_is_refused(tmp_path):
    text = TRASH.replace("aliases: []", "alias: []", 1)
    with pytest.raises(RulebookError, match=r"field alias: Extra inputs are not permitted"):
        load_game(write(tmp_path, "trash-poker.yaml", text))


def test_phase_pointing_at_unknown_money_rule_is_refused(tmp_path):
    text = TRASH.replace("money: [draw-fee, pass-fee]", "money: [draw-fee, no-such-fee]")
    with pytest.raises(RulebookError, match=r"unknown id 'no-such-fee'"):
        load_game(write(tmp_path, "trash-poker.yaml", text))


def test_amount_needs_exactly_one_unit(tmp_path):
    text = TRASH.replace("amount: {antes: 1, example: one chip}", "amount: {antes: 1, chips: 2}")
    with pytest.raises(RulebookError, match=r"field money\.0\.amount: .*exactly one"):
        load_game(write(tmp_path, "trash-poker.yaml", text))


def test_slug_must_match_file_name(tmp_path):
    with pytest.raises(RulebookError, match=r"must match the file name"):
        load_game(write(tmp_path, "other.yaml", "slug: trash-poker\n" + TRASH))


def test_broken_yaml_is_reported(tmp_path):
    with pytest.raises(RulebookError, match=r"bad\.yaml: not valid YAML"):
        load_game(write(tmp_path, "bad.yaml", "name: [unclosed\n"))


def test_reference_to_unknown_game_is_refused(tmp_path):
    write(tmp_path, "trash-poker.yaml", TRASH + "variant_of: no-such-game\n")
    with pytest.raises(RulebookError, match=r"refers to unknown game 'no-such-game'"):
        load_games(tmp_path)


def test_empty_directory_is_an_error(tmp_path):
    with pytest.raises(RulebookError, match="no game files"):
        load_games(tmp_path)
