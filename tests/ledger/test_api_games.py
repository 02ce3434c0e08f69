"""Games, charges and showdowns through the JSON API, each figure worked by hand.

Ann, Bob and Cat buy in 40 chips each at 0.05 a chip, so a quarter is 5
chips. Cat deals, so Ann sits on the dealer's left.
"""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from ledger.models import Run
from ledger.services import closing, games, seating
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db

API = "/api/nights/"
GUTS = "guts-three-card"


def send(client, path, body=None):
    key = uuid.uuid4().hex
    return client.post(API + path, body or {}, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.fixture
def api(host, night, seats):
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=40, recorded_by="host:host")
    client = APIClient()
    client.force_login(host)
    return client


def stacks(night, seats):
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


def start(api, night, seats, **body):
    ann, bob, cat = (s.pk for s in seats)
    # The API's game start confirms every agreed amount the game needs (the ante here).
    agreed = {"agreed": {"the table's ante": 1}}
    body = {"game": GUTS, "dealer": cat, "players": [ann, bob, cat]} | agreed | body
    return send(api, f"{night.pk}/games/", body)


def test_a_beaten_gutser_pays_the_pot_once_when_the_table_says_so(api, night, seats):
    ann, bob, _cat = (s.pk for s in seats)
    response = start(
        api, night, seats, settings={"gutser-penalty": "one-pot"}, agreed={"the table's ante": 2}
    )
    assert response.status_code == 201, response.json()
    game = response.json()["game"]
    assert game["settings"]["gutser-penalty"] == "one-pot"
    assert game["agreed"] == {"the table's ante": 2}
    hand = response.json()["hand"]["number"]
    # Antes of 2: pot 6; stacks 38 each.
    assert send(api, f"{night.pk}/hands/{hand}/charges/", {"rule": "ante"}).status_code == 201
    # Ann says guts, Bob challenges and wins: Ann pays the pot once (6) into the next pot.
    rules = games.rules_in_force(Run.objects.get(night=night))
    penalty = next(r.id for r in rules.values() if r.payer == "loser" and r.payee == "next_pot")
    body = {"bookings": [{"rule": penalty, "roles": {"loser": [ann]}}], "winners": [[bob]]}
    response = send(api, f"{night.pk}/hands/{hand}/showdown/", body)
    assert response.status_code == 201, response.json()
    assert len(response.json()["postings"]) == 2
    # Ann 38 - 6 = 32; Bob 38 + 6 = 44; Cat 38; 6 ride.
    assert stacks(night, seats) == [32, 44, 38]
    assert games.riding(night) == 6
    listed = api.get(API + f"{night.pk}/games/").json()
    assert listed[0]["status"] == "open"
    assert listed[0]["riding"] == 6
    # The host ends it now: the 6 go back in proportion to what each put in
    # (Ann 2 + 6 = 8, Bob 2, Cat 2 of 12): 6 x 8/12 = 4, 1, 1.
    response = send(api, f"{night.pk}/games/1/end/", {"ending": "returned"})
    assert response.status_code == 201, response.json()
    assert stacks(night, seats) == [36, 45, 39]
    assert journal_total(night) == 0


def test_a_booking_missing_its_facts_is_refused_and_changes_nothing(api, night, seats):
    ann = seats[0].pk
    hand = start(api, night, seats).json()["hand"]["number"]
    before = journal_rows(night)
    refusals = [
        ({"rule": "challengers-match"}, "needs 'losers'"),
        ({"rule": "challengers-match", "roles": {"winner": [ann]}}, "has no role 'winner'"),
        ({"rule": "no-such-rule"}, "no money rule 'no-such-rule'"),
        ({"rule": "ante", "count": -1}, "at least 0"),
    ]
    for body, reason in refusals:
        response = send(api, f"{night.pk}/hands/{hand}/charges/", body)
        assert response.status_code == 400, body
        assert reason in str(response.json()), response.json()
    assert journal_rows(night) == before


def test_an_unknown_setting_or_option_is_refused_by_name(api, night, seats):
    before = journal_rows(night)
    response = start(api, night, seats, settings={"gutser-penalty": "thrice"})
    assert response.status_code == 400
    assert "thrice" in str(response.json())
    response = start(api, night, seats, options=["no-such-option"])
    assert response.status_code == 400
    assert "no-such-option" in str(response.json())
    assert journal_rows(night) == before
    assert not Run.objects.filter(night=night).exists()


def test_a_spectator_cannot_book_a_charge(api, night, seats):
    hand = start(api, night, seats).json()["hand"]["number"]
    watcher = APIClient()
    watcher.credentials(HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    before = journal_rows(night)
    response = send(watcher, f"{night.pk}/hands/{hand}/charges/", {"rule": "ante"})
    assert response.status_code == 403
    assert journal_rows(night) == before
