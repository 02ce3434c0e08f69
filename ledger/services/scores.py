"""The score sheet of a points game: a rubber's points per player, kept across its deals.

A rule of kind `points_score` gives its payee (the winner of the tricks, the
best hand) its points, times how often it fired ("per trick"); each firing
is a `Score` row, append-only, no chips. The sheet belongs to the rubber: the
game at the table (`Run`) whose rule data keeps one (`Game.sheet`), over as
many deals as it takes, so a new rubber starts with an empty sheet.

What the sheet does by itself is worked out from those rows deal by deal
(`work_out`, pure), never booked by hand, so taking a score back takes back
all it led to:

- a rule with `sheet: {below: true}` scores below the line; the rest above;
- a player whose points below the line since the last game reach the
  sheet's `game` by the end of a deal makes a game: the `at: game` rules
  score the maker's bonus and, with `wipes`, cancel the other player's
  partial points below the line (that deal's too);
- the player who makes the sheet's `rubber` games wins the rubber: the
  `at: rubber` bonus for the other player's games is scored, and the game
  ends with the deal (`ledger.services.games.after_settle`);
- played for money (an `at: rubber` rule in force that pays per point), the
  lower total pays the higher the agreed stake for each point of difference
  as that deal settles, in the same posting as its award (`ledger.services.hands`):
  a stake in money may be less than a chip, so the payment is worked out in
  money and rounded to the nearest whole chip, as the journal line says.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from itertools import groupby

from django.db import transaction

from ledger.core.amounts import show_money
from ledger.models import Hand, Run, Score
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.models import Game
from rulebook.schema import Game as GameSpec
from rulebook.schema import MoneyRule, Sheet

# Each names the rule in its words (`MoneyRule.words`), never its id.
NOT_POINTS = "“{rule}” does not score points."
NO_POINTS = "“{rule}” names no number of points; nothing was scored."
NOBODY_SCORES = "Say who scores “{rule}”, and how many times."
NOT_IN_HAND = "Only a player in the hand can score “{rule}”."
NOTHING_TO_UNDO = "There is no score to take back in this hand."
HAND_OVER = "Hand {number} is settled; re-open it with undo to change its scores."
SCORED_ONCE = "{rule}: already scored this deal. Take it back first to score it again."
BY_THE_SHEET = "{rule}: the score sheet books it by itself when {when}; nothing was recorded."
WHEN = {"game": "a game is made", "rubber": "the rubber is won"}


def is_score(rule: MoneyRule) -> bool:
    return rule.kind == "points_score"


def by_the_sheet(rule: MoneyRule) -> bool:
    """A rule the score sheet books by itself (a game's bonus, a rubber's stakes): never by hand."""
    return rule.sheet is not None and rule.sheet.at is not None


def record(
    *,
    hand: Hand,
    rule: MoneyRule,
    roles: Mapping[str, int | Collection[int]],
    count: int = 1,
    recorded_by: str,
) -> list[Score]:
    """Score one firing of the rule for each seat in its payee role."""
    if not is_score(rule):
        raise LedgerError(NOT_POINTS.format(rule=rule.words))
    if by_the_sheet(rule):
        raise LedgerError(BY_THE_SHEET.format(rule=rule.words, when=WHEN[rule.sheet.at]))
    if hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_OVER.format(number=hand.number))
    if rule.amount is None or rule.amount.points is None:
        raise LedgerError(NO_POINTS.format(rule=rule.words))
    if rule.per is None and _scored(hand, rule):
        raise LedgerError(SCORED_ONCE.format(rule=rule.words))
    given = roles.get(rule.payee or "")
    seat_ids = [given] if isinstance(given, int) else list(given or [])
    if not seat_ids or count < 1:
        raise LedgerError(NOBODY_SCORES.format(rule=rule.words))
    for seat_id in seat_ids:
        if seat_id not in hand.seat_order:
            raise LedgerError(NOT_IN_HAND.format(rule=rule.words))
    with transaction.atomic():
        return [
            Score.objects.create(
                night_id=hand.night_id,
                hand=hand,
                seat_id=seat_id,
                rule=rule.id,
                points=rule.amount.points * count,
                recorded_by=recorded_by,
            )
            for seat_id in seat_ids
        ]


def _scored(hand: Hand, rule: MoneyRule) -> bool:
    """Whether the hand has a live score of this rule: one not counted per trick scores once."""
    return hand.scores.filter(
        rule=rule.id, reverses__isnull=True, reversed_by__isnull=True
    ).exists()


def undo_last(*, hand: Hand, recorded_by: str) -> Score:
    """Take back the hand's latest live score with a row that reverses it."""
    last = (
        hand.scores.filter(reverses__isnull=True, reversed_by__isnull=True).order_by("-pk").first()
    )
    if last is None:
        raise LedgerError(NOTHING_TO_UNDO)
    return Score.objects.create(
        night_id=last.night_id,
        hand=hand,
        seat_id=last.seat_id,
        rule=last.rule,
        points=-last.points,
        recorded_by=recorded_by,
        reverses=last,
    )


