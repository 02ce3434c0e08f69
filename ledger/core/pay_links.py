"""Payment handles, and the links and QR codes that pay them with the amount filled in.

Pure Python, no Django. A person may give a handle for a few person-to-person
services; `check` holds each to its service's own format, so no link is ever
built from text nobody checked (a handle is letters, digits and a few marks,
never a URL, a quote or a space). `pay` builds what a payer taps or scans:
the service's link with the amount, the currency and a note filled in where
the service reads them, and says what the payer must type where it does not.
An IBAN has no link: it gets the EPC payment QR code ("GiroCode") that
European banking apps read, for a payment in euros.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import quote, urlencode

from stdnum import iban as iban_numbers

from ledger.core import inputs

NOTE = 140  # the longest note a link carries: the EPC code's limit, and plenty for the others
HOLDER = 70  # the EPC code's limit on the account holder's name
HOW_TO_PAY = 200  # the free-text "how to pay me"
EPC_BYTES = 331  # the most an EPC payment code may hold

BAD_HANDLE = "{label} {hint} This one is not: {value!r}."
HOLDER_NEEDED = "An IBAN needs the account holder's name, as the bank knows it."
NOT_AN_AMOUNT = "A payment is more than nothing, with at most 2 decimal places, not {value}."


class HandleError(inputs.InputError):
    """A handle that is not its service's, told in words a person can act on."""


@dataclass(frozen=True)
class Service:
    """One payment service: how its handles look and what its links can fill in."""

    key: str
    label: str  # as people say it
    pattern: re.Pattern[str]
    hint: str  # what a handle looks like, for the refusal
    currencies: frozenset[str] = frozenset()  # the only ones it pays in (empty: any)
    fills_amount: bool = True
    fills_note: bool = True


def _exact(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.ASCII)


SERVICES: dict[str, Service] = {
    s.key: s
    for s in (
        Service(
            "paypal",
            "PayPal",
            _exact(r"[A-Za-z0-9]{1,20}"),
            "is the name after paypal.me/: 1 to 20 letters and digits.",
            fills_note=False,
        ),
        Service(
            "venmo",
            "Venmo",
            _exact(r"[A-Za-z0-9][A-Za-z0-9_-]{4,29}"),
            "is a Venmo username: 5 to 30 letters, digits, - and _, without the @.",
            currencies=frozenset({"USD"}),
        ),
        Service(
            "revolut",
            "Revolut",
            _exact(r"[a-z0-9][a-z0-9._]{2,15}"),
            "is a Revtag: 3 to 16 lower-case letters, digits, . and _, without the @.",
            fills_amount=False,
            fills_note=False,
        ),
        Service(
            "monzo",
            "Monzo",
            _exact(r"[A-Za-z0-9][A-Za-z0-9-]{1,29}"),
            "is the name after monzo.me/: 2 to 30 letters, digits and -.",
            currencies=frozenset({"GBP"}),
        ),
        Service(
            "upi",
            "UPI",
            _exact(r"[A-Za-z0-9][A-Za-z0-9._-]{1,99}@[A-Za-z][A-Za-z0-9]{1,63}"),
            "is a UPI id such as ann.kumar@okbank.",
            currencies=frozenset({"INR"}),
        ),
        Service(
            "iban",
            "Bank transfer (IBAN)",
            _exact(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}"),
            "is an IBAN such as DE89 3704 0044 0532 0130 00, with its check digits right.",
            currencies=frozenset({"EUR"}),
        ),
    )
}


@dataclass(frozen=True)
class Handle:
    """A checked handle: `value` as the service writes it; `holder` for an IBAN."""

    service: str
    value: str
    holder: str = ""

    @property
    def shown(self) -> str:
        """The handle as a person reads it (an IBAN in groups of four)."""
        if self.service == "iban":
            return " ".join(self.value[i : i + 4] for i in range(0, len(self.value), 4))
        return self.value


def check(service: object, value: object, holder: object = "") -> Handle:
    """The handle as its service writes it, or a HandleError saying what one looks like."""
    key = inputs.choice(service, SERVICES, label="The payment service")
    kind = SERVICES[key]
    typed = inputs.text(value, label=f"The {kind.label} handle", most=64)
    written = _written(key, typed)
    if not kind.pattern.fullmatch(written) or (
        key == "iban" and not iban_numbers.is_valid(written)
    ):
        raise HandleError(
            BAD_HANDLE.format(label=f"A {kind.label} handle", hint=kind.hint, value=typed[:64])
        )
    name = ""
    if key == "iban":
        name = inputs.text(holder, label="The account holder's name", most=HOLDER, required=False)
        if not name:
            raise HandleError(HOLDER_NEEDED)
    return Handle(key, written, name)


def how_to_pay(value: object) -> str:
    """The free-text "how to pay me": shown as typed, never turned into a link."""
    return inputs.text(value, label="How to pay me", most=HOW_TO_PAY, required=False)


