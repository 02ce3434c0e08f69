"""Screw Your Neighbor: a game of lives, played through dealer mode until one player is left.

From the rule page: everyone sets out three stacks of the size the table
agrees (here 5 chips): these are their three lives, and no chips move yet.
Each round, one card each (kings high, aces low); the lowest card puts one
stack into the pot, which rides from round to round. By default a tie for
the lowest card makes each tied player pay a stack ("Each of them pays a
stack."); with "Nobody pays; deal the round again", a tie costs nobody
anything. A player with no stacks left is out and is not dealt in again;
the last player with a stack takes the pot. Everyone starts with 40 chips;
Dan deals first and the deal moves one seat to the left each round.
"""

from __future__ import annotations

import pytest

from ledger.models import Run
from ledger.services import games
from tests.ledger.dealing import forms
from tests.ledger.deals.conftest import start
from tests.ledger.deals.seats import enter_all

pytestmark = pytest.mark.django_db

GAME = "screw-your-neighbor"
STACK = {"agreed__one stack": "5"}
LOWEST = "lose-stack:role-lowest_hand"


def round_to_the_showdown(deal, cards: dict, seats) -> dict[str, list[str]]:
    """One round from its first step to the showdown, the cards entered: the helper's fill."""
    deal.press("Next: Keep or swap")
    deal.press("Next: Lowest card pays")
    enter_all(deal, cards, seats)
    page = deal.page("?helper=fill")
    deal.filled = page
    return deal.form("Book the showdown", page).data()


def book(deal) -> None:
    """Book the showdown form exactly as the fill left it."""
    deal.press("Book the showdown", page=deal.filled)


def next_round(deal, dealer_name: str, players: list[str]) -> None:
    """The Deal tab between rounds: the next dealer and who is in come chosen; deal."""
    page = deal.page()
    form = deal.form("Deal", page)
    sent = form.data()
    names = {s.person.name: str(s.pk) for s in deal.night.seats.select_related("person")}
    assert sent["dealer"] == [names[dealer_name]]
    assert sent["players"] == [names[n] for n in players]
    deal.press("Deal", page=page)


def lives_shown(page: str) -> list[str]:
    found = page.split('aria-label="Lives left">', 1)[1].split("</ul>", 1)[0]
    return [item.split("</li>")[0] for item in found.split("<li>")[1:]]


