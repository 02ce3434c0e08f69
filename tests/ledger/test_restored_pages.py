"""Every page of a restored night answers, for everyone who may open it, never a 500.

A backup the restore ACCEPTS must give nights whose pages all work: a group is
built through the services and the pages as a host would build it, exported,
restored by another user (`restore.import_group`), and then every route of the
ledger and of its API that names a night (and its hands, games, seats,
payments, people, links) is asked for, with the restored rows' ids, rather
than a list written here that would miss a page added later.

The source groups (each worked out in its builder below):

- an ended night: three hands settled, one with a side pot; a player who
  bought in with cash another holds, was adjusted and left; a payment paid;
- an open night in the middle of a hand: antes in, a bet in the pot (another
  undone), Bob's cards entered from his phone and not shown (so not in the
  file: restored, he enters them again), an earlier hand's showdown kept;
- games over several deals: a guts pot riding between deals, a Pokino score
  sheet, and a short player's marker, a leaver's share and a newcomer;
- names with accents and apostrophes: Zoë, D'Arcy, Åsa at "L'été";
- the open night's file written as version 1 (no record of who entered cards).

Who asks: the host (every route of the pages and of the API), a player's
phone that joined its seat through the restored seat's NEW join link, an API
phone holding a seat key claimed with another new link, and the NEW
spectator link (pages and API). The host gets the page (200), a deliberate
redirect (302, 303), 405 exactly for a form's POST-only route, or a refusal
the site makes on purpose (`DELIBERATE`). Every viewer gets, route by route,
what the same viewer gets at the original night (a phone is refused the
host's pages, 403; the spectator link's holder is not shown the host's
pages, 404), opens the pages it is there for, and never a 500: a view that
raises is reported with the exception and the line it came from.
"""

from __future__ import annotations

import html
import re
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from ledger import urls as ledger_urls
from ledger.api import urls as api_urls
from ledger.core import backup_format
from ledger.core.house_rules import house_rules
from ledger.models import Group, Hand, Night, Payment, Seat
from ledger.services import backup, closing, games, hands, money_rules, restore, runs, seating
from tests import factories
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

HOST = "host:host"
ANSWERED = {200, 302, 303}
POST_ONLY = 405


# --- The source groups, built as a host builds them ----------------------------------------------


