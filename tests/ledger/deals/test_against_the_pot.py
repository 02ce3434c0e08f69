"""Acey Deucey and In Between: bets against the pot, deal after deal until the pot is won.

No cards are ranked in either game: each player in turn bets that the next
card falls strictly between two turned up, takes the bet from the pot on a
win and pays it in on a miss. The dealer books each bet at the step that
turns the card. Everyone starts with 40 chips at 0.05 a chip, so a nickel is
1 chip and a quarter 5; Dan deals first and the deal moves left each deal.
"""

from __future__ import annotations

import pytest

from ledger.models import Posting, Run
from ledger.services import games, hands
from tests.ledger.dealing import booking, forms
from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db

ACEY = "acey-deucey"
IN_BETWEEN = "in-between"


def bet(deal, won: bool, who, chips: int) -> None:
    """Book one Acey Deucey bet at the step that turns the card: won, or lost."""
    words = "The middle card lands strictly inside" if won else "The middle card lands outside"
    deal.press(words, **{"role-actor": str(who.pk), "bet": str(chips)})


def pot(deal) -> int:
    return hands.load(games.open_hand(deal.night)).pot


def now(page: str) -> str:
    """The step the dealer is on, as the page shows it."""
    return page.split('id="step-now"')[1].split("</div>")[0]


# Acey Deucey, from its rule page: everyone antes the amount the table agreed (here 2 chips)
# into an empty pot; for each player the dealer turns a left and a right card, the player
# bets from a nickel up to the whole pot that the middle card falls strictly between them;
# inside the gap the pot pays the bet, anything else (a matching rank too) pays the bet into
# the pot. The game ends when a player bets the whole pot and wins it.


def test_acey_deucey_until_a_player_bets_the_pot_and_wins(dealer, four):
    ann, bob, cat, dan = four
    page = start(dealer, ACEY, **{"agreed__the table's ante": "2"})
    assert "Next: Left and right" in page
    dealer.press("Book: Each player antes")
    # Antes: 2 each, 38 each; the pot 8.
    assert dealer.stacks(*four) == [38, 38, 38, 38]
    dealer.press("Next: Left and right")
    dealer.press("Next: Make your bet")
    # With neither option on, the bet step says nothing of a first trip round.
    assert "First trip round" not in now(dealer.page())
    dealer.press("Next: Turn the middle card")
    # The step shows each bet's range.
    assert "(a bet from 0.05 in money up to the whole pot)" in dealer.page()
    # The turns go round from Dan's left.
    bet(dealer, True, ann, 3)  # a 3 and a 9, a 6 in the middle: Ann 41, the pot 5
    bet(dealer, False, bob, 2)  # a 2 and a 5, a king: Bob 36, the pot 7
    bet(dealer, True, cat, 4)  # a 4 and a queen, an 8: Cat 42, the pot 3
    bet(dealer, False, dan, 1)  # a 7 and an 8, no gap; a nickel lost: Dan 37, the pot 4
    assert dealer.stacks(*four) == [41, 36, 42, 37]
    assert pot(dealer) == 4
    # A bet of nothing is refused, and nothing moves.
    booked = Posting.objects.filter(night=dealer.night).count()
    body = dealer.press(
        "The middle card lands outside the gap",
        expect=400,
        **{"role-actor": str(ann.pk), "bet": "0"},
    )
    assert "a bet is at least 0.05 in money (1 chip), not 0." in body
    # Nor may anyone bet more than the pot, 4.
    body = dealer.press(
        "The middle card lands strictly inside",
        expect=400,
        **{"role-actor": str(ann.pk), "bet": "5"},
    )
    assert "a bet is at most the whole pot (4 chips now), not 5." in body
    assert dealer.stacks(*four) == [41, 36, 42, 37]
    assert pot(dealer) == 4
    assert Posting.objects.filter(night=dealer.night).count() == booked
    dealer.press("End this deal: the pot rides")
    assert games.riding(dealer.night) == 4
    run = dealer.night.runs.get()
    assert run.status == Run.Status.OPEN

    # Deal 2, Ann deals: the pot is not empty, so nobody antes; the deal starts with the cards.
    dealer.press("Deal")
    page = dealer.page()
    assert "Next: Make your bet" in page
    assert not booking(forms(page), "Book: Each player antes")
    dealer.press("Next: Make your bet")
    dealer.press("Next: Turn the middle card")
    # Bob bets the whole pot, 4, and wins it: Bob 40, the pot empty; the game is over.
    bet(dealer, True, bob, 4)
    assert pot(dealer) == 0
    dealer.press("End this deal")
    # 41 + 40 + 42 + 37 = 160.
    assert dealer.stacks(*four) == [41, 40, 42, 37]
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED
    assert games.riding(dealer.night) == 0


