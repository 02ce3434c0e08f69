"""Amounts in the host's terms: money ("$20", "20.00") or chips by colour ("3 red 2 blue").

Pure Python, no Django. A buy-in, re-buy, cash-out or bet can be typed as
chips (the ledger's unit, the smallest colour), as money when the field is in
money mode or the text carries a currency sign or code, or as a count of each
colour. Every form ends as a whole number of units, so the ledger still counts
chips only; money that is not a whole number of the smallest chip is refused
with a message saying what to type instead. The page forms and the API both
parse here, so both accept and refuse the same amounts with the same words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal

from ledger.core import inputs, units

CHIPS = "chips"
MONEY = "money"
MODES = (CHIPS, MONEY)

# Currency signs people type in front of an amount; a code (USD) may come before or after it.
SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
SIGN_FOR = {code: sign for sign, code in SIGNS.items()}

EMPTY = "{label}: type {what}."
NOT_AN_AMOUNT = "{label}: {value!r} is not an amount; type {what}."
NOT_WHOLE_CHIPS = (
    "{label}: {money} is not a whole number of chips: the smallest chip is {unit}. "
    "Type a multiple of {unit}, such as {example}."
)
WRONG_CURRENCY = "{label}: tonight is played in {currency}, not {given}."
UNKNOWN_COLOUR = "{label}: there is no {name!r} chip tonight; the colours are {colours}."
COLOUR_TWICE = "{label}: {name} is counted twice; give each colour once."
TOO_SMALL = "{label} must be at least {least}, not {value}."
TOO_LARGE = "{label} can be at most {most:,} chips, not {value:,}."
ONE_FORM = "Give the amount one way only: chips, money or colours."

_MONEY = re.compile(r"([0-9]{1,12})(?:\.([0-9]{0,4}))?|\.([0-9]{1,4})", re.ASCII)
_PART = re.compile(r"\s*(?:,|\+|\band\b)?\s*([0-9]{1,10})\s*[x×]?\s*([^\d,+]+?)\s*(?=,|\+|\d|$)")
_CODE = re.compile(r"[A-Za-z]{3}")
# A count of colours starts with a number and a word: "3 red", "3red", "3 x red".
_COLOURS_START = re.compile(r"[0-9]{1,10}\s*[x×]?\s*[^\W\d_]")


class AmountError(inputs.InputError):
    """An amount that is not a whole number of the night's chips; the message says what to type."""


def what_to_type(chip_set: units.ChipSet, currency: str) -> str:
    """The hint every message ends with: the three ways to give an amount."""
    colour = max(chip_set.colours, key=lambda c: c.value).name
    dollars = show_money(chip_set.unit * 80, currency)
    return f"chips such as 80, money such as {dollars}, or colours such as 3 {colour}"


def parse(
    value: object,
    chip_set: units.ChipSet,
    *,
    currency: str = "USD",
    mode: str = CHIPS,
    label: str = "The amount",
    least: int = 1,
    most: int = inputs.MOST_CHIPS,
) -> int:
    """A typed amount in units: chips, money (in money mode or with a sign or code) or colours.

    "80" is 80 chips in chips mode and 80 of the currency in money mode;
    "$20", "20 USD" and "USD 20" are always money; "3 red 2 blue" counts colours.
    """
    what = what_to_type(chip_set, currency)
    if not (isinstance(value, str) or inputs.is_whole(value)):
        raise AmountError(NOT_AN_AMOUNT.format(label=label, value=_shown(value), what=what))
    if isinstance(value, int):
        return inputs.whole(value, label=label, least=least, most=most)
    text = value.strip()
    if not text:
        raise AmountError(EMPTY.format(label=label, what=what))
    if len(text) <= 200:
        names = frozenset(c.name.casefold() for c in chip_set.colours)
        money_text = _money_text(text, currency, label=label, colour_names=names)
        if money_text == "":
            raise AmountError(NOT_AN_AMOUNT.format(label=label, value=_shown(text), what=what))
        if money_text is not None:
            return money(
                money_text, chip_set, currency=currency, label=label, least=least, most=most
            )
        if mode == MONEY and _MONEY.fullmatch(text):
            return money(text, chip_set, currency=currency, label=label, least=least, most=most)
        if _COLOURS_START.match(text):
            counts = _colour_words(text, chip_set, label=label, what=what)
            return colours(counts, chip_set, label=label, least=least, most=most)
    # Plain chips: the ledger's whole-number rule and its messages, with the other ways as a hint.
    try:
        return inputs.whole(text, label=label, least=least, most=most)
    except inputs.InputError as exc:
        if _MONEY.fullmatch(text) or not re.fullmatch(r"-?[0-9]+", text, re.ASCII):
            raise AmountError(f"{exc} Or type {what}.") from None
        raise AmountError(str(exc)) from None


def money(
    value: object,
    chip_set: units.ChipSet,
    *,
    currency: str = "USD",
    label: str = "The amount",
    least: int = 1,
    most: int = inputs.MOST_CHIPS,
) -> int:
    """A money amount such as "20.00" in units, refused unless it is a whole number of chips."""
    text = value.strip() if isinstance(value, str) else None
    if text is None or not _MONEY.fullmatch(text):
        what = what_to_type(chip_set, currency)
        raise AmountError(NOT_AN_AMOUNT.format(label=label, value=_shown(value), what=what))
    amount = Decimal(text)
    try:
        chips = units.chips_for(amount, chip_set)
    except units.UnitError:
        raise AmountError(
            NOT_WHOLE_CHIPS.format(
                label=label,
                money=show_money(amount, currency),
                unit=show_money(chip_set.unit, currency),
                example=show_money(_nearest(amount, chip_set.unit), currency),
            )
        ) from None
    return _bounded(chips, label=label, least=least, most=most)


