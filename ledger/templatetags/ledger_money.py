"""Amounts in both terms on the pages: "80 chips ($20.00)"; `{% load ledger_money %}`."""

import re
from decimal import Decimal

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

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


# A chip figure in words a person reads (a journal line, a notice): after a word that moves
# chips ("Dan wins 1280"), or before "chips" or "rides"; never a count of players or cards.
CHIP_FIGURE = re.compile(
    r"\b(?P<lead>(?:wins|gets back|pays|owes|buys|cashes out|calls|bets to|raises to|"
    r"Antes of|takes) )(?P<chips>\d[\d,]*)\b(?! (?:players?|cards?|games?|points?)\b)"
    r"|\b(?P<figure>\d[\d,]*)(?P<tail> (?:chips?|rides)\b)"
)


@register.filter
def money_words(words: str, night) -> str:
    """A line of words with each chip figure's money beside it, in the night's currency, in
    its own `<span class="money">`: "Dan wins 1280" reads "Dan wins 1280 ($320.00)", "4 rides"
    reads "4 ($1.00) rides". The words are escaped."""
    if not words:
        return ""
    words = str(words)
    parts: list[str] = []
    done = 0
    for found in CHIP_FIGURE.finditer(words):
        figure = found["chips"] or found["figure"]
        worth = format_html(
            ' <span class="money">({})</span>', money(int(figure.replace(",", "")), night)
        )
        rides = bool(found["tail"]) and found["tail"].strip() == "rides"
        cut = found.start("tail") if rides else found.end()  # "4 ($1.00) rides"
        parts += [escape(words[done:cut]), worth]
        done = cut
    parts.append(escape(words[done:]))
    return mark_safe("".join(parts))  # every part escaped above


@register.filter
def signed_money(chips: int, night) -> str:
    """A result's money with its sign, as a net reads: "+$5.00", "-$2.50", "$0.00"."""
    if chips is None:
        return ""
    shown = money(chips, night)
    return f"+{shown}" if chips > 0 else shown
