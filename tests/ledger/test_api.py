"""The ledger's JSON API: a whole night through /api/nights/, refusals, idempotency, schema.

Amounts are worked by hand. Ann 200, Bob 100 and Cat 50 buy in; Cat deals, so
Ann acts first. Each antes 1; Ann bets 20, Bob raises to 60, Cat is all in for
49 and Ann calls: Ann and Bob have 61 in, Cat 50, so the main pot is 3 x 50 =
150 (all three can win it) and the side pot 2 x 11 = 22 (Ann and Bob only).
"""

from __future__ import annotations

import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from ledger.api import base
from ledger.api import closing as closing_api
from ledger.api import hands as hands_api
from ledger.api import nights as nights_api
from ledger.api.auth import BAD_SEAT_TOKEN
from ledger.models import Group, Night, Person, Posting, WriteRequest
from ledger.services import closing, games, hands, seating
from ledger.services.journal import KEY_REUSED
from tests.factories import night_with
from tests.ledger.conftest import confirm_ante, journal_rows, journal_total, seat_key

pytestmark = pytest.mark.django_db


API = "/api/nights/"


# --- Helpers --------------------------------------------------------------------------------


def send(client, path, body=None, *, key: str | None = "fresh"):
    """POST a JSON write with a fresh Idempotency-Key (or the one given, or none)."""
    headers = {}
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = uuid.uuid4().hex if key == "fresh" else key
    return client.post(API + path, body if body is not None else {}, format="json", **headers)


def read(client, path, **params):
    return client.get(API + path, params)


def seat_client(seat) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(seat))
    return client


def watch_client(night) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_HOMEGAME_WATCH=night.spectator_token)
    return client


def state(night) -> tuple:
    """Everything a refused write must leave alone."""
    return (*journal_rows(night), WriteRequest.objects.filter(night=night).count())


def stacks(client, night) -> dict[str, int]:
    data = read(client, f"{night.pk}/").json()
    return {s["person"]["name"]: s["stack"] for s in data["seats"]}


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient()
    client.force_login(host)
    return client


@pytest.fixture
def bought_through_api(api, night, seats):
    """Ann 200, Bob 100, Cat 50 bought in through the API; the night's ante confirmed for stud
    and hold'em, so naming them with `hands/` deals at once."""
    for seat, chips in zip(seats, (200, 100, 50), strict=True):
        assert send(api, f"{night.pk}/seats/{seat.pk}/buy-in/", {"chips": chips}).status_code == 201
    confirm_ante(night, "seven-card-stud", "texas-holdem")
    return night, seats


@pytest.fixture
def dealt(api, bought_through_api):
    """Hand 1 of seven-card stud, Cat dealing, antes in and the first round open: Ann to act."""
    night, (ann, bob, cat) = bought_through_api
    started = send(api, f"{night.pk}/hands/", {"game": "seven-card-stud", "dealer": cat.pk})
    assert started.status_code == 201, started.json()
    assert send(api, f"{night.pk}/hands/1/antes/").status_code == 201
    assert send(api, f"{night.pk}/hands/1/rounds/").status_code == 201
    return night, (ann, bob, cat)


def act(client, night, seat, action, amount=0, number=1):
    body = {"seat": seat.pk, "action": action, "amount": amount}
    return send(client, f"{night.pk}/hands/{number}/actions/", body)


@pytest.fixture
def side_pot(api, dealt):
    """The hand from the docstring, up to the showdown."""
    night, (ann, bob, cat) = dealt
    for seat, action, amount in [(ann, "bet", 20), (bob, "raise", 60), (cat, "all_in", 0)]:
        assert act(api, night, seat, action, amount).status_code == 201
    assert act(api, night, ann, "call").status_code == 201
    return night, (ann, bob, cat)


# --- Groups ---------------------------------------------------------------------------------


def test_a_host_creates_a_group_with_settings_and_lists_it(api, host):
    made = send(api, "groups/", {"name": "Tuesday", "settings": {"ante": 2, "limit": "pot_limit"}})
    assert made.status_code == 201
    body = made.json()
    assert body["name"] == "Tuesday"
    assert body["settings"]["ante"] == 2
    assert body["settings"]["limit"] == "pot_limit"
    assert body["settings"]["odd_chip"] == "seat_order"
    listed = read(api, "groups/").json()
    assert [g["name"] for g in listed] == ["Tuesday"]


def test_a_group_roster_grows_and_two_people_may_share_a_name(api, group):
    for name in ("Sam", "Sam"):
        assert send(api, f"groups/{group.pk}/people/", {"name": name}).status_code == 201
    people = read(api, f"groups/{group.pk}/people/").json()
    assert [p["name"] for p in people] == ["Sam", "Sam"]
    assert people[0]["id"] != people[1]["id"]


def test_group_settings_change_for_later_nights(api, group):
    changed = send(api, f"groups/{group.pk}/settings/", {"ante": 5})
    assert changed.status_code == 200
    assert changed.json()["settings"]["ante"] == 5
    night = send(
        api, "", {"group": group.pk, "name": "Later", "chips": [{"name": "w", "value": "1"}]}
    ).json()
    assert night["settings"]["ante"] == 5


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "X", "settings": {"limit": "sky"}}, "settings.limit"),
        ({"name": "X", "settings": {"ante": 1.5}}, "settings.ante"),
        ({"name": "X", "settings": {"ante": 10**9 + 1}}, "settings.ante"),
        ({"name": "X" * 81}, "name"),
    ],
)
def test_a_bad_group_is_refused(api, body, field):
    response = send(api, "groups/", body)
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert not Group.objects.filter(name__startswith="X").exists()


def test_a_capped_group_needs_its_cap(api):
    response = send(api, "groups/", {"name": "Capped", "settings": {"limit": "cap"}})
    assert response.status_code == 400
    assert response.json() == {
        "detail": "A capped betting limit needs the cap: the most one bet or raise may add.",
        "fields": {},
    }


# --- Nights and seats -----------------------------------------------------------------------


