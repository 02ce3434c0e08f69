"""What the service worker keeps for the table when the phone loses its signal.

The offline set is the rulebook as a player reads it: the index, the hand
rankings, every seed game's page, the static files those pages load, and the
page the ledger shows offline. House games are not in it (a table may have
hundreds); the worker keeps one once it has been opened. "Every game on one
page" is not in it either: it repeats every game page and weighs more than all
of them together.

The cache's name carries the rulebook's version and the static files' version,
so a changed rule or stylesheet replaces the whole set.
"""

from __future__ import annotations

import hashlib

from django.contrib.staticfiles import finders
from django.db.models import Max
from django.templatetags.static import static
from django.urls import reverse

from rulebook.models import Game

# The static files every rule page loads (see templates/base.html).
RULE_PAGE_STATIC = ["css/site.css", "js/site.js", "favicon.svg"]


def offline_ledger_url() -> str:
    return reverse("offline")


def page_urls() -> list[str]:
    """Pages the worker must hold before it takes over: without them nothing works offline."""
    return [reverse("rulebook:index"), reverse("rulebook:rankings"), offline_ledger_url()]


def game_urls() -> list[str]:
    """Every seed game's page; house games are kept once visited."""
    slugs = Game.objects.filter(is_house=False).order_by("slug").values_list("slug", flat=True)
    return [reverse("rulebook:game", args=[slug]) for slug in slugs]


def static_urls() -> list[str]:
    """As the pages link them: with their content hash in production."""
    return [static(name) for name in RULE_PAGE_STATIC]


def precache_urls() -> list[str]:
    return page_urls() + static_urls() + game_urls()


def rulebook_version() -> str:
    latest = Game.objects.aggregate(latest=Max("updated_at"))["latest"]
    return latest.strftime("%Y%m%d%H%M%S%f") if latest else "empty"


def static_version() -> str:
    """A digest of the rule pages' static files, so a changed stylesheet renews the cache."""
    digest = hashlib.sha256()
    for name in RULE_PAGE_STATIC:
        path = finders.find(name)
        digest.update(name.encode())
        if path:
            with open(path, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:12]


def cache_name() -> str:
    return f"homegame-rules-{rulebook_version()}-{static_version()}"
