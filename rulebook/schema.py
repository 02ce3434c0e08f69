"""The shape of one game's rule data, validated when the rulebook loads.

Plain pydantic models with no Django imports: the loader, dealer mode and the
ledger all read games through these types, so a rule written once in a data
file drives every screen. Field names are the YAML keys of `rulebook/games/`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rulebook.showdown.rules import HandClass, Showdown

Slug = str

FAMILIES: dict[str, str] = {
    "draw": "Draw poker",
    "stud": "Stud poker",
    "community": "Community cards",
    "guts": "Guts and match-pot games",
    "knock": "Knock and rap games",
    "pass": "Pass, buy and trade",
    "tricks": "Trick-taking games",
    "against_pot": "Betting on the next card",
    "points": "Points games",
    "elimination": "Last player standing",
    "other": "Other games",
}
Family = Literal[
    "draw",
    "stud",
    "community",
    "guts",
    "knock",
    "pass",
    "tricks",
    "against_pot",
    "points",
    "elimination",
    "other",
]

POT_KINDS: dict[str, str] = {
    "high": "High hand wins",
    "low": "Low hand wins",
    "high_low": "High and low split",
    "high_low_declare": "High-low split, with declarations",
    "match_pot": "Winner takes the pot; losers match it",
    "split_special": "Split by a special rule",
    "points": "Decided on points",
    "against_pot": "Players bet against the pot",
    "dealer_bank": "The dealer is the bank",
    "last_man_standing": "Last player with chips takes it",
    "tricks": "Most tricks takes the pot",
    "none": "No rules recorded",
}
PotKind = Literal[
    "high",
    "low",
    "high_low",
    "high_low_declare",
    "match_pot",
    "split_special",
    "points",
    "against_pot",
    "dealer_bank",
    "last_man_standing",
    "tricks",
    "none",
]

PHASE_KINDS: dict[str, str] = {
    "ante": "Ante",
    "blind": "Blinds",
    "stake": "Stake",
    "deal": "Deal",
    "bet": "Betting round",
    "draw": "Draw",
    "discard": "Discard",
    "pass": "Pass cards",
    "trade": "Trade cards",
    "buy": "Buy a card",
    "reveal": "Reveal",
    "declare": "Declare",
    "knock": "Knock",
    "tricks": "Play tricks",
    "wager": "Bet against the pot",
    "showdown": "Showdown",
    "special": "Special",
}
PhaseKind = Literal[
    "ante",
    "blind",
    "stake",
    "deal",
    "bet",
    "draw",
    "discard",
    "pass",
    "trade",
    "buy",
    "reveal",
    "declare",
    "knock",
    "tricks",
    "wager",
    "showdown",
    "special",
]

# Money-rule kinds, each tied to the mechanics (M1-M40) of shared/docs/money-mechanics.md.
MONEY_KINDS: dict[str, str] = {
    "ante": "Ante from each player (M1)",
    "no_ante": "No ante (M2)",
    "blind": "Blind bet (M3)",
    "reante": "Re-ante on a carried pot (M4)",
    "stake": "Stakes put up front (M5, M38)",
    "betting": "Betting rounds (M6)",
    "side_pots": "Side pots for short stacks (M7)",
    "all_in_whole_pot": "All-in keeps the whole pot in play (M8)",
    "wager_against_pot": "Wager against the pot (M9)",
    "dealer_schedule": "Dealer pays and collects on a schedule (M10)",
    "action_fee": "Fee for an action (M11, M13, M16)",
    "draw_tax": "Tax on drawn cards (M12)",
    "buy_card": "Buy a card (M14)",
    "wild_tax": "Pay to make a wild card count (M15)",
    "zap_fee": "Lightning fees (M17)",
    "fine": "Fines into a side pot (M18)",
    "auction": "Auction bids (M19)",
    "match_pot": "Losers match the pot (M20)",
    "double_pot": "Loser doubles the pot (M21)",
    "fixed_penalty": "Fixed penalty (M23)",
    "coward_tax": "Tax when everyone passes (M24)",
    "forfeit": "Forfeit from the lowest hand (M25)",
    "misdeal_penalty": "Dealer's misdeal penalty (M26)",
    "direct_payment": "Payment between players (M27, M28)",
    "hand_bonus": "Bonus for a big hand (M29)",
    "black_spot": "Black Spot payout (M30)",
    "carry_over": "Pot carries to the next deal (M31, M32)",
    "partial_award": "Part of the pot is won (M33)",
    "split": "Pot split two ways (M34, M35)",
    "take_all": "One hand takes everything (M36)",
    "qualifier": "Who may win or open (M37)",
    "short_pays_all": "A short payer pays what it has and owes nothing (M39)",
    "short_owes": "A short payer owes the rest (M39)",
    "points_score": "Points instead of chips (M40)",
}
MoneyKind = Literal[
    "ante",
    "no_ante",
    "blind",
    "reante",
    "stake",
    "betting",
    "side_pots",
    "all_in_whole_pot",
    "wager_against_pot",
    "dealer_schedule",
    "action_fee",
    "draw_tax",
    "buy_card",
    "wild_tax",
    "zap_fee",
    "fine",
    "auction",
    "match_pot",
    "double_pot",
    "fixed_penalty",
    "coward_tax",
    "forfeit",
    "misdeal_penalty",
    "direct_payment",
    "hand_bonus",
    "black_spot",
    "carry_over",
    "partial_award",
    "split",
    "take_all",
    "qualifier",
    "short_pays_all",
    "short_owes",
    "points_score",
]
Party = Literal[
    "each_player",
    "each_active",
    "each_other_player",
    "actor",
    "dealer",
    "winner",
    "winners",
    "losers",
    "loser",
    "folded",
    "knocker",
    "stayers",
    "lowest_hand",
    "best_hand",
    "passer",
    "pot",
    "side_pot",
    "next_pot",
    "bank",
    "nobody",
]

RANKINGS: dict[str, str] = {
    "standard": "Standard poker hands",
    "wild_cards": "Wild cards and jokers",
    "five_of_a_kind": "Five of a kind",
    "natural_beats_wild": "Natural beats wild",
    "ace_to_five_low": "Ace-to-five low",
    "deuce_to_seven_low": "Deuce-to-seven low",
    "eight_or_better": "Eight or better",
    "three_card": "Three-card hands",
    "two_card": "Two-card hands",
    "one_card": "One-card hands",
    "no_straights_flushes": "No straights or flushes",
    "incomplete_hands": "Hands of fewer than five cards",
    "high_low": "High-low splits",
}
# Who acts first in a betting round, as the dealer says it at the table.
OPENERS: dict[str, str] = {
    "left_of_dealer": "The first player still in to the dealer's left",
    "left_of_big_blind": "The player after the big blind",
    "best_showing": "The best hand showing",
    "lowest_showing": "The lowest hand showing",
    "dealer": "The dealer",
    "dealer_chooses": "Whoever the dealer names",
    "last_winner": "Whoever won the last hand",
    "first_knocker": "Whoever knocked first",
    "last_to_play": "The player who has just played their turn",
    "rotating": "One seat further left each round, starting left of the dealer",
}
Opener = Literal[
    "left_of_dealer",
    "left_of_big_blind",
    "best_showing",
    "lowest_showing",
    "dealer",
    "dealer_chooses",
    "last_winner",
    "first_knocker",
    "last_to_play",
    "rotating",
]
# Facts the table names at a step, for the steps and rules after it: who leaves the hand
# there (counted as folded from then on), who knocked, who called first ("guts").
NamedRole = Literal["folded", "knocker", "caller"]
# A named role one player plays; the others name any number of players.
ONE_NAMED = ("knocker", "caller")
# A condition the live table checks when it reaches a step; the step is skipped otherwise.
# The pot's are decided as the deal starts; who is left in, as the hand goes (everyone
# passed: the coward's tax; one player stayed: the gooches, the deck's two cards).
ONLY_IF: dict[str, str] = {
    "pot_empty": "Only when the pot is empty",
    "pot_not_empty": "Only when there is something in the pot",
    "first_deal": "Only on the game's first deal",
    "nobody_in": "Only when nobody stayed in",
    "one_in": "Only when one player alone stayed in",
}
OnlyIf = Literal["pot_empty", "pot_not_empty", "first_deal", "nobody_in", "one_in"]
# A rule named in words on a button: its first clause, cut at a word past this many characters.
RULE_WORDS_MOST = 70
# What players call a betting round must say which one; this says nothing.
VAGUE_ROUND_NAMES = ("betting round", "betting", "bet")

Ranking = Literal[
    "standard",
    "wild_cards",
    "five_of_a_kind",
    "natural_beats_wild",
    "ace_to_five_low",
    "deuce_to_seven_low",
    "eight_or_better",
    "three_card",
    "two_card",
    "one_card",
    "no_straights_flushes",
    "incomplete_hands",
    "high_low",
]

SEEDS: dict[str, str] = {
    "000": "Trash Poker page",
    "001": "Pass the Trash page (stud trading games)",
    "002": "House poker wiki page",
    "003": "Other Crap home-game list",
    "004": "Encyclopedia extract of draw-poker variants",
}


# Load-time errors, each naming the game (or the step) and the rule.
RULE_OFFERED_NOWHERE = (
    "{game}: money rule {rule!r} is offered at no step; list it in a phase's money, "
    "in anytime, in fold_out or in all_out"
)
RULE_UNKNOWN = "{game}: {where}: unknown id {rule!r}"
RULE_NOT_OFFERABLE = "{game}: {where} lists {rule!r}, which is not a money rule it can offer"
BETTING_NEEDS_NAME = (
    "betting phase {phase!r} needs a name: the round as players call it "
    '("Pre-flop", "Third street", "After the draw")'
)
BETTING_NAME_VAGUE = "betting phase {phase!r} is named {name!r}: say which round it is"
BETTING_NEEDS_OPENER = "betting phase {phase!r} needs an opener: who acts first"


class Strict(BaseModel):
    """Unknown keys are typos, so every model forbids them."""

    model_config = ConfigDict(extra="forbid", frozen=True)


UNITS = (
    "chips",
    "money",
    "antes",
    "min_bets",
    "pot",
    "contribution",
    "points",
    "stack",
    "agreed",
    "rest_of",
    "bet",
)
FRACTION_UNITS = ("pot", "contribution")
SHAREABLE_UNITS = ("chips", "money", "antes", "min_bets", "agreed")


class Amount(Strict):
    """How much a rule costs: exactly one unit is given.

    `chips` and `money` are fixed amounts; `antes` and `min_bets` are multiples of
    the table's ante or minimum bet; `pot` is a fraction of the pot ("1", "2",
    "1/2"); `contribution` a multiple of what the payer put in the pot this
    hand; `points` scores a points game (no chips move); `stack` is everything
    the payer has when the rule fires (the Black Spot's cap); `agreed` names
    an amount the table settles before play (in chips, or with `agreed_in:
    money` a sum of money that may be less than a chip: a stake per point);
    `rest_of` is what the payer of
    the named rules could not pay (the Put and Take dealer covers whatever the
    pot is short on a take card), worked out by the ledger in the same posting.
    `bet` is what the player bets on their turn, any amount in a range (see
    `BetRange`): a bet against the pot from a nickel up to the whole pot.

    A fraction of chips is rounded `down` unless the rule says `up`: with an
    odd pot of 13, half is 6 rounded down (the odd chip stays) and 7 rounded
    up (the odd chip goes with the half). Tables differ on it (the Gooch).

    A fixed amount is paid by each payer in full unless it is `shared`: then
    it is one sum the payers split between them (four chips in all from the
    other players, a forfeit tied lowest hands pay together).
    """

    chips: int | None = Field(default=None, ge=0)
    money: Decimal | None = Field(default=None, ge=0)
    antes: int | None = Field(default=None, ge=0)
    min_bets: int | None = Field(default=None, ge=0)
    pot: str | None = None
    contribution: str | None = None
    points: int | None = Field(default=None, ge=0)
    stack: bool | None = None
    agreed: str | None = None
    agreed_in: Literal["chips", "money"] = "chips"
    rest_of: list[str] | None = None
    bet: BetRange | None = None
    rounding: Literal["down", "up"] = "down"
    shared: bool = False
    example: str = ""

    @field_validator("pot", "contribution")
    @classmethod
    def _pot_is_fraction(cls, value: str | None) -> str | None:
        if value is not None and Fraction(value) <= 0:
            raise ValueError("fraction must be positive")
        return value

    @model_validator(mode="after")
    def _exactly_one_unit(self) -> Amount:
        given = [k for k in UNITS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"give exactly one of {', '.join(UNITS)}")
        if self.stack is False:
            raise ValueError("stack is true when given: leave it out otherwise")
        if self.rest_of is not None and not self.rest_of:
            raise ValueError("rest_of names the rules whose shortfall this rule covers")
        if self.rounding == "up" and given[0] not in FRACTION_UNITS:
            raise ValueError(f"only a fraction ({', '.join(FRACTION_UNITS)}) can be rounded up")
        if self.shared and given[0] not in SHAREABLE_UNITS:
            raise ValueError(f"only a fixed amount ({', '.join(SHAREABLE_UNITS)}) can be shared")
        if self.agreed_in == "money" and self.agreed is None:
            raise ValueError("agreed_in is for an agreed amount")
        return self

    def times(self, count: int) -> Amount | None:
        """The same fixed amount paid `count` times, or None when it depends on the table.

        A shared amount is one sum however many pay it, so it has no such total.
        """
        if self.shared:
            return None
        for unit in ("chips", "antes", "money", "points"):
            value = getattr(self, unit)
            if value is not None:
                return Amount(**{unit: value * count})
        return None

    def describe(self) -> str:
        """Plain words for the rule page."""
        words = self._unit_words()
        return f"{words} in all (shared by the payers)" if self.shared else words

    def _unit_words(self) -> str:
        if self.chips is not None:
            return f"{self.chips} chip{'s' if self.chips != 1 else ''}"
        if self.money is not None:
            return f"{self.money} in money"
        if self.antes is not None:
            return f"{self.antes} ante{'s' if self.antes != 1 else ''}"
        if self.min_bets is not None:
            return f"{self.min_bets} × the minimum bet"
        if self.pot is not None:
            share = Fraction(self.pot)
            words = {Fraction(1): "the pot", Fraction(2): "twice the pot"}
            return words.get(share, f"{share} of the pot") + self._rounded()
        if self.points is not None:
            return f"{self.points} point{'s' if self.points != 1 else ''}"
        if self.contribution is not None:
            return f"{Fraction(self.contribution)} × their own chips in the pot" + self._rounded()
        if self.stack:
            return "everything the payer has"
        if self.rest_of:
            return "whatever the payer could not pay"
        if self.bet is not None:
            return self.bet.describe()
        if self.agreed_in == "money":
            return f"an agreed sum of money ({self.agreed})"
        return f"an agreed amount ({self.agreed})"

    def _rounded(self) -> str:
        return " (odd chip included)" if self.rounding == "up" else ""


# What a bet's least and most may be given in: a fixed sum, an agreed amount, a share of the pot.
BET_BOUND_UNITS = ("chips", "money", "antes", "min_bets", "agreed", "pot")


def _bound(amount: Amount, what: str) -> Amount:
    """One end of a bet's range: a plain amount the table can work out before the bet."""
    unit = next(k for k in UNITS if getattr(amount, k) is not None)
    if unit not in BET_BOUND_UNITS:
        raise ValueError(f"{what} of a bet is one of {', '.join(BET_BOUND_UNITS)}, not {unit}")
    if amount.shared or amount.rounding == "up":
        raise ValueError(f"{what} of a bet is one plain amount: not shared, not rounded up")
    return amount


def bound_words(amount: Amount) -> str:
    """An end of a bet's range as the rule page says it: the whole pot, the agreed name."""
    if amount.pot is not None and Fraction(amount.pot) == 1:
        return "the whole pot"
    if amount.agreed is not None:
        return amount.agreed
    return amount.describe()


class BetRange(Strict):
    """A bet the player names on their turn: any amount from `least` up to `most`.

    `most` is one amount or several, the smallest holding ("up to the dealer's
    maximum loss or the pot, whichever is smaller"). Each end is a fixed sum,
    an agreed amount or a share of the pot as it stands when the bet is booked.
    The ledger books any bet in the range and refuses one outside it; a rule's
    `cap` still limits what is paid (a losing bet costs at most the maximum
    loss, however big the bet).
    """

    least: Amount
    most: list[Amount] = Field(min_length=1)

    @field_validator("most", mode="before")
    @classmethod
    def _one_or_several(cls, value: object) -> object:
        return [value] if isinstance(value, Mapping) else value

    @model_validator(mode="after")
    def _plain_bounds(self) -> BetRange:
        _bound(self.least, "the least")
        for amount in self.most:
            _bound(amount, "the most")
        return self

    def describe(self, words: Callable[[Amount], str] | None = None) -> str:
        """The range in words for the rule page ("a bet from 0.05 in money up to the whole
        pot"); `words` says each end otherwise (with the figure a table agreed)."""
        say = words or bound_words
        most = [say(a) for a in self.most]
        upto = most[0] if len(most) == 1 else " or ".join(most) + ", whichever is smaller"
        return f"a bet from {say(self.least)} up to {upto}"


class FirstRound(Strict):
    """A limit on the bets against the pot of the first trip round the table only.

    The first trip round is each player's first turn of the game (its deals
    counted together; two bets in one turn are one turn). `below`: the bet
    must be less than this (`{pot: "1"}`: never the whole pot then).
    """

    below: Amount

    @model_validator(mode="after")
    def _plain_bound(self) -> FirstRound:
        _bound(self.below, "the first round's limit")
        return self

    def describe(self) -> str:
        below = bound_words(self.below)
        return f"on each player's first turn of the game, a bet must be less than {below}"


Amount.model_rebuild()


# What a rule's amount is paid per. The ledger counts some itself: one per
# seat in a role (`PER_ROLES` in ledger/core/facts.py), or once per firing; the
# rest are facts only the table knows (cards drawn, matching cards), asked.
PER_WORDS: dict[str, str] = {
    "card": "card",
    "matching_card": "matching card",
    "draw": "draw",
    "pass": "pass",
    "push": "push",
    "swap": "swap",
    "replacement": "replacement",
    "call": "call",
    "zap": "zap",
    "strike": "strike",
    "passed_player": "player the card passes",
    "infraction": "infraction",
    "trick": "trick",
    "point": "point",
    "round": "round",
    "turn": "turn",
    "bet": "bet",
    "half": "half",
    "player_in": "player in the hand",
    "loser": "loser",
    "stayer": "player who stayed",
    "folder": "player who dropped out",
    "winner": "winner",
}
PerEach = Literal[
    "card",
    "matching_card",
    "draw",
    "pass",
    "push",
    "swap",
    "replacement",
    "call",
    "zap",
    "strike",
    "passed_player",
    "infraction",
    "trick",
    "point",
    "round",
    "turn",
    "bet",
    "half",
    "player_in",
    "loser",
    "stayer",
    "folder",
    "winner",
]


class Per(Strict):
    """What the amount is paid for each of: a card, a draw, a player in the hand, a loser.

    `free` of them cost nothing in each firing (a draw tax whose first card
    is free: 3 cards drawn pay for 2). `words` replaces the plain words on the
    rule page and the dealer's form when the table says it otherwise
    ("collect call", "four turned up").
    """

    each: PerEach
    free: int = Field(default=0, ge=0)
    words: str = ""

    def __str__(self) -> str:
        words = self.unit
        if self.free == 1:
            return f"{words} after the first"
        return f"{words} after the first {self.free}" if self.free else words

    @property
    def unit(self) -> str:
        """One of what is counted, as the dealer's form asks for it ("card drawn")."""
        return self.words or PER_WORDS[self.each]


class HandIs(Strict):
    """A hand of at least this class (with its main rank at least `rank`: a royal flush is a
    straight flush to the ace)."""

    at_least: HandClass
    rank: int | None = Field(default=None, ge=2, le=14)


class Fires(Strict):
    """When a showdown rule fires, as the ranking decides it: the helper's fill ticks it then.

    `role` and `hand_is`: the named player's hand (the knocker's, the caller's)
    is the best alone, is beaten, or ties the best (any of those listed);
    `tied_when`: a tie counts too at a table whose settings chose these
    choices (a tie that counts as beating the knocker). `winner_holds` and
    `winner_lacks`: the winning hand is at least, and not, a class (a bonus
    and the bigger bonus that replaces it). `best_tied`: two or more hands tie
    for the best (a tied pot that nobody wins and rides on). `always`: every
    showdown (the lowest hand's forfeit). `lowest_alone`: one player alone
    holds the lowest hand (a tie for lowest fires nothing: the round is dealt
    again). `one_side_declared`: in a declare game, everyone still in
    declared the same one side, so nobody called the other (Numbers'
    unclaimed half). Conditions given together must all hold. A tie that
    `tied_when` counts is the named player's to win (when `hand_is` says
    best) or to lose (beaten): the pot goes as that says.
    """

    role: NamedRole | None = None
    hand_is: list[Literal["best", "beaten", "tied"]] = []
    tied_when: dict[str, str] = {}
    winner_holds: HandIs | None = None
    winner_lacks: HandIs | None = None
    best_tied: bool = False
    always: bool = False
    lowest_alone: bool = False
    one_side_declared: bool = False

    def placed(self, settings: Mapping[str, str]) -> frozenset[str]:
        """Where the named player's hand must place for the rule to fire, at this table."""
        tied = self.tied_when and all(settings.get(k) == v for k, v in self.tied_when.items())
        return frozenset([*self.hand_is, *(["tied"] if tied else [])])

    @model_validator(mode="after")
    def _something(self) -> Fires:
        if (self.role is None) != (not self.hand_is):
            raise ValueError("fires: give role and hand_is together")
        said = (
            self.role,
            self.winner_holds,
            self.winner_lacks,
            self.best_tied,
            self.always,
            self.lowest_alone,
            self.one_side_declared,
        )
        if not any(said):
            raise ValueError("fires: say when the rule fires")
        return self


class SheetUse(Strict):
    """What a points game's score sheet (`Game.sheet`) does with one of its rules.

    `below`: the rule's points go below the line and count toward a game;
    every other points rule scores above the line. `at`: the sheet books the
    rule itself, never the dealer: `game` when a player's points below the
    line since the last game reach the sheet's `game` (the maker's bonus; with
    `wipes`, the other player's partial points below the line are cancelled),
    `rubber` when a player wins the sheet's `rubber` games (the rubber's bonus
    when the other player won `loser_games` games; or, a payment per point,
    the lower total paying the higher for each point of difference).
    """

    below: bool = False
    at: Literal["game", "rubber"] | None = None
    wipes: bool = False
    loser_games: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _one_use(self) -> SheetUse:
        if self.below == (self.at is not None):
            raise ValueError("sheet: give below, or at (game or rubber)")
        if self.wipes and self.at != "game":
            raise ValueError("sheet: wipes is for a rule at game")
        if self.loser_games is not None and self.at != "rubber":
            raise ValueError("sheet: loser_games is for a rule at rubber")
        return self


class MoneyRule(Strict):
    """One chip movement the ledger can book: who pays whom, how much.

    Where it is offered is not said here: the `money` lists of the phases,
    and the game's `anytime`, `fold_out` and `all_out`, are the one source of truth, so
    a rule can be offered at several steps and a step shows all its rules.

    `when` ties the rule to table settings (setting id -> choice id): the rule
    is in force only at a table that chose every one of those choices. Where a
    setting changes an amount or a destination, each choice has its own rule,
    so the ledger reads the rule in force instead of asking which game it is.
    `from_source` says what the source leaves open about it, for the rule page.

    `per` says what the amount is paid for each of (see `Per`);
    `most_per_hand` is the most of it (counted in `per`, else in firings)
    each player may pay in one hand, kept across the hand's bookings;
    `instead_of` names rules of the game this one replaces while in force
    (an option's capped match instead of the plain match). `fires`: when a
    showdown rule fires, for the rules the cards decide (see `Fires`).
    `actor_is`: who plays `actor` when the seats decide it (the small blind
    on the dealer's left, the big blind next), so the form comes ticked.
    `takes_a_life`: each payer loses one of their lives (`Deals.lives`).
    `sheet`: what a points game's score sheet does with the rule (`SheetUse`).
    """

    id: str
    kind: MoneyKind
    text: str = Field(min_length=3)
    payer: Party | None = None
    payee: Party | None = None
    amount: Amount | None = None
    cap: Amount | None = None
    per: Per | None = None
    most_per_hand: int | None = Field(default=None, ge=1)
    instead_of: list[str] = []
    mechanics: list[str] = []
    when: dict[str, str] = {}
    from_source: str = ""
    fires: Fires | None = None
    actor_is: Literal["left_of_dealer", "second_left_of_dealer"] | None = None
    takes_a_life: bool = False
    sheet: SheetUse | None = None

    @property
    def words(self) -> str:
        """The rule as the table says it on a button or in a message: its text's first clause."""
        clause = self.text.strip().split(". ")[0].split(": ")[0].split("; ")[0].rstrip(".")
        if len(clause) <= RULE_WORDS_MOST:
            return clause
        return clause[:RULE_WORDS_MOST].rsplit(" ", 1)[0] + "…"

    def amounts(self) -> list[Amount]:
        """Every amount the rule names: its amount and cap, and a bet's least and most."""
        found = [a for a in (self.amount, self.cap) if a is not None]
        bet = self.amount.bet if self.amount is not None else None
        if bet is not None:
            found += [bet.least, *bet.most]
        return found

    def in_force(self, settings: Mapping[str, str]) -> bool:
        """Whether the table's settings (every setting id to its choice) switch this rule on."""
        return all(settings.get(setting) == choice for setting, choice in self.when.items())

    @model_validator(mode="after")
    def _bet_shape(self) -> MoneyRule:
        """A bet against the pot is a bet in a range, and only such a bet is one."""
        bet = self.amount is not None and self.amount.bet is not None
        if self.kind == "wager_against_pot" and not bet:
            raise ValueError(
                f"money rule {self.id!r}: a wager against the pot is a bet: "
                "give amount.bet with its least and most"
            )
        if bet and self.kind != "wager_against_pot":
            raise ValueError(f"money rule {self.id!r}: only a wager against the pot is a bet")
        if self.cap is not None and self.cap.bet is not None:
            raise ValueError(f"money rule {self.id!r}: a cap is an amount, not a bet")
        return self

    @model_validator(mode="after")
    def _sheet_shape(self) -> MoneyRule:
        """A sheet's rule has the shape its use needs: points where it scores, stakes per point."""
        use = self.sheet
        if use is None:
            return self
        points = self.amount is not None and self.amount.points is not None
        if use.wipes:
            if (
                self.kind != "points_score"
                or self.amount is not None
                or self.payer in (None, "nobody")
            ):
                raise ValueError(
                    f"money rule {self.id!r}: a sheet's wipe is a points rule with no amount "
                    "whose payer loses the points"
                )
        elif use.below or use.at == "game" or self.kind == "points_score":
            if self.kind != "points_score" or not points:
                raise ValueError(f"money rule {self.id!r}: the sheet scores it, so give it points")
        elif (
            self.amount is None
            or self.amount.agreed is None
            or self.per is None
            or self.per.each != "point"
            or (self.payer, self.payee) != ("loser", "winner")
        ):
            raise ValueError(
                f"money rule {self.id!r}: a rubber's stakes are an agreed amount per point, "
                "paid by the loser to the winner"
            )
        return self

    @field_validator("mechanics")
    @classmethod
    def _mechanic_codes(cls, value: list[str]) -> list[str]:
        for code in value:
            if not (code.startswith("M") and code[1:].isdigit() and 1 <= int(code[1:]) <= 40):
                raise ValueError(f"{code!r} is not a mechanic code M1-M40")
        return value


class Asked(Strict):
    """A fact the dealer records at a step, asked in the table's words ("Who drops out")."""

    role: NamedRole
    words: str = Field(min_length=3)

    @property
    def many(self) -> bool:
        return self.role not in ONE_NAMED


class Phase(Strict):
    """One step of a hand, in the order the dealer runs them.

    A betting step (`kind: bet`) names the round as players call it ("The
    flop", "Third street") and who opens it, so the table can say both. `when`
    keeps the step to tables whose settings chose those choices (setting id ->
    choice id, as on a money rule); `only_if` is checked by the live table as
    it reaches the step. `from_source` is for the rule page only: what the
    source leaves open, never shown in a step a dealer acts on. `asks`: what
    the table names at this step for the rules after it (who drops out, who
    knocked), so no later form asks it again and no rule counts a player who
    left among those who stayed. `again_from` (on the game's last betting
    step): after its round the table may go back to that earlier step and
    play on from there, this round opened again each time (7/27's hits).
    """

    id: str
    kind: PhaseKind
    title: str = Field(min_length=2)
    text: str = Field(min_length=3)
    down: int = Field(default=0, ge=0)
    up: int = Field(default=0, ge=0)
    community: int = Field(default=0, ge=0)
    count: int | None = Field(default=None, ge=0)
    direction: Literal["left", "right", "any", "centre"] | None = None
    repeat: str = ""
    money: list[str] = []
    name: str = ""
    opener: Opener | None = None
    when: dict[str, str] = {}
    only_if: OnlyIf | None = None
    from_source: str = ""
    asks: list[Asked] = []
    again_from: str | None = None

    @model_validator(mode="after")
    def _betting_round_named(self) -> Phase:
        if self.kind != "bet":
            return self
        if not self.name.strip():
            raise ValueError(BETTING_NEEDS_NAME.format(phase=self.id))
        if self.name.strip().lower() in VAGUE_ROUND_NAMES:
            raise ValueError(BETTING_NAME_VAGUE.format(phase=self.id, name=self.name))
        if self.opener is None:
            raise ValueError(BETTING_NEEDS_OPENER.format(phase=self.id))
        return self

    def in_force(self, settings: Mapping[str, str]) -> bool:
        """Whether a table with these settings plays this step at all."""
        return all(settings.get(setting) == choice for setting, choice in self.when.items())


class PhaseInsert(Strict):
    """A phase an option adds, placed after (or before) an existing phase id."""

    after: str | None = None
    before: str | None = None
    phase: Phase

    @model_validator(mode="after")
    def _one_anchor(self) -> PhaseInsert:
        if (self.after is None) == (self.before is None):
            raise ValueError("give exactly one of after, before")
        return self


class PhaseEdits(Strict):
    add: list[PhaseInsert] = []
    replace: list[Phase] = []
    remove: list[str] = []


# The night's house settings a game's own setting may answer for its hands (`Setting.house`),
# with the values each takes (those of ledger/core/house_rules.py) as the table says them.
HOUSE_KEYS: dict[str, dict[str | bool, str]] = {
    "odd_to": {
        "high": "the odd chip goes to the high half",
        "low": "the odd chip goes to the low half",
    },
    "odd_chip": {
        "seat_order": "odd chips between tied hands go one each from the dealer's left",
        "first_left": "odd chips between tied hands all go to the first from the dealer's left",
    },
    "no_winner": {
        "ride": "a pot nobody wins rides to the next deal",
        "return": "a pot nobody wins goes back to who put it in",
    },
    "both_must_win_outright": {
        True: "a player who declares both must win both halves outright, or gets nothing",
        False: "a player who declares both must win or tie both halves, or gets nothing",
    },
    # A game's own answer only (GAME_ONLY_HOUSE_KEYS): a night's table lets players declare
    # both unless a game says not.
    "declare_both": {
        True: "a player may declare both ways",
        False: "nobody declares both: each player calls high or low",
    },
    "shortfall": {
        "pay_what_you_have": "a player short of a payment pays what they have",
        "marker": "a player short of a payment owes the rest on a marker",
    },
}
# House questions only a game asks; the night has no setting for them, and a hand dealt
# without the game's answer takes the first (True) value.
GAME_ONLY_HOUSE_KEYS = frozenset({"declare_both"})
WORDS_ONLY = "Words only: changes no chips, only who wins or how the cards are played."
SETTING_CHANGES_NOTHING = (
    "{game}: setting {setting!r} reaches no chips: tie a money rule or step to it (when), "
    "give its choices house settings (house), or mark it words_only"
)
SETTING_WORDS_ONLY_USED = "{game}: setting {setting!r} is words_only, yet {what}: drop words_only"


class Setting(Strict):
    """A point the seeds leave open; tables differ, so the table chooses.

    Every setting reaches the chips one way or says it does not: money rules
    or steps tied to its choices (`when`), or `house`: for each choice, the
    night's house settings it answers for this game's hands (choice -> {house
    key: value}, the keys of `HOUSE_KEYS`), over the night's own; or
    `words_only`: it changes who wins or how cards are played, never how
    chips move, and the rule page says so.
    """

    id: str
    question: str = Field(min_length=3)
    choices: dict[str, str]
    default: str
    house: dict[str, dict[str, str | bool]] = {}
    words_only: bool = False

    @property
    def words_note(self) -> str:
        """What the rule page says of a words-only setting; nothing for the others."""
        return WORDS_ONLY if self.words_only else ""

    @property
    def house_words(self) -> dict[str, str]:
        """What each choice does to the night's house settings, in table words (rule page)."""
        return {
            choice: "; ".join(HOUSE_KEYS[key][value] for key, value in values.items())
            for choice, values in self.house.items()
        }

    @model_validator(mode="before")
    @classmethod
    def _default_first(cls, data: object) -> object:
        """The default choice first, then the others by id.

        PostgreSQL keeps a game's data as jsonb, which does not keep the
        order of an object's keys, so the file's order cannot survive a
        database; this order does, on every engine.
        """
        if isinstance(data, dict) and isinstance(data.get("choices"), dict):
            choices, default = data["choices"], data.get("default")
            ordered = sorted(choices, key=lambda key: (key != default, key))
            data = {**data, "choices": {key: choices[key] for key in ordered}}
        return data

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> Setting:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of the choices")
        if len(self.choices) < 2:
            raise ValueError("a setting needs at least two choices")
        self._check_house()
        return self

    def _check_house(self) -> None:
        """Every choice answers the same house settings, each with a value the ledger knows."""
        if not self.house:
            return
        if self.words_only:
            raise ValueError(f"setting {self.id!r}: words_only moves no chips, so it has no house")
        if set(self.house) != set(self.choices):
            missing = ", ".join(sorted(set(self.choices) ^ set(self.house)))
            raise ValueError(
                f"setting {self.id!r}: house must give every choice, and only those: {missing}"
            )
        keys = {frozenset(values) for values in self.house.values()}
        if len(keys) != 1 or not next(iter(keys)):
            raise ValueError(f"setting {self.id!r}: every choice's house sets the same keys")
        for choice, values in self.house.items():
            for key, value in values.items():
                if key not in HOUSE_KEYS:
                    known = ", ".join(HOUSE_KEYS)
                    raise ValueError(
                        f"setting {self.id!r} {choice}: house key {key!r} is not one of {known}"
                    )
                allowed = HOUSE_KEYS[key]
                if (
                    isinstance(value, bool) != isinstance(next(iter(allowed)), bool)
                    or value not in allowed
                ):
                    shown = ", ".join(str(v).lower() if isinstance(v, bool) else v for v in allowed)
                    raise ValueError(
                        f"setting {self.id!r} {choice}: {key} is one of {shown}, not {value!r}"
                    )


class Option(Strict):
    """A named house rule on a game: switched on or off when the hand starts."""

    id: str
    name: str = Field(min_length=2)
    aliases: list[str] = []
    text: str = Field(min_length=3)
    excludes: list[str] = []
    wilds: list[str] = []
    phases: PhaseEdits = PhaseEdits()
    money: list[MoneyRule] = []
    anytime: list[str] = []
    showdown: list[str] = []
    first_round: FirstRound | None = None


class Players(Strict):
    min: int | None = Field(default=None, ge=1)
    max: int | None = Field(default=None, ge=1)
    note: str = ""

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min and self.max and self.min > self.max:
            raise ValueError("min is larger than max")
        return self


class Deck(Strict):
    decks: int = Field(default=1, ge=1)
    jokers: int = Field(default=0, ge=0)
    black_spot: bool = False
    note: str = ""


class Pot(Strict):
    """How the pot is won; `unwon` is the game's own rule for a pot nobody can win.

    "ride": it stays in the middle for the next deal (Guts and the other
    match-pot games); "return": the chips go back to those who put them in
    (Brag's dealer takes back the blind). None leaves it to the night's house
    setting.
    """

    kind: PotKind
    text: str = ""
    unwon: Literal["ride", "return"] | None = None


class Deals(Strict):
    """A game that runs over several deals, the pot riding from one to the next.

    `ends` says when the game is over ("when a guts call goes unchallenged");
    `rides` why the pot stays between deals, as the table shows it after
    "pot rides: N — ".
    """

    ends: str = Field(min_length=3)
    rides: str = Field(min_length=3)
    # A game of lives: each player starts with this many; a rule that `takes_a_life` costs one,
    # a player with none left is dealt out, and the last one with a life takes the pot.
    lives: int | None = Field(default=None, ge=1, le=20)


class Sheet(Strict):
    """A score sheet kept across the deals of a rubber, bridge style, between two players.

    The rubber is one game at the table over as many deals as it takes.
    `game`: the points below the line (since the last game) that make a
    game; `rubber`: the games that win it. What each points rule does on the
    sheet is the rule's own `sheet` (`SheetUse`): below the line, or booked
    by the sheet itself when a game is made or the rubber won.
    """

    game: int = Field(ge=1)
    rubber: int = Field(ge=1)


class Source(Strict):
    seed: Literal["000", "001", "002", "003", "004", "house"]
    section: str
    credit: str = ""


class Game(Strict):
    """A whole game: the contents of one file in rulebook/games/."""

    name: str = Field(min_length=2)
    slug: Slug = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    aliases: list[str] = []
    family: Family
    summary: str = Field(min_length=10)
    description: str = ""
    has_rules: bool = True
    version: str = ""
    versions: list[Slug] = []
    variant_of: Slug | None = None
    players: Players = Players()
    deck: Deck = Deck()
    wilds: list[str] = []
    pot: Pot
    deals: Deals | None = None
    sheet: Sheet | None = None
    phases: list[Phase] = []
    options: list[Option] = []
    money: list[MoneyRule] = []
    anytime: list[str] = []
    fold_out: list[str] = []
    all_out: list[str] = []
    settings: list[Setting] = []
    showdown: Showdown = Showdown()
    rankings: list[Ranking] = ["standard"]
    source: Source

    @model_validator(mode="after")
    def _references_resolve(self) -> Game:
        _check_unique("phase id", [p.id for p in self.phases])
        _check_unique("option id", [o.id for o in self.options])
        _check_unique("setting id", [s.id for s in self.settings])
        money_ids = [m.id for m in self.money] + [m.id for o in self.options for m in o.money]
        _check_unique("money rule id", money_ids)
        if self.has_rules and not self.phases:
            raise ValueError("a game with rules needs at least one phase")
        phase_ids = {p.id for p in self.phases}
        added = {i.phase.id for o in self.options for i in o.phases.add}
        option_ids = {o.id for o in self.options}
        for option in self.options:
            where = f"option {option.id!r}"
            _check_known(f"{where} excludes", option.excludes, option_ids)
            anchors = [i.after or i.before for i in option.phases.add]
            _check_known(f"{where} phase anchor", anchors, phase_ids | added)
            _check_known(f"{where} remove", option.phases.remove, phase_ids)
            replaced = [p.id for p in option.phases.replace]
            _check_known(f"{where} replace", replaced, phase_ids)
        every_rule = self.money + [m for o in self.options for m in o.money]
        bets = [m for m in every_rule if m.amount is not None and m.amount.bet is not None]
        for option in self.options:
            if option.first_round is not None and not bets:
                raise ValueError(
                    f"option {option.id!r}: a first-round limit is on bets against the "
                    "pot, and the game has none"
                )
        settings = {s.id: s for s in self.settings}
        for rule in self.money + [m for o in self.options for m in o.money]:
            _check_when(f"money rule {rule.id!r} when", rule.when, settings)
            _check_rule_refs(rule, set(money_ids))
        for phase in self.phases + [p for o in self.options for p in _option_phases(o)]:
            _check_when(f"phase {phase.id!r} when", phase.when, settings)
        self._check_again()
        self._check_sheet()
        self._check_showdown(settings, option_ids, set(money_ids))
        self._check_settings_reach_chips()
        self._check_offers()
        return self

    def _check_sheet(self) -> None:
        """A score sheet is kept in a points game of two players, and only there."""
        rules = self.money + [m for o in self.options for m in o.money]
        used = [(r, r.sheet) for r in rules if r.sheet is not None]
        if self.sheet is None:
            if used:
                raise ValueError(f"money rule {used[0][0].id!r} is on a score sheet: give sheet")
            return
        if self.pot.kind != "points" or self.players.max != 2:
            raise ValueError("a score sheet is kept in a points game of two players")
        for rule, use in used:
            games = use.loser_games
            if games is not None and games >= self.sheet.rubber:
                raise ValueError(
                    f"money rule {rule.id!r}: the loser of a rubber of {self.sheet.rubber} "
                    f"games cannot have won {games}"
                )

    def _check_again(self) -> None:
        """`again_from`: only on the last betting step, naming an earlier step."""
        bets = [p for p in self.phases if p.kind == "bet"]
        for index, phase in enumerate(self.phases):
            if phase.again_from is None:
                continue
            if not bets or phase is not bets[-1]:
                raise ValueError(f"phase {phase.id!r}: again_from is for the last betting step")
            if phase.again_from not in {p.id for p in self.phases[:index]}:
                raise ValueError(f"phase {phase.id!r}: again_from names no earlier step")

    def _check_showdown(
        self, settings: Mapping[str, Setting], option_ids: set[str], money_ids: set[str]
    ) -> None:
        """The showdown's options, settings and rules are the game's own."""
        showdown = self.showdown
        for item in showdown.scoped():
            where = f"showdown {getattr(item, 'text', None) or getattr(item, 'name', '')!r}"
            named = [o for o in (item.option, item.unless_option) if o]
            _check_known(f"{where} option", named, option_ids)
            _check_when(f"{where} when", item.when, settings)
        for race in showdown.races:
            _check_known(f"showdown race {race.key!r} rules", race.rules, money_ids)
        _check_known("showdown by_option", list(showdown.by_option), option_ids)
        for setting_id, patches in showdown.by_setting.items():
            _check_known("showdown by_setting", [setting_id], set(settings))
            choices = set(settings[setting_id].choices)
            _check_known(f"showdown by_setting {setting_id}", list(patches), choices)

    def _check_settings_reach_chips(self) -> None:
        """Each setting is tied to a rule or step, answers house settings, or is words only."""
        rules = self.money + [m for o in self.options for m in o.money]
        steps = self.phases + [p for o in self.options for p in _option_phases(o)]
        items: list[MoneyRule | Phase] = [*rules, *steps]
        used = {setting for item in items for setting in item.when}
        shown = {s for item in self.showdown.scoped() for s in item.when}
        shown |= set(self.showdown.by_setting)
        for setting in self.settings:
            if setting.words_only and setting.id in used:
                what = "a money rule or step depends on it"
                raise ValueError(
                    SETTING_WORDS_ONLY_USED.format(game=self.name, setting=setting.id, what=what)
                )
            if not (setting.words_only or setting.house or setting.id in used | shown):
                raise ValueError(SETTING_CHANGES_NOTHING.format(game=self.name, setting=setting.id))

    def _check_offers(self) -> None:
        """Every money rule is offered somewhere, and every offer names a rule it may offer.

        A game's phases may offer any rule (an option's rule is offered there
        only while the option is on); an option's phases and `anytime` offer
        the game's rules and its own; the game's `anytime` offers the game's
        rules; `fold_out` and `all_out` may name any rule, the table firing
        those in force.
        """
        game_rules = {m.id for m in self.money}
        every_rule = game_rules | {m.id for o in self.options for m in o.money}
        offered: set[str] = set()

        def offer(where: str, ids: list[str], allowed: set[str]) -> None:
            for rule in ids:
                if rule not in every_rule:
                    raise ValueError(RULE_UNKNOWN.format(game=self.name, where=where, rule=rule))
                if rule not in allowed:
                    raise ValueError(
                        RULE_NOT_OFFERABLE.format(game=self.name, where=where, rule=rule)
                    )
            offered.update(ids)

        for phase in self.phases:
            offer(f"phase {phase.id!r} money", phase.money, every_rule)
        offer("anytime", self.anytime, game_rules)
        offer("fold_out", self.fold_out, every_rule)
        offer("all_out", self.all_out, every_rule)
        for option in self.options:
            own = game_rules | {m.id for m in option.money}
            for phase in _option_phases(option):
                offer(f"option {option.id!r} phase {phase.id!r} money", phase.money, own)
            offer(f"option {option.id!r} anytime", option.anytime, own)
        for rule in self.money + [m for o in self.options for m in o.money]:
            if rule.id not in offered:
                raise ValueError(RULE_OFFERED_NOWHERE.format(game=self.name, rule=rule.id))


def _option_phases(option: Option) -> list[Phase]:
    """The phases an option brings: those it adds and those it puts in place of others."""
    return [i.phase for i in option.phases.add] + option.phases.replace


def _check_rule_refs(rule: MoneyRule, money_ids: set[str]) -> None:
    """The rules a rule replaces (`instead_of`) or covers (`rest_of`) are the game's own."""
    _check_known(f"money rule {rule.id!r} instead_of", rule.instead_of, money_ids - {rule.id})
    for amount in rule.amounts():
        if amount.rest_of:
            _check_known(f"money rule {rule.id!r} rest_of", amount.rest_of, money_ids - {rule.id})


def _check_unique(what: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ValueError(f"duplicate {what} {item!r}")
        seen.add(item)


def _check_when(where: str, when: Mapping[str, str], settings: Mapping[str, Setting]) -> None:
    """A rule or step can only depend on a setting the game has, and on one of its choices."""
    _check_known(where, list(when), set(settings))
    for setting_id, choice in when.items():
        _check_known(f"{where} {setting_id}", [choice], set(settings[setting_id].choices))


def _check_known(what: str, ids: Sequence[str | None], known: set[str]) -> None:
    for item in ids:
        if item not in known:
            raise ValueError(f"{what}: unknown id {item!r}")
