"""The API's journal a page at a time: newest first, keyset-paged on the posting id as the
History tab pages it (`ledger/selectors/journal_page.py`), each page linking the older one."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from ledger.api.nights import JOURNAL_OFFSET
from ledger.core import inputs
from ledger.models import Posting
from tests import factories
from tests.ledger.conftest import journal_rows, seat_key

pytestmark = pytest.mark.django_db


def journal(night) -> str:
    return f"/api/nights/{night.pk}/journal/"


def night_of(host, group, passes: int):
    """Ann and Bob buy in 10 each (2 postings), then pass a chip back and forth `passes` times."""
    table = factories.night_with(host, group=group, seats=("Ann", "Bob"), buy_in=10)
    factories.chips_passed(table.night, table["Ann"], table["Bob"], passes)
    return table


def newest_first(night) -> list[int]:
    return list(Posting.objects.filter(night=night).order_by("-pk").values_list("pk", flat=True))


def ids(body: dict) -> list[int]:
    return [p["id"] for p in body["results"]]


def query(url: str | None) -> dict[str, list[str]] | None:
    return None if url is None else parse_qs(urlsplit(url).query)


def every_page(client: APIClient, url: str) -> list[dict]:
    """Each page from `url`, following `next` until it is null."""
    pages: list[dict] = []
    while url is not None:
        response = client.get(url)
        assert response.status_code == 200, response.json()
        pages.append(response.json())
        url = pages[-1]["next"]
        assert len(pages) <= 100, "next never ran out"
    return pages


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient()
    client.force_login(host)
    return client


@pytest.fixture
def table_of_252(host, group):
    """252 postings: pages of 100, 100 and 52."""
    return night_of(host, group, 250)


def test_the_first_page_is_the_newest_100_postings_with_a_link_to_the_older_ones(api, table_of_252):
    night = table_of_252.night
    first = api.get(journal(night))
    assert first.status_code == 200
    body = first.json()
    assert ids(body) == newest_first(night)[:100]
    assert query(body["next"]) == {"before": [str(newest_first(night)[99])]}
    assert urlsplit(body["next"]).path == journal(night)
    assert body["previous"] is None
    assert set(body) == {"next", "previous", "results"}


def test_each_posting_keeps_its_shape_entries_who_and_when(api, host, group):
    night = night_of(host, group, 1).night
    newest = api.get(journal(night)).json()["results"][0]
    assert set(newest) == {
        "id",
        "kind",
        "hand",
        "seat",
        "memo",
        "detail",
        "recorded_by",
        "created_at",
        "reverses",
        "reversed_by",
        "entries",
    }
    assert newest["memo"] == "Ann passes 1 chip to Bob"
    assert newest["recorded_by"] == factories.RECORDED_BY
    assert sorted(e["amount"] for e in newest["entries"]) == [-1, 1]


def test_following_next_to_the_end_gives_every_posting_once_newest_first(api, table_of_252):
    night = table_of_252.night
    pages = every_page(api, journal(night))
    assert [len(p["results"]) for p in pages] == [100, 100, 52]
    assert [i for p in pages for i in ids(p)] == newest_first(night)
    assert pages[-1]["next"] is None
    assert pages[-1]["results"][-1]["memo"] == "Ann buys 10"


def test_a_limit_sets_the_page_size_and_next_keeps_it(api, table_of_252):
    night = table_of_252.night
    pages = every_page(api, f"{journal(night)}?limit=40")
    assert [len(p["results"]) for p in pages] == [40] * 6 + [12]
    assert [i for p in pages for i in ids(p)] == newest_first(night)
    assert all(query(p["next"])["limit"] == ["40"] for p in pages[:-1])
    whole = api.get(journal(night), {"limit": 500}).json()
    assert ids(whole) == newest_first(night)
    assert whole["next"] is None
    one = api.get(journal(night), {"limit": 1}).json()
    assert ids(one) == newest_first(night)[:1]


def test_previous_leads_back_a_page_at_a_time_to_the_first(api, table_of_252):
    night = table_of_252.night
    every = newest_first(night)
    third = api.get(journal(night), {"before": every[199]}).json()
    assert ids(third) == every[200:]
    assert query(third["previous"]) == {"before": [str(every[99])]}
    second = api.get(third["previous"]).json()
    assert ids(second) == every[100:200]
    assert query(second["previous"]) == {}
    first = api.get(second["previous"]).json()
    assert ids(first) == every[:100]
    assert first["previous"] is None


def test_a_before_beyond_the_night_pages_from_its_newest(api, table_of_252):
    night = table_of_252.night
    body = api.get(journal(night), {"before": inputs.MOST_ID}).json()
    assert ids(body) == newest_first(night)[:100]


def test_a_before_from_another_night_shows_only_this_nights_postings(api, host, group):
    ours = night_of(host, group, 3).night
    theirs = night_of(host, group, 3).night
    body = api.get(journal(ours), {"before": newest_first(theirs)[0]}).json()
    assert ids(body) == newest_first(ours)


def test_hand_and_seat_narrow_the_pages_and_next_keeps_them(api, host, group):
    table = factories.night_with(host, group=group, seats=("Ann", "Bob", "Cat"), buy_in=10)
    night, (ann, bob, cat) = table
    factories.chips_passed(night, ann, bob, 5)
    pages = every_page(api, f"{journal(night)}?seat={ann.pk}&limit=2")
    memos = [p["memo"] for page in pages for p in page["results"]]
    assert memos == [
        "Ann passes 1 chip to Bob",
        "Bob passes 1 chip to Ann",
        "Ann passes 1 chip to Bob",
        "Bob passes 1 chip to Ann",
        "Ann passes 1 chip to Bob",
        "Ann buys 10",
    ]
    assert all(query(p["next"]) and query(p["next"])["seat"] == [str(ann.pk)] for p in pages[:-1])
    only_cat = api.get(journal(night), {"seat": cat.pk}).json()
    assert [p["memo"] for p in only_cat["results"]] == ["Cat buys 10"]
    assert api.get(journal(night), {"hand": 1}).json() == {
        "next": None,
        "previous": None,
        "results": [],
    }


BAD_NUMBERS = ["abc", "", "0", "-4", "1.5", "9" * 60, "１２", "1e3"]


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_a_before_that_is_no_posting_id_is_a_400_that_says_so(api, table_of_252, bad):
    night = table_of_252.night
    rows = journal_rows(night)
    refused = api.get(journal(night), {"before": bad})
    assert refused.status_code == 400
    body = refused.json()
    assert body["detail"].startswith("before must be the number of one of this night's postings")
    assert list(body["fields"]) == ["before"]
    assert journal_rows(night) == rows


@pytest.mark.parametrize("bad", [*BAD_NUMBERS, "501", str(inputs.MOST_ID)])
def test_a_limit_outside_1_to_500_is_a_400_that_says_so(api, table_of_252, bad):
    night = table_of_252.night
    rows = journal_rows(night)
    refused = api.get(journal(night), {"limit": bad})
    assert refused.status_code == 400
    body = refused.json()
    assert body["detail"].startswith("limit ")
    assert list(body["fields"]) == ["limit"]
    assert journal_rows(night) == rows


@pytest.mark.parametrize("name", ["hand", "seat"])
@pytest.mark.parametrize("bad", ["abc", "0", "9" * 30])
def test_a_hand_or_seat_that_is_no_id_is_a_400_not_a_500(api, table_of_252, name, bad):
    night = table_of_252.night
    refused = api.get(journal(night), {name: bad})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith(f"{name} must be the number of one of this night")


def test_an_offset_is_a_400_that_points_to_next(api, table_of_252):
    night = table_of_252.night
    refused = api.get(journal(night), {"offset": 100})
    assert refused.status_code == 400
    assert refused.json() == {"detail": JOURNAL_OFFSET, "fields": {"offset": [JOURNAL_OFFSET]}}


def test_a_seat_and_the_spectator_link_page_through_the_same_journal_as_the_host(api, table_of_252):
    night = table_of_252.night
    seat = APIClient()
    seat.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(table_of_252["Bob"]))
    watch = APIClient()
    watch.credentials(HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    host_pages = every_page(api, journal(night))
    assert every_page(seat, journal(night)) == host_pages
    assert every_page(watch, journal(night)) == host_pages


def test_another_nights_caller_is_refused_every_page(api, host, group, table_of_252):
    night = table_of_252.night
    older = api.get(journal(night)).json()["next"]
    other = night_of(host, group, 1)
    foreign_seat = APIClient()
    foreign_seat.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(other["Ann"]))
    foreign_watch = APIClient()
    foreign_watch.credentials(HTTP_X_HOMEGAME_WATCH=other.night.spectator_token)
    for caller in (foreign_seat, foreign_watch):
        assert caller.get(journal(night)).status_code == 404
        assert caller.get(older).status_code == 404
    assert APIClient().get(older).status_code == 403


def queries_for(client: APIClient, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_a_page_costs_the_same_queries_at_150_postings_and_at_1500(api, host, group):
    costs = []
    for passes in (148, 1498):
        night = night_of(host, group, passes).night
        deep = newest_first(night)[99]
        costs.append(
            (
                queries_for(api, journal(night)),
                queries_for(api, f"{journal(night)}?before={deep}"),
            )
        )
    assert costs[0] == costs[1]
    assert max(costs[1]) <= 10
