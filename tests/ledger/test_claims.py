"""Claiming a seat gives that phone its own credential; a join link never moves a held seat.

Issue #8, "Defences": the QR code is no longer a permanent password. A page
claim is held by the phone's session, an API claim by a seat key shown once
(only its hash is stored). A replayed link shows that the seat is taken and
the host frees it; renewing or revoking the link also drops the old phone.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.api.auth import BAD_SEAT_TOKEN
from ledger.models import Seat, WriteRequest
from ledger.services import seating
from tests.ledger.conftest import journal_rows

pytestmark = pytest.mark.django_db

JOIN_API = "/api/nights/join/"


@pytest.fixture
def host_api(host) -> APIClient:
    client = APIClient()
    client.force_login(host)
    return client


def fresh(seat: Seat) -> Seat:
    return Seat.objects.get(pk=seat.pk)


def snapshot(night) -> tuple:
    """What a refused claim must leave alone: the journal and the night's answered keys."""
    return (*journal_rows(night), WriteRequest.objects.filter(night=night).count())


def claim_page(phone: Client, seat: Seat):
    url = reverse("ledger:join", args=[fresh(seat).join_token])
    return phone.post(url, {"idempotency_key": uuid.uuid4().hex})


def claim_api(seat: Seat, *, held_key: str | None = None):
    headers = {} if held_key is None else {"HTTP_X_HOMEGAME_SEAT": held_key}
    headers["HTTP_IDEMPOTENCY_KEY"] = uuid.uuid4().hex
    return APIClient().post(JOIN_API, {"token": fresh(seat).join_token}, format="json", **headers)


def as_seat(key: str) -> APIClient:
    return APIClient(HTTP_X_HOMEGAME_SEAT=key)


def table_of(night) -> str:
    return f"/api/nights/{night.pk}/"


def free(host_client: Client, seat: Seat):
    return host_client.post(
        reverse("ledger:join_link", args=[seat.night_id]),
        {"seat": seat.pk, "do": "release", "idempotency_key": uuid.uuid4().hex},
    )


# --- The API: a seat key, not the join token ------------------------------------------------


def test_claiming_through_the_api_issues_a_seat_key_and_keeps_only_its_hash(night, seats):
    ann = seats[0]
    answer = claim_api(ann)
    assert answer.status_code == 201
    body = answer.json()
    assert body["night"] == night.pk
    assert body["seat"] == ann.pk
    key = body["seat_key"]
    assert len(key) >= 40
    stored = fresh(ann)
    assert stored.device_key_hash == seating.seat_key_hash(key)
    assert key not in stored.device_key_hash
    assert key != stored.join_token


def test_the_join_token_no_longer_authenticates_the_api(night, seats):
    ann = seats[0]
    refused = as_seat(ann.join_token).get(table_of(night))
    assert refused.status_code == 403
    assert refused.json() == {"detail": BAD_SEAT_TOKEN, "fields": {}}
    claim_api(ann)
    assert as_seat(ann.join_token).get(table_of(night)).status_code == 403


def test_the_seat_key_acts_for_its_seat(night, seats):
    key = claim_api(seats[0]).json()["seat_key"]
    answer = as_seat(key).get(table_of(night))
    assert answer.status_code == 200
    assert answer.json()["you"] == {"role": "seat", "seat": seats[0].pk}


def test_a_replayed_join_link_in_the_api_leaves_the_seat_with_the_first_phone(night, seats):
    ann = seats[0]
    first = claim_api(ann).json()["seat_key"]
    before = snapshot(night)
    again = claim_api(ann)
    assert again.status_code == 409
    assert again.json() == {"detail": seating.SEAT_HELD, "fields": {}}
    assert fresh(ann).device_key_hash == seating.seat_key_hash(first)
    assert as_seat(first).get(table_of(night)).status_code == 200
    assert snapshot(night) == before


def test_the_phone_that_holds_the_seat_gets_its_own_key_back(night, seats):
    ann = seats[0]
    key = claim_api(ann).json()["seat_key"]
    again = claim_api(ann, held_key=key)
    assert again.status_code == 200
    assert again.json()["seat_key"] == key
    assert fresh(ann).device_key_hash == seating.seat_key_hash(key)


