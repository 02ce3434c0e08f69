"""Around the table: the way in, the way out of a test night, and a group's results.

Results are worked by hand. The Friday regulars are Ann, Bob, Cat and Dan.
Night one (a white chip is 0.05): Ann, Bob and Cat each ante 10 and Ann
takes the 30, so Ann is +20 chips (+1.00), Bob and Cat -10 (-0.50) each.
Night two (a white chip is 0.10): Bob and Cat ante 5 each and Bob takes
the 10, so Bob is +5 (+0.50) and Cat -5 (-0.50). Across the two: Ann one
night, +20 chips, +1.00; Bob two nights, -5 chips, 0.00; Cat two nights,
-15 chips, -1.00; Dan played none.
"""

from __future__ import annotations

import re
import uuid
from decimal import Decimal

import pytest
from django.db.models import ProtectedError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.core import across_nights, charts
from ledger.models import (
    Account,
    AppendOnlyError,
    Entry,
    Hand,
    Night,
    Payment,
    Person,
    Posting,
    Seat,
    WriteRequest,
)
from ledger.services import closing, deletion, hands
from tests import factories
from tests.ledger.conftest import journal_rows, seat_key

pytestmark = pytest.mark.django_db

API = "/api/nights/"


def key() -> str:
    return uuid.uuid4().hex


def url(name, *args):
    return reverse(f"ledger:{name}", args=args)


def post(client, where, data=None):
    return client.post(where, {"idempotency_key": key(), **(data or {})})


def words(response) -> str:
    """The page as a person reads it: tags dropped, spaces collapsed."""
    html = response.content.decode().replace("&#x27;", "'")
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def header(response) -> str:
    found = re.search(r'<header class="bar">(.*?)</header>', response.content.decode(), re.S)
    assert found, "no site header"
    return found[1]


def everything(night_id: int) -> dict[str, int]:
    """Every row a night has, by kind."""
    return {
        "nights": Night.objects.filter(pk=night_id).count(),
        "postings": Posting.objects.filter(night_id=night_id).count(),
        "entries": Entry.objects.filter(posting__night_id=night_id).count(),
        "accounts": Account.objects.filter(night_id=night_id).count(),
        "hands": Hand.objects.filter(night_id=night_id).count(),
        "seats": Seat.objects.filter(night_id=night_id).count(),
        "payments": Payment.objects.filter(night_id=night_id).count(),
        "keys": WriteRequest.objects.filter(night_id=night_id).count(),
    }


@pytest.fixture
def people(group):
    return {n: Person.objects.create(group=group, name=n) for n in ("Ann", "Bob", "Cat", "Dan")}