def test_the_lowest_card_pays_a_stack_until_one_player_is_left(dealer, four):
    ids = {s.person.name: str(s.pk) for s in four}
    page = start(dealer, GAME, **STACK)
    # Round 1, Dan deals. The first step sets out the stacks: nothing moves.
    assert "Three stacks each" in page
    assert "Next: Deal one" in page
    assert lives_shown(page) == [
        "Ann: 3 lives left",
        "Bob: 3 lives left",
        "Cat: 3 lives left",
        "Dan: 3 lives left",
    ]
    dealer.press("Next: Deal one")
    sent = round_to_the_showdown(dealer, {"Ann": "9h", "Bob": "Kd", "Cat": "2c", "Dan": "5s"}, four)
    # The fill fires the lost stack for Cat's two, the lowest card; nobody takes the pot.
    assert sent["fire"] == ["lose-stack"]
    assert sent["lose-stack:role-lowest_hand"] == [ids["Cat"]]
    assert "win-0" not in sent
    book(dealer)
    # Cat pays one stack into the pot: Cat 40 - 5 = 35; the pot of 5 rides.
    assert dealer.stacks(*four) == [40, 40, 35, 40]
    assert games.riding(dealer.night) == 5
    run = dealer.night.runs.get()
    assert run.status == Run.Status.OPEN
    page = dealer.page()
    assert "Pot rides: 5" in page
    assert lives_shown(page) == [
        "Ann: 3 lives left",
        "Bob: 3 lives left",
        "Cat: 2 lives left",
        "Dan: 3 lives left",
    ]

    # Round 2, Ann deals. No stacks to set out again: the round starts with the deal.
    next_round(dealer, "Ann", ["Ann", "Bob", "Cat", "Dan"])
    page = dealer.page()
    assert "Three stacks each" not in page
    assert "Next: Keep or swap" in page
    assert "Cat: 2 lives left" in lives_shown(page)
    # Ann and Bob tie for the lowest card, two threes: each of them pays a stack.
    sent = round_to_the_showdown(dealer, {"Ann": "3h", "Bob": "3d", "Cat": "Qc", "Dan": "5s"}, four)
    assert sent["fire"] == ["lose-stack"]
    assert sent["lose-stack:role-lowest_hand"] == [ids["Ann"], ids["Bob"]]
    # The riding pot goes to nobody while several players still have a stack.
    assert "win-0" not in sent
    assert sent["nobody"] == ["1"]
    # Unticking both lowest hands is refused with a reason; the form comes back as it was sent.
    body = dealer.press("Book the showdown", page=dealer.filled, expect=400, **{LOWEST: []})
    assert "lowest hand" in body.lower()
    kept = dealer.form("Book the showdown", body).data()
    assert kept["fire"] == ["lose-stack"]
    assert kept["nobody"] == ["1"]
    assert dealer.stacks(*four) == [40, 40, 35, 40]
    book(dealer)
    # Ann 40 - 5 = 35, Bob 40 - 5 = 35; the pot 5 + 10 = 15.
    assert dealer.stacks(*four) == [35, 35, 35, 40]
    assert games.riding(dealer.night) == 15

    # Round 3, Bob deals. Ann's ace is low: the lowest card.
    next_round(dealer, "Bob", ["Ann", "Bob", "Cat", "Dan"])
    sent = round_to_the_showdown(dealer, {"Ann": "Ah", "Bob": "4d", "Cat": "Qc", "Dan": "5s"}, four)
    assert sent["lose-stack:role-lowest_hand"] == [ids["Ann"]]
    book(dealer)
    # Ann 35 - 5 = 30; the pot 20. Lives: Ann 1, Bob 2, Cat 2, Dan 3.
    assert dealer.stacks(*four) == [30, 35, 35, 40]

    # Round 4, Cat deals. Ann and Dan tie with twos: Ann loses her last stack.
    next_round(dealer, "Cat", ["Ann", "Bob", "Cat", "Dan"])
    page = dealer.page()
    assert lives_shown(page) == [
        "Ann: 1 life left",
        "Bob: 2 lives left",
        "Cat: 2 lives left",
        "Dan: 3 lives left",
    ]
    sent = round_to_the_showdown(dealer, {"Ann": "2h", "Bob": "4d", "Cat": "Qc", "Dan": "2s"}, four)
    assert sent["lose-stack:role-lowest_hand"] == [ids["Ann"], ids["Dan"]]
    assert "win-0" not in sent
    book(dealer)
    # Ann 30 - 5 = 25, Dan 40 - 5 = 35; the pot 30. Ann is out.
    assert dealer.stacks(*four) == [25, 35, 35, 35]
    assert games.riding(dealer.night) == 30

    # Round 5, Dan deals; Ann, with no stack left, is not dealt in.
    page = dealer.page()
    assert "Ann: out" in lives_shown(page)
    assert "out of lives" in page
    next_round(dealer, "Dan", ["Bob", "Cat", "Dan"])
    sent = round_to_the_showdown(dealer, {"Bob": "4d", "Cat": "6c", "Dan": "7s"}, four)
    assert sent["lose-stack:role-lowest_hand"] == [ids["Bob"]]
    book(dealer)
    # Bob 35 - 5 = 30; the pot 35. Lives: Bob 1, Cat 2, Dan 2.
    assert dealer.stacks(*four) == [25, 30, 35, 35]

    # Round 6: the deal passes Ann, who is out, to Bob.
    next_round(dealer, "Bob", ["Bob", "Cat", "Dan"])
    sent = round_to_the_showdown(dealer, {"Bob": "9d", "Cat": "3c", "Dan": "Js"}, four)
    assert sent["lose-stack:role-lowest_hand"] == [ids["Cat"]]
    book(dealer)
    # Cat 35 - 5 = 30; the pot 40. Lives: Bob 1, Cat 1, Dan 2.
    assert dealer.stacks(*four) == [25, 30, 30, 35]

    # Round 7, Cat deals. Cat and Dan tie with eights: Cat is out, Dan has one stack left.
    next_round(dealer, "Cat", ["Bob", "Cat", "Dan"])
    sent = round_to_the_showdown(dealer, {"Bob": "Ks", "Cat": "8c", "Dan": "8d"}, four)
    assert sent["lose-stack:role-lowest_hand"] == [ids["Cat"], ids["Dan"]]
    book(dealer)
    # Cat 30 - 5 = 25, Dan 35 - 5 = 30; the pot 50.
    assert dealer.stacks(*four) == [25, 30, 25, 30]
    assert games.riding(dealer.night) == 50

    # Round 8, Dan deals to the last two. Bob's five is lowest: his last stack goes in,
    # and Dan, the last player with a stack, takes the pot.
    page = dealer.page()
    assert lives_shown(page) == ["Ann: out", "Bob: 1 life left", "Cat: out", "Dan: 1 life left"]
    next_round(dealer, "Dan", ["Bob", "Dan"])
    sent = round_to_the_showdown(dealer, {"Bob": "5h", "Dan": "Qh"}, four)
    assert sent["fire"] == ["lose-stack"]
    assert sent["lose-stack:role-lowest_hand"] == [ids["Bob"]]
    assert sent["win-0"] == [ids["Dan"]]
    book(dealer)
    # Bob 30 - 5 = 25; the pot 55 goes to Dan: 30 + 55 = 85. 25 + 25 + 25 + 85 = 160.
    assert dealer.stacks(*four) == [25, 25, 25, 85]
    assert games.riding(dealer.night) == 0
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED
    assert run.ending == Run.Ending.WON
    assert "Choose a game" in dealer.page()


