"""Back up a group as one JSON file, and check a file before it is restored.

`export_group` writes the group, its people and settings, and every night
with its seats, games, hands, accounts, journal (postings and entries),
score sheets, settlement payments, people's ways to be paid, and the cards entered at hands, as the
host may see them (a face-down card not yet shown stays its player's), each
night's nets kept alongside as a check. What the file holds is said in one place,
`backup_format.TABLES`, bound to the models' bounds by `backup_tables`:
the export writes each table's rows field by field as it says.

`read` and `check_values` are what a file must pass before any of it is
written (`ledger.services.restore` writes it): `backup_format.read` (size,
version, digest, rows that hold together), then every value held to the
checks the live site makes: names and settings, games with their options
and settings in the rulebook, cards as the card forms read them, each
hand's rules, kept showdowns the page can show.

A restore is always a new group owned by whoever restores it: restoring the
same file twice gives two copies, the second named "… (restored)" so the two
can be told apart (a double-submitted form restores once: see the view).
Phones and links are not part of a backup: join links and the spectator
link are new, and no phone holds a seat until it joins again.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.db.models import Model, QuerySet

from ledger.core import backup_format, card_sight, inputs, pay_links
from ledger.core.backup_format import BackupError
from ledger.core.house_rules import HouseRules, HouseRulesError, house_rules
from ledger.core.units import UnitError, chip_set
from ledger.models import Entry, Group, Hand, HandCards, Night, PayHandle, Person
from ledger.services import backup_tables, closing, games, runs, seat_cards
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.schema import HOUSE_KEYS
from rulebook.schema import Game as GameSpec
from rulebook.showdown import cards as deck

BAD_SETTINGS = "The backup's settings for {owner} are refused: {why}"
BAD_CHIPS = "The backup's chips for {night} are refused: {why}"
BAD_NAME = "The backup's {what} is refused: {why}"
BAD_ROW = backup_format.BAD_ROW
UNKNOWN_SETTINGS = "its settings name {names}, which this site does not have"
NOT_TEXT_LIST = "its {name} are not a list of text"
NOT_TEXT_MAP = "its {name} are not text by name"
BAD_CONFIG = "its rules are not a hand's: {why}"
CONFIG_NEEDS = "its rules lack {names}"
BAD_SAVED = "the choices it keeps for each game are not options, settings and amounts"
BAD_KEPT = "its cards and result cannot be shown: {why}"
TWO_HANDLES = "it is a second handle of one person for one service"
NOT_HOW_TO_PAY = "its words on how to pay are empty, or have an account holder"
NOT_AS_WRITTEN = "its handle is not written as the service writes it"
# What every hand's rules hold, as the hand reads them (`hands.hand_start` writes them).
HAND_CONFIG = ("side_pots", "ante", "min_bet", "limit", "cap")
# A night's or group's settings: house rules, and the keys a game's choice may answer (inert there).
HOUSE_RULES = set(HouseRules().as_dict()) | set(HOUSE_KEYS)
TABLES = backup_tables.TABLES


def export_group(group: Group) -> dict:
    """The whole file for `group`, as a dict: write it with `backup_format.dumps`.

    Each table's rows are its model's, field by field as the description says
    (`backup_tables.TABLES`), in id order; each night's nets are worked out alongside.
    """
    nights = list(Night.objects.filter(group=group).order_by("pk"))
    content: dict = {"group": _dumped(backup_tables.DESCRIBED.group, group)}
    for table, model in backup_tables.MODELS.items():
        if table == "nights":
            content[table] = [
                _dumped(TABLES[table], n)
                | {"nets": {str(seat): chips for seat, chips in closing.nets(n).items()}}
                for n in nights
            ]
        elif table == "people":
            content[table] = _rows(table, Person.objects.filter(group=group))
        elif table == "entries":
            content[table] = _rows(table, Entry.objects.filter(posting__night__group=group))
        elif table == "pay_handles":
            content[table] = _rows(table, PayHandle.objects.filter(person__group=group))
        elif table == "hand_cards":
            content[table] = _cards_the_host_sees(
                _rows(table, HandCards.objects.filter(night__group=group))
            )
        else:
            content[table] = _rows(table, model.objects.filter(night__group=group))
    return backup_format.wrap(content)


def _dumped(fields: backup_format.Fields, row: Model) -> dict:
    """One model's row as the file holds it, but for what the export works out."""
    return {
        name: field.dump(getattr(row, field.attr(name)))
        for name, field in fields.items()
        if not field.derived
    }


