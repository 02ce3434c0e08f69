"""Template helpers for the ledger pages: a fresh request key per form, chips and money."""

import uuid
from decimal import Decimal

from django import template
from django.contrib import messages
from django.utils.html import format_html

from ledger.core import inputs
from ledger.services import actors
from rulebook.schema import bound_words
from sitewide import qr

register = template.Library()


@register.simple_tag
def write_key() -> str:
    """A hidden idempotency key, new each time a form is drawn, so a double tap posts once."""
    return format_html('<input type="hidden" name="idempotency_key" value="{}">', uuid.uuid4().hex)


@register.filter
def signed(value: int | Decimal) -> str:
    """+12, -3 or 0: a result reads better with its sign."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


@register.simple_tag(takes_context=True)
def ledger_messages(context) -> dict:
    """The page's messages as text."""
    return {"plain": [str(m) for m in messages.get_messages(context["request"])]}


@register.filter
def chip_value(value: Decimal) -> str:
    """A chip's money value as people write it: 0.05, 0.10, 1.00, 0.125."""
    value = Decimal(value).normalize()
    return str(value if value.as_tuple().exponent < -2 else value.quantize(Decimal("0.01")))


# A journal line with no memo says what happened in words, never the posting's kind.
POSTING_WORDS = {
    "action": "A bet",
    "adjustment": "A recount",
    "ante": "Antes in",
    "award": "The pots paid",
    "buy_in": "A buy-in",
    "carry_in": "A carried pot rides in",
    "cash_out": "A cash-out",
    "charge": "A money rule booked",
    "game_end": "The game ended",
    "reversal": "Undone",
    "ride_in": "The riding pot comes in",
    "riding_share": "The riding pot shared out",
    "round": "A betting round opened",
}


@register.filter
def posting_words(posting) -> str:
    """The line a person reads for a posting: its memo, else what kind of thing happened."""
    return posting.memo or POSTING_WORDS.get(posting.kind, "A movement of chips")


@register.filter
def recorder(recorded_by: str) -> str:
    """Who recorded it, as the table says it: "the host", or the player's name."""
    return actors.recorder(recorded_by)


@register.filter
def step_title(step) -> str:
    """A step as the table calls it: a betting round by its name ("Third street")."""
    if getattr(step, "kind", "") == "bet" and getattr(step, "name", ""):
        return step.name
    return getattr(step, "title", "")


@register.filter
def amount_words(amount, run=None) -> str:
    """An amount in plain words; one the table agreed, with what this game agreed it to be
    ("the small blind: 1 chip"), so the dealer books it with nothing to type."""
    if amount is None:
        return ""
    table = getattr(run, "agreed", None) or {}
    if amount.bet is not None:
        # Each end of a bet's range, with the figure the table agreed for it.
        def end(bound) -> str:
            value = table.get(bound.agreed) if bound.agreed else None
            if inputs.is_whole(value):
                return f"{bound.agreed} ({value} chip{'' if value == 1 else 's'})"
            return bound_words(bound)

        return amount.bet.describe(end)
    agreed = table.get(amount.agreed) if amount.agreed else None
    if inputs.is_whole(agreed):
        return f"{amount.agreed}: {agreed} chip{'' if agreed == 1 else 's'}"
    return amount.describe()


@register.filter
def qr_code(text: str) -> str:
    """Text (a pay link, an EPC payment code) as an inline SVG QR code (`sitewide.qr`)."""
    return qr.svg(text, scale=3)
