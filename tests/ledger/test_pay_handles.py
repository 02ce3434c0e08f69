"""Ways to be paid: set by the host, proposed from a seat, shown at the settlement to who may see.

The night: Ann, Bob and Cat buy 100 white chips each (5 cents a chip). In the one
hand Ann bets 40 and both call: the pot of 120 goes to Ann. Stacks Ann 180, Bob 60,
Cat 60; nets Ann +80 chips (+$4.00), Bob and Cat -40 (-$2.00) each, so Bob and
Cat each pay Ann $2.00.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ledger.core import backup_format
from ledger.models import Group, PayHandle, Payment
from ledger.services import backup, closing, hands, restore
from tests import factories
from tests.ledger.conftest import seat_key
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db
HOST = "host:host"
ANN_PAYPAL = "https://paypal.me/AnnSmith/2.00USD"


@pytest.fixture
def ended(host):
    return factories.night_ann_won(host)


def host_phone(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def seat_phone(seat) -> Client:
    client = Client()
    assert post(client, url("join", seat.join_token)).status_code == 303
    return client


def set_handle(client, person, **typed):
    return client.post(url("person_handle", person.pk), typed)


def handles(person) -> list[tuple]:
    return list(
        PayHandle.objects.filter(person=person)
        .order_by("service")
        .values_list("service", "value", "holder", "from_seat")
    )


def settlement(client, night) -> str:
    answer = client.get(url("settlement", night.pk))
    assert answer.status_code == 200
    return text(answer)


def test_the_host_sets_a_handle_and_each_payment_to_ann_opens_it_with_the_sum(ended, host):
    night, (ann, bob, cat) = ended
    host_client = host_phone(host)
    saved = set_handle(host_client, ann.person, service="paypal", value="AnnSmith")
    assert saved.status_code == 303
    assert handles(ann.person) == [("paypal", "AnnSmith", "", False)]
    page = settlement(host_client, night)
    assert page.count(">Pay Ann $2.00</h3>") == 2
    assert page.count(f'href="{ANN_PAYPAL}"') == 2
    assert "PayPal does not fill in the note, “Homegame, Friday regulars" in page
    for player in (bob, cat):  # each player's own phone once the night has ended
        assert f'href="{ANN_PAYPAL}"' in settlement(seat_phone(player), night)


@pytest.mark.parametrize(
    ("service", "value", "holder", "why"),
    [
        ("paypal", '"><script>alert(1)</script>', "", "1 to 20 letters and digits"),
        ("venmo", "javascript:alert(1)", "", "Venmo username"),
        ("iban", "DE89370400440532013001", "Ann Smith", "check digits"),
        ("iban", "DE89370400440532013000", "", "account holder's name"),
        ("cashapp", "ann", "", "must be one of"),
        ("text", "x" * 201, "", "at most 200"),
    ],
)
def test_a_refused_handle_says_why_and_changes_nothing(ended, host, service, value, holder, why):
    _, (ann, _, _) = ended
    host_client = host_phone(host)
    set_handle(host_client, ann.person, service="monzo", value="annsmith")
    before = handles(ann.person)
    refused = set_handle(host_client, ann.person, service=service, value=value, holder=holder)
    assert refused.status_code == 400
    assert why in text(refused)
    assert handles(ann.person) == before


def test_a_handle_changed_from_a_seat_is_marked_on_the_payment_until_the_host_confirms(ended, host):
    night, (ann, bob, _) = ended
    anns_phone, bobs_phone = seat_phone(ann), seat_phone(bob)
    changed = post(
        anns_phone, url("seat_handles", night.pk), {"service": "venmo", "value": "@ann-s"}
    )
    assert changed.status_code == 303
    assert handles(ann.person) == [("venmo", "ann-s", "", True)]
    for client in (host_phone(host), bobs_phone, anns_phone):
        page = settlement(client, night)
        assert page.count("Not confirmed:") == 2
        assert "Ann changed this from their phone" in page
    group_page = text(host_phone(host).get(url("group", ended.group.pk)))
    assert "a way to be paid to confirm" in group_page  # the host sees it waiting
    confirmed = set_handle(host_phone(host), ann.person, do="confirm", service="venmo")
    assert confirmed.status_code == 303
    assert "Not confirmed:" not in settlement(bobs_phone, night)
    assert handles(ann.person) == [("venmo", "ann-s", "", False)]
    assert "a way to be paid to confirm" not in text(
        host_phone(host).get(url("group", ended.group.pk))
    )


def test_a_player_changes_only_their_own_ways_to_be_paid(ended, host):
    night, (ann, bob, _) = ended
    set_handle(host_phone(host), ann.person, service="paypal", value="AnnSmith")
    bobs_phone = seat_phone(bob)
    post(bobs_phone, url("seat_handles", night.pk), {"service": "paypal", "value": "BobsOwn"})
    assert handles(ann.person) == [("paypal", "AnnSmith", "", False)]  # Bob changed his own
    assert handles(bob.person) == [("paypal", "BobsOwn", "", True)]
    refused = post(bobs_phone, url("person_handle", ann.person.pk), {"value": "x"})
    assert refused.status_code in (302, 404)  # the host's page: sign in first
    assert handles(ann.person) == [("paypal", "AnnSmith", "", False)]


def test_spectators_never_see_handles_on_the_page_or_through_the_api(ended, host):
    night, (ann, bob, _) = ended
    set_handle(host_phone(host), ann.person, service="paypal", value="AnnSmith")
    watch = Client().get(reverse("ledger:watch_settlement", args=[night.spectator_token]))
    assert watch.status_code == 200
    assert "AnnSmith" not in text(watch)
    assert "Pay Ann" not in text(watch)
    path = reverse("ledger_api:settlement", args=[night.pk])
    watched = Client().get(path, headers={"X-Homegame-Watch": night.spectator_token})
    assert watched.status_code == 200
    assert all(p["ways"] == [] for p in watched.json()["payments"])
    seated = Client().get(path, headers={"X-Homegame-Seat": seat_key(bob)})
    ways = [p["ways"] for p in seated.json()["payments"]]
    assert ways == [[_paypal_way()], [_paypal_way()]]


def _paypal_way() -> dict:
    note = "PayPal does not fill in the note, “Homegame, Friday regulars, {}”: type it yourself."
    return {
        "service": "PayPal",
        "handle": "AnnSmith",
        "holder": "",
        "link": ANN_PAYPAL,
        "qr": ANN_PAYPAL,
        "to_type": note.format(_day()),
        "unconfirmed": "",
    }


def _day() -> str:
    ended = timezone.localtime(Payment.objects.first().night.ended_at)
    return f"{ended.day} {ended:%b}"


def test_another_nights_player_never_sees_anns_handles(ended, host):
    night, (ann, _, _) = ended
    set_handle(host_phone(host), ann.person, service="paypal", value="AnnSmith")
    other = factories.night_with(host, seats=("Dan", "Eve"), name="Saturday")
    stranger = seat_phone(other["Dan"])
    assert stranger.get(url("settlement", night.pk)).status_code == 404
    path = reverse("ledger_api:settlement", args=[night.pk])
    assert (
        Client().get(path, headers={"X-Homegame-Seat": seat_key(other["Eve"])}).status_code == 404
    )


def test_an_iban_shows_the_epc_payment_code_and_the_iban_to_copy(host):
    table = factories.night_with(host, buy_in=100, currency="EUR", seats=("Ann", "Bob"))
    night, (ann, bob) = table
    hand = hands.hand_start(night=night, players=table.seats, dealer=bob, recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST, opener=ann)
    hands.load(hand).act(seat=ann, action="bet", amount=20, recorded_by=HOST)
    hands.load(hand).act(seat=bob, action="call", recorded_by=HOST)
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    closing.night_end(night=night, counts={ann.pk: 120, bob.pk: 80}, recorded_by=HOST)
    client = host_phone(host)
    set_handle(
        client, ann.person, service="iban", value="de89 3704 0044 0532 0130 00", holder="Ann Smith"
    )
    page = settlement(client, night)
    assert "Pay Ann €1.00" in page
    assert "DE89 3704 0044 0532 0130 00" in page
    assert "Payment QR code for banking apps" in page
    assert 'data-copy="DE89 3704 0044 0532 0130 00"' in page


def test_the_recap_tells_the_night_in_a_few_lines(ended, host):
    night, _ = ended
    page = settlement(host_phone(host), night)
    day = timezone.localtime(night.ended_at)
    payments = "; ".join(
        f"{p.payer.person.name} pays Ann $2.00" for p in Payment.objects.filter(night=night)
    )
    expected = "\n".join(
        [
            f"Friday regulars: Friday, {day.day} {day:%b %Y}",
            "Nets: Ann +$4.00, Bob −$2.00, Cat −$2.00",
            "Biggest pot: 120 chips ($6.00), won by Ann in hand 1",
            f"Still to pay: {payments}",
        ]
    )
    assert expected in page
    watch = Client().get(reverse("ledger:watch_settlement", args=[night.spectator_token]))
    assert expected in text(watch)


def test_handles_move_with_the_groups_backup(ended, host, django_user_model):
    night, (ann, bob, _) = ended
    client = host_phone(host)
    set_handle(
        client, ann.person, service="iban", value="DE89370400440532013000", holder="Ann Smith"
    )
    post(
        seat_phone(bob), url("seat_handles", night.pk), {"service": "text", "value": "Cash is fine"}
    )
    other = django_user_model.objects.create_user(username="other", password="deal-me-in-9")
    group = restore.import_group(backup.export_bytes(ended.group), other)
    copied = {
        h.person.name: (h.service, h.value, h.holder, h.from_seat)
        for h in PayHandle.objects.filter(person__group=group)
    }
    assert copied == {
        "Ann": ("iban", "DE89370400440532013000", "Ann Smith", False),
        "Bob": ("text", "Cash is fine", "", True),
    }


@pytest.mark.parametrize(
    ("service", "value", "holder"),
    [
        ("paypal", "javascript:alert(1)", ""),
        ("iban", "DE89370400440532013000", ""),
        ("text", "", ""),
        ("venmo", "@ann-smith", ""),  # not as the service writes it
    ],
)
def test_a_backup_with_a_handle_the_site_would_refuse_is_refused(
    ended, django_user_model, service, value, holder
):
    document = backup.export_group(ended.group)
    people = document["content"]["people"]
    row = {"person": people[0]["id"], "service": service, "value": value, "holder": holder}
    row |= {"from_seat": False, "updated_at": people[0]["created_at"]}
    content = {**document["content"], "pay_handles": [row]}
    raw = backup_format.dumps(backup_format.wrap(content))
    other = django_user_model.objects.create_user(username="other", password="deal-me-in-9")
    groups = Group.objects.count()
    with pytest.raises(backup_format.BackupError, match="pay_handles"):
        restore.import_group(raw, other)
    assert Group.objects.count() == groups


def test_a_version_2_file_restores_with_nobody_having_given_a_way_to_be_paid(
    ended, django_user_model
):
    content = dict(backup.export_group(ended.group)["content"])
    del content["pay_handles"]
    raw = backup_format.dumps(
        {
            "format": backup_format.FORMAT,
            "version": 2,
            "digest": backup_format.digest(content),
            "content": content,
        }
    )
    other = django_user_model.objects.create_user(username="other", password="deal-me-in-9")
    group = restore.import_group(raw, other)
    assert not PayHandle.objects.filter(person__group=group).exists()
