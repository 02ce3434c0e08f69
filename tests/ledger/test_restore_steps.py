"""A restore is written a batch of rows at a time, each batch its own transaction.

So a big group's restore never holds the database's write lock for long,
and no request runs for long: the upload writes what it can in its time,
and the progress page asks for the rest. Until the last batch is in and
the journal checks out, nobody sees the group; a restore that fails or is
stopped leaves nothing behind.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.core import backup_format
from ledger.models import Group, Night, Restore
from ledger.services import backup, restore
from ledger.views import backup as backup_views
from tests import factories
from tests.ledger import test_backup
from tests.ledger.test_backup import by_name, figures, resigned, row_counts, upload

HTMX = {"HTTP_HX_REQUEST": "true"}
other, played = test_backup.other, test_backup.played  # the worked group, and who restores it


@pytest.fixture
def small_batches(monkeypatch):
    """Two rows a batch (three entries), so even the worked group takes dozens of steps."""
    monkeypatch.setattr(restore, "BATCH", 2)
    monkeypatch.setattr(restore, "ENTRY_BATCH", 3)
    monkeypatch.setattr(restore, "PAUSE", 0)  # nobody else writes to the test's database


def steps_to_finish(job: Restore) -> tuple[int, Restore]:
    """Each step as a request of its own would make it: a fresh start from the database."""
    steps = 0
    while job.status == Restore.Status.WORKING:
        job = restore.work(Restore.objects.get(pk=job.pk), seconds=0)
        steps += 1
        if job.status == Restore.Status.WORKING:
            assert not Group.objects.filter(host=job.owner).exists()
    return steps, job


def test_a_restore_written_two_rows_a_step_settles_every_night_the_same(
    played, other, small_batches
):
    before = {name: figures(n) for name, n in by_name(played).items()}
    job = restore.start(backup.export_bytes(played), other)
    steps, _ = steps_to_finish(job)
    restored = Group.objects.get(host=other)
    assert steps > job.rows // 3  # a step is a batch, not the whole file
    assert {name: figures(n) for name, n in by_name(restored).items()} == before
    assert Night.objects.filter(group=restored, host=other).count() == 2
    again = backup.export_group(restored)["content"]
    original = backup.export_group(played)["content"]
    assert [p["memo"] for p in again["postings"]] == [p["memo"] for p in original["postings"]]
    assert [e["amount"] for e in again["entries"]] == [e["amount"] for e in original["entries"]]


def test_a_group_half_restored_is_seen_by_nobody(client, played, other, small_batches):
    job = restore.start(backup.export_bytes(played), other)
    for _ in range(5):
        restore.work(job, seconds=0)
    assert job.status == Restore.Status.WORKING
    assert job.group is not None
    stand_in = job.group.host
    assert stand_in != other
    assert not stand_in.is_active
    assert not stand_in.has_usable_password()
    client.force_login(other)
    assert b"Friday regulars" not in client.get(reverse("ledger:index")).content
    page = client.get(reverse("ledger:restoring", args=[job.pk])).content.decode()
    assert f"of {job.rows:,} records written" in page
    assert client.get(reverse("ledger:group", args=[job.group.pk])).status_code == 404


def test_a_restore_refused_at_its_last_step_leaves_nothing(played, other, small_batches):
    document = backup.export_group(played)
    first = document["content"]["nights"][0]
    seat = next(iter(first["nets"]))
    first["nets"][seat] += 1  # the journal says otherwise: found only once every row is in
    first["nets"][next(s for s in first["nets"] if s != seat)] -= 1
    before = row_counts()
    _, job = steps_to_finish(restore.start(resigned(document), other))
    assert job.status == Restore.Status.FAILED
    assert "settles differently" in job.error
    assert row_counts() == before
    with pytest.raises(backup_format.BackupError, match="settles differently"):
        restore.import_group(resigned(document), other)
    assert row_counts() == before


def test_a_big_group_goes_on_from_the_progress_page_until_it_is_restored(
    client, played, other, small_batches, monkeypatch
):
    monkeypatch.setattr(backup_views, "WORK_SECONDS", 0)
    client.force_login(other)
    answer = upload(client, backup.export_bytes(played))
    job = Restore.objects.get(owner=other)
    assert answer.status_code == 303
    assert answer["Location"] == reverse("ledger:restoring", args=[job.pk])
    assert b"partly restored" in client.get(reverse("ledger:group_restore")).content
    url = reverse("ledger:restoring", args=[job.pk])
    partial = client.post(url, {"action": "carry-on"}, **HTMX)  # htmx asks again by itself
    assert partial.status_code == 200
    assert b"records written" in partial.content
    for _ in range(job.rows * 2):
        answer = client.post(url, {"action": "carry-on"})  # the Carry on button, no JavaScript
        if answer["Location"] != url:
            break
    restored = Group.objects.get(host=other)
    assert answer["Location"] == reverse("ledger:group", args=[restored.pk])
    page = client.get(answer["Location"]).content.decode()
    assert "Friday regulars is restored, with 2 nights." in page
    assert client.get(url).status_code == 303  # the progress page now leads to the group


def test_a_stopped_restore_leaves_nothing(client, played, other, small_batches, monkeypatch):
    monkeypatch.setattr(backup_views, "WORK_SECONDS", 0)
    client.force_login(other)
    raw = backup.export_bytes(played)
    before = row_counts()
    upload(client, raw)
    job = Restore.objects.get(owner=other)
    answer = client.post(reverse("ledger:restoring", args=[job.pk]), {"action": "stop"})
    assert answer.status_code == 303
    assert row_counts() == before
    assert "nothing of it was kept" in client.get(answer["Location"]).content.decode()


def test_another_host_cannot_see_or_carry_on_a_restore(client, played, other, host, small_batches):
    job = restore.start(backup.export_bytes(played), other)
    client.force_login(host)
    url = reverse("ledger:restoring", args=[job.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"action": "stop"}).status_code == 404
    assert Restore.objects.filter(pk=job.pk).exists()


def test_a_group_of_60000_postings_moves_with_the_same_journal(host, other):
    table = factories.night_with(host, seats=("Ann", "Bob"), buy_in=100)
    factories.chips_passed(table.night, table.seats[0], table.seats[1], 60_000)
    raw = backup.export_bytes(table.group)
    assert len(raw) > 20 * 2**20  # as big as the group the report could not move
    first = backup.read(raw)
    moved = backup.export_group(restore.import_group(raw, other))["content"]
    assert len(moved["postings"]) == 60_002  # the two buy-ins, then the chips passed
    for name in ("memo", "kind", "created_at"):
        assert [p[name] for p in moved["postings"]] == [p[name] for p in first["postings"]]
    assert [e["amount"] for e in moved["entries"]] == [e["amount"] for e in first["entries"]]
    nets = [sorted(n["nets"].values()) for n in (moved["nights"][0], first["nights"][0])]
    assert nets[0] == nets[1]
