"""The read-only variants API and its OpenAPI schema."""

import pytest

from rulebook.loader import load_games

GAMES = load_games()


@pytest.mark.django_db
def test_list_has_every_game(client):
    data = client.get("/api/variants/").json()
    assert data["count"] == len(GAMES)
    assert {row["slug"] for row in data["results"]} == {g.slug for g in GAMES}


@pytest.mark.django_db
def test_detail_is_the_whole_structured_game(client):
    data = client.get("/api/variants/trash-poker/").json()
    rules = data["rules"]
    assert [p["id"] for p in rules["phases"]] == ["ante", "deal", "build", "bet", "showdown"]
    assert {m["id"] for m in rules["money"]} >= {"ante", "draw-fee", "pass-fee"}
    black_spot = next(o for o in rules["options"] if o["id"] == "black-spot")
    assert black_spot["money"][0]["amount"]["contribution"] == "2"


@pytest.mark.django_db
def test_unknown_variant_is_404(client):
    assert client.get("/api/variants/nope/").status_code == 404


@pytest.mark.django_db
def test_api_is_read_only(client):
    assert client.post("/api/variants/", {}).status_code in {403, 405}


@pytest.mark.django_db
def test_schema_lists_the_variant_endpoints(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/variants/" in paths
    assert "/api/variants/{slug}/" in paths


@pytest.mark.django_db
def test_api_docs_use_local_assets(client):
    body = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/" in body
    assert "cdn" not in body.lower()


@pytest.mark.django_db
def test_detail_lists_each_phases_money_and_the_drawer(client):
    daytime = next(g for g in GAMES if g.slug == "baseball-daytime")
    data = client.get("/api/variants/baseball-daytime/").json()
    assert [p["money"] for p in data["phases"]] == [p.money for p in daytime.phases]
    bet = next(p for p in data["phases"] if p["id"] == "bet-2")
    assert (bet["name"], bet["opener"]) == ("Third street", "best_showing")
    first = next(p for p in data["phases"] if p["id"] == "bet-1")
    assert first["when"] == {"first-bet": "yes"}
    assert data["anytime"] == []
    assert data["fold_out"] == []


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_detail_drawer_matches_the_rule_data(client, game):
    data = client.get(f"/api/variants/{game.slug}/").json()
    assert data["anytime"] == game.anytime
    assert data["fold_out"] == game.fold_out
    assert [p["id"] for p in data["phases"]] == [p.id for p in game.phases]


@pytest.mark.django_db
def test_schema_documents_phases_money_and_the_drawer(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    detail = schema["components"]["schemas"]["VariantDetail"]["properties"]
    assert {"phases", "anytime", "fold_out"} <= set(detail)
    phase = schema["components"]["schemas"]["Phase"]["properties"]
    assert {"name", "opener", "when", "only_if", "money"} <= set(phase)
