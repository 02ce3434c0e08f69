"""A linter for the game files: what the schema accepts but a careful reader would not.

Pure Python over a loaded `Game` (no Django): the test suite runs it on every
seed game, and `manage.py lint_games` runs it for house-game authors. The
loader's schema checks say whether a file can be played at all; these rules
say whether it says what it means. A rule a program can judge surely gives an
ERROR; one it can only suspect gives a NOTE for a person to read. Each rule
has an id, listed in docs/game-files.md ("Linter").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from rulebook.schema import Game, MoneyRule, Option, Phase

Level = Literal["error", "note"]

WORDS_ONLY_MOVES_CHIPS = "words-only-moves-chips"
PER_NAMES_OWN_PARTY = "per-names-own-party"
ANTE_EVERY_DEAL = "ante-every-deal"
ID_CONVENTION = "id-convention"
MIXED_UNITS = "mixed-units"
BARE_BETTING_STEP = "bare-betting-step"
UNSOURCED_FACT = "unsourced-fact"
CHOICE_VS_EXAMPLE = "choice-vs-example"

RULES: dict[str, str] = {
    WORDS_ONLY_MOVES_CHIPS: "a words-only setting whose choices change chips or steps",
    PER_NAMES_OWN_PARTY: "a money rule counted per its own payer or payee",
    ANTE_EVERY_DEAL: "an ante or stake step in a game of several deals with no when or only_if",
    ID_CONVENTION: "an id off the conventions (kebab-case, both-must-win-outright)",
    MIXED_UNITS: "the same payment given in different units in one game",
    BARE_BETTING_STEP: "a betting step whose text says only that it is a betting round",
    UNSOURCED_FACT: "a fact the file decides with no from_source or setting (for a person)",
    CHOICE_VS_EXAMPLE: "a setting whose default may contradict the source's example (for a person)",
}


@dataclass(frozen=True)
class Finding:
    """One thing the linter found: `where` names the step, rule or setting."""

    game: str
    rule: str
    level: Level
    where: str
    message: str

    def __str__(self) -> str:
        tag = "ERROR" if self.level == "error" else "NOTE (for a person to read)"
        return f"{self.game}.yaml: {tag} [{self.rule}] {self.where}: {self.message}"


def lint_game(game: Game) -> list[Finding]:
    """Every finding for one game, errors and notes, in rule order."""
    checks = (
        _words_only_moves_chips,
        _per_names_own_party,
        _ante_every_deal,
        _id_convention,
        _mixed_units,
        _bare_betting_step,
        _unsourced_fact,
        _choice_vs_example,
    )
    return [finding for check in checks for finding in check(game)]


def errors(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.level == "error"]


def _all_rules(game: Game) -> list[MoneyRule]:
    return game.money + [m for o in game.options for m in o.money]


def _option_steps(option: Option) -> list[Phase]:
    return [i.phase for i in option.phases.add] + option.phases.replace


def _all_steps(game: Game) -> list[Phase]:
    return game.phases + [p for o in game.options for p in _option_steps(o)]


# -- words-only-moves-chips ------------------------------------------------------------------

# A choice that names a sum: "two chips", "a quarter", "$1", "1 ante".
_AMOUNT = re.compile(
    r"(\b(\d+|one|two|three|four|five|six|ten)\s+(chips?|antes?|cents?)\b|[$£€]\s*\d"
    r"|\b(pay|pays|paid|costs?|owes?)\b[^.]*\b(a|an|one|two|\d+)\s+"
    r"(quarters?|nickels?|dimes?|chips?|antes?)\b)",
    re.IGNORECASE,
)
# A choice that speaks of paying, short of saying nobody does.
_PAYING = re.compile(r"\b(pay|pays|paid|paying)\b(?! nothing)", re.IGNORECASE)
_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}
_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven)\b", re.IGNORECASE)


def _counts(text: str) -> set[int]:
    return {int(w) if w.isdigit() else _NUMBERS[w.lower()] for w in _NUMBER.findall(text)}


def _words_only_moves_chips(game: Game) -> Iterator[Finding]:
    """A words-only setting moves no chips and changes no step; its choices must not either.

    The loader refuses a `when` on one; this catches the rest: a showdown rule's
    `tied_when` on it, a choice that names a sum, and choices that change how
    many cards a step with a count handles (its count is then a fact the
    setting overrides, and a rule per card pays differently).
    """
    steps = [s for s in _all_steps(game) if s.count is not None]
    for setting in game.settings:
        if not setting.words_only:
            continue
        where = f"setting {setting.id!r}"
        for rule in _all_rules(game):
            if rule.fires is not None and setting.id in rule.fires.tied_when:
                yield Finding(
                    game.slug,
                    WORDS_ONLY_MOVES_CHIPS,
                    "error",
                    where,
                    f"money rule {rule.id!r} fires on its choice (tied_when): drop words_only",
                )
        for choice, words in setting.choices.items():
            if _AMOUNT.search(words):
                yield Finding(
                    game.slug,
                    WORDS_ONLY_MOVES_CHIPS,
                    "error",
                    where,
                    f"choice {choice!r} names a sum ({words!r}): give it a money rule "
                    "with when, and drop words_only",
                )
        paying = [c for c, words in setting.choices.items() if _PAYING.search(words)]
        if paying:
            yield Finding(
                game.slug,
                WORDS_ONLY_MOVES_CHIPS,
                "note",
                where,
                f"choice {paying[0]!r} speaks of paying: if a choice changes who pays or "
                "which step is played, give it rules or steps with when, and drop words_only",
            )
        question = setting.question.lower()
        counts = [_counts(words) for words in setting.choices.values()]
        if "how many" not in question or "card" not in question:
            continue
        if len({frozenset(c) for c in counts}) < 2:
            continue
        for step in steps:
            if any(step.count in c for c in counts):
                yield Finding(
                    game.slug,
                    WORDS_ONLY_MOVES_CHIPS,
                    "error",
                    where,
                    f"its choices change how many cards step {step.id!r} takes "
                    f"(count {step.count}): write a step per choice with when, "
                    "and drop words_only",
                )
                break


# -- per-names-own-party ---------------------------------------------------------------------

# The parties a `per` counts: paying "per stayer" from the stayers reads as a multiplier.
PER_PARTIES: dict[str, frozenset[str]] = {
    "folder": frozenset({"folded"}),
    "stayer": frozenset({"stayers"}),
    "winner": frozenset({"winner", "winners"}),
    "loser": frozenset({"loser", "losers"}),
}


def _per_names_own_party(game: Game) -> Iterator[Finding]:
    """Each payer already pays in full: `per` counting the payers (or payees) multiplies it."""
    for rule in _all_rules(game):
        if rule.per is None:
            continue
        parties = PER_PARTIES.get(rule.per.each, frozenset())
        for side, party in (("payer", rule.payer), ("payee", rule.payee)):
            if party in parties:
                yield Finding(
                    game.slug,
                    PER_NAMES_OWN_PARTY,
                    "error",
                    f"money rule {rule.id!r}",
                    f"per {{each: {rule.per.each}}} counts its own {side} ({party}): the "
                    "amount already goes once from (or to) each of them; drop per",
                )


# -- ante-every-deal -------------------------------------------------------------------------


_EVERY_DEAL = re.compile(r"\b(every|each) (deal|hand|round)\b|\bon top of\b", re.IGNORECASE)


def _ante_every_deal(game: Game) -> Iterator[Finding]:
    """Over several deals an unguarded ante step antes again into every riding pot.

    Unless the file says so in as many words: a step or one of its rules whose
    text says the ante comes every deal, on top of the riding pot.
    """
    several = game.deals is not None or game.pot.unwon == "ride"
    if not several:
        return
    rules = {rule.id: rule for rule in _all_rules(game)}
    for step in _all_steps(game):
        if step.kind not in ("ante", "stake") or step.when or step.only_if is not None:
            continue
        texts = [step.text, *(rules[r].text for r in step.money if r in rules)]
        if any(_EVERY_DEAL.search(text) for text in texts):
            continue
        yield Finding(
            game.slug,
            ANTE_EVERY_DEAL,
            "error",
            f"step {step.id!r}",
            f"the game runs over several deals, so this {step.kind} comes again every "
            "deal: give only_if (pot_empty, first_deal), a when on a setting, or say "
            "in its text that it comes every deal",
        )


# -- id-convention ---------------------------------------------------------------------------

KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
BOTH_WAYS = "both-must-win-outright"


def _id_convention(game: Game) -> Iterator[Finding]:
    """Ids are kebab-case; the night's both-ways question keeps its own name and choices."""
    named: list[tuple[str, str]] = []
    named += [("step", s.id) for s in _all_steps(game)]
    named += [("money rule", r.id) for r in _all_rules(game)]
    named += [("option", o.id) for o in game.options]
    for setting in game.settings:
        named.append(("setting", setting.id))
        named += [(f"setting {setting.id!r} choice", c) for c in setting.choices]
    for what, ident in named:
        if not KEBAB.match(ident):
            yield Finding(
                game.slug,
                ID_CONVENTION,
                "error",
                f"{what} {ident!r}",
                "ids are kebab-case: lower-case words joined by hyphens",
            )
    for setting in game.settings:
        keys = {key for values in setting.house.values() for key in values}
        if keys != {"both_must_win_outright"}:
            continue
        if setting.id != BOTH_WAYS or set(setting.choices) != {"yes", "no"}:
            yield Finding(
                game.slug,
                ID_CONVENTION,
                "error",
                f"setting {setting.id!r}",
                f"it restates the night's both-ways setting: call it {BOTH_WAYS!r} "
                'with choices "yes" and "no"',
            )


