"""Who wins a showdown: the game's typed `showdown:` section applied to the cards shown.

Pure Python, no Django: `evaluate` answers the tiers of each way the pot is
won, best first, with each player's hand in table words; no game's name
appears here. The choices it makes where the data is silent (hole-card and
follower wilds, races, paid wilds, declaring both) are `docs/showdown-helper.md`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, get_args

from rulebook.showdown.cards import (
    RANK_FROM_DATA,
    RANKS,
    Card,
    CardError,
    card_from_data,
    check_cards,
    parse_card,
    rank_word,
)
from rulebook.showdown.points import SideKey, Totals, card_values, choices_of, counted, side_key
from rulebook.showdown.ranking import HighHand, Made, at_least, best_low
from rulebook.showdown.rules import Condition, Patch, Race, Rank, Showdown, Wild

if TYPE_CHECKING:
    from rulebook import schema

# How a hand places on one side, larger is better: a made hand's key (ranking.HandKey),
# a points total's (points.side_key) or a race's.
SortKey = tuple[float, ...]
# Players best first: ties share a tier.
Placings = tuple[tuple[str, ...], ...]

SUIT_LETTER = {"spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
SUIT_WORD = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
SIDE_WORD = {"high": "high", "low": "low"}
DECLARES = ("high", "low", "both")
# The plain rankings asked for when no game is named (`rank`).
PLAIN_RANKINGS: dict[str, dict[str, Any]] = {
    "high": {},
    "low-a5": {"ranking": "low", "low": "a5"},
    "low-27": {"ranking": "low", "low": "27"},
    "low-8-or-better": {"ranking": "low", "low": "a5", "low_qualifier": 8},
    "high-low": {"ranking": "high_low", "low": "a5", "low_qualifier": 8},
}
# Every whole-showdown field a setting's choice or an option may change.
PATCH_FIELDS = tuple(Patch.model_fields)


class ShowdownError(ValueError):
    """A showdown the helper cannot rank as asked; the message is in table words."""


@dataclass(frozen=True)
class Holding:
    """One player's cards as entered.

    `folded`: a seat that folded, entered only for the face-up cards it lends
    its neighbours in a game whose hands pool them (`Showdown.pool`); it is
    not ranked. Its `up` cards lend, or all its cards when none is marked up.
    """

    cards: tuple[Card, ...]
    up: tuple[Card, ...] = ()
    paid: int | None = None
    declare: str | None = None
    folded: bool = False


@dataclass(frozen=True)
class Shown:
    """One player's result."""

    name: str
    high: Made | None = None
    low: Made | None = None
    total: dict[str, float] = field(default_factory=dict)
    wilds: tuple[Card, ...] = ()
    killed_by: str | None = None
    auto_win: str | None = None
    qualifies: dict[str, bool] = field(default_factory=dict)
    declared: str | None = None
    declare_result: str | None = None


@dataclass(frozen=True)
class Ranked:
    """One way the pot is won, and the players' tiers on it, best first."""

    key: str
    label: str
    tiers: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Result:
    rankings: tuple[Ranked, ...]
    hands: dict[str, Shown]

    def tiers(self, key: str) -> tuple[tuple[str, ...], ...]:
        """The tiers of one ranking ("high", "low", a race's key); () when the game has none."""
        for ranked in self.rankings:
            if ranked.key == key:
                return ranked.tiers
        return ()

    def ranked(self, key: str) -> Ranked | None:
        return next((r for r in self.rankings if r.key == key), None)


# --- the rules in force -------------------------------------------------------------------


def options_on(game: schema.Game, options: Iterable[str] = ()) -> tuple[str, ...]:
    """The ids of the options switched on, in the game's order; names and aliases accepted."""
    lookup: dict[str, str] = {}
    for option in game.options:
        for word in (option.id, option.name, *option.aliases):
            lookup.setdefault(_fold(word), option.id)
    on: set[str] = set()
    for asked in options:
        found = lookup.get(_fold(str(asked)))
        if found is None:
            raise ShowdownError(f"{game.name} has no option “{asked}”.")
        on.add(found)
    by_id = {o.id: o for o in game.options}
    for option_id in sorted(on):
        for other in by_id[option_id].excludes:
            if other in on:
                raise ShowdownError(
                    f"{by_id[option_id].name} and {by_id[other].name} cannot both be played."
                )
    return tuple(o.id for o in game.options if o.id in on)