def test_acey_deucey_with_an_ante_every_deal(dealer, four):
    """With "Every deal, on top of whatever the pot holds" the ante step comes back each deal."""
    ann, bob, cat, _dan = four
    start(dealer, ACEY, **{"agreed__the table's ante": "1", "setting__ante-when": "every-deal"})
    dealer.press("Book: Each player antes")  # 39 each; the pot 4
    dealer.press("Next: Left and right")
    dealer.press("Next: Make your bet")
    dealer.press("Next: Turn the middle card")
    bet(dealer, False, ann, 2)  # Ann 37, the pot 6
    bet(dealer, True, bob, 1)  # Bob 40, the pot 5
    dealer.press("End this deal: the pot rides")
    dealer.press("Deal")  # Ann deals
    dealer.press("Book: Each player antes")  # Ann 36, Bob 39, Cat 38, Dan 38; the pot 9
    dealer.press("Next: Left and right")
    dealer.press("Next: Make your bet")
    dealer.press("Next: Turn the middle card")
    bet(dealer, True, cat, 9)  # Cat bets the whole pot and wins: 38 + 9 = 47
    dealer.press("End this deal")
    # 36 + 39 + 47 + 38 = 160.
    assert dealer.stacks(*four) == [36, 39, 47, 38]
    assert dealer.night.runs.get().status == Run.Status.ENDED


def test_acey_deucey_palansky_and_escape_chance(dealer, four):
    """Palansky: a pair turned up is split into two bets, each won or lost on its own.
    Escape chance: a quarter (5 chips) into the pot for each card replaced in a dead spot.
    Both: no bet of the whole pot on the first trip round the table (each player's first turn
    of the game)."""
    ann, bob, cat, dan = four
    start(dealer, ACEY, options=["palansky", "escape-chance"], **{"agreed__the table's ante": "5"})
    dealer.press("Book: Each player antes")
    # Antes: 5 each, 35 each; the pot 20.
    dealer.press("Next: Left and right")
    dealer.press("Next: Escape a dead spot")
    # Ann turns a 9 and a 10, nothing between: she pays a quarter, twice, to replace a card:
    # Ann 35 - 10 = 25; the pot 20 + 10 = 30.
    dealer.press("Book: A quarter into the pot", **{"role-actor": str(ann.pk), "count": "2"})
    assert dealer.stacks(*four) == [25, 35, 35, 35]
    dealer.press("Next: Matching cards - split")
    # Bob turns two sevens: two bets, the left one won (3), the right one lost (2):
    # Bob 35 + 3 - 2 = 36; the pot 30 - 3 + 2 = 29.
    bet(dealer, True, bob, 3)
    # His second bet is still his first turn: the whole pot, now 27, is refused.
    body = dealer.press(
        "The middle card lands outside the gap",
        expect=400,
        **{"role-actor": str(bob.pk), "bet": "27"},
    )
    assert "so at most 26 chips, not 27." in body
    bet(dealer, False, bob, 2)
    assert dealer.stacks(*four) == [25, 36, 35, 35]
    dealer.press("Next: Make your bet")
    # The bet step says what the options forbid.
    assert "First trip round the table" in now(dealer.page())
    dealer.press("Next: Turn the middle card")
    bet(dealer, True, ann, 6)  # Ann, her dead spot escaped, wins 6: Ann 31, the pot 23
    bet(dealer, False, cat, 3)  # Cat 32, the pot 26
    # Dan's first turn: he may not bet the whole pot, 26; refused, and nothing moves.
    booked = Posting.objects.filter(night=dealer.night).count()
    body = dealer.press(
        "The middle card lands strictly inside",
        expect=400,
        **{"role-actor": str(dan.pk), "bet": "26"},
    )
    assert (
        "on a player's first turn of the game a bet must be less than the whole pot "
        "(26 chips now), so at most 25 chips, not 26." in body
    )
    assert dealer.stacks(*four) == [31, 36, 32, 35]
    assert pot(dealer) == 26
    assert Posting.objects.filter(night=dealer.night).count() == booked
    bet(dealer, True, dan, 25)  # one chip less is fine: Dan 60, the pot 1
    dealer.press("End this deal: the pot rides")
    assert games.riding(dealer.night) == 1

    # Deal 2, Ann deals: everyone has had a turn, so Bob, on his left, may bet the whole pot.
    dealer.press("Deal")
    dealer.press("Next: Escape a dead spot")
    dealer.press("Next: Matching cards - split")
    dealer.press("Next: Make your bet")
    dealer.press("Next: Turn the middle card")
    bet(dealer, True, bob, 1)  # Bob bets the whole pot, 1, and wins: Bob 37, the pot empty
    assert pot(dealer) == 0
    dealer.press("End this deal")
    # 31 + 37 + 32 + 60 = 160.
    assert dealer.stacks(*four) == [31, 37, 32, 60]
    assert dealer.night.runs.get().status == Run.Status.ENDED


