"""Through the API, the showdown helper's fill books unchanged in every game that has a helper.

For each such game: four players buy in, the game starts with every agreed
amount at one chip, the first step's ante (if any) is booked, the table goes
to the showdown, the host enters a deal of cards for every player (and the
table's cards where the game has them), asks the helper, and books the
showdown exactly as the helper filled it. The booking must be accepted and
the chips conserved.
"""

from __future__ import annotations

import random
import uuid

import pytest
from rest_framework.test import APIClient

from ledger.core.facts import bookable
from ledger.models import Person
from ledger.services import closing, games, runs, seating
from rulebook.models import Game
from rulebook.showdown.cards import DECK

pytestmark = pytest.mark.django_db

API = "/api/nights/"
PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def helper_games() -> list[str]:
    from rulebook.loader import load_games

    return sorted(g.slug for g in load_games() if g.showdown.helper and g.has_rules)


def send(client, path, body=None):
    key = uuid.uuid4().hex
    return client.post(API + path, body or {}, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.parametrize("slug", helper_games())
def test_the_helpers_fill_books_unchanged(host, group, night, slug):
    spec = Game.objects.get(slug=slug).spec
    count = (
        max(spec.players.min or 2, 4)
        if spec.players.max is None
        else min(max(spec.players.min or 2, 4), spec.players.max)
    )
    seats = [
        seating.seat_add(night=night, person=Person.objects.create(group=group, name=n))
        for n in PLAYERS[:count]
    ]
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=200, recorded_by="host:host")
    api = APIClient()
    api.force_login(host)
    agreed = dict.fromkeys(runs.needed_agreed(spec, [], {}), 1)
    started = send(
        api,
        f"{night.pk}/games/",
        {"game": slug, "dealer": seats[-1].pk, "players": [s.pk for s in seats], "agreed": agreed},
    )
    assert started.status_code == 201, started.json()
    number = started.json()["hand"]["number"]
    hand = night.hands.get(number=number)
    steps = games.steps(hand.run)
    rules = games.rules_in_force(hand.run)
    for rule_id in steps[0].money:
        rule = rules.get(rule_id)
        if rule is not None and rule.kind == "ante" and bookable(rule):
            booked = send(api, f"{night.pk}/hands/{number}/charges/", {"rule": rule_id})
            assert booked.status_code == 201, booked.json()
    showdown = next(s for s in steps if s.kind == "showdown")
    moved = send(api, f"{night.pk}/hands/{number}/step/", {"step": showdown.id})
    assert moved.status_code == 200, moved.json()
    deal(api, night, number, spec, seats, hand.run)
    helper = api.get(API + f"{night.pk}/hands/{number}/showdown-helper/").json()
    assert helper["fill"] is not None, helper
    fill = helper["fill"]
    body = {
        k: fill[k]
        for k in ("winners", "low_winners", "declarations", "high_order", "low_order", "bookings")
        if k in fill
    }
    booked = send(api, f"{night.pk}/hands/{number}/showdown/", body)
    assert booked.status_code == 201, (booked.json(), body)
    # Every chip is in a stack, riding to the next deal, or on the pile beside the pot.
    held = sum(closing.booked_stacks(night).values()) + games.riding(night) + _pile(night)
    assert held == 200 * len(seats)


def deal(api, night, number, spec, seats, run) -> None:
    """Cards for every player as the table would enter them at the showdown."""
    from rulebook.showdown import request_check
    from rulebook.showdown.evaluation import declares_both, rules_in_force

    rules = rules_in_force(spec, run.options, run.settings)
    deck = list(DECK)
    random.Random(spec.slug).shuffle(deck)
    size = min(rules.hand, 5)
    table: dict = {}
    if rules.board == "shared":
        table["cards"] = " ".join(deck.pop().code for _ in range(5))
        size = 2
    if request_check.needs_wild_ranks(spec):
        table["wild_ranks"] = "5"
        table.setdefault("cards", "")
    if table:
        entered = send(api, f"{night.pk}/hands/{number}/cards/", {"board": True, **table})
        assert entered.status_code == 201, entered.json()
    # A player declares both where the game lets them (not Big Sol's "each picks high or low").
    both = declares_both(spec, run.settings)
    sides = ("high", "low", "both" if both else "low", "high")
    for index, seat in enumerate(seats):
        cards = " ".join(deck.pop().code for _ in range(size))
        body = {"seat": seat.pk, "cards": cards}
        if rules.up_only or request_check.needs_up_order(spec):
            body["up"] = cards
        if games.pot_shape(spec.slug, run) == "declare":
            body["declare"] = sides[index]
        entered = send(api, f"{night.pk}/hands/{number}/cards/", body)
        assert entered.status_code == 201, entered.json()


def _pile(night) -> int:
    from django.db.models import Sum

    from ledger.models import Account, Entry

    kinds = (Account.Kind.INFRACTION, Account.Kind.CARRIED)
    found = Entry.objects.filter(account__night=night, account__kind__in=kinds)
    return found.aggregate(total=Sum("amount"))["total"] or 0