def test_a_host_creates_a_night_with_chip_colours_and_settings(api, group):
    body = {
        "group": group.pk,
        "name": "Friday",
        "chips": [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}],
        "currency": "eur",
        "settings": {"ante": 2, "odd_chip": "first_left", "no_winner": "return"},
    }
    made = send(api, "", body)
    assert made.status_code == 201
    night = made.json()
    assert night["currency"] == "EUR"
    assert night["unit"] == "0.05"
    assert night["chips"] == [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}]
    assert night["settings"]["ante"] == 2
    assert night["settings"]["odd_chip"] == "first_left"
    assert night["you"] == {"role": "host", "seat": None}
    assert night["spectator_token"] == Night.objects.get(pk=night["id"]).spectator_token
    assert night["seats"] == []
    assert night["hand"] is None
    listed = read(api, "").json()
    assert listed["count"] == 1
    assert listed["results"][0]["id"] == night["id"]


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        ([], "A chip set needs at least one colour."),
        (
            [{"name": "white", "value": "0.05"}, {"name": "odd", "value": "0.12"}],
            "odd chips are worth 0.12, which is not a whole number of 0.05 chips.",
        ),
    ],
)
def test_a_night_whose_chips_cannot_count_is_refused(api, group, chips, message):
    response = send(api, "", {"group": group.pk, "name": "Bad", "chips": chips})
    assert response.status_code == 400
    assert response.json() == {"detail": message, "fields": {}}
    assert not Night.objects.exists()


@pytest.mark.parametrize("value", ["0", "100000000", "1E+30", "0.00001", "1E-2000000", 0.25])
def test_a_chip_value_out_of_bounds_is_refused_by_field(api, group, value):
    chips = [{"name": "white", "value": value}]
    response = send(api, "", {"group": group.pk, "name": "Bad", "chips": chips})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["chips.0.value"]
    assert not Night.objects.exists()


def test_a_night_in_another_hosts_group_is_refused(api, django_user_model):
    other = django_user_model.objects.create_user(username="other", password="x-other-9")
    theirs = seating.group_create(host=other, name="Theirs")
    body = {"group": theirs.pk, "name": "Sneaky", "chips": [{"name": "w", "value": "1"}]}
    response = send(api, "", body)
    assert response.status_code == 400
    assert response.json() == {
        "detail": nights_api.NO_SUCH_GROUP.format(id=theirs.pk),
        "fields": {},
    }
    assert not Night.objects.exists()


def test_seats_come_from_the_roster_or_a_new_name(api, night, group):
    ann = Person.objects.create(group=group, name="Ann")
    first = send(api, f"{night.pk}/seats/", {"person": ann.pk})
    assert first.status_code == 201
    assert first.json()["position"] == 1
    assert first.json()["join_token"]
    late = send(api, f"{night.pk}/seats/", {"name": "Latecomer", "position": 7})
    assert late.status_code == 201
    assert late.json()["position"] == 7
    assert late.json()["person"]["name"] == "Latecomer"
    assert group.people.filter(name="Latecomer").exists()
    taken = send(api, f"{night.pk}/seats/", {"name": "Other", "position": 7})
    assert taken.status_code == 400
    assert taken.json() == {"detail": seating.SEAT_TAKEN.format(position=7), "fields": {}}
    again = send(api, f"{night.pk}/seats/", {"person": ann.pk})
    assert again.json() == {"detail": seating.ALREADY_SEATED.format(name="Ann"), "fields": {}}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, nights_api.PERSON_OR_NAME),
        ({"person": 1, "name": "Both"}, nights_api.PERSON_OR_NAME),
        ({"person": 999_999}, nights_api.NOT_IN_GROUP.format(id=999_999)),
    ],
)
def test_a_seat_needs_one_person_from_this_group(api, night, body, message):
    response = send(api, f"{night.pk}/seats/", body)
    assert response.status_code == 400
    assert response.json() == {"detail": message, "fields": {}}
    assert not night.seats.exists()


def test_buy_in_cash_out_and_adjustment_move_chips_with_the_bank(api, bought_through_api):
    night, (ann, bob, cat) = bought_through_api
    assert stacks(api, night) == {"Ann": 200, "Bob": 100, "Cat": 50}
    cashed = send(api, f"{night.pk}/seats/{bob.pk}/cash-out/", {"chips": 30})
    assert cashed.status_code == 201
    assert cashed.json()["seat"]["stack"] == 70
    assert cashed.json()["posting"]["kind"] == "cash_out"
    adjusted = send(
        api, f"{night.pk}/seats/{cat.pk}/adjustments/", {"chips": -5, "reason": "miscount"}
    )
    assert adjusted.status_code == 201
    assert adjusted.json()["posting"]["memo"] == "miscount"
    assert stacks(api, night) == {"Ann": 200, "Bob": 70, "Cat": 45}
    whole = send(api, f"{night.pk}/seats/{ann.pk}/cash-out/")
    assert whole.json()["seat"]["stack"] == 0
    assert journal_total(night) == 0


def test_a_player_sits_out_comes_back_and_leaves(api, bought_through_api):
    night, (_ann, bob, _cat) = bought_through_api
    out = send(api, f"{night.pk}/seats/{bob.pk}/sit-out/", {"out": True})
    assert out.status_code == 200
    assert out.json()["sitting_out"] is True
    back = send(api, f"{night.pk}/seats/{bob.pk}/sit-out/", {"out": False})
    assert back.json()["sitting_out"] is False
    gone = send(api, f"{night.pk}/seats/{bob.pk}/leave/")
    assert gone.status_code == 200
    assert gone.json()["left_at"] is not None
    # Bob cashed out his 100 and is settled at -0 chips.
    rows = read(api, f"{night.pk}/settlement/").json()["rows"]
    assert {r["name"]: r["chips"] for r in rows}["Bob"] == 0
    again = send(api, f"{night.pk}/seats/{bob.pk}/buy-in/", {"chips": 10})
    assert again.json() == {"detail": seating.SEAT_LEFT.format(name="Bob"), "fields": {}}