# In Between, from its rule page: everyone antes (here 2 chips) into an empty pot ("Skip this
# step while the pot still holds chips"); each player bets against the pot that the third card
# lands strictly between two; with the default "maximum loss" a bet may be as big as the pot
# but a losing bet costs at most the dealer's maximum loss (here 5 chips). A misdealt ace wins
# the player the whole pot and the dealer refills it from their own money. By default a
# winning bet that empties the pot is followed by everyone anteing again, and play goes on
# until the table stops. "Twice the bet" when the third card matches one of the two.

IN_BETWEEN_AMOUNTS = {"agreed__the table's ante": "2", "agreed__the dealer's maximum loss": "5"}


def test_in_between_antes_again_when_a_winning_bet_empties_the_pot(dealer, four):
    ann, bob, cat, dan = four
    setup = dealer.client.get(f"/nights/{dealer.night.pk}/games/new/?game={IN_BETWEEN}")
    # The setup asks for the ante and the maximum loss; a bet is each player's own, not agreed.
    assert "the player's bet" not in setup.content.decode()
    start(dealer, IN_BETWEEN, **IN_BETWEEN_AMOUNTS)
    dealer.press("Book: Each player pays the table's ante")
    # Antes: 2 each, 38 each; the pot 8.
    dealer.press("Next: Deal two up")
    dealer.press("Next: Bet against the pot")
    dealer.press("Next: Turn the next card")
    win = "If the card lands between the two"
    lose = "If it does not, the player pays the bet"
    # The step shows each bet's range, the maximum loss as this table agreed it.
    assert (
        "(a bet from 1 chip up to the whole pot, at most the dealer's maximum loss: 5 chips)"
        in dealer.page()
    )
    dealer.press(win, **{"role-actor": str(ann.pk), "bet": "2"})  # Ann 40, the pot 6
    dealer.press(lose, **{"role-actor": str(bob.pk), "bet": "2"})  # Bob 36, the pot 8
    # Cat bets 7 (less than the pot, 8) and loses, but a losing bet costs at most 5:
    # Cat 33, the pot 13.
    dealer.press(lose, **{"role-actor": str(cat.pk), "bet": "7"})
    # Dan bets 14, more than the pot: refused, and nothing moves.
    booked = Posting.objects.filter(night=dealer.night).count()
    body = dealer.press(win, expect=400, **{"role-actor": str(dan.pk), "bet": "14"})
    assert "a bet is at most the whole pot (13 chips now), not 14." in body
    assert Posting.objects.filter(night=dealer.night).count() == booked
    dealer.press(win, **{"role-actor": str(dan.pk), "bet": "3"})  # Dan 41, the pot 10
    assert dealer.stacks(*four) == [40, 36, 33, 41]
    dealer.press("End this deal: the pot rides")
    assert games.riding(dealer.night) == 10

    # Deal 2, Ann deals: the pot holds chips, so there is no ante.
    dealer.press("Deal")
    page = dealer.page()
    assert "Seed the pot" not in page.split('id="step-now"')[1].split("</div>")[0]
    assert not booking(forms(page), "Book: Each player pays the table's ante")
    # Bob's first card is an ace and Ann deals the second before he calls it: a misdeal.
    # Bob wins the pot's 10 and Ann puts as much back from her own: Ann 30, Bob 46; the pot 10.
    dealer.press("Book: If the dealer deals the second card", **{"role-actor": str(bob.pk)})
    assert dealer.stacks(*four) == [30, 46, 33, 41]
    assert pot(dealer) == 10
    dealer.press("Next: Bet against the pot")
    dealer.press("Next: Turn the next card")
    # Cat bets the whole pot, 10, and wins: Cat 43, the pot empty.
    dealer.press(win, **{"role-actor": str(cat.pk), "bet": "10"})
    assert pot(dealer) == 0
    # The table plays on: everyone antes 2 again. Ann 28, Bob 44, Cat 41, Dan 39; the pot 8.
    dealer.press("Book: A winning bet emptied the pot")
    assert dealer.stacks(*four) == [28, 44, 41, 39]
    dealer.press("End this deal: the pot rides")
    run = dealer.night.runs.get()
    assert run.status == Run.Status.OPEN
    # The table agrees to stop: the host ends the game, the 8 split, 2 each.
    # 30 + 46 + 43 + 41 = 160.
    dealer.press("End the game", ending="split")
    assert dealer.stacks(*four) == [30, 46, 43, 41]
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED


def test_in_between_with_a_bet_cap_double_on_a_post_and_re_ante(dealer, four):
    ann, bob, cat, _dan = four
    start(
        dealer,
        IN_BETWEEN,
        **IN_BETWEEN_AMOUNTS,
        **{
            "setting__max-loss": "bet-cap",
            "setting__hit-post": "double",
            "setting__game-end": "re-ante",
        },
    )
    dealer.press("Book: Each player pays the table's ante")  # 38 each; the pot 8
    dealer.press("Next: Deal two up")
    dealer.press("Next: Bet against the pot")
    dealer.press("Next: Turn the next card")
    win = "If the card lands between the two"
    lose = "If it does not, the player pays the bet"
    double = "A third card that matches either of the two"
    # Ann bets 5 and the third card matches a post: the bet, then the bet again.
    dealer.press(lose, **{"role-actor": str(ann.pk), "bet": "5"})
    dealer.press(double, **{"role-actor": str(ann.pk), "bet": "5"})
    # Ann 38 - 10 = 28; the pot 18.
    # Bob bets 7: nobody may bet more than the maximum loss, 5; refused, and nothing moves.
    booked = Posting.objects.filter(night=dealer.night).count()
    body = dealer.press(win, expect=400, **{"role-actor": str(bob.pk), "bet": "7"})
    assert "at most the dealer's maximum loss or the whole pot (5 chips now), not 7." in body
    assert Posting.objects.filter(night=dealer.night).count() == booked
    assert dealer.stacks(*four) == [28, 38, 38, 38]
    # Bob bets 5 and wins: Bob 43, the pot 13.
    dealer.press(win, **{"role-actor": str(bob.pk), "bet": "5"})
    dealer.press(win, **{"role-actor": str(cat.pk), "bet": "5"})  # Cat 43, the pot 8
    assert dealer.stacks(*four) == [28, 43, 43, 38]
    dealer.press("End this deal: the pot rides")

    dealer.press("Deal")  # Ann deals
    dealer.press("Next: Bet against the pot")
    dealer.press("Next: Turn the next card")
    dealer.press(win, **{"role-actor": str(bob.pk), "bet": "5"})  # Bob 48, the pot 3
    dealer.press(win, **{"role-actor": str(cat.pk), "bet": "3"})  # Cat 46, the pot empty
    # The pot is empty and the table plays on: everyone antes 2 again. Ann 26, Bob 46,
    # Cat 44, Dan 36; the pot 8.
    dealer.press("Book: A winning bet emptied the pot")
    assert dealer.stacks(*four) == [26, 46, 44, 36]
    dealer.press("End this deal: the pot rides")
    run = dealer.night.runs.get()
    assert run.status == Run.Status.OPEN
    assert games.riding(dealer.night) == 8
    # The table agrees to stop: the host ends the game, the 8 split among those still in:
    # 2 each. 28 + 48 + 46 + 38 = 160.
    dealer.press("End the game", ending="split")
    assert dealer.stacks(*four) == [28, 48, 46, 38]
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED
