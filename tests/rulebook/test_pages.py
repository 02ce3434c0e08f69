"""Every rule page, dealer screen and rulebook page renders."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from rulebook import dealer
from rulebook.loader import load_games

GAMES = load_games()
PLAYABLE = [g for g in GAMES if g.has_rules]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/rules/", "/rules/all/", "/rules/hand-rankings/", "/sw.js"])
def test_rulebook_pages_render(client, url):
    assert client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_page_renders_with_its_phases(client, game):
    response = client.get(reverse("rulebook:game", args=[game.slug]))
    assert response.status_code == 200
    body = response.content.decode()
    for phase in game.phases:
        assert phase.title in body.replace("&#x27;", "'").replace("&quot;", '"')
    for option in game.options:
        assert f'id="option-{option.id}"' in body


@pytest.mark.django_db
def test_index_lists_every_game(client):
    body = client.get("/rules/").content.decode()
    for game in GAMES:
        assert reverse("rulebook:game", args=[game.slug]) in body


def deal_urls(game):
    """Setup screen plus every step, with no options and with each option alone."""
    choices = [[]] + [[o.id] for o in game.options]
    for chosen in choices:
        opts = dealer.chosen_options(game, chosen)
        total = len(dealer.hand_phases(game, opts))
        base = reverse("rulebook:deal", args=[game.slug])
        yield base + "?" + urlencode({"opt": chosen}, doseq=True), None
        for step in range(1, total + 1):
            query = urlencode({"players": 5, "opt": chosen, "step": step}, doseq=True)
            yield f"{base}?{query}", (step, total)


@pytest.mark.django_db
@pytest.mark.parametrize("game", PLAYABLE, ids=lambda g: g.slug)
def test_every_dealer_step_renders_for_every_option(client, game):
    for url, position in deal_urls(game):
        response = client.get(url)
        assert response.status_code == 200, url
        if position:
            assert f"Step {position[0]} of {position[1]}" in response.content.decode(), url


@pytest.mark.django_db
def test_dealer_step_links_carry_position_and_options(client):
    response = client.get("/rules/trash-poker/deal/?players=4&opt=black-spot&step=2")
    body = response.content.decode()
    assert "step=3" in body
    assert "step=1" in body
    assert "opt=black-spot" in body
    assert "players=4" in body


@pytest.mark.django_db
def test_dealer_step_under_htmx_returns_only_the_step(client):
    response = client.get("/rules/trash-poker/deal/?step=2", headers={"HX-Request": "true"})
    body = response.content.decode()
    assert 'id="step"' in body
    assert "<html" not in body


@pytest.mark.django_db
def test_clashing_options_are_explained(client):
    game = next(g for g in GAMES if any(o.excludes for o in g.options))
    first = next(o for o in game.options if o.excludes)
    query = urlencode({"opt": [first.id, first.excludes[0]], "step": 1}, doseq=True)
    response = client.get(reverse("rulebook:deal", args=[game.slug]) + "?" + query)
    assert response.status_code == 400
    assert "cannot be played together" in response.content.decode()


@pytest.mark.django_db
def test_game_without_rules_says_so_and_has_no_dealer_mode(client):
    for game in (g for g in GAMES if not g.has_rules):
        body = client.get(reverse("rulebook:game", args=[game.slug])).content.decode()
        assert "gives no rules" in body
        assert client.get(reverse("rulebook:deal", args=[game.slug])).status_code == 404


@pytest.mark.django_db
def test_unknown_game_is_404(client):
    assert client.get("/rules/no-such-game/").status_code == 404


@pytest.mark.django_db
def test_games_link_to_the_hand_rankings_they_use(client):
    body = client.get("/rules/trash-poker/").content.decode()
    assert "/rules/hand-rankings/#natural_beats_wild" in body
    rankings = client.get("/rules/hand-rankings/").content.decode()
    for game in GAMES:
        for section in game.rankings:
            assert f'id="{section}"' in rankings


@pytest.mark.django_db
def test_service_worker_never_caches_ledger_pages(client):
    body = client.get("/sw.js").content.decode()
    assert "/nights/" not in body.split("CACHEABLE")[1].split(";")[0]
    assert "^\\/rules\\/" in body


@pytest.mark.django_db
def test_four_colour_suits_toggle_by_post(client):
    response = client.post("/prefs/suits/", {"four": "1", "next": "/rules/hand-rankings/"})
    assert response.status_code == 302
    assert 'class="four-suits"' in client.get("/rules/hand-rankings/").content.decode()
    client.post("/prefs/suits/", {"four": "0", "next": "https://evil.example/"})
    assert 'class="four-suits"' not in client.get("/rules/").content.decode()


@pytest.mark.django_db
def test_suits_toggle_refuses_get(client):
    assert client.get("/prefs/suits/?four=1").status_code == 405


@pytest.mark.django_db
def test_rule_pages_for_visitors_carry_no_csrf_token_and_vary_on_cookie(client):
    response = client.get("/rules/trash-poker/")
    assert "csrfmiddlewaretoken" not in response.content.decode()
    assert "x-csrftoken" not in response.content.decode()
    assert "Cookie" in response["Vary"]
    assert not response.cookies


@pytest.mark.django_db
def test_signed_in_users_always_get_a_fresh_rule_page(signed_in):
    from django.test import Client

    visitor = Client()
    visitor.get("/rules/trash-poker/")
    signed_in.post("/rules/trash-poker/notes/", {"house_notes": "Two-chip ante here."})
    assert "Two-chip ante here." in signed_in.get("/rules/trash-poker/").content.decode()


@pytest.mark.django_db
def test_suit_colours_switch_without_a_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/prefs/suits/", {"four": "1", "next": "/rules/"})
    assert response.status_code == 302
    assert response.cookies["suits"].value == "four"


@pytest.mark.django_db
def test_visitors_with_four_colour_suits_get_their_own_copy(client):
    client.get("/rules/hand-rankings/")
    client.cookies["suits"] = "four"
    assert 'class="four-suits"' in client.get("/rules/trash-poker/").content.decode()
    del client.cookies["suits"]
    assert 'class="four-suits"' not in client.get("/rules/trash-poker/").content.decode()
