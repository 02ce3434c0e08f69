"""What a game's setup page and the deal forms show, and how the table says come and go.

Reads only, for the pages and the API: every agreed amount a game could
ask and where its setup page asks it (`where_asked`), prefilled
(`offered`), who a deal form ticks (`first_players`) and who it leaves out
(`out_of_lives`, `waiting_for_next_game`), what leavers left riding, and
`come_and_go_words`. What starting and dealing a game need themselves (the
choices saved, the amounts still unconfirmed) stays with the writes, in
`ledger.services.runs`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations, product

from ledger.core import inputs
from ledger.core.house_rules import house_rules
from ledger.models import Night, Run, Seat
from ledger.services import games, hands, runs
from rulebook.schema import Game as GameSpec


def every_agreed_name(spec: GameSpec) -> list[str]:
    """Every amount the game could ask the table for, whatever its options and settings.

    A setup page shows them all, each where `where_asked` puts it (under the
    choice or option that needs it), so switching a setting (antes to blinds)
    without script still finds its amount on the page.
    """
    return runs.agreed_names_in(
        [*spec.money, *(rule for option in spec.options for rule in option.money)]
    )


@dataclass(frozen=True)
class AskedWhere:
    """Where a setup page asks an agreed amount: under the choice or the option that needs it.

    Both empty: the game always needs it, so it is asked with the game's
    own amounts. `option` alone: only while that option is on. `setting` and
    `choice`: only while that choice is chosen (an option's own setting is
    itself shown only under its option). The page shows every amount, each
    where it belongs, so a choice changed without script still finds its
    amounts; the style sheet hides those of a choice or option not picked.
    """

    option: str = ""
    setting: str = ""
    choice: str = ""


def where_asked(spec: GameSpec) -> dict[str, AskedWhere]:
    """Each agreed amount of the game, by name, and where the setup page asks it.

    Worked from the rules that carry the amount: among the options that own
    them and the settings their `when` names, the one choice (or the one
    option) that switches every one of them on; when no single choice or
    option says it, the game's own place.
    """
    uses: dict[str, list[tuple[str, Mapping[str, str]]]] = {}
    owned = [("", rule) for rule in spec.money]
    owned += [(option.id, rule) for option in spec.options for rule in option.money]
    for owner, rule in owned:
        for name in runs.agreed_names_in([rule]):
            uses.setdefault(name, []).append((owner, rule.when))
    choices = {setting.id: list(setting.choices) for setting in spec.settings}
    return {name: _asked_where(found, choices) for name, found in uses.items()}


def _asked_where(
    uses: list[tuple[str, Mapping[str, str]]], choices: Mapping[str, list[str]]
) -> AskedWhere:
    if any(not owner and not when for owner, when in uses):
        return AskedWhere()
    options = sorted({owner for owner, _ in uses if owner})
    settings = sorted({setting for _, when in uses for setting in when if setting in choices})
    tables = [
        (frozenset(on), dict(zip(settings, picked, strict=True)))
        for on in _subsets(options)
        for picked in product(*(choices[s] for s in settings))
    ]

    def needed(on: frozenset[str], table: Mapping[str, str]) -> bool:
        return any(
            (not owner or owner in on) and all(table.get(s) == c for s, c in when.items())
            for owner, when in uses
        )

    places = [AskedWhere()]
    places += [AskedWhere(option=option) for option in options]
    places += [AskedWhere(setting=s, choice=c) for s in settings for c in choices[s]]
    places += [
        AskedWhere(option=o, setting=s, choice=c)
        for o in options
        for s in settings
        for c in choices[s]
    ]
    for place in places:
        if all(needed(on, table) == _asks_here(place, on, table) for on, table in tables):
            if place.setting:  # an option's setting is shown only under it: the choice says where
                return AskedWhere(setting=place.setting, choice=place.choice)
            return place
    return AskedWhere()


def _asks_here(place: AskedWhere, on: frozenset[str], table: Mapping[str, str]) -> bool:
    return (not place.option or place.option in on) and (
        not place.setting or table.get(place.setting) == place.choice
    )


def _subsets(items: Sequence[str]) -> Iterable[tuple[str, ...]]:
    return (combo for size in range(len(items) + 1) for combo in combinations(items, size))


def offered(night: Night, game_slug: str) -> dict[str, int | str]:
    """Every agreed amount the start page shows for a game, prefilled, for Start to confirm."""
    spec = games.spec_of(game_slug)
    names = every_agreed_name(spec)
    saved = runs.choices(night, spec.slug).get("agreed", {})
    return agreed_prefill(
        names, {n: v for n, v in saved.items() if n in names}, night, money=runs.in_money(spec)
    )


def agreed_prefill(
    names: list[str],
    saved: Mapping[str, object],
    night: Night,
    money: Collection[str] = (),
) -> dict[str, int | str]:
    """What the start page shows in each agreed amount before the table confirms it.

    The amount confirmed last time for this game, else the night's ante (in
    money for an amount named in money). Only shown: the table confirms it
    with the Start button.
    """
    ante = house_rules(night.settings).ante
    shown: dict[str, int | str] = {}
    for name in names:
        value = saved.get(name)
        if name in money:
            kept = isinstance(value, str) and value.strip()
            shown[name] = value if kept else format((ante * Decimal(night.unit)).normalize(), "f")
            continue
        shown[name] = value if inputs.is_whole(value) else ante
    return shown


def first_players(spec: GameSpec, seats: Iterable[Seat], dealer_seat: Seat | None) -> set[int]:
    """Who a game's setup page ticks: everyone not sitting out, or for a game of a few
    players (Pokino's two), the dealer and the players to their left, as many as it takes."""
    ready = [s for s in seats if not s.sitting_out]
    return _few_from(ready, dealer_seat, spec.players.max)


def _few_from(seats: list[Seat], dealer_seat: Seat | None, most: int | None) -> set[int]:
    """The dealer and the next players to the left, `most` in all (everyone if no most)."""
    if most is None or len(seats) <= most:
        return {s.pk for s in seats}
    ordered = sorted(seats, key=lambda s: s.position)
    start = next((i for i, s in enumerate(ordered) if dealer_seat and s.pk == dealer_seat.pk), 0)
    return {ordered[(start + i) % len(ordered)].pk for i in range(most)}


def out_of_lives(run: Run | None) -> set[int]:
    """Seats that lost every life in the open game of lives: the deal form leaves them out."""
    if run is None or run.status != Run.Status.OPEN:
        return set()
    left = games.lives_left(run)
    return {seat for seat, lives in (left or {}).items() if lives == 0}


def next_dealer(night: Night) -> Seat | None:
    """Who deals next: the deal moves on past a player who lost every life in the open game."""
    return hands.next_dealer(night, skip=out_of_lives(games.open_run(night)))


def waiting_for_next_game(run: Run | None, seats: Iterable[Seat]) -> set[int]:
    """Of `seats`, those who sat down after a game of lives staked at the start began.

    They wait for the next game (dealing them in is refused, `runs.deal_start`),
    so the deal forms leave them unticked and say so.
    """
    if run is None or run.status != Run.Status.OPEN:
        return set()
    if not runs.lives_staked(games.spec_of(run.game_slug)):
        return set()
    before = runs.dealt_before(run)
    return {seat.pk for seat in seats if before and seat.pk not in before}


def kept_from_leavers(run: Run) -> dict[int, int]:
    """What each player who has gone home put into this game, left riding for whoever wins it.

    Only where the house keeps a leaver's chips in the pot (`leaving`
    "pot_keeps"); their seat's leaving time says the rest, posting or not.
    """
    if house_rules(run.night.settings).leaving == "returned":
        return {}
    gone = set(run.night.seats.filter(left_at__isnull=False).values_list("pk", flat=True))
    return {seat: chips for seat, chips in runs.put_in(run).items() if seat in gone and chips}


def come_and_go_words(run: Run) -> list[str]:
    """What happens, in table words, if someone leaves or sits down while this game is open."""
    spec = games.spec_of(run.game_slug)
    rules = house_rules(run.night.settings)
    if rules.leaving == "returned":
        leaving = (
            "Someone who leaves between deals takes back their share of the riding pot, "
            "in proportion to what they put in."
        )
    else:
        leaving = (
            "Someone who leaves between deals leaves what they put in the pot for whoever wins it."
        )
    words = [
        f"{leaving} Someone in the deal being played leaves once it is settled, folded or not; "
        "anything they owe on a marker stays on the settlement."
    ]
    if runs.lives_staked(spec):
        words.append(
            f"Someone who sits down now waits for the next game: everyone's lives in "
            f"{run.game_name} were set out at the start."
        )
    elif runs.antes_every_deal(run, spec) or not games.multi_deal(spec):
        words.append("Someone who sits down now is dealt in from the next deal, antes and all.")
    elif rules.joining == "free":
        words.append(
            "Someone who sits down now is dealt in from the next deal and plays for the "
            "riding pot free."
        )
    elif rules.joining == "share":
        words.append(
            "Someone who sits down now is dealt in from the next deal and first pays an equal "
            "share of what is riding into the pot."
        )
    else:
        words.append(
            f"Someone who sits down now is dealt in from the next deal and first antes "
            f"{runs.opening_ante(run, spec)} into the riding pot."
        )
    return words