# -- mixed-units -----------------------------------------------------------------------------

# Kinds that are the same payment: an ante and a re-ante are both the table's ante.
_SAME_THING = {"reante": "ante", "ante": "ante"}


def _unit(rule: MoneyRule) -> str | None:
    amount = rule.amount
    if amount is None:
        return None
    if amount.agreed is not None:
        return f"agreed ({amount.agreed})" if amount.agreed_in == "chips" else "agreed money"
    for unit in ("chips", "money", "antes", "min_bets", "pot", "contribution", "points"):
        if getattr(amount, unit) is not None:
            return unit
    return None


def _mixed_units(game: Game) -> Iterator[Finding]:
    """One payment, two units: the table may be asked for one and booked another.

    The ante and re-ante in `antes` beside one in an agreed amount (or in chips)
    are sure to differ in meaning: an error. Other rules of one kind in both
    chips and money may be deliberate (a fine in money, a penalty in chips):
    a note.
    """
    by_kind: dict[str, dict[str, list[str]]] = {}
    for rule in _all_rules(game):
        unit = _unit(rule)
        if unit is None or unit in ("pot", "contribution"):
            continue
        kind = _SAME_THING.get(rule.kind, rule.kind)
        by_kind.setdefault(kind, {}).setdefault(unit, []).append(rule.id)
    for kind, units in by_kind.items():
        if len(units) < 2:
            continue
        listed = "; ".join(f"{unit}: {', '.join(ids)}" for unit, ids in sorted(units.items()))
        if kind == "ante":
            yield Finding(
                game.slug,
                MIXED_UNITS,
                "error",
                "ante rules",
                f"the table's ante is given in {len(units)} ways ({listed}): use one",
            )
        elif {"chips", "money"} <= set(units):
            yield Finding(
                game.slug,
                MIXED_UNITS,
                "note",
                f"{kind} rules",
                f"some in chips, some in money ({listed}): check the source means both",
            )


