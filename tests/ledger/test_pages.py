"""The ledger's pages, driven with the test client as the host and the players would."""

import re
import uuid
from decimal import Decimal

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from ledger.core import charts
from ledger.core.house_rules import CAP_NEEDED
from ledger.core.inputs import NOT_WHOLE
from ledger.core.units import NOT_A_MULTIPLE
from ledger.models import Hand, Night, Payment, Person, Posting, Seat
from ledger.selectors import game_setup, state
from ledger.services import actors, closing, games, hands, journal, seating
from ledger.services.closing import COUNT_DIFFERS
from ledger.services.hands import DECLARATION_MISSING, TOO_FEW_PLAYERS
from ledger.services.journal import KEY_REUSED
from ledger.services.seating import CASH_MORE_THAN_STACK, NO_REASON
from ledger.views import seats as seat_views
from ledger.views.common import KEY_MISSING
from ledger.views.forms import NO_PLAYERS, UNKNOWN_SEAT
from ledger.views.play import POTS_CHANGED
from tests import factories
from tests.ledger.conftest import confirm_ante, journal_rows, journal_total

pytestmark = pytest.mark.django_db


def key() -> str:
    return uuid.uuid4().hex


def post(client, url, data=None, **extra):
    return client.post(url, {"idempotency_key": key(), **(data or {})}, **extra)


def url(name, *args):
    return reverse(f"ledger:{name}", args=args)


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


def hidden(response, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', response.content.decode())
    assert found, f"no hidden {name}"
    return found[1].replace("&#x27;", "'")


def claim(seat) -> Client:
    """A phone with no account that claimed the seat through its join link."""
    phone = Client()
    assert post(phone, url("join", seat.join_token)).status_code == 303
    return phone


def stacks(night, seats) -> list[int]:
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


@pytest.fixture
def bought_200_100_50(night, seats):
    """Ann 200, Bob 100, Cat 50 in front of them."""
    factories.buy_in(night, seats, [200, 100, 50])
    return night, seats


@pytest.fixture
def betting(bought_200_100_50):
    """Cat deals hand 1, antes are in and Ann opens the betting."""
    night, seats = bought_200_100_50
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by="host:host")
    hands.load(hand).collect_antes(recorded_by="host:host")
    hands.load(hand).round_start(recorded_by="host:host")
    return night, seats, hand


# A whole night, from the form that creates it to who pays whom.


def test_a_whole_night_through_the_pages(host_client, host):
    response = post(
        host_client,
        url("night_new"),
        {
            "name": "Friday",
            "new_group": "Friday regulars",
            "currency": "usd",
            "chip_name_0": "white",
            "chip_value_0": "0.05",
            "chip_name_1": "red",
            "chip_value_1": "0.25",
            "chip_name_2": "",
            "chip_value_2": "",
            "ante": "1",
            "min_bet": "1",
            "limit": "no_limit",
            "odd_chip": "seat_order",
            "odd_to": "high",
            "no_winner": "ride",
            "both_must_win_outright": "on",
        },
    )
    night = Night.objects.get(name="Friday")
    assert response.status_code == 303
    assert response["Location"] == url("seats", night.pk)
    assert night.currency == "USD"
    assert night.unit == Decimal("0.05")
    assert night.group.name == "Friday regulars"

    for name in ("Ann", "Bob", "Cat"):
        assert post(host_client, url("seat_add", night.pk), {"name": name}).status_code == 303
    ann, bob, cat = night.seats.order_by("position")
    for seat, chips in ((ann, 200), (bob, 100), (cat, 50)):
        response = post(host_client, url("buy_in", night.pk), {"seat": seat.pk, "chips": chips})
        assert response.status_code == 303

    response = post(
        host_client,
        url("hand_start", night.pk),
        {"game": "five-card-draw", "players": [ann.pk, bob.pk, cat.pk], "dealer": cat.pk},
    )
    # Its ante was never confirmed here: the game's setup page first, then one tap deals.
    assert response.status_code == 303
    assert response["Location"].startswith(url("game_new", night.pk) + "?game=five-card-draw")
    assert not night.hands.exists()
    response = post(
        host_client,
        url("game_start", night.pk),
        {
            "game": "five-card-draw",
            "players": [ann.pk, bob.pk, cat.pk],
            "dealer": cat.pk,
            "agreed-the table's ante": "1",
        },
    )
    assert response.status_code == 303
    hand = night.hands.get()
    assert (hand.game_name, hand.dealer_id) == ("Five Card Draw", cat.pk)
    assert post(host_client, url("hand_antes", night.pk, hand.pk)).status_code == 303
    assert post(host_client, url("hand_round", night.pk, hand.pk)).status_code == 303
    for seat, action, amount in [
        (ann, "bet", "20"),
        (bob, "raise", "60"),
        (cat, "all_in", ""),
        (ann, "call", ""),
    ]:
        response = post(
            host_client,
            url("hand_act", night.pk, hand.pk),
            {"seat": seat.pk, "action": action, "amount": amount},
        )
        assert response.status_code == 303, text(response)

    page = host_client.get(url("night", night.pk))
    # Ann, Bob and Cat 50 each in the main pot with the antes; Ann and Bob 11 more each.
    assert "Main pot: 150" in text(page)
    assert "Side pot 1: 22" in text(page)
    response = post(
        host_client,
        url("hand_award", night.pk, hand.pk),
        {"pots": hidden(page, "pots"), "win-0": [cat.pk], "win-1": [bob.pk]},
    )
    assert response.status_code == 303
    assert stacks(night, [ann, bob, cat]) == [139, 61, 150]

    # Counted colour by colour: a red is five whites.
    counts = {
        f"count-{ann.pk}-0": "14",
        f"count-{ann.pk}-1": "25",
        f"count-{bob.pk}-0": "61",
        f"count-{bob.pk}-1": "0",
        f"count-{cat.pk}-0": "",
        f"count-{cat.pk}-1": "30",
    }
    check = host_client.get(url("end", night.pk), counts)
    assert "matches the ledger" in text(check)
    assert '<button class="btn big wide">End the night and settle up' in text(check)
    response = post(host_client, url("end", night.pk), counts)
    assert response.status_code == 303
    assert response["Location"] == url("settlement", night.pk)
    night.refresh_from_db()
    assert night.status == Night.Status.ENDED
    assert journal_total(night) == 0

    page = text(host_client.get(url("settlement", night.pk)))
    # Nets: Ann 139 - 200 = -61 chips = -3.05; Bob 61 - 100 = -1.95; Cat 150 - 50 = +5.00.
    assert re.search(r"Ann</strong> pays <strong>Cat</strong> <span[^>]*>3.05 USD", page)
    assert re.search(r"Bob</strong> pays <strong>Cat</strong> <span[^>]*>1.95 USD", page)
    assert sorted((p.payer_id, p.payee_id, p.amount) for p in night.payments.all()) == sorted(
        [(ann.pk, cat.pk, Decimal("3.05")), (bob.pk, cat.pk, Decimal("1.95"))]
    )
    # Explained back to the hand: Ann lost 61 in hand 1, Cat won 100.
    # Chips of 0.05: -61 is -$3.05, +100 is +$5.00.
    assert (
        '<td>1</td><td class="num">-61 <small class="money">-$3.05</small></td>'
        '<td class="num">+100 <small class="money">+$5.00</small></td>'
    ) in page

    payment = night.payments.get(payer=ann)
    assert post(host_client, url("mark_paid", night.pk, payment.pk)).status_code == 303
    assert Payment.objects.get(pk=payment.pk).paid_at is not None

    csv = host_client.get(url("settlement_csv", night.pk))
    assert csv["Content-Disposition"] == f'attachment; filename="night-{night.pk}-settlement.csv"'
    # One table: bought in, cashed out, net in chips and money, cash, what each pays and receives.
    assert "Ann,1,200,139,-61,-3.05,0.00,0.00,3.05,0.00" in csv.content.decode()
    payments_csv = host_client.get(url("payments_csv", night.pk))
    assert payments_csv["Content-Disposition"].endswith('payments.csv"')
    assert "Ann,Cat,3.05,True" in payments_csv.content.decode()
    journal_csv = host_client.get(url("journal_csv", night.pk))
    assert journal_csv["Content-Disposition"].startswith("attachment;")
    assert "Cat is all in (49)" in b"".join(journal_csv.streaming_content).decode()