def test_join_and_spectator_links_can_be_revoked_and_renewed(api, night, seats):
    ann = seats[0]
    old = ann.join_token
    phone = seat_client(ann)
    assert read(phone, f"{night.pk}/").status_code == 200
    revoked = send(api, f"{night.pk}/seats/{ann.pk}/join-link/", {"change": "revoke"})
    assert revoked.json()["join_token"] is None
    refused = read(phone, f"{night.pk}/")
    assert refused.status_code == 403
    assert refused.json() == {"detail": BAD_SEAT_TOKEN, "fields": {}}
    renewed = send(api, f"{night.pk}/seats/{ann.pk}/join-link/", {"change": "renew"})
    assert renewed.json()["join_token"] not in (None, old)
    assert read(phone, f"{night.pk}/").status_code == 403  # a new link, a new claim
    ann.refresh_from_db()
    assert read(seat_client(ann), f"{night.pk}/").status_code == 200
    spectator = watch_client(night)
    assert read(spectator, f"{night.pk}/").status_code == 200
    assert send(api, f"{night.pk}/spectator-link/", {"change": "revoke"}).json() == {
        "spectator_token": None
    }
    assert read(spectator, f"{night.pk}/").status_code == 403
    fresh = send(api, f"{night.pk}/spectator-link/", {"change": "renew"}).json()
    assert (
        read(APIClient(HTTP_X_HOMEGAME_WATCH=fresh["spectator_token"]), f"{night.pk}/").status_code
        == 200
    )


def test_only_the_host_sees_join_links(api, bought_through_api):
    night, (ann, _bob, _) = bought_through_api
    as_host = read(api, f"{night.pk}/").json()
    assert all(s["join_token"] for s in as_host["seats"])
    for client in (seat_client(ann), watch_client(night)):
        data = read(client, f"{night.pk}/").json()
        assert [s["join_token"] for s in data["seats"]] == [None, None, None]
        assert data["spectator_token"] is None
    assert read(seat_client(ann), f"{night.pk}/").json()["you"] == {"role": "seat", "seat": ann.pk}


# --- A hand ---------------------------------------------------------------------------------


def test_starting_a_hand_names_the_game_and_orders_seats_from_the_dealers_left(
    api, bought_through_api
):
    night, (ann, bob, cat) = bought_through_api
    started = send(api, f"{night.pk}/hands/", {"game": "seven-card-stud", "dealer": cat.pk})
    assert started.status_code == 201
    hand = started.json()
    assert hand["number"] == 1
    assert hand["game_slug"] == "seven-card-stud"
    assert hand["game_name"] == "Seven Card Stud"
    assert hand["dealer"] == cat.pk
    assert hand["seat_order"] == [ann.pk, bob.pk, cat.pk]
    assert hand["round"] is None
    assert hand["pots"] == []
    table = read(api, f"{night.pk}/").json()
    assert table["hand"]["number"] == 1
    assert table["next_dealer"] is None


def test_the_dealer_rotates_left_by_default(api, bought_through_api):
    night, (ann, bob, _cat) = bought_through_api
    assert read(api, f"{night.pk}/").json()["next_dealer"] == ann.pk
    first = send(api, f"{night.pk}/hands/", {"players": [ann.pk, bob.pk]}).json()
    assert first["dealer"] == ann.pk
    assert first["seat_order"] == [bob.pk, ann.pk]


def test_antes_then_a_round_put_ann_first_to_act(api, dealt):
    night, (ann, _bob, _cat) = dealt
    hand = read(api, f"{night.pk}/hands/1/").json()
    assert hand["antes"] is True
    assert hand["pot"] == 3
    assert hand["round"] == {
        "number": 1,
        "complete": False,
        "turn": ann.pk,
        "current_bet": 0,
        "to_call": 0,
        "legal": ["all_in", "bet", "check", "fold"],
        "min_raise_to": 1,
        "max_raise_to": 199,
    }
    assert [p["stack"] for p in hand["players"]] == [199, 99, 49]


def test_every_action_shows_stacks_committed_chips_and_whose_turn(api, dealt):
    night, (ann, bob, _cat) = dealt
    bet = act(api, night, ann, "bet", 20)
    assert bet.status_code == 201
    body = bet.json()
    assert body["posting"]["memo"] == "Ann bets to 20"
    assert body["posting"]["recorded_by"] == "host:host"
    hand = body["hand"]
    assert hand["round"]["turn"] == bob.pk
    assert hand["round"]["to_call"] == 20
    assert hand["round"]["min_raise_to"] == 40
    assert hand["round"]["legal"] == ["all_in", "call", "fold", "raise"]
    ann_row = hand["players"][0]
    assert (ann_row["stack"], ann_row["committed"], ann_row["in_pot"]) == (179, 20, 21)


def test_three_players_make_a_main_and_a_side_pot_and_the_award_pays_them(api, side_pot):
    night, (ann, bob, cat) = side_pot
    pots = read(api, f"{night.pk}/hands/1/pots/").json()
    assert [(p["amount"], p["eligible"]) for p in pots] == [
        (150, sorted([ann.pk, bob.pk, cat.pk])),
        (22, sorted([ann.pk, bob.pk])),
    ]
    hand = read(api, f"{night.pk}/hands/1/").json()
    assert hand["round"]["complete"] is True
    assert hand["betting_open"] is False
    assert [p["all_in"] for p in hand["players"]] == [False, False, True]
    awarded = send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    assert awarded.status_code == 201
    assert awarded.json()["hand"]["status"] == "settled"
    assert awarded.json()["posting"]["memo"] == "Bob wins 22; Cat wins 150"
    assert stacks(api, night) == {"Ann": 139, "Bob": 61, "Cat": 150}
    settled = read(api, f"{night.pk}/hands/1/pots/").json()
    assert [(p["amount"], p["winners"]) for p in settled] == [(150, [cat.pk]), (22, [bob.pk])]
    assert journal_total(night) == 0