# -- bare-betting-step -----------------------------------------------------------------------

_BARE_TEXTS = {
    "betting round",
    "a betting round",
    "another betting round",
    "round of betting",
    "a round of betting",
    "bet",
    "betting",
}


def _bare_betting_step(game: Game) -> Iterator[Finding]:
    """A betting step's text tells the dealer how the round goes, not only that it is one.

    Its own words beyond a heading ("Betting round.", its name or title), naming the
    round's actions (check or bet, call, raise or fold): "Best hand showing opens." says
    who starts and nothing of how it goes on.
    """
    for step in _all_steps(game):
        if step.kind != "bet":
            continue
        said = step.text.strip().rstrip(".!").strip().lower()
        if said in _BARE_TEXTS or said in (step.name.lower(), step.title.lower()):
            why = f"its text is only {step.text.strip()!r}"
        elif not _ACTIONS.search(step.text):
            why = "its text names none of the round's actions"
        else:
            continue
        yield Finding(
            game.slug,
            BARE_BETTING_STEP,
            "error",
            f"step {step.id!r}",
            f"{why}: say how the round goes (check or bet, call, raise or fold)",
        )


_ACTIONS = re.compile(r"\b(checks?|calls?|raises?|folds?)\b", re.IGNORECASE)


# -- unsourced-fact (note) -------------------------------------------------------------------

