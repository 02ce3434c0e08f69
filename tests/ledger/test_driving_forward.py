"""Driving every seed game forward on the real ledger ends it with no chips left in limbo.

For each game, with random options and settings, the table takes the one
forward move `ledger.core.flow` offers at every step — next step, open the named
betting round (everyone checks or calls, sometimes all fold to one), the
showdown, the fold-out award, ending the deal — for at most three deals, and
then the host ends the game if its pot still rides. Afterwards no pot holds
a chip, nothing rides, no stack is negative and the journal sums to zero.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.core import betting, flow
from ledger.models import Account, Entry, Hand, Person
from ledger.selectors import state
from ledger.services import closing, games, hands, runs, seating
from tests.ledger.conftest import confirm_ante, journal_total
from tests.ledger.test_flow import GAMES, PLAYED, table_choices

pytestmark = pytest.mark.django_db

WHO = "host:host"
MOST_DEALS = 3


def seated(night, group, names=("Ann", "Bob", "Cat")):
    seats = []
    for name in names:
        person = Person.objects.create(group=group, name=name)
        seat = seating.seat_add(night=night, person=person)
        seating.buy_in(night=night, seat=seat, chips=500, recorded_by=WHO)
        seats.append(seat)
    return seats


def bet_through(hand: Hand, draw) -> None:
    """Everyone checks or calls; now and then everyone but one folds."""
    fold_all = draw(st.integers(0, 6)) == 0
    for _ in range(50):
        play = hands.load(hand)
        now = play.state
        if not now.betting_open:
            return
        seat_id = betting.next_to_act(now.round)
        legal = betting.legal(now.round, seat_id)
        left = [s for s in hand.seat_order if s not in now.folded]
        if fold_all and len(left) > 1 and "fold" in legal:
            action = "fold"
        else:
            action = next(a for a in ("check", "call", "all_in", "fold") if a in legal)
        play.act(play.seats[seat_id], action, recorded_by=WHO)
    raise AssertionError("the betting round never closed")


def award(hand: Hand, *, nobody: bool = False) -> None:
    """The first player still in takes every pot they can; in a declare game, everyone says high."""
    play = hands.load(hand)
    pots = play.showdown_pots()
    if nobody:
        play.award(winners=[[] for _ in pots], recorded_by=WHO)
        return
    game = state.game_info(hand)
    left = [s for s in hand.seat_order if s not in play.state.folded]
    if game.declare:
        declared = dict.fromkeys(left, "high")
        high, low = play.declared_winners(declared, [[s] for s in left], [])
        play.award(winners=high, low_winners=low, recorded_by=WHO)
        return
    winners = [[next(s for s in left if s in pot.eligible)] for pot in pots]
    low = [[] for _ in pots] if game.high_low else None
    play.award(winners=winners, low_winners=low, recorded_by=WHO)


def name_what_the_step_asks(hand: Hand, steps, draw) -> None:
    """The dealer records the step's next question: who drops out (any of those still in, even
    everyone) or who knocked (one of them). The way forward is read again after each."""
    step = steps[flow.index_of(steps, hand.step)]
    state_now = hands.load(hand).state
    seats = {s.pk: s for s in hand.night.seats.select_related("person")}
    said = {r for r, (_, at) in state_now.named.items() if at == hand.step}
    asked = next(a for a in step.asks if a.role not in said)
    left = [s for s in hand.seat_order if s not in state_now.folded]
    if asked.many:
        chosen = [s for s in left if draw(st.booleans())]
    else:
        chosen = [draw(st.sampled_from(left))]
    hands.name_role(hand=hand, role=asked.role, seats=[seats[s] for s in chosen], recorded_by=WHO)


def drive_hand(hand: Hand, draw) -> list[str]:
    moves = []
    for _ in range(200):
        hand.refresh_from_db()
        steps = games.steps(hand.run)
        ahead = flow.forward(steps, hand.step or None, hands.situation(hand))
        moves.append(ahead.move)
        if ahead.move == "next_deal":
            return moves
        if ahead.move == "next":
            games.step_to(hand=hand, step=ahead.step)
        elif ahead.move == "open_round":
            hands.load(hand).round_start(recorded_by=WHO)
        elif ahead.move == "betting":
            bet_through(hand, draw)
        elif ahead.move in ("showdown", "fold_out"):
            award(hand)
        elif ahead.move in ("end_deal", "all_out"):
            award(hand, nobody=True)
        elif ahead.move == "name":
            name_what_the_step_asks(hand, steps, draw)
    raise AssertionError(f"the hand never ended: {moves[-12:]}")


@pytest.mark.parametrize("slug", PLAYED)
@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_driving_forward_ends_every_game_with_no_chips_in_limbo(slug, data, host, group):
    night = seating.night_create(
        host=host, group=group, name=f"Forward {slug}", chips=[("white", "1")]
    )
    seats = seated(night, group)
    options, chosen = table_choices(GAMES[slug], data.draw)
    confirm_ante(night, slug)
    run = runs.run_start(
        night=night,
        game_slug=slug,
        options=[o.id for o in options],
        settings=chosen,
        recorded_by=WHO,
    )
    # A game of fewer players (Pokino's two) is dealt to as many as it takes, the deal passing.
    players = seats[: GAMES[slug].players.max or len(seats)]
    for number in range(MOST_DEALS):
        dealer_seat = players[number % len(players)]
        hand = runs.deal_start(run=run, players=players, dealer_seat=dealer_seat, recorded_by=WHO)
        moves = drive_hand(hand, data.draw)
        assert moves.count("open_round") <= len(flow.betting_steps(games.steps(run)))
        run.refresh_from_db()
        if run.status != run.Status.OPEN:
            break
    if run.status == run.Status.OPEN:
        runs.run_end(run=run, ending="returned", recorded_by=WHO)
    pots = Entry.objects.filter(
        account__night=night, account__kind__in=[Account.Kind.POT, Account.Kind.RIDING]
    )
    assert sum(pots.values_list("amount", flat=True)) == 0
    assert games.riding(night) == 0
    assert all(chips >= 0 for chips in closing.booked_stacks(night).values())
    assert journal_total(night) == 0
