"""Poker hands ranked: the best high or low hand of any cards, wilds included.

Pure Python (no Django). Wild cards are solved analytically, not by trying
every card for every wild: each hand class is tried from the best down, and
for a class the ranks are filled greedily from the best rank, with a bound
that says whether the wilds left can still finish the hand. So seven cards
with four wilds cost about as much as seven naturals.

Every result carries a `key`: a tuple where LARGER IS BETTER, for high and
for low hands alike, so the game layer sorts and ties players on keys only.
`rank_key7` is the fast path for plain high hands of five to seven natural
cards and returns exactly the key `best_high` would.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from typing import Any, get_args

from rulebook.showdown.cards import SUITS, Card, rank_word
from rulebook.showdown.rules import HandClass

# How a made hand compares: larger is better, class first, then ranks (and suits when counted).
HandKey = tuple[int, ...]

# Poker hand classes, worst first: the rule data's names, so a qualifier reads the same.
HAND_CLASSES: tuple[str, ...] = get_args(HandClass)
# Class order, worst first, for each hand size. Three cards, as three-card
# poker ranks them: a straight flush, then three of a kind, then a straight
# over a flush (`THREE_CARD_ORDERS` has the games' other orders). Two cards:
# a pair beats everything. Four cards (no seed game uses them; by rarity):
# four of a kind, straight flush, three of a kind, straight, flush, two pair.
ORDERS: dict[int, tuple[str, ...]] = {
    5: HAND_CLASSES,
    4: (
        "high_card",
        "pair",
        "two_pair",
        "flush",
        "straight",
        "three_of_a_kind",
        "straight_flush",
        "four_of_a_kind",
        "five_of_a_kind",
    ),
    3: ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"),
    2: ("high_card", "flush", "straight", "straight_flush", "pair"),
    1: ("high_card",),
}
# A game's own order of three-card hands: ordinary poker's (a flush over a
# straight over three of a kind), or that order with three of a kind on top.
THREE_CARD_ORDERS: dict[str, tuple[str, ...]] = {
    "three_card_poker": ORDERS[3],
    "poker": ("high_card", "pair", "three_of_a_kind", "straight", "flush", "straight_flush"),
    "trips_top": ("high_card", "pair", "straight", "flush", "straight_flush", "three_of_a_kind"),
}
_VALUE = {size: {cls: i for i, cls in enumerate(order)} for size, order in ORDERS.items()}
_THREE = {name: {cls: i for i, cls in enumerate(o)} for name, o in THREE_CARD_ORDERS.items()}
_MISSING_LOW = 99  # a missing card in a short low hand: worse than any card


@dataclass(frozen=True)
class Made:
    """One player's best hand: its key (larger is better), words and the cards used."""

    key: HandKey
    cls: str
    name: str
    best: tuple[Card, ...]
    wilds: tuple[tuple[Card, Card], ...]
    natural: bool
    size: int = 5  # the hand size it was made for (at_least reads its class order)


# --- Grouping the cards ------------------------------------------------------------------


class _Hand:
    """The cards split once: naturals by rank (best suit first), wilds, suit order."""

    def __init__(self, cards: Iterable[Card], wild: Iterable[Card], suit_order: str, ace: int):
        wild_set = frozenset(wild)
        wilds: list[Card] = []
        self.naturals: list[Card] = []
        for card in cards:  # one look each: a card's hash is Python code, not cheap
            if wild_set and card in wild_set:
                wilds.append(card)
            elif card.kind == "card":
                self.naturals.append(card)
        self.wilds = sorted(wilds, key=_card_order)
        self.pref = suit_order or SUITS
        self.ace = ace
        self.strength = {s: len(self.pref) - i for i, s in enumerate(self.pref)}
        self.by_rank: dict[int, list[Card]] = {}
        for card in sorted(self.naturals, key=lambda c: -self.strength[c.suit]):
            rank = ace if card.rank == 14 else card.rank
            self.by_rank.setdefault(rank, []).append(card)
        self.have = {r: len(cs) for r, cs in self.by_rank.items()}
        self.count = len(self.naturals) + len(self.wilds)

    def suited(self, suit: str) -> list[int]:
        """Ranks (ace 14) of the natural cards of one suit, best first."""
        return sorted((c.rank for c in self.naturals if c.suit == suit), reverse=True)


