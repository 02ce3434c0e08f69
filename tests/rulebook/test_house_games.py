"""House games and house notes, stored in the same structured form as built-in games."""

import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rulebook.models import Game


def house_post(**overrides) -> dict:
    data = {
        "name": "Kitchen Sink",
        "aliases": "Sink, The Sink",
        "family": "draw",
        "summary": "Five-card draw where the sink takes a card every round.",
        "description": "",
        "min_players": "3",
        "max_players": "7",
        "wilds": "sevens",
        "pot_kind": "high",
        "pot_text": "",
        "phases-TOTAL_FORMS": "3",
        "phases-INITIAL_FORMS": "0",
        "phases-MIN_NUM_FORMS": "1",
        "phases-MAX_NUM_FORMS": "1000",
        "phases-0-kind": "ante",
        "phases-0-title": "Ante",
        "phases-0-text": "Everyone puts in two chips.",
        "phases-0-money": "ante",
        "phases-1-kind": "deal",
        "phases-1-title": "Deal",
        "phases-1-text": "Five each, face down.",
        "phases-1-down": "5",
        "phases-2-kind": "showdown",
        "phases-2-title": "Show",
        "phases-2-text": "Best hand wins.",
        "options-TOTAL_FORMS": "1",
        "options-INITIAL_FORMS": "0",
        "options-MIN_NUM_FORMS": "0",
        "options-MAX_NUM_FORMS": "1000",
        "options-0-name": "Drain",
        "options-0-text": "The sink card is wild too.",
        "money-TOTAL_FORMS": "1",
        "money-INITIAL_FORMS": "0",
        "money-MIN_NUM_FORMS": "0",
        "money-MAX_NUM_FORMS": "1000",
        "money-0-id": "ante",
        "money-0-kind": "ante",
        "money-0-text": "Two chips each.",
        "money-0-payer": "each_player",
        "money-0-payee": "pot",
        "money-0-unit": "chips",
        "money-0-value": "2",
    }
    return data | overrides


@pytest.mark.django_db
def test_signed_in_user_adds_a_house_game_that_deals_like_any_other(signed_in):
    response = signed_in.post("/rules/house/new/", house_post())
    assert response.status_code == 302
    game = Game.objects.get(slug="kitchen-sink")
    assert game.is_house
    assert game.spec.money[0].amount.chips == 2
    assert 'href="/rules/kitchen-sink/"' in signed_in.get("/rules/").content.decode()
    assert "kitchen-sink" in [
        r["slug"] for r in signed_in.get("/api/variants/", {"search": "drain"}).json()["results"]
    ]
    step = signed_in.get("/rules/kitchen-sink/deal/?players=4&step=1").content.decode()
    assert "8 chips in the pot from 4 players" in step


@pytest.mark.django_db
def test_anonymous_visitor_is_sent_to_sign_in(client):
    response = client.post("/rules/house/new/", house_post())
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert not Game.objects.filter(slug="kitchen-sink").exists()


@pytest.mark.django_db
def test_invalid_house_game_explains_and_saves_nothing(signed_in):
    before = Game.objects.count()
    response = signed_in.post("/rules/house/new/", house_post(**{"phases-0-money": "nope"}))
    assert response.status_code == 400
    assert "unknown id &#x27;nope&#x27;" in response.content.decode()
    assert Game.objects.count() == before


@pytest.mark.django_db
def test_house_game_name_cannot_take_a_reserved_url(signed_in):
    signed_in.post("/rules/house/new/", house_post(name="All"))
    assert Game.objects.filter(slug="house-all").exists()
    assert signed_in.get("/rules/all/").status_code == 200


