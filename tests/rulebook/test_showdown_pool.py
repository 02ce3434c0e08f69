"""A showdown whose hands pool the neighbours' face-up cards (`showdown.pool`).

Contact Hold'em's real rule file: each player makes the best five of their
own four cards (two down, two up) and the two up cards of the player on each
side. The hands are entered in the order the players sit, round the table.
Every ranking below is worked out by hand from the cards written beside it.

The table, in seat order (Dee sits on Ann's other side):

    Ann  down A♠ A♥  up K♦ 7♣
    Bob  down 2♣ 3♦  up K♠ 9♥
    Cy   down 8♣ 8♦  up 4♠ 8♥
    Dee  down J♣ 10♣ up K♥ 5♦
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape
from rest_framework.test import APIClient

from rulebook.showdown.evaluation import ShowdownError, evaluate
from tests.rulebook.showdown_hands import game, hold

CONTACT = "contact-holdem"
SEATS = {
    "Ann": ("As Ah Kd 7c", "Kd 7c"),
    "Bob": ("2c 3d Ks 9h", "Ks 9h"),
    "Cy": ("8c 8d 4s 8h", "4s 8h"),
    "Dee": ("Jc Tc Kh 5d", "Kh 5d"),
}


def seated(*folded: str) -> dict:
    """Every seat in order; a folded one is entered with its up cards only, marked folded."""
    hands = {}
    for name, (cards, up) in SEATS.items():
        if name in folded:
            hands[name] = hold(up, up, folded=True)
        else:
            hands[name] = hold(cards, up)
    return hands


@pytest.mark.pure
def test_each_hand_borrows_the_up_cards_of_the_player_on_either_side():
    # Ann: A♠ A♥ K♦ 7♣ + Bob's K♠ 9♥ + Dee's K♥ 5♦ -> kings full of aces.
    # Bob: 2♣ 3♦ K♠ 9♥ + Ann's K♦ 7♣ + Cy's 4♠ 8♥ -> a pair of kings, 9 8 7.
    # Cy:  8♣ 8♦ 4♠ 8♥ + Bob's K♠ 9♥ + Dee's K♥ 5♦ -> eights full of kings.
    # Dee: J♣ 10♣ K♥ 5♦ + Cy's 4♠ 8♥ + Ann's K♦ 7♣ -> a pair of kings, J 10 8.
    # Ann's K♦ plays in Bob's hand and in Dee's: neighbours share cards.
    result = evaluate(game(CONTACT), seated())
    assert result.tiers("high") == (("Ann",), ("Cy",), ("Dee",), ("Bob",))
    assert result.hands["Ann"].high.cls == "full_house"
    assert result.hands["Cy"].high.cls == "full_house"
    assert result.hands["Bob"].high.cls == "pair"
    assert {c.code for c in result.hands["Dee"].high.best} == {"Kh", "Kd", "Jc", "Tc", "8h"}


@pytest.mark.pure
def test_a_folded_player_s_up_cards_still_count_for_the_players_beside_them():
    # Bob folds; with Fold blood off his K♠ 9♥ still sit between Ann and Cy.
    # Ann keeps kings full of aces, Cy eights full of kings; Bob is not ranked.
    result = evaluate(game(CONTACT), seated("Bob"))
    assert result.tiers("high") == (("Ann",), ("Cy",), ("Dee",))
    assert "Bob" not in result.hands
    assert result.hands["Ann"].high.cls == "full_house"


@pytest.mark.pure
def test_with_fold_blood_a_folded_seat_is_passed_over_for_the_next_player_in():
    # Bob folds and his up cards are dead: Ann's neighbours are now Cy and Dee.
    # Ann: A♠ A♥ K♦ 7♣ + Cy's 4♠ 8♥ + Dee's K♥ 5♦ -> two pair, aces and kings.
    # Cy:  8♣ 8♦ 4♠ 8♥ + Ann's K♦ 7♣ + Dee's K♥ 5♦ -> eights full of kings.
    # Dee: J♣ 10♣ K♥ 5♦ + Cy's 4♠ 8♥ + Ann's K♦ 7♣ -> a pair of kings.
    result = evaluate(game(CONTACT), seated("Bob"), options=["fold-blood"])
    assert result.tiers("high") == (("Cy",), ("Ann",), ("Dee",))
    assert result.hands["Ann"].high.cls == "two_pair"


@pytest.mark.pure
def test_heads_up_under_fold_blood_each_player_has_one_neighbour_and_six_cards():
    # Bob and Dee fold. Ann's only neighbour is Cy and Cy's only one is Ann.
    # Ann: A♠ A♥ K♦ 7♣ + 4♠ 8♥ -> a pair of aces. Cy: 8♣ 8♦ 4♠ 8♥ + K♦ 7♣ -> three eights.
    # Without the rule, both still borrow Bob's K♠ 9♥ and Dee's K♥ 5♦:
    # Ann has kings full of aces, Cy eights full of kings, and Ann wins instead.
    hands = seated("Bob", "Dee")
    blood = evaluate(game(CONTACT), hands, options=["fold-blood"])
    assert blood.tiers("high") == (("Cy",), ("Ann",))
    assert blood.hands["Ann"].high.cls == "pair"
    assert blood.hands["Cy"].high.cls == "three_of_a_kind"
    plain = evaluate(game(CONTACT), hands)
    assert plain.tiers("high") == (("Ann",), ("Cy",))


@pytest.mark.pure
def test_with_no_up_cards_marked_a_four_card_hand_is_refused_and_told_what_to_mark():
    hands = {"Ann": hold("As Ah Kd 7c"), "Bob": hold("2c 3d Ks 9h")}
    with pytest.raises(ShowdownError, match="Ann has 4 cards with their neighbours' face-up"):
        evaluate(game(CONTACT), hands)


@pytest.mark.pure
def test_a_folded_seat_in_a_game_that_pools_nothing_is_refused():
    hands = {"Ann": hold("As Ad Kc Kd 7h"), "Bob": hold("Qs Qh", "Qs Qh", folded=True)}
    with pytest.raises(ShowdownError, match="a folded player's cards count for nobody"):
        evaluate(game("five-card-draw"), hands)


@pytest.mark.pure
def test_nobody_still_in_is_refused():
    with pytest.raises(ShowdownError, match="at least one player still in"):
        evaluate(game(CONTACT), {"Bob": hold("Ks 9h", "Ks 9h", folded=True)})


# --- the API and the page ---------------------------------------------------------------------


def body(*folded: str, **more) -> dict:
    hands = {}
    for name, (cards, up) in SEATS.items():
        if name in folded:
            hands[name] = {"cards": up, "extra": {"folded": True}}
        else:
            hands[name] = {"cards": cards, "up": up}
    return {"game": CONTACT, "hands": hands, **more}


def post(data):
    return APIClient(REMOTE_ADDR="10.1.2.4").post("/api/showdown/", data, format="json")


@pytest.mark.django_db
def test_the_api_ranks_contact_holdem_from_the_seats_in_order():
    response = post(body())
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["high"] == [["Ann"], ["Cy"], ["Dee"], ["Bob"]]
    assert answer["hands"]["Ann"]["name"] == "Full house, kings over aces"
    assert sorted(answer["hands"]["Ann"]["best"]) == sorted(["Ks", "Kd", "Kh", "As", "Ah"])


@pytest.mark.django_db
def test_the_api_takes_a_folded_seat_and_the_fold_blood_option():
    # A folded seat with no `up` lends every card it was entered with.
    kept = post(body("Bob")).json()
    assert kept["high"] == [["Ann"], ["Cy"], ["Dee"]]
    dead = post(body("Bob", options=["fold-blood"])).json()
    assert dead["high"] == [["Cy"], ["Ann"], ["Dee"]]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "words", "field"),
    [
        (
            {"game": CONTACT, "hands": {"Ann": {"cards": "As Ah Kd 7c"}}},
            "Ann has 4 cards with their neighbours' face-up cards",
            None,
        ),
        (
            {"game": CONTACT, "hands": {"Ann": {"cards": "As", "extra": {"folded": "yes"}}}},
            "Whether Ann folded must be true or false",
            "hands.Ann.extra.folded",
        ),
        (
            {
                "game": "five-card-draw",
                "hands": {
                    "Ann": {"cards": "As Ad Kc Kd 7h"},
                    "Bob": {"cards": "Qs", "extra": {"folded": True}},
                },
            },
            "a folded player's cards count for nobody here; leave out Bob",
            None,
        ),
    ],
    ids=["no up cards marked", "folded not true or false", "folded seat where nothing pools"],
)
def test_bad_pooled_requests_are_refused_with_the_reason(data, words, field):
    response = post(data)
    assert response.status_code == 400
    refusal = response.json()
    assert words in refusal["detail"]
    assert refusal["fields"] == ({field: [refusal["detail"]]} if field else {})


@pytest.mark.django_db
def test_the_who_wins_page_asks_who_folded_and_ranks_the_same(client: Client):
    url = f"/rules/{CONTACT}/who-wins/"
    empty = client.get(url).content.decode()
    assert 'name="p0-folded"' in empty
    assert "in the order they sit" in empty
    assert 'name="p0-folded"' not in client.get("/rules/five-card-draw/who-wins/").content.decode()
    data: dict = {"players": 4, "show": "1", "opt": ["fold-blood"]}
    for i, (name, (cards, up)) in enumerate(SEATS.items()):
        data |= {f"p{i}-name": name, f"p{i}-cards": cards, f"p{i}-up": up}
    data["p1-folded"] = "1"
    response = client.post(url, data)
    assert response.status_code == 200
    text = response.content.decode()
    assert "First:</strong> Cy" in text
    assert escape("Full house, eights over kings") in text
