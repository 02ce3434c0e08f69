"""Live dealer mode under a night: a game chosen, its phases stepped through, its money booked.

Driven with the test client as the host would at the table. Every figure is
worked out by hand in the comments; chips are 0.05 each, so a quarter is 5.
"""

import re

import pytest

from ledger.models import Account, Hand, Posting, Run
from ledger.services import closing, games, runs, scores
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_rows, journal_total
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

GUTS = "guts-three-card"
ANN, BOB, CAT = 0, 1, 2


def stacks(night, seats):
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


def riding(night):
    return games.riding(night)


def go_to(client, night, phase_title: str):
    """The dealer moves the hand to a step, as the Next button does; every phone follows."""
    hand = night.hands.order_by("-number").first()
    step = next(p for p in games.steps(hand.run) if p.title == phase_title)
    return post(client, url("hand_step", night.pk, hand.pk), {"to": step.id})


def pots_key(client, night) -> str:
    page = text(client.get(url("deal", night.pk)))
    return re.search(r'name="pots" value="([^"]*)"', page)[1]


def start_guts(client, night, seats, **choices):
    data = {
        "game": GUTS,
        "options": ["coward-tax"],
        "agreed-the table's ante": "1",
        "dealer": str(seats[CAT].pk),
        "players": [str(s.pk) for s in seats],
    } | choices
    return post(client, url("game_start", night.pk), data)


def charge(client, night, rule, **facts):
    hand = night.hands.order_by("-number").first()
    return post(client, url("hand_charge", night.pk, hand.pk), {"rule": rule, **facts})


def showdown(client, night, fire=(), **facts):
    hand = night.hands.order_by("-number").first()
    assert go_to(client, night, "Show and settle").status_code == 303
    data = {"pots": pots_key(client, night), "fire": list(fire), **facts}
    return post(client, url("hand_showdown", night.pk, hand.pk), data)


def test_the_setup_page_offers_the_games_options_settings_and_agreed_amounts(table, night):
    page = text(table.get(url("game_new", night.pk) + f"?game={GUTS}"))
    assert "Coward tax" in page
    assert "Tables differ:" in page
    assert 'name="agreed-the table\'s ante"' in page


def test_a_guts_game_rides_over_three_deals_until_a_guts_call_goes_unchallenged(
    table, night, seats
):
    ann, bob, cat = (str(s.pk) for s in seats)
    assert start_guts(table, night, seats).status_code == 303
    run = Run.objects.get(night=night)
    assert run.options == ["coward-tax"]
    assert run.agreed == {"the table's ante": 1}

    # Deal 1: everyone antes 1 (pot 3); everybody passes, so Bob, whose hand
    # would have won, pays the quarter coward tax: 5 chips (pot 8). The pot rides.
    assert charge(table, night, "ante").status_code == 303
    assert charge(table, night, "coward-tax-pay", **{"role-best_hand": bob}).status_code == 303
    assert charge(table, night, "all-pass").status_code == 303
    assert showdown(table, night, nobody="1").status_code == 303
    assert stacks(night, seats) == [39, 34, 39]
    assert riding(night) == 8
    page = text(table.get(url("deal", night.pk)))
    assert "Pot rides: 8" in page
    run.refresh_from_db()
    assert run.status == Run.Status.OPEN

    # Deal 2: the 8 ride in. Ann says guts, Bob challenges and loses: he matches
    # the pot (8) into the next pot, and Ann takes the 8.
    assert (
        post(
            table, url("game_deal", night.pk, run.pk), {"dealer": ann, "players": [ann, bob, cat]}
        ).status_code
        == 303
    )
    response = showdown(
        table,
        night,
        fire=["challengers-match"],
        **{"challengers-match:role-losers": bob, "win-0": ann},
    )
    assert response.status_code == 303
    assert stacks(night, seats) == [47, 26, 39]
    # The next page says who paid whom and why.
    summary = text(table.get(response["Location"]))
    assert "Bob pays 8 to the next pot (The guts-er beats every challenger)" in summary
    assert "Ann wins 8" in summary
    assert riding(night) == 8

    # Deal 3: Ann says guts and nobody challenges: she takes the 8 and the game is over.
    post(table, url("game_deal", night.pk, run.pk), {"dealer": bob, "players": [ann, bob, cat]})
    assert showdown(table, night, **{"win-0": ann}).status_code == 303
    assert stacks(night, seats) == [55, 26, 39]
    assert riding(night) == 0
    run.refresh_from_db()
    assert (run.status, run.ending) == (Run.Status.ENDED, Run.Ending.WON)
    assert journal_total(night) == 0


def test_a_refused_booking_says_why_and_changes_nothing(table, night, seats):
    start_guts(table, night, seats)
    before = journal_rows(night)
    response = charge(table, night, "coward-tax-pay")  # who had the best hand?
    assert response.status_code == 400
    assert "Say best hand: " in text(response)
    response = charge(table, night, "gooch-half", **{"role-winner": str(seats[ANN].pk)})
    assert response.status_code == 400
    assert "no money rule 'gooch-half' in force" in text(response)
    assert journal_rows(night) == before


