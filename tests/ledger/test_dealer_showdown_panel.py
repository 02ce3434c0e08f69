"""The dealer's "Who wins?" panel at the showdown, as the Deal tab draws it on a phone.

Driven with the test client: the host runs dealer mode, nobody's seat has a
phone, so the dealer enters every hand. Ann, Bob and Cat each bought 40
chips; the hands below are worked out by hand.
"""

import re
import uuid

import pytest

from ledger.services import games, seat_cards
from tests.ledger.pages import post, text, url
from tests.ledger.test_showdown_helper_live import (
    ANN,
    BOB,
    CAT,
    DRAW,
    _agreed,
    deal_page,
    enter,
    start,
    to_showdown,
)

pytestmark = pytest.mark.django_db


def folds(page: str) -> dict[str, str]:
    """Each player's fold in the panel, by name: its opening tag and summary."""
    found = re.findall(
        r'(<details class="player-cards"[^>]*>)\s*<summary><strong>([^<]+)</strong>(.*?)</summary>',
        page,
        re.S,
    )
    return {name: tag + summary for tag, name, summary in found}


def is_open(fold: str) -> bool:
    return bool(re.search(r"<details[^>]* open[ >]", fold))


def hx_post(client, path: str, data: dict):
    return client.post(path, {"idempotency_key": uuid.uuid4().hex, **data}, HTTP_HX_REQUEST="true")


def grid_values(page: str, form_id: str) -> list[str]:
    form = re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S)
    assert form, form_id
    return re.findall(r'name="tap" value="([^"]+)"', form[0])


# --- One player's grid at a time, the ranking on top -------------------------------------------


