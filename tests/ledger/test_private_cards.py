"""Private until the showdown: two worlds that differ only in Dan's face-down cards look the same.

The host runs the night and plays Ann's seat (typing Ann's cards as the
host), Bob deals from his phone, Cat plays from an API phone, Dan holds
either A♠ K♦ 7♥ 10♣ or Q♠ Q♦ Q♥ 3♣ beside a 9♥ dealt face up. Before the
showdown every other viewer (the host, the dealer, another seat, the
spectator link) gets the same bytes, ids aside, from every page, poll and
API answer, from a key Dan used sent again by someone else, and from a
refusal. Each world is built inside a savepoint that is then rolled back
(with the sequences set back on PostgreSQL), so both get the same ids.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from django.core.cache import cache, caches
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from ledger.selectors import game_setup, memo, state
from ledger.services import games
from tests.factories import night_with
from tests.ledger.conftest import seat_key
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

DRAW = "five-card-draw"
DAN_KEY = "9b2d6a1e-4f3c-4b8a-9d7e-2c5f8a1b3e60"
WORLD_A = "As Kd 7h Tc 9h"
WORLD_B = "Qs Qd Qh 3c 9h"


class Rolled(Exception):
    """Raised to roll a world's savepoint back once it has been read."""


def api(client: Client, method: str, path: str, body: dict | None = None, **headers):
    call = getattr(client, method)
    if method == "get":
        return call(path, headers=headers)
    return call(path, body or {}, content_type="application/json", headers=headers)


def world(dan: str, *, at_showdown: bool = False) -> dict[str, tuple[int, str]]:
    """Build the night, play to the draw (or the showdown) and read what each viewer gets."""
    from django.contrib.auth import get_user_model

    host = get_user_model().objects.create_user(username="host", password="deal-me-in-9")
    night, seats = night_with(host, seats=("Ann", "Bob", "Cat", "Dan"), buy_in=40)
    ann, bob, cat, dan_seat = seats
    host_phone = Client()
    host_phone.force_login(host)
    bob_phone = Client()
    assert post(bob_phone, url("join", bob.join_token)).status_code == 303
    cat_key = {"X-Homegame-Seat": seat_key(cat)}
    dan_key = {"X-Homegame-Seat": seat_key(dan_seat)}
    spectator = {"X-Homegame-Watch": night.spectator_token}

    spec = games.spec_of(DRAW)

    start = {"game": DRAW, "dealer": str(bob.pk), "players": [str(s.pk) for s in seats]}
    start |= {f"agreed-{n}": "1" for n in game_setup.every_agreed_name(spec)}
    assert post(host_phone, url("game_start", night.pk), start).status_code == 303
    hand = night.hands.get()
    assert post(host_phone, url("hand_charge", night.pk, hand.pk), {"rule": "ante"}).status_code
    cards = reverse("ledger_api:cards", args=[night.pk, hand.number])
    typed = {"seat": str(ann.pk), "cards": "Jc Jd 5h 6s 8c"}
    assert post(host_phone, url("hand_cards", night.pk, hand.pk), typed).status_code == 303
    mine = {"seat": str(bob.pk), "cards": "Ks Kc 2d 3d 4c"}
    assert post(bob_phone, url("hand_cards", night.pk, hand.pk), mine).status_code == 303
    entered = api(
        Client(),
        "post",
        cards,
        {"cards": "Th 9s 8d 7c 2h"},
        **cat_key,
        **{"Idempotency-Key": str(uuid.uuid4())},
    )
    assert entered.status_code == 201
    dan_body = {"cards": dan, "up": "9h"}
    entered = api(Client(), "post", cards, dan_body, **dan_key, **{"Idempotency-Key": DAN_KEY})
    assert entered.status_code == 201, entered.content
    if at_showdown:
        step = next(p for p in games.steps(hand.run) if p.kind == "showdown")
        assert post(host_phone, url("hand_step", night.pk, hand.pk), {"to": step.id}).status_code

    seen: dict[str, tuple[int, str]] = {}

    def read(name: str, response) -> None:
        seen[name] = (response.status_code, text(response))

    # Someone else sends the key Dan used: their own new request, never his answer.
    read(
        "cat sends Dan's key",
        api(
            Client(),
            "post",
            cards,
            {"cards": "Th 9s 8d 7c 2h"},
            **cat_key,
            **{"Idempotency-Key": DAN_KEY},
        ),
    )
    # A refusal may name a face-up card (public), never a face-down one.
    bob_form = {"seat": str(bob.pk), "cards": "Ks Kc 2d 3d 9h"}
    read(
        "bob enters Dan's face-up card",
        post(bob_phone, url("hand_cards", night.pk, hand.pk), bob_form),
    )
    read(
        "host enters A♠ for Ann",
        post(
            host_phone,
            url("hand_cards", night.pk, hand.pk),
            {"seat": str(ann.pk), "cards": "As Jd 5h 6s 8c"},
        ),
    )
    read(
        "cat enters A♠",
        api(
            Client(),
            "post",
            cards,
            {"cards": "As 9s 8d 7c 2h"},
            **cat_key,
            **{"Idempotency-Key": str(uuid.uuid4())},
        ),
    )
    pages: dict[str, Callable[[], object]] = {}
    for who, phone in (("host", host_phone), ("bob", bob_phone)):
        pages |= {
            f"{who} table": lambda p=phone: p.get(url("night", night.pk)),
            f"{who} poll": lambda p=phone: p.get(url("poll", night.pk)),
            f"{who} deal": lambda p=phone: p.get(url("deal", night.pk)),
            f"{who} deal poll": lambda p=phone: p.get(url("deal_poll", night.pk)),
            f"{who} journal": lambda p=phone: p.get(url("journal", night.pk)),
            f"{who} rank": lambda p=phone: p.get(url("deal", night.pk) + "?helper=fill"),
        }
    pages |= {
        "watch": lambda: Client().get(url("watch", night.spectator_token)),
        "watch poll": lambda: Client().get(url("watch_poll", night.spectator_token)),
    }
    api_paths = {
        "night": reverse("ledger_api:night-detail", args=[night.pk]),
        "hands": reverse("ledger_api:hand-list", args=[night.pk]),
        "hand": reverse("ledger_api:hand-detail", args=[night.pk, hand.number]),
        "pots": reverse("ledger_api:pots", args=[night.pk, hand.number]),
        "helper": reverse("ledger_api:showdown-helper", args=[night.pk, hand.number]),
        "journal": reverse("ledger_api:journal", args=[night.pk]),
    }
    for name, path in api_paths.items():
        pages |= {
            f"host api {name}": lambda p=path: host_phone.get(p),
            f"cat api {name}": lambda p=path: api(Client(), "get", p, **cat_key),
            f"watch api {name}": lambda p=path: api(Client(), "get", p, **spectator),
        }
    for name, page in pages.items():
        read(name, page())
    return seen