def test_an_htmx_write_answers_with_the_table_region(host_client, betting):
    night, (ann, _, _), hand = betting
    response = post(
        host_client,
        url("hand_act", night.pk, hand.pk),
        {"seat": ann.pk, "action": "bet", "amount": "5"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    body = text(response)
    assert body.lstrip().startswith('<section id="table"')
    assert "Ann bets to 5" in body
    assert "<html" not in body


def test_pages_are_never_cached(host_client, betting):
    night, _, _ = betting
    response = host_client.get(url("night", night.pk))
    assert "no-store" in response["Cache-Control"]


# Bad input: a clear message, and nothing written.


def night_form(**changes) -> dict:
    data = {
        "name": "Saturday",
        "new_group": "Saturday crowd",
        "currency": "USD",
        "chip_name_0": "white",
        "chip_value_0": "0.05",
        "ante": "1",
        "min_bet": "1",
        "limit": "no_limit",
        "odd_chip": "seat_order",
        "odd_to": "high",
        "no_winner": "ride",
    }
    return data | changes


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"chip_name_1": "red", "chip_value_1": "0.12"},
            NOT_A_MULTIPLE.format(name="red", value="0.12", unit="0.05"),
        ),
        ({"chip_value_0": "lots"}, "must be a chip value such as 0.25"),
        ({"chip_value_0": "1E-2000000"}, "must be a chip value such as 0.25"),
        ({"limit": "cap", "cap": ""}, CAP_NEEDED),
        ({"ante": "-1"}, "Ante (chips each) must be at least 0, not -1."),
        ({"currency": "dollars"}, "three-letter code"),
        ({"new_group": ""}, "Pick a group or name a new one."),
    ],
)
def test_a_bad_night_form_says_why_and_creates_nothing(host_client, changes, message):
    response = post(host_client, url("night_new"), night_form(**changes))
    assert response.status_code == 400
    assert message in text(response)
    assert not Night.objects.filter(name="Saturday").exists()


def test_a_new_night_warns_of_games_its_chips_cannot_pay_before_it_exists(host_client):
    response = post(host_client, url("night_new"), night_form(chip_value_0="0.10"))
    assert response.status_code == 200
    assert "Midnight Baseball" in text(response)
    assert "Create it anyway" in text(response)
    assert not Night.objects.filter(name="Saturday").exists()
    anyway = night_form(chip_value_0="0.10", anyway="white=0.10")
    assert post(host_client, url("night_new"), anyway).status_code == 303
    assert Night.objects.filter(name="Saturday").exists()


def seat_post(night, seat):
    return {"seat": seat.pk}


