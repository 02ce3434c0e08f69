"""Every name a game goes by finds it: names, aliases, options, rule text."""

import pytest

from rulebook.loader import load_games

GAMES = load_games()


def slugs_found(client, q: str) -> list[str]:
    response = client.get("/api/variants/", {"search": q})
    assert response.status_code == 200
    return [row["slug"] for row in response.json()["results"]]


def page_links(client, q: str) -> str:
    return client.get("/rules/", {"q": q}).content.decode()


NAMES = [(g.slug, name) for g in GAMES for name in [g.name, *g.aliases]]
OPTION_NAMES = [(g.slug, name) for g in GAMES for o in g.options for name in [o.name, *o.aliases]]


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "name"), NAMES)
def test_search_finds_a_game_by_its_name_or_alias(client, slug, name):
    assert slug in slugs_found(client, name)
    assert f'href="/rules/{slug}/"' in page_links(client, name)


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "name"), OPTION_NAMES)
def test_search_for_an_option_leads_to_its_parent_game(client, slug, name):
    assert slug in slugs_found(client, name)
    detail = client.get(f"/api/variants/{slug}/").json()
    option_names = [n for o in detail["rules"]["options"] for n in [o["name"], *o["aliases"]]]
    assert name in option_names


@pytest.mark.django_db
def test_search_is_case_insensitive_and_matches_rule_text(client):
    assert "trash-poker" in slugs_found(client, "BLACK spot")
    assert "trash-poker" in slugs_found(client, "knock anTe")


@pytest.mark.django_db
def test_search_shows_which_alias_matched(client):
    game = next(g for g in GAMES if g.aliases)
    body = page_links(client, game.aliases[0])
    assert "Also: " in body


@pytest.mark.django_db
def test_name_matches_come_before_rule_text_matches(client):
    body = page_links(client, "guts")
    results = body[body.index('id="results"') :]
    first = results.index('href="/rules/')
    assert "guts" in results[first : first + 40]


@pytest.mark.django_db
def test_search_with_no_match_says_so(client):
    body = page_links(client, "zzzqqq")
    assert "No game matches" in body


@pytest.mark.django_db
def test_htmx_search_returns_only_the_results(client):
    response = client.get("/rules/", {"q": "trash"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert 'id="results"' in body
    assert "<html" not in body
    assert response["Vary"]
    assert "HX-Request" in response["Vary"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("params", "included", "excluded"),
    [
        ({"wild": "yes"}, lambda g: bool(g.wilds), lambda g: not g.wilds),
        ({"wild": "no"}, lambda g: not g.wilds, lambda g: bool(g.wilds)),
        ({"family": "stud"}, lambda g: g.family == "stud", lambda g: g.family != "stud"),
    ],
)
def test_index_filters(client, params, included, excluded):
    body = client.get("/rules/", params).content.decode()
    for game in GAMES:
        link = f'href="/rules/{game.slug}/"'
        if included(game):
            assert link in body, game.slug
        if excluded(game):
            assert link not in body, game.slug


@pytest.mark.django_db
def test_player_filter_keeps_games_that_seat_that_many(client):
    body = client.get("/rules/", {"players": "2"}).content.decode()
    for game in GAMES:
        fits = (game.players.min or 0) <= 2 <= (game.players.max or 99)
        assert (f'href="/rules/{game.slug}/"' in body) == fits, game.slug


@pytest.mark.django_db
def test_high_low_filter(client):
    split = client.get("/rules/", {"highlow": "yes"}).content.decode()
    for game in GAMES:
        if game.pot.kind in {"high_low", "high_low_declare"}:
            assert f'href="/rules/{game.slug}/"' in split


@pytest.mark.django_db
def test_bad_filter_values_are_ignored(client):
    response = client.get("/rules/", {"players": "many", "wild": "maybe"})
    assert response.status_code == 200
    assert 'href="/rules/trash-poker/"' in response.content.decode()