def test_each_players_entry_folds_away_and_only_the_first_without_cards_is_open(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    to_showdown(table, night, hand)
    shown = folds(deal_page(table, night))
    assert list(shown) == ["Ann", "Bob", "Cat"]
    assert [is_open(f) for f in shown.values()] == [True, False, False]
    assert "no cards yet" in shown["Bob"]
    enter(table, night, hand, seats[ANN], "As Ad Ah Kd 7h")
    shown = folds(deal_page(table, night))
    assert [is_open(f) for f in shown.values()] == [False, True, False]
    assert ">A♠</span>" in shown["Ann"]


def test_a_tap_with_htmx_answers_the_deal_region_with_the_same_players_grid_open(
    table, night, seats
):
    hand = start(table, night, seats, DRAW)
    to_showdown(table, night, hand)
    data = {"seat": str(seats[BOB].pk), "cards": "", "up": "", "tap": "Kd"}
    response = hx_post(
        table, url("hand_cards", night.pk, hand.pk), data | {"next": url("deal", night.pk)}
    )
    assert response.status_code == 200
    page = text(response)
    assert page.lstrip().startswith('<section id="deal">')
    assert "<html" not in page
    assert "Cards for Bob: king of diamonds." in page
    shown = folds(page)
    assert [is_open(f) for f in shown.values()] == [False, True, False]  # Bob's, not Ann's
    assert seat_cards.latest(hand)[seats[BOB].pk].cards == ["Kd"]


def test_a_refused_tap_with_htmx_says_why_in_the_panel_by_the_grid_still_open(table, night, seats):
    hand = start(table, night, seats, DRAW)
    to_showdown(table, night, hand)
    data = {"seat": str(seats[CAT].pk), "cards": "As 1h", "up": "", "tap": "Kd"}
    response = hx_post(
        table, url("hand_cards", night.pk, hand.pk), data | {"next": url("deal", night.pk)}
    )
    assert response.status_code == 400
    assert response["X-Ledger-Refused"] == "1"
    page = text(response)
    panel = page[page.index('id="who-wins"') :]
    assert re.search(r'<p class="banner" role="alert">[^<]*is not a card', panel)
    assert [is_open(f) for f in folds(page).values()] == [False, False, True]
    assert seat_cards.latest(hand) == {}


def test_without_script_a_tap_comes_back_to_the_same_players_grid(table, night, seats):
    hand = start(table, night, seats, DRAW)
    to_showdown(table, night, hand)
    data = {"seat": str(seats[CAT].pk), "cards": "", "up": "", "tap": "2c"}
    response = post(
        table, url("hand_cards", night.pk, hand.pk), data | {"next": url("deal", night.pk)}
    )
    assert response.status_code == 303
    assert response["Location"] == url("deal", night.pk) + f"?open={seats[CAT].pk}"
    shown = folds(text(table.get(response["Location"])))
    assert [is_open(f) for f in shown.values()] == [False, False, True]


def test_once_ranked_the_result_is_on_top_and_each_line_names_the_hand(table, night, seats):
    """Ann three aces beats Bob's pair of queens, which beats Cat's jack high."""
    hand = start(table, night, seats, DRAW)
    enter(table, night, hand, seats[ANN], "As Ad Ah Kd 7h")
    enter(table, night, hand, seats[BOB], "Qs Qd 4h 3c 2d")
    enter(table, night, hand, seats[CAT], "2h 5c 8d Jh 9s")
    to_showdown(table, night, hand)
    page = deal_page(table, night, "rank")
    panel = page[page.index('id="who-wins"') :]
    assert panel.index('class="showdown-result"') < panel.index('class="entered"')
    shown = folds(page)
    assert "Three of a kind, aces" in shown["Ann"]
    assert "Pair of queens" in shown["Bob"]
    assert "Jack high" in shown["Cat"]


def test_rank_and_fill_swap_the_deal_region_in_place_with_htmx(table, night, seats):
    hand = start(table, night, seats, DRAW)
    enter(table, night, hand, seats[ANN], "As Ad Ah Kd 7h")
    enter(table, night, hand, seats[BOB], "Qs Qd 4h 3c 2d")
    to_showdown(table, night, hand)
    response = table.get(url("deal", night.pk) + "?helper=rank", HTTP_HX_REQUEST="true")
    page = text(response)
    assert page.lstrip().startswith('<section id="deal">')
    assert "High: 1. Ann; 2. Bob" in re.sub(r"<[^>]+>", "", page)
    # The poll keeps the ranking it swaps in.
    assert f"{url('deal_poll', night.pk)}?helper=rank" in page


# --- The money rule's tick inside its box ------------------------------------------------------


def test_a_showdown_rules_tick_and_its_words_sit_inside_the_box_not_on_its_border(
    table, night, seats
):
    ann, bob = (str(s.pk) for s in seats[:2])
    data = {"game": "pokino", "dealer": bob, "players": [ann, bob]}
    assert post(table, url("game_start", night.pk), data).status_code == 303
    hand = night.hands.get()
    to_showdown(table, night, hand)
    page = deal_page(table, night)
    firing = re.findall(r'<fieldset class="firing".*?</fieldset>', page, re.S)
    assert firing
    for box in firing:
        assert "<legend><input" not in box
        assert re.search(r'<div class="opt fire"><input type="checkbox"[^>]*name="fire"', box)
        labelled = re.search(r'aria-labelledby="(fire-label-[^"]+)"', box)
        assert labelled
        assert f'id="{labelled[1]}"' in box


# --- The wilds the helper plays ----------------------------------------------------------------


def test_queen_and_what_follows_shows_the_follower_the_helper_makes_wild(table, night, seats):
    """Up cards in the order dealt, round by round in seat order: Q♥ (Ann), 5♦ (Bob), 8♠ (Cat),
    2♣, 3♣, 4♦. The card after the latest face-up queen is the 5♦: fives are wild, with queens."""
    hand = start(table, night, seats, "queen-and-what-follows")
    enter(table, night, hand, seats[ANN], "As Ks Qh 2c 9d", up="Qh 2c")
    enter(table, night, hand, seats[BOB], "7s 7d 5d 3c 9h", up="5d 3c")
    enter(table, night, hand, seats[CAT], "Jc Tc 8s 4d 6h", up="8s 4d")
    to_showdown(table, night, hand)
    page = deal_page(table, night)
    wild = re.search(r'<p class="wild-now">(.*?)</p>', page, re.S)
    assert wild, "no wilds line"
    assert re.sub(r"<[^>]+>", "", wild[1]) == "Wild this hand: queens, fives"
    assert "none named yet" not in page


def test_before_a_queen_is_face_up_only_queens_are_wild(table, night, seats):
    hand = start(table, night, seats, "queen-and-what-follows")
    enter(table, night, hand, seats[ANN], "As Ks 2c", up="2c")
    to_showdown(table, night, hand)
    wild = re.search(r'<p class="wild-now">(.*?)</p>', deal_page(table, night), re.S)
    assert wild
    assert re.sub(r"<[^>]+>", "", wild[1]) == "Wild this hand: queens"


# --- Jokers only when the deck has them ----------------------------------------------------------


def test_the_grid_offers_no_jokers_when_the_jokers_option_is_off(table, night, seats):
    hand = start(table, night, seats, "trash-poker")
    to_showdown(table, night, hand)
    values = grid_values(deal_page(table, night), f"cards-form-{seats[ANN].pk}")
    assert "As" in values
    assert not [v for v in values if v.startswith("Jk")]


def test_the_grid_offers_two_jokers_with_the_jokers_option_on(table, night, seats):
    hand = start(table, night, seats, "trash-poker", options=["jokers"])
    to_showdown(table, night, hand)
    values = grid_values(deal_page(table, night), f"cards-form-{seats[ANN].pk}")
    assert [v for v in values if v.startswith("Jk")] == ["Jk1", "Jk2"]


# --- Hand names follow the game's ranking ------------------------------------------------------


def test_an_ace_played_low_is_never_named_ace_high(table, night, seats):
    """Indian Poker with aces low: Ann's ace is the worst card, Bob's deuce beats it."""
    hand = start(table, night, seats, "indian-poker", **{"setting-aces": "low"})
    to_showdown(table, night, hand)
    for seat, card in ((ANN, "As"), (BOB, "2d"), (CAT, "Kc")):
        assert enter(table, night, hand, seats[seat], card, up=card).status_code == 303
    page = re.sub(r"<[^>]+>", "", deal_page(table, night, "rank"))
    assert "Ace high" not in page
    assert "Ace low" in page
    assert "High: 1. Cat; 2. Bob; 3. Ann" in page


# --- Confirmations in words --------------------------------------------------------------------


def test_a_save_confirms_the_cards_in_words(table, night, seats):
    hand = start(table, night, seats, DRAW)
    to_showdown(table, night, hand)
    data = {"seat": str(seats[BOB].pk), "cards": "2d Th", "up": "Th"}
    response = post(
        table, url("hand_cards", night.pk, hand.pk), data | {"next": url("deal", night.pk)}
    )
    page = text(table.get(response["Location"]))
    assert "Cards for Bob: 2 of diamonds, 10 of hearts face up." in page
    assert "2d" not in re.sub(r"<[^>]+>|value=\"[^\"]*\"", "", page.split("Cards for Bob")[1][:80])


def test_a_score_booked_or_refused_names_the_rule_in_words_not_its_id(table, night, seats):
    """Pokino's "trick-redoubled" is told as its rule says it: "Tricks at four points"."""
    ann, bob = (str(s.pk) for s in seats[:2])
    data = {"game": "pokino", "dealer": bob, "players": [ann, bob]}
    assert post(table, url("game_start", night.pk), data).status_code == 303
    hand = night.hands.get()
    charge = url("hand_charge", night.pk, hand.pk)
    refused = post(table, charge, {"rule": "trick-redoubled", "role-winner": ann, "count": "0"})
    assert refused.status_code == 400
    assert "Say who scores “Tricks at four points”, and how many times." in text(refused)
    assert "trick-redoubled'" not in text(refused)
    booked = post(table, charge, {"rule": "trick-redoubled", "role-winner": ann, "count": "2"})
    assert booked.status_code == 303
    page = text(table.get(url("deal", night.pk)))
    assert "Ann: Tricks at four points ×2, +8 below the line" in page  # 2 tricks at 4 points
    assert "trick-redoubled." not in page


# --- No card entry where the game has no helper ------------------------------------------------


def test_a_phone_is_not_asked_for_its_cards_in_a_game_the_helper_does_not_rank(table, night, seats):
    from tests.ledger.test_showdown_helper_live import phone

    data = {"game": "put-and-take", "dealer": str(seats[CAT].pk), "players": [s.pk for s in seats]}
    data |= {f"agreed-{name}": "1" for name in _agreed(games.spec_of("put-and-take"))}
    assert post(table, url("game_start", night.pk), data).status_code == 303
    assert night.hands.get().game_slug == "put-and-take"
    ann = phone(seats[ANN])
    page = text(ann.get(url("night", night.pk)))
    assert 'id="your-cards-form"' not in page
    assert "for the showdown helper" not in page.lower()


def test_a_phone_is_asked_for_its_cards_in_a_game_the_helper_ranks(table, night, seats):
    from tests.ledger.test_showdown_helper_live import phone

    start(table, night, seats, DRAW)
    page = text(phone(seats[ANN]).get(url("night", night.pk)))
    assert 'id="your-cards-form"' in page
