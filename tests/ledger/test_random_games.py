"""Random deals of random rulebook games: every firing of a money rule conserves chips.

The pure tests pick a game from the rulebook (`rulebook.loader.load_games`,
no database), switch on random options and pick a random answer to each of
its settings, then fire a random sequence of the money rules in force for
that table through `ledger.core.charges.charge`, with random roles, counts, bets
and agreed amounts, on a table of random stacks and pots. The transfers are
applied to a dict of balances over every account (each seat's stack and
marker, the pot, the next pot, the infraction side pot and the bank), and
after every firing:

- the chips over every account are what they were before the deal;
- no stack and no pot is below zero;
- a marker is never above zero, and below zero only where the table's
  shortfall policy, after the game's own rules (`game_shortfall`), is "marker";
- a payment capped by a fixed amount or a fraction of the pot is within it;
- a refused firing raises `ChargeError` (nothing else) and leaves the table
  as it was.

The database test plays several deals of a game whose pot rides (Guts most
often) through the real ledger: antes, random firings of the game's rules
through `money_rules.charge`, in most deals losers matching (or paying their
penalty) into the next pot, then random awards (a pot nobody wins rides or
goes back). After each step the journal balances, no chips leave the table,
no stack or pot is below zero, a refused write leaves no row, an award pays
out or rides exactly the pot, and the next deal opens with exactly what rode.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from ledger.core.charges import (
    BANK,
    DERIVED_ROLES,
    NEXT_POT,
    POT,
    SEAT_ROLES,
    SIDE_POT,
    ChargeError,
    Firing,
    TableAtFiring,
    charge,
    effects,
    game_shortfall,
    marker,
    stack,
)
from ledger.models import Account, Entry, Person, Run
from ledger.selectors import game_setup
from ledger.services import games, hands, money_rules, runs, seating
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.loader import load_games
from tests.ledger.conftest import confirm_ante, journal_rows

HOST = "host:host"
GAMES = sorted(load_games(), key=lambda game: game.slug)
BY_SLUG = {game.slug: game for game in GAMES}
# Chips one unit of money buys: chips of 0.05, 0.10, 0.25 and 1.
RATES = [Fraction(20), Fraction(10), Fraction(4), Fraction(1)]
# No explain phase: it replays a failing example many times for little more insight.
QUICK = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]


# --- The pure layer -----------------------------------------------------------------------------


def table_of(data, game):
    """The rules in force for random options and settings of `game`, and the night's policy."""
    options = []
    for option in game.options:
        clash = any(other in option.excludes or option.id in other.excludes for other in options)
        if not clash and data.draw(st.booleans(), label=f"option {option.id}"):
            options.append(option)
    chosen = {
        setting.id: data.draw(st.sampled_from(sorted(setting.choices)), label=setting.id)
        for setting in game.settings
    }
    rules = list(dealer.money_rules(game, options, chosen).values())
    night = data.draw(st.sampled_from(["pay_what_you_have", "marker"]), label="night")
    return rules, night


def moves_chips(rule):
    """A rule with a payer, a payee and no points: one that may move chips."""
    quiet = (None, "nobody")
    points = rule.amount is not None and rule.amount.points is not None
    return rule.payer not in quiet and rule.payee not in quiet and not points


def agreed_names(rules):
    # Every amount a rule names, a bet's least and most included.
    return sorted({a.agreed for r in rules for a in r.amounts() if a.agreed})


def draw_table(data, rules, night):
    """A table of 2-7 seats from the dealer's left, a dealer in or out of the hand, random chips."""
    ids = data.draw(st.lists(st.integers(1, 60), min_size=3, max_size=8, unique=True), label="ids")
    dealer_in = data.draw(st.booleans(), label="dealer in the hand")
    seats = tuple(ids[:-1]) + ((ids[-1],) if dealer_in else ())
    chips = st.integers(0, 120)
    agreed = {}
    for name in agreed_names(rules):
        if data.draw(st.integers(0, 9), label="agreed named") > 0:  # now and then unnamed
            agreed[name] = data.draw(st.integers(0, 40), label=name)
    return TableAtFiring(
        seats=seats,
        dealer=ids[-1],
        stacks={seat: data.draw(chips, label="stack") for seat in ids},
        pot=data.draw(chips, label="pot"),
        next_pot=data.draw(st.integers(0, 60), label="next pot"),
        side_pot=data.draw(st.integers(0, 30), label="side pot"),
        contributions={s: data.draw(st.integers(0, 30), label="put in") for s in seats},
        ante=data.draw(st.none() | st.integers(0, 5), label="ante"),
        min_bet=data.draw(st.none() | st.integers(1, 5), label="min bet"),
        chips_per_money=data.draw(st.none() | st.sampled_from(RATES), label="rate"),
        agreed=agreed,
        shortfall=game_shortfall(rules, night),
    )


