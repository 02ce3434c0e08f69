"""Helpers for the declare and high-low deals: betting from the table page, cards, phones.

The host's phone bets for whoever is to act on the table page (as the table's
one phone would), enters any seat's cards at the showdown in the "Who wins?"
panel of the Deal tab, and a player's own phone enters their cards and their
declaration from the table page ("You declare").
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.test import Client

from ledger.models import Posting
from tests.ledger.dealing import Deal, forms
from tests.ledger.deals.conftest import start
from tests.ledger.deals.table import in_chips, phone
from tests.ledger.pages import post, text, url

# Pass the Trash and the games dealt as it is (Howdy Doody): its steps before the showdown.
TRASH_STEPS = [
    "Deal seven down",
    "Before the pass",
    "Pass three left",
    "After the pass",
    "Discard two, stack five",
    "Turn up card one",
    "First card up",
    "Turn up card two",
    "Second card up",
    "Turn up card three",
    "Third card up",
    "Turn up card four",
    "Fourth card up",
]


def table(deal: Deal, client: Client | None = None) -> str:
    response = (client or deal.client).get(url("night", deal.night.pk))
    assert response.status_code == 200, response.status_code
    return text(response)


def _act_form(page: str, words: str):
    return next((f for f in forms(page) if any(in_chips(b[0]) == words for b in f.buttons)), None)


def bet_round(deal: Deal, name: str, *actions) -> None:
    """Open the round by its name on the Deal tab, then each player's action in turn on the
    table page; whoever is still to act after those checks.

    An action is the button's words ("Check", "Call 2", "Fold") or ("Bet", n) / ("Raise", n).
    """
    deal.press(f"Open {name}")
    for action in actions:
        words, amount = action if isinstance(action, tuple) else (action, None)
        form = _act_form(table(deal), words)
        assert form is not None, f"no {words!r} on the table page"
        data = form.data(None, amount=str(amount)) if amount is not None else form.data(words)
        response = deal.client.post(form.action, {"idempotency_key": uuid.uuid4().hex, **data})
        assert response.status_code in (200, 303), text(response)
    while (form := _act_form(table(deal), "Check")) is not None:
        response = deal.client.post(
            form.action, {"idempotency_key": uuid.uuid4().hex, **form.data("Check")}
        )
        assert response.status_code in (200, 303), text(response)


def walk(deal: Deal, until: str, **rounds) -> list[str]:
    """Press the one way forward on the Deal tab, step after step, up to the step named
    `until` (pressed too); each betting round opened is played with `rounds[<its name>]`
    (keyword: the name with spaces as underscores), else checked round. The steps passed.
    """
    passed = []
    plays = {name.replace("_", " "): actions for name, actions in rounds.items()}
    while True:
        page = deal.page()
        words = [b[0] for f in forms(page) for b in f.buttons]
        ahead = next((w for w in words if w.startswith(("Next: ", "Open "))), None)
        assert ahead is not None, f"no way forward among {words}"
        if ahead.startswith("Open "):
            name = ahead.removeprefix("Open ")
            bet_round(deal, name, *plays.pop(name, ()))
            continue
        step = ahead.removeprefix("Next: ").rstrip(" →")
        deal.press(ahead, page=page)
        passed.append(step)
        if step.startswith(until):
            assert not plays, f"rounds never opened: {list(plays)}"
            return passed


def enter(deal: Deal, seat, cards: str, *, up: str = "", declare: str = "", expect: int = 303):
    """The dealer enters a seat's cards (and declaration) in the Deal tab's "Who wins?" panel."""
    hand = deal.night.hands.order_by("-number").first()
    response = post(
        deal.client,
        url("hand_cards", deal.night.pk, hand.pk),
        {
            "seat": seat.pk,
            "cards": cards,
            "up": up,
            "declare": declare,
            "next": url("deal", deal.night.pk),
        },
    )
    assert response.status_code == expect, text(response)
    return response


def declare_on_phone(deal: Deal, client: Client, cards: str, side: str, *, up: str = "") -> str:
    """A player's phone: the table page's "Your cards" form, with "You declare" chosen."""
    page = table(deal, client)
    assert "You declare" in page
    form = next(f for f in forms(page) if "Your cards" in f.words and "Save my cards" in f.words)
    data = form.data("Save my cards", cards=cards, up=up, declare=side)
    response = client.post(form.action, {"idempotency_key": uuid.uuid4().hex, **data})
    assert response.status_code in (200, 303), text(response)
    return table(deal, client)


def award_line(deal) -> str:
    return Posting.objects.get(night=deal.night, kind="award").memo


def fill(deal) -> tuple[str, dict[str, list[str]]]:
    """The Deal tab after "Fill the showdown form", and what its form would post."""
    page = deal.page("?helper=fill")
    sent = deal.form("Book the showdown", page).data()
    sent.pop("csrfmiddlewaretoken", None)
    return page, sent


def said(sent: dict, *seats) -> list[tuple[str, str, str]]:
    """Per seat: the declaration, the high rank and the low rank the form carries."""
    return [
        (
            sent.get(f"declare-{s.pk}", [""])[0],
            sent.get(f"high-rank-{s.pk}", [""])[0],
            sent.get(f"low-rank-{s.pk}", [""])[0],
        )
        for s in seats
    ]


def high_low(sent: dict, pot: int = 0) -> tuple[list[str], list[str]]:
    """A high-low form's ticks for one pot: the high winners' and the low winners' seats."""
    return sent.get(f"high-{pot}", []), sent.get(f"low-{pot}", [])


