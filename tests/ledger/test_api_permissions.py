"""Who may call each ledger endpoint: every endpoint against every kind of caller.

The table: Ann, Bob and Cat have 100 chips each and Cat deals hand 1, so Ann
acts first. Callers: nobody signed in, another host, a seat token from another
night, Ann's own seat, Bob (another seat at the table), Cat (the dealer) and
the spectator link. A refusal is 403 (or 404 when the caller has no part in
the night, so another night's data is never revealed) and changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from rest_framework.test import APIClient

from ledger.api import base
from ledger.api import closing as closing_api
from ledger.api import groups as groups_api
from ledger.api import hands as hands_api
from ledger.api.auth import BAD_SEAT_TOKEN, BAD_WATCH_TOKEN
from ledger.models import Group, Night, Payment, Person, Seat, WriteRequest
from ledger.services import closing, games, hands, money_rules, runs, seat_cards, seating
from ledger.services.actors import DEALER_ONLY, HOST_ONLY, NOT_YOURS, READ_ONLY, Actor
from tests.factories import night_with
from tests.ledger.conftest import confirm_ante, journal_rows, seat_key

pytestmark = pytest.mark.django_db


API = "/api/nights/"
NOT_SIGNED_IN = "Authentication credentials were not provided."

CALLERS = ["anonymous", "other_host", "foreign_seat", "own_seat", "other_seat", "dealer", "watch"]
SEATS = {"own_seat", "other_seat", "dealer"}
EVERYONE_AT_THE_TABLE = {"host", "watch", *SEATS}


@dataclass
class World:
    night: Night
    group: Group
    ann: Seat
    bob: Seat
    cat: Seat
    clients: dict[str, APIClient] = field(default_factory=dict)

    def hand(self):
        return self.night.hands.get(number=1)

    def ids(self) -> dict[str, int]:
        payment = Payment.objects.filter(night=self.night, payer=self.bob).first()
        return {
            "n": self.night.pk,
            "g": self.group.pk,
            "ann": self.ann.pk,
            "bob": self.bob.pk,
            "cat": self.cat.pk,
            "p": payment.pk if payment else 0,
        }


def by(label="host:host"):
    return {"recorded_by": label}


# Stages of the night, each building on the one before.
def fresh(world: World) -> None:
    """Hand 1 started, Cat dealing, nothing in the pot."""


def antes(world: World) -> None:
    hands.load(world.hand()).collect_antes(**by())


def round_open(world: World) -> None:
    antes(world)
    hands.load(world.hand()).round_start(**by())


def showdown(world: World) -> None:
    round_open(world)
    for seat in (world.ann, world.bob, world.cat):
        hands.load(world.hand()).act(seat=seat, action="check", **by())


def called(world: World) -> None:
    """Everyone checked: the dealer calls the showdown, where the hands are shown."""
    showdown(world)
    games.step_to(hand=world.hand(), step=games.PLAIN_SHOWDOWN)


def ann_folded_at_showdown(world: World) -> None:
    """Ann entered her cards from her phone, folded, and Bob and Cat went to the showdown."""
    round_open(world)
    ann = Actor(night=world.night, role="seat", seat=world.ann)
    seat_cards.enter(hand=world.hand(), seat=world.ann, cards="As Ad", actor=ann)
    hands.load(world.hand()).act(seat=world.ann, action="fold", **by())
    for seat in (world.bob, world.cat):
        hands.load(world.hand()).act(seat=seat, action="check", **by())
    games.step_to(hand=world.hand(), step=games.PLAIN_SHOWDOWN)


def settled(world: World) -> None:
    """Ann won the 3 antes: Ann 102, Bob 99, Cat 99."""
    showdown(world)
    hands.load(world.hand()).award(winners=[[world.ann.pk]], **by())


def ridden(world: World) -> None:
    """Nobody won hand 1: its 3 chips ride."""
    showdown(world)
    hands.load(world.hand()).award(winners=[[]], **by())


def guts_dealt(world: World) -> None:
    """Ann won hand 1; hand 2 is the first deal of a 3-card Guts game, Cat dealing."""
    settled(world)
    confirm_ante(world.night, "guts-three-card")
    run = runs.run_start(night=world.night, game_slug="guts-three-card", **by())
    seats = [world.ann, world.bob, world.cat]
    runs.deal_start(run=run, players=seats, dealer_seat=world.cat, **by())


def guts_at_words(world: World) -> None:
    """Hand 2 of Guts at its "guts or pass" step, where the dealer records who passes."""
    guts_dealt(world)
    games.step_to(hand=world.night.hands.get(number=2), step="words")


def guts_anted(world: World) -> None:
    guts_dealt(world)
    money_rules.charge_hand(hand=world.night.hands.get(number=2), rule_id="ante", **by())


def guts_riding(world: World) -> None:
    """Nobody stayed in hand 2: its 3 antes ride to the game's next deal."""
    guts_anted(world)
    hands.load(world.night.hands.get(number=2)).award(winners=[[]], **by())