# Words that own up to a choice the file made.
_DECIDED = re.compile(
    r"\b(assumed?|assuming|we play|our default|house default|by default|presumably|"
    r"is taken to|read here|not said)\b",
    re.IGNORECASE,
)


def _unsourced_fact(game: Game) -> Iterator[Finding]:
    """Heuristic: a step or rule that says it decided something, yet keeps no from_source.

    And an agreed amount nobody sourced: the table is asked for a figure; if
    the source gives none, from_source should say so.
    """
    offered: dict[str, list[Phase]] = {}
    for step in _all_steps(game):
        for rule_id in step.money:
            offered.setdefault(rule_id, []).append(step)
        if not step.from_source and _DECIDED.search(step.text):
            yield Finding(
                game.slug,
                UNSOURCED_FACT,
                "note",
                f"step {step.id!r}",
                "its text owns up to a choice the source does not make: say so in from_source",
            )
    for rule in _all_rules(game):
        if rule.from_source or rule.when:
            continue
        sourced = any(step.from_source for step in offered.get(rule.id, []))
        if _DECIDED.search(rule.text):
            yield Finding(
                game.slug,
                UNSOURCED_FACT,
                "note",
                f"money rule {rule.id!r}",
                "its text owns up to a choice the source does not make: say so in from_source",
            )
        elif rule.amount is not None and rule.amount.agreed is not None and not sourced:
            yield Finding(
                game.slug,
                UNSOURCED_FACT,
                "note",
                f"money rule {rule.id!r}",
                f"the table agrees {rule.amount.agreed!r}: if the source names no figure, "
                "say so in from_source",
            )


# -- choice-vs-example (note) ----------------------------------------------------------------


def _choice_vs_example(game: Game) -> Iterator[Finding]:
    """Heuristic: the source's example (`amount.example`) is in force only off the default.

    A setting's default should be what the source shows; a rule carrying the
    source's example that only a non-default choice switches on may mean the
    default contradicts it. Only a person with the source can tell.
    """
    settings = {s.id: s for s in game.settings}
    for rule in _all_rules(game):
        if rule.amount is None or not rule.amount.example or rule.amount.rounding == "up":
            # An odd chip rounded up: its example shows the rounding, not the source.
            continue
        off = [k for k, v in rule.when.items() if k in settings and settings[k].default != v]
        for setting_id in off:
            yield Finding(
                game.slug,
                CHOICE_VS_EXAMPLE,
                "note",
                f"setting {setting_id!r}",
                f"money rule {rule.id!r} carries the source's example "
                f"({rule.amount.example!r}) but is off at the default "
                f"{settings[setting_id].default!r}: check the default against the source",
            )
