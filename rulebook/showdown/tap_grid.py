"""The "Who wins?" page's form as plain data: players, their cards, taps on the grid.

Pure Python, no Django. The page posts its whole state on every tap (a tap is
a submit button), so the page works without JavaScript: `GridForm.from_form`
reads the fields, `tap`, `add_player` and `remove_player` change them, and
`GridForm.request` turns them into the same dict the API takes, for
`rulebook.showdown.request_check` to accept or refuse with the API's own messages.
The typed card fields are the state: a tap reads the player's typed cards,
cycles one card (not held, face down, face up, not held) and writes them back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from rulebook import schema
from rulebook.showdown import request_check
from rulebook.showdown.cards import BLACK_SPOT, JOKER, RANK_LABEL, SUIT_SYMBOL, SUITS, Card

if TYPE_CHECKING:
    from rulebook.showdown.evaluation import Result, Shown
    from rulebook.showdown.ranking import Made

GRID_RANKS = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
SUIT_NAMES = {"s": "Spades", "h": "Hearts", "d": "Diamonds", "c": "Clubs"}
STATE_WORDS = {"": "not held", "down": "face down", "up": "face up"}
DEFAULT_PLAYERS = 2
FULL = "At most {most} players can show down together."
NO_SUCH_PLAYER = "There is no player {number} at this table."
NOT_A_TAP = "That tap names no card."


class Form(Protocol):
    """The posted fields: a QueryDict, or any mapping of names to one text and a list."""

    def get(self, key: str, /) -> str | None: ...
    def getlist(self, key: str) -> list[str]: ...


@dataclass
class Player:
    """One player's fields as typed: name, cards, which are face up, and the extras."""

    name: str
    cards: str = ""
    up: str = ""
    paid: str = ""
    declare: str = ""
    folded: bool = False


