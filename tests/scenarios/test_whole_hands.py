"""Whole hands played through the services: side pots, ties, the odd chip and the settlement.

Every figure is worked out by hand in the comments.
"""

import pytest

from ledger.models import Account, Person
from ledger.selectors import night_results
from ledger.services import closing, hands, journal, seating
from tests.ledger.conftest import journal_total

pytestmark = pytest.mark.django_db

HOST = "host:host"


def stacks(night, seats) -> list[int]:
    accounts = [journal.account(night, Account.Kind.STACK, seat=s) for s in seats]
    totals = journal.balances(accounts)
    return [totals[a.pk] for a in accounts]


def act(hand, seat, action, amount=0):
    return hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)


@pytest.fixture
def four(night, seats, group):
    """Ann 100, Bob 30, Cat 60, Dan 100; Dan deals, so Ann is first to act."""
    dan = seating.seat_add(night=night, person=Person.objects.create(group=group, name="Dan"))
    table = [*seats, dan]
    for seat, chips in zip(table, (100, 30, 60, 100), strict=True):
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=HOST)
    return night, table


def test_two_all_ins_behind_a_bet_and_a_tie_in_the_side_pot_only(four):
    night, (ann, bob, cat, dan) = four
    hand = hands.hand_start(night=night, players=[ann, bob, cat, dan], dealer=dan, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)  # 1 each: pot 4
    assert stacks(night, [ann, bob, cat, dan]) == [99, 29, 59, 99]
    hands.load(hand).round_start(recorded_by=HOST)
    act(hand, ann, "bet", 10)
    act(hand, bob, "all_in")  # to 29, a raise of 19
    act(hand, cat, "all_in")  # to 59, a raise of 30
    act(hand, dan, "call")  # 59
    act(hand, ann, "call")  # 49 more
    # Put in, antes included: Ann 60, Bob 30, Cat 60, Dan 60 = 210.
    # Main pot 4 x 30 = 120 for everyone; side pot 3 x 30 = 90 for Ann, Cat and Dan.
    built = hands.load(hand).showdown_pots()
    assert [(p.amount, p.eligible) for p in built] == [
        (120, {ann.pk, bob.pk, cat.pk, dan.pk}),
        (90, {ann.pk, cat.pk, dan.pk}),
    ]
    # Bob's hand is best; Ann and Dan tie for the side pot, 45 each.
    hands.load(hand).award(winners=[[bob.pk], [ann.pk, dan.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat, dan]) == [85, 120, 0, 85]
    assert journal_total(night) == 0


def test_an_odd_chip_goes_to_the_first_tied_winner_left_of_the_dealer(four):
    night, (ann, bob, cat, dan) = four
    hand = hands.hand_start(night=night, players=[ann, bob, cat, dan], dealer=bob, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)  # pot 4
    hands.load(hand).round_start(recorded_by=HOST)
    act(hand, cat, "bet", 3)  # Cat is first left of Bob, the dealer
    act(hand, dan, "call")
    act(hand, ann, "fold")
    act(hand, bob, "fold")
    # Pot: 4 antes + 3 + 3 = 10, tied by Cat and Dan: 5 each.
    hands.load(hand).award(winners=[[cat.pk, dan.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat, dan]) == [99, 29, 61, 101]
    # Next hand, without Bob: Dan deals, and Ann and Cat tie a pot of 3 antes.
    # The odd chip goes to Ann, the first of them to Dan's left: 2 and 1.
    hand = hands.hand_start(night=night, players=[ann, cat, dan], dealer=dan, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).award(winners=[[ann.pk, cat.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat, dan]) == [100, 29, 61, 100]
    assert journal_total(night) == 0


def test_a_night_of_two_hands_settles_in_money_with_the_fewest_payments(four):
    night, (ann, bob, cat, dan) = four
    hand = hands.hand_start(night=night, players=[ann, bob, cat, dan], dealer=dan, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    act(hand, ann, "bet", 10)
    act(hand, bob, "all_in")
    act(hand, cat, "all_in")
    act(hand, dan, "call")
    act(hand, ann, "call")
    hands.load(hand).award(winners=[[bob.pk], [ann.pk, dan.pk]], recorded_by=HOST)
    # Stacks 85, 120, 0, 85. Cat re-buys 20, then the night ends with everyone as booked.
    seating.buy_in(night=night, seat=cat, chips=20, recorded_by=HOST)
    closing.night_end(
        night=night,
        counts={ann.pk: 85, bob.pk: 120, cat.pk: 20, dan.pk: 85},
        recorded_by=HOST,
    )
    # Nets in chips: Ann -15, Bob +90, Cat -60, Dan -15. White chips are $0.05:
    # Ann -$0.75, Bob +$4.50, Cat -$3.00, Dan -$0.75; three payments, all to Bob.
    assert closing.nets(night) == {ann.pk: -15, bob.pk: 90, cat.pk: -60, dan.pk: -15}
    _rows, payments = night_results.results(night)
    paid = sorted((p.payer.person.name, p.payee.person.name, str(p.amount)) for p in payments)
    assert paid == [("Ann", "Bob", "0.75"), ("Cat", "Bob", "3.00"), ("Dan", "Bob", "0.75")]
    assert journal_total(night) == 0