def ended(world: World) -> None:
    """Bob and Cat each pay Ann 0.05 (one chip)."""
    settled(world)
    counts = {world.ann.pk: 102, world.bob.pk: 99, world.cat.pk: 99}
    closing.night_end(night=world.night, counts=counts, **by())


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    path: str
    stage: Callable[[World], None] = fresh
    body: dict | None = None
    allowed: frozenset[str] = frozenset({"host"})
    ok: int = 200
    group_scoped: bool = False
    signed_in_only: bool = False  # a seat's key is no host: refused before the night is looked up

    def expected(self, caller: str) -> int:
        if caller in self.allowed:
            return self.ok
        if caller == "anonymous":
            return 403
        if caller == "other_host":
            return 404
        if caller == "foreign_seat":
            return 403 if self.group_scoped or self.signed_in_only else 404
        return 403


def endpoint(name, method, path, *, allowed=("host",), **kwargs) -> Endpoint:
    return Endpoint(name, method, path, allowed=frozenset(allowed), **kwargs)


TABLE = tuple(EVERYONE_AT_THE_TABLE)

ENDPOINTS = [
    # Reads: anyone at the table, spectators included.
    endpoint("night", "get", "{n}/", stage=round_open, allowed=TABLE),
    endpoint("hand list", "get", "{n}/hands/", stage=round_open, allowed=TABLE),
    endpoint("hand", "get", "{n}/hands/1/", stage=round_open, allowed=TABLE),
    endpoint("pots", "get", "{n}/hands/1/pots/", stage=round_open, allowed=TABLE),
    endpoint("journal", "get", "{n}/journal/", stage=round_open, allowed=TABLE),
    # The showdown helper: nobody before the showdown (a ranking tells the cards), everyone at it.
    endpoint(
        "showdown helper",
        "get",
        "{n}/hands/1/showdown-helper/",
        stage=round_open,
        allowed=(),
    ),
    endpoint(
        "showdown helper at the showdown",
        "get",
        "{n}/hands/1/showdown-helper/",
        stage=called,
        allowed=TABLE,
    ),
    # Ann's cards: her phone holds her seat, so only she enters them before the showdown.
    endpoint(
        "cards",
        "post",
        "{n}/hands/1/cards/",
        body={"seat": "{ann}", "cards": "As Kd 7h Tc 2s"},
        allowed=("own_seat",),
        ok=201,
    ),
    endpoint(
        "cards at the showdown",
        "post",
        "{n}/hands/1/cards/",
        stage=called,
        body={"seat": "{ann}", "cards": "As Kd 7h Tc 2s"},
        allowed=("host", "own_seat", "dealer"),
        ok=201,
    ),
    endpoint(
        "show cards",
        "post",
        "{n}/hands/1/cards/show/",
        stage=ann_folded_at_showdown,
        body={"seat": "{ann}"},
        allowed=("own_seat",),
        ok=201,
    ),
    endpoint("settlement", "get", "{n}/settlement/", stage=ended, allowed=TABLE),
    # Deleting a test night: its host only.
    endpoint("night delete", "delete", "{n}/", ok=204, signed_in_only=True),
    # The roster belongs to the signed-in host.
    endpoint("people", "get", "groups/{g}/people/", group_scoped=True),
    endpoint(
        "person add", "post", "groups/{g}/people/", body={"name": "Dan"}, ok=201, group_scoped=True
    ),
    endpoint("group settings", "post", "groups/{g}/settings/", body={"ante": 2}, group_scoped=True),
    # Seats and chips: the host; sitting out also the player and the dealer.
    endpoint("seat add", "post", "{n}/seats/", body={"name": "Dan"}, ok=201),
    endpoint(
        "sit out",
        "post",
        "{n}/seats/{ann}/sit-out/",
        body={"out": True},
        allowed=("host", "own_seat", "dealer"),
    ),
    endpoint("leave", "post", "{n}/seats/{ann}/leave/", stage=settled),
    endpoint("buy-in", "post", "{n}/seats/{ann}/buy-in/", body={"chips": 10}, ok=201),
    endpoint("cash-out", "post", "{n}/seats/{ann}/cash-out/", stage=settled, ok=201),
    endpoint(
        "adjustment",
        "post",
        "{n}/seats/{ann}/adjustments/",
        body={"chips": 1, "reason": "found one"},
        ok=201,
    ),
    endpoint("join link", "post", "{n}/seats/{ann}/join-link/", body={"change": "revoke"}),
    endpoint("spectator link", "post", "{n}/spectator-link/", body={"change": "renew"}),
    # Hands: the dealer runs them; Ann deals hand 2, so she may start it.
    endpoint(
        "hand start", "post", "{n}/hands/", stage=settled, allowed=("host", "own_seat"), ok=201
    ),
    endpoint("antes", "post", "{n}/hands/1/antes/", allowed=("host", "dealer"), ok=201),
    endpoint(
        "round", "post", "{n}/hands/1/rounds/", stage=antes, allowed=("host", "dealer"), ok=201
    ),
    endpoint(
        "action",
        "post",
        "{n}/hands/1/actions/",
        stage=round_open,
        body={"seat": "{ann}", "action": "check"},
        allowed=("host", "own_seat", "dealer"),
        ok=201,
    ),
    endpoint(
        "award",
        "post",
        "{n}/hands/1/award/",
        stage=showdown,
        body={"winners": [["{ann}"]]},
        allowed=("host", "dealer"),
        ok=201,
    ),
    endpoint("undo", "post", "{n}/hands/1/undo/", stage=antes, allowed=("host", "dealer"), ok=201),
    # Games and their money rules: the host starts and ends them, the dealer books.
    endpoint("game list", "get", "{n}/games/", stage=guts_dealt, allowed=TABLE),
    endpoint(
        "game start",
        "post",
        "{n}/games/",
        stage=settled,
        body={"game": "guts-three-card", "agreed": {"the table's ante": 1}},
        allowed=("host", "own_seat"),
        ok=201,
    ),
    endpoint(
        "game deal",
        "post",
        "{n}/games/1/deals/",
        stage=guts_riding,
        allowed=("host", "own_seat"),
        ok=201,
    ),
    endpoint(
        "game end",
        "post",
        "{n}/games/1/end/",
        stage=guts_riding,
        body={"ending": "returned"},
        ok=201,
    ),
    endpoint(
        "charge",
        "post",
        "{n}/hands/2/charges/",
        stage=guts_dealt,
        body={"rule": "ante"},
        allowed=("host", "dealer"),
        ok=201,
    ),
    endpoint(
        "step",
        "post",
        "{n}/hands/2/step/",
        stage=guts_dealt,
        body={"step": "deal"},
        allowed=("host", "dealer"),
        ok=200,
    ),
    # The host and the dealer may ask; Guts has no round to play again, so they are told why.
    endpoint(
        "again",
        "post",
        "{n}/hands/2/again/",
        stage=guts_at_words,
        allowed=("host", "dealer"),
        ok=400,
    ),
    endpoint(
        "named",
        "post",
        "{n}/hands/2/named/",
        stage=guts_at_words,
        body={"role": "folded", "seats": ["{ann}"]},
        allowed=("host", "dealer"),
        ok=201,
    ),
    endpoint(
        "showdown",
        "post",
        "{n}/hands/2/showdown/",
        stage=guts_anted,
        body={"winners": [["{ann}"]]},
        allowed=("host", "dealer"),
        ok=201,
    ),
    # The end of the night: the host; the one who was paid may say so.
    endpoint("riding share", "post", "{n}/riding-share/", stage=ridden, ok=201),
    endpoint(
        "end",
        "post",
        "{n}/end/",
        stage=settled,
        body={
            "counts": [
                {"seat": "{ann}", "chips": 102},
                {"seat": "{bob}", "chips": 99},
                {"seat": "{cat}", "chips": 99},
            ]
        },
    ),
    endpoint(
        "mark paid", "post", "{n}/payments/{p}/paid/", stage=ended, allowed=("host", "own_seat")
    ),
]


