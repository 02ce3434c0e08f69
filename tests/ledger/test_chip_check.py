"""Chip values checked before a night exists, and changed until the first chip moves.

The rulebook asks fixed amounts: $0.25 (the baseballs, Guts, Phone Home ...),
$0.05 (the zaps, a draw tax), both (Acey Deucey, Put and Take). With a $0.10
white, 13 games ask what it cannot pay; a nickel pays them all.
"""

from decimal import Decimal

import pytest
from django.test import Client
from django.utils.text import slugify

from ledger.models import Night
from ledger.services import closing, seating
from ledger.services.journal import LedgerError
from ledger.services.seating import CHIPS_MOVED, NIGHT_ENDED
from ledger.views.common import KEY_MISSING
from rulebook.models import Game
from tests import factories
from tests.ledger.conftest import journal_rows
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

QUARTER_GAMES = (
    "Baseball (Daytime), Ferengi Chicken, Gruts, Guts (3-card, house wiki), "
    "Indian Midnight Baseball, Liar's Poker, Midnight Baseball, Phone Home"
)
NICKEL_GAMES = "Five Card Double Draw, Draw Tax, Primes Are Wild, Zap (old), Zap (revised)"
BOTH_GAMES = "Acey Deucey, Put and Take"


def night_form(**changes) -> dict:
    data = {
        "name": "Saturday",
        "new_group": "Saturday crowd",
        "currency": "USD",
        "chip_name_0": "white",
        "chip_value_0": "0.10",
        "chip_name_1": "blue",
        "chip_value_1": "1.00",
        "ante": "1",
        "min_bet": "1",
        "limit": "no_limit",
        "odd_chip": "seat_order",
        "odd_to": "high",
        "no_winner": "ride",
    }
    return data | changes


def chips_of(night) -> list[dict]:
    night.refresh_from_db()
    return night.chips


# The new night's form.


def test_the_new_night_form_names_the_games_its_chips_cannot_pay_and_creates_nothing(host_client):
    response = post(host_client, url("night_new"), night_form())
    page = text(response)
    assert response.status_code == 200
    assert "13 rulebook games need amounts these chips cannot pay exactly" in page
    assert f"<strong>$0.25</strong>: {QUARTER_GAMES}</li>" in page
    assert f"<strong>$0.05</strong>: {NICKEL_GAMES}</li>" in page
    assert f"<strong>$0.05, $0.25</strong>: {BOTH_GAMES}</li>" in page
    assert not Night.objects.exists()


def test_the_new_night_form_offers_the_nearest_chips_that_pay_every_game(host_client):
    page = text(post(host_client, url("night_new"), night_form()))
    assert 'name="offer" value="0" formnovalidate>Add a red chip worth $0.05</button>' in page
    assert 'name="offer" value="1" formnovalidate>Make white worth $0.05</button>' in page
    assert 'name="anyway" value="white=0.10;blue=1.00">Create it anyway, with these chips' in page


def test_an_offer_fills_the_form_with_its_chips_and_creates_nothing(host_client):
    response = post(host_client, url("night_new"), night_form(offer="0"))
    page = text(response)
    assert response.status_code == 200
    assert 'name="chip_name_0" value="red"' in page
    assert 'name="chip_value_0" value="0.05"' in page
    assert 'name="chip_name_1" value="white"' in page
    assert 'name="chip_value_1" value="0.10"' in page
    assert 'name="chip_name_2" value="blue"' in page
    assert 'name="chip_value_2" value="1.00"' in page
    assert "cannot pay exactly" not in page
    assert 'value="Saturday"' in page  # the rest of the form as typed
    assert not Night.objects.exists()


def test_the_chips_an_offer_filled_in_create_the_night(host_client):
    response = post(host_client, url("night_new"), night_form(offer="1"))
    assert 'name="chip_value_0" value="0.05"' in text(response)
    made = post(host_client, url("night_new"), night_form(chip_value_0="0.05"))
    assert made.status_code == 303
    assert Night.objects.get().chips == [
        {"name": "white", "value": "0.05"},
        {"name": "blue", "value": "1.00"},
    ]


def test_an_offer_fills_the_chips_even_before_the_night_has_a_name(host_client):
    response = post(host_client, url("night_new"), night_form(name="", offer="1"))
    assert response.status_code == 200
    assert 'name="chip_value_0" value="0.05"' in text(response)
    assert not Night.objects.exists()