def _card_order(card: Card) -> tuple[int, str]:
    return (-card.rank, card.suit)


def _patterns(m: int, most: int) -> list[tuple[int, ...]]:
    """Every way to split m cards into same-rank groups, biggest group first."""

    def split(left: int, cap: int) -> list[tuple[int, ...]]:
        if left == 0:
            return [()]
        return [(p, *rest) for p in range(min(left, cap), 0, -1) for rest in split(left - p, p)]

    return split(m, most)


def _group_class(pattern: tuple[int, ...]) -> str:
    top = pattern[0]
    second = pattern[1] if len(pattern) > 1 else 0
    if top >= 5:
        return "five_of_a_kind"
    if top == 4:
        return "four_of_a_kind"
    if top == 3:
        return "full_house" if second >= 2 else "three_of_a_kind"
    if top == 2:
        return "two_pair" if second == 2 else "pair"
    return "high_card"


def _fill(
    pattern: tuple[int, ...], have: dict[int, int], wilds: int, domain: Sequence[int]
) -> list[int] | None:
    """The best ranks for each group of `pattern`, best first in `domain`.

    Groups of the same size take falling ranks (the key lists them high to
    low). A group is filled with naturals first and wilds for the rest; the
    search drops a rank as soon as the wilds left cannot finish the others,
    so the first complete fill found is the best one. It asks two things a
    finished fill must have, so it never drops one that could finish: the
    groups of the same size still to come, on the best ranks below this
    one, and all the groups left, on the best ranks unused, need no more
    wilds than are left. (Without the first, a high-card low of three far
    naturals and two wilds tried every lower top card and its tails before
    the right one: a millisecond a hand.)
    """
    chosen: list[int] = []
    used: set[int] = set()
    runs = [sum(1 for q in pattern[i + 1 :] if q == pattern[i]) for i in range(len(pattern))]

    def short(ranks: Iterable[int], groups: Sequence[int]) -> int | None:
        """The fewest wilds `groups` need on distinct `ranks` (None: too few ranks)."""
        free = sorted((have.get(r, 0) for r in ranks if r not in used), reverse=True)
        if len(free) < len(groups):
            return None
        return sum(groups) - sum(min(q, a) for q, a in zip(groups, free, strict=False))

    def go(idx: int, left: int) -> bool:
        if idx == len(pattern):
            return True
        q = pattern[idx]
        below = chosen[-1] if idx and pattern[idx - 1] == q else None
        for r in domain:
            if r in used or (below is not None and r >= below):
                continue
            need = q - have.get(r, 0)
            need = need if need > 0 else 0
            if need > left:
                continue
            if runs[idx]:
                same = short([x for x in domain if x < r], (q,) * runs[idx])
                if same is None or need + same > left:
                    continue
            chosen.append(r)
            used.add(r)
            rest = short(domain, pattern[idx + 1 :])
            if rest is not None and rest <= left - need and go(idx + 1, left - need):
                return True
            chosen.pop()
            used.discard(r)
        return False

    return chosen if go(0, wilds) else None


def _runs(size: int, low_ace: bool) -> list[list[int]]:
    """Every straight of `size` cards, best (highest) first; ace low as 1."""
    tops = range(14, size - (1 if low_ace else 0), -1)
    return [[top - i for i in range(size)] for top in tops if top - size + 1 >= 1]


# --- Building a hand from a solution ----------------------------------------------------


