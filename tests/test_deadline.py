"""The per-request deadline: raised where the request is, in the main thread only, no alarm left."""

import signal
import threading
import time

import pytest

from sitewide.deadline import DeadlinePassed, running

pytestmark = pytest.mark.pure


def no_alarm_left() -> bool:
    return signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0) and (
        signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
    )


def test_a_block_past_its_deadline_is_stopped_where_it_is():
    started = time.monotonic()
    with pytest.raises(DeadlinePassed, match=r"deadline of 0\.1 s"), running(0.1):
        time.sleep(5)
    assert time.monotonic() - started < 1
    assert no_alarm_left()


def careless() -> None:
    """What a library that catches every error does."""
    try:
        time.sleep(5)
    except Exception:
        pytest.fail("the deadline was caught as an Exception")


def test_no_except_exception_swallows_it():
    with pytest.raises(DeadlinePassed), running(0.1):
        careless()


def test_a_block_within_its_deadline_leaves_no_alarm():
    with running(5):
        pass
    assert no_alarm_left()


def test_zero_is_no_deadline():
    with running(0):
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_another_thread_has_no_deadline():
    """Signals reach the main thread only: a threaded server's request is not interrupted."""
    done = []

    def request() -> None:
        with running(0.05):
            time.sleep(0.2)
        done.append(True)

    thread = threading.Thread(target=request)
    thread.start()
    thread.join()
    assert done == [True]
    assert no_alarm_left()


def test_an_alarm_already_running_is_left_alone():
    rang = []
    previous = signal.signal(signal.SIGALRM, lambda *_: rang.append(True))
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    try:
        with running(0.05):
            time.sleep(0.1)  # not stopped: the alarm is someone else's
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
        time.sleep(0.3)
        assert rang == [True]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
