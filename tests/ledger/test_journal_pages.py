"""The History tab a page at a time, and the journal's CSV streamed, at any size of night."""

import csv
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.core import inputs
from ledger.models import Entry, Posting
from ledger.services import closing, hands, seating
from tests import factories
from tests.ledger.conftest import journal_rows

pytestmark = pytest.mark.django_db

HOST = "host:host"


def url(name, *args):
    return reverse(f"ledger:{name}", args=args)


def page_ids(response) -> list[int]:
    return [p.pk for p in response.context["postings"]]


def link(response, words: str) -> str | None:
    """Where the link with these words leads, or None when the page has none."""
    found = re.search(rf'href="([^"]*)">[^<]*{words}', response.content.decode())
    return found[1].replace("&amp;", "&") if found else None


def night_of(host, group, passes: int):
    """Ann and Bob buy in 10 each (2 postings), then pass a chip back and forth `passes` times."""
    table = factories.night_with(host, group=group, seats=("Ann", "Bob"), buy_in=10)
    factories.chips_passed(table.night, table["Ann"], table["Bob"], passes)
    return table.night


def newest_first(night) -> list[int]:
    return list(Posting.objects.filter(night=night).order_by("-pk").values_list("pk", flat=True))


@pytest.fixture
def night_of_252(host, group):
    """252 postings: pages of 100, 100 and 52."""
    return night_of(host, group, 250)


def test_the_first_page_holds_the_newest_100_postings(host_client, night_of_252):
    night = night_of_252
    first = host_client.get(url("journal", night.pk))
    assert first.status_code == 200
    assert page_ids(first) == newest_first(night)[:100]
    assert first.content.decode().count('<li class="undone"') == 0
    assert "Bob passes 1 " in first.content.decode()
    assert link(first, "Newer") is None


def test_older_leads_to_the_next_100_and_the_last_page_has_no_older_link(host_client, night_of_252):
    night = night_of_252
    ids = newest_first(night)
    first = host_client.get(url("journal", night.pk))
    assert link(first, "Older") == f"{url('journal', night.pk)}?before={ids[99]}"
    second = host_client.get(link(first, "Older"))
    assert page_ids(second) == ids[100:200]
    third = host_client.get(link(second, "Older"))
    assert page_ids(third) == ids[200:252]
    assert "Ann buys 10" in third.content.decode()  # the night's first postings, on its last page
    assert link(third, "Older") is None


def test_newer_leads_back_a_page_at_a_time_to_the_first(host_client, night_of_252):
    night = night_of_252
    ids = newest_first(night)
    third = host_client.get(f"{url('journal', night.pk)}?before={ids[199]}")
    assert page_ids(third) == ids[200:252]
    second = host_client.get(link(third, "Newer"))
    assert page_ids(second) == ids[100:200]
    first = host_client.get(link(second, "Newer"))
    assert link(second, "Newer") == url("journal", night.pk)
    assert page_ids(first) == ids[:100]


def test_a_short_night_fits_on_one_page_with_no_links(host_client, host, group):
    night = night_of(host, group, 3)
    page = host_client.get(url("journal", night.pk))
    assert len(page_ids(page)) == 5
    assert link(page, "Older") is None
    assert link(page, "Newer") is None


def test_each_line_keeps_who_recorded_it_when_and_the_money_beside_its_chips(
    host_client, host, group
):
    night = night_of(host, group, 1)
    page = host_client.get(url("journal", night.pk)).content.decode()
    # White chips at 0.05: a buy-in of 10 is $0.50, one chip passed is $0.05.
    assert 'Ann passes 1 chip <span class="money">($0.05)</span> to Bob' in page
    assert 'Ann buys 10 <span class="money">($0.50)</span>' in page
    assert page.count("the host ·") == 3
    assert page.count("<time datetime=") == 3


@pytest.mark.parametrize("bad", ["abc", "", "0", "-4", "1.5", "9" * 60, "１２"])
def test_a_before_that_is_no_posting_id_is_a_400_that_says_so(host_client, night_of_252, bad):
    night = night_of_252
    before = journal_rows(night)
    page = host_client.get(url("journal", night.pk), {"before": bad})
    assert page.status_code == 400
    assert "The page to show must be the number of one of this night&#x27;s postings" in (
        page.content.decode()
    )
    assert link(page, "The newest postings") == url("journal", night.pk)
    assert journal_rows(night) == before


