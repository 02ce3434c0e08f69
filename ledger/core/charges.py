"""Charges: the chips one firing of a game's money rule moves, and between which accounts.

Pure chip math on ints, no Django: `charge()` reads the rule's payer, payee,
amount, cap and per, never the game's name. The design (the accounts, how one
firing is worked out, what the rule data cannot say yet) is `docs/money-rules.md`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Literal, TypeGuard, get_args

from ledger.core.inputs import is_whole
from ledger.core.pots import split
from rulebook.schema import Amount, BetRange, MoneyRule, Party, bound_words

SeatId = int
AccountKind = Literal["stack", "marker", "pot", "next_pot", "side_pot", "bank"]
Shortfall = Literal["pay_what_you_have", "marker"]

# Deprecated: the name the Black Spot's cap went by before the schema had
# `stack: true`. Still read as the payer's stack, for data written the old way.
AT_THE_STACK = "what the payer has left"
HELD_POTS = ("pot", "next_pot", "side_pot")
POT_ACCOUNTS = (*HELD_POTS, "bank")
SEAT_ROLES = frozenset(get_args(Party)) - {*POT_ACCOUNTS, "nobody"}
# Roles the table answers unless the firing says otherwise.
DERIVED_ROLES = frozenset({"dealer", "each_player", "each_active", "each_other_player"})

# A `per` counted in seats of a role: the ledger knows the count, never the table.
PER_ROLES = {
    "player_in": "each_player",
    "loser": "losers",
    "stayer": "stayers",
    "folder": "folded",
    "winner": "winners",
}
# A `per` that is the firing itself (each turn, each bet): one, and booked again next time.
PER_ONCE = frozenset({"turn", "bet", "round", "half"})

SEAT_KIND_NEEDS_SEAT = "A {kind} account belongs to a seat."
POT_KIND_HAS_NO_SEAT = "The {kind} account belongs to no seat."
UNKNOWN_ACCOUNT = "{kind!r} is not an account."
NOT_POSITIVE = "A transfer moves more than zero chips, not {chips}."
SAME_ACCOUNT = "{account} cannot pay itself."
DUPLICATE_SEAT = "Seat {seat} is listed twice in the hand."
NO_STACK = "Seat {seat} has no stack at this table."
NEGATIVE = "{what} cannot be {chips} chips."
NOT_A_RATE = "A unit of money must buy more than zero chips, not {rate}."
UNKNOWN_SHORTFALL = "Unknown shortfall policy {policy!r}: use 'pay_what_you_have' or 'marker'."
UNKNOWN_ROLE = "{role!r} is not a role a seat can play."
NOT_IN_HAND = "Seat {seat} is the {role} but is not in the hand."
COUNT_NOT_DEALT = "{rule}: seat {seat} is not dealt in, so it holds nothing to count."
MISSING_ROLE = "{rule}: say who is the {role}."
NO_ANTE = "{rule}: it is counted in antes, but the table has set no ante."
NO_MIN_BET = "{rule}: it is counted in minimum bets, but the table set no minimum bet."
NO_CHIP_VALUE = "{rule}: it costs {money} in money, but the table has set no chip value."
MONEY_NOT_WHOLE = (
    "{rule}: it costs {money} in money; at {rate} chips to one unit of money that is "
    "{chips} chips of {chip}, not a whole number. Pick a smaller chip or another amount."
)
NOT_AGREED = "{rule}: it needs {name}, which the table has not agreed."
CONTRIBUTION_NEEDS_SEAT = "{rule}: it is a multiple of the payer's chips in the pot: {payer}."
COUNT_NEEDS_SEAT = "{rule}: it is counted per seat, but neither side of it is a seat."
BET_TOO_SMALL = "{rule}: it takes a bet of at least {minimum} chips, not {bet}."
NO_BET = "{rule}: say how much the player bet."
BET_BELOW_LEAST = "{rule}: a bet is at least {least}, not {bet}."
BET_ABOVE_MOST = "{rule}: a bet is at most {most}, not {bet}."
BET_NOT_BELOW = (
    "{rule}: on a player's first turn of the game a bet must be less than {below}, "
    "so at most {most}, not {bet}."
)
TOO_MANY_A_HAND = (
    "{rule}: seat {seat} may have at most {most} a hand and has had {used}, "
    "so {count} more is too many."
)
COVERS_ONLY = "{rule}: it pays what {rules} could not, and is booked with them, not on its own."


class ChargeError(ValueError):
    """A rule, a table or the facts of a firing that cannot be charged."""


@dataclass(frozen=True, order=True)
class ChipAccount:
    """Where chips are held: a seat's stack or marker, one of the pots, or the bank."""

    kind: AccountKind
    seat: SeatId | None = None

    def __post_init__(self) -> None:
        if self.kind in ("stack", "marker"):
            if self.seat is None:
                raise ChargeError(SEAT_KIND_NEEDS_SEAT.format(kind=self.kind))
        elif self.kind in POT_ACCOUNTS:
            if self.seat is not None:
                raise ChargeError(POT_KIND_HAS_NO_SEAT.format(kind=self.kind))
        else:
            raise ChargeError(UNKNOWN_ACCOUNT.format(kind=self.kind))

    def __str__(self) -> str:
        return self.kind if self.seat is None else f"seat {self.seat}'s {self.kind}"


