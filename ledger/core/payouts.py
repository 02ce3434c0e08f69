"""The showdown's chips: the pots a hand ends with, and where an award sends each chip.

Pure chip math on ints, no Django; `ledger.core.pots` levels the bets, this
module adds what the bets alone do not say. A hand's pot holds more than its
bets: fees and fines (charges, not bets), chips that rode in from an earlier
deal. That dead money belongs to whoever wins the main pot. Chips a rule took
out of the pot come off the main pot first.

An award pays every pot to its winners, ties split in whole chips with the
odd chips by the house rule, a high-low pot half and half. A pot nobody can
win rides to the next deal, or goes back to who paid it in as the table's
`no_winner` rule says; chips nobody paid this deal (they rode in) ride on.
`ledger.services.hands.Play.award` posts what `pay_out` decides.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ledger.core import pots
from ledger.core.pots import Declaration, OddChip, PotError, PotLayer, SeatId

Half = Literal["high", "low"]
NoWinner = Literal["ride", "return"]
HALVES: tuple[Half, Half] = ("high", "low")

WRONG_WINNER_LISTS = "There are {pots} pots but {winners} lists of winners."
CANNOT_WIN = "Seat {seat} cannot win pot {pot}: folded or not in that side pot."
SHORT_TO_RETURN = "Pot {pot} holds {amount} chips, less than the {paid} paid into it."


class WinnerLists(PotError):
    """Not one list of winners (of each half) for every pot."""


class CannotWin(PotError):
    """A winner named for a pot they cannot win: folded, or all in for less."""

    def __init__(self, seat: SeatId, pot: int) -> None:
        super().__init__(CANNOT_WIN.format(seat=seat, pot=pot))
        self.seat = seat
        self.pot = pot  # from 0, the main pot


class ShortToReturn(PotError):
    """A pot nobody wins holds less than was paid into it (chips went out of it in the hand),
    so it cannot go back to who paid it in."""


@dataclass(frozen=True)
class PaidIn:
    """What a hand's pot is made of, as its chips stand."""

    seat_order: tuple[SeatId, ...]  # from the dealer's left
    bets: Mapping[SeatId, int]  # by seat, antes included: the chips pots are levelled by
    fees: Mapping[SeatId, int]  # charges (fees, fines) by seat: no bets, dead money
    folded: frozenset[SeatId]
    in_pot: int  # the chips in the middle now
    side_pots: bool = True


@dataclass(frozen=True)
class PayoutRules:
    """The house rules an award follows."""

    odd_chip: OddChip = "seat_order"
    odd_to: Half = "high"  # the half an odd chip of a high-low pot goes with
    no_winner: NoWinner = "ride"


@dataclass(frozen=True)
class Payout:
    """Where an award sends a hand's chips."""

    # To each seat's stack, every pot together, in the order the seats were first paid.
    payouts: Mapping[SeatId, int]
    # Of those, what each seat won as a high winner and as a low one, in a high-low award.
    halves: Mapping[Half, Mapping[SeatId, int]]
    riding: int  # to the riding pot, for the next deal


def showdown_pots(paid: PaidIn, still_betting: Collection[SeatId] = ()) -> list[PotLayer]:
    """The main pot and the side pots as the chips stand, dead money in the main pot.

    Pots are levelled by bets alone (see `pots.build_pots`, and its
    `still_betting` for a round still open): a fee or a fine one player paid
    is dead money for whoever wins the main pot, not a side pot only the
    payer can win. With no bets at all the dead money is one pot, for anyone
    still in. Chips taken out of the pot come off the main pot first, then
    the next.
    """
    built = pots.build_pots(
        paid.bets, paid.folded, side_pots=paid.side_pots, still_betting=still_betting
    )
    dead = paid.in_pot - sum(p.amount for p in built)
    if dead > 0:
        if built:
            built[0] = PotLayer(built[0].amount + dead, built[0].eligible, built[0].contributors)
        else:
            live = frozenset(s for s in paid.seat_order if s not in paid.folded)
            built = [PotLayer(dead, live, frozenset())]
    while dead < 0 and built:
        taken = min(-dead, built[0].amount)
        dead += taken
        first = PotLayer(built[0].amount - taken, built[0].eligible, built[0].contributors)
        built = ([first] if first.amount else []) + built[1:]
    return built


