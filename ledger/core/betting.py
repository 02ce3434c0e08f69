"""One betting round: whose turn it is, what they may do, and when it is over.

Pure chip math on ints, no Django. The app sees no cards, only chips, so a
round is a value: `start_round()` posts the blinds, `apply()` checks one action
against the rules and returns the next state, and the old state stays as it was.

A raise must add at least the last full raise. An all-in that adds less does
not reopen the betting for players who already acted: they may only call or
fold, unless short all-ins since they acted add up to a full raise. A bets 100,
B goes all in for 150 (50 more, short of 100), C has not acted and may raise
to 250; if C only calls, A may call or fold but not raise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from ledger.core.inputs import is_whole

SeatId = int
ActionKind = Literal["check", "bet", "call", "raise", "fold", "all_in"]
KINDS = frozenset({"check", "bet", "call", "raise", "fold", "all_in"})

NOT_YOUR_TURN = "It is not seat {seat}'s turn."
ROUND_COMPLETE = "This betting round is already over."
UNKNOWN_SEAT = "Seat {seat} is not in this betting round."
DUPLICATE_SEAT = "Seat {seat} is listed twice."
DUPLICATE_BLIND = "Seat {seat} already posted a blind."
FOLDED = "Seat {seat} has folded."
ALL_IN = "Seat {seat} is all in and has nothing left to act with."
UNKNOWN_ACTION = "{kind!r} is not a betting action."
CHECK_FACING_BET = "Seat {seat} cannot check with {amount} to call."
BET_FACING_BET = "There is already a bet of {amount}: raise instead."
RAISE_WITHOUT_BET = "There is no bet to raise: bet instead."
NOTHING_TO_CALL = "There is nothing to call: check instead."
NOT_WHOLE_CHIPS = "Chips are counted in whole numbers, not {amount!r}."
NOT_POSITIVE = "An amount must be more than zero, not {amount}."
NEGATIVE = "Chips cannot be negative, not {amount}."
NO_AMOUNT = "{kind!r} takes no amount."
MORE_THAN_STACK = "Seat {seat} has only {stack} behind: go all in instead."
BELOW_MIN_BET = "The smallest bet is {amount}."
RAISE_TOO_SMALL = "The smallest raise is to {amount}."
ABOVE_MAX = "The largest bet or raise is to {amount}."
NOT_REOPENED = "Nobody has raised seat {seat} a full raise since they acted: call or fold."
UNKNOWN_LIMIT = "{kind!r} is not a limit: use 'no_limit', 'pot_limit' or 'cap'."
CAP_NEEDED = "A capped game needs a cap of more than zero chips."
CAP_UNEXPECTED = "Only a capped game has a cap."
CAP_TOO_SMALL = "The cap {cap} is smaller than the opening raise {amount}."


class BettingError(ValueError):
    """An action or a round set-up that the betting rules do not allow."""


@dataclass(frozen=True)
class Limit:
    """How much a bet or raise may be: anything, the pot, or at most `cap` more."""

    kind: Literal["no_limit", "pot_limit", "cap"] = "no_limit"
    cap: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("no_limit", "pot_limit", "cap"):
            raise BettingError(UNKNOWN_LIMIT.format(kind=self.kind))
        if self.kind == "cap":
            if not is_whole(self.cap) or self.cap <= 0:
                raise BettingError(CAP_NEEDED)
        elif self.cap is not None:
            raise BettingError(CAP_UNEXPECTED)


@dataclass(frozen=True)
class Bettor:
    """A player at the start of the round and the chips they have behind."""

    seat: SeatId
    stack: int


@dataclass(frozen=True)
class Action:
    """What a player does; for a bet or raise, `amount` is the total they will have in."""

    kind: ActionKind
    amount: int = 0


@dataclass(frozen=True)
class Round:
    """The state of one betting round. Build it with `start_round()`, change it with `apply()`."""

    order: tuple[SeatId, ...]  # acting order from the opener, players who can still act
    stacks: Mapping[SeatId, int]  # chips behind
    committed: Mapping[SeatId, int]  # chips put in this round, blinds included
    folded: frozenset[SeatId]
    all_in: frozenset[SeatId]
    current_bet: int
    last_raise: int  # the last full raise, which the next raise must at least match
    acted: Mapping[SeatId, int]  # the current bet when each seat last acted; blinds don't count
    turn: SeatId | None  # None once the round is over
    min_bet: int
    limit: Limit
    pot_before: int

    @property
    def may_raise(self) -> frozenset[SeatId]:
        """Seats not yet acted, or raised at least a full raise since they did."""
        return frozenset(
            seat
            for seat in self.order
            if seat not in self.folded
            and seat not in self.all_in
            and (seat not in self.acted or self.current_bet - self.acted[seat] >= self.last_raise)
        )


def start_round(
    seats: Sequence[Bettor],
    *,
    opener: SeatId,
    min_bet: int,
    limit: Limit = Limit(),
    pot_before: int = 0,
    blinds: Sequence[tuple[SeatId, int]] = (),
) -> Round:
    """A new round in table order from `opener`, with the blinds posted."""
    _check_chips(min_bet, positive=True)
    _check_chips(pot_before)
    table = [bettor.seat for bettor in seats]
    for bettor in seats:
        if table.count(bettor.seat) > 1:
            raise BettingError(DUPLICATE_SEAT.format(seat=bettor.seat))
        _check_chips(bettor.stack)
    if opener not in table:
        raise BettingError(UNKNOWN_SEAT.format(seat=opener))
    start = table.index(opener)
    # A player with nothing behind went all in in an earlier round: nothing to do here.
    playing = [bettor for bettor in [*seats[start:], *seats[:start]] if bettor.stack > 0]
    stacks = {bettor.seat: bettor.stack for bettor in playing}
    put_in = dict.fromkeys(stacks, 0)
    current_bet = 0
    for seat, amount in blinds:
        if seat not in stacks:
            raise BettingError(UNKNOWN_SEAT.format(seat=seat))
        if put_in[seat]:
            raise BettingError(DUPLICATE_BLIND.format(seat=seat))
        _check_chips(amount, positive=True)
        put_in[seat] = min(amount, stacks[seat])
        stacks[seat] -= put_in[seat]
        # A short big blind still has to be called in full, as in a card room.
        current_bet = max(current_bet, amount)
    last_raise = max(min_bet, current_bet)
    if limit.kind == "cap" and limit.cap is not None and limit.cap < last_raise:
        raise BettingError(CAP_TOO_SMALL.format(cap=limit.cap, amount=last_raise))
    state = Round(
        order=tuple(stacks),
        stacks=MappingProxyType(stacks),
        committed=MappingProxyType(put_in),
        folded=frozenset(),
        all_in=frozenset(seat for seat, stack in stacks.items() if stack == 0),
        current_bet=current_bet,
        last_raise=last_raise,
        acted=MappingProxyType({}),
        turn=None,
        min_bet=min_bet,
        limit=limit,
        pot_before=pot_before,
    )
    return _pass_turn(state, after=None)


def apply(state: Round, seat: SeatId, action: Action) -> Round:
    """The round after `seat` does `action`, or BettingError if the rules forbid it."""
    _check_can_act(state, seat)
    kind, amount = action.kind, action.amount
    if kind not in KINDS:
        raise BettingError(UNKNOWN_ACTION.format(kind=kind))
    if kind in ("bet", "raise"):
        _check_chips(amount, positive=True)
    elif not is_whole(amount) or amount != 0:
        raise BettingError(NO_AMOUNT.format(kind=kind))
    stack, owed = state.stacks[seat], to_call(state, seat)
    everything = state.committed[seat] + stack
    if kind == "fold":
        return _pass_turn(replace(state, folded=state.folded | {seat}), after=seat)
    if kind == "check":
        if owed:
            raise BettingError(CHECK_FACING_BET.format(seat=seat, amount=owed))
        return _put_in(state, seat, state.committed[seat])
    if kind == "call":
        if not owed:
            raise BettingError(NOTHING_TO_CALL)
        if owed > stack:
            raise BettingError(MORE_THAN_STACK.format(seat=seat, stack=stack))
        return _put_in(state, seat, state.current_bet)
    if kind == "all_in":
        amount = everything
        if amount > state.current_bet and seat not in state.may_raise:
            raise BettingError(NOT_REOPENED.format(seat=seat))
    else:
        if kind == "bet" and state.current_bet:
            raise BettingError(BET_FACING_BET.format(amount=state.current_bet))
        if kind == "raise" and not state.current_bet:
            raise BettingError(RAISE_WITHOUT_BET)
        if amount > everything:
            raise BettingError(MORE_THAN_STACK.format(seat=seat, stack=stack))
        if seat not in state.may_raise:
            raise BettingError(NOT_REOPENED.format(seat=seat))
        smallest = state.current_bet + state.last_raise
        # Going all in for less than a full bet or raise is allowed; a raise to a call is not.
        if (amount < smallest and amount != everything) or amount <= state.current_bet:
            message = BELOW_MIN_BET if kind == "bet" else RAISE_TOO_SMALL
            raise BettingError(message.format(amount=smallest))
    most = _limit_max(state, seat)
    if amount > most:
        raise BettingError(ABOVE_MAX.format(amount=most))
    return _put_in(state, seat, amount)


def to_call(state: Round, seat: SeatId) -> int:
    """Chips `seat` must add to match the current bet; 0 once folded or all in."""
    _check_seat(state, seat)
    if seat in state.folded or seat in state.all_in:
        return 0
    return max(0, state.current_bet - state.committed[seat])


def min_raise_to(state: Round, seat: SeatId) -> int | None:
    """The smallest total `seat` may bet or raise to now (an all-in may be short), or None."""
    if not _can_raise_now(state, seat):
        return None
    return min(state.current_bet + state.last_raise, state.committed[seat] + state.stacks[seat])


def max_raise_to(state: Round, seat: SeatId) -> int | None:
    """The largest total `seat` may bet or raise to now, or None."""
    if not _can_raise_now(state, seat):
        return None
    return min(_limit_max(state, seat), state.committed[seat] + state.stacks[seat])


def legal(state: Round, seat: SeatId) -> frozenset[str]:
    """The action kinds `seat` may take now; empty when it is not their turn."""
    _check_seat(state, seat)
    if seat != state.turn:
        return frozenset()
    owed, stack = to_call(state, seat), state.stacks[seat]
    kinds = {"fold"}
    kinds.add("call" if owed else "check")
    if owed > stack:
        kinds.discard("call")
    if _can_raise_now(state, seat):
        kinds.add("raise" if state.current_bet else "bet")
        if state.committed[seat] + stack <= _limit_max(state, seat):
            kinds.add("all_in")
    elif stack <= owed:
        kinds.add("all_in")
    return frozenset(kinds)


def is_complete(state: Round) -> bool:
    """Whether nobody has anything left to do in this round."""
    return state.turn is None


def next_to_act(state: Round) -> SeatId | None:
    """The seat whose turn it is, or None once the round is over."""
    return state.turn


def uncalled(state: Round) -> tuple[SeatId, int] | None:
    """Once the round is over, the seat whose top bet nobody matched and the chips it gets back.

    A bets 100 and B, all in, calls 30: A gets 70 back. Folded players' chips
    count, so if A bets 100, B raises to 300 and A folds, B gets 200 back.
    """
    if state.turn is not None or not state.committed:
        return None
    ranked = sorted(state.committed.items(), key=lambda item: item[1], reverse=True)
    seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return (seat, top - second) if top > second else None


def committed(state: Round) -> Mapping[SeatId, int]:
    """The chips each seat has put in this round, blinds included."""
    return state.committed


def _put_in(state: Round, seat: SeatId, total: int) -> Round:
    """The round after `seat` brings their chips in this round up to `total`."""
    stacks = {**state.stacks, seat: state.stacks[seat] - (total - state.committed[seat])}
    current_bet, last_raise = state.current_bet, state.last_raise
    if total > current_bet:
        # Only a full raise sets the size of the next one; a short all-in leaves it.
        last_raise = max(last_raise, total - current_bet)
        current_bet = total
    state = replace(
        state,
        stacks=MappingProxyType(stacks),
        committed=MappingProxyType({**state.committed, seat: total}),
        all_in=state.all_in | {seat} if stacks[seat] == 0 else state.all_in,
        current_bet=current_bet,
        last_raise=last_raise,
        acted=MappingProxyType({**state.acted, seat: current_bet}),
    )
    return _pass_turn(state, after=seat)


def _pass_turn(state: Round, *, after: SeatId | None) -> Round:
    """The same round with the turn on the next seat that still has to act, if any."""
    if _over(state):
        return replace(state, turn=None)
    start = 0 if after is None else state.order.index(after) + 1
    for step in range(len(state.order)):
        seat = state.order[(start + step) % len(state.order)]
        if _must_act(state, seat):
            return replace(state, turn=seat)
    return replace(state, turn=None)


def _must_act(state: Round, seat: SeatId) -> bool:
    able = seat not in state.folded and seat not in state.all_in
    return able and state.acted.get(seat) != state.current_bet


def _over(state: Round) -> bool:
    in_hand = [seat for seat in state.order if seat not in state.folded]
    able = [seat for seat in in_hand if seat not in state.all_in]
    if len(in_hand) <= 1 or not any(_must_act(state, seat) for seat in able):
        return True
    # One player left with chips and nothing to call has nobody to bet against.
    return len(able) == 1 and to_call(state, able[0]) == 0


def _limit_max(state: Round, seat: SeatId) -> int:
    """The most `seat` may bet or raise to under the limit, ignoring their stack."""
    if state.limit.kind == "no_limit":
        return state.committed[seat] + state.stacks[seat]
    if state.limit.kind == "pot_limit":
        # Call first, then raise by the whole pot, this round's chips included.
        pot = state.pot_before + sum(state.committed.values()) + to_call(state, seat)
        most = state.current_bet + pot
    else:
        assert state.limit.cap is not None  # Limit checks a cap is given with "cap"
        most = state.current_bet + state.limit.cap
    # Even into an empty pot a player may always make the smallest full bet.
    return max(most, state.current_bet + state.last_raise)


def _can_raise_now(state: Round, seat: SeatId) -> bool:
    _check_seat(state, seat)
    return (
        seat == state.turn
        and seat in state.may_raise
        and state.committed[seat] + state.stacks[seat] > state.current_bet
    )


def _check_can_act(state: Round, seat: SeatId) -> None:
    _check_seat(state, seat)
    if seat in state.folded:
        raise BettingError(FOLDED.format(seat=seat))
    if seat in state.all_in:
        raise BettingError(ALL_IN.format(seat=seat))
    if state.turn is None:
        raise BettingError(ROUND_COMPLETE)
    if seat != state.turn:
        raise BettingError(NOT_YOUR_TURN.format(seat=seat))


def _check_seat(state: Round, seat: SeatId) -> None:
    if seat not in state.stacks:
        raise BettingError(UNKNOWN_SEAT.format(seat=seat))


def _check_chips(amount: object, *, positive: bool = False) -> None:
    if not is_whole(amount):
        raise BettingError(NOT_WHOLE_CHIPS.format(amount=amount))
    if positive and amount <= 0:
        raise BettingError(NOT_POSITIVE.format(amount=amount))
    if amount < 0:
        raise BettingError(NEGATIVE.format(amount=amount))
