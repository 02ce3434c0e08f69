"""Random nights: chips are conserved after every step, every pot is paid out, the night settles.

Hypothesis plays whole nights. The first test goes through the real services
and the journal: 2-6 players buy in, play a few hands of random legal actions
(all-ins and folds included), with undos at random moments (an award too,
which re-opens the hand), pots won by random ties, by nobody (the pot rides
or goes back, as the night says), or split high-low; re-buys, adjustments and
early leavers between hands; then the night ends on the booked counts. Every
write goes through `journal.once` with its own key, and some are sent twice.

After every step: the night's entries sum to zero (bank, stacks, pots and the
riding pot together), no account but the bank is below zero, the betting
round replayed from the journal matches the stacks the journal holds, and
after an award the hand's pot is empty. At the end the payments settle each
player's net exactly, and the nets in chips and in money sum to zero.

The second test plays the same kind of nights on the pure core alone
(betting, pots, settlement), many more of them.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from ledger.core import betting, pots
from ledger.core.settlement import fewest_transfers, settle_in_money
from ledger.models import Account, Entry, Hand, Person, Posting
from ledger.selectors import night_results
from ledger.services import closing, hands, journal, seating
from ledger.services.journal import LedgerError

HOST = "host:host"
MAX_ROUNDS = 4
STEPS_PER_HAND = 40  # after this many steps a hand stops undoing and plays out
CENT = Decimal("0.01")
# No explain phase: it replays a failing night hundreds of times for little more insight.
QUICK = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]

LIMITS = ["no_limit", "pot_limit", "cap"]


# Relative odds of each action when it is legal: folds end hands early, so fewer of them.
ACTION_ODDS = {"fold": 1, "check": 2, "call": 3, "bet": 2, "raise": 2, "all_in": 2}


def subset(data, items, *, min_size=0):
    """A random subset of `items`, sorted: often one, often all of them (a tie), at times none."""
    items = sorted(items)
    if not items:
        return []
    shape = data.draw(st.sampled_from(["one", "one", "all", "some", "none"]))
    if shape == "all":
        return items
    if shape == "none" and not min_size:
        return []
    if shape == "one" and min_size <= 1:
        return [data.draw(st.sampled_from(items))]
    chosen = data.draw(
        st.lists(st.sampled_from(items), unique=True, min_size=min_size, max_size=len(items))
    )
    return sorted(chosen)


def action_kind(data, kinds) -> str:
    return data.draw(st.sampled_from([k for k in sorted(kinds) for _ in range(ACTION_ODDS[k])]))


# Through the services and the journal


class Table:
    """One random night, driven through the services, checked after every write."""

    def __init__(self, data, night, seats):
        self.data = data
        self.night = night
        self.seats = {s.pk: s for s in seats}
        self.bought = dict.fromkeys(self.seats, 0)  # buy-ins and adjustments up
        self.cashed = dict.fromkeys(self.seats, 0)  # cash-outs and adjustments down
        self.keys = itertools.count()
        self.bank = journal.account(night, Account.Kind.BANK)
        self.riding = journal.account(night, Account.Kind.RIDING)

    def draw(self, strategy):
        return self.data.draw(strategy)

    # Writing

    def write(self, name, payload, do):
        """Record one write through `journal.once`; sometimes tap twice with the same key."""
        key = f"{name}-{next(self.keys)}"
        payload = {"write": name, **payload}

        def once():
            return journal.once(
                night=self.night,
                caller="host",
                key=key,
                payload=payload,
                write=lambda _locked: {"id": do().pk},
            )

        result = once()
        if self.draw(st.integers(0, 9)) == 0:
            before = rows(self.night)
            assert once() == result
            assert rows(self.night) == before
        self.check()
        return result["id"]

    def refused(self, do):
        """A write the ledger must refuse, changing nothing."""
        before = rows(self.night)
        with pytest.raises(LedgerError):
            journal.once(
                night=self.night,
                caller="host",
                key=f"bad-{next(self.keys)}",
                payload={},
                write=lambda _locked: {"id": do().pk},
            )
        assert rows(self.night) == before

    # Checking

    def balances(self) -> dict[int, tuple[str, int]]:
        found = (
            Entry.objects.filter(account__night=self.night)
            .values("account_id", "account__kind")
            .annotate(total=Sum("amount"))
        )
        return {r["account_id"]: (r["account__kind"], r["total"]) for r in found}

    def check(self) -> None:
        """Conservation, nothing negative, each posting balanced."""
        balances = self.balances()
        assert sum(total for _, total in balances.values()) == 0
        for kind, total in balances.values():
            if kind != Account.Kind.BANK:
                assert total >= 0, f"{kind} account at {total}"
        unbalanced = (
            Entry.objects.filter(posting__night=self.night)
            .values("posting_id")
            .annotate(total=Sum("amount"))
            .exclude(total=0)
        )
        assert not unbalanced.exists()

    def stack(self, seat_id: int) -> int:
        acc = journal.account(self.night, Account.Kind.STACK, seat=self.seats[seat_id])
        return journal.balances([acc])[acc.pk]

    def stacks(self) -> dict[int, int]:
        return closing.booked_stacks(self.night)

    def balance(self, acc) -> int:
        return journal.balances([acc])[acc.pk]

    def check_round(self, hand, now) -> None:
        """The round replayed from the journal holds the stacks the journal holds."""
        r = now.round
        if r is None:
            return
        back = betting.uncalled(r) if betting.is_complete(r) else None
        stacks = self.stacks()
        for seat_id, behind in r.stacks.items():
            returned = back[1] if back and back[0] == seat_id else 0
            assert stacks[seat_id] == behind + returned

    # Between hands

    def seated(self) -> list[int]:
        return [pk for pk, s in self.seats.items() if s.left_at is None]

    def buy_in(self, seat_id: int, chips: int) -> None:
        seat = self.seats[seat_id]
        self.write(
            "buy_in",
            {"seat": seat_id, "chips": chips},
            lambda: seating.buy_in(night=self.night, seat=seat, chips=chips, recorded_by=HOST),
        )
        self.bought[seat_id] += chips

    def between_hands(self) -> None:
        for _ in range(self.draw(st.integers(0, 2))):
            self.between_step(
                self.draw(st.sampled_from(["rebuy", "adjust", "cash_some", "leave", "bad"]))
            )
        # Everyone at the table has chips, and a hand needs two players.
        for seat_id in self.seated():
            if self.stack(seat_id) == 0 and self.draw(st.booleans()):
                self.buy_in(seat_id, self.draw(st.integers(1, 150)))
        with_chips = [s for s in self.seated() if self.stack(s) > 0]
        broke = [s for s in self.seated() if s not in with_chips]
        for seat_id in broke[: max(0, 2 - len(with_chips))]:
            self.buy_in(seat_id, self.draw(st.integers(1, 150)))

    def between_step(self, step: str) -> None:
        """A re-buy, an adjustment, a partial cash-out, a player leaving, or a refused write."""
        seat_id = self.draw(st.sampled_from(self.seated()))
        seat, stack = self.seats[seat_id], self.stack(seat_id)
        if step == "rebuy":
            self.buy_in(seat_id, self.draw(st.integers(1, 150)))
        elif step == "adjust":
            chips = self.draw(st.integers(-stack, 20).filter(bool))
            self.write(
                "adjust",
                {"seat": seat_id, "chips": chips},
                lambda: seating.adjust(
                    night=self.night, seat=seat, chips=chips, reason="recount", recorded_by=HOST
                ),
            )
            if chips > 0:
                self.bought[seat_id] += chips
            else:
                self.cashed[seat_id] -= chips
        elif step == "cash_some" and stack:
            chips = self.draw(st.integers(1, stack))
            self.write(
                "cash_out",
                {"seat": seat_id, "chips": chips},
                lambda: seating.cash_out(
                    night=self.night, seat=seat, chips=chips, recorded_by=HOST
                ),
            )
            self.cashed[seat_id] += chips
        elif step == "leave" and len(self.seated()) > 2:
            self.write(
                "leave",
                {"seat": seat_id},
                lambda: seating.leave(night=self.night, seat=seat, recorded_by=HOST),
            )
            self.cashed[seat_id] += stack
            seat.refresh_from_db()
            assert self.stack(seat_id) == 0
        elif step == "bad":
            self.refused(
                lambda: seating.cash_out(
                    night=self.night, seat=seat, chips=stack + 1, recorded_by=HOST
                )
            )

    # A hand

    def hand_start(self, *, flush: bool = False) -> Hand:
        able = [s for s in self.seated() if self.stack(s) > 0]
        players = subset(self.data, able, min_size=2)
        dealer = hands.next_dealer(self.night)
        if dealer is None or dealer.pk not in players or self.draw(st.booleans()):
            dealer = self.seats[self.draw(st.sampled_from(players))]
        riding = self.balance(self.riding)
        hand_id = self.write(
            "hand",
            {"players": players, "dealer": dealer.pk},
            lambda: hands.hand_start(
                night=self.night,
                players=[self.seats[p] for p in players],
                dealer=dealer,
                recorded_by=HOST,
                side_pots=flush or self.draw(st.integers(0, 5)) > 0,
            ),
        )
        hand = Hand.objects.get(pk=hand_id)
        # Chips riding from earlier hands are in this hand's pot now.
        assert self.balance(self.riding) == 0
        assert self.pot(hand) == riding
        return hand

    def pot(self, hand) -> int:
        return self.balance(journal.account(self.night, Account.Kind.POT, hand=hand))

    def play_hand(self) -> None:
        hand = self.hand_start()
        steps = 0
        while True:
            steps += 1
            calm = steps < STEPS_PER_HAND
            if hand.status == Hand.Status.SETTLED:
                # Sometimes the table re-opens the hand it just settled.
                if calm and self.draw(st.integers(0, 5)) == 0:
                    self.undo(hand)
                    continue
                return
            now = hands.load(hand).state
            self.check_round(hand, now)
            options = []
            if now.betting_open:
                options += ["act"] * 6 + ["out_of_turn"]
            else:
                if not now.rounds and not now.antes and self.antes_possible(hand):
                    options.append("antes")
                if now.rounds < MAX_ROUNDS and calm:
                    options += ["round"] * (4 if now.rounds < 2 else 1)
                options += ["award"]
            if calm:
                options.append("undo")
            step = self.draw(st.sampled_from(options))
            if step == "act":
                self.act(hand, now.round)
            elif step == "out_of_turn":
                waiting = [s for s in now.round.order if s != now.round.turn]
                if waiting:
                    seat = self.seats[self.draw(st.sampled_from(waiting))]
                    self.refused(
                        lambda seat=seat: hands.load(hand).act(
                            seat=seat, action="fold", recorded_by=HOST
                        )
                    )
            elif step == "antes":
                self.write(
                    "antes",
                    {"hand": hand.pk},
                    lambda: hands.load(hand).collect_antes(recorded_by=HOST),
                )
            elif step == "round":
                self.round_start(hand, now)
            elif step == "award":
                self.award(hand)
            else:
                self.undo(hand)

    def antes_possible(self, hand) -> bool:
        ante = hand.config["ante"]
        return ante > 0 and all(self.stack(s) >= ante for s in hand.seat_order)

    def round_start(self, hand, now) -> None:
        in_hand = [s for s in hand.seat_order if s not in now.folded]
        opener = self.seats[self.draw(st.sampled_from(in_hand))]
        blinds = []
        with_chips = [s for s in in_hand if self.stack(s) > 0]
        if not now.rounds and len(with_chips) >= 2 and self.draw(st.booleans()):
            big = hand.config["min_bet"]
            small, big_seat = with_chips[0], with_chips[1]
            blinds = [(self.seats[small], max(1, big // 2)), (self.seats[big_seat], big)]
        self.write(
            "round",
            {"hand": hand.pk, "opener": opener.pk, "blinds": [[s.pk, a] for s, a in blinds]},
            lambda: hands.load(hand).round_start(recorded_by=HOST, opener=opener, blinds=blinds),
        )

    def act(self, hand, r) -> None:
        seat_id = betting.next_to_act(r)
        kind = action_kind(self.data, betting.legal(r, seat_id))
        amount = 0
        if kind in ("bet", "raise"):
            low, high = betting.min_raise_to(r, seat_id), betting.max_raise_to(r, seat_id)
            if low - 1 > r.current_bet and self.draw(st.integers(0, 7)) == 0:
                # A raise below the minimum is refused with nothing written.
                self.refused(
                    lambda: hands.load(hand).act(
                        seat=self.seats[seat_id], action=kind, amount=low - 1, recorded_by=HOST
                    )
                )
            amount = self.draw(st.integers(low, high))
        event(f"action: {kind}")
        self.write(
            "act",
            {"hand": hand.pk, "seat": seat_id, "action": kind, "amount": amount},
            lambda: hands.load(hand).act(
                seat=self.seats[seat_id], action=kind, amount=amount, recorded_by=HOST
            ),
        )

    def award(self, hand, *, flush: bool = False) -> None:
        built = hands.load(hand).showdown_pots()
        in_pot = self.pot(hand)
        assert sum(p.amount for p in built) == in_pot
        riding_before = self.balance(self.riding)
        stacks_before = self.stacks()
        high_low = not flush and self.draw(st.integers(0, 3)) == 0
        winners, low_winners = [], [] if high_low else None
        for p in built:
            need = 1 if flush and p.eligible else 0
            winners.append(subset(self.data, p.eligible, min_size=need))
            if high_low:
                low_winners.append(subset(self.data, p.eligible))
        nobody = sum(
            p.amount
            for i, p in enumerate(built)
            if not winners[i] and not (low_winners and low_winners[i])
        )
        self.write(
            "award",
            {"hand": hand.pk, "winners": winners, "low": low_winners},
            lambda: hands.load(hand).award(
                winners=winners, low_winners=low_winners, recorded_by=HOST
            ),
        )
        hand.refresh_from_db()
        assert hand.status == Hand.Status.SETTLED
        event(f"award: {len(built)} pot(s)")
        event(f"award: {'high-low' if high_low else 'high only'}")
        if any(len(w) > 1 for w in winners):
            event("award: a tie")
        if nobody:
            event(f"award: nobody wins a pot, it {hand.config['no_winner']}s")
        # Every pot is paid out in full: to its winners, or riding, or back to who paid.
        assert self.pot(hand) == 0
        rides = self.balance(self.riding) - riding_before
        assert rides == (nobody if hand.config["no_winner"] == "ride" else 0)
        stacks = self.stacks()
        won = {s: stacks[s] - stacks_before[s] for s in stacks}
        assert all(chips >= 0 for chips in won.values())
        assert sum(won.values()) + rides == in_pot
        may_win = {
            s
            for i, p in enumerate(built)
            if winners[i] or (low_winners and low_winners[i])
            for s in p.eligible
        }
        may_get_back = {s for p in built for s in p.contributors}
        assert {s for s, chips in won.items() if chips} <= may_win | may_get_back

    def undo(self, hand) -> None:
        live = hand.postings.filter(reverses__isnull=True, reversed_by__isnull=True)
        if not live.exclude(kind="ride_in").exists():
            self.refused(lambda: hands.undo(hand=hand, recorded_by=HOST))
            return
        event(f"undo with the hand {hand.status}")
        self.write("undo", {"hand": hand.pk}, lambda: hands.undo(hand=hand, recorded_by=HOST))
        hand.refresh_from_db()

    # The end of the night

    def end(self) -> None:
        if self.balance(self.riding):
            # Chips still riding would leave the nets short: the night cannot end yet.
            counts = {s: self.stack(s) for s in self.seated()}
            self.refused(
                lambda: closing.night_end(night=self.night, counts=counts, recorded_by=HOST)
            )
            if self.draw(st.booleans()):
                event("end: one more hand for the riding chips")
                self.between_hands()
                hand = self.hand_start(flush=True)
                self.award(hand, flush=True)
            else:
                event("end: riding chips shared")
                self.write(
                    "share",
                    {},
                    lambda: closing.riding_share(night=self.night, recorded_by=HOST),
                )
            assert self.balance(self.riding) == 0
        seated = self.seated()
        counts = {s: self.stack(s) for s in seated}
        wrong = self.draw(st.sampled_from(seated))
        miscounted = {**counts, wrong: counts[wrong] + 1}
        self.refused(
            lambda: closing.night_end(night=self.night, counts=miscounted, recorded_by=HOST)
        )
        closing.night_end(night=self.night, counts=counts, recorded_by=HOST)
        self.check()
        for seat_id, chips in counts.items():
            self.cashed[seat_id] += chips
        assert self.stacks() == dict.fromkeys(self.seats, 0)
        assert self.balance(self.bank) == 0

        nets = closing.nets(self.night)
        assert nets == {s: self.cashed[s] - self.bought[s] for s in self.seats}
        assert sum(nets.values()) == 0
        results, payments = night_results.results(self.night)
        unit = Decimal(self.night.unit)
        money = {row.seat.pk: row.money for row in results}
        assert {row.seat.pk: row.chips for row in results} == nets
        assert sum(money.values()) == 0
        settled = dict.fromkeys(self.seats, Decimal(0))
        for p in payments:
            assert p.amount > 0
            settled[p.payer_id] -= p.amount
            settled[p.payee_id] += p.amount
        assert settled == money
        for seat_id, chips in nets.items():
            assert abs(money[seat_id] - chips * unit) < CENT
        losers_and_winners = sum(1 for m in money.values() if m)
        assert len(payments) <= max(0, losers_and_winners - 1)


def rows(night) -> tuple[int, int]:
    return (
        Posting.objects.filter(night=night).count(),
        Entry.objects.filter(posting__night=night).count(),
    )


@pytest.mark.django_db
@settings(
    max_examples=35,
    deadline=None,
    phases=QUICK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_nights_conserve_chips_after_every_step_and_settle(data):
    # Each example runs in a savepoint that is rolled back, so none sees another's rows.
    with transaction.atomic():
        play_night(data)
        transaction.set_rollback(True)


def play_night(data) -> None:
    host, _ = get_user_model().objects.get_or_create(username="random-host")
    group = seating.group_create(host=host, name="Random regulars")
    min_bet = data.draw(st.integers(1, 10))
    limit = data.draw(st.sampled_from(LIMITS))
    rules = {
        "ante": data.draw(st.integers(0, 3)),
        "min_bet": min_bet,
        "limit": limit,
        "cap": data.draw(st.integers(min_bet, 4 * min_bet)) if limit == "cap" else None,
        "odd_chip": data.draw(st.sampled_from(["seat_order", "first_left"])),
        "odd_to": data.draw(st.sampled_from(["high", "low"])),
        "no_winner": data.draw(st.sampled_from(["ride", "return"])),
    }
    unit = data.draw(st.sampled_from(["0.05", "0.25", "1", "0.10"]))
    night = seating.night_create(
        host=host, group=group, name="Random night", chips=[("white", unit)], settings=rules
    )
    count = data.draw(st.sampled_from([2, 3, 4, 5, 6]))
    seats = [
        seating.seat_add(night=night, person=Person.objects.create(group=group, name=f"P{i}"))
        for i in range(count)
    ]
    table = Table(data, night, seats)
    for seat in seats:
        table.buy_in(seat.pk, data.draw(st.integers(1, 300)))
    for _ in range(data.draw(st.integers(1, 3))):
        table.between_hands()
        table.play_hand()
    table.end()


# Found by the random nights


@pytest.mark.django_db
def test_blinds_that_put_everyone_all_in_give_back_the_uncalled_part(night, seats):
    # Ann posts a big blind of 2, her whole stack; Bob's small blind of 1 is all he has.
    # Nobody can act, so the round is over at once and Ann's second chip, which nobody
    # called, goes back to her then, as it would after a last action.
    ann, bob, _ = seats
    seating.buy_in(night=night, seat=ann, chips=2, recorded_by=HOST)
    seating.buy_in(night=night, seat=bob, chips=1, recorded_by=HOST)
    hand = hands.hand_start(night=night, players=[ann, bob], dealer=ann, recorded_by=HOST)
    posting = hands.load(hand).round_start(recorded_by=HOST, blinds=[(bob, 1), (ann, 2)])
    assert not hands.load(hand).state.betting_open
    assert posting.detail["returned"] == {"seat": ann.pk, "chips": 1}
    assert closing.booked_stacks(night)[ann.pk] == 1
    built = hands.load(hand).showdown_pots()
    assert [(p.amount, sorted(p.eligible)) for p in built] == [(2, sorted([ann.pk, bob.pk]))]


# The pure core alone


def pure_round(data, seats, stacks, *, opener, min_bet, limit, pot_before, blinds):
    """Play one betting round with random legal actions; check conservation at each one."""
    total = sum(stacks[s] for s in seats) + pot_before
    r = betting.start_round(
        [betting.Bettor(s, stacks[s]) for s in seats],
        opener=opener,
        min_bet=min_bet,
        limit=limit,
        pot_before=pot_before,
        blinds=blinds,
    )
    folded = set()
    while not betting.is_complete(r):
        seat = betting.next_to_act(r)
        kind = action_kind(data, betting.legal(r, seat))
        amount = 0
        if kind in ("bet", "raise"):
            low, high = betting.min_raise_to(r, seat), betting.max_raise_to(r, seat)
            amount = data.draw(st.integers(low, high))
        r = betting.apply(r, seat, betting.Action(kind, amount))
        if kind == "fold":
            folded.add(seat)
        behind = sum(r.stacks.values()) + sum(stacks[s] for s in seats if s not in r.stacks)
        assert behind + sum(r.committed.values()) + pot_before == total
        assert min(r.stacks.values(), default=0) >= 0
    return r, folded


@pytest.mark.pure
@settings(
    max_examples=250, deadline=None, phases=QUICK, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.data())
def test_random_hands_on_the_pure_core_conserve_chips_and_settle(data):
    count = data.draw(st.sampled_from([2, 3, 4, 5, 6]))
    seats = list(range(1, count + 1))
    stacks = {s: data.draw(st.integers(1, 300)) for s in seats}
    bought = dict(stacks)
    min_bet = data.draw(st.integers(1, 10))
    limit = data.draw(
        st.sampled_from([betting.Limit(), betting.Limit("pot_limit"), betting.Limit("cap", 3)])
    )
    min_bet = min(min_bet, limit.cap or min_bet)
    odd_chip = data.draw(st.sampled_from(["seat_order", "first_left"]))
    odd_to = data.draw(st.sampled_from(["high", "low"]))
    no_winner = data.draw(st.sampled_from(["ride", "return"]))
    ante = data.draw(st.integers(0, 3))
    riding = 0
    total = sum(stacks.values())

    def conserved(pot: int = 0) -> None:
        assert sum(stacks.values()) + pot + riding == total
        assert min(stacks.values()) >= 0
        assert pot >= 0
        assert riding >= 0

    hands_to_play = data.draw(st.integers(1, 5))
    for number in itertools.count():
        flush = number >= hands_to_play
        if flush and not riding:
            break
        for seat in seats:
            if stacks[seat] == 0 and (flush or data.draw(st.booleans())):
                stacks[seat] += (chips := data.draw(st.integers(1, 150)))
                bought[seat] += chips
                total += chips
        able = [s for s in seats if stacks[s] > 0]
        if len(able) < 2:
            continue
        players = subset(data, able, min_size=2)
        dealer = data.draw(st.integers(0, len(players) - 1))
        order = players[dealer + 1 :] + players[: dealer + 1]
        pot, riding = riding, 0
        contributions = dict.fromkeys(order, 0)
        folded: set[int] = set()
        if ante and all(stacks[s] >= ante for s in order) and not flush:
            for s in order:
                stacks[s] -= ante
                contributions[s] += ante
                pot += ante
        conserved(pot)
        for round_no in range(0 if flush else data.draw(st.integers(0, MAX_ROUNDS))):
            in_hand = [s for s in order if s not in folded]
            with_chips = [s for s in in_hand if stacks[s] > 0]
            blinds = []
            if round_no == 0 and len(with_chips) >= 2 and data.draw(st.booleans()):
                blinds = [(with_chips[0], max(1, min_bet // 2)), (with_chips[1], min_bet)]
            r, out = pure_round(
                data,
                in_hand,
                stacks,
                opener=data.draw(st.sampled_from(in_hand)),
                min_bet=min_bet,
                limit=limit,
                pot_before=pot,
                blinds=blinds,
            )
            folded |= out
            for s, put_in in r.committed.items():
                stacks[s] -= put_in
                contributions[s] += put_in
                pot += put_in
            if (back := betting.uncalled(r)) is not None:
                seat, chips = back
                stacks[seat] += chips
                contributions[seat] -= chips
                pot -= chips
            conserved(pot)
            assert all(
                stacks[s] == r.stacks[s] + (back[1] if back and back[0] == s else 0)
                for s in r.stacks
            )

        # The showdown, as Play.showdown_pots builds it: chips that rode in are dead money.
        side_pots = flush or data.draw(st.integers(0, 5)) > 0
        built = pots.build_pots(contributions, folded, side_pots=side_pots)
        dead = pot - sum(p.amount for p in built)
        assert dead >= 0
        if dead:
            live = frozenset(s for s in order if s not in folded)
            if built:
                built[0] = pots.PotLayer(
                    built[0].amount + dead, built[0].eligible, built[0].contributors
                )
            else:
                built = [pots.PotLayer(dead, live, frozenset())]
        assert sum(p.amount for p in built) == pot
        event(f"pure: {len(built)} pot(s)")
        high_low = not flush and data.draw(st.integers(0, 3)) == 0
        paid_out = 0
        for index, p in enumerate(built):
            need = 1 if flush and p.eligible else 0
            high = subset(data, p.eligible, min_size=need)
            low = subset(data, p.eligible) if high_low else []
            if not high and not low:
                if no_winner == "ride":
                    riding += p.amount
                    paid_out += p.amount
                    continue
                share = pots.return_contributions(contributions, built, index)
                assert share.keys() == p.contributors
            elif high_low:
                share = pots.split_high_low(p.amount, high, low, order, odd_chip, odd_to=odd_to)
            else:
                share = pots.split(p.amount, high, order, odd_chip)
                assert share == pots.award([p], [high], order, odd_chip)
            assert sum(share.values()) == p.amount
            assert all(chips >= 0 for chips in share.values())
            for seat, chips in share.items():
                stacks[seat] += chips
                paid_out += chips
        # Every pot fully awarded (or riding).
        assert paid_out == pot
        conserved()

    assert riding == 0
    nets = {str(s): stacks[s] - bought[s] for s in seats}
    assert sum(nets.values()) == 0
    owed = dict.fromkeys(nets, 0)
    for t in fewest_transfers(nets):
        owed[t.payer] -= t.amount
        owed[t.payee] += t.amount
    assert owed == nets
    unit = data.draw(st.sampled_from([Decimal("0.05"), Decimal("0.25"), Decimal("0.1")]))
    money, transfers = settle_in_money(nets, unit)
    assert sum(money.values()) == 0
    settled = dict.fromkeys(nets, Decimal(0))
    for t in transfers:
        settled[t.payer] -= t.amount
        settled[t.payee] += t.amount
    assert settled == money
    assert all(abs(money[p] - nets[p] * unit) < CENT for p in nets)
    assert len(transfers) <= max(0, sum(1 for m in money.values() if m) - 1)