POT = ChipAccount("pot")
NEXT_POT = ChipAccount("next_pot")
SIDE_POT = ChipAccount("side_pot")
BANK = ChipAccount("bank")


def stack(seat: SeatId) -> ChipAccount:
    return ChipAccount("stack", seat)


def marker(seat: SeatId) -> ChipAccount:
    return ChipAccount("marker", seat)


@dataclass(frozen=True)
class Transfer:
    """Chips moved from one account to another."""

    source: ChipAccount
    target: ChipAccount
    chips: int

    def __post_init__(self) -> None:
        if self.chips <= 0:
            raise ChargeError(NOT_POSITIVE.format(chips=self.chips))
        if self.source == self.target:
            raise ChargeError(SAME_ACCOUNT.format(account=self.source))


@dataclass(frozen=True)
class TableAtFiring:
    """The table when the rule fires, before anything is paid out.

    `seats` are the seats in the hand from the dealer's left, so the dealer,
    if dealt in, is last. `agreed` holds the amounts the table settled before
    play, by the name the rule data gives them ("the Boo Ray amount"): one
    answer per question, shared by an amount and a cap alike.
    `chips_per_money` is how many chips one unit of money buys: 20 when a chip
    is worth 0.05 (1 / ChipSet.unit).
    """

    seats: tuple[SeatId, ...]
    dealer: SeatId
    stacks: Mapping[SeatId, int]
    pot: int = 0
    next_pot: int = 0
    side_pot: int = 0
    contributions: Mapping[SeatId, int] = field(default_factory=dict)
    ante: int | None = None
    min_bet: int | None = None
    chips_per_money: Fraction | None = None
    agreed: Mapping[str, int] = field(default_factory=dict)
    shortfall: Shortfall = "pay_what_you_have"

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats):
            seat = next(s for s in self.seats if self.seats.count(s) > 1)
            raise ChargeError(DUPLICATE_SEAT.format(seat=seat))
        for seat in (*self.seats, self.dealer):
            if seat not in self.stacks:
                raise ChargeError(NO_STACK.format(seat=seat))
        for seat, chips in self.stacks.items():
            _check_chips(f"Seat {seat}'s stack", chips)
        for seat, chips in self.contributions.items():
            _check_chips(f"Seat {seat}'s chips in the pot", chips)
        for name, chips in self.agreed.items():
            _check_chips(f"The agreed {name!r}", chips)
        for what in ("pot", "next_pot", "side_pot", "ante", "min_bet"):
            if getattr(self, what) is not None:
                _check_chips(f"The {what}", getattr(self, what))
        if self.chips_per_money is not None and self.chips_per_money <= 0:
            raise ChargeError(NOT_A_RATE.format(rate=self.chips_per_money))
        if self.shortfall not in get_args(Shortfall):
            raise ChargeError(UNKNOWN_SHORTFALL.format(policy=self.shortfall))

    @property
    def order(self) -> tuple[SeatId, ...]:
        """The seats that can play a role: those in the hand, and the dealer who may deal out."""
        return self.seats if self.dealer in self.seats else (*self.seats, self.dealer)