@pytest.mark.parametrize(
    ("view", "data", "message"),
    [
        ("buy_in", {"chips": "-5"}, "The buy-in must be at least 1, not -5."),
        ("buy_in", {"chips": "0"}, "The buy-in must be at least 1, not 0."),
        ("buy_in", {"chips": "1.5"}, NOT_WHOLE.format(label="The buy-in", value="1.5")),
        ("buy_in", {"chips": "lots"}, NOT_WHOLE.format(label="The buy-in", value="lots")),
        ("cash_out", {"chips": "500"}, CASH_MORE_THAN_STACK.format(name="Ann", stack=200)),
        ("adjust", {"chips": "3", "reason": " "}, NO_REASON),
        ("adjust", {"chips": "x", "reason": "found one"}, "The adjustment must be a whole"),
    ],
)
def test_bad_seat_input_says_why_and_posts_nothing(
    host_client, bought_200_100_50, view, data, message
):
    night, (ann, _, _) = bought_200_100_50
    before = journal_rows(night)
    response = post(host_client, url(view, night.pk), {"seat": ann.pk, **data})
    assert response.status_code == 400
    assert message in text(response)
    assert journal_rows(night) == before


def test_an_unknown_player_is_refused(host_client, bought_200_100_50, django_user_model):
    night, _ = bought_200_100_50
    other = seating.night_create(
        host=night.host, group=night.group, name="Other", chips=[("white", "0.05")]
    )
    stranger = seating.seat_add(
        night=other, person=Person.objects.create(group=night.group, name="Zed")
    )
    before = journal_rows(night)
    for seat_id in (stranger.pk, 999999, "abc"):
        response = post(host_client, url("buy_in", night.pk), {"seat": seat_id, "chips": "5"})
        assert response.status_code == 400
        assert UNKNOWN_SEAT in text(response)
    assert journal_rows(night) == before


@pytest.mark.parametrize(
    ("who", "action", "amount", "message"),
    [
        ("Ann", "bet", "0", "An amount must be more than zero, not 0."),
        ("Ann", "bet", "-4", "The amount must be at least 0, not -4."),
        ("Ann", "bet", "2.5", NOT_WHOLE.format(label="The amount", value="2.5")),
        ("Ann", "bet", "500", "Ann has only 199 behind: go all in instead."),
        ("Bob", "check", "", "It is not Bob's turn."),
        ("Ann", "raise", "10", "There is no bet to raise: bet instead."),
        ("Ann", "dance", "", "'dance' is not a betting action."),
        ("Ann", "call", "", "There is nothing to call: check instead."),
    ],
)
def test_bad_actions_say_why_and_post_nothing(host_client, betting, who, action, amount, message):
    night, seats, hand = betting
    seat = {s.person.name: s for s in seats}[who]
    before = journal_rows(night)
    response = post(
        host_client,
        url("hand_act", night.pk, hand.pk),
        {"seat": seat.pk, "action": action, "amount": amount},
    )
    assert response.status_code == 400
    assert message in text(response)
    assert journal_rows(night) == before


def test_a_raise_below_the_last_full_raise_is_refused(host_client, betting):
    night, (ann, bob, _), hand = betting
    hands.load(hand).act(seat=ann, action="bet", amount=20, recorded_by="host:host")
    before = journal_rows(night)
    response = post(
        host_client,
        url("hand_act", night.pk, hand.pk),
        {"seat": bob.pk, "action": "raise", "amount": "30"},
    )
    assert response.status_code == 400
    assert "The smallest raise is to 40." in text(response)
    assert journal_rows(night) == before


def test_an_action_on_a_settled_hand_is_refused(host_client, betting):
    night, (ann, bob, cat), hand = betting
    for seat in (ann, bob):
        hands.load(hand).act(seat=seat, action="fold", recorded_by="host:host")
    hands.load(hand).award(winners=[[cat.pk]], recorded_by="host:host")
    before = journal_rows(night)
    response = post(
        host_client,
        url("hand_act", night.pk, hand.pk),
        {"seat": cat.pk, "action": "check"},
    )
    assert response.status_code == 400
    assert "Hand 1 is settled" in text(response)
    assert journal_rows(night) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": ["ANN"], "dealer": "ANN"}, TOO_FEW_PLAYERS),
        ({"players": [], "dealer": "ANN"}, NO_PLAYERS),
        ({"players": ["ANN", "BOB"], "dealer": "ANN", "game": "no-such-game"}, "no-such-game"),
        ({"players": ["ANN", "BOB"], "dealer": "nobody"}, UNKNOWN_SEAT),
    ],
)
def test_a_bad_hand_start_says_why(host_client, bought_200_100_50, data, message):
    night, (ann, bob, _) = bought_200_100_50
    ids = {"ANN": ann.pk, "BOB": bob.pk}
    data = {
        k: [ids.get(v, v) for v in v] if isinstance(v, list) else ids.get(v, v)
        for k, v in data.items()
    }
    response = post(host_client, url("hand_start", night.pk), data)
    assert response.status_code == 400
    assert message in text(response)
    assert not night.hands.exists()


def test_award_to_a_folded_player_or_against_changed_pots_is_refused(host_client, betting):
    night, (ann, bob, cat), hand = betting
    hands.load(hand).act(seat=ann, action="fold", recorded_by="host:host")
    hands.load(hand).act(seat=bob, action="check", recorded_by="host:host")
    hands.load(hand).act(seat=cat, action="check", recorded_by="host:host")
    pots_key = hidden(host_client.get(url("night", night.pk)), "pots")
    before = journal_rows(night)
    response = post(
        host_client,
        url("hand_award", night.pk, hand.pk),
        {"pots": pots_key, "win-0": [ann.pk]},
    )
    assert response.status_code == 400
    assert "Ann cannot win pot 1: folded or not in that side pot." in text(response)
    response = post(
        host_client, url("hand_award", night.pk, hand.pk), {"pots": "3:1,2", "win-0": [bob.pk]}
    )
    assert response.status_code == 400
    assert POTS_CHANGED in text(response)
    assert journal_rows(night) == before


