"""Showdown helper speed: the hand evaluator against treys, and wild-card hands.

Pure Python, no database. Each section prints its figures and PASS or MISS
against the issue's target:

- plain: `rulebook.showdown.ranking.rank_key7` and treys' `Evaluator.evaluate` on the
  same 20,000 random seven-card hands (fixed seed), µs per hand side by side
  and the ratio; target: at least half treys' speed (ratio <= 2.0). The
  full `best_high` (what the helper calls: the key, the cards used and the
  hand's name) is held to the same target.
- wilds: `best_high` on seven cards with four of them wild, ms per hand,
  median and p95; target under 5 ms.
- further sections (the game layer's stud showdown) append themselves to
  SECTIONS below: each is a function taking the parsed arguments.

Figures, not a test: always exits 0.  usage: python bench/showdown.py [--hands 20000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from treys import Card as TreysCard
from treys import Evaluator

from rulebook.showdown.cards import DECK
from rulebook.showdown.ranking import best_high, rank_key7

SEED = 20251212
PLAIN_RATIO_TARGET = 2.0  # ours may take at most twice treys' time
WILDS_TARGET_MS = 5.0


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def per_call(call: Callable[[], object], count: int) -> float:
    """Seconds per item of one timed pass (best of three, to skip a busy moment)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best / count


def timed_each(call: Callable[[object], object], items: list) -> list[float]:
    """CPU ms per item, one by one (for medians and p95)."""
    out = []
    for item in items:
        start = time.process_time()
        call(item)
        out.append((time.process_time() - start) * 1000)
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def plain(args: argparse.Namespace) -> None:
    """No-wild seven-card hands: ours and treys on the same deals."""
    rng = random.Random(SEED)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    codes = {card: TreysCard.new(card.code) for card in DECK}
    theirs = [[codes[c] for c in hand] for hand in hands]
    evaluator = Evaluator()

    def run_treys() -> None:
        for cards in theirs:
            evaluator.evaluate(cards[:2], cards[2:])

    def run_ours() -> None:
        for hand in hands:
            rank_key7(hand)

    full = hands[: max(1, args.hands // 10)]

    def run_full() -> None:
        for hand in full:
            best_high(hand)

    treys_us = per_call(run_treys, len(theirs)) * 1e6
    ours_us = per_call(run_ours, len(hands)) * 1e6
    full_us = per_call(run_full, len(full)) * 1e6
    ratio = ours_us / treys_us
    print(f"plain high, 7 cards, {len(hands)} hands, seed {SEED}: µs per hand (CPU)")
    print(f"{'treys':>12} {'rank_key7':>12} {'ratio':>7} {'best_high':>12}")
    print(f"{treys_us:>12.2f} {ours_us:>12.2f} {ratio:>7.2f} {full_us:>12.2f}")
    print(
        f"{verdict(ratio <= PLAIN_RATIO_TARGET)}: rank_key7 takes {ratio:.2f}x treys' time "
        f"(target <= {PLAIN_RATIO_TARGET:.1f}x, at least half its speed)"
    )
    full_ratio = full_us / treys_us
    print(
        f"{verdict(full_ratio <= PLAIN_RATIO_TARGET)}: best_high (cards and name too) takes "
        f"{full_ratio:.2f}x treys' time (target <= {PLAIN_RATIO_TARGET:.1f}x)"
    )


def wilds(args: argparse.Namespace) -> None:
    """Seven cards, four of them wild: solved by hand class, not by trying cards."""
    rng = random.Random(SEED + 4)
    deals = [rng.sample(DECK, 7) for _ in range(args.wild_hands)]
    times = timed_each(lambda hand: best_high(hand, hand[:4]), deals)
    worst = max(times)
    print(f"best_high, 7 cards with 4 wild, {len(deals)} hands: ms per hand (CPU)")
    print(f"{'median':>10} {'p95':>10} {'max':>10}")
    print(f"{statistics.median(times):>10.3f} {p95(times):>10.3f} {worst:>10.3f}")
    print(
        f"{verdict(p95(times) < WILDS_TARGET_MS)}: p95 {p95(times):.3f} ms "
        f"(target < {WILDS_TARGET_MS} ms)"
    )


# Sections in the order printed; the game layer appends its own (seven-player stud...).
SECTIONS: list[Callable[[argparse.Namespace], None]] = [plain, wilds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--wild-hands", type=int, default=2000)
    parser.add_argument("--stud-deals", type=int, default=500)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for section in SECTIONS:
        print()
        section(args)


STUD_TARGET_MS = 50.0


def stud_showdown(args: argparse.Namespace) -> None:
    """Seven players, seven-card stud, queens wild and the card after the last queen up.

    The whole game layer (`rulebook.showdown.evaluation.evaluate`): card checks, the
    follower worked out from the up cards in the order dealt, each player's
    best hand with wilds, the tiers. The game is built here from the typed
    showdown section alone (no rule file), as a rule file would give it.
    """
    from rulebook.schema import Game
    from rulebook.showdown.evaluation import Holding, evaluate

    game = Game.model_validate(
        {
            "name": "Bench stud",
            "slug": "bench-stud",
            "family": "stud",
            "summary": "Seven-card stud with the follow-the-queen wilds, for the benchmark.",
            "has_rules": False,
            "pot": {"kind": "high"},
            "showdown": {
                "wilds": [
                    {"text": "Queens are wild.", "ranks": ["Q"]},
                    {"text": "The rank after the last queen up is wild.", "follows": "Q"},
                ]
            },
            "source": {"seed": "house", "section": "Benchmark"},
        }
    )
    rng = random.Random(SEED + 7)
    names = [f"Player {i + 1}" for i in range(7)]
    deals = []
    for _ in range(args.stud_deals):
        cards = rng.sample(DECK, 49)
        hands = {name: cards[i * 7 : i * 7 + 7] for i, name in enumerate(names)}
        # two down, four up (one street at a time round the table), the last down
        order = [hands[name][2 + street] for street in range(4) for name in names]
        holdings = {name: Holding(tuple(held), up=tuple(held[2:6])) for name, held in hands.items()}
        deals.append((holdings, order))
    times = timed_each(lambda deal: evaluate(game, deal[0], up_order=deal[1]), deals)
    print(
        f"seven-player stud showdown, follow the queen, {len(deals)} deals: ms per showdown (CPU)"
    )
    print(f"{'median':>10} {'p95':>10} {'max':>10}")
    print(f"{statistics.median(times):>10.3f} {p95(times):>10.3f} {max(times):>10.3f}")
    print(
        f"{verdict(p95(times) < STUD_TARGET_MS)}: p95 {p95(times):.3f} ms "
        f"(target < {STUD_TARGET_MS} ms)"
    )


SECTIONS.append(stud_showdown)


if __name__ == "__main__":
    main()
