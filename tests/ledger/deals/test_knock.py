"""Knock Poker, and Knock Poker with deuces wild: a whole deal through dealer mode.

From the rule page: everyone antes one chip; after a knock, each other player
stays or drops; a player who drops pays one chip at once (to the knocker, by
default); at the showdown a knocker with the best hand takes the pot and each
stayer pays the knocker two chips, a beaten knocker pays two chips to each
stayer and the best hand takes the pot; four of a kind or a straight flush
wins a bonus of four chips from each other player (eight for a royal flush).
No betting at all. Everyone starts with 40 chips; Dan deals.
"""

from __future__ import annotations

import pytest

from tests.ledger.deals.conftest import start

pytestmark = pytest.mark.django_db


def play_to_the_showdown(deal, knocker: str, drops: list[str], seats) -> None:
    ids = {s.person.name: str(s.pk) for s in seats}
    deal.press("Book: Each player antes one chip")
    deal.press("Next: Deal five")
    deal.press("Next: Start the discard pile")
    deal.press("Next: Draw and discard")
    deal.press("Next: Last turn after a knock")
    deal.press("Record: Who knocked", seats=[ids[knocker]])
    deal.press("Next: Stay or drop out")
    deal.press("Record: Who drops out", seats=[ids[n] for n in drops])


def enter(deal, seat, cards: str) -> None:
    from tests.ledger.pages import post, url

    hand = deal.night.hands.get()
    response = post(
        deal.client,
        url("hand_cards", deal.night.pk, hand.pk),
        {"seat": seat.pk, "cards": cards, "next": url("deal", deal.night.pk)},
    )
    assert response.status_code == 303


def test_a_beaten_knocker_pays_every_stayer_and_the_dropper_paid_the_knocker(dealer, four):
    ann, bob, _cat, dan = four
    start(dealer, "knock-poker")
    play_to_the_showdown(dealer, knocker="Bob", drops=["Cat"], seats=four)
    # Antes: 4 in the pot, everyone 39.
    assert dealer.stacks(*four) == [39, 39, 39, 39]
    # Cat drops and pays the knocker her chip at once: Cat 38, Bob 40.
    dealer.press("Book: A player who drops out pays one chip straight away")
    assert dealer.stacks(*four) == [39, 40, 38, 39]
    dealer.press("Next: Showdown and settle")
    enter(dealer, ann, "Ah Ad 8c 8s 3d")  # two pair
    enter(dealer, bob, "Jh Jc 9d 6s 2c")  # jacks: the knocker
    enter(dealer, dan, "7h 7d 7c Ks 4h")  # three sevens: the best hand
    page = dealer.page("?helper=fill")
    form = dealer.form("Book the showdown", page)
    sent = form.data()
    # The fill fires the beaten knocker's payments, to the two who stayed (not Cat, not Bob).
    assert sent["fire"] == ["knocker-beaten"]
    assert sent["knocker-beaten:role-stayers"] == [str(ann.pk), str(dan.pk)]
    assert sent["knocker-beaten:role-knocker"] == [str(bob.pk)]
    assert sent["win-0"] == [str(dan.pk)]
    dealer.press("Book the showdown", page=page)
    # Bob pays 2 to Ann and 2 to Dan: Bob 40 - 4 = 36, Ann 39 + 2 = 41, Dan 39 + 2 = 41;
    # Dan's three sevens take the pot of 4: Dan 45. Cat 38. 41 + 36 + 38 + 45 = 160.
    assert dealer.stacks(*four) == [41, 36, 38, 45]


def test_a_knocker_with_the_best_hand_is_paid_by_every_stayer(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "knock-poker")
    play_to_the_showdown(dealer, knocker="Ann", drops=[], seats=four)
    dealer.press("Next: Showdown and settle")
    enter(dealer, ann, "Qh Qd Qc 5s 2d")  # three queens: the knocker holds the best hand
    enter(dealer, bob, "Jh Jc 9d 6s 2c")
    enter(dealer, cat, "Th 9h 8d 4c 3s")
    enter(dealer, dan, "7h 7d Kc Ks 4h")
    page = dealer.page("?helper=fill")
    assert dealer.form("Book the showdown", page).data()["fire"] == ["knocker-wins"]
    dealer.press("Book the showdown", page=page)
    # Bob, Cat and Dan each pay Ann 2: 39 - 2 = 37 each; Ann 39 + 6 + pot 4 = 49.
    assert dealer.stacks(*four) == [49, 37, 37, 37]


