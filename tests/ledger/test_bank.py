"""The bank: buy-ins paid in cash to the host (or a player who collects it) or on credit.

Worked by hand. Chips: white 0.05, red 0.25, so one chip (the unit) is $0.05.

- Ann buys $20 (400 chips), cash to the bank (the host, who has no seat).
- Bob buys 200 chips ($10.00) on credit.
- Cat buys "40 red" (200 chips, $10.00), cash to Ann, who collects it.
- Hand 1, Cat deals: antes 1 each (pot 3); Ann bets 99, Bob calls, Cat folds;
  Bob wins the pot of 201. Stacks: Ann 300, Bob 301, Cat 199.
- Cat cashes out 100 chips, paid $5.00 in cash by Ann: Ann's box 200 -> 100.
- Bob cashes out 150 chips in cash from Ann: refused, Ann holds $5.00. From
  the bank instead: its box 400 -> 250 ($12.50).
- The night ends with Ann 300, Bob 151, Cat 99 counted.

Nets: Ann 300 - 400 = -100 (-$5.00); Bob 151 + 150 - 200 = +101 (+$5.05);
Cat 99 + 100 - 200 = -1 (-$0.05). Each party's due, cash counted:
Ann -100 + 400 paid - 200 held + 100 paid out to Cat = +200 ($10.00);
Bob +101 - 150 cash received = -49 (-$2.45); Cat -1 + 200 paid - 100
received = +99 ($4.95); the bank holds 250 so is due -250 (-$12.50).
No smaller group sums to zero, so 4 - 1 = 3 transfers: the bank pays Ann
$10.00, then $2.50 to Cat, and Bob pays Cat $2.45. Then everyone ends with
their net: Ann paid $20, keeps the $5 she holds and gets $10 (-$5.00);
Bob gets $7.50 in cash and pays $2.45 (+$5.05); Cat paid $10, got $5 back
in cash and $4.95 now (-$0.05); the bank took $20 and paid out $7.50 + $12.50.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from ledger.core import amounts, units
from ledger.core.settlement import BANK, Cash, cash_held, fewest_transfers, with_bank
from ledger.models import Account, Entry, Payment, Person
from ledger.selectors import night_results
from ledger.services import closing, hands, runs, seating
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_rows

pytestmark = pytest.mark.django_db
HOST = "host:host"
CHIPS = units.chip_set([("white", "0.05"), ("red", "0.25")])


def stacks(night) -> dict[str, int]:
    booked = closing.booked_stacks(night)
    return {s.person.name: booked[s.pk] for s in night.seats.select_related("person")}


def in_the_pots(night) -> int:
    entries = Entry.objects.filter(account__night=night, account__kind=Account.Kind.POT)
    return sum(entries.values_list("amount", flat=True))


def boxes(night) -> dict[str, int]:
    names = {s.pk: s.person.name for s in night.seats.select_related("person")}
    return {names.get(h, "bank"): c for h, c in night_results.cash_boxes(night).items()}


def unchanged(where, step, /, **kwargs):
    """Run a step that must be refused: the journal, stacks and cash stay as they were."""
    before = (journal_rows(where), stacks(where), boxes(where))
    with pytest.raises(LedgerError) as refused:
        step(**kwargs)
    assert (journal_rows(where), stacks(where), boxes(where)) == before
    return str(refused.value)


@pytest.fixture
def banked(night, seats):
    """The night of the module docstring, up to the end of the night."""
    ann, bob, cat = seats
    twenty = amounts.parse("$20", CHIPS)
    assert twenty == 400
    seating.buy_in(night=night, seat=ann, chips=twenty, recorded_by=HOST, paid="cash")
    seating.buy_in(night=night, seat=bob, chips=200, recorded_by=HOST)
    forty_red = amounts.parse("40 red", CHIPS)
    assert forty_red == 200
    seating.buy_in(
        night=night, seat=cat, chips=forty_red, recorded_by=HOST, paid="cash", holder=ann
    )
    assert stacks(night) == {"Ann": 400, "Bob": 200, "Cat": 200}
    assert boxes(night) == {"bank": 400, "Ann": 200}

    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    assert in_the_pots(night) == 3
    hands.load(hand).round_start(recorded_by=HOST)
    hands.load(hand).act(seat=ann, action="bet", amount=99, recorded_by=HOST)
    hands.load(hand).act(seat=bob, action="call", recorded_by=HOST)
    hands.load(hand).act(seat=cat, action="fold", recorded_by=HOST)
    assert in_the_pots(night) == 201
    hands.load(hand).award(winners=[[bob.pk]], recorded_by=HOST)
    assert in_the_pots(night) == 0
    assert stacks(night) == {"Ann": 300, "Bob": 301, "Cat": 199}

    seating.cash_out(night=night, seat=cat, chips=100, recorded_by=HOST, paid="cash", holder=ann)
    assert stacks(night) == {"Ann": 300, "Bob": 301, "Cat": 99}
    assert boxes(night) == {"bank": 400, "Ann": 100}
    message = unchanged(
        night,
        seating.cash_out,
        night=night,
        seat=bob,
        chips=150,
        recorded_by=HOST,
        paid="cash",
        holder=ann,
    )
    assert message.startswith("Ann holds $5.00 in cash, not $7.50")
    seating.cash_out(night=night, seat=bob, chips=150, recorded_by=HOST, paid="cash")
    assert stacks(night) == {"Ann": 300, "Bob": 151, "Cat": 99}
    assert boxes(night) == {"bank": 250, "Ann": 100}
    return night, seats


def test_the_worked_night_settles_through_the_bank_in_three_payments(banked):
    night, (ann, bob, cat) = banked
    closing.night_end(night=night, counts={ann.pk: 300, bob.pk: 151, cat.pk: 99}, recorded_by=HOST)
    assert stacks(night) == {"Ann": 0, "Bob": 0, "Cat": 0}
    assert closing.nets(night) == {ann.pk: -100, bob.pk: 101, cat.pk: -1}
    assert closing.dues(night) == {str(ann.pk): 200, str(bob.pk): -49, str(cat.pk): 99, BANK: -250}
    assert boxes(night) == {"bank": 250, "Ann": 100}
    payments = {(p.payer_id, p.payee_id, p.amount) for p in Payment.objects.filter(night=night)}
    assert payments == {
        (None, ann.pk, Decimal("10.00")),
        (None, cat.pk, Decimal("2.50")),
        (bob.pk, cat.pk, Decimal("2.45")),
    }
    rows, _ = night_results.results(night)
    assert {r.seat.person.name: r.money for r in rows} == {
        "Ann": Decimal("-5.00"),
        "Bob": Decimal("5.05"),
        "Cat": Decimal("-0.05"),
    }


def test_each_step_the_bank_refuses_leaves_the_journal_unchanged(banked, group, host):
    night, (ann, bob, cat) = banked
    message = unchanged(
        night,
        seating.buy_in,
        night=night,
        seat=bob,
        chips=20,
        recorded_by=HOST,
        paid="credit",
        holder=ann,
    )
    assert message == seating.CREDIT_HOLDER
    elsewhere = seating.night_create(host=host, group=group, name="Saturday", chips=[("w", "1")])
    stranger = seating.seat_add(
        night=elsewhere, person=Person.objects.create(group=group, name="Dan")
    )
    assert (
        unchanged(
            night,
            seating.buy_in,
            night=night,
            seat=bob,
            chips=20,
            recorded_by=HOST,
            paid="cash",
            holder=stranger,
        )
        == seating.NOT_THIS_NIGHT
    )
    assert unchanged(
        night, seating.buy_in, night=night, seat=bob, chips=20, recorded_by=HOST, paid="IOU"
    ) == (seating.PAID_HOW)
    # The bank holds 250 chips ($12.50): paying Ann 300 in cash is more than it has.
    message = unchanged(
        night, seating.cash_out, night=night, seat=ann, chips=300, recorded_by=HOST, paid="cash"
    )
    assert message.startswith("The bank holds $12.50 in cash, not $15.00")
    seating.cash_out(night=night, seat=cat, recorded_by=HOST)
    seating.leave(night=night, seat=cat, recorded_by=HOST)
    cat.refresh_from_db()
    assert unchanged(
        night,
        seating.buy_in,
        night=night,
        seat=bob,
        chips=20,
        recorded_by=HOST,
        paid="cash",
        holder=cat,
    ) == seating.HOLDER_LEFT.format(name="Cat")


def test_a_night_on_credit_settles_as_it_always_did(night, seats):
    ann, bob, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by=HOST)
    seating.adjust(night=night, seat=ann, chips=-30, reason="paid Bob", recorded_by=HOST)
    seating.adjust(night=night, seat=bob, chips=30, reason="from Ann", recorded_by=HOST)
    closing.night_end(night=night, counts={ann.pk: 70, bob.pk: 130, cat.pk: 100}, recorded_by=HOST)
    assert boxes(night) == {}
    assert closing.dues(night) == {str(s): n for s, n in closing.nets(night).items()}
    assert [(p.payer_id, p.payee_id) for p in Payment.objects.filter(night=night)] == []


def test_an_undone_cash_buy_in_is_no_cash_in_the_box(night, seats):
    ann = seats[0]
    posting = seating.buy_in(night=night, seat=ann, chips=100, recorded_by=HOST, paid="cash")
    assert boxes(night) == {"bank": 100}
    from ledger.services import journal

    journal.reverse(posting, recorded_by=HOST)
    assert boxes(night) == {}
    assert night_results.flows(night)[ann.pk] == night_results.Flow()


# --- Pages and API: the same amounts and the same refusals ------------------------------------


def page_post(client, name, night, data):
    from django.urls import reverse

    return client.post(
        reverse(f"ledger:{name}", args=[night.pk]), {"idempotency_key": uuid.uuid4().hex, **data}
    )


def test_the_seats_page_takes_money_colours_and_cash_and_shows_both(client, host, night, seats):
    ann, bob, _ = seats
    client.force_login(host)
    response = page_post(
        client, "buy_in", night, {"seat": ann.pk, "chips": "$20", "paid": "cash", "holder": ""}
    )
    assert response.status_code == 303
    data = {"seat": bob.pk, "chips": "10", "in": "money", "paid": "cash", "holder": ann.pk}
    assert page_post(client, "buy_in", night, data).status_code == 303
    assert page_post(client, "buy_in", night, {"seat": bob.pk, "chips": "2 red"}).status_code == 303
    assert stacks(night) == {"Ann": 400, "Bob": 210, "Cat": 0}
    assert boxes(night) == {"bank": 400, "Ann": 200}
    page = client.get(f"/nights/{night.pk}/seats/").content.decode()
    assert "In for 400 chips ($20.00)" in page
    assert "In for 210 chips ($10.50)" in page
    assert "holds $20.00" in page
    assert "holds $10.00" in page

    before = journal_rows(night)
    bad = page_post(client, "buy_in", night, {"seat": ann.pk, "chips": "$20.03"})
    assert bad.status_code == 400
    assert (
        "$20.03 is not a whole number of chips: the smallest chip is $0.05" in bad.content.decode()
    )
    bad = page_post(client, "buy_in", night, {"seat": ann.pk, "chips": "3 green"})
    assert bad.status_code == 400
    said = bad.content.decode().replace("&#x27;", "'")
    assert "there is no 'green' chip tonight; the colours are white, red" in said
    bad = page_post(client, "buy_in", night, {"seat": ann.pk, "chips": "5", "paid": "IOU"})
    assert bad.status_code == 400
    assert journal_rows(night) == before


def test_the_seats_page_never_shows_a_negative_in_for(client, host, night, seats):
    ann, bob, _ = seats
    client.force_login(host)
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by=HOST)
    seating.adjust(night=night, seat=ann, chips=-40, reason="paid Bob", recorded_by=HOST)
    seating.adjust(night=night, seat=bob, chips=40, reason="from Ann", recorded_by=HOST)
    seating.cash_out(night=night, seat=bob, chips=140, recorded_by=HOST)
    page = client.get(f"/nights/{night.pk}/seats/").content.decode()
    assert "In for -" not in page
    assert "In for 100 chips ($5.00), cashed out 140 chips ($7.00)" in page


API = "/api/nights/"


def api_post(client, path, body):
    return client.post(API + path, body, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)


def test_the_api_takes_chips_money_or_colours_and_how_they_were_paid(host, night, seats):
    ann, bob, cat = seats
    api = APIClient()
    api.force_login(host)
    path = f"{night.pk}/seats/{{}}/buy-in/"
    answer = api_post(api, path.format(ann.pk), {"money": "20.00", "paid": "cash"})
    assert answer.status_code == 201, answer.json()
    answer = api_post(
        api, path.format(bob.pk), {"colours": {"red": 40}, "paid": "cash", "holder": ann.pk}
    )
    assert answer.status_code == 201, answer.json()
    assert api_post(api, path.format(cat.pk), {"chips": 200}).status_code == 201
    assert boxes(night) == {"bank": 400, "Ann": 200}

    before = journal_rows(night)
    refused = [
        ({"chips": 5, "money": "0.25"}, {"chips", "money"}),
        ({"money": "20.03"}, {"money"}),
        ({"colours": {"green": 1}}, {"colours"}),
        ({"money": 20}, {"money"}),
        ({"chips": 5, "paid": "IOU"}, {"paid"}),
        ({"chips": 5, "paid": "cash", "holder": 10**9}, {"holder"}),
        ({}, {"chips"}),
    ]
    for body, fields in refused:
        answer = api_post(api, path.format(cat.pk), body)
        assert answer.status_code == 400, body
        assert set(answer.json()["fields"]) == fields, answer.json()
    answer = api_post(api, path.format(cat.pk), {"chips": 5, "paid": "credit", "holder": ann.pk})
    assert answer.status_code == 400
    assert answer.json()["detail"] == seating.CREDIT_HOLDER
    answer = api_post(
        api,
        f"{night.pk}/seats/{ann.pk}/cash-out/",
        {"money": "15", "paid": "cash", "holder": ann.pk},
    )
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("Ann holds $10.00 in cash, not $15.00")
    assert journal_rows(night) == before


def test_the_settlement_api_names_the_bank_as_a_party(host, banked):
    night, (ann, bob, cat) = banked
    closing.night_end(night=night, counts={ann.pk: 300, bob.pk: 151, cat.pk: 99}, recorded_by=HOST)
    api = APIClient()
    api.force_login(host)
    data = api.get(f"{API}{night.pk}/settlement/").json()
    parties = {(p["payer"]["name"], p["payee"]["name"], p["amount"]) for p in data["payments"]}
    assert parties == {
        ("The bank", "Ann", "10.00"),
        ("The bank", "Cat", "2.50"),
        ("Bob", "Cat", "2.45"),
    }
    assert {p["payer"]["seat"] for p in data["payments"]} == {None, bob.pk}


def test_the_settlement_page_shows_who_holds_the_cash_and_explains_bank_payments(
    client, host, banked
):
    night, (ann, bob, cat) = banked
    closing.night_end(night=night, counts={ann.pk: 300, bob.pk: 151, cat.pk: 99}, recorded_by=HOST)
    client.force_login(host)
    page = client.get(f"/nights/{night.pk}/settlement/").content.decode().replace("&#x27;", "'")
    assert "<strong>The bank</strong> holds $12.50" in page
    assert "<strong>Ann</strong> holds $5.00" in page
    assert "<strong>The bank</strong> pays <strong>Ann</strong>" in page
    assert "Ann paid $20.00 in cash for chips, to the bank." in page
    assert "Cat received $5.00 in cash for chips, from Ann." in page
    csv_text = client.get(f"/nights/{night.pk}/settlement.csv").content.decode()
    lines = csv_text.splitlines()
    assert lines[1] == "Ann,1,400,300,-100,-5.00,20.00,0.00,0.00,10.00"
    assert lines[-1] == "The bank,,,,0,0.00,,,12.50,0.00"


# --- The pure layer: cash and credit mixed, the settlement with the bank sums to zero ---------


@st.composite
def nights(draw):
    """Buy-ins, some in cash to the bank or a player, chips moving, cash-outs paid from a box."""
    players = [f"p{i}" for i in range(draw(st.integers(2, 7)))]
    holders = [BANK, *players]
    bought = dict.fromkeys(players, 0)
    cash: list[Cash] = []
    for _ in range(draw(st.integers(1, 12))):
        who = draw(st.sampled_from(players))
        chips = draw(st.integers(1, 500))
        bought[who] += chips
        if draw(st.booleans()):
            cash.append(Cash(who, draw(st.sampled_from(holders)), chips))
    total = sum(bought.values())
    cuts = sorted(
        draw(st.lists(st.integers(0, total), min_size=len(players) - 1, max_size=len(players) - 1))
    )
    final = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    stack = dict(zip(players, final, strict=True))
    cashed = dict.fromkeys(players, 0)
    for who in players:
        if stack[who] and draw(st.booleans()):
            holder = draw(st.sampled_from(holders))
            box = cash_held(cash).get(holder, 0)
            chips = min(draw(st.integers(1, stack[who])), box)
            if chips > 0:
                cash.append(Cash(who, holder, -chips))
                stack[who] -= chips
                cashed[who] += chips
    nets = {p: stack[p] + cashed[p] - bought[p] for p in players}
    return nets, cash


@settings(max_examples=300, deadline=None)
@given(nights())
def test_with_the_bank_the_settlement_sums_to_zero_and_everyone_ends_with_their_net(night):
    nets, cash = night
    assert sum(nets.values()) == 0
    dues = with_bank(nets, cash)
    assert sum(dues.values()) == 0
    held = cash_held(cash)
    assert all(box >= 0 for box in held.values())
    transfers = fewest_transfers(dues)
    parties = [p for p, d in dues.items() if d]
    assert len(transfers) <= max(len(parties) - 1, 0)
    ends = dict.fromkeys([*dues, BANK], 0)
    for move in cash:  # a buy-in hands cash over; a cash-out hands it back
        ends[move.player] -= move.chips
        ends[move.holder] += move.chips
    for t in transfers:
        assert t.amount > 0
        ends[t.payer] -= t.amount
        ends[t.payee] += t.amount
    assert ends == {party: nets.get(party, 0) for party in ends}


# --- Bets in money or chips ------------------------------------------------------------------


@pytest.fixture
def betting_round(night, seats):
    """Ann, Bob and Cat with 100 chips each; Cat deals, antes are in, Ann is first to act."""
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by=HOST)
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    return night, seats, hand


def test_a_bet_on_the_table_page_can_be_typed_as_money(client, host, betting_round):
    from django.urls import reverse

    night, (ann, _, _), hand = betting_round
    client.force_login(host)
    act = reverse("ledger:hand_act", args=[night.pk, hand.pk])
    before = journal_rows(night)
    refused = client.post(
        act,
        {"idempotency_key": uuid.uuid4().hex, "seat": ann.pk, "action": "bet", "amount": "$1.02"},
    )
    assert refused.status_code == 400
    assert "$1.02 is not a whole number of chips" in refused.content.decode()
    assert journal_rows(night) == before
    data = {"seat": ann.pk, "action": "bet", "amount": "1", "in": "money"}
    answer = client.post(act, {"idempotency_key": uuid.uuid4().hex, **data})
    assert answer.status_code == 303
    assert stacks(night)["Ann"] == 100 - 1 - 20
    assert in_the_pots(night) == 3 + 20


def test_a_bet_in_the_api_can_be_sent_as_money(host, betting_round):
    night, (ann, _, _), hand = betting_round
    api = APIClient()
    api.force_login(host)
    path = f"{night.pk}/hands/{hand.number}/actions/"
    before = journal_rows(night)
    both = api_post(api, path, {"seat": ann.pk, "action": "bet", "amount": 20, "money": "1.00"})
    assert both.status_code == 400
    assert set(both.json()["fields"]) == {"amount", "money"}
    odd = api_post(api, path, {"seat": ann.pk, "action": "bet", "money": "1.01"})
    assert odd.status_code == 400
    assert set(odd.json()["fields"]) == {"money"}
    assert journal_rows(night) == before
    answer = api_post(api, path, {"seat": ann.pk, "action": "bet", "money": "1.00"})
    assert answer.status_code == 201, answer.json()
    assert stacks(night)["Ann"] == 79


# --- Leaving early: the cash-out is paid as any cash-out is ------------------------------------


def test_a_leaver_is_paid_in_cash_from_a_holder_or_the_bank_never_more_than_it_holds(banked):
    night, (ann, bob, cat) = banked
    runs.seat_leave(night=night, seat=cat, recorded_by=HOST, paid="cash", holder=ann)
    left = night.postings.get(kind="cash_out", seat=cat, memo__contains="leaves")
    assert left.memo == "Cat cashes out 99 and leaves, cash from Ann"
    assert (left.detail["paid"], left.detail["holder"]) == ("cash", ann.pk)
    assert boxes(night) == {"bank": 250, "Ann": 1}
    # Ann holds $0.05 now: Bob's 151 cannot come from her; on credit nobody holds cash;
    # Cat has gone home and holds none.
    message = unchanged(
        night, runs.seat_leave, night=night, seat=bob, recorded_by=HOST, paid="cash", holder=ann
    )
    assert message.startswith("Ann holds $0.05 in cash, not $7.55")
    message = unchanged(
        night, runs.seat_leave, night=night, seat=bob, recorded_by=HOST, paid="credit", holder=ann
    )
    assert message == seating.CREDIT_HOLDER
    message = unchanged(
        night, runs.seat_leave, night=night, seat=bob, recorded_by=HOST, paid="cash", holder=cat
    )
    assert message == seating.HOLDER_LEFT.format(name="Cat")
    message = unchanged(night, runs.seat_leave, night=night, seat=bob, recorded_by=HOST, paid="IOU")
    assert message == seating.PAID_HOW
    bob.refresh_from_db()
    assert bob.left_at is None
    runs.seat_leave(night=night, seat=bob, recorded_by=HOST, paid="cash")
    assert boxes(night) == {"bank": 99, "Ann": 1}
    assert stacks(night) == {"Ann": 300, "Bob": 0, "Cat": 0}


def test_the_seats_page_and_the_api_leave_take_how_the_leaver_is_paid(client, host, night, seats):
    ann, bob, cat = seats
    seating.buy_in(night=night, seat=ann, chips=400, recorded_by=HOST, paid="cash")
    seating.buy_in(night=night, seat=bob, chips=200, recorded_by=HOST, paid="cash", holder=ann)
    seating.buy_in(night=night, seat=cat, chips=100, recorded_by=HOST)
    client.force_login(host)
    page = client.get(f"/nights/{night.pk}/seats/").content.decode()
    assert f'id="holder-{cat.pk}-leave"' in page

    before = journal_rows(night)
    for data in (
        {"paid": "IOU"},
        {"paid": "cash", "holder": bob.pk},  # Bob holds no cash
    ):
        answer = page_post(client, "leave", night, {"seat": cat.pk, **data})
        assert answer.status_code == 400, data
    assert journal_rows(night) == before
    cat.refresh_from_db()
    assert cat.left_at is None
    answer = page_post(client, "leave", night, {"seat": cat.pk, "paid": "cash", "holder": ann.pk})
    assert answer.status_code == 303
    assert boxes(night) == {"bank": 400, "Ann": 100}

    api = APIClient()
    api.force_login(host)
    path = f"{night.pk}/seats/{bob.pk}/leave/"
    before = journal_rows(night)
    refused = [
        ({"paid": "IOU"}, "paid"),
        ({"paid": "cash", "holder": 10**9}, "holder"),
    ]
    for body, field in refused:
        answer = api_post(api, path, body)
        assert answer.status_code == 400, body
        assert set(answer.json()["fields"]) == {field}, answer.json()
    answer = api_post(api, path, {"paid": "credit", "holder": ann.pk})
    assert answer.status_code == 400
    assert answer.json()["detail"] == seating.CREDIT_HOLDER
    answer = api_post(api, path, {"paid": "cash", "holder": ann.pk})
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("Ann holds $5.00 in cash, not $10.00")
    assert journal_rows(night) == before
    answer = api_post(api, path, {"paid": "cash"})
    assert answer.status_code == 200, answer.json()
    assert boxes(night) == {"bank": 200, "Ann": 100}
    left = night.postings.get(kind="cash_out", seat=bob)
    assert left.memo == "Bob cashes out 200 and leaves, cash from the bank"
    # Leaving with no body at all is on credit, as before.
    ann_path = f"{night.pk}/seats/{ann.pk}/leave/"
    assert api_post(api, ann_path, None).status_code == 200
    assert night.postings.get(kind="cash_out", seat=ann).detail == {
        "paid": "credit",
        "leaves": True,
    }