@dataclass(frozen=True)
class Firing:
    """What happened to make the rule fire.

    `roles` names the seats in each role, e.g. {"losers": (2, 3)}; a single
    seat may be given bare. They override the roles read from the table.
    `count` is how many times the rule applies (the `per` of the rule), the
    same for everyone or per seat (Put and Take's matching cards); a per-seat
    count belongs to the payer when the payer is a seat, else to the payee.
    `bet` is an amount the player chose now, in chips. `used` is how much of
    a rule with `most_per_hand` each seat has already had this hand.
    `below`: limits in force on this bet alone, each of which it must stay
    under (an option's first trip round the table: never the whole pot then).
    """

    roles: Mapping[str, SeatId | Collection[SeatId]] = field(default_factory=dict)
    count: int | Mapping[SeatId, int] = 1
    bet: int | None = None
    used: Mapping[SeatId, int] = field(default_factory=dict)
    below: tuple[Amount, ...] = ()


def charge(
    rule: MoneyRule,
    table: TableAtFiring,
    firing: Firing | None = None,
    cover: MoneyRule | None = None,
) -> list[Transfer]:
    """The transfers one firing of `rule` makes, payers and payees from the dealer's left.

    `cover` is a rule whose amount is `rest_of` this one: its payer pays each
    payee what this rule's payer could not (the dealer covering a short pot).
    """
    firing = firing or Firing()
    if rule.payer in (None, "nobody") or rule.payee in (None, "nobody"):
        return []
    if rule.amount is not None and rule.amount.points is not None:
        return []
    if rule.amount is None and rule.payer not in HELD_POTS:
        return []
    if rule.amount is not None and rule.amount.rest_of:
        rules = ", ".join(rule.amount.rest_of)
        raise ChargeError(COVERS_ONLY.format(rule=rule.words, rules=rules))
    roles = _roles(rule, table, firing)
    if isinstance(firing.count, Mapping):
        # Counted cards are in hands: a seat dealt none (the dealer who banks) has none.
        for seat, times in firing.count.items():
            if times and seat not in table.seats:
                raise ChargeError(COUNT_NOT_DEALT.format(rule=rule.words, seat=seat))
    firing = replace(firing, count=_per_count(rule, roles, firing))
    _check_most(rule, firing, roles)
    payers = _accounts(rule.payer, roles)
    payees = _accounts(rule.payee, roles)
    book = _Book(table)
    transfers: list[Transfer] = []
    for payer in payers:
        targets = [payee for payee in payees if payee != payer]
        if targets:
            transfers += _pay(rule, table, firing, book, payer, targets, payers)
    if cover is not None and book.short:
        transfers += _cover(cover, table, firing, book)
    return transfers


def effects(transfers: Iterable[Transfer]) -> dict[ChipAccount, int]:
    """Each account's change in chips; the changes always add up to zero."""
    change: dict[ChipAccount, int] = {}
    for transfer in transfers:
        change[transfer.source] = change.get(transfer.source, 0) - transfer.chips
        change[transfer.target] = change.get(transfer.target, 0) + transfer.chips
    return change


# Rule kinds by which a game answers the shortfall question itself (M8, M39).
PAYS_WHAT_IT_HAS = frozenset({"all_in_whole_pot", "short_pays_all"})
OWES_THE_REST = frozenset({"short_owes"})