def _rows(table: str, rows: QuerySet) -> list[dict]:
    """A table's rows as the file holds them, in id order (read as values: a journal is long)."""
    fields = {name: f for name, f in TABLES[table].items() if not f.derived}
    attrs = [field.attr(name) for name, field in fields.items()]
    return [
        {
            name: field.dump(value)
            for (name, field), value in zip(fields.items(), values, strict=True)
        }
        for values in rows.order_by("pk").values_list(*attrs)
    ]


def _cards_the_host_sees(rows: list[dict]) -> list[dict]:
    """The cards rows as the host may see them now: a backup is the host's download.

    A player's face-down cards are theirs until the showdown (`ledger.core.card_sight`),
    so a file taken mid-hand, or holding a folded hand nobody showed, keeps only the
    cards dealt face up of those rows (or nothing); after a restore the players enter
    theirs again. Hands are loaded only for rows the host would not see whole anyway.
    """
    moments: dict[int, card_sight.Moment] = {}
    kept = []
    for row in rows:
        sight = card_sight.Row(
            seat=row["seat"],
            cards=tuple(row["cards"]),
            up=tuple(row["up"]),
            declare=row["declare"],
            down_by=row["down_by"],
            shown=row["shown"],
        )
        seen = card_sight.seen(sight, card_sight.HOST, _NOTHING_SHOWN)
        if seen is None or not seen.whole:
            if row["hand"] not in moments:
                moments[row["hand"]] = seat_cards.moment_of(Hand.objects.get(pk=row["hand"]))
            seen = card_sight.seen(sight, card_sight.HOST, moments[row["hand"]])
        if seen is None:
            continue
        if not seen.whole:
            row = row | {"cards": list(seen.cards), "declare": "", "down_by": ""}
        kept.append(row)
    return kept


_NOTHING_SHOWN = card_sight.moment(reached_showdown=False, still_in=())


def export_bytes(group: Group) -> bytes:
    return backup_format.dumps(export_group(group))


def read(data: bytes | str | Mapping) -> dict:
    """The checked content of a file, or of a file already parsed into a dict."""
    if isinstance(data, Mapping):
        data = backup_format.canonical(data)
    return backup_format.read(data, backup_tables.DESCRIBED)


def check_values(content: Mapping) -> None:
    """What the ledger itself would refuse: names, house settings, chips and currency."""
    group = content["group"]
    try:
        most = backup_tables.most
        inputs.text(group["name"], label="The group's name", most=most(Group, "name"))
        for person in content["people"]:
            inputs.text(person["name"], label="A player's name", most=most(Person, "name"))
        for night in content["nights"]:
            inputs.text(night["name"], label="A night's name", most=most(Night, "name"))
            inputs.currency(night["currency"])
    except inputs.InputError as exc:
        raise BackupError(BAD_NAME.format(what="text", why=str(exc))) from None
    for owner, settings in [
        (group["name"], group["settings"]),
        *((n["name"], n["settings"]) for n in content["nights"]),
    ]:
        try:
            house_rules(settings)
        except HouseRulesError as exc:
            raise BackupError(BAD_SETTINGS.format(owner=owner, why=exc)) from None
    for owner, settings in [
        (group["name"], group["settings"]),
        *((n["name"], n["settings"]) for n in content["nights"]),
    ]:
        if unknown := sorted(set(settings) - HOUSE_RULES - {"games"}):
            names = ", ".join(repr(n) for n in unknown)
            why = UNKNOWN_SETTINGS.format(names=names)
            raise BackupError(BAD_SETTINGS.format(owner=owner, why=why))
        if not _saved_choices(settings.get("games", {})):
            raise BackupError(BAD_SETTINGS.format(owner=owner, why=BAD_SAVED))
    _check_games(content)
    _check_hand_configs(content)
    _check_cards(content)
    _check_handles(content)
    for night in content["nights"]:
        try:
            chips = chip_set([(c["name"], c["value"]) for c in night["chips"]])
        except (UnitError, TypeError, KeyError, ValueError) as exc:
            raise BackupError(BAD_CHIPS.format(night=night["name"], why=exc)) from None
        if chips.unit != Decimal(night["unit"]):
            raise BackupError(BAD_CHIPS.format(night=night["name"], why="the unit is not theirs"))


def _refuse(table: str, number: int, why: object) -> BackupError:
    return BackupError(BAD_ROW.format(table=table, row=number, why=why))


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _saved_choices(saved: object) -> bool:
    """Choices kept for the next game of each kind, shaped as `runs.choices` reads them.

    An option or setting the rulebook has since dropped is left to `runs.still_known`.
    """
    return isinstance(saved, dict) and all(
        isinstance(picked, dict)
        and _texts(picked.get("options") or [])
        and isinstance(picked.get("settings") or {}, dict)
        and all(isinstance(v, str) for v in (picked.get("settings") or {}).values())
        and isinstance(picked.get("agreed") or {}, dict)
        for picked in saved.values()
    )


