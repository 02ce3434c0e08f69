"""From the showdown helper's result to the ledger's showdown form (pure, no Django).

The helper (`rulebook.showdown.evaluate`) ranks the hands by the players'
names, best tier first, ties sharing a tier, and leaves a killed hand out of
every tier. The showdown form asks, per pot, who wins it (high and low in a
high-low game), or each player's declaration and rank in a declare game, and
for each money rule the roles it needs (the winner, the losers, the lowest
hand). `fill` answers all of that from the tiers and the pots the ledger
already built (who can win each), so the dealer only checks and books:

- a pot goes to the best tier that has anyone who can win it, only those;
- a high-low game's low half likewise from the low tiers (none: high takes it);
- a declare game gets each declaration and a rank per side (1 is best);
- `best_hand` and `winner(s)` are the top high tier, or for a rule a race
  names (`races[].rules`) that race's top tier; `lowest_hand` is the lowest
  tier; `losers` everyone still in outside the top tier (killed hands too);
- a killed player is out of every pot and every winning role.

`Fill.post()` is the form's fields as a browser would send them, and
`Fill.award()` the same in the API's `winners` / `declarations` shape.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

Mode = Literal["plain", "high_low", "declare"]
# Roles the tiers answer; the others (who knocked, who acted) only the table knows.
TOP_ROLES = frozenset({"winner", "winners", "best_hand"})
FILLED_ROLES = TOP_ROLES | {"loser", "losers", "lowest_hand", "stayers"}
SIDES = ("high", "low")


class Ranked(Protocol):
    key: str
    tiers: tuple[tuple[str, ...], ...]


class Shown(Protocol):
    killed_by: str | None
    declared: str | None


class Result(Protocol):
    rankings: tuple[Ranked, ...]
    hands: Mapping[str, Shown]


@dataclass(frozen=True)
class Ask:
    """One money rule's roles, as `ledger.facts` asks them, and the race that names it."""

    rule: str
    roles: tuple[tuple[str, bool], ...]  # (role, many seats)
    race: str | None = None


@dataclass(frozen=True)
class Fill:
    mode: Mode
    win: list[list[int]]  # per pot: the winners (the high half's in a high-low game)
    low: list[list[int]] | None  # per pot: the low half's, in a high-low game
    declared: dict[int, str] = field(default_factory=dict)
    high_rank: dict[int, int] = field(default_factory=dict)
    low_rank: dict[int, int] = field(default_factory=dict)
    roles: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    fire: list[str] = field(default_factory=list)
    nobody: bool = False  # no pot has anyone who can win it

    def post(self) -> dict[str, list[str]]:
        """The showdown form's fields, as a browser would post them ticked."""
        fields: dict[str, list[str]] = {}
        if self.mode == "declare":
            for seat, side in self.declared.items():
                fields[f"declare-{seat}"] = [side]
            for side, ranks in (("high", self.high_rank), ("low", self.low_rank)):
                for seat, rank in ranks.items():
                    fields[f"{side}-rank-{seat}"] = [str(rank)]
        else:
            prefix = "high" if self.mode == "high_low" else "win"
            for index, seats in enumerate(self.win):
                fields[f"{prefix}-{index}"] = [str(s) for s in seats]
            for index, seats in enumerate(self.low or []):
                fields[f"low-{index}"] = [str(s) for s in seats]
            if self.nobody:
                fields["nobody"] = ["1"]
        if self.fire:
            fields["fire"] = list(self.fire)
        for rule, roles in self.roles.items():
            for role, seats in roles.items():
                fields[f"{rule}:role-{role}"] = [str(s) for s in seats]
        return {name: values for name, values in fields.items() if values}

    def award(self) -> dict:
        """The same as the API's award / showdown body: winners, or declarations and orders."""
        bookings = [{"rule": rule, "roles": self.roles.get(rule, {})} for rule in self.fire]
        if self.mode == "declare":
            return {
                "declarations": [
                    {"seat": seat, "declares": side} for seat, side in self.declared.items()
                ],
                "high_order": _order(self.high_rank),
                "low_order": _order(self.low_rank),
                "bookings": bookings,
            }
        return {"winners": self.win, "low_winners": self.low, "bookings": bookings}


