"""Schemathesis against the whole API, in-process, as the host, a seated player and a spectator.

Every operation in /api/schema/ is called with generated input (valid and
invalid) by each caller, at a night with a hand in progress, and every
answer must keep to the schema: no server error, a declared status, content
type, headers and body, and invalid input refused with a 4xx. A refusal of
valid input by the ledger's rules (a 400 with the reason) is correct, so
`positive_data_acceptance` is not checked.

Generated ids would nearly all be 404s, so most cases are pointed at the
fixture's real night, group, seats, hand, game and payments; every eighth
keeps its generated ids. Each case carries a fresh Idempotency-Key, so a
write is never answered from an earlier one.
"""

from __future__ import annotations

import base64
import itertools
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation import GenerationMode
from schemathesis.generation.meta import ComponentInfo
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from ledger.api.auth import SEAT_HEADER, WATCH_HEADER
from ledger.api.base import KEY_HEADER
from ledger.models import Night, Seat
from ledger.services import closing, hands, runs, seating
from tests.factories import WHITE_AND_RED, night_with
from tests.ledger.conftest import confirm_ante

pytestmark = pytest.mark.django_db

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
# A fixed seed, from which each operation derives its own: CI sees the same cases every run.
schema.config.seed = 20261124
# The callers' credentials are the fixture's, never generated ones.
schema.config.generation.update(with_security_parameters=False)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
]
# Three callers x every operation: about 9,000 calls, under a minute on two cores (SQLite).
EXAMPLES = 30
# One case in this many keeps the ids Schemathesis generated, so unknown ids are tried too.
KEEP_GENERATED_IDS = 8
ID = re.compile(r"[0-9]{1,18}")

PASSWORD = "deal-me-in-9"
GAME = "five-card-draw"
# What a WSGI server always sets and Werkzeug's test client leaves out.
SERVER_ENVIRON = {"REMOTE_ADDR": "127.0.0.1"}
# Werkzeug's client does not undo GZipMiddleware, so ask for the body as it is.
PLAIN = {"Accept-Encoding": "identity"}


@dataclass
class Table:
    """A night as the generated cases find it, and the ids that lead to its objects."""

    night: Night
    seats: list[Seat]
    hand_number: int
    game_number: int
    payment_ids: list[int]


def seat_headers(seat: Seat) -> dict[str, str]:
    """A seated player's header: the key claiming the seat issues.

    Claimed through the service, not Django's test client: that client
    reconnects `close_old_connections` after its request, which would close
    the test's PostgreSQL connection under the in-process calls that follow.
    """
    _, key, _ = seating.join_link_claim_key(token=seat.join_token, request_key=uuid.uuid4().hex)
    return {SEAT_HEADER: key}


def host_headers(user) -> dict[str, str]:
    """HTTP Basic, as a host's script would sign in."""
    pair = base64.b64encode(f"{user.get_username()}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {pair}"}


def _table(host, *, ended: bool) -> Table:
    """Three players with chips and a hand of a game in its first betting round.

    With `ended`, the hand is won and the night ended instead, so that the
    payments exist to be marked paid.
    """
    night, seats = night_with(host, chips=WHITE_AND_RED, buy_in=200, recorded_by="host")
    if ended:
        hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by="host")
        hands.load(hand).collect_antes(recorded_by="host", ante=10)
        hands.load(hand).award(winners=[[seats[0].pk]], recorded_by="host")
        closing.night_end(night=night, counts=closing.booked_stacks(night), recorded_by="host")
    else:
        confirm_ante(night, GAME)
        hand = runs.deal(
            night=night, players=seats, dealer_seat=seats[2], recorded_by="host", game_slug=GAME
        )
        hands.load(hand).collect_antes(recorded_by="host")
        hands.load(hand).round_start(recorded_by="host")
    run = night.runs.order_by("number").last()
    return Table(
        night=night,
        seats=seats,
        hand_number=hand.number,
        game_number=run.number if run is not None else 1,
        payment_ids=list(night.payments.values_list("pk", flat=True)),
    )


@pytest.fixture
def tables() -> dict[bool, tuple[Table, dict[str, str]]]:
    """The test's one night and the caller's headers, made at its first case."""
    return {}


@pytest.fixture
def counter() -> Iterator[int]:
    """Counts the cases of one test, for choices that vary but repeat from run to run."""
    return itertools.count()


@pytest.fixture
def in_process():
    """Requests share the test's connection and transaction, as Django's own test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _real_ids(case, table: Table, rounds: Iterator[int]) -> None:
    """Point the case at the fixture's objects, except one case in KEEP_GENERATED_IDS."""
    turn = next(rounds)
    if turn % KEEP_GENERATED_IDS == KEEP_GENERATED_IDS - 1:
        if _ids_as_sent(case.path_parameters or {}):
            # A generated "wrong" id that is sent as digits is a valid id after all.
            _overwritten(case, ParameterLocation.PATH)
        return
    real = {
        "night_id": table.night.pk,
        "group_id": table.night.group_id,
        "seat_id": table.seats[turn % len(table.seats)].pk,
        "number": table.game_number if "/games/" in case.operation.path else table.hand_number,
        "payment_id": table.payment_ids[0] if table.payment_ids else None,
        "slug": GAME,
    }
    params = case.path_parameters or {}
    for name in params:
        if real.get(name) is not None:
            # The schema gives ids as digit strings (sitewide/converters.py).
            params[name] = str(real[name])
    if params and all(real.get(name) is not None for name in params):
        _overwritten(case, ParameterLocation.PATH)


def _ids_as_sent(params: dict) -> bool:
    """Whether every path part is an id as the URL carries it: 1 to 18 digits."""
    return bool(params) and all(
        name.endswith(("_id", "number")) and ID.fullmatch(str(value))
        for name, value in params.items()
    )


def _fresh_key(case, keys: Iterator[int]) -> None:
    """A key never used before, unless the case leaves the header out on purpose."""
    if case.headers is not None and KEY_HEADER in case.headers:
        case.headers[KEY_HEADER] = f"schemathesis-{next(keys)}"
        # The key is the only header the schema declares; others are extras it allows.
        _overwritten(case, ParameterLocation.HEADER)


def _overwritten(case, location: ParameterLocation) -> None:
    """A part this harness replaced with valid values is no longer what makes a case negative.

    When every negative part was replaced (real ids, a fresh key), the request is a valid
    one and may be accepted: `negative_data_rejection` must not expect a refusal.
    """
    meta = case.meta
    if meta is None or not meta.generation.mode.is_negative:
        return
    meta.components[location] = ComponentInfo(mode=GenerationMode.POSITIVE)
    if not any(info.mode.is_negative for info in meta.components.values()):
        meta.generation.mode = GenerationMode.POSITIVE


ROLES = ["host", "seat", "spectator"]


@pytest.mark.parametrize("role", ROLES)
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_keeps_to_the_schema(case, role, host, tables, counter, in_process):
    ended = "{payment_id}" in case.operation.path
    if ended not in tables:
        table = _table(host, ended=ended)
        headers = {
            "host": lambda: host_headers(host),
            # The dealer of the open hand, who may act for everyone in it.
            "seat": lambda: seat_headers(table.seats[2]),
            "spectator": lambda: {WATCH_HEADER: table.night.spectator_token},
        }[role]()
        tables[ended] = table, headers
    table, headers = tables[ended]
    _real_ids(case, table, counter)
    _fresh_key(case, counter)
    case.call_and_validate(headers={**PLAIN, **headers}, checks=CHECKS, environ_base=SERVER_ENVIRON)
