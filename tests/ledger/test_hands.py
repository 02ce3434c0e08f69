"""Hands worked by hand: antes, betting, side pots, awards and undo, through the journal."""

import pytest

from ledger.models import Account, Hand, Person
from ledger.services import hands, journal, seating
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db


def stacks(night, seats) -> list[int]:
    accounts = [journal.account(night, Account.Kind.STACK, seat=s) for s in seats]
    totals = journal.balances(accounts)
    return [totals[a.pk] for a in accounts]


def pot(hand) -> int:
    acc = journal.account(hand.night, Account.Kind.POT, hand=hand)
    return journal.balances([acc])[acc.pk]


@pytest.fixture
def table(night, seats):
    """Ann 200, Bob 100, Cat 50; Cat deals, so Ann is first to her left."""
    for seat, chips in zip(seats, (200, 100, 50), strict=True):
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by="host:host")
    return night, seats, hand


def act(hand, seat, action, amount=0):
    return hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by="host:host")


def test_seat_order_runs_from_the_dealers_left(table):
    _, (ann, bob, cat), hand = table
    assert hand.seat_order == [ann.pk, bob.pk, cat.pk]


def test_three_players_two_all_in_levels_make_a_main_and_a_side_pot(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [199, 99, 49]
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "bet", 20)
    act(hand, bob, "raise", 60)
    act(hand, cat, "all_in")  # 49, less than the call
    act(hand, ann, "call")  # 40 more
    # Ann 61, Bob 61, Cat 50 in: main 3 x 50 = 150 for all; side 2 x 11 = 22 for Ann and Bob.
    built = hands.load(hand).showdown_pots()
    assert [(p.amount, sorted(p.eligible)) for p in built] == [
        (150, sorted([ann.pk, bob.pk, cat.pk])),
        (22, sorted([ann.pk, bob.pk])),
    ]
    hands.load(hand).award(winners=[[cat.pk], [bob.pk]], recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [139, 61, 150]
    assert pot(hand) == 0
    assert journal_total(night) == 0


def test_undo_reopens_a_settled_hand_and_it_can_be_awarded_again(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "bet", 20)
    act(hand, bob, "raise", 60)
    act(hand, cat, "all_in")
    act(hand, ann, "call")
    hands.load(hand).award(winners=[[cat.pk], [bob.pk]], recorded_by="host:host")
    hands.undo(hand=hand, recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [139, 39, 0]
    assert pot(hand) == 172
    # Ann and Cat tie the main pot (75 each); Ann takes the side pot.
    hands.load(hand).award(winners=[[ann.pk, cat.pk], [ann.pk]], recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [236, 39, 75]
    assert journal_total(night) == 0


def test_a_fold_returns_the_uncalled_bet_in_the_same_posting(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "bet", 30)
    act(hand, bob, "fold")
    posting = act(hand, cat, "fold")
    assert posting.detail["returned"] == {"seat": ann.pk, "chips": 30}
    assert stacks(night, [ann, bob, cat]) == [199, 99, 49]
    assert pot(hand) == 3
    hands.load(hand).award(winners=[[ann.pk]], recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [202, 99, 49]


def test_undo_the_last_action_gives_the_turn_back(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "bet", 10)
    act(hand, bob, "call")
    hands.undo(hand=hand, recorded_by="host:host")
    assert hands.load(hand).state.round.turn == bob.pk
    assert stacks(night, [ann, bob, cat]) == [190, 100, 50]
    act(hand, bob, "raise", 30)
    assert hands.load(hand).state.round.turn == cat.pk


def test_a_pot_nobody_can_win_rides_to_the_next_hand(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    for seat in (ann, bob, cat):
        act(hand, seat, "check")
    hands.load(hand).award(winners=[[]], recorded_by="host:host")
    riding = journal.account(night, Account.Kind.RIDING)
    assert journal.balances([riding])[riding.pk] == 3
    following = hands.hand_start(night=night, players=[ann, bob], dealer=ann, recorded_by="h")
    assert pot(following) == 3
    assert journal_total(night) == 0


def test_a_pot_nobody_can_win_goes_back_when_the_table_says_return(host, group):
    night = seating.night_create(
        host=host,
        group=group,
        name="Return",
        chips=[("white", "1")],
        settings={"no_winner": "return"},
    )
    people = [Person.objects.create(group=group, name=n) for n in ("Dee", "Eve")]
    dee, eve = (seating.seat_add(night=night, person=p) for p in people)
    for seat in (dee, eve):
        seating.buy_in(night=night, seat=seat, chips=10, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=[dee, eve], dealer=eve, recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).award(winners=[[]], recorded_by="host:host")
    assert stacks(night, [dee, eve]) == [10, 10]


def test_a_high_low_split_gives_the_odd_chip_to_high(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "check")
    act(hand, bob, "check")
    act(hand, cat, "fold")
    # 3 chips split high-low: high (Ann) gets 2, low (Bob) gets 1.
    hands.load(hand).award(winners=[[ann.pk]], low_winners=[[bob.pk]], recorded_by="host:host")
    assert stacks(night, [ann, bob, cat]) == [201, 100, 49]


@pytest.mark.parametrize(
    ("who", "action", "amount", "message"),
    [
        (1, "check", 0, "not Bob's turn"),
        (0, "bet", 0, "more than zero"),
        (0, "bet", -5, "more than zero"),
        (0, "bet", 2.5, "whole numbers"),
        (0, "bet", 500, "only 200 behind"),
        (0, "raise", 10, "no bet to raise"),
        (0, "call", 0, "nothing to call"),
        (0, "shove", 0, "not a betting action"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(table, who, action, amount, message):
    night, seats, hand = table
    hands.load(hand).round_start(recorded_by="host:host")
    before = journal_rows(night)
    with pytest.raises(LedgerError, match=message):
        act(hand, seats[who], action, amount)
    assert journal_rows(night) == before


def test_a_raise_smaller_than_the_last_raise_is_refused(table):
    _night, (ann, bob, _cat), hand = table
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "bet", 20)
    with pytest.raises(LedgerError, match="smallest raise is to 40"):
        act(hand, bob, "raise", 30)


def test_nothing_can_be_recorded_on_a_settled_hand(table):
    night, (ann, _bob, _cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).award(winners=[[ann.pk]], recorded_by="host:host")
    before = journal_rows(night)
    with pytest.raises(LedgerError, match="settled"):
        hands.load(hand).round_start(recorded_by="host:host")
    with pytest.raises(LedgerError, match="settled"):
        hands.load(hand).collect_antes(recorded_by="host:host")
    assert journal_rows(night) == before
    assert Hand.objects.get(pk=hand.pk).status == Hand.Status.SETTLED


def test_a_winner_who_folded_is_refused(table):
    night, (ann, bob, cat), hand = table
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    act(hand, ann, "check")
    act(hand, bob, "fold")
    act(hand, cat, "check")
    before = journal_rows(night)
    with pytest.raises(LedgerError, match="Bob cannot win pot 1"):
        hands.load(hand).award(winners=[[bob.pk]], recorded_by="host:host")
    assert journal_rows(night) == before


def test_only_one_hand_is_open_at_a_time(table):
    night, seats, _hand = table
    with pytest.raises(LedgerError, match="still open"):
        hands.hand_start(night=night, players=seats, dealer=seats[0], recorded_by="host:host")


def test_a_short_stack_cannot_ante(night, seats):
    seating.buy_in(night=night, seat=seats[0], chips=5, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=seats[:2], dealer=seats[0], recorded_by="h")
    with pytest.raises(LedgerError, match="Bob has 0 chips"):
        hands.load(hand).collect_antes(recorded_by="host:host")
