"""Playing a hand: antes, betting rounds, actions, awards and undo.

Each write is one transaction that rebuilds the hand from its journal (see
`ledger.replay`), asks the pure core whether the write is allowed, and posts
the chips. Callers lock the night first (`journal.once` does), so two phones
can never act on the same state.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from django.db import transaction
from django.db.models import Max

from ledger import betting, journal, pots
from ledger.house_rules import house_rules
from ledger.journal import LedgerError, Move
from ledger.models import Account, Entry, Hand, Night, Posting, Seat
from ledger.replay import Event, HandState, replay, start
from ledger.services import check_open

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
DECLARATION_MISSING = "Say what {name} declares: high, low or both."


def open_hand(night: Night) -> Hand | None:
    return night.hands.exclude(status=Hand.Status.SETTLED).order_by("-number").first()


def next_dealer(night: Night) -> Seat | None:
    """The deal moves one seat left each hand, skipping players who left or sit out."""
    seats = list(night.seats.filter(left_at__isnull=True, sitting_out=False).order_by("position"))
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
) -> Hand:
    """A new hand; seat order runs from the dealer's left, as chips and turns do."""
    check_open(night)
    current = open_hand(night)
    if current is not None:
        raise LedgerError(HAND_IN_PROGRESS.format(number=current.number))
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
        dealer=dealer,
        seat_order=[s.pk for s in after + before],
        config={"side_pots": side_pots} | rules.as_dict(),
    )
    riding = journal.account(night, Account.Kind.RIDING)
    carried = journal.balances([riding])[riding.pk]
    if carried:
        journal.post(
            night=night,
            kind="ride_in",
            hand=hand,
            moves=[Move(riding, _pot(hand), carried)],
            recorded_by=recorded_by,
            memo=f"{carried} chips ride in from an earlier hand",
        )
    return hand


def state(hand: Hand) -> HandState:
    """The hand as its live postings leave it."""
    return replay(_events(hand), limit=_limit(hand), min_bet=hand.config["min_bet"])


def collect_antes(*, hand: Hand, recorded_by: str, ante: int | None = None) -> Posting:
    """Everyone in the hand puts the ante in the pot, in one posting."""
    _check_not_settled(hand)
    now = state(hand)
    if now.rounds:
        raise LedgerError(ANTES_AFTER_BETTING)
    ante = hand.config["ante"] if ante is None else ante
    seats = _seats(hand)
    stacks = _stacks(hand, seats)
    for seat in seats:
        if stacks[seat.pk] < ante:
            raise LedgerError(
                SHORT_FOR_ANTE.format(name=seat.person.name, stack=stacks[seat.pk], ante=ante)
            )
    pot = _pot(hand)
    moves = [Move(_stack(hand, seat), pot, ante) for seat in seats]
    return journal.post(
        night=hand.night,
        kind="ante",
        hand=hand,
        moves=moves,
        recorded_by=recorded_by,
        detail={"ante": ante},
        memo=f"Antes of {ante} from {len(seats)} players",
    )


def round_start(
    *,
    hand: Hand,
    recorded_by: str,
    opener: Seat | None = None,
    blinds: Sequence[tuple[Seat, int]] = (),
) -> Posting:
    """Open a betting round; the dealer picks who opens, by default the dealer's left."""
    _check_not_settled(hand)
    now = state(hand)
    if now.betting_open:
        raise LedgerError(ROUND_STILL_OPEN.format(name=_name(hand, now.round.turn)))
    seats = [s for s in _seats(hand) if s.pk not in now.folded]
    stacks = _stacks(hand, seats)
    in_hand = {s.pk for s in seats}
    opener = opener or seats[0]
    if opener.pk not in in_hand:
        raise LedgerError(NOT_IN_HAND.format(name=opener.person.name))
    for seat, _amount in blinds:
        if seat.pk not in in_hand:
            raise LedgerError(NOT_IN_HAND.format(name=seat.person.name))
    pot = _pot(hand)
    detail = {
        "stacks": [[s.pk, stacks[s.pk]] for s in seats],
        "opener": opener.pk,
        "blinds": [[seat.pk, amount] for seat, amount in blinds],
        "pot_before": journal.balances([pot])[pot.pk],
    }
    try:
        opened = _round_rules(hand, detail)
    except betting.BettingError as exc:
        raise LedgerError(str(exc)) from exc
    moves = [
        Move(_stack(hand, seat), pot, chips)
        for seat in seats
        if (chips := opened.committed.get(seat.pk, 0))
    ]
    # Blinds can put everyone all in before anyone acts: the round is over at once,
    # and the part of the top blind nobody matched goes back now, as after an action.
    if returned := betting.uncalled(opened):
        back_to, chips = returned
        moves.append(Move(pot, _stack(hand, _seat(hand, back_to)), chips))
        detail["returned"] = {"seat": back_to, "chips": chips}
    return journal.post(
        night=hand.night,
        kind="round",
        hand=hand,
        moves=moves,
        recorded_by=recorded_by,
        detail=detail | {"number": now.rounds + 1},
        memo=f"Betting round {now.rounds + 1}, {opener.person.name} opens",
    )