# --- The sheet, worked out (pure) ------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One live score as booked: who, which rule, how many points, in which deal."""

    seat: int
    rule: str
    points: int
    deal: int


@dataclass(frozen=True)
class Mark:
    """One line on the sheet: booked by hand, or by the sheet itself (`auto`)."""

    seat: int
    points: int
    words: str
    below: bool
    game: int  # the game it was scored in, 1 first
    deal: int
    auto: bool = False


@dataclass
class Rubber:
    """A rubber's sheet: every line, the games each player made, and its winner once won."""

    players: list[int]
    sheet: Sheet
    marks: list[Mark] = field(default_factory=list)
    games: dict[int, int] = field(default_factory=dict)
    partial: dict[int, int] = field(default_factory=dict)  # below the line since the last game
    game: int = 1  # the game being played, 1 first
    winner: int | None = None  # who won the rubber, once someone has

    def total(self, seat: int) -> int:
        return sum(m.points for m in self.marks if m.seat == seat)

    def above(self, seat: int) -> int:
        return sum(m.points for m in self.marks if m.seat == seat and not m.below)

    def below(self, seat: int, game: int) -> int:
        """The seat's points below the line in one game, after any wipe."""
        return sum(m.points for m in self.marks if m.seat == seat and m.below and m.game == game)

    def wiped(self, seat: int, game: int) -> int:
        """The seat's partial points below the line the sheet wiped in this game."""
        return -sum(
            m.points for m in self.marks if m.auto and m.below and m.seat == seat and m.game == game
        )

    def games_played(self) -> list[int]:
        """Every game with points below the line, or being played."""
        return list(range(1, max([self.game, *(m.game for m in self.marks if m.below)]) + 1))

    def made(self, game: int) -> int | None:
        """Who made this game, if it was made."""
        return next(
            (m.seat for m in self.marks if m.auto and not m.below and m.game == game and m.points),
            None,
        )


def work_out(
    rows: Sequence[Row], rules: Mapping[str, MoneyRule], sheet: Sheet, players: Sequence[int]
) -> Rubber:
    """The sheet from the live scores, deal by deal, with what it does by itself.

    A deal's scores count together, whatever order they were booked in: a
    player whose points below the line since the last game reach the sheet's
    `game` by the end of a deal makes a game there (the deal being played
    counts as it stands), with its bonus; the other player's partial points
    below the line, that deal's included, are wiped; the rubber's last game
    brings its bonus. Should both reach it in one deal, the higher makes the
    game (on a tie, the first to reach it as booked). Scores after the rubber
    is won (the honors of its last deal) still count.
    """
    rubber = Rubber(
        players=list(players),
        sheet=sheet,
        games=dict.fromkeys(players, 0),
        partial=dict.fromkeys(players, 0),
    )
    at_game = [r for r in rules.values() if r.sheet is not None and r.sheet.at == "game"]
    bonus = next((r for r in at_game if not r.sheet.wipes), None)
    wipe = next((r for r in at_game if r.sheet.wipes), None)
    rubber_bonus = {
        r.sheet.loser_games: r
        for r in rules.values()
        if r.sheet is not None and r.sheet.at == "rubber" and is_score(r)
    }
    for deal, scored in groupby(rows, key=lambda row: row.deal):
        reached: list[int] = []  # who reached a game in this deal, in the order they did
        for row in scored:
            rule = rules.get(row.rule)
            below = bool(rule is not None and rule.sheet is not None and rule.sheet.below)
            mark = Mark(row.seat, row.points, _words(rule, row), below, rubber.game, deal)
            rubber.marks.append(mark)
            if not below or rubber.winner is not None or row.seat not in rubber.partial:
                continue
            rubber.partial[row.seat] += row.points
            if rubber.partial[row.seat] >= sheet.game and row.seat not in reached:
                reached.append(row.seat)
        reached = [s for s in reached if rubber.partial[s] >= sheet.game]
        if reached and rubber.winner is None:
            maker = max(reached, key=lambda s: (rubber.partial[s], -reached.index(s)))
            _game_made(rubber, maker, deal, bonus, wipe, rubber_bonus)
    return rubber


