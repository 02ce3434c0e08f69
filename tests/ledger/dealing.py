"""Driving dealer mode as a browser would, through its forms: a test tool, not a test.

`forms(html)` reads every form of a page the way a browser holds it: its
action, the fields it would send (hidden and typed values, ticked boxes and
radios, the chosen option of each select) and its buttons. `Deal` taps
through a night's Deal tab with that: it presses a button by its words,
submits a rule's booking or the showdown form exactly as drawn (ticks the
helper's fill put there included), and reads the stacks from the journal.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser

from django.test import Client

from ledger.services import closing, games
from tests.ledger.pages import text, url


@dataclass
class Form:
    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str, str]] = field(default_factory=list)  # (words, name, value)
    words: str = ""  # every text inside the form, for finding it

    def data(self, button: str | None = None, **changes) -> dict[str, list[str]]:
        """What the browser posts: the fields, the pressed button's value, and `changes`."""
        sent: dict[str, list[str]] = {}
        for name, value in self.fields:
            sent.setdefault(name, []).append(value)
        if button is not None:
            _, name, value = self.button(button)
            if name:
                sent.setdefault(name, []).append(value)
        for name, value in changes.items():
            sent[name.replace("__", "-")] = value if isinstance(value, list) else [str(value)]
        sent.pop("idempotency_key", None)
        return sent

    def button(self, words: str) -> tuple[str, str, str]:
        found = [b for b in self.buttons if words in b[0]]
        assert found, f"no button {words!r} in {[b[0] for b in self.buttons]}"
        return found[0]


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, list[tuple[str, bool]]] | None = None
        self.button: list | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = Form(action=a.get("action", ""))
            return
        if self.form is None:
            return
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.form.fields.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.form.fields.append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self.select = (a["name"], [])
        elif tag == "option" and self.select is not None:
            self.select[1].append((a.get("value", ""), "selected" in a))
        elif tag == "button":
            self.button = [a.get("name", ""), a.get("value", ""), ""]

    def handle_endtag(self, tag):
        if self.form is None:
            return
        if tag == "select" and self.select is not None:
            name, options = self.select
            chosen = [v for v, on in options if on] or [v for v, _ in options[:1]]
            self.form.fields += [(name, v) for v in chosen]
            self.select = None
        elif tag == "button" and self.button is not None:
            name, value, words = self.button
            self.form.buttons.append((" ".join(words.split()), name, value))
            self.button = None
        elif tag == "form":
            self.found.append(self.form)
            self.form = None

    def handle_data(self, data):
        if self.button is not None:
            self.button[2] += data
        if self.form is not None:
            self.form.words += data


def forms(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    return parser.found


# A rule's booking named as the tests name it, "Book: " and the start of the rule's words: its
# button says what it does ("Post the small blind: Ann, 1 chip ($0.25)"), its form the words.
BOOKING = re.compile(r"^(?:Book|Score)(?: again)?: (.+?)…?$")


def booking(found: list[Form], words: str) -> list[Form]:
    """The booking forms of the rule these words name ("Book: Each player antes"): a form that
    posts a rule and shows the rule's words; none for words of any other kind."""
    named = BOOKING.match(words)
    if named is None:
        return []
    said = " ".join(named[1].split())
    return [
        f
        for f in found
        if any(n == "rule" for n, _ in f.fields) and said in " ".join(f.words.split())
    ]


def button_of(found: list[Form], words: str) -> list[Form]:
    """The forms with a button of these words, else the booking of the rule they name."""
    return [f for f in found if any(words in b[0] for b in f.buttons)] or booking(found, words)


class Deal:
    """The host's phone on a night's Deal tab."""

    def __init__(self, client: Client, night) -> None:
        self.client, self.night = client, night

    def page(self, query: str = "") -> str:
        response = self.client.get(url("deal", self.night.pk) + query)
        assert response.status_code == 200, response.status_code
        return text(response)

    def form(self, words: str, page: str | None = None) -> Form:
        """The form holding a button with these words (or these words anywhere in it)."""
        found = forms(page if page is not None else self.page())
        hits = button_of(found, words)
        hits = hits or [f for f in found if words in f.words]
        assert hits, f"no form with {words!r}: {[b[0] for f in found for b in f.buttons]}"
        return hits[0]

    def press(self, words: str, page: str | None = None, expect: int = 303, **changes) -> str:
        """Press the button with these words, the form as drawn (with `changes`): the answer."""
        form = self.form(words, page)
        data = form.data(words if any(words in b[0] for b in form.buttons) else None, **changes)
        response = self.client.post(form.action, {"idempotency_key": uuid.uuid4().hex, **data})
        body = text(response)
        assert response.status_code == expect, _reason(body) or response.status_code
        return body

    def act(self, seat, action: str, amount: int = 0) -> None:
        """A player's bet on the table page, recorded for their seat by the host's phone."""
        hand = games.open_hand(self.night)
        data = {"seat": seat.pk, "action": action, "idempotency_key": uuid.uuid4().hex}
        if amount:
            data["amount"] = str(amount)
        response = self.client.post(url("hand_act", self.night.pk, hand.pk), data)
        assert response.status_code == 303, _reason(text(response)) or response.status_code

    def enter(self, seat, cards: str, up: str = "", **extra) -> None:
        """The dealer types a player's cards (at the showdown, anyone's)."""
        hand = games.open_hand(self.night)
        data = {"seat": seat.pk if seat else "", "cards": cards, "up": up} | extra
        data |= {"next": url("deal", self.night.pk), "idempotency_key": uuid.uuid4().hex}
        response = self.client.post(url("hand_cards", self.night.pk, hand.pk), data)
        assert response.status_code == 303, _reason(text(response)) or response.status_code

    def step(self) -> str:
        """The step the hand is on, as the table calls it."""
        hand = games.open_hand(self.night)
        steps = games.steps(hand.run)
        return next(s.id for s in steps if s.id == hand.step)

    def stacks(self, *seats) -> list[int]:
        booked = closing.booked_stacks(self.night)
        return [booked[s.pk] for s in seats]


def _reason(page: str) -> str:
    found = re.search(r'class="banner"[^>]*>(.*?)</', page, re.S)
    return found[1].strip() if found else ""
