"""Template helpers for the ledger pages: a fresh request key per form, chips and money."""

import uuid
from decimal import Decimal

from django import template
from django.contrib import messages
from django.utils.html import format_html

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
    """The page's messages, with the new night's chip-unit warnings kept apart to fold away."""
    notes = {"plain": [], "unit": []}
    for message in messages.get_messages(context["request"]):
        notes["unit" if "unit" in message.tags.split() else "plain"].append(str(message))
    return notes


@register.filter
def chip_value(value: Decimal) -> str:
    """A chip's money value as people write it: 0.05, 0.10, 1.00, 0.125."""
    value = Decimal(value).normalize()
    return str(value if value.as_tuple().exponent < -2 else value.quantize(Decimal("0.01")))
