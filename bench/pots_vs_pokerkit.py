"""Our pot engine beside PokerKit on fixed no-limit hold'em hands: who gets what, and how fast.

Each scenario is one hand: starting stacks, blinds, everyone's hole cards, the
board, and the actions street by street (all-ins at different levels, folds,
uncalled bets, ties). PokerKit (`pokerkit` on PyPI) plays it as a whole game
and evaluates the cards itself. Ours plays the same actions through
`ledger.core.betting`, builds the pots with `ledger.core.pots.build_pots`, and awards
each pot with `ledger.core.pots.award` to the players PokerKit's hand evaluation
ranks best among those who can win that pot (the table taps them in the app),
with the odd-chip rule set to "first_left", PokerKit's: every odd chip to the
first winner left of the button.

A fixed list of hand-built cases comes first, then hands drawn from a fixed
seed by playing random legal actions through our engine. For each it prints
the final stacks' agreement and the time per hand of each engine; ours is the
pure chip math (no database), PokerKit's includes dealing and evaluating the
cards, which ours is given.

PokerKit kills the hands that cannot win anything before it pushes chips and
builds its pots only then, merging neighbouring pots that are left with the
same players. When the losers' departure makes two odd pots one, the odd chip
moves. Any scenario that differs is checked against our engine with the
losers treated as folded (which merges the pots as PokerKit does); a
difference that this explains is named, and any other is a failure.

Figures, not a test: always exits 0.
usage: python bench/pots_vs_pokerkit.py [--repeat 200] [--random 28] [--seed 2025] [-v]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokerkit import Automation, NoLimitTexasHoldem, StandardHighHand

from ledger.core import betting, pots

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
ODD_CHIP = "first_left"
RANKS = "23456789TJQKA"
SUITS = "cdhs"


@dataclass(frozen=True)
class Scenario:
    """One hand. Player i is PokerKit's player i and our seat i + 1; the last player deals.

    Actions, per street in acting order: x check, c call, f fold, a all in,
    b<n> bet to n, r<n> raise to n (totals for the street, as both engines take them).
    """

    name: str
    stacks: tuple[int, ...]
    holes: tuple[str, ...]
    board: str  # five cards, e.g. "2c7d9hJsQc"
    streets: tuple[tuple[str, ...], ...]
    blinds: tuple[int, int] = (1, 2)


def s(text: str) -> tuple[str, ...]:
    return tuple(text.split())


CASES = [
    Scenario(
        "three all-ins at three levels",
        stacks=(50, 120, 200, 400),
        holes=("AhAd", "KhKd", "QhQd", "JhJd"),
        board="2c7d9s3h4s",
        streets=(s("a c a a"),),
    ),
    Scenario(
        "folded chips in pots the folder cannot win",
        stacks=(30, 200, 200, 200),
        holes=("7h7d", "AcKd", "QsJs", "Tc9c"),
        board="2c5d8hKsAd",
        streets=(s("r6 c a f c c"), s("b40 r120 f")),
    ),
    Scenario(
        "all in for less than the call",
        stacks=(35, 300, 300),
        holes=("AsAh", "KsKh", "8c8d"),
        board="2d3c9hTsJd",
        streets=(s("r100 a c"), s("x x"), s("b50 f")),
    ),
    Scenario(
        "tie in the side pot only, odd chip",
        stacks=(40, 200, 200, 200, 200),
        holes=("QcQd", "AhKd", "9h8h", "AsKc", "5d5c"),
        board="2c7d9sJhQs",
        streets=(s("r7 c f a c c c"), s("b21 c c"), s("b11 f c"), s("x x")),
    ),
    Scenario(
        "three-way tie with a dead small blind, odd chip",
        stacks=(100, 100, 100, 100),
        holes=("Ad2c", "Ac3d", "Ah4c", "Kd9c"),
        board="5s6h7d8s9d",
        streets=(s("r6 c f c"), s("x x x"), s("x x x"), s("x x x")),
    ),
    Scenario(
        "short all-in does not reopen the betting",
        stacks=(150, 300, 300),
        holes=("AhQh", "KcKs", "JdJc"),
        board="2h7c9dTs3c",
        streets=(s("c c x"), s("x b100 c a c c"), s("x x"), s("x x")),
    ),
    Scenario(
        "everyone folds to the big blind",
        stacks=(100, 100, 100, 100),
        holes=("2c3d", "4h5s", "7c8d", "9hTs"),
        board="AcKdQhJs2s",
        streets=(s("f f f"),),
    ),
    Scenario(
        "uncalled raise goes back",
        stacks=(100, 80, 250),
        holes=("AcAd", "KcKd", "QcQd"),
        board="2s3s4d8hTc",
        streets=(
            s("r9 c c"),
            s("x x b200 f f"),
        ),
    ),
    Scenario(
        "heads-up all in, split pot",
        stacks=(120, 95),
        holes=("AhKd", "AdKh"),
        board="2c7s9dJcQh",
        streets=(s("a a"),),
    ),
    Scenario(
        "heads-up, the button folds the flop",
        stacks=(200, 200),
        holes=("9c9d", "Ts2h"),
        board="Ac5h6dKs3c",
        streets=(s("r6 c"), s("b10 f")),
    ),
    Scenario(
        "short stack loses, two tie both pots, odd chips (PokerKit merges)",
        stacks=(100, 5, 100, 100, 100),
        holes=("5h5d", "3c4d", "AhKd", "AsKc", "8s8h"),
        board="2c7d9hJsQc",
        streets=(s("c c r6 f a c c"), s("x b10 f c"), s("x x"), s("x x")),
    ),
    Scenario(
        "four levels, two ties, blinds 5/10",
        stacks=(95, 255, 410, 615, 1000, 1000),
        holes=("AsAd", "AhAc", "KsKd", "KhKc", "QsQd", "2h3h"),
        board="4c8d9sTh2d",
        streets=(s("a a c f a a"),),
        blinds=(5, 10),
    ),
]


# Cards


def hand_ranks(sc: Scenario) -> list:
    """PokerKit's evaluation of each player's best five cards: comparable, ties equal."""
    return [StandardHighHand.from_game(hole, sc.board) for hole in sc.holes]


# Our engine


def positions(count: int, small: int, big: int):
    """Seat ids in order from the button's left, the blinds, and who opens pre-flop."""
    seats = list(range(1, count + 1))
    if count == 2:
        # Heads-up the button posts the small blind and acts first before the flop.
        return seats, [(2, small), (1, big)], 2
    return seats, [(1, small), (2, big)], seats[2 % count]