def game_shortfall(rules: Iterable[MoneyRule], night: Shortfall) -> Shortfall:
    """The night's policy, unless a rule in force answers it for the game (M8, M39).

    A Trash Poker player out of chips stays in, pays nothing more and owes
    nothing: no marker. Guts, Buddha's Folly and Zap let the table choose, a
    setting with one rule per choice: `short_pays_all` (no marker) or
    `short_owes` (the rest on a marker). Pass the rules in force for the
    table's settings (`rulebook.dealer.money_rules`): given every rule of
    such a game, both answers are there and the night's policy stands.
    """
    kinds = {rule.kind for rule in rules}
    pays, owes = bool(kinds & PAYS_WHAT_IT_HAS), bool(kinds & OWES_THE_REST)
    if pays and not owes:
        return "pay_what_you_have"
    if owes and not pays:
        return "marker"
    return night


# The pile beside the pot (`side_pot`) as the table calls it, read from the kind of the rules
# in force that fill it: fines make a fines pile, anything else (tariffs set aside) is the pile
# beside the pot. Betting side pots (`side_pots`) are pots, not the pile.
PILE = "the pile beside the pot"
PILE_OF_KIND = {"fine": "the fines pile"}
PILE_FOR_NEXT_DEAL = "for the next deal"
PILE_FOR_THE_WINNER = "for whoever ends the game"


def pile_name(rules: Iterable[MoneyRule]) -> str:
    """What the table calls the pile beside the pot, from the rules in force that fill it."""
    kinds = {r.kind for r in rules if r.payee == "side_pot" and r.kind != "side_pots"}
    names = {PILE_OF_KIND.get(kind, PILE) for kind in kinds}
    return names.pop() if len(names) == 1 else PILE


def pile_waits(rules: Iterable[MoneyRule]) -> str:
    """What the pile waits for, from the rules in force that empty it ("" when none does)."""
    out = {r.payee for r in rules if r.payer == "side_pot"}
    if out & {"pot", "next_pot"}:
        return PILE_FOR_NEXT_DEAL
    if out & {"winner", "winners"}:
        return PILE_FOR_THE_WINNER
    return ""


class _Book:
    """Running balances within one firing: stacks and pots cannot go below zero."""

    def __init__(self, table: TableAtFiring) -> None:
        self.held = {POT: table.pot, NEXT_POT: table.next_pot, SIDE_POT: table.side_pot}
        self.held.update({stack(seat): chips for seat, chips in table.stacks.items()})
        self.markers = table.shortfall == "marker"
        self.short: dict[ChipAccount, int] = {}  # what each payee was due and not paid

    def can_pay(self, payer: ChipAccount, chips: int) -> int:
        """What the payer pays of `chips`: all of it, or what it holds when it may not owe.

        A cap at the stack is resolved against the running balance, so the
        Black Spot never reaches a marker.
        """
        if payer not in self.held or (self.markers and payer.kind == "stack"):
            return chips
        return min(chips, self.held[payer])

    def move(self, payer: ChipAccount, target: ChipAccount, chips: int) -> list[Transfer]:
        """The stack pays what it holds and its marker the rest; the caller limited `chips`."""
        paid = min(chips, self.held.get(payer, chips))
        transfers = []
        if paid:
            transfers.append(Transfer(payer, target, paid))
        if chips > paid:
            transfers.append(Transfer(ChipAccount("marker", payer.seat), target, chips - paid))
        if payer in self.held:
            self.held[payer] -= paid
        if target in self.held:
            self.held[target] += chips
        return transfers


def _pay(
    rule: MoneyRule,
    table: TableAtFiring,
    firing: Firing,
    book: _Book,
    payer: ChipAccount,
    targets: list[ChipAccount],
    payers: list[ChipAccount],
) -> list[Transfer]:
    """What `payer` pays its targets, after the cap and what the payer can cover."""
    if rule.amount is None or rule.amount.pot is not None:
        # One sum, shared.
        only = targets[0] if len(targets) == 1 else None
        total = book.can_pay(payer, _due(rule, table, firing, book, payer, only, payers))
        if only is not None:
            shares = {only: total}
        else:
            # Several targets are seats' stacks: a pot or the bank is a payee on its own.
            by_seat = split(total, [_seat(t) for t in targets], table.order, "first_left")
            shares = {t: by_seat[_seat(t)] for t in targets}
        return [t for target in targets for t in book.move(payer, target, shares[target])]
    transfers = []
    for target in targets:
        due = _due(rule, table, firing, book, payer, target, payers)
        paid = book.can_pay(payer, due)
        if due > paid:
            book.short[target] = book.short.get(target, 0) + due - paid
        transfers += book.move(payer, target, paid)
    return transfers


