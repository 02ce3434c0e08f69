"""The table page at a whole deal: bets from the host's phone or a player's own, as a browser sends.

A test tool, not a test. `act` presses a betting button on the table page
as drawn (the raise form's box typed in), after checking whose turn the page
says it is; `phone` is a player's own phone, holding their seat through its
join link, for what only they (or the others at the table) may enter.
"""

from __future__ import annotations

import re
import uuid

from django.test import Client

from tests.ledger.dealing import Deal, _reason, button_of, forms
from tests.ledger.pages import post, text, url


def phone(seat) -> Client:
    """A player's own phone: the seat claimed through its join link."""
    client = Client()
    assert post(client, url("join", seat.join_token)).status_code == 303
    return client


def table(client: Client, night) -> str:
    response = client.get(url("night", night.pk))
    assert response.status_code == 200, response.status_code
    return text(response)


def turn(page: str) -> tuple[str, str]:
    """Who the table says is to act, and what it says they face ("2 chips ($0.10) to call")."""
    panel = r'<div class="card turn" id="turn" data-turn="([^"]+)">\s*'
    found = re.search(panel + r'<h2 class="turn-head"[^>]*>(.*?)</h2>', page, re.S)
    assert found, "nobody is to act"
    said = re.sub(r"<[^>]+>", "", found[2])
    return found[1], said.partition(": ")[2].strip()


def in_chips(words: str) -> str:
    """A betting button's words with its amount in chips alone: "Call 2 chips ($0.10)" is
    pressed as "Call 2"."""
    return re.sub(r" chips? \([^)]*\)$", "", words)


def act(deal: Deal, who: str, words: str, client: Client | None = None, **changes) -> str:
    """`who` presses the button with these words on the table page (the host's phone unless
    `client` is given): "Call", "Check", "Fold", "All in", or "Raise"/"Bet" with `amount`."""
    client = client or deal.client
    page = table(client, deal.night)
    assert turn(page)[0] == who, f"{turn(page)[0]} is to act, not {who}"
    return press(client, page, words, **changes)


def opens(deal: Deal, round_name: str, who: str, page: str | None = None) -> None:
    """Open the round by its name; the Deal tab says who acts first, and so does the table."""
    page = page if page is not None else deal.page()
    form = deal.form(f"Open {round_name}", page)
    assert f"{who} acts first" in form.words, form.words
    deal.press(f"Open {round_name}", page=page)
    assert turn(table(deal.client, deal.night))[0] == who


def save_cards(deal: Deal, whose: str, cards: str) -> None:
    """The dealer types a hand ("Bob's") or the table's cards ("the table's") into the
    showdown panel and saves it."""
    deal.press(f"Save {whose} cards", cards=cards)


def book_the_fill(deal: Deal, **ticked: list[str]) -> dict[str, list[str]]:
    """Fill the showdown form from the helper's ranking, check what it ticked (`win_0`: the
    field win-0), and book it exactly as given: what was sent."""
    page = deal.page("?helper=fill")
    sent = deal.form("Book the showdown", page).data()
    for name, value in ticked.items():
        assert sent.get(name.replace("_", "-")) == value, (name, sent.get(name.replace("_", "-")))
    deal.press("Book the showdown", page=page)
    return sent


def press(client: Client, page: str, words: str, expect: int = 303, **changes) -> str:
    """Press the button with these words in the page as drawn: the answer's text."""
    found = button_of(forms(page), words)
    assert found, f"no button {words!r}: {[b[0] for f in forms(page) for b in f.buttons]}"
    pressed = words if any(words in b[0] for b in found[0].buttons) else None
    data = found[0].data(pressed, **changes)
    response = client.post(found[0].action, {"idempotency_key": uuid.uuid4().hex, **data})
    body = text(response)
    assert response.status_code == expect, _reason(body) or response.status_code
    return body
