"""Playing a hand: antes, betting rounds, actions, awards and undo.

Each write is one transaction that rebuilds the hand from its journal (see
`ledger.core.replay`), asks the pure core whether the write is allowed, and posts
the chips. Callers lock the night first (`journal.once` does), so two phones
can never act on the same state.

`load` reads a hand into a `Play` in four queries, however long the night:
its seats, its accounts with their balances, its live postings and their
stack entries, replayed once. The writes are methods of `Play`; each folds
its own posting into the same `Play`, so the caller can draw the answer from
it without reading or replaying the hand again, and keeps the result as the
hand's tally (`ledger.core.tally`). A hand read by `locked` (or any query through
`with_through`) knows the night's latest posting, so `load` takes the tally
instead of the journal while nothing has been posted since: one query, the
seats. Each write has one way in: `load(hand).award(...)` and the like; the
module-level writes (`go_again`, `name_role`, `undo`) are those that are no
method of `Play`.

The chip decisions are the pure core's: the pots and where an award sends
their chips (`ledger.core.payouts`), who opens a round (`ledger.core.openers`).
`Play` checks the table's rules in its words, posts, and keeps the tally.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import Max, OuterRef, QuerySet, Subquery, Sum

from ledger.core import betting, flow, openers, payouts, pots, tally
from ledger.core.house_rules import house_rules
from ledger.core.replay import Event, HandState, SeatId, advance, replay, start
from ledger.models import Account, Entry, Hand, HandTally, Night, Posting, Run, Seat
from ledger.services import games, journal, scores
from ledger.services.journal import LedgerError, Move
from ledger.services.seating import check_open

TOO_FEW_PLAYERS = "A hand needs at least two players."
HAND_IN_PROGRESS = "Hand {number} is still open: settle it first."
NOT_AT_TABLE = "{name} is not playing tonight."
DEALER_NOT_IN = "The dealer must be at the table."
HAND_OVER = "Hand {number} is settled; re-open it with undo to change it."
ANTES_AFTER_BETTING = "Antes are collected before the first betting round."
SHORT_FOR_ANTE = "{name} has {stack} chips, less than the {ante}-chip ante: buy in or sit out."
ROUND_STILL_OPEN = "The betting round is still open: {name} to act."
NOT_IN_HAND = "{name} is not in this hand."
NO_BETTING_ROUND = "No betting round is open: start one first."
WINNERS_NEEDED = "Say who wins each of the {count} pot(s)."
NOTHING_TO_UNDO = "There is nothing to undo in this hand."
NOT_LATEST_HAND = "Only the latest hand can be re-opened."
RETURN_SHORT = (
    "Chips were paid out of this pot during the hand, so it cannot go back to who paid it in: "
    "name a winner."
)
DECLARATION_MISSING = "Say what {name} declares: high, low or both."
NOBODY_DECLARES_BOTH = "Nobody declares both in this game: say whether {name} declares high or low."
TALLY_DIFFERS = "Hand {number}'s tally differs from its journal: {what}."
NO_MORE_ROUNDS = "{game} has {count} betting round(s) as this table plays it, all played."
ONE_LEFT = "Only one player is still in: give them the pot instead of opening a round."
ALREADY_NAMED = "{words}: already recorded at this step. Undo it first to record it again."
NOT_STILL_IN = "{name} is not in the hand any more."
NAME_ONE = "{words}: name one player."
NOTHING_ASKED = "This step asks no such question: {role!r}."
NO_GOING_BACK = "This step's round cannot be played again now."


def seat_named(hand: Hand, actor_is: str) -> int:
    """The seat a rule's `actor_is` names (a blind's payer): the player one seat to the
    dealer's left, or two, among those dealt in."""
    steps = 2 if actor_is == "second_left_of_dealer" else 1
    return openers.left_of_dealer(list(hand.seat_order), hand.dealer_id, steps)


def next_dealer(night: Night, skip: Collection[int] = ()) -> Seat | None:
    """The deal moves one seat left each hand, skipping players who left or sit out (and the
    seats in `skip`: those out of the game being dealt).

    In an open rubber it passes between the rubber's players alone.
    """
    seats = list(night.seats.filter(left_at__isnull=True, sitting_out=False).order_by("position"))
    players = games.rubber_players(games.open_run(night))
    if players:
        seats = list(night.seats.filter(pk__in=players).order_by("position"))
    seats = [s for s in seats if s.pk not in skip] or seats
    if not seats:
        return None
    last = night.hands.order_by("-number").select_related("dealer").first()
    if last is None:
        return seats[0]
    later = [s for s in seats if s.position > last.dealer.position]
    return later[0] if later else seats[0]


