"""Over all the scenarios in this folder, every playable game is played, every money rule a
dealer books fires, every house option is switched on and every choice of a setting that
changes play is chosen, at least once.

The scenarios are played dry here (`DryTable`: nothing is sent, only noted),
so the lists below are what the live runs play too: each scenario fails there
if a rule it books does not book, or the showdown fill fires other rules
than it says.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import tests.games
from ledger.core import facts
from rulebook.loader import load_games
from tests.games.table import HALVES, DryTable, Played


def scenarios():
    """Every scenario function in this folder: a test taking only `table`."""
    for info in pkgutil.iter_modules(tests.games.__path__):
        if not info.name.startswith("test_") or info.name == "test_every_rule_fires":
            continue
        module = importlib.import_module(f"tests.games.{info.name}")
        for name, function in vars(module).items():
            if name.startswith("test_") and list(inspect.signature(function).parameters) == [
                "table"
            ]:
                yield f"{info.name}::{name}", function


def played() -> list[Played]:
    found: list[Played] = []
    for _, scenario in scenarios():
        dry = DryTable()
        scenario(dry)
        found += dry.played
    return found


def playable():
    return {g.slug: g for g in load_games() if g.has_rules}


def choices_in_play(game) -> list[tuple[str, str]]:
    """Each (setting, choice) of a setting the dealer plays by (not one for words only)."""
    return [(s.id, c) for s in game.settings if not s.words_only for c in s.choices]


def chosen(game, play: Played) -> set[tuple[str, str]]:
    return {(s.id, play.settings.get(s.id, s.default)) for s in game.settings}


def in_force(rule, game, play: Played) -> bool:
    """Whether the rule applies under the scenario's options and settings."""
    mine = next((o for o in game.options if rule in o.money), None)
    if mine is not None and mine.id not in play.options:
        return False
    return set(rule.when.items()) <= chosen(game, play)


def halved(game, play: Played) -> set[str]:
    """A split high and low at the showdown plays the game's halving rule in force: the award
    pays the halves, so it is never booked by hand."""
    if HALVES not in play.fired:
        return set()
    rules = game.money + [m for o in game.options for m in o.money]
    return {r.id for r in rules if facts.award_halves(r) and in_force(r, game, play)}


def unplayed() -> dict[str, list[str]]:
    """By game, what no scenario plays: the game itself, a rule, an option, a choice."""
    games = playable()
    plays = played()
    missing: dict[str, list[str]] = {}
    for slug, game in games.items():
        mine = [p for p in plays if p.slug == slug]
        if not mine:
            missing[slug] = ["the game: no scenario"]
            continue
        fired = set().union(*(p.fired | halved(game, p) for p in mine))
        rules = game.money + [m for o in game.options for m in o.money]
        lacking = [f"rule {r.id}" for r in rules if facts.bookable(r) and r.id not in fired]
        switched = set().union(*(set(p.options) for p in mine))
        lacking += [f"option {o.id}" for o in game.options if o.id not in switched]
        seen = set().union(*(chosen(game, p) for p in mine))
        lacking += [f"setting {s}={c}" for s, c in choices_in_play(game) if (s, c) not in seen]
        if lacking:
            missing[slug] = lacking
    return missing


def test_every_scenario_plays_a_seed_game_by_its_ids():
    games = playable()
    for play in played():
        game = games.get(play.slug)
        assert game is not None, f"no playable game {play.slug!r}"
        options = {o.id for o in game.options}
        assert set(play.options) <= options, (play.slug, play.options)
        for setting, choice in play.settings.items():
            asked = {s.id: s for s in game.settings}.get(setting)
            assert asked is not None, (play.slug, setting)
            assert choice in asked.choices, (play.slug, setting, choice)
        rules = {r.id for r in game.money + [m for o in game.options for m in o.money]}
        assert play.fired - {HALVES} <= rules, (play.slug, play.fired - rules)


def test_no_game_rule_option_or_choice_goes_unplayed():
    missing = unplayed()
    listed = "\n".join(f"{slug}: {', '.join(what)}" for slug, what in sorted(missing.items()))
    assert not missing, f"{len(missing)} games with something no scenario plays:\n{listed}"
