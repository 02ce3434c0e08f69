"""Amounts in both terms on the pages: "80 chips ($20.00)"; `{% load ledger_money %}`."""

import re
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


# A chip figure in words a person reads (a journal line, a notice): after a word that moves
# chips ("Dan wins 1280"), or before "chips" or "rides"; never a count of players or cards.
CHIP_FIGURE = re.compile(
    r"\b(?P<lead>(?:wins|gets back|pays|owes|buys|cashes out|calls|bets to|raises to|"
    r"Antes of|takes) )(?P<chips>\d[\d,]*)\b(?! (?:players?|cards?|games?|points?)\b)"
    r"|\b(?P<figure>\d[\d,]*)(?P<tail> (?:chips?|rides)\b)"
)


@register.filter
def money_words(words: str, night) -> str:
    """A line of words with each chip figure's money beside it, in the night's currency:
    "Dan wins 1280" reads "Dan wins 1280 ($320.00)", "4 rides" "4 ($1.00) rides"."""
    if not words:
        return ""

    def worth(figure: str) -> str:
        return money(int(figure.replace(",", "")), night)

    def beside(found: re.Match[str]) -> str:
        if found["lead"]:
            return f"{found['lead']}{found['chips']} ({worth(found['chips'])})"
        if found["tail"].strip() == "rides":
            return f"{found['figure']} ({worth(found['figure'])}){found['tail']}"
        return f"{found['figure']}{found['tail']} ({worth(found['figure'])})"

    return CHIP_FIGURE.sub(beside, str(words))
