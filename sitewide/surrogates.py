"""Lone UTF-16 surrogates: text Python can hold but never write out (pure, no Django).

JSON may spell a character as `\\ud83c\\udf89`, one surrogate pair; `json.loads`
joins the pair into one character, but takes a half on its own (`"\\ud83c"`)
as a `str` holding a lone surrogate. Such a string cannot be encoded as
UTF-8, so the first response, log line or database row that repeats it
fails with a 500. So they are refused where a request's text is read (the
API's JSON parser, the page middleware, a backup file), once, instead of in
every field that might echo one.

After `json.loads` or any decoding, every code point from U+D800 to U+DFFF
left in a `str` is lone: a pair would have been joined into one character.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
# What the messages call the character, without repeating it (which would fail the same way).
WHAT = "a lone UTF-16 surrogate (a \\ud800 to \\udfff escape without its other half)"
IN_TEXT = f"This text holds {WHAT}, which stands for no character; send the character itself."
IN_KEY = f"A key here holds {WHAT}, which stands for no character; send the character itself."
MOST_SHOWN = 40  # characters of a key a path repeats


@dataclass(frozen=True)
class Found:
    """Where a lone surrogate is: the keys and indexes leading to it, and whether a key holds it."""

    path: tuple[str, ...]
    in_key: bool

    @property
    def dotted(self) -> str:
        """The path as the API names fields (`hands.Ann.cards.0`); empty at the top."""
        return ".".join(self.path)

    @property
    def message(self) -> str:
        return IN_KEY if self.in_key else IN_TEXT


def may_spell_one(json_text: str) -> bool:
    """Whether JSON decoded from UTF-8 may hold a lone surrogate: only a `\\udXXX` escape can.

    UTF-8 decoding refuses an encoded surrogate, so a file with no such escape
    needs no walk; one with it (or with an escaped backslash before `udXXX`)
    is walked by `find` for the exact place.
    """
    return _ESCAPE.search(json_text) is not None


def has_lone(text: str) -> bool:
    return not text.isascii() and LONE_SURROGATE.search(text) is not None


def find(value: object) -> Found | None:
    """The first lone surrogate in a parsed JSON value, keys and strings at any depth, or None.

    Walked with a stack, not recursion: the caller may not have bounded the depth. The
    keys on the way to a value are checked before the value, so a path never holds one.
    """
    stack: list[tuple[tuple[str, ...], object]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if has_lone(item):
                return Found(path, in_key=False)
        elif isinstance(item, dict):
            if any(isinstance(key, str) and has_lone(key) for key in item):
                return Found(path, in_key=True)
            stack.extend(((*path, shown(key)), v) for key, v in reversed(item.items()))
        elif isinstance(item, list | tuple):
            stack.extend(((*path, str(i)), v) for i, v in reversed(list(enumerate(item))))
    return None


def shown(key: object) -> str:
    """A key as a path or message repeats it: short, so a huge key makes a short answer."""
    text = str(key)
    return text if len(text) <= MOST_SHOWN else text[: MOST_SHOWN - 3] + "..."
