"""A group's backup as one JSON file: its version, its digest and what it may hold (pure).

The file is `{"format", "version", "digest", "content"}`. `content` holds the
group and its rows table by table, each row naming the others by the ids it
had on the site that wrote it; those ids mean nothing elsewhere, so an import
gives every row a new one (`split_key` reads the seat and hand ids inside an
account's key, which the import builds again with their new ids;
`remap_detail` rewrites the ids kept inside a posting's detail). `digest` is
the SHA-256 of the content's canonical JSON (keys sorted, no spaces, UTF-8),
so a file edited by hand, or cut short, is refused before anything is read
from it.

`TABLES` is the one description of what the file holds: each table, its
fields, what each field holds and the model's attribute it is read from and
written back to (`Field.dump`, `Field.load`). The export, the checks and the
restore are all driven by it, and no other place lists a table's fields.
The bounds that are the model's (a text's length and choices, an amount's
decimal places, a value that may be empty) are not written here: the
services read them from the models and bind them (`bound`), so a column
changed in the model is held to at once.

`read` refuses, with one sentence saying why, a file that is too large, not
JSON (a key written twice in one object included: JSON would keep the last
silently), of another format or version, changed after it was exported, or
whose rows do not hold together (a reference to a row that is not there, a
posting whose entries do not sum to zero, a stack left below zero, a string
longer than its column). Values are held to what the live forms take: text
with no control character or bidi override, an upper-case currency code,
dates from 2000 to 2100 with their time zone, a posting's detail shaped as
the journal writes it, and no hand or game still open at an ended night.
Nothing here touches a database; what needs the rulebook (games, options,
settings, cards) is checked by the service.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from ledger.core.inputs import has_control, is_whole
from sitewide import surrogates

FORMAT = "homegame-group-backup"
VERSION = 3
# Version 1 had no record of who entered each hand's cards: read as entered by their holder.
# Versions 1 and 2 had no ways to be paid: read as nobody having given one.
EARLIER = {
    1: lambda content: _no_handles(_cards_by_holder(content)),
    2: lambda content: _no_handles(content),
}
MAX_BYTES = 64 * 1024 * 1024  # 2.6 times the export of a group of 61,000 postings
MAX_DEPTH = 40
MAX_ROWS = 2_000_000
MOST_BIGINT = 2**63 - 1
# Dates a backup may hold: any night this site could have played, none at the calendar's edge.
FIRST_YEAR, LAST_YEAR = 2000, 2100

TOO_LARGE = "The file is larger than {most} MB, the most this site restores."
NOT_JSON = "The file is not a Homegame backup: it is not JSON ({why})."
NOT_BACKUP = "The file is not a Homegame backup of a group."
WRONG_VERSION = "The backup is version {version}; this site reads versions 1 to {ours}."
TAMPERED = "The file was changed after it was exported; nothing was imported."
TOO_DEEP = "The file nests data more than {most} levels deep."
NOT_TEXT = "The file is not a Homegame backup: {where} holds " + surrogates.WHAT + "."
BAD_ROW = "The backup's {table}, row {row}: {why}"
BAD_GROUP = "The backup's group: {why}"
UNBALANCED = "The backup's journal does not balance: posting {posting} moves {total:+d} chips."
NEGATIVE = "The backup's journal leaves {kind} account {key} with {chips} chips."
TWICE = "a key appears twice in one object ({key})"
STILL_OPEN = "the night is ended but its {what} {number} is still open"
BAD_DETAIL = "detail: its {name} are not as the journal writes them"

# Accounts that may go below zero, as in the journal: the bank and the markers (IOUs).
MAY_GO_NEGATIVE = {"bank", "marker"}

# JSON as a backup holds it. Its values are Any: `check` vouches for each row's fields,
# so the code after it reads them as the fields say, not one isinstance at a time.
JsonObject = dict[str, Any]
Content = Mapping[str, Any]  # the group and its tables: "people" -> [row, ...]
RowsById = dict[str, dict[int, JsonObject]]  # each table's rows by their id in the file


class BackupError(ValueError):
    """A backup this site refuses; nothing was imported."""


# --- What each row may hold --------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """What the model's column allows, as the services read it from the model.

    `most` is a text column's length, `choices` the values it takes (with ""
    when it may be blank), `places` a money column's decimal places, and
    `optional` a column that may be empty (null).
    """

    most: int | None = None
    choices: tuple[str, ...] = ()
    places: int | None = None
    optional: bool = False


class Field:
    """One field of a row: checks a value, says why it is refused, and carries it to and from the
    model's attribute (`attr`): `dump` writes the model's value into the file, `load` reads it back.

    A field whose bounds are the model's takes them from its column (`bind`); until then it
    checks nothing and says so. A `derived` field has no column: the export works it out.
    """

    derived = False

    def check(self, value: object) -> str:
        raise NotImplementedError

    def attr(self, name: str) -> str:
        """The model's attribute that holds the field `name`."""
        return name

    def dump(self, value: Any) -> Any:
        return value

    def load(self, value: Any) -> Any:
        return value

    def bind(self, column: Column) -> Field:
        """This field held to the bounds of its column: most fields keep their own."""
        return self