def test_four_of_a_kind_wins_the_bonus_from_each_other_player(dealer, four):
    ann, _bob, cat, dan = four
    start(dealer, "knock-poker")
    play_to_the_showdown(dealer, knocker="Ann", drops=["Bob"], seats=four)
    dealer.press("Book: A player who drops out pays one chip straight away")  # Bob 38, Ann 40
    dealer.press("Next: Showdown and settle")
    enter(dealer, ann, "Qh Qd Jc 5s 2d")
    enter(dealer, cat, "9h 9d 9c 9s 3d")  # four nines beat the knocker
    enter(dealer, dan, "7h 7d Kc Ks 4h")
    page = dealer.page("?helper=fill")
    assert sorted(dealer.form("Book the showdown", page).data()["fire"]) == [
        "bonus-big-hand",
        "knocker-beaten",
    ]
    dealer.press("Book the showdown", page=page)
    # Ann, the beaten knocker, pays 2 to each stayer (Cat, Dan): Ann 40 - 4 = 36, Cat 41, Dan 41.
    # Cat's bonus: 4 from each other player, dropped Bob too: Ann 32, Bob 34, Dan 37, Cat 53;
    # and the pot of 4: Cat 57. 32 + 34 + 57 + 37 = 160.
    assert dealer.stacks(*four) == [32, 34, 57, 37]


def test_with_deuces_wild_five_of_a_kind_is_a_bonus_and_four_of_a_kind_is_not(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, "knock-poker-deuces-wild")
    play_to_the_showdown(dealer, knocker="Dan", drops=[], seats=four)
    dealer.press("Next: Showdown and settle")
    enter(dealer, ann, "9h 9d 9c 9s 3d")  # four nines: no bonus with deuces wild
    enter(dealer, bob, "Kh Kd Kc 2s 2d")  # five kings with two deuces: the bonus
    enter(dealer, cat, "Th 8h 6d 4c 3s")
    enter(dealer, dan, "7h 7d Jc Js 4h")
    page = dealer.page("?helper=fill")
    assert sorted(dealer.form("Book the showdown", page).data()["fire"]) == [
        "bonus-big-hand",
        "knocker-beaten",
    ]
    dealer.press("Book the showdown", page=page)
    # Dan, beaten, pays 2 to each stayer (Ann, Bob, Cat): Dan 39 - 6 = 33; the others 41.
    # Bob's bonus, 4 from each other player: Ann 37, Cat 37, Dan 29, Bob 41 + 12 = 53;
    # and the pot of 4: Bob 57. 37 + 57 + 37 + 29 = 160.
    assert dealer.stacks(*four) == [37, 57, 37, 29]


def test_with_no_knock_the_best_hand_takes_the_pot_and_nobody_pays_two_chips(dealer, four):
    from tests.ledger.pages import post, url

    ann, bob, cat, dan = four
    start(dealer, "knock-poker")
    dealer.press("Book: Each player antes one chip")
    dealer.press("Next: Deal five")
    dealer.press("Next: Start the discard pile")
    dealer.press("Next: Draw and discard")
    # The stock runs out and nobody knocked: the rule page sends the table to the showdown,
    # past the last turn and the stay-or-drop step, which come only after a knock.
    hand = dealer.night.hands.get()
    response = post(dealer.client, url("hand_step", dealer.night.pk, hand.pk), {"to": "showdown"})
    assert response.status_code == 303
    enter(dealer, ann, "Kh Kd Kc 5s 2d")  # three kings: the best hand
    enter(dealer, bob, "Jh Jc 9d 6s 2c")
    enter(dealer, cat, "Th 9h 8d 4c 3s")
    enter(dealer, dan, "7h 7d Qc Qs 4h")
    page = dealer.page("?helper=fill")
    form = dealer.form("Book the showdown", page)
    sent = form.data()
    # No knocker, so no two-chip payment fires, and no bonus (trips).
    assert sent.get("fire", []) == []
    assert sent["win-0"] == [str(ann.pk)]
    dealer.press("Book the showdown", page=page)
    # Ann takes the pot of 4 antes: 39 + 4 = 43; the others keep 39. 43 + 39 x 3 = 160.
    assert dealer.stacks(*four) == [43, 39, 39, 39]