def _cover(cover: MoneyRule, table: TableAtFiring, firing: Firing, book: _Book) -> list[Transfer]:
    """The cover rule's payer pays each short payee the rest, from the dealer's left."""
    roles = _roles(cover, table, Firing(roles=firing.roles))
    payers = _accounts(cover.payer, roles)
    payees = set(_accounts(cover.payee, roles))
    transfers = []
    for target in sorted(book.short, key=lambda a: table.order.index(a.seat) if a.seat else -1):
        if target not in payees:
            continue
        rest = book.short[target]
        for payer in payers:
            if payer == target or not rest:
                continue
            paid = book.can_pay(payer, rest)
            transfers += book.move(payer, target, paid)
            rest -= paid
    return transfers


def _per_count(
    rule: MoneyRule, roles: Mapping[str, tuple[SeatId, ...]], firing: Firing
) -> int | Mapping[SeatId, int]:
    """The firing's count as the rule's `per` reads it: counted here when the ledger can."""
    per = rule.per
    if per is None:
        return firing.count
    if per.each in PER_ONCE:
        return 1
    role = PER_ROLES.get(per.each)
    if role is None:
        return firing.count
    if role in (rule.payer, rule.payee):
        return 1  # each seat of the role pays, or is paid, once: the pair is the count
    if role not in roles:
        raise ChargeError(MISSING_ROLE.format(rule=rule.words, role=role))
    return len(roles[role])


def units(rule: MoneyRule, table: TableAtFiring, firing: Firing) -> dict[SeatId, int]:
    """How much of the rule each seat has in this firing, in `per` units, free ones included.

    The seats are the payer's, or the payee's when the payer is a pot: what a
    rule's `most_per_hand` counts (two collect calls a player a hand).
    """
    roles = _roles(rule, table, firing)
    return _units(rule, roles, _per_count(rule, roles, firing))


def _units(
    rule: MoneyRule, roles: Mapping[str, tuple[SeatId, ...]], count: int | Mapping[SeatId, int]
) -> dict[SeatId, int]:
    side = rule.payer if rule.payer in roles else rule.payee
    return {
        seat: count if isinstance(count, int) else count.get(seat, 0)
        for seat in (roles.get(side, ()) if side is not None else ())
    }


def _check_most(rule: MoneyRule, firing: Firing, roles: Mapping[str, tuple[SeatId, ...]]) -> None:
    """A rule's `most_per_hand` holds across the hand: refuse a firing that would pass it."""
    if rule.most_per_hand is None:
        return
    for seat, count in _units(rule, roles, firing.count).items():
        used = firing.used.get(seat, 0)
        if count and used + count > rule.most_per_hand:
            raise ChargeError(
                TOO_MANY_A_HAND.format(
                    rule=rule.words, seat=seat, most=rule.most_per_hand, used=used, count=count
                )
            )


def _due(
    rule: MoneyRule,
    table: TableAtFiring,
    firing: Firing,
    book: _Book,
    payer: ChipAccount,
    target: ChipAccount | None,
    payers: list[ChipAccount],
) -> int:
    """The amount times the count (this payer's part, if shared), or the bet, held to the cap."""
    if rule.amount is None:
        return book.held[payer]
    if rule.amount.bet is not None:
        due = _in_range(rule, rule.amount.bet, table, firing)
    elif firing.bet is not None:
        _check_chips("The bet", firing.bet)
        minimum = _minimum(rule, table)
        if firing.bet < minimum:
            raise ChargeError(
                BET_TOO_SMALL.format(rule=rule.words, minimum=minimum, bet=firing.bet)
            )
        due = firing.bet
    else:
        due = _chips(rule.amount, rule, table, book, payer) * _count(rule, firing, payer, target)
        if rule.amount.shared:
            due = _share(due, payer, [p for p in payers if p != target], table)
    if rule.cap is not None:
        due = min(due, _chips(rule.cap, rule, table, book, payer))
    return due