def host_phone(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def seat_phone(seat: Seat) -> Client:
    """A player's own phone, holding their seat through the seat's join link."""
    client = Client()
    joined = post(client, url("join", seat.join_token))
    assert joined.status_code == 303, text(joined)
    return client


def api_award(client: Client, night: Night, hand: Hand, winners: list[list[int]]) -> None:
    answer = client.post(
        reverse("ledger_api:award", args=[night.pk, hand.number]),
        {"winners": winners},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert answer.status_code == 201, answer.content


def enter_cards(client: Client, night: Night, hand: Hand, seat: Seat, cards: str) -> None:
    typed = {"seat": str(seat.pk), "cards": cards, "up": ""}
    entered = post(client, url("hand_cards", night.pk, hand.pk), typed)
    assert entered.status_code == 303, text(entered)


def ended_night(host) -> Group:
    """Friday, ended. Ann buys 100 in cash, Bob and Cat 300 on credit; Dan buys 50 in cash
    that Bob holds, has 5 taken back for a miscount and leaves, paid 45 from Bob's cash.

    Hand 1: antes of 1 (pot 3), Ann bets 10 and the others fold: Ann 102, Bob 299, Cat 299.
    Hand 2: Ann is all in for 102, Bob raises to 250, Cat calls: a main pot of 306 (all
    three) and a side pot of 296 (Bob and Cat); Ann wins the main, Bob the side: Ann 306,
    Bob 345, Cat 49. Hand 3: antes of 1, everyone checks and Cat wins the 3: Ann 305,
    Bob 344, Cat 51. Cat sits out; the night ends on those counts, nets Ann +205,
    Bob +44, Cat -249, and a payment is marked paid.
    """
    night, (ann, bob, cat, dan) = factories.night_with(
        host, name="Friday", seats=("Ann", "Bob", "Cat", "Dan")
    )
    seating.buy_in(night=night, seat=ann, chips=100, recorded_by=HOST, paid="cash")
    seating.buy_in(night=night, seat=bob, chips=300, recorded_by=HOST)
    seating.buy_in(night=night, seat=cat, chips=300, recorded_by=HOST)
    seating.buy_in(night=night, seat=dan, chips=50, recorded_by=HOST, paid="cash", holder=bob)
    seating.adjust(night=night, seat=dan, chips=-5, reason="miscount", recorded_by=HOST)
    seating.leave(night=night, seat=dan, recorded_by=HOST, paid="cash", holder=bob)
    seats = [ann, bob, cat]

    first = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by=HOST)
    hands.load(first).collect_antes(recorded_by=HOST, ante=1)
    hands.load(first).round_start(recorded_by=HOST, opener=ann)
    hands.load(first).act(seat=ann, action="bet", amount=10, recorded_by=HOST)
    hands.load(first).act(seat=bob, action="fold", recorded_by=HOST)
    hands.load(first).act(seat=cat, action="fold", recorded_by=HOST)
    hands.load(first).award(winners=[[ann.pk]], recorded_by=HOST)

    second = hands.hand_start(night=night, players=seats, dealer=ann, recorded_by=HOST)
    hands.load(second).round_start(recorded_by=HOST, opener=ann)
    hands.load(second).act(seat=ann, action="all_in", recorded_by=HOST)
    hands.load(second).act(seat=bob, action="raise", amount=250, recorded_by=HOST)
    hands.load(second).act(seat=cat, action="call", recorded_by=HOST)
    assert len(hands.load(second).showdown_pots()) == 2  # a main pot and a side pot
    hands.load(second).award(winners=[[ann.pk], [bob.pk]], recorded_by=HOST)

    third = hands.hand_start(night=night, players=seats, dealer=bob, recorded_by=HOST)
    hands.load(third).collect_antes(recorded_by=HOST, ante=1)
    hands.load(third).round_start(recorded_by=HOST, opener=cat)
    for seat in (cat, ann, bob):
        hands.load(third).act(seat=seat, action="check", recorded_by=HOST)
    hands.load(third).award(winners=[[cat.pk]], recorded_by=HOST)
    seating.sit_out(night=night, seat=cat)

    closing.night_end(night=night, counts=closing.booked_stacks(night), recorded_by=HOST)
    closing.payment_mark_paid(payment=Payment.objects.filter(night=night).first())
    return night.group


def open_mid_hand(host) -> Group:
    """Saturday, open. Ann, Bob and Cat buy 100 each; Bob plays from his own phone.

    Hand 1: Bob enters his cards from his phone, the host enters Ann's and Cat's;
    antes of 1, everyone checks, Bob's three queens win the 3: the showdown is kept.
    Hand 2 is in its betting round: antes in, Bob's cards entered from his phone
    (not shown), Ann bets 20, the host undoes it, she bets 10 and it is Bob's turn,
    13 chips in the pot.
    """
    night, seats = factories.night_with(host, name="Saturday", buy_in=100)
    ann, bob, cat = seats
    host_client, bobs = host_phone(host), seat_phone(bob)

    first = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by=HOST)
    enter_cards(bobs, night, first, bob, "Qs Qd Qh 3c 4d")
    enter_cards(host_client, night, first, ann, "As Ad Kc Kd 7h")
    enter_cards(host_client, night, first, cat, "2h 5c 8d Jh 9s")
    hands.load(first).collect_antes(recorded_by=HOST, ante=1)
    hands.load(first).round_start(recorded_by=HOST, opener=ann)
    for seat in seats:
        hands.load(first).act(seat=seat, action="check", recorded_by=HOST)
    api_award(host_client, night, first, [[bob.pk]])
    assert first.kept_showdowns.exists()

    second = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by=HOST)
    enter_cards(bobs, night, second, bob, "Ks Kc 2d 3d 4c")
    hands.load(second).collect_antes(recorded_by=HOST, ante=1)
    hands.load(second).round_start(recorded_by=HOST, opener=ann)
    hands.load(second).act(seat=ann, action="bet", amount=20, recorded_by=HOST)
    hands.undo(hand=second, recorded_by=HOST)
    hands.load(second).act(seat=ann, action="bet", amount=10, recorded_by=HOST)
    assert hands.load(second).pot == 13
    return night.group


GUTS = "guts-three-card"
MARKERS = {"shortfall": "marker", "leaving": "returned"}  # a short player owes; a leaver's share
ANTE_1 = {"the table's ante": 1}


