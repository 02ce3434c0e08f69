"""Dealer mode: the phases of a hand with the chosen options and settings applied.

Pure functions over `rulebook.schema` types, no Django. The dealer page and
the ledger both ask this module which steps a hand has and which money rules
are in force: options add rules, and the table's settings pick, among rules
written one per choice, the one that applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulebook.schema import Amount, Game, MoneyRule, Option, Phase, Setting

UNKNOWN_OPTION = "{game} has no option called {option!r}."
OPTIONS_CLASH = "{first} and {second} cannot be played together."
UNKNOWN_SETTING = "{game} has no table setting called {setting!r}."
UNKNOWN_CHOICE = "{question} {choice!r} is not one of the choices: {choices}."


class OptionError(ValueError):
    """The chosen options do not exist or exclude each other."""


class SettingError(ValueError):
    """A chosen table setting, or its choice, is not one the game has."""


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


def hand_phases(
    game: Game, options: list[Option], settings: Mapping[str, str] | None = None
) -> list[Phase]:
    """The steps of a hand: the game's phases after the chosen options and the table's settings.

    Options add, replace or remove steps; then a step whose `when` the table's
    settings do not match is left out. With no settings given every step stays,
    as before steps had a `when`, so callers that do not know the table's
    settings yet see the whole game.
    """
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
    if settings is None:
        return phases
    table = table_settings(game, settings)
    return [phase for phase in phases if phase.in_force(table)]


def first_round_limits(options: list[Option]) -> list[Amount]:
    """What the chosen options say each bet against the pot must stay under on the first trip
    round the table (Palansky's "never the whole pot"): none when no option limits it."""
    return [option.first_round.below for option in options if option.first_round is not None]


def anytime_rules(game: Game, options: list[Option]) -> list[str]:
    """The ids of the rules that can happen at any moment: the game's and the chosen options'."""
    ids = [*game.anytime, *(rule for option in options for rule in option.anytime)]
    return list(dict.fromkeys(ids))


def table_settings(game: Game, chosen: Mapping[str, str]) -> dict[str, str]:
    """Every setting of the game mapped to the table's choice, or to its default.

    Checked here once, so a typo in a URL or an API call is refused by name
    instead of silently playing the default.
    """
    by_id = {setting.id: setting for setting in game.settings}
    for setting_id in sorted(chosen.keys() - by_id.keys()):
        raise SettingError(UNKNOWN_SETTING.format(game=game.name, setting=setting_id))
    for setting_id, choice in chosen.items():
        setting = by_id[setting_id]
        if choice not in setting.choices:
            choices = ", ".join(setting.choices)
            raise SettingError(
                UNKNOWN_CHOICE.format(question=setting.question, choice=choice, choices=choices)
            )
    return {s.id: chosen.get(s.id, s.default) for s in game.settings}


def setting_owner(game: Game) -> dict[str, str | None]:
    """Which option each setting belongs to, or None for the game's own.

    A setting only an option's rules and steps depend on is that option's
    question: a setup page asks it only when the option is on.
    """
    users: dict[str, set[str | None]] = {s.id: set() for s in game.settings}
    for owner, rules, phases in [
        (None, game.money, game.phases),
        *((o.id, o.money, _added_phases(o)) for o in game.options),
    ]:
        items: list[MoneyRule | Phase] = [*rules, *phases]
        for item in items:
            for setting_id in item.when:
                users.setdefault(setting_id, set()).add(owner)
    return {s: next(iter(owners)) if len(owners) == 1 else None for s, owners in users.items()}


def _added_phases(option: Option) -> list[Phase]:
    return [i.phase for i in option.phases.add] + list(option.phases.replace)


def money_rules(
    game: Game, options: list[Option], settings: Mapping[str, str] | None = None
) -> dict[str, MoneyRule]:
    """Every money rule in force for this hand, by id.

    The game's rules and those of the chosen options, keeping only those whose
    `when` matches the table's settings; None means the game's defaults. A
    rule in force drops the rules it says it stands `instead_of` (Limit
    match's capped match instead of the plain match).
    """
    table = table_settings(game, settings or {})
    rules = [*game.money, *(rule for option in options for rule in option.money)]
    live = [rule for rule in rules if rule.in_force(table)]
    replaced = {old for rule in live for old in rule.instead_of}
    return {rule.id: rule for rule in live if rule.id not in replaced}


@dataclass(frozen=True)
class SwitchedRule:
    """A money rule one choice of a setting switches on, and the option it belongs to, if any."""

    rule: MoneyRule
    option: str = ""


@dataclass(frozen=True)
class Choice:
    """One answer to a setting, for the rule page's "Tables differ"."""

    id: str
    label: str
    default: bool
    rules: tuple[SwitchedRule, ...]


def setting_choices(game: Game, setting: Setting) -> list[Choice]:
    """Each choice of `setting` with the money rules that depend on choosing it."""
    rules = [SwitchedRule(rule) for rule in game.money]
    rules += [SwitchedRule(rule, option.name) for option in game.options for rule in option.money]
    return [
        Choice(
            id=choice,
            label=label,
            default=choice == setting.default,
            rules=tuple(r for r in rules if r.rule.when.get(setting.id) == choice),
        )
        for choice, label in setting.choices.items()
    ]


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