def _in_range(rule: MoneyRule, bet: BetRange, table: TableAtFiring, firing: Firing) -> int:
    """The player's bet, refused unless it is from the least up to the most (and under a limit
    the firing carries), each worked out on the table as it stands before the bet is paid."""
    if firing.bet is None:
        raise ChargeError(NO_BET.format(rule=rule.words))
    _check_chips("The bet", firing.bet)
    least = _chips(bet.least, rule, table, None, None)
    if firing.bet < least:
        raise ChargeError(
            BET_BELOW_LEAST.format(rule=rule.words, least=_said([bet.least], least), bet=firing.bet)
        )
    most = min(_chips(amount, rule, table, None, None) for amount in bet.most)
    if firing.bet > most:
        raise ChargeError(
            BET_ABOVE_MOST.format(rule=rule.words, most=_said(bet.most, most), bet=firing.bet)
        )
    for limit in firing.below:
        below = _chips(limit, rule, table, None, None)
        if firing.bet >= below:
            raise ChargeError(
                BET_NOT_BELOW.format(
                    rule=rule.words,
                    below=_said([limit], below),
                    most=_n(below - 1),
                    bet=firing.bet,
                )
            )
    return firing.bet


def _said(amounts: list[Amount], chips: int) -> str:
    """Amounts a bet is held to, and what they come to in chips: "the whole pot (20 chips now)".

    Several are "or", the smallest holding; the pot is said as it stands now."""
    if all(amount.chips is not None for amount in amounts):
        return _n(chips)
    words = " or ".join(bound_words(amount) for amount in amounts)
    now = " now" if any(amount.pot is not None for amount in amounts) else ""
    return f"{words} ({_n(chips)}{now})"


def _n(chips: int) -> str:
    return f"{chips} chip{'' if chips == 1 else 's'}"


def _share(total: int, payer: ChipAccount, sharers: list[ChipAccount], table: TableAtFiring) -> int:
    """The payer's part of one sum several seats pay together; odd chips first from the left.

    Whoever is also the payee pays no part of it: a bonus shared by the
    other players leaves the winner out.
    """
    seats = [_seat(p) for p in sharers if p.kind == "stack"]
    if payer.kind != "stack" or len(seats) < 2:
        return total
    return split(total, seats, table.order, "first_left")[_seat(payer)]


def _minimum(rule: MoneyRule, table: TableAtFiring) -> int:
    """A fixed amount is the smallest bet; an agreed or pot-sized one sets none."""
    fixed = ("chips", "money", "antes", "min_bets")
    if rule.amount is None or all(getattr(rule.amount, unit) is None for unit in fixed):
        return 0
    return _chips(rule.amount, rule, table, None, None)


def _chips(
    amount: Amount,
    rule: MoneyRule,
    table: TableAtFiring,
    book: _Book | None,
    payer: ChipAccount | None,
) -> int:
    """One amount (or cap) in chips, for this payer."""
    if amount.chips is not None:
        return amount.chips
    if amount.money is not None:
        return _money(amount.money, rule, table)
    if amount.antes is not None:
        if table.ante is None:
            raise ChargeError(NO_ANTE.format(rule=rule.words))
        return amount.antes * table.ante
    if amount.min_bets is not None:
        if table.min_bet is None:
            raise ChargeError(NO_MIN_BET.format(rule=rule.words))
        return amount.min_bets * table.min_bet
    if amount.pot is not None:
        return _whole(Fraction(amount.pot) * table.pot, amount)
    if amount.contribution is not None:
        if payer is None or payer.kind != "stack":
            raise ChargeError(CONTRIBUTION_NEEDS_SEAT.format(rule=rule.words, payer=payer))
        return _whole(
            Fraction(amount.contribution) * table.contributions.get(_seat(payer), 0), amount
        )
    if amount.stack or amount.agreed == AT_THE_STACK:
        # What the payer holds now, as earlier payments of this firing left it.
        return book.held.get(payer, 0) if book is not None and payer is not None else 0
    if amount.agreed is not None and amount.agreed in table.agreed:
        return table.agreed[amount.agreed]
    raise ChargeError(NOT_AGREED.format(rule=rule.words, name=amount.agreed))


