"""Pots: the main pot, the side pots, and who takes which chips at the showdown.

Pure chip math on ints, no Django. A player still in can win from each other
player at most what he put in himself, so every distinct amount put in by a
player still in closes a level, and each level is a pot. A is all in for 50,
B for 120, C for 200, and D calls 200:

    main pot  4 x 50         = 200, A B C D can win it
    side pot  3 x (120 - 50) = 210, B C D
    side pot  2 x (200 - 120) = 160, C D

A folded player's chips fill the levels up to what he put in; he can win none.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Literal

SeatId = int
OddChip = Literal["seat_order", "first_left"]
Declaration = Literal["high", "low", "both"]

# Pots are numbered from 0, the main pot.
NEGATIVE_CHIPS = "Seat {seat} cannot put in {amount} chips."
NEGATIVE_AMOUNT = "Cannot split {amount} chips."
NO_WINNERS = "Somebody has to win the chips."
WINNER_LISTS = "There are {pots} pots but {winners} lists of winners."
POT_WITHOUT_WINNER = "Pot {pot} has no winner: name one, or let the pot ride or go back."
NOT_ELIGIBLE = "Seat {seat} cannot win pot {pot}: they folded or put in too little to reach it."
NOT_SEATED = "Seat {seat} is not in the seat order."
UNKNOWN_ODD_CHIP = "Unknown odd-chip rule {rule!r}: use 'seat_order' or 'first_left'."
UNKNOWN_ODD_TO = "The odd chip goes to 'high' or 'low', not {odd_to!r}."
UNKNOWN_DECLARATION = "Seat {seat} declared {declaration!r}: declare high, low or both."
NO_HAND = (
    "Seat {seat} declared {declaration} but is missing from the {side} showdown order: "
    "rank their {side} hand too (last, if it lost)."
)
NO_SUCH_POT = "There is no pot {pot}."
POTS_MISMATCH = "These pots were not built from these contributions."


NOTHING_PUT_IN = "{amount} chips cannot be shared back: nobody put anything in."


class PotError(ValueError):
    """Pots, winners or shares that cannot be right."""


@dataclass(frozen=True)
class PotLayer:
    """One pot: its chips, who can still win it, and whose chips are in it."""

    amount: int
    eligible: frozenset[SeatId]
    contributors: frozenset[SeatId]


def build_pots(
    contributions: Mapping[SeatId, int],
    folded: Collection[SeatId],
    *,
    side_pots: bool = True,
    still_betting: Collection[SeatId] = (),
) -> list[PotLayer]:
    """The main pot, then the side pots, each with the seats that can still win it.

    `still_betting` are players who can still put chips in this round (not
    all in): while a round is open, what they have put in so far is no
    level, so a blind or a bet not yet called makes no side pot; only an
    all-in player's total does.
    """
    folded = frozenset(folded)
    betting = frozenset(still_betting) - folded
    for seat, amount in contributions.items():
        if amount < 0:
            raise PotError(NEGATIVE_CHIPS.format(seat=seat, amount=amount))
    paid = sorted(((s, a) for s, a in contributions.items() if a > 0), key=itemgetter(1))
    if not paid:
        return []
    if not side_pots:
        # Trash Poker: a player who runs out of chips stays in and can win everything.
        return [
            PotLayer(
                amount=sum(a for _, a in paid),
                eligible=frozenset(s for s, _ in paid if s not in folded),
                contributors=frozenset(s for s, _ in paid),
            )
        ]
    # Levels come only from players still in, so two adjacent pots never have
    # the same eligible seats and nothing needs merging.
    levels = sorted({a for s, a in paid if s not in folded and s not in betting})
    top = paid[-1][1]
    if not levels or levels[-1] < top:
        # Folded chips above everything a player still in put in: nobody can
        # win them, but they are kept, in a pot with nobody eligible.
        levels.append(top)
    pots = []
    floor = start = 0  # paid[start:] put in more than floor
    for level in levels:
        above = paid[start:]
        pots.append(
            PotLayer(
                amount=sum(min(a, level) - floor for _, a in above),
                eligible=frozenset(s for s, a in above if a >= level and s not in folded) | betting,
                contributors=frozenset(s for s, _ in above),
            )
        )
        while start < len(paid) and paid[start][1] <= level:
            start += 1
        floor = level
    return pots


def split(
    amount: int, winners: Collection[SeatId], seat_order: Sequence[SeatId], odd_chip: OddChip
) -> dict[SeatId, int]:
    """Share chips among tied winners in whole chips; odd chips go by `odd_chip`."""
    return _split(amount, winners, _positions(seat_order), odd_chip)


def award(
    pots: Sequence[PotLayer],
    winners: Sequence[Collection[SeatId]],
    seat_order: Sequence[SeatId],
    odd_chip: OddChip,
) -> dict[SeatId, int]:
    """The chips each seat takes when `winners[i]` win `pots[i]`."""
    if len(winners) != len(pots):
        raise PotError(WINNER_LISTS.format(pots=len(pots), winners=len(winners)))
    position = _positions(seat_order)
    taken: dict[SeatId, int] = {}
    for index, (pot, pot_winners) in enumerate(zip(pots, winners, strict=True)):
        if not pot_winners:
            raise PotError(POT_WITHOUT_WINNER.format(pot=index))
        for seat in pot_winners:
            if seat not in pot.eligible:
                raise PotError(NOT_ELIGIBLE.format(seat=seat, pot=index))
        _add(taken, _split(pot.amount, pot_winners, position, odd_chip))
    return taken


def split_high_low(
    amount: int,
    high: Collection[SeatId],
    low: Collection[SeatId],
    seat_order: Sequence[SeatId],
    odd_chip: OddChip,
    *,
    odd_to: Literal["high", "low"] = "high",
) -> dict[SeatId, int]:
    """Half the chips to the high winners, half to the low; one side alone takes them all.

    The arguments are `split_halves`'; a player in both (he scoops, or ties one
    way) adds his two shares.
    """
    high_shares, low_shares = split_halves(amount, high, low, seat_order, odd_chip, odd_to=odd_to)
    _add(high_shares, low_shares)
    return high_shares


def split_halves(
    amount: int,
    high: Collection[SeatId],
    low: Collection[SeatId],
    seat_order: Sequence[SeatId],
    odd_chip: OddChip,
    *,
    odd_to: Literal["high", "low"] = "high",
) -> tuple[dict[SeatId, int], dict[SeatId, int]]:
    """Half the chips to the high winners, half to the low, half by half: what each seat takes
    as a high winner, and as a low one.

    The odd chip of an odd pot goes with the half `odd_to` names; with
    winners on one side only, that side takes every chip.
    """
    if odd_to not in ("high", "low"):
        raise PotError(UNKNOWN_ODD_TO.format(odd_to=odd_to))
    if not high and not low:
        raise PotError(NO_WINNERS)
    position = _positions(seat_order)
    if not low:
        return _split(amount, high, position, odd_chip), {}
    if not high:
        return {}, _split(amount, low, position, odd_chip)
    half, odd = divmod(amount, 2)
    high_half = half + odd if odd_to == "high" else half
    return (
        _split(high_half, high, position, odd_chip),
        _split(amount - high_half, low, position, odd_chip),
    )


def declare_winners(
    declared: Mapping[SeatId, Declaration],
    high_order: Sequence[Collection[SeatId]],
    low_order: Sequence[Collection[SeatId]],
    *,
    both_must_win_outright: bool = True,
) -> tuple[frozenset[SeatId], frozenset[SeatId]]:
    """The high winners and the low winners of a declare game, best groups first in each order."""
    for seat, declaration in declared.items():
        if declaration not in ("high", "low", "both"):
            raise PotError(UNKNOWN_DECLARATION.format(seat=seat, declaration=declaration))
    high = {seat for seat, d in declared.items() if d != "low"}
    low = {seat for seat, d in declared.items() if d != "high"}
    _check_shown(high, high_order, declared, "high")
    _check_shown(low, low_order, declared, "low")
    best_high, best_low = _best(high_order, high), _best(low_order, low)
    # Every declarer of both is judged against all the hands as declared, at
    # once, so the result does not depend on whom we look at first. Whoever
    # fails gets nothing, and the rest decide both ways without him.
    if both_must_win_outright:
        losers = {s for s in high & low if not best_high == best_low == {s}}
    else:
        losers = {s for s in high & low if s not in best_high or s not in best_low}
    if losers:
        best_high, best_low = _best(high_order, high - losers), _best(low_order, low - losers)
    return frozenset(best_high), frozenset(best_low)


def return_contributions(
    contributions: Mapping[SeatId, int], pots: Sequence[PotLayer], pot_index: int
) -> dict[SeatId, int]:
    """What each contributor put into one pot, to hand back when nobody can win it."""
    if not 0 <= pot_index < len(pots):
        raise PotError(NO_SUCH_POT.format(pot=pot_index))
    amounts = sorted(a for a in contributions.values() if a > 0)
    if sum(amounts) != sum(pot.amount for pot in pots):
        raise PotError(POTS_MISMATCH)
    below = sum(pot.amount for pot in pots[:pot_index])
    floor = _level_holding(amounts, below)
    level = _level_holding(amounts, below + pots[pot_index].amount)
    shares = {s: min(a, level) - floor for s, a in contributions.items() if a > floor}
    if shares.keys() != pots[pot_index].contributors:
        raise PotError(POTS_MISMATCH)
    return shares


def in_proportion(
    amount: int, put_in: Mapping[SeatId, int], seat_order: Sequence[SeatId]
) -> dict[SeatId, int]:
    """Share `amount` back in proportion to what each seat put in, in whole chips.

    Each seat first gets the whole chips of its exact share; the chips left
    over go one each to the largest remainders, ties to the seat nearest the
    dealer's left. Used when the table ends a riding pot's game early and
    gives the pot back.
    """
    weights = {seat: chips for seat, chips in put_in.items() if chips > 0}
    total = sum(weights.values())
    if amount < 0 or (amount and not total):
        raise PotError(NOTHING_PUT_IN.format(amount=amount))
    if not amount:
        return {}
    position = _positions(seat_order)
    shares = {seat: amount * chips // total for seat, chips in weights.items()}
    order = sorted(
        weights,
        key=lambda seat: (-(amount * weights[seat] % total), position.get(seat, len(position))),
    )
    for seat in order[: amount - sum(shares.values())]:
        shares[seat] += 1
    return {seat: chips for seat, chips in shares.items() if chips}


def _positions(seat_order: Sequence[SeatId]) -> dict[SeatId, int]:
    return {seat: index for index, seat in enumerate(seat_order)}


def _split(
    amount: int, winners: Collection[SeatId], position: Mapping[SeatId, int], odd_chip: OddChip
) -> dict[SeatId, int]:
    if odd_chip not in ("seat_order", "first_left"):
        raise PotError(UNKNOWN_ODD_CHIP.format(rule=odd_chip))
    if amount < 0:
        raise PotError(NEGATIVE_AMOUNT.format(amount=amount))
    if not winners:
        raise PotError(NO_WINNERS)
    for seat in winners:
        if seat not in position:
            raise PotError(NOT_SEATED.format(seat=seat))
    ordered = sorted(set(winners), key=position.__getitem__)
    share, odd = divmod(amount, len(ordered))
    shares = dict.fromkeys(ordered, share)
    if odd_chip == "seat_order":
        for seat in ordered[:odd]:
            shares[seat] += 1
    else:
        shares[ordered[0]] += odd
    return shares


def _add(total: dict[SeatId, int], shares: Mapping[SeatId, int]) -> None:
    for seat, chips in shares.items():
        total[seat] = total.get(seat, 0) + chips


def _best(order: Sequence[Collection[SeatId]], contenders: set[SeatId]) -> set[SeatId]:
    for group in order:
        best = contenders.intersection(group)
        if best:
            return best
    return set()


def _check_shown(
    contenders: set[SeatId],
    order: Sequence[Collection[SeatId]],
    declared: Mapping[SeatId, Declaration],
    side: str,
) -> None:
    shown = {seat for group in order for seat in group}
    for seat in sorted(contenders - shown):
        raise PotError(NO_HAND.format(seat=seat, declaration=declared[seat], side=side))


def _level_holding(amounts: list[int], chips: int) -> int:
    """The level L at which sum(min(a, L) for a in amounts) == chips; amounts sorted, positive."""
    below = 0  # chips from the amounts already under the level
    for index, amount in enumerate(amounts):
        reaching = len(amounts) - index
        if chips <= below + reaching * amount:
            level, rest = divmod(chips - below, reaching)
            if rest:
                raise PotError(POTS_MISMATCH)
            return level
        below += amount
    if chips:
        raise PotError(POTS_MISMATCH)
    return 0