def games_over_deals(host) -> Group:
    """Two nights of games over several deals, driven from dealer mode as in its tests.

    Sunday, guts: everyone antes 1 (pot 3), Bob pays the 5-chip coward tax (pot 8) and
    everyone passes: the 8 ride to deal 2. There Ann says guts, Bob challenges and loses:
    Ann takes the 8 and Bob matches them into the next pot. Stacks Ann 47, Bob 26, Cat 39,
    8 riding, the game between deals.
    Monday, Pokino between Ann and Bob: Ann scores 3 tricks, Bob a pair (50 points) on the
    score sheet; no chip moves, and the rubber goes on.
    Tuesday, Bloody Sevens with a short player on a marker: Cat (2 chips) antes and owes the
    rest of her match on a marker, Ann wins; Cat leaves with her share of what rides, Dee sits
    down and joins the second deal, which is dealt.
    """
    client = host_phone(host)
    sunday, seats = factories.night_with(host, name="Sunday", buy_in=40)
    ann, bob, cat = (str(s.pk) for s in seats)

    def showdown(hand: Hand, fire: list[str], **facts) -> object:
        step = next(p for p in games.steps(hand.run) if p.title == "Show and settle")
        moved = post(client, url("hand_step", sunday.pk, hand.pk), {"to": step.id})
        assert moved.status_code == 303, text(moved)
        page = text(client.get(url("deal", sunday.pk)))
        facts |= {"pots": re.search(r'name="pots" value="([^"]*)"', page)[1], "fire": fire}
        return post(client, url("hand_showdown", sunday.pk, hand.pk), facts)

    start = {
        "game": GUTS,
        "options": ["coward-tax"],
        "agreed-the table's ante": "1",
        "dealer": cat,
        "players": [ann, bob, cat],
    }
    done = [post(client, url("game_start", sunday.pk), start)]
    first = sunday.hands.get()
    for rule, facts in (
        ("ante", {}),
        ("coward-tax-pay", {"role-best_hand": bob}),
        ("all-pass", {}),
    ):
        done.append(post(client, url("hand_charge", sunday.pk, first.pk), {"rule": rule, **facts}))
    done.append(showdown(first, [], nobody="1"))
    deal = {"dealer": ann, "players": [ann, bob, cat]}
    done.append(post(client, url("game_deal", sunday.pk, first.run_id), deal))
    second = sunday.hands.get(number=2)
    match = {"challengers-match:role-losers": bob, "win-0": ann}
    done.append(showdown(second, ["challengers-match"], **match))
    assert [d.status_code for d in done] == [303] * len(done), [text(d) for d in done]
    stacks = closing.booked_stacks(sunday)
    assert [stacks[s.pk] for s in seats] == [47, 26, 39]
    assert games.riding(sunday) == 8

    monday = factories.night_with(
        host, group=sunday.group, name="Monday", buy_in=40, seats=("Ann", "Bob")
    ).night
    ann, bob = (str(s.pk) for s in monday.seats.order_by("position"))
    start = {"game": "pokino", "dealer": bob, "players": [ann, bob]}
    done = [post(client, url("game_start", monday.pk), start)]
    hand = monday.hands.get()
    tricks = {"rule": "trick-point", "role-winner": ann, "count": "3"}
    done.append(post(client, url("hand_charge", monday.pk, hand.pk), tricks))
    booked = {"pots": "", "fire": ["honor-pair"], "honor-pair:role-best_hand": bob}
    done.append(post(client, url("hand_showdown", monday.pk, hand.pk), booked))
    assert [d.status_code for d in done] == [303] * len(done), [text(d) for d in done]
    assert "Score sheet" in text(client.get(url("deal", monday.pk)))

    tuesday, (ann, bob, cat) = factories.night_with(
        host, group=sunday.group, name="Tuesday", buy_in=(20, 20, 2)
    )
    tuesday.settings = house_rules(tuesday.settings | MARKERS).as_dict()
    tuesday.save(update_fields=["settings"])
    run = runs.run_start(
        night=tuesday, game_slug="bloody-sevens", settings={}, agreed=ANTE_1, recorded_by=HOST
    )
    first = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=cat, recorded_by=HOST)
    money_rules.charge(hands.load(first), "ante", recorded_by=HOST)
    money_rules.charge(hands.load(first), "match", roles={"losers": [cat.pk]}, recorded_by=HOST)
    hands.load(first).award(winners=[[ann.pk]], recorded_by=HOST)
    runs.seat_leave(night=tuesday, seat=cat, recorded_by=HOST)
    (dee,) = factories.seat_up(tuesday, ["Dee"], buy_in=10)
    runs.deal_start(run=run, players=[ann, bob, dee], dealer_seat=ann, recorded_by=HOST)
    kinds = set(tuesday.postings.values_list("kind", flat=True))
    assert {"leave_share", "join_in"} <= kinds
    return sunday.group