def fill(
    result: Result,
    *,
    seats: Mapping[int, str],
    pots: Sequence[Collection[int]],
    mode: Mode = "plain",
    asks: Sequence[Ask] = (),
    declared: Mapping[int, str] | None = None,
) -> Fill:
    """The showdown form's answers from the helper's result.

    `seats`: the players still in (seat id -> the name the result uses), in
    seat order; `pots`: who can win each pot, main pot first; `declared`:
    what each player declared, when the table entered it (else the result's).
    """
    by_name = {name: seat for seat, name in seats.items()}
    killed = {seat for name, seat in by_name.items() if _killed(result.hands.get(name))}
    alive = [seat for seat in seats if seat not in killed]

    def tiers(key: str) -> list[list[int]]:
        """The ranking's tiers as seats: players still in and not killed, empty tiers dropped."""
        found = []
        for tier in _tiers(result, key):
            mine = [by_name[n] for n in tier if n in by_name and by_name[n] not in killed]
            if mine:
                found.append(sorted(mine))
        return found

    main = _main_key(result)
    high = tiers(main)
    low = tiers("low") if main != "low" else []
    eligible = [frozenset(p) for p in pots]
    if mode == "declare":
        chosen = dict(declared or {})
        for name, seat in by_name.items():
            shown = result.hands.get(name)
            side = getattr(shown, "declared", None)
            if seat not in chosen and side in ("high", "low", "both"):
                chosen[seat] = side
        answer = Fill(
            mode=mode,
            win=[],
            low=None,
            declared={s: chosen[s] for s in seats if s in chosen},
            high_rank=_ranks(tiers("high")),
            low_rank=_ranks(tiers("low")),
        )
    elif mode == "high_low":
        win = [_best_in(high, pot) for pot in eligible]
        low_win = [_best_in(low, pot) for pot in eligible]
        answer = Fill(
            mode=mode,
            win=win,
            low=low_win,
            nobody=bool(eligible) and not any(win) and not any(low_win),
        )
    else:
        win = [_best_in(high, pot) for pot in eligible]
        answer = Fill(mode=mode, win=win, low=None, nobody=bool(eligible) and not any(win))
    roles, fire = _roles(asks, result, seats=list(seats), alive=alive, high=high, tiers=tiers)
    return Fill(**(answer.__dict__ | {"roles": roles, "fire": fire}))


def _roles(asks, result, *, seats, alive, high, tiers) -> tuple[dict, list[str]]:
    roles: dict[str, dict[str, list[int]]] = {}
    fire: list[str] = []
    lowest = high[-1] if high else []
    for ask in asks:
        race = ask.race if ask.race and _tiers(result, ask.race) else None
        ranked = tiers(race) if race else high
        top = ranked[0] if ranked else []
        losers = [s for s in seats if s not in top]
        found: dict[str, list[int]] = {}
        for role, many in ask.roles:
            if role in TOP_ROLES:
                seats_now = top
            elif role == "losers":
                seats_now = losers
            elif role == "loser":
                seats_now = losers if len(losers) == 1 else lowest
            elif role == "lowest_hand":
                seats_now = lowest
            elif role == "stayers":
                seats_now = list(seats)
            else:
                continue
            if seats_now and (many or len(seats_now) == 1):
                found[role] = list(seats_now)
        if found:
            roles[ask.rule] = found
        if race and top:
            fire.append(ask.rule)
    return roles, fire


def _main_key(result: Result) -> str:
    """The ranking that decides the pot: high, else the only one there is (a lowball game)."""
    keys = [r.key for r in result.rankings]
    if "high" in keys or not keys:
        return "high"
    return keys[0]


def _tiers(result: Result, key: str) -> tuple[tuple[str, ...], ...]:
    for ranked in result.rankings:
        if ranked.key == key:
            return tuple(tuple(t) for t in ranked.tiers)
    return ()


def _killed(shown: Shown | None) -> bool:
    return bool(getattr(shown, "killed_by", None))


def _best_in(tiers: list[list[int]], eligible: frozenset[int]) -> list[int]:
    """The best tier with anyone who can win this pot, only those."""
    for tier in tiers:
        mine = [s for s in tier if s in eligible]
        if mine:
            return mine
    return []


def _ranks(tiers: list[list[int]]) -> dict[int, int]:
    return {seat: place for place, tier in enumerate(tiers, start=1) for seat in tier}


def _order(ranks: Mapping[int, int]) -> list[list[int]]:
    places: dict[int, list[int]] = {}
    for seat, place in ranks.items():
        places.setdefault(place, []).append(seat)
    return [sorted(places[p]) for p in sorted(places)]
