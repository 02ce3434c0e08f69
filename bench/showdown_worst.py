"""The showdown helper's worst case: every helper game at the largest request the API takes.

Issue 19, item 4 ("bounded work per request"): `POST /api/showdown/` is open
to anyone, so the slowest request it accepts is what one address can make a
server process spend. For each game with a helper, every showdown
configuration (each choice of the settings and each allowed set of the
options that change the showdown) gets requests at the bounds
`rulebook.showdown.request_check` enforces, read from its MOST_* constants: hands of
the most cards, the longest board, the most players, every rank named wild,
the longest order of up cards, paid wilds to choose among, declarations.
The cards come from the game's own deck (its decks, its jokers, the Black
Spot when in play) in deals meant to hurt: wild cards first, one suit a hand
(with and without five in a row), low ranks first, and two seeded shuffles.
The rankings asked for with no game (`rank`) get the same treatment.

Each request goes through `showdown_input.check` and `showdown.describe`,
what the API view calls, in process. Every request is timed once; the
slowest few of each game are timed again (best of --repeat, CPU time), and
the game's worst is the slowest of those. It prints each game's worst time
with the request that made it, then the slowest game, PASS or MISS against
50 ms. Figures, not a test: it always exits 0. tests/rulebook/
test_showdown_worst.py sends the same requests once each, untimed.

    usage: python bench/showdown_worst.py [--repeat 3] [--recheck 3] [--game SLUG ...]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import Game
from rulebook.showdown import request_check
from rulebook.showdown.cards import (
    BLACK_SPOT,
    DECK,
    JOKER,
    RANK_FROM_DATA,
    SUITS,
    Card,
    card_from_data,
)
from rulebook.showdown.evaluation import PLAIN_RANKINGS, declares_both, describe, rules_in_force
from rulebook.showdown.rules import Showdown, Wild

TARGET_MS = 50.0
SEED = 20260119
# The ranks a request may name wild, 2 first: all of them at the bound.
WILD_RANK_CODES = tuple(request_check.WILD_RANKS)[: request_check.MOST_WILD_RANKS]
NO_GAME = "(no game)"


@dataclass(frozen=True)
class Setup:
    """One way a showdown is played: the request's fields for it, its rules and its deck."""

    name: str  # the game's slug, or "(no game) <rank>"
    words: str  # the options and settings chosen
    fields: dict[str, Any]
    sd: Showdown
    deck: list[Card]
    declare: bool
    both: bool = True  # a player may declare both ways (the hardest: every side ranked)


@dataclass(frozen=True)
class Case:
    """One request to time: whose it is, what makes it hard (in words), the JSON body."""

    name: str
    label: str
    body: dict[str, Any]


# --- the ways each game is played -----------------------------------------------------------


def helper_games() -> list[Game]:
    """The games the helper ranks (their showdown has no `no_helper`)."""
    return [game for game in load_games() if game.showdown.helper]


def configurations(game: Game) -> list[tuple[tuple[str, ...], dict[str, str]]]:
    """Every choice of the showdown's settings with every allowed set of its options."""
    settings = request_check.showdown_settings(game)
    options = [option.id for option in request_check.showdown_options(game)]
    subsets = [c for n in range(len(options) + 1) for c in combinations(options, n)]
    found = []
    for choices in product(*(list(setting.choices) for setting in settings)):
        chosen = {setting.id: choice for setting, choice in zip(settings, choices, strict=True)}
        for subset in subsets:
            try:
                dealer.chosen_options(game, subset)
            except dealer.OptionError:
                continue
            found.append((subset, chosen))
    return found


def game_setups(game: Game) -> list[Setup]:
    """The game under each configuration, with the deck its checks allow."""
    setups = []
    for options, settings in configurations(game):
        sd = rules_in_force(game, options, settings)
        words = " ".join([*options, *(f"{key}={value}" for key, value in settings.items())])
        fields = {"game": game.slug, "options": list(options), "settings": settings}
        declare = game.pot.kind == "high_low_declare" or sd.declare
        both = declares_both(game, settings)
        setups.append(Setup(game.slug, words, fields, sd, _deck(game, sd), declare, both))
    return setups