def hand_start(
    *,
    night: Night,
    players: Sequence[Seat],
    dealer: Seat,
    recorded_by: str,
    game_slug: str = "",
    game_name: str = "",
    side_pots: bool = True,
    run: Run | None = None,
    config: Mapping | None = None,
) -> Hand:
    """A new hand; seat order runs from the dealer's left, as chips and turns do.

    A hand of a game the table chose (`run`) takes the game's own answers
    (`config`, such as where a pot nobody wins goes) over the night's.
    """
    check_open(night)
    current = games.open_hand(night)
    if current is not None:
        raise LedgerError(HAND_IN_PROGRESS.format(number=current.number))
    game = games.open_run(night)
    if game is not None and (run is None or run.pk != game.pk):
        raise LedgerError(games.GAME_STILL_OPEN.format(game=game.game_name))
    players = sorted({p.pk: p for p in players}.values(), key=lambda s: s.position)
    if len(players) < 2:
        raise LedgerError(TOO_FEW_PLAYERS)
    for seat in players:
        if seat.night_id != night.pk or seat.left_at is not None:
            raise LedgerError(NOT_AT_TABLE.format(name=seat.person.name))
    if dealer.night_id != night.pk:
        raise LedgerError(DEALER_NOT_IN)
    after = [s for s in players if s.position > dealer.position]
    before = [s for s in players if s.position <= dealer.position]
    number = (night.hands.aggregate(top=Max("number"))["top"] or 0) + 1
    rules = house_rules(night.settings)
    hand = Hand.objects.create(
        night=night,
        number=number,
        game_slug=game_slug,
        game_name=game_name,
        run=run,
        dealer=dealer,
        seat_order=[s.pk for s in after + before],
        config={"side_pots": side_pots} | rules.as_dict() | dict(config or {}),
    )
    riding = journal.account(night, Account.Kind.RIDING)
    carried = journal.balances([riding])[riding.pk]
    if carried:
        journal.post(
            night=night,
            kind="ride_in",
            hand=hand,
            moves=[Move(riding, journal.account(night, Account.Kind.POT, hand=hand), carried)],
            recorded_by=recorded_by,
            memo=f"{carried} chips ride in from an earlier hand",
        )
    return hand