def draw_firing(data, rule, table):
    """Random facts for one firing: who plays each role, how many times, a bet now and then."""
    order = list(table.order)
    roles = {}
    needed = {p for p in (rule.payer, rule.payee) if p in SEAT_ROLES and p not in DERIVED_ROLES}
    extra = data.draw(st.sets(st.sampled_from(sorted(SEAT_ROLES)), max_size=2), label="roles")
    for role in sorted(needed | extra):
        if role in needed and data.draw(st.integers(0, 19), label="forget") == 0:
            continue  # the caller forgot a role the rule needs: refused
        least = 0 if data.draw(st.integers(0, 9), label="nobody in it") == 0 else 1
        roles[role] = tuple(
            data.draw(
                st.lists(st.sampled_from(order), min_size=least, max_size=3, unique=True),
                label=role,
            )
        )
    count = data.draw(
        st.integers(0, 4)
        | st.dictionaries(st.sampled_from(order), st.integers(0, 3), max_size=4)
        | st.just(-1),
        label="count",
    )
    bet = data.draw(st.none() | st.none() | st.integers(0, 60) | st.just(-2), label="bet")
    return Firing(roles=roles, count=count, bet=bet)


def balances_of(table):
    """Every account's chips: stacks, markers, the pots and the bank."""
    held = {POT: table.pot, NEXT_POT: table.next_pot, SIDE_POT: table.side_pot, BANK: 0}
    for seat, chips in table.stacks.items():
        held[stack(seat)] = chips
        held[marker(seat)] = 0
    return held


def after(table, held, contributions):
    """The table the next firing sees, from the balances the last one left."""
    return TableAtFiring(
        seats=table.seats,
        dealer=table.dealer,
        stacks={seat: held[stack(seat)] for seat in table.stacks},
        pot=held[POT],
        next_pot=held[NEXT_POT],
        side_pot=held[SIDE_POT],
        contributions=contributions,
        ante=table.ante,
        min_bet=table.min_bet,
        chips_per_money=table.chips_per_money,
        agreed=table.agreed,
        shortfall=table.shortfall,
    )


def payer(transfer):
    """Who pays: a seat (from its stack or its marker) or a pot."""
    return transfer.source.seat if transfer.source.seat is not None else transfer.source.kind


def cap_in_chips(rule, table):
    """The cap for the units worked out here from the data alone; None for the others."""
    cap = rule.cap
    if cap is None:
        return None
    if cap.chips is not None:
        return cap.chips
    if cap.money is not None and table.chips_per_money is not None:
        return Fraction(cap.money) * table.chips_per_money  # not whole: the rule is refused
    if cap.pot is not None:
        exact = Fraction(cap.pot) * table.pot
        return math.ceil(exact) if cap.rounding == "up" else math.floor(exact)
    return None


