"""Hostile input: every bad value is a clear 4xx on the pages and the API, and changes nothing.

Each test is one thing a hostile test of the ledger found answering 500 or
breaking a night for good; after every refusal the night's journal (and the
list of nights) is exactly what it was.
"""

import json
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.core import inputs
from ledger.core.house_rules import CAP_BELOW_MIN_BET
from ledger.models import Group, Night, Posting, Seat, WriteRequest
from ledger.services import games, hands, journal, runs, seating
from sitewide import api_errors
from tests import factories
from tests.ledger.conftest import journal_rows

pytestmark = pytest.mark.django_db

API = "/api/nights/"
HUGE = 2**70  # past any 64-bit column
HUGE_TEXT = str(HUGE)


@pytest.fixture
def page(host) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(host)
    return client


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.force_login(host)
    return client


@pytest.fixture
def bought_100_each(night, seats):
    factories.buy_in(night, seats, 100, recorded_by="host")
    return night, seats


@pytest.fixture
def dealt(bought_100_each):
    night, seats = bought_100_each
    hands.hand_start(night=night, players=seats, dealer=seats[0], recorded_by="host")
    return night, seats


def form(client, name, *args, data=None):
    url = reverse(f"ledger:{name}", args=args)
    return client.post(url, {"idempotency_key": uuid.uuid4().hex, **(data or {})})


def send(client, path, body=None):
    return client.post(API + path, body or {}, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)


def raw(client, path, text: str):
    return client.post(
        API + path,
        text,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def unchanged(night) -> tuple:
    return (*journal_rows(night), WriteRequest.objects.filter(night=night).count())


def refused_json(response, status=400) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"detail", "fields"}
    assert body["detail"]
    return body


# --- 1. Chip values that broke a night's pages for good ------------------------------------


BAD_CHIP_VALUES = ["100000000", "1E+30", "0.00001", "1E-2000000", "0", "-1", "0.1.2", "NaN"]


def night_form(group, value: str, **extra) -> dict:
    return {
        "name": "Hostile",
        "group": str(group.pk),
        "currency": "USD",
        "chip_name_0": "white",
        "chip_value_0": value,
        "ante": "1",
        "min_bet": "1",
        "limit": "no_limit",
        "odd_chip": "seat_order",
        "odd_to": "high",
        "no_winner": "ride",
        **extra,
    }


@pytest.mark.parametrize("value", BAD_CHIP_VALUES)
def test_a_chip_value_out_of_bounds_is_refused_on_the_new_night_page(page, group, value):
    response = form(page, "night_new", data=night_form(group, value))
    assert response.status_code == 400
    assert "a chip value such as 0.25" in response.content.decode()
    assert not Night.objects.exists()
    for url in ("/nights/", f"/nights/groups/{group.pk}/", API):
        assert page.get(url).status_code == 200


@pytest.mark.parametrize("value", BAD_CHIP_VALUES)
def test_a_chip_value_out_of_bounds_is_refused_by_the_api(api, group, value):
    chips = [{"name": "white", "value": value}]
    body = refused_json(send(api, "", {"group": group.pk, "name": "Hostile", "chips": chips}))
    assert list(body["fields"]) == ["chips.0.value"]
    assert not Night.objects.exists()


@pytest.mark.parametrize("value", ["0.0001", "10000", "0.25", "1"])
def test_the_smallest_and_largest_chip_values_make_a_night_whose_pages_work(page, group, value):
    # Past a nickel the chips cannot pay some games' amounts: the host creates it anyway.
    response = form(page, "night_new", data=night_form(group, value, anyway=f"white={value}"))
    assert response.status_code == 303
    night = Night.objects.get()
    for url in ("/nights/", f"/nights/{night.pk}/", f"/nights/{night.pk}/seats/", API):
        assert page.get(url).status_code == 200


