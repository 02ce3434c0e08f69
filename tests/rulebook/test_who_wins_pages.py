"""The "Who wins?" pages: a tap grid per player that works without JavaScript, and the result.

Issue 12, "What a user does": cards tapped (not held, face down, face up) or
typed, cards held by another player greyed, the result in table words; the
page refuses exactly what the API refuses, with the same reason.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils.html import escape

from tests.rulebook.test_showdown_api import AXE, FOLLOWS, FORM_CASES, NO_HELPER, post

PAGE = "/rules/who-wins/"


def form_from(body: dict) -> tuple[str, dict]:
    """The page's URL and form fields for an API request body."""
    url = f"/rules/{body['game']}/who-wins/" if body.get("game") else PAGE
    data: dict = {"players": len(body["hands"]), "show": "1"}
    if "rank" in body:
        data["rank"] = body["rank"]
    if body.get("options"):
        data["opt"] = body["options"]
    for key, choice in body.get("settings", {}).items():
        data[f"set.{key}"] = choice
    for key in ("board", "up_order", "wild_ranks"):
        if key in body:
            data[key] = body[key]
    for i, (name, hand) in enumerate(body["hands"].items()):
        cards = hand["cards"]
        data[f"p{i}-name"] = name
        data[f"p{i}-cards"] = cards if isinstance(cards, str) else " ".join(cards)
        data[f"p{i}-up"] = hand.get("up", "")
        for key, value in hand.get("extra", {}).items():
            data[f"p{i}-{key}"] = value
    return url, data


def page(client: Client, url: str = PAGE, **data) -> str:
    response = client.post(url, data)
    assert response.status_code in (200, 400), response.status_code
    return response.content.decode()


def field(body: str, name: str) -> str:
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', body)
    assert found, name
    return html.unescape(found[1])


def button(body: str, value: str) -> str:
    found = re.search(rf'<button class="ww-card[^"]*"[^>]*value="{re.escape(value)}"[^>]*>', body)
    assert found, value
    return found[0]


def two_players(**fields) -> dict:
    return {"players": 2, "p0-name": "Ann", "p1-name": "Bob", **fields}


@pytest.mark.django_db
def test_the_page_starts_with_two_players_and_a_grid_of_52_cards_each(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    body = response.content.decode()
    assert field(body, "p0-name") == "Player 1"
    assert field(body, "p1-name") == "Player 2"
    assert len(re.findall(r'value="0:(?:10|[2-9TJQKA])[shdc]"', body)) == 52
    assert "Who wins?</button>" in body
    assert "Add a player" in body
    assert "style=" not in body
    assert "<script>" not in body


@pytest.mark.django_db
def test_a_tap_cycles_a_card_from_not_held_to_face_down_to_face_up_and_back(client):
    body = page(client, **two_players(tap="0:As"))
    assert field(body, "p0-cards") == "As"
    assert field(body, "p0-up") == ""
    assert " down" in button(body, "0:As")
    body = page(client, **two_players(**{"p0-cards": "As"}, tap="0:As"))
    assert field(body, "p0-cards") == "As"
    assert field(body, "p0-up") == "As"
    assert " up" in button(body, "0:As")
    body = page(client, **two_players(**{"p0-cards": "As", "p0-up": "As"}, tap="0:As"))
    assert field(body, "p0-cards") == ""
    assert field(body, "p0-up") == ""


@pytest.mark.django_db
def test_a_card_another_player_holds_is_greyed_for_the_others(client):
    body = page(client, **two_players(**{"p0-cards": "As Kd"}))
    assert "disabled" in button(body, "1:As")
    assert "disabled" in button(body, "1:Kd")
    assert "disabled" not in button(body, "0:As")
    assert "disabled" not in button(body, "1:Qd")


@pytest.mark.django_db
def test_typed_hands_show_the_result_in_table_words(client):
    fields = two_players(**{"p0-cards": "As Ad Kc Kd 7h", "p1-cards": "Qs Qh Qd 2c 3c"}, show="1")
    body = page(client, **fields)
    assert 'id="result"' in body
    assert "First:</strong> Bob" in body
    assert "Second:</strong> Ann" in body
    assert "Three of a kind, queens" in body
    assert "Q♠" in body


@pytest.mark.django_db
def test_a_game_s_wilds_are_shown_as_the_cards_they_stand_for(client):
    fields = two_players(**{"p0-cards": "As Ad 2c Kd 3h", "p1-cards": "7s 7h 4d 5c 9c"}, show="1")
    body = page(client, f"/rules/{AXE}/who-wins/", **fields)
    assert "Four of a kind, aces" in body
    assert re.search(r"2♣ as A[♠♥♦♣]", body)
    assert re.search(r"K♦ as A[♠♥♦♣]", body)
    assert "Wins the pot outright" in body


@pytest.mark.django_db
def test_add_a_player_and_take_one_out(client):
    body = page(client, **two_players(add="1"))
    assert field(body, "p2-name") == "Player 3"
    body = page(client, **{**two_players(), "players": 3, "p2-name": "Cat", "take_out": "0"})
    assert field(body, "p0-name") == "Bob"
    assert field(body, "p1-name") == "Cat"
    assert 'name="p2-name"' not in body


@pytest.mark.django_db
def test_with_htmx_only_the_form_comes_back(client):
    response = client.post(PAGE, two_players(tap="1:Kd"), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<form id="who-wins"')
    assert "<html" not in body
    assert field(body, "p1-cards") == "Kd"


@pytest.mark.django_db
@pytest.mark.parametrize("body", [c[1] for c in FORM_CASES], ids=[c[0] for c in FORM_CASES])
def test_the_page_refuses_what_the_api_refuses_with_the_same_reason(client, body):
    refusal = post(body).json()["detail"]
    url, data = form_from(body)
    response = client.post(url, data)
    assert response.status_code == 400
    assert escape(refusal) in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        {"hands": {"Ann": {"cards": "As Ad Kc Kd 7h"}, "Bob": {"cards": "Qs Qh Qd 2c 3c"}}},
        {
            "rank": "low-a5",
            "hands": {"Ann": {"cards": "As 2d 3c 4d 5h"}, "Bob": {"cards": "6s 5s 4h 3h 2h"}},
        },
        {
            "game": AXE,
            "hands": {"Ann": {"cards": "As Ad 2c Kd 3h"}, "Bob": {"cards": "7s 7h 4d 5c 9c"}},
        },
        {
            "game": FOLLOWS,
            "wild_ranks": "5",
            "hands": {
                "Ann": {"cards": "Qs 5d 5c Kd 7h", "up": "Qs 5d"},
                "Bob": {"cards": "As Ah Ac 2d 3d"},
            },
        },
    ],
    ids=["plain high", "ace-to-five low", "wild ranks and cards", "follower wild named"],
)
def test_the_page_accepts_what_the_api_accepts_and_names_the_same_winners(client, body):
    answer = post(body).json()
    url, data = form_from(body)
    response = client.post(url, data)
    assert response.status_code == 200
    text = response.content.decode()
    first = answer["rankings"][0]["tiers"][0]
    assert re.search(r"First(?: \(tie\))?:</strong> " + re.escape(first[0]), text)
    for hand in answer["hands"].values():
        if hand["name"]:
            assert escape(hand["name"]) in text