def our_action(token: str) -> betting.Action:
    kind = {"x": "check", "c": "call", "f": "fold", "a": "all_in", "b": "bet", "r": "raise"}
    return betting.Action(kind[token[0]], int(token[1:]) if token[0] in "br" else 0)


def bet_out(sc: Scenario):
    """Every street through ledger.core.betting: seats, stacks behind, chips put in, who folded."""
    seats, blinds, opener = positions(len(sc.stacks), *sc.blinds)
    stacks = dict(zip(seats, sc.stacks, strict=True))
    put_in = dict.fromkeys(seats, 0)
    folded: set[int] = set()
    for number, actions in enumerate(sc.streets):
        live = [seat for seat in seats if seat not in folded]
        r = betting.start_round(
            [betting.Bettor(seat, stacks[seat]) for seat in live],
            opener=opener if number == 0 else live[0],
            min_bet=sc.blinds[1],
            blinds=blinds if number == 0 else (),
        )
        for token in actions:
            r = betting.apply(r, r.turn, our_action(token))
        assert betting.is_complete(r), f"{sc.name}: street {number + 1} is not over"
        for seat, chips in r.committed.items():
            stacks[seat] -= chips
            put_in[seat] += chips
        if (back := betting.uncalled(r)) is not None:
            stacks[back[0]] += back[1]
            put_in[back[0]] -= back[1]
        folded |= r.folded
    return seats, stacks, put_in, folded


def play_ours(sc: Scenario, ranks: Sequence, *, losers_fold: bool = False) -> list[int]:
    """Final stacks by player index, through ledger.core.betting and ledger.core.pots."""
    seats, stacks, put_in, folded = bet_out(sc)
    out = set(folded)
    if losers_fold:
        # PokerKit's order: drop every hand that can win nothing, then build the pots.
        out |= {s for s in seats if s not in folded and not _can_win(s, put_in, folded, ranks)}
    built = pots.build_pots(put_in, out)
    winners = [_best(p.eligible, ranks) for p in built]
    for seat, chips in pots.award(built, winners, seats, ODD_CHIP).items():
        stacks[seat] += chips
    return [stacks[seat] for seat in seats]


def _best(eligible, ranks) -> set[int]:
    top = max(ranks[seat - 1] for seat in eligible)
    return {seat for seat in eligible if ranks[seat - 1] == top}


def _can_win(seat: int, put_in, folded, ranks) -> bool:
    return any(
        seat in _best(p.eligible, ranks)
        for p in pots.build_pots(put_in, folded)
        if seat in p.eligible
    )


# PokerKit


