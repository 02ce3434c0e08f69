"""Booking one firing of a game's money rule in the journal.

`ledger.core.charges` works out, with no database, which transfers a rule makes
between abstract accounts. This module is the bridge: it finds the rule in the
hand's game in the rulebook, builds the `charges.TableAtFiring` from a `Play` (the
hand as its journal leaves it), and posts the transfers as ONE posting of kind
"charge" on the real accounts, so undo reverses a charge whole like any other
posting. The game's name is never looked at: only its rule data.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import transaction

from ledger.core import charges, facts
from ledger.core.charges import ChargeError, Firing, Transfer
from ledger.core.house_rules import house_rules
from ledger.models import Account, Hand, Posting, Seat
from ledger.services import games, journal, scores
from ledger.services.hands import HAND_OVER, ROUND_STILL_OPEN, Play, load
from ledger.services.journal import LedgerError, Move
from rulebook.models import Game
from rulebook.schema import Amount, MoneyRule

NO_GAME = "Hand {number} is not a game from the rulebook, so it has no money rules to charge."
NO_SUCH_RULE = (
    "{game} has no money rule {rule!r} in force with the options and settings chosen; "
    "nothing was recorded."
)
NOTHING_TO_CHARGE = "{rule}: it moves no chips here; nothing was recorded."
NO_BANK = "{rule}: it pays the bank, and chips leaving the table are not booked yet."
ALREADY_BOOKED = "{rule}: already booked at this step. Undo it first to book it again."
HALVES_ARE_THE_AWARD = (
    "{rule}: the award pays the halves: say who wins high and who wins low instead."
)

# Where each abstract pot of `charges` lives in the journal; the night's pots have no hand.
NIGHT_POTS = {"next_pot": Account.Kind.RIDING, "side_pot": Account.Kind.INFRACTION}
# The pile beside the pot (`side_pot`) is named by the rules that fill it: `charges.pile_name`.
POT_NAMES = {"pot": "the pot", "next_pot": "the next pot"}

Roles = Mapping[str, int | Collection[int]]


@dataclass(frozen=True)
class Booking:
    """One firing the table asks for: the rule and the facts it needs (see `ledger.core.facts`)."""

    rule: str
    roles: Mapping[str, int | Collection[int]] = field(default_factory=dict)
    count: int | Mapping[int, int] = 1
    bet: int | None = None


def rule_in_force(hand: Hand, rule_id: str, rules: list[MoneyRule] | None = None) -> MoneyRule:
    """The hand's money rule by id, or the refusal that names the game."""
    found = next((r for r in (rules or _rules(hand)) if r.id == rule_id), None)
    if found is None:
        raise LedgerError(NO_SUCH_RULE.format(game=_game(hand).name, rule=rule_id))
    return found


def booked_at(hand: Hand, step: str) -> set[str]:
    """The rules booked (and not undone) at this step of this deal."""
    return {rule for rule, at in games.booked(hand) if at == step}


def repeats(rule: MoneyRule) -> bool:
    """A rule that fires again and again in one step (per draw, per card) may be booked again.

    A `per` of players in a role (each loser, each player who stayed) is one
    booking that pays them all, and a `per` half is one split: booked once.
    """
    per = rule.per
    return per is not None and per.each not in charges.PER_ROLES and per.each != "half"


def used_this_hand(hand: Hand, rule: MoneyRule) -> dict[int, int]:
    """What each seat has had of the rule this hand (live bookings), for its `most_per_hand`."""
    return _units_booked(hand, "rule", rule.id)


def wilds_paid(hand: Hand) -> dict[int, int]:
    """How many wild cards each seat has paid the wild tax on this hand (live bookings).

    The showdown helper counts a taxed wild only once it is paid, so it reads
    the count from the journal rather than asking the dealer again.
    """
    return _units_booked(hand, "rule_kind", "wild_tax")