# --- 2. Numbers past 64 bits ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("buy_in", {"chips": HUGE_TEXT}),
        ("adjust", {"chips": HUGE_TEXT, "reason": "recount"}),
        ("adjust", {"chips": "-" + HUGE_TEXT, "reason": "recount"}),
        ("cash_out", {"chips": HUGE_TEXT}),
    ],
)
def test_a_chip_amount_past_64_bits_is_refused_on_the_seats_page(page, bought_100_each, name, data):
    night, seats = bought_100_each
    before = unchanged(night)
    response = form(page, name, night.pk, data={"seat": str(seats[0].pk), **data})
    assert response.status_code == 400
    assert "1,000,000,000" in response.content.decode()
    assert unchanged(night) == before


def test_a_seat_id_past_64_bits_is_an_unknown_player_on_the_page(page, bought_100_each):
    night, _ = bought_100_each
    before = unchanged(night)
    response = form(page, "buy_in", night.pk, data={"seat": HUGE_TEXT, "chips": "5"})
    assert response.status_code == 400
    assert unchanged(night) == before


def test_an_end_of_night_adjustment_past_64_bits_is_refused(page, bought_100_each):
    night, seats = bought_100_each
    before = unchanged(night)
    data = {"seat": str(seats[0].pk), "chips": HUGE_TEXT, "reason": "miscount"}
    assert form(page, "end_adjust", night.pk, data=data).status_code == 400
    assert unchanged(night) == before


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("hands/", {"players": [HUGE]}),
        ("hands/", {"dealer": HUGE}),
        ("seats/", {"person": HUGE}),
        ("games/", {"game": "guts-three-card", "players": [HUGE]}),
    ],
)
def test_an_id_past_64_bits_in_an_api_body_is_refused(api, bought_100_each, path, body):
    night, _ = bought_100_each
    before = unchanged(night)
    refused_json(send(api, f"{night.pk}/{path}", body))
    assert unchanged(night) == before


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("rounds/", {"opener": HUGE}),
        ("rounds/", {"blinds": [{"seat": HUGE, "chips": 1}]}),
        ("actions/", {"seat": HUGE, "action": "check"}),
        ("award/", {"winners": [[HUGE]]}),
        ("charges/", {"rule": "ante", "roles": {"winner": [HUGE]}}),
        ("charges/", {"rule": "ante", "counts": {HUGE_TEXT: 1}}),
        ("charges/", {"rule": "ante", "counts": {"not-a-seat": 1}}),
        ("charges/", {"rule": "ante", "count": 10**30}),
        ("antes/", {"ante": HUGE}),
    ],
)
def test_ids_and_counts_past_their_bounds_in_a_hand_are_refused(api, dealt, path, body):
    night, _ = dealt
    before = unchanged(night)
    refused_json(send(api, f"{night.pk}/hands/1/{path}", body))
    assert unchanged(night) == before


@pytest.mark.parametrize(
    "url",
    [
        "/nights/99999999999999999999999/",
        "/nights/groups/99999999999999999999999/",
        "/api/nights/99999999999999999999999/",
        "/nights/join/%00abc/",
        "/nights/watch/%00/",
    ],
)
def test_an_id_or_token_no_database_could_hold_is_not_found(page, url):
    assert page.get(url).status_code == 404


# --- 3. Bodies that crashed the parser or the charge form ---------------------------------


def test_a_json_body_nested_thousands_deep_is_refused_as_json(api, bought_100_each):
    night, seats = bought_100_each
    before = unchanged(night)
    deep = "[" * 5000 + "]" * 5000
    body = refused_json(raw(api, f"{night.pk}/seats/{seats[0].pk}/buy-in/", deep))
    assert body["detail"] == api_errors.TOO_DEEP.format(most=api_errors.MOST_DEPTH)
    assert unchanged(night) == before


