"""From the showdown helper's result to the ledger's showdown form (pure, no Django).

The helper (`rulebook.showdown.evaluation.evaluate`) ranks the hands by the players'
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
  `passer` the player still in on the best hand's right (who passed it cards);
- a killed player is out of every pot and every winning role.

`Fill.post()` is the form's fields as a browser would send them, and
`Fill.award()` the same in the API's `winners` / `declarations` shape.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from rulebook.schema import ONE_NAMED, Fires, HandIs
from rulebook.showdown.ranking import Made, at_least

Mode = Literal["plain", "high_low", "declare"]
# Roles the tiers answer; the others (who knocked, who acted) only the table knows.
TOP_ROLES = frozenset({"winner", "winners", "best_hand"})
FILLED_ROLES = TOP_ROLES | {"loser", "losers", "lowest_hand", "stayers", "passer"}
# Roles the table named at an earlier step (`ledger.core.replay`): one player each.
NAMED_ONE = frozenset(ONE_NAMED)
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
    """One money rule's roles, as `ledger.core.facts` asks them, the race that names it, and
    when the cards fire it (`rulebook.schema.Fires`)."""

    rule: str
    roles: tuple[tuple[str, bool], ...]  # (role, many seats)
    race: str | None = None
    fires: Fires | None = None
    placed: frozenset[str] = frozenset()  # where `fires.role`'s hand must place, at this table
    payer: str | None = None  # the rule's payer role
    payee: str | None = None  # the rule's payee role (a pot an earlier firing fills)
    takes_a_life: bool = False  # each payer loses one of their lives
    carries: bool = False  # it carries the whole pot to the next deal: nobody wins this one
    shares: bool = False  # it names who shares the pot when it fires: the award, not a booking


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

    def award(self) -> dict[str, object]:
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
    named: Mapping[str, Sequence[int]] | None = None,
    lives: Mapping[int, int] | None = None,
    held: Mapping[str, int] | None = None,
) -> Fill:
    """The showdown form's answers from the helper's result.

    `seats`: the players still in (seat id -> the name the result uses), in
    seat order; `pots`: who can win each pot, main pot first; `declared`:
    what each player declared, when the table entered it (else the result's);
    `named`: what the table named at earlier steps (who knocked), by role;
    `lives`: in a game of lives, each player's lives before this showdown;
    `held`: what the pots hold now (`pot`, `next_pot`, `side_pot`), so a
    rule paying out of an empty one is not fired.
    """
    by_name = {name: seat for seat, name in seats.items()}
    killed = {seat for name, seat in by_name.items() if _killed(result.hands.get(name))}

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
    if mode == "plain":
        high = _tie_broken(high, asks, named or {})
    low = tiers("low") if main != "low" else []
    eligible = [frozenset(p) for p in pots]
    if mode == "declare":
        chosen = dict(declared or {})
        for name, seat in by_name.items():
            shown = result.hands.get(name)
            side = getattr(shown, "declared", None)
            if seat not in chosen and side in ("high", "low", "both"):
                chosen[seat] = side
        said = {s: chosen[s] for s in seats if s in chosen}
        answer = Fill(
            mode=mode,
            win=[],
            low=None,
            declared=said,
            high_rank=_last_for_the_rest(_ranks(tiers("high")), said, "high"),
            low_rank=_last_for_the_rest(_ranks(tiers("low")), said, "low"),
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
    table = _Table(
        result=result,
        seats=list(seats),
        by_name=by_name,
        high=high,
        tiers=tiers,
        named={role: list(found) for role, found in (named or {}).items()},
        held=dict(held or {}),
        declared=answer.declared,
    )
    roles, fire = _roles(asks, table)
    sharing = {a.rule for a in asks if a.shares}
    shared = [r for r in fire if r in sharing]
    fire = [r for r in fire if r not in sharing]
    answer = Fill(**(answer.__dict__ | {"roles": roles, "fire": fire}))
    if shared and mode == "plain":
        # The table shares the pot among the hands this rule names (every hand that beat the
        # caller's): the award pays them, so the rule is never ticked.
        sharers = roles[shared[0]].get("winners", [])
        win = [[s for s in sharers if s in pot] for pot in eligible]
        answer = Fill(**(answer.__dict__ | {"win": win, "nobody": bool(eligible) and not any(win)}))
    if any(ask.carries and ask.rule in fire for ask in asks) and mode == "plain":
        # A rule carries the whole pot on (a tie nobody wins): nobody takes it.
        answer = Fill(**(answer.__dict__ | {"win": [[] for _ in eligible], "nobody": True}))
    if lives is not None:
        answer = _last_one_standing(answer, asks, lives, eligible)
    return answer


def _last_one_standing(
    answer: Fill, asks: Sequence[Ask], lives: Mapping[int, int], pots: list[frozenset[int]]
) -> Fill:
    """A game of lives: nobody wins the pot until this showdown leaves one player a life.

    The lives this showdown takes are those of the payers of the life-taking
    rules it fires; the last one with a life left takes every pot they can.
    """
    lost = {
        seat
        for ask in asks
        if ask.takes_a_life and ask.rule in answer.fire and ask.payer
        for seat in answer.roles.get(ask.rule, {}).get(ask.payer, [])
    }
    standing = [s for s, n in lives.items() if n - (1 if s in lost else 0) > 0]
    win = [[standing[0]] if len(standing) == 1 and standing[0] in p else [] for p in pots]
    return Fill(**(answer.__dict__ | {"win": win, "nobody": bool(pots) and not any(win)}))


@dataclass(frozen=True)
class _Table:
    """What the fill reads: the ranking as seats, and what the table named."""

    result: Result
    seats: list[int]
    by_name: dict[str, int]
    high: list[list[int]]
    tiers: Callable[[str], list[list[int]]]
    named: dict[str, list[int]]
    held: dict[str, int] = field(default_factory=dict)
    declared: Mapping[int, str] = field(default_factory=dict)  # a declare game's declarations

    def named_one(self, role: str) -> int | None:
        found = self.named.get(role, [])
        return found[0] if len(found) == 1 else None


def _roles(asks: Sequence[Ask], table: _Table) -> tuple[dict[str, dict[str, list[int]]], list[str]]:
    """Each rule's roles from the ranking and the named roles, and the rules the cards fire.

    A named player (the knocker, the caller) plays their own role and, in a
    rule that names it, is no stayer (the stayers the knocker pays); a rule
    whose `fires` names them makes them its one `loser` when beaten, and its
    `winners` every hand that beat theirs. When a rule the cards fire carries
    the whole pot on, nobody wins it: everyone who showed lost, the tied too.
    A rule is not fired when it would move nothing: nobody plays its payer, or
    the pot it pays out of is empty. Rules carrying the pot on fire last, so
    the others count the pot before it goes.
    """
    roles: dict[str, dict[str, list[int]]] = {}
    fire: list[str] = []
    lowest = table.high[-1] if table.high else []
    top_of_all = table.high[0] if table.high else []
    nobody_wins = any(
        ask.carries and ask.fires is not None and _fires(ask.fires, ask.placed, table, top_of_all)
        for ask in asks
    )
    for ask in asks:
        race = ask.race if ask.race and _tiers(table.result, ask.race) else None
        ranked = table.tiers(race) if race else table.high
        top = ranked[0] if ranked else []
        if nobody_wins and not race:
            ranked, top = [[], *ranked], []
        about = table.named_one(ask.fires.role) if ask.fires and ask.fires.role else None
        # A named player this rule names (the knocker it pays) is no stayer of its own rule.
        named_here = {role for role, _ in ask.roles} & NAMED_ONE
        apart = {s for r in named_here for s in table.named.get(r, [])}
        losers = [s for s in table.seats if s not in top and s != about]
        found: dict[str, list[int]] = {}
        for role, many in ask.roles:
            if role in NAMED_ONE:
                seats_now = table.named.get(role, [])
            elif role == "winners" and about is not None and about not in top:
                seats_now = _above(ranked, about)  # every hand that beat the named player's
            elif role in TOP_ROLES:
                seats_now = top
            elif role == "losers":
                seats_now = losers
            elif role == "loser":
                if about is not None and about not in top:  # beaten
                    seats_now = [about]
                else:
                    seats_now = losers if len(losers) == 1 else lowest
            elif role == "lowest_hand":
                seats_now = lowest
            elif role == "stayers":
                seats_now = [s for s in table.seats if s not in apart]
            elif role == "passer":
                seats_now = _on_the_right(table.seats, top)
            else:
                continue
            if seats_now and (many or len(seats_now) == 1):
                found[role] = list(seats_now)
        if found:
            roles[ask.rule] = found
        ranked_top = table.high[0] if nobody_wins and not race and table.high else top
        # A rule paying one best hand is not ticked on a tie for it: the table says who.
        untied = all(role in found for role, many in ask.roles if role in TOP_ROLES and not many)
        cards_fire = ask.fires is not None and _fires(ask.fires, ask.placed, table, ranked_top)
        fires = (race and top) or (cards_fire and untied)
        filled = {a.payee for a in asks if a.rule in fire}
        if fires and _moves_something(ask, found, table, filled):
            fire.append(ask.rule)
    carrying = {ask.rule for ask in asks if ask.carries}
    return roles, [r for r in fire if r not in carrying] + [r for r in fire if r in carrying]


def _moves_something(
    ask: Ask, found: Mapping[str, list[int]], table: _Table, filled: Collection[str | None]
) -> bool:
    """Whether a fired rule has someone to pay it, or a pot holding something to pay it from
    (now, or once a rule fired before it has paid into that pot)."""
    if ask.payer in FILLED_ROLES or ask.payer in NAMED_ONE:
        return bool(found.get(ask.payer))
    if ask.payer in table.held:
        return table.held[ask.payer] > 0 or ask.payer in filled
    return True


def _tie_broken(
    high: list[list[int]], asks: Sequence[Ask], named: Mapping[str, Sequence[int]]
) -> list[list[int]]:
    """The tiers with a tie for the best settled as a rule's `tied_when` says: the named player
    (the guts-er, the knocker) wins it alone when the rule counts a tie as their best, or
    drops below the others when it counts as their being beaten."""
    if not high or len(high[0]) < 2:
        return high
    for ask in asks:
        fires = ask.fires
        if fires is None or fires.role is None or "tied" in fires.hand_is:
            continue
        found = list(named.get(fires.role, []))
        if "tied" not in ask.placed or len(found) != 1 or found[0] not in high[0]:
            continue
        seat = found[0]
        rest = [s for s in high[0] if s != seat]
        if "best" in fires.hand_is:
            return [[seat], rest, *high[1:]]
        if "beaten" in fires.hand_is:
            return [rest, [seat], *high[1:]]
    return high


def _fires(fires: Fires, ask_placed: frozenset[str], table: _Table, top: list[int]) -> bool:
    """Whether the ranking makes this rule fire: every condition it gives holds."""
    if fires.lowest_alone and not (table.high and len(table.high[-1]) == 1):
        return False
    if fires.one_side_declared:
        sides = set(table.declared.values())
        if sides not in ({"high"}, {"low"}):
            return False
    if fires.role is not None:
        seat = table.named_one(fires.role)
        if seat is None:
            return False
        placed = "best" if top == [seat] else "tied" if seat in top else "beaten"
        if placed not in ask_placed:
            return False
    if fires.best_tied and len(top) < 2:
        return False
    made = _winning_hand(table, top)
    if fires.winner_holds is not None and not (made and _holds(made, fires.winner_holds)):
        return False
    return fires.winner_lacks is None or not (made and _holds(made, fires.winner_lacks))


def _on_the_right(seats: list[int], top: list[int]) -> list[int]:
    """The player still in on the best hand's right, who passed it cards (cards go left, and
    the seats run left from the dealer): one best hand only, and not itself."""
    if len(top) != 1 or len(seats) < 2:
        return []
    return [seats[seats.index(top[0]) - 1]]


def _above(ranked: list[list[int]], seat: int) -> list[int]:
    found: list[int] = []
    for tier in ranked:
        if seat in tier:
            break
        found += tier
    return found


def _winning_hand(table: _Table, top: list[int]) -> Made | None:
    """The best hand's high hand (one of a tie: they are equal), if the helper made one."""
    names = {seat: name for name, seat in table.by_name.items()}
    for seat in top:
        shown = table.result.hands.get(names[seat])
        made: Made | None = getattr(shown, "high", None)
        if made is not None:
            return made
    return None


def _holds(made: Made, hand: HandIs) -> bool:
    return at_least(made, hand.at_least, hand.rank)


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


def _last_for_the_rest(ranks: dict[int, int], said: Mapping[int, str], side: str) -> dict[int, int]:
    """Every player who called this side ranked on it: those the helper left out, last together.

    The helper leaves out a hand that cannot win a side (killed, or declared
    both and lost the other side); the ledger still needs each caller's rank,
    and last on the side gives the same award: the next best takes it.
    """
    callers = [s for s, called in said.items() if called in (side, "both")]
    rest = [s for s in callers if s not in ranks]
    if not rest:
        return ranks
    last = max(ranks.values(), default=0) + 1
    return ranks | dict.fromkeys(rest, last)


def _order(ranks: Mapping[int, int]) -> list[list[int]]:
    places: dict[int, list[int]] = {}
    for seat, place in ranks.items():
        places.setdefault(place, []).append(seat)
    return [sorted(places[p]) for p in sorted(places)]