def declare(deal: Deal, *, phones=(), by_dealer=(), step: str = "Showdown"):
    """The declarations, then the showdown's fill: each of `phones` declares on their own
    phone with their cards, the table moves on to `step`, and the dealer enters each of
    `by_dealer`'s cards and declaration. A hand is (seat, side, cards) or (seat, side,
    cards, face-up cards). The Deal tab after "Fill the showdown form", and its form's fields.
    """
    for seat, side, cards, *up in phones:
        declare_on_phone(deal, phone(seat), cards, side, up=" ".join(up))
    deal.press(f"Next: {step}")
    for seat, side, cards, *up in by_dealer:
        assert entry_asks_declare(deal, seat)
        enter(deal, seat, cards, up=" ".join(up), declare=side)
    return fill(deal)


def entry_asks_declare(deal: Deal, seat) -> bool:
    """Whether the dealer's card entry for this seat (the Deal tab's "Who wins?" panel) asks
    what the player declares."""
    words = f"Save {seat.person.name}'s cards"
    form = next(f for f in forms(deal.page()) if any(words in b[0] for b in f.buttons))
    return any(name == "declare" for name, _ in form.fields)


def book(deal: Deal, page: str, seats) -> tuple[list[int], str]:
    """Book the showdown form as drawn on `page`: the stacks after, and the award's journal line."""
    deal.press("Book the showdown", page=page)
    return deal.stacks(*seats), award_line(deal)


@dataclass(frozen=True)
class Case:
    """One whole deal: the game as chosen, the betting, the steps walked, the hands shown,
    what the fill must say, and the stacks and journal line worked by hand beside each case.

    `hands`: (player, side, cards, face-up cards); a side says the game declares: Ann and
    Bob then declare on their own phones before the showdown, the others through the
    dealer's card entry at it; with no side the dealer enters every hand at the showdown.
    `wins`: what the form says: per player (side, high rank, low rank) when declaring, else
    (the high winners, the low winners), or the winners of a plain pot.
    """

    game: str
    steps: list[str]
    before: list[int]
    hands: list[tuple[str, str, str, str]]
    wins: object
    stacks: list[int]
    line: str
    choices: dict = field(default_factory=dict)
    rounds: dict = field(default_factory=dict)
    ante: bool = True
    fires: dict = field(default_factory=dict)  # rule id -> {role: the players it is filled with}
    paid: str = ""  # the journal line of the rule the showdown books before the award
    opened: str = ""  # the journal line of the first betting round's opening


def play(deal: Deal, four, case: Case) -> None:
    """Play `case` whole: start the game, ante, walk and bet to the showdown, enter and
    declare the hands, fill the showdown form and check it, book it as filled."""
    seats = {s.person.name: s for s in four}
    start(deal, case.game, **case.choices)
    if case.ante:
        deal.press("Book: Each player ")
    rounds = {name.replace(" ", "_"): actions for name, actions in case.rounds.items()}
    assert walk(deal, case.steps[-1], **rounds) == case.steps
    if case.opened:
        rounds_opened = Posting.objects.filter(night=deal.night, kind="round").order_by("pk")
        assert rounds_opened.first().memo == case.opened
    assert deal.stacks(*four) == case.before
    declares = any(side for _, side, _, _ in case.hands)
    if declares:
        hands = [(seats[name], side, cards, up) for name, side, cards, up in case.hands]
        page, sent = declare(
            deal,
            phones=[h for h in hands if h[0].person.name in ("Ann", "Bob")],
            by_dealer=[h for h in hands if h[0].person.name not in ("Ann", "Bob")],
        )
        named = {name: seats[name] for name in case.wins}
        assert dict(zip(named, said(sent, *named.values()), strict=True)) == case.wins
    else:
        assert "You declare" not in table(deal, phone(seats["Ann"]))
        assert not entry_asks_declare(deal, seats[case.hands[0][0]])
        for name, _, cards, up in case.hands:
            enter(deal, seats[name], cards, up=up)
        page, sent = fill(deal)
        assert 'name="declare-' not in page
        if isinstance(case.wins, tuple):
            high, low = case.wins
            assert [sorted(side, key=int) for side in high_low(sent)] == [
                pks(seats, high),
                pks(seats, low),
            ]
        else:
            assert 'name="low-0"' not in page
            assert sent["win-0"] == pks(seats, case.wins)
    assert sent.get("fire", []) == list(case.fires)
    for rule, roles in case.fires.items():
        for role, names in roles.items():
            assert sent[f"{rule}:role-{role}"] == pks(seats, names)
    assert book(deal, page, four) == (case.stacks, case.line)
    if case.paid:
        showdown = Posting.objects.filter(night=deal.night, kind="charge").order_by("pk")
        assert showdown.last().memo == case.paid


def pks(seats: dict, names) -> list[str]:
    """The seats' ids as the form sends them, in order."""
    return sorted((str(seats[name].pk) for name in names), key=int)
