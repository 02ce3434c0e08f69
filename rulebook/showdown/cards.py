"""Playing cards as the table names them: typed, shown and checked.

Pure Python (no Django): the showdown helper, its API and its pages all read
cards through this one module, so "10h", "Th", "t♥" and "10♥" are the same
card everywhere and every refusal is worded the same way, in table words that
say what to type instead.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RANKS = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
# The rule data's rank names (showdown_rules.Rank): "10", never "T".
RANK_FROM_DATA = {name: value for name, value in RANKS.items() if name != "T"}
SUITS = "shdc"  # spades, hearts, diamonds, clubs

SUIT_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_FROM_SYMBOL = {
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
}
SUIT_WORD = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_CODE = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T"}
RANK_CODE |= {11: "J", 12: "Q", 13: "K", 14: "A", 1: "A"}
RANK_LABEL = RANK_CODE | {10: "10"}

_WORDS = {
    1: ("ace", "aces"),
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}
_JOKER_WORDS = {"jk", "joker", "jo", "jkr", "🃏"}
_SPOT_WORDS = {"bs", "spot", "blackspot", "black spot", "black-spot"}
_HOW = "type a rank 2-10, J, Q, K or A and a suit s, h, d or c, such as 10h"


class CardError(ValueError):
    """A card that cannot be, said in table words (shown to players as is)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: rank 2..14 (ace 14) and suit letter, or a joker / the Black Spot.

    Frozen and ordered so cards can sit in sets, dict keys and sorted lists.
    """

    rank: int
    suit: str
    kind: str = "card"

    @property
    def code(self) -> str:
        """The typed form the API and JSON use: "As", "Td", "Jk", "BS"."""
        if self.kind == "joker":
            return "Jk"
        if self.kind == "spot":
            return "BS"
        return RANK_CODE[self.rank] + self.suit

    @property
    def label(self) -> str:
        """How a page shows it: "A♠", "10♦", "joker", "Black Spot"."""
        if self.kind == "joker":
            return "joker"
        if self.kind == "spot":
            return "Black Spot"
        return RANK_LABEL[self.rank] + SUIT_SYMBOL[self.suit]

    @property
    def colour(self) -> str:
        """ "red" or "black" for the four-colour and colour-count rules; "" for jokers."""
        if not self.suit:
            return ""
        return "red" if self.suit in "hd" else "black"

    @property
    def natural(self) -> bool:
        """A plain card (not a joker nor the Black Spot)."""
        return self.kind == "card"

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(0, "", "joker")
BLACK_SPOT = Card(0, "", "spot")
DECK = tuple(Card(rank, suit) for rank in range(14, 1, -1) for suit in SUITS)


def _not_a_card(text: str) -> CardError:
    return CardError(f"“{text}” is not a card: {_HOW}.")


def parse_card(text: str) -> Card:
    """One typed card, as players type it: "As", "as", "10h", "Th", "A♠", "Jk", "BS".

    Case and spaces do not matter; a rank of 1 or 11 is refused rather than guessed.
    """
    raw = str(text).strip()
    word = raw.lower()
    if word in _JOKER_WORDS:
        return JOKER
    if word in _SPOT_WORDS:
        return BLACK_SPOT
    if not raw:
        raise CardError(f"A card is missing: {_HOW}.")
    match = re.fullmatch(r"(10|[2-9tjqka])\s*([shdc♠♥♦♣♤♡♢♧])", word)
    if not match:
        raise _not_a_card(raw)
    rank_text, suit_text = match.groups()
    return Card(RANKS[rank_text.upper()], SUIT_FROM_SYMBOL.get(suit_text, suit_text))


def parse_cards(text: str | Sequence[str]) -> list[Card]:
    """Several cards: "As Kd 7h Tc 2s", "As,Kd, 7h", "A♠K♦", or a list of codes.

    A run with no spaces ("AsKd") is split card by card, so pasted hands work.
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        pieces: list[str] = []
        for part in parts:
            pieces.extend(_split_run(part))
        return [parse_card(p) for p in pieces]
    return [parse_card(p) for p in text]


