"""In-or-out games over several deals: Buddha's Folly, Black Russian, Boo Ray, played whole.

Each starts with a pot the table antes (its agreed ante), and everyone says
in or out at the step that asks; nobody in leaves the pot for the next deal,
one player in takes it, and the players in who lose pay into the next pot
as each rule page says. Everyone starts with 40 chips at 0.05; Dan deals first.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.riding import buttons, enter, journal, name, rides, showdown_fill

pytestmark = pytest.mark.django_db

ALL = ["Ann", "Bob", "Cat", "Dan"]


# Buddha's Folly. From the rule page: everyone antes every deal (a redeal after
# everyone dropped too, unless the table says otherwise); five cards down; a
# face-up card goes round to be taken or passed; then everyone says in or out.
# The best five-card hand among those in takes the pot; every other player in
# pays the size of that pot into the next one. Tied best hands share it and
# match nothing (or, by the setting, nobody wins and everyone in matches). With
# the all-drop penalty, when everyone drops, the best hand pays every player's
# ante for the next deal, and nobody else antes then.


def buddha_declare(deal, out: list[str]) -> None:
    deal.press("Next: Deal five down")
    deal.press("Next: The card goes round")
    deal.press("Next: In or out")
    name(deal, "Who is out", *out)


def test_buddhas_folly_losers_match_until_nobody_is_left_to_match(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "buddhas-folly", **{"agreed__the table's ante": "1"})
    ante = "Book: Each player antes every deal"
    # Deal 1: antes 1 (pot 4, each 39), and everyone is out.
    dealer.press(ante)
    buddha_declare(dealer, out=ALL)
    assert buttons(dealer.page()) == [
        "End the deal: the pot rides to the next deal",
        "← Back a step",
    ]
    dealer.press("End the deal: the pot rides to the next deal")
    assert journal(dealer.page())[0] == "Hand 1 Nobody stayed in: 4 rides to the next deal"

    # Deal 2: the redeal antes too (the default): pot 8, each 38. Ann, Bob, Cat in.
    dealer.press("Deal")
    dealer.press(ante)
    buddha_declare(dealer, out=["Dan"])
    dealer.press("Next: Showdown")
    enter(dealer, ann, "Kh Kd 8c 8s 3d")  # two pair
    enter(dealer, bob, "9h 9d 9c 4s 2d")  # three nines
    enter(dealer, cat, "Qh Qd 7c 5s 2c")  # a pair
    page, sent = showdown_fill(dealer)
    assert sent["fire"] == ["match"]
    assert set(sent["match:role-losers"]) == {str(ann.pk), str(cat.pk)}
    assert sent["win-0"] == [str(bob.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann and Cat match 8: 30. Bob takes 8: 46. 16 ride.
    assert dealer.stacks(*four) == [30, 46, 30, 38]
    assert rides(dealer) == 16

    # Deal 3: antes 1 (pot 20: 29, 45, 29, 37). Ann and Dan in, and they tie.
    dealer.press("Deal")
    dealer.press(ante)
    buddha_declare(dealer, out=["Bob", "Cat"])
    dealer.press("Next: Showdown")
    enter(dealer, ann, "Ah Kh Qd Jc 9s")
    enter(dealer, dan, "Ad Kc Qh Js 9d")
    page, sent = showdown_fill(dealer)
    # They share the pot and neither matches (the default): nothing is ticked.
    assert "fire" not in sent
    assert set(sent["win-0"]) == {str(ann.pk), str(dan.pk)}
    dealer.press("Book the showdown", page=page)
    # 20 split: Ann 39, Dan 47. Nobody matched, so nothing rides: the game is over.
    # 39 + 45 + 29 + 47 = 160.
    assert dealer.stacks(*four) == [39, 45, 29, 47]
    assert rides(dealer) == 0


@pytest.mark.parametrize(("cannot_pay", "riding"), [("owe", 64), ("pay-all-in", 27)])
def test_buddhas_folly_all_drop_penalty_paid_chips_a_tie_nobody_wins_and_a_short_loser(
    dealer, four, cannot_pay, riding
):
    ann, bob, cat, dan = four
    start(
        dealer,
        "buddhas-folly",
        options=["all-drop-penalty"],
        **{
            "setting__nobody-in": "redeal-no-ante",
            "setting__tie-best": "carry-pot",
            "setting__declaration-chip": "paid",
            "setting__cannot-pay": cannot_pay,
            "agreed__the table's ante": "2",
        },
    )
    ante = "Book: Each player antes every deal except a redeal"
    chip = "Book: Declaring with a chip in the fist"
    # Deal 1: antes 2 (pot 8, each 38). Everyone drops: all hands are shown.
    dealer.press(ante)
    buddha_declare(dealer, out=ALL)
    dealer.press("Next: Everyone dropped")
    # Cat's hand is best: she pays every player's ante, 4 x 2 = 8, into the next pot.
    dealer.press("Book: When everyone drops on a simultaneous declaration", role__best_hand=cat.pk)
    assert dealer.stacks(*four) == [38, 38, 30, 38]
    dealer.press("End the deal: the pot rides to the next deal")
    assert rides(dealer) == 16  # the pot of 8 and Cat's 8

    # Deal 2: a redeal after everyone dropped: nobody antes. Ann and Bob in, chips paid.
    dealer.press("Deal")
    buddha_declare(dealer, out=["Cat", "Dan"])
    dealer.press(chip)
    assert dealer.stacks(*four) == [37, 37, 30, 38]  # pot 18
    dealer.press("Next: Showdown")
    enter(dealer, ann, "Ah Kh Qd Jc 9s")
    enter(dealer, bob, "Ad Kc Qh Js 9d")
    page, sent = showdown_fill(dealer)
    # A tie nobody wins: the pot rides, and both match.
    assert sent["fire"] == ["match", "tie-carry"]
    assert set(sent["match:role-losers"]) == {str(ann.pk), str(bob.pk)}
    dealer.press("Book the showdown", page=page)
    # Each matches 18: 19. 18 + 18 + 18 = 54 ride. 19 + 19 + 30 + 38 + 54 = 160.
    assert dealer.stacks(*four) == [19, 19, 30, 38]
    assert rides(dealer) == 54

    # Deal 3: antes 2 (pot 62: 17, 17, 28, 36). Cat and Dan in, chips paid (pot 64).
    dealer.press("Deal")
    dealer.press(ante)
    buddha_declare(dealer, out=["Ann", "Bob"])
    dealer.press(chip)
    dealer.press("Next: Showdown")
    enter(dealer, cat, "Qh Qd 7c 5s 2c")
    enter(dealer, dan, "9h 9d 9c 4s 2d")
    page, sent = showdown_fill(dealer)
    assert sent["match:role-losers"] == [str(cat.pk)]
    dealer.press("Book the showdown", page=page)
    # Dan takes 64: 35 + 64 = 99. Cat has 27 of the match of 64: she pays 27 and owes
    # the other 37 on a marker (64 ride: 17 + 17 + 0 + 99 + 64 - 37 = 160), or pays
    # what she has and that is all (27 ride: 17 + 17 + 0 + 99 + 27 = 160).
    assert dealer.stacks(*four) == [17, 17, 0, 99]
    assert rides(dealer) == riding
    assert ("owes 37" in dealer.page()) == (cannot_pay == "owe")


# Black Russian. From the rule page: a three-trick game with a turned-up trump.
# The first deal is anted (here 1 chip; every deal, by the setting); everyone
# says in or out with a coin in the fist (a signal, or paid in, by the
# setting). Exactly one player in takes the pot and ends the game; nobody in
# leaves the pot (everyone anteing again, by the setting). Two or three
# tricks take the pot, one trick breaks even, and a player in with no trick
# matches the pot into the next one; nobody with two tricks leaves the pot
# where it is. With Sweep Calls the Game, three tricks take the pot and end it
# with no matches. No showdown of cards: the dealer ticks who won and who lost.


def black_russian_declare(deal, out: list[str]) -> None:
    if "Next: Deal three →" in buttons(deal.page()):
        deal.press("Next: Deal three")
    deal.press("Next: Turn the trump")
    if "Next: Dirty trump? →" in buttons(deal.page()):
        deal.press("Next: Dirty trump?")
    deal.press("Next: In or out")
    name(deal, "Who sits out", *out)


def settle(deal, winners=(), nobody=False, **fired) -> None:
    """The tricks counted: book the settlement ticked by hand (there is no showdown of cards):
    who wins, and each rule that fires (`no_winner_carry=[]`) with who lost (`match=[cat]`)."""
    changes = {"fire": [rule.replace("_", "-") for rule in fired]}
    changes["win-0"] = [str(s.pk) for s in winners]
    for rule, losers in fired.items():
        if losers:
            changes[f"{rule.replace('_', '-')}:role-losers"] = [str(s.pk) for s in losers]
    if nobody:
        changes["nobody"] = ["1"]
    deal.press("Book the showdown", **changes)


def test_black_russian_no_trick_matches_until_one_player_stays_in(dealer, four):
    ann, _bob, cat, dan = four
    start(dealer, "black-russian", **{"agreed__the table's ante": "1"})
    dealer.press("Book: Each player puts in the table's ante")
    # Deal 1: antes 1 (pot 4, each 39); everyone sits out.
    black_russian_declare(dealer, out=ALL)
    assert buttons(dealer.page()) == [
        "End the deal: the pot rides to the next deal",
        "← Back a step",
    ]
    dealer.press("End the deal: the pot rides to the next deal")
    assert rides(dealer) == 4

    # Deal 2: Ann, Bob and Cat play. Ann takes two tricks, Bob one, Cat none.
    dealer.press("Deal")
    black_russian_declare(dealer, out=["Dan"])
    dealer.press("Next: Play three tricks")
    dealer.press("Next: Settle up")
    settle(dealer, winners=[ann], match=[cat])
    # Cat matches 4: 35. Ann takes 4: 43. Bob, one trick, is even. 4 ride.
    assert dealer.stacks(*four) == [43, 39, 35, 39]
    assert rides(dealer) == 4

    # Deal 3: all four play; the tricks go one each to Ann, Bob and Cat, none to Dan.
    dealer.press("Deal")
    black_russian_declare(dealer, out=[])
    dealer.press("Next: Play three tricks")
    dealer.press("Next: Settle up")
    settle(dealer, nobody=True, match=[dan], no_winner_carry=[])
    # Nobody took two: the pot of 4 stays, and Dan matches it: 35. 8 ride.
    assert dealer.stacks(*four) == [43, 39, 35, 35]
    assert rides(dealer) == 8

    # Deal 4: only Bob plays: he takes the pot without playing, and the game is over.
    dealer.press("Deal")
    black_russian_declare(dealer, out=["Ann", "Cat", "Dan"])
    dealer.press("Give the pot to Bob")
    # 39 + 8 = 47. 43 + 47 + 35 + 35 = 160.
    assert dealer.stacks(*four) == [43, 47, 35, 35]
    assert rides(dealer) == 0


def test_black_russian_re_ante_paid_coins_and_a_sweep_that_ends_it(dealer, four):
    ann, _bob, _cat, _dan = four
    start(
        dealer,
        "black-russian",
        options=["sweep-ends", "dirty"],
        **{
            "setting__ante-each-deal": "every-deal",
            "setting__nobody-in": "redeal-ante",
            "setting__declare-coin": "into-pot",
            "agreed__the table's ante": "1",
        },
    )
    ante = "Book: Each player antes every deal"
    dealer.press(ante)
    # Deal 1: antes 1 (pot 4). A red trump, so the fists open: everyone sits out,
    # and everyone antes again for the redeal (pot 8, each 38).
    black_russian_declare(dealer, out=ALL)
    dealer.press("Book: Nobody declared in")
    dealer.press("End the deal: the pot rides to the next deal")
    assert dealer.stacks(*four) == [38, 38, 38, 38]
    assert rides(dealer) == 8

    # Deal 2: antes 1 (pot 12, each 37). Ann, Bob and Cat play, coins in (pot 15).
    dealer.press("Deal")
    dealer.press(ante)
    assert "Dirty trump?" in dealer.page()  # a step of its own before the fists
    black_russian_declare(dealer, out=["Dan"])
    dealer.press("Book: Every player who opens a fist with a coin in it")
    assert dealer.stacks(*four) == [36, 36, 36, 37]
    dealer.press("Next: Play three tricks")
    dealer.press("Next: Settle up")
    # Ann sweeps all three tricks: she takes the pot and nobody matches.
    settle(dealer, winners=[ann])
    # 36 + 15 = 51. Nothing rides: the game is over. 51 + 36 + 36 + 37 = 160.
    assert dealer.stacks(*four) == [51, 36, 36, 37]
    assert rides(dealer) == 0


# Boo Ray. From the rule page: five tricks with a turned-up trump. The first
# deal is anted (here 1 chip; every deal, by the setting); in or out with a
# chip in the fist (a signal, or paid in); the players in may exchange cards.
# Most tricks takes the pot; tricks split 2-2-1 take nothing and the pot
# stays (another tie for most: nobody, or by the setting the tied share); each
# player in with no trick pays the agreed Boo Ray amount (here 3) into the next
# pot (or, by the setting, this one before the winner collects). One player in
# takes the pot; nobody in leaves it (everyone anteing again, by the setting).
# The game ends when the pot is won with nothing paid in to refill it.


def boo_ray_declare(deal, out: list[str]) -> None:
    if "Next: Deal five →" in buttons(deal.page()):
        deal.press("Next: Deal five")
    deal.press("Next: Turn the trump")
    deal.press("Next: In or out")
    name(deal, "Who sits out", *out)


def boo_ray_tricks(deal) -> None:
    deal.press("Next: Exchange cards")
    deal.press("Next: Play five tricks")
    deal.press("Next: Settle up")


def test_boo_ray_no_trick_pays_the_penalty_into_the_next_pot(dealer, four):
    ann, _bob, cat, dan = four
    start(
        dealer,
        "boo-ray",
        **{"agreed__the table's ante": "1", "agreed__the Boo Ray amount": "3"},
    )
    dealer.press("Book: Each player pays the table's ante")
    # Deal 1: antes 1 (pot 4, each 39); everyone sits out.
    boo_ray_declare(dealer, out=ALL)
    dealer.press("End the deal: the pot rides to the next deal")
    assert rides(dealer) == 4

    # Deal 2: Ann, Bob and Cat play: Ann 3 tricks, Bob 2, Cat none.
    dealer.press("Deal")
    boo_ray_declare(dealer, out=["Dan"])
    boo_ray_tricks(dealer)
    settle(dealer, winners=[ann], boo_ray=[cat])
    # Ann takes 4: 43. Cat pays the Boo Ray amount, 3, into the next pot: 36. 3 ride.
    assert dealer.stacks(*four) == [43, 39, 36, 39]
    assert rides(dealer) == 3

    # Deal 3: all four play; tricks 2-2-1 and none for Dan: the pot is not won.
    dealer.press("Deal")
    boo_ray_declare(dealer, out=[])
    boo_ray_tricks(dealer)
    settle(dealer, nobody=True, boo_ray=[dan], carry_over=[])
    # Dan pays 3: 36. The pot of 3 stays (carried over), and Dan's 3 join it: 6 ride.
    assert dealer.stacks(*four) == [43, 39, 36, 36]
    assert rides(dealer) == 6

    # Deal 4: only Bob plays: he takes the pot without playing a trick; the game ends.
    dealer.press("Deal")
    boo_ray_declare(dealer, out=["Ann", "Cat", "Dan"])
    dealer.press("Give the pot to Bob")
    # 39 + 6 = 45. 43 + 45 + 36 + 36 = 160.
    assert dealer.stacks(*four) == [43, 45, 36, 36]
    assert rides(dealer) == 0


def test_boo_ray_penalty_into_this_pot_and_tied_tricks_shared(dealer, four, night, group):
    from ledger.models import Person
    from ledger.services import seating

    eve = seating.seat_add(night=night, person=Person.objects.create(group=group, name="Eve"))
    seating.buy_in(night=night, seat=eve, chips=40, recorded_by="host:host")
    five = [*four, eve]
    ann, _bob, cat, _dan = four
    chosen = {
        "setting__ante-each-deal": "every-deal",
        "setting__nobody-in": "redeal-ante",
        "setting__penalty-pot": "this-pot",
        "setting__tied-tricks": "split",
        "setting__declare-coin": "into-pot",
        "agreed__the table's ante": "1",
        "agreed__the Boo Ray amount": "3",
    }
    start(dealer, "boo-ray", **chosen)
    ante = "Book: Each player antes every deal"
    coins = "Book: Every player who opens a fist with a chip in it"
    # Deal 1: five ante 1 (pot 5, each 39). Everyone sits out, and antes again (pot 10).
    dealer.press(ante)
    boo_ray_declare(dealer, out=[*ALL, "Eve"])
    dealer.press("Book: Nobody declared in")
    dealer.press("End the deal: the pot rides to the next deal")
    assert dealer.stacks(*five) == [38, 38, 38, 38, 38]
    assert rides(dealer) == 10

    # Deal 2: antes 1 (pot 15, each 37). Ann, Bob and Cat play, chips in (pot 18).
    dealer.press("Deal")
    dealer.press(ante)
    boo_ray_declare(dealer, out=["Dan", "Eve"])
    dealer.press(coins)
    boo_ray_tricks(dealer)
    # Ann 3 tricks, Bob 2, Cat none: Cat's 3 go into this pot before Ann collects.
    settle(dealer, winners=[ann], boo_ray_this_pot=[cat])
    # Cat 36 - 3 = 33. Ann takes 18 + 3 = 21: 36 + 21 = 57. Nothing rides: the game ends.
    # 57 + 36 + 33 + 37 + 37 = 200 (five players).
    assert dealer.stacks(*five) == [57, 36, 33, 37, 37]
    assert rides(dealer) == 0

    # A new game of Boo Ray: antes 1 (pot 5); all five play, chips in (pot 10), and
    # take one trick each: tied for the most, they share the pot, 2 each.
    start(dealer, "boo-ray", **chosen)
    dealer.press(ante)
    boo_ray_declare(dealer, out=[])
    dealer.press(coins)
    boo_ray_tricks(dealer)
    settle(dealer, winners=five)
    # Each paid 2 and got 2 back: no change. Nothing rides: this game is over too.
    assert dealer.stacks(*five) == [57, 36, 33, 37, 37]
    assert rides(dealer) == 0