def fill(value, ids: dict[str, int]):
    """Put the world's ids into a path or body template."""
    if isinstance(value, str):
        if value.startswith("{") and value.endswith("}") and value[1:-1] in ids:
            return ids[value[1:-1]]
        return value.format(**ids)
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


def snapshot(world: World) -> tuple:
    """Everything any refused request must leave as it was."""
    night = Night.objects.get(pk=world.night.pk)
    return (
        journal_rows(night),
        WriteRequest.objects.count(),
        night.status,
        night.spectator_token,
        night.spectator_revoked,
        list(
            Seat.objects.order_by("pk").values_list(
                "pk", "sitting_out", "left_at", "join_token", "join_revoked"
            )
        ),
        list(night.hands.values_list("number", "status")),
        list(night.runs.values_list("number", "status", "ending")),
        list(Payment.objects.values_list("pk", "paid_at")),
        Person.objects.count(),
        list(Group.objects.order_by("pk").values_list("pk", "settings")),
        Night.objects.count(),
        Group.objects.count(),
    )


@pytest.fixture
def world(host, django_user_model) -> World:
    table = night_with(host, group_name="Regulars", buy_in=100, **by())
    group, night, seats = table.group, table.night, table.seats
    ann, bob, cat = seats
    hands.hand_start(night=night, players=seats, dealer=cat, **by())

    other = django_user_model.objects.create_user(username="other", password="other-pass-9")
    (zed,) = night_with(other, group_name="Theirs", name="Elsewhere", seats=["Zed"]).seats

    clients = {name: APIClient() for name in ["host", *CALLERS]}
    clients["host"].force_login(host)
    clients["other_host"].force_login(other)
    clients["foreign_seat"].credentials(HTTP_X_HOMEGAME_SEAT=seat_key(zed))
    clients["own_seat"].credentials(HTTP_X_HOMEGAME_SEAT=seat_key(ann))
    clients["other_seat"].credentials(HTTP_X_HOMEGAME_SEAT=seat_key(bob))
    clients["dealer"].credentials(HTTP_X_HOMEGAME_SEAT=seat_key(cat))
    clients["watch"].credentials(HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    return World(night=night, group=group, ann=ann, bob=bob, cat=cat, clients=clients)


def call(client: APIClient, ep: Endpoint, ids: dict[str, int]):
    path = API + fill(ep.path, ids)
    if ep.method == "get":
        return client.get(path)
    if ep.method == "delete":
        return client.delete(path, HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)
    body = fill(ep.body or {}, ids)
    return client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)