def test_with_a_replay_a_tie_for_lowest_costs_nobody_a_stack(dealer, four):
    ids = {s.person.name: str(s.pk) for s in four}
    start(dealer, GAME, **STACK, **{"setting__tie-lowest": "replay"})
    dealer.press("Next: Deal one")
    # Round 1: Bob and Dan tie with fours. Nobody pays; the round is dealt again.
    sent = round_to_the_showdown(dealer, {"Ann": "6h", "Bob": "4d", "Cat": "Qc", "Dan": "4s"}, four)
    assert "fire" not in sent
    book(dealer)
    assert dealer.stacks(*four) == [40, 40, 40, 40]
    # Nothing rides, yet the game goes on: everyone still has three stacks.
    assert dealer.night.runs.get().status == Run.Status.OPEN
    next_round(dealer, "Ann", ["Ann", "Bob", "Cat", "Dan"])
    # The stacks were set out on the first deal only.
    assert "Three stacks each" not in dealer.page()
    sent = round_to_the_showdown(dealer, {"Ann": "6h", "Bob": "4d", "Cat": "Qc", "Dan": "Ts"}, four)
    # Bob's four alone is lowest: he pays a stack. 40 - 5 = 35; the pot 5 rides.
    assert sent["fire"] == ["lose-stack-alone"]
    assert sent["lose-stack-alone:role-lowest_hand"] == [ids["Bob"]]
    book(dealer)
    assert dealer.stacks(*four) == [40, 35, 40, 40]
    assert games.riding(dealer.night) == 5


def test_the_deal_form_leaves_out_a_player_with_no_lives(dealer, four):
    """A player out of lives ticked in by hand is refused, and nothing is dealt."""
    ann, *_ = four
    start(dealer, GAME, **STACK)
    dealer.press("Next: Deal one")
    for number, dealer_name in enumerate(["Ann", "Bob", "Cat"]):
        cards = {"Ann": "Ah", "Bob": "4d", "Cat": "Qc", "Dan": "5s"}
        round_to_the_showdown(dealer, cards, four)
        book(dealer)
        if number < 2:
            next_round(dealer, dealer_name, ["Ann", "Bob", "Cat", "Dan"])
    # Ann lost three rounds: 40 - 15 = 25, and is out.
    assert dealer.stacks(*four)[0] == 25
    hands_before = dealer.night.hands.count()
    page = dealer.page()
    form = dealer.form("Deal", page)
    assert str(ann.pk) not in form.data()["players"]
    ticked = [str(s.pk) for s in four]
    body = dealer.press("Deal", page=page, expect=400, players=ticked)
    assert "Ann" in body
    assert dealer.night.hands.count() == hands_before
    assert [f for f in forms(body) if "Deal" in [b[0] for b in f.buttons]]


# Liar's Poker, from its rule page: two quarters each, set out on the first deal only, are
# the lives. Hands are bid until someone calls; everyone's cards are pooled and checked. By
# default whoever loses the call puts a quarter in the middle (a quarter is 5 chips), where
# the quarters wait for the last player who still has one; when the named hand is missing,
# the player who named it loses the quarter. With "Straight to the player who won that call",
# the loser hands the quarter to the winner instead. Players out of quarters are not dealt in.

LIARS = "liars-poker"


def call_settled(deal, first: bool = False, **booked) -> None:
    """One deal to its settling step, the lost quarter booked: `rule words` -> roles."""
    if first:
        deal.press("Next: Deal")
    deal.press("Next: Name hands")
    deal.press("Next: Pool the cards")
    deal.press("Next: Lose a quarter")
    for words, roles in booked.items():
        deal.press(words.replace("_", " "), **{f"role-{r}": str(s.pk) for r, s in roles.items()})