@dataclass(eq=False)
class Play:
    """One hand as its live postings leave it, read once; `load` builds it.

    Its writes check the rules against `state`, post through the journal
    (which checks the balances again in the database), then fold the posting
    in, so after a write `state`, `balances` and `events` are as a fresh
    `load` would read them.
    """

    hand: Hand
    seats: dict[SeatId, Seat]  # the hand's seats in seat order, with their people
    accounts: dict[str, Account]  # by key: stacks, pot, riding and infraction pots, if opened
    balances: dict[int, int]  # chips by account id, for the accounts above
    events: list[Event]  # one per live posting (neither undone nor an undo), oldest first
    state: HandState
    # `journal.posted_here()` when the balances were last known true: any posting since
    # (another service's, in the same request) and the journal sums them again itself.
    seen: int = field(default_factory=journal.posted_here)

    # --- Reads ---------------------------------------------------------------------------------

    def stack(self, seat_id: SeatId) -> int:
        """Chips in front of a seat of this hand, per the journal."""
        return self.balance(Account.key_for(Account.Kind.STACK, seat_id, None))

    @property
    def pot(self) -> int:
        """Chips in the middle now."""
        return self.balance(self._pot_key)

    @property
    def has_pot(self) -> bool:
        """Whether chips ever went into the middle (the pot account is opened on first use)."""
        return self._pot_key in self.accounts

    def live_pots(self) -> list[pots.PotLayer]:
        """The pots as the table shows them: while players can still bet, no side pot but an
        all-in player's makes one (blinds and bets not yet called are no level)."""
        now = self.state
        if not (now.betting_open or now.posted_blinds):
            return self.showdown_pots()
        still = {s for s in self.hand.seat_order if s not in now.folded and self.stack(s) > 0}
        return self.showdown_pots(still_betting=still)

    def showdown_pots(self, still_betting: Collection[int] = ()) -> list[pots.PotLayer]:
        """The main pot and side pots as the chips stand, dead money in the main pot (see
        `payouts.showdown_pots`)."""
        return payouts.showdown_pots(self.paid_in(), still_betting=still_betting)

    def paid_in(self) -> payouts.PaidIn:
        """What the hand's pot is made of now, for the pure payouts."""
        now = self.state
        return payouts.PaidIn(
            seat_order=tuple(self.hand.seat_order),
            bets=now.bets,
            fees=now.fees,
            folded=now.folded,
            in_pot=self.pot,
            side_pots=self.hand.config["side_pots"],
        )

    def default_opener(self) -> Seat | None:
        """Who opens the next round when the table names nobody: the seat after the last blind
        a game's blind rule booked (after the big blind), else the first still in from the
        dealer's left; None with nobody in (see `openers.default_opener`)."""
        opener = openers.default_opener(self._still_in(), self.state.posted_blinds)
        return None if opener is None else self.seats[opener]

    def first_to_act(self) -> Seat | None:
        """Who acts first in the next round if it opens at `default_opener`: that seat, or
        the next still in with chips behind (a player all in has nothing left to do)."""
        opener = self.default_opener()
        if opener is None:
            return None
        in_hand = self._still_in()
        stacks = {seat_id: self.stack(seat_id) for seat_id in in_hand}
        return self.seats[openers.first_to_act(in_hand, opener.pk, stacks)]

    def _still_in(self) -> list[SeatId]:
        """The hand's seats not out of it, in seat order."""
        return [seat_id for seat_id in self.seats if seat_id not in self.state.folded]

    def award_detail(self) -> Mapping | None:
        """What the live award recorded (pots, winners), once the hand is settled."""
        return next((e.detail for e in reversed(self.events) if e.kind == "award"), None)

    def declared_winners(
        self,
        declared: Mapping[int, str],
        high_order: Sequence[Collection[int]],
        low_order: Sequence[Collection[int]],
    ) -> tuple[list[list[int]], list[list[int]]]:
        """Per pot, the high and the low winners of a declare game, for `award`.

        Each pot is judged among the players who can win it, so a player all in
        for less cannot take a side pot by declaring, and a declarer of both who
        must win outright is judged again in every pot he reaches.
        """
        now = self.state
        for seat_id in self.hand.seat_order:
            if seat_id not in now.folded and seat_id not in declared:
                raise LedgerError(DECLARATION_MISSING.format(name=self.seat_name(seat_id)))
        if not self.hand.config.get("declare_both", True):
            for seat_id, side in declared.items():
                if side == "both":
                    raise LedgerError(NOBODY_DECLARES_BOTH.format(name=self.seat_name(seat_id)))
        outright = self.hand.config.get("both_must_win_outright", True)
        built = self.showdown_pots()
        try:
            return payouts.declared_by_pot(
                built,
                declared,
                high_order,
                low_order,
                both_must_win_outright=outright,
            )
        except pots.PotError as exc:
            raise LedgerError(self.with_names(str(exc))) from exc

    # --- Writes --------------------------------------------------------------------------------

    def collect_antes(self, *, recorded_by: str, ante: int | None = None) -> Posting:
        """Everyone in the hand puts the ante in the pot, in one posting."""
        self._check_not_settled()
        if self.state.rounds:
            raise LedgerError(ANTES_AFTER_BETTING)
        ante = self.hand.config["ante"] if ante is None else ante
        seats = list(self.seats.values())
        for seat in seats:
            stack = self.stack(seat.pk)
            if stack < ante:
                raise LedgerError(
                    SHORT_FOR_ANTE.format(name=seat.person.name, stack=stack, ante=ante)
                )
        pot = self.pot_account()
        return self.post(
            kind="ante",
            moves=[Move(self.stack_account(seat), pot, ante) for seat in seats],
            recorded_by=recorded_by,
            detail={"ante": ante},
            memo=f"Antes of {ante} from {len(seats)} players",
        )

    def round_start(
        self,
        *,
        recorded_by: str,
        opener: Seat | None = None,
        blinds: Sequence[tuple[Seat, int]] = (),
    ) -> Posting:
        """Open a betting round; the dealer picks who opens, by default the dealer's left.

        A hand of a rulebook game opens only the rounds the game has, by their
        names; a plain hand opens as many as the table likes.
        """
        self._check_not_settled()
        now = self.state
        if now.betting_open:
            raise LedgerError(ROUND_STILL_OPEN.format(name=self.seat_name(now.round.turn)))
        seats = [s for s in self.seats.values() if s.pk not in now.folded]
        if self.hand.run_id is not None and len(seats) < 2:
            raise LedgerError(ONE_LEFT)
        upcoming = self._upcoming_round(now.rounds)
        name = self._round_name(now.rounds, upcoming)
        in_hand = {s.pk for s in seats}
        # Blinds the game's own blind rules already booked open this round as its bets.
        posted = {} if blinds else dict(now.posted_blinds)
        if opener is None and not blinds:
            opener = self._step_opener(upcoming, now.rounds) or self.default_opener()
        opener = opener or seats[0]
        if opener.pk not in in_hand:
            raise LedgerError(NOT_IN_HAND.format(name=opener.person.name))
        for seat, _amount in blinds:
            if seat.pk not in in_hand:
                raise LedgerError(NOT_IN_HAND.format(name=seat.person.name))
        pot = self.pot_account()
        detail = {
            "stacks": [[s.pk, self.stack(s.pk) + posted.get(s.pk, 0)] for s in seats],
            "opener": opener.pk,
            "blinds": [[seat.pk, amount] for seat, amount in blinds]
            or [list(b) for b in posted.items()],
            "pot_before": self.pot - sum(posted.values()),
        }
        try:
            opened = start(detail, limit=self._limit, min_bet=self.hand.config["min_bet"])
        except betting.BettingError as exc:
            raise LedgerError(str(exc)) from exc
        moves = [
            Move(self.stack_account(seat), pot, chips)
            for seat in seats
            if (chips := opened.committed.get(seat.pk, 0) - posted.get(seat.pk, 0))
        ]
        # Blinds can put everyone all in before anyone acts: the round is over at once,
        # and the part of the top blind nobody matched goes back now, as after an action.
        if returned := betting.uncalled(opened):
            back_to, chips = returned
            moves.append(Move(pot, self.stack_account(self.seats[back_to]), chips))
            detail["returned"] = {"seat": back_to, "chips": chips}
        return self.post(
            kind="round",
            moves=moves,
            recorded_by=recorded_by,
            detail=detail | {"number": now.rounds + 1, "name": name},
            memo=f"{name}: {opener.person.name} opens",
        )

    def _upcoming_round(self, rounds_opened: int) -> flow.Step | None:
        """The game's step for the next round (None for a plain hand, or past its last)."""
        if self.hand.run_id is None:
            return None
        return flow.next_round(games.steps(self.hand.run), rounds_opened, self.state.agains)

    def _step_opener(self, upcoming: flow.Step | None, rounds_opened: int) -> Seat | None:
        """The opener the next round's own step names (the dealer, the first knocker), as
        the Deal tab chooses it, when the table names nobody."""
        if upcoming is None:
            return None
        knockers = self.state.named.get("knocker", ((), ""))[0]
        seat = openers.named_by_the_step(
            upcoming.opener, self.hand.dealer_id, self._still_in(), rounds_opened, knockers
        )
        return None if seat is None else self.seats[seat]

    def _round_name(self, rounds_opened: int, upcoming: flow.Step | None) -> str:
        """The next round as players call it; refused when the game has no more rounds."""
        if self.hand.run_id is None:
            return f"Betting round {rounds_opened + 1}"
        if upcoming is None:
            steps = games.steps(self.hand.run)
            count = len(flow.betting_steps(steps))
            raise LedgerError(NO_MORE_ROUNDS.format(game=self.hand.game_name, count=count))
        return upcoming.name

    def act(self, seat: Seat, action: str, amount: int = 0, *, recorded_by: str) -> Posting:
        """One player's check, bet, call, raise, fold or all-in, and its chips."""
        self._check_not_settled()
        now = self.state
        if now.round is None:
            raise LedgerError(NO_BETTING_ROUND)
        try:
            after = betting.apply(now.round, seat.pk, betting.Action(action, amount))
        except betting.BettingError as exc:
            raise LedgerError(self.with_names(str(exc))) from exc
        put_in = after.committed[seat.pk] - now.round.committed[seat.pk]
        pot = self.pot_account()
        moves = [Move(self.stack_account(seat), pot, put_in)] if put_in else []
        returned = betting.uncalled(after)
        detail = {"action": action, "amount": amount, "put_in": put_in}
        if returned:
            back_to, chips = returned
            moves.append(Move(pot, self.stack_account(self.seats[back_to]), chips))
            detail["returned"] = {"seat": back_to, "chips": chips}
        return self.post(
            kind="action",
            seat=seat,
            moves=moves,
            recorded_by=recorded_by,
            detail=detail,
            memo=_describe(seat, action, amount, put_in),
        )

    def award(
        self,
        *,
        winners: Sequence[Sequence[int]],
        recorded_by: str,
        low_winners: Sequence[Sequence[int]] | None = None,
    ) -> Posting:
        """Pay every pot to its winners (ties split, odd chips by house rule) in one posting.

        An empty winner list for a pot means nobody can win it: it rides to the
        next hand or goes back to who paid in, as the night's setting says.
        """
        self._check_not_settled()
        hand, now = self.hand, self.state
        if now.betting_open:
            raise LedgerError(ROUND_STILL_OPEN.format(name=self.seat_name(now.round.turn)))
        built = self.showdown_pots()
        rules = hand.config
        try:
            decided = payouts.pay_out(
                self.paid_in(),
                built,
                winners,
                low_winners,
                payouts.PayoutRules(
                    odd_chip=rules.get("odd_chip", "seat_order"),
                    odd_to=rules.get("odd_to", "high"),
                    no_winner=rules.get("no_winner", "ride"),
                ),
            )
        except payouts.WinnerLists as exc:
            raise LedgerError(WINNERS_NEEDED.format(count=len(built))) from exc
        except payouts.CannotWin as exc:
            raise LedgerError(
                f"{self.seat_name(exc.seat)} cannot win pot {exc.pot + 1}: "
                "folded or not in that side pot."
            ) from exc
        except payouts.ShortToReturn as exc:
            raise LedgerError(RETURN_SHORT) from exc
        paid_out, halves, riding = decided.payouts, decided.halves, decided.riding
        pot_account = self.pot_account()
        moves = [
            Move(pot_account, self.stack_account(self.seats[seat_id]), chips)
            for seat_id, chips in sorted(paid_out.items())
            if chips
        ]
        if riding:
            moves.append(Move(pot_account, self.account(Account.Kind.RIDING), riding))
        named = any(winners) or any(low_winners or [])
        memo = self._award_memo(paid_out, riding, named=named, halves=halves)
        extra: dict = {}
        # A deal of a rubber says where its sheet stands; the one that wins it pays its stakes.
        sheet = scores.settling(hand, {s: self.seat_name(s) for s in hand.seat_order})
        if sheet is not None:
            words, paid = sheet
            if paid is not None:
                stakes, short = self._stakes_moves(paid)
                moves += stakes
                words += short
                extra["stakes"] = {"payer": paid.payer, "payee": paid.payee, "chips": paid.chips}
            memo = words if not paid_out and not riding else f"{memo}; {words}"
        with transaction.atomic():
            posting = self.post(
                kind="award",
                moves=moves,
                recorded_by=recorded_by,
                detail={
                    "pots": [{"amount": p.amount, "eligible": sorted(p.eligible)} for p in built],
                    "winners": [list(w) for w in winners],
                    "low_winners": [list(w) for w in low_winners] if low_winners else None,
                    "payouts": {str(k): v for k, v in paid_out.items()},
                    "riding": riding,
                    **extra,
                },
                memo=memo[:200],
            )
            Hand.objects.filter(pk=hand.pk).update(status=Hand.Status.SETTLED)
            hand.status = Hand.Status.SETTLED
            games.after_settle(hand)
        return posting

    def _stakes_moves(self, paid: scores.Payment) -> tuple[list[Move], str]:
        """A rubber's stakes, stack to stack; what the payer cannot cover goes as the night says.

        On a marker (owed at the settlement), or not at all: the payer pays
        what they have, and the words say so.
        """
        payer, payee = self.seats[paid.payer], self.stack_account(self.seats[paid.payee])
        have = max(self.stack(paid.payer), 0)
        moves = [Move(self.stack_account(payer), payee, min(have, paid.chips))]
        short = paid.chips - have
        if short <= 0:
            return moves, ""
        if house_rules(self.hand.config).shortfall == "marker":
            moves.append(Move(self.account(Account.Kind.MARKER, seat=payer), payee, short))
            return [m for m in moves if m.chips], f" ({short} of them owed on a marker)"
        return [m for m in moves if m.chips], f" ({payer.person.name} has only {have})"

    def name(self, asked, seats: Sequence[Seat], *, recorded_by: str) -> Posting:
        """Record what the table names at this step (`asked`: who drops out, who knocked).

        No chips move; players named as leaving the hand are out of it from
        now on, as a fold is. Named once per step: undo it to name again.
        """
        self._check_not_settled()
        now = self.state
        if now.betting_open:
            raise LedgerError(ROUND_STILL_OPEN.format(name=self.seat_name(now.round.turn)))
        step = self.hand.step
        if now.named.get(asked.role, ((), None))[1] == step:
            raise LedgerError(ALREADY_NAMED.format(words=asked.words))
        for seat in seats:
            if seat.pk not in self.hand.seat_order or seat.pk in now.folded:
                raise LedgerError(NOT_STILL_IN.format(name=seat.person.name))
        if not asked.many and len(seats) != 1:
            raise LedgerError(NAME_ONE.format(words=asked.words))
        names = ", ".join(s.person.name for s in seats) or "nobody"
        return self.post(
            kind="named",
            moves=[],
            recorded_by=recorded_by,
            detail={"role": asked.role, "seats": [s.pk for s in seats], "step": step},
            memo=f"{asked.words}: {names}",
        )

    # --- Inside --------------------------------------------------------------------------------

    def post(self, *, kind: str, moves: list[Move], seat: Seat | None = None, **header) -> Posting:
        """Post through the journal, then fold the posting into this play."""
        current = self.seen == journal.posted_here()  # nothing else posted since it read
        kept = self._kept() if current else {}
        posting = journal.post(
            night=self.hand.night,
            kind=kind,
            hand=self.hand,
            seat=seat,
            moves=moves,
            known={a.pk: self.balances.get(a.pk, 0) for a in kept.values()},
            **header,
        )
        paid: dict[SeatId, int] = {}  # into the hand from each stack, as `_events` reads it
        for move in moves:
            for account, chips in ((move.source, move.chips), (move.target, -move.chips)):
                self.balances[account.pk] = self.balances.get(account.pk, 0) - chips
                if account.kind == Account.Kind.STACK:
                    paid[account.seat_id] = paid.get(account.seat_id, 0) + chips
        event = _event(posting.kind, posting.seat_id, posting.detail, paid)
        self.events.append(event)
        self.state = advance(
            self.state, event, limit=self._limit, min_bet=self.hand.config["min_bet"]
        )
        if current:
            self.seen = journal.posted_here()
            self._keep(kept, through=posting.pk)
        return posting

    def _kept(self) -> dict[str, Account]:
        """The accounts a fresh `load` reads, whose balances this play knows for sure."""
        keys = _keys(self.hand)
        return {key: a for key, a in self.accounts.items() if key in keys}

    def _keep(self, kept: Mapping[str, Account], *, through: int) -> None:
        """Keep this play as the hand's tally, valid while `through` is the night's last posting.

        `kept` are the accounts `_kept` gave: those a write opened beyond the
        ones `load` reads (a marker, another night pot) are left out, since
        their balances were never read.
        """
        data = tally.encode(
            tally.Tally(
                accounts={key: _ref(a) for key, a in kept.items()},
                balances={a.pk: self.balances.get(a.pk, 0) for a in kept.values()},
                events=self.events,
                state=self.state,
            ),
            through=through,
            rules=_rules(self.hand),
        )
        # One statement: INSERT, or UPDATE where the hand has one already.
        HandTally.objects.bulk_create(
            [HandTally(hand=self.hand, data=data)],
            update_conflicts=True,
            unique_fields=["hand"],
            update_fields=["data"],
        )

    @property
    def _pot_key(self) -> str:
        return Account.key_for(Account.Kind.POT, None, self.hand.pk)

    @property
    def _limit(self) -> betting.Limit:
        return _limit(self.hand)

    def balance(self, key: str) -> int:
        account = self.accounts.get(key)
        return self.balances.get(account.pk, 0) if account else 0

    def account(self, kind: str, seat: Seat | None = None, hand: Hand | None = None) -> Account:
        """An account read with the hand, else opened now (a write is under way)."""
        key = Account.key_for(kind, seat and seat.pk, hand and hand.pk)
        if key not in self.accounts:
            self.accounts[key] = journal.account(self.hand.night, kind, seat=seat, hand=hand)
        return self.accounts[key]

    def stack_account(self, seat: Seat) -> Account:
        return self.account(Account.Kind.STACK, seat=seat)

    def pot_account(self) -> Account:
        return self.account(Account.Kind.POT, hand=self.hand)

    def _check_not_settled(self) -> None:
        if self.hand.status == Hand.Status.SETTLED:
            raise LedgerError(HAND_OVER.format(number=self.hand.number))

    def seat_name(self, seat_id: SeatId | None) -> str:
        if seat_id is None:
            return "nobody"
        seat = self.seats.get(seat_id)
        if seat is None:  # at the night but not in this hand
            seat = Seat.objects.select_related("person").get(pk=seat_id, night=self.hand.night_id)
        return seat.person.name

    def with_names(self, message: str) -> str:
        """Betting errors speak of seat ids; the table knows names."""
        names = {str(s.pk): s.person.name for s in self.seats.values()}
        return re.sub(r"\b[Ss]eat (\d+)\b", lambda m: names.get(m[1], m[0]), message)

    def _award_memo(
        self,
        payouts: dict[int, int],
        riding: int,
        named: bool,
        halves: Mapping[str, Mapping[int, int]] | None = None,
    ) -> str:
        """What the award did, in words: who won what, what went back, what rides on.

        In a high-low award each winner's line says the half they won ("Bob wins
        6 (low)"), and both with each half's chips when one player won both.
        """
        verb = "wins" if named else "gets back"
        parts = [
            f"{self.seat_name(s)} {verb} {c}{_which_half(s, halves)}"
            for s, c in sorted(payouts.items())
            if c
        ]
        if riding:
            parts.append(f"{riding} rides to the next deal")
        if not named:
            # Everyone passed or dropped: the journal says so, not only that nobody won.
            nobody_in = all(seat in self.state.folded for seat in self.hand.seat_order)
            lead = "Nobody stayed in" if nobody_in else "Nobody wins the pot"
            return f"{lead}: {'; '.join(parts) or 'it was empty'}"[:200]
        return "; ".join(parts)[:200]