def accented_names(host) -> Group:
    """L'été at "Zoë's regulars": Zoë, D'Arcy and Åsa buy 50 each; D'Arcy wins a hand of
    antes from his phone's cards, and a second hand is dealt, antes in."""
    table = factories.night_with(
        host, group_name="Zoë's regulars", name="L'été", seats=("Zoë", "D'Arcy", "Åsa"), buy_in=50
    )
    night, seats = table
    zoe, darcy, asa = seats
    hand = hands.hand_start(night=night, players=seats, dealer=asa, recorded_by=HOST)
    enter_cards(seat_phone(darcy), night, hand, darcy, "Ts Td Th 2c 5d")
    hands.load(hand).collect_antes(recorded_by=HOST, ante=1)
    hands.load(hand).round_start(recorded_by=HOST, opener=zoe)
    for seat in seats:
        hands.load(hand).act(seat=seat, action="check", recorded_by=HOST)
    api_award(host_phone(host), night, hand, [[darcy.pk]])
    later = hands.hand_start(night=night, players=seats, dealer=zoe, recorded_by=HOST)
    hands.load(later).collect_antes(recorded_by=HOST, ante=1)
    return table.group


# --- The files ----------------------------------------------------------------------------------


def version_2(group: Group) -> bytes:
    return backup.export_bytes(group)


def version_1(group: Group) -> bytes:
    """The version 2 export as version 1 wrote it: cards with no entered_as, down_by, shown."""
    content = backup.export_group(group)["content"]
    assert content["hand_cards"], "the file must hold cards for version 1 to differ"
    for row in content["hand_cards"]:
        for key in ("entered_as", "down_by", "shown"):
            del row[key]
    assert 1 in backup_format.EARLIER
    return backup_format.dumps(backup_format.wrap(content) | {"version": 1})


SOURCES: dict[str, tuple[Callable, Callable]] = {
    "an ended night": (ended_night, version_2),
    "an open night mid-hand": (open_mid_hand, version_2),
    "games over several deals": (games_over_deals, version_2),
    "names with accents and apostrophes": (accented_names, version_2),
    "a version 1 file": (open_mid_hand, version_1),
}


@dataclass
class Restored:
    source: Group
    group: Group
    owner: object
    nights: list[Night] = field(default_factory=list)

    def original(self, night: Night) -> Night:
        return self.source.nights.get(name=night.name)


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user(username="other", password="deal-me-in-9")


@pytest.fixture(params=list(SOURCES))
def restored(request, host, other) -> Restored:
    build, write = SOURCES[request.param]
    source = build(host)
    group = restore.import_group(write(source), other)
    nights = list(group.nights.order_by("pk"))
    assert [n.name for n in nights] == list(
        source.nights.order_by("pk").values_list("name", flat=True)
    )
    return Restored(source=source, group=group, owner=other, nights=nights)


# --- Every route, filled with a night's own rows ------------------------------------------------

# A refusal the site makes on purpose, by route: the results' files while a hand is in play
# (409), the showdown helper before its hand reaches the showdown (403: it would tell cards).
DELIBERATE = {
    "ledger:settlement_csv": 409,
    "ledger:payments_csv": 409,
    "ledger_api:settlement": 409,
    "ledger_api:showdown-helper": 403,
}


def pages(*names: str) -> set[str]:
    return {f"ledger:{name}" for name in names}


def api_reads(*names: str) -> set[str]:
    return {f"ledger_api:{name}" for name in names}


# What each viewer must open (a 200) wherever it is asked for; the rest answer as at the original.
READS = api_reads("night-detail", "hand-list", "hand-detail", "pots", "journal", "game-list")
HOST_OPENS = READS | pages(
    "night", "poll", "deal", "deal_poll", "journal", "journal_csv", "seats", "game_new",
    "settlement", "night_chips", "night_delete", "group", "group_backup", "person", "join",
    "watch", "watch_poll", "watch_settlement",
)  # fmt: skip
SEAT_OPENS = pages(
    "night", "poll", "deal", "deal_poll", "journal", "settlement", "join", "seat_handles"
)
WATCH_OPENS = pages("watch", "watch_poll", "watch_settlement")
SEAT_API_OPENS = READS
WATCH_API_OPENS = SEAT_API_OPENS