@pytest.mark.django_db
def test_fields_appear_only_where_the_game_s_data_needs_them(client):
    follows = client.get(f"/rules/{FOLLOWS}/who-wins/").content.decode()
    assert 'name="up_order"' in follows
    assert 'name="wild_ranks"' in follows
    assert 'name="set.follower-wild"' in follows
    assert 'name="set.ante"' not in follows
    assert 'name="rank"' not in follows
    axe = client.get(f"/rules/{AXE}/who-wins/").content.decode()
    assert 'name="up_order"' not in axe
    assert 'name="board"' not in axe
    plain = client.get(PAGE).content.decode()
    assert 'name="rank"' in plain
    assert 'name="board"' in plain


@pytest.mark.django_db
def test_jokers_are_offered_only_where_the_game_has_them(client):
    """Trash Poker shuffles jokers in only with its Jokers option ticked."""
    assert 'value="0:Jk1"' not in client.get(PAGE).content.decode()
    trash = "/rules/trash-poker/who-wins/"
    assert 'value="0:Jk1"' not in client.get(trash).content.decode()
    fields = {"players": "2", "p0-name": "Ann", "p1-name": "Bob", "show": "1"}
    ticked = client.post(trash, fields | {"opt": "jokers"}).content.decode()
    assert 'value="0:Jk1"' in ticked
    assert 'value="0:Jk2"' in ticked
    assert 'value="0:Jk1"' not in client.post(trash, fields).content.decode()


@pytest.mark.django_db
def test_suit_colours_follow_the_four_colour_setting(client):
    body = client.get(PAGE).content.decode()
    assert "suit-d" in button(body, "0:Ad")
    assert 'class="four-suits"' not in body
    client.cookies["suits"] = "four"
    assert 'class="four-suits"' in client.get(PAGE).content.decode()


@pytest.mark.django_db
def test_a_rule_page_links_to_its_helper_or_says_why_it_has_none(client):
    assert f'href="/rules/{AXE}/who-wins/"' in client.get(f"/rules/{AXE}/").content.decode()
    body = client.get(f"/rules/{NO_HELPER}/").content.decode()
    assert "who-wins" not in body
    assert "No showdown helper:" in body
    why = client.get(f"/rules/{NO_HELPER}/who-wins/").content.decode()
    assert "does not rank this game" in why


@pytest.mark.django_db
def test_an_unknown_game_s_page_is_not_found(client):
    assert client.get("/rules/no-such-game/who-wins/").status_code == 404


@pytest.mark.django_db
def test_a_tap_naming_no_player_or_card_is_refused_not_a_crash(client):
    for tap in ("9:As", "x:As", "0:Zz", "0:", ":"):
        response = client.post(PAGE, two_players(tap=tap))
        assert response.status_code == 400
    response = client.post(PAGE, {"players": "99999999999", "show": "1"})
    assert response.status_code == 400
    assert "At most 12 players" in response.content.decode()