class _Builder:
    """Collects the cards of one hand: naturals used, and what each wild stands for."""

    def __init__(self, hand: _Hand):
        self.hand = hand
        self.cards: list[Card] = []  # as played (a wild shown as the card it stands for)
        self.held: list[Card] = []  # as held
        self.wilds = list(hand.wilds)

    def natural(self, card: Card) -> None:
        self.cards.append(card)
        self.held.append(card)

    def wild(self, stands_for: Card) -> None:
        pick = next((w for w in self.wilds if w == stands_for), self.wilds[0])
        self.wilds.remove(pick)
        self.cards.append(stands_for)
        self.held.append(pick)

    def group(self, rank: int, q: int, taken: set[Card]) -> None:
        """q cards of one rank: its naturals first, then wilds as that rank."""
        naturals = self.hand.by_rank.get(rank, [])[:q]
        for card in naturals:
            self.natural(card)
        face = 14 if rank == 1 else rank
        suits = self._free_suits(face, taken | set(naturals))
        for i in range(q - len(naturals)):
            self.wild(Card(face, suits[i % len(suits)]))

    def _free_suits(self, face: int, taken: set[Card]) -> list[str]:
        own = [w.suit for w in self.wilds if w.rank == face and w.kind == "card"]
        order = [*own, *self.hand.pref]
        held = {c.suit for c in self.hand.naturals if c.rank == face} | {
            c.suit for c in taken if c.rank == face
        }
        free = [s for s in dict.fromkeys(order) if s not in held]
        return free or list(self.hand.pref)

    def made(self, key: HandKey, cls: str, name: str, size: int) -> Made:
        pairs = tuple((h, c) for h, c in zip(self.held, self.cards, strict=True) if h != c)
        return Made(key, cls, name, tuple(self.held), pairs, not pairs, size)

    def suit_key(self) -> tuple[int, ...]:
        return tuple(self.hand.strength[c.suit] for c in self.cards)


# --- High hands ---------------------------------------------------------------------------


def _high_name(cls: str, ranks: Sequence[int]) -> str:
    if cls == "high_card" and ranks and ranks[0] == 1:
        return "Ace low"  # an ace played low (`ace_low`), the worst card: never "ace high"
    ranks = [14 if r == 1 else r for r in ranks]
    top = ranks[0]
    if cls == "five_of_a_kind":
        return f"Five of a kind, {rank_word(top, True)}"
    if cls == "straight_flush":
        royal = top == 14 and len(ranks) == 5
        return "Royal flush" if royal else f"Straight flush, {rank_word(top)} high"
    if cls == "four_of_a_kind":
        return f"Four of a kind, {rank_word(top, True)}"
    if cls == "full_house":
        return f"Full house, {rank_word(top, True)} over {rank_word(ranks[3], True)}"
    if cls == "flush":
        return f"Flush, {rank_word(top)} high"
    if cls == "straight":
        return f"Straight, {rank_word(top)} high"
    if cls == "three_of_a_kind":
        return f"Three of a kind, {rank_word(top, True)}"
    if cls == "two_pair":
        return f"Two pair, {rank_word(top, True)} and {rank_word(ranks[2], True)}"
    if cls == "pair":
        return f"Pair of {rank_word(top, True)}"
    return f"{rank_word(top).capitalize()} high"


@dataclass(frozen=True)
class _Options:
    size: int
    straights: bool
    flushes: bool
    five_of_a_kind: bool
    suit_order: str
    three_card_order: str = "three_card_poker"

    @property
    def order(self) -> dict[str, int]:
        """Each class's value for this hand size (and the game's three-card order)."""
        return _THREE[self.three_card_order] if self.size == 3 else _VALUE[self.size]


# One _Options per set of rules: a frozen dataclass is slow to build, and every hand asks.
_rules = cache(_Options)


def _best_straight_flush(hand: _Hand, opts: _Options) -> tuple[list[int], str] | None:
    best: tuple[list[int], str] | None = None
    for suit in hand.pref:
        present = set(hand.suited(suit))
        for run in _runs(opts.size, True):
            missing = sum(1 for r in run if (14 if r == 1 else r) not in present)
            if missing <= len(hand.wilds):
                if best is None or run > best[0]:
                    best = (run, suit)
                break
    return best