def colours(
    counts: Mapping[str, object],
    chip_set: units.ChipSet,
    *,
    label: str = "The amount",
    least: int = 1,
    most: int = inputs.MOST_CHIPS,
) -> int:
    """Units for a count of each colour, {"red": 3, "blue": 2}; names match without case."""
    by_name = {c.name.casefold(): c for c in chip_set.colours}
    if not isinstance(counts, Mapping) or len(counts) > len(by_name):
        raise AmountError(
            NOT_AN_AMOUNT.format(
                label=label, value=_shown(counts), what="a count for each colour, such as 3 red"
            )
        )
    total = 0
    seen = set()
    for name, count in counts.items():
        colour = by_name.get(str(name).strip().casefold()) if isinstance(name, str) else None
        if colour is None:
            raise AmountError(
                UNKNOWN_COLOUR.format(
                    label=label, name=_shown(name), colours=", ".join(by_name_list(chip_set))
                )
            )
        if colour.name in seen:
            raise AmountError(COLOUR_TWICE.format(label=label, name=colour.name))
        seen.add(colour.name)
        number = inputs.whole(count, label=f"{label}: {colour.name}", least=0)
        total += number * int(colour.value / chip_set.unit)
    return _bounded(total, label=label, least=least, most=most)


def given_once(**forms: object) -> str:
    """The one form an API body used (chips, money or colours), or AmountError."""
    used = [name for name, value in forms.items() if value is not None]
    if len(used) != 1:
        raise AmountError(ONE_FORM)
    return used[0]


def by_name_list(chip_set: units.ChipSet) -> list[str]:
    return [c.name for c in sorted(chip_set.colours, key=lambda c: c.value)]


def show_money(amount: Decimal, currency: str) -> str:
    """$20.00, €0.25, 12.50 CAD; more places only when a chip needs them (0.125)."""
    amount = Decimal(amount)
    cents = amount.quantize(Decimal("0.01"))
    text = f"{cents:,}" if cents == amount else f"{amount.normalize():,f}"
    sign = SIGN_FOR.get(currency.upper())
    if sign is None:
        return f"{text} {currency.upper()}"
    return f"-{sign}{text[1:]}" if text.startswith("-") else f"{sign}{text}"


def both(chips: int, chip_set: units.ChipSet, currency: str) -> str:
    """An amount in both terms: "80 chips ($20.00)"."""
    word = "chip" if abs(chips) == 1 else "chips"
    return f"{chips:,} {word} ({show_money(chips * chip_set.unit, currency)})"


def _money_text(
    text: str, currency: str, *, label: str, colour_names: frozenset[str] = frozenset()
) -> str | None:
    """The number of a money amount written with a sign or a code, else None."""
    body = text
    marked = False
    if body[:1] in SIGNS:
        given, body, marked = SIGNS[body[:1]], body[1:].strip(), True
        if given != currency.upper():
            raise AmountError(WRONG_CURRENCY.format(label=label, currency=currency, given=given))
    for code in (body[:3], body[-3:]):
        if code.casefold() in colour_names:
            continue
        if len(body) > 3 and _CODE.fullmatch(code) and not _MONEY.fullmatch(code):
            rest = body[3:] if code == body[:3] else body[:-3]
            if _MONEY.fullmatch(rest.strip()):
                if code.upper() != currency.upper():
                    raise AmountError(
                        WRONG_CURRENCY.format(label=label, currency=currency, given=code.upper())
                    )
                body, marked = rest.strip(), True
                break
    return body if marked else None


def _colour_words(text: str, chip_set: units.ChipSet, *, label: str, what: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    position = 0
    names = {c.name.casefold(): c.name for c in chip_set.colours}
    for match in _PART.finditer(text):
        if match.start() != position or not match.group(0).strip():
            break
        position = match.end()
        word = match.group(2).strip().casefold()
        name = names.get(word) or (names.get(word[:-1]) if word.endswith("s") else None)
        if name is None:
            raise AmountError(
                UNKNOWN_COLOUR.format(
                    label=label,
                    name=match.group(2).strip(),
                    colours=", ".join(by_name_list(chip_set)),
                )
            )
        if name in counts:
            raise AmountError(COLOUR_TWICE.format(label=label, name=name))
        counts[name] = int(match.group(1))
    if position != len(text) or not counts:
        raise AmountError(NOT_AN_AMOUNT.format(label=label, value=_shown(text), what=what))
    return counts


def _nearest(amount: Decimal, unit: Decimal) -> Decimal:
    """The nearest whole number of chips below the amount (at least one chip), as money."""
    return max(amount // unit, Decimal(1)) * unit


def _bounded(chips: int, *, label: str, least: int, most: int) -> int:
    if chips < least:
        raise AmountError(TOO_SMALL.format(label=label, least=least, value=chips))
    if chips > most:
        raise AmountError(TOO_LARGE.format(label=label, most=most, value=chips))
    return chips


def _shown(value: object) -> object:
    shown = value if isinstance(value, str) else repr(value)
    return shown[:37] + "..." if len(shown) > 40 else shown
