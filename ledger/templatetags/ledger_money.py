"""Amounts in both terms on the pages: "80 chips ($20.00)"; `{% load ledger_money %}`."""

from decimal import Decimal

from django import template

from ledger.core import amounts

register = template.Library()


@register.filter
def both(chips: int, night) -> str:
    """A chip count with its money: `{{ stack|both:night }}` shows "80 chips ($20.00)"."""
    if chips is None:
        return ""
    word = "chip" if abs(chips) == 1 else "chips"
    return f"{chips:,} {word} ({money(chips, night)})"


@register.filter
def money(chips: int, night) -> str:
    """What a chip count is worth in the night's currency: "$20.00"."""
    if chips is None:
        return ""
    return amounts.show_money(Decimal(night.unit) * chips, night.currency)
