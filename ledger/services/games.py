"""A game at the table as the hands below it see it: its rule data, its steps, whether it is open.

The lower half of a game over several deals: `ledger.services.hands` reads the open
game, its steps and its lifecycle (a settled deal may end it, a re-opened
one re-opens it) from here, and `ledger.services.runs` — choosing, dealing and ending
games — builds on both. Imports run one way: games <- hands <- runs.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from typing import Literal

from django.db.models import Sum
from django.utils import timezone

from ledger.core import facts
from ledger.models import Account, Entry, Hand, Night, Posting, Run
from ledger.services import scores
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.models import Game
from rulebook.schema import Amount, MoneyRule
from rulebook.schema import Game as GameSpec
from rulebook.showdown import evaluation

UNKNOWN_GAME = "There is no game {slug!r} in the rulebook."
GAME_STILL_OPEN = "{game} is still being played: deal its next hand, or end it first."
NOT_A_STEP = "{game} has no step {step!r} as this table plays it."
HAND_SETTLED = "Hand {number} is settled: deal the next one."


def spec_of(slug: str) -> GameSpec:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise LedgerError(UNKNOWN_GAME.format(slug=slug))
    return game.spec


def open_run(night: Night) -> Run | None:
    return night.runs.filter(status=Run.Status.OPEN).order_by("-number").first()


def multi_deal(spec: GameSpec) -> bool:
    """Whether the game runs over several deals until its end, its pot riding between them."""
    return spec.deals is not None


def rules_in_force(run: Run, spec: GameSpec | None = None) -> dict:
    """The run's money rules by id: the game's, its chosen options', as its settings pick."""
    spec = spec or spec_of(run.game_slug)
    return dealer.money_rules(spec, dealer.chosen_options(spec, run.options), run.settings)


def first_round_limits(run: Run, spec: GameSpec | None = None) -> list[Amount]:
    """The limits the run's chosen options put on the bets of the first trip round the table."""
    spec = spec or spec_of(run.game_slug)
    return dealer.first_round_limits(dealer.chosen_options(spec, run.options))


Shape = Literal["plain", "high_low", "declare"]


def pot_shape(slug: str, run: Run | None = None) -> Shape:
    """How the showdown names its winners, as this table plays the game: the one answer.

    "declare": each player declares high, low or both and the pot splits by
    their ranks; "high_low": the pot splits between the high and the low hand
    (or the game's two sides); "plain": one list of winners per pot. From
    the game's showdown under the run's options and settings
    (`rulebook.showdown.evaluation.declares`, `splits`), so the players' phones, the
    dealer's card entry, the showdown form, the helper's fill and the API
    all agree. A hand dealt without a game is plain.
    """
    game = Game.objects.filter(slug=slug).first() if slug else None
    if game is None:
        return "plain"
    spec = game.spec
    options = list(run.options) if run is not None else []
    settings = dict(run.settings) if run is not None else {}
    if evaluation.declares(spec, options, settings):
        return "declare"
    return "high_low" if evaluation.splits(spec, options, settings) else "plain"


def halves(hand: Hand) -> bool:
    """Whether the hand's award splits its pot high and low (declared or not)."""
    return pot_shape(hand.game_slug, hand.run if hand.run_id else None) != "plain"


def house_answers(run: Run, spec: GameSpec | None = None) -> dict:
    """The night's house settings this game's chosen settings answer for its hands.

    A setting with `house` (Pass the Trash's "both ways", a declare game's odd
    chip) sets those keys of the hand's config over the night's own.
    """
    spec = spec or spec_of(run.game_slug)
    chosen = dealer.table_settings(spec, run.settings)
    answers: dict = {}
    for setting in spec.settings:
        answers.update(setting.house.get(chosen[setting.id], {}))
    # A pot split high and low: the odd chip goes as the game's half-pot rule rounds
    # (rounded up, the low half gets it), unless a setting said so already.
    halves = [r for r in rules_in_force(run, spec).values() if facts.award_halves(r)]
    if halves and pot_shape(run.game_slug, run) != "plain":
        answers.setdefault("odd_to", "low" if halves[0].amount.rounding == "up" else "high")
    return answers


def steps(run: Run, spec: GameSpec | None = None) -> list:
    """The game's steps as this table plays it: its phases after the options and settings."""
    spec = spec or spec_of(run.game_slug)
    return dealer.hand_phases(spec, dealer.chosen_options(spec, run.options), run.settings)


# A hand dealt without a game has one step of its own: the showdown, where its hands are shown.
PLAIN_SHOWDOWN = "showdown"


def step_to(*, hand: Hand, step: str) -> Hand:
    """Move the hand to one of its game's steps; every phone follows it on its next poll."""
    if hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_SETTLED.format(number=hand.number))
    known = {phase.id for phase in steps(hand.run)} if hand.run else {PLAIN_SHOWDOWN}
    if step not in known:
        raise LedgerError(NOT_A_STEP.format(game=hand.game_name or "This hand", step=step))
    Hand.objects.filter(pk=hand.pk).update(step=step)
    hand.step = step
    return hand


def riding(night: Night) -> int:
    """Chips riding to the next deal, read without creating the account (a GET writes nothing)."""
    total = Entry.objects.filter(account__night=night, account__kind=Account.Kind.RIDING).aggregate(
        total=Sum("amount")
    )["total"]
    return total or 0