def test_undo_reopens_the_hand_and_a_tie_splits_the_main_pot(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    undone = send(api, f"{night.pk}/hands/1/undo/")
    assert undone.status_code == 201
    assert undone.json()["posting"]["kind"] == "reversal"
    assert undone.json()["hand"]["status"] == "betting"
    assert stacks(api, night) == {"Ann": 139, "Bob": 39, "Cat": 0}
    # Ann and Cat tie the main pot, 75 each; Ann takes the side pot: 139 + 75 + 22 = 236.
    body = {"winners": [[ann.pk, cat.pk], [ann.pk]]}
    assert send(api, f"{night.pk}/hands/1/award/", body).status_code == 201
    assert stacks(api, night) == {"Ann": 236, "Bob": 39, "Cat": 75}
    assert journal_total(night) == 0


def test_an_uncalled_bet_goes_back_to_the_bettor(api, dealt):
    night, (ann, bob, cat) = dealt
    act(api, night, ann, "bet", 30)
    act(api, night, bob, "fold")
    last = act(api, night, cat, "fold").json()
    assert last["posting"]["detail"]["returned"] == {"seat": ann.pk, "chips": 30}
    assert last["hand"]["pot"] == 3
    pots = read(api, f"{night.pk}/hands/1/pots/").json()
    assert [(p["amount"], p["eligible"]) for p in pots] == [(3, [ann.pk])]
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[ann.pk]]})
    # Ann: 200 - 1 ante + the 3 antes = 202.
    assert stacks(api, night) == {"Ann": 202, "Bob": 99, "Cat": 49}


def test_blinds_open_a_holdem_round_with_the_opener_chosen(api, bought_through_api):
    night, (ann, bob, cat) = bought_through_api
    send(api, f"{night.pk}/hands/", {"game": "texas-holdem", "dealer": cat.pk})
    body = {
        "opener": cat.pk,
        "blinds": [{"seat": ann.pk, "chips": 1}, {"seat": bob.pk, "chips": 2}],
    }
    opened = send(api, f"{night.pk}/hands/1/rounds/", body)
    assert opened.status_code == 201
    hand = opened.json()["hand"]
    assert hand["round"]["turn"] == cat.pk
    assert hand["round"]["to_call"] == 2
    assert [p["committed"] for p in hand["players"]] == [1, 2, 0]
    assert hand["pot"] == 3


def test_a_high_low_split_gives_the_odd_chip_to_high(api, dealt):
    night, (ann, bob, cat) = dealt
    for seat in (ann, bob, cat):
        act(api, night, seat, "check")
    body = {"winners": [[ann.pk]], "low_winners": [[bob.pk]]}
    assert send(api, f"{night.pk}/hands/1/award/", body).status_code == 201
    # Pot 3: high takes 2 (the odd chip), low 1.
    assert stacks(api, night) == {"Ann": 201, "Bob": 100, "Cat": 49}


def test_a_declare_both_player_who_ties_one_way_gets_nothing(api, dealt):
    night, (ann, bob, cat) = dealt
    for seat in (ann, bob, cat):
        act(api, night, seat, "check")
    body = {
        "declarations": [
            {"seat": ann.pk, "declares": "both"},
            {"seat": bob.pk, "declares": "low"},
            {"seat": cat.pk, "declares": "high"},
        ],
        # Ann has the best high but ties Bob for low, so she must win both outright and fails.
        "high_order": [[ann.pk], [cat.pk]],
        "low_order": [[ann.pk, bob.pk]],
    }
    awarded = send(api, f"{night.pk}/hands/1/award/", body)
    assert awarded.status_code == 201, awarded.json()
    # Pot 3 splits between Cat (high, 2 with the odd chip) and Bob (low, 1).
    assert stacks(api, night) == {"Ann": 199, "Bob": 100, "Cat": 51}


# --- Journal, end and settlement ------------------------------------------------------------


