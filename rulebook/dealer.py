"""Dealer mode: the phases of a hand with the chosen options applied.

Pure functions over `rulebook.schema` types, no Django. The dealer page and,
later, the ledger's live dealer mode both ask this module which steps a hand
has and which money rules each step books.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rulebook.schema import Game, MoneyRule, Option, Phase

UNKNOWN_OPTION = "{game} has no option called {option!r}."
OPTIONS_CLASH = "{first} and {second} cannot be played together."


class OptionError(ValueError):
    """The chosen options do not exist or exclude each other."""


def chosen_options(game: Game, ids: Iterable[str]) -> list[Option]:
    """The options switched on, in the game's own order, checked for clashes."""
    wanted = set(ids)
    by_id = {option.id: option for option in game.options}
    for option_id in sorted(wanted - by_id.keys()):
        raise OptionError(UNKNOWN_OPTION.format(game=game.name, option=option_id))
    options = [option for option in game.options if option.id in wanted]
    for option in options:
        for other in option.excludes:
            if other in wanted:
                raise OptionError(OPTIONS_CLASH.format(first=option.name, second=by_id[other].name))
    return options


def hand_phases(game: Game, options: list[Option]) -> list[Phase]:
    """The game's phases after every chosen option has added, replaced or removed its steps."""
    phases = list(game.phases)
    for option in options:
        removed = set(option.phases.remove)
        replacements = {phase.id: phase for phase in option.phases.replace}
        phases = [replacements.get(p.id, p) for p in phases if p.id not in removed]
        for insert in option.phases.add:
            anchor = insert.after or insert.before
            ids = [p.id for p in phases]
            if anchor not in ids:
                # The anchor was removed by another option: keep the step, at the end.
                phases.append(insert.phase)
                continue
            index = ids.index(anchor) + (1 if insert.after else 0)
            phases.insert(index, insert.phase)
    return phases


def money_rules(game: Game, options: list[Option]) -> dict[str, MoneyRule]:
    """Every money rule in force for this hand, by id."""
    rules = {rule.id: rule for rule in game.money}
    for option in options:
        rules.update({rule.id: rule for rule in option.money})
    return rules


@dataclass(frozen=True)
class Cost:
    """One line of "what this step costs" on the dealer screen."""

    rule: MoneyRule
    total: str


def phase_costs(phase: Phase, rules: dict[str, MoneyRule], players: int) -> list[Cost]:
    """What the step books, with a table total where everyone pays the same fixed amount."""
    costs = []
    for rule_id in phase.money:
        rule = rules.get(rule_id)
        if rule is None:
            continue
        costs.append(Cost(rule=rule, total=_table_total(rule, players)))
    return costs


def _table_total(rule: MoneyRule, players: int) -> str:
    if rule.amount is None or rule.payer != "each_player" or rule.payee != "pot":
        return ""
    total = rule.amount.times(players)
    return f"{total.describe()} in the pot from {players} players" if total else ""
