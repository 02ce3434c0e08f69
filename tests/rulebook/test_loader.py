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


# Where money is offered, and how betting rounds are named: checked on load.
DRAW = (GAMES_DIR / "five-card-draw.yaml").read_text()


def test_a_money_rule_offered_at_no_step_fails_naming_the_game_and_rule(tmp_path):
    text = DRAW.replace("    money: [ante]\n", "", 1)
    with pytest.raises(RulebookError, match=r"Five Card Draw: money rule 'ante' is offered at no"):
        load_game(write(tmp_path, "five-card-draw.yaml", text))


def test_a_rule_listed_only_in_anytime_loads(tmp_path):
    text = DRAW.replace("    money: [ante]\n", "", 1) + "anytime: [ante]\n"
    assert load_game(write(tmp_path, "five-card-draw.yaml", text)).anytime == ["ante"]


def test_the_games_anytime_cannot_offer_an_options_rule(tmp_path):
    text = (GAMES_DIR / "dynamite.yaml").read_text() + "anytime: [high-low-split]\n"
    with pytest.raises(RulebookError, match=r"Dynamite: anytime lists 'high-low-split'"):
        load_game(write(tmp_path, "dynamite.yaml", text))


def test_a_betting_phase_without_a_name_fails(tmp_path):
    text = DRAW.replace("    name: Before the draw\n", "", 1)
    with pytest.raises(RulebookError, match=r"betting phase 'bet-1' needs a name"):
        load_game(write(tmp_path, "five-card-draw.yaml", text))


def test_a_betting_phase_named_just_betting_round_fails(tmp_path):
    text = DRAW.replace("name: Before the draw", "name: Betting round", 1)
    with pytest.raises(RulebookError, match=r"betting phase 'bet-1' is named 'Betting round'"):
        load_game(write(tmp_path, "five-card-draw.yaml", text))


def test_a_betting_phase_without_an_opener_fails(tmp_path):
    text = DRAW.replace("    opener: left_of_dealer\n", "", 1)
    with pytest.raises(RulebookError, match=r"betting phase 'bet-1' needs an opener"):
        load_game(write(tmp_path, "five-card-draw.yaml", text))


def test_a_step_when_must_name_a_real_setting_and_choice(tmp_path):
    fish = (GAMES_DIR / "fish-node.yaml").read_text()
    bad_choice = fish.replace('when: {bet-before-node: "yes"}', "when: {bet-before-node: maybe}")
    with pytest.raises(RulebookError, match=r"phase 'bet-2' when bet-before-node: unknown id"):
        load_game(write(tmp_path, "fish-node.yaml", bad_choice))
    bad_setting = fish.replace('when: {bet-before-node: "yes"}', 'when: {nope: "yes"}')
    with pytest.raises(RulebookError, match=r"phase 'bet-2' when: unknown id 'nope'"):
        load_game(write(tmp_path, "fish-node.yaml", bad_setting))


def test_a_money_rule_no_longer_names_its_phase(tmp_path):
    text = DRAW.replace("    mechanics: [M1]\n", "    phase: ante\n    mechanics: [M1]\n", 1)
    with pytest.raises(RulebookError, match=r"phase: Extra inputs are not permitted"):
        load_game(write(tmp_path, "five-card-draw.yaml", text))


def test_every_betting_phase_says_which_round_it_is_and_who_opens():
    for game in load_games():
        phases = [*game.phases]
        for option in game.options:
            phases += [i.phase for i in option.phases.add] + option.phases.replace
        for phase in (p for p in phases if p.kind == "bet"):
            assert phase.name, (game.slug, phase.id)
            assert phase.name.lower() != "betting round", (game.slug, phase.id)
            assert phase.opener, (game.slug, phase.id)


