"""Failed sign-ins and join attempts are limited per account and per address, in the database.

Issue #8, "Defences": after a few failures the answer is 429 with a clear
message, the password is not even checked, good links are never refused,
and the counts live where every process of the site sees them.
"""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.models import Night
from sitewide import limits
from sitewide.caches import SharedDatabaseCache
from tests.factories import night_with

PASSWORD = "deal-me-in-9"
LOGIN = reverse("login")
ANN_ADDRESS = "10.0.0.1"
BOB_ADDRESS = "10.0.0.2"


@pytest.fixture
def night(host) -> Night:
    return night_with(host, seats=["Ann"], chips=[("white", "1")]).night


def sign_in(username: str, password: str, address: str = ANN_ADDRESS):
    return Client(REMOTE_ADDR=address).post(LOGIN, {"username": username, "password": password})


def fail(times: int, username: str = "host", address: str = ANN_ADDRESS) -> None:
    for _ in range(times):
        assert sign_in(username, "wrong-password", address).status_code == 200


def rows_in_shared_cache() -> int:
    table = connection.ops.quote_name(settings.CACHES["shared"]["LOCATION"])
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {table}")
        return cursor.fetchone()[0]


# --- Signing in -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_sign_in_with_the_right_password_before_the_limit_works(host):
    fail(4)
    response = sign_in("host", PASSWORD)
    assert response.status_code == 302
    assert "_auth_user_id" in response.client.session


@pytest.mark.django_db
def test_the_sixth_failed_sign_in_for_an_account_is_refused_even_with_the_right_password(host):
    fail(5)
    response = sign_in("host", PASSWORD, address=BOB_ADDRESS)
    assert response.status_code == 429
    assert limits.TOO_MANY_FOR_ACCOUNT in response.content.decode()
    assert response["Retry-After"] == str(15 * 60)
    assert "_auth_user_id" not in response.client.session
    # The page is still the sign-in form, with the name as typed.
    assert 'name="password"' in response.content.decode()
    assert 'value="host"' in response.content.decode()


@pytest.mark.django_db
def test_the_account_limit_counts_the_name_however_it_is_typed(host):
    fail(3, "Host")
    fail(2, " HOST ")
    assert sign_in("host", PASSWORD, address=BOB_ADDRESS).status_code == 429


@pytest.mark.django_db
def test_a_refused_sign_in_does_not_even_check_the_password(host, monkeypatch):
    fail(5)
    checked = []
    monkeypatch.setattr(type(host), "check_password", lambda self, raw: checked.append(raw) or True)
    assert sign_in("host", PASSWORD).status_code == 429
    assert checked == []


@pytest.mark.django_db
def test_other_accounts_are_not_limited_by_one_accounts_failures(host, django_user_model):
    django_user_model.objects.create_user(username="bob", password=PASSWORD)
    fail(5)
    assert sign_in("host", PASSWORD, address=BOB_ADDRESS).status_code == 429
    assert sign_in("bob", PASSWORD, address=BOB_ADDRESS).status_code == 302


@pytest.mark.django_db
def test_one_address_is_limited_across_accounts(host):
    for n in range(20):
        fail(1, f"nobody-{n}")
    response = sign_in("host", PASSWORD)
    assert response.status_code == 429
    assert limits.TOO_MANY_FROM_ADDRESS in response.content.decode()
    # Another address still signs in to the same account.
    assert sign_in("host", PASSWORD, address=BOB_ADDRESS).status_code == 302


