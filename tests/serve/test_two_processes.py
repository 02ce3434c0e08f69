"""Two gunicorn processes on one PostgreSQL serve one night as one site.

Nothing lives in a process's memory: the host's session, the idempotency
keys, the journal and the table are all in the database, so 8 phones spread
over two processes (as a load balancer spreads them over machines) book
every chip exactly once and see the same table.
"""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.serve.conftest import (
    Browser,
    gunicorn,
    journal_audit,
    new_night,
    table_stacks,
)

pytestmark = pytest.mark.serve

CLIENTS = 8
WRITES = 50
AGREE_WITHIN = 2.0  # seconds


@pytest.fixture(scope="module")
def two_processes(site_env):
    with gunicorn(site_env, workers=2) as a, gunicorn(site_env, workers=2) as b:
        yield a.base, b.base


def buy_one(browser: Browser, night: int, seat: int, key: str):
    return browser.post_json(f"/api/nights/{night}/seats/{seat}/buy-in/", {"chips": 1}, key=key)


def test_eight_phones_on_two_processes_book_every_write_once_and_see_one_table(
    two_processes, host_browser, database_url
):
    bases = two_processes
    night, seats = new_night(host_browser.at(bases[0]), CLIENTS)
    retried = []  # reads of the other process that did not yet show a write it had answered
    failures = []
    lock = threading.Lock()

    def phone(n: int) -> list[str]:
        """Client n: 50 one-chip buy-ins for its seat, alternating between the processes."""
        browsers = [host_browser.at(base) for base in bases]
        seat = seats[n]
        keys = []
        for j in range(WRITES):
            here, there = browsers[(n + j) % 2], browsers[(n + j + 1) % 2]
            key = uuid.uuid4().hex
            answer = buy_one(here, night, seat, key)
            if answer.status != 201:
                with lock:
                    failures.append((n, j, answer.status, answer.body[:200]))
                continue
            keys.append(key)
            written = answer.json()["seat"]["stack"]
            # The other process shows at least this stack (other phones only add to it).
            started = time.monotonic()
            while table_stacks(there, night)[seat] < written:
                assert time.monotonic() - started < AGREE_WITHIN, "the other process lags"
                with lock:
                    retried.append((n, j))
                time.sleep(0.05)
        return keys

    started = time.monotonic()
    with ThreadPoolExecutor(CLIENTS) as pool:
        keys = [k for ks in pool.map(phone, range(CLIENTS)) for k in ks]
    took = time.monotonic() - started

    assert failures == []
    assert len(keys) == len(set(keys)) == CLIENTS * WRITES
    audit = journal_audit(database_url, night)
    assert audit["unbalanced"] == []
    assert audit["total"] == 0
    assert audit["kinds"] == {"buy_in": CLIENTS * WRITES}
    assert set(keys) <= set(audit["answered"])
    assert len(set(audit["answered"].values())) == len(audit["answered"])
    assert audit["stacks"] == dict.fromkeys(seats, WRITES)
    # Both processes show the journal's table.
    for base in bases:
        assert table_stacks(host_browser.at(base), night) == audit["stacks"]
    print(
        f"\n{CLIENTS * WRITES} writes over 2 processes in {took:.1f} s "
        f"({CLIENTS * WRITES / took:.0f}/s, each followed by a read of the other process); "
        f"{len(retried)} of those reads had to be repeated"
    )


def test_the_same_key_sent_to_both_processes_at_once_books_once(
    two_processes, host_browser, database_url
):
    bases = two_processes
    night, (seat,) = new_night(host_browser.at(bases[0]), 1)
    browsers = [host_browser.at(base) for base in bases]
    keys = [uuid.uuid4().hex for _ in range(20)]
    barrier = threading.Barrier(2)

    def send(browser: Browser, key: str):
        barrier.wait()
        return buy_one(browser, night, seat, key)

    with ThreadPoolExecutor(2) as pool:
        for key in keys:
            a, b = pool.map(send, browsers, [key, key])
            assert (a.status, b.status) == (201, 201), (a.body[:200], b.body[:200])
            assert a.json()["posting"]["id"] == b.json()["posting"]["id"]
            assert a.json() == b.json()

    audit = journal_audit(database_url, night)
    assert audit["kinds"] == {"buy_in": len(keys)}
    assert audit["stacks"] == {seat: len(keys)}
    assert audit["total"] == 0
    assert audit["unbalanced"] == []
    assert set(audit["answered"]) == set(keys)