def play_pokerkit(sc: Scenario) -> list[int]:
    """Final stacks by player index, PokerKit playing the whole hand."""
    count = len(sc.stacks)
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, sc.blinds, sc.blinds[1], sc.stacks, count
    )
    for hole in sc.holes:
        state.deal_hole(hole)
    parts = [sc.board[:6], sc.board[6:8], sc.board[8:10]]
    for number, actions in enumerate(sc.streets):
        if number:
            state.deal_board(parts.pop(0))
        for token in actions:
            kind = token[0]
            if kind in "xc":
                state.check_or_call()
            elif kind == "f":
                state.fold()
            elif kind in "br":
                state.complete_bet_or_raise_to(int(token[1:]))
            elif state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()  # all in for a call, or for less
    while state.status and parts and state.can_deal_board():
        state.deal_board(parts.pop(0))
    assert not state.status, f"{sc.name}: PokerKit's hand is not over"
    return list(state.stacks)


# Drawn scenarios


def draw_scenario(rng: random.Random, index: int) -> Scenario:
    """Random stacks and legal actions through our engine; some boards make ties likely."""
    count = rng.choice([2, 3, 3, 4, 4, 5, 6])
    small, big = rng.choice([(1, 2), (1, 2), (5, 10), (25, 50)])
    stacks = tuple(rng.randint(big + 1, 60 * big) for _ in range(count))
    deck = [r + u for r in RANKS for u in SUITS]
    tie_board = rng.random() < 0.4
    if tie_board:
        # The board is a straight that plays; only a ten improves it, so ties are common.
        board = ["5c", "6d", "7h", "8s", "9c"]
        deck = [c for c in deck if c not in board and c[0] not in "J"]
    else:
        rng.shuffle(deck)
        board = deck[:5]
        deck = deck[5:]
    rng.shuffle(deck)
    holes = tuple(deck[2 * i] + deck[2 * i + 1] for i in range(count))

    seats, blinds, opener = positions(count, small, big)
    left = dict(zip(seats, stacks, strict=True))
    folded: set[int] = set()
    streets = []
    for number in range(4):
        live = [seat for seat in seats if seat not in folded]
        if len(live) < 2:
            break
        r = betting.start_round(
            [betting.Bettor(seat, left[seat]) for seat in live],
            opener=opener if number == 0 else live[0],
            min_bet=big,
            blinds=blinds if number == 0 else (),
        )
        tokens = []
        while not betting.is_complete(r):
            seat = r.turn
            kinds = sorted(betting.legal(r, seat))
            if not betting.to_call(r, seat):
                kinds.remove("fold")  # PokerKit refuses a fold with nothing to call
            weights = [
                {"fold": 1, "check": 3, "call": 4, "bet": 2, "raise": 2, "all_in": 2}[k]
                for k in kinds
            ]
            kind = rng.choices(kinds, weights)[0]
            amount = 0
            if kind in ("bet", "raise"):
                low, high = betting.min_raise_to(r, seat), betting.max_raise_to(r, seat)
                amount = rng.choice([low, low, rng.randint(low, high)])
                if amount == r.committed[seat] + r.stacks[seat]:
                    kind, amount = "all_in", 0  # PokerKit calls that an all-in too
            r = betting.apply(r, seat, betting.Action(kind, amount))
            tokens.append(
                {"check": "x", "call": "c", "fold": "f", "all_in": "a"}.get(kind)
                or f"{kind[0]}{amount}"
            )
        for seat, chips in r.committed.items():
            left[seat] -= chips
        if (back := betting.uncalled(r)) is not None:
            left[back[0]] += back[1]
        folded |= r.folded
        streets.append(tuple(tokens))
        able = [seat for seat in seats if seat not in folded and left[seat] > 0]
        if len(able) < 2:
            break
    label = f"drawn {index:02d}: {count} players, {small}/{big}" + (
        ", straight on board" if tie_board else ""
    )
    return Scenario(label, stacks, holes, "".join(board), tuple(streets), (small, big))


# Running


