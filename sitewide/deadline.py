"""A deadline per request, so the site answers before gunicorn kills a worker that is too slow.

gunicorn's sync worker (deploy/serve.sh) gets `--timeout` seconds per
request; past them the arbiter sends the worker SIGABRT, which raises
SystemExit wherever the worker is, and gunicorn writes its own bare
"500 Internal Server Error" page, with none of the site's headers. A worker
stuck in C code (a query, a hash) never sees that signal, and a second
later gets SIGKILL: the client's connection closes with no answer at all.

`running(seconds)` arms an alarm (SIGALRM) shorter than gunicorn's timeout;
when it rings, `DeadlinePassed` is raised where the request is, and the WSGI
handler (sitewide/handler.py) answers 503 with every header. It is a
SystemExit, as gunicorn's own abort is, for two reasons: no `except
Exception` in the site or a library swallows it and carries on, and psycopg
cancels a query it interrupts (it does so for SystemExit and
KeyboardInterrupt only), so the connection is left clean. Open transactions
roll back as for any exception.

Signals reach only the main thread, so the deadline is armed only there:
under gunicorn's sync worker (one request at a time, in the main thread),
not under threaded servers (runserver, gunicorn's gthread), where it does
nothing. An alarm already running is someone else's and is left alone.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class DeadlinePassed(SystemExit):
    """The request ran past its deadline and was stopped where it was."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"The request was stopped after its deadline of {seconds:g} s.")
        self.seconds = seconds


def can_arm() -> bool:
    """Whether an alarm can interrupt this thread, and none is running already."""
    return (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )


@contextmanager
def running(seconds: float) -> Iterator[None]:
    """Raise DeadlinePassed in this thread once `seconds` have passed, unless the block ends first.

    Zero or less, or where no alarm can be armed: no deadline.
    """
    if seconds <= 0 or not can_arm():
        yield
        return
    armed = [True]

    def ring(signum, frame) -> None:
        if armed[0]:
            armed[0] = False
            raise DeadlinePassed(seconds)

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