def test_create_it_anyway_makes_the_night_with_the_chips_as_typed(host_client):
    response = post(host_client, url("night_new"), night_form(anyway="white=0.10;blue=1.00"))
    assert response.status_code == 303
    night = Night.objects.get()
    assert response["Location"] == url("seats", night.pk)
    assert night.unit == Decimal("0.10")
    assert night.chips == [{"name": "white", "value": "0.10"}, {"name": "blue", "value": "1.00"}]


def test_create_it_anyway_asks_again_when_the_chips_changed_since_the_warning(host_client):
    response = post(
        host_client,
        url("night_new"),
        night_form(chip_value_0="0.50", anyway="white=0.10;blue=1.00"),
    )
    assert response.status_code == 200
    assert "cannot pay exactly" in text(response)
    assert not Night.objects.exists()


def test_chips_that_pay_every_game_create_the_night_with_no_warning(host_client):
    response = post(host_client, url("night_new"), night_form(chip_value_0="0.05"))
    assert response.status_code == 303
    assert "cannot pay exactly" not in text(host_client.get(response["Location"]))


# Editing a night's chips until the first chip moves.


def test_the_seats_page_offers_the_host_to_edit_the_chips_before_any_chip_moves(host_client, night):
    page = text(host_client.get(url("seats", night.pk)))
    assert f'href="{url("night_chips", night.pk)}">Edit the chips</a>' in page
    form = text(host_client.get(url("night_chips", night.pk)))
    assert 'name="chip_name_0" value="white"' in form
    assert 'name="chip_value_0" value="0.05"' in form
    assert 'name="chip_name_1" value="red"' in form
    assert 'name="chip_value_1" value="0.25"' in form
    assert "Save the chips" in form


def test_the_host_changes_the_chips_before_the_first_chip_moves(host_client, night):
    data = {"chip_name_0": "white", "chip_value_0": "0.25", "chip_name_1": "black"}
    data["chip_value_1"] = "5.00"
    response = post(
        host_client, url("night_chips", night.pk), data | {"anyway": "white=0.25;black=5.00"}
    )
    assert response.status_code == 303
    assert response["Location"] == url("seats", night.pk)
    assert chips_of(night) == [
        {"name": "white", "value": "0.25"},
        {"name": "black", "value": "5.00"},
    ]
    assert night.unit == Decimal("0.25")
    assert "The chips are now white 0.25, black 5.00." in text(
        host_client.get(response["Location"])
    )


def test_edited_chips_are_checked_and_offered_as_a_new_nights_are(host_client, night):
    data = {"chip_name_0": "white", "chip_value_0": "0.10", "chip_name_1": "red"}
    data["chip_value_1"] = "0.50"
    response = post(host_client, url("night_chips", night.pk), data)
    page = text(response)
    assert response.status_code == 200
    assert "13 rulebook games need amounts these chips cannot pay exactly" in page
    assert f"<strong>$0.25</strong>: {QUARTER_GAMES}</li>" in page
    assert "Make white worth $0.05</button>" in page
    assert chips_of(night) == [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}]
    offered = post(host_client, url("night_chips", night.pk), data | {"offer": "1"})
    assert 'name="chip_value_0" value="0.05"' in text(offered)
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}  # an offer only fills the form


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"chip_name_0": "white", "chip_value_0": "lots"}, "must be a chip value such as 0.25"),
        ({"chip_name_0": "white", "chip_value_0": ""}, "Give the white chips a value"),
        (
            {"chip_name_0": "white", "chip_value_0": "0.05", "chip_name_1": "white"}
            | {"chip_value_1": "0.25"},
            "There are two colours called 'white'.",
        ),
        ({"chip_name_0": "", "chip_value_0": ""}, "A chip set needs at least one colour."),
    ],
)
def test_bad_chips_are_refused_with_nothing_changed(host_client, night, data, message):
    response = post(host_client, url("night_chips", night.pk), data)
    assert response.status_code == 400
    assert message in text(response)
    assert chips_of(night) == [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}]


def test_chips_posted_with_no_request_key_are_refused_with_nothing_changed(host_client, night):
    data = {"chip_name_0": "white", "chip_value_0": "0.25", "anyway": "white=0.25"}
    response = host_client.post(url("night_chips", night.pk), data)
    assert response.status_code == 400
    assert KEY_MISSING in text(response)
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}