def _which_half(seat_id: int, halves: Mapping[str, Mapping[int, int]] | None) -> str:
    """The halves a high-low award gave this seat, as the memo says it: "(high)", "(low)",
    "(high 7, low 6)"; nothing in an award with no halves."""
    won = [(side, part[seat_id]) for side, part in (halves or {}).items() if part.get(seat_id)]
    if not won:
        return ""
    if len(won) == 1:
        return f" ({won[0][0]})"
    return " (" + ", ".join(f"{side} {chips}" for side, chips in won) + ")"


def load(hand: Hand, seats: Mapping[SeatId, Seat] | None = None) -> Play:
    """Read a hand: from its tally when nothing was posted since (one query, the seats, or
    none when the caller has them with their people), else from the journal and replayed
    (four queries more at any size of night). Nothing written.

    With `LEDGER_CHECK_TALLY` on (the tests run so), every tally taken is read
    again from the journal and must be equal, or `TallyDiffers` is raised.
    """
    # The night's latest posting as read with the hand, taken once: a hand object kept past a
    # write (this request's own, or another's) must not vouch for its tally again.
    through = hand.__dict__.pop("through", None)
    kept = tally.decode(tally_data(hand), through=through, rules=_rules(hand)) if through else None
    read = _read(hand) if kept is None else _taken(hand, kept)
    if kept is not None and settings.LEDGER_CHECK_TALLY:
        check_tally(hand, read, through)
    return Play(hand=hand, seats=seats_of(hand, seats), **read)