def rows_for(name: str, route: str, night: Night) -> list[tuple[str, object]]:
    """Each row of the night that fills the id `name` of a route: (its words, its value)."""
    seats = list(night.seats.select_related("person").order_by("position"))
    hands_ = list(night.hands.order_by("number"))
    runs_ = list(night.runs.order_by("number"))
    if name == "night_id":
        return [("", night.pk)]
    if name == "group_id":
        return [("", night.group_id)]
    if name == "person_id":
        return [(s.person.name, s.person_id) for s in seats]
    if name == "seat_id":
        return [(f"{s.person.name}'s seat", s.pk) for s in seats]
    if name == "hand_id":
        return [(f"hand {h.number}", h.pk) for h in hands_]
    if name == "number" and "/games/" in route:
        return [(f"game {r.number}", r.number) for r in runs_]
    if name == "number":
        return [(f"hand {h.number}", h.number) for h in hands_]
    if name == "run_id":
        return [(f"game {r.number}", r.pk) for r in runs_]
    if name == "payment_id":
        paid = night.payments.order_by("pk")
        return [(f"payment {n}", p.pk) for n, p in enumerate(paid, start=1)]
    if name == "token" and route.startswith("watch/"):
        return [("the spectator link", night.spectator_token)]
    if name == "token":
        return [(f"{s.person.name}'s join link", s.join_token) for s in seats]
    if name == "restore_id":  # a restore under way is no night's page: test_restore_steps.py
        return []
    raise AssertionError(f"the route {route} names {name}: say which rows fill it")


def queries(route_name: str, night: Night) -> list[tuple[str, str]]:
    """The query strings the pages' own links open a route with, besides none."""
    if route_name == "game_new":  # the setup of each game played, and of one never played here
        slugs = sorted({*night.runs.values_list("game_slug", flat=True), GUTS})
        return [(slug, f"?game={slug}") for slug in slugs]
    if route_name == "deal":
        return [("", ""), ("ranked", "?helper=rank"), ("filled", "?helper=fill")]
    if route_name == "journal":
        ids = list(night.postings.order_by("pk").values_list("pk", flat=True))
        return [("", ""), ("the older half", f"?before={ids[len(ids) // 2]}")]
    return [("", "")]


@dataclass(frozen=True)
class Visit:
    """One GET: the night, the route, the rows it names in table words, and its path."""

    night: str
    route: str
    rows: str
    path: str
    gets: bool = True  # False: a form's POST-only route

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.night, self.route, self.rows)


def takes_get(pattern: URLPattern) -> bool:
    """Whether a route answers GET: an API view with a `get`, or a page whose method check
    (`require_GET`, `require_POST`, `require_http_methods`) lists GET."""
    view_class = getattr(pattern.callback, "view_class", None)
    if view_class is not None:
        return hasattr(view_class, "get")
    cells = [c.cell_contents for c in pattern.callback.__closure__ or ()]
    methods = next((c for c in cells if isinstance(c, list)), ["GET"])
    return "GET" in methods


def visits(night: Night, *, api: bool = False, every: bool = False) -> list[Visit]:
    """Every route of the ledger's pages (or of its API), once for each way its ids are filled;
    unless `every`, only those that answer GET, each with its first query string alone."""
    module, space = (api_urls, "ledger_api") if api else (ledger_urls, "ledger")
    found = []
    for pattern in module.urlpatterns:
        if not every and not takes_get(pattern):
            continue
        route = str(pattern.pattern)
        combos: list[tuple[list[str], dict]] = [([], {})]
        for name in pattern.pattern.converters:
            combos = [
                ([*words, said], kwargs | {name: value})
                for words, kwargs in combos
                for said, value in rows_for(name, route, night)
            ]
        for words, kwargs in combos:
            path = reverse(f"{space}:{pattern.name}", kwargs=kwargs)
            variants = queries(pattern.name, night) if not api else [("", "")]
            for said, query in variants if every else variants[:1]:
                rows = ", ".join(w for w in (*words, said) if w)
                route_name = f"{space}:{pattern.name}"
                found.append(Visit(night.name, route_name, rows, path + query, takes_get(pattern)))
    return found


@dataclass(frozen=True)
class Answer:
    status: int
    visit: Visit
    reason: str = ""


def answers(
    client: Client, nights: list[Night], *, api: bool = False, every: bool = False, **headers
) -> dict[tuple[str, str, str], Answer]:
    """What the routes of these nights answer this client, by (night, route, rows): those that
    answer GET, or `every` route. A view that raises is a 500, kept with its exception."""
    got: dict[tuple[str, str, str], Answer] = {}
    for night in nights:
        for visit in visits(night, api=api, every=every):
            try:
                response = client.get(visit.path, headers=headers)
            except Exception as exc:
                line = traceback.extract_tb(exc.__traceback__)[-1]
                reason = f"{type(exc).__name__}: {exc} at {line.filename}:{line.lineno}"
                got[visit.key] = Answer(500, visit, reason)
            else:
                got[visit.key] = Answer(response.status_code, visit)
    return got


