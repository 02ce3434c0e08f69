"""The showdown helper at a live hand: cards from the seats and the dealer, ranked, the form filled.

Driven with the test client as the table would: the host runs dealer mode,
each player's phone holds its seat. Ann, Bob and Cat each bought 40 chips
(0.05 each); the games ante 1 each, so the pot at the showdown is 3 unless a
comment says otherwise. Every ranking below is worked out by hand.
"""

import json
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import HandCards, ShowdownKept
from ledger.selectors import game_setup
from ledger.services import closing, games, seat_cards, seating
from tests.ledger.conftest import journal_rows, seat_key
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

ANN, BOB, CAT = 0, 1, 2
DRAW = "five-card-draw"  # high hand takes the pot
SPLIT = "draw-your-own"  # high-low, ace-to-five low
DECLARE = "big-sol"  # high-low with declarations
KILL = "midnight-baseball"  # a black six face up kills the hand
CONTACT = "contact-holdem"  # each hand pools the neighbours' up cards


def phone(seat) -> Client:
    """A player's own phone, holding their seat through its join link."""
    client = Client()
    post(client, url("join", seat.join_token))
    return client


def start(client, night, seats, game, **extra):
    spec = games.spec_of(game)
    data = {
        "game": game,
        "dealer": str(seats[CAT].pk),
        "players": [str(s.pk) for s in seats],
    } | {f"agreed-{name}": "1" for name in _agreed(spec)}
    response = post(client, url("game_start", night.pk), data | extra)
    assert response.status_code == 303, text(response)
    hand = night.hands.order_by("-number").first()
    ante = post(client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    assert ante.status_code == 303, text(ante)
    return hand


def _agreed(spec):

    return game_setup.every_agreed_name(spec)


def to_showdown(client, night, hand):
    step = next(p for p in games.steps(hand.run) if p.kind == "showdown")
    response = post(client, url("hand_step", night.pk, hand.pk), {"to": step.id})
    assert response.status_code == 303, text(response)


def enter(client, night, hand, seat, cards, up="", **extra):
    data = {"seat": str(seat.pk) if seat else "", "cards": cards, "up": up} | extra
    return post(client, url("hand_cards", night.pk, hand.pk), data)


def deal_page(client, night, helper=""):
    query = f"?helper={helper}" if helper else ""
    return text(client.get(url("deal", night.pk) + query))


def filled_form(page: str) -> dict[str, list[str]]:
    """The showdown form's fields as the browser would post them, ticks and ranks included."""
    form = page
    fields: dict[str, list[str]] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]*)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]*)"', tag)
        if not name or name[1] == "csrfmiddlewaretoken":
            continue
        if kind and kind[1] in ("checkbox", "radio") and " checked" not in tag:
            continue
        if value and value[1]:
            fields.setdefault(name[1], []).append(value[1])
    for select in re.findall(r'<select[^>]*name="([^"]*)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', select[1])
        if chosen:
            fields[select[0]] = [chosen[1]]
    return fields


def showdown_form(page: str) -> str:
    end = page.index("Book the showdown")
    return page[page.rindex("<form", 0, end) : end]


def book(client, night, hand, fields):
    data = {k: v for k, v in fields.items() if k != "idempotency_key"}
    return post(client, url("hand_showdown", night.pk, hand.pk), data)


def stacks(night, seats):
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


def rows(hand):
    return list(HandCards.objects.filter(hand=hand).values_list("pk", "cards"))


# --- Entering cards ------------------------------------------------------------------------------


def test_a_player_enters_their_own_cards_from_their_seat_and_sees_them(table, night, seats):
    hand = start(table, night, seats, DRAW)
    ann = phone(seats[ANN])
    response = post(
        ann,
        url("hand_cards", night.pk, hand.pk),
        {"seat": seats[ANN].pk, "cards": "as kd 7h Tc 2s"},
    )
    assert response.status_code == 303
    row = HandCards.objects.get(hand=hand)
    assert row.cards == ["As", "Kd", "7h", "Tc", "2s"]
    assert row.entered_by == f"seat {seats[ANN].position}:Ann"
    page = text(ann.get(url("night", night.pk)))
    assert "Your cards" in page
    assert "A♠" in page


