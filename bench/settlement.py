"""Settlement speed: the fewest transfers for 16 players, and the greedy path beyond.

Draws random zero-sum nets from a fixed seed and times `fewest_transfers` on
each (the best of a few runs). For 16 players it prints the optimal transfer
count beside what largest-debtor-pays-largest-creditor alone would use; for
30 and 100 players it times the greedy path. Pure Python, no site, no Django.
Target: every settlement under 1 s.

Figures, not a test: always exits 0.  usage: python bench/settlement.py [--draws 6]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ledger.core.settlement import OPTIMAL_LIMIT, _greedy, fewest_transfers

SEED = 20250101
TARGET = 1.0  # seconds per settlement
RUNS = 3


def draw_nets(rng: random.Random, players: int, most: int) -> dict[str, int]:
    """Non-zero nets for every player, summing to zero."""
    while True:
        values = [rng.choice([-1, 1]) * rng.randint(1, most) for _ in range(players - 1)]
        values.append(-sum(values))
        if values[-1]:
            return {f"P{i:03d}": value for i, value in enumerate(values)}


def timed(nets: dict[str, int]) -> tuple[int, float]:
    """Transfer count and the best time of RUNS settlements."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        transfers = fewest_transfers(nets)
        best = min(best, time.perf_counter() - start)
    return len(transfers), best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=6)
    args = parser.parse_args()
    rng = random.Random(SEED)
    worst = 0.0

    print(f"{OPTIMAL_LIMIT} players, optimal (subset DP), seed {SEED}, best of {RUNS} runs")
    print(f"{'draw':>4}  {'nets up to':>10}  {'optimal':>7}  {'greedy':>6}  {'ms':>7}")
    # Small nets make zero-sum groups common, so the DP has something to find.
    for draw in range(args.draws):
        most = 500 if draw % 2 == 0 else 20
        nets = draw_nets(rng, OPTIMAL_LIMIT, most)
        count, seconds = timed(nets)
        greedy = len(_greedy(nets))
        worst = max(worst, seconds)
        print(f"{draw:>4}  {most:>10}  {count:>7}  {greedy:>6}  {seconds * 1000:>7.1f}")

    print()
    print("Greedy path (more than 16 players)")
    print(f"{'players':>7}  {'transfers':>9}  {'n - 1':>5}  {'ms':>7}")
    for players in (30, 100):
        nets = draw_nets(rng, players, 500)
        count, seconds = timed(nets)
        worst = max(worst, seconds)
        print(f"{players:>7}  {count:>9}  {players - 1:>5}  {seconds * 1000:>7.1f}")

    verdict = "PASS" if worst < TARGET else "MISS"
    print()
    print(f"{verdict}: slowest settlement {worst * 1000:.1f} ms (target < {TARGET * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