class Id(Field):
    def check(self, value: object) -> str:
        return (
            "" if is_whole(value) and 1 <= value <= MOST_BIGINT else "its id is not a whole number"
        )


class Ref(Field):
    """An id of a row of `table` in this file (None allowed when its column is `optional`).

    Its attribute is the foreign key's id (`night` is `night_id`).
    """

    def __init__(self, table: str, *, optional: bool = False) -> None:
        self.table, self.optional = table, optional

    def check(self, value: object) -> str:
        if value is None and self.optional:
            return ""
        return "" if is_whole(value) else f"names no row of {self.table}"

    def attr(self, name: str) -> str:
        return f"{name}_id"

    def bind(self, column: Column) -> Field:
        return Ref(self.table, optional=column.optional)


class Int(Field):
    def __init__(self, least: int, most: int) -> None:
        self.least, self.most = least, most

    def check(self, value: object) -> str:
        if is_whole(value) and self.least <= value <= self.most:
            return ""
        return f"{value!r} is not a whole number from {self.least} to {self.most}"


class Text(Field):
    """Text as a live form takes it: no control character or bidi override (`inputs.text`).

    Its length and the values it may take are its column's.
    """

    def __init__(
        self, most: int | None = None, *, choices: tuple[str, ...] = (), lines: bool = False
    ) -> None:
        self.most, self.choices, self.lines = most, choices, lines

    def check(self, value: object) -> str:
        if self.most is None:
            raise TypeError("a text field checked before it was bound to its column")
        if not isinstance(value, str):
            return f"{value!r} is not text"
        if len(value) > self.most:
            return f"text longer than {self.most} characters"
        if has_control(value, lines=self.lines):
            return "it holds a control character or a bidi override"
        if self.choices and value not in self.choices:
            return f"{value!r} is not one of {', '.join(repr(c) for c in self.choices)}"
        return ""

    def bind(self, column: Column) -> Field:
        return Text(column.most, choices=column.choices, lines=self.lines)


class Currency(Field):
    """A currency as the night form keeps it: three upper-case letters."""

    def check(self, value: object) -> str:
        if isinstance(value, str) and re.fullmatch("[A-Z]{3}", value, re.ASCII):
            return ""
        return f"{value!r} is not a currency code such as USD"


class Money(Field):
    """An amount written as text ("0.0500"), with no more decimal places than its column's."""

    def __init__(self, places: int | None = None) -> None:
        self.places = places

    def check(self, value: object) -> str:
        if self.places is None:
            raise TypeError("an amount checked before it was bound to its column")
        try:
            amount = Decimal(value) if isinstance(value, str) else None
        except InvalidOperation:
            amount = None
        if amount is None or not amount.is_finite() or abs(amount) >= 10**8:
            return f"{value!r} is not an amount"
        exponent = amount.as_tuple().exponent  # an int: the amount is finite
        if isinstance(exponent, int) and -exponent > self.places:
            return f"{value!r} has more than {self.places} decimal places"
        return ""

    def dump(self, value: Any) -> Any:
        return str(value)

    def load(self, value: Any) -> Any:
        return Decimal(value)

    def bind(self, column: Column) -> Field:
        return Money(column.places)