def test_a_game_ended_early_returns_the_riding_pot_in_proportion(table, night, seats):
    _ann, bob, _cat = (str(s.pk) for s in seats)
    start_guts(table, night, seats)
    charge(table, night, "ante")
    charge(table, night, "coward-tax-pay", **{"role-best_hand": bob})
    charge(table, night, "all-pass")
    showdown(table, night, nobody="1")
    run = Run.objects.get(night=night)
    # 8 riding: Ann put in 1, Bob 6, Cat 1. Back in proportion: 1, 6, 1.
    assert post(table, url("game_end", night.pk, run.pk), {"ending": "returned"}).status_code == 303
    assert stacks(night, seats) == [40, 40, 40]
    run.refresh_from_db()
    assert (run.status, run.ending) == (Run.Status.ENDED, Run.Ending.RETURNED)


def test_a_carried_pot_waits_for_the_next_game_of_the_same_kind(table, night, seats):
    bob = str(seats[BOB].pk)
    start_guts(table, night, seats)
    charge(table, night, "ante")
    charge(table, night, "coward-tax-pay", **{"role-best_hand": bob})
    charge(table, night, "all-pass")
    showdown(table, night, nobody="1")
    run = Run.objects.get(night=night)
    post(table, url("game_end", night.pk, run.pk), {"ending": "carried"})
    assert runs.carried_pots(night) == {GUTS: 8}
    assert riding(night) == 0
    # The night cannot end with chips carried: they must be played for or shared.
    with pytest.raises(LedgerError, match="still riding"):
        closing.night_end(night=night, counts={}, recorded_by="host:host")
    start_guts(table, night, seats)
    assert runs.carried_pots(night) == {}
    hand = Hand.objects.filter(night=night).order_by("-number").first()
    assert hand.run.number == 2
    assert Posting.objects.filter(night=night, kind="carry_in").count() == 1
    assert journal_total(night) == 0


def test_the_night_cannot_end_while_a_game_is_open(table, night, seats):
    start_guts(table, night, seats)
    charge(table, night, "ante")
    charge(table, night, "all-pass")
    showdown(table, night, nobody="1")
    with pytest.raises(LedgerError, match="still being played"):
        closing.night_end(night=night, counts={}, recorded_by="host:host")
    assert Account.objects.filter(night=night, kind=Account.Kind.RIDING).exists()


def test_chips_carried_for_a_game_never_played_again_are_shared_out_at_the_end(table, night, seats):
    bob = str(seats[BOB].pk)
    start_guts(table, night, seats)
    charge(table, night, "ante")  # 39 each
    charge(table, night, "coward-tax-pay", **{"role-best_hand": bob})  # Bob 34
    charge(table, night, "all-pass")
    showdown(table, night, nobody="1")
    run = Run.objects.get(night=night)
    post(table, url("game_end", night.pk, run.pk), {"ending": "carried"})
    assert "8 chips ($0.40) are still riding or carried" in text(table.get(url("end", night.pk)))
    # 8 shared three ways by seat: Ann 3, Bob 3, Cat 2.
    assert post(table, url("riding_share", night.pk)).status_code == 303
    assert stacks(night, seats) == [42, 37, 41]
    assert runs.carried_pots(night) == {}


def test_pokino_keeps_a_score_sheet_and_moves_no_chips(table, night, seats):
    ann, bob = (str(s.pk) for s in seats[:2])
    data = {"game": "pokino", "dealer": bob, "players": [ann, bob]}
    assert post(table, url("game_start", night.pk), data).status_code == 303
    before = journal_rows(night)
    # Ann takes three tricks at one point each; Bob has the better poker hand, a pair: 50.
    tricks = charge(table, night, "trick-point", **{"role-winner": ann, "count": "3"})
    assert tricks.status_code == 303
    hand = night.hands.get()
    page = text(table.get(url("deal", night.pk)))
    assert "Score sheet" in page
    response = post(
        table,
        url("hand_showdown", night.pk, hand.pk),
        {"pots": "", "fire": ["honor-pair"], "honor-pair:role-best_hand": bob},
    )
    assert response.status_code == 303
    assert scores.totals(hand.run) == {seats[ANN].pk: 3, seats[BOB].pk: 50}
    # The hand settles with an award of nothing: one posting, not one chip moved.
    assert journal_rows(night) == (before[0] + 1, before[1])
    assert stacks(night, seats) == [40, 40, 40]


def test_reading_the_dealer_screen_writes_nothing(table, night, seats):
    def written():
        return journal_rows(night), Account.objects.filter(night=night).count()

    before = written()  # no game yet: not even the riding pot's account is opened
    assert table.get(url("deal", night.pk)).status_code == 200
    assert written() == before
    start_guts(table, night, seats)
    before = written()
    for step in ("", "?step=1", "?step=3"):
        assert table.get(url("deal", night.pk) + step).status_code == 200
    assert written() == before