@pytest.mark.parametrize("caller", ["host", *CALLERS])
@pytest.mark.parametrize("ep", ENDPOINTS, ids=lambda ep: ep.name)
def test_each_endpoint_answers_each_caller(world, ep, caller):
    ep.stage(world)
    ids = world.ids()
    before = snapshot(world)
    response = call(world.clients[caller], ep, ids)
    expected = ep.expected(caller)
    assert response.status_code == expected, (caller, response.json())
    if expected >= 400:
        assert snapshot(world) == before
        assert response.json()["detail"] == refusal_message(ep, caller)


def refusal_message(ep: Endpoint, caller: str) -> str:
    if caller == "anonymous":
        return NOT_SIGNED_IN
    if caller == "watch" and ep.method != "get":
        return READ_ONLY
    if ep.group_scoped:
        return groups_api.NO_SUCH_GROUP if caller == "other_host" else base.SIGNED_IN_ONLY
    if ep.signed_in_only and caller != "other_host":
        return base.SIGNED_IN_ONLY
    if caller in ("other_host", "foreign_seat"):
        return base.NO_SUCH_NIGHT
    if ep.name == "showdown helper":
        return seat_cards.HIDDEN
    if ep.name == "again" and caller in ("host", "dealer"):
        return hands.NO_GOING_BACK
    if caller == "watch":
        return READ_ONLY
    if ep.name == "cards" and caller in ("host", "dealer"):
        return seat_cards.THEIR_PHONE.format(name="Ann")
    if ep.name == "show cards" and caller in ("host", "dealer"):
        return seat_cards.NOT_YOURS_TO_SHOW.format(name="Ann")
    if ep.name in ("hand start", "game start", "game deal"):
        return hands_api.DEALS_NEXT
    if ep.name == "mark paid":
        return closing_api.PAYEE_ONLY
    if ep.name in ("action", "sit out", "cards", "cards at the showdown", "show cards"):
        return NOT_YOURS
    if "dealer" in ep.allowed:
        return DEALER_ONLY
    return HOST_ONLY