def act(*, hand: Hand, seat: Seat, action: str, amount: int = 0, recorded_by: str) -> Posting:
    """One player's check, bet, call, raise, fold or all-in, and its chips."""
    _check_not_settled(hand)
    now = state(hand)
    if now.round is None:
        raise LedgerError(NO_BETTING_ROUND)
    try:
        after = betting.apply(now.round, seat.pk, betting.Action(action, amount))
    except betting.BettingError as exc:
        raise LedgerError(_named(hand, str(exc))) from exc
    put_in = after.committed[seat.pk] - now.round.committed[seat.pk]
    pot = _pot(hand)
    moves = [Move(_stack(hand, seat), pot, put_in)] if put_in else []
    returned = betting.uncalled(after)
    detail = {"action": action, "amount": amount, "put_in": put_in}
    if returned:
        back_to, chips = returned
        moves.append(Move(pot, _stack(hand, _seat(hand, back_to)), chips))
        detail["returned"] = {"seat": back_to, "chips": chips}
    return journal.post(
        night=hand.night,
        kind="action",
        hand=hand,
        seat=seat,
        moves=moves,
        recorded_by=recorded_by,
        detail=detail,
        memo=_describe(seat, action, amount, put_in),
    )


def showdown_pots(hand: Hand) -> list[pots.Pot]:
    """The main pot and side pots as the chips stand, dead money in the main pot."""
    now = state(hand)
    built = pots.build_pots(now.contributions, now.folded, side_pots=hand.config["side_pots"])
    pot = _pot(hand)
    total = journal.balances([pot])[pot.pk]
    dead = total - sum(p.amount for p in built)
    if dead:
        live = frozenset(s for s in hand.seat_order if s not in now.folded)
        if built:
            built[0] = pots.Pot(built[0].amount + dead, built[0].eligible, built[0].contributors)
        else:
            built = [pots.Pot(dead, live, frozenset())]
    return built


def award(
    *,
    hand: Hand,
    winners: Sequence[Sequence[int]],
    recorded_by: str,
    low_winners: Sequence[Sequence[int]] | None = None,
) -> Posting:
    """Pay every pot to its winners (ties split, odd chips by house rule) in one posting.

    An empty winner list for a pot means nobody can win it: it rides to the
    next hand or goes back to who paid in, as the night's setting says.
    """
    _check_not_settled(hand)
    now = state(hand)
    if now.betting_open:
        raise LedgerError(ROUND_STILL_OPEN.format(name=_name(hand, now.round.turn)))
    built = showdown_pots(hand)
    if len(winners) != len(built) or (low_winners is not None and len(low_winners) != len(built)):
        raise LedgerError(WINNERS_NEEDED.format(count=len(built)))
    rules = hand.config
    payouts: dict[int, int] = {}
    riding = 0
    for index, pot in enumerate(built):
        high = list(winners[index])
        low = list(low_winners[index]) if low_winners is not None else []
        for seat_id in [*high, *low]:
            if seat_id not in pot.eligible:
                raise LedgerError(
                    f"{_name(hand, seat_id)} cannot win pot {index + 1}: "
                    "folded or not in that side pot."
                )
        if not high and not low:
            if rules["no_winner"] == "ride":
                riding += pot.amount
                continue
            share = pots.return_contributions(now.contributions, built, index)
        elif low_winners is None:
            share = pots.split(pot.amount, high, hand.seat_order, rules["odd_chip"])
        else:
            share = pots.split_high_low(
                pot.amount, high, low, hand.seat_order, rules["odd_chip"], odd_to=rules["odd_to"]
            )
        for seat_id, chips in share.items():
            payouts[seat_id] = payouts.get(seat_id, 0) + chips
    pot_account = _pot(hand)
    moves = [
        Move(pot_account, _stack(hand, _seat(hand, seat_id)), chips)
        for seat_id, chips in sorted(payouts.items())
        if chips
    ]
    if riding:
        moves.append(Move(pot_account, journal.account(hand.night, Account.Kind.RIDING), riding))
    with transaction.atomic():
        posting = journal.post(
            night=hand.night,
            kind="award",
            hand=hand,
            moves=moves,
            recorded_by=recorded_by,
            detail={
                "pots": [{"amount": p.amount, "eligible": sorted(p.eligible)} for p in built],
                "winners": [list(w) for w in winners],
                "low_winners": [list(w) for w in low_winners] if low_winners else None,
                "payouts": {str(k): v for k, v in payouts.items()},
                "riding": riding,
            },
            memo=_award_memo(hand, payouts, riding),
        )
        Hand.objects.filter(pk=hand.pk).update(status=Hand.Status.SETTLED)
        hand.status = Hand.Status.SETTLED
    return posting