def wrong_answers(who: str, before: dict, after: dict, *, opens: set[str]) -> list[str]:
    """Every route the restored nights answer wrong, in words: a 500 (there or at the original
    night), an answer other than the original night's to the same route, and a page the viewer
    must open that is not a 200."""
    wrong = [f"{who}: the original night has no {key}" for key in after.keys() - before.keys()]
    for key, got in after.items():
        night, route, rows = key
        said = f"{who} GET {got.visit.path} ({night}: {route}{', ' + rows if rows else ''})"
        was = before.get(key)
        if got.status >= 500 or (was is not None and was.status >= 500):
            why = got.reason or (was.reason if was is not None else "")
            wrong.append(f"{said} -> {got.status}, original {was and was.status}: {why}")
        elif was is not None and was.status != got.status:
            wrong.append(f"{said} -> {got.status} where the original night answered {was.status}")
        elif route in opens and got.status != 200 and DELIBERATE.get(route) != got.status:
            wrong.append(f"{said} -> {got.status}, not the page")
    return wrong


def wrong_for_the_host(who: str, before: dict, after: dict, *, opens: set[str]) -> list[str]:
    """As `wrong_answers`, and each route answers the host the page (200), a redirect, or 405
    exactly when it is a form's POST-only route (else a deliberate refusal, `DELIBERATE`)."""
    wrong = wrong_answers(who, before, after, opens=opens)
    for got in after.values():
        said = f"{who} GET {got.visit.path} ({got.visit.route}) -> {got.status}"
        if got.status >= 500:
            continue  # said once already
        if not got.visit.gets and got.status != POST_ONLY:
            wrong.append(f"{said}, not 405 for a POST-only route")
        elif got.visit.gets and got.status not in {*ANSWERED, DELIBERATE.get(got.visit.route)}:
            wrong.append(said)
    return wrong


def opened(got: dict) -> set[str]:
    return {route for (_night, route, _rows), answer in got.items() if answer.status == 200}


def nights_of(group: Group) -> list[Night]:
    return list(group.nights.order_by("pk"))


def pairs(restored: Restored) -> list[tuple[Night, Night]]:
    """Each night of the source group beside its restored copy."""
    return [(restored.original(night), night) for night in restored.nights]


def seat_named(night: Night, name: str) -> Seat:
    return night.seats.select_related("person").get(person__name=name)


def seated(night: Night) -> list[str]:
    return list(night.seats.order_by("position").values_list("person__name", flat=True))


def seat_key(seat: Seat) -> str:
    """The seat key an API phone is given for claiming the seat with its join link."""
    claimed = Client().post(
        reverse("ledger_api:join"),
        {"token": seat.join_token},
        content_type="application/json",
        headers={"Idempotency-Key": str(uuid.uuid4())},
    )
    assert claimed.status_code == 201, claimed.content
    return claimed.json()["seat_key"]


# --- The tests ----------------------------------------------------------------------------------


def test_every_page_and_api_route_of_a_restored_night_answers_its_host_as_the_original_did(
    restored, host
):
    wrong = []
    before, after = {}, {}
    for api in (False, True):
        before |= answers(host_phone(host), nights_of(restored.source), api=api, every=True)
        after |= answers(host_phone(restored.owner), restored.nights, api=api, every=True)
    wrong = wrong_for_the_host("the host", before, after, opens=HOST_OPENS)
    wrong += [f"the host never opened {route}" for route in sorted(HOST_OPENS - opened(after))]
    assert not wrong, "\n".join(wrong)


def test_a_player_joined_through_the_new_links_opens_every_page_and_api_read_they_may(restored):
    """At each night the last player joins from their phone's browser and the first claims a
    seat key through the API, with the restored seats' new links; at the original the same."""
    phone, key = ({}, {}), ({}, {})
    for old, new in pairs(restored):
        last, first = seated(new)[-1], seated(new)[0]
        assert seat_named(new, last).join_token != seat_named(old, last).join_token
        assert not any(s.claimed for s in new.seats.all())  # no phone holds a seat until it joins
        for night, pages, reads in ((old, phone[0], key[0]), (new, phone[1], key[1])):
            pages |= answers(seat_phone(seat_named(night, last)), [night])
            held = seat_key(seat_named(night, first))
            reads |= answers(Client(), [night], api=True, x_homegame_seat=held)
    wrong = wrong_answers("a player's phone", *phone, opens=SEAT_OPENS)
    wrong += wrong_answers("a seat key", *key, opens=SEAT_API_OPENS)
    wrong += [f"a player's phone never opened {r}" for r in sorted(SEAT_OPENS - opened(phone[1]))]
    wrong += [f"a seat key never opened {r}" for r in sorted(SEAT_API_OPENS - opened(key[1]))]
    assert not wrong, "\n".join(wrong)