def test_every_endpoint_is_in_the_matrix(client):
    """The matrix above covers every ledger path and method in the schema."""
    schema = client.get("/api/schema/", {"format": "json"}).json()
    ledger = {
        (method, path.removeprefix(API[:-1]).lstrip("/"))
        for path, ops in schema["paths"].items()
        if path.startswith(API)
        for method in ops
    }
    covered = {
        (ep.method, ep.path.replace("{n}", "{night_id}").replace("{g}", "{group_id}"))
        for ep in ENDPOINTS
    }
    covered = {
        (
            m,
            p.replace("{ann}", "{seat_id}")
            .replace("{p}", "{payment_id}")
            .replace("/1/", "/{number}/")
            .replace("/2/", "/{number}/"),
        )
        for m, p in covered
    }
    # The collection endpoints without a night in the path have their own tests below;
    # claiming a seat needs no caller at all (tests/ledger/test_claims.py).
    listed = {("get", ""), ("post", ""), ("get", "groups/"), ("post", "groups/"), ("post", "join/")}
    assert ledger == covered | listed


# --- Collections without a night in the path ------------------------------------------------


def test_the_nights_list_shows_each_caller_only_their_own(world):
    night = world.night
    seen = {}
    for caller in ["host", *CALLERS]:
        response = world.clients[caller].get(API)
        seen[caller] = (
            response.status_code,
            [n["id"] for n in response.json().get("results", [])],
        )
    others = list(Night.objects.exclude(pk=night.pk))
    assert seen["host"] == (200, [night.pk])
    assert seen["anonymous"][0] == 403
    assert seen["other_host"] == (200, [others[0].pk])
    assert seen["foreign_seat"] == (200, [others[0].pk])
    for caller in ("own_seat", "other_seat", "dealer", "watch"):
        assert seen[caller] == (200, [night.pk])


def test_groups_are_listed_and_made_only_by_signed_in_hosts(world):
    before = snapshot(world)
    for caller in ("anonymous", "foreign_seat", "own_seat", "dealer", "watch"):
        client = world.clients[caller]
        assert client.get(API + "groups/").status_code == 403
        made = client.post(
            API + "groups/", {"name": "Mine"}, format="json", HTTP_IDEMPOTENCY_KEY="g"
        )
        assert made.status_code == 403
    assert snapshot(world) == before
    theirs = world.clients["other_host"].get(API + "groups/").json()
    assert [g["name"] for g in theirs] == ["Theirs"]


