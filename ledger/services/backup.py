"""Back up a group as one JSON file, and check a file before it is restored.

`export_group` writes the group, its people and settings, and every night
with its seats, games, hands, accounts, journal (postings and entries),
score sheets, settlement payments and the cards shown, each night's nets
kept alongside as a check (`backup_format` says what the file holds).

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
from datetime import datetime
from decimal import Decimal

from ledger.core import backup_format, inputs
from ledger.core.backup_format import BackupError
from ledger.core.house_rules import HouseRules, HouseRulesError, house_rules
from ledger.core.units import UnitError, chip_set
from ledger.models import (
    Account,
    Entry,
    Group,
    Hand,
    HandCards,
    Night,
    Payment,
    Person,
    Posting,
    Run,
    Score,
    Seat,
    ShowdownKept,
)
from ledger.services import closing, games, runs, seat_cards
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
# What every hand's rules hold, as the hand reads them (`hands.hand_start` writes them).
HAND_CONFIG = ("side_pots", "ante", "min_bet", "limit", "cap")
# A night's or group's settings: house rules, and the keys a game's choice may answer (inert there).
HOUSE_RULES = set(HouseRules().as_dict()) | set(HOUSE_KEYS)


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_group(group: Group) -> dict:
    """The whole file for `group`, as a dict: write it with `backup_format.dumps`."""
    in_group = {"night__group": group}
    nights = list(Night.objects.filter(group=group).order_by("pk"))
    content = {
        "group": {
            "name": group.name,
            "settings": group.settings,
            "created_at": _when(group.created_at),
        },
        "people": [
            {"id": p.pk, "name": p.name, "created_at": _when(p.created_at)}
            for p in Person.objects.filter(group=group).order_by("pk")
        ],
        "nights": [
            {
                "id": n.pk,
                "name": n.name,
                "currency": n.currency,
                "chips": n.chips,
                "unit": str(n.unit),
                "settings": n.settings,
                "status": n.status,
                "created_at": _when(n.created_at),
                "ended_at": _when(n.ended_at),
                "nets": {str(seat): chips for seat, chips in closing.nets(n).items()},
            }
            for n in nights
        ],
        "seats": [
            {
                "id": s.pk,
                "night": s.night_id,
                "person": s.person_id,
                "position": s.position,
                "sitting_out": s.sitting_out,
                "left_at": _when(s.left_at),
            }
            for s in Seat.objects.filter(**in_group).order_by("pk")
        ],
        "runs": [
            {
                "id": r.pk,
                "night": r.night_id,
                "number": r.number,
                "game_slug": r.game_slug,
                "game_name": r.game_name,
                "options": r.options,
                "settings": r.settings,
                "agreed": r.agreed,
                "status": r.status,
                "ending": r.ending,
                "created_at": _when(r.created_at),
                "ended_at": _when(r.ended_at),
            }
            for r in Run.objects.filter(**in_group).order_by("pk")
        ],
        "hands": [
            {
                "id": h.pk,
                "night": h.night_id,
                "number": h.number,
                "game_slug": h.game_slug,
                "game_name": h.game_name,
                "run": h.run_id,
                "dealer": h.dealer_id,
                "seat_order": h.seat_order,
                "config": h.config,
                "status": h.status,
                "step": h.step,
                "created_at": _when(h.created_at),
            }
            for h in Hand.objects.filter(**in_group).order_by("pk")
        ],
        "accounts": [
            {
                "id": a.pk,
                "night": a.night_id,
                "kind": a.kind,
                "seat": a.seat_id,
                "hand": a.hand_id,
                "key": a.key,
            }
            for a in Account.objects.filter(**in_group).order_by("pk")
        ],
        "postings": [
            {
                "id": p.pk,
                "night": p.night_id,
                "hand": p.hand_id,
                "seat": p.seat_id,
                "kind": p.kind,
                "detail": p.detail,
                "memo": p.memo,
                "recorded_by": p.recorded_by,
                "reverses": p.reverses_id,
                "created_at": _when(p.created_at),
            }
            for p in Posting.objects.filter(**in_group).order_by("pk")
        ],
        "entries": [
            {"posting": posting, "account": account, "amount": amount}
            for posting, account, amount in Entry.objects.filter(posting__night__group=group)
            .order_by("pk")
            .values_list("posting_id", "account_id", "amount")
        ],
        "scores": [
            {
                "id": s.pk,
                "night": s.night_id,
                "hand": s.hand_id,
                "seat": s.seat_id,
                "rule": s.rule,
                "points": s.points,
                "recorded_by": s.recorded_by,
                "reverses": s.reverses_id,
                "created_at": _when(s.created_at),
            }
            for s in Score.objects.filter(**in_group).order_by("pk")
        ],
        "payments": [
            {
                "night": p.night_id,
                "payer": p.payer_id,
                "payee": p.payee_id,
                "amount": str(p.amount),
                "paid_at": _when(p.paid_at),
            }
            for p in Payment.objects.filter(**in_group).order_by("pk")
        ],
        "hand_cards": [
            {
                "night": c.night_id,
                "hand": c.hand_id,
                "seat": c.seat_id,
                "cards": c.cards,
                "up": c.up,
                "declare": c.declare,
                "wild_ranks": c.wild_ranks,
                "entered_by": c.entered_by,
                "entered_as": c.entered_as,
                "down_by": c.down_by,
                "shown": c.shown,
                "created_at": _when(c.created_at),
            }
            for c in HandCards.objects.filter(**in_group).order_by("pk")
        ],
        "showdowns_kept": [
            {
                "night": k.night_id,
                "hand": k.hand_id,
                "award": k.award_id,
                "cards": k.cards,
                "result": k.result,
                "recorded_by": k.recorded_by,
                "created_at": _when(k.created_at),
            }
            for k in ShowdownKept.objects.filter(**in_group).order_by("pk")
        ],
    }
    return backup_format.wrap(content)


def export_bytes(group: Group) -> bytes:
    return backup_format.dumps(export_group(group))


def read(data: bytes | str | Mapping) -> dict:
    """The checked content of a file, or of a file already parsed into a dict."""
    if isinstance(data, Mapping):
        data = backup_format.canonical(data)
    return backup_format.read(data)


def check_values(content: Mapping) -> None:
    """What the ledger itself would refuse: names, house settings, chips and currency."""
    group = content["group"]
    try:
        inputs.text(group["name"], label="The group's name", most=80)
        for person in content["people"]:
            inputs.text(person["name"], label="A player's name", most=60)
        for night in content["nights"]:
            inputs.text(night["name"], label="A night's name", most=80)
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