def test_the_new_spectator_link_opens_every_page_and_api_read_it_may(restored):
    pages, reads = ({}, {}), ({}, {})
    for old, new in pairs(restored):
        assert new.spectator_token != old.spectator_token
        for night, seen, read in ((old, pages[0], reads[0]), (new, pages[1], reads[1])):
            seen |= answers(Client(), [night])
            token = night.spectator_token
            read |= answers(Client(), [night], api=True, x_homegame_watch=token)
    wrong = wrong_answers("the spectator link", *pages, opens=WATCH_OPENS)
    wrong += wrong_answers("the spectator link's API", *reads, opens=WATCH_API_OPENS)
    wrong += [f"the spectator never opened {r}" for r in sorted(WATCH_OPENS - opened(pages[1]))]
    wrong += [
        f"the spectator's API never read {r}" for r in sorted(WATCH_API_OPENS - opened(reads[1]))
    ]
    assert not wrong, "\n".join(wrong)


# --- The same chips ----------------------------------------------------------------------------


def plain(fragment: str) -> str:
    """A page's fragment as it reads: tags gone, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def chips_shown(pages: dict[str, str]) -> dict:
    """What the pages say of the chips: each player's line at the table (name, stack, money,
    what they have in), the pots and the pot riding; the results (nets in chips and money,
    who holds cash, who pays whom); a score sheet; and the journal, line by line with the
    cards kept from its showdowns."""

    def found(pattern: str, page: str) -> list[str]:
        return [plain(f) for f in re.findall(pattern, pages.get(page, ""), re.S)]

    return {
        "players": found(r'<li class="seat[^"]*">(.*?)</li>', "table"),
        "pots": found(r'<ul class="pots">(.*?)</ul>', "table"),
        "riding": found(r'<p class="card rides">(.*?)</p>', "table"),
        "nets": found(r'<table class="nets">(.*?)</table>', "results"),
        "cash": found(r'<ul class="cash-boxes">(.*?)</ul>', "results"),
        "payments": found(r'<p class="pay-line">(.*?)</p>', "results"),
        "score sheet": found(r'<div class="card sheet">(.*?)</div>', "deal"),
        "journal": [
            plain(line)
            for postings in re.findall(
                r'<ol class="postings">(.*?)</ol>', pages.get("journal", ""), re.S
            )
            for line in re.split(r'<li(?: class="undone")?>\s*(?=<span>)', postings)[1:]
        ],
    }


def seen_by_host(client: Client, night: Night) -> dict:
    named = {"table": "night", "results": "settlement", "deal": "deal", "journal": "journal"}
    pages = {page: client.get(url(name, night.pk)) for page, name in named.items()}
    assert {p: r.status_code for p, r in pages.items()} == dict.fromkeys(named, 200)
    return chips_shown({page: text(r) for page, r in pages.items()})


def seen_by_spectator(night: Night) -> dict:
    named = {"table": "watch", "results": "watch_settlement"}
    pages = {page: Client().get(url(name, night.spectator_token)) for page, name in named.items()}
    assert {p: r.status_code for p, r in pages.items()} == dict.fromkeys(named, 200)
    return chips_shown({page: text(r) for page, r in pages.items()})


def changes(who: str, night: Night, before: dict, after: dict) -> list[str]:
    """What the restored night shows otherwise than the original, line by line."""
    wrong = []
    for part, was in before.items():
        now = after[part]
        if now != was:
            only_then = [line for line in was if line not in now] or "(the same lines)"
            only_now = [line for line in now if line not in was] or "(in another order)"
            wrong.append(f"{who}, {night.name}, {part}: {only_then} became {only_now}")
    return wrong


def test_the_restored_pages_show_the_chips_and_the_journal_as_the_original_did(restored, host):
    wrong = []
    for old, new in pairs(restored):
        shown = seen_by_host(host_phone(restored.owner), new)
        wrong += changes("the host", new, seen_by_host(host_phone(host), old), shown)
        wrong += changes("the spectator", new, seen_by_spectator(old), seen_by_spectator(new))
        # Every player is on the table with a stack in chips and its money, the journal full.
        for name, line in zip(seated(new), shown["players"], strict=True):
            assert re.match(rf"{re.escape(name)}\b.* \d+ \$\d+\.\d\d", line), line
        assert f"{seated(new)[0]} buys " in shown["journal"][-1]
        if new.status == Night.Status.ENDED:
            assert shown["nets"]
            assert shown["payments"]
        if new.runs.filter(game_slug="pokino").exists():
            assert shown["score sheet"]
        if new.hands.filter(kept_showdowns__isnull=False).exists():
            assert any("Cards shown and how they ranked" in line for line in shown["journal"])
    assert not wrong, "\n".join(wrong)


# --- What a deal remembers of each player -------------------------------------------------------


@pytest.fixture
def remembering(host) -> Group:
    """Three nights of a group, a deal open at each whose postings keep seats by id.

    Lives: Screw Your Neighbor, Cat loses a life (2 left). Turns: In Between, Ann's turn is
    booked, so it is Bob's. Knock: Knock Poker, the table names Ann as the knocker.
    """
    group = seating.group_create(host=host, name="Tuesday regulars")

    def game(name: str, slug: str) -> tuple[Hand, list[Seat]]:
        night, seats = factories.night_with(host, group=group, name=name, buy_in=40)
        needed = runs.needed_agreed(games.spec_of(slug), [], {})
        run = runs.run_start(
            night=night, game_slug=slug, settings={}, agreed=dict.fromkeys(needed, 1),
            recorded_by=HOST,
        )  # fmt: skip
        hand = runs.deal_start(run=run, players=seats, dealer_seat=seats[2], recorded_by=HOST)
        return hand, seats

    lives, (_, _, cat) = game("Lives", "screw-your-neighbor")
    money_rules.charge(
        hands.load(lives), "lose-stack", roles={"lowest_hand": cat.pk}, recorded_by=HOST
    )
    turns, (ann, _, _) = game("Turns", "in-between")
    money_rules.charge(hands.load(turns), "ante", recorded_by=HOST)
    games.step_to(hand=turns, step="wager")
    money_rules.charge(
        hands.load(turns), "wager-lose", roles={"actor": ann.pk}, bet=2, recorded_by=HOST
    )
    knock, (ann, _, _) = game("Knock", "knock-poker")
    games.step_to(hand=knock, step="last-round")
    hands.name_role(hand=knock, role="knocker", seats=[ann], recorded_by=HOST)
    return group


def remembered(group: Group) -> dict:
    """Each night's lives left, turns taken and named players, by name."""
    nights = {n.name: n for n in group.nights.all()}
    names = {s.pk: s.person.name for n in nights.values() for s in n.seats.all()}
    lives, turns, knock = (nights[name].hands.get() for name in ("Lives", "Turns", "Knock"))
    return {
        "lives": {
            names.get(s, f"seat {s}"): left for s, left in games.lives_left(lives.run).items()
        },
        "turns": [names.get(s, f"seat {s}") for s in games.turns_taken(turns, ["wager-lose"])],
        "named": {
            role: [names.get(s, f"seat {s}") for s in seats]
            for role, (seats, _step) in hands.load(knock).state.named.items()
        },
    }