def _check_games(content: Mapping) -> None:
    """Every game is in the rulebook, its options and settings ones it has (as setup checks)."""
    for number, run in enumerate(content["runs"], 1):
        if not _texts(run["options"]):
            raise _refuse("runs", number, NOT_TEXT_LIST.format(name="options"))
        if not all(isinstance(v, str) for v in run["settings"].values()):
            raise _refuse("runs", number, NOT_TEXT_MAP.format(name="settings"))
        try:
            spec = games.spec_of(run["game_slug"])
            dealer.chosen_options(spec, run["options"])
            dealer.table_settings(spec, run["settings"])
            _check_agreed(spec, run)
        except (LedgerError, dealer.OptionError, dealer.SettingError, inputs.InputError) as exc:
            raise _refuse("runs", number, exc) from None
    for number, hand in enumerate(content["hands"], 1):
        try:
            if hand["game_slug"]:
                games.spec_of(hand["game_slug"])
        except LedgerError as exc:
            raise _refuse("hands", number, exc) from None


def _check_agreed(spec: GameSpec, run: Mapping) -> None:
    """The agreed amounts are ones the game's choices ask for, each as the setup page takes it."""
    needed = runs.needed_agreed(spec, run["options"], run["settings"])
    money = runs.in_money(spec)
    for name, value in run["agreed"].items():
        if name not in needed:
            raise LedgerError(runs.AGREED_UNKNOWN.format(game=spec.name, name=name))
        if name in money:
            inputs.money_amount(value, label=f"The {name}")
        else:
            inputs.whole(value, label=f"The {name}")


def _check_hand_configs(content: Mapping) -> None:
    """Each hand's rules hold what a hand reads, with values the house rules allow."""
    for number, hand in enumerate(content["hands"], 1):
        config = hand["config"]
        if missing := [name for name in HAND_CONFIG if name not in config]:
            raise _refuse("hands", number, CONFIG_NEEDS.format(names=", ".join(missing)))
        if not isinstance(config["side_pots"], bool):
            raise _refuse("hands", number, BAD_CONFIG.format(why="side_pots is not true or false"))
        try:
            house_rules(config)
        except (HouseRulesError, TypeError) as exc:
            raise _refuse("hands", number, BAD_CONFIG.format(why=exc)) from None


def _check_handles(content: Mapping) -> None:
    """Each way to be paid held to its service's format, as the person's page holds it."""
    seen: set[tuple[int, str]] = set()
    for number, row in enumerate(content["pay_handles"], 1):
        if (row["person"], row["service"]) in seen:
            raise _refuse("pay_handles", number, TWO_HANDLES)
        seen.add((row["person"], row["service"]))
        try:
            if row["service"] == PayHandle.Service.TEXT:
                kept = pay_links.how_to_pay(row["value"])
                if not kept or row["holder"]:
                    raise pay_links.HandleError(NOT_HOW_TO_PAY)
            else:
                handle = pay_links.check(row["service"], row["value"], row["holder"])
                if (handle.value, handle.holder) != (row["value"], row["holder"]):
                    raise pay_links.HandleError(NOT_AS_WRITTEN)
        except inputs.InputError as exc:
            raise _refuse("pay_handles", number, exc) from None


def _check_cards(content: Mapping) -> None:
    """Cards as the card forms take them; a kept showdown the page can show."""
    for number, row in enumerate(content["hand_cards"], 1):
        for name in ("cards", "up", "wild_ranks"):
            if not _texts(row[name]):
                raise _refuse("hand_cards", number, NOT_TEXT_LIST.format(name=name))
        try:
            deck.parse_cards(row["cards"])
            deck.parse_cards(row["up"])
            seat_cards._input().wild_ranks_of(row["wild_ranks"] or None)
        except ValueError as exc:  # a CardError, or the helper's RequestError: in table words
            raise _refuse("hand_cards", number, exc) from None
    for number, kept in enumerate(content["showdowns_kept"], 1):
        try:
            for held in kept["cards"].values():
                codes = held if isinstance(held, list) else [*held["cards"], *held.get("up", [])]
                if not _texts(codes):
                    raise TypeError("a hand's cards are not card codes")
                deck.parse_cards(codes)
            seat_cards.words(kept["result"], kept["cards"])
        except (deck.CardError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise _refuse("showdowns_kept", number, BAD_KEPT.format(why=exc)) from None