def test_a_player_cannot_enter_another_players_cards(table, night, seats):
    hand = start(table, night, seats, DRAW)
    before = journal_rows(night)
    response = enter(phone(seats[ANN]), night, hand, seats[BOB], "As Kd 7h Tc 2s")
    assert response.status_code == 403
    assert rows(hand) == []
    assert journal_rows(night) == before


def test_the_dealer_enters_and_corrects_any_players_cards_and_the_latest_counts(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    assert enter(table, night, hand, seats[BOB], "Qs Qd Qh 3c 4d").status_code == 303
    assert enter(table, night, hand, seats[BOB], "Qs Qd Qh 3c 5d").status_code == 303
    assert len(rows(hand)) == 2
    assert seat_cards.latest(hand)[seats[BOB].pk].cards == ["Qs", "Qd", "Qh", "3c", "5d"]


def test_a_seats_cards_are_hidden_from_everyone_else_until_the_showdown(table, night, seats):
    """Ann enters hers with her seat key; nobody else sees them before the showdown.

    Cat deals, and the host runs the night: neither sees Ann's face-down cards
    early, as at a real table. At the showdown every phone sees them.
    """
    hand = start(table, night, seats, DRAW)
    ann_api = {"X-Homegame-Seat": seat_key(seats[ANN])}
    entered = Client().post(
        reverse("ledger_api:cards", args=[night.pk, hand.number]),
        {"cards": "As Kd 7h Tc 2s"},
        content_type="application/json",
        headers=ann_api | {"Idempotency-Key": uuid.uuid4().hex},
    )
    assert entered.status_code == 201, entered.content
    assert entered.json()["entered"]["labels"] == ["A♠", "K♦", "7♥", "10♣", "2♠"]
    bob, cat = phone(seats[BOB]), phone(seats[CAT])
    for viewer in (bob, cat, table):
        assert '"suit-s">A♠</span>' not in text(viewer.get(url("night", night.pk)))
    assert '"suit-s">A♠</span>' not in deal_page(table, night)
    assert '"suit-s">A♠</span>' not in deal_page(cat, night)
    helper = reverse("ledger_api:showdown-helper", args=[night.pk, hand.number])
    assert Client().get(helper, headers=ann_api).status_code == 403
    assert table.get(helper).status_code == 403
    to_showdown(table, night, hand)
    for viewer in (bob, cat, table):
        assert '"suit-s">A♠</span>' in text(viewer.get(url("night", night.pk)))
    shown = Client().get(helper, headers=ann_api)
    assert shown.status_code == 200
    assert shown.json()["shown"][0]["labels"][0] == "A♠"


def test_the_dealer_enters_a_claimed_seats_cards_only_at_the_showdown_and_its_phone_says_so(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    ann = phone(seats[ANN])
    assert enter(ann, night, hand, seats[ANN], "As Kd 7h Tc 2s").status_code == 303
    before = rows(hand)
    refused = enter(table, night, hand, seats[ANN], "Qs Kd 7h Tc 2s")
    assert refused.status_code == 403
    assert "Ann enters their own cards from their phone" in text(refused)
    assert rows(hand) == before
    to_showdown(table, night, hand)
    assert enter(table, night, hand, seats[ANN], "Qs Kd 7h Tc 2s").status_code == 303
    page = text(ann.get(url("night", night.pk)))
    assert "Your cards were changed by the host." in page


def test_the_host_sees_the_cards_they_entered_for_a_seat_with_no_phone(table, night, seats):
    hand = start(table, night, seats, DRAW)
    assert enter(table, night, hand, seats[BOB], "Qs Qd Qh 3c 4d").status_code == 303
    page = text(table.get(url("night", night.pk)))
    assert "Cards you can see" in page
    assert '"suit-s">Q♠</span>' in page
    assert "entered by you" in page
    assert "Cards shown" not in page
    assert '"suit-s">Q♠</span>' not in text(phone(seats[ANN]).get(url("night", night.pk)))


def test_face_up_cards_are_public_and_face_down_ones_private_before_the_showdown(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    bob = phone(seats[BOB])
    assert enter(bob, night, hand, seats[BOB], "Qs Qd 4h", up="Qd").status_code == 303
    ann_page = text(phone(seats[ANN]).get(url("night", night.pk)))
    assert ">Q♦</span>" in ann_page
    assert ">Q♠</span>" not in ann_page
    assert ">4♥</span>" not in ann_page


def test_a_folded_hand_stays_unseen_at_the_showdown_unless_its_player_shows_it(table, night, seats):
    hand = services_hand(night, seats)
    from ledger.services import hands

    ann, bob = phone(seats[ANN]), phone(seats[BOB])
    assert enter(ann, night, hand, seats[ANN], "As Ad Kc Kd 7h").status_code == 303
    assert enter(bob, night, hand, seats[BOB], "Qs Qd Qh 3c 4d").status_code == 303
    play = hands.load(hand)
    play.collect_antes(recorded_by="host:host", ante=1)
    play.round_start(recorded_by="host:host")
    play.act(seats[ANN], "fold", recorded_by="host:host")
    play.act(seats[BOB], "check", recorded_by="host:host")
    play.act(seats[CAT], "check", recorded_by="host:host")
    enter(table, night, hand, seats[CAT], "2h 5c 8d Jh 9s")
    # A plain hand reaches its showdown when it is settled: award it through the API.
    awarded = table.post(
        reverse("ledger_api:award", args=[night.pk, hand.number]),
        {"winners": [[seats[BOB].pk]]},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert awarded.status_code == 201, awarded.content
    kept = ShowdownKept.objects.get(hand=hand)
    assert set(kept.cards) == {"Bob", "Cat"}  # Ann folded: her cards are kept by nobody
    helper = reverse("ledger_api:showdown-helper", args=[night.pk, hand.number])
    watch = {"X-Homegame-Watch": night.spectator_token}
    names = [e["name"] for e in Client().get(helper, headers=watch).json()["shown"]]
    assert names == ["Bob", "Cat"]
    shown = post(ann, url("hand_cards_show", night.pk, hand.pk), {"seat": str(seats[ANN].pk)})
    assert shown.status_code == 303, text(shown)
    names = [e["name"] for e in Client().get(helper, headers=watch).json()["shown"]]
    assert names == ["Ann", "Bob", "Cat"]


def test_the_winner_when_everyone_else_folds_keeps_their_cards_unseen(table, night, seats):
    hand = services_hand(night, seats)
    from ledger.services import hands

    bob = phone(seats[BOB])
    assert enter(bob, night, hand, seats[BOB], "Qs Qd Qh 3c 4d").status_code == 303
    play = hands.load(hand)
    play.collect_antes(recorded_by="host:host", ante=1)
    play.round_start(recorded_by="host:host")
    play.act(seats[ANN], "fold", recorded_by="host:host")
    play.act(seats[BOB], "bet", 2, recorded_by="host:host")
    play.act(seats[CAT], "fold", recorded_by="host:host")
    awarded = table.post(
        reverse("ledger_api:award", args=[night.pk, hand.number]),
        {"winners": [[seats[BOB].pk]]},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert awarded.status_code == 201, awarded.content
    assert not ShowdownKept.objects.filter(hand=hand).exists()
    helper = reverse("ledger_api:showdown-helper", args=[night.pk, hand.number])
    watch = {"X-Homegame-Watch": night.spectator_token}
    assert Client().get(helper, headers=watch).json()["shown"] == []
    assert "Q♠" not in text(table.get(url("journal", night.pk)))


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("As Kd 7h Tc 1s", "is not a card"),
        ("As Kd 7h Tc Jk", "no jokers"),
        ("Qs Qd Qh 3c 4d", "Bob"),  # Qs is Bob's already
        (" ".join(["As"] * 30), "at most"),
        ("x" * 500, "at most"),
    ],
)
def test_a_refused_card_leaves_the_journal_and_the_cards_unchanged(table, night, seats, cards, why):
    hand = start(table, night, seats, DRAW)
    assert enter(table, night, hand, seats[BOB], "Qs 9d 9h 3c 4d").status_code == 303
    before, cards_before = journal_rows(night), rows(hand)
    response = enter(table, night, hand, seats[ANN], cards)
    assert response.status_code == 400
    assert why in text(response)
    assert journal_rows(night) == before
    assert rows(hand) == cards_before


def test_the_api_takes_a_seats_own_cards_and_refuses_the_same_bad_ones(table, night, seats):
    hand = start(table, night, seats, DRAW)
    key = seat_key(seats[ANN])
    path = reverse("ledger_api:cards", args=[night.pk, hand.number])

    def send(body):
        return table.generic(
            "POST",
            path,
            json.dumps(body),
            content_type="application/json",
            headers={"X-Homegame-Seat": key, "Idempotency-Key": uuid.uuid4().hex},
        )

    client = Client()
    table = client
    assert send({"cards": ["As", "Kd", "7h", "Tc", "2s"]}).status_code == 201
    before, cards_before = journal_rows(night), rows(hand)
    for bad in ({"cards": "As Kd 1h"}, {"cards": ["As", "As"]}, {"cards": 5}, {"cards": []}):
        refused = send(bad)
        assert refused.status_code == 400, refused.content
        assert refused.json()["detail"]
    other = send({"seat": seats[BOB].pk, "cards": "Qs Qd Qh 3c 4d"})
    assert other.status_code == 403
    assert journal_rows(night) == before
    assert rows(hand) == cards_before


def test_the_page_and_the_api_refuse_a_bad_card_with_the_same_message(table, night, seats):
    hand = start(table, night, seats, DRAW)
    page = enter(table, night, hand, seats[ANN], "As Kd 1h")
    api = table.post(
        reverse("ledger_api:cards", args=[night.pk, hand.number]),
        {"seat": seats[ANN].pk, "cards": "As Kd 1h"},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert api.status_code == 400
    assert api.json()["detail"] in text(page)


# --- The helper fills the showdown ---------------------------------------------------------------


def test_rank_fill_and_book_a_plain_pot(table, night, seats):
    hand = start(table, night, seats, DRAW)
    enter(table, night, hand, seats[ANN], "As Ad Kc Kd 7h")  # two pair
    enter(table, night, hand, seats[BOB], "Qs Qd Qh 3c 4d")  # three queens
    enter(table, night, hand, seats[CAT], "2h 5c 8d Jh 9s")  # jack high
    to_showdown(table, night, hand)
    ranked = deal_page(table, night, "rank")
    assert "Three of a kind" in ranked
    assert "1. Bob; 2. Ann; 3. Cat" in ranked
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields["win-0"] == [str(seats[BOB].pk)]
    assert book(table, night, hand, fields).status_code == 303
    assert stacks(night, seats) == [39, 42, 39]
    kept = ShowdownKept.objects.get(hand=hand)
    assert kept.result["high"] == [["Bob"], ["Ann"], ["Cat"]]
    assert kept.cards["Ann"]["cards"] == ["As", "Ad", "Kc", "Kd", "7h"]
    history = text(table.get(url("journal", night.pk)))
    assert "Cards shown and how they ranked" in history
    assert "Three of a kind, queens" in history


def test_the_api_answers_the_ranking_and_the_showdown_to_book(table, night, seats):
    hand = start(table, night, seats, DRAW)
    enter(table, night, hand, seats[ANN], "As Ad Kc Kd 7h")
    enter(table, night, hand, seats[BOB], "Qs Qd Qh 3c 4d")
    enter(table, night, hand, seats[CAT], "2h 5c 8d Jh 9s")
    helper = reverse("ledger_api:showdown-helper", args=[night.pk, hand.number])
    assert table.get(helper).status_code == 403  # a ranking would tell the cards early
    to_showdown(table, night, hand)
    answer = table.get(helper)
    assert answer.status_code == 200
    body = answer.json()
    assert body["result"]["high"] == [["Bob"], ["Ann"], ["Cat"]]
    assert body["fill"]["winners"] == [[seats[BOB].pk]]
    booked = table.post(
        reverse("ledger_api:showdown", args=[night.pk, hand.number]),
        {"winners": body["fill"]["winners"], "bookings": body["fill"]["bookings"]},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert booked.status_code == 201, booked.content
    assert stacks(night, seats) == [39, 42, 39]
    assert ShowdownKept.objects.filter(hand=hand).exists()


def test_side_pots_go_to_the_best_hand_each_pot_allows(table, night, seats):
    """A plain hand: Ann all in for 5 (main pot 15), Bob and Cat 10 more each (side pot 20).

    Ann has the best hand and takes the main pot; Cat beats Bob for the side pot.
    """
    seating.cash_out(night=night, seat=seats[ANN], chips=35, recorded_by="host:host")
    hand = services_hand(night, seats)
    from ledger.services import hands

    play = hands.load(hand)
    play.round_start(recorded_by="host:host")
    play.act(seats[ANN], "all_in", recorded_by="host:host")
    play.act(seats[BOB], "raise", 15, recorded_by="host:host")
    play.act(seats[CAT], "call", recorded_by="host:host")
    enter(table, night, hand, seats[ANN], "As Ad Ah Kd 7h")  # three aces
    enter(table, night, hand, seats[BOB], "Qs Qd 4h 3c 2d")  # pair of queens
    enter(table, night, hand, seats[CAT], "Js Jd Jh 5c 9s")  # three jacks
    # A hand dealt without a game shows its hands when the dealer calls the showdown.
    assert post(table, url("hand_step", night.pk, hand.pk), {"to": "showdown"}).status_code == 303
    body = table.get(reverse("ledger_api:showdown-helper", args=[night.pk, hand.number])).json()
    assert body["fill"]["winners"] == [[seats[ANN].pk], [seats[CAT].pk]]


def services_hand(night, seats):
    from ledger.services import hands

    return hands.hand_start(night=night, players=seats, dealer=seats[CAT], recorded_by="host:host")


def test_a_high_low_game_fills_the_high_and_the_low_half(table, night, seats):
    hand = start(table, night, seats, SPLIT)
    enter(table, night, hand, seats[ANN], "As Ad Ah Kd 7h")  # three aces: high
    enter(table, night, hand, seats[BOB], "As 2d 3h 4c 6d".replace("As", "Ac"))  # six-four low
    enter(table, night, hand, seats[CAT], "Js Jd 9h 9c Ks")  # two pair
    to_showdown(table, night, hand)
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields["high-0"] == [str(seats[ANN].pk)]
    assert fields["low-0"] == [str(seats[BOB].pk)]
    assert book(table, night, hand, fields).status_code == 303
    # The pot of 3 splits high and low; the odd chip by the house rule.
    assert sum(stacks(night, seats)) == 120
    assert stacks(night, seats)[CAT] == 39


def test_a_declare_game_fills_each_declaration_and_rank(table, night, seats):
    hand = start(table, night, seats, DECLARE)
    ann, bob = phone(seats[ANN]), phone(seats[BOB])
    assert enter(ann, night, hand, seats[ANN], "As Ad Ah Kd 7h", declare="high").status_code == 303
    assert enter(bob, night, hand, seats[BOB], "Ac 2d 3h 4c 6d", declare="low").status_code == 303
    enter(table, night, hand, seats[CAT], "Js Jd 9h 9c Ks", declare="high")
    to_showdown(table, night, hand)
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields[f"declare-{seats[ANN].pk}"] == ["high"]
    assert fields[f"declare-{seats[BOB].pk}"] == ["low"]
    assert fields[f"high-rank-{seats[ANN].pk}"] == ["1"]
    assert fields[f"high-rank-{seats[CAT].pk}"] == ["2"]
    assert fields[f"low-rank-{seats[BOB].pk}"] == ["1"]
    assert book(table, night, hand, fields).status_code == 303
    assert stacks(night, seats)[CAT] == 39


def test_a_pooled_game_ranks_with_a_folded_neighbours_up_cards_and_fills_the_winner(
    table, night, seats
):
    """Contact Hold'em: each hand is the player's four cards and the up cards beside them.

    Round the table of three, everyone is everyone's neighbour. Bob folds; his
    up cards K♠ K♣ still count for Ann and Cat (Fold blood is off).
    Ann: A♠ A♥ K♦ 7♣ + K♠ K♣ + Cat's 4♠ 8♥ -> kings full of aces.
    Cat: 8♣ 8♦ 4♠ 8♥ + K♠ K♣ + Ann's K♦ 7♣ -> eights full of kings.
    Had the folded seat's cards been left out, Cat's three eights would beat
    Ann's aces. The pot is the three antes: Ann ends on 40 - 1 + 3 = 42, Bob
    and Cat on 40 - 1 = 39.
    """
    from ledger.services import hands

    hand = start(table, night, seats, CONTACT)
    enter(table, night, hand, seats[ANN], "As Ah Kd 7c", up="Kd 7c")
    enter(table, night, hand, seats[BOB], "2c 3d Ks Kc", up="Ks Kc")
    enter(table, night, hand, seats[CAT], "8c 8d 4s 8h", up="4s 8h")
    play = hands.load(hand)
    play.round_start(recorded_by="host:host")
    play.act(seats[ANN], "check", recorded_by="host:host")
    play.act(seats[BOB], "fold", recorded_by="host:host")
    play.act(seats[CAT], "check", recorded_by="host:host")
    to_showdown(table, night, hand)
    ranked = deal_page(table, night, "rank")
    assert "1. Ann; 2. Cat" in ranked
    assert "Full house, kings over aces" in ranked
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields["win-0"] == [str(seats[ANN].pk)]
    assert book(table, night, hand, fields).status_code == 303
    assert stacks(night, seats) == [42, 39, 39]


def test_a_killed_hand_wins_nothing_however_good(table, night, seats):
    hand = start(table, night, seats, KILL)
    # Ann holds four aces but turned up the six of spades: killed.
    enter(table, night, hand, seats[ANN], "As Ad Ah Ac 6s 2d 3d", up="6s 2d 3d As")
    enter(table, night, hand, seats[BOB], "Ks Kd 4h 8c 9d Jh Qc", up="Ks 4h 8c 9d")
    enter(table, night, hand, seats[CAT], "Ts 2h 5c 7d 8h Jc Qd", up="Ts 5c 7d 8h")
    to_showdown(table, night, hand)
    ranked = deal_page(table, night, "rank")
    assert "Killed" in ranked
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields["win-0"] == [str(seats[BOB].pk)]


def test_a_taxed_wild_counts_only_once_its_tax_is_booked(table, night, seats):
    """Midnight Baseball with the wild tax: the helper reads the payments from the journal.

    Ann turned up two threes and a pair of kings; Bob has queens full of fives.
    With one three paid for, Ann's paid three makes three kings (the other
    plays as a three): Bob's full house wins. Once she pays for the second,
    both threes are kings: four kings beat the full house.
    """
    hand = start(table, night, seats, KILL, options=["wild-tax"])
    enter(table, night, hand, seats[ANN], "3s 3h Kd Kc 7h 8d 2c", up="3s 3h Kd Kc")
    enter(table, night, hand, seats[BOB], "Qs Qh Qd 5c 5d Jh 4s", up="Qs Qh 5c 5d")
    enter(table, night, hand, seats[CAT], "Ts 4h 6h 6d 7d Jc 8c", up="Ts 4h 6h 6d")

    def pay_for_one_three():
        fields = {"rule": "wild-tax-pay", "role-actor": str(seats[ANN].pk), "count": "1"}
        response = post(table, url("hand_charge", night.pk, hand.pk), fields)
        assert response.status_code == 303, text(response)

    def top_of_the_fill():
        return filled_form(showdown_form(deal_page(table, night, "fill")))["win-0"]

    pay_for_one_three()
    to_showdown(table, night, hand)
    assert "Three of a kind, kings" in deal_page(table, night, "rank")
    assert top_of_the_fill() == [str(seats[BOB].pk)]
    pay_for_one_three()
    assert "Four of a kind, kings" in deal_page(table, night, "rank")
    assert top_of_the_fill() == [str(seats[ANN].pk)]


def test_the_dealer_names_the_wild_rank_the_table_agreed_and_the_helper_uses_it(
    table, night, seats
):
    """Fish Node plays one wild the table agrees on; the dealer names it with the table's row.

    Ann has kings and fives and a seven, Bob three queens. Until a wild is
    named the helper asks for it; with sevens wild Ann's seven makes kings
    full of fives, which beats three queens.
    """
    hand = start(table, night, seats, "fish-node")
    enter(table, night, hand, seats[ANN], "5s 5h Kd Kc 7h")
    enter(table, night, hand, seats[BOB], "Qs Qh Qd 2c 3c")
    enter(table, night, hand, seats[CAT], "9s 9h 4d 6c 8s")
    to_showdown(table, night, hand)
    assert "wild" in deal_page(table, night, "rank").lower()
    before = rows(hand)
    refused = enter(table, night, hand, None, "", wild_ranks="elevens")
    assert refused.status_code == 400
    assert rows(hand) == before
    assert enter(table, night, hand, None, "", wild_ranks="7").status_code == 303
    page = deal_page(table, night, "rank")
    assert "Full house, kings over fives" in page
    fields = filled_form(showdown_form(deal_page(table, night, "fill")))
    assert fields["win-0"] == [str(seats[ANN].pk)]


# --- The tap grid at the table (each tap cycles a card: not held, face down, face up) ----------


def form_of(page: str, form_id: str) -> str:
    found = re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S)
    assert found, form_id
    return found[0]


def grid_button(form: str, code: str) -> str:
    found = re.search(rf'<button class="ww-card[^"]*"[^>]*value="{re.escape(code)}"[^>]*>', form)
    assert found, code
    return found[0]


def typed(form: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', form)
    return found[1] if found else ""


def tap(client, night, hand, seat, code, *, form_id="your-cards-form", page_url=None):
    """A tap as the browser posts it: the form's fields as shown, and the button's value."""
    form = form_of(text(client.get(page_url or url("night", night.pk))), form_id)
    data = {"seat": str(seat.pk), "cards": typed(form, "cards"), "up": typed(form, "up")}
    return post(client, url("hand_cards", night.pk, hand.pk), data | {"tap": code})


def test_a_seat_taps_three_cards_on_its_phone_and_a_second_tap_turns_one_face_up(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    ann = phone(seats[ANN])
    for code in ("As", "Kd", "Kd", "7h"):
        response = tap(ann, night, hand, seats[ANN], code)
        assert response.status_code == 303, text(response)
        assert response["Location"] == url("night", night.pk)
    row = seat_cards.latest(hand)[seats[ANN].pk]
    assert row.cards == ["As", "Kd", "7h"]
    assert row.up == ["Kd"]
    assert len(rows(hand)) == 4  # each tap is a row of its own; the latest counts
    form = form_of(text(ann.get(url("night", night.pk))), "your-cards-form")
    assert 'class="ww-card suit-d up"' in grid_button(form, "Kd")
    assert 'class="ww-card suit-s down"' in grid_button(form, "As")
    assert 'class="ww-card suit-s"' in grid_button(form, "Ks")
    # A tap on a face-up card takes it back.
    assert tap(ann, night, hand, seats[ANN], "Kd").status_code == 303
    row = seat_cards.latest(hand)[seats[ANN].pk]
    assert (row.cards, row.up) == (["As", "7h"], [])


def test_a_tap_on_the_table_page_with_htmx_answers_the_table_with_the_new_cards(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    ann = phone(seats[ANN])
    data = {"seat": str(seats[ANN].pk), "cards": "As", "up": "", "tap": "Jd"}
    response = ann.post(
        url("hand_cards", night.pk, hand.pk),
        {"idempotency_key": uuid.uuid4().hex, **data},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert 'class="ww-card suit-d down"' in grid_button(text(response), "Jd")
    assert seat_cards.latest(hand)[seats[ANN].pk].cards == ["As", "Jd"]


def test_a_card_another_seat_holds_is_accepted_before_the_showdown_and_flagged_at_it(
    table, night, seats
):
    """Refusing it would tell Ann that somebody holds the Q♠: the clash waits for the showdown."""
    hand = start(table, night, seats, DRAW)
    bob = phone(seats[BOB])
    assert enter(bob, night, hand, seats[BOB], "Qs Qd 4h").status_code == 303
    ann = phone(seats[ANN])
    assert tap(ann, night, hand, seats[ANN], "As").status_code == 303
    response = tap(ann, night, hand, seats[ANN], "Qs")
    assert response.status_code == 303
    assert seat_cards.latest(hand)[seats[ANN].pk].cards == ["As", "Qs"]
    assert "Q♠ is in" not in text(ann.get(url("night", night.pk)))
    to_showdown(table, night, hand)
    flagged = "Q♠ is in Ann's hand and Bob's"
    assert flagged in deal_page(table, night)
    assert flagged in text(ann.get(url("night", night.pk)))


def test_a_tap_naming_no_card_or_beside_bad_typed_cards_is_refused_and_records_nothing(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    ann = phone(seats[ANN])
    before = journal_rows(night)
    for cards, code, why in (("As", "Zz", "names no card"), ("As 1h", "Kd", "is not a card")):
        data = {"seat": str(seats[ANN].pk), "cards": cards, "up": "", "tap": code}
        response = post(ann, url("hand_cards", night.pk, hand.pk), data)
        assert response.status_code == 400
        assert why in text(response)
    assert rows(hand) == []
    assert journal_rows(night) == before


def test_the_dealers_panel_greys_the_cards_other_seats_hold_at_the_showdown(table, night, seats):
    hand = start(table, night, seats, DRAW)
    assert enter(table, night, hand, seats[ANN], "As Kd").status_code == 303
    assert enter(table, night, hand, seats[BOB], "Qs Qd", up="Qd").status_code == 303
    to_showdown(table, night, hand)
    page = deal_page(table, night)
    ann_form = form_of(page, f"cards-form-{seats[ANN].pk}")
    bob_form = form_of(page, f"cards-form-{seats[BOB].pk}")
    assert " disabled" in grid_button(ann_form, "Qs")
    assert "held by someone else" in grid_button(ann_form, "Qs")
    assert " disabled" not in grid_button(ann_form, "As")
    assert 'class="ww-card suit-s down"' in grid_button(ann_form, "As")
    assert " disabled" in grid_button(bob_form, "As")
    assert 'class="ww-card suit-d up"' in grid_button(bob_form, "Qd")
    assert " disabled" not in grid_button(bob_form, "Js")
    # The dealer taps Cat's cards from the panel and comes back to Cat's grid.
    cat_form = f"cards-form-{seats[CAT].pk}"
    assert 'formaction="' + url("hand_cards", night.pk, hand.pk) + f'#{cat_form}"' in page
    response = tap(
        table, night, hand, seats[CAT], "Jh", form_id=cat_form, page_url=url("deal", night.pk)
    )
    assert response.status_code == 303
    assert seat_cards.latest(hand)[seats[CAT].pk].cards == ["Jh"]


def test_a_seats_phone_never_greys_or_shows_the_others_cards_before_the_showdown(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    assert enter(table, night, hand, seats[BOB], "Qs Qd 4h").status_code == 303
    page = text(phone(seats[ANN]).get(url("night", night.pk)))
    form = form_of(page, "your-cards-form")
    assert " disabled" not in grid_button(form, "Qs")
    assert "held by someone else" not in page
    assert " disabled>" not in form
    assert " disabled " not in form
    assert '"suit-s">Q♠</span>' not in page  # Bob's cards are not listed either


# --- Forehead games: the card faces everyone but its holder -------------------------------------

FOREHEAD = "indian-poker"  # one card each, held to the forehead
FIVE_FOREHEAD = "five-card-indian-poker"  # four in the hand, the fifth on the forehead


def test_in_a_forehead_game_another_player_enters_your_card_and_your_phone_never_shows_it(
    table, night, seats
):
    hand = start(table, night, seats, FOREHEAD)
    ann, bob = phone(seats[ANN]), phone(seats[BOB])
    # Bob reads Ann's card off her forehead and enters it for her.
    assert enter(bob, night, hand, seats[ANN], "Ks").status_code == 303
    row = seat_cards.latest(hand)[seats[ANN].pk]
    assert (row.cards, row.up) == (["Ks"], ["Ks"])
    assert ">K♠</span>" not in text(ann.get(url("night", night.pk)))
    assert ">K♠</span>" in text(bob.get(url("night", night.pk)))
    assert ">K♠</span>" in text(table.get(url("night", night.pk)))
    # Ann cannot enter the card facing the others herself.
    refused = enter(ann, night, hand, seats[ANN], "Ks", up="Ks")
    assert refused.status_code == 400
    assert "another player enters yours" in text(refused)
    to_showdown(table, night, hand)
    assert ">K♠</span>" in text(ann.get(url("night", night.pk)))


def test_five_card_indian_poker_splits_a_hand_between_its_holder_and_the_others(
    table, night, seats
):
    hand = start(table, night, seats, FIVE_FOREHEAD)
    ann, bob = phone(seats[ANN]), phone(seats[BOB])
    assert enter(ann, night, hand, seats[ANN], "2c 3c 4c 5c").status_code == 303
    assert enter(bob, night, hand, seats[ANN], "Ks").status_code == 303
    row = seat_cards.latest(hand)[seats[ANN].pk]
    assert (row.cards, row.up) == (["2c", "3c", "4c", "5c", "Ks"], ["Ks"])
    # Ann corrects her four: the forehead card Bob entered stays.
    assert enter(ann, night, hand, seats[ANN], "2c 3c 4c 6c").status_code == 303
    row = seat_cards.latest(hand)[seats[ANN].pk]
    assert (row.cards, row.up) == (["2c", "3c", "4c", "6c", "Ks"], ["Ks"])
    ann_page, bob_page = (
        text(ann.get(url("night", night.pk))),
        text(bob.get(url("night", night.pk))),
    )
    assert ">6♣</span>" in ann_page
    assert ">K♠</span>" not in ann_page
    assert ">K♠</span>" in bob_page
    assert ">6♣</span>" not in bob_page