def _units_booked(hand: Hand, field: str, value: str) -> dict[int, int]:
    """Each seat's units in this hand's live charges whose detail `field` is `value`."""
    live = Posting.objects.filter(
        hand=hand, kind="charge", reverses__isnull=True, reversed_by__isnull=True
    ).values_list("detail", flat=True)
    units: dict[int, int] = {}
    for detail in live:
        if detail.get(field) != value:
            continue
        for seat, count in (detail.get("units") or {}).items():
            units[int(seat)] = units.get(int(seat), 0) + int(count)
    return units


def book(play: Play, booking: Booking, *, recorded_by: str) -> Posting | None:
    """Book one firing: chips through the journal, or points on a points game's score sheet.

    A rule that does not repeat is booked once per step of a deal: a second
    tap, or a second phone, is refused until the first is undone.
    """
    rules = _rules(play.hand)
    rule = rule_in_force(play.hand, booking.rule, rules)
    if facts.award_halves(rule) and games.halves(play.hand):
        raise LedgerError(HALVES_ARE_THE_AWARD.format(rule=rule.words))
    if scores.by_the_sheet(rule):
        when = scores.WHEN[rule.sheet.at]
        raise LedgerError(scores.BY_THE_SHEET.format(rule=rule.words, when=when))
    step = play.hand.step
    if step and not repeats(rule) and rule.id in booked_at(play.hand, step):
        raise LedgerError(ALREADY_BOOKED.format(rule=rule.words))
    if scores.is_score(rule):
        count = booking.count if isinstance(booking.count, int) else 1
        scores.record(
            hand=play.hand, rule=rule, roles=booking.roles, count=count, recorded_by=recorded_by
        )
        return None
    return _charge(play, rule, rules, booking, {}, recorded_by)


def showdown(
    play: Play,
    *,
    bookings: Sequence[Booking],
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None = None,
    recorded_by: str,
) -> list[Posting]:
    """Every payment the showdown's rules make, then the pots' award, in one transaction.

    The rules fire first, in the order given, so a match or a doubled pot is
    counted on the pot before anyone takes it; then the winners take what is
    left. Points go on the score sheet. Refused whole if any part is refused.
    """
    with transaction.atomic():
        booked = [book(play, b, recorded_by=recorded_by) for b in bookings]
        postings = [p for p in booked if p is not None]
        if not any(winners) and not any(low_winners or []):
            # Nobody wins, said against the pots as they were before the rules fired: a
            # forfeit into an empty pot filled it, a tie nobody wins carried it all on.
            pots = play.showdown_pots()
            winners = [[] for _ in pots]
            low_winners = None if low_winners is None else [[] for _ in pots]
        postings.append(
            play.award(winners=winners, low_winners=low_winners, recorded_by=recorded_by)
        )
    return postings


def charge_hand(*, hand: Hand, rule_id: str, recorded_by: str, **facts) -> Posting:
    """`charge` for a caller that holds only the hand."""
    return charge(load(hand), rule_id, recorded_by=recorded_by, **facts)


def charge(
    play: Play,
    rule_id: str,
    *,
    recorded_by: str,
    roles: Roles | None = None,
    count: int | Mapping[int, int] = 1,
    bet: int | None = None,
    agreed: Mapping[str, int] | None = None,
) -> Posting:
    """Post what one firing of the game's money rule `rule_id` moves, as one "charge" posting.

    `roles` name the seats of the firing ({"losers": [bob, cat]}); who folded
    comes from the hand unless given. `count`, `bet` and `agreed` are as in
    `charges.Firing` and `charges.TableAtFiring`. Refused whole, with nothing
    recorded, when the rule or the facts cannot be charged.
    """
    rules = _rules(play.hand)
    rule = rule_in_force(play.hand, rule_id, rules)
    wanted = Booking(rule=rule.id, roles=roles or {}, count=count, bet=bet)
    return _charge(play, rule, rules, wanted, agreed or {}, recorded_by)


