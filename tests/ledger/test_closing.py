"""Ending a night: counts against the ledger, cash-outs, and who pays whom."""

from decimal import Decimal

import pytest

from ledger.models import Night
from ledger.selectors import exports, night_results
from ledger.services import closing, hands, seating
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, seats):
    """Ann 200, Bob 100, Cat 50 buy in; Cat wins a 150 main pot, Bob a 22 side pot."""
    ann, bob, cat = seats
    for seat, chips in zip(seats, (200, 100, 50), strict=True):
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    for seat, action, amount in [(ann, "bet", 20), (bob, "raise", 60), (cat, "all_in", 0)]:
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by="host:host")
    hands.load(hand).act(seat=ann, action="call", recorded_by="host:host")
    hands.load(hand).award(winners=[[cat.pk], [bob.pk]], recorded_by="host:host")
    return night, seats, hand


def test_counts_that_match_end_the_night_and_settle_in_two_payments(played):
    night, (ann, bob, cat), _ = played
    counts = {ann.pk: 139, bob.pk: 61, cat.pk: 150}
    closing.night_end(night=night, counts=counts, recorded_by="host:host")
    assert Night.objects.get(pk=night.pk).status == Night.Status.ENDED
    assert closing.booked_stacks(night) == {ann.pk: 0, bob.pk: 0, cat.pk: 0}
    rows, payments = night_results.results(night)
    # Nets: Ann 139-200 = -61, Bob 61-100 = -39, Cat 150-50 = +100; 5 cents a chip.
    assert {r.seat.pk: (r.chips, r.money) for r in rows} == {
        ann.pk: (-61, Decimal("-3.05")),
        bob.pk: (-39, Decimal("-1.95")),
        cat.pk: (100, Decimal("5.00")),
    }
    assert sorted((p.payer_id, p.payee_id, p.amount) for p in payments) == sorted(
        [(ann.pk, cat.pk, Decimal("3.05")), (bob.pk, cat.pk, Decimal("1.95"))]
    )
    assert journal_total(night) == 0


def test_a_count_that_differs_stops_the_night_from_ending(played):
    night, (ann, bob, cat), _ = played
    before = journal_rows(night)
    with pytest.raises(LedgerError, match="Bob has 60 chips but the ledger says 61"):
        closing.night_end(
            night=night, counts={ann.pk: 139, bob.pk: 60, cat.pk: 150}, recorded_by="h"
        )
    assert journal_rows(night) == before
    assert night_results.differences(night, {ann.pk: 139, bob.pk: 60, cat.pk: 150}) == {bob.pk: -1}


def test_an_adjustment_with_a_reason_resolves_a_recount(played):
    night, (ann, bob, cat), _ = played
    seating.adjust(
        night=night, seat=bob, chips=-1, reason="chip fell off the table", recorded_by="h"
    )
    closing.night_end(night=night, counts={ann.pk: 139, bob.pk: 60, cat.pk: 150}, recorded_by="h")
    rows, payments = night_results.results(night)
    assert sum(r.chips for r in rows) == 0
    assert sum(p.amount for p in payments) == Decimal("5.00")


def test_the_night_cannot_end_with_a_hand_open(night, seats):
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=10, recorded_by="h")
    hands.hand_start(night=night, players=seats, dealer=seats[0], recorded_by="h")
    with pytest.raises(LedgerError, match="Hand 1 is still open"):
        closing.night_end(night=night, counts={s.pk: 10 for s in seats}, recorded_by="h")


def test_a_player_who_leaves_early_is_settled_then(played):
    night, (ann, bob, cat), _ = played
    seating.leave(night=night, seat=bob, recorded_by="h")
    assert closing.nets(night)[bob.pk] == -39
    with pytest.raises(LedgerError, match="has left"):
        seating.buy_in(night=night, seat=bob, chips=5, recorded_by="h")
    closing.night_end(night=night, counts={ann.pk: 139, cat.pk: 150}, recorded_by="h")
    assert sum(closing.nets(night).values()) == 0


def test_each_payment_is_explained_by_the_hands_behind_it(played):
    night, (ann, _bob, cat), _ = played
    assert night_results.hand_results(night, [ann.pk, cat.pk]) == {1: {ann.pk: -61, cat.pk: 100}}


def test_payments_are_marked_paid_once(played):
    night, (ann, bob, cat), _ = played
    closing.night_end(night=night, counts={ann.pk: 139, bob.pk: 61, cat.pk: 150}, recorded_by="h")
    payment = night.payments.first()
    closing.payment_mark_paid(payment=payment)
    with pytest.raises(LedgerError, match="already marked paid"):
        closing.payment_mark_paid(payment=payment)


def test_nothing_is_recorded_after_the_night_ends(played):
    night, (ann, bob, cat), _ = played
    closing.night_end(night=night, counts={ann.pk: 139, bob.pk: 61, cat.pk: 150}, recorded_by="h")
    before = journal_rows(night)
    with pytest.raises(LedgerError, match="ended"):
        seating.buy_in(night=night, seat=ann, chips=10, recorded_by="h")
    assert journal_rows(night) == before


def test_csv_exports_list_every_entry_and_the_payments(played):
    night, (ann, bob, cat), _ = played
    closing.night_end(night=night, counts={ann.pk: 139, bob.pk: 61, cat.pk: 150}, recorded_by="h")
    journal_lines = exports.journal_csv(night).strip().splitlines()
    from ledger.models import Entry

    assert len(journal_lines) == 1 + Entry.objects.filter(posting__night=night).count()
    settlement = exports.settlement_csv(night).splitlines()
    assert settlement[0].startswith("player,seat,bought in chips,cashed out chips,net chips")
    assert "Ann,Cat,3.05,False" in exports.payments_csv(night)


def test_a_riding_pot_must_be_played_or_shared_before_the_night_ends(night, seats):
    ann, bob, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=10, recorded_by="h")
    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by="h")
    hands.load(hand).collect_antes(recorded_by="h")
    hands.load(hand).award(winners=[[]], recorded_by="h")
    counts = {ann.pk: 9, bob.pk: 9, cat.pk: 9}
    with pytest.raises(LedgerError, match="3 chips are still riding"):
        closing.night_end(night=night, counts=counts, recorded_by="h")
    closing.riding_share(night=night, recorded_by="h")
    closing.night_end(night=night, counts={ann.pk: 10, bob.pk: 10, cat.pk: 10}, recorded_by="h")
    assert set(closing.nets(night).values()) == {0}
