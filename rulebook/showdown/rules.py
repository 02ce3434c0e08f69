"""A game's showdown as data: what the cards are worth and who can win.

The rule file's `showdown:` section, typed, so the showdown helper
(`rulebook/showdown/evaluation.py`) ranks hands from it and no game's name appears in
code. The prose in each item's `text` stays for people; the structured fields
next to it are what the helper reads. Wilds, kill cards and automatic wins may
hang on an option (`option`) or on a setting's choice (`when`); a setting or
option that changes a whole-showdown field (the low ranking, the qualifier)
says so in `by_setting` / `by_option`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
Rank = Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
Suit = Literal["spades", "hearts", "diamonds", "clubs"]
# One card as the rule data names it: rank then suit letter, "10d" or "Td", "Ad", "Kd".
CardCode = Annotated[str, Field(pattern=r"^(10|[2-9TJQKA])[shdc]$")]
# Which of a player's cards a rule looks at: all, only those dealt face up, or face down.
Face = Literal["any", "up", "down"]
# How the hands are compared: best poker hand, lowest, both halves, or card points.
Ranking = Literal["high", "low", "high_low", "points"]
# Ace-to-five (straights and flushes ignored, ace low) or deuce-to-seven (they count, ace high).
LowKind = Literal["a5", "27"]
# The order of three-card hands: three-card poker's (three of a kind under the
# straight flush), ordinary poker's (flush over straight over three of a kind),
# or ordinary poker's with three of a kind moved to the top.
ThreeCardOrder = Literal["three_card_poker", "poker", "trips_top"]
# Poker hand classes, lowest first, as a qualifier names them.
HandClass = Literal[
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Scoped(Strict):
    """An item in force only with an option on (or off), or on one choice of a setting."""

    option: str | None = None
    unless_option: str | None = None
    when: dict[str, str] = {}


class Wild(Scoped):
    """One kind of wild card, and whose hand it is wild in.

    Fixed wilds name `ranks`, `cards` or `jokers` (any mix). The others are
    worked out per hand: `own` from the player's own cards, `follows` from the
    order the up cards were dealt, `named` from the cards the table turned up
    during the deal (the request's board). `face` limits it to cards held face
    up or face down; `paid` counts it only once its holder paid the wild tax;
    `half` makes it wild for one side of a high-low game only. With
    `follows`, the wild is the rank of the up card dealt right after the
    latest up card of that rank (none if that was the last up card), or with
    `just_the_card` only that one card; `if_last: previous` keeps the
    previous follower when the latest card of that rank was the last up
    card. With `own` and `everyone`, the rank each player's own cards give
    is wild in every hand, not just theirs;
    `ace_low` counts an ace as the lowest card when finding the lowest.
    """

    text: str = Field(min_length=3)
    ranks: list[Rank] = []
    cards: list[CardCode] = []
    jokers: bool = False
    own: Literal["hole_card", "lowest_up", "lowest_in_hand"] | None = None
    everyone: bool = False
    ace_low: bool = False
    follows: Rank | None = None
    just_the_card: bool = False
    if_last: Literal["none", "previous"] = "none"
    named: bool = False
    face: Face = "any"
    paid: bool = False
    half: Literal["both", "high", "low"] = "both"

    @model_validator(mode="after")
    def _one_source(self) -> Wild:
        fixed = bool(self.ranks or self.cards or self.jokers)
        worked_out = [bool(self.own), self.follows is not None, self.named]
        if fixed + sum(worked_out) != 1:
            raise ValueError(
                f"wild {self.text!r}: say either fixed ranks, cards or jokers, "
                "or exactly one of own, follows or named"
            )
        return self


class Condition(Scoped):
    """Natural cards in a hand that kill it, or that win the whole pot.

    Matches when the hand holds, among `ranks` and `cards` (seen as dealt:
    `face`), at least `at_least` and at most `at_most` of them, with the
    count's `parity`; or holds the Black Spot.
    """

    text: str = Field(min_length=3)
    ranks: list[Rank] = []
    cards: list[CardCode] = []
    black_spot: bool = False
    face: Face = "any"
    at_least: int = Field(default=1, ge=0)
    at_most: int | None = Field(default=None, ge=0)
    parity: Literal["any", "odd", "even"] = "any"

    @model_validator(mode="after")
    def _names_cards(self) -> Condition:
        if not (self.ranks or self.cards or self.black_spot):
            raise ValueError(f"{self.text!r}: name the ranks, the cards or the Black Spot")
        if self.at_most is not None and self.at_most < self.at_least:
            raise ValueError(f"{self.text!r}: at_most is below at_least")
        return self


class Race(Scoped):
    """A share of the pot for the single highest card of one suit (ace high).

    `wilds_count`: a wild of that suit races as the card printed on it (the
    two of diamonds as a two); without it, wild cards do not race at all.
    """

    key: str = Field(pattern=r"^[a-z]+(-[a-z]+)*$")
    name: str = Field(min_length=3)
    suit: Suit
    face: Face = "any"
    wilds_count: bool = True
    rules: list[str] = []


class Qualifier(Scoped):
    """The least hand that may win a side: "three of a kind or better"."""

    text: str = Field(min_length=3)
    side: Literal["high", "low"] = "high"
    at_least: HandClass
    rank: Rank | None = None


class Points(Strict):
    """Cards counted to a total instead of made into a poker hand.

    `ace` lists what an ace may count; `faces` what a jack, queen or king
    counts; `pips` whether two to ten count their number (else each card
    counts `each`). With `colour`, red cards add and black subtract.
    `cards` counts only the best that many for each side. With `targets`
    (low side first), the total nearest each target wins that side and at an
    equal distance the total under it wins; without, the highest and lowest
    totals win (`absolute`: by size, the sign dropped from the sum or from
    each card). `each_way`: a card with two values may count differently for
    each side. `tie: fewer_cards`: of equal totals, the hand of fewer cards wins.
    `exact_takes_all`: the game's words for a hand that counts exactly every
    target, which wins the whole pot (it heads both sides).
    """

    ace: list[float] = [1]
    faces: float = 10
    ten: float = 10
    pips: bool = True
    each: float = 1
    colour: bool = False
    cards: int | None = Field(default=None, ge=1)
    absolute: Literal["none", "of_sum", "sum_of"] = "none"
    targets: list[int] = []
    each_way: bool = True
    tie: Literal["split", "fewer_cards"] = "split"
    exact_takes_all: str | None = Field(default=None, min_length=3)


class Pool(Strict):
    """Cards other players hold that count in each player's hand too: a shared pool.

    `neighbours`: how many players on each side of a player lend them their
    face-up cards (1: the player on the left and the one on the right). The
    players are taken in the order they sit; a player counted on both sides
    (two players left) lends once. `folded`: whether a player who folded
    still lends their face-up cards (`count`, their seat stays a neighbour),
    or their cards are dead and the neighbour is the nearest player still in
    on that side (`skip`).
    """

    neighbours: int = Field(default=0, ge=0, le=5)
    folded: Literal["count", "skip"] = "count"


class Patch(Strict):
    """Whole-showdown fields an option or a setting's choice changes."""

    ranking: Ranking | None = None
    hand: int | None = Field(default=None, ge=1, le=5)
    straights: bool | None = None
    flushes: bool | None = None
    five_of_a_kind: bool | None = None
    short_hands: bool | None = None
    low: LowKind | None = None
    low_qualifier: int | None = Field(default=None, ge=5, le=13)
    natural_beats_wild: bool | None = None
    suit_order: list[Suit] | None = None
    points: Points | None = None
    board: Literal["none", "shared", "names_wilds"] | None = None
    declare: bool | None = None
    up_only: bool | None = None
    ace_low: bool | None = None
    three_card_order: ThreeCardOrder | None = None
    pool: Pool | None = None


class Showdown(Strict):
    """How this game's showdown is decided, for the helper and the rule page.

    `helper: false` with `no_helper` saying why (no showdown, or one decided
    by something other than the cards shown). `hand` is how many cards make a
    hand (the best `hand` of the cards held); `short_hands` lets a hand with
    fewer cards still rank. `board: shared` adds the table's cards to every
    hand, `names_wilds` only reads wild ranks off them. `declare`: players
    declare high, low or both (a declare pot always does); `up_only`: only
    the face-up cards play; `ace_low`: an ace is the lowest card in a high
    hand (one-card games where the ace is the worst card). `forehead`: the
    cards dealt face up face everyone but their holder (held to the
    forehead), so at a live hand another player enters them and the holder's
    phone never shows them until the hand is over. `pool`: the face-up cards
    of a player's neighbours count in their hand too, with the player's own.
    """

    helper: bool = True
    no_helper: str = ""
    ranking: Ranking = "high"
    hand: int = Field(default=5, ge=1, le=5)
    straights: bool = True
    flushes: bool = True
    five_of_a_kind: bool = True
    short_hands: bool = False
    low: LowKind = "a5"
    low_qualifier: int | None = Field(default=None, ge=5, le=13)
    natural_beats_wild: bool = False
    suit_order: list[Suit] = []
    board: Literal["none", "shared", "names_wilds"] = "none"
    declare: bool = False
    up_only: bool = False
    ace_low: bool = False
    three_card_order: ThreeCardOrder = "three_card_poker"
    forehead: bool = False
    pool: Pool = Pool()
    wilds: list[Wild] = []
    kill_cards: list[Condition] = []
    auto_wins: list[Condition] = []
    races: list[Race] = []
    qualifiers: list[Qualifier] = []
    points: Points | None = None
    by_setting: dict[str, dict[str, Patch]] = {}
    by_option: dict[str, Patch] = {}
    notes: list[str] = []

    @model_validator(mode="after")
    def _helper_or_why(self) -> Showdown:
        if not self.helper and len(self.no_helper.strip()) < 10:
            raise ValueError("a showdown the helper does not rank says why in no_helper")
        if self.ranking == "points" and self.points is None:
            raise ValueError("a points showdown says how cards count (points)")
        if self.suit_order and len(set(self.suit_order)) != 4:
            raise ValueError("suit_order names all four suits once, highest first")
        return self

    def scoped(self) -> list[Scoped]:
        """Every item that may hang on an option or a setting."""
        return [*self.wilds, *self.kill_cards, *self.auto_wins, *self.races, *self.qualifiers]