def plain_setups() -> list[Setup]:
    """The rankings asked for with no game: one deck, the board shared, ranks named wild."""
    named = Wild(text="The ranks the table calls wild", named=True)
    return [
        Setup(
            f"{NO_GAME} {rank}",
            "",
            {"rank": rank},
            Showdown(board="shared", wilds=[named], **PLAIN_RANKINGS[rank]),
            list(DECK),
            False,
        )
        for rank in request_check.RANKS
    ]


def _deck(game: Game, sd: Showdown) -> list[Card]:
    """The game's whole deck as the checks allow it: its decks, jokers and the Black Spot."""
    cards = list(DECK) * game.deck.decks
    jokers = game.deck.jokers or (2 if any(w.jokers for w in sd.wilds) else 0)
    cards += [JOKER] * jokers
    conditions = [*sd.kill_cards, *sd.auto_wins]
    if game.deck.black_spot or any(c.black_spot for c in conditions):
        cards.append(BLACK_SPOT)
    return cards


def _wild_by_data(sd: Showdown, paid_only: bool = False) -> Callable[[Card], bool]:
    """Whether the data alone makes a card wild (its ranks, cards, jokers), for any side."""
    wilds = [w for w in sd.wilds if w.paid or not paid_only]
    ranks = {RANK_FROM_DATA[r] for wild in wilds for r in wild.ranks}
    codes = {card_from_data(code) for wild in wilds for code in wild.cards}
    jokers = any(wild.jokers for wild in wilds)
    return lambda card: (card.kind == "joker" and jokers) or card.rank in ranks or card in codes


