"""Restore a group's backup a batch of rows at a time, each batch its own short transaction.

A big group is hundreds of thousands of rows. Written in one transaction
it held SQLite's write lock from start to end (another host's bet waited
16 s behind a 15 MB restore) and ran past gunicorn's timeout. So a restore
is a `Restore` row that does its work in steps:

- `start` reads and checks the whole file (`backup.read`, `backup.check_values`:
  nothing is written unless it all passes), keeps its content, and writes
  nothing else;
- `work` writes the rows in the file's order, `BATCH` at a time, each batch
  in its own transaction, for as long as its caller allows; a page shows
  the host how far it has got and asks for more (`ledger.views.backup`);
- the last step checks the restored journal (it balances, nothing is below
  zero, every night settles as the file says, every open hand replays) and
  hands the group over in one short transaction.

Until the hand-over the group and its nights belong to a stand-in user made
for this restore, with no usable password, so no list, page or API of
anyone's shows a group half-written. A restore that fails (a check, a row
the database refuses) deletes what it wrote and keeps the reason to show.

Where to carry on is read from the database, not remembered: the group's
rows of each table, in id order, are the file's first rows of that table.
A step cut short (a timeout, a closed laptop) carries on from its last
committed batch, and two requests working on one restore at once take
turns on the restore's row lock.

Each row is built from the one description of the file
(`backup_format.TABLES`, bound to the models by `backup_tables`): every
field read back into the model's attribute it names. The rows get new ids:
the file's ids only link its rows, and the ids kept inside an account's
key, a hand's seat order, a posting's detail and who entered a hand's cards
are rewritten to the new ones by small hooks, the only table-by-table
code. Journal rows keep the times they were posted at (inserted raw, as
`loaddata` does) and are never updated.
"""

from __future__ import annotations

import json
import math
import secrets
import time
import zlib
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Model, Sum
from django.utils import timezone

from ledger.core import backup_format
from ledger.core.backup_format import BackupError
from ledger.models import (
    Account,
    Entry,
    Group,
    Hand,
    Night,
    Posting,
    Restore,
)
from ledger.services import backup, backup_tables, closing, deletion, hands
from ledger.services.actors import seat_key_of

DOES_NOT_FIT = "The backup's rows do not fit this site's database ({why}); nothing was imported."
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
GONE = "This restore was stopped; nothing of it was kept."
RESTORED = "{name} (restored)"
RESTORED_N = "{name} (restored {n})"

# Rows written per transaction: about 50 ms of SQLite's write lock on a small machine.
BATCH = 500
ENTRY_BATCH = 2000  # entries are three numbers each
PAUSE = 0.03  # seconds between two batches on SQLite: see _let_others_write
# The tables in the order they are written: a row names only rows written before it.
TABLES = backup_tables.TABLES
ORDER = tuple(TABLES)
MODELS = backup_tables.MODELS
# The rows of other tables name these by id, so their new ids are kept.
NAMED = ("people", "nights", "seats", "runs", "hands", "accounts", "postings", "scores")


# --- Start, work, and the whole of it at once ---------------------------------------------------


def start(data: bytes | str | Mapping, owner: AbstractBaseUser) -> Restore:
    """Check the whole file and keep it to be restored; BackupError says why it is refused."""
    content = backup.read(data)
    backup.check_values(content)
    rows = sum(len(content[table]) for table in ORDER)
    with transaction.atomic():
        stand_in = get_user_model().objects.create_user(
            username=f"restoring-{secrets.token_hex(8)}", password=None, is_active=False
        )
        return Restore.objects.create(
            owner=owner,
            stand_in=stand_in,
            name=content["group"]["name"],
            content=zlib.compress(backup_format.canonical(content), 1),
            rows=rows,
        )


def work(restore: Restore, *, seconds: float = math.inf) -> Restore:
    """Write the restore's rows for about `seconds`, a batch at least, or until done or failed."""
    until = time.monotonic() + seconds
    writer = _Writer(restore)
    while restore.status == Restore.Status.WORKING:
        writer.step()
        if restore.status == Restore.Status.FAILED:
            break
        try:
            restore.refresh_from_db(fields=["status", "group"])
        except Restore.DoesNotExist:  # stopped from another request
            restore.status, restore.error = Restore.Status.FAILED, GONE
        if time.monotonic() >= until:
            break
        _let_others_write()
    return restore


def _let_others_write() -> None:
    """On SQLite, leave the write lock free a moment between two batches.

    A writer kept waiting by SQLite polls for the lock, sleeping up to 25 ms
    between tries while its wait is young (longer later): batches back to
    back left it no gap to wake into, and another host's bet waited 2.5 s
    behind 50 ms batches. A pause that long lets it in at its next try.
    PostgreSQL locks rows, not the database, and needs none.
    """
    if connection.vendor == "sqlite":
        time.sleep(PAUSE)


