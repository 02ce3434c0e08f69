"""The score sheet of a points game (Pokino): points per player, no chips.

A rule of kind `points_score` gives its payee (the winner of the tricks, the
best hand) its points, times how often it fired ("per trick"). The sheet is
kept per night and game, so a rubber spans as many deals as it takes; the
totals decide who pays whom when the game is played for money (Pokino's
`point-stakes`, a chip rule counted per point of difference).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from django.db import transaction
from django.db.models import Sum

from ledger.journal import LedgerError
from ledger.models import Hand, Score
from rulebook.schema import MoneyRule

NOT_POINTS = "Rule {rule!r} does not score points."
NO_POINTS = "Rule {rule!r} names no number of points; nothing was scored."
NOBODY_SCORES = "Say who scores {rule!r}."
NOT_IN_HAND = "Only a player in the hand can score {rule!r}."
NOTHING_TO_UNDO = "There is no score to take back in this hand."
HAND_OVER = "Hand {number} is settled; re-open it with undo to change its scores."


def is_score(rule: MoneyRule) -> bool:
    return rule.kind == "points_score"


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
        raise LedgerError(NOT_POINTS.format(rule=rule.id))
    if hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_OVER.format(number=hand.number))
    if rule.amount is None or rule.amount.points is None:
        raise LedgerError(NO_POINTS.format(rule=rule.id))
    given = roles.get(rule.payee or "")
    seat_ids = [given] if isinstance(given, int) else list(given or [])
    if not seat_ids or count < 1:
        raise LedgerError(NOBODY_SCORES.format(rule=rule.id))
    for seat_id in seat_ids:
        if seat_id not in hand.seat_order:
            raise LedgerError(NOT_IN_HAND.format(rule=rule.id))
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


def sheet(night_id: int, game_slug: str) -> dict[int, int]:
    """Each seat's total on the night's sheet for one game."""
    rows = (
        Score.objects.filter(night_id=night_id, hand__game_slug=game_slug)
        .values("seat_id")
        .annotate(total=Sum("points"))
        .values_list("seat_id", "total")
    )
    return {seat_id: total or 0 for seat_id, total in rows}