def test_the_journal_lists_postings_newest_first_with_entries_who_and_when(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    send(api, f"{night.pk}/hands/1/undo/")
    page = read(api, f"{night.pk}/journal/").json()
    kinds = [p["kind"] for p in page["results"]]
    assert kinds == ["reversal", "award"] + ["action"] * 4 + ["round", "ante"] + ["buy_in"] * 3
    assert (page["next"], page["previous"]) == (None, None)
    buy = page["results"][-1]
    assert buy["recorded_by"] == "host:host"
    assert buy["created_at"]
    assert buy["seat"] == ann.pk
    assert buy["hand"] is None
    assert sorted((e["account"]["kind"], e["amount"]) for e in buy["entries"]) == [
        ("bank", -200),
        ("stack", 200),
    ]
    reversal, award = page["results"][:2]
    assert award["reversed_by"] == reversal["id"]
    assert reversal["reverses"] == award["id"]
    assert {e["account"]["hand"] for e in award["entries"] if e["account"]["kind"] == "pot"} == {1}
    only_hand = read(api, f"{night.pk}/journal/", hand=1).json()
    assert len(only_hand["results"]) == 8
    only_bob = read(api, f"{night.pk}/journal/", seat=bob.pk).json()
    assert [p["kind"] for p in only_bob["results"]] == [
        "reversal",
        "award",
        "action",
        "ante",
        "buy_in",
    ]
    paged = read(api, f"{night.pk}/journal/", limit=2).json()
    assert [p["kind"] for p in paged["results"]] == ["reversal", "award"]
    older = parse_qs(urlsplit(paged["next"]).query)
    assert older == {"limit": ["2"], "before": [str(award["id"])]}


def test_ending_the_night_settles_nets_in_chips_and_money_with_explained_payments(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    counts = [
        {"seat": ann.pk, "chips": 139},
        {"seat": bob.pk, "chips": 61},
        {"seat": cat.pk, "chips": 150},
    ]
    ended = send(api, f"{night.pk}/end/", {"counts": counts})
    assert ended.status_code == 200, ended.json()
    settlement = ended.json()
    assert settlement["status"] == "ended"
    # Nets: Ann 139 - 200 = -61, Bob 61 - 100 = -39, Cat 150 - 50 = +100; 5 cents a chip.
    assert {r["name"]: (r["chips"], r["money"]) for r in settlement["rows"]} == {
        "Ann": (-61, "-3.05"),
        "Bob": (-39, "-1.95"),
        "Cat": (100, "5.00"),
    }
    payments = {p["payer"]["name"]: p for p in settlement["payments"]}
    assert {n: (p["payee"]["name"], p["amount"]) for n, p in payments.items()} == {
        "Ann": ("Cat", "3.05"),
        "Bob": ("Cat", "1.95"),
    }
    # Hand 1 explains Ann's payment: she lost 61 there, Cat won 100.
    assert payments["Ann"]["hands"] == [{"hand": 1, "payer_chips": -61, "payee_chips": 100}]
    assert read(api, f"{night.pk}/settlement/").json() == settlement
    assert stacks(api, night) == {"Ann": 0, "Bob": 0, "Cat": 0}
    assert journal_total(night) == 0
    paid = send(api, f"{night.pk}/payments/{payments['Bob']['id']}/paid/")
    assert paid.status_code == 200
    assert paid.json()["paid_at"] is not None
    twice = send(api, f"{night.pk}/payments/{payments['Bob']['id']}/paid/")
    assert twice.json() == {"detail": closing.ALREADY_PAID, "fields": {}}


def test_the_payee_can_mark_their_payment_paid(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    counts = [
        {"seat": ann.pk, "chips": 139},
        {"seat": bob.pk, "chips": 61},
        {"seat": cat.pk, "chips": 150},
    ]
    payments = send(api, f"{night.pk}/end/", {"counts": counts}).json()["payments"]
    first = payments[0]["id"]
    assert send(seat_client(cat), f"{night.pk}/payments/{first}/paid/").status_code == 200


def test_a_pot_nobody_can_win_rides_and_is_shared_out_before_the_end(api, dealt):
    night, (ann, bob, cat) = dealt
    for seat in (ann, bob, cat):
        act(api, night, seat, "check")
    # The night's setting: a pot with no winner rides to the next hand.
    assert send(api, f"{night.pk}/hands/1/award/", {"winners": [[]]}).status_code == 201
    table = read(api, f"{night.pk}/").json()
    assert table["riding"] == 3
    assert read(api, f"{night.pk}/settlement/").status_code == 409
    counts = [{"seat": s.pk, "chips": c} for s, c in ((ann, 199), (bob, 99), (cat, 49))]
    assert refused(api, night, f"{night.pk}/end/", {"counts": counts}) == {
        "detail": closing.CHIPS_RIDING.format(chips=3),
        "fields": {},
    }
    shared = send(api, f"{night.pk}/riding-share/")
    assert shared.status_code == 201
    assert shared.json()["posting"]["kind"] == "riding_share"
    assert stacks(api, night) == {"Ann": 200, "Bob": 100, "Cat": 50}
    assert read(api, f"{night.pk}/").json()["riding"] == 0
    assert refused(api, night, f"{night.pk}/riding-share/", {}) == {
        "detail": closing.NOTHING_RIDING,
        "fields": {},
    }
    counts = [{"seat": s.pk, "chips": c} for s, c in ((ann, 200), (bob, 100), (cat, 50))]
    assert send(api, f"{night.pk}/end/", {"counts": counts}).status_code == 200


def test_a_riding_pot_rides_into_the_next_hand(api, dealt):
    night, (ann, bob, cat) = dealt
    for seat in (ann, bob, cat):
        act(api, night, seat, "check")
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[]]})
    second = send(api, f"{night.pk}/hands/", {}).json()
    assert second["number"] == 2
    assert second["pot"] == 3
    assert read(api, f"{night.pk}/").json()["riding"] == 0


def test_a_count_that_differs_keeps_the_night_open(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    before = state(night)
    counts = [
        {"seat": ann.pk, "chips": 139},
        {"seat": bob.pk, "chips": 60},
        {"seat": cat.pk, "chips": 150},
    ]
    response = send(api, f"{night.pk}/end/", {"counts": counts})
    assert response.status_code == 400
    assert response.json() == {
        "detail": closing.COUNT_DIFFERS.format(name="Bob", counted=60, booked=61),
        "fields": {},
    }
    assert state(night) == before
    assert Night.objects.get(pk=night.pk).status == "open"


def test_a_seated_player_acts_for_their_own_seat_with_the_header_token(dealt):
    night, (ann, bob, cat) = dealt
    response = act(seat_client(ann), night, ann, "bet", 10)
    assert response.status_code == 201
    assert response.json()["posting"]["recorded_by"] == "seat 1:Ann"
    # The dealer records for anyone in the hand.
    called = act(seat_client(cat), night, bob, "call")
    assert called.json()["posting"]["recorded_by"] == "seat 3:Cat"


def test_gets_change_nothing(api, dealt):
    night, (_ann, _, _) = dealt
    before = (state(night), night.accounts.count())
    for path in [
        "",
        f"{night.pk}/",
        f"{night.pk}/hands/",
        f"{night.pk}/hands/1/",
        f"{night.pk}/hands/1/pots/",
        f"{night.pk}/journal/",
    ]:
        assert read(api, path).status_code == 200
    # With the antes in the pot there is nothing to settle yet.
    early = read(api, f"{night.pk}/settlement/")
    assert early.status_code == 409
    assert early.json() == {"detail": closing_api.CHIPS_IN_THE_MIDDLE.format(chips=3), "fields": {}}
    assert (state(night), night.accounts.count()) == before


def test_a_new_hand_with_nothing_in_opens_no_account_when_read(api, bought_through_api):
    night, (_ann, _bob, cat) = bought_through_api
    send(api, f"{night.pk}/hands/", {"dealer": cat.pk})
    accounts = night.accounts.count()
    assert read(api, f"{night.pk}/hands/1/pots/").json() == []
    assert read(api, f"{night.pk}/").status_code == 200
    assert night.accounts.count() == accounts


# --- Bad input: refused with a reason, nothing recorded ------------------------------------


def refused(client, night, path, body, status=400):
    before = state(night)
    response = send(client, path, body)
    assert response.status_code == status, response.json()
    assert state(night) == before
    return response.json()


@pytest.mark.parametrize(
    ("chips", "field_error"),
    [
        (-5, "Chips must be at least 1, not -5."),
        (0, "Chips must be at least 1, not 0."),
        (2.5, "A valid integer is required."),
        ("ten", "A valid integer is required."),
        ("10", "A valid integer is required."),
        (True, "A valid integer is required."),
        (10**9 + 1, "Chips can be at most 1,000,000,000, not 1,000,000,001."),
        (2**64, "Chips can be at most 1,000,000,000, not 18,446,744,073,709,551,616."),
        (None, "This field may not be null."),
    ],
)
def test_a_buy_in_that_is_not_a_whole_positive_count_is_refused(
    api, bought_through_api, chips, field_error
):
    night, (ann, _, _) = bought_through_api
    body = refused(api, night, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": chips})
    assert body["fields"] == {"chips": [field_error]}


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("cash-out/", {"chips": 201}, seating.CASH_MORE_THAN_STACK.format(name="Ann", stack=200)),
        ("cash-out/", {"chips": 0}, "Chips must be at least 1, not 0."),
        ("adjustments/", {"chips": 5, "reason": "  "}, seating.NO_REASON),
        (
            "adjustments/",
            {"chips": 0, "reason": "why"},
            "A chip movement must be more than zero, got 0.",
        ),
        ("adjustments/", {"chips": -201, "reason": "why"}, "would leave"),
    ],
)
def test_chips_out_of_a_stack_are_refused_beyond_it(api, bought_through_api, path, body, message):
    night, (ann, _, _) = bought_through_api
    got = refused(api, night, f"{night.pk}/seats/{ann.pk}/{path}", body)
    if "reason" in body and not body["reason"].strip():
        assert got["fields"] == {"reason": ["This field may not be blank."]}
    else:
        assert message in got["detail"]