LOSES = "Whoever loses the call puts one"


def test_liars_poker_the_last_player_with_a_quarter_takes_the_middle(dealer, four):
    ann, _bob, cat, dan = four
    page = start(dealer, LIARS)
    assert "Two quarters each" in page
    call_settled(dealer, first=True, **{LOSES: {"loser": cat}})
    # Cat loses a call: 40 - 5 = 35; the quarter waits in the middle.
    assert dealer.stacks(*four) == [40, 40, 35, 40]
    assert "Cat: 1 life left" in lives_shown(dealer.page())
    dealer.press("End this deal: the pot rides")
    assert games.riding(dealer.night) == 5

    next_round(dealer, "Ann", ["Ann", "Bob", "Cat", "Dan"])
    assert "Two quarters each" not in dealer.page()
    call_settled(dealer, **{LOSES: {"loser": cat}})  # Cat 30, out; the middle 10
    dealer.press("End this deal: the pot rides")
    next_round(dealer, "Bob", ["Ann", "Bob", "Dan"])
    call_settled(dealer, **{LOSES: {"loser": ann}})  # Ann 35; the middle 15
    dealer.press("End this deal: the pot rides")
    # The deal passes Cat, who is out.
    next_round(dealer, "Dan", ["Ann", "Bob", "Dan"])
    call_settled(dealer, **{LOSES: {"loser": dan}})  # Dan 35; the middle 20
    dealer.press("End this deal: the pot rides")
    next_round(dealer, "Ann", ["Ann", "Bob", "Dan"])
    call_settled(dealer, **{LOSES: {"loser": ann}})  # Ann 30, out; the middle 25
    dealer.press("End this deal: the pot rides")
    assert dealer.stacks(*four) == [30, 40, 30, 35]
    next_round(dealer, "Bob", ["Bob", "Dan"])
    call_settled(dealer, **{LOSES: {"loser": dan}})  # Dan 30, out; the middle 30
    # Bob alone has a quarter left: ending the deal gives him the middle, 40 + 30 = 70.
    page = dealer.page()
    assert lives_shown(page) == ["Ann: out", "Bob: 2 lives left", "Cat: out", "Dan: out"]
    dealer.press("End the game: Bob, the last with a life, takes the pot")
    # 30 + 70 + 30 + 30 = 160.
    assert dealer.stacks(*four) == [30, 70, 30, 30]
    assert games.riding(dealer.night) == 0
    assert dealer.night.runs.get().status == Run.Status.ENDED


def test_liars_poker_quarters_paid_straight_to_the_winner(dealer, four):
    ann, bob, cat, dan = four
    start(dealer, LIARS, **{"setting__lost-quarters": "to-winner"})
    to_winner = "Whoever loses the call hands one"
    missing = "The called hand is not there"
    call_settled(dealer, first=True, **{to_winner: {"loser": cat, "winner": ann}})
    # Cat hands Ann a quarter: Cat 35, Ann 45. Nothing rides, yet the game goes on.
    dealer.press("End this deal")
    assert dealer.night.runs.get().status == Run.Status.OPEN
    next_round(dealer, "Ann", ["Ann", "Bob", "Cat", "Dan"])
    # Bob named a hand that is not there and Dan called it: Bob hands Dan a quarter.
    call_settled(dealer, **{missing: {"actor": bob, "winner": dan}})  # Bob 35, Dan 45
    dealer.press("End this deal")
    next_round(dealer, "Bob", ["Ann", "Bob", "Cat", "Dan"])
    call_settled(dealer, **{to_winner: {"loser": cat, "winner": bob}})  # Cat 30, out; Bob 40
    dealer.press("End this deal")
    next_round(dealer, "Dan", ["Ann", "Bob", "Dan"])
    call_settled(dealer, **{to_winner: {"loser": ann, "winner": dan}})  # Ann 40; Dan 50
    dealer.press("End this deal")
    next_round(dealer, "Ann", ["Ann", "Bob", "Dan"])
    call_settled(dealer, **{to_winner: {"loser": bob, "winner": ann}})  # Bob 35, out; Ann 45
    dealer.press("End this deal")
    next_round(dealer, "Dan", ["Ann", "Dan"])
    call_settled(dealer, **{to_winner: {"loser": ann, "winner": dan}})  # Ann 40, out; Dan 55
    dealer.press("End this deal")
    # Dan alone has a quarter left: the game is over. 40 + 35 + 30 + 55 = 160.
    assert dealer.stacks(*four) == [40, 35, 30, 55]
    assert dealer.night.runs.get().status == Run.Status.ENDED
