"""A group's backup restored on a phone: the upload, the progress it shows, the group at the end."""

import re
import time

import pytest
from playwright.sync_api import expect

from ledger.services import backup, restore
from ledger.views import backup as backup_views
from tests import factories
from tests.browser.checks import check_page
from tests.browser.table import sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def slow_restore(monkeypatch):
    """Ten rows a request, half a second each: long enough to see the progress page work."""
    monkeypatch.setattr(restore, "BATCH", 10)
    monkeypatch.setattr(restore, "ENTRY_BATCH", 10)
    monkeypatch.setattr(backup_views, "WORK_SECONDS", 0)
    work = restore.work

    def slowly(job, *, seconds):
        time.sleep(0.5)
        return work(job, seconds=seconds)

    monkeypatch.setattr(backup_views.restore, "work", slowly)


def test_a_big_backup_restores_on_the_phone_showing_how_far_it_has_got(
    page, site, host, group, tmp_path, slow_restore
):
    table = factories.night_with(host, group=group, seats=("Ann", "Bob"), buy_in=10)
    factories.chips_passed(table.night, table["Ann"], table["Bob"], 40)
    saved = tmp_path / "friday.json"
    saved.write_bytes(backup.export_bytes(group))

    sign_in(page, site, "/nights/groups/restore/")
    page.set_input_files("#restore-backup", str(saved))
    page.get_by_role("button", name="Restore the group").click()
    page.wait_for_url(re.compile(r"/nights/groups/restore/\d+/$"))
    expect(page.get_by_role("status")).to_contain_text("records written")
    check_page(page)
    # htmx asks for the next stretch by itself; nobody taps Carry on.
    expect(page.get_by_role("status")).not_to_contain_text(" 0 of ")
    page.wait_for_url(re.compile(r"/nights/groups/\d+/$"), timeout=60_000)
    done = "Friday regulars (restored) is restored, with 1 night."
    expect(page.get_by_text(done)).to_be_visible()
    check_page(page)