def played(host, group, people, *, name, white, ante, names, winner, end=True):
    """A night where `names` each ante and `winner` takes the pot, then (with `end`) ended."""
    night, order = factories.night_with(
        host, group=group, name=name, chips=[("white", white)], seats=names, buy_in=100
    )
    seats = dict(zip(names, order, strict=True))
    hand = hands.hand_start(night=night, players=order, dealer=order[-1], recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host", ante=ante)
    hands.load(hand).award(winners=[[seats[winner].pk]], recorded_by="host:host")
    if end:
        closing.night_end(night=night, counts=closing.booked_stacks(night), recorded_by="host")
    return night, seats


@pytest.fixture
def two_nights(host, group, people):
    first, _ = played(
        host, group, people, name="First Friday", white="0.05", ante=10,
        names=("Ann", "Bob", "Cat"), winner="Ann",
    )  # fmt: skip
    second, _ = played(
        host, group, people, name="Second Friday", white="0.10", ante=5,
        names=("Bob", "Cat"), winner="Bob",
    )  # fmt: skip
    return first, second


# --- The way in -----------------------------------------------------------------------------


def test_every_page_has_a_nights_link_in_the_header_rulebook_pages_included(host_client, night):
    pages = [
        reverse("rulebook:index"),
        reverse("rulebook:rankings"),
        url("index"),
        url("night", night.pk),
        reverse("signup"),
    ]
    for page in pages:
        response = host_client.get(page)
        assert response.status_code == 200, page
        assert f'href="{url("index")}">Nights</a>' in header(response), page


def test_the_nights_link_works_for_a_stranger_by_asking_them_to_sign_in():
    stranger = Client()
    assert f'href="{url("index")}">Nights</a>' in header(stranger.get(reverse("rulebook:index")))
    response = stranger.get(url("index"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_signing_up_lands_on_the_new_night_form_where_a_night_starts():
    phone = Client()
    response = phone.post(
        reverse("signup"),
        {
            "username": "newhost",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == url("night_new")
    form = phone.get(response["Location"])
    assert form.status_code == 200
    assert 'name="new_group"' in form.content.decode()


# --- Deleting a test night ------------------------------------------------------------------


def test_the_host_deletes_a_test_night_after_a_confirmation_page_and_every_row_goes(
    host_client, host, group, people, two_nights
):
    first, second = two_nights
    test, _ = played(
        host, group, people, name="Test night", white="0.05", ante=3,
        names=("Ann", "Dan"), winner="Dan", end=False,
    )  # fmt: skip
    others = (everything(first.pk), everything(second.pk))

    table = host_client.get(url("night", test.pk))
    assert f'href="{url("night_delete", test.pk)}"' in table.content.decode()
    confirm = host_client.get(url("night_delete", test.pk))
    assert confirm.status_code == 200
    assert "This cannot be undone" in words(confirm)
    assert everything(test.pk)["postings"] > 0  # asking is not deleting

    response = post(host_client, url("night_delete", test.pk))
    assert response.status_code == 303
    assert response["Location"] == url("group", group.pk)
    assert set(everything(test.pk).values()) == {0}
    assert (everything(first.pk), everything(second.pk)) == others
    assert Person.objects.filter(group=group).count() == 4  # the roster stays
    assert "Test night is deleted" in words(host_client.get(response["Location"]))


def test_a_double_tap_on_delete_goes_where_the_first_one_went(host_client, night):
    form = {"idempotency_key": key()}
    first = host_client.post(url("night_delete", night.pk), form)
    again = host_client.post(url("night_delete", night.pk), form)
    assert first.status_code == again.status_code == 303
    assert again["Location"] == first["Location"]


def test_deleting_a_night_leaves_the_group_history_and_a_persons_results_consistent(
    host_client, two_nights, people, group
):
    _, second = two_nights
    post(host_client, url("night_delete", second.pk))

    page = words(host_client.get(url("group", group.pk)))
    assert "Second Friday is deleted" in page
    assert "Second Friday" not in page[page.index("The regulars") :]  # past the message
    assert "Bob 1 -10 -0.50" in page  # night one alone
    assert "Cat 1 -10 -0.50" in page
    person = words(host_client.get(url("person", people["Bob"].pk)))
    assert "1 night played" in person
    assert "Second Friday" not in person
    history = words(host_client.get(url("history")))
    assert "First Friday" in history
    assert "Second Friday" not in history


def test_a_night_with_a_payment_marked_paid_cannot_be_deleted_and_nothing_changes(
    host_client, two_nights
):
    first, _ = two_nights
    payment = first.payments.order_by("pk").first()
    closing.payment_mark_paid(payment=payment)
    before = everything(first.pk)
    reason = deletion.ALREADY_PAID.format(
        payer=payment.payer.person.name, payee=payment.payee.person.name
    )

    assert (
        f'href="{url("night_delete", first.pk)}"'
        not in host_client.get(url("night", first.pk)).content.decode()
    )
    confirm = host_client.get(url("night_delete", first.pk))
    assert reason in words(confirm)
    assert 'action="' + url("night_delete", first.pk) not in confirm.content.decode()

    response = post(host_client, url("night_delete", first.pk))
    assert response.status_code == 400
    assert reason in words(response)
    assert everything(first.pk) == before


def test_only_the_host_deletes_a_night(night, seats, django_user_model):
    phone = Client()
    assert post(phone, url("join", seats[0].join_token)).status_code == 303
    before = everything(night.pk)
    assert post(phone, url("night_delete", night.pk)).status_code == 403
    assert "Delete this night" not in phone.get(url("night", night.pk)).content.decode()
    other = Client()
    other.force_login(django_user_model.objects.create_user(username="another-host"))
    assert post(other, url("night_delete", night.pk)).status_code == 404
    assert post(Client(), url("night_delete", night.pk)).status_code == 404
    assert everything(night.pk) == before


def test_the_journal_stays_append_only_outside_a_whole_night_deletion(bought_night):
    night = bought_night
    with pytest.raises(AppendOnlyError):
        Posting.objects.filter(night=night).delete()
    with pytest.raises(AppendOnlyError):
        Entry.objects.filter(posting__night=night).first().delete()
    with pytest.raises((AppendOnlyError, ProtectedError)):
        Night.objects.filter(pk=night.pk).delete()  # a plain delete of the night is no way round
    assert journal_rows(night)[0] == 3


@pytest.fixture
def bought_night(night, seats):
    factories.buy_in(night, seats, 50)
    return night


# --- The API --------------------------------------------------------------------------------


def delete(client, night, *, with_key: str | None = "fresh"):
    headers = {}
    if with_key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key() if with_key == "fresh" else with_key
    return client.delete(f"{API}{night.pk}/", **headers)


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient()
    client.force_login(host)
    return client


def test_the_api_deletes_a_night_for_its_host_once_per_key(api, bought_night):
    night = bought_night
    same = key()
    first = delete(api, night, with_key=same)
    assert first.status_code == 204
    assert set(everything(night.pk).values()) == {0}
    again = delete(api, night, with_key=same)
    assert again.status_code == 204
    assert again["Idempotent-Replayed"] == "true"
    assert delete(api, night).status_code == 404  # a new key finds no night


def test_the_api_refuses_to_delete_a_paid_night_with_the_reason_and_changes_nothing(
    api, two_nights
):
    first, _ = two_nights
    payment = first.payments.order_by("pk").first()
    closing.payment_mark_paid(payment=payment)
    before = everything(first.pk)
    response = delete(api, first)
    assert response.status_code == 400
    assert "already paid" in response.json()["detail"]
    assert everything(first.pk) == before


def test_the_api_deletes_only_for_the_signed_in_host_with_a_key(api, bought_night, seats):
    night = bought_night
    before = everything(night.pk)
    player = APIClient()
    player.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(seats[0]))
    assert delete(player, night).status_code == 403
    watcher = APIClient()
    watcher.credentials(HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    assert delete(watcher, night).status_code == 403
    assert delete(api, night, with_key=None).status_code == 400
    assert delete(APIClient(), night).status_code == 403
    assert everything(night.pk) == before


def test_the_api_schema_documents_deleting_a_night(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/nights/{night_id}/"]["delete"]
    assert {"204", "400", "403", "404", "422"} <= set(operation["responses"])


# --- A group's results across nights -------------------------------------------------------


def test_the_group_page_shows_each_persons_results_across_nights_worked_by_hand(
    host_client, group, two_nights
):
    page = words(host_client.get(url("group", group.pk)))
    results = page[page.index("Results across nights") :]
    # Most won first; Dan, who played no night, is not in the table.
    assert "Player Nights Chips USD Ann 1 +20 +1.00 Bob 2 -5 0.00 Cat 2 -15 -1.00" in results
    assert "Dan 0" not in results
    # Night by night, each with its own nets.
    night_by_night = results[results.index("Night by night") :]
    assert "First Friday" in night_by_night
    assert "Ann +20 +1.00 Bob -10 -0.50 Cat -10 -0.50" in night_by_night
    assert "Second Friday" in night_by_night
    assert "Bob +5 +0.50 Cat -5 -0.50" in night_by_night


def test_the_groups_chart_draws_each_persons_running_winnings_night_by_night(
    host_client, group, two_nights
):
    html = host_client.get(url("group", group.pk)).content.decode()
    svg = re.search(r'<svg class="chart".*?</svg>', html, re.S)[0]
    assert svg.count("<polyline") == 3
    assert "style" not in svg
    # The legend's totals after both nights.
    for name, total in (("Ann", "+1.00"), ("Bob", "0"), ("Cat", "-1.00")):
        assert re.search(rf'{name} <tspan font-weight="600">{re.escape(total)}</tspan>', svg)


def test_running_totals_carry_a_missed_night_and_start_at_a_persons_first():
    nights = [
        across_nights.NightNets(1, "USD", {"Ann": across_nights.Net(20, Decimal("1.00"))}),
        across_nights.NightNets(2, "EUR", {"Ann": across_nights.Net(9, Decimal("9"))}),
        across_nights.NightNets(3, "USD", {"Bob": across_nights.Net(-4, Decimal("-0.40"))}),
    ]
    assert across_nights.main_currency(nights) == "USD"
    assert across_nights.running_totals(nights, "USD") == [
        (0, {"Ann": Decimal("1.00")}),
        (1, {"Ann": Decimal("1.00"), "Bob": Decimal("-0.40")}),
    ]
    table = across_nights.standings(nights, ["Bob", "Ann", "Cat"])
    assert [(r.person, r.nights, r.chips) for r in table] == [
        ("Ann", 2, 29),
        ("Bob", 1, -4),
        ("Cat", 0, 0),
    ]
    assert table[0].money == {"USD": Decimal("1.00"), "EUR": Decimal("9")}


def test_the_net_chart_has_a_zero_line_signed_amounts_and_nothing_without_people():
    assert charts.net_chart([]) == ""
    svg = charts.net_chart(
        [(0, {1: Decimal("2.50"), 2: Decimal("-2.50")})], {1: "Ann <b>", 2: "Bob"}
    )
    for axis in (">+2.50<", ">0<", ">-2.50<"):
        assert axis in svg
    assert "Ann &lt;b&gt;" in svg
    assert "style" not in svg


# --- The stack chart follows the hand ------------------------------------------------------


def test_the_stack_chart_is_in_the_polled_table_and_follows_a_new_hand(
    host_client, bought_night, seats
):
    night = bought_night
    page = host_client.get(url("night", night.pk)).content.decode()
    assert page.count('<svg class="chart"') == 1
    table = re.search(r'<section id="table".*?</section>', page, re.S)[0]
    assert '<svg class="chart"' in table

    before = host_client.get(url("poll", night.pk)).content.decode()
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host", ante=5)
    hands.load(hand).award(winners=[[seats[0].pk]], recorded_by="host:host")
    after = host_client.get(url("poll", night.pk)).content.decode()

    chart = re.compile(r'<svg class="chart".*?</svg>', re.S)
    assert chart.search(before)[0] != chart.search(after)[0]
    assert re.search(r'Ann <tspan font-weight="600">60</tspan>', chart.search(after)[0])
    assert re.search(r'Bob <tspan font-weight="600">45</tspan>', chart.search(after)[0])


# --- Content-Security-Policy -----------------------------------------------------------------


def test_the_new_pages_have_nothing_the_content_security_policy_refuses(
    host_client, group, two_nights, host, people
):
    from tests.test_csp import refused_markup

    test, _ = played(
        host, group, people, name="Test night", white="0.05", ante=3,
        names=("Ann", "Dan"), winner="Dan", end=False,
    )  # fmt: skip
    for page in (url("group", group.pk), url("night_delete", test.pk), url("night", test.pk)):
        response = host_client.get(page)
        assert response.status_code == 200, page
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]
        assert refused_markup(response.content.decode()) == [], page


def test_the_results_chart_names_the_players_while_a_hand_is_in_play(
    host_client, bought_night, seats
):
    night = bought_night
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host", ante=5)
    page = host_client.get(url("settlement", night.pk)).content.decode()
    chart = re.search(r'<svg class="chart".*?</svg>', page, re.S)[0]
    assert re.search(r'Ann <tspan font-weight="600">45</tspan>', chart)  # 50 less the ante
    assert not re.search(rf">{seats[0].pk} <tspan", chart)  # never the seat's id
