"""No amount is ever defaulted silently; saved choices the rule data outgrew never refuse a game.

Issue 10: the amounts a game's rules leave to the table are prefilled with the
ante and confirmed with one tap before the game starts. A game named at the
table (or with the API's `hands/`) and dealt at once plays what was chosen
for it last time at this night or group: when its amounts were never
confirmed there, the page sends the host to the game's setup and the API
refuses by name; nothing is dealt or written until they are confirmed.
"""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.models import Night, Run, WriteRequest
from ledger.services import runs, seating
from ledger.services.journal import LedgerError
from rulebook.models import Game
from tests.ledger.conftest import confirm_ante, journal_rows

pytestmark = pytest.mark.django_db

ANTE = "the table's ante"
DRAW = "five-card-draw"
TRASH = "pass-the-trash"


def url(name, *args):
    return reverse(f"ledger:{name}", args=args)


def post(client, path, data=None, **extra):
    return client.post(path, {"idempotency_key": uuid.uuid4().hex, **(data or {})}, **extra)


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


@pytest.fixture
def table(client, host, night, seats):
    """The host's phone; Ann, Bob and Cat bought 40 chips each, and the night's ante is 2."""
    client.force_login(host)
    night.settings = {**(night.settings or {}), "ante": 2}
    night.save(update_fields=["settings"])
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=40, recorded_by="host:host")
    return client


@pytest.fixture
def api(host) -> APIClient:
    client = APIClient()
    client.force_login(host)
    return client


def next_hand(client, night, seats, game, **extra):
    """The table page's "Next hand" form, Cat dealing Ann and Bob in."""
    ann, _bob, cat = seats
    data = {"game": game, "dealer": str(cat.pk), "players": [str(ann.pk), str(cat.pk)]}
    return post(client, url("hand_start", night.pk), data, **extra)


def api_hand(api, night, seats, game):
    ann, bob, cat = seats
    body = {"game": game, "dealer": cat.pk, "players": [ann.pk, bob.pk, cat.pk]}
    key = uuid.uuid4().hex
    return api.post(f"/api/nights/{night.pk}/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def finish(night):
    """The hand in play antes and is won by its first player, so the table may deal again."""
    from ledger.services import hands

    hand = night.hands.order_by("-number").first()
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).award(winners=[[hand.seat_order[0]]], recorded_by="host:host")


# --- The page ------------------------------------------------------------------------------


def test_a_game_named_at_the_table_with_amounts_never_confirmed_goes_to_its_setup_first(
    table, night, seats
):
    before = journal_rows(night)
    response = next_hand(table, night, seats, DRAW)
    assert response.status_code == 303
    setup = response["Location"]
    assert setup.startswith(url("game_new", night.pk) + f"?game={DRAW}")
    # Nothing dealt, nothing started, nothing booked.
    assert journal_rows(night) == before
    assert not night.hands.exists()
    assert not Run.objects.filter(night=night).exists()

    page = text(table.get(setup))
    assert "Five Card Draw needs “the table's ante” agreed before it is dealt" in page
    assert "was never confirmed at this night or its group" in page
    # Prefilled with the night's ante, the dealer and the players picked at the table.
    assert f'name="agreed-{ANTE}" value="2"' in page
    assert "Confirm the amounts, start Five Card Draw and deal" in page
    ann, bob, cat = seats
    assert f'<option value="{cat.pk}" selected>' in page
    assert f'value="{ann.pk}" checked' in page
    assert f'value="{bob.pk}" checked' not in page
    # Its one tap brings the host back to the table.
    assert f'name="next" value="{url("night", night.pk)}"' in page


def test_one_tap_on_the_setup_page_then_confirms_the_amounts_and_deals(table, night, seats):
    ann, _bob, cat = seats
    next_hand(table, night, seats, DRAW)
    tap = {
        "game": DRAW,
        "dealer": str(cat.pk),
        "players": [str(ann.pk), str(cat.pk)],
        f"agreed-{ANTE}": "2",  # as the page prefilled it
        "next": url("night", night.pk),
    }
    response = post(table, url("game_start", night.pk), tap)
    assert response.status_code == 303
    assert response["Location"] == url("night", night.pk)
    run = Run.objects.get(night=night)
    assert run.agreed == {ANTE: 2}
    hand = night.hands.get()
    assert (hand.game_slug, hand.dealer_id, hand.seat_order) == (DRAW, cat.pk, [ann.pk, cat.pk])
    # Kept for the night: naming the game at the table later deals at once.
    assert runs.unconfirmed(Night.objects.get(pk=night.pk), DRAW) == []