def import_group(data: bytes | str | Mapping, owner: AbstractBaseUser) -> Group:
    """Restore a backup as a new group of `owner`, whole or not at all (BackupError says why)."""
    restore = work(start(data, owner))
    if restore.status == Restore.Status.FAILED:
        raise BackupError(restore.error)
    assert restore.group is not None  # done: the group is handed over
    return restore.group


def written(restore: Restore) -> int:
    """How many of the file's rows are in the database so far."""
    if restore.status == Restore.Status.DONE:
        return restore.rows
    return sum(count for count, _ in restore.done.values())


def discard(restore: Restore, why: str) -> None:
    """Stop a restore and delete everything it wrote, itself included; `restore` keeps `why`.

    A refused file leaves no trace, as if it had never been sent.
    """
    with transaction.atomic():
        locked = Restore.objects.select_for_update().defer("content").filter(pk=restore.pk)
        found = locked.first()
        if found is not None and found.status == Restore.Status.WORKING:
            if found.group_id is not None:
                _delete_group(found.group_id)
            stand_in = found.stand_in
            found.delete()
            if stand_in is not None:
                stand_in.delete()
    restore.status = Restore.Status.FAILED
    restore.error = why[: backup_tables.most(Restore, "error")]


def _delete_group(group_id: int) -> None:
    """Every row a failed restore wrote: the journal's through the guard's one opening."""
    for night in Night.objects.filter(group_id=group_id):
        deletion.delete_rows(night)
    Group.objects.filter(pk=group_id).delete()


# --- One restore's writer ------------------------------------------------------------------------