def _best_flush(hand: _Hand, size: int) -> tuple[list[int], str] | None:
    best: tuple[list[int], str] | None = None
    w = len(hand.wilds)
    for suit in hand.pref:
        ranks = hand.suited(suit)
        if len(ranks) + w < size:
            continue
        absent = [r for r in range(14, 1, -1) if r not in ranks][:w]
        top = sorted(ranks + absent, reverse=True)[:size]
        if best is None or top > best[0]:
            best = (top, suit)
    return best


def _best_straight(hand: _Hand, size: int) -> list[int] | None:
    for run in _runs(size, True):
        missing = sum(1 for r in run if hand.have.get(14 if r == 1 else r, 0) == 0)
        if missing <= len(hand.wilds):
            return run
    return None


def _build_run(hand: _Hand, run: list[int], suit: str | None) -> _Builder:
    """The cards of a straight (suit None) or straight flush (in `suit`)."""
    b = _Builder(hand)
    for r in run:
        face = 14 if r == 1 else r
        if suit is None:
            cards = hand.by_rank.get(face, [])
        else:
            cards = [c for c in hand.naturals if c.rank == face and c.suit == suit]
        if cards:
            b.natural(cards[0])
        else:
            own = [w.suit for w in b.wilds if w.rank == face and w.kind == "card"]
            b.wild(Card(face, suit or (own or list(hand.pref))[0]))
    return b


def _build_flush(hand: _Hand, ranks: list[int], suit: str) -> _Builder:
    b = _Builder(hand)
    pool = sorted((c for c in hand.naturals if c.suit == suit), key=_card_order)
    for r in ranks:
        card = next((c for c in pool if c.rank == r), None)
        if card is not None:
            pool.remove(card)
            b.natural(card)
        else:
            b.wild(Card(r, suit))
    return b


def _build_groups(hand: _Hand, pattern: tuple[int, ...], ranks: list[int]) -> _Builder:
    b = _Builder(hand)
    for q, r in zip(pattern, ranks, strict=True):
        b.group(r, q, set(b.cards))
    return b


@cache
def _high_classes(m: int, opts: _Options) -> tuple[tuple[str, tuple[int, ...] | None], ...]:
    """The classes a hand of m cards can be, best first (pattern None: a run or flush).

    Kept for each size and set of rules: every hand asks, and the same few.
    """
    order = opts.order
    found: list[tuple[str, tuple[int, ...] | None]] = []
    for pattern in _patterns(m, 5 if opts.five_of_a_kind else 4):
        cls = _group_class(pattern)
        if cls in order:
            found.append((cls, pattern))
    if m == opts.size and m >= 2:
        if opts.straights and opts.flushes:
            found.append(("straight_flush", None))
        if opts.straights:
            found.append(("straight", None))
        if opts.flushes:
            found.append(("flush", None))
    return tuple(sorted(found, key=lambda item: -order[item[0]]))


def _solve_high(hand: _Hand, m: int, opts: _Options) -> tuple[str, list[int], _Builder] | None:
    w = len(hand.wilds)
    domain = range(14, 1, -1) if hand.ace == 14 else range(13, 0, -1)
    for cls, pattern in _high_classes(m, opts):
        if pattern is not None:
            ranks = _fill(pattern, hand.have, w, domain)
            if ranks is not None:
                flat = [r for q, r in zip(pattern, ranks, strict=True) for _ in range(q)]
                return cls, flat, _build_groups(hand, pattern, ranks)
        elif cls == "straight_flush":
            sf = _best_straight_flush(hand, opts)
            if sf is not None:
                return cls, sf[0], _build_run(hand, sf[0], sf[1])
        elif cls == "straight":
            run = _best_straight(hand, opts.size)
            if run is not None:
                return cls, run, _build_run(hand, run, None)
        else:
            flush = _best_flush(hand, opts.size)
            if flush is not None:
                return cls, flush[0], _build_flush(hand, *flush)
    return None


