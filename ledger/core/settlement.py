"""Settlement: who pays whom at the end of the night, in as few transfers as possible.

Pure Python, no Django. Nets are chips per person (won minus bought in) and
add up to zero. Money appears only in `settle_in_money`, the one place chips
are converted and rounded to the currency's cent.

The bank: most home games pay cash for chips. Cash handed over during the
night (`Cash`) is counted by `with_bank`, which turns nets into what each
party is still due, the bank (or a player holding the cash) included; those
dues settle by the same fewest transfers.

Why the count is n - k: settling a group of people whose nets sum to zero
takes at least size - 1 transfers (the transfers must connect them), and
exactly that many if the largest debtor keeps paying the largest creditor.
So the fewest transfers for n people is n minus the largest number k of
zero-sum groups they can be split into. Example: A +30, B +10, C -10, D -30
splits into {A, D} and {B, C}, so 4 - 2 = 2 transfers, not 3.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ledger.core.inputs import is_whole

# Finding k tries every subset of the non-zero players: 2**16 = 65,536 of them,
# a few hundredths of a second in CPython. Larger tables settle greedily.
OPTIMAL_LIMIT = 16

UNBALANCED = "The nets must add up to zero chips, but they add up to {total}."
NOT_CHIPS = "{person}'s net must be a whole number of chips, not {net!r}."
NOT_DECIMAL = "The {name} must be a Decimal, not {value!r}."
NOT_POSITIVE = "The {name} must be more than zero, not {value}."


class SettlementError(ValueError):
    """The nets cannot be settled as given."""


@dataclass(frozen=True)
class Transfer:
    """One payment of chips from a loser to a winner."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class MoneyTransfer:
    """One payment of money from a loser to a winner."""

    payer: str
    payee: str
    amount: Decimal


def fewest_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that settle the nets (optimal up to OPTIMAL_LIMIT players)."""
    _check(nets)
    people = sorted(person for person, net in nets.items() if net)
    if len(people) > OPTIMAL_LIMIT:
        groups = [people]
    else:
        groups = _zero_sum_groups(people, [nets[person] for person in people])
    transfers = [t for group in groups for t in _greedy({p: nets[p] for p in group})]
    return sorted(transfers, key=lambda t: (t.payer, t.payee))


def settle_in_money(
    nets: Mapping[str, int], chip_value: Decimal, *, cent: Decimal = Decimal("0.01")
) -> tuple[dict[str, Decimal], list[MoneyTransfer]]:
    """Each person's net in money, rounded to the cent and still summing to zero, and who pays whom.

    The transfers settle the rounded nets exactly. The rounded nets are what a
    night's summary shows; explaining them hand by hand is the ledger's job.
    """
    _check(nets)
    for name, value in (("chip value", chip_value), ("cent", cent)):
        if not isinstance(value, Decimal) or not value.is_finite():
            raise SettlementError(NOT_DECIMAL.format(name=name, value=value))
        if value <= 0:
            raise SettlementError(NOT_POSITIVE.format(name=name, value=value))
    cents = _round_to_cents(nets, Fraction(chip_value) / Fraction(cent))
    money = {person: amount * cent for person, amount in cents.items()}
    transfers = [MoneyTransfer(t.payer, t.payee, t.amount * cent) for t in fewest_transfers(cents)]
    return money, transfers


# The party that holds the host's cash box when the host is not a player at the table.
BANK = "bank"


@dataclass(frozen=True)
class Cash:
    """Cash that changed hands during the night, in chips' worth.

    A cash buy-in is the player handing `chips` worth of cash to the holder
    (the bank, or a player who collects it); a cash-out paid from the box is
    the holder handing cash to the player, written as negative `chips`.
    """

    player: str
    holder: str
    chips: int


def cash_held(cash: Iterable[Cash]) -> dict[str, int]:
    """What each holder has in cash at the end: taken for buy-ins minus paid for cash-outs."""
    held: dict[str, int] = {}
    for move in cash:
        held[move.holder] = held.get(move.holder, 0) + move.chips
    return held


def with_bank(nets: Mapping[str, int], cash: Iterable[Cash]) -> dict[str, int]:
    """What each party is still due (+) or owes (-) once the cash already handed over counts.

    A player who paid cash for chips has paid that much of their losses
    already, so is due it back; a holder owes back the cash it holds; a
    player paid cash for a cash-out has had that much of their winnings.
    The bank is a party like the players, whose own net is zero. The dues
    sum to zero whenever the nets do: each cash move adds to one party what
    it takes from another.
    """
    _check(nets)
    dues = dict(nets)
    for move in cash:
        _check_chips(move.player, move.chips)
        dues[move.player] = dues.get(move.player, 0) + move.chips
        dues[move.holder] = dues.get(move.holder, 0) - move.chips
    return dues


def _check_chips(person: str, net: object) -> None:
    if not is_whole(net):
        raise SettlementError(NOT_CHIPS.format(person=person, net=net))


def _check(nets: Mapping[str, int]) -> None:
    for person, net in nets.items():
        if not is_whole(net):
            raise SettlementError(NOT_CHIPS.format(person=person, net=net))
    total = sum(nets.values())
    if total:
        raise SettlementError(UNBALANCED.format(total=total))


def _zero_sum_groups(people: list[str], values: list[int]) -> list[list[str]]:
    """The most zero-sum groups the people can be split into.

    best[mask] is the most zero-sum prefixes any ordering of the players in
    `mask` can have; cutting such an ordering at those prefixes gives that many
    zero-sum groups. It grows by one element at a time, and by one group
    whenever the players in the mask sum to zero.
    """
    size = 1 << len(people)
    sums = [0] * size
    best = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        top, rest = 0, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
            rest ^= bit
        best[mask] = top + (sums[mask] == 0)
    # Walk back from everyone, dropping a player who keeps the count, and close
    # a group each time the players left sum to zero again.
    groups: list[list[str]] = []
    group: list[str] = []
    mask = size - 1
    while mask:
        keep = best[mask] - (sums[mask] == 0)
        index = next(i for i in range(len(people)) if mask >> i & 1 and best[mask ^ 1 << i] == keep)
        group.append(people[index])
        mask ^= 1 << index
        if sums[mask] == 0:
            groups.append(group)
            group = []
    return groups


def _greedy(nets: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor; ties go to the first id. At most n - 1 transfers."""
    debtors = [(net, person) for person, net in nets.items() if net < 0]
    creditors = [(-net, person) for person, net in nets.items() if net > 0]
    heapq.heapify(debtors)
    heapq.heapify(creditors)
    transfers = []
    while debtors:
        owed, payer = heapq.heappop(debtors)
        due, payee = heapq.heappop(creditors)
        amount = min(-owed, -due)
        transfers.append(Transfer(payer, payee, amount))
        if owed + amount:
            heapq.heappush(debtors, (owed + amount, payer))
        if due + amount:
            heapq.heappush(creditors, (due + amount, payee))
    return transfers


def _round_to_cents(nets: Mapping[str, int], cents_per_chip: Fraction) -> dict[str, int]:
    """Nets in whole cents that still sum to zero: largest remainder rounding.

    Everyone is rounded down, then the cents that are short go one each to the
    largest remainders, ties to the first id. Each person ends within one cent
    of their exact amount.
    """
    exact = {person: net * cents_per_chip for person, net in nets.items()}
    cents = {person: math.floor(amount) for person, amount in exact.items()}
    short = -sum(cents.values())
    by_remainder = sorted(exact, key=lambda person: (cents[person] - exact[person], person))
    for person in by_remainder[:short]:
        cents[person] += 1
    return cents