def situation(hand: Hand, play: Play | None = None) -> flow.Situation:
    """What the live table knows of a hand, for `ledger.core.flow`: the one place it is read."""
    play = play or load(hand)
    now = play.state
    return flow.Situation(
        # Steps tied to the pot are decided as the deal starts, so the list never shifts.
        pot_empty=hand.config.get("pot_at_start", play.pot) == 0,
        first_deal=hand.config.get("first_deal", True),
        players_left=sum(1 for s in hand.seat_order if s not in now.folded),
        betting_open=now.betting_open,
        rounds_opened=now.rounds,
        settled=hand.status == Hand.Status.SETTLED,
        named_here=frozenset(role for role, (_, at) in now.named.items() if at == hand.step),
        agains=now.agains,
    )


def seats_of(hand: Hand, known: Mapping[SeatId, Seat] | None = None) -> dict[SeatId, Seat]:
    """The hand's seats with their people, in seat order: from `known` (seats the caller read
    with their people) when it has them all, else one query."""
    if known is None or any(seat_id not in known for seat_id in hand.seat_order):
        found = Seat.objects.filter(pk__in=hand.seat_order).select_related("person")
        known = {s.pk: s for s in found}
    return {seat_id: known[seat_id] for seat_id in hand.seat_order}


class TallyDiffers(AssertionError):
    """A hand's tally is not what its journal replays to: a bug, never a user's mistake."""