def _high(hand: _Hand, opts: _Options, natural_beats_wild: bool) -> Made | None:
    m = min(opts.size, hand.count)
    if m == 0:
        return None
    solved = _solve_high(hand, m, opts)
    if solved is None:
        return None
    cls, ranks, builder = solved
    padded = tuple(ranks) + (0,) * (opts.size - len(ranks))
    key: HandKey = (opts.order[cls], *padded)
    made = builder.made(key, cls, _high_name(cls, ranks), opts.size)
    if natural_beats_wild:
        key = (*key, 1 if made.natural else 0)
    if opts.suit_order:
        key = (*key, *builder.suit_key())
    return Made(key, made.cls, made.name, made.best, made.wilds, made.natural, made.size)


class HighHand:
    """One hand's cards ranked high under one game's rules, for any set of wild cards.

    `size` cards make a hand; `three_card_order` names the game's order of
    three-card hands (`THREE_CARD_ORDERS`); `ace_low` makes an ace the lowest
    card, below the deuce (one-card games where the ace is the worst card).

    The showdown asks the same cards again with other wilds (which of the
    paid wilds count: up to 70 choices of four of eight), so what no choice
    of wilds changes is settled once: the rules, whether the plain fast path
    may serve, and the hand as held (no card wild), which a wild hand must
    beat. `best_high` is one question to a new HighHand.
    """

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        size: int = 5,
        straights: bool = True,
        flushes: bool = True,
        five_of_a_kind: bool = True,
        short: bool = False,
        natural_beats_wild: bool = False,
        suit_order: str = "",
        three_card_order: str = "three_card_poker",
        ace_low: bool = False,
    ):
        self.cards = list(cards)
        self.opts = _rules(size, straights, flushes, five_of_a_kind, suit_order, three_card_order)
        self.short = short
        self.natural_beats_wild = natural_beats_wild
        self.ace = 1 if ace_low else 14
        plain = size == 5 and straights and flushes and five_of_a_kind and not suit_order
        plain = plain and not ace_low and 5 <= len(self.cards) <= 7
        self.plain = plain and all(c.kind == "card" for c in self.cards)

    def best(self, wild: Iterable[Card] = frozenset()) -> Made | None:
        """The best high hand of `size` of the cards; the cards in `wild` are wild.

        A wild may stand for any card, or for itself, so it never makes the
        hand worse: when the wilds as held make as good a hand, that natural
        hand is the one returned. None when there are fewer than `size` cards
        and `short` is off (a short hand ranks with its missing cards
        counting as nothing). Jokers and the Black Spot that are not wild are
        not poker cards and are left out.
        """
        wild = frozenset(wild)
        held_wilds = bool(wild) and any(c in wild for c in self.cards)
        if self.plain and not held_wilds:
            return _plain(self.cards, self.natural_beats_wild)
        playable = sum(1 for c in self.cards if c.kind == "card" or c in wild)
        if playable < self.opts.size and not self.short:
            return None
        made = self._rank(wild)
        if held_wilds and made is not None and not made.natural:
            # The wilds as held may do as well: then the hand is natural (a tie goes to it).
            as_held = self.as_held
            if as_held is not None and as_held.key >= made.key:
                return as_held
        return made

    @cached_property
    def as_held(self) -> Made | None:
        """The hand with no card wild, worked out once."""
        return self._rank(frozenset())

    def _rank(self, wild: frozenset[Card]) -> Made | None:
        hand = _Hand(self.cards, wild, self.opts.suit_order, self.ace)
        return _high(hand, self.opts, self.natural_beats_wild)


