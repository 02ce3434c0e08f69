"""Every scenario here is played twice: on the dealer's pages and through the API.

The scenarios are one file per game or family, each a test taking `table`
(`tests/games/table.py`); the two must agree with the same hand-worked
figures. `make test` plays them on SQLite and again on PostgreSQL.
"""

from __future__ import annotations

import pytest

from tests.games.table import WAYS


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "fails_on(way, reason): a known fault of one way only, xfailed strictly there"
    )


@pytest.fixture(params=sorted(WAYS))
def table(request, db, host, group):
    """A night with nobody seated yet, played one way: `pages` or `api`."""
    fails = request.node.get_closest_marker("fails_on")
    if fails and request.param in fails.args:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=fails.kwargs["reason"]))
    return WAYS[request.param](host, group)