@dataclass
class GridForm:
    """The whole form: the ranking or the game's options and settings, and the players."""

    players: list[Player]
    rank: str = "high"
    options: list[str] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    board: str = ""
    up_order: str = ""
    wild_ranks: str = ""

    @classmethod
    def fresh(cls) -> GridForm:
        return cls(players=[Player(name=f"Player {n}") for n in range(1, DEFAULT_PLAYERS + 1)])

    @classmethod
    def from_form(cls, form: Form) -> GridForm:
        """The fields as posted; the player count is read within bounds, never trusted."""
        try:
            count = int(form.get("players") or DEFAULT_PLAYERS)
        except ValueError:
            count = DEFAULT_PLAYERS
        count = max(0, min(count, request_check.MOST_PLAYERS + 1))
        players = [
            Player(
                name=_field(form, f"p{i}-name"),
                cards=_field(form, f"p{i}-cards"),
                up=_field(form, f"p{i}-up"),
                paid=_field(form, f"p{i}-paid"),
                declare=_field(form, f"p{i}-declare"),
                folded=bool(_field(form, f"p{i}-folded")),
            )
            for i in range(count)
        ]
        settings = {
            key.removeprefix("set."): (form.get(key) or "").strip()
            for key in list(_keys(form))[: request_check.MOST_SETTINGS + 1]
            if key.startswith("set.")
        }
        return cls(
            players=players,
            rank=_field(form, "rank") or "high",
            options=[o.strip() for o in form.getlist("opt")[: request_check.MOST_OPTIONS + 1]],
            settings=settings,
            board=_field(form, "board"),
            up_order=_field(form, "up_order"),
            wild_ranks=_field(form, "wild_ranks"),
        )

    def request(self, game: schema.Game | None) -> dict[str, object]:
        """The API's request for these fields: empty fields are left out, as JSON would."""
        request_check.player_names([p.name for p in self.players])
        data: dict[str, object] = {"game": game.slug if game is not None else None}
        if game is None:
            data["rank"] = self.rank
        else:
            data["options"] = list(self.options)
            data["settings"] = dict(self.settings)
        for key in ("board", "up_order", "wild_ranks"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        hands: dict[str, dict[str, object]] = {}
        for player in self.players:
            hand: dict[str, object] = {"cards": player.cards}
            if player.up:
                hand["up"] = player.up
            extra: dict[str, object] = {
                k: getattr(player, k) for k in ("paid", "declare") if getattr(player, k)
            }
            if player.folded:
                extra["folded"] = True
            if extra:
                hand["extra"] = extra
            hands[player.name.strip()] = hand
        data["hands"] = hands
        return data

    def add_player(self) -> None:
        if len(self.players) >= request_check.MOST_PLAYERS:
            raise request_check.RequestError(FULL.format(most=request_check.MOST_PLAYERS), "hands")
        taken = {p.name.strip().casefold() for p in self.players}
        number = len(self.players) + 1
        while f"player {number}" in taken:
            number += 1
        self.players.append(Player(name=f"Player {number}"))

    def remove_player(self, raw: str) -> None:
        self.players.pop(self._index(raw))

    def tap(self, raw: str) -> None:
        """Cycle one card of one player: not held, face down, face up, then not held again.

        `raw` is the button's value, "<player>:<code>" ("0:As", "1:Jk2" for the
        second joker, "0:BS"). The player's typed fields are read first, so a
        typo there is refused with its reason and the tap waits.
        """
        index_text, _, code = raw.partition(":")
        index = self._index(index_text)
        player = self.players[index]
        label = player.name.strip() or f"Player {index + 1}"
        cards = _cards(player.cards, f"{label}'s cards", f"p{index}-cards")
        up = _cards(player.up, f"{label}'s face-up cards", f"p{index}-up")
        card, slot = tapped(code)
        cards, up = cycle(cards, up, card, slot)
        self.players[index] = replace(player, cards=_codes(cards), up=_codes(up))

    def _index(self, raw: str) -> int:
        if not raw.isdigit() or not 0 <= int(raw) < len(self.players):
            raise request_check.RequestError(NO_SUCH_PLAYER.format(number=raw[:5]))
        return int(raw)


def tapped(code: str) -> tuple[Card, int]:
    """The card a tap names and which copy: "As" (1), "Jk2" (the second joker, 2), "BS"."""
    if code[:2] == "Jk" and code[2:].isdigit():
        return JOKER, int(code[2:])
    try:
        return request_check.parse_one(code), 1
    except request_check.RequestError:
        raise request_check.RequestError(NOT_A_TAP) from None


def cycle(
    cards: list[Card], up: list[Card], card: Card, slot: int = 1
) -> tuple[list[Card], list[Card]]:
    """One tap on a card (its `slot`th copy): not held, face down, face up, then not held again.

    Shared by the "Who wins?" page and the live table's grids (ledger/core/card_taps.py).
    A card turned face up goes last in `up`, as dealt.
    """
    cards, up = list(cards), list(up)
    held, shown = cards.count(card), up.count(card)
    if held < slot:
        cards.append(card)
    elif shown < slot:
        up.append(card)
    else:
        cards.remove(card)
        if card in up:
            up.remove(card)
    return cards, [c for c in up if c in cards]


@dataclass(frozen=True)
class Cell:
    """One button of a player's tap grid."""

    value: str  # the tap's value: "0:As"
    label: str  # "A♠"
    suit: str  # "s", "" for a joker or the Black Spot
    state: str  # "", "down", "up"
    taken: bool  # held by another player or on the board: greyed, disabled

    @property
    def words(self) -> str:
        name = self.label if self.suit else self.label.capitalize()
        return f"{name}, {'held by someone else' if self.taken else STATE_WORDS[self.state]}"


@dataclass(frozen=True)
class Grid:
    suits: tuple[tuple[str, str, tuple[Cell, ...]], ...]  # (suit, its name, its 13 cells)
    extras: tuple[Cell, ...]  # jokers and the Black Spot


def grids(table: GridForm, game: schema.Game | None) -> list[Grid]:
    """Each player's grid; a card every copy of which someone else holds is greyed.

    A player's typed cards that do not read as cards leave their grid as it
    was entered: the refusal is shown next to the field.
    """
    decks = game.deck.decks if game is not None else 1
    held = [_readable(p.cards) for p in table.players]
    shown = [_readable(p.up) for p in table.players]
    board = _readable(table.board)
    everyone = Counter(c for cards in held for c in cards) + Counter(board)
    jokers = request_check.jokers_in_play(game, table.options, table.settings)
    spot = request_check.has_black_spot(game)
    result = []
    for index, (cards, up) in enumerate(zip(held, shown, strict=True)):
        mine, up_count = Counter(cards), Counter(up)
        others = everyone - mine

        def cell(
            card: Card,
            value: str,
            slot: int = 1,
            *,
            index: int = index,
            mine: Counter[Card] = mine,
            up: Counter[Card] = up_count,
            others: Counter[Card] = others,
        ) -> Cell:
            state = "" if mine[card] < slot else "up" if up[card] >= slot else "down"
            limit = jokers if card == JOKER else 1 if card == BLACK_SPOT else decks
            taken = not state and others[card] + mine[card] >= limit
            label = card.label if card != JOKER or jokers < 2 else f"joker {slot}"
            return Cell(f"{index}:{value}", label, card.suit, state, taken)

        suits = tuple(
            (
                suit,
                SUIT_NAMES[suit],
                tuple(cell(Card(r, suit), Card(r, suit).code) for r in GRID_RANKS),
            )
            for suit in SUITS
        )
        extras = [cell(JOKER, f"Jk{slot}", slot) for slot in range(1, jokers + 1)]
        if spot:
            extras.append(cell(BLACK_SPOT, "BS"))
        result.append(Grid(suits=suits, extras=tuple(extras)))
    return result


def _cards(text: str, label: str, where: str) -> list[Card]:
    return request_check.parse_field(text, label=label, field=where)


def _readable(text: str) -> list[Card]:
    try:
        return request_check.parse_field(text, label="cards", field="")
    except request_check.RequestError:
        return []


def _codes(cards: list[Card]) -> str:
    return " ".join(card.code for card in cards)


def _field(form: Form, key: str) -> str:
    return (form.get(key) or "").strip()


def _keys(form: Form) -> Iterable[str]:
    return form.keys() if isinstance(form, Mapping) or hasattr(form, "keys") else ()


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOL.get(suit, "")


def rank_label(rank: int) -> str:
    return RANK_LABEL[rank]


# The result in table words.

PLACES = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


@dataclass(frozen=True)
class ShownHand:
    """One side of a player's hand as the page shows it."""

    name: str
    cards: tuple[Card, ...]
    wilds: tuple[str, ...]  # "2♣ as A♠"


@dataclass(frozen=True)
class Tier:
    place: str  # "First", "Second (tie)"
    players: tuple[tuple[str, str], ...]  # (name, what they showed on this ranking)


@dataclass(frozen=True)
class Ranking:
    label: str
    tiers: tuple[Tier, ...]
    out: tuple[str, ...]  # players in no tier: they did not qualify, declare it, or were killed


@dataclass(frozen=True)
class PlayerResult:
    name: str
    high: ShownHand | None
    low: ShownHand | None
    total: tuple[tuple[str, str], ...]
    qualifies: tuple[tuple[str, bool], ...]
    killed_by: str | None
    auto_win: str | None
    declared: str | None
    declare_result: str | None


@dataclass(frozen=True)
class Outcome:
    rankings: tuple[Ranking, ...]
    players: tuple[PlayerResult, ...]


def present(result: Result) -> Outcome:
    """An `evaluation.Result` as the page words it: tiers best first, then each hand."""
    names = list(result.hands)
    rankings = []
    for ranked in result.rankings:
        tiers = []
        for number, tier in enumerate(ranked.tiers):
            place = PLACES[number] if number < len(PLACES) else f"Place {number + 1}"
            if len(tier) > 1:
                place += " (tie)"
            tiers.append(Tier(place, tuple((n, _what(result.hands[n], ranked.key)) for n in tier)))
        placed = {n for tier in ranked.tiers for n in tier}
        rankings.append(
            Ranking(ranked.label, tuple(tiers), tuple(n for n in names if n not in placed))
        )
    players = tuple(
        PlayerResult(
            name=name,
            high=_hand(shown.high),
            low=_hand(shown.low),
            total=tuple((side, _number(v)) for side, v in shown.total.items()),
            qualifies=tuple(shown.qualifies.items()),
            killed_by=shown.killed_by,
            auto_win=shown.auto_win,
            declared=shown.declared,
            declare_result=shown.declare_result,
        )
        for name, shown in result.hands.items()
    )
    return Outcome(tuple(rankings), players)


def _what(shown: Shown, key: str) -> str:
    if shown.auto_win and key == "high":
        return shown.auto_win
    if key == "high" and shown.high is not None:
        return shown.high.name
    if key == "low" and shown.low is not None:
        return shown.low.name
    if key in shown.total:
        return f"{_number(shown.total[key])} points"
    return ""


def _hand(made: Made | None) -> ShownHand | None:
    if made is None:
        return None
    wilds = tuple(f"{held.label} as {stands.label}" for held, stands in made.wilds)
    return ShownHand(made.name, tuple(made.best), wilds)


def _number(value: float) -> str:
    return f"{value:g}"