def test_a_count_that_differs_is_shown_and_stops_the_end(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    counts = {f"count-{ann.pk}-0": "200", f"count-{bob.pk}-0": "99", f"count-{cat.pk}-0": "50"}
    page = text(host_client.get(url("end", night.pk), counts))
    # Chips of 0.05: 99 are $4.95, 100 $5.00, the one missing $0.05.
    assert "99 chips ($4.95) counted, the ledger says 100 chips ($5.00): -1 (-$0.05)." in page
    before = journal_rows(night)
    response = post(host_client, url("end", night.pk), counts)
    assert response.status_code == 400
    assert COUNT_DIFFERS.format(name="Bob", counted=99, booked=100) in text(response)
    assert journal_rows(night) == before

    response = post(
        host_client,
        url("end_adjust", night.pk),
        {"seat": bob.pk, "chips": "-1", "reason": "a chip went home in a pocket", **counts},
    )
    assert response.status_code == 303
    assert f"count-{bob.pk}-0=99" in response["Location"]
    assert "matches the ledger" in text(host_client.get(response["Location"]))
    assert post(host_client, url("end", night.pk), counts).status_code == 303
    # Bob bought 100 and gave back 99 chips and the 1 booked: the adjustment counts
    # like a cash-out, so nobody pays for the chip that went home.
    assert closing.nets(night) == {ann.pk: 0, bob.pk: 0, cat.pk: 0}


def test_a_write_without_a_key_is_refused(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    before = journal_rows(night)
    response = host_client.post(url("buy_in", night.pk), {"seat": ann.pk, "chips": "5"})
    assert response.status_code == 400
    assert KEY_MISSING in text(response)
    assert journal_rows(night) == before


# Double taps.


def test_a_double_submit_posts_once(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    before = journal_rows(night)
    data = {"idempotency_key": key(), "seat": ann.pk, "chips": "25"}
    first = host_client.post(url("buy_in", night.pk), data)
    second = host_client.post(url("buy_in", night.pk), data)
    assert first.status_code == second.status_code == 303
    assert journal_rows(night) == (before[0] + 1, before[1] + 2)
    assert stacks(night, [ann]) == [225]


def test_the_same_key_with_another_body_is_422_and_posts_nothing(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    same = key()
    host_client.post(
        url("buy_in", night.pk), {"idempotency_key": same, "seat": ann.pk, "chips": "25"}
    )
    before = journal_rows(night)
    response = host_client.post(
        url("buy_in", night.pk), {"idempotency_key": same, "seat": ann.pk, "chips": "26"}
    )
    assert response.status_code == 422
    assert KEY_REUSED in text(response)
    assert journal_rows(night) == before


def test_a_double_tap_on_an_action_posts_one_action(host_client, betting):
    night, (ann, _, _), hand = betting
    data = {"idempotency_key": key(), "seat": ann.pk, "action": "bet", "amount": "10"}
    for _ in range(2):
        host_client.post(url("hand_act", night.pk, hand.pk), data, HTTP_HX_REQUEST="true")
    assert hand.postings.filter(kind="action").count() == 1


def test_a_double_submit_of_the_new_night_form_makes_one_night(host_client):
    data = night_form(idempotency_key=key())
    host_client.post(url("night_new"), data)
    host_client.post(url("night_new"), data)
    assert Night.objects.filter(name="Saturday").count() == 1


# The poll.


def test_the_poll_answers_304_in_one_query_when_nothing_changed(
    host_client, betting, django_assert_num_queries
):
    night, (ann, _, _), hand = betting
    first = host_client.get(url("poll", night.pk))
    assert first.status_code == 200
    tag = first["ETag"]
    with django_assert_num_queries(1):
        again = host_client.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""
    hands.load(hand).act(seat=ann, action="check", recorded_by="host:host")
    changed = host_client.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert "Ann checks" in text(changed)


def test_the_table_page_carries_the_polls_etag(host_client, betting):
    night, _, _ = betting
    page = host_client.get(url("night", night.pk))
    tag = host_client.get(url("poll", night.pk))["ETag"]
    assert 'hx-trigger="every 2s"' in text(page)
    assert tag.replace('"', '\\"') in text(page)


@pytest.mark.parametrize(
    "change",
    [
        "claim",
        "release",
        "sit_out",
        "back_in",
        "leave",
        "join_link_revoked",
        "join_link_renewed",
        "new_seat",
        "new_hand",
        "spectator_link_revoked",
    ],
)
def test_every_seat_and_hand_change_gives_the_poll_a_new_etag(
    host_client, bought_200_100_50, change
):
    """Each change touches one thing only (no posting): the poll's one query still sees it."""
    night, (ann, bob, cat) = bought_200_100_50
    dee = seating.seat_add(night=night, person=seating.person_add(group=night.group, name="Dee"))
    if change == "release":
        claim(ann)
    elif change == "back_in":
        seating.sit_out(night=night, seat=bob, out=True)
    first = host_client.get(url("poll", night.pk))
    tag = first["ETag"]
    assert host_client.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=tag).status_code == 304
    postings = journal_rows(night)
    if change == "claim":
        claim(ann)
    elif change == "release":
        seating.join_link_release(seat=Seat.objects.get(pk=ann.pk))
    elif change == "sit_out":
        seating.sit_out(night=night, seat=bob, out=True)
    elif change == "back_in":
        seating.sit_out(night=night, seat=bob, out=False)
    elif change == "leave":
        seating.leave(night=night, seat=dee, recorded_by="host:host")  # no chips: no posting
    elif change == "join_link_revoked":
        seating.join_link_revoke(seat=cat)
    elif change == "join_link_renewed":
        seating.join_link_renew(seat=cat)
    elif change == "new_seat":
        seating.seat_add(night=night, person=seating.person_add(group=night.group, name="Eve"))
    elif change == "new_hand":
        hands.hand_start(night=night, players=[ann, bob], dealer=ann, recorded_by="host:host")
    else:
        seating.spectator_link_revoke(night=night)
    if change != "new_hand":
        assert journal_rows(night) == postings
    response = host_client.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    assert response["ETag"] != tag


@pytest.mark.parametrize("change", ["step", "first_cards", "cards_corrected"])
def test_the_dealers_step_and_the_cards_entered_give_the_poll_a_new_etag(
    host_client, bought_200_100_50, change
):
    """A step moved or cards entered book nothing, yet the table and the spectator see them."""
    night, (ann, bob, cat) = bought_200_100_50
    game = "guts-three-card"
    data = {"game": game, "dealer": cat.pk, "players": [ann.pk, bob.pk, cat.pk]}
    data |= {f"agreed-{name}": chips for name, chips in game_setup.offered(night, game).items()}
    assert post(host_client, url("game_start", night.pk), data).status_code == 303
    hand = night.hands.get()

    def enter(cards):
        entered = post(
            host_client, url("hand_cards", night.pk, hand.pk), {"seat": ann.pk, "cards": cards}
        )
        assert entered.status_code == 303

    if change == "cards_corrected":
        enter("As Kd 7h")
    watcher = Client()
    tags = {
        "host": host_client.get(url("poll", night.pk))["ETag"],
        "spectator": watcher.get(url("watch_poll", night.spectator_token))["ETag"],
    }
    postings = journal_rows(night)
    if change == "step":
        step = games.steps(hand.run)[1]
        moved = post(host_client, url("hand_step", night.pk, hand.pk), {"to": step.id})
        assert moved.status_code == 303
        assert Hand.objects.get(pk=hand.pk).step == step.id
    else:
        enter("Qs Qd Qh")
    assert journal_rows(night) == postings
    polled = {
        "host": host_client.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=tags["host"]),
        "spectator": watcher.get(
            url("watch_poll", night.spectator_token), HTTP_IF_NONE_MATCH=tags["spectator"]
        ),
    }
    for viewer, response in polled.items():
        assert response.status_code == 200, viewer
        assert response["ETag"] != tags[viewer], viewer


def test_the_spectator_and_player_polls_answer_304_in_one_query(betting, django_assert_num_queries):
    night, (ann, _, _), _ = betting
    watcher = Client()
    first = watcher.get(url("watch_poll", night.spectator_token))
    with django_assert_num_queries(1):
        again = watcher.get(
            url("watch_poll", night.spectator_token), HTTP_IF_NONE_MATCH=first["ETag"]
        )
    assert again.status_code == 304
    phone = claim(ann)
    first = phone.get(url("poll", night.pk))
    with django_assert_num_queries(1):
        again = phone.get(url("poll", night.pk), HTTP_IF_NONE_MATCH=f"W/{first['ETag']}")
    assert again.status_code == 304


def test_a_forged_etag_gets_no_304_and_a_stranger_gets_404(betting):
    night, _, _ = betting
    stranger = Client()
    response = stranger.get(url("poll", night.pk), HTTP_IF_NONE_MATCH='"host.0123456789abcdef"')
    assert response.status_code == 404


# Seats, join links and the spectator link.


def test_a_player_claims_a_seat_and_acts_for_it(betting):
    night, (ann, _, _), hand = betting
    phone = Client()
    page = phone.get(url("join", ann.join_token))
    assert "This is me" in text(page)
    assert "Seat 1: <strong>Ann</strong>" in text(page)
    assert post(phone, url("join", ann.join_token)).status_code == 303
    table = text(phone.get(url("night", night.pk)))
    assert "Your turn: nothing to call" in table
    assert ">Check</button>" in table
    assert ">Fold</button>" not in table  # checking is free
    assert "Bet" in table
    response = post(
        phone, url("hand_act", night.pk, hand.pk), {"seat": ann.pk, "action": "bet", "amount": "5"}
    )
    assert response.status_code == 303
    posting = hand.postings.filter(kind="action").get()
    assert posting.recorded_by == "seat 1:Ann"
    page = text(phone.get(url("night", night.pk)))
    assert '<small class="muted">Ann ·' in page
    assert "seat 1:Ann" not in page


def test_two_people_with_one_name_are_two_seats(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    post(host_client, url("seat_add", night.pk), {"name": "Ann"})
    second = night.seats.exclude(pk=ann.pk).get(person__name="Ann")
    assert second.person_id != ann.person_id
    page = text(host_client.get(url("night", night.pk)))
    assert "Ann (1)" in page
    assert f"Ann ({second.position})" in page


def test_a_regular_from_the_roster_takes_a_seat(host_client, bought_200_100_50):
    night, _ = bought_200_100_50
    dee = seating.person_add(group=night.group, name="Dee")
    assert post(host_client, url("seat_add", night.pk), {"person": dee.pk}).status_code == 303
    assert night.seats.filter(person=dee).exists()


def test_revoking_a_join_link_locks_out_the_phone_that_claimed_it(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    phone = claim(ann)
    assert phone.get(url("night", night.pk)).status_code == 200
    post(host_client, url("join_link", night.pk), {"seat": ann.pk, "do": "revoke"})
    assert phone.get(url("night", night.pk)).status_code == 404
    assert Client().get(url("join", ann.join_token)).status_code == 404
    post(host_client, url("join_link", night.pk), {"seat": ann.pk, "do": "new"})
    fresh = Seat.objects.get(pk=ann.pk)
    assert fresh.join_token != ann.join_token
    assert not fresh.join_revoked
    assert Client().get(url("join", fresh.join_token)).status_code == 200
    assert phone.get(url("night", night.pk)).status_code == 404


def test_the_spectator_link_reads_and_can_be_revoked_and_renewed(host_client, betting):
    night, _, _ = betting
    watcher = Client()
    page = watcher.get(url("watch", night.spectator_token))
    assert page.status_code == 200
    body = text(page)
    assert "Main pot" in body
    assert "<form" not in body.split('id="table"')[1].split("</section>")[0]
    post(host_client, url("watch_link", night.pk), {"do": "revoke"})
    assert watcher.get(url("watch", night.spectator_token)).status_code == 404
    post(host_client, url("watch_link", night.pk), {"do": "new"})
    night.refresh_from_db()
    assert not night.spectator_revoked
    assert watcher.get(url("watch", night.spectator_token)).status_code == 200


def test_the_seats_page_shows_a_qr_code_per_join_link(host_client, bought_200_100_50):
    night, (ann, _, _) = bought_200_100_50
    page = text(host_client.get(url("seats", night.pk)))
    assert page.count('class="qr"><svg') >= 4  # three seats and the spectator link
    assert f"http://testserver/nights/join/{ann.join_token}/" in page


def test_join_links_carry_the_lan_address_when_serving_the_wifi(monkeypatch, settings):
    settings.ALLOWED_HOSTS = ["*"]
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    monkeypatch.setattr(seat_views, "lan_ip", lambda: "192.168.1.20")
    monkeypatch.delenv("HOMEGAME_LAN", raising=False)
    assert seat_views.absolute(request, "/nights/join/x/") == "http://127.0.0.1:8000/nights/join/x/"
    monkeypatch.setenv("HOMEGAME_LAN", "1")
    assert (
        seat_views.absolute(request, "/nights/join/x/") == "http://192.168.1.20:8000/nights/join/x/"
    )
    elsewhere = RequestFactory().get("/", HTTP_HOST="poker.example")
    assert seat_views.absolute(elsewhere, "/j/") == "http://poker.example/j/"


def test_the_lan_address_is_found_without_sending_anything():
    address = seat_views.lan_ip()
    assert address is None or not address.startswith("127.")


def test_sitting_out_leaving_and_cashing_out(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    post(host_client, url("sit_out", night.pk), {"seat": bob.pk, "out": "1"})
    assert Seat.objects.get(pk=bob.pk).sitting_out
    page = text(host_client.get(url("night", night.pk)))
    assert f'id="player-{bob.pk}" name="players" value="{bob.pk}">' in page  # not ticked
    post(host_client, url("sit_out", night.pk), {"seat": bob.pk, "out": "0"})
    assert not Seat.objects.get(pk=bob.pk).sitting_out
    post(host_client, url("cash_out", night.pk), {"seat": ann.pk, "chips": "50"})
    assert stacks(night, [ann]) == [150]
    post(host_client, url("leave", night.pk), {"seat": cat.pk})
    cat = Seat.objects.get(pk=cat.pk)
    assert cat.left_at is not None
    assert stacks(night, [cat]) == [0]
    assert journal_total(night) == 0


def test_a_player_sits_themself_out_from_the_table(betting):
    night, (ann, _, _), _ = betting
    phone = claim(ann)
    response = post(phone, url("sit_out", night.pk), {"seat": ann.pk, "out": "1", "back": "table"})
    assert response.status_code == 303
    assert response["Location"] == url("night", night.pk)
    assert Seat.objects.get(pk=ann.pk).sitting_out


# Hands of every shape.


def test_trash_poker_keeps_the_whole_pot_in_play(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    post(
        host_client,
        url("hand_start", night.pk),
        {"game": "trash-poker", "players": [ann.pk, bob.pk, cat.pk], "dealer": cat.pk},
    )
    assert night.hands.get().config["side_pots"] is False


def test_a_community_game_posts_blinds_and_the_next_player_opens(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    confirm_ante(night, "texas-holdem")
    post(
        host_client,
        url("hand_start", night.pk),
        {"game": "texas-holdem", "players": [ann.pk, bob.pk, cat.pk], "dealer": cat.pk},
    )
    hand = night.hands.get()
    page = text(host_client.get(url("night", night.pk)))
    assert "Post the blinds" in page
    post(
        host_client,
        url("hand_round", night.pk, hand.pk),
        {"blinds": "1", "small_blind": "1", "big_blind": "2"},
    )
    assert stacks(night, [ann, bob, cat]) == [199, 98, 50]
    now = hands.load(hand).state
    assert now.round.turn == cat.pk  # left of the big blind


def test_a_high_low_game_pays_high_and_low_with_the_odd_chip_high(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    confirm_ante(night, "show-five-cards")
    post(
        host_client,
        url("hand_start", night.pk),
        {"game": "show-five-cards", "players": [ann.pk, bob.pk, cat.pk], "dealer": cat.pk},
    )
    hand = night.hands.get()
    post(host_client, url("hand_antes", night.pk, hand.pk))
    page = host_client.get(url("night", night.pk))
    assert 'name="low-0"' in text(page)
    response = post(
        host_client,
        url("hand_award", night.pk, hand.pk),
        {"pots": hidden(page, "pots"), "high-0": [ann.pk], "low-0": [bob.pk]},
    )
    assert response.status_code == 303
    # 3 antes: high takes 2 (the odd chip), low 1.
    assert stacks(night, [ann, bob, cat]) == [201, 100, 49]


def test_a_declare_game_pays_by_declarations(host_client, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    confirm_ante(night, "selection-rejection")
    post(
        host_client,
        url("hand_start", night.pk),
        {"game": "selection-rejection", "players": [ann.pk, bob.pk, cat.pk], "dealer": cat.pk},
    )
    hand = night.hands.get()
    post(host_client, url("hand_antes", night.pk, hand.pk))
    page = host_client.get(url("night", night.pk))
    assert f'name="declare-{ann.pk}"' in text(page)
    base = {"pots": hidden(page, "pots")}
    before = journal_rows(night)
    response = post(host_client, url("hand_award", night.pk, hand.pk), base)
    assert response.status_code == 400
    assert DECLARATION_MISSING.format(name="Ann") in text(response)
    assert journal_rows(night) == before
    # Ann declares both but only ties for high with Bob: she gets nothing.
    # Bob then has the best high, Cat the only low.
    response = post(
        host_client,
        url("hand_award", night.pk, hand.pk),
        base
        | {
            f"declare-{ann.pk}": "both",
            f"high-rank-{ann.pk}": "1",
            f"low-rank-{ann.pk}": "1",
            f"declare-{bob.pk}": "high",
            f"high-rank-{bob.pk}": "1",
            f"declare-{cat.pk}": "low",
            f"low-rank-{cat.pk}": "2",
        },
    )
    assert response.status_code == 303, text(response)
    assert stacks(night, [ann, bob, cat]) == [199, 101, 50]


def test_undo_and_reopen_through_the_pages(host_client, betting):
    night, (ann, bob, cat), hand = betting
    post(host_client, url("hand_act", night.pk, hand.pk), {"seat": ann.pk, "action": "check"})
    post(host_client, url("hand_undo", night.pk, hand.pk))
    assert hands.load(hand).state.round.turn == ann.pk
    for seat in (ann, bob):
        hands.load(hand).act(seat=seat, action="fold", recorded_by="host:host")
    hands.load(hand).award(winners=[[cat.pk]], recorded_by="host:host")
    page = text(host_client.get(url("night", night.pk)))
    assert "Re-open hand 1" in page
    post(host_client, url("hand_undo", night.pk, hand.pk))
    assert Hand.objects.get(pk=hand.pk).status == Hand.Status.BETTING
    history = text(host_client.get(url("journal", night.pk)))
    assert "(undone)" in history


def test_the_hand_history_says_who_recorded_what_and_when(host_client, betting):
    night, _, _ = betting
    page = text(host_client.get(url("night", night.pk)))
    posting = Posting.objects.filter(night=night).latest("pk")
    assert posting.memo in page
    assert "the host ·" in page
    assert "host:host" not in page
    assert posting.created_at.strftime("%H:%M:%S") in page


def test_the_night_page_draws_every_stack(host_client, betting):
    night, _, _ = betting
    page = text(host_client.get(url("night", night.pk)))
    assert page.count("<polyline") == 3


# History.


def test_history_and_a_persons_results_across_nights(host_client, host, bought_200_100_50):
    night, (ann, bob, cat) = bought_200_100_50
    closing.night_end(night=night, counts={ann.pk: 200, bob.pk: 100, cat.pk: 50}, recorded_by="h")
    second = seating.night_create(
        host=host, group=night.group, name="Second Friday", chips=[("white", "0.10")]
    )
    seat = seating.seat_add(night=second, person=ann.person)
    other = seating.seat_add(night=second, person=bob.person)
    seating.buy_in(night=second, seat=seat, chips=10, recorded_by="h")
    seating.buy_in(night=second, seat=other, chips=10, recorded_by="h")
    seating.adjust(night=second, seat=seat, chips=5, reason="found", recorded_by="h")
    seating.cash_out(night=second, seat=other, chips=5, recorded_by="h")
    closing.night_end(night=second, counts={seat.pk: 15, other.pk: 5}, recorded_by="h")
    page = text(host_client.get(url("history")))
    assert "Second Friday" in page
    page = text(host_client.get(url("person", ann.person_id)))
    assert "2 nights played" in page


# Services the pages needed.


def test_a_new_join_link_drops_the_phone_that_held_the_seat(bought_200_100_50):
    _, (ann, _, _) = bought_200_100_50
    Seat.objects.filter(pk=ann.pk).update(claimed_session="abc")
    ann.refresh_from_db()
    old = ann.join_token
    seating.join_link_renew(seat=ann)
    ann.refresh_from_db()
    assert ann.join_token != old
    assert (ann.claimed_session, ann.join_revoked) == ("", False)


def test_group_settings_are_checked_and_only_reach_new_nights(bought_200_100_50):
    night, _ = bought_200_100_50
    group = night.group
    seating.group_settings_update(group=group, settings={"ante": 5})
    assert (group.settings["ante"], night.settings["ante"]) == (5, 1)
    with pytest.raises(ValueError, match="ante must be"):
        seating.group_settings_update(group=group, settings={"ante": -1})


def test_declared_winners_judge_each_pot_among_its_own_players(betting):
    _, (ann, bob, cat), hand = betting
    hands.load(hand).act(seat=ann, action="bet", amount=60, recorded_by="h")
    hands.load(hand).act(seat=bob, action="call", recorded_by="h")
    hands.load(hand).act(seat=cat, action="all_in", recorded_by="h")  # 49, short
    # Main pot 3 x 50 for all; side pot 2 x 11 for Ann and Bob. Cat has the best
    # low and high, declares both and wins the main pot outright; Ann wins the
    # side pot's high, Bob its low.
    high, low = hands.load(hand).declared_winners(
        {ann.pk: "high", bob.pk: "low", cat.pk: "both"}, [[cat.pk], [ann.pk]], [[cat.pk], [bob.pk]]
    )
    assert (high, low) == ([[cat.pk], [ann.pk]], [[cat.pk], [bob.pk]])


# The chart.


def test_the_chart_draws_a_line_per_player_and_escapes_names():
    svg = charts.stack_chart(
        [(0, {1: 100}), (1, {1: 90, 2: 100}), (2, {1: 120, 2: 70})],
        {1: "Ann", 2: "<b>Bob</b>"},
    )
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert svg.count("<polyline") == 2
    assert "&lt;b&gt;Bob&lt;/b&gt;" in svg
    assert "<b>" not in svg
    # Colours come from classes in ledger.css: the CSP refuses style blocks and attributes.
    assert 'class="hg-c1"' in svg
    assert "<style" not in svg
    assert "style=" not in svg
    assert 'viewBox="0 0 360 ' in svg
    assert 'Ann <tspan font-weight="600">120</tspan>' in svg


def test_a_long_name_in_the_chart_legend_is_cut_so_its_stack_still_shows():
    svg = charts.stack_chart(
        [(0, {1: 100, 2: 100}), (1, {1: 81, 2: 119})], {1: "Ann", 2: "Maximilian-Alexander"}
    )
    # Twenty characters fit a legend column of a 360 px chart: the name gives way, not the stack.
    assert 'Maximilian-Alex… <tspan font-weight="600">119</tspan>' in svg
    assert 'Ann <tspan font-weight="600">81</tspan>' in svg


def test_the_chart_is_empty_without_points_and_dashes_the_ninth_line():
    assert charts.stack_chart([]) == ""
    svg = charts.stack_chart([(0, dict.fromkeys(range(9), 10))])
    # The ninth line, its end dot and its legend swatch.
    assert svg.count('stroke-dasharray="6 4"') == 3


# Odds and ends.


def test_no_get_changes_anything(host_client, betting):
    night, (ann, _, _), _ = betting
    before = (journal_rows(night), night.accounts.count(), list(Seat.objects.values()))
    for name, args in [
        ("night", [night.pk]),
        ("poll", [night.pk]),
        ("seats", [night.pk]),
        ("end", [night.pk]),
        ("settlement", [night.pk]),
        ("journal", [night.pk]),
        ("journal_csv", [night.pk]),
        ("watch", [night.spectator_token]),
        ("watch_poll", [night.spectator_token]),
        ("watch_settlement", [night.spectator_token]),
        ("join", [ann.join_token]),
    ]:
        assert host_client.get(url(name, *args)).status_code == 200, name
    assert (journal_rows(night), night.accounts.count(), list(Seat.objects.values())) == before


def test_the_table_state_reads_riding_chips_without_creating_accounts(bought_200_100_50):
    night, _ = bought_200_100_50
    count = night.accounts.count()
    assert state.riding(night) == 0
    assert night.accounts.count() == count


def test_the_balances_behind_the_page_add_up(bought_200_100_50):
    night, seats = bought_200_100_50
    accounts = [journal.account(night, "stack", seat=s) for s in seats]
    assert sum(journal.balances(accounts).values()) == 350
    assert actors.SESSION_SEATS


def test_every_post_form_carries_the_csrf_token_and_a_fresh_key(host_client, betting):
    night, (ann, bob, cat), hand = betting
    pages = [
        url("night", night.pk),
        url("seats", night.pk),
        url("end", night.pk),
        url("group", night.group_id),
        url("night_new"),
        url("group_new"),
        url("join", ann.join_token),
    ]
    for seat in (ann, bob, cat):
        hands.load(hand).act(seat=seat, action="check", recorded_by="host:host")
    keys = []
    for page in pages:
        body = host_client.get(page).content.decode()
        main = body.split("<main", 1)[1].split("</main>", 1)[0]  # not the site footer's
        forms = re.findall(r'<form method="post".*?</form>', main, flags=re.S)
        assert forms, page
        for form in forms:
            assert 'name="csrfmiddlewaretoken"' in form, (page, form[:80])
            found = re.findall(r'name="idempotency_key" value="([0-9a-f]{32})"', form)
            assert len(found) == 1, (page, form[:80])
            keys += found
    assert len(keys) == len(set(keys))


def test_players_level_at_the_start_are_drawn_side_by_side_so_every_colour_shows():
    # Ann and Bob both buy 100 and are level until Ann wins 20: their first points
    # must not be one on top of the other.
    svg = charts.stack_chart([(0, {"a": 100, "b": 100}), (1, {"a": 120, "b": 80})])
    lines = re.findall(r'<polyline class="hg-c(\d)" points="([^"]+)"', svg)
    starts = {colour: points.split()[0] for colour, points in lines}
    assert set(starts) == {"0", "1"}
    (ax, ay), (bx, by) = (tuple(map(float, starts[c].split(","))) for c in ("0", "1"))
    assert ax == bx
    assert abs(ay - by) == charts.SPREAD
