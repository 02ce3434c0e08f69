"""What the service worker keeps for offline, and how much it weighs.

The browser side (a first visit, then the phone offline) is tests/browser/test_offline.py.
"""

import gzip
import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from rulebook import offline
from rulebook.loader import load_games
from rulebook.models import Game

GAMES = load_games()

# The offline set's budget: every seed game page, the index, the hand rankings, the ledger's
# offline page and the rule pages' static files (measured: see README, "Offline").
BUDGET_COMPRESSED = 256 * 1024
BUDGET_RAW = 900 * 1024

pytestmark = pytest.mark.django_db


def worker(client) -> str:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript"
    return response.content.decode()


def listed(body: str, name: str):
    found = re.search(rf"^const {name} = (.*);$", body, re.MULTILINE)
    assert found, f"sw.js has no {name}"
    return json.loads(found.group(1))


def house_game(slug: str, name: str) -> Game:
    game = Game(is_house=True)
    game.set_spec(GAMES[0].model_copy(update={"slug": slug, "name": name}))
    game.save()
    return game


def test_the_worker_keeps_every_seed_game_but_no_house_game(client):
    house_game("kitchen-sink", "Kitchen Sink")
    body = worker(client)
    games = listed(body, "GAMES")
    assert sorted(games) == sorted(f"/rules/{game.slug}/" for game in GAMES)
    assert "/rules/kitchen-sink/" not in games


def test_the_worker_keeps_the_index_rankings_ledger_offline_page_and_static_files(client):
    body = worker(client)
    assert listed(body, "PAGES") == ["/rules/", "/rules/hand-rankings/", "/offline/"]
    assert listed(body, "STATIC") == [
        "/static/css/site.css",
        "/static/js/site.js",
        "/static/favicon.svg",
    ]
    assert '"/rules/all/"' not in body


def test_the_worker_never_caches_the_api_or_the_ledger(client):
    body = worker(client)
    cacheable = body.split("const CACHEABLE = ")[1].split(";")[0]
    assert cacheable == r"[/^\/rules\//, /^\/static\//]"
    # The ledger's navigations are only passed through, with the offline page as their fallback.
    assert "fetch(request).catch(offlineLedger)" in body


def test_a_missing_stylesheet_or_script_is_a_network_error_never_a_page(client):
    body = worker(client)
    static_file = body.split("async function staticFile")[1]
    assert "INDEX" not in static_file
    assert "OFFLINE_LEDGER" not in static_file
    assert "Response.error()" in static_file


def test_the_cache_name_changes_with_the_rulebook(client):
    before = offline.cache_name()
    assert f'"{before}"'.replace("-", "\\u002D") in worker(client)
    house_game("kitchen-sink", "Kitchen Sink")
    assert offline.cache_name() != before


def test_the_cache_name_changes_with_the_static_files(tmp_path, monkeypatch):
    stylesheet = tmp_path / "site.css"
    stylesheet.write_text("body{margin:0}")
    monkeypatch.setattr(offline.finders, "find", lambda name: str(stylesheet))
    before = offline.cache_name()
    stylesheet.write_text("body{margin:1px}")
    assert offline.cache_name() != before


def test_the_ledger_offline_page_says_it_needs_the_connection_and_nothing_was_saved(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "The ledger needs the connection. Nothing was saved." in body
    assert 'href="/rules/"' in body


def body_of(client, url: str) -> bytes:
    """A page as the site renders it; a static file as it is stored (tests serve no static)."""
    for name, static_url in zip(offline.RULE_PAGE_STATIC, offline.static_urls(), strict=True):
        if url == static_url:
            return Path(finders.find(name)).read_bytes()
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content


def sizes(client, urls: list[str]) -> tuple[int, int]:
    raw = compressed = 0
    for url in urls:
        body = body_of(client, url)
        raw += len(body)
        compressed += len(gzip.compress(body, compresslevel=6, mtime=0))
    return raw, compressed


def test_the_offline_set_stays_small(client):
    urls = offline.precache_urls()
    raw, compressed = sizes(client, urls)
    print(f"offline set: {len(urls)} responses, {raw} B, {compressed} B gzip")
    assert raw <= BUDGET_RAW
    assert compressed <= BUDGET_COMPRESSED