def _split_run(part: str) -> list[str]:
    """Split "AsKd10h" into its cards; anything else is left for parse_card to refuse."""
    if part.lower() in _JOKER_WORDS | _SPOT_WORDS:
        return [part]
    found = re.findall(r"(?i)(10|[2-9tjqka])([shdc♠♥♦♣♤♡♢♧])|(jk|bs)", part)
    joined = "".join(a + b + c for a, b, c in found)
    if len(found) > 1 and joined.lower() == part.lower():
        return [a + b + c for a, b, c in found]
    return [part]


def card_from_data(code: str) -> Card:
    """A card named in the rule data (showdown_rules.CardCode: "Kd", "10d", "Td")."""
    return parse_card(code)


def rank_word(rank: int, plural: bool = False) -> str:
    """A rank in words: "ace"/"aces", "six"/"sixes" (1 and 14 are both the ace)."""
    return _WORDS[rank][1 if plural else 0]


_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{_NUMBER.get(n, str(n))} times"


def _game_size(decks: int) -> str:
    return f"a {_NUMBER.get(decks, str(decks))}-deck game"


def _holders(card: Card, hands: Mapping[str, Sequence[Card]], board: Sequence[Card]) -> list[str]:
    names = [f"{name}'s" for name, cards in hands.items() for c in cards if c == card]
    names += ["the board" for c in board if c == card]
    return names


def _places(names: list[str]) -> str:
    """ "in Ann's hand and Bob's", "twice in Ann's hand", "on the board and in Ann's hand"."""
    people = [n for n in names if n != "the board"]
    on_board = len(names) - len(people)
    parts = []
    if on_board:
        parts.append("on the board" + (f" {_times(on_board)}" if on_board > 1 else ""))
    distinct = list(dict.fromkeys(people))
    if len(distinct) == 1 and len(people) > 1:
        parts.append(f"{_times(len(people))} in {distinct[0]} hand")
    elif people:
        others = "".join(f" and {n}" for n in distinct[1:])
        parts.append(f"in {distinct[0]} hand{others}")
    return " and ".join(parts)


def check_cards(
    hands: Mapping[str, Sequence[Card]],
    board: Sequence[Card] = (),
    *,
    decks: int = 1,
    jokers: int = 0,
    black_spot: bool = False,
) -> None:
    """Refuse a deal that cannot happen, naming the card and who holds it.

    A card seen more times than there are decks (a fifth ace in a one-deck
    game, the same A♠ in two hands), a joker in a game without jokers or more
    jokers than the game has, and the Black Spot when it is not in play.
    """
    every = [c for cards in hands.values() for c in cards] + list(board)
    counts = Counter(every)
    has_jokers = counts.get(JOKER, 0)
    if has_jokers and not jokers:
        raise CardError("This game has no jokers: take the joker out.")
    if has_jokers > jokers:
        raise CardError(
            f"This game has {jokers} joker{'s' if jokers != 1 else ''}, "
            f"but {has_jokers} were entered."
        )
    spots = counts.get(BLACK_SPOT, 0)
    if spots and not black_spot:
        raise CardError("The Black Spot is not in play in this game: take it out.")
    if spots > 1:
        raise CardError(
            f"There is one Black Spot, but it was entered {spots} times "
            f"({_places(_holders(BLACK_SPOT, hands, board))})."
        )
    for card, seen in counts.items():
        if card.natural and seen > decks:
            where = _places(_holders(card, hands, board))
            copies = _NUMBER.get(decks, str(decks))
            raise CardError(
                f"{card.label} is {where}: {_game_size(decks)} has {copies} {card.label}."
            )


def check_entry(
    name: str | None,
    cards: Sequence[Card],
    others: Mapping[str, Sequence[Card]],
    board: Sequence[Card] = (),
    *,
    decks: int = 1,
    jokers: int = 0,
    black_spot: bool = False,
) -> None:
    """Refuse one hand (no `name`: the board) being entered where it clashes with those beside it.

    Only clashes that take in this hand count: two of the others that clash
    with each other are no reason to refuse this one (the showdown flags them).
    Give only the cards the person entering may see, so a refusal never tells
    them about a card they could not see.
    """
    mine = set(cards)

    def relevant(held: Sequence[Card]) -> list[Card]:
        return [c for c in held if c in mine]

    beside = {other: relevant(held) for other, held in others.items() if other != name}
    hands, on_board = ({name: cards, **beside}, relevant(board)) if name else (beside, cards)
    check_cards(hands, on_board, decks=decks, jokers=jokers, black_spot=black_spot)