def _game_made(
    rubber: Rubber,
    maker: int,
    deal: int,
    bonus: MoneyRule | None,
    wipe: MoneyRule | None,
    rubber_bonus: Mapping[int | None, MoneyRule],
) -> None:
    game = rubber.game
    rubber.games[maker] += 1
    points = bonus.amount.points if bonus is not None else 0
    words = bonus.words if bonus is not None else "Game"
    rubber.marks.append(Mark(maker, points, words, False, game, deal, auto=True))
    for other, partial in rubber.partial.items():
        if other != maker and partial and wipe is not None:
            rubber.marks.append(Mark(other, -partial, wipe.words, True, game, deal, auto=True))
    rubber.partial = dict.fromkeys(rubber.partial, 0)
    if rubber.games[maker] < rubber.sheet.rubber:
        rubber.game += 1
        return
    rubber.winner = maker
    theirs = max((n for seat, n in rubber.games.items() if seat != maker), default=0)
    won = rubber_bonus.get(theirs)
    if won is not None:
        rubber.marks.append(Mark(maker, won.amount.points, won.words, False, game, deal, auto=True))


def _words(rule: MoneyRule | None, row: Row) -> str:
    if rule is None:
        return row.rule
    each = rule.amount.points if rule.amount is not None and rule.amount.points else 0
    times = abs(row.points) // each if each else 1
    return f"{rule.words} ×{times}" if rule.per is not None else rule.words


# --- The sheet of a game at the table -------------------------------------------------------


def spec_of(run: Run) -> GameSpec | None:
    game = Game.objects.filter(slug=run.game_slug).first()
    return game.spec if game is not None else None


def keeps_sheet(run: Run | None) -> bool:
    spec = spec_of(run) if run is not None else None
    return spec is not None and spec.sheet is not None


def rules_of(run: Run, spec: GameSpec) -> dict[str, MoneyRule]:
    return dealer.money_rules(spec, dealer.chosen_options(spec, run.options), run.settings)


def players_of(run: Run) -> list[int]:
    """The rubber's players: those dealt into its first deal, in that deal's seat order."""
    first = run.hands.order_by("number").values_list("seat_order", flat=True).first()
    return list(first or [])


def rubber_of(run: Run | None) -> Rubber | None:
    """The rubber's sheet as it stands, or None for a game that keeps no sheet."""
    spec = spec_of(run) if run is not None else None
    if spec is None or spec.sheet is None:
        return None
    live = (
        Score.objects.filter(hand__run=run, reverses__isnull=True, reversed_by__isnull=True)
        .order_by("pk")
        .values_list("seat_id", "rule", "points", "hand__number")
    )
    rows = [Row(seat, rule, points, deal) for seat, rule, points, deal in live]
    return work_out(rows, rules_of(run, spec), spec.sheet, players_of(run))


def totals(run: Run) -> dict[int, int]:
    """Each player's total on the rubber's sheet."""
    rubber = rubber_of(run)
    return {seat: rubber.total(seat) for seat in rubber.players} if rubber else {}


