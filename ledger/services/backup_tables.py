"""The backup's description (`backup_format.TABLES`) bound to the models it is read from.

`backup_format` says what each table of the file holds; the bounds of each
field are its column's, read here from the model: a text column's
`max_length` and choices (with "" when it may be blank), a money column's
decimal places, and whether a reference or a time may be empty (`null`).
So a column made longer, or given a new choice, is taken by the backup at
once, and `DESCRIBED` is what export, checks and restore all read.

Every column of the models below is in the file except those in
`LEFT_OUT`, each with why; the models not backed up at all are in
`NOT_BACKED_UP` (tests/ledger/test_backup.py holds the two lists to the models).
"""

from __future__ import annotations

from django.db import models

from ledger.core import backup_format
from ledger.core.backup_format import Column, Described
from ledger.models import (
    Account,
    Entry,
    Group,
    Hand,
    HandCards,
    HandTally,
    HostWriteRequest,
    Night,
    PayHandle,
    Payment,
    Person,
    Posting,
    Restore,
    Run,
    Score,
    Seat,
    ShowdownKept,
    WriteRequest,
)

# The model of each table of the file, in the order its rows are written.
MODELS: dict[str, type[models.Model]] = {
    "people": Person,
    "nights": Night,
    "seats": Seat,
    "runs": Run,
    "hands": Hand,
    "accounts": Account,
    "postings": Posting,
    "entries": Entry,
    "scores": Score,
    "payments": Payment,
    "hand_cards": HandCards,
    "showdowns_kept": ShowdownKept,
    "pay_handles": PayHandle,
}
GROUP_MODEL = Group

NEW_ID = "a restored row gets a new id, and no row of the file names this one"
NEW_LINKS = "phones and links are not part of a backup: a restored night's are new"
# Columns the file does not carry, by model, and why.
LEFT_OUT: dict[type[models.Model], dict[str, str]] = {
    Group: {
        "id": NEW_ID,
        "host": "a restore is a new group of whoever restores it",
    },
    Person: {"group": "the file is one group's"},
    Night: {
        "group": "the file is one group's",
        "host": "a restore is a new group of whoever restores it",
        "spectator_token": NEW_LINKS,
        "spectator_revoked": NEW_LINKS,
    },
    Seat: {
        "join_token": NEW_LINKS,
        "join_revoked": NEW_LINKS,
        "claimed_session": NEW_LINKS,
        "device_key_hash": NEW_LINKS,
        "device_claimed_at": NEW_LINKS,
    },
    Entry: {"id": NEW_ID},
    Payment: {"id": NEW_ID},
    HandCards: {"id": NEW_ID},
    ShowdownKept: {"id": NEW_ID},
    PayHandle: {"id": NEW_ID},
}
# Models with no table in the file, and why.
NOT_BACKED_UP: dict[type[models.Model], str] = {
    HandTally: "a cache of a hand's replay: the next write replays the journal again",
    WriteRequest: "answers kept for repeated requests: a restored night has had none",
    HostWriteRequest: "answers kept for one host's repeated requests, not a group's",
    Restore: "a restore under way, not a group's rows",
}


def column(field: models.Field) -> Column:
    """What the model's column allows, as the description reads it."""
    choices: tuple[str, ...] = ()
    if field.choices:
        choices = tuple(str(value) for value, _ in field.flatchoices)
        if field.blank and "" not in choices:
            choices = ("", *choices)
    return Column(
        most=field.max_length if isinstance(field, models.CharField) else None,
        choices=choices,
        places=field.decimal_places if isinstance(field, models.DecimalField) else None,
        optional=field.null,
    )


def columns_of(model: type[models.Model], fields: backup_format.Fields) -> dict[str, Column]:
    """The column of each field the file holds: none for a field the export works out."""
    return {
        name: column(model._meta.get_field(field.attr(name)))
        for name, field in fields.items()
        if not field.derived
    }


DESCRIBED: Described = backup_format.bound(
    {
        "group": columns_of(GROUP_MODEL, backup_format.GROUP),
        **{
            table: columns_of(MODELS[table], fields)
            for table, fields in backup_format.TABLES.items()
        },
    }
)
TABLES = DESCRIBED.tables


def most(model: type[models.Model], name: str) -> int:
    """A text column's length, for the checks made as a live form makes them."""
    length = model._meta.get_field(name).max_length
    assert length is not None
    return length
