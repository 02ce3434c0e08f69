"""What the host does for the players during a deal: enter a seat's cards, act on the Table tab.

A test tool, not a test: the Deal tab itself is driven by `tests.ledger.dealing.Deal`.
"""

from __future__ import annotations

import uuid

from tests.ledger.dealing import forms
from tests.ledger.deals.riding import enter
from tests.ledger.deals.table import in_chips
from tests.ledger.pages import text, url


def enter_all(deal, cards: dict[str, str], seats) -> None:
    """Each named player's cards, by name."""
    for seat in seats:
        if seat.person.name in cards:
            enter(deal, seat, cards[seat.person.name])


def bets(deal, *moves: str) -> None:
    """The host acts on the Table tab for each player in turn, as its buttons do.

    Each move is a button's words, with the amount after it for a bet or a raise
    ("Bet 2", "Raise 6", "Call 2", "Fold").
    """
    for move in moves:
        words, _, amount = move.partition(" ")
        words, changes = (words, {"amount": amount}) if words in ("Bet", "Raise") else (move, {})
        page = text(deal.client.get(url("night", deal.night.pk)))
        form = next(f for f in forms(page) if any(words == in_chips(b[0]) for b in f.buttons))
        data = form.data(next(b[0] for b in form.buttons if in_chips(b[0]) == words), **changes)
        response = deal.client.post(form.action, {**data, "idempotency_key": uuid.uuid4().hex})
        assert response.status_code in (200, 303), response.status_code
