"""The journal is double-entry and append-only; undo posts a reversal."""

import pytest

from ledger.models import Account, AppendOnlyError, Entry, Posting
from ledger.services import journal, seating
from ledger.services.journal import LedgerError, Move
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db


def stack_of(night, seat) -> int:
    acc = journal.account(night, Account.Kind.STACK, seat=seat)
    return journal.balances([acc])[acc.pk]


def test_a_buy_in_moves_chips_from_the_bank_and_balances(night, seats):
    ann = seats[0]
    posting = seating.buy_in(night=night, seat=ann, chips=200, recorded_by="host:host")
    assert stack_of(night, ann) == 200
    assert sorted(posting.entries.values_list("amount", flat=True)) == [-200, 200]
    assert journal_total(night) == 0


def test_posted_rows_refuse_updates_and_deletes(night, seats):
    posting = seating.buy_in(night=night, seat=seats[0], chips=50, recorded_by="host:host")
    entry = posting.entries.first()
    posting.memo = "changed"
    with pytest.raises(AppendOnlyError):
        posting.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        Entry.objects.filter(posting=posting).update(amount=1)
    with pytest.raises(AppendOnlyError):
        Posting.objects.filter(pk=posting.pk).delete()
    assert Posting.objects.get(pk=posting.pk).memo != "changed"


@pytest.mark.parametrize("chips", [0, -5, 1.5, True, "10", None])
def test_bad_amounts_are_refused_and_post_nothing(night, seats, chips):
    before = journal_rows(night)
    with pytest.raises(LedgerError):
        seating.buy_in(night=night, seat=seats[0], chips=chips, recorded_by="host:host")
    assert journal_rows(night) == before


def test_a_move_that_would_leave_a_stack_negative_posts_nothing(night, seats):
    ann, bob = seats[0], seats[1]
    seating.buy_in(night=night, seat=ann, chips=30, recorded_by="host:host")
    before = journal_rows(night)
    a = journal.account(night, Account.Kind.STACK, seat=ann)
    b = journal.account(night, Account.Kind.STACK, seat=bob)
    with pytest.raises(LedgerError, match="would leave"):
        journal.post(night=night, kind="test", moves=[Move(a, b, 31)], recorded_by="host:host")
    assert journal_rows(night) == before
    assert stack_of(night, ann) == 30


def test_undo_posts_a_reversal_and_keeps_the_original(night, seats):
    posting = seating.buy_in(night=night, seat=seats[0], chips=80, recorded_by="host:host")
    undo = journal.reverse(posting, recorded_by="host:host")
    assert undo.reverses == posting
    assert stack_of(night, seats[0]) == 0
    assert Posting.objects.filter(pk=posting.pk).exists()
    assert journal_total(night) == 0


def test_undo_is_refused_when_it_would_make_a_stack_negative(night, seats):
    ann, bob = seats[0], seats[1]
    buy = seating.buy_in(night=night, seat=ann, chips=40, recorded_by="host:host")
    a = journal.account(night, Account.Kind.STACK, seat=ann)
    b = journal.account(night, Account.Kind.STACK, seat=bob)
    journal.post(night=night, kind="test", moves=[Move(a, b, 25)], recorded_by="host:host")
    before = journal_rows(night)
    with pytest.raises(LedgerError, match=r"would leave .* with -25 chips"):
        journal.reverse(buy, recorded_by="host:host")
    assert journal_rows(night) == before


def test_an_entry_is_undone_only_once(night, seats):
    posting = seating.buy_in(night=night, seat=seats[0], chips=10, recorded_by="host:host")
    undo = journal.reverse(posting, recorded_by="host:host")
    with pytest.raises(LedgerError, match=journal.ALREADY_REVERSED):
        journal.reverse(posting, recorded_by="host:host")
    with pytest.raises(LedgerError, match="cannot itself be undone"):
        journal.reverse(undo, recorded_by="host:host")


def test_a_repeated_key_returns_the_first_answer_and_posts_nothing(night, seats):
    def write(locked):
        p = seating.buy_in(night=locked, seat=seats[0], chips=20, recorded_by="host:host")
        return {"posting": p.pk}

    first = journal.once(
        night=night, caller="host", key="tap-1", payload={"chips": 20}, write=write
    )
    rows = journal_rows(night)
    again = journal.once(
        night=night, caller="host", key="tap-1", payload={"chips": 20}, write=write
    )
    assert again == first
    assert journal_rows(night) == rows
    with pytest.raises(journal.KeyConflict):
        journal.once(night=night, caller="host", key="tap-1", payload={"chips": 25}, write=write)
    assert journal_rows(night) == rows
    assert stack_of(night, seats[0]) == 20


def test_a_key_belongs_to_its_caller_and_another_callers_same_key_is_their_own_request(
    night, seats
):
    """Bob sending the key Ann used never gets Ann's answer: his is a new request."""
    answers = iter([{"who": "Ann"}, {"who": "Bob"}])
    ann = journal.once(
        night=night, caller="seat:1", key="k-1", payload={}, write=lambda _n: next(answers)
    )
    bob = journal.once(
        night=night, caller="seat:2", key="k-1", payload={}, write=lambda _n: next(answers)
    )
    assert ann == {"who": "Ann"}
    assert bob == {"who": "Bob"}
