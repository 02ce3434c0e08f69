"""The table every money scenario starts from: see tests/scenarios/money.py."""

import pytest

from tests.scenarios import money


@pytest.fixture
def make_table(host):
    """A night with these house settings; Ann, Bob and Cat bought in for these chips."""
    return money.make_table(host)