def best_high(
    cards: Iterable[Card], wild: Iterable[Card] = frozenset(), **rules: Any
) -> Made | None:
    """The best high hand of `cards` with the cards in `wild` wild, asked once.

    `rules` are HighHand's: size, straights, flushes, five_of_a_kind, short,
    natural_beats_wild, suit_order, three_card_order, ace_low.
    """
    return HighHand(cards, **rules).best(wild)


# --- The fast path ------------------------------------------------------------------------


def _suit_first(card: Card) -> int:
    return SUITS.index(card.suit)


def _plain(cards: Sequence[Card], natural_beats_wild: bool) -> Made:
    """Five to seven natural cards under plain rules: the fast key, then the cards it names."""
    key = rank_key7(cards)
    cls = HAND_CLASSES[key[0]]
    ranks = [14 if r == 1 else r for r in key[1:]]
    pool = sorted(cards, key=_suit_first)
    if cls in ("flush", "straight_flush"):
        suit = next(s for s in SUITS if sum(1 for c in cards if c.suit == s) >= 5)
        pool = [c for c in pool if c.suit == suit]
    best: list[Card] = []
    for rank in ranks:
        at = next(i for i, c in enumerate(pool) if c.rank == rank)
        best.append(pool.pop(at))
    if natural_beats_wild:
        key = (*key, 1)
    return Made(key, cls, _high_name(cls, list(key[1:6])), tuple(best), (), True, 5)


def rank_key7(cards: Sequence[Card]) -> HandKey:
    """The key of the best five-card high hand of 5..7 natural cards, fast.

    Same key as `best_high(cards).key` with the default rules; used where
    thousands of plain hands are compared (benchmarks, simulations).
    """
    ranks = sorted([c.rank for c in cards], reverse=True)
    suits = [c.suit for c in cards]
    flush_suit = ""
    if len(suits) >= 5:
        for s in "shdc":
            if suits.count(s) >= 5:
                flush_suit = s
                break
    if flush_suit:
        suited = sorted([c.rank for c in cards if c.suit == flush_suit], reverse=True)
        top = _straight_top(suited)
        if top:
            return _straight_key(8, top)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=_second, reverse=True)
    first, most = groups[0]
    if most >= 5:
        return (9, first, first, first, first, first)
    if most == 4:
        kicker = max(r for r in counts if r != first)
        return (7, first, first, first, first, kicker)
    second, pair = groups[1] if len(groups) > 1 else (0, 0)
    if most == 3 and pair >= 2:
        return (6, first, first, first, second, second)
    if flush_suit:
        return (5, *suited[:5])
    if len(groups) >= 5:
        top = _straight_top(ranks)
        if top:
            return _straight_key(4, top)
    if most == 3:
        return (3, first, first, first, groups[1][0], groups[2][0])
    if most == 2:
        if pair == 2:
            kicker = max(r for r in counts if r != first and r != second)
            return (2, first, first, second, second, kicker)
        return (1, first, first, groups[1][0], groups[2][0], groups[3][0])
    return (0, *ranks[:5])


def _second(item: tuple[int, int]) -> int:
    return item[1]


_STRAIGHT_MASKS = [(top, 0b11111 << (top - 4)) for top in range(14, 5, -1)] + [(5, 0b111110)]


def _straight_top(ranks: Sequence[int]) -> int:
    mask = 0
    for r in ranks:
        mask |= 1 << r
    if mask & 0x4000:
        mask |= 2
    for top, bits in _STRAIGHT_MASKS:
        if mask & bits == bits:
            return top
    return 0


def _straight_key(cls_value: int, top: int) -> HandKey:
    if top == 5:
        return (cls_value, 5, 4, 3, 2, 1)
    return (cls_value, top, top - 1, top - 2, top - 3, top - 4)


# --- Low hands ----------------------------------------------------------------------------


def _low_name(cls: str, ranks: Sequence[int], kind: str, present: int) -> str:
    if cls != "high_card":
        return _high_name(cls, [14 if r == 1 and kind == "27" else r for r in ranks])
    shown = list(ranks[:present])
    if kind == "a5" and shown == [5, 4, 3, 2, 1]:
        return "Wheel (five low)"
    words = [rank_word(r) for r in shown[:2]]
    return "-".join(words).capitalize() + " low"


