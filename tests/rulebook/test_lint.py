"""The game-file linter: each rule catches its bad example and passes its good one.

Every rule has a pair of files in `lint_examples/<rule id>/`: `bad.yaml`
breaks the rule and nothing else, `ok.yaml` is the way the docs ask for.
Both load (the schema accepts them): the linter judges what the schema
cannot. Every seed game passes it, and the loader refuses one that does not
(tests/rulebook/test_loader.py).
"""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulebook import lint
from rulebook.lint import Finding, errors, lint_game
from rulebook.loader import GAMES_DIR, load_game, load_games

pytestmark = pytest.mark.pure

EXAMPLES = Path(__file__).resolve().parent / "lint_examples"


def findings(rule: str, example: str) -> list[Finding]:
    """The example's findings of this rule (the others' are the other tests' business)."""
    game = load_game(EXAMPLES / rule / f"{example}.yaml")
    return [f for f in lint_game(game) if f.rule == rule]


def assert_caught(rule: str, level: str) -> None:
    bad = findings(rule, "bad")
    assert bad, f"{rule}: bad.yaml found nothing"
    assert {f.level for f in bad} == {level}
    assert findings(rule, "ok") == []


def test_every_rule_has_its_pair_of_examples():
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()) == sorted(lint.RULES)
    for rule in lint.RULES:
        assert (EXAMPLES / rule / "bad.yaml").exists()
        assert (EXAMPLES / rule / "ok.yaml").exists()


def test_no_example_breaks_another_rule():
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        others = [f for f in lint_game(load_game(path)) if f.rule != path.parent.name]
        assert others == [], path


def test_a_words_only_setting_that_changes_a_steps_count_is_an_error():
    assert_caught(lint.WORDS_ONLY_MOVES_CHIPS, "error")
    [finding] = findings(lint.WORDS_ONLY_MOVES_CHIPS, "bad")
    assert finding.where == "setting 'draw-limit'"
    assert "step 'draw'" in finding.message


def test_a_words_only_choice_that_speaks_of_paying_is_a_note(tmp_path):
    text = (EXAMPLES / lint.WORDS_ONLY_MOVES_CHIPS / "ok.yaml").read_text()
    path = tmp_path / "deal-fee.yaml"
    path.write_text(
        text.replace("fixed: No, one dealer all night.", "fixed: The dealer pays to keep it.")
    )
    [finding] = [f for f in lint_game(load_game(path)) if f.rule == lint.WORDS_ONLY_MOVES_CHIPS]
    assert (finding.level, finding.where) == ("note", "setting 'deal-rotation'")


def test_a_words_only_choice_where_nobody_pays_is_no_note(tmp_path):
    text = (EXAMPLES / lint.WORDS_ONLY_MOVES_CHIPS / "ok.yaml").read_text()
    path = tmp_path / "deal-free.yaml"
    path.write_text(
        text.replace(
            "fixed: No, one dealer all night.", "fixed: The dealer keeps it and pays nothing."
        )
    )
    assert [f for f in lint_game(load_game(path)) if f.rule == lint.WORDS_ONLY_MOVES_CHIPS] == []


def test_a_per_that_counts_the_rules_own_payer_is_an_error():
    assert_caught(lint.PER_NAMES_OWN_PARTY, "error")
    [finding] = findings(lint.PER_NAMES_OWN_PARTY, "bad")
    assert finding.where == "money rule 'drop-fee'"
    assert "payer (folded)" in finding.message


def test_an_unguarded_ante_in_a_game_of_several_deals_is_an_error():
    assert_caught(lint.ANTE_EVERY_DEAL, "error")
    [finding] = findings(lint.ANTE_EVERY_DEAL, "bad")
    assert finding.where == "step 'ante'"


def test_a_both_ways_setting_under_another_name_is_an_error():
    assert_caught(lint.ID_CONVENTION, "error")
    [finding] = findings(lint.ID_CONVENTION, "bad")
    assert "both-must-win-outright" in finding.message