def pay_out(
    paid: PaidIn,
    built: Sequence[PotLayer],
    winners: Sequence[Collection[SeatId]],
    low_winners: Sequence[Collection[SeatId]] | None,
    rules: PayoutRules,
) -> Payout:
    """Pay `built[i]` to `winners[i]` (and `low_winners[i]`, in a high-low award), pot by pot.

    An empty list for a pot (both lists, high-low) means nobody can win it:
    it rides, or goes back as `handed_back` says. Raises `WinnerLists`
    without a list for every pot, `CannotWin` for a winner not eligible for
    the pot, `ShortToReturn` for a pot that cannot go back.
    """
    if len(winners) != len(built) or (low_winners is not None and len(low_winners) != len(built)):
        raise WinnerLists(WRONG_WINNER_LISTS.format(pots=len(built), winners=len(winners)))
    payouts: dict[SeatId, int] = {}
    halves: dict[Half, dict[SeatId, int]] = {"high": {}, "low": {}}
    riding = 0
    for index, pot in enumerate(built):
        high = list(winners[index])
        low = list(low_winners[index]) if low_winners is not None else []
        for seat in [*high, *low]:
            if seat not in pot.eligible:
                raise CannotWin(seat, index)
        share: dict[SeatId, int]
        if not high and not low:
            if rules.no_winner == "ride":
                riding += pot.amount
                continue
            share, left = handed_back(paid, index, pot.amount)
            riding += left
        elif low_winners is None:
            share = pots.split(pot.amount, high, paid.seat_order, rules.odd_chip)
        else:
            by_half = pots.split_halves(
                pot.amount, high, low, paid.seat_order, rules.odd_chip, odd_to=rules.odd_to
            )
            share = {}
            for side, part in zip(HALVES, by_half, strict=True):
                for seat, chips in part.items():
                    share[seat] = share.get(seat, 0) + chips
                    halves[side][seat] = halves[side].get(seat, 0) + chips
        for seat, chips in share.items():
            payouts[seat] = payouts.get(seat, 0) + chips
    return Payout(payouts=payouts, halves=halves, riding=riding)


def handed_back(paid: PaidIn, index: int, amount: int) -> tuple[dict[SeatId, int], int]:
    """Pot `index` (of `amount` chips) that nobody can win, handed back: its bets to who bet
    them, and in the main pot the fees too, to who paid them.

    Chips nobody paid this hand (a pot that rode in) cannot go back to
    anyone, so they ride on. Returns the shares and the chips that ride;
    raises `ShortToReturn` when the pot holds less than the shares.
    """
    by_bets = pots.build_pots(paid.bets, paid.folded, side_pots=paid.side_pots)
    share = pots.return_contributions(paid.bets, by_bets, index) if index < len(by_bets) else {}
    if index == 0:
        for seat, chips in paid.fees.items():
            share[seat] = share.get(seat, 0) + chips
    left = amount - sum(share.values())
    if left < 0:
        raise ShortToReturn(SHORT_TO_RETURN.format(pot=index, amount=amount, paid=amount - left))
    return share, left


def declared_by_pot(
    built: Sequence[PotLayer],
    declared: Mapping[SeatId, Declaration],
    high_order: Sequence[Collection[SeatId]],
    low_order: Sequence[Collection[SeatId]],
    *,
    both_must_win_outright: bool = True,
) -> tuple[list[list[SeatId]], list[list[SeatId]]]:
    """Per pot, the high and the low winners of a declare game, each list sorted.

    Each pot is judged among the players who can win it (`pots.declare_winners`
    on their declarations and hands alone), so a player all in for less cannot
    take a side pot by declaring, and a declarer of both who must win outright
    is judged again in every pot he reaches. Raises `PotError` as
    `declare_winners` does.
    """
    high_winners: list[list[SeatId]] = []
    low_winners: list[list[SeatId]] = []
    for pot in built:
        mine = {s: d for s, d in declared.items() if s in pot.eligible}
        high, low = pots.declare_winners(
            mine,
            [[s for s in group if s in pot.eligible] for group in high_order],
            [[s for s in group if s in pot.eligible] for group in low_order],
            both_must_win_outright=both_must_win_outright,
        )
        high_winners.append(sorted(high))
        low_winners.append(sorted(low))
    return high_winners, low_winners