def test_night_creation_is_for_signed_in_hosts_in_their_own_groups(world):
    body = {"group": world.group.pk, "name": "Mine", "chips": [{"name": "w", "value": "1"}]}
    before = snapshot(world)
    for caller in ("anonymous", "own_seat", "dealer", "watch", "foreign_seat"):
        response = world.clients[caller].post(
            API, body, format="json", HTTP_IDEMPOTENCY_KEY=f"n-{caller}"
        )
        assert response.status_code == 403
    other = world.clients["other_host"].post(API, body, format="json", HTTP_IDEMPOTENCY_KEY="x")
    assert other.status_code == 400
    assert snapshot(world) == before


# --- Tokens and passwords -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("HTTP_X_HOMEGAME_SEAT", BAD_SEAT_TOKEN),
        ("HTTP_X_HOMEGAME_WATCH", BAD_WATCH_TOKEN),
    ],
)
def test_a_made_up_token_is_refused(world, header, message):
    before = snapshot(world)
    client = APIClient(**{header: "not-a-real-token"})
    assert client.get(API + f"{world.night.pk}/").json() == {"detail": message, "fields": {}}
    response = client.post(
        API + f"{world.night.pk}/hands/1/antes/", {}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert response.status_code == 403
    assert snapshot(world) == before


def test_revoked_links_stop_working(world):
    seating.join_link_revoke(seat=world.cat)
    seating.spectator_link_revoke(night=world.night)
    before = snapshot(world)
    dealer = world.clients["dealer"].post(
        API + f"{world.night.pk}/hands/1/antes/", {}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert dealer.json() == {"detail": BAD_SEAT_TOKEN, "fields": {}}
    assert world.clients["watch"].get(API + f"{world.night.pk}/").status_code == 403
    assert snapshot(world) == before


def test_a_script_signs_in_with_basic_auth(world):
    night = world.night
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=basic("host", "deal-me-in-9"))
    assert script.get(API + f"{night.pk}/").status_code == 200
    made = script.post(
        API + f"{night.pk}/hands/1/antes/", {}, format="json", HTTP_IDEMPOTENCY_KEY="script"
    )
    assert made.status_code == 201
    before = snapshot(world)
    wrong = APIClient()
    wrong.credentials(HTTP_AUTHORIZATION=basic("host", "wrong-password"))
    assert wrong.get(API + f"{night.pk}/").status_code == 403
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION=basic("other", "other-pass-9"))
    assert stranger.get(API + f"{night.pk}/").status_code == 404
    assert snapshot(world) == before


def basic(username: str, password: str) -> str:
    import base64

    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_a_seat_cannot_act_for_another_seat_even_on_its_turn(world):
    round_open(world)
    before = snapshot(world)
    response = world.clients["other_seat"].post(
        API + f"{world.night.pk}/hands/1/actions/",
        {"seat": world.ann.pk, "action": "fold"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="bob-for-ann",
    )
    assert response.status_code == 403
    assert response.json() == {"detail": NOT_YOURS, "fields": {}}
    assert snapshot(world) == before


def test_a_seat_token_cannot_replay_anothers_key_into_another_night(world):
    """Keys belong to a night: the same key at another night is a new request there."""
    path = f"{world.night.pk}/seats/{world.ann.pk}/buy-in/"
    host = world.clients["host"]
    first = host.post(API + path, {"chips": 5}, format="json", HTTP_IDEMPOTENCY_KEY="shared")
    assert first.status_code == 201
    before = snapshot(world)
    stranger = world.clients["foreign_seat"].post(
        API + path, {"chips": 5}, format="json", HTTP_IDEMPOTENCY_KEY="shared"
    )
    assert stranger.status_code == 404
    assert snapshot(world) == before


def test_another_nights_payment_is_not_found(world, host):
    ended(world)
    payment = Payment.objects.filter(night=world.night).first()
    group = seating.group_create(host=host, name="Second")
    second = seating.night_create(host=host, group=group, name="Second", chips=[("w", "1")])
    before = snapshot(world)
    response = world.clients["host"].post(
        API + f"{second.pk}/payments/{payment.pk}/paid/",
        {},
        format="json",
        HTTP_IDEMPOTENCY_KEY="wrong-night",
    )
    assert response.status_code == 404
    assert response.json() == {"detail": base.NO_SUCH_PAYMENT.format(id=payment.pk), "fields": {}}
    assert snapshot(world) == before