def test_every_money_rule_is_offered_somewhere():
    for game in load_games():
        offered = {r for p in game.phases for r in p.money} | set(game.anytime)
        offered |= set(game.fold_out) | set(game.all_out)
        for option in game.options:
            offered |= set(option.anytime)
            offered |= {r for i in option.phases.add for r in i.phase.money}
            offered |= {r for p in option.phases.replace for r in p.money}
        rules = [*game.money, *(r for o in game.options for r in o.money)]
        assert not [r.id for r in rules if r.id not in offered], game.slug


# A bet against the pot: any amount from a least up to a most (one way for every such game)

ACEY = (GAMES_DIR / "acey-deucey.yaml").read_text()
ACEY_BET = 'bet: {least: {money: "0.05"}, most: {pot: "1"}}'


def test_a_bet_against_the_pot_reads_from_its_least_up_to_its_most():
    game = load_game(GAMES_DIR / "acey-deucey.yaml")
    win = next(r for r in game.money if r.id == "wager-win")
    assert win.amount.bet is not None
    assert win.amount.describe() == "a bet from 0.05 in money up to the whole pot"
    between = load_game(GAMES_DIR / "in-between.yaml")
    capped = next(r for r in between.money if r.id == "wager-win")
    assert capped.amount.describe() == (
        "a bet from 1 chip up to the dealer's maximum loss or the whole pot, whichever is smaller"
    )


def test_a_wager_against_the_pot_without_a_bet_is_refused(tmp_path):
    assert ACEY.count(ACEY_BET) == 2
    text = ACEY.replace(ACEY_BET, 'money: "0.05"', 1)
    with pytest.raises(RulebookError, match=r"a wager against the pot is a bet: give amount\.bet"):
        load_game(write(tmp_path, "acey-deucey.yaml", text))


def test_only_a_wager_against_the_pot_is_a_bet(tmp_path):
    text = ACEY.replace("kind: wager_against_pot", "kind: direct_payment", 1)
    with pytest.raises(RulebookError, match="only a wager against the pot is a bet"):
        load_game(write(tmp_path, "acey-deucey.yaml", text))


def test_the_ends_of_a_bet_are_plain_amounts(tmp_path):
    text = ACEY.replace(ACEY_BET, 'bet: {least: {money: "0.05"}, most: {stack: true}}', 1)
    with pytest.raises(RulebookError, match=r"the most of a bet is one of .*, not stack"):
        load_game(write(tmp_path, "acey-deucey.yaml", text))


def test_a_first_round_limit_needs_a_bet_to_limit(tmp_path):
    limit = 'options:\n  - first_round: {below: {pot: "1"}}\n    id:'
    text = TRASH.replace("options:\n  - id:", limit, 1)
    assert text != TRASH
    with pytest.raises(RulebookError, match="a first-round limit is on bets against the pot"):
        load_game(write(tmp_path, "trash-poker.yaml", text))


def test_the_first_round_limit_is_the_options_own():
    game = load_game(GAMES_DIR / "acey-deucey.yaml")
    limits = {o.id: o.first_round for o in game.options}
    assert limits["palansky"].describe() == (
        "on each player's first turn of the game, a bet must be less than the whole pot"
    )
    assert limits["escape-chance"] is not None


def test_a_file_the_linter_finds_wrong_stops_the_load(tmp_path):
    """It fits the schema, but its betting step says only "Betting round.": refused."""
    bad = (Path(__file__).parent / "lint_examples" / "bare-betting-step" / "bad.yaml").read_text()
    write(tmp_path, "bad.yaml", bad)
    with pytest.raises(RulebookError, match=r"bad\.yaml: ERROR \[bare-betting-step\]") as raised:
        load_games(tmp_path)
    assert "docs/game-files.md" in str(raised.value)


def test_a_linter_note_does_not_stop_the_load(tmp_path):
    note = (Path(__file__).parent / "lint_examples" / "unsourced-fact" / "bad.yaml").read_text()
    write(tmp_path, "bad.yaml", note)
    assert [g.slug for g in load_games(tmp_path)] == ["bad"]