@pytest.mark.django_db
def test_only_the_owner_edits_a_house_game(signed_in, django_user_model):
    signed_in.post("/rules/house/new/", house_post())
    other = Client()
    other.force_login(django_user_model.objects.create_user(username="other", password="x-98y"))
    assert other.get("/rules/kitchen-sink/edit/").status_code == 403
    edit = house_post(summary="Changed summary.")
    # As the edit page's management forms say: every row is an existing one.
    edit |= {"phases-INITIAL_FORMS": "3", "options-INITIAL_FORMS": "1", "money-INITIAL_FORMS": "1"}
    assert 'value="Kitchen Sink"' in signed_in.get("/rules/kitchen-sink/edit/").content.decode()
    response = signed_in.post("/rules/kitchen-sink/edit/", edit)
    assert response.status_code == 302, response.content.decode()
    assert Game.objects.get(slug="kitchen-sink").summary == "Changed summary."


@pytest.mark.django_db
def test_built_in_games_are_not_editable_as_house_games(signed_in):
    assert signed_in.get("/rules/trash-poker/edit/").status_code == 404


@pytest.mark.django_db
def test_house_notes_on_a_built_in_game_survive_a_reload(signed_in):
    from django.core.management import call_command

    signed_in.post("/rules/trash-poker/notes/", {"house_notes": "We ante two chips."})
    call_command("load_rulebook", verbosity=0)
    assert "We ante two chips." in signed_in.get("/rules/trash-poker/").content.decode()


@pytest.mark.django_db
def test_load_rulebook_is_idempotent_and_keeps_house_games(signed_in, capsys):
    from django.core.management import call_command

    signed_in.post("/rules/house/new/", house_post())
    call_command("load_rulebook")
    assert "0 new, 0 updated, 0 removed" in capsys.readouterr().out
    assert Game.objects.filter(slug="kitchen-sink", is_house=True).exists()


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/rules/", "/rules/?q=poker", "/rules/trash-poker/"])
def test_query_count_does_not_grow_with_the_number_of_games(signed_in, url):
    visitor = Client()
    cache.clear()
    cold, warm = queries_for(visitor, url), queries_for(visitor, url)
    for n in range(5):
        signed_in.post("/rules/house/new/", house_post(name=f"Poker Sink {n}"))
    assert Game.objects.filter(is_house=True).count() == 5
    cache.clear()
    assert (queries_for(visitor, url), queries_for(visitor, url)) == (cold, warm)
    assert cold <= 3
    assert warm <= 2


@pytest.mark.django_db
def test_a_cached_rule_page_shows_an_edit_at_once(signed_in):
    assert "We ante two chips." not in signed_in.get("/rules/trash-poker/").content.decode()
    signed_in.post("/rules/trash-poker/notes/", {"house_notes": "We ante two chips."})
    game = Game.objects.get(slug="trash-poker")
    game.set_spec(game.spec.model_copy(update={"aliases": ["Rubbish Poker"]}))
    game.save()
    body = signed_in.get("/rules/trash-poker/").content.decode()
    assert "We ante two chips." in body
    assert "Rubbish Poker" in body


@pytest.mark.django_db
def test_admin_refuses_rule_data_that_breaks_the_schema(admin_client):
    game = Game.objects.get(slug="trash-poker")
    data = dict(game.data, family="nonsense")
    url = f"/admin/rulebook/game/{game.pk}/change/"
    response = admin_client.post(url, {"data": json.dumps(data), "house_notes": ""})
    assert response.status_code == 200
    assert "family" in response.content.decode()
    assert Game.objects.get(slug="trash-poker").family == "draw"


@pytest.mark.django_db
def test_admin_saves_valid_rule_data_and_refreshes_search(admin_client):
    game = Game.objects.get(slug="trash-poker")
    data = dict(game.data, aliases=["Rubbish Poker"])
    url = f"/admin/rulebook/game/{game.pk}/change/"
    response = admin_client.post(url, {"data": json.dumps(data), "house_notes": ""})
    assert response.status_code == 302
    assert "rubbish poker" in Game.objects.get(slug="trash-poker").search_text


@pytest.mark.django_db
@pytest.mark.parametrize("notes", ["n" * 5001, "Ante two\x00chips"])
def test_house_notes_too_long_or_with_a_nul_are_refused_not_cut(signed_in, notes):
    response = signed_in.post("/rules/trash-poker/notes/", {"house_notes": notes})
    assert response.status_code == 400
    assert Game.objects.get(slug="trash-poker").house_notes == ""