def after_settle(hand: Hand) -> None:
    """A settled deal ends its game unless its pot still rides to another deal of it.

    That is a game over several deals whose pot rides, or any game whose deal a
    rule ended with the whole pot carried (Baseball's rainout): it is dealt again.
    A game that keeps a score sheet is a rubber: it ends with the deal that wins it.
    A game of lives goes on while two players or more have a life left, even with
    nothing riding (a first round replayed, lost lives paid straight to a winner).
    """
    run = hand.run
    if run is None or run.status != Run.Status.OPEN:
        return
    spec = spec_of(run.game_slug)
    if spec.sheet is not None:
        rubber = scores.rubber_of(run)
        if rubber is not None and rubber.winner is not None:
            close_run(run, Run.Ending.WON)
        return
    if (multi_deal(spec) or redealt(hand, spec)) and riding(hand.night):
        return
    left = lives_left(run, spec)
    if left is not None and sum(1 for lives in left.values() if lives) > 1:
        return  # a game of lives goes on, riding or not, until one player has a life left
    close_run(run, Run.Ending.WON)


def rubber_players(run: Run | None) -> list[int] | None:
    """The players of an open rubber (a game that keeps a score sheet) once it is dealt; else None.

    A rubber is played by the same players from its first deal to its last.
    """
    if run is None or run.status != Run.Status.OPEN or not scores.keeps_sheet(run):
        return None
    return scores.players_of(run) or None


def over_words(run: Run) -> str:
    """How a game that just ended by play ended, for the page's summary."""
    if scores.keeps_sheet(run):
        return f"{run.game_name} is over: the rubber is won."
    return f"{run.game_name} is over: the pot was won."


def ends_deal(rule: MoneyRule) -> bool:
    """A rule that carries the whole pot to the next deal: this deal is over and is dealt again."""
    amount = rule.amount
    return (
        rule.kind == "carry_over"
        and rule.payer == "pot"
        and rule.payee == "next_pot"
        and amount is not None
        and amount.pot is not None
        and Fraction(amount.pot) == 1
    )


def redealt(hand: Hand, spec: GameSpec | None = None) -> bool:
    """Whether a rule booked in this deal (and not undone) ended it, so the game deals again."""
    if hand.run_id is None:
        return False
    spec = spec or spec_of(hand.game_slug)
    ending = {
        r.id for r in [*spec.money, *(m for o in spec.options for m in o.money)] if ends_deal(r)
    }
    return bool(ending) and any(rule in ending for rule, _ in booked(hand))


def booked(hand: Hand) -> list[tuple[str, str]]:
    """Each money rule booked in this deal and not undone, with the step it was booked at."""
    live = Posting.objects.filter(
        hand=hand, kind="charge", reverses__isnull=True, reversed_by__isnull=True
    )
    return [(d.get("rule"), d.get("step", "")) for d in live.values_list("detail", flat=True)]


def turns_taken(hand: Hand, rule_ids: Collection[str]) -> list[int]:
    """The seats whose turns were booked in this deal, in order: each live booking of one of
    `rule_ids` (the rules that play a turn, `facts.plays_a_turn`) names its actor."""
    live = Posting.objects.filter(
        hand=hand, kind="charge", reverses__isnull=True, reversed_by__isnull=True
    ).order_by("pk")
    return [
        d["actor"]
        for d in live.values_list("detail", flat=True)
        if d.get("rule") in rule_ids and isinstance(d.get("actor"), int)
    ]


def first_turn(run: Run, seat: int, rule_ids: Collection[str]) -> bool:
    """Whether `seat`'s turn now is its first of the game: the first trip round the table.

    Each live booking of one of `rule_ids` (the rules that play a turn) names its
    actor, over all the game's deals. One player's bookings in a row are one
    turn (two bets on a split pair), and when the latest turn is `seat`'s it is
    the turn now, not an earlier one.
    """
    live = Posting.objects.filter(
        hand__run=run, kind="charge", reverses__isnull=True, reversed_by__isnull=True
    ).order_by("pk")
    actors = [
        d["actor"]
        for d in live.values_list("detail", flat=True)
        if d.get("rule") in rule_ids and isinstance(d.get("actor"), int)
    ]
    turns = [actor for i, actor in enumerate(actors) if i == 0 or actors[i - 1] != actor]
    if turns and turns[-1] == seat:
        turns.pop()
    return seat not in turns


def lives_left(run: Run, spec: GameSpec | None = None) -> dict[int, int] | None:
    """In a game of lives, each seat dealt in so far and the lives it has left; else None.

    Each starts with the game's `deals.lives`; every live booking of a rule that
    takes a life costs its payers one (`charging` notes them on the posting).
    """
    spec = spec or spec_of(run.game_slug)
    if spec.deals is None or spec.deals.lives is None:
        return None
    postings = Posting.objects.filter(
        hand__run=run, kind="charge", reverses__isnull=True, reversed_by__isnull=True
    )
    left = {seat: spec.deals.lives for hand in run.hands.all() for seat in hand.seat_order}
    for detail in postings.values_list("detail", flat=True):
        for seat in detail.get("lives_lost", []):
            left[int(seat)] = max(0, left.get(int(seat), spec.deals.lives) - 1)
    return left


def open_hand(night: Night) -> Hand | None:
    """The hand being played at the table, if one is."""
    return night.hands.exclude(status=Hand.Status.SETTLED).order_by("-number").first()


def after_reopen(hand: Hand) -> None:
    """Re-opening the deal that ended a game re-opens the game."""
    run = hand.run
    if run is not None and run.ending == Run.Ending.WON:
        Run.objects.filter(pk=run.pk).update(status=Run.Status.OPEN, ending="", ended_at=None)
        run.status, run.ending, run.ended_at = Run.Status.OPEN, "", None


def close_run(run: Run, ending: str) -> None:
    run.status, run.ending, run.ended_at = Run.Status.ENDED, ending, timezone.now()
    Run.objects.filter(pk=run.pk).update(
        status=run.status, ending=run.ending, ended_at=run.ended_at
    )