def test_an_id_off_kebab_case_is_an_error(tmp_path):
    text = (EXAMPLES / lint.BARE_BETTING_STEP / "ok.yaml").read_text()
    path = tmp_path / "bet-round.yaml"
    path.write_text(text.replace("- id: bet\n", "- id: Bet_Round\n"))
    [finding] = [f for f in lint_game(load_game(path)) if f.rule == lint.ID_CONVENTION]
    assert (finding.level, finding.where) == ("error", "step 'Bet_Round'")


def test_the_ante_in_antes_beside_an_agreed_ante_is_an_error():
    assert_caught(lint.MIXED_UNITS, "error")
    [finding] = findings(lint.MIXED_UNITS, "bad")
    assert "reante" in finding.message


def test_a_betting_step_saying_only_betting_round_is_an_error():
    assert_caught(lint.BARE_BETTING_STEP, "error")


def test_an_agreed_amount_with_no_from_source_is_a_note():
    assert_caught(lint.UNSOURCED_FACT, "note")


def test_the_sources_example_off_at_the_default_is_a_note():
    assert_caught(lint.CHOICE_VS_EXAMPLE, "note")
    [finding] = findings(lint.CHOICE_VS_EXAMPLE, "bad")
    assert finding.where == "setting 'bonus-from'"


def test_an_odd_chips_worked_example_is_no_note(tmp_path):
    text = (EXAMPLES / lint.CHOICE_VS_EXAMPLE / "bad.yaml").read_text()
    rounded = 'amount: {pot: "1/2", rounding: up, example: a pot of 13 gives 7}'
    path = tmp_path / "odd-chip.yaml"
    path.write_text(
        text.replace("amount: {chips: 1, example: a chip from each of the others}", rounded)
    )
    assert [f for f in lint_game(load_game(path)) if f.rule == lint.CHOICE_VS_EXAMPLE] == []


def test_a_finding_reads_as_the_file_the_level_and_the_rule():
    [finding] = findings(lint.UNSOURCED_FACT, "bad")
    assert str(finding).startswith("bad.yaml: NOTE (for a person to read) [unsourced-fact] ")
    [finding] = findings(lint.BARE_BETTING_STEP, "bad")
    assert str(finding).startswith("bad.yaml: ERROR [bare-betting-step] step 'bet': ")


def test_a_betting_step_that_says_only_who_opens_is_an_error(tmp_path):
    text = (EXAMPLES / lint.BARE_BETTING_STEP / "ok.yaml").read_text()
    path = tmp_path / "who-opens.yaml"
    path.write_text(text.replace("Check or bet; call, raise or fold.", "Best hand showing opens."))
    [finding] = [f for f in lint_game(load_game(path)) if f.rule == lint.BARE_BETTING_STEP]
    assert finding.level == "error"
    assert "names none of the round's actions" in finding.message


def test_every_seed_game_passes_the_linter():
    found = [str(f) for g in load_games(linted=False) for f in errors(lint_game(g))]
    assert found == []


def test_lint_games_fails_on_a_file_with_errors(capsys):
    bad = EXAMPLES / lint.BARE_BETTING_STEP / "bad.yaml"
    with pytest.raises(CommandError, match=r"1 games linted: 1 error\(s\), 0 note\(s\)"):
        call_command("lint_games", str(bad))
    assert "ERROR [bare-betting-step]" in capsys.readouterr().out


def test_lint_games_prints_notes_and_passes(capsys):
    call_command("lint_games", str(EXAMPLES / lint.UNSOURCED_FACT / "bad.yaml"))
    out = capsys.readouterr().out
    assert "NOTE (for a person to read) [unsourced-fact]" in out
    assert "1 games linted: 0 error(s), 1 note(s)" in out


def test_lint_games_names_a_file_the_schema_refuses(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: Broken\n")
    with pytest.raises(CommandError, match=r"broken\.yaml: field"):
        call_command("lint_games", str(path))


def test_lint_games_checks_every_seed_game_by_default(capsys):
    call_command("lint_games")
    count = len(list(GAMES_DIR.glob("*.yaml")))
    assert f"{count} games linted: 0 error(s)" in capsys.readouterr().out