def _asks(sd: Showdown) -> list[tuple[str, dict[str, Any]]]:
    """What the table says for wilds worked out in the deal: every rank, four, a long order."""
    follows = any(w.follows is not None for w in sd.wilds)
    named = any(w.named for w in sd.wilds)
    if not (follows or named):
        return [("", {})]
    every = list(WILD_RANK_CODES)
    asks: list[tuple[str, dict[str, Any]]] = [
        ("every rank named wild", {"wild_ranks": every}),
        ("four ranks named wild", {"wild_ranks": every[:4]}),
    ]
    if any(w.follows is not None and w.just_the_card for w in sd.wilds):
        asks = []  # only the order of the up cards says which one card follows
    if follows:
        # the longest order: the deck over and over, ending on a queen and the card after it
        deck = [card.code for card in DECK] * (request_check.MOST_UP_ORDER // len(DECK) + 1)
        order = [*deck[: request_check.MOST_UP_ORDER - 2], "Qs", "2c"]
        asks.append(("longest up order", {"up_order": order}))
    if named and sd.board != "none":
        asks.append(("the board names the wilds", {}))
    return asks


# --- dealing --------------------------------------------------------------------------------


def _orders(cards: list[Card], wild: Callable[[Card], bool]) -> dict[str, list[Card]]:
    """Orders to deal from: wilds first, suits in turn, low ranks first, two shuffles."""
    shuffled = random.Random(SEED).sample(cards, len(cards))
    return {
        "wilds first": sorted(shuffled, key=lambda c: not wild(c)),
        "by suit": sorted(cards, key=lambda c: (c.suit, -c.rank)),
        "low first": sorted(cards, key=lambda c: (c.rank if c.rank != 14 else 1, c.suit)),
        "shuffled": shuffled,
        "shuffled again": random.Random(SEED + 1).sample(cards, len(cards)),
    }


def _board(cards: list[Card], size: int) -> tuple[list[Card], list[Card]]:
    """The first `size` plain cards go on the table (so wilds first are shared); the rest dealt."""
    at = [i for i, card in enumerate(cards) if card.kind == "card"][:size]
    taken = set(at)
    return [cards[i] for i in at], [c for i, c in enumerate(cards) if i not in taken]


def _spreads(cards: list[Card], least: int) -> dict[str, list[list[Card]]]:
    """Hands to deal: the most cards each, the most players, and one suit a hand.

    A hand of one suit with no five ranks in a row is a deuce-to-seven low's
    worst: every five different ranks are a flush and no straight stops it.
    """
    most = request_check.MOST_CARDS
    players = min(request_check.MOST_PLAYERS, len(cards) // least)
    each = min(most, len(cards) // players)
    suited = [[c for c in cards if c.suit == suit] for suit in SUITS]
    spreads = {
        "long hands": [cards[i : i + most] for i in range(0, len(cards), most)],
        "most players": [cards[i : players * each : players] for i in range(players)],
        "a suit a hand": [h[i : i + most] for h in suited for i in range(0, len(h), most)],
        "a suit a hand, no five in a row": [
            [c for c in h if c.rank not in (6, 11)] for h in suited
        ],
    }
    return {
        words: [h for h in hands if len(h) >= least][: request_check.MOST_PLAYERS]
        for words, hands in spreads.items()
    }


def _faces(sd: Showdown) -> dict[str, Callable[[list[Card]], list[Card]]]:
    """Which cards are face up, when the rules look at faces: all, every other, none."""
    items = [*sd.wilds, *sd.kill_cards, *sd.auto_wins, *sd.races]
    faced = sd.up_only or any(item.face != "any" for item in items)
    faced = faced or any(w.own in ("hole_card", "lowest_up") for w in sd.wilds)
    if not faced:
        return {"": lambda hand: []}
    if sd.up_only:  # only the face-up cards play: every hand shows them all
        return {"all up": lambda hand: hand}
    return {
        "all up": lambda hand: hand,
        "every other card up": lambda hand: hand[::2],
        "all down": lambda hand: [],
    }


# --- the requests ---------------------------------------------------------------------------


def _hands(setup: Setup, hands: list[list[Card]], up: Callable[[list[Card]], list[Card]]) -> dict:
    """Each player's cards as a client sends them: paid wilds half paid for, declaring both
    (or, where nobody declares both, high and low by turns)."""
    paid = _wild_by_data(setup.sd, paid_only=True)
    paying = any(w.paid for w in setup.sd.wilds)
    players = {}
    for i, hand in enumerate(hands):
        extra: dict[str, Any] = {}
        if paying:  # half of them paid for: the most ways to choose which count
            extra["paid"] = sum(1 for card in hand if paid(card)) // 2
        if setup.declare:
            extra["declare"] = "both" if setup.both else ("high", "low")[i % 2]
        players[f"Player {i + 1}"] = {
            "cards": [c.code for c in hand],
            "up": [c.code for c in up(hand)],
            "extra": extra,
        }
    return players


def _deals(setup: Setup, wild: Callable[[Card], bool]) -> Iterator[tuple[str, list, list]]:
    """(words, board, hands) for every order and spread of the setup's deck."""
    sd = setup.sd
    board_size = request_check.MOST_BOARD if sd.board != "none" else 0
    shared = board_size if sd.board == "shared" else 0  # the board plays in every hand
    least = 1 if sd.short_hands else max(1, sd.hand - shared)
    for order_words, cards in _orders(setup.deck, wild).items():
        board, dealt = _board(cards, board_size)
        for spread_words, hands in _spreads(dealt, least).items():
            if hands and (spread_words != "a suit a hand" or order_words == "by suit"):
                yield f"{spread_words}, {order_words}", board, hands


def setup_cases(setup: Setup) -> list[Case]:
    """Every request this benchmark makes for one setup, each at the bounds."""
    cases = []
    by_data = _wild_by_data(setup.sd)
    for ask_words, ask in _asks(setup.sd):
        named = {request_check.WILD_RANKS[code] for code in ask.get("wild_ranks", ())}
        wild = lambda c, named=named: by_data(c) or c.rank in named  # noqa: E731
        for deal_words, board, hands in _deals(setup, wild):
            for face_words, up in _faces(setup.sd).items():
                words = [setup.words, deal_words, ask_words, face_words]
                body = {**setup.fields, **ask, "hands": _hands(setup, hands, up)}
                if board:
                    body["board"] = [c.code for c in board]
                cases.append(Case(setup.name, ", ".join(w for w in words if w), body))
    return cases


def all_cases(games: list[Game]) -> dict[str, list[Case]]:
    """Each game's requests (and each no-game ranking's), by name."""
    found: dict[str, list[Case]] = {}
    for setup in [s for game in games for s in game_setups(game)] + plain_setups():
        found.setdefault(setup.name, []).extend(setup_cases(setup))
    return found


def answer(case: Case, games: dict[str, Game]) -> dict[str, Any]:
    """What the API view does with the body, in process: check it, rank it, describe it."""
    return describe(request_check.check(case.body, games.get))


# --- timing ---------------------------------------------------------------------------------


def cpu_ms(call: Callable[[], object]) -> float:
    """CPU ms of one call (the process's own time, whatever else the machine runs)."""
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


Timed = tuple[float, Case]  # CPU ms, and the request
Failed = tuple[Case, Exception]


def first_pass(cases: list[Case], games: dict[str, Game]) -> tuple[list[Timed], list[Failed]]:
    """Each request timed once, and those that failed: a refusal or a crash is a figure too."""
    timed: list[Timed] = []
    failed: list[Failed] = []
    for case in cases:
        try:
            timed.append((cpu_ms(lambda case=case: answer(case, games)), case))
        except Exception as exc:  # the benchmark says so and goes on
            failed.append((case, exc))
    return timed, failed


def worst(
    cases: list[Case], games: dict[str, Game], args: argparse.Namespace
) -> tuple[Timed | None, list[Failed]]:
    """The slowest request (None when none was answered), and the failures.

    Every request is timed once; the slowest few again, each best of --repeat.
    """
    once, failed = first_pass(cases, games)
    slowest = sorted(once, key=lambda timed: timed[0])[-args.recheck :]
    again = [
        (min(cpu_ms(lambda case=case: answer(case, games)) for _ in range(args.repeat)), case)
        for _, case in slowest
    ]
    return max(again, key=lambda timed: timed[0], default=None), failed


def verdict(ms: float) -> str:
    return "PASS" if ms < TARGET_MS else "MISS"


def report(results: list[Timed], failures: int) -> None:
    """The slowest game against the target (a failed request is a MISS), then the slowest of all."""
    in_games = [r for r in results if not r[1].name.startswith(NO_GAME)]
    if failures:
        print(f"\nMISS: {failures} requests failed (FAIL above)")
    if in_games:
        ms, case = max(in_games, key=lambda timed: timed[0])
        print(
            f"\n{verdict(ms)}: the slowest game is {case.name} at {ms:.2f} ms ({case.label}); "
            f"target < {TARGET_MS:.0f} ms for every game"
        )
    if results:
        ms, case = max(results, key=lambda timed: timed[0])
        print(f"slowest request of all: {case.name} at {ms:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each rechecked request")
    parser.add_argument("--recheck", type=int, default=3, help="slowest requests timed again")
    parser.add_argument("--game", nargs="*", help="only these games (slugs)")
    args = parser.parse_args()
    games = {game.slug: game for game in helper_games()}
    chosen = [games[slug] for slug in args.game] if args.game else list(games.values())
    cases = all_cases(chosen)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(
        f"bounds: {request_check.MOST_PLAYERS} players, {request_check.MOST_CARDS} cards a hand, "
        f"{request_check.MOST_BOARD} on the board, "
        f"{request_check.MOST_WILD_RANKS} ranks named wild, "
        f"{request_check.MOST_UP_ORDER} up cards in order"
    )
    print(
        f"{len(chosen)} games with a helper and {len(request_check.RANKS)} rankings with no game, "
        f"{sum(map(len, cases.values()))} requests; CPU ms of each one's slowest\n"
    )
    results: list[Timed] = []
    failures = 0
    for name, found in cases.items():
        slowest, failed = worst(found, games, args)
        failures += len(failed)
        for case, exc in failed:
            print(f"{'':>12}  FAIL  {name}: {case.label}: {type(exc).__name__}: {exc}")
        if slowest is not None:
            ms, case = slowest
            results.append(slowest)
            print(f"{ms:9.2f} ms  {verdict(ms)}  {name} ({len(found)} requests): {case.label}")
    report(results, failures)


if __name__ == "__main__":
    main()
