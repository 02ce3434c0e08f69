"""A gunicorn worker killed with SIGKILL in the middle of a stream of writes.

Every write is one database transaction (journal.once), so a worker that dies
mid-write leaves either the whole posting with its idempotency key or nothing:
PostgreSQL rolls back the dead connection's transaction. The phone that lost
its answer sends the same request with the same key again and it is booked
exactly once; the master starts a new worker and the night goes on.
"""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.serve.conftest import Browser, gunicorn, journal_audit, new_night, table_stacks

pytestmark = pytest.mark.serve

PHONES = 4
MOST_KILLS = 6


def buy_one(browser: Browser, night: int, seat: int, key: str):
    return browser.post_json(f"/api/nights/{night}/seats/{seat}/buy-in/", {"chips": 1}, key=key)


def wait_for_new_worker(server, gone: int, workers: int, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = server.worker_pids()
        if gone not in pids and len(pids) == workers:
            return
        time.sleep(0.05)
    raise AssertionError("the master did not start a new worker")


def test_a_worker_killed_mid_write_leaves_no_half_posting_and_the_night_goes_on(
    site_env, host_browser, database_url
):
    with gunicorn(site_env, workers=2) as server:
        browser = host_browser.at(server.base)
        night, seats = new_night(browser, PHONES)
        stop = threading.Event()
        lock = threading.Lock()
        sent: dict[str, int] = {}  # key -> seat
        lost: list[str] = []  # keys whose answer never came: booked or not, nobody knows
        refused: list[tuple[int, bytes]] = []

        def phone(n: int) -> None:
            while not stop.is_set():
                key = uuid.uuid4().hex
                with lock:
                    sent[key] = seats[n]
                try:
                    answer = buy_one(browser, night, seats[n], key)
                except (OSError, http.client.HTTPException):
                    with lock:
                        lost.append(key)
                    continue
                if answer.status != 201:
                    with lock:
                        refused.append((answer.status, answer.body[:200]))

        kills = 0
        with ThreadPoolExecutor(PHONES) as pool:
            running = [pool.submit(phone, n) for n in range(PHONES)]
            try:
                # Kill until a write was in flight in a killed worker (every phone is always
                # waiting on one of the two workers, so the first kill nearly always is).
                while kills < MOST_KILLS and not lost:
                    time.sleep(0.5)
                    victim = server.worker_pids()[0]
                    os.kill(victim, signal.SIGKILL)
                    kills += 1
                    wait_for_new_worker(server, victim, workers=2)
                time.sleep(0.5)  # writes go on through the new worker
            finally:
                stop.set()
            for future in running:
                future.result()

        assert lost, f"no write was in flight in {kills} killed workers"
        assert refused == []
        # Nothing half-posted, whatever the kill interrupted.
        audit = journal_audit(database_url, night)
        assert audit["unbalanced"] == []
        assert audit["total"] == 0
        booked_before_retry = len(audit["answered"])

        # The phones that lost their answer send the same request again: booked once.
        for key in lost:
            answer = buy_one(browser, night, sent[key], key)
            assert answer.status == 201, answer.body[:300]
        # And the night goes on: a new write after the restart.
        assert buy_one(browser, night, seats[0], uuid.uuid4().hex).status == 201

        audit = journal_audit(database_url, night)
        assert audit["unbalanced"] == []
        assert audit["total"] == 0
        assert set(sent) <= set(audit["answered"])
        assert audit["kinds"] == {"buy_in": len(sent) + 1}
        expected = dict.fromkeys(seats, 0)
        for seat in sent.values():
            expected[seat] += 1
        expected[seats[0]] += 1
        assert audit["stacks"] == expected
        # The table the site shows is the journal replayed.
        assert table_stacks(browser, night) == expected
        print(
            f"\n{len(sent)} writes, {kills} worker(s) killed, {len(lost)} answer(s) lost; "
            f"{booked_before_retry - (len(sent) - len(lost))} of those had been booked "
            "before the kill and were answered from their key on the retry"
        )