def _low_order(kind: str, size: int) -> dict[str, int]:
    """Class values, worst high first: ace-to-five ignores runs and flushes at any size."""
    return _VALUE[size] if kind == "27" else _VALUE[5]


@cache
def _low_classes(m: int, kind: str, size: int) -> tuple[tuple[str, tuple[int, ...] | None], ...]:
    """Classes a low may fall to, best (lowest) first (kept, as `_high_classes`)."""
    order = _low_order(kind, size)
    found: list[tuple[str, tuple[int, ...] | None]] = [
        (_group_class(p), p) for p in _patterns(m, 5) if _group_class(p) in order
    ]
    if kind == "27" and m == size and m >= 2:
        found += [("straight", None), ("flush", None), ("straight_flush", None)]
    return tuple(sorted(found, key=lambda item: order[item[0]]))


def _forced_27(hand: _Hand, cls: str, size: int) -> tuple[list[int], _Builder] | None:
    """The least straight / flush / straight flush a deuce-to-seven hand is forced into."""
    if cls == "straight":
        for run in reversed(_runs(size, False)):
            if sum(1 for r in run if not hand.have.get(r)) <= len(hand.wilds):
                return run, _build_run(hand, run, None)
        return None
    best: tuple[list[int], str] | None = None
    for suit in hand.pref:
        ranks = _least_suited(_mask(hand.suited(suit)), len(hand.wilds), size, cls)
        if ranks is not None and (best is None or ranks < best[0]):
            best = (ranks, suit)
    if best is None:
        return None
    return best[0], _build_flush(hand, *best)


def _least_suited(present: int, wilds: int, size: int, cls: str) -> list[int] | None:
    """The lowest `size` ranks one suit makes: a flush, or a straight flush when `cls` says so.

    The suit's ranks (the bit mask `present`) take all but the wilds' places,
    and the wilds are the lowest ranks left. Taking the suit's ranks least
    first (`_least_first`), the hand they make only grows, so the first that
    is (or is not) a straight is the least; trying every choice of a 13-card
    suit cost milliseconds.
    """
    held = max(0, size - wilds)
    for mask, ranks in _least_first(held):
        if mask & ~present:
            continue
        fill = [r for r in range(2, 15) if not mask >> r & 1][: size - held]
        made = sorted([*ranks, *fill], reverse=True)
        if _is_run(_mask(made)) == (cls == "straight_flush"):
            return made
    return None


def _least_27_high_card(hand: _Hand, size: int) -> list[int] | None:
    """The best deuce-to-seven high-card low: `size` ranks, neither a straight nor a flush.

    Candidates go least first (`_least_first`), each read as a bit mask: it
    may miss as many ranks as there are wilds, must not run in a row, and
    when no wild plays, the cards held of its ranks must not all be one suit.
    The first that passes is the best. A hand of one suit, where every five
    natural ranks are a flush, tried all 1,287 of them through `_fill`'s
    search in about 10 ms; here they are a few bit operations each.
    """
    held = _mask(hand.have)
    one_suit = dict.fromkeys(SUITS, 0)
    for rank, cards in hand.by_rank.items():
        suits = {c.suit for c in cards}
        if len(suits) == 1:
            one_suit[suits.pop()] |= 1 << rank
    for mask, ranks in _least_first(size):
        missing = (mask & ~held).bit_count()
        if missing > len(hand.wilds) or _is_run(mask):
            continue
        if not missing and any(mask & ~suit == 0 for suit in one_suit.values()):
            continue  # every card of these ranks is of one suit: a flush
        return list(ranks)
    return None


