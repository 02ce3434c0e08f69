"""Two-card Guts (the Other Crap list's), played over several deals through dealer mode.

From the rule page: the first deal of a game is anted (here 1 chip each),
later deals play for the matches (unless the table antes every deal). Two
cards face down; everyone shows a closed fist at once, a chip in it to stay.
A lone stayer takes the pot and the game is over; nobody staying leaves the
pot for the next dealer (with everyone anteing again, if the table says so).
The stayers show: a pair beats two unpaired cards, no straights or flushes;
the best hand takes the pot and every other stayer pays the pot's size into
the next one. Stayers tied for best share it (or, by the setting, win
nothing: the pot rides and they match too). The chip in the fist is a signal
or, by the setting, paid in. Beat the deck: a lone stayer must beat the next
two cards off the deck or match the pot. Limit match: no match above the
agreed limit. Everyone starts with 40 chips; Dan deals first.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import buttons, enter, journal, name, rides, showdown_fill

pytestmark = pytest.mark.django_db

ANTE = {"agreed__the table's ante": "1"}
CHIP = "Book: Every player who opens a hand with a chip in it drops that chip"


def fists(deal, drops: list[str]) -> None:
    """Deal two and open the fists: who dropped out."""
    if "Next: Deal two →" in buttons(deal.page()):
        deal.press("Next: Deal two")
    deal.press("Next: Chip or no chip")
    name(deal, "Who drops out", *drops)


def test_matches_ride_until_one_player_stays_alone(dealer, four):
    ann, bob, cat, _dan = four
    start(dealer, "guts-two-card", **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    # Deal 1: antes 1 (pot 4, each 39); every fist is empty.
    fists(dealer, drops=["Ann", "Bob", "Cat", "Dan"])
    page = dealer.page()
    assert "<h2>Nobody stayed in</h2>" in page
    assert buttons(page) == ["End the deal: the pot rides to the next deal", "← Back a step"]
    dealer.press("End the deal: the pot rides to the next deal")
    assert journal(dealer.page())[0] == "Hand 1 Nobody stayed in: 4 rides to the next deal"
    assert rides(dealer) == 4

    # Deal 2: the 4 ride in. Ann, Bob and Cat stay; Dan drops. Bob's pair wins.
    dealer.press("Deal")
    fists(dealer, drops=["Dan"])
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Kd")
    enter(dealer, bob, "4h 4d")
    enter(dealer, cat, "Jh 8c")
    page, sent = showdown_fill(dealer)
    # Who lost: the two stayers Bob beat, never Dan who dropped.
    assert sent["fire"] == ["match"]
    assert set(sent["match:role-losers"]) == {str(ann.pk), str(cat.pk)}
    assert sent["win-0"] == [str(bob.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann and Cat each match the pot of 4: 35. Bob takes 4: 43. 8 ride.
    assert dealer.stacks(*four) == [35, 43, 35, 39]
    assert rides(dealer) == 8

    # Deal 3: Ann and Cat tie at king-nine; Bob stays with king-five.
    dealer.press("Deal")
    fists(dealer, drops=["Dan"])
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Kh 9d")
    enter(dealer, cat, "Kc 9s")
    enter(dealer, bob, "Kd 5c")
    page, sent = showdown_fill(dealer)
    # Tied for best: they share the pot (the default); Bob, the other stayer, matches.
    assert sent["fire"] == ["match"]
    assert sent["match:role-losers"] == [str(bob.pk)]
    assert set(sent["win-0"]) == {str(ann.pk), str(cat.pk)}
    dealer.press("Book the showdown", page=page)
    # 8 split: Ann 39, Cat 39. Bob matches 8: 35. 8 ride.
    assert dealer.stacks(*four) == [39, 35, 39, 39]
    assert rides(dealer) == 8

    # Deal 4: only Bob stays: he takes the pot, and the game is over.
    dealer.press("Deal")
    fists(dealer, drops=["Ann", "Cat", "Dan"])
    assert buttons(dealer.page()) == ["Give the pot to Bob", "← Back a step"]
    dealer.press("Give the pot to Bob")
    # 39 + 43 + 39 + 39 = 160.
    assert dealer.stacks(*four) == [39, 43, 39, 39]
    assert rides(dealer) == 0
    assert "Choose a game" in dealer.page()


def test_antes_every_deal_a_paid_chip_and_a_tie_that_nobody_wins(dealer, four):
    ann, bob, cat, _dan = four
    start(
        dealer,
        "guts-two-card",
        **{
            "setting__ante-each-deal": "every-deal",
            "setting__nobody-stays": "redeal-ante",
            "setting__tie-best": "no-winner",
            "setting__declare-coin": "into-pot",
        },
        **ANTE,
    )
    dealer.press("Book: Each player antes every deal")
    # Deal 1: antes 1 (pot 4, each 39). Nobody stays: everyone antes again for the redeal.
    fists(dealer, drops=["Ann", "Bob", "Cat", "Dan"])
    dealer.press("Book: Nobody stayed")
    dealer.press("End the deal: the pot rides to the next deal")
    # 4 + 4 = 8 ride; each 38.
    assert dealer.stacks(*four) == [38, 38, 38, 38]
    assert rides(dealer) == 8

    # Deal 2: the 8 ride in, and everyone antes 1: pot 12, each 37.
    dealer.press("Deal")
    dealer.press("Book: Each player antes every deal")
    # Ann, Bob and Cat stay, each dropping the chip from the fist in: pot 15, each 36.
    fists(dealer, drops=["Dan"])
    dealer.press(CHIP)
    assert dealer.stacks(*four) == [36, 36, 36, 37]
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Kd")
    enter(dealer, bob, "Ac Kh")
    enter(dealer, cat, "Qh Jd")
    page, sent = showdown_fill(dealer)
    # Ann and Bob tie for best: nobody wins, the pot rides, and every stayer matches.
    assert sent["fire"] == ["match", "tie-carry"]
    assert set(sent["match:role-losers"]) == {str(ann.pk), str(bob.pk), str(cat.pk)}
    assert sent["nobody"] == ["1"]
    assert "win-0" not in sent
    dealer.press("Book the showdown", page=page)
    # Each matches the pot of 15: 36 - 15 = 21; the 15 ride with the 45 matched: 60.
    # 21 + 21 + 21 + 37 + 60 = 160.
    assert dealer.stacks(*four) == [21, 21, 21, 37]
    assert rides(dealer) == 60

    # Deal 3: antes 1 (pot 64: 20, 20, 20, 36). Only Dan stays and takes it.
    dealer.press("Deal")
    dealer.press("Book: Each player antes every deal")
    fists(dealer, drops=["Ann", "Bob", "Cat"])
    dealer.press("Give the pot to Dan")
    # 36 + 64 = 100. 20 + 20 + 20 + 100 = 160.
    assert dealer.stacks(*four) == [20, 20, 20, 100]
    assert rides(dealer) == 0


def test_a_lone_stayer_must_beat_the_deck_and_matches_are_capped(dealer, four):
    ann, bob, cat, _dan = four
    start(
        dealer,
        "guts-two-card",
        options=["beat-the-deck", "limit-match"],
        **{"agreed__the match limit": "5"},
        **ANTE,
    )
    dealer.press("Book: Each player pays the table's ante")
    # Deal 1: antes 1 (pot 4, each 39). Only Ann stays: she faces the deck first.
    fists(dealer, drops=["Bob", "Cat", "Dan"])
    assert buttons(dealer.page()) == ["Next: Beat the deck →", "← Back a step"]
    dealer.press("Next: Beat the deck")
    # The deck's two cards beat her: she matches the pot, 4 (35), and it rides doubled.
    dealer.press("Book: A lone stayer beaten by the two deck cards pays the size of the pot")
    name(dealer, "Who lost to the deck", "Ann")
    dealer.press("End the deal: the pot rides to the next deal")
    assert dealer.stacks(*four) == [35, 39, 39, 39]
    assert rides(dealer) == 8

    # Deal 2: Ann, Bob and Cat stay; Bob's pair takes the 8. The match is capped at 5.
    dealer.press("Deal")
    fists(dealer, drops=["Dan"])
    # Three stayed: no deck to beat.
    assert "Next: Show and settle →" in buttons(dealer.page())
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Qd")
    enter(dealer, bob, "9h 9d")
    enter(dealer, cat, "Kh Jc")
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["capped-match"]
    assert set(sent["capped-match:role-losers"]) == {str(ann.pk), str(cat.pk)}
    dealer.press("Book the showdown", page=page)
    # Ann and Cat pay 5, not 8: 30 and 34. Bob takes 8: 47. 10 ride.
    assert dealer.stacks(*four) == [30, 47, 34, 39]
    assert rides(dealer) == 10

    # Deal 3: only Cat stays, and the deck does not beat her: the pot is hers.
    dealer.press("Deal")
    fists(dealer, drops=["Ann", "Bob", "Dan"])
    dealer.press("Next: Beat the deck")
    name(dealer, "Who lost to the deck")
    dealer.press("Give the pot to Cat")
    # 34 + 10 = 44. 30 + 47 + 44 + 39 = 160.
    assert dealer.stacks(*four) == [30, 47, 44, 39]
    assert rides(dealer) == 0


@pytest.mark.parametrize(
    ("bids", "bidders", "after_match", "riding"),
    [
        # The stayers bid after the fists; the bid of 2 goes into this pot (6): Bob matches
        # 6 (33), Ann takes 6: 39 - 2 + 6 = 43. 6 ride.
        ("pot", "stayers", [43, 33, 39, 39], 6),
        # Everyone may bid before the fists; the bid goes into the next pot: the pot stays
        # 4, Bob matches 4 (35), Ann takes 4: 39 - 2 + 4 = 41. 4 + 2 = 6 ride.
        ("next-pot", "everyone", [41, 35, 39, 39], 6),
    ],
)
def test_auction_guts_bids_for_the_mystery_hand(dealer, four, bids, bidders, after_match, riding):
    ann, bob, _cat, _dan = four
    chosen = {"setting__auction-bids": bids, "setting__auction-bidders": bidders}
    start(dealer, "guts-two-card", options=["auction"], **chosen, **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    dealer.press("Next: Deal two")
    dealer.press("Next: Mystery hand")
    if bidders == "everyone":
        dealer.press("Next: Auction the mystery hand")
        dealer.press("Book: The winning bidder pays their bid", role__actor=ann.pk, bet=2)
    dealer.press("Next: Chip or no chip")
    name(dealer, "Who drops out", "Cat", "Dan")
    if bidders == "stayers":
        # Ann and Bob stay; Ann bids 2 for the mystery hand.
        dealer.press("Next: Auction the mystery hand")
        dealer.press("Book: The winning bidder pays their bid", role__actor=ann.pk, bet=2)
    assert dealer.stacks(*four) == [37, 39, 39, 39]
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Qh Qd")  # the mystery hand she bought
    enter(dealer, bob, "Kh 9d")
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["match"]
    dealer.press("Book the showdown", page=page)
    assert dealer.stacks(*four) == after_match
    assert rides(dealer) == riding
    dealer.press("Deal")
    dealer.press("Next: Mystery hand")
    if bidders == "everyone":
        dealer.press("Next: Auction the mystery hand")
    dealer.press("Next: Chip or no chip")
    name(dealer, "Who drops out", "Ann", "Cat", "Dan")
    dealer.press("Give the pot to Bob")
    # Bob takes the 6: 43 + 39 + 39 + 39 = 160, or 41 + 41 + 39 + 39 = 160.
    assert dealer.stacks(*four) == [after_match[0], after_match[1] + 6, 39, 39]
