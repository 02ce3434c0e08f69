"""Guts (three cards, the house wiki's), played over several deals through dealer mode.

From the rule page: a new game antes the table's amount into an empty pot
(here 1 chip), and no one antes while a pot rides. Three cards each; from
the dealer's left each player says "guts" or passes, and once someone says
guts, everyone else may challenge. Nobody says guts: the pot stays and the
deal is played again. A guts-er nobody challenges takes the whole pot and the
game is over. The guts-er beats every challenger: each losing challenger
pays the size of the pot won into the next pot. A challenger beats the
guts-er: the best challenger takes the pot and the guts-er pays the penalty
the settings say (twice the pot, by default) into the next pot. A tie with
the guts-er goes as the settings say (the guts-er's, by default). Only high
card, pair and three of a kind count.

Everyone starts with 40 chips at 0.05 (a quarter is 5 chips); Dan deals first
and the deal passes left. Gruts is Guts with other words ("gruts", "chawawenge")
and the same money rules, so the tests of the rules the two pages share play
both (its fines are tests/ledger/deals/test_gruts.py's).
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import buttons, enter, journal, name, rides, showdown_fill

pytestmark = pytest.mark.django_db

ANTE = {"agreed__the table's ante": "1"}
BOTH = ["guts-three-card", "gruts"]
# Each page's words for its steps and the rules the tests book.
WORDS = {
    "guts-three-card": {
        "step": "Guts or pass",
        "caller": "Who said guts first",
        "tax": "Book: After an all-pass, the hand that would have won pays the tax",
        "tariff": "Book: After an all-pass, every player pays the tariff",
    },
    "gruts": {
        "step": "Gruts or pass",
        "caller": "Who said gruts first",
        "tax": "Book: Nobody said gruts",
        "tariff": "Book: Nobody said gruts",
    },
}


def guts_or_pass(deal, passes: list[str], guts: str | None = None, game="guts-three-card"):
    """Deal three and hear the words: who passes, then who said guts first.

    A deal with chips riding in starts on "Deal three": the ante is only for an empty pot.
    """
    if "Next: Deal three →" in buttons(deal.page()):
        deal.press("Next: Deal three")
    deal.press(f"Next: {WORDS[game]['step']}")
    name(deal, "Who passes", *passes)
    if guts is not None:
        name(deal, WORDS[game]["caller"], guts)


def test_the_pot_rides_until_a_guts_call_goes_unchallenged(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "guts-three-card", **ANTE)
    dealer.press("Book: Each player antes")
    # Deal 1: everyone antes 1 (pot 4, each 39), and everyone passes.
    guts_or_pass(dealer, passes=["Ann", "Bob", "Cat", "Dan"])
    page = dealer.page()
    # One way forward, named for what it does; nothing else is asked or offered.
    assert "<h2>Nobody stayed in</h2>" in page
    assert buttons(page) == ["End the deal: the pot rides to the next deal", "← Back a step"]
    dealer.press("End the deal: the pot rides to the next deal")
    assert journal(dealer.page())[0] == "Hand 1 Nobody stayed in: 4 rides to the next deal"
    assert dealer.stacks(*four) == [39, 39, 39, 39]
    assert rides(dealer) == 4

    # Deal 2 (Ann deals): the 4 ride in, nobody antes. Bob says guts, Cat and Dan
    # challenge, Ann passes. Cat's pair of queens beats Bob's ace high.
    dealer.press("Deal")
    assert "Ante in" not in buttons(dealer.page())
    guts_or_pass(dealer, passes=["Ann"])
    # Ann passed: naming her as the guts-er is refused, with the reason, and changes nothing.
    before = journal(dealer.page())
    refused = dealer.press("Record: Who said guts first", expect=400, seats=[str(ann.pk)])
    assert "Ann is not in the hand any more." in refused
    assert journal(dealer.page()) == before
    name(dealer, "Who said guts first", "Bob")
    dealer.press("Next: Show and settle")
    enter(dealer, bob, "Ah Kd 9c")
    enter(dealer, cat, "Qh Qd 3c")
    enter(dealer, dan, "Jh 8d 4c")
    page, sent = showdown_fill(dealer)
    # The guts-er beaten: his penalty is the rule ticked, he alone the one who lost.
    assert sent["fire"] == ["gutser-pays-twice"]
    assert sent["gutser-pays-twice:role-loser"] == [str(bob.pk)]
    assert sent["win-0"] == [str(cat.pk)]
    dealer.press("Book the showdown", page=page)
    # Bob pays twice the pot, 2 x 4 = 8, into the next pot: 39 - 8 = 31.
    # Cat takes the pot of 4: 39 + 4 = 43. Ann and Dan 39. 31 + 43 + 39 + 39 + 8 riding = 160.
    assert dealer.stacks(*four) == [39, 31, 43, 39]
    assert rides(dealer) == 8

    # Deal 3 (Bob deals): the 8 ride in. Cat says guts; Ann challenges; Bob and Dan pass.
    # Cat's three fives beat Ann's pair of kings.
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Bob", "Dan"], guts="Cat")
    dealer.press("Next: Show and settle")
    enter(dealer, cat, "5h 5d 5c")
    enter(dealer, ann, "Kh Kd 2c")
    page, sent = showdown_fill(dealer)
    # The guts-er best: the challengers' match is ticked, and only Ann lost (not who passed).
    assert sent["fire"] == ["challengers-match"]
    assert sent["challengers-match:role-losers"] == [str(ann.pk)]
    assert sent["win-0"] == [str(cat.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann matches the pot of 8: 39 - 8 = 31. Cat takes 8: 43 + 8 = 51. 8 ride.
    assert dealer.stacks(*four) == [31, 31, 51, 39]
    assert rides(dealer) == 8

    # Deal 4 (Cat deals): Dan says guts, Bob challenges with the same hand: a tie.
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Ann", "Cat"], guts="Dan")
    dealer.press("Next: Show and settle")
    enter(dealer, dan, "9h 9d 4c")
    enter(dealer, bob, "9s 9c 4d")
    page, sent = showdown_fill(dealer)
    # A tie goes to the guts-er (the default setting): he takes the pot alone, Bob matches.
    assert sent["fire"] == ["challengers-match"]
    assert sent["challengers-match:role-losers"] == [str(bob.pk)]
    assert sent["win-0"] == [str(dan.pk)]
    dealer.press("Book the showdown", page=page)
    # Bob matches 8: 31 - 8 = 23. Dan takes 8: 39 + 8 = 47. 8 ride.
    assert dealer.stacks(*four) == [31, 23, 51, 47]
    assert rides(dealer) == 8

    # Deal 5 (Dan deals): Ann says guts and nobody challenges.
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Bob", "Cat", "Dan"])
    page = dealer.page()
    # Who said guts first is moot with Ann alone: the pot is hers.
    assert buttons(page) == ["Give the pot to Ann", "← Back a step"]
    dealer.press("Give the pot to Ann")
    # Ann takes the 8: 31 + 8 = 39. Nothing rides, so the game is over.
    # 39 + 23 + 51 + 47 = 160.
    assert dealer.stacks(*four) == [39, 23, 51, 47]
    assert rides(dealer) == 0
    page = dealer.page()
    assert journal(page)[0] == "Hand 5 Ann wins 8"
    assert "Choose a game" in page


@pytest.mark.parametrize("game", BOTH)
def test_a_beaten_guts_er_pays_the_pot_other_losers_match_and_a_tie_is_shared(dealer, four, game):
    ann, bob, cat, _dan = four
    start(
        dealer,
        game,
        **{
            "setting__gutser-penalty": "one-pot",
            "setting__other-challengers": "yes",
            "setting__tie-with-gutser": "share",
            "setting__ante-when": "every-deal",
        },
        **ANTE,
    )
    # Deal 1: everyone antes 1 (pot 4, each 39). Ann says guts; Bob and Cat challenge.
    dealer.press("Book: Each player antes at the start of every hand")
    guts_or_pass(dealer, passes=["Dan"], guts="Ann", game=game)
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Kd 9c")
    enter(dealer, bob, "Qh Qd 3c")
    enter(dealer, cat, "Jh Jd 4c")
    page, sent = showdown_fill(dealer)
    # Bob beats the guts-er: her penalty (the pot's size) and Cat's match, both ticked.
    assert sent["fire"] == ["gutser-pays-pot", "beaten-challengers-match"]
    assert sent["gutser-pays-pot:role-loser"] == [str(ann.pk)]
    assert sent["beaten-challengers-match:role-losers"] == [str(cat.pk)]
    assert sent["win-0"] == [str(bob.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann pays 4, Cat pays 4, into the next pot: 35 each. Bob takes 4: 43. 8 ride.
    assert dealer.stacks(*four) == [35, 43, 35, 39]
    assert rides(dealer) == 8

    # Deal 2: the 8 ride in and everyone antes 1 more (pot 12): 34, 42, 34, 38.
    dealer.press("Deal")
    dealer.press("Book: Each player antes at the start of every hand")
    assert dealer.stacks(*four) == [34, 42, 34, 38]
    # Bob says guts, Cat challenges with the same hand: they share, nobody pays a penalty.
    guts_or_pass(dealer, passes=["Ann", "Dan"], guts="Bob", game=game)
    dealer.press("Next: Show and settle")
    enter(dealer, bob, "Th Td 6c")
    enter(dealer, cat, "Ts Tc 6d")
    page, sent = showdown_fill(dealer)
    assert "fire" not in sent
    assert sent["win-0"] == [str(bob.pk), str(cat.pk)]
    dealer.press("Book the showdown", page=page)
    # 12 split: Bob 42 + 6 = 48, Cat 34 + 6 = 40. Nothing rides: the game is over.
    # 34 + 48 + 40 + 38 = 160.
    assert dealer.stacks(*four) == [34, 48, 40, 38]
    assert rides(dealer) == 0


@pytest.mark.parametrize("game", BOTH)
@pytest.mark.parametrize("option", ["gooch", "gooch-zilla"])
@pytest.mark.parametrize(
    ("rounding", "half_of_three", "last_pot"),
    # Half of 3 with the odd chip to the guts-er is 2, 1 left; with it staying, 1, 2 left.
    [("gutser", 2, 1), ("stays", 1, 2)],
)
def test_an_unchallenged_guts_er_faces_the_gooches(
    dealer, four, game, option, rounding, half_of_three, last_pot
):
    """Each hand a gooch joins the line; an unchallenged guts-er must beat them all."""
    start(
        dealer,
        game,
        options=[option],
        **{"setting__gooch-rounding": rounding, "agreed__the table's ante": "3"},
    )
    dealer.press("Book: Each player antes")
    assert dealer.stacks(*four) == [37, 37, 37, 37]  # pot 12

    def unchallenged(guts: str, lost: bool, half: bool = False) -> None:
        if "Next: Deal three →" in buttons(dealer.page()):
            dealer.press("Next: Deal three")
        dealer.press("Next: Deal the gooch" if option == "gooch" else "Next: Deal the Gooch-zilla")
        dealer.press(f"Next: {WORDS[game]['step']}")
        name(dealer, "Who passes", *[p for p in ("Ann", "Bob", "Cat", "Dan") if p != guts])
        # Unchallenged: no pot yet, the gooches first.
        assert "Next: Face the gooches →" in buttons(dealer.page())
        dealer.press("Next: Face the gooches")
        if half:
            dealer.press("Book: An unchallenged")  # beat the first gooch, not a later one
        if lost:
            name(dealer, "Who lost to a gooch", guts)
            dealer.press("End the deal: the pot rides to the next deal")
        else:
            name(dealer, "Who lost to a gooch")
            dealer.press(f"Give the pot to {guts}")

    # Deal 1 (Dan deals): Ann goes unchallenged and loses to the first gooch: no money.
    unchallenged("Ann", lost=True)
    assert journal(dealer.page())[0] == "Hand 1 Nobody stayed in: 12 rides to the next deal"
    assert rides(dealer) == 12
    # Each later deal starts from the riding pot, on "Deal three": nobody antes.
    dealer.press("Deal")
    # Deal 2: Bob beats the first gooch, falls to a later one: half of 12 = 6. 6 ride.
    unchallenged("Bob", lost=True, half=True)
    assert dealer.stacks(*four) == [37, 43, 37, 37]
    assert rides(dealer) == 6
    dealer.press("Deal")
    # Deal 3: Cat the same: half of 6 = 3. 3 ride.
    unchallenged("Cat", lost=True, half=True)
    assert dealer.stacks(*four) == [37, 43, 40, 37]
    assert rides(dealer) == 3
    dealer.press("Deal")
    # Deal 4: Dan the same, half of 3: with the odd chip to the guts-er 2, else 1 (it stays).
    unchallenged("Dan", lost=True, half=True)
    assert dealer.stacks(*four) == [37, 43, 40, 37 + half_of_three]
    assert rides(dealer) == last_pot
    dealer.press("Deal")
    # Deal 5: Ann beats every gooch and takes what rides; the game is over.
    unchallenged("Ann", lost=False)
    # gooch, odd chip to the guts-er: 38 + 43 + 40 + 39 = 160;
    # Gooch-zilla, odd chip stays: 39 + 43 + 40 + 38 = 160.
    assert dealer.stacks(*four) == [37 + last_pot, 43, 40, 37 + half_of_three]
    assert rides(dealer) == 0


@pytest.mark.parametrize("game", BOTH)
def test_the_coward_tax_after_everyone_passes(dealer, four, game):
    ann, bob, cat, _dan = four
    # One tax, into the pot: the page leaves open who receives it, never how many.
    start(dealer, game, options=["coward-tax"], **ANTE)
    dealer.press("Book: Each player antes")
    guts_or_pass(dealer, passes=["Ann", "Bob", "Cat", "Dan"], game=game)
    # Everyone passed: the coward's tax comes first, then the deal ends.
    dealer.press("Next: Coward tax")
    # Everyone shows: Cat's hand would have won. The dealer names the best hand.
    dealer.press(WORDS[game]["tax"], role__best_hand=cat.pk)
    # Cat pays the tax (a quarter, 5 chips) into the pot: 39 - 5 = 34, the pot 4 + 5 = 9.
    assert dealer.stacks(*four) == [39, 39, 34, 39]
    assert buttons(dealer.page())[-2] == "End the deal: the pot rides to the next deal"
    dealer.press("End the deal: the pot rides to the next deal")
    assert rides(dealer) == 9

    # Deal 2: Ann says guts, Bob challenges and loses: he matches the pot.
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Cat", "Dan"], guts="Ann", game=game)
    # Nobody passed them all: no coward's tax this deal.
    assert "Next: Show and settle →" in buttons(dealer.page())
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Ad 2c")
    enter(dealer, bob, "Kh Kd 3c")
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["challengers-match"]
    dealer.press("Book the showdown", page=page)
    # Deal 3: Bob says guts unchallenged and takes what Ann's win left riding: his match.
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Ann", "Cat", "Dan"], game=game)
    dealer.press("Give the pot to Bob")
    # Ann 39 + 9 = 48; Bob 39 - 9 + 9 = 39; 48 + 39 + 34 + 39 = 160.
    assert dealer.stacks(*four) == [48, 39, 34, 39]
    assert rides(dealer) == 0


@pytest.mark.parametrize(
    ("game", "to"),
    [("guts-three-card", "game-winner"), ("guts-three-card", "pot"), ("gruts", None)],
)
def test_the_coward_tariff_after_everyone_passes(dealer, four, game, to):
    """Into the pot, or (Guts' setting) into a pile for whoever ends the game."""
    chosen = {"setting__coward-tariff-to": to} if to else {}
    start(dealer, game, options=["coward-tariff"], **chosen, **ANTE)
    dealer.press("Book: Each player antes")
    guts_or_pass(dealer, passes=["Ann", "Bob", "Cat", "Dan"], game=game)
    dealer.press("Next: Coward tariff")
    dealer.press(WORDS[game]["tariff"])
    # Everyone pays a quarter, 5 chips: 39 - 5 = 34 each.
    assert dealer.stacks(*four) == [34, 34, 34, 34]
    dealer.press("End the deal: the pot rides to the next deal")
    # Into the pile: the pot of 4 rides; into the pot: 4 + 20 = 24 ride.
    assert rides(dealer) == (4 if to == "game-winner" else 24)
    # Deal 2: Ann goes unchallenged, which ends the game (and takes the pile too).
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Bob", "Cat", "Dan"], game=game)
    page = dealer.page()
    assert "Everyone else folded" in page
    if to == "game-winner":
        dealer.press("Book: Only when the game ends", page=page)
        assert dealer.stacks(*four) == [54, 34, 34, 34]  # the pile of 20
    dealer.press("Give the pot to Ann")
    # The pile's 20 and the pot's 4, or the pot's 24: 34 + 24 = 58. 58 + 34 + 34 + 34 = 160.
    assert dealer.stacks(*four) == [58, 34, 34, 34]
    assert rides(dealer) == 0


@pytest.mark.parametrize(
    ("game", "short", "rides_on", "cat_ends"),
    [
        # Ann, short, pays her 30 and owes nothing more: 30 ride; Cat takes 30.
        ("guts-three-card", "pay-all", 30, 60),
        # Ann pays her 30 and owes the other 50 to the pot on a marker: 80 ride.
        ("guts-three-card", "owe", 80, 110),
        ("gruts", "pay-all", 30, 60),
        ("gruts", "owe", 80, 110),
    ],
)
def test_a_guts_er_short_of_the_penalty(dealer, four, game, short, rides_on, cat_ends):
    ann, bob, _cat, _dan = four
    start(dealer, game, **{"setting__short-stack": short, "agreed__the table's ante": "10"})
    dealer.press("Book: Each player antes")
    # Antes of 10: pot 40, each 30. Ann says guts, Bob challenges and wins.
    guts_or_pass(dealer, passes=["Cat", "Dan"], guts="Ann", game=game)
    dealer.press("Next: Show and settle")
    enter(dealer, ann, "Ah Kd 9c")
    enter(dealer, bob, "Qh Qd 3c")
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["gutser-pays-twice"]
    dealer.press("Book the showdown", page=page)
    # Twice the pot is 80; Ann has 30. Bob takes the 40: 70.
    assert dealer.stacks(*four) == [0, 70, 30, 30]
    assert rides(dealer) == rides_on
    if short == "owe":
        assert "owes 50" in dealer.page()
    dealer.press("Deal")
    guts_or_pass(dealer, passes=["Ann", "Bob", "Dan"], game=game)
    dealer.press("Give the pot to Cat")
    # pay-all: 0 + 70 + 60 + 30 = 160. owe: 0 + 70 + 110 + 30 = 210, less Ann's 50 owed = 160.
    assert dealer.stacks(*four) == [0, 70, cat_ends, 30]