@dataclass(frozen=True)
class Payment:
    """What the rubber's stakes move: the lower total pays the higher, in whole chips."""

    payer: int
    payee: int
    chips: int
    words: str


def stakes_rule(rules: Mapping[str, MoneyRule]) -> MoneyRule | None:
    """The rule in force that pays per point at the rubber's end (played for money)."""
    return next(
        (
            r
            for r in rules.values()
            if by_the_sheet(r) and r.sheet.at == "rubber" and not is_score(r)
        ),
        None,
    )


def stakes(
    rubber: Rubber,
    rule: MoneyRule,
    agreed: object,
    *,
    unit: Decimal,
    currency: str,
    names: Mapping[int, str],
) -> Payment | None:
    """The stake per point of difference between the two totals, in whole chips.

    A stake in money (`agreed_in: money`) may be less than a chip: the points
    times the stake is a sum of money, which is then rounded to the nearest
    whole chip (a half chip up), the words saying by how much.
    """
    ranked = sorted(rubber.players, key=rubber.total, reverse=True)
    if len(ranked) < 2:
        return None
    payee, payer = ranked[0], ranked[-1]
    points = rubber.total(payee) - rubber.total(payer)
    if points <= 0:
        return None
    who = f"{names[payer]} pays {names[payee]}"
    if rule.amount.agreed_in == "money":
        stake = Decimal(str(agreed))
        money = stake * points
        exact = money / unit
        chips = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        paid = show_money(chips * unit, currency)
        rate = f"{points:,} points at {show_money(stake, currency)} a point"
        if chips == exact:
            words = f"{who} {chips:,} chips ({paid}): {rate}"
        else:
            words = (
                f"{who} {chips:,} chips ({paid}): {rate} is {show_money(money, currency)}, "
                f"{_chips(exact)} chips, rounded to the nearest chip"
            )
    else:
        chips = int(agreed) * points
        words = f"{who} {chips:,} chips: {points:,} points at {int(agreed)} a point"
    return Payment(payer=payer, payee=payee, chips=chips, words=words) if chips else None


def _chips(exact: Decimal) -> str:
    return f"{exact.normalize():,f}"


def news(before: Rubber | None, after: Rubber | None, names: Mapping[int, str]) -> list[str]:
    """What a booking put on the sheet, line by line, and what the sheet did with it."""
    if after is None:
        return []
    start = len(before.marks) if before is not None else 0
    lines = []
    for mark in after.marks[start:]:
        line = "below" if mark.below else "above"
        lines.append(f"{names.get(mark.seat, '?')}: {mark.words}, {mark.points:+,} {line} the line")
    if after.winner is not None and (before is None or before.winner is None):
        lines.append(f"{names.get(after.winner, '?')} has won the rubber: it ends with this deal.")
    return lines


def standing(rubber: Rubber, names: Mapping[int, str]) -> str:
    """The sheet's totals in words: "Ann 136, Dan 212"."""
    return ", ".join(f"{names[s]} {rubber.total(s):,}" for s in rubber.players)


def settling(hand: Hand, names: Mapping[int, str]) -> tuple[str, Payment | None] | None:
    """What a deal of a rubber says as it settles, and the stakes it pays if it wins the rubber.

    None for a hand of a game that keeps no sheet.
    """
    run = hand.run if hand.run_id else None
    rubber = rubber_of(run)
    if rubber is None:
        return None
    if rubber.winner is None:
        return f"Hand {hand.number} scored; the sheet stands {standing(rubber, names)}", None
    spec = spec_of(run)
    won = (
        f"{names[rubber.winner]} wins the rubber, {rubber.games[rubber.winner]} games: "
        f"{standing(rubber, names)}"
    )
    rule = stakes_rule(rules_of(run, spec))
    if rule is None:
        return won, None
    night = hand.night
    agreed = run.agreed.get(rule.amount.agreed)
    paid = stakes(
        rubber, rule, agreed, unit=Decimal(night.unit), currency=night.currency, names=names
    )
    return (f"{won}; {paid.words}" if paid else f"{won}; the totals are level: nobody pays"), paid
