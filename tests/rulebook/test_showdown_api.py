"""POST /api/showdown/: who wins, open to anyone, every bad input a 400 with the reason.

Issue 12, "API": the contract's JSON for a worked example, 400 for bad cards,
duplicates and unknown games, in the OpenAPI schema, and a rate limit kept in
the store every process shares. The bad inputs here are also sent through the
"Who wins?" page (test_who_wins_pages.py): one validation layer refuses both.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from rulebook.loader import load_games
from rulebook.showdown import request_check
from sitewide import limits

URL = "/api/showdown/"
GAMES = {game.slug: game for game in load_games()}
# Deuces, jacks and the king of diamonds wild; two natural sevens win the pot.
AXE = "deuces-jacks-man-with-the-axe"
FOLLOWS = "queen-and-what-follows"
NO_HELPER = "acey-deucey"


def post(body, client=None, address="10.1.0.1"):
    client = client or APIClient(REMOTE_ADDR=address)
    return client.post(URL, body, format="json")


def two(ann="As Ad Kc Kd 7h", bob="Qs Qh Qd 2c 3c", **more) -> dict:
    return {"hands": {"Ann": {"cards": ann}, "Bob": {"cards": bob}}, **more}


# Bad inputs a page form can also send: (case id, request, words the refusal holds).
FORM_CASES = [
    ("bad card", two(bob="Qs Qh 1h 2c 3c"), "“1h” is not a card"),
    (
        "duplicate card",
        two(ann="As Ad Kc Kd 7h", bob="As Qh Qd 2c 3c"),
        "A♠ is in Ann's hand and Bob's",
    ),
    ("fifth ace", two(ann="As Ah Ad Ac Ks", bob="As 2c 3c 4c 5c"), "A♠ is in Ann's hand and Bob's"),
    ("the same card twice in a hand", two(ann="Ks Ks 2d 3d 4d"), "K♠ is twice in Ann's hand"),
    ("joker in a game with none", two(ann="Jk Ad Kc Kd 7h"), "This game has no jokers"),
    (
        "unknown option",
        {"game": AXE, "options": ["no-such-thing"], **two()},
        "has no option called 'no-such-thing'",
    ),
    (
        "unknown setting choice",
        {"game": FOLLOWS, "settings": {"follower-wild": "sometimes"}, **two()},
        "'sometimes' is not one of the choices",
    ),
    (
        "too many players",
        {"hands": {f"Player {n}": {"cards": f"{r}s"} for n, r in enumerate("23456789TJQKA")}},
        "At most 12 players can show down together; this has 13.",
    ),
    ("too long a name", {"hands": {"A" * 41: {"cards": "As"}}}, "at most 40 characters"),
    (
        "two players with one name",
        {"hands": {"Ann": {"cards": "As"}, "ann": {"cards": "Ks"}}},
        "Two players are called “ann”",
    ),
    ("a player with no cards", two(bob=""), "Bob has no cards"),
    (
        "face up but not held",
        {"hands": {"Ann": {"cards": "As Kd", "up": "Qc"}}},
        "Q♣ is face up for Ann",
    ),
    (
        "too many cards in a hand",
        two(ann=" ".join(["As"] * 26)),
        "Ann's cards lists 26 cards; at most 25",
    ),
    ("a wild rank that is no rank", two(wild_ranks="Z"), "A wild rank is 2 to 10"),
    (
        "a board too big",
        two(board="2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh"),
        "The board lists 11 cards; at most 10",
    ),
    (
        "a wild paid for that is no number",
        {"hands": {"Ann": {"cards": "As", "extra": {"paid": "x"}}}},
        "must be a whole number",
    ),
    (
        "a declaration that is no side",
        {"hands": {"Ann": {"cards": "As", "extra": {"declare": "sideways"}}}},
        "must be high, low or both",
    ),
    ("a ranking that is none", two(rank="lowball"), "rank must be one of"),
    (
        "a follower wild with neither order nor ranks",
        {"game": FOLLOWS, **two(ann="Qs 5d 5c Kd 7h")},
        "",
    ),
]

# Bad inputs only JSON can send.
JSON_CASES = [
    ("unknown game", {"game": "no-such-game", **two()}, "There is no game called “no-such-game”"),
    ("a game with no helper", {"game": NO_HELPER, **two()}, "has no showdown helper"),
    ("rank with a game", {"game": AXE, "rank": "high", **two()}, "leave out rank"),
    ("options with no game", {"options": ["x"], **two()}, "Options belong to a game"),
    ("unknown key", {"winner": "me", **two()}, "no field called “winner”"),
    (
        "unknown key in a hand",
        {"hands": {"Ann": {"cards": "As", "wild": 1}}},
        "no field called “wild”",
    ),
    (
        "unknown key in extra",
        {"hands": {"Ann": {"cards": "As", "extra": {"tip": 1}}}},
        "no field called “tip”",
    ),
    ("cards as a number", {"hands": {"Ann": {"cards": 5}}}, "Ann's cards must be cards typed"),
    (
        "a card as a number",
        {"hands": {"Ann": {"cards": ["As", 7]}}},
        "Ann's cards must be cards typed",
    ),
    ("hands as a list", {"hands": [["Ann", "As"]]}, "The hands must be an object"),
    ("a hand as text", {"hands": {"Ann": "As Kd"}}, "Ann's hand must be an object"),
    ("game as a number", {"game": 3, **two()}, "game must be text"),
    (
        "settings as a list",
        {"game": FOLLOWS, "settings": ["rank"], **two()},
        "Settings must be an object",
    ),
    ("a body that is a list", [1, 2], "Send a JSON object with the hands"),
    ("no hands", {}, "Name at least one player"),
    (
        "a paid count that is true",
        {"hands": {"Ann": {"cards": "As", "extra": {"paid": True}}}},
        "must be a whole number",
    ),
    (
        "a name with a control character",
        {"hands": {"A\x07nn": {"cards": "As"}}},
        "control character",
    ),
    ("a very long card", {"hands": {"Ann": {"cards": ["A" * 13]}}}, "at most 12 characters"),
    ("very long typed cards", {"hands": {"Ann": {"cards": "As " * 200}}}, "at most 400 characters"),
]


@pytest.mark.django_db
def test_a_plain_high_showdown_answers_the_tiers_and_each_hand():
    response = post(two())
    assert response.status_code == 200
    body = response.json()
    assert body["high"] == [["Bob"], ["Ann"]]
    assert body["low"] == []
    assert body["rankings"] == [{"key": "high", "label": "High", "tiers": [["Bob"], ["Ann"]]}]
    bob = body["hands"]["Bob"]
    assert bob["name"] == "Three of a kind, queens"
    assert sorted(bob["best"]) == sorted(["Qs", "Qh", "Qd", "3c", "2c"])
    assert bob["killed_by"] is None
    assert bob["wilds"] == {}
    assert body["hands"]["Ann"]["name"].startswith("Two pair")


@pytest.mark.django_db
def test_a_game_s_wilds_and_automatic_win_come_from_its_rule_data():
    response = post({"game": AXE, **two(ann="As Ad 2c Kd 3h", bob="7s 7h 4d 5c 9c")})
    assert response.status_code == 200
    body = response.json()
    assert body["high"][0] == ["Bob"]  # two natural sevens take the pot, over four aces
    assert body["hands"]["Bob"]["auto_win"]
    ann = body["hands"]["Ann"]
    assert ann["name"] == "Four of a kind, aces"
    assert set(ann["wilds"]) == {"2c", "Kd"}
    assert all(words.split(" as ")[1].startswith("A") for words in ann["wild_words"])


@pytest.mark.django_db
def test_cards_may_be_typed_either_way_and_tens_both_ways():
    typed = post({"hands": {"Ann": {"cards": "10h Jh Qh Kh Ah"}, "Bob": {"cards": ["Th", "9h"]}}})
    assert typed.status_code == 400  # the same ten of hearts, typed two ways
    assert "10♥ is in Ann's hand and Bob's" in typed.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "words"),
    [c[1:] for c in FORM_CASES + JSON_CASES],
    ids=[c[0] for c in FORM_CASES + JSON_CASES],
)
def test_every_bad_input_is_refused_with_its_reason(body, words):
    response = post(body)
    assert response.status_code == 400, response.content
    refusal = response.json()
    assert set(refusal) == {"detail", "fields"}
    assert words in refusal["detail"]


@pytest.mark.django_db
def test_a_refusal_about_one_field_names_it():
    refusal = post(two(bob="Qs Qh 1h 2c 3c")).json()
    assert refusal["fields"] == {"hands.Bob.cards": [refusal["detail"]]}


@pytest.mark.django_db
def test_a_body_that_is_not_json_is_refused_not_a_server_error():
    client = APIClient(REMOTE_ADDR="10.1.0.9")
    response = client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    deep = "[" * 50 + "]" * 50
    assert client.post(URL, deep, content_type="application/json").status_code == 400


@pytest.mark.django_db
def test_anyone_may_ask_without_signing_in_or_a_csrf_token(django_user_model):
    client = APIClient(enforce_csrf_checks=True, REMOTE_ADDR="10.1.0.2")
    assert post(two(), client).status_code == 200
    user = django_user_model.objects.create_user(username="host", password="x-chips-9")
    client.force_login(user)  # a signed-in browser's session does not call for a token either
    assert post(two(), client).status_code == 200


@pytest.mark.django_db
def test_past_the_rate_the_answer_is_429_from_the_shared_store(monkeypatch):
    monkeypatch.setattr(limits, "SHOWDOWN_ADDRESS_RATE", "3/m")
    caches["shared"].clear()
    for _ in range(3):
        assert post(two(), address="10.2.0.1").status_code == 200
    refused = post(two(), address="10.2.0.1")
    assert refused.status_code == 429
    assert refused.json()["detail"] == limits.TOO_MANY_SHOWDOWNS
    assert refused["Retry-After"] == "60"
    assert post(two(), address="10.2.0.2").status_code == 200  # per address
    caches["default"].clear()  # not the per-process cache: the count stays
    assert post(two(), address="10.2.0.1").status_code == 429
    caches["shared"].clear()  # the database table every process reads
    assert post(two(), address="10.2.0.1").status_code == 200


@pytest.mark.django_db
def test_the_schema_lists_the_showdown_endpoint(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/showdown/"]["post"]
    assert {"200", "400", "429"} <= set(operation["responses"])
    request = schema["components"]["schemas"]["ShowdownRequest"]
    assert request["required"] == ["hands"]
    assert "ShowdownResult" in schema["components"]["schemas"]
    assert operation.get("security") in ([], [{}], None)


# The layer itself: whatever JSON arrives, the answer is a result or a reason, never a crash.

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
CARD_WORDS = st.sampled_from(["As", "Kd", "10h", "Th", "2c", "Jk", "BS", "1h", "", "Q♠", "7s"])
HAND = st.fixed_dictionaries(
    {"cards": st.lists(CARD_WORDS, max_size=8) | st.text(max_size=20)},
    optional={"up": st.lists(CARD_WORDS, max_size=3), "extra": JSON},
)
REQUEST = st.fixed_dictionaries(
    {"hands": st.dictionaries(st.text(max_size=6), HAND, max_size=4)},
    optional={
        "game": st.sampled_from([None, AXE, FOLLOWS, NO_HELPER, "trash-poker", "nope"]),
        "rank": st.sampled_from([None, *request_check.RANKS, "x"]),
        "board": st.lists(CARD_WORDS, max_size=4),
        "wild_ranks": JSON,
        "options": JSON,
        "settings": JSON,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(JSON, REQUEST))
def test_any_json_is_answered_or_refused_in_words_never_a_crash(body):
    try:
        request_check.check(body, GAMES.get)
    except request_check.RequestError as exc:
        refused = exc.message
    else:
        refused = "answered"
    assert 0 < len(refused) < 400
