"""Who may open and press what on a night's pages, and that a refusal writes nothing.

The table: Ann, Bob and Cat are seated and each holds their seat on their own
phone; Cat deals hand 1 and Ann is first to act. Outsiders are a visitor with
no account, the host of another night, a player seated at another night, and
someone holding the spectator link. Outsiders get 404 on every page of the
night, so they cannot even learn it exists; seated players get 403 for what
their seat may not do.
"""

import re
import uuid
from decimal import Decimal

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from ledger.models import Night, Payment, Person, Seat
from ledger.services import hands, seating
from tests.factories import night_with
from tests.ledger.conftest import journal_rows

pytestmark = pytest.mark.django_db

HOST, ANN, BOB, CAT = "host", "Ann (to act)", "Bob", "Cat (dealer)"
OUTSIDERS = ("visitor", "another host", "another night's player", "spectator link")
SEATED = (ANN, BOB, CAT)
ROLES = (HOST, *SEATED, *OUTSIDERS)


def key() -> str:
    return uuid.uuid4().hex


def claim(seat) -> Client:
    phone = Client()
    response = phone.post(
        reverse("ledger:join", args=[seat.join_token]), {"idempotency_key": key()}
    )
    assert response.status_code == 303
    return phone


@pytest.fixture
def world(host, night, seats, django_user_model):
    ann, bob, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    payment = Payment.objects.create(night=night, payer=ann, payee=cat, amount=Decimal("1.00"))

    rival = django_user_model.objects.create_user(username="rival")
    rival_night, (zed,) = night_with(rival, group_name="Rivals", name="Across town", seats=["Zed"])

    host_phone = Client()
    host_phone.force_login(host)
    rival_phone = Client()
    rival_phone.force_login(rival)
    watcher = Client()
    assert watcher.get(reverse("ledger:watch", args=[night.spectator_token])).status_code == 200
    clients = {
        HOST: host_phone,
        ANN: claim(ann),
        BOB: claim(bob),
        CAT: claim(cat),
        "visitor": Client(),
        "another host": rival_phone,
        "another night's player": claim(zed),
        "spectator link": watcher,
    }
    return {
        "night": night,
        "seats": {"ann": ann, "bob": bob, "cat": cat},
        "hand": hand,
        "payment": payment,
        "clients": clients,
        "rival_night": rival_night,
    }


def snapshot(night) -> tuple:
    """Everything a page could change: the journal, the seats, the links, the payments."""
    return (
        journal_rows(night),
        list(Seat.objects.filter(night=night).order_by("pk").values()),
        list(Night.objects.filter(pk=night.pk).values()),
        list(Payment.objects.filter(night=night).values()),
        Person.objects.count(),
    )


# (name, url args, post data, roles allowed; the rest of the seated players get 403).
GETS = [
    ("night", (), SEATED),
    ("poll", (), SEATED),
    ("journal", (), SEATED),
    ("settlement", (), SEATED),
    ("journal_csv", (), SEATED),
    ("settlement_csv", (), SEATED),
    ("seats", (), ()),
    ("end", (), ()),
]

POSTS = [
    ("hand_start", (), {"players": ["ann", "bob"], "dealer": "ann"}, (ANN,)),
    ("hand_antes", ("hand",), {}, (CAT,)),
    ("hand_round", ("hand",), {}, (CAT,)),
    ("hand_act", ("hand",), {"seat": "ann", "action": "check"}, (ANN, CAT)),
    ("hand_act", ("hand",), {"seat": "bob", "action": "check"}, (BOB, CAT)),
    ("hand_award", ("hand",), {"pots": "", "win-0": ["ann"]}, (CAT,)),
    ("hand_undo", ("hand",), {}, (CAT,)),
    ("sit_out", (), {"seat": "ann", "out": "1"}, (ANN,)),
    ("seat_add", (), {"name": "Dee"}, ()),
    ("buy_in", (), {"seat": "ann", "chips": "10"}, ()),
    ("cash_out", (), {"seat": "ann", "chips": "10"}, ()),
    ("adjust", (), {"seat": "ann", "chips": "1", "reason": "found"}, ()),
    ("leave", (), {"seat": "bob"}, ()),
    ("join_link", (), {"seat": "ann", "do": "revoke"}, ()),
    ("join_link", (), {"seat": "ann", "do": "new"}, ()),
    ("watch_link", (), {"do": "revoke"}, ()),
    ("watch_link", (), {"do": "new"}, ()),
    ("end", (), {}, ()),
    ("end_adjust", (), {"seat": "ann", "chips": "1", "reason": "found"}, ()),
    ("mark_paid", ("payment",), {}, ()),
]