@pytest.mark.parametrize(
    ("who", "action", "amount", "message"),
    [
        ("ann", "bet", 500, "Ann has only 199 behind: go all in instead."),
        ("ann", "bet", 0, "An amount must be more than zero, not 0."),
        ("ann", "call", 0, "There is nothing to call: check instead."),
        ("ann", "check", 5, "'check' takes no amount."),
        ("bob", "check", 0, "It is not Bob's turn."),
    ],
)
def test_bad_actions_are_refused_with_the_reason(api, dealt, who, action, amount, message):
    night, seats = dealt
    seat = dict(zip(("ann", "bob", "cat"), seats, strict=True))[who]
    body = {"seat": seat.pk, "action": action, "amount": amount}
    assert refused(api, night, f"{night.pk}/hands/1/actions/", body) == {
        "detail": message,
        "fields": {},
    }


def test_a_raise_too_small_is_refused(api, dealt):
    night, (ann, bob, _) = dealt
    act(api, night, ann, "bet", 20)
    body = {"seat": bob.pk, "action": "raise", "amount": 30}
    assert refused(api, night, f"{night.pk}/hands/1/actions/", body) == {
        "detail": "The smallest raise is to 40.",
        "fields": {},
    }


@pytest.mark.parametrize("amount", [2.5, "lots", 10**13, -3])
def test_a_fractional_or_absurd_amount_is_refused_by_field(api, dealt, amount):
    night, (ann, _, _) = dealt
    body = {"seat": ann.pk, "action": "bet", "amount": amount}
    assert "amount" in refused(api, night, f"{night.pk}/hands/1/actions/", body)["fields"]


def test_an_unknown_action_is_refused(api, dealt):
    night, (ann, _, _) = dealt
    body = {"seat": ann.pk, "action": "steal"}
    assert "action" in refused(api, night, f"{night.pk}/hands/1/actions/", body)["fields"]


def test_an_action_on_a_finished_hand_is_refused(api, side_pot):
    night, (ann, bob, cat) = side_pot
    send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]})
    body = {"seat": ann.pk, "action": "check"}
    assert refused(api, night, f"{night.pk}/hands/1/actions/", body) == {
        "detail": hands.HAND_OVER.format(number=1),
        "fields": {},
    }
    assert refused(api, night, f"{night.pk}/hands/1/antes/", {}) == {
        "detail": hands.HAND_OVER.format(number=1),
        "fields": {},
    }


def test_unknown_and_other_nights_seats_are_refused_in_bodies(api, dealt, host, group):
    night, (ann, _bob, _cat) = dealt
    _, (stranger,) = night_with(host, group=group, name="Other", chips=[("w", "1")], seats=["Zed"])
    for seat_id in (stranger.pk, 999_999):
        message = {"detail": base.UNKNOWN_SEAT.format(id=seat_id), "fields": {}}
        path = f"{night.pk}/hands/1/"
        assert (
            refused(api, night, path + "actions/", {"seat": seat_id, "action": "fold"}) == message
        )
        assert refused(api, night, path + "rounds/", {"opener": seat_id}) == message
        assert refused(api, night, f"{night.pk}/hands/", {"players": [ann.pk, seat_id]}) == message
        counts = {"counts": [{"seat": seat_id, "chips": 1}]}
        assert refused(api, night, f"{night.pk}/end/", counts) == message


def test_other_nights_seats_in_paths_are_not_found(api, bought_through_api, host, group):
    night, _ = bought_through_api
    _, (stranger,) = night_with(host, group=group, name="Other", chips=[("w", "1")], seats=["Zed"])
    got = refused(api, night, f"{night.pk}/seats/{stranger.pk}/buy-in/", {"chips": 5}, status=404)
    assert got == {"detail": base.NO_SUCH_SEAT.format(id=stranger.pk), "fields": {}}
    assert refused(api, night, f"{night.pk}/hands/9/antes/", {}, 404) == {
        "detail": base.NO_SUCH_HAND.format(number=9),
        "fields": {},
    }


def test_award_refusals(api, side_pot, host, group):
    night, (ann, bob, cat) = side_pot
    path = f"{night.pk}/hands/1/award/"
    assert refused(api, night, path, {"winners": [[cat.pk]]}) == {
        "detail": hands.WINNERS_NEEDED.format(count=2),
        "fields": {},
    }
    assert refused(api, night, path, {"winners": [[cat.pk], [cat.pk]]}) == {
        "detail": "Cat cannot win pot 2: folded or not in that side pot.",
        "fields": {},
    }
    assert refused(api, night, path, {"winners": [[999_999], [bob.pk]]}) == {
        "detail": base.UNKNOWN_SEAT.format(id=999_999),
        "fields": {},
    }
    assert refused(api, night, path, {}) == {"detail": hands_api.AWARD_NEEDED, "fields": {}}
    both = {"winners": [[cat.pk], [bob.pk]], "declarations": [{"seat": ann.pk, "declares": "low"}]}
    assert refused(api, night, path, both) == {"detail": hands_api.AWARD_ONE_WAY, "fields": {}}


