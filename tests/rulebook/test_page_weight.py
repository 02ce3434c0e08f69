"""A rule page loads only what it needs; htmx goes only to the pages that use it.

bench/transfer.py measures the bytes in Chromium; these tests keep the pieces
that decide them: which pages carry the htmx script, that the rulebook search
is a plain GET form until htmx arrives, and the rule page's own text.
"""

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from rulebook.loader import load_games

GAMES = load_games()
HTMX = re.compile(r'<script src="[^"]*htmx[^"]*\.js"')
WITH_EXCLUSIONS = [g for g in GAMES if any(o.excludes for o in g.options)]


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_rule_page_loads_no_htmx(client, game):
    body = page(client, reverse("rulebook:game", args=[game.slug]))
    assert not HTMX.search(body)
    assert "hx-" not in body
    assert "ledger.css" not in body


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/rules/all/", "/rules/hand-rankings/", "/accounts/login/"])
def test_pages_without_htmx_attributes_load_no_htmx(client, url):
    body = page(client, url)
    assert not HTMX.search(body)
    assert "hx-" not in body


@pytest.mark.django_db
def test_dealer_mode_loads_htmx_on_its_setup_and_step_pages(client):
    base = reverse("rulebook:deal", args=["trash-poker"])
    for url in (base, f"{base}?players=5&step=1"):
        body = page(client, url)
        assert "hx-get" in body
        assert len(HTMX.findall(body)) == 1, url


@pytest.mark.django_db
def test_ledger_pages_load_htmx(signed_in):
    body = page(signed_in, reverse("ledger:index"))
    assert len(HTMX.findall(body)) == 1


@pytest.mark.django_db
def test_the_search_is_a_plain_get_form_that_names_htmx_for_later(client):
    body = page(client, "/rules/")
    assert not HTMX.search(body)
    form = re.search(r"<form[^>]*role=\"search\"[^>]*>", body).group(0)
    assert 'method="get"' in form
    assert f'action="{reverse("rulebook:index")}"' in form
    # site.js loads this script once someone uses the form; htmx then reads its settings.
    later = re.search(r'data-htmx="([^"]+)"', form).group(1)
    assert re.search(r"/static/django_htmx/htmx-2\.min(\.[0-9a-f]+)?\.js$", later)
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false}\'>' in body


@pytest.mark.django_db
def test_the_search_answers_a_plain_get_with_the_whole_page(client):
    body = page(client, "/rules/?q=trash")
    assert "<h1>Rulebook</h1>" in body
    assert reverse("rulebook:game", args=["pass-the-trash"]) in body


# "Not with": the options an option cannot be played with --------------------


def not_with_lines(body: str) -> list[str]:
    return re.findall(r"Not with: ([^<]*)</p>", body)


@pytest.mark.django_db
@pytest.mark.parametrize("game", WITH_EXCLUSIONS, ids=lambda g: g.slug)
def test_not_with_names_each_excluded_option_and_ends_with_a_full_stop(client, game):
    body = page(client, reverse("rulebook:game", args=[game.slug]))
    names = {o.id: o.name for o in game.options}
    expected = [
        ", ".join(names[other] for other in option.excludes) + "."
        for option in game.options
        if option.excludes
    ]
    assert [line.replace("&#x27;", "'") for line in not_with_lines(body)] == expected
    assert ", ." not in body


def test_not_with_separates_several_excluded_options_with_commas():
    game = WITH_EXCLUSIONS[0]
    first, *others = game.options
    assert others, "the game needs at least two options"
    # The first option excludes every other, in its own order (not the options' order).
    excluded = [o.id for o in reversed(others)]
    spec = game.model_copy(
        update={"options": [first.model_copy(update={"excludes": excluded}), *others]}
    )
    body = render_to_string("rulebook/_game_body.html", {"spec": spec, "game": spec})
    first_line = not_with_lines(body)[0].replace("&#x27;", "'")
    assert first_line == ", ".join(o.name for o in reversed(others)) + "."
