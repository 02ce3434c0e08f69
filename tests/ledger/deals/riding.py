"""Games whose pot rides from deal to deal, through the Deal tab: shared test tools, not tests.

Who passes or drops out is named at the step that asks; the cards are entered
for the showdown helper as the host does (any seat's from the showdown on);
the journal's latest lines and the buttons a step offers are read off the
page, as the dealer sees them.
"""

from __future__ import annotations

import re

from ledger.selectors import state
from ledger.services import games
from tests.ledger.dealing import Deal, forms
from tests.ledger.pages import post, url

# The page's own chrome, never a step's way forward.
CHROME = ("Four-colour suits", "Sign out", "Undo the last booking", "Every game")


def names(seats) -> dict[str, str]:
    """Each player's seat id as the forms send it."""
    return {s.person.name: str(s.pk) for s in seats}


def name(deal: Deal, words: str, *players: str) -> str:
    """Record at this step who the question names (none: "Tick nobody")."""
    seats = names(deal.night.seats.select_related("person"))
    return deal.press(f"Record: {words}", seats=[seats[p] for p in players])


def enter(deal: Deal, seat, cards: str, up: str = "") -> None:
    """The host enters a player's cards (the face-up ones in `up` too) on the Deal tab."""
    hand = games.open_hand(deal.night)
    sent = {"seat": seat.pk, "cards": cards, "up": up, "next": url("deal", deal.night.pk)}
    response = post(deal.client, url("hand_cards", deal.night.pk, hand.pk), sent)
    assert response.status_code == 303, response.status_code


def buttons(page: str) -> list[str]:
    """Every button the page offers, but for its chrome and the card grids."""
    found = []
    for form in forms(page):
        if "/cards/" in form.action:
            continue
        found += [w for w, _, _ in form.buttons if not any(c in w for c in CHROME)]
    return found


def journal(page: str) -> list[str]:
    """The latest lines of the night's journal on the page, newest first, in words and chips:
    the money beside each chip figure (its own `money` span) left out; `journal_money` keeps it."""
    return journal_money(page, money=False)


def journal_money(page: str, money: bool = True) -> list[str]:
    """The latest lines of the night's journal as they read, the money beside the chips."""
    latest = page[page.find("<h2>Latest</h2>") :]
    lines = re.findall(
        r'<li[^>]*>\s*<span>((?:<span class="money">.*?</span>|.)*?)</span>\s*<small', latest, re.S
    )
    if not money:
        lines = [re.sub(r' <span class="money">.*?</span>', "", line) for line in lines]
    return [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in lines]


def rides(deal: Deal) -> int:
    """The chips riding to the next deal."""
    return games.riding(deal.night)


def pile(deal: Deal) -> int:
    """The chips in the pile beside the pot (fines, tariffs set aside)."""
    return state.side_balances(deal.night)[1]


def showdown_fill(deal: Deal) -> tuple[str, dict[str, list[str]]]:
    """The Deal tab after "Fill the showdown form", and what its showdown form would post."""
    page = deal.page("?helper=fill")
    sent = deal.form("Book the showdown", page).data()
    sent.pop("csrfmiddlewaretoken", None)
    return page, sent