def test_a_bad_or_revoked_token_is_not_found(night, seats):
    ann = seats[0]
    before = snapshot(night)
    assert claim_api_token("made-up").status_code == 404
    seating.join_link_revoke(seat=ann)
    refused = claim_api(ann)
    assert refused.status_code == 404
    assert refused.json() == {"detail": seating.NO_SUCH_LINK, "fields": {}}
    assert snapshot(night) == before


def claim_api_token(token: str):
    return APIClient().post(
        JOIN_API, {"token": token}, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex
    )


# --- Pages: the session holds the seat ------------------------------------------------------


def test_a_replayed_join_link_on_a_page_shows_the_seat_is_taken(night, seats):
    ann = seats[0]
    first = Client()
    assert claim_page(first, ann).status_code == 303
    held_by = fresh(ann).claimed_session
    before = snapshot(night)
    second = Client()
    page = second.get(reverse("ledger:join", args=[ann.join_token])).content.decode()
    assert "Another phone holds this seat" in page
    assert "ask the host to free the seat" in page
    assert "This is me" not in page
    refused = claim_page(second, ann)
    assert refused.status_code == 409
    assert seating.SEAT_HELD in refused.content.decode()
    assert fresh(ann).claimed_session == held_by
    assert first.get(reverse("ledger:night", args=[night.pk])).status_code == 200
    assert second.get(reverse("ledger:night", args=[night.pk])).status_code == 404
    assert snapshot(night) == before


def test_the_phone_that_holds_the_seat_reopening_its_link_is_told_so(night, seats):
    ann = seats[0]
    phone = Client()
    claim_page(phone, ann)
    page = phone.get(reverse("ledger:join", args=[ann.join_token])).content.decode()
    assert "This phone already holds this seat." in page
    assert "To the table" in page
    assert claim_page(phone, ann).status_code == 303  # claiming again changes nothing
    assert phone.get(reverse("ledger:night", args=[night.pk])).status_code == 200


def test_one_phone_at_a_time_whichever_kind(night, seats):
    ann, bob, _ = seats
    assert claim_page(Client(), ann).status_code == 303
    assert claim_api(ann).status_code == 409
    key = claim_api(bob).json()["seat_key"]
    assert claim_page(Client(), bob).status_code == 409
    assert as_seat(key).get(table_of(night)).status_code == 200


def test_a_phone_that_claims_another_seat_lets_go_of_the_first(night, seats):
    ann, bob, _ = seats
    phone = Client()
    claim_page(phone, ann)
    claim_page(phone, bob)
    assert not fresh(ann).claimed
    assert fresh(bob).claimed_session
    assert claim_page(Client(), ann).status_code == 303


# --- The host frees, renews or revokes ------------------------------------------------------


def test_the_host_frees_a_seat_on_the_seats_page_and_a_new_phone_claims_it(
    night, seats, host_client
):
    ann = seats[0]
    old_phone = Client()
    claim_page(old_phone, ann)
    page = host_client.get(reverse("ledger:seats", args=[night.pk])).content.decode()
    assert page.count("Free this seat for another phone") == 1  # only Ann's seat is held
    before = journal_rows(night)
    assert free(host_client, ann).status_code == 303
    assert not fresh(ann).claimed
    assert fresh(ann).join_token == ann.join_token  # the same link works again
    assert old_phone.get(reverse("ledger:night", args=[night.pk])).status_code == 404
    new_phone = Client()
    assert claim_page(new_phone, ann).status_code == 303
    assert new_phone.get(reverse("ledger:night", args=[night.pk])).status_code == 200
    assert journal_rows(night) == before


