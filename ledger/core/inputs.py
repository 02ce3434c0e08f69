"""What the ledger accepts from a person or a script: one set of bounds for pages and API alike.

Pure Python, no Django. A page form's field and the API's serializer field
for the same value both call the parser here, so a value typed on a phone
and the same value sent as JSON are accepted or refused together, with the
same message. Every parser is bounded in time: numbers are matched by a
short ASCII pattern before Python converts them, so `1E-2000000`, a
superscript digit or a 5,000-digit id is refused at once instead of
reaching `Decimal`, `Fraction` or the database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import TypeGuard

# Chip counts, antes, caps, agreed amounts and counts of firings.
MOST_CHIPS = 1_000_000_000
# Database ids are signed 64-bit integers.
MOST_ID = 2**63 - 1
LEAST_CHIP_VALUE = Decimal("0.0001")
MOST_CHIP_VALUE = Decimal("10000")
CHIP_VALUE_PLACES = 4
# Lists of seats in one request: more than a table could ever seat is a mistake.
MOST_SEATS = 100
MOST_COLOURS = 12
MOST_POSITION = 999

# Texts, as long as the model field that stores them.
NIGHT_NAME = 80
GROUP_NAME = 80
PERSON_NAME = 60
CHIP_NAME = 40
REASON = 200
GAME_SLUG = 80
RULE_ID = 80
ROSTER = 60 * 100  # a hundred names, one a line

NOT_WHOLE = "{label} must be a whole number such as 5, not {value!r}."
TOO_SMALL = "{label} must be at least {least:,}, not {value:,}."
TOO_LARGE = "{label} can be at most {most:,}, not {value:,}."
NOT_A_CHIP_VALUE = (
    "{label} must be a chip value such as 0.25, from 0.0001 to 10,000 "
    "with at most 4 decimal places, not {value!r}."
)
NOT_MONEY = (
    "{label} must be a sum of money such as 0.01, from 0.0001 to 10,000 "
    "with at most 4 decimal places, not {value!r}."
)
NOT_TEXT = "{label} must be text, not {value!r}."
TEXT_NEEDED = "{label} cannot be empty."
TOO_LONG = "{label} can be at most {most} characters; this one has {length}."
CONTROL_CHARACTER = "{label} contains a control character; type it again without it."
NOT_A_CURRENCY = "A currency is a three-letter code such as USD or EUR, not {value!r}."
NOT_A_CHOICE = "{label} must be one of {choices}, not {value!r}."
NOT_AN_ID = "{label} must be the number of one of this night's {what}, not {value!r}."
TOO_MANY = "{label} lists {count} items; at most {most}."
BAD_KEY = "A request key is printable characters with no spaces, such as a UUID."
NOT_A_LIST = "{label} must be a list, not {value!r}."

_WHOLE = re.compile(r"-?[0-9]{1,50}", re.ASCII)
_CHIP_VALUE = re.compile(r"(?:[0-9]{1,5}(?:\.[0-9]{0,4})?|\.[0-9]{1,4})", re.ASCII)
_CURRENCY = re.compile(r"[A-Za-z]{3}", re.ASCII)
# Tab, line feed and carriage return are allowed where lines are; other C0 controls never.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NEWLINE = re.compile(r"[\r\n\t]")
# Bidirectional embeddings, overrides and isolates: they reorder the text around them on screen.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
# A link token is 16 random bytes, URL-safe base64: 22 characters.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}", re.ASCII)
# An idempotency key: printable ASCII without spaces (a UUID, or the form's own key).
_KEY = re.compile(r"[\x21-\x7e]{1,80}", re.ASCII)
# A random (version 4) UUID, with or without its hyphens.
_UUID4 = re.compile(
    r"[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}", re.ASCII
)


class InputError(ValueError):
    """A value a person or script sent that the ledger will not take; the message says why."""


def is_whole(value: object) -> TypeGuard[int]:
    """An int and not a bool: Python's True is an int, but never a count of chips or an id."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, *, label: str, least: int = 0, most: int = MOST_CHIPS) -> int:
    """A whole number from a JSON integer or typed digits, within [least, most]."""
    if is_whole(value):
        number = value
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        raise InputError(NOT_WHOLE.format(label=label, value=_shown(value)))
    if number < least:
        raise InputError(TOO_SMALL.format(label=label, least=least, value=number))
    if number > most:
        raise InputError(TOO_LARGE.format(label=label, most=most, value=number))
    return number


def record_id(value: object, *, label: str, what: str = "players") -> int:
    """An id that names a row: a whole number the database can hold, else 'no such one'."""
    try:
        return whole(value, label=label, least=1, most=MOST_ID)
    except InputError:
        raise InputError(NOT_AN_ID.format(label=label, what=what, value=_shown(value))) from None