def test_award_while_betting_is_open_is_refused(api, dealt):
    night, (ann, _, _) = dealt
    assert refused(api, night, f"{night.pk}/hands/1/award/", {"winners": [[ann.pk]]}) == {
        "detail": hands.ROUND_STILL_OPEN.format(name="Ann"),
        "fields": {},
    }


def test_a_hand_start_is_refused_for_bad_players_or_game(api, bought_through_api):
    night, (ann, _bob, _) = bought_through_api
    assert refused(api, night, f"{night.pk}/hands/", {"game": "no-such-game"}) == {
        "detail": games.UNKNOWN_GAME.format(slug="no-such-game"),
        "fields": {},
    }
    assert refused(api, night, f"{night.pk}/hands/", {"players": [ann.pk]}) == {
        "detail": hands.TOO_FEW_PLAYERS,
        "fields": {},
    }
    assert refused(api, night, f"{night.pk}/hands/", {"players": [ann.pk, ann.pk]}) == {
        "detail": base.LISTED_TWICE.format(id=ann.pk),
        "fields": {},
    }
    assert not night.hands.exists()


def test_a_second_hand_waits_for_the_first(api, dealt):
    night, _ = dealt
    assert refused(api, night, f"{night.pk}/hands/", {}) == {
        "detail": hands.HAND_IN_PROGRESS.format(number=1),
        "fields": {},
    }


def test_cash_out_and_leave_wait_for_the_open_hand(api, dealt):
    night, (ann, _, _) = dealt
    message = {"detail": seating.IN_HAND.format(name="Ann"), "fields": {}}
    assert refused(api, night, f"{night.pk}/seats/{ann.pk}/cash-out/", {}) == message
    assert refused(api, night, f"{night.pk}/seats/{ann.pk}/leave/", {}) == message