def check_tally(hand: Hand, read: Mapping, through: int) -> None:
    """Hold a tally taken for `hand` to a fresh read of its journal, part by part.

    A read outside a write's transaction may see a posting made after the
    tally was taken (`through` dates it); a difference then proves nothing,
    so it counts only while the night's journal still ends at `through`.
    """
    fresh = _read(hand)
    for part in ("accounts", "balances", "events", "state"):
        if part == "accounts":
            same = {k: _ref(a) for k, a in read[part].items()} == {
                k: _ref(a) for k, a in fresh[part].items()
            }
        else:
            same = read[part] == fresh[part]
        if not same and Posting.objects.filter(night_id=hand.night_id, pk__gt=through).exists():
            return
        if not same:
            what = f"{part}, {read[part]!r} kept against {fresh[part]!r} read"
            raise TallyDiffers(TALLY_DIFFERS.format(number=hand.number, what=what))


def locked(night_id: int, number: int) -> Hand:
    """A hand of a night with its night, the night's row locked for this transaction: one query.

    It knows the night's latest posting, so the `load` that follows at once
    (before anything else is posted) can take its tally. Raises
    `Hand.DoesNotExist` when the night has no such hand.
    """
    return (
        with_through(Hand.objects.select_related("night"))
        .select_for_update(of=("night",))
        .get(night_id=night_id, number=number)
    )


