"""Back up a group as one JSON file, and restore it on this site or another.

`export_group` writes the group, its people and settings, and every night
with its seats, games, hands, accounts, journal (postings and entries),
score sheets, settlement payments and the cards shown, each night's nets
kept alongside as a check (`backup_format` says what the file holds).

`import_group` reads a file through `backup_format.read` (size, version,
digest, rows that hold together), holds every value to the checks the live
site makes (names and settings, games with their options and settings in the
rulebook, cards as the card forms read them, each hand's rules, kept
showdowns the page can show), and creates everything in ONE transaction
with new ids: the ids in the file only link its rows, and the ids kept inside
an account's key, a hand's seat order and a posting's detail are rewritten to
the new ones. Journal rows are append-only, so they are only ever inserted:
one row at a time through `save_base(raw=True)`, the way `loaddata` keeps a
row's own timestamps, and entries (which have none) in bulk. After the rows
are in, the journal must balance, no stack or pot may be below zero, every
open hand must replay, and every night's nets must be the ones the file
kept; otherwise the whole import is undone and refused with the reason.

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

from django.contrib.auth.models import AbstractBaseUser
from django.db import DataError, IntegrityError, transaction
from django.db.models import Model, Sum

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
from ledger.services import closing, games, hands, runs, seat_cards
from ledger.services.actors import seat_key_of
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.schema import HOUSE_KEYS
from rulebook.schema import Game as GameSpec
from rulebook.showdown import cards as deck

DOES_NOT_FIT = "The backup's rows do not fit this site's database ({why}); nothing was imported."
BAD_SETTINGS = "The backup's settings for {owner} are refused: {why}"
BAD_CHIPS = "The backup's chips for {night} are refused: {why}"
BAD_NAME = "The backup's {what} is refused: {why}"
NOT_BALANCED = "The restored journal of {night} does not balance; nothing was imported."
BELOW_ZERO = (
    "The restored journal of {night} leaves a stack or pot below zero; nothing was imported."
)
NETS_DIFFER = (
    "{night} settles differently once restored ({why}); nothing was imported. "
    "Please report this backup."
)
NO_REPLAY = "Hand {number} of {night} cannot be replayed once restored: {why}"
UNKNOWN_SEAT = "A posting of {night} names a seat that is not at that night."
NO_SUCH_SEAT = "The backup's cards name {key}, a seat that is not in the file."
UNKNOWN_POSTING = "A posting of {night} names a posting that is not an earlier one of that night."
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
RESTORED = "{name} (restored)"
RESTORED_N = "{name} (restored {n})"


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


def import_group(data: bytes | str | Mapping, owner: AbstractBaseUser) -> Group:
    """Restore a backup as a new group of `owner`, whole or not at all (BackupError says why)."""
    content = read(data)
    _check_values(content)
    try:
        with transaction.atomic():
            group = _Restore(content, owner).run()
    except (IntegrityError, DataError, OverflowError) as exc:
        raise BackupError(DOES_NOT_FIT.format(why=str(exc).splitlines()[0][:120])) from exc
    return group


def _check_values(content: Mapping) -> None:
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


def _insert(row: Model) -> Model:
    """Insert a new row with the timestamps it was given (`loaddata`'s raw save); never update."""
    row.save_base(raw=True, force_insert=True)
    return row


class _Restore:
    """One import: the file's ids mapped to the new rows' as they are created."""

    def __init__(self, content: Mapping, owner: AbstractBaseUser) -> None:
        self.content, self.owner = content, owner
        self.ids: dict[str, dict[int, int]] = {}
        self.night_names = {n["id"]: n["name"] for n in content["nights"]}
        self.seats_at: dict[int, dict[int, int]] = {n["id"]: {} for n in content["nights"]}
        self.postings_at: dict[int, dict[int, int]] = {n["id"]: {} for n in content["nights"]}

    def new(self, table: str, old: int | None) -> int | None:
        return None if old is None else self.ids[table][old]

    def viewer(self, old: str) -> str:
        """Who entered cards ("seat:<id>"), with the seat's new id."""
        _, _, seat = old.partition(":")
        if not seat:
            return old
        if int(seat) not in self.ids["seats"]:
            raise BackupError(NO_SUCH_SEAT.format(key=old))
        return seat_key_of(self.ids["seats"][int(seat)])

    def run(self) -> Group:
        c = self.content
        group = _insert(
            Group(
                name=_free_name(self.owner, c["group"]["name"]),
                host=self.owner,
                settings=c["group"]["settings"],
                created_at=_time(c["group"]["created_at"]),
            )
        )
        self.table(
            "people",
            lambda r: Person(group=group, name=r["name"], created_at=_time(r["created_at"])),
        )
        self.table(
            "nights",
            lambda r: Night(
                group=group,
                host=self.owner,
                name=r["name"],
                currency=r["currency"],
                chips=r["chips"],
                unit=Decimal(r["unit"]),
                settings=r["settings"],
                status=r["status"],
                created_at=_time(r["created_at"]),
                ended_at=_time(r["ended_at"]),
            ),
        )
        self.table("seats", self.seat)
        self.table(
            "runs",
            lambda r: Run(
                night_id=self.new("nights", r["night"]),
                **_copy(r, "number", "game_slug", "game_name", "options", "settings", "agreed"),
                **_copy(r, "status", "ending"),
                created_at=_time(r["created_at"]),
                ended_at=_time(r["ended_at"]),
            ),
        )
        self.table(
            "hands",
            lambda r: Hand(
                night_id=self.new("nights", r["night"]),
                run_id=self.new("runs", r["run"]),
                dealer_id=self.new("seats", r["dealer"]),
                seat_order=[self.seat_id(r["night"], s) for s in r["seat_order"]],
                **_copy(r, "number", "game_slug", "game_name", "config", "status", "step"),
                created_at=_time(r["created_at"]),
            ),
        )
        self.table("accounts", self.account)
        self.table("postings", self.posting)
        accounts, postings = self.ids["accounts"], self.ids["postings"]
        Entry.objects.bulk_create(
            (
                Entry(
                    posting_id=postings[e["posting"]],
                    account_id=accounts[e["account"]],
                    amount=e["amount"],
                )
                for e in c["entries"]
            ),
            batch_size=500,
        )
        self.table(
            "scores",
            lambda r: Score(
                night_id=self.new("nights", r["night"]),
                hand_id=self.new("hands", r["hand"]),
                seat_id=self.new("seats", r["seat"]),
                reverses_id=self.new("scores", r["reverses"]),
                **_copy(r, "rule", "points", "recorded_by"),
                created_at=_time(r["created_at"]),
            ),
        )
        Payment.objects.bulk_create(
            Payment(
                night_id=self.new("nights", r["night"]),
                payer_id=self.new("seats", r["payer"]),
                payee_id=self.new("seats", r["payee"]),
                amount=Decimal(r["amount"]),
                paid_at=_time(r["paid_at"]),
            )
            for r in c["payments"]
        )
        self.table(
            "hand_cards",
            lambda r: HandCards(
                night_id=self.new("nights", r["night"]),
                hand_id=self.new("hands", r["hand"]),
                seat_id=self.new("seats", r["seat"]),
                **_copy(r, "cards", "up", "declare", "wild_ranks", "entered_by", "shown"),
                entered_as=self.viewer(r["entered_as"]),
                down_by=self.viewer(r["down_by"]),
                created_at=_time(r["created_at"]),
            ),
        )
        self.table(
            "showdowns_kept",
            lambda r: ShowdownKept(
                night_id=self.new("nights", r["night"]),
                hand_id=self.new("hands", r["hand"]),
                award_id=self.new("postings", r["award"]),
                **_copy(r, "cards", "result", "recorded_by"),
                created_at=_time(r["created_at"]),
            ),
        )
        self.check(group)
        return group

    def table(self, name: str, build) -> None:
        ids = self.ids.setdefault(name, {})
        for row in self.content[name]:
            made = _insert(build(row))
            if "id" in row:
                ids[row["id"]] = made.pk
            # Seats and postings are also looked up per night: a detail names only its night's.
            if name == "seats":
                self.seats_at[row["night"]][row["id"]] = made.pk
            elif name == "postings":
                self.postings_at[row["night"]][row["id"]] = made.pk

    def seat(self, r: Mapping) -> Seat:
        return Seat(
            night_id=self.new("nights", r["night"]),
            person_id=self.new("people", r["person"]),
            position=r["position"],
            sitting_out=r["sitting_out"],
            left_at=_time(r["left_at"]),
        )

    def seat_id(self, night: int, old: object) -> int:
        found = self.seats_at[night].get(old) if isinstance(old, int) else None
        if found is None:
            raise BackupError(UNKNOWN_SEAT.format(night=self.night_names[night]))
        return found

    def account(self, r: Mapping) -> Account:
        kind, _, _, game = backup_format.split_key(r["key"])
        seat, hand = self.new("seats", r["seat"]), self.new("hands", r["hand"])
        return Account(
            night_id=self.new("nights", r["night"]),
            kind=kind,
            seat_id=seat,
            hand_id=hand,
            key=Account.key_for(kind, seat, hand, game),
        )

    def posting(self, r: Mapping) -> Posting:
        night = r["night"]

        def posting_id(old: int) -> int:
            found = self.postings_at[night].get(old)
            if found is None:
                raise BackupError(UNKNOWN_POSTING.format(night=self.night_names[night]))
            return found

        detail = backup_format.remap_detail(
            r["detail"], lambda old: self.seat_id(night, old), posting_id
        )
        return Posting(
            night_id=self.new("nights", night),
            hand_id=self.new("hands", r["hand"]),
            seat_id=self.new("seats", r["seat"]),
            reverses_id=self.new("postings", r["reverses"]),
            detail=detail,
            **_copy(r, "kind", "memo", "recorded_by"),
            created_at=_time(r["created_at"]),
        )

    def check(self, group: Group) -> None:
        """The journal balances, only the bank and markers are below zero, the nets are as kept."""
        nights = {n.pk: n for n in Night.objects.filter(group=group)}
        unbalanced = (
            Entry.objects.filter(posting__night__group=group)
            .values("posting_id", "posting__night_id")
            .annotate(total=Sum("amount"))
            .exclude(total=0)
            .order_by("posting_id")
            .first()
        )
        if unbalanced:
            raise BackupError(NOT_BALANCED.format(night=nights[unbalanced["posting__night_id"]]))
        below = (
            Account.objects.filter(night__group=group)
            .exclude(kind__in=backup_format.MAY_GO_NEGATIVE)
            .annotate(total=Sum("entries__amount"))
            .filter(total__lt=0)
            .order_by("pk")
            .values_list("night_id", flat=True)
            .first()
        )
        if below:
            raise BackupError(BELOW_ZERO.format(night=nights[below]))
        back = {new: old for old, new in self.ids["seats"].items()}
        for row in self.content["nights"]:
            night = nights[self.ids["nights"][row["id"]]]
            nets = {str(back[seat]): chips for seat, chips in closing.nets(night).items()}
            if nets != row["nets"]:
                raise BackupError(NETS_DIFFER.format(night=night.name, why="the nets differ"))
        for hand in Hand.objects.filter(night__group=group).exclude(status=Hand.Status.SETTLED):
            try:
                hands.load(hand)
            except (KeyError, TypeError, ValueError) as exc:
                why = f"{type(exc).__name__}: {exc}"[:120]
                raise BackupError(
                    NO_REPLAY.format(number=hand.number, night=nights[hand.night_id], why=why)
                ) from None


def _copy(row: Mapping, *names: str) -> dict:
    return {name: row[name] for name in names}


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value is not None else None


def _free_name(owner: AbstractBaseUser, name: str) -> str:
    """The group's name, or "… (restored)" when the owner already has a group by that name."""
    taken = set(Group.objects.filter(host=owner).values_list("name", flat=True))
    if name not in taken:
        return name
    n = 1
    while True:
        words = RESTORED.format(name="") if n == 1 else RESTORED_N.format(name="", n=n)
        candidate = name[: 80 - len(words)] + words
        if candidate not in taken:
            return candidate
        n += 1