def test_a_restored_deal_remembers_the_lives_lost_whose_turn_it_was_and_who_was_named(
    remembering, other
):
    """A posting's detail keeps seats by id: the restore gives each its seat's new id, so Cat
    still has 2 lives, not 3, it is still Bob's turn and Ann still knocked."""
    before = remembered(remembering)
    assert before == {
        "lives": {"Ann": 3, "Bob": 3, "Cat": 2},
        "turns": ["Ann"],
        "named": {"knocker": ["Ann"]},
    }
    assert remembered(restore.import_group(backup.export_bytes(remembering), other)) == before


@pytest.mark.parametrize(
    ("kind", "name", "value"),
    [
        ("charge", "lives_lost", ["Cat"]),
        ("charge", "actor", "Ann"),
        ("named", "seats", [None]),
    ],
)
def test_a_file_whose_remembered_seat_is_no_seat_is_refused(remembering, other, kind, name, value):
    content = backup.export_group(remembering)["content"]
    posting = next(p for p in content["postings"] if name in p["detail"] and p["kind"] == kind)
    posting["detail"][name] = value
    with pytest.raises(backup_format.BackupError, match=f"its {name} are not as the journal"):
        restore.import_group(backup_format.dumps(backup_format.wrap(content)), other)
    assert not Group.objects.filter(host=other).exists()