class _Writer:
    """Writes one restore's rows: the file's ids mapped to the new rows' as they are written."""

    def __init__(self, restore: Restore) -> None:
        self.restore = restore
        self.content: Mapping[str, Any] = {}
        self.group_id = 0
        self.ids: dict[str, dict[int, int]] = {table: {} for table in NAMED}
        self.done = dict.fromkeys(ORDER, 0)  # rows of each table written, as far as known
        self.last = dict.fromkeys(ORDER, 0)  # the id of the last of them
        self.seats_at: dict[int, dict[int, int]] = {}
        self.postings_at: dict[int, dict[int, int]] = {}
        self.night_names: dict[int, str] = {}
        self.hooks = {
            "people": self._people,
            "nights": self._nights,
            "hands": self._hands,
            "accounts": self._accounts,
            "postings": self._postings,
            "hand_cards": self._hand_cards,
        }

    def step(self) -> None:
        """One batch of rows in one transaction, or the hand-over; a failure discards it all."""
        try:
            if not self._read(self.restore):  # before the lock: parsing a big file takes a second
                return
            with transaction.atomic():
                locked = Restore.objects.select_for_update().defer("content")
                restore = locked.filter(pk=self.restore.pk).first()
                if restore is None or restore.status != Restore.Status.WORKING:
                    return
                if restore.group_id is None:
                    restore.group = self._group(restore)
                    restore.save(update_fields=["group"])
                    return
                self.group_id = restore.group_id
                table, done = self._where(restore)
                if table:
                    self._batch(restore, table, done)
                    return
            self._finish(restore)
        except BackupError as exc:
            discard(self.restore, str(exc))
        except (IntegrityError, DataError, OverflowError) as exc:
            discard(self.restore, DOES_NOT_FIT.format(why=str(exc).splitlines()[0][:120]))

    def _read(self, restore: Restore) -> bool:
        """The file's content, once per request; False when it is no longer kept (done, stopped)."""
        if self.content:
            return True
        kept = Restore.objects.filter(pk=restore.pk).values_list("content", flat=True).first()
        if not kept:
            return False
        self.content = json.loads(zlib.decompress(bytes(kept)))
        self.night_names = {n["id"]: n["name"] for n in self.content["nights"]}
        self.seats_at = {n["id"]: {} for n in self.content["nights"]}
        self.postings_at = {n["id"]: {} for n in self.content["nights"]}
        return True

    def _where(self, restore: Restore) -> tuple[str, int]:
        """The first table not yet all written, and how many of its rows are; ("", 0) when done.

        The count is the one each batch keeps with its rows (`Restore.done`); the ids
        of rows another request wrote since this one last looked are read back.
        """
        for table in ORDER:
            count, last = restore.done.get(table, (0, 0))
            if count > self.done[table]:
                if table == "entries":  # no row names an entry: the count is enough
                    self.done[table] = count
                else:
                    self._remember(table, self.done[table], self._ids_after(table, last))
            if count < len(self.content[table]):
                return table, count
        return "", 0

    def _ids_after(self, table: str, most: int | None = None) -> list[int]:
        """The ids of this restore's rows of `table` after the last known, in the order written.

        Only this restore writes to its group (it holds the restore's row lock),
        so its rows after the last it knows are the next ones of the file.
        """
        model = MODELS[table]
        if table in ("people", "nights"):
            rows = model.objects.filter(group_id=self.group_id)
        elif table == "pay_handles":
            rows = model.objects.filter(person__group_id=self.group_id)
        else:
            rows = model.objects.filter(night_id__in=list(self.ids["nights"].values()))
        rows = rows.filter(pk__gt=self.last[table])
        if most is not None:
            rows = rows.filter(pk__lte=most)
        return list(rows.order_by("pk").values_list("pk", flat=True))

    def _remember(self, table: str, done: int, pks: list[int]) -> None:
        """The new ids of the table's rows from `done` on."""
        if not pks:
            return
        self.done[table], self.last[table] = done + len(pks), pks[-1]
        if table not in NAMED:
            return
        ids = self.ids[table]
        for row, pk in zip(self.content[table][done : done + len(pks)], pks, strict=True):
            ids[row["id"]] = pk
            # Seats and postings are also looked up per night: a detail names only its night's.
            if table == "seats":
                self.seats_at[row["night"]][row["id"]] = pk
            elif table == "postings":
                self.postings_at[row["night"]][row["id"]] = pk

    def _batch(self, restore: Restore, table: str, done: int) -> None:
        """The next batch of `table`'s rows, with the count of those written kept beside them."""
        if table == "entries":  # most of a journal's rows: three numbers each, no model needed
            rows = self.content[table][done : done + ENTRY_BATCH]
            postings, accounts = self.ids["postings"], self.ids["accounts"]
            values = [(postings[r["posting"]], accounts[r["account"]], r["amount"]) for r in rows]
            _insert(Entry, ("posting", "account", "amount"), values)
            self.done[table] = done + len(values)
        else:
            made = [self._row(table, row) for row in self._next_rows(table, done)]
            _insert_rows(MODELS[table], made)
            self._remember(table, done, self._ids_after(table))
        restore.done = {**restore.done, table: [self.done[table], self.last[table]]}
        restore.save(update_fields=["done"])

    def _next_rows(self, table: str, done: int) -> list[Mapping[str, Any]]:
        """Up to BATCH rows from `done` on, ending before a reversal of a row among them.

        A reversal names the row it reverses by its new id, which is known
        only once that row is written.
        """
        rows = self.content[table][done : done + BATCH]
        if table not in ("postings", "scores"):
            return rows
        ids = self.ids[table]
        for at, row in enumerate(rows):
            named = (row["reverses"], row.get("detail", {}).get("reverses"))
            if at and any(isinstance(old, int) and old not in ids for old in named):
                return rows[:at]
        return rows

    # What each table's row becomes.

    def _group(self, restore: Restore) -> Group:
        fields = backup_tables.DESCRIBED.group
        group = self.content["group"]
        made = Group(
            host=restore.stand_in,
            **{field.attr(name): field.load(group[name]) for name, field in fields.items()},
        )
        made.save_base(raw=True, force_insert=True)  # with the time it was made at
        return made

    def new(self, table: str, old: int | None) -> int | None:
        return None if old is None else self.ids[table][old]

    def _row(self, table: str, r: Mapping[str, Any]) -> Model:
        """The row as its model holds it, field by field as the description says.

        Each value is read back as its field writes it, a reference mapped
        to the new id of the row it names; the id itself and what the export
        works out are left out. What a row keeps of other ids is rewritten
        by the table's hook (`hooks`), if it has one.
        """
        values: dict[str, Any] = {}
        for name, field in TABLES[table].items():
            if isinstance(field, backup_format.Id) or field.derived:
                continue
            value = field.load(r[name])
            if isinstance(field, backup_format.Ref):
                value = self.new(field.table, value)
            values[field.attr(name)] = value
        hook = self.hooks.get(table)
        return MODELS[table](**(hook(r, values) if hook else values))

    # What each table's row has rewritten: what the file does not hold, or ids it keeps inside.

    def _people(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        return values | {"group_id": self.group_id}

    def _nights(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        return values | {"group_id": self.group_id, "host_id": self.restore.stand_in_id}

    def _hands(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        return values | {"seat_order": [self.seat_id(r["night"], s) for s in r["seat_order"]]}

    def _accounts(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        kind, _, _, game = backup_format.split_key(r["key"])
        seat, hand = values["seat_id"], values["hand_id"]
        return values | {"kind": kind, "key": Account.key_for(kind, seat, hand, game)}

    def _postings(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        night = r["night"]

        def posting_id(old: int) -> int:
            found = self.postings_at[night].get(old)
            if found is None:
                raise BackupError(UNKNOWN_POSTING.format(night=self.night_names[night]))
            return found

        detail = backup_format.remap_detail(
            r["detail"], lambda old: self.seat_id(night, old), posting_id
        )
        return values | {"detail": detail}

    def _hand_cards(self, r: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        return values | {
            "entered_as": self.viewer(r["entered_as"]),
            "down_by": self.viewer(r["down_by"]),
        }

    def seat_id(self, night: int, old: object) -> int:
        found = self.seats_at[night].get(old) if isinstance(old, int) else None
        if found is None:
            raise BackupError(UNKNOWN_SEAT.format(night=self.night_names[night]))
        return found

    def viewer(self, old: str) -> str:
        """Who entered cards ("seat:<id>"), with the seat's new id."""
        _, _, seat = old.partition(":")
        if not seat:
            return old
        if int(seat) not in self.ids["seats"]:
            raise BackupError(NO_SUCH_SEAT.format(key=old))
        return seat_key_of(self.ids["seats"][int(seat)])

    # The last step.

    def _finish(self, restore: Restore) -> None:
        """Check the restored journal, then give the group to its owner in one transaction."""
        assert restore.group_id is not None
        self._check(restore.group_id)
        with transaction.atomic():
            locked = Restore.objects.select_for_update().defer("content").get(pk=restore.pk)
            if locked.status != Restore.Status.WORKING:
                return
            owner = locked.owner
            Group.objects.filter(pk=locked.group_id).update(
                host=owner, name=_free_name(owner, locked.name)
            )
            Night.objects.filter(group_id=locked.group_id).update(host=owner)
            stand_in = locked.stand_in
            locked.status, locked.finished_at, locked.content = (
                Restore.Status.DONE,
                timezone.now(),
                b"",
            )
            locked.save()
            if stand_in is not None:
                stand_in.delete()

    def _check(self, group_id: int) -> None:
        """The journal balances, only the bank and markers are below zero, the nets are as kept."""
        _analyze(Entry, Posting, Account)
        nights = {n.pk: n for n in Night.objects.filter(group_id=group_id)}
        unbalanced = (
            Entry.objects.filter(posting__night__group_id=group_id)
            .values("posting_id", "posting__night_id")
            .annotate(total=Sum("amount"))
            .exclude(total=0)
            .order_by("posting_id")
            .first()
        )
        if unbalanced:
            raise BackupError(NOT_BALANCED.format(night=nights[unbalanced["posting__night_id"]]))
        below = (
            Account.objects.filter(night__group_id=group_id)
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
        open_hands = Hand.objects.filter(night__group_id=group_id)
        for hand in open_hands.exclude(status=Hand.Status.SETTLED):
            try:
                hands.load(hand)
            except (KeyError, TypeError, ValueError) as exc:
                why = f"{type(exc).__name__}: {exc}"[:120]
                raise BackupError(
                    NO_REPLAY.format(number=hand.number, night=nights[hand.night_id], why=why)
                ) from None


def _analyze(*tables: type[Model]) -> None:
    """Let PostgreSQL's planner see the rows just written before the checks read them.

    Until autovacuum gets to them, the planner takes a big restore's tables
    for nearly empty, and joined the journal's entries to its postings row
    by row: the balance check below ran for minutes. SQLite plans by its
    indexes alone and needs nothing.
    """
    if connection.vendor != "postgresql":
        return
    names = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {names}")


def _insert_rows(model: type[Model], rows: list[Model]) -> None:
    """Insert new rows with the times they were given, as `loaddata`'s raw save does.

    Raw: a journal row keeps the time it was posted at rather than now.
    """
    fields = [f for f in model._meta.local_concrete_fields if not f.primary_key]
    values = [
        tuple(f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields)
        for row in rows
    ]
    _insert(model, tuple(f.name for f in fields), values)


def _insert(model: type[Model], names: tuple[str, ...], values: list[tuple[Any, ...]]) -> None:
    """One INSERT statement run for each row of `values`, the columns named by their fields.

    Straight to the database: the ORM's bulk insert spent most of a big
    restore building SQL text, ten times what the database took.
    """
    meta, quote = model._meta, connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in names)
    marks = ", ".join(["%s"] * len(names))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({marks})", values
        )


def _free_name(owner: AbstractBaseUser, name: str) -> str:
    """The group's name, or "… (restored)" when the owner already has a group by that name."""
    taken = set(Group.objects.filter(host=owner).values_list("name", flat=True))
    if name not in taken:
        return name
    n = 1
    while True:
        words = RESTORED.format(name="") if n == 1 else RESTORED_N.format(name="", n=n)
        candidate = name[: backup_tables.most(Group, "name") - len(words)] + words
        if candidate not in taken:
            return candidate
        n += 1