@cache
def _least_first(count: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every `count` different ranks 2..14 as (bit mask, ranks highest first), least first.

    Least first is the order a low compares in: the highest card as low as it
    can be, then the next one, and so on (the order `_fill` tries them in).
    """
    found = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(2, 15), count))
    return tuple((_mask(ranks), ranks) for ranks in found)


def _mask(ranks: Iterable[int]) -> int:
    """Ranks as the bits of an integer (bit r for rank r)."""
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _is_run(mask: int) -> bool:
    """Whether the set bits run in a row (adding the lowest bit carries through them all)."""
    return mask != 0 and (mask + (mask & -mask)) & mask == 0


def _solve_low(hand: _Hand, m: int, kind: str, size: int) -> tuple[str, list[int], _Builder] | None:
    w = len(hand.wilds)
    domain = range(1, 14) if kind == "a5" else range(2, 15)
    for cls, pattern in _low_classes(m, kind, size):
        if pattern is None:
            forced = _forced_27(hand, cls, size)
            if forced is not None:
                return cls, forced[0], forced[1]
            continue
        if kind == "27" and cls == "high_card" and m == size >= 2:
            ranks = _least_27_high_card(hand, size)  # no straight, no flush
        else:
            ranks = _fill(pattern, hand.have, w, domain)
        if ranks is not None:
            flat = [r for q, r in zip(pattern, ranks, strict=True) for _ in range(q)]
            return cls, flat, _build_low_groups(hand, pattern, ranks, kind)
    return None


def _build_low_groups(
    hand: _Hand, pattern: tuple[int, ...], ranks: list[int], kind: str
) -> _Builder:
    """Like a high hand's groups; in deuce-to-seven a wild's suit breaks a flush."""
    b = _build_groups(hand, pattern, ranks)
    if kind == "27" and len(b.cards) >= 5 and len({c.suit for c in b.cards}) == 1:
        for i, (held, card) in enumerate(zip(b.held, b.cards, strict=True)):
            if held != card:
                other = next(s for s in SUITS if s != card.suit)
                b.cards[i] = Card(card.rank, other)
                break
    return b


def best_low(
    cards: Iterable[Card],
    wild: Iterable[Card] = frozenset(),
    *,
    kind: str = "a5",
    size: int = 5,
    qualifier: int | None = None,
    short: bool = False,
) -> Made | None:
    """The best low hand of `size` cards; its key is larger for a better (lower) hand.

    "a5": ace low, straights and flushes do not count, a pair counts against.
    "27": ace high, straights and flushes count against (the worst high hand
    wins; the best is 7-5-4-3-2 of mixed suits). A wild becomes the best low
    card it can. `qualifier` 8: every card 8 or lower and no pair, else None.
    """
    cards = list(cards)
    wild = frozenset(wild)
    if sum(1 for c in cards if c.kind == "card" or c in wild) < size and not short:
        return None
    hand = _Hand(cards, wild, "", 1 if kind == "a5" else 14)
    m = min(size, hand.count)
    if m == 0:
        return None
    solved = _solve_low(hand, m, kind, size)
    if solved is None:
        return None
    cls, ranks, builder = solved
    if qualifier is not None and (cls != "high_card" or max(ranks) > qualifier):
        return None
    value = _low_order(kind, size)[cls]
    padded = [*ranks, *[_MISSING_LOW] * (size - len(ranks))]
    key = (-value, *(-r for r in padded))
    return builder.made(key, "low", _low_name(cls, ranks, kind, len(ranks)), size)


def at_least(made: Made, cls: str, rank: int | None = None) -> bool:
    """Whether a high hand is `cls` or better ("jacks or better": pair, rank 11).

    Classes are compared in the order of the hand's size; a hand of the named
    class needs its main rank at least `rank`. A low hand is never "at least".
    """
    if made.cls == "low":
        return False
    order = ORDERS.get(made.size, HAND_CLASSES)
    if cls not in order or made.cls not in order:
        order = HAND_CLASSES
    mine, wanted = order.index(made.cls), order.index(cls)
    if mine != wanted:
        return mine > wanted
    return rank is None or made.key[1] >= rank