class When(Field):
    """A date and time with its time zone, written as ISO 8601 (None when its column allows)."""

    def __init__(self, *, optional: bool = False) -> None:
        self.optional = optional

    def check(self, value: object) -> str:
        if value is None and self.optional:
            return ""
        try:
            if not isinstance(value, str):
                raise TypeError  # as fromisoformat would
            when = datetime.fromisoformat(value)
        except (TypeError, ValueError):
            return f"{value!r} is not a date and time"
        if when.tzinfo is None or not FIRST_YEAR <= when.year <= LAST_YEAR:
            return f"{value!r} is not a date from {FIRST_YEAR} to {LAST_YEAR} with its time zone"
        return ""

    def dump(self, value: Any) -> Any:
        return value.isoformat() if value is not None else None

    def load(self, value: Any) -> Any:
        return datetime.fromisoformat(value) if value is not None else None

    def bind(self, column: Column) -> Field:
        return When(optional=column.optional)


class Json(Field):
    def __init__(
        self, kind: type | tuple[type, ...] = (dict, list), *, derived: bool = False
    ) -> None:
        self.kind, self.derived = kind, derived

    def check(self, value: object) -> str:
        return "" if isinstance(value, self.kind) else "has the wrong shape"


class Flag(Field):
    def check(self, value: object) -> str:
        return "" if isinstance(value, bool) else f"{value!r} is not true or false"


_VIEWER = re.compile(r"(host|watch|seat:[1-9][0-9]{0,18})?")
VIEWER_MOST = len("seat:") + 19  # the longest key `Viewer` takes


class Viewer(Field):
    """Who entered something, as `Actor.key` names them: "", "host", "watch" or "seat:<id>"."""

    def check(self, value: object) -> str:
        if isinstance(value, str) and _VIEWER.fullmatch(value):
            return ""
        return f"{value!r} names nobody at the table"


# The backup, table by table: each field's name in the file, what it holds and, through `attr`,
# the model's attribute it comes from and goes back to. Lengths, choices, decimal places and
# what may be empty are not written here: they are the model's, bound by the services
# (`ledger.services.backup_tables`), which also hold every field to a column of the model.
Fields = Mapping[str, Field]
TIME = When()
NIGHT = Ref("nights")
GROUP: dict[str, Field] = {"name": Text(), "settings": Json(dict), "created_at": TIME}
TABLES: dict[str, dict[str, Field]] = {
    "people": {"id": Id(), "name": Text(), "created_at": TIME},
    "nights": {
        "id": Id(),
        "name": Text(),
        "currency": Currency(),
        "chips": Json(list),
        "unit": Money(),
        "settings": Json(dict),
        "status": Text(),
        "created_at": TIME,
        "ended_at": TIME,
        "nets": Json(dict, derived=True),  # each seat's net chips, kept as a check on the restore
    },
    "seats": {
        "id": Id(),
        "night": NIGHT,
        "person": Ref("people"),
        "position": Int(0, 32767),
        "sitting_out": Flag(),
        "left_at": TIME,
    },
    "runs": {
        "id": Id(),
        "night": NIGHT,
        "number": Int(1, 2**31 - 1),
        "game_slug": Text(),
        "game_name": Text(),
        "options": Json(list),
        "settings": Json(dict),
        "agreed": Json(dict),
        "status": Text(),
        "ending": Text(),
        "created_at": TIME,
        "ended_at": TIME,
    },
    "hands": {
        "id": Id(),
        "night": NIGHT,
        "number": Int(1, 2**31 - 1),
        "game_slug": Text(),
        "game_name": Text(),
        "run": Ref("runs"),
        "dealer": Ref("seats"),
        "seat_order": Json(list),
        "config": Json(dict),
        "status": Text(),
        "step": Text(),
        "created_at": TIME,
    },
    "accounts": {
        "id": Id(),
        "night": NIGHT,
        "kind": Text(),
        "seat": Ref("seats"),
        "hand": Ref("hands"),
        "key": Text(),
    },
    "postings": {
        "id": Id(),
        "night": NIGHT,
        "hand": Ref("hands"),
        "seat": Ref("seats"),
        "kind": Text(),
        "detail": Json(dict),
        "memo": Text(lines=True),
        "recorded_by": Text(),
        "reverses": Ref("postings"),
        "created_at": TIME,
    },
    "entries": {
        "posting": Ref("postings"),
        "account": Ref("accounts"),
        "amount": Int(-MOST_BIGINT, MOST_BIGINT),
    },
    "scores": {
        "id": Id(),
        "night": NIGHT,
        "hand": Ref("hands"),
        "seat": Ref("seats"),
        "rule": Text(),
        "points": Int(-(2**31), 2**31 - 1),
        "recorded_by": Text(),
        "reverses": Ref("scores"),
        "created_at": TIME,
    },
    "payments": {
        "night": NIGHT,
        "payer": Ref("seats"),
        "payee": Ref("seats"),
        "amount": Money(),
        "paid_at": TIME,
    },
    "hand_cards": {
        "night": NIGHT,
        "hand": Ref("hands"),
        "seat": Ref("seats"),
        "cards": Json(list),
        "up": Json(list),
        "declare": Text(),
        "wild_ranks": Json(list),
        "entered_by": Text(),
        "entered_as": Viewer(),
        "down_by": Viewer(),
        "shown": Flag(),
        "created_at": TIME,
    },
    "showdowns_kept": {
        "night": NIGHT,
        "hand": Ref("hands"),
        "award": Ref("postings"),
        "cards": Json(dict),
        "result": Json(dict),
        "recorded_by": Text(),
        "created_at": TIME,
    },
    "pay_handles": {
        "person": Ref("people"),
        "service": Text(),
        "value": Text(),
        "holder": Text(),
        "from_seat": Flag(),
        "updated_at": TIME,
    },
}