ANYWHERE_RANDOM = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1…"),
    (re.compile(r'(name="idempotency_key" value=")[^"]+'), r"\1…"),
    (re.compile(r'("x-csrftoken": ")[^"]+'), r"\1…"),
    (re.compile(r"\.[0-9a-f]{32}\b"), ".…"),  # a poll's ETag: its markers signed
    (re.compile(r"/(join|watch)/[A-Za-z0-9_-]{16,32}/"), r"/\1/…/"),
    (re.compile(r'(_token": ?")[A-Za-z0-9_-]{16,32}"'), r'\1…"'),
    (re.compile(r'<svg class="qr".*?</svg>', re.S), "<svg/>"),
    (re.compile(r"\d{4}-\d\d-\d\dT[0-9:.]+(Z|[+-]\d\d:\d\d)?"), "…"),
    (re.compile(r"\b\d\d?:\d\d(:\d\d)?\b"), "…"),
]


def normal(body: str) -> str:
    """A page or answer with what differs between any two requests (tokens, keys, times) blanked."""
    for pattern, blank in ANYWHERE_RANDOM:
        body = pattern.sub(blank, body)
    return body


def built(dan: str, monkeypatch, **kwargs) -> dict[str, tuple[int, str]]:
    """One world, read, then rolled back so the next is built on the same ids."""
    monkeypatch.setattr(state, "_DRAWN", memo.BoundedMemo(most=256))  # no table drawn in another
    _sequences_back()  # both worlds number their rows from the same place
    cache.clear()
    caches["shared"].clear()
    found: dict = {}
    try:
        with transaction.atomic():
            found = world(dan, **kwargs)
            raise Rolled
    except Rolled:
        pass
    _sequences_back()
    return {name: (status, normal(body)) for name, (status, body) in found.items()}


def _sequences_back() -> None:
    """On PostgreSQL a rolled-back savepoint keeps its sequences moved: set them back."""
    from django.apps import apps

    models = [
        m for app in ("ledger", "auth", "sessions") for m in apps.get_app_config(app).get_models()
    ]
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(sql)


def test_nobody_learns_a_face_down_card_before_the_showdown(monkeypatch):
    first, second = built(WORLD_A, monkeypatch), built(WORLD_B, monkeypatch)
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], name
    # What the test compares says something: refusals and reads answered as they should.
    assert first["cat sends Dan's key"][0] == 201
    assert "9♥ is in Bob's hand and Dan's" in first["bob enters Dan's face-up card"][1]
    assert first["bob enters Dan's face-up card"][0] == 400
    assert first["host enters A♠ for Ann"][0] == 303
    assert first["cat enters A♠"][0] == 201
    assert first["host api helper"][0] == 403
    assert "9♥</span>" in first["bob table"][1]  # face up: everyone sees it


def test_the_same_worlds_differ_at_the_showdown(monkeypatch):
    """The comparison has teeth: once Dan's hand is shown, the worlds part."""
    first = built(WORLD_A, monkeypatch, at_showdown=True)
    second = built(WORLD_B, monkeypatch, at_showdown=True)
    assert first["watch"] != second["watch"]
    assert first["bob table"] != second["bob table"]


def test_a_key_another_player_used_never_replays_their_answer(table, night, seats):
    """Bob sends exactly what Ann sent, her key included: he gets his own answer, not hers."""
    ann, bob = seats[0], seats[1]
    spec = games.spec_of(DRAW)

    start = {"game": DRAW, "dealer": str(seats[2].pk), "players": [str(s.pk) for s in seats]}
    start |= {f"agreed-{n}": "1" for n in game_setup.every_agreed_name(spec)}
    assert post(table, url("game_start", night.pk), start).status_code == 303
    hand = night.hands.get()
    cards = reverse("ledger_api:cards", args=[night.pk, hand.number])
    body, key = {"cards": "As Kd 7h Tc 2s"}, {"Idempotency-Key": str(uuid.uuid4())}
    first = api(Client(), "post", cards, body, **{"X-Homegame-Seat": seat_key(ann)}, **key)
    assert first.status_code == 201
    again = api(Client(), "post", cards, body, **{"X-Homegame-Seat": seat_key(bob)}, **key)
    assert again.status_code == 201
    assert "Idempotent-Replayed" not in again
    assert again.json()["entered"]["name"] == "Bob"
    assert [e["name"] for e in again.json()["shown"]] == ["Bob"]
