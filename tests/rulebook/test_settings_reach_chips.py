"""Every "Tables differ" setting reaches the chips, or the rule data says it moves none.

A setting is tied to a money rule or step (`when`), answers the night's house
settings for the game's hands (`house`), or is `words_only`; one that is none
of these is a load error naming the game and the setting.
"""

from pathlib import Path

import pytest

from rulebook.loader import GAMES_DIR, RulebookError, load_game, load_games
from rulebook.schema import GAME_ONLY_HOUSE_KEYS, HOUSE_KEYS, Setting

pytestmark = pytest.mark.pure

GAMES = load_games()
HI_DI = (GAMES_DIR / "hi-di-deu-wi.yaml").read_text()
FIRST_BET = '    default: "yes"\n  - id: opener\n'  # Hi Di Deu Wi's first-bet, tied to its steps
ODD_CHIP_WHEN = "    when: {odd-chip: diamond}\n"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hi-di-deu-wi.yaml"
    path.write_text(text)
    return path


def _used(game) -> set[str]:
    rules = game.money + [m for o in game.options for m in o.money]
    steps = game.phases + [p for o in game.options for p in [i.phase for i in o.phases.add]]
    steps += [p for o in game.options for p in o.phases.replace]
    return {setting for item in [*rules, *steps] for setting in item.when}


def test_every_setting_of_every_game_reaches_the_chips_one_way_or_is_words_only():
    for game in GAMES:
        used = _used(game)
        for setting in game.settings:
            wired = setting.id in used or bool(setting.house)
            assert wired != setting.words_only, f"{game.slug}: {setting.id}"


def test_a_setting_that_reaches_no_chips_is_a_load_error_naming_game_and_setting(tmp_path):
    # The diamond half's odd-chip rule no longer depends on the setting, so nothing does.
    text = HI_DI.replace("    when: {odd-chip: best-hand}\n", "").replace(ODD_CHIP_WHEN, "")
    text = text.replace("money: [diamond-split, diamond-split-odd-chip]", "money: [diamond-split]")
    text = text.replace("rules: [diamond-split, diamond-split-odd-chip]", "rules: [diamond-split]")
    text = text.replace(
        text[text.index("  - id: diamond-split-odd-chip") : text.index("settings:")], ""
    )
    with pytest.raises(RulebookError, match=r"Hi Di Deu Wi: setting 'odd-chip' reaches no chips"):
        load_game(write(tmp_path, text))


def test_words_only_cannot_be_said_of_a_setting_a_rule_depends_on(tmp_path):
    text = HI_DI.replace(FIRST_BET, FIRST_BET.replace('"yes"\n', '"yes"\n    words_only: true\n'))
    with pytest.raises(RulebookError, match=r"setting 'first-bet' is words_only"):
        load_game(write(tmp_path, text))


def _setting(**extra) -> dict:
    return {
        "id": "odd-chip",
        "question": "Where does the odd chip go?",
        "choices": {"high": "To the high half.", "low": "To the low half."},
        "default": "high",
        **extra,
    }


def test_house_answers_every_choice_with_a_value_the_ledger_knows():
    setting = Setting.model_validate(
        _setting(house={"high": {"odd_to": "high"}, "low": {"odd_to": "low"}})
    )
    assert setting.house_words["low"] == "the odd chip goes to the low half"


@pytest.mark.parametrize(
    ("house", "words_only", "refusal"),
    [
        ({"high": {"odd_to": "high"}}, False, "house must give every choice"),
        ({"high": {"odd_to": "high"}, "low": {"odd_chip": "first_left"}}, False, "same keys"),
        ({"high": {"pot": "high"}, "low": {"pot": "low"}}, False, "house key 'pot'"),
        ({"high": {"odd_to": "high"}, "low": {"odd_to": "middle"}}, False, "not 'middle'"),
        (
            {
                "high": {"both_must_win_outright": "yes"},
                "low": {"both_must_win_outright": False},
            },
            False,
            "both_must_win_outright is one of true, false",
        ),
        ({"high": {"odd_to": "high"}, "low": {"odd_to": "low"}}, True, "words_only"),
    ],
)
def test_a_house_that_the_ledger_cannot_use_is_refused(house, words_only, refusal):
    with pytest.raises(ValueError, match=refusal):
        Setting.model_validate(_setting(house=house, words_only=words_only))


def test_house_keys_are_the_ledgers_own():
    from ledger.core.house_rules import CHOICES, HouseRules

    for key, values in HOUSE_KEYS.items():
        if key in GAME_ONLY_HOUSE_KEYS:
            assert not hasattr(HouseRules(), key)  # the night has no such setting
            assert set(values) == {True, False}
        elif key in CHOICES:
            assert set(values) == set(CHOICES[key])
        else:
            assert isinstance(getattr(HouseRules(), key), bool)


def test_pass_the_trash_asks_once_what_a_both_declarer_must_win():
    trash = next(g for g in GAMES if g.slug == "pass-the-trash")
    ids = [s.id for s in trash.settings]
    assert "both-ways" not in ids
    both = next(s for s in trash.settings if s.id == "both-must-win-outright")
    assert both.house == {
        "yes": {"both_must_win_outright": True},
        "no": {"both_must_win_outright": False},
    }
    assert both.default == "yes"


def test_no_game_asks_about_declaring_both_twice():
    for game in GAMES:
        answering = [s.id for s in game.settings if "both_must_win_outright" in _keys(s)]
        assert len(answering) <= 1, game.slug


def _keys(setting) -> set[str]:
    return {key for values in setting.house.values() for key in values}


def test_hi_di_deu_wi_has_a_rounded_up_diamond_half_for_its_odd_chip_setting():
    game = next(g for g in GAMES if g.slug == "hi-di-deu-wi")
    twins = {r.id: r for r in game.money if "odd-chip" in r.when}
    assert twins["diamond-split"].when == {"odd-chip": "best-hand"}
    assert twins["diamond-split"].amount.rounding == "down"
    assert twins["diamond-split-odd-chip"].when == {"odd-chip": "diamond"}
    assert twins["diamond-split-odd-chip"].amount.rounding == "up"
