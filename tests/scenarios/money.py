"""The money mechanics' scenarios: a night's accounts, hands dealt, rules fired, pots awarded.

Every money mechanic of the seed games, M1 to M40, worked by hand on the real ledger.

Each test plays hands of a rulebook game on the database: `hands.hand_start`
with the game's slug, antes and betting where the mechanic needs them, the
game's own money rules fired through `money_rules.charge`, and `Play.award`.
After each step it checks every account of the night (each stack, each
hand's pot, the riding pot, the infraction pot, each marker and the bank)
against figures worked out by hand in the comments, and that the journal
still sums to zero. The night's chips are white chips of 0.05: twenty to
the dollar, so a nickel is 1 chip, a dime 2, a quarter 5 and 50 cents 10.
Ann, Bob and Cat buy in for 50 each unless a test says otherwise, and Cat
deals, so Ann sits on the dealer's left.

The scenarios are the files of tests/scenarios, named for what they cover;
each test's docstring names its mechanic, M1 to M40 of the shared
money-mechanics.md.

Four bugs these tests found were fixed in the ledger while they were written, and
the tests now hold the fixes: a fee paid into the pot made a side pot only its
payer could win (M13, M26); chips a rule paid out of the pot left negative dead
money, so the hand could not be awarded (M9, M24); and a plain Guts hand on a
"marker" night ignored the night's policy (M39); and a blind booked by its
rule was dead money instead of the bet the first round calls (M3).
"""

from dataclasses import dataclass

import pytest
from django.db.models import Sum

from ledger.models import Account
from ledger.services import hands, money_rules
from ledger.services.journal import LedgerError
from tests.factories import night_with
from tests.ledger.conftest import journal_rows

HOST = "host:host"
NOTHING = "moves no chips here; nothing was recorded"


# --- The night, its hands and its accounts -------------------------------------------------------


def make_table(host):
    """A night with these house settings; Ann, Bob and Cat bought in for these chips."""
    made = []

    def make(buy_ins=(50, 50, 50), **settings):
        table = night_with(
            host, group_name=f"Regulars {len(made)}", buy_in=buy_ins, settings=settings
        )
        made.append(table.group)
        return table.night, table.seats

    return make


@dataclass(frozen=True)
class Chips:
    """Every account of a night: stacks and markers in seat order, each hand's pot, the rest."""

    stacks: tuple[int, ...]
    pots: tuple[int, ...]  # each hand's pot, the first hand first
    riding: int = 0  # the next pot
    fines: int = 0  # the infraction pot
    markers: tuple[int, ...] = (0, 0, 0)
    bank: int = -150
    carried: int = 0  # pots waiting for a later game of one kind


def chips(night, seats) -> Chips:
    """The night's accounts as the journal leaves them; every account is in exactly one field."""
    found = Account.objects.filter(night=night).annotate(total=Sum("entries__amount"))
    by_key = {a.key: a.total or 0 for a in found}
    carried = {a.key: a.total or 0 for a in found if a.kind == Account.Kind.CARRIED}
    assert set(by_key) - set(carried) <= {
        *(Account.key_for(kind, s.pk, None) for s in seats for kind in ("stack", "marker")),
        *(Account.key_for("pot", None, h.pk) for h in night.hands.all()),
        *(Account.key_for(kind, None, None) for kind in ("riding", "infraction", "bank")),
    }

    def of(kind, seat=None, hand=None):
        return by_key.get(Account.key_for(kind, seat and seat.pk, hand and hand.pk), 0)

    return Chips(
        stacks=tuple(of("stack", s) for s in seats),
        pots=tuple(of("pot", hand=h) for h in night.hands.order_by("number")),
        riding=of("riding"),
        fines=of("infraction"),
        markers=tuple(of("marker", s) for s in seats),
        bank=of("bank"),
        carried=sum(carried.values()),
    )


def deal(night, players, game, *, dealer=None, antes=True, side_pots=True):
    """A hand of `game`, Cat dealing unless told; everyone antes the night's ante."""
    hand = hands.hand_start(
        night=night,
        players=players,
        dealer=dealer or players[-1],
        recorded_by=HOST,
        game_slug=game,
        side_pots=side_pots,
    )
    if antes:
        hands.load(hand).collect_antes(recorded_by=HOST)
    return hand


def fire(hand, rule_id, **facts):
    """One firing of the hand's game's money rule, booked as one charge posting."""
    return money_rules.charge(hands.load(hand), rule_id, recorded_by=HOST, **facts)


def refused(hand, rule_id, match, **facts):
    """The firing is refused with `match` and the journal gets not one row."""
    rows = journal_rows(hand.night)
    with pytest.raises(LedgerError, match=match):
        fire(hand, rule_id, **facts)
    assert journal_rows(hand.night) == rows


def betting(hand, *actions, opener=None, blinds=()):
    """One betting round: (seat, action, amount) in turn."""
    hands.load(hand).round_start(recorded_by=HOST, opener=opener, blinds=blinds)
    for seat, action, amount in actions:
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)
    assert not hands.load(hand).state.betting_open


def award(hand, *winners, low=None):
    """Award each pot to its winners: `winners[i]` (seats) take pot i."""
    hands.load(hand).award(
        winners=[[s.pk for s in pot] for pot in winners],
        low_winners=None if low is None else [[s.pk for s in pot] for pot in low],
        recorded_by=HOST,
    )


def award_all(hand, seat):
    """`seat` wins every pot the hand has, however many the ledger built."""
    award(hand, *([seat],) * len(hands.load(hand).showdown_pots()))


def ids(*seats):
    return [s.pk for s in seats]