def _charge(
    play: Play,
    rule: MoneyRule,
    rules: list[MoneyRule],
    wanted: Booking,
    agreed: Mapping[str, int],
    recorded_by: str,
) -> Posting:
    """Post one firing of `rule`, found among the hand's `rules`, as one "charge" posting."""
    _check_open(play)
    used = used_this_hand(play.hand, rule) if rule.most_per_hand else {}
    firing = Firing(
        roles=_roles(play, wanted.roles),
        count=wanted.count,
        bet=wanted.bet,
        used=used,
        below=_first_round(play, rule, rules, wanted),
    )
    # A rule paying what this one's payer could not (the dealer covering a short pot).
    cover = next((r for r in rules if r.amount and rule.id in (r.amount.rest_of or ())), None)
    try:
        table = _table(play, rules, agreed)
        transfers = charges.charge(rule, table, firing, cover=cover)
        # Kept for a per-hand cap and for a wild tax, which the showdown helper reads.
        counted = rule.most_per_hand or rule.kind == "wild_tax"
        units = charges.units(rule, table, firing) if counted else {}
    except ChargeError as exc:
        raise LedgerError(play.with_names(str(exc))) from exc
    if not transfers:
        raise LedgerError(NOTHING_TO_CHARGE.format(rule=rule.words))
    if any(charges.BANK in (t.source, t.target) for t in transfers):
        raise LedgerError(NO_BANK.format(rule=rule.words))
    moves = [Move(_account(play, t.source), _account(play, t.target), t.chips) for t in transfers]
    return play.post(
        kind="charge",
        moves=moves,
        recorded_by=recorded_by,
        detail={
            "rule": rule.id,
            "step": play.hand.step,
            "rule_kind": rule.kind,
            "mechanics": list(rule.mechanics),
            "transfers": [[str(t.source), str(t.target), t.chips] for t in transfers],
            "paid": {str(seat): chips for seat, chips in _paid_in(transfers).items()},
            **({"units": {str(seat): n for seat, n in units.items() if n}} if units else {}),
            # A game of lives: each payer of this firing lost one (`games.lives_left`).
            **({"lives_lost": _payers(transfers)} if rule.takes_a_life else {}),
            **({"covered_by": cover.id} if cover else {}),
            # Whose turn it was, for a rule that plays one (`facts.plays_a_turn`): the turn's next.
            **({"actor": actor} if isinstance(actor := wanted.roles.get("actor"), int) else {}),
        },
        memo=_memo(play, rule, transfers, charges.pile_name(rules)),
    )


def _first_round(
    play: Play, rule: MoneyRule, rules: list[MoneyRule], wanted: Booking
) -> tuple[Amount, ...]:
    """The limits an option puts on this bet when it is the player's first turn of the game
    (the first trip round the table); none for any other booking."""
    hand = play.hand
    actor = wanted.roles.get("actor")
    if hand.run_id is None or rule.amount is None or rule.amount.bet is None:
        return ()
    limits = games.first_round_limits(hand.run)
    if not limits or not isinstance(actor, int):
        return ()
    turns = {r.id for r in rules if facts.plays_a_turn(r)}
    return tuple(limits) if games.first_turn(hand.run, actor, turns) else ()


def _check_open(play: Play) -> None:
    """A charge is booked between betting rounds, so the round's own stacks stay true."""
    if play.hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_OVER.format(number=play.hand.number))
    if play.state.betting_open:
        raise LedgerError(ROUND_STILL_OPEN.format(name=play.seat_name(play.state.round.turn)))


def _game(hand: Hand) -> Game:
    game = Game.objects.filter(slug=hand.game_slug).first() if hand.game_slug else None
    if game is None:
        raise LedgerError(NO_GAME.format(number=hand.number))
    return game


def _rules(hand: Hand) -> list[MoneyRule]:
    """The money rules in force: the hand's game as the table chose it, or every rule it has.

    A hand dealt outside a chosen game (the plain table's "next hand") does not
    say which options are on, so every option's rules are accepted there.
    """
    if hand.run_id is not None:
        return list(games.rules_in_force(hand.run).values())
    spec = _game(hand).spec
    return [*spec.money, *(rule for option in spec.options for rule in option.money)]


