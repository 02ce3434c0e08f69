"""Template helpers for the showdown helper's fill: the showdown form drawn ticked from it.

`fill` is the form's fields as `showdown_fill.Fill.post()` gives them (a field
name -> the values a browser would send), or nothing when the dealer has not
asked for a fill; each tag then draws nothing, so the form is as before.
"""

from django import template

register = template.Library()


def _name(parts) -> str:
    return "".join(str(p) for p in parts)


@register.simple_tag
def ticked(fill, value, *name) -> str:
    """' checked' when the fill ticks `value` in the field named by joining `name`."""
    if not fill:
        return ""
    return " checked" if str(value) in fill.get(_name(name), ()) else ""


@register.simple_tag
def role_ticked(fill, form, seat_id, prefix, role) -> str:
    """' checked' for a role's seat: as the fill (or the form posted back) has it, else as the
    hand already knows it (`form["ticks"]`: who knocked, the blind's seat, who stayed in)."""
    if fill:
        return ticked(fill, seat_id, prefix, "role-", role)
    return " checked" if seat_id in form.get("ticks", {}).get(role, ()) else ""


@register.simple_tag
def picked(fill, value, *name) -> str:
    """' selected' for the option the fill chooses in a select (a declaration)."""
    if not fill:
        return ""
    return " selected" if str(value) in fill.get(_name(name), ()) else ""


@register.simple_tag
def filled(fill, *name) -> str:
    """The value the fill puts in a box (a rank), or nothing."""
    if not fill:
        return ""
    values = fill.get(_name(name), ())
    return values[0] if values else ""
