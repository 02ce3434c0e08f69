"""Whiskey Poker: the best hand takes the pot and the lowest hand pays a forfeit, one deal each.

From the rule page: everyone antes the table's ante (here 1 chip); five
cards each and a widow; trade with the widow until someone knocks, one more
turn each, then everyone shows. The best hand takes the pot; the lowest hand
pays the forfeit set before the game (here 3 chips). "Who receives the
lowest hand's forfeit?" The winner of the hand (default), or the pot for the
next deal. "Two or more hands tie for lowest": each pays the full forfeit
(default), or they share one forfeit (one sum split in whole chips, the odd
chip first from the dealer's left, as the money rules say). No betting,
unless the table plays "Betting before the showdown": one round before
anybody shows, opened on the dealer's left. Everyone starts with 40 chips;
Dan deals, so Ann sits on his left.
"""

from __future__ import annotations

import pytest

from ledger.models import Run
from ledger.services import games, hands
from tests.ledger.deals.conftest import start
from tests.ledger.deals.seats import bets, enter_all

pytestmark = pytest.mark.django_db

GAME = "whiskey-poker"
AMOUNTS = {"agreed__the table's ante": "1", "agreed__the forfeit set before the game": "3"}


def to_the_showdown(deal) -> None:
    deal.press("Book: Each player antes")
    deal.press("Next: Deal hands and the widow")
    deal.press("Next: Who takes the widow?")
    deal.press("Next: Trade with the widow")
    deal.press("Next: After a knock")


def book_the_fill(deal, cards: dict[str, str], four, *, fire: str, lowest: list, best) -> None:
    """The hands shown entered by the host, the helper's fill checked, and booked as given."""
    deal.press("Next: Showdown")
    enter_all(deal, cards, four)
    page = deal.page("?helper=fill")
    sent = deal.form("Book the showdown", page).data()
    assert sent["fire"] == [fire]
    assert sent[f"{fire}:role-lowest_hand"] == [str(s.pk) for s in lowest]
    assert sent["win-0"] == [str(best.pk)]
    deal.press("Book the showdown", page=page)


def test_the_best_hand_takes_the_pot_and_the_lowest_pays_the_winner(dealer, four):
    _ann, _bob, cat, dan = four
    start(dealer, GAME, **AMOUNTS)
    to_the_showdown(dealer)
    # Antes: 1 each, the pot 4.
    assert dealer.stacks(*four) == [39, 39, 39, 39]
    cards = {
        "Ann": "Ah Ad 8c 8s 3d",  # two pair
        "Bob": "Jh Jc 9d 6s 2c",  # a pair of jacks
        "Cat": "7h 7d 7c Ks 4h",  # three sevens: the best hand
        "Dan": "Kh Qd 9c 5s 4d",  # king high: the lowest hand
    }
    book_the_fill(dealer, cards, four, fire="forfeit", lowest=[dan], best=cat)
    # Dan pays Cat the forfeit: Dan 39 - 3 = 36; Cat 39 + 3 + the pot of 4 = 46.
    # 39 + 39 + 46 + 36 = 160.
    assert dealer.stacks(*four) == [39, 39, 46, 36]
    assert dealer.night.runs.get().status == Run.Status.ENDED


def test_two_tied_lowest_hands_each_pay_the_full_forfeit(dealer, four):
    ann, bob, _cat, dan = four
    start(dealer, GAME, **AMOUNTS)
    to_the_showdown(dealer)
    cards = {
        "Ann": "Qh Qd 8c 6s 3d",  # queens: the best hand
        "Bob": "Kc Jc 9h 5d 4s",  # king high
        "Cat": "Th Td 7c 6h 2h",  # tens
        "Dan": "Kh Jd 9c 5s 4d",  # king high, the same ranks as Bob's: tied lowest
    }
    book_the_fill(dealer, cards, four, fire="forfeit", lowest=[bob, dan], best=ann)
    # Bob and Dan each pay Ann 3: 39 - 3 = 36 each; Ann 39 + 6 + the pot of 4 = 49.
    # 49 + 36 + 39 + 36 = 160.
    assert dealer.stacks(*four) == [49, 36, 39, 36]


def test_a_shared_forfeit_into_the_next_pot_rides_into_the_next_deal(dealer, four):
    _ann, bob, cat, dan = four
    choices = {"setting__forfeit-to": "next-pot", "setting__forfeit-tie": "share"}
    start(dealer, GAME, **AMOUNTS, **choices)
    to_the_showdown(dealer)
    cards = {
        "Ann": "Ah Ad 8c 8s 3d",
        "Bob": "Kc Qc 9h 5d 4s",  # king high
        "Cat": "7h 7d 7c Ks 4h",  # three sevens: the best hand
        "Dan": "Kh Qd 9c 5s 4d",  # king high: tied lowest with Bob
    }
    book_the_fill(dealer, cards, four, fire="forfeit-shared-next-pot", lowest=[bob, dan], best=cat)
    # Bob and Dan share one forfeit of 3: 2 and 1, the odd chip first from Dan's left (Bob):
    # Bob 39 - 2 = 37, Dan 39 - 1 = 38; Cat takes the pot of 4: 43. The 3 wait for the next deal.
    assert dealer.stacks(*four) == [39, 37, 43, 38]
    assert games.riding(dealer.night) == 3
    assert "Pot rides: 3" in dealer.page()
    # The next deal (Whiskey Poker again, Ann dealing) starts with those 3 in its pot.
    start(dealer, GAME, dealer="Ann", **AMOUNTS)
    dealer.press("Book: Each player antes")
    # The pot: 3 + 4 antes = 7; everyone 1 down.
    assert dealer.stacks(*four) == [38, 36, 42, 37]
    assert hands.load(games.open_hand(dealer.night)).pot == 7


def test_betting_before_the_showdown(dealer, four):
    ann, _bob, _cat, dan = four
    start(dealer, GAME, **AMOUNTS, options=["final-bet"])
    to_the_showdown(dealer)
    dealer.press("Next: Before the showdown")
    dealer.press("Open Before the showdown")
    # Ann, on the dealer's left, bets 2; Bob folds; Cat and Dan call.
    bets(dealer, "Bet 2", "Fold", "Call 2", "Call 2")
    # Antes 1 and bets 2: Ann, Cat, Dan 40 - 3 = 37; Bob 39. The pot 4 + 6 = 10.
    assert dealer.stacks(*four) == [37, 39, 37, 37]
    cards = {
        "Ann": "Ah Ad 8c 8s 3d",  # two pair: the best hand
        "Cat": "7h 7d Qc Ks 4h",  # sevens
        "Dan": "Kh Qd 9c 5s 4d",  # king high: the lowest hand of those who showed
    }
    book_the_fill(dealer, cards, four, fire="forfeit", lowest=[dan], best=ann)
    # Dan pays Ann 3: Dan 34; Ann 37 + 3 + the pot of 10 = 50. 50 + 39 + 37 + 34 = 160.
    assert dealer.stacks(*four) == [50, 39, 37, 34]
