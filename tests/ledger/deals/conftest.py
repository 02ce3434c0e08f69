"""A kitchen table of four for whole deals through dealer mode: Ann, Bob, Cat and Dan.

Each buys in 40 white chips at 0.05. Dan deals unless a test says otherwise, so
Ann sits on the dealer's left and is first to act.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import seat_up
from tests.ledger.dealing import Deal

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture
def four(host, group, night):
    return seat_up(night, PLAYERS, buy_in=40)


@pytest.fixture
def dealer(client, host, night, four) -> Deal:
    """The host's phone on the Deal tab."""
    client.force_login(host)
    return Deal(client, night)


def start(deal: Deal, slug: str, *, dealer: str = "Dan", **choices) -> str:
    """The setup page filled in as the host would, then "start and deal": the Deal tab after.

    `choices`: `options` (ids), settings by id (`setting__<id>`), agreed amounts
    (`agreed__<name>`), as the setup page's fields are named.
    """
    setup = deal.client.get(reverse("ledger:game_new", args=[deal.night.pk]) + f"?game={slug}")
    assert setup.status_code == 200, setup.status_code
    page = setup.content.decode()
    seats = {s.person.name: s.pk for s in deal.night.seats.select_related("person")}
    changes = {"dealer": str(seats[dealer])}
    for name, value in choices.items():
        changes[name.replace("setting__", "setting-").replace("agreed__", "agreed-")] = value
    deal.press(" and deal", page=page, **changes)
    return deal.page()
