"""A night's house settings, checked once when the night or group is saved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal, TypeGuard

from ledger.core.inputs import MOST_CHIPS, is_whole

BAD_SETTING = "{name} must be one of {choices}, not {value!r}."
BAD_NUMBER = "{name} must be a whole number of chips from {least} to {most:,}, not {value!r}."
CAP_NEEDED = "A capped betting limit needs the cap: the most one bet or raise may add."
CAP_BELOW_MIN_BET = (
    "The cap ({cap}) is below the minimum bet ({min_bet}), so every bet would be refused: "
    "raise the cap or lower the minimum bet."
)


class HouseRulesError(ValueError):
    """A house setting the ledger cannot use."""


@dataclass(frozen=True)
class HouseRules:
    """How this table settles what the cards and the rulebook leave open."""

    ante: int = 1
    min_bet: int = 1
    limit: Literal["no_limit", "pot_limit", "cap"] = "no_limit"
    cap: int | None = None
    odd_chip: Literal["seat_order", "first_left"] = "seat_order"
    odd_to: Literal["high", "low"] = "high"
    no_winner: Literal["ride", "return"] = "ride"
    both_must_win_outright: bool = True
    # A payment a player cannot cover: pay what you have, or owe the rest on a marker.
    shortfall: Literal["pay_what_you_have", "marker"] = "pay_what_you_have"
    # A player who leaves while a game's pot rides: their chips in it stay in the pot for
    # whoever wins it, or go back to them in proportion to what they put in.
    leaving: Literal["pot_keeps", "returned"] = "pot_keeps"
    # A newcomer to a game whose pot rides with no ante on later deals: they ante into it
    # like a new game's ante, pay an equal share of what is riding, or play for it free.
    joining: Literal["ante", "share", "free"] = "ante"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


CHOICES = {
    "limit": ("no_limit", "pot_limit", "cap"),
    "odd_chip": ("seat_order", "first_left"),
    "odd_to": ("high", "low"),
    "no_winner": ("ride", "return"),
    "shortfall": ("pay_what_you_have", "marker"),
    "leaving": ("pot_keeps", "returned"),
    "joining": ("ante", "share", "free"),
}


def house_rules(data: Mapping[str, object] | None) -> HouseRules:
    """Validated settings from stored or submitted data; missing keys take the defaults."""
    data = dict(data or {})
    known = {f.name for f in fields(HouseRules)}
    # Any: each value is checked below against its field (the cap once built).
    values: dict[str, Any] = {k: v for k, v in data.items() if k in known}
    for name, choices in CHOICES.items():
        if name in values and values[name] not in choices:
            raise HouseRulesError(
                BAD_SETTING.format(name=name, choices=choices, value=values[name])
            )
    for name, least in (("ante", 0), ("min_bet", 1)):
        if name in values and not _whole(values[name], least):
            raise HouseRulesError(
                BAD_NUMBER.format(name=name, least=least, most=MOST_CHIPS, value=values[name])
            )
    if "both_must_win_outright" in values:
        values["both_must_win_outright"] = bool(values["both_must_win_outright"])
    rules = HouseRules(**values)
    if rules.limit == "cap":
        if not _whole(rules.cap, 1):
            raise HouseRulesError(CAP_NEEDED)
        if rules.cap < rules.min_bet:
            raise HouseRulesError(CAP_BELOW_MIN_BET.format(cap=rules.cap, min_bet=rules.min_bet))
    return rules


def _whole(value: object, least: int) -> TypeGuard[int]:
    return is_whole(value) and least <= value <= MOST_CHIPS