def build(world, name, args, data=None):
    extra = {"hand": world["hand"].pk, "payment": world["payment"].pk}
    url = reverse(f"ledger:{name}", args=[world["night"].pk, *(extra[a] for a in args)])
    seats = {k: s.pk for k, s in world["seats"].items()}
    body = {}
    for field, value in (data or {}).items():
        if isinstance(value, list):
            body[field] = [seats.get(v, v) for v in value]
        else:
            body[field] = seats.get(value, value)
    return url, body


def expected(role: str, allowed: tuple) -> str:
    if role in OUTSIDERS:
        return "404"
    if role == HOST or role in allowed:
        return "ok"
    return "403"


@pytest.mark.parametrize(("name", "args", "allowed"), GETS, ids=[g[0] for g in GETS])
def test_every_page_of_the_night_by_role(world, name, args, allowed):
    url, _ = build(world, name, args)
    before = snapshot(world["night"])
    for role in ROLES:
        response = world["clients"][role].get(url)
        want = expected(role, allowed)
        if want == "ok":
            # 409: the settlement CSV waits while a hand is in play.
            assert response.status_code in (200, 409), (role, response.status_code)
        else:
            assert response.status_code == int(want), (role, response.status_code)
    assert snapshot(world["night"]) == before


@pytest.mark.parametrize(
    ("name", "args", "data", "allowed"),
    POSTS,
    ids=[f"{p[0]}-{'-'.join(str(v) for v in p[2].values())}" for p in POSTS],
)
def test_every_write_of_the_night_by_role(world, name, args, data, allowed):
    """Each role posts to the same table; what an allowed role wrote is rolled back after."""
    url, body = build(world, name, args, data)
    for role in ROLES:
        with transaction.atomic():
            before = snapshot(world["night"])
            response = world["clients"][role].post(url, {"idempotency_key": key(), **body})
            want = expected(role, allowed)
            if want == "ok":
                assert response.status_code not in (403, 404), (role, response.status_code)
                assert response.status_code < 500, (role, response.status_code)
            else:
                assert response.status_code == int(want), (role, response.status_code)
                assert snapshot(world["night"]) == before, role
            transaction.set_rollback(True)


def test_a_refusal_by_role_says_why(world):
    url, body = build(world, "hand_act", ("hand",), {"seat": "ann", "action": "check"})
    response = world["clients"][BOB].post(url, {"idempotency_key": key(), **body})
    assert response.status_code == 403
    assert "You can only record actions for your own seat." in response.content.decode()


def test_the_dealer_acts_for_anyone_and_the_journal_says_so(world):
    url, body = build(world, "hand_act", ("hand",), {"seat": "ann", "action": "check"})
    response = world["clients"][CAT].post(url, {"idempotency_key": key(), **body})
    assert response.status_code == 303
    posting = world["hand"].postings.filter(kind="action").get()
    assert (posting.seat_id, posting.recorded_by) == (world["seats"]["ann"].pk, "seat 3:Cat")


def test_another_nights_hand_or_payment_is_404_even_for_the_host(world):
    rival_night = world["rival_night"]
    night = world["night"]
    host = world["clients"][HOST]
    hand_id = world["hand"].pk + 1000
    for url in (
        reverse("ledger:hand_act", args=[night.pk, hand_id]),
        reverse("ledger:mark_paid", args=[night.pk, world["payment"].pk + 1000]),
    ):
        assert host.post(url, {"idempotency_key": key()}).status_code == 404
    for name in ("night", "seats", "settlement", "journal_csv"):
        assert host.get(reverse(f"ledger:{name}", args=[rival_night.pk])).status_code == 404
    assert host.get(reverse("ledger:poll", args=[rival_night.pk])).status_code == 404


def test_a_hand_of_another_night_is_404_on_this_nights_urls(world, host):
    rival_night = world["rival_night"]
    zed = rival_night.seats.get()
    yan = seating.seat_add(
        night=rival_night, person=Person.objects.create(group=rival_night.group, name="Yan")
    )
    rival_hand = hands.hand_start(
        night=rival_night, players=[zed, yan], dealer=zed, recorded_by="x"
    )
    host_phone = world["clients"][HOST]
    before = snapshot(rival_night)
    url = reverse("ledger:hand_antes", args=[world["night"].pk, rival_hand.pk])
    assert host_phone.post(url, {"idempotency_key": key()}).status_code == 404
    assert snapshot(rival_night) == before