def test_an_htmx_tap_is_sent_to_the_setup_page_whole_not_swapped_into_the_table(
    table, night, seats
):
    before = journal_rows(night)
    response = next_hand(table, night, seats, DRAW, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(url("game_new", night.pk) + f"?game={DRAW}")
    assert journal_rows(night) == before
    assert not night.hands.exists()


def test_a_game_whose_amounts_were_confirmed_before_deals_at_once_from_the_table(
    table, night, seats
):
    ann, _bob, cat = seats
    tap = {"game": DRAW, "dealer": str(cat.pk), "players": [str(ann.pk), str(cat.pk)]}
    assert (
        post(table, url("game_start", night.pk), tap | {f"agreed-{ANTE}": "3"}).status_code == 303
    )
    finish(night)
    response = next_hand(table, night, seats, DRAW)
    assert response.status_code == 303
    assert response["Location"] == url("night", night.pk)
    second = night.hands.order_by("-number").first()
    assert (second.number, second.game_slug) == (2, DRAW)
    assert night.runs.order_by("-number").first().agreed == {ANTE: 3}


def test_amounts_confirmed_for_the_group_deal_at_once_on_its_next_night(
    table, host, night, seats, group
):
    ann, _bob, cat = seats
    tap = {
        "game": DRAW,
        "dealer": str(cat.pk),
        "players": [str(ann.pk), str(cat.pk)],
        f"agreed-{ANTE}": "4",
        "save_for_group": "1",
    }
    assert post(table, url("game_start", night.pk), tap).status_code == 303
    later = seating.night_create(host=host, group=group, name="Saturday", chips=[("white", "1")])
    people = [s.person for s in seats]
    later_seats = [seating.seat_add(night=later, person=p) for p in people]
    for seat in later_seats:
        seating.buy_in(night=later, seat=seat, chips=40, recorded_by="host:host")
    assert next_hand(table, later, later_seats, DRAW).status_code == 303
    assert later.hands.get().game_slug == DRAW
    assert later.runs.get().agreed == {ANTE: 4}


def test_a_game_with_nothing_to_agree_deals_at_once(table, night, seats):
    free = next(
        g.slug for g in Game.objects.order_by("slug") if not runs.needed_agreed(g.spec, [], {})
    )
    assert runs.unconfirmed(night, free) == []
    assert next_hand(table, night, seats, free).status_code == 303
    assert night.hands.get().game_slug == free


# --- The API -------------------------------------------------------------------------------


def test_the_api_refuses_a_game_named_with_hands_until_its_amounts_are_confirmed(
    table, api, night, seats
):
    before = journal_rows(night)
    keys = WriteRequest.objects.filter(night=night).count()
    response = api_hand(api, night, seats, DRAW)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "Five Card Draw needs “the table's ante” agreed before it is dealt" in detail
    assert "start the game with games/ and agreed" in detail
    assert '"agreed": {"the table\'s ante": "<chips>"}' in detail
    assert "nothing was recorded" in detail
    assert journal_rows(night) == before
    assert WriteRequest.objects.filter(night=night).count() == keys
    assert not night.hands.exists()
    assert not Run.objects.filter(night=night).exists()
    assert "games" not in Night.objects.get(pk=night.pk).settings


def test_the_api_deals_a_game_at_once_once_games_confirmed_its_amounts(table, api, night, seats):
    _ann, _bob, cat = seats
    body = {"game": DRAW, "dealer": cat.pk, "agreed": {ANTE: 3}}
    key = uuid.uuid4().hex
    started = api.post(
        f"/api/nights/{night.pk}/games/", body, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert started.status_code == 201, started.json()
    finish(night)
    response = api_hand(api, night, seats, DRAW)
    assert response.status_code == 201, response.json()
    assert response.json()["game_slug"] == DRAW
    assert night.runs.order_by("-number").first().agreed == {ANTE: 3}


# --- The services --------------------------------------------------------------------------


def test_the_service_never_takes_the_nights_ante_for_an_amount_nobody_confirmed(
    table, night, seats
):
    ann, _bob, cat = seats
    before = journal_rows(night)
    with pytest.raises(LedgerError, match="Confirm “the table's ante” before Five Card Draw"):
        runs.deal(
            night=night,
            players=[ann, cat],
            dealer_seat=cat,
            recorded_by="host:host",
            game_slug=DRAW,
        )
    assert journal_rows(night) == before
    assert not Run.objects.filter(night=night).exists()


# --- Stale saved choices -------------------------------------------------------------------


def stale(night):
    """Pass the trash as saved before its settings were merged: ids the rule data no longer has."""
    night.settings = {
        **night.settings,
        "games": {
            TRASH: {
                "options": ["high-low", "passer-split", "a-gone-option"],
                "settings": {
                    "both-ways": "outright",  # renamed both-must-win-outright
                    "both-must-win-outright": "a-gone-choice",
                    "declare-method": "in-turn",
                },
                "agreed": {},
            }
        },
    }
    night.save(update_fields=["settings"])
    confirm_ante(night, TRASH)


def test_saved_choices_drop_what_the_rule_data_no_longer_has(table, night, seats):
    stale(night)
    saved = runs.choices(night, TRASH)
    # The gone option goes, and so does one that now clashes with an option kept before it.
    assert saved["options"] == ["high-low"]
    assert saved["settings"] == {"declare-method": "in-turn"}


def test_a_stale_saved_setting_never_refuses_the_game_it_plays_the_default(table, night, seats):
    stale(night)
    spec = Game.objects.get(slug=TRASH).spec
    default = next(s.default for s in spec.settings if s.id == "both-must-win-outright")
    response = next_hand(table, night, seats, TRASH)
    assert response.status_code == 303, text(response)[:300]
    run = night.runs.get()
    assert run.options == ["high-low"]
    assert run.settings["declare-method"] == "in-turn"
    assert run.settings["both-must-win-outright"] == default
    assert "both-ways" not in run.settings
    # Its setup page shows them too, and refuses nothing.
    assert table.get(url("game_new", night.pk) + f"?game={TRASH}").status_code == 200


def test_a_setting_the_host_types_now_is_still_refused_by_name(table, api, night, seats):
    stale(night)
    before = journal_rows(night)
    body = {"game": TRASH, "settings": {"both-ways": "outright"}}
    key = uuid.uuid4().hex
    response = api.post(
        f"/api/nights/{night.pk}/games/", body, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert response.status_code == 400
    assert "both-ways" in response.json()["detail"]
    assert journal_rows(night) == before
    assert not Run.objects.filter(night=night).exists()
