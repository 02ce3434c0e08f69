"""Every scenario here is played twice: on the dealer's pages and through the API.

The scenarios are one file per game or family, each a test taking `table`
(`tests/games/table.py`); the two must agree with the same hand-worked
figures. `make test` plays them on SQLite and again on PostgreSQL.
"""

from __future__ import annotations

import pytest

from tests.games.table import WAYS


@pytest.fixture(params=sorted(WAYS))
def table(request, db, host, group):
    """A night with nobody seated yet, played one way: `pages` or `api`."""
    return WAYS[request.param](host, group)