@pytest.mark.parametrize("name", ["index", "night_new", "history", "group_new"])
def test_the_hosts_own_pages_ask_a_visitor_to_sign_in(client, name):
    response = client.get(reverse(f"ledger:{name}"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_hosts_group_and_people_are_404(world):
    rival = world["clients"]["another host"]
    night = world["night"]
    ann = world["seats"]["ann"]
    assert rival.get(reverse("ledger:group", args=[night.group_id])).status_code == 404
    assert rival.get(reverse("ledger:person", args=[ann.person_id])).status_code == 404
    before = Person.objects.count()
    response = rival.post(
        reverse("ledger:group", args=[night.group_id]),
        {"idempotency_key": key(), "do": "person", "person-name": "Spy"},
    )
    assert response.status_code == 404
    assert Person.objects.count() == before


def test_a_revoked_spectator_link_reads_nothing(world):
    night = world["night"]
    host = world["clients"][HOST]
    host.post(
        reverse("ledger:watch_link", args=[night.pk]), {"idempotency_key": key(), "do": "revoke"}
    )
    watcher = world["clients"]["spectator link"]
    for name in ("watch", "watch_poll", "watch_settlement"):
        assert (
            watcher.get(reverse(f"ledger:{name}", args=[night.spectator_token])).status_code == 404
        )


def test_spectator_pages_take_no_posts(world):
    token = world["night"].spectator_token
    before = snapshot(world["night"])
    for name in ("watch", "watch_poll", "watch_settlement"):
        response = world["clients"]["spectator link"].post(
            reverse(f"ledger:{name}", args=[token]), {"idempotency_key": key()}
        )
        assert response.status_code == 405
    assert snapshot(world["night"]) == before


# CSRF, as the browser does it: the token from the page, in the form or the htmx header.


def csrf_from(response) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())
    assert found, "the page has no CSRF token in its forms"
    return found[1]


def test_a_post_without_the_csrf_token_is_refused_and_writes_nothing(host, night, seats):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(host)
    before = snapshot(night)
    response = phone.post(
        reverse("ledger:buy_in", args=[night.pk]),
        {"idempotency_key": key(), "seat": seats[0].pk, "chips": "5"},
    )
    assert response.status_code == 403
    assert snapshot(night) == before


def test_the_host_posts_with_the_token_from_the_page(host, night, seats):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(host)
    token = csrf_from(phone.get(reverse("ledger:seats", args=[night.pk])))
    response = phone.post(
        reverse("ledger:buy_in", args=[night.pk]),
        {"csrfmiddlewaretoken": token, "idempotency_key": key(), "seat": seats[0].pk, "chips": "5"},
    )
    assert response.status_code == 303


def test_a_player_with_no_account_claims_and_acts_through_csrf(night, seats):
    ann, _, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=100, recorded_by="host:host")
    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    phone = Client(enforce_csrf_checks=True)
    join = reverse("ledger:join", args=[ann.join_token])
    assert phone.post(join, {"idempotency_key": key()}).status_code == 403
    token = csrf_from(phone.get(join))
    response = phone.post(join, {"csrfmiddlewaretoken": token, "idempotency_key": key()})
    assert response.status_code == 303

    # The table region htmx swaps in carries the token in each form, as the full page does.
    region = phone.get(reverse("ledger:poll", args=[night.pk]), HTTP_HX_REQUEST="true")
    token = csrf_from(region)
    act = reverse("ledger:hand_act", args=[night.pk, hand.pk])
    response = phone.post(
        act,
        {"csrfmiddlewaretoken": token, "idempotency_key": key(), "seat": ann.pk, "action": "check"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    # An htmx request may send the cookie's token as a header instead.
    response = phone.post(
        reverse("ledger:sit_out", args=[night.pk]),
        {"idempotency_key": key(), "seat": ann.pk, "out": "1"},
        HTTP_X_CSRFTOKEN=phone.cookies["csrftoken"].value,
    )
    assert response.status_code == 303
    assert hand.postings.filter(kind="action", seat=ann).count() == 1