def test_a_before_beyond_the_night_pages_from_its_newest(host_client, night_of_252):
    night = night_of_252
    page = host_client.get(url("journal", night.pk), {"before": str(inputs.MOST_ID)})
    assert page_ids(page) == newest_first(night)[:100]


def queries_for(client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_a_page_costs_the_same_queries_at_150_postings_and_at_1500(
    host_client, host, group, django_assert_max_num_queries
):
    small = night_of(host, group, 148)
    big = night_of(host, group, 1498)
    costs = {}
    for night in (small, big):
        deep = newest_first(night)[99]
        costs[night.pk] = (
            queries_for(host_client, url("journal", night.pk)),
            queries_for(host_client, f"{url('journal', night.pk)}?before={deep}"),
        )
    assert costs[small.pk] == costs[big.pk]
    deepest = newest_first(big)[1399]
    with django_assert_max_num_queries(10):
        host_client.get(f"{url('journal', big.pk)}?before={deepest}")


def csv_before_streaming(night) -> str:
    """The journal CSV exactly as it was written before it streamed: one text, built whole."""
    from ledger.selectors.exports import csv_cells

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        csv_cells("posting", "time", "hand", "kind", "account", "seat", "chips", "memo", "by")
    )
    entries = (
        Entry.objects.filter(posting__night=night)
        .select_related("posting__hand", "account__seat__person")
        .order_by("posting_id", "pk")
    )
    for e in entries:
        p = e.posting
        seat = e.account.seat.person.name if e.account.seat else ""
        hand = p.hand.number if p.hand else ""
        writer.writerow(
            csv_cells(
                p.pk,
                p.created_at.isoformat(),
                hand,
                p.kind,
                e.account.kind,
                seat,
                e.amount,
                p.memo,
                p.recorded_by,
            )
        )
    return out.getvalue()


@pytest.fixture
def small_night(host, group):
    """Ann, Bob and "=Cat" buy in 100 each; Cat recounts -5 ("+1"); a hand is bet, won, ended.

    Cat deals; Ann bets 24, Bob calls and wins, Cat folds after her ante.
    """
    table = factories.night_with(host, group=group, seats=("Ann", "Bob", "=Cat"), buy_in=100)
    night, (ann, bob, cat) = table
    seating.adjust(night=night, seat=cat, chips=-5, reason="+1", recorded_by=HOST)
    hand = hands.hand_start(night=night, players=[ann, bob, cat], dealer=cat, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    hands.load(hand).act(seat=ann, action="bet", amount=24, recorded_by=HOST)
    hands.load(hand).act(seat=bob, action="call", recorded_by=HOST)
    hands.load(hand).act(seat=cat, action="fold", recorded_by=HOST)
    hands.load(hand).award(winners=[[bob.pk]], recorded_by=HOST)
    closing.night_end(night=night, counts=closing.booked_stacks(night), recorded_by=HOST)
    return night


def test_a_small_nights_csv_is_byte_for_byte_what_it_was_before_it_streamed(
    host_client, small_night
):
    night = small_night
    response = host_client.get(url("journal_csv", night.pk))
    body = b"".join(response.streaming_content)
    assert body == csv_before_streaming(night).encode()
    table = list(csv.reader(io.StringIO(body.decode())))
    assert table[0] == ["posting", "time", "hand", "kind", "account", "seat", "chips", "memo", "by"]
    assert len(table) == 1 + Entry.objects.filter(posting__night=night).count()
    assert {row[5] for row in table[1:]} >= {"Ann", "Bob", "'=Cat"}
    assert "'+1" in {row[7] for row in table[1:]}


def test_the_journal_csv_streams_with_the_same_download_headers(host_client, small_night):
    night = small_night
    response = host_client.get(url("journal_csv", night.pk))
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="night-{night.pk}-journal.csv"'
    )
    assert response["Cache-Control"] == "no-store"
