"""Words every page writes the same way: a name's possessive ("Ann's", "Friday Regulars'")."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def possessive(name: object) -> SafeString:
    """The name with "'s", or only "'" after a final s: "Ann's", "Friday Regulars'", "Chris'"."""
    text = str(name)
    if not text:
        return mark_safe("")
    suffix = "'" if text[-1] in "sS" else "'s"
    return mark_safe(f"{conditional_escape(text)}{suffix}")
