"""Put and Take: the dealer is the bank, holds no cards, and is never asked for a match count.

From the rule page: no ante. Four cards face up to every player except the
dealer, who gets none. The dealer turns four put cards: for each card of
that rank in your four you pay 5 cents, then 10, a quarter, fifty cents into
the pot; then four take cards: for each match you take fifty cents, a
quarter, 10, then 5 cents from the pot, and the dealer pays whatever the pot
is short. What is left in the pot after the last take card is the dealer's.
A chip is 0.05, so 5 cents is 1 chip, 10 cents 2, a quarter 5 and fifty
cents 10. Everyone starts with 40 chips; the deal, and the bank, move left.
"""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from ledger.services import games, hands
from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db

GAME = "put-and-take"
# Each card the dealer turns: its step, and the words of its money rule's button.
CARDS = [
    ("Put first card", "On the first put card"),
    ("Put second card", "On the second put card"),
    ("Put third card", "On the third put card"),
    ("Put fourth card", "On the fourth put card"),
    ("Take first card", "On the first take card"),
    ("Take second card", "On the second take card"),
    ("Take third card", "On the third take card"),
    ("Take fourth card", "On the fourth take card"),
]


def turn(deal, card: int, matches: dict) -> None:
    """The dealer turns the card (1 to 8) and books each player's matching cards, if any."""
    step, words = CARDS[card - 1]
    deal.press(f"Next: {step}")
    if matches:
        deal.press(words, **{f"count-{seat.pk}": str(n) for seat, n in matches.items()})


def test_the_dealer_banks_two_deals_covering_one_and_keeping_the_rest(dealer, four, host):
    ann, bob, cat, dan = four
    setup = dealer.client.get(f"/nights/{dealer.night.pk}/games/new/?game={GAME}")
    assert "The dealer is the bank and is dealt no cards" in setup.content.decode()
    # Everyone is ticked on the setup page; Dan deals and banks, so he is dealt no cards.
    start(dealer, GAME)
    hand = games.open_hand(dealer.night)
    assert hand.seat_order == [ann.pk, bob.pk, cat.pk]
    dealer.press("Next: Deal four up")
    # Put round. First card, 1 chip a match: Ann holds one. Ann 39; the pot 1.
    turn(dealer, 1, {ann: 1})
    # Each player's match count is asked; the dealer's is not.
    page = dealer.page()
    asked = [name for name in dealer.form(CARDS[0][1], page).data() if name.startswith("count-")]
    assert asked == [f"count-{ann.pk}", f"count-{bob.pk}", f"count-{cat.pk}"]
    assert f"count-{dan.pk}" not in page
    turn(dealer, 2, {bob: 2, cat: 1})  # 2 a match: Bob 36, Cat 38; the pot 7
    turn(dealer, 3, {})  # 5 a match: nobody holds one
    turn(dealer, 4, {cat: 1})  # 10 a match: Cat 28; the pot 17
    assert dealer.stacks(*four) == [39, 36, 28, 40]

    # Through the API, a match count for the dealer, who holds no cards, is refused: nothing moves.
    api = APIClient()
    api.force_login(host)
    response = api.post(
        f"/api/nights/{dealer.night.pk}/hands/{hand.number}/charges/",
        {"rule": "put-4", "counts": {str(dan.pk): 1}},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert response.status_code == 400, response.json()
    assert "not dealt in" in response.json()["detail"]
    assert dealer.stacks(*four) == [39, 36, 28, 40]

    # Take round. First card, 10 a match: Ann one. Ann 49; the pot 7.
    turn(dealer, 5, {ann: 1})
    # Second, 5 a match: Bob two, 10 chips; the pot pays its 7 and Dan covers 3.
    turn(dealer, 6, {bob: 2})
    assert dealer.stacks(*four) == [49, 46, 28, 37]
    # Third, 2 a match: Cat one; the pot is empty, Dan pays both. Cat 30, Dan 35.
    turn(dealer, 7, {cat: 1})
    # Fourth, 1 a match: Ann one, Bob one; Dan pays both. Ann 50, Bob 47, Dan 33.
    turn(dealer, 8, {ann: 1, bob: 1})
    dealer.press("Next: Dealer settles")
    assert hands.load(games.open_hand(dealer.night)).pot == 0
    dealer.press("End this deal")
    # 50 + 47 + 30 + 33 = 160.
    assert dealer.stacks(*four) == [50, 47, 30, 33]

    # The next deal: Ann deals and banks; Bob, Cat and Dan hold cards.
    start(dealer, GAME, dealer="Ann")
    assert games.open_hand(dealer.night).seat_order == [bob.pk, cat.pk, dan.pk]
    dealer.press("Next: Deal four up")
    turn(dealer, 1, {bob: 1})  # Bob 46; the pot 1
    turn(dealer, 2, {dan: 1})  # Dan 31; the pot 3
    turn(dealer, 3, {cat: 2})  # Cat 20; the pot 13
    turn(dealer, 4, {bob: 1})  # Bob 36; the pot 23
    turn(dealer, 5, {})  # nobody matches
    turn(dealer, 6, {dan: 1})  # Dan 36; the pot 18
    turn(dealer, 7, {cat: 1})  # Cat 22; the pot 16
    turn(dealer, 8, {bob: 2})  # Bob 38; the pot 14
    dealer.press("Next: Dealer settles")
    # Ann keeps what is left: 50 + 14 = 64.
    dealer.press("Book: Anything left in the pot after the last take card goes to the dealer")
    dealer.press("End this deal")
    # 64 + 38 + 22 + 36 = 160.
    assert dealer.stacks(*four) == [64, 38, 22, 36]