def test_the_chips_stay_once_the_first_chip_moves(host_client, night, seats):
    factories.buy_in(night, seats, [100, 0, 0])
    before = journal_rows(night)
    data = {"chip_name_0": "white", "chip_value_0": "0.25", "anyway": "white=0.25"}
    response = post(host_client, url("night_chips", night.pk), data)
    assert response.status_code == 400
    assert CHIPS_MOVED in text(response)
    assert chips_of(night) == [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}]
    assert night.unit == Decimal("0.05")
    assert journal_rows(night) == before
    assert "Edit the chips" not in text(host_client.get(url("seats", night.pk)))
    page = text(host_client.get(url("night_chips", night.pk)))
    assert CHIPS_MOVED in page
    assert "Save the chips" not in page


def test_an_offer_is_refused_too_once_a_chip_moved(host_client, night, seats):
    factories.buy_in(night, seats, [100, 0, 0])
    data = {"chip_name_0": "white", "chip_value_0": "0.10", "offer": "0"}
    response = post(host_client, url("night_chips", night.pk), data)
    assert response.status_code == 400
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}


def test_a_seated_player_cannot_change_the_chips(night, seats):
    phone = Client()
    assert post(phone, url("join", seats[0].join_token)).status_code == 303
    data = {"chip_name_0": "white", "chip_value_0": "0.25", "anyway": "white=0.25"}
    response = post(phone, url("night_chips", night.pk), data)
    assert response.status_code == 403
    assert "Save the chips" not in text(response)
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}


def test_the_chips_service_refuses_once_the_journal_holds_a_posting(night, seats):
    factories.buy_in(night, seats, [0, 40, 0])
    before = journal_rows(night)
    with pytest.raises(LedgerError, match=CHIPS_MOVED):
        seating.night_chips_set(night=night, chips=[("white", "0.25")])
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}
    assert journal_rows(night) == before


# Possessives on the pages.


def test_a_group_whose_name_ends_in_s_is_written_regulars_apostrophe(host_client, host):
    group = seating.group_create(host=host, name="Friday Regulars")
    page = text(host_client.get(url("group", group.pk)))
    assert "One file with Friday Regulars' people" in page
    assert "Regulars's" not in page


def test_an_ended_night_keeps_its_chips_and_says_it_has_ended(host_client, night):
    closing.night_end(night=night, counts={}, recorded_by="host:host")
    assert "Edit the chips" not in text(host_client.get(url("seats", night.pk)))
    data = {"chip_name_0": "white", "chip_value_0": "0.25", "anyway": "white=0.25"}
    response = post(host_client, url("night_chips", night.pk), data)
    assert response.status_code == 400
    assert NIGHT_ENDED in text(response)
    assert chips_of(night)[0] == {"name": "white", "value": "0.05"}


def house_copy(of: str, name: str, owner) -> Game:
    """A house game with the rules (and amounts) of a rulebook game, under its own name."""
    seed = Game.objects.get(slug=of)
    data = seed.data | {"slug": slugify(name), "name": name}
    return Game.objects.create(
        slug=slugify(name),
        name=name,
        family=seed.family,
        summary=seed.summary,
        data=data,
        is_house=True,
        owner=owner,
    )


def test_the_hosts_own_house_games_are_checked_and_nobody_elses(
    host_client, host, django_user_model
):
    house_copy("midnight-baseball", "Kitchen Baseball", host)
    stranger = django_user_model.objects.create_user(username="stranger", password="x-x-x-x-9")
    house_copy("midnight-baseball", "Stranger Baseball", stranger)
    page = text(post(host_client, url("night_new"), night_form()))
    assert "14 rulebook games need amounts these chips cannot pay exactly" in page
    assert "Kitchen Baseball" in page
    assert "Stranger Baseball" not in page


@pytest.mark.parametrize("offer", ["²", "-1", "1.0", "999", "x"])
def test_an_offer_no_button_sends_fills_nothing_and_creates_nothing(host_client, offer):
    response = post(host_client, url("night_new"), night_form(offer=offer))
    assert response.status_code == 200
    assert 'name="chip_value_0" value="0.10"' in text(response)
    assert not Night.objects.exists()
