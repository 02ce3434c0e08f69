"""Nights built in one call, through the real services, as a host would build them.

    table = night_with(host, seats=["Ann", "Bob", "Cat"], buy_in=100, settings={...})
    night, (ann, bob, cat) = table          # a Table unpacks to the night and its seats
    table.group, table["Bob"], table.people  # the group, a seat by name, the people

Everything goes through `ledger.services.seating` (`group_create`,
`night_create`, `seat_add`, `buy_in`), so a night made here is the night the
pages and the API would have made, journal rows included.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from ledger.models import Group, Night, Person, Seat
from ledger.services import seating

PLAYERS = ("Ann", "Bob", "Cat")
WHITE = (("white", "0.05"),)
WHITE_AND_RED = (("white", "0.05"), ("red", "0.25"))
RECORDED_BY = "host:host"

BuyIn = int | Sequence[int] | Mapping[str, int] | None


@dataclass
class Table:
    """A night, its group and its seats in seat order; unpacks as `night, seats`."""

    night: Night
    group: Group
    seats: list[Seat] = field(default_factory=list)

    def __iter__(self) -> Iterator:
        return iter((self.night, self.seats))

    def __getitem__(self, name: str) -> Seat:
        for seat in self.seats:
            if seat.person.name == name:
                return seat
        raise KeyError(name)

    @property
    def people(self) -> list[Person]:
        return [seat.person for seat in self.seats]


def person(group: Group, name: str) -> Person:
    """The group's person of that name, added the first time it is asked for."""
    return Person.objects.get_or_create(group=group, name=name)[0]


def chips_each(names: Sequence[str], buy_in: BuyIn) -> list[int]:
    """What each of `names` buys in for: one amount for all, one per seat, or by name (0: none)."""
    if buy_in is None:
        return [0] * len(names)
    if isinstance(buy_in, int):
        return [buy_in] * len(names)
    if isinstance(buy_in, Mapping):
        return [buy_in.get(name, 0) for name in names]
    amounts = list(buy_in)
    if len(amounts) != len(names):
        raise ValueError(f"{len(amounts)} buy-ins for {len(names)} seats")
    return amounts


def seat_up(
    night: Night,
    names: Sequence[str] = PLAYERS,
    *,
    buy_in: BuyIn = None,
    recorded_by: str = RECORDED_BY,
) -> list[Seat]:
    """Seat `names` at the night in that order, each buying in (if told) as they sit down."""
    made = []
    for name, chips in zip(names, chips_each(names, buy_in), strict=True):
        seat = seating.seat_add(night=night, person=person(night.group, name))
        if chips:
            seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=recorded_by)
        made.append(seat)
    return made


def buy_in(night: Night, seats: Sequence[Seat], buy_in: BuyIn, *, recorded_by=RECORDED_BY):
    """Each seat buys in, in seat order, as `seat_up` would have (0: that seat does not)."""
    names = [seat.person.name for seat in seats]
    for seat, chips in zip(seats, chips_each(names, buy_in), strict=True):
        if chips:
            seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=recorded_by)


def night_with(
    host,
    *,
    seats: Sequence[str] = PLAYERS,
    buy_in: BuyIn = None,
    settings: dict | None = None,
    group: Group | None = None,
    group_name: str = "Friday regulars",
    name: str = "Friday",
    chips: Sequence[tuple[str, str | Decimal]] = WHITE,
    currency: str = "USD",
    recorded_by: str = RECORDED_BY,
) -> Table:
    """A night of `host`'s with `seats` seated in order and bought in for `buy_in`.

    `buy_in`: chips for everyone, a list in seat order, or a dict by name;
    None or 0 seats them with nothing in front of them. `settings` are the
    night's house settings over the group's. A new group is made unless one
    is given; people are the group's, added the first time a name is seated.
    """
    if group is None:
        group = seating.group_create(host=host, name=group_name)
    night = seating.night_create(
        host=host,
        group=group,
        name=name,
        chips=list(chips),
        currency=currency,
        settings=settings,
    )
    table = Table(night=night, group=group)
    table.seats = seat_up(night, seats, buy_in=buy_in, recorded_by=recorded_by)
    return table


def chips_passed(
    night: Night, giver: Seat, taker: Seat, count: int, *, recorded_by=RECORDED_BY
) -> None:
    """`count` balanced postings of 1 chip, `giver` to `taker` and back in turn, in bulk.

    For nights too big to build one service call at a time (a test of 1,500
    postings, the 60,000 of bench/journal_size.py): the same Posting and
    Entry rows `ledger.services.journal.post` writes, each posting's entries
    summing to zero, so the journal's checks hold. `giver` must hold a chip.
    """
    from ledger.models import Account, Entry, Posting
    from ledger.services import journal

    stacks = [journal.account(night, Account.Kind.STACK, seat=s) for s in (giver, taker)]
    names = [giver.person.name, taker.person.name]
    batch = 5000
    for start in range(0, count, batch):
        turns = range(start, min(count, start + batch))
        postings = Posting.objects.bulk_create(
            Posting(
                night=night,
                kind="adjustment",
                memo=f"{names[i % 2]} passes 1 chip to {names[1 - i % 2]}",
                recorded_by=recorded_by,
            )
            for i in turns
        )
        Entry.objects.bulk_create(
            entry
            for i, posting in zip(turns, postings, strict=True)
            for entry in (
                Entry(posting=posting, account=stacks[i % 2], amount=-1),
                Entry(posting=posting, account=stacks[1 - i % 2], amount=1),
            )
        )


def night_ann_won(host, *, group: Group | None = None, recorded_by=RECORDED_BY) -> Table:
    """An ended night of one hand: Ann, Bob and Cat buy 100 white chips (5 cents).

    Ann bets 40, both call, Ann takes the 120: stacks 180, 60, 60, so Bob and Cat
    each owe Ann 40 chips, $2.00.
    """
    from ledger.services import closing, hands

    table = night_with(host, group=group, buy_in=100, recorded_by=recorded_by)
    night, (ann, bob, cat) = table
    hand = hands.hand_start(night=night, players=table.seats, dealer=cat, recorded_by=recorded_by)
    hands.load(hand).round_start(recorded_by=recorded_by, opener=ann)
    hands.load(hand).act(seat=ann, action="bet", amount=40, recorded_by=recorded_by)
    hands.load(hand).act(seat=bob, action="call", recorded_by=recorded_by)
    hands.load(hand).act(seat=cat, action="call", recorded_by=recorded_by)
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=recorded_by)
    counts = {ann.pk: 180, bob.pk: 60, cat.pk: 60}
    closing.night_end(night=night, counts=counts, recorded_by=recorded_by)
    return table