def test_the_host_frees_a_seat_through_the_api_and_the_old_key_stops(night, seats, host_api):
    ann = seats[0]
    old = claim_api(ann).json()["seat_key"]
    freed = host_api.post(
        f"/api/nights/{night.pk}/seats/{ann.pk}/join-link/",
        {"change": "release"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert freed.status_code == 200
    assert freed.json()["join_token"] == ann.join_token
    assert as_seat(old).get(table_of(night)).status_code == 403
    new = claim_api(ann)
    assert new.status_code == 201
    assert as_seat(new.json()["seat_key"]).get(table_of(night)).status_code == 200


@pytest.mark.parametrize("change", ["renew", "revoke"])
def test_renewing_or_revoking_the_link_drops_the_old_key(night, seats, change):
    ann = seats[0]
    key = claim_api(ann).json()["seat_key"]
    getattr(seating, f"join_link_{change}")(seat=fresh(ann))
    assert fresh(ann).device_key_hash == ""
    assert as_seat(key).get(table_of(night)).status_code == 403
    if change == "renew":
        assert claim_api(ann).status_code == 201


@pytest.mark.parametrize("change", ["new", "revoke"])
def test_renewing_or_revoking_on_the_page_drops_the_phone(night, seats, host_client, change):
    ann = seats[0]
    phone = Client()
    claim_page(phone, ann)
    host_client.post(
        reverse("ledger:join_link", args=[night.pk]),
        {"seat": ann.pk, "do": change, "idempotency_key": uuid.uuid4().hex},
    )
    assert not fresh(ann).claimed
    assert phone.get(reverse("ledger:night", args=[night.pk])).status_code == 404


def test_an_unknown_link_change_is_refused_and_changes_nothing(night, seats, host_client):
    ann = seats[0]
    claim_page(Client(), ann)
    held = fresh(ann)
    response = host_client.post(
        reverse("ledger:join_link", args=[night.pk]),
        {"seat": ann.pk, "do": "steal", "idempotency_key": uuid.uuid4().hex},
    )
    assert response.status_code == 400
    after = fresh(ann)
    assert (after.claimed_session, after.join_token, after.join_revoked) == (
        held.claimed_session,
        held.join_token,
        held.join_revoked,
    )


def test_only_the_host_frees_a_seat(night, seats):
    ann, bob, _ = seats
    ann_phone = Client()
    claim_page(ann_phone, ann)
    claim_page(Client(), bob)
    response = free(ann_phone, bob)
    assert response.status_code == 403
    assert fresh(bob).claimed


def test_a_claim_sent_again_with_its_key_gets_the_same_seat_key_and_changes_nothing(night, seats):
    ann = seats[0]
    request_key = uuid.uuid4().hex
    body = {"token": fresh(ann).join_token}
    first = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key)
    again = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert as_seat(first.json()["seat_key"]).get(table_of(night)).status_code == 200
    other = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)
    assert other.status_code == 409


@pytest.mark.parametrize(
    "request_key",
    [
        "1",
        "0000000000000000",
        "00000000-0000-4000-8000-000000000000",  # a UUID's shape, nothing random in it
        "0f8e4a52-6c1d-1b7e-9a3f-2d5c8b1e7f40",  # version 1: a clock, not a draw
        "not-a-uuid-at-all-but-long-enough",
    ],
)
def test_a_claim_whose_request_key_is_not_a_random_uuid_is_refused(night, seats, request_key):
    body = {"token": fresh(seats[0]).join_token}
    response = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key)
    assert response.status_code == 400
    assert "random UUID" in response.json()["detail"]
    assert not fresh(seats[0]).claimed


def test_a_second_claimer_replaying_the_first_claims_key_from_elsewhere_gets_no_seat_key(
    night, seats
):
    """Someone who saw the QR code and the first phone's request key gets nothing."""
    ann = seats[0]
    request_key = str(uuid.uuid4())
    body = {"token": fresh(ann).join_token}
    first = APIClient(REMOTE_ADDR="192.0.2.10").post(
        JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key
    )
    assert first.status_code == 201
    before = snapshot(night)
    again = APIClient(REMOTE_ADDR="192.0.2.99").post(
        JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key
    )
    assert again.status_code == 409
    assert "seat_key" not in again.json()
    assert snapshot(night) == before


def test_a_lost_claim_is_answered_again_only_shortly_after(night, seats):
    ann = seats[0]
    request_key = str(uuid.uuid4())
    body = {"token": fresh(ann).join_token}
    first = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key)
    assert first.status_code == 201
    later = fresh(ann).device_claimed_at - seating.CLAIM_RETRY - timedelta(seconds=1)
    Seat.objects.filter(pk=ann.pk).update(device_claimed_at=later)
    again = APIClient().post(JOIN_API, body, format="json", HTTP_IDEMPOTENCY_KEY=request_key)
    assert again.status_code == 409
    assert "seat_key" not in again.json()
    assert as_seat(first.json()["seat_key"]).get(table_of(night)).status_code == 200