def _whole(chips: Fraction, amount: Amount) -> int:
    """A fraction of chips in whole chips: down keeps the odd chip where it is, up moves it."""
    return math.ceil(chips) if amount.rounding == "up" else math.floor(chips)


def _money(money: Decimal, rule: MoneyRule, table: TableAtFiring) -> int:
    if table.chips_per_money is None:
        raise ChargeError(NO_CHIP_VALUE.format(rule=rule.words, money=money))
    chips = Fraction(money) * table.chips_per_money
    if chips.denominator != 1:
        raise ChargeError(
            MONEY_NOT_WHOLE.format(
                rule=rule.words,
                money=money,
                rate=table.chips_per_money,
                chips=_decimal(chips),
                chip=_decimal(1 / table.chips_per_money),
            )
        )
    return chips.numerator


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _count(rule: MoneyRule, firing: Firing, payer: ChipAccount, target: ChipAccount | None) -> int:
    if isinstance(firing.count, int):
        count = firing.count
    else:
        seat = payer.seat if payer.kind == "stack" else target.seat if target is not None else None
        if seat is None:
            raise ChargeError(COUNT_NEEDS_SEAT.format(rule=rule.words))
        count = firing.count.get(seat, 0)
    _check_chips("A count", count)
    free = rule.per.free if rule.per is not None else 0
    return max(count - free, 0)


def _roles(rule: MoneyRule, table: TableAtFiring, firing: Firing) -> dict[str, tuple[SeatId, ...]]:
    """Every role's seats in seat order: the firing's facts over what the table says."""
    given = {}
    for role, seats in firing.roles.items():
        if role not in SEAT_ROLES:
            raise ChargeError(UNKNOWN_ROLE.format(role=role))
        seats = (seats,) if isinstance(seats, int) else tuple(seats)
        for seat in seats:
            if seat not in table.order:
                raise ChargeError(NOT_IN_HAND.format(seat=seat, role=role))
        given[role] = tuple(s for s in table.order if s in seats)
    folded = set(given.get("folded", ()))
    roles = {
        "dealer": (table.dealer,),
        "each_player": table.seats,
        "each_other_player": table.seats,
        "each_active": tuple(s for s in table.seats if s not in folded),
    }
    roles.update(given)
    for party in (rule.payer, rule.payee):
        if party in SEAT_ROLES and party not in roles:
            raise ChargeError(MISSING_ROLE.format(rule=rule.words, role=party))
    return roles


def _accounts(party: str | None, roles: Mapping[str, tuple[SeatId, ...]]) -> list[ChipAccount]:
    if _names_pot(party):
        return [ChipAccount(party)]
    if party is None:  # `charge` books nothing without both sides; a cover's must name them
        raise KeyError(party)
    return [stack(seat) for seat in roles[party]]


def _names_pot(party: str | None) -> TypeGuard[AccountKind]:
    return party in POT_ACCOUNTS


def _seat(account: ChipAccount) -> SeatId:
    """The seat of a stack or a marker, which `ChipAccount` never lets go without one."""
    assert account.seat is not None, account
    return account.seat


def _check_chips(what: str, chips: int) -> None:
    if not is_whole(chips) or chips < 0:
        raise ChargeError(NEGATIVE.format(what=what, chips=chips))