def record_ids(
    values: object, *, label: str, what: str = "players", most: int = MOST_SEATS
) -> list[int]:
    """A list of ids, each checked as `record_id`, at most `most` of them."""
    items = list_of(values, label=label, most=most)
    return [record_id(item, label=label, what=what) for item in items]


def list_of(values: object, *, label: str, most: int = MOST_SEATS) -> list[object]:
    if isinstance(values, str | bytes | dict) or not isinstance(values, Iterable):
        raise InputError(NOT_A_LIST.format(label=label, value=_shown(values)))
    items = list(values)
    if len(items) > most:
        raise InputError(TOO_MANY.format(label=label, count=len(items), most=most))
    return items


def chip_value(value: object, *, label: str) -> Decimal:
    """What one chip is worth: 0.0001 to 10,000, at most four decimal places, no exponent."""
    if isinstance(value, Decimal) and value.is_finite():
        text = format(value, "f")
    elif isinstance(value, float) or is_whole(value):
        # A JSON number: its shortest decimal form, which keeps 1e-05 an exponent (refused).
        text = repr(value) if isinstance(value, float) else str(value)
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise InputError(NOT_A_CHIP_VALUE.format(label=label, value=_shown(value)))
    if not _CHIP_VALUE.fullmatch(text):
        raise InputError(NOT_A_CHIP_VALUE.format(label=label, value=_shown(value)))
    number = Decimal(text)
    if not LEAST_CHIP_VALUE <= number <= MOST_CHIP_VALUE:
        raise InputError(NOT_A_CHIP_VALUE.format(label=label, value=_shown(value)))
    return number


def money_amount(value: object, *, label: str) -> Decimal:
    """A sum of money agreed at the table (a stake per point): 0.0001 to 10,000, as a chip's
    value is typed, a currency sign allowed in front ("$0.01")."""
    if isinstance(value, str):
        value = value.strip().lstrip("$€£¥").strip()
    try:
        return chip_value(value, label=label)
    except InputError:
        raise InputError(NOT_MONEY.format(label=label, value=_shown(value))) from None


def text(
    value: object,
    *,
    label: str,
    most: int,
    required: bool = True,
    lines: bool = False,
) -> str:
    """Typed text, trimmed: refused (never cut) when longer than `most`; no control characters."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise InputError(NOT_TEXT.format(label=label, value=_shown(value)))
    trimmed = value.strip()
    if has_control(trimmed, lines=lines):
        raise InputError(CONTROL_CHARACTER.format(label=label))
    if required and not trimmed:
        raise InputError(TEXT_NEEDED.format(label=label))
    if len(value) > most:  # before trimming, so the answer never depends on stray spaces
        raise InputError(TOO_LONG.format(label=label, most=most, length=len(value)))
    return trimmed


def has_control(value: str, *, lines: bool = False) -> bool:
    """Whether text holds a control character (a line break, unless `lines`) or a bidi override."""
    return bool(
        _CONTROL.search(value)
        or (not lines and _NEWLINE.search(value))
        or (not value.isascii() and _BIDI.search(value))
    )


def currency(value: object) -> str:
    """A three-letter currency code, upper case."""
    if not isinstance(value, str) or not _CURRENCY.fullmatch(value.strip()):
        raise InputError(NOT_A_CURRENCY.format(value=_shown(value)))
    return value.strip().upper()


def choice(value: object, choices: Iterable[str], *, label: str) -> str:
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise InputError(
            NOT_A_CHOICE.format(label=label, choices=", ".join(options), value=_shown(value))
        )
    return value


def is_token(value: object) -> bool:
    """Whether a value looks like a link token at all, before any database look-up."""
    return isinstance(value, str) and bool(_TOKEN.fullmatch(value))


def is_random_uuid(value: object) -> bool:
    """Whether a value is a random (version 4) UUID as written, not a pattern such as all zeros.

    A UUID's random bits almost never repeat few hex digits; fewer than 8
    distinct digits in 32 is a key typed by hand, not drawn.
    """
    if not isinstance(value, str) or not _UUID4.fullmatch(value.lower()):
        return False
    return len(set(value.lower().replace("-", ""))) >= 8


def is_key(value: object) -> bool:
    """Whether a value can be an idempotency key: printable, no spaces, at most 80 characters."""
    return isinstance(value, str) and bool(_KEY.fullmatch(value))


def _shown(value: object) -> object:
    """A refused value as a message quotes it: short, so a huge input makes a short answer."""
    shown = value if isinstance(value, str) else repr(value)
    if len(shown) > 40:
        return shown[:37] + "..."
    return value
