"""A lone UTF-16 surrogate anywhere in a JSON body is a 400 in the one error shape, never a 500.

JSON's `"\\ud83c"` parses into a string no response, log or database can
write; every field that repeated one in a message answered 500. The API's
parser now refuses it before any view reads the body (sitewide/api_errors.py),
so every write operation in the schema is sent one, in a value and in a key,
at a night where the ids in its address are real, and must refuse it with
nothing written.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.apps import apps
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from ledger.services import closing, hands, runs, seating
from sitewide import surrogates
from tests.factories import night_with
from tests.ledger.conftest import confirm_ante

pytestmark = pytest.mark.django_db

LONE = "\ud83c"  # the first half of 🎉 (\ud83c\udf89), alone
GAME = "five-card-draw"
WRITES = ("post", "put", "patch", "delete")


def write_operations() -> list[tuple[str, str, list[str]]]:
    """Every write in the OpenAPI schema: method, path, and its body's field names."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in WRITES:
                ref = (
                    operation.get("requestBody", {})
                    .get("content", {})
                    .get("application/json", {})
                    .get("schema", {})
                    .get("$ref", "")
                )
                fields = list(components.get(ref.rsplit("/", 1)[-1], {}).get("properties", {}))
                found.append((method, path, fields or ["note"]))
    return found


OPERATIONS = write_operations()


def test_the_schema_lists_the_writes_this_test_needs():
    paths = {path for _, path, _ in OPERATIONS}
    assert "/api/showdown/" in paths
    assert "/api/nights/{night_id}/seats/{seat_id}/buy-in/" in paths
    assert len(OPERATIONS) >= 30


def every_row() -> dict[str, int]:
    """How many rows each ledger table holds: the journal (postings, entries) and the rest."""
    return {
        model.__name__: model.objects.count()
        for model in apps.get_app_config("ledger").get_models()
    }


@pytest.fixture
def ids(host) -> dict[str, int]:
    """Real ids for every address: a night with a hand in its first betting round, and payments."""
    group = seating.group_create(host=host, name="Friday regulars")
    open_night = _night(host, group, "Friday")
    seats = list(open_night.seats.order_by("pk"))
    confirm_ante(open_night, GAME)
    hand = runs.deal(
        night=open_night, players=seats, dealer_seat=seats[2], recorded_by="host", game_slug=GAME
    )
    hands.load(hand).collect_antes(recorded_by="host")
    hands.load(hand).round_start(recorded_by="host")
    ended = _night(host, group, "Saturday")
    played = list(ended.seats.order_by("pk"))
    won = hands.hand_start(night=ended, players=played, dealer=played[2], recorded_by="host")
    hands.load(won).collect_antes(recorded_by="host", ante=10)
    hands.load(won).award(winners=[[played[0].pk]], recorded_by="host")
    closing.night_end(night=ended, counts=closing.booked_stacks(ended), recorded_by="host")
    return {
        "night_id": open_night.pk,
        "seat_id": seats[0].pk,
        "number": hand.number,
        "game_number": open_night.runs.get().number,
        "group_id": group.pk,
        "ended_night_id": ended.pk,
        "payment_id": ended.payments.first().pk,
    }


def _night(host, group, name: str):
    return night_with(host, group=group, name=name, buy_in=200, recorded_by="host").night


def address(path: str, ids: dict[str, int]) -> str:
    if "{payment_id}" in path:
        ids = ids | {"night_id": ids["ended_night_id"]}
    if "/games/{number}/" in path:
        ids = ids | {"number": ids["game_number"]}
    return path.format(**ids)


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.force_login(host)
    return client


def send(api: APIClient, method: str, url: str, body: object):
    """The body as JSON text: json.dumps writes the lone surrogate as the escape "\\ud83c"."""
    return getattr(api, method)(
        url,
        json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def refused(response) -> dict:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"detail", "fields"}
    assert "lone UTF-16 surrogate" in body["detail"]
    return body


@pytest.mark.parametrize(
    ("method", "path", "fields"),
    OPERATIONS,
    ids=[f"{method.upper()} {path}" for method, path, _ in OPERATIONS],
)
@pytest.mark.parametrize("where", ["value", "key"])
def test_every_write_refuses_a_lone_surrogate_and_writes_nothing(
    api, ids, method, path, fields, where
):
    before = every_row()
    if where == "value":
        body = refused(send(api, method, address(path, ids), dict.fromkeys(fields, LONE)))
        assert body["fields"] == {fields[0]: [surrogates.IN_TEXT]}
    else:
        body = refused(send(api, method, address(path, ids), {LONE: 1}))
        assert body == {"detail": surrogates.IN_KEY, "fields": {}}
    assert every_row() == before


SHOWDOWN = "/api/showdown/"
HANDS = {"Ann": {"cards": "As Ad Kc Kd 7h"}, "Bob": {"cards": "Qs Qh Qd 2c 3c"}}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rank": LONE, "hands": HANDS}, "rank"),
        ({"game": LONE, "hands": HANDS}, "game"),
        ({"game": "seven-card-stud", "options": [LONE], "hands": HANDS}, "options.0"),
        ({"hands": {"Ann": {"cards": LONE}, "Bob": HANDS["Bob"]}}, "hands.Ann.cards"),
        ({"hands": {"Ann": {"cards": ["As", LONE]}, "Bob": HANDS["Bob"]}}, "hands.Ann.cards.1"),
        (
            {"hands": HANDS | {"Cat": {"cards": "2h", "extra": {"declare": LONE}}}},
            "hands.Cat.extra.declare",
        ),
        ({"hands": {LONE: HANDS["Ann"], "Bob": HANDS["Bob"]}}, "hands"),
        ({LONE: "an unknown key", "hands": HANDS}, ""),
        ({"hands": HANDS, "settings": {LONE: "x"}}, "settings"),
    ],
    ids=[
        "rank",
        "game",
        "option",
        "cards",
        "a card",
        "declare",
        "a name",
        "unknown key",
        "setting",
    ],
)
def test_the_showdown_refuses_a_lone_surrogate_wherever_it_is(client, body, field):
    response = client.post(SHOWDOWN, json.dumps(body), content_type="application/json")
    assert list(refused(response)["fields"]) == ([field] if field else [])


def test_a_whole_character_written_as_a_surrogate_pair_is_text(client):
    body = {"hands": {"Ann \ud83c\udf89": HANDS["Ann"], "Bob": HANDS["Bob"]}}
    response = client.post(SHOWDOWN, json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["high"] == [["Bob"], ["Ann 🎉"]]
    assert "Ann 🎉" in response.json()["hands"]


def test_a_lone_surrogate_deep_in_a_body_is_found_by_its_path(client):
    body = {"hands": HANDS, "board": [[[{"a": [1, "two", {"b": ["c", LONE]}]}]]]}
    response = client.post(SHOWDOWN, json.dumps(body), content_type="application/json")
    assert refused(response)["fields"] == {"board.0.0.0.a.2.b.1": [surrogates.IN_TEXT]}


def test_a_body_read_in_a_codec_that_makes_surrogates_is_refused_too(client):
    """Not only the escape: a client naming `unicode_escape` as its charset makes one from bytes."""
    text = b'{"hands": {"Ann": {"cards": "\\ud83c"}}}'  # one backslash: no JSON escape
    response = client.post(SHOWDOWN, text, content_type="application/json; charset=unicode_escape")
    assert refused(response)["fields"] == {"hands.Ann.cards": [surrogates.IN_TEXT]}