@pytest.mark.django_db
def test_a_successful_sign_in_is_not_counted(host):
    for _ in range(10):
        assert sign_in("host", PASSWORD).status_code == 302
    fail(4)
    assert sign_in("host", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_api_basic_sign_in_counts_and_is_refused_past_the_limit(host, night):
    import base64

    def basic(password: str, address: str = ANN_ADDRESS) -> int:
        token = base64.b64encode(f"host:{password}".encode()).decode()
        client = APIClient(REMOTE_ADDR=address, HTTP_AUTHORIZATION=f"Basic {token}")
        return client.get(f"/api/nights/{night.pk}/").status_code

    for _ in range(5):
        assert basic("wrong-password") == 403
    assert basic(PASSWORD, address=BOB_ADDRESS) == 403  # the password is not checked
    assert sign_in("host", PASSWORD, address=BOB_ADDRESS).status_code == 429


# --- Join and spectator links ---------------------------------------------------------------


def bad_join_pages(client: Client, times: int) -> list[int]:
    pages = ("ledger:join", "ledger:watch", "ledger:watch_poll")
    return [
        client.get(reverse(pages[n % 3], args=[f"made-up-{n}"])).status_code for n in range(times)
    ]


@pytest.mark.django_db
def test_failed_join_attempts_on_pages_are_refused_past_the_limit(night):
    phone = Client(REMOTE_ADDR=ANN_ADDRESS)
    assert bad_join_pages(phone, 20) == [404] * 20
    refused = phone.get(reverse("ledger:join", args=["made-up-again"]))
    assert refused.status_code == 429
    assert limits.TOO_MANY_LINKS in refused.content.decode()
    assert refused["Retry-After"] == str(10 * 60)
    assert phone.get(reverse("ledger:watch", args=["made-up-again"])).status_code == 429


@pytest.mark.django_db
def test_a_good_link_is_never_refused(night):
    seat = night.seats.get()
    phone = Client(REMOTE_ADDR=ANN_ADDRESS)
    bad_join_pages(phone, 25)
    assert phone.get(reverse("ledger:join", args=[seat.join_token])).status_code == 200
    assert phone.get(reverse("ledger:watch", args=[night.spectator_token])).status_code == 200
    other = Client(REMOTE_ADDR=BOB_ADDRESS)
    assert other.get(reverse("ledger:join", args=[seat.join_token])).status_code == 200
    assert other.get(reverse("ledger:join", args=["made-up"])).status_code == 404


@pytest.mark.django_db
def test_failed_join_attempts_in_the_api_are_refused_past_the_limit_as_json(night):
    api = APIClient(REMOTE_ADDR=ANN_ADDRESS)
    path = f"/api/nights/{night.pk}/"
    statuses = [
        APIClient(REMOTE_ADDR=ANN_ADDRESS, HTTP_X_HOMEGAME_SEAT="made-up").get(path).status_code,
        APIClient(REMOTE_ADDR=ANN_ADDRESS, HTTP_X_HOMEGAME_WATCH="made-up").get(path).status_code,
    ]
    for n in range(18):
        statuses.append(
            api.post(
                "/api/nights/join/",
                {"token": f"made-up-{n}"},
                format="json",
                HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
            ).status_code
        )
    assert statuses == [403, 403] + [404] * 18
    for client in (
        APIClient(REMOTE_ADDR=ANN_ADDRESS, HTTP_X_HOMEGAME_SEAT="made-up"),
        APIClient(REMOTE_ADDR=ANN_ADDRESS, HTTP_X_HOMEGAME_WATCH="made-up"),
    ):
        refused = client.get(path)
        assert refused.status_code == 429
        assert refused.json() == {"detail": limits.TOO_MANY_LINKS, "fields": {}}
    claimed = api.post(
        "/api/nights/join/",
        {"token": "made-up"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert claimed.status_code == 429
    assert claimed.json() == {"detail": limits.TOO_MANY_LINKS, "fields": {}}
    # A good link from the same address still claims its seat; the spectator link still reads.
    token = night.seats.get().join_token
    assert (
        api.post(
            "/api/nights/join/",
            {"token": token},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        ).status_code
        == 201
    )
    watcher = APIClient(REMOTE_ADDR=ANN_ADDRESS, HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    assert watcher.get(path).status_code == 200


@pytest.mark.django_db
def test_a_good_link_still_works_from_another_address_past_the_limit(night):
    bad_join_pages(Client(REMOTE_ADDR=ANN_ADDRESS), 25)
    token = night.seats.get().join_token
    bob = APIClient(REMOTE_ADDR=BOB_ADDRESS)
    assert (
        bob.post(
            "/api/nights/join/",
            {"token": token},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        ).status_code
        == 201
    )


# --- Where the counts live ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_counts_are_rows_of_the_database_cache_table_not_process_memory(host):
    assert isinstance(caches[settings.RATELIMIT_USE_CACHE], SharedDatabaseCache)
    assert rows_in_shared_cache() == 0
    fail(1)
    assert rows_in_shared_cache() >= 2  # the account's count and the address's
    bad_join_pages(Client(REMOTE_ADDR=BOB_ADDRESS), 1)
    assert rows_in_shared_cache() >= 3


@pytest.mark.django_db
def test_the_shared_cache_increments_atomically_and_forgets_nothing():
    cache = caches["shared"]
    assert cache.add("n", 0, 60)
    for _ in range(5):
        cache.incr("n")
    assert cache.get("n") == 5
    with pytest.raises(ValueError, match="not found"):
        cache.incr("missing")


def test_the_rate_limit_checks_pass_without_silencing_the_shared_caches_error():
    from django_ratelimit.checks import check_caches

    messages = check_caches(None)
    assert [m.id for m in messages] == ["django_ratelimit.W001"]  # a name it does not know
    assert "django_ratelimit.W001" in settings.SILENCED_SYSTEM_CHECKS
    assert "django_ratelimit.E003" not in settings.SILENCED_SYSTEM_CHECKS
    call_command("check")