def chosen_settings(game: schema.Game, settings: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each of the game's settings with the table's choice, the default where none is given."""
    known = {s.id: s for s in game.settings}
    chosen = {s.id: s.default for s in game.settings}
    for key, value in (settings or {}).items():
        setting = known.get(key)
        if setting is None:
            raise ShowdownError(f"{game.name} has no setting “{key}”.")
        if value not in setting.choices:
            choices = "; ".join(setting.choices.values())
            raise ShowdownError(f"“{value}” is not an answer to “{setting.question}” ({choices}).")
        chosen[key] = value
    return chosen


def rules_in_force(
    game: schema.Game, options: Iterable[str] = (), settings: Mapping[str, str] | None = None
) -> Showdown:
    """The game's showdown with the table's options and settings applied.

    Items hanging on an option or a setting's choice are kept only when in
    force; the patches of the settings' choices, then of the options on, are
    applied over the whole-showdown fields. The answer has no patches left.
    """
    on = set(options_on(game, options))
    chosen = chosen_settings(game, settings)
    showdown = game.showdown

    def keep(item: Any) -> bool:
        if item.option is not None and item.option not in on:
            return False
        return all(chosen.get(key) == value for key, value in item.when.items())

    update: dict[str, Any] = {
        "wilds": [w for w in showdown.wilds if keep(w)],
        "kill_cards": [c for c in showdown.kill_cards if keep(c)],
        "auto_wins": [c for c in showdown.auto_wins if keep(c)],
        "races": [r for r in showdown.races if keep(r)],
        "qualifiers": [q for q in showdown.qualifiers if keep(q)],
        "by_setting": {},
        "by_option": {},
    }
    patches = [
        choices[chosen[setting_id]]
        for setting_id, choices in showdown.by_setting.items()
        if chosen.get(setting_id) in choices
    ]
    patches += [
        showdown.by_option[o.id] for o in game.options if o.id in on and o.id in showdown.by_option
    ]
    for patch in patches:
        for name in PATCH_FIELDS:
            value = getattr(patch, name)
            if value is not None:
                update[name] = value
    result = showdown.model_copy(update=update)
    if result.ranking == "points" and result.points is None:
        raise ShowdownError(f"{game.name}: the points this game counts are not written down.")
    return result


def both_must_win_outright(game: schema.Game | None, chosen: Mapping[str, str]) -> bool | None:
    """The game's own answer to "must a both-declarer win both outright?", from its settings."""
    return _house_answer(game, chosen, "both_must_win_outright")


def declares_both(game: schema.Game | None, chosen: Mapping[str, str]) -> bool:
    """Whether a player may declare both ways: yes, unless the game's chosen settings say
    nobody does (Big Sol's "each player picks high or low")."""
    return _house_answer(game, chosen, "declare_both") is not False


def _house_answer(game: schema.Game | None, chosen: Mapping[str, str], key: str) -> bool | None:
    """A house question the game's chosen settings answer (`Setting.house`), else None."""
    if game is None:
        return None
    for setting in game.settings:
        answers = setting.house.get(chosen.get(setting.id, setting.default), {})
        if key in answers:
            return bool(answers[key])
    return None


# --- evaluating ---------------------------------------------------------------------------


def evaluate(
    game: schema.Game | None,
    hands: Mapping[str, Holding],
    *,
    board: Sequence[Card | str] = (),
    options: Iterable[str] = (),
    settings: Mapping[str, str] | None = None,
    rank: str | None = None,
    wild_ranks: Iterable[int | str] = (),
    up_order: Sequence[Card | str] = (),
    both_outright: bool | None = None,
) -> Result:
    """Rank the hands shown, under the game's rules in force (or a plain ranking).

    `board`: the table's cards, shared into each hand or naming wild ranks, as
    the data says (with no game, shared). `wild_ranks`: ranks the table says
    are wild this hand (follows and named wilds when the up cards' order is
    not given; with no game, plain wild ranks). `up_order`: every face-up card
    in the order dealt. `both_outright`: the night's answer to declaring both,
    used when the game's settings give none.
    """
    board_cards = tuple(_card(c) for c in board)
    order = tuple(_card(c) for c in up_order)
    named_ranks = frozenset(_rank_of(r) for r in wild_ranks)
    if game is None:
        showdown = _plain(rank, named_ranks)
        chosen: dict[str, str] = {}
        decks, jokers, spot, pot_kind, title = 1, 0, False, "", "This ranking"
        if showdown.wilds:
            named_ranks = frozenset()
    else:
        if not game.showdown.helper:
            raise ShowdownError(f"{game.name}: {game.showdown.no_helper}")
        showdown = rules_in_force(game, options, settings)
        chosen = chosen_settings(game, settings)
        decks, jokers, spot = game.deck.decks, game.deck.jokers, game.deck.black_spot
        pot_kind, title = game.pot.kind, game.name
    if not jokers and any(w.jokers for w in showdown.wilds):
        jokers = 2
    conditions = [*showdown.kill_cards, *showdown.auto_wins]
    spot = spot or any(c.black_spot for c in conditions)
    outright = both_must_win_outright(game, chosen)
    if outright is None:
        outright = True if both_outright is None else both_outright

    seated = _check_holdings(hands, board_cards, showdown, title, decks, jokers, spot)
    holdings, lent = _pooled(seated, showdown, title)
    table = _Table(showdown, holdings, board_cards, order, named_ranks, lent)
    declare = pot_kind == "high_low_declare" or showdown.declare
    return _Evaluation(showdown, table, declare, outright, pot_kind).run()


def table_wilds(
    game: schema.Game,
    options: Iterable[str] = (),
    settings: Mapping[str, str] | None = None,
    *,
    board: Sequence[Card | str] = (),
    up_order: Sequence[Card | str] = (),
    wild_ranks: Iterable[int | str] = (),
) -> list[str]:
    """The wilds this deal plays, in words, as `evaluate` works them out: "queens", "fives".

    The fixed ranks, cards and jokers of the rules in force, and those the
    table's cards make wild: a follower of the latest face-up queen from
    `up_order`, a rank the table names or the board turns up. A wild worked
    out from each player's own cards differs per hand and is left out, and
    so is one the cards entered do not settle yet.
    """
    showdown = rules_in_force(game, options, settings)
    table = _Table(
        showdown,
        {},
        tuple(_card(c) for c in board),
        tuple(_card(c) for c in up_order),
        frozenset(_rank_of(r) for r in wild_ranks),
    )
    words: list[str] = []
    for wild in showdown.wilds:
        if wild.own:
            continue
        try:
            ranks, codes, jokers = table._wild_kinds(wild, "")
        except ShowdownError:
            continue
        words += [rank_word(r, True) for r in sorted(ranks, reverse=True)]
        words += [Card(r, s).label for r, s in sorted(codes, reverse=True)]
        if jokers:
            words.append("jokers")
    return list(dict.fromkeys(words))


def sides_of(showdown: Showdown) -> dict[str, str]:
    """The sides of the main ranking a pot is split between: key -> label."""
    ranking = showdown.ranking
    if ranking == "high":
        return {"high": "High"}
    if ranking == "low":
        return {"low": "Low"}
    if ranking == "high_low":
        return {"high": "High", "low": "Low"}
    points = showdown.points
    assert points is not None
    targets = points.targets
    if len(targets) == 1:
        return {"high": f"Nearest {_num(targets[0])}"}
    if len(targets) == 2:
        return {"low": f"Nearest {_num(targets[0])}", "high": f"Nearest {_num(targets[1])}"}
    if targets:
        return {f"nearest-{_num(t)}": f"Nearest {_num(t)}" for t in targets}
    return {"high": "Highest total", "low": "Lowest total"}


def declares(
    game: schema.Game, options: Iterable[str] = (), settings: Mapping[str, str] | None = None
) -> bool:
    """Whether this game, as the table plays it, has each player declare high, low or both.

    The one answer for the players' phones, the dealer's card entry, the
    showdown form, the helper and the API: a declare pot, or a showdown that
    declares under the options and settings chosen, with two sides to declare.
    """
    if game.pot.kind == "high_low_declare":
        return True
    if not game.showdown.helper:
        return False
    showdown = rules_in_force(game, options, settings)
    return showdown.declare and len(sides_of(showdown)) > 1


def splits(
    game: schema.Game, options: Iterable[str] = (), settings: Mapping[str, str] | None = None
) -> bool:
    """Whether the pot is split high and low, declared or not, as the table plays the game.

    A game the helper ranks splits when its showdown, under the options and
    settings chosen, has two sides (Show Five Cards played for high only does
    not, though its pot is usually high-low); any other game by its pot.
    """
    if not game.showdown.helper:
        return game.pot.kind in ("high_low", "high_low_declare")
    return len(sides_of(rules_in_force(game, options, settings))) == 2


def _plain(rank: str | None, wild_ranks: frozenset[int]) -> Showdown:
    if rank not in PLAIN_RANKINGS:
        shown = ", ".join(PLAIN_RANKINGS)
        raise ShowdownError(f"Choose a game or a ranking: one of {shown}.")
    wilds = []
    if wild_ranks:
        names = [name for name in get_args(Rank) if RANK_FROM_DATA[name] in wild_ranks]
        wilds = [Wild(text="The ranks the table calls wild", ranks=names)]
    return Showdown(board="shared", wilds=wilds, **PLAIN_RANKINGS[rank])


def _fold(word: str) -> str:
    return " ".join(word.lower().replace("-", " ").replace("_", " ").split())


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    try:
        return parse_card(value)
    except CardError as error:
        raise ShowdownError(str(error)) from error


def _rank_of(value: int | str) -> int:
    if isinstance(value, int) and 2 <= value <= 14:
        return value
    text = str(value).strip().upper()
    found = RANK_FROM_DATA.get(text) or RANKS.get(text)
    if found is None:
        raise ShowdownError(f"“{value}” is not a rank: say 2-10, J, Q, K or A.")
    return found


def _check_holdings(
    hands: Mapping[str, Holding],
    board: tuple[Card, ...],
    showdown: Showdown,
    title: str,
    decks: int,
    jokers: int,
    spot: bool,
) -> dict[str, Holding]:
    if not hands:
        raise ShowdownError("Enter at least one player's cards.")
    if showdown.board == "none" and board:
        raise ShowdownError(f"{title} has no cards on the table: enter each player's own cards.")
    holdings: dict[str, Holding] = {}
    for name, holding in hands.items():
        cards = tuple(_card(c) for c in holding.cards)
        up = tuple(_card(c) for c in holding.up)
        if not cards:
            raise ShowdownError(f"{name} has no cards: enter their cards or leave them out.")
        missing = Counter(up) - Counter(cards)
        if missing:
            shown = ", ".join(c.label for c in missing.elements())
            raise ShowdownError(f"{name}'s face-up {shown} is not among their cards.")
        if holding.paid is not None and holding.paid < 0:
            raise ShowdownError(f"{name} cannot have paid for fewer than no wilds.")
        if holding.declare is not None and holding.declare not in DECLARES:
            raise ShowdownError(f"{name} declares high, low or both, not “{holding.declare}”.")
        holdings[name] = Holding(
            cards=cards, up=up, paid=holding.paid, declare=holding.declare, folded=holding.folded
        )
    try:
        check_cards(
            {name: h.cards for name, h in holdings.items()},
            board,
            decks=decks,
            jokers=jokers,
            black_spot=spot,
        )
    except CardError as error:
        raise ShowdownError(str(error)) from error
    return holdings


def _pooled(
    seated: dict[str, Holding], showdown: Showdown, title: str
) -> tuple[dict[str, Holding], dict[str, tuple[Card, ...]]]:
    """The players ranked, and the face-up cards their neighbours lend each of them.

    The hands are taken in the order entered, which is the order the players
    sit, round the table. With `pool.neighbours` n, each player still in
    borrows the face-up cards of the n seats on each side; a seat met from
    both sides (two seats left) lends once. A folded seat lends when the
    pool counts folded seats, else it is passed over for the next player in.
    """
    folded = [name for name, h in seated.items() if h.folded]
    pool = showdown.pool
    if folded and not pool.neighbours:
        raise ShowdownError(
            f"{title}: a folded player's cards count for nobody here; "
            f"leave out {', '.join(folded)}."
        )
    holdings = {name: h for name, h in seated.items() if not h.folded}
    if not holdings:
        raise ShowdownError("Enter at least one player still in the hand.")
    if not pool.neighbours:
        return holdings, {}
    ring = [n for n, h in seated.items() if not h.folded or pool.folded == "count"]
    lent: dict[str, tuple[Card, ...]] = {}
    for name in holdings:
        at = ring.index(name)
        near: list[str] = []
        for step in range(1, pool.neighbours + 1):
            for other in (ring[(at - step) % len(ring)], ring[(at + step) % len(ring)]):
                if other != name and other not in near:
                    near.append(other)
        lent[name] = tuple(card for other in near for card in _face_up(seated[other]))
    return holdings, lent


def _face_up(holding: Holding) -> tuple[Card, ...]:
    """The cards a seat lends: those marked face up, or all a folded seat's when none is."""
    if holding.folded and not holding.up:
        return holding.cards
    return holding.up


@dataclass(frozen=True)
class _Seat:
    """One player's cards, each with its face: own down and up cards, then the shared board."""

    own: tuple[Card, ...]
    up: tuple[bool, ...]  # per own card
    shared: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.own + self.shared

    def faced(self, face: str) -> list[Card]:
        """The player's cards with that face (the shared board counts as face up)."""
        if face == "any":
            return list(self.cards)
        want = face == "up"
        mine = [c for c, is_up in zip(self.own, self.up, strict=True) if is_up == want]
        return mine + list(self.shared) if want else mine

    def playing(self, up_only: bool) -> list[Card]:
        """The cards that make the hand: all, or with `up_only` the face-up ones and the board."""
        return self.faced("up") if up_only else list(self.cards)

    def own_faced(self, face: str) -> list[Card]:
        if face == "any":
            return list(self.own)
        want = face == "up"
        return [c for c, is_up in zip(self.own, self.up, strict=True) if is_up == want]


def _seat(holding: Holding, shared: tuple[Card, ...]) -> _Seat:
    ups = Counter(holding.up)
    flags = []
    for card in holding.cards:
        if ups[card] > 0:
            ups[card] -= 1
            flags.append(True)
        else:
            flags.append(False)
    return _Seat(own=holding.cards, up=tuple(flags), shared=shared)


class _Table:
    """Each player's cards and which of them are wild, per side."""

    def __init__(
        self,
        showdown: Showdown,
        holdings: dict[str, Holding],
        board: tuple[Card, ...],
        up_order: tuple[Card, ...],
        named_ranks: frozenset[int],
        lent: Mapping[str, tuple[Card, ...]] | None = None,
    ) -> None:
        self.showdown = showdown
        self.holdings = holdings
        self.board = board
        shared = board if showdown.board == "shared" else ()
        lent = lent or {}
        self.seats = {name: _seat(h, shared + lent.get(name, ())) for name, h in holdings.items()}
        self.up_order = up_order
        self.named_ranks = named_ranks
        # (own kind, ace low) -> player -> the rank their own cards make wild
        self._own_ranks: dict[tuple[str | None, bool], dict[str, int | None]] = {
            (wild.own, wild.ace_low): {
                name: _own_rank(wild.own, seat, wild.ace_low) for name, seat in self.seats.items()
            }
            for wild in showdown.wilds
            if wild.own
        }
        # name -> side -> (free wilds, paid wilds)
        self.wilds: dict[str, dict[str, tuple[frozenset[Card], frozenset[Card]]]] = {}
        for name in holdings:
            self.wilds[name] = {side: self._wilds_for(name, side) for side in ("high", "low")}

    def _wilds_for(self, name: str, side: str) -> tuple[frozenset[Card], frozenset[Card]]:
        free: set[Card] = set()
        paid: set[Card] = set()
        for wild in self.showdown.wilds:
            if wild.half not in ("both", side):
                continue
            cards = self._matched(wild, name)
            (paid if wild.paid else free).update(cards)
        # A wild tax in force makes the same cards paid-for only (a taxed option over free wilds).
        return frozenset(free - paid), frozenset(paid)

    def _matched(self, wild: Wild, name: str) -> list[Card]:
        ranks, codes, jokers = self._wild_kinds(wild, name)
        return [
            card
            for card in self.seats[name].faced(wild.face)
            if (card.kind == "joker" and jokers)
            or (card.kind == "card" and (card.rank in ranks or (card.rank, card.suit) in codes))
        ]

    def _wild_kinds(self, wild: Wild, name: str) -> tuple[set[int], set[tuple[int, str]], bool]:
        """The ranks, the exact cards and whether jokers are wild in this player's hand."""
        if wild.own:
            found = self._own_ranks[(wild.own, wild.ace_low)]
            names = list(found) if wild.everyone else [name]
            ranks = {rank for n in names if (rank := found[n])}
            if wild.just_the_card:
                return set(), self._own_cards(wild, names), False
            return ranks, set(), False
        if wild.follows is not None:
            return self._followed(wild)
        if wild.named:
            table = [c for c in self.board if c.kind == "card"]
            if wild.just_the_card:
                if not table:
                    raise ShowdownError(f"{wild.text}: enter the cards on the table.")
                named = self.named_ranks or {c.rank for c in table}
                return set(), {(c.rank, c.suit) for c in table if c.rank in named}, False
            if self.named_ranks:
                return set(self.named_ranks), set(), False
            if table:
                return {c.rank for c in table}, set(), False
            raise ShowdownError(
                f"Which rank is wild this hand? ({wild.text}) Enter the cards on the table "
                "or name the wild rank."
            )
        ranks = {RANK_FROM_DATA[r] for r in wild.ranks}
        codes = {_code(c) for c in wild.cards}
        return ranks, codes, wild.jokers

    def _own_cards(self, wild: Wild, names: list[str]) -> set[tuple[int, str]]:
        """With `just_the_card`: the very cards that named the rank, not the rank."""
        found = self._own_ranks[(wild.own, wild.ace_low)]
        return {
            (card.rank, card.suit)
            for n in names
            for card in self.seats[n].own_faced(OWN_FACE[wild.own or "lowest_in_hand"])
            if card.kind == "card" and card.rank == found[n]
        }

    def _followed(self, wild: Wild) -> tuple[set[int], set[tuple[int, str]], bool]:
        followed = RANK_FROM_DATA[wild.follows or "Q"]
        if self.up_order:
            found = [
                i for i, c in enumerate(self.up_order) if c.kind == "card" and c.rank == followed
            ]
            if found and found[-1] + 1 >= len(self.up_order) and wild.if_last == "previous":
                found.pop()  # the last up card: the follower before it stays
            if not found or found[-1] + 1 >= len(self.up_order):
                return set(), set(), False
            latest = found[-1]
            after = self.up_order[latest + 1]
            if after.kind == "joker":
                return set(), set(), True
            if after.kind != "card":
                return set(), set(), False
            if wild.just_the_card:
                return set(), {(after.rank, after.suit)}, False
            return {after.rank}, set(), False
        if wild.just_the_card:
            raise ShowdownError(
                f"{wild.text}: enter the face-up cards in the order they were dealt."
            )
        if self.named_ranks:
            return set(self.named_ranks), set(), False
        raise ShowdownError(
            f"{wild.text}: enter the face-up cards in the order dealt, or name the wild rank."
        )


OWN_FACE = {"hole_card": "down", "lowest_up": "up", "lowest_in_hand": "any"}


def _own_rank(kind: str, seat: _Seat, ace_low: bool) -> int | None:
    """The lowest rank among the player's cards of that kind (an ace lowest with `ace_low`)."""
    ranks = [c.rank for c in seat.own_faced(OWN_FACE[kind]) if c.kind == "card"]
    if not ranks:
        return None
    return min(ranks, key=lambda rank: 1 if ace_low and rank == 14 else rank)


def _code(code: str) -> tuple[int, str]:
    card = card_from_data(code)
    return card.rank, card.suit


def _matches(condition: Condition, seat: _Seat) -> bool:
    """Natural cards as dealt: the count of named cards (and the Black Spot) in range."""
    ranks = {RANK_FROM_DATA[r] for r in condition.ranks}
    codes = {_code(c) for c in condition.cards}
    count = 0
    for card in seat.own_faced(condition.face):
        if card.kind == "spot":
            count += condition.black_spot
        elif card.kind == "card" and (card.rank in ranks or (card.rank, card.suit) in codes):
            count += 1
    if count < condition.at_least:
        return False
    if condition.at_most is not None and count > condition.at_most:
        return False
    if condition.parity == "odd":
        return count % 2 == 1
    if condition.parity == "even":
        return count % 2 == 0
    return True


@dataclass
class _Player:
    name: str
    holding: Holding
    killed_by: str | None = None
    auto_win: str | None = None
    high: Made | None = None
    low: Made | None = None
    wild_high: frozenset[Card] = frozenset()
    wild_low: frozenset[Card] = frozenset()
    total: dict[str, float] = field(default_factory=dict)
    side_keys: dict[str, SortKey] = field(default_factory=dict)
    qualifies: dict[str, bool] = field(default_factory=dict)
    declare_result: str | None = None


class _Evaluation:
    def __init__(
        self, showdown: Showdown, table: _Table, declare: bool, outright: bool, pot_kind: str
    ) -> None:
        self.sd = showdown
        self.table = table
        self.declare = declare
        self.outright = outright
        self.pot_kind = pot_kind
        self.players = {name: _Player(name, h) for name, h in table.holdings.items()}

    def sides(self) -> dict[str, str]:
        return sides_of(self.sd)

    def run(self) -> Result:
        sides = self.sides()
        # declaring needs two sides: a declare setting with the game played high only is moot
        self.declare = self.declare and len(sides) > 1
        self._check_declares(sides)
        for name, player in self.players.items():
            seat = self.table.seats[name]
            player.killed_by = next((c.text for c in self.sd.kill_cards if _matches(c, seat)), None)
            if player.killed_by is None:
                player.auto_win = next(
                    (c.text for c in self.sd.auto_wins if _matches(c, seat)), None
                )
            if self.sd.ranking == "points":
                self._points(player, sides)
                player.auto_win = player.auto_win or self._on_every_target(player, sides)
            else:
                self._hands(player, seat, sides)
        rankings = self._main(sides)
        rankings += [self._race(race) for race in _races(self.sd.races)]
        hands = {
            name: Shown(
                name=name,
                high=p.high,
                low=p.low,
                total=p.total,
                wilds=tuple(
                    c
                    for c in p.holding.cards + self.table.seats[name].shared
                    if c in p.wild_high or c in p.wild_low
                ),
                killed_by=p.killed_by,
                auto_win=p.auto_win,
                qualifies=p.qualifies,
                declared=p.holding.declare,
                declare_result=p.declare_result,
            )
            for name, p in self.players.items()
        }
        return Result(rankings=tuple(rankings), hands=hands)

    def _check_declares(self, sides: dict[str, str]) -> None:
        if not self.declare:
            return
        for name, player in self.players.items():
            said = player.holding.declare
            if said is None:
                raise ShowdownError(f"{name} has not declared high, low or both.")
            wanted = ("high", "low") if said == "both" else (said,)
            for side in wanted:
                if side not in sides:
                    raise ShowdownError(
                        f"{name} declared {said}, but this hand has no {side} side."
                    )

    # -- poker hands --

    def _hands(self, player: _Player, seat: _Seat, sides: dict[str, str]) -> None:
        sd = self.sd
        cards = [c for c in seat.playing(sd.up_only) if c.kind != "spot"]
        if len(cards) < sd.hand and not sd.short_hands:
            if player.killed_by:
                return
            which = " face up" if sd.up_only else ""
            if sd.pool.neighbours:
                which = " with their neighbours' face-up cards (mark which cards are face up)"
            raise ShowdownError(
                f"{player.name} has {len(cards)} card{'s' if len(cards) != 1 else ''}{which}; "
                f"a hand here is {sd.hand} cards."
            )
        free, paid = self.table.wilds[player.name]["high"]
        if "high" in sides:
            high = HighHand(
                cards,
                size=sd.hand,
                straights=sd.straights,
                flushes=sd.flushes,
                five_of_a_kind=sd.five_of_a_kind,
                short=sd.short_hands,
                natural_beats_wild=sd.natural_beats_wild,
                suit_order="".join(SUIT_LETTER[s] for s in sd.suit_order),
                three_card_order=sd.three_card_order,
                ace_low=sd.ace_low,
            )
            player.high, player.wild_high = self._best(player, high.best, free, paid)
            player.qualifies["high"] = player.high is not None and self._qualifies(player, "high")
            if player.high is not None:
                player.side_keys["high"] = player.high.key
        if "low" in sides:
            free, paid = self.table.wilds[player.name]["low"]
            player.low, player.wild_low = self._best(
                player,
                lambda wild: best_low(
                    cards,
                    wild,
                    kind=sd.low,
                    size=sd.hand,
                    qualifier=sd.low_qualifier,
                    short=sd.short_hands,
                ),
                free,
                paid,
            )
            player.qualifies["low"] = player.low is not None and self._qualifies(player, "low")
            if player.low is not None:
                player.side_keys["low"] = player.low.key

    def _best(
        self,
        player: _Player,
        rank: Callable[[frozenset[Card]], Made | None],
        free: frozenset[Card],
        paid: frozenset[Card],
    ) -> tuple[Made | None, frozenset[Card]]:
        """The best hand, using only as many paid wilds as the player paid for (the best ones)."""
        if not paid:
            return rank(free), free
        count = player.holding.paid
        if count is None:
            shown = ", ".join(c.label for c in sorted(paid, reverse=True))
            raise ShowdownError(
                f"How many wilds did {player.name} pay for? ({shown} count only when paid for.)"
            )
        if count >= len(paid):
            return rank(free | paid), free | paid
        best: tuple[Made | None, frozenset[Card]] = (None, free)
        for chosen in combinations(sorted(paid), count):
            wild = free | frozenset(chosen)
            made = rank(wild)
            if made is not None and (best[0] is None or made.key > best[0].key):
                best = (made, wild)
        return best

    def _qualifies(self, player: _Player, side: str) -> bool:
        made = player.high if side == "high" else player.low
        assert made is not None
        for qualifier in self.sd.qualifiers:
            if qualifier.side != side:
                continue
            if side == "low":
                raise ShowdownError(
                    f"{qualifier.text}: a low hand's qualifier is the highest card it may "
                    "hold (low_qualifier), not a hand class."
                )
            rank = RANK_FROM_DATA[qualifier.rank] if qualifier.rank else None
            if not at_least(made, qualifier.at_least, rank):
                return False
        return True

    # -- points --

    def _points(self, player: _Player, sides: dict[str, str]) -> None:
        points = self.sd.points
        assert points is not None
        seat = self.table.seats[player.name]
        cards = [c for c in seat.playing(self.sd.up_only) if c.kind == "card"]
        size = counted(cards, points)
        targets = dict(zip(sides, self._targets(sides), strict=True))
        said = player.holding.declare
        if points.each_way:
            totals = Totals(choices_of(cards, points), size)
            for side, target in targets.items():
                total = totals.best(self._side(side, target))
                self._set_total(player, side, target, total, size)
            return
        prefer = [said] if said in sides else [s for s in ("high", "low") if s in sides]
        prefer += [s for s in sides if s not in prefer]
        best: tuple[tuple[SortKey, ...], dict[str, float]] | None = None
        aces = [i for i, c in enumerate(cards) if len(card_values(c, points)) > 1]
        for choice in product(*(range(len(card_values(cards[i], points))) for i in aces)):
            fixed = dict(zip(aces, choice, strict=True))
            reach = Totals(choices_of(cards, points, fixed), size)
            by_side = {side: reach.best(self._side(side, targets[side])) for side in sides}
            rank = tuple(side_key(by_side[s], s, targets[s], points) for s in prefer)
            if best is None or rank > best[0]:
                best = (rank, by_side)
        assert best is not None
        for side, total in best[1].items():
            self._set_total(player, side, targets[side], total, size)

    def _side(self, side: str, target: float | None) -> SideKey:
        """How one side judges a total (larger is better)."""
        points = self.sd.points
        assert points is not None
        return lambda total: side_key(total, side, target, points)

    def _on_every_target(self, player: _Player, sides: dict[str, str]) -> str | None:
        """The game's words when this hand counts exactly every target (it takes the lot)."""
        points = self.sd.points
        assert points is not None
        if player.killed_by or not points.exact_takes_all or not points.targets:
            return None
        targets = zip(sides, self._targets(sides), strict=True)
        if all(player.total.get(side) == target for side, target in targets):
            return points.exact_takes_all
        return None

    def _targets(self, sides: dict[str, str]) -> list[float | None]:
        points = self.sd.points
        assert points is not None
        if points.targets:
            return [float(t) for t in points.targets]
        return [None] * len(sides)

    def _set_total(
        self, player: _Player, side: str, target: float | None, total: float, counted: int
    ) -> None:
        points = self.sd.points
        assert points is not None
        player.total[side] = total
        key = side_key(total, side, target, points)
        if points.tie == "fewer_cards":
            key = (*key, -counted)
        player.side_keys[side] = key
        player.qualifies[side] = True

    # -- tiers --

    def _main(self, sides: dict[str, str]) -> list[Ranked]:
        alive = [n for n, p in self.players.items() if not p.killed_by]
        auto = [n for n in alive if self.players[n].auto_win]
        entrants = {
            side: [
                n
                for n in alive
                if n not in auto
                and self.players[n].qualifies.get(side)
                and side in self.players[n].side_keys
                and (not self.declare or _declared(self.players[n], side))
            ]
            for side in sides
        }
        tiers = {side: self._tiers(entrants[side], side) for side in sides}
        if self.declare:
            failed = self._both_failures(tiers, auto)
            if failed:
                entrants = {s: [n for n in e if n not in failed] for s, e in entrants.items()}
                tiers = {side: self._tiers(entrants[side], side) for side in sides}
            self._declare_words(tiers, failed, auto)
        if auto:
            tiers = {side: (tuple(auto), *t) for side, t in tiers.items()}
        return [Ranked(key=side, label=label, tiers=tiers[side]) for side, label in sides.items()]

    def _tiers(self, names: list[str], side: str) -> tuple[tuple[str, ...], ...]:
        return _group(names, lambda n: self.players[n].side_keys[side])

    def _both_failures(self, tiers: dict[str, Placings], auto: list[str]) -> dict[str, str]:
        """Each both-declarer who did not win both halves, with the half that beat them."""
        failed: dict[str, str] = {}
        for name, player in self.players.items():
            if player.killed_by or name in auto or player.holding.declare != "both":
                continue
            for side in ("high", "low"):
                top = tiers[side][0] if tiers[side] else ()
                word = SIDE_WORD[side]
                if name not in top:
                    if not player.qualifies.get(side):
                        failed[name] = f"did not qualify for {word}"
                    else:
                        failed[name] = f"lost {word}"
                    break
                if self.outright and len(top) > 1:
                    failed[name] = f"tied {word}"
                    break
        return failed

    def _declare_words(
        self, tiers: dict[str, Placings], failed: dict[str, str], auto: list[str]
    ) -> None:
        for name, player in self.players.items():
            said = player.holding.declare
            if player.killed_by or said is None:
                continue
            if name in auto:
                player.declare_result = "wins everything"
                continue
            if name in failed:
                player.declare_result = f"loses: declared both and {failed[name]}"
                continue
            wanted = ("high", "low") if said == "both" else (said,)
            words = []
            for side in wanted:
                top = tiers[side][0] if tiers[side] else ()
                word = SIDE_WORD[side]
                if name in top:
                    words.append(f"wins {word}" if len(top) == 1 else f"ties for {word}")
                elif not player.qualifies.get(side):
                    words.append(f"does not qualify for {word}")
                else:
                    words.append(f"loses {word}")
            if words == ["wins high", "wins low"]:
                player.declare_result = "wins both"
            else:
                player.declare_result = " and ".join(words)

    # -- races --

    def _race(self, race: Race) -> Ranked:
        suit = SUIT_LETTER[race.suit]
        keys: dict[str, SortKey] = {}
        for name, player in self.players.items():
            if player.killed_by:
                continue
            wild = player.wild_high | player.wild_low
            ranks = [
                card.rank
                for card in self.table.seats[name].own_faced(race.face)
                if card.kind == "card"
                and card.suit == suit
                and (race.wilds_count or card not in wild)
            ]
            if ranks:
                keys[name] = (max(ranks),)
        return Ranked(key=race.key, label=race.name, tiers=_group(list(keys), keys.__getitem__))


def _races(races: list[Race]) -> list[Race]:
    """One race per key: one on an option takes the place of the plain one it varies."""
    kept: dict[str, Race] = {}
    for race in races:
        held = kept.get(race.key)
        if held is None or (race.option is not None and held.option is None):
            kept[race.key] = race
    return list(kept.values())


def _declared(player: _Player, side: str) -> bool:
    return player.holding.declare in (side, "both")


def _group(names: list[str], key: Callable[[str], SortKey]) -> Placings:
    """Names best first by key (larger is better), equal keys sharing a tier, entry order kept."""
    ordered = sorted(names, key=key, reverse=True)
    tiers: list[list[str]] = []
    last: object = object()
    for name in ordered:
        value = key(name)
        if tiers and value == last:
            tiers[-1].append(name)
        else:
            tiers.append([name])
            last = value
    return tuple(tuple(t) for t in tiers)


def _num(value: float) -> str:
    return f"{value:g}"


# --- the JSON the API answers --------------------------------------------------------------


def describe(result: Result) -> dict[str, Any]:
    """The result as JSON: tiers of high and low, every ranking, and each player's hand."""
    out: dict[str, Any] = {
        "high": [list(t) for t in result.tiers("high")],
        "low": [list(t) for t in result.tiers("low")],
        "rankings": [
            {"key": r.key, "label": r.label, "tiers": [list(t) for t in r.tiers]}
            for r in result.rankings
        ],
        "hands": {name: _describe_hand(shown) for name, shown in result.hands.items()},
    }
    return out


def _made_json(made: Made) -> dict[str, Any]:
    return {
        "name": made.name,
        "best": [c.code for c in made.best],
        "best_labels": [c.label for c in made.best],
        "wilds": {held.code: stands.code for held, stands in made.wilds},
        "wild_words": [f"{held.label} as {stands.label}" for held, stands in made.wilds],
    }


def _describe_hand(shown: Shown) -> dict[str, Any]:
    main = shown.high or shown.low
    hand: dict[str, Any] = (
        _made_json(main)
        if main is not None
        else {
            "name": _total_words(shown.total),
            "best": [],
            "best_labels": [],
            "wilds": {},
            "wild_words": [],
        }
    )
    hand.update(
        {
            "low": _made_json(shown.low) if shown.low is not None else None,
            "total": dict(shown.total),
            "wild_cards": [c.code for c in shown.wilds],
            "qualifies": dict(shown.qualifies),
            "killed_by": shown.killed_by,
            "auto_win": shown.auto_win,
            "declared": shown.declared,
            "declare_result": shown.declare_result,
        }
    )
    return hand


def _total_words(total: Mapping[str, float]) -> str | None:
    if not total:
        return None
    values = set(total.values())
    if len(values) == 1:
        return f"{_num(next(iter(values)))} points"
    return ", ".join(f"{_num(v)} for {side}" for side, v in total.items())