def test_nothing_is_recorded_after_the_night_ends(api, bought_through_api):
    night, (ann, bob, cat) = bought_through_api
    counts = [{"seat": s.pk, "chips": c} for s, c in ((ann, 200), (bob, 100), (cat, 50))]
    assert send(api, f"{night.pk}/end/", {"counts": counts}).status_code == 200
    ended = {"detail": seating.NIGHT_ENDED, "fields": {}}
    assert refused(api, night, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": 5}) == ended
    assert refused(api, night, f"{night.pk}/hands/", {}) == ended
    assert refused(api, night, f"{night.pk}/end/", {"counts": counts}) == ended


def test_a_body_that_is_not_json_is_refused(api, bought_through_api):
    night, (ann, _, _) = bought_through_api
    before = state(night)
    response = api.post(
        API + f"{night.pk}/seats/{ann.pk}/buy-in/",
        "chips=5",
        content_type="application/x-www-form-urlencoded",
        HTTP_IDEMPOTENCY_KEY="k1",
    )
    assert response.status_code == 415
    assert state(night) == before


# --- Idempotency ----------------------------------------------------------------------------


def test_a_write_without_a_key_is_refused(api, bought_through_api):
    night, (ann, _, _) = bought_through_api
    before = state(night)
    response = send(api, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": 5}, key=None)
    assert response.status_code == 400
    assert response.json() == {"detail": base.KEY_NEEDED, "fields": {}}
    too_long = send(api, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": 5}, key="k" * 65)
    assert too_long.json() == {"detail": base.KEY_TOO_LONG.format(most=64), "fields": {}}
    assert state(night) == before


@pytest.mark.parametrize(
    "path",
    ["groups/", "groups/{group}/people/", "groups/{group}/settings/", ""],
)
def test_every_host_write_needs_a_key_too(api, group, path):
    response = send(api, path.format(group=group.pk), {"name": "X"}, key=None)
    assert response.status_code == 400
    assert response.json() == {"detail": base.KEY_NEEDED, "fields": {}}


def test_a_repeated_key_returns_the_first_answer_and_posts_nothing(api, bought_through_api):
    night, (ann, _, _) = bought_through_api
    path = f"{night.pk}/seats/{ann.pk}/buy-in/"
    first = send(api, path, {"chips": 25}, key="tap-1")
    after_first = state(night)
    again = send(api, path, {"chips": 25}, key="tap-1")
    assert again.status_code == first.status_code == 201
    assert again.json() == first.json()
    assert again[base.REPLAYED_HEADER] == "true"
    assert base.REPLAYED_HEADER not in first
    assert state(night) == after_first
    assert stacks(api, night)["Ann"] == 225


def test_a_repeated_hand_action_is_not_recorded_twice(api, dealt):
    night, (ann, _, _) = dealt
    path = f"{night.pk}/hands/1/actions/"
    body = {"seat": ann.pk, "action": "bet", "amount": 10}
    first = send(api, path, body, key="bet-1")
    after = state(night)
    assert send(api, path, body, key="bet-1").json() == first.json()
    assert state(night) == after
    assert read(api, f"{night.pk}/hands/1/").json()["pot"] == 13


def test_the_same_key_with_another_body_or_endpoint_is_422(api, bought_through_api):
    night, (ann, bob, _) = bought_through_api
    send(api, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": 25}, key="tap-2")
    before = state(night)
    other_body = send(api, f"{night.pk}/seats/{ann.pk}/buy-in/", {"chips": 26}, key="tap-2")
    assert other_body.status_code == 422
    assert other_body.json() == {"detail": KEY_REUSED, "fields": {}}
    other_path = send(api, f"{night.pk}/seats/{bob.pk}/buy-in/", {"chips": 25}, key="tap-2")
    assert other_path.status_code == 422
    assert state(night) == before


def test_a_refused_write_keeps_no_answer_so_the_key_can_be_retried(api, bought_through_api):
    night, (ann, _, _) = bought_through_api
    path = f"{night.pk}/seats/{ann.pk}/cash-out/"
    assert send(api, path, {"chips": 500}, key="retry").status_code == 400
    assert send(api, path, {"chips": 500}, key="retry").status_code == 400
    assert send(api, path, {"chips": 50}, key="retry").status_code == 201


def test_creating_a_night_twice_with_one_key_makes_one_night(api, group):
    body = {"group": group.pk, "name": "Friday", "chips": [{"name": "w", "value": "0.25"}]}
    first = send(api, "", body, key="night-1")
    again = send(api, "", body, key="night-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Night.objects.count() == 1
    changed = send(api, "", {**body, "name": "Saturday"}, key="night-1")
    assert changed.status_code == 422
    assert Night.objects.count() == 1


def test_a_replayed_answer_survives_later_changes(api, bought_through_api):
    """The stored answer is the first one, even after the table moved on."""
    night, (ann, _, _) = bought_through_api
    path = f"{night.pk}/seats/{ann.pk}/buy-in/"
    first = send(api, path, {"chips": 5}, key="old").json()
    send(api, path, {"chips": 7})
    assert send(api, path, {"chips": 5}, key="old").json() == first
    assert stacks(api, night)["Ann"] == 212


# --- CSRF -----------------------------------------------------------------------------------


def test_session_writes_need_the_csrf_token_but_header_tokens_do_not(host, bought_through_api):
    night, (ann, _, _) = bought_through_api
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(host)
    before = state(night)
    path = f"{night.pk}/seats/{ann.pk}/buy-in/"
    missing = send(client, path, {"chips": 5})
    assert missing.status_code == 403
    assert "CSRF" in missing.json()["detail"]
    assert state(night) == before
    # Django accepts the cookie's 32-character secret back in the header.
    secret = "a1" * 16
    client.cookies["csrftoken"] = secret
    with_token = client.post(
        API + path,
        {"chips": 5},
        format="json",
        HTTP_IDEMPOTENCY_KEY="csrf-ok",
        HTTP_X_CSRFTOKEN=secret,
    )
    assert with_token.status_code == 201
    seat = APIClient(enforce_csrf_checks=True)
    seat.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(ann))
    assert send(seat, f"{night.pk}/seats/{ann.pk}/sit-out/", {"out": True}).status_code == 200


# --- Schema ---------------------------------------------------------------------------------

PATHS = {
    "/api/nights/": {"get", "post"},
    "/api/nights/groups/": {"get", "post"},
    "/api/nights/groups/{group_id}/people/": {"get", "post"},
    "/api/nights/groups/{group_id}/settings/": {"post"},
    "/api/nights/join/": {"post"},
    "/api/nights/{night_id}/": {"get", "delete"},
    "/api/nights/{night_id}/spectator-link/": {"post"},
    "/api/nights/{night_id}/seats/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/sit-out/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/leave/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/buy-in/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/cash-out/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/adjustments/": {"post"},
    "/api/nights/{night_id}/seats/{seat_id}/join-link/": {"post"},
    "/api/nights/{night_id}/hands/": {"get", "post"},
    "/api/nights/{night_id}/hands/{number}/": {"get"},
    "/api/nights/{night_id}/hands/{number}/pots/": {"get"},
    "/api/nights/{night_id}/hands/{number}/antes/": {"post"},
    "/api/nights/{night_id}/hands/{number}/rounds/": {"post"},
    "/api/nights/{night_id}/hands/{number}/actions/": {"post"},
    "/api/nights/{night_id}/hands/{number}/award/": {"post"},
    "/api/nights/{night_id}/hands/{number}/undo/": {"post"},
    "/api/nights/{night_id}/hands/{number}/step/": {"post"},
    "/api/nights/{night_id}/hands/{number}/named/": {"post"},
    "/api/nights/{night_id}/hands/{number}/again/": {"post"},
    "/api/nights/{night_id}/hands/{number}/cards/": {"post"},
    "/api/nights/{night_id}/hands/{number}/cards/show/": {"post"},
    "/api/nights/{night_id}/hands/{number}/showdown-helper/": {"get"},
    "/api/nights/{night_id}/hands/{number}/charges/": {"post"},
    "/api/nights/{night_id}/hands/{number}/showdown/": {"post"},
    "/api/nights/{night_id}/games/": {"get", "post"},
    "/api/nights/{night_id}/games/{number}/deals/": {"post"},
    "/api/nights/{night_id}/games/{number}/end/": {"post"},
    "/api/nights/{night_id}/journal/": {"get"},
    "/api/nights/{night_id}/riding-share/": {"post"},
    "/api/nights/{night_id}/end/": {"post"},
    "/api/nights/{night_id}/settlement/": {"get"},
    "/api/nights/{night_id}/payments/{payment_id}/paid/": {"post"},
}


def test_the_schema_lists_every_ledger_endpoint_with_its_key_header(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    ledger = {p: ops for p, ops in schema["paths"].items() if p.startswith("/api/nights/")}
    assert {p: set(ops) - {"parameters"} for p, ops in ledger.items()} == PATHS
    for path, ops in ledger.items():
        for method, op in ops.items():
            headers = {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}
            keyed = method in ("post", "delete")
            assert (base.KEY_HEADER in headers) == keyed, (path, method)
            assert op["responses"], (path, method)
    schemes = schema["components"]["securitySchemes"]
    assert schemes["seatToken"]["name"] == "X-Homegame-Seat"
    assert schemes["watchToken"]["name"] == "X-Homegame-Watch"


def test_the_schema_validates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))


def test_no_posting_is_ever_updated_by_the_api(api, side_pot):
    """Undo posts a reversal; the award it undoes stays as it was."""
    night, (_, bob, cat) = side_pot
    award = send(api, f"{night.pk}/hands/1/award/", {"winners": [[cat.pk], [bob.pk]]}).json()
    send(api, f"{night.pk}/hands/1/undo/")
    original = Posting.objects.get(pk=award["posting"]["id"])
    assert original.memo == award["posting"]["memo"]
    assert original.entries.count() == len(award["posting"]["entries"])
