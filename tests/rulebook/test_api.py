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