def test_a_json_body_too_large_is_refused(api, bought_100_each):
    night, seats = bought_100_each
    text = json.dumps({"chips": 5, "pad": "x" * (api_errors.MOST_BODY + 10)})
    body = refused_json(raw(api, f"{night.pk}/seats/{seats[0].pk}/buy-in/", text))
    assert body["detail"] == api_errors.TOO_LARGE.format(most=api_errors.MOST_BODY // 1024)


def test_a_json_body_that_is_not_json_is_refused_in_the_one_shape(api, bought_100_each):
    night, seats = bought_100_each
    refused_json(raw(api, f"{night.pk}/seats/{seats[0].pk}/buy-in/", '{"chips": '))


def test_a_server_error_in_the_api_answers_json(api, night, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("ledger.api.nights.api_reads.night_view", broken)
    body = refused_json(api.get(f"{API}{night.pk}/"), status=500)
    assert body == {"detail": api_errors.SERVER_ERROR, "fields": {}}


@pytest.mark.parametrize("amount", ["²", "٣", "1e3", "1.0", HUGE_TEXT, "-1"])
def test_an_agreed_amount_that_is_not_plain_digits_is_refused(page, bought_100_each, amount):
    night, seats = bought_100_each
    before = unchanged(night)
    data = {
        "game": "boo-ray",
        "dealer": str(seats[0].pk),
        "players": [str(s.pk) for s in seats],
    }
    names = runs.agreed_names(games.spec_of("boo-ray"), [], {})
    assert names, "Boo Ray asks the table for an amount"
    data |= {f"agreed-{name}": amount for name in names}
    response = form(page, "game_start", night.pk, data=data)
    assert response.status_code == 400
    assert unchanged(night) == before
    assert not night.runs.exists()


def test_a_charge_count_past_the_bound_is_refused_on_the_dealer_page(page, bought_100_each):
    night, seats = bought_100_each
    form(
        page,
        "game_start",
        night.pk,
        data={
            "game": "zap",
            "dealer": str(seats[0].pk),
            "players": [str(s.pk) for s in seats],
            "agreed-the table's ante": "1",
        },
    )
    hand = night.hands.get()
    rule = "full-table-fee"  # booked so many times, the dealer says how many
    assert rule in games.rules_in_force(hand.run)
    before = unchanged(night)
    response = form(page, "hand_charge", night.pk, hand.pk, data={"rule": rule, "count": "10" * 20})
    assert response.status_code == 400
    assert unchanged(night) == before


# --- 4. Cash-out and leave mid-hand ------------------------------------------------------


@pytest.mark.parametrize("name", ["cash_out", "leave"])
def test_a_player_in_the_open_hand_cannot_cash_out_or_leave_from_the_page(page, dealt, name):
    night, seats = dealt
    before = unchanged(night)
    response = form(page, name, night.pk, data={"seat": str(seats[1].pk)})
    assert response.status_code == 400
    assert seating.IN_HAND.format(name=seats[1].person.name) in response.content.decode()
    assert unchanged(night) == before
    assert Seat.objects.get(pk=seats[1].pk).left_at is None


# --- 5. Upper bounds, and a cap below the smallest bet ----------------------------------


def test_an_ante_past_the_bound_is_refused_on_page_and_api(page, api, group):
    response = form(page, "night_new", data=night_form(group, "0.25", ante="1000000001"))
    assert response.status_code == 400
    settings = {"ante": 10**9 + 1}
    chips = [{"name": "w", "value": "0.25"}]
    body = {"group": group.pk, "name": "X", "chips": chips, "settings": settings}
    assert list(refused_json(send(api, "", body))["fields"]) == ["settings.ante"]
    assert not Night.objects.exists()


def test_a_cap_below_the_minimum_bet_is_refused_when_the_night_is_made(page, api, group):
    capped = {"limit": "cap", "cap": "2", "min_bet": "5"}
    response = form(page, "night_new", data=night_form(group, "0.25", **capped))
    assert response.status_code == 400
    message = CAP_BELOW_MIN_BET.format(cap=2, min_bet=5)
    assert message in response.content.decode()
    settings = {"limit": "cap", "cap": 2, "min_bet": 5}
    chips = [{"name": "w", "value": "0.25"}]
    body = {"group": group.pk, "name": "X", "chips": chips, "settings": settings}
    assert refused_json(send(api, "", body))["detail"] == message
    assert not Night.objects.exists()


# --- 6. Pages and API agree on limits ------------------------------------------------------


def test_a_reason_too_long_is_refused_by_page_and_api_never_cut(page, api, bought_100_each):
    night, seats = bought_100_each
    before = unchanged(night)
    reason = "r" * 10_000
    data = {"seat": str(seats[0].pk), "chips": "5", "reason": reason}
    assert form(page, "adjust", night.pk, data=data).status_code == 400
    body = refused_json(
        send(api, f"{night.pk}/seats/{seats[0].pk}/adjustments/", data | {"chips": 5})
    )
    assert body["fields"]["reason"] == [
        inputs.TOO_LONG.format(label="Reason", most=inputs.REASON, length=10_000)
    ]
    assert unchanged(night) == before
    assert not Posting.objects.filter(memo__startswith="rrr").exists()


def test_a_chip_name_too_long_is_refused_by_page_and_api(page, api, group):
    name = "c" * 10_000
    data = night_form(group, "0.25") | {"chip_name_0": name}
    assert form(page, "night_new", data=data).status_code == 400
    body = {"group": group.pk, "name": "X", "chips": [{"name": name, "value": "0.25"}]}
    assert "chips.0.name" in refused_json(send(api, "", body))["fields"]
    assert not Night.objects.exists()


@pytest.mark.parametrize(("code", "accepted"), [("eur", True), ("US1", False), ("EURO", False)])
def test_page_and_api_accept_the_same_currencies(page, api, group, code, accepted):
    data = night_form(group, "0.25", currency=code, anyway="white=0.25")
    response = form(page, "night_new", data=data)
    assert (response.status_code == 303) is accepted
    body = {"group": group.pk, "name": "X", "chips": [{"name": "w", "value": "0.25"}]}
    assert (send(api, "", body | {"currency": code}).status_code == 201) is accepted


def test_a_name_with_a_nul_character_is_refused_not_stored(page, api, group):
    assert (
        form(page, "night_new", data=night_form(group, "0.25", name="Fri\x00day")).status_code
        == 400
    )
    body = {"group": group.pk, "name": "Fri\x00day", "chips": [{"name": "w", "value": "1"}]}
    refused_json(send(api, "", body))
    assert not Night.objects.exists()


def test_an_unknown_spectator_link_change_does_not_revoke_it(page, night):
    response = form(page, "watch_link", night.pk, data={"do": "bogus"})
    assert response.status_code == 400
    assert not Night.objects.get(pk=night.pk).spectator_revoked


def test_an_unknown_sit_out_value_changes_nothing(page, bought_100_each):
    night, seats = bought_100_each
    form(page, "sit_out", night.pk, data={"seat": str(seats[0].pk), "out": "maybe"})
    assert not Seat.objects.get(pk=seats[0].pk).sitting_out


# --- Idempotency for writes outside a night ----------------------------------------------


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("groups/", {"name": "Once"}),
        ("groups/{group}/people/", {"name": "Once"}),
        ("groups/{group}/settings/", {"ante": 3}),
        ("", {"group": "{group}", "name": "Once", "chips": [{"name": "w", "value": "1"}]}),
    ],
)
def test_a_repeated_key_writes_a_groups_people_and_nights_once(api, group, path, body):
    path = path.format(group=group.pk)
    body = json.loads(json.dumps(body).replace('"{group}"', str(group.pk)))
    key = uuid.uuid4().hex
    first = api.post(API + path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    counts = (Group.objects.count(), group.people.count(), Night.objects.count())
    again = api.post(API + path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert again.status_code == first.status_code
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert (Group.objects.count(), group.people.count(), Night.objects.count()) == counts
    other = api.post(API + path, {**body, "name": "Other"}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert other.status_code == 422


def test_a_request_key_with_control_characters_is_refused(api, bought_100_each):
    night, seats = bought_100_each
    before = unchanged(night)
    response = api.post(
        f"{API}{night.pk}/seats/{seats[0].pk}/buy-in/",
        {"chips": 5},
        format="json",
        HTTP_IDEMPOTENCY_KEY="bad key\x01",
    )
    refused_json(response)
    assert unchanged(night) == before
    assert journal.KEY_REUSED


def test_a_page_that_is_not_there_is_a_phone_sized_page_in_table_language(page):
    response = page.get("/nights/424242/")
    assert response.status_code == 404
    html = response.content.decode()
    assert 'name="viewport"' in html
    assert "ask the host for the new link" in html