def with_through(hands: QuerySet) -> QuerySet:
    """Hands that know their night's latest posting (`through`), which dates their tallies.

    Load such a hand at once: what was the latest posting when it was read
    says nothing of a posting made after.
    """
    latest = Posting.objects.filter(night=OuterRef("night")).order_by("-pk").values("pk")[:1]
    return hands.select_related("kept_tally").annotate(through=Subquery(latest))


def tally_data(hand: Hand) -> dict | None:
    """The hand's kept tally as stored, if it has one (read with it by `with_through`)."""
    try:
        return hand.kept_tally.data
    except HandTally.DoesNotExist:
        return None


def _read(hand: Hand) -> dict:
    """The hand's accounts, balances, live events and replayed state, from the journal."""
    accounts, balances = _accounts(hand)
    events = _events(hand, accounts.values())
    state = replay(events, limit=_limit(hand), min_bet=hand.config["min_bet"])
    return {"accounts": accounts, "balances": balances, "events": events, "state": state}


def _taken(hand: Hand, kept: tally.Tally) -> dict:
    """The same, from the hand's tally."""
    accounts = {
        key: Account(
            pk=ref.pk,
            night_id=hand.night_id,
            key=key,
            kind=ref.kind,
            seat_id=ref.seat_id,
            hand=hand if ref.hand_id == hand.pk else None,
        )
        for key, ref in kept.accounts.items()
    }
    return {
        "accounts": accounts,
        "balances": dict(kept.balances),
        "events": list(kept.events),
        "state": kept.state,
    }


def _ref(account: Account) -> tally.AccountRef:
    return tally.AccountRef(account.pk, account.kind, account.seat_id, account.hand_id)


def _rules(hand: Hand) -> list:
    return tally.rules_of(_limit(hand), hand.config["min_bet"], hand.seat_order)


def go_again(*, hand: Hand, recorded_by: str) -> Posting:
    """The table goes back for another round of a repeating betting step (7/27's hits).

    Recorded (no chips move) so the round can be opened once more, and the
    hand moves to the step the round goes back to.
    """
    play = load(hand)
    steps = games.steps(hand.run) if hand.run else []
    back_to = flow.may_go_again(steps, hand.step or None, situation(hand, play))
    if back_to is None:
        raise LedgerError(NO_GOING_BACK)
    title = next(s.title for s in steps if s.id == back_to)
    with transaction.atomic():
        posting = play.post(
            kind="again",
            moves=[],
            recorded_by=recorded_by,
            detail={"to": back_to, "step": hand.step},
            memo=f"Another round: {title}",
        )
        games.step_to(hand=hand, step=back_to)
    return posting


