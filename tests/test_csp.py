"""Every page runs only the site's own scripts and styles, under a Content-Security-Policy.

A tour of the pages a table meets, each checked twice: the header says
`script-src 'self'` with no 'unsafe-inline', and the HTML has nothing that
policy would refuse (an inline event handler, a style attribute, an inline
script or style element, a javascript: URL, htmx's evaluated attributes).
"""

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import Person
from ledger.services import closing, hands, runs, seating
from tests.factories import WHITE_AND_RED, night_with
from tests.ledger.conftest import confirm_ante

pytestmark = pytest.mark.django_db

HOST = "host:host"
# Attributes whose value htmx evaluates as script when it starts with "js:" or "javascript:".
HTMX_EVALUATED = {"hx-vals", "hx-headers", "hx-vars", "data-hx-vals", "data-hx-headers"}
DATA_SCRIPT_TYPES = {"application/json", "application/ld+json"}


class Refused(HTMLParser):
    """Collects each piece of markup that a policy without 'unsafe-inline' would refuse."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name, value in attrs:
            text = (value or "").strip().lower()
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=…> (inline event handler)")
            elif name == "style":
                self.found.append(f'<{tag} style="{value}">')
            elif name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"<{tag} {name}=…> (htmx evaluates it)")
            elif name in HTMX_EVALUATED and text.startswith(("js:", "javascript:")):
                self.found.append(f"<{tag} {name}={value!r}> (htmx evaluates it)")
            elif text.startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}> (javascript: URL)")
        if tag == "style":
            self.found.append("<style> element")
        if tag == "script" and not named.get("src"):
            kind = (named.get("type") or "").lower()
            if kind not in DATA_SCRIPT_TYPES:
                self.found.append("<script> without src")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def refused_markup(html: str) -> list[str]:
    parser = Refused()
    parser.feed(html)
    parser.close()
    return parser.found


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


@pytest.fixture
def tour(host) -> dict[str, tuple[str, Client]]:
    """Each page of the tour: its URL and the phone that opens it (host, stranger or player)."""
    group = seating.group_create(host=host, name="Friday regulars")

    def night(name: str):
        made = night_with(
            host,
            group=group,
            name=name,
            chips=WHITE_AND_RED,
            seats=["Ann", "Bob"],
            buy_in=[200, 100],
        )
        return made.night, made.seats

    table, (ann, bob) = night("Friday")
    hand = hands.hand_start(night=table, players=[ann, bob], dealer=bob, recorded_by=HOST)
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    dealing, _ = night("Guts night")
    confirm_ante(dealing, "guts-three-card")
    runs.run_start(night=dealing, game_slug="guts-three-card", recorded_by=HOST)
    quiet, (quiet_ann, _) = night("Quiet night")
    ended, ended_seats = night("Ended night")
    booked = closing.booked_stacks(ended)
    closing.night_end(
        night=ended, counts={s.pk: booked[s.pk] for s in ended_seats}, recorded_by=HOST
    )

    signed_in = Client()
    signed_in.force_login(host)
    stranger = Client()

    def ledger(name: str, *args) -> str:
        return reverse(f"ledger:{name}", args=args)

    return {
        "rulebook index": ("/rules/", stranger),
        "rule page": ("/rules/trash-poker/", stranger),
        "rulebook dealer mode": ("/rules/trash-poker/deal/?players=5&step=2", stranger),
        "hand rankings": ("/rules/hand-rankings/", stranger),
        "every game on one page": ("/rules/all/", stranger),
        "sign-in": (reverse("login"), stranger),
        "sign-up": (reverse("signup"), stranger),
        "nights index": (ledger("index"), signed_in),
        "new night": (ledger("night_new"), signed_in),
        "history": (ledger("history"), signed_in),
        "group": (ledger("group", group.pk), signed_in),
        "a night's table": (ledger("night", table.pk), signed_in),
        "seats": (ledger("seats", table.pk), signed_in),
        "seats of a quiet night": (ledger("seats", quiet.pk), signed_in),
        "deal, choosing a game": (ledger("deal", quiet.pk), signed_in),
        "deal, a game under way": (ledger("deal", dealing.pk), signed_in),
        "new game": (ledger("game_new", quiet.pk) + "?game=trash-poker", signed_in),
        "journal": (ledger("journal", table.pk), signed_in),
        "end": (ledger("end", quiet.pk), signed_in),
        "settlement": (ledger("settlement", ended.pk), signed_in),
        "join": (ledger("join", quiet_ann.join_token), stranger),
        "watch": (ledger("watch", table.spectator_token), stranger),
        "watch the settlement": (ledger("watch_settlement", ended.spectator_token), stranger),
        "API docs": (reverse("api-docs"), stranger),
    }


PAGES = [
    "rulebook index",
    "rule page",
    "rulebook dealer mode",
    "hand rankings",
    "every game on one page",
    "sign-in",
    "sign-up",
    "nights index",
    "new night",
    "history",
    "group",
    "a night's table",
    "seats",
    "seats of a quiet night",
    "deal, choosing a game",
    "deal, a game under way",
    "new game",
    "journal",
    "end",
    "settlement",
    "join",
    "watch",
    "watch the settlement",
    "API docs",
]


@pytest.mark.parametrize("name", PAGES)
def test_every_page_allows_only_the_sites_own_scripts_and_has_nothing_inline(tour, name):
    path, phone = tour[name]
    response = phone.get(path)
    assert response.status_code == 200, f"{name}: {path} answered {response.status_code}"

    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert not [v for values in policy.values() for v in values if "unsafe" in v]

    assert refused_markup(response.content.decode()) == [], f"{name}: {path}"


def test_the_api_docs_start_up_script_is_a_file_of_its_own(client):
    page = client.get(reverse("api-docs")).content.decode()
    assert 'src="/api/docs/?script="' in page
    script = client.get(reverse("api-docs") + "?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()


def test_the_seats_page_asks_before_someone_leaves_without_an_inline_handler(tour):
    path, phone = tour["seats of a quiet night"]
    page = phone.get(path).content.decode()
    assert 'data-confirm="Ann leaves now and is cashed out?"' in page


def test_a_name_in_the_leave_question_stays_text(host):
    group = seating.group_create(host=host, name="Regulars")
    night = seating.night_create(host=host, group=group, name="Friday", chips=[("white", "1")])
    person = Person.objects.create(group=group, name="\"'><script>x</script>")
    seating.seat_add(night=night, person=person)
    phone = Client()
    phone.force_login(host)
    page = phone.get(reverse("ledger:seats", args=[night.pk])).content.decode()
    assert 'data-confirm="&quot;&#x27;&gt;&lt;script&gt;x&lt;/script&gt; leaves now' in page
    assert refused_markup(page) == []


def test_the_checker_finds_what_the_policy_refuses():
    found = refused_markup(
        '<p style="color:red" onclick="x()">a</p><style>p{}</style><script>x()</script>'
        '<a href="javascript:x()">b</a><div hx-on:click="x()" hx-vals=\'js:{a: 1}\'></div>'
        '<script type="application/json">{}</script><script src="/static/js/site.js"></script>'
    )
    assert len(found) == 7


def test_the_chart_colours_live_in_the_ledger_stylesheet():
    from django.conf import settings

    from ledger.core import charts

    css = (settings.BASE_DIR / "static" / "css" / "ledger.css").read_text()
    for number in range(charts.COLOURS):
        assert css.count(f".hg-c{number}{{") == 2, f"hg-c{number} needs a light and a dark colour"