def per_hand_us(play: Callable[[], object], repeat: int) -> float:
    """Median of 5 batches, in microseconds per hand."""
    batch = max(1, repeat // 5)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(batch):
            play()
        times.append((time.perf_counter() - start) / batch)
    return statistics.median(times) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="hands per timing")
    parser.add_argument("--random", type=int, default=28, help="drawn scenarios")
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="print every scenario's stacks"
    )
    args = parser.parse_args()

    # We deal the cards the scenario names, not PokerKit's shuffled deck; it warns each time.
    warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
    rng = random.Random(args.seed)
    scenarios = CASES + [draw_scenario(rng, i + 1) for i in range(args.random)]
    print(
        f"{len(scenarios)} no-limit hold'em hands ({len(CASES)} built by hand, {args.random} drawn"
        f" from seed {args.seed}); odd chips: {ODD_CHIP}; {args.repeat} hands per timing"
    )
    print(
        f"{'scenario':<64} {'pots':>4} {'split':>5} {'odd':>3} {'agree':>6}"
        f" {'ours us':>8} {'PokerKit us':>11}"
    )

    agree = merged = failed = split_pots = odd_pots = 0
    ours_times, theirs_times = [], []
    notes = []
    for sc in scenarios:
        ranks = hand_ranks(sc)
        ours = play_ours(sc, ranks)
        theirs = play_pokerkit(sc)
        mine = ours
        pot_count, split_count, odd_count = splits(sc, ranks)
        split_pots += split_count
        odd_pots += odd_count
        if mine == theirs:
            verdict = "yes"
            agree += 1
        elif play_ours(sc, ranks, losers_fold=True) == theirs:
            verdict = "merge"
            merged += 1
            notes.append((sc, mine, theirs))
        else:
            verdict = "NO"
            failed += 1
            notes.append((sc, mine, theirs))
        ours_us = per_hand_us(lambda sc=sc, ranks=ranks: play_ours(sc, ranks), args.repeat)
        theirs_us = per_hand_us(lambda sc=sc: play_pokerkit(sc), max(10, args.repeat // 4))
        ours_times.append(ours_us)
        theirs_times.append(theirs_us)
        print(
            f"{sc.name[:64]:<64} {pot_count:>4} {split_count:>5} {odd_count:>3} {verdict:>6}"
            f" {ours_us:>8.1f} {theirs_us:>11.1f}"
        )
        if args.verbose:
            print(f"    start {list(sc.stacks)}  ours {mine}  PokerKit {theirs}")

    total = len(scenarios)
    print(f"\n{split_pots} pots split between tied winners, {odd_pots} of them with odd chips")
    print(
        f"ours: mean {statistics.mean(ours_times):.1f} us/hand, "
        f"PokerKit: mean {statistics.mean(theirs_times):.1f} us/hand "
        f"(x{statistics.mean(theirs_times) / statistics.mean(ours_times):.0f}; "
        "PokerKit also deals and evaluates the cards)"
    )
    for sc, mine, theirs in notes:
        print()
        print(f"{sc.name}: start {list(sc.stacks)}")
        print(f"    ours     {mine}")
        print(f"    PokerKit {theirs}")
        ranks = hand_ranks(sc)
        print("    our pots (each split on its own, as the table saw them):")
        for line in pot_lines(sc, ranks):
            print(f"      {line}")
        if play_ours(sc, ranks, losers_fold=True) == theirs:
            print("    PokerKit's pots (built after the hands that win nothing are killed):")
            for line in pot_lines(sc, ranks, losers_fold=True):
                print(f"      {line}")
            print(
                "    PokerKit kills the losing hands first, so pots that differ only by a loser"
                " merge into one\n    and their odd chips add up differently; with the losers"
                " folded our engine gives PokerKit's stacks exactly."
            )
    verdict = "PASS" if failed == 0 else "MISS"
    print()
    print(
        f"{verdict}: {agree} of {total} agree chip for chip, {merged} differ only by PokerKit's"
        f" pot merge (named above), {failed} disagree otherwise"
    )
    return 0


def pot_lines(sc: Scenario, ranks: Sequence, *, losers_fold: bool = False) -> list[str]:
    """Each pot our engine builds: chips, who can win it, who does."""
    seats, _, put_in, folded = bet_out(sc)
    out = set(folded)
    if losers_fold:
        out |= {s for s in seats if s not in folded and not _can_win(s, put_in, folded, ranks)}
    lines = []
    for p in pots.build_pots(put_in, out):
        winners = sorted(_best(p.eligible, ranks))
        share, odd = divmod(p.amount, len(winners))
        lines.append(
            f"{p.amount} chips, players {sorted(s - 1 for s in p.eligible)} can win, "
            f"{[w - 1 for w in winners]} win {share} each" + (f" + {odd} odd" if odd else "")
        )
    return lines


def splits(sc: Scenario, ranks: Sequence) -> tuple[int, int, int]:
    """Pots, pots split between tied winners, and split pots with odd chips."""
    _, _, put_in, folded = bet_out(sc)
    built = pots.build_pots(put_in, folded)
    tied = [(p.amount, len(_best(p.eligible, ranks))) for p in built]
    return len(built), sum(n > 1 for _, n in tied), sum(n > 1 and a % n > 0 for a, n in tied)


if __name__ == "__main__":
    sys.exit(main())