def name_role(*, hand: Hand, role: str, seats: Sequence[Seat], recorded_by: str) -> Posting:
    """The table names who plays a role at the hand's step, as that step asks it."""
    step = next((s for s in games.steps(hand.run) if s.id == hand.step), None) if hand.run else None
    asked = next((a for a in (step.asks if step else []) if a.role == role), None)
    if asked is None:
        raise LedgerError(NOTHING_ASKED.format(role=role))
    return load(hand).name(asked, seats, recorded_by=recorded_by)


def undo(*, hand: Hand, recorded_by: str) -> Posting:
    """Reverse the hand's latest live posting; undoing an award re-opens the hand.

    A newcomer's buy-in into the riding pot is the deal's first posting, so
    undoing the deal back to its start gives it back last; the chips that
    rode in stay in (they were no one's in this deal).
    """
    if hand.status == Hand.Status.SETTLED:
        latest = hand.night.hands.order_by("-number").first()
        if latest.pk != hand.pk:
            raise LedgerError(NOT_LATEST_HAND)
    last = (
        hand.postings.filter(reverses__isnull=True, reversed_by__isnull=True)
        .exclude(kind="ride_in")
        .order_by("-pk")
        .first()
    )
    if last is None:
        raise LedgerError(NOTHING_TO_UNDO)
    with transaction.atomic():
        reversal = journal.reverse(last, recorded_by=recorded_by)
        if last.kind == "award":
            Hand.objects.filter(pk=hand.pk).update(status=Hand.Status.BETTING)
            hand.status = Hand.Status.BETTING
            games.after_reopen(hand)
    return reversal


def _accounts(hand: Hand) -> tuple[dict[str, Account], dict[int, int]]:
    """The hand's stack accounts, its pot and the night's riding and infraction pots: one query.

    By key, which the one-account-per-owner constraint indexes; accounts not
    opened yet are simply missing, and hold nothing.
    """
    found = list(
        Account.objects.filter(night_id=hand.night_id, key__in=_keys(hand)).annotate(
            chips=Sum("entries__amount")
        )
    )
    for a in found:
        if a.hand_id == hand.pk:
            a.hand = hand  # the pot: an answer names its hand without reading it
    return {a.key: a for a in found}, {a.pk: a.chips or 0 for a in found}


def _keys(hand: Hand) -> set[str]:
    """The accounts a hand is played from: its seats' stacks, its pot, the night's two pots."""
    keys = {Account.key_for(Account.Kind.STACK, seat_id, None) for seat_id in hand.seat_order}
    return keys | {
        Account.key_for(Account.Kind.POT, None, hand.pk),
        Account.key_for(Account.Kind.RIDING, None, None),
        Account.key_for(Account.Kind.INFRACTION, None, None),
    }


def _events(hand: Hand, accounts: Collection[Account]) -> list[Event]:
    """The hand's live postings as replay events, with what each stack paid in: two queries."""
    postings = list(
        Posting.objects.filter(hand=hand, reverses__isnull=True, reversed_by__isnull=True)
        .order_by("pk")
        .values_list("pk", "kind", "seat_id", "detail")
    )
    stacks = {a.pk: a.seat_id for a in accounts if a.kind == Account.Kind.STACK}
    paid: dict[int, dict[SeatId, int]] = {}
    for posting_id, account_id, amount in Entry.objects.filter(
        posting_id__in=[pk for pk, *_ in postings], account_id__in=stacks
    ).values_list("posting_id", "account_id", "amount"):
        paid.setdefault(posting_id, {})[stacks[account_id]] = -amount
    return [_event(kind, seat, detail, paid.get(pk, {})) for pk, kind, seat, detail in postings]


def _event(kind: str, seat: SeatId | None, detail: Mapping, paid: Mapping[SeatId, int]) -> Event:
    """What each seat put into the hand's pot in one posting, for the pots built later.

    An award pays out of the pot: it takes nothing back from what anyone put
    in; a newcomer's buy-in (`join_in`) is dead money, as the riding chips
    are. A charge says itself what each seat paid into this pot (a marker's
    chips included), since its stacks may pay elsewhere: to the next pot, say.
    """
    if kind in ("award", "join_in"):
        # A newcomer's buy-in is the riding pot's, like the chips that rode in: no bet.
        paid = {}
    elif kind == "charge":
        paid = {int(s): c for s, c in detail.get("paid", {}).items()}
    return Event(kind=kind, seat=seat, detail=detail, paid={s: c for s, c in paid.items() if c})


def _limit(hand: Hand) -> betting.Limit:
    config = hand.config
    return betting.Limit(config["limit"], config["cap"] if config["limit"] == "cap" else None)


def _describe(seat: Seat, action: str, amount: int, put_in: int) -> str:
    name = seat.person.name
    if action in ("bet", "raise"):
        return f"{name} {action}s to {amount}"
    if action == "all_in":
        return f"{name} is all in ({put_in})"
    if action == "call":
        return f"{name} calls {put_in}"
    return f"{name} {action}s"
