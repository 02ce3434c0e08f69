"""Ledger test tools: the journal's sums, seat keys, confirmed antes, the host's phone at a table.

The night, its group and its seats are the fixtures of tests/conftest.py.
"""

import pytest

from ledger.models import Entry
from ledger.selectors import game_setup
from ledger.services import seating
from tests import factories


def journal_total(night) -> int:
    """Every chip of the night summed over every account: always zero."""
    return sum(Entry.objects.filter(posting__night=night).values_list("amount", flat=True))


def journal_rows(night) -> tuple[int, int]:
    from ledger.models import Posting

    return (
        Posting.objects.filter(night=night).count(),
        Entry.objects.filter(posting__night=night).count(),
    )


_SEAT_KEYS: dict[str, str] = {}  # join token -> the seat key its claim gave


def seat_key(seat) -> str:
    """The seat key a player's phone sends as X-Homegame-Seat, from claiming the seat once.

    Claimed as the API does it; asking again for the same seat gives the same
    key while it still holds the seat (a test may build several clients).
    """
    from ledger.models import Seat

    token, held = Seat.objects.filter(pk=seat.pk).values_list("join_token", "device_key_hash")[0]
    known = _SEAT_KEYS.get(token)
    if known and seating.seat_key_hash(known) == held:
        return known
    _, key, _ = seating.join_link_claim_key(token=token)
    _SEAT_KEYS[token] = key
    return key


def confirm_ante(night, *slugs: str) -> None:
    """The host confirmed the night's ante for every amount these games leave to the table.

    As the setup page's Start button does with its prefilled amounts, saved for
    the night, so a game named later at the table (or with the API's `hands/`)
    deals at once. No slug: every game in the rulebook. Nothing else is
    defaulted: a night without this is asked for its amounts first.
    """
    from ledger.core.house_rules import house_rules
    from rulebook.models import Game

    ante = house_rules(night.settings).ante
    saved = dict(night.settings or {})
    chosen = dict(saved.get("games", {}))
    for slug in slugs or Game.objects.values_list("slug", flat=True):
        spec = Game.objects.get(slug=slug).spec
        earlier = chosen.get(slug, {})
        agreed = dict.fromkeys(game_setup.every_agreed_name(spec), ante) | earlier.get("agreed", {})
        chosen[slug] = {**earlier, "agreed": agreed}
    night.settings = {**saved, "games": chosen}
    night.save(update_fields=["settings"])


@pytest.fixture
def table(client, host, night, seats):
    """The host's phone at a night where Ann, Bob and Cat each bought 40 chips."""
    client.force_login(host)
    factories.buy_in(night, seats, 40)
    return client