def declared_winners(
    hand: Hand,
    declared: Mapping[int, str],
    high_order: Sequence[Collection[int]],
    low_order: Sequence[Collection[int]],
) -> tuple[list[list[int]], list[list[int]]]:
    """Per pot, the high and the low winners of a declare game, for `award`.

    Each pot is judged among the players who can win it, so a player all in
    for less cannot take a side pot by declaring, and a declarer of both who
    must win outright is judged again in every pot he reaches.
    """
    now = state(hand)
    for seat_id in hand.seat_order:
        if seat_id not in now.folded and seat_id not in declared:
            raise LedgerError(DECLARATION_MISSING.format(name=_name(hand, seat_id)))
    outright = hand.config.get("both_must_win_outright", True)
    high_winners, low_winners = [], []
    for pot in showdown_pots(hand):
        mine = {s: d for s, d in declared.items() if s in pot.eligible}
        try:
            high, low = pots.declare_winners(
                mine,
                [[s for s in group if s in pot.eligible] for group in high_order],
                [[s for s in group if s in pot.eligible] for group in low_order],
                both_must_win_outright=outright,
            )
        except pots.PotError as exc:
            raise LedgerError(_named(hand, str(exc))) from exc
        high_winners.append(sorted(high))
        low_winners.append(sorted(low))
    return high_winners, low_winners


def undo(*, hand: Hand, recorded_by: str) -> Posting:
    """Reverse the hand's latest live posting; undoing an award re-opens the hand."""
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
    return reversal


def _events(hand: Hand) -> list[Event]:
    postings = list(
        hand.postings.filter(reverses__isnull=True, reversed_by__isnull=True).order_by("pk")
    )
    stacks = dict(
        Account.objects.filter(night=hand.night_id, kind=Account.Kind.STACK).values_list(
            "pk", "seat_id"
        )
    )
    paid: dict[int, dict[int, int]] = {}
    for posting_id, account_id, amount in Entry.objects.filter(
        posting__in=postings, account_id__in=stacks
    ).values_list("posting_id", "account_id", "amount"):
        seat_id = stacks[account_id]
        paid.setdefault(posting_id, {})[seat_id] = -amount
    return [
        Event(
            kind=p.kind,
            seat=p.seat_id,
            detail=p.detail,
            paid={} if p.kind == "award" else paid.get(p.pk, {}),
        )
        for p in postings
    ]


def _round_rules(hand: Hand, detail: dict) -> betting.Round:
    return start(detail, limit=_limit(hand), min_bet=hand.config["min_bet"])


def _limit(hand: Hand) -> betting.Limit:
    config = hand.config
    return betting.Limit(config["limit"], config["cap"] if config["limit"] == "cap" else None)


def _check_not_settled(hand: Hand) -> None:
    if hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_OVER.format(number=hand.number))


def _seats(hand: Hand) -> list[Seat]:
    by_id = {s.pk: s for s in Seat.objects.filter(pk__in=hand.seat_order).select_related("person")}
    return [by_id[s] for s in hand.seat_order]


def _seat(hand: Hand, seat_id: int) -> Seat:
    return Seat.objects.select_related("person").get(pk=seat_id, night=hand.night_id)


def _name(hand: Hand, seat_id: int | None) -> str:
    if seat_id is None:
        return "nobody"
    return _seat(hand, seat_id).person.name


def _named(hand: Hand, message: str) -> str:
    """Betting errors speak of seat ids; the table knows names."""
    names = {str(s.pk): s.person.name for s in _seats(hand)}
    return re.sub(r"\b[Ss]eat (\d+)\b", lambda m: names.get(m[1], m[0]), message)


def _stack(hand: Hand, seat: Seat) -> Account:
    return journal.account(hand.night, Account.Kind.STACK, seat=seat)


def _pot(hand: Hand) -> Account:
    return journal.account(hand.night, Account.Kind.POT, hand=hand)


def _stacks(hand: Hand, seats: Sequence[Seat]) -> dict[int, int]:
    accounts = {_stack(hand, seat): seat.pk for seat in seats}
    totals = journal.balances(accounts)
    return {seat_id: totals[acc.pk] for acc, seat_id in accounts.items()}


def _describe(seat: Seat, action: str, amount: int, put_in: int) -> str:
    name = seat.person.name
    if action in ("bet", "raise"):
        return f"{name} {action}s to {amount}"
    if action == "all_in":
        return f"{name} is all in ({put_in})"
    if action == "call":
        return f"{name} calls {put_in}"
    return f"{name} {action}s"


def _award_memo(hand: Hand, payouts: dict[int, int], riding: int) -> str:
    names = {s.pk: s.person.name for s in _seats(hand)}
    parts = [f"{names[s]} wins {c}" for s, c in sorted(payouts.items()) if c]
    if riding:
        parts.append(f"{riding} rides")
    return "; ".join(parts)[:200]
