"""A rule told only for contrast, charging nothing (Roll Your Own: "pushing is free"), is words
on the step, never a button that would only be refused."""

from __future__ import annotations

from ledger.core import facts
from rulebook.loader import load_games


def rule(slug: str, rule_id: str):
    game = next(g for g in load_games() if g.slug == slug)
    return next(
        r for r in game.money + [m for o in game.options for m in o.money] if r.id == rule_id
    )


def test_a_free_push_is_no_booking_and_a_paid_push_is_one():
    free = rule("roll-your-own", "push-free")
    paid = rule("push", "push-fee")
    assert facts.free(free)
    assert not facts.bookable(free)
    assert not facts.free(paid)
    assert facts.bookable(paid)
