"""What the second reading of 2026-11-27 changed, read from the real rule files.

Each test states the seed's rule (or the file's reading of a silence) as the
dealer would meet it, so it fails if the file drifts back.
"""

from __future__ import annotations

from rulebook import dealer
from tests.rulebook.showdown_hands import game

BET_ACTIONS = ("check", "call", "raise", "fold")


def steps(slug: str, options: list[str]) -> dict[str, object]:
    rules = game(slug)
    chosen = dealer.chosen_options(rules, options)
    return {phase.id: phase for phase in dealer.hand_phases(rules, chosen, {})}


def test_three_card_poker_draw_is_always_two_cards() -> None:
    # Seed: every player must draw two cards; no table choice softens it.
    rules = game("three-card-poker")
    assert "draw-size" not in {setting.id for setting in rules.settings}
    draws = [phase for phase in rules.phases if phase.kind == "draw"]
    assert [(phase.id, phase.count) for phase in draws] == [("draw", 2)]
    assert "stand pat" in draws[0].text
    assert draws[0].from_source


def test_three_card_poker_after_draw_opener_is_owned_up_to() -> None:
    phases = {phase.id: phase for phase in game("three-card-poker").phases}
    assert phases["bet-2"].from_source
    for bet in ("bet-1", "bet-2"):
        assert all(word in phases[bet].text for word in BET_ACTIONS)


def test_black_russian_sweep_option_tells_the_dealer_nobody_matches() -> None:
    plain = steps("black-russian", [])["settle"]
    sweep = steps("black-russian", ["sweep-ends"])["settle"]
    assert "all three" not in plain.text
    assert "all three" in sweep.text
    assert "nobody matches" in sweep.text


def test_pass_the_trash_three_passes_rounds_say_opener_and_actions() -> None:
    phases = steps("pass-the-trash", ["three-passes"])
    for bet in ("bet-2", "bet-pass-2", "bet-pass-3"):
        assert phases[bet].from_source, bet
        assert all(word in phases[bet].text for word in BET_ACTIONS), bet


def test_pass_the_trash_dealer_pattern_leaves_last_round_to_next_step() -> None:
    phases = steps("pass-the-trash", ["dealer-pattern"])
    ids = list(phases)
    assert ids[ids.index("pass") + 1] == "bet-2"
    assert "between passes" in phases["pass"].text


def test_fish_node_fish_flop_keeps_the_step_note() -> None:
    assert steps("fish-node", ["fish-flop"])["fish-node"].from_source


def test_five_card_indian_poker_bets_say_how_the_round_goes() -> None:
    phases = {phase.id: phase for phase in game("five-card-indian-poker").phases}
    bets = [phase for phase in phases.values() if phase.kind == "bet"]
    assert len(bets) == 2
    for bet in bets:
        assert all(word in bet.text for word in BET_ACTIONS), bet.id