def _roles(play: Play, given: Roles) -> dict:
    """The firing's roles, with the hand's folded players unless the caller names them."""
    folded = sorted(play.state.folded)
    return ({"folded": folded} if folded else {}) | dict(given)


def _table(play: Play, rules: list[MoneyRule], agreed: Mapping[str, int]) -> charges.TableAtFiring:
    """The table as the journal leaves it, before the rule fires."""
    hand, night = play.hand, play.hand.night
    config = house_rules(hand.config)  # the night's settings as the hand started
    if hand.run_id is not None:
        # The amounts the table confirmed when the game started; none is made up here.
        # An amount agreed in money (a stake per point) is no chip count: its own rule pays it.
        chips = {k: v for k, v in hand.run.agreed.items() if isinstance(v, int)}
        agreed = {**chips, **agreed}
    else:
        # A hand dealt outside a chosen game confirmed nothing: the night's ante stands in.
        unnamed = {a.agreed: config.ante for r in rules for a in r.amounts() if a.agreed}
        agreed = {**unnamed, **agreed}
    return charges.TableAtFiring(
        seats=tuple(hand.seat_order),
        dealer=hand.dealer_id,
        stacks={seat: _stack(play, seat) for seat in {*hand.seat_order, hand.dealer_id}},
        pot=play.pot,
        next_pot=play.balance(Account.key_for(Account.Kind.RIDING, None, None)),
        side_pot=play.balance(Account.key_for(Account.Kind.INFRACTION, None, None)),
        contributions=dict(play.state.contributions),
        ante=config.ante,
        min_bet=config.min_bet,
        chips_per_money=1 / Fraction(night.unit),
        agreed=agreed,
        shortfall=charges.game_shortfall(rules, config.shortfall),
    )


def _stack(play: Play, seat_id: int) -> int:
    """A seat's chips; a dealer who sits this hand out is read on the spot."""
    if seat_id in play.seats:
        return play.stack(seat_id)
    account = play.stack_account(_seat(play, seat_id))
    play.balances.setdefault(account.pk, journal.balances([account])[account.pk])
    return play.balances[account.pk]


def _seat(play: Play, seat_id: int) -> Seat:
    return play.seats.get(seat_id) or Seat.objects.select_related("person").get(pk=seat_id)


def _account(play: Play, account: charges.ChipAccount) -> Account:
    """The journal's account for one of `charges`' accounts."""
    if account.kind == "stack":
        return play.stack_account(_seat(play, account.seat))
    if account.kind == "marker":
        return play.account(Account.Kind.MARKER, seat=_seat(play, account.seat))
    if account.kind == "pot":
        return play.pot_account()
    return play.account(NIGHT_POTS[account.kind])


def _payers(transfers: list[Transfer]) -> list[int]:
    return sorted({t.source.seat for t in transfers if t.source.seat is not None})


def _paid_in(transfers: list[Transfer]) -> dict[int, int]:
    """What each seat put into this hand's pot, from its stack or on its marker."""
    paid: dict[int, int] = {}
    for t in transfers:
        if t.target == charges.POT and t.source.seat is not None:
            paid[t.source.seat] = paid.get(t.source.seat, 0) + t.chips
    return paid


def _memo(play: Play, rule: MoneyRule, transfers: list[Transfer], pile: str) -> str:
    """Who pays what to whom, and the rule: a line of the night's journal anyone can read.

    `pile` is the pile beside the pot as the game calls it (`charges.pile_name`).
    """
    parts = []
    for t in transfers:
        to = _name(play, t.target, pile)
        if t.source.kind == "marker":
            parts.append(f"{_name(play, t.source, pile)} owes {t.chips} to {to} on a marker")
        else:
            parts.append(f"{_name(play, t.source, pile)} pays {t.chips} to {to}")
    return f"{'; '.join(parts)} ({rule.words})"[:200]


def _name(play: Play, account: charges.ChipAccount, pile: str) -> str:
    if account.seat is not None:
        return play.seat_name(account.seat)
    if account.kind == "side_pot":
        return pile
    return POT_NAMES[account.kind]