@pytest.mark.pure
@settings(
    max_examples=300,
    deadline=None,
    phases=QUICK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_firings_of_random_games_conserve_chips_and_keep_every_pot_whole(data):
    game = BY_SLUG[data.draw(st.sampled_from(sorted(BY_SLUG)), label="game")]
    rules, night = table_of(data, game)
    movers = [r for r in rules if moves_chips(r)]
    if not movers:
        return
    table = draw_table(data, rules, night)
    held = balances_of(table)
    total = sum(held.values())
    contributions = dict(table.contributions)
    for _ in range(data.draw(st.integers(1, 8), label="firings")):
        # Mostly rules that move chips; now and then one that only describes.
        rule_id = data.draw(
            st.sampled_from([r.id for r in movers]) | st.sampled_from([r.id for r in rules]),
            label="rule",
        )
        rule = next(r for r in rules if r.id == rule_id)
        firing = draw_firing(data, rule, table)
        before = copy.deepcopy(table)
        try:
            transfers = charge(rule, table, firing)
        except ChargeError:
            assert table == before  # refused: nothing changed
            event("refused")
            continue
        assert table == before
        event("moved chips" if transfers else "moved nothing")
        if any(t.source.kind == "marker" for t in transfers):
            event("a marker")
        moved = effects(transfers)
        assert sum(moved.values()) == 0
        cap = cap_in_chips(rule, table)
        for t in transfers:
            assert t.chips > 0
            assert t.source != t.target
            if cap is not None:
                # A payer pays each payee at most the cap (a seat from stack and marker together).
                paid = sum(
                    x.chips for x in transfers if payer(x) == payer(t) and x.target == t.target
                )
                assert paid <= cap, (rule.id, paid, cap)
            held[t.source] -= t.chips
            held[t.target] += t.chips
            if t.target == POT and t.source.seat is not None:
                contributions[t.source.seat] = contributions.get(t.source.seat, 0) + t.chips
        assert sum(held.values()) == total
        for account, chips in held.items():
            if account.kind in ("stack", "pot", "next_pot", "side_pot"):
                assert chips >= 0, (rule.id, account, chips)
            elif account.kind == "marker":
                assert chips <= 0, (rule.id, account, chips)
                assert chips == 0 or table.shortfall == "marker", (rule.id, account)
        table = after(table, held, contributions)


@pytest.mark.pure
@settings(max_examples=150, deadline=None, phases=QUICK)
@given(st.data())
def test_a_game_that_keeps_a_broke_player_in_never_writes_a_marker(data):
    # Trash Poker's broke player stays in and owes nothing, on any night (M8, M39).
    whole_pot = [g.slug for g in GAMES if any(r.kind == "all_in_whole_pot" for r in g.money)]
    game = BY_SLUG[data.draw(st.sampled_from(whole_pot), label="game")]
    rules, _ = table_of(data, game)
    assert game_shortfall(rules, "marker") == "pay_what_you_have"
    table = draw_table(data, rules, "marker")
    for rule in rules:
        try:
            transfers = charge(rule, table, draw_firing(data, rule, table))
        except ChargeError:
            continue
        assert all(t.source.kind != "marker" for t in transfers)


@pytest.mark.pure
@settings(max_examples=100, deadline=None, phases=QUICK)
@given(st.data())
def test_rules_that_move_no_chips_return_no_transfers(data):
    # Points, payments to or from nobody, rules with no payer: they describe, they do not charge.
    quiet = {
        (g.slug, r.id): r
        for g in GAMES
        for r in [*g.money, *(m for o in g.options for m in o.money)]
        if not moves_chips(r)
    }
    rule = quiet[data.draw(st.sampled_from(sorted(quiet)), label="rule")]
    table = draw_table(data, [rule], "marker")
    assert charge(rule, table, draw_firing(data, rule, table)) == []


# --- The database: deals of a game whose pot rides -----------------------------------------------

RIDING_GAMES = sorted(g.slug for g in GAMES if g.deals is not None)


def account_chips(night) -> dict[str, int]:
    rows = Account.objects.filter(night=night).annotate(total=Sum("entries__amount"))
    return {a.key: a.total or 0 for a in rows}


def check_night(night, bought: int) -> dict[str, int]:
    """The journal balances, no chips left the table, no stack or pot below zero."""
    held = account_chips(night)
    assert sum(held.values()) == 0
    assert sum(Entry.objects.filter(posting__night=night).values_list("amount", flat=True)) == 0
    assert held.get(Account.key_for("bank", None, None), 0) == -bought
    for key, chips in held.items():
        kind = key.split(":", 1)[0]
        if kind in ("stack", "pot", "riding", "infraction", "carried"):
            assert chips >= 0, (key, chips)
        elif kind == "marker":
            assert chips <= 0, (key, chips)
    return held


def riding(night) -> int:
    return account_chips(night).get(Account.key_for("riding", None, None), 0)


@pytest.mark.django_db
@settings(
    max_examples=15,
    deadline=None,
    phases=QUICK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_deals_of_a_riding_game_lose_no_chips_when_the_pot_rides(data):
    # Each example runs in a savepoint that is rolled back, so none sees another's rows.
    with transaction.atomic():
        play_riding_game(data)
        transaction.set_rollback(True)


def play_riding_game(data) -> None:
    # Guts three times as often as any other game whose pot rides.
    slug = data.draw(st.sampled_from(["guts-three-card"] * 2 + RIDING_GAMES), label="game")
    spec = BY_SLUG[slug]
    rules = [*spec.money, *(r for o in spec.options for r in o.money)]
    matches = [
        r
        for r in rules
        if r.payee == "next_pot" and r.payer in SEAT_ROLES and r.payer not in DERIVED_ROLES
    ]
    host, _ = get_user_model().objects.get_or_create(username="random-host")
    group = seating.group_create(host=host, name="Random regulars")
    night = seating.night_create(
        host=host,
        group=group,
        name="Random game",
        chips=[("white", "0.05")],
        settings={
            "ante": data.draw(st.integers(0, 3), label="ante"),
            "shortfall": data.draw(st.sampled_from(["pay_what_you_have", "marker"])),
            "no_winner": data.draw(st.sampled_from(["ride", "return"]), label="no winner"),
        },
    )
    seats = [
        seating.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
        for i in range(data.draw(st.integers(2, 5), label="players"))
    ]
    bought = 0
    for seat in seats:
        chips = data.draw(st.integers(1, 60), label="buy-in")
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=HOST)
        bought += chips
    check_night(night, bought)
    for number in range(data.draw(st.integers(2, 4), label="deals")):
        carried = riding(night)
        hand = hands.hand_start(
            night=night,
            players=seats,
            dealer=seats[number % len(seats)],
            recorded_by=HOST,
            game_slug=slug,
        )
        # What rode from the last deal is all in this deal's pot, and nothing still rides.
        assert hands.load(hand).pot == carried
        assert riding(night) == 0
        check_night(night, bought)
        if data.draw(st.booleans(), label="antes"):
            attempt(night, lambda h=hand: hands.load(h).collect_antes(recorded_by=HOST))
            check_night(night, bought)
        order = list(hand.seat_order)
        for _ in range(data.draw(st.integers(0, 4), label="firings")):
            rule = data.draw(st.sampled_from(rules), label="rule")
            event(f"fired {rule.kind}")
            fire_at_random(data, night, hand, rule, bought)
        # The showdown: most deals, some losers match (or pay their penalty) into the next pot.
        if matches and data.draw(st.integers(0, 3), label="match") > 0:
            rule = data.draw(st.sampled_from(matches), label="match rule")
            losers = data.draw(st.lists(st.sampled_from(order), min_size=1, unique=True))
            before = riding(night)
            if fire_at_random(data, night, hand, rule, bought, roles={rule.payer: losers}):
                assert riding(night) > before
                event("losers paid into the next pot")
        award_at_random(data, night, hand, bought)


def fire_at_random(data, night, hand, rule, bought: int, roles=None) -> bool:
    """Fire `rule` with random facts; whether the ledger booked it. The night is checked."""
    order = list(hand.seat_order)
    if roles is None:
        roles = {
            party: data.draw(st.lists(st.sampled_from(order), max_size=3, unique=True))
            for party in (rule.payer, rule.payee)
            if party in SEAT_ROLES and party not in DERIVED_ROLES
        }
    facts = {
        "roles": roles,
        "count": data.draw(st.integers(0, 3), label="count"),
        "bet": data.draw(st.none() | st.none() | st.integers(0, 20), label="bet"),
        "agreed": {n: data.draw(st.integers(0, 20), label=n) for n in agreed_names([rule])},
    }
    booked = attempt(
        night,
        lambda: money_rules.charge(hands.load(hand), rule.id, recorded_by=HOST, **facts),
    )
    check_night(night, bought)
    return booked


def attempt(night, write) -> bool:
    """A write the ledger may refuse; refused, it leaves not one row. Whether it was booked."""
    before = journal_rows(night)
    try:
        write()
    except LedgerError:
        assert journal_rows(night) == before
        event("refused")
        return False
    event("booked")
    return True


def award_at_random(data, night, hand, bought: int) -> None:
    """Each pot to a random seat that can win it, or to nobody (it rides or goes back)."""
    play = hands.load(hand)
    built = play.showdown_pots()
    pot, carried = play.pot, riding(night)
    winners = [
        data.draw(st.lists(st.sampled_from(sorted(p.eligible)), max_size=2, unique=True))
        if p.eligible
        else []
        for p in built
    ]
    try:
        posting = play.award(winners=winners, recorded_by=HOST)
    except LedgerError:
        # A pot that cannot go back (chips were paid out of it): it goes to its first seat.
        winners = [sorted(p.eligible)[:1] for p in built]
        posting = hands.load(hand).award(winners=winners, recorded_by=HOST)
    held = check_night(night, bought)
    # The pot is empty; what it did not pay out rides, chip for chip.
    assert held.get(Account.key_for("pot", None, hand.pk), 0) == 0
    assert riding(night) - carried == posting.detail["riding"]
    paid_out = sum(posting.detail["payouts"].values())
    assert paid_out + posting.detail["riding"] == pot


@pytest.mark.django_db
@settings(
    max_examples=12,
    deadline=None,
    phases=QUICK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_a_finished_game_over_several_deals_leaves_no_pot_behind(data):
    """Played as the table does (a `Run`): it ends by itself, or the host ends it, pot empty."""
    with transaction.atomic():
        play_a_run(data)
        transaction.set_rollback(True)


def play_a_run(data) -> None:
    slug = data.draw(st.sampled_from(["guts-three-card"] * 2 + RIDING_GAMES), label="game")
    host, _ = get_user_model().objects.get_or_create(username="random-host")
    group = seating.group_create(host=host, name="Random regulars")
    night = seating.night_create(
        host=host,
        group=group,
        name="Random run",
        chips=[("white", "0.05")],
        settings={"shortfall": data.draw(st.sampled_from(["pay_what_you_have", "marker"]))},
    )
    seats = [
        seating.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
        for i in range(data.draw(st.integers(2, 4), label="players"))
    ]
    bought = 0
    for seat in seats:
        chips = data.draw(st.integers(5, 60), label="buy-in")
        seating.buy_in(night=night, seat=seat, chips=chips, recorded_by=HOST)
        bought += chips
    confirm_ante(night, slug)
    run = runs.run_start(night=night, game_slug=slug, recorded_by=HOST)
    rules = list(games.rules_in_force(run).values())
    for number in range(data.draw(st.integers(1, 4), label="deals")):
        run.refresh_from_db()
        if run.status != Run.Status.OPEN:
            break
        # As the deal form does: a player who lost every life is not dealt in again.
        out = game_setup.out_of_lives(run)
        players = [seat for seat in seats if seat.pk not in out]
        if len(players) < 2:
            break
        hand = runs.deal_start(
            run=run, players=players, dealer_seat=players[number % len(players)], recorded_by=HOST
        )
        if data.draw(st.booleans(), label="antes"):
            attempt(night, lambda h=hand: hands.load(h).collect_antes(recorded_by=HOST))
        for _ in range(data.draw(st.integers(0, 3), label="firings")):
            fire_at_random(data, night, hand, data.draw(st.sampled_from(rules)), bought)
        if data.draw(st.booleans(), label="nobody wins"):
            # Nobody stays in: the game's own rule makes the pot ride to its next deal.
            play = hands.load(hand)
            play.award(winners=[[] for _ in play.showdown_pots()], recorded_by=HOST)
            check_night(night, bought)
        else:
            award_at_random(data, night, hand, bought)
    run.refresh_from_db()
    if run.status == Run.Status.OPEN:
        ending = data.draw(st.sampled_from([e.value for e in runs.EARLY_ENDINGS]), label="end")
        rode = riding(night)
        runs.run_end(run=run, ending=ending, recorded_by=HOST)
        event(f"ended early: {ending}")
        if ending == Run.Ending.CARRIED:
            assert runs.carried_pots(night) == ({slug: rode} if rode else {})
    else:
        event("ended by play")
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED
    assert riding(night) == 0
    assert games.open_run(night) is None
    check_night(night, bought)
