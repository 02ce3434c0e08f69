"""Who opens a betting round when the table names nobody, who acts first in it, and whose
seats post the blinds.

Pure seat arithmetic on ids, no Django. Seats are given in seat order, from
the dealer's left (the dealer, if dealt in, last), leaving out those no
longer in the hand unless a function says otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

SeatId = int


def default_opener(in_hand: Sequence[SeatId], blinds: Collection[SeatId]) -> SeatId | None:
    """The seat after the last of `blinds` (the blinds a game's blind rule booked, so after the
    big blind), round the table; with no blinds the first still in from the dealer's left;
    None with nobody in.

    The blinds are seats still in: a blind rule books them for the round the opener opens.
    """
    if not in_hand:
        return None
    if blinds:
        last = max(i for i, s in enumerate(in_hand) if s in blinds)
        return in_hand[(last + 1) % len(in_hand)]
    return in_hand[0]


def first_to_act(in_hand: Sequence[SeatId], opener: SeatId, stacks: Mapping[SeatId, int]) -> SeatId:
    """Who acts first in a round `opener` opens: that seat, or the next still in with chips
    behind, round the table (a player all in has nothing left to do); the opener when no
    one has chips."""
    start = in_hand.index(opener)
    turns = [*in_hand[start:], *in_hand[:start]]
    return next((s for s in turns if stacks.get(s, 0) > 0), opener)


def blinds_by_convention(in_hand: Sequence[SeatId]) -> tuple[SeatId, SeatId, SeatId]:
    """Small blind, big blind and first to act, by the card-room convention, for a table that
    posts its blinds as it opens a round (`in_hand` from the dealer's left, the dealer last).

    Left of the dealer posts the small blind, the next the big, and the next
    acts first; heads up, the dealer posts the small blind and acts first.
    Needs two players at least.
    """
    if len(in_hand) == 2:
        return in_hand[1], in_hand[0], in_hand[1]
    return in_hand[0], in_hand[1], in_hand[2 % len(in_hand)]


def left_of_dealer(order: Sequence[SeatId], dealer: SeatId, steps: int) -> SeatId:
    """The seat `steps` seats to the dealer's left among `order` (the seats dealt in), such as
    the player who posts a game's blind; counted from the first seat when the dealer sits out.
    """
    start = order.index(dealer) if dealer in order else -1
    return order[(start + steps) % len(order)]


def next_turn(
    order: Sequence[SeatId], taken: Sequence[SeatId], out: Collection[SeatId] = ()
) -> SeatId | None:
    """Whose turn it is in a game played one player at a time with no betting round (each
    bets against the pot in turn, from the dealer's left): the first seat of `order` (all
    dealt in, the dealer last) after the last of `taken` (the turns booked this deal, in
    order) that is not `out` of the hand; from the first when nobody has had a turn yet; None
    once the last seat in order has had theirs, the round done.
    """
    last = taken[-1] if taken else None
    start = order.index(last) + 1 if last is not None and last in order else 0
    return next((s for s in order[start:] if s not in out), None)


def named_by_the_step(
    opener: str | None,
    dealer: SeatId | None,
    in_hand: Sequence[SeatId],
    rounds_opened: int,
    knockers: Sequence[SeatId] = (),
) -> SeatId | None:
    """Who opens a round when the step's own opener and the hand say it: the dealer
    (`dealer`), one seat further left each round (`rotating`), or the first knocker the
    table named still in (`first_knocker`); None when the step leaves it to the table."""
    if not in_hand:
        return None
    if opener == "dealer":
        return dealer if dealer in in_hand else None
    if opener == "rotating":
        return in_hand[rounds_opened % len(in_hand)]
    if opener == "first_knocker":
        return next((seat for seat in knockers if seat in in_hand), None)
    return None