def _written(service: str, typed: str) -> str:
    """The handle as the service writes it: no @ before a username, an IBAN without spaces."""
    if service in ("venmo", "revolut"):
        typed = typed.removeprefix("@")
    if service == "iban":
        typed = typed.replace(" ", "").upper()
    if service == "revolut":
        typed = typed.lower()
    return typed


@dataclass(frozen=True)
class Payment:
    """What a payer taps or scans to pay one handle, and what they must still type.

    `link` is None for an IBAN (no link pays it: `qr` is the EPC code);
    `qr` is what the QR code holds (the link itself, for a service with one).
    """

    handle: Handle
    link: str | None
    qr: str | None
    filled: tuple[str, ...]  # of "amount", "currency", "note": what the link fills in
    to_type: str  # what the payer types themselves, in words ("" when nothing)


def pay(handle: Handle, amount: Decimal, currency: str, note: str) -> Payment:
    """How to pay `amount` (in `currency`) to `handle`, with `note` where the service takes one."""
    amount = _amount(amount)
    currency = inputs.currency(currency)
    note = inputs.text(note, label="The note", most=NOTE, required=False)
    kind = SERVICES[handle.service]
    in_currency = not kind.currencies or currency in kind.currencies
    sum_text = f"{amount} {currency}"
    if handle.service == "iban":
        if not in_currency:
            return Payment(handle, None, None, (), _by_hand(kind, sum_text, note))
        return Payment(handle, None, epc_code(handle, amount, note), ("amount", "note"), "")
    fill_amount = kind.fills_amount and in_currency
    fill_note = kind.fills_note and bool(note)
    url = _LINKS[handle.service](handle.value, amount if fill_amount else None, currency, note)
    filled = tuple(
        name
        for name, yes in (
            ("amount", fill_amount),
            ("currency", fill_amount and not kind.currencies),
            ("note", fill_note),
        )
        if yes
    )
    to_type = []
    if not fill_amount:
        to_type.append(f"the amount, {sum_text}")
    if note and not fill_note:
        to_type.append(f"the note, “{note}”")
    return Payment(handle, url, url, filled, _type_these(to_type, kind, in_currency, currency))


def _by_hand(kind: Service, sum_text: str, note: str) -> str:
    paid_in = ", ".join(sorted(kind.currencies))
    return (
        f"The payment QR code is for {paid_in} only: pay {sum_text} by bank transfer "
        f"with the note “{note}”."
    )


def _type_these(items: list[str], kind: Service, in_currency: bool, currency: str) -> str:
    if not items:
        return ""
    why = "" if in_currency else f" ({kind.label} pays in {', '.join(sorted(kind.currencies))})"
    return f"{kind.label} does not fill in {' and '.join(items)}: type it yourself{why}."


def _amount(value: Decimal) -> Decimal:
    if not isinstance(value, Decimal) or not value.is_finite() or value <= 0:
        raise HandleError(NOT_AN_AMOUNT.format(value=value))
    if value != value.quantize(Decimal("0.01")) or value >= Decimal("1000000000"):
        raise HandleError(NOT_AN_AMOUNT.format(value=value))
    return value.quantize(Decimal("0.01"))


def _paypal(name: str, amount: Decimal | None, currency: str, note: str) -> str:
    tail = f"/{amount}{currency}" if amount is not None else ""
    return f"https://paypal.me/{name}{tail}"


def _venmo(name: str, amount: Decimal | None, currency: str, note: str) -> str:
    query = {"txn": "pay"}
    if amount is not None:
        query["amount"] = str(amount)
    if note:
        query["note"] = note
    return f"https://venmo.com/{name}?{urlencode(query, quote_via=quote)}"


def _revolut(name: str, amount: Decimal | None, currency: str, note: str) -> str:
    return f"https://revolut.me/{name}"


def _monzo(name: str, amount: Decimal | None, currency: str, note: str) -> str:
    tail = f"/{amount}" if amount is not None else ""
    query = f"?{urlencode({'d': note}, quote_via=quote)}" if note else ""
    return f"https://monzo.me/{name}{tail}{query}"


def _upi(name: str, amount: Decimal | None, currency: str, note: str) -> str:
    query = {"pa": name}
    if amount is not None:
        query |= {"am": str(amount), "cu": "INR"}
    if note:
        query["tn"] = note
    return f"upi://pay?{urlencode(query, quote_via=quote, safe='@')}"


_LINKS = {"paypal": _paypal, "venmo": _venmo, "revolut": _revolut, "monzo": _monzo, "upi": _upi}


def epc_code(handle: Handle, amount: Decimal, note: str) -> str:
    """The EPC payment QR code's text (EPC069-12, version 002: no BIC needed), for euros.

    Lines: service tag, version, UTF-8, SEPA credit transfer, BIC (left out),
    the holder's name, the IBAN, the amount, purpose and reference (none),
    then the note as the unstructured remittance text.
    """
    lines = ["BCD", "002", "1", "SCT", "", handle.holder, handle.value, f"EUR{amount}", "", ""]
    code = "\n".join([*lines, note])
    while len(code.encode()) > EPC_BYTES:  # long names in a script of many bytes: shorten the note
        note = note[:-1]
        code = "\n".join([*lines, note])
    return code