class Described(NamedTuple):
    """The group's fields and each table's, held to their columns' bounds (`bound`)."""

    group: Fields
    tables: Mapping[str, Fields]


def bound(columns: Mapping[str, Mapping[str, Column]]) -> Described:
    """The description with each field bound to its column: `columns["nights"]["name"]`."""

    def table(name: str, fields: Fields) -> dict[str, Field]:
        found = columns.get(name, {})
        return {f: field.bind(found.get(f, Column())) for f, field in fields.items()}

    return Described(table("group", GROUP), {name: table(name, f) for name, f in TABLES.items()})


# --- The file ----------------------------------------------------------------------------------


def canonical(content: Content) -> bytes:
    """The content as the digest sees it: keys sorted, no spaces, UTF-8."""
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest(content: Content) -> str:
    return hashlib.sha256(canonical(content)).hexdigest()


def wrap(content: Content) -> JsonObject:
    """The whole file: what it is, its version, its digest and the content."""
    return {"format": FORMAT, "version": VERSION, "digest": digest(content), "content": content}


def dumps(document: Content) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True).encode()


def read(raw: bytes | str, described: Described) -> JsonObject:
    """The content of a backup file, checked whole against `described`; BackupError says why."""
    if isinstance(raw, str):
        raw = raw.encode()
    if len(raw) > MAX_BYTES:
        raise BackupError(TOO_LARGE.format(most=MAX_BYTES // (1024 * 1024)))
    try:
        text = raw.decode("utf-8")
        document = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except UnicodeDecodeError:
        raise BackupError(NOT_JSON.format(why="it is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise BackupError(NOT_JSON.format(why=f"{exc.msg} at line {exc.lineno}")) from None
    except (ValueError, RecursionError) as exc:
        raise BackupError(NOT_JSON.format(why=str(exc) or "nested too deep")) from None
    _check_depth(document)
    _check_text(document, text)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(NOT_BACKUP)
    version = document.get("version")
    if type(version) is not int or not (version == VERSION or version in EARLIER):
        raise BackupError(WRONG_VERSION.format(version=version, ours=VERSION))
    content = document.get("content")
    if not isinstance(content, dict) or not isinstance(document.get("digest"), str):
        raise BackupError(NOT_BACKUP)
    if digest(content) != document["digest"]:
        raise BackupError(TAMPERED)
    if version in EARLIER:
        content = EARLIER[version](content)
    check(content, described)
    return content


def _cards_by_holder(content: JsonObject) -> JsonObject:
    """A version 1 file's cards, as this version holds them: nobody but the holder saw them."""
    rows = content.get("hand_cards")
    if isinstance(rows, list):
        extra = {"entered_as": "", "down_by": "", "shown": False}
        content = {
            **content,
            "hand_cards": [{**extra, **r} if isinstance(r, dict) else r for r in rows],
        }
    return content


def _no_handles(content: JsonObject) -> JsonObject:
    """An earlier file, as this version holds it: nobody has said how to be paid."""
    return {**content, "pay_handles": []} if "pay_handles" not in content else content


def _no_twice(pairs: list[tuple[str, Any]]) -> JsonObject:
    """An object whose keys are all different: JSON would keep the last of two silently."""
    found: JsonObject = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(TWICE.format(key=ascii(key[:40])))
        found[key] = value
    return found


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _check_depth(value: object) -> None:
    """Refuse data nested deeper than MAX_DEPTH, without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BackupError(TOO_DEEP.format(most=MAX_DEPTH))
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def _check_text(document: object, text: str) -> None:
    """Refuse a lone surrogate (`"\\ud83c"`): JSON allows it, but the digest cannot be taken.

    The walk costs a second over a large file, so it is made only if the text has the escape.
    """
    found = surrogates.find(document) if surrogates.may_spell_one(text) else None
    if found is not None:
        where = found.dotted or "the file"
        raise BackupError(NOT_TEXT.format(where=f"a key in {where}" if found.in_key else where))


# --- The rows hold together --------------------------------------------------------------------


def check(content: Content, described: Described) -> None:
    """Every table present with the fields it needs, every reference found, the journal balanced."""
    if set(content) != {"group", *described.tables}:
        raise BackupError(NOT_BACKUP)
    group = content["group"]
    if not isinstance(group, dict) or set(group) != set(described.group):
        raise BackupError(BAD_GROUP.format(why="its fields are not a group's"))
    for name, field in described.group.items():
        if why := field.check(group[name]):
            raise BackupError(BAD_GROUP.format(why=f"{name}: {why}"))
    if sum(len(rows) for rows in content.values() if isinstance(rows, list)) > MAX_ROWS:
        raise BackupError(BAD_GROUP.format(why=f"more than {MAX_ROWS:,} rows in all"))
    rows_by_id: RowsById = {}
    for table, fields in described.tables.items():
        rows = content[table]
        if not isinstance(rows, list):
            raise BackupError(BAD_ROW.format(table=table, row=1, why="not a list of rows"))
        by_id: dict[int, JsonObject] = {}
        rows_by_id[table] = by_id  # so far: a row may name an earlier row of its own table
        for number, row in enumerate(rows, 1):
            _check_row(table, number, row, fields, rows_by_id)
            if "id" in fields:
                if row["id"] in by_id:
                    raise _bad(table, number, f"id {row['id']} appears twice")
                by_id[row["id"]] = row
    _check_same_night(content, rows_by_id)
    _check_unique(content)
    _check_journal(content, rows_by_id)
    _check_ended(content)
    for number, row in enumerate(content["postings"], 1):
        if why := detail_shape(row["detail"]):
            raise _bad("postings", number, why)


def _bad(table: str, number: int, why: str) -> BackupError:
    return BackupError(BAD_ROW.format(table=table, row=number, why=why))


def _check_row(
    table: str, number: int, row: object, fields: Mapping[str, Field], seen: RowsById
) -> None:
    if not isinstance(row, dict) or set(row) != set(fields):
        raise _bad(table, number, "its fields are not those of the table")
    for name, field in fields.items():
        if why := field.check(row[name]):
            raise _bad(table, number, f"{name}: {why}")
        # Rows name rows of earlier tables, or earlier rows of their own (a reversal).
        if (
            isinstance(field, Ref)
            and row[name] is not None
            and row[name] not in seen.get(field.table, {})
        ):
            raise _bad(table, number, f"{name} names no earlier row of {field.table}")


def _check_same_night(content: Content, rows_by_id: RowsById) -> None:
    """A row of one night refers only to rows of that night."""
    for table, fields in TABLES.items():
        if table in ("people", "nights", "pay_handles"):  # a group's rows, of no night
            continue
        for number, row in enumerate(content[table], 1):
            night = row.get("night")
            if night is None:  # an entry: its posting's night is its account's
                posting = rows_by_id["postings"][row["posting"]]
                night = posting["night"]
            for name, field in fields.items():
                if not isinstance(field, Ref) or row[name] is None or field.table == "nights":
                    continue
                other = rows_by_id[field.table][row[name]]
                if "night" in other and other["night"] != night:
                    raise _bad(table, number, f"{name} belongs to another night")


def _check_unique(content: Content) -> None:
    unique = {
        "seats": (("night", "position"), ("night", "person")),
        "runs": (("night", "number"),),
        "hands": (("night", "number"),),
        "accounts": (("night", "key"),),
        "postings": (("reverses",),),
        "scores": (("reverses",),),
        "showdowns_kept": (("award",),),
    }
    for table, keys in unique.items():
        for names in keys:
            seen: set[tuple[object, ...]] = set()
            for number, row in enumerate(content[table], 1):
                value = tuple(row[n] for n in names)
                if None in value:
                    continue
                if value in seen:
                    raise _bad(table, number, f"a second row with the same {' and '.join(names)}")
                seen.add(value)
    for number, row in enumerate(content["accounts"], 1):
        kind, seat, hand, _ = split_key(row["key"])
        if (kind, seat, hand) != (row["kind"], row["seat"], row["hand"]):
            raise _bad("accounts", number, "its key does not match its kind, seat and hand")
    at_night = night_seats(content)
    for number, row in enumerate(content["hands"], 1):
        order = row["seat_order"]
        seats = at_night.get(row["night"], set())
        if not all(is_whole(s) and s in seats for s in order) or len(set(order)) != len(order):
            raise _bad("hands", number, "seat_order names a seat not at its night")


def night_seats(content: Content) -> dict[int, set[int]]:
    """Each night's seat ids."""
    found: dict[int, set[int]] = {n["id"]: set() for n in content["nights"]}
    for seat in content["seats"]:
        found[seat["night"]].add(seat["id"])
    return found


def _check_journal(content: Content, rows_by_id: RowsById) -> None:
    totals: dict[int, int] = dict.fromkeys(rows_by_id["postings"], 0)
    held: dict[int, int] = dict.fromkeys(rows_by_id["accounts"], 0)
    for entry in content["entries"]:
        totals[entry["posting"]] += entry["amount"]
        held[entry["account"]] += entry["amount"]
    for posting, total in totals.items():
        if total:
            raise BackupError(UNBALANCED.format(posting=posting, total=total))
    for account_id, chips in held.items():
        account = rows_by_id["accounts"][account_id]
        if chips < 0 and account["kind"] not in MAY_GO_NEGATIVE:
            raise BackupError(NEGATIVE.format(kind=account["kind"], key=account_id, chips=chips))
    at_night = night_seats(content)
    for number, night in enumerate(content["nights"], 1):
        seats = at_night[night["id"]]
        nets = night["nets"]
        if set(nets) != {str(s) for s in seats} or not all(is_whole(v) for v in nets.values()):
            raise _bad("nights", number, "its nets are not one whole number per seat")


def _check_ended(content: Content) -> None:
    """An ended night has no hand still played and no game still open."""
    ended = {n["id"] for n in content["nights"] if n["status"] == "ended"}
    for table, what, closed in (("hands", "hand", "settled"), ("runs", "game", "ended")):
        for row in content[table]:
            if row["night"] in ended and row["status"] != closed:
                number = [n["id"] for n in content["nights"]].index(row["night"]) + 1
                raise _bad("nights", number, STILL_OPEN.format(what=what, number=row["number"]))


def _seat_ids(value: object) -> bool:
    return isinstance(value, list) and all(is_whole(s) for s in value)


def _pairs(value: object, first: Callable[[object], bool]) -> bool:
    """A list of lists, each at least a pair whose first item passes `first`."""
    return isinstance(value, list) and all(
        isinstance(item, list) and len(item) >= 2 and first(item[0]) for item in value
    )


def _id_keys(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and k.isascii() and k.isdigit() for k in value
    )


# What each part of a posting's detail that names seats or postings must look like.
DETAIL_SHAPES: dict[str, Callable[[object], bool]] = {
    "stacks": lambda v: _pairs(v, is_whole),
    "blinds": lambda v: _pairs(v, is_whole),
    "opener": lambda v: v is None or is_whole(v),
    "returned": lambda v: not isinstance(v, dict) or is_whole(v.get("seat", 0)),
    "pots": lambda v: (
        isinstance(v, list)
        and all(isinstance(p, dict) and _seat_ids(p.get("eligible", [])) for p in v)
    ),
    "winners": lambda v: isinstance(v, list) and all(_seat_ids(g) for g in v),
    "low_winners": lambda v: v is None or (isinstance(v, list) and all(_seat_ids(g) for g in v)),
    "payouts": _id_keys,
    "paid": lambda v: isinstance(v, str) or _id_keys(v),  # a buy-in's is "cash" or "credit"
    "units": _id_keys,
    "holder": lambda v: v is None or is_whole(v),
    "reverses": lambda v: v is None or is_whole(v),
    "transfers": lambda v: _pairs(v, lambda name: isinstance(name, str)) and _to_named(v),
    "lives_lost": _seat_ids,
    "actor": is_whole,
    "seats": _seat_ids,  # who the table named at a step
    "stakes": lambda v: (
        isinstance(v, dict) and is_whole(v.get("payer")) and is_whole(v.get("payee"))
    ),
}


def _to_named(transfers: object) -> bool:
    """Each transfer names the account it goes to, as it names the one it comes from."""
    return isinstance(transfers, list) and all(isinstance(t[1], str) for t in transfers)


def detail_shape(detail: Mapping[str, Any]) -> str:
    """Why a posting's detail would not be read as the journal wrote it, or ""."""
    for name, fits in DETAIL_SHAPES.items():
        if name in detail and not fits(detail[name]):
            return BAD_DETAIL.format(name=name)
    return ""


# --- Ids kept inside keys and details ----------------------------------------------------------


def split_key(key: str) -> tuple[str, int | None, int | None, str]:
    """An account key `kind:seat:hand[:game]` as (kind, seat id, hand id, game)."""
    parts = key.split(":", 3)
    if len(parts) < 3:
        return ("", None, None, "")
    try:
        seat = int(parts[1]) if parts[1] else None
        hand = int(parts[2]) if parts[2] else None
    except ValueError:
        return ("", None, None, "")
    return parts[0], seat, hand, parts[3] if len(parts) == 4 else ""


Remap = Callable[[int], int]
_SEAT_ACCOUNT = re.compile(r"^seat (\d+)'s ")


def remap_detail(detail: Mapping[str, Any], seat: Remap, posting: Remap) -> JsonObject:
    """A posting's detail with the seat and posting ids it keeps given their new ids.

    The journal keeps seat ids in a round's stacks, opener and blinds, in
    chips returned, in an award's pots, winners, payouts and a rubber's
    stakes, in a charge's transfers, paid, units, lives lost and the player
    whose turn it was, in who the table named at a step, and a cash
    payment's holder; a reversal keeps the posting it reverses. Everything
    else is copied as it is.
    """
    out = dict(detail)
    for name in ("stacks", "blinds"):
        if isinstance(out.get(name), list):
            out[name] = [[seat(pair[0]), *pair[1:]] for pair in out[name]]
    if is_whole(out.get("opener")):
        out["opener"] = seat(out["opener"])
    if isinstance(out.get("returned"), dict) and "seat" in out["returned"]:
        out["returned"] = out["returned"] | {"seat": seat(out["returned"]["seat"])}
    if isinstance(out.get("pots"), list):
        out["pots"] = [
            pot | {"eligible": [seat(s) for s in pot["eligible"]]}
            if isinstance(pot, dict) and isinstance(pot.get("eligible"), list)
            else pot
            for pot in out["pots"]
        ]
    for name in ("winners", "low_winners"):
        if isinstance(out.get(name), list):
            out[name] = [[seat(s) for s in group] for group in out[name]]
    for name in ("payouts", "paid", "units"):
        if isinstance(out.get(name), dict):
            out[name] = {str(seat(_id(k))): v for k, v in out[name].items()}
    for name in ("lives_lost", "seats"):
        if isinstance(out.get(name), list):
            out[name] = [seat(_id(s)) for s in out[name]]
    if is_whole(out.get("actor")):
        out["actor"] = seat(out["actor"])
    if isinstance(out.get("stakes"), dict):
        stakes = out["stakes"]
        out["stakes"] = stakes | {w: seat(stakes[w]) for w in ("payer", "payee") if w in stakes}
    if is_whole(out.get("holder")):
        out["holder"] = seat(out["holder"])
    if is_whole(out.get("reverses")):
        out["reverses"] = posting(out["reverses"])
    if isinstance(out.get("transfers"), list):
        out["transfers"] = [
            [_account_name(t[0], seat), _account_name(t[1], seat), *t[2:]] for t in out["transfers"]
        ]
    return out


def _id(value: str | int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BackupError(f"A posting's detail names {value!r}, which is no seat.") from None


def _account_name(name: object, seat: Remap) -> object:
    if not isinstance(name, str):
        return name
    found = _SEAT_ACCOUNT.match(name)
    if not found:
        return name
    return f"seat {seat(int(found.group(1)))}'s " + name[found.end() :]
