"""The facts a money rule needs from the table before it can be booked.

Pure, no Django. Dealer mode draws one small form per rule from this, so it
asks only what the rule's data leaves open: which seat plays each role the
hand cannot answer by itself (the winner, the losers, who showed the Black
Spot), how many times it fires ("per draw"), the bet a player chose, and
whether the rule is booked by hand at all. Who folded, who deals and who is
in come from the hand, so they are never asked.

A count is asked only when the rule's `per` is something the table alone
knows (cards drawn, matching cards, calls): a `per` of players in a role is
counted by the ledger from the roles (`charges.PER_ROLES`), and a `per` of
turns or bets is the firing itself. The dealer enters the facts (3 cards
drawn), never the sum (2 taxed after the free one).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ledger.core.charges import HELD_POTS, PER_ONCE, PER_ROLES
from rulebook.schema import MoneyRule

# Roles a seat plays alone; the others name several seats.
ONE_SEAT = frozenset({"actor", "winner", "loser", "knocker", "best_hand", "passer"})
# The lowest hand is several players when they tie for it: each pays, or they share (the data).
MANY_SEATS = frozenset({"winners", "losers", "stayers", "lowest_hand"})
# Answered by the hand: the dealer, everyone dealt in, everyone still in, who folded.
FROM_THE_HAND = frozenset({"dealer", "each_player", "each_active", "each_other_player", "folded"})
POTS = frozenset({"pot", "next_pot", "side_pot", "bank", "nobody"})
EVERYONE = frozenset({"each_player", "each_active", "each_other_player"})
# Rules whose amount is what the player chooses at the moment.
BET_KINDS = frozenset({"wager_against_pot", "auction", "blind"})
# Rules that describe play rather than move chips, or that the ledger books by itself.
NOT_BOOKED = frozenset({"no_ante", "betting", "side_pots", "all_in_whole_pot", "qualifier"})

LABELS = {
    "actor": "Who",
    "winner": "Who won",
    "winners": "Who won",
    "loser": "Who lost",
    "losers": "Who lost",
    "knocker": "Who knocked",
    "lowest_hand": "Lowest hand",
    "best_hand": "Best hand",
    "passer": "Who passed to the best hand",
    "stayers": "Who stayed in",
    "folded": "Who dropped out",
}


@dataclass(frozen=True)
class Role:
    name: str
    many: bool
    label: str


@dataclass(frozen=True)
class Needs:
    """What to ask before booking one firing of `rule`."""

    rule: MoneyRule
    roles: tuple[Role, ...]
    count: bool  # "per draw": how many times, asked only when the ledger cannot count it
    per_seat: bool  # a count for each seat ("per matching card", each player)
    per: str  # one of what is counted, in the table's words ("card drawn")
    free: int  # how many of the count cost nothing in each firing
    most: int | None  # the most each player may have in one hand
    bet: bool
    automatic: bool  # booked by the ledger itself (a riding pot rides in when a deal starts)
    award: bool  # the rule is the pot's award: who wins the pot says it

    @property
    def booked_by_hand(self) -> bool:
        return not (self.automatic or self.award)


def needs(rule: MoneyRule, *, halves: bool = False) -> Needs:
    """What to ask before booking one firing of `rule`.

    `halves`: the hand's pot splits high and low (`ledger.services.games.pot_shape`),
    so a rule giving half the pot to the winners is the award's own split.
    """
    parties = [p for p in (rule.payer, rule.payee) if p is not None and p != "nobody"]
    per = rule.per
    # A per counted in a role's seats that is neither side of the rule: the table names them.
    counted_role = PER_ROLES.get(per.each) if per is not None else None
    asked: list[str] = [*parties]
    if counted_role and counted_role not in parties and counted_role not in FROM_THE_HAND:
        asked.append(counted_role)
    roles = tuple(
        Role(name=p, many=p in MANY_SEATS, label=LABELS.get(p, p.replace("_", " ").capitalize()))
        for p in dict.fromkeys(asked)
        if p in ONE_SEAT or p in MANY_SEATS
    )
    counted = per is not None and counted_role is None and per.each not in PER_ONCE
    return Needs(
        rule=rule,
        roles=roles,
        count=counted,
        per_seat=counted and any(p in EVERYONE for p in parties),
        per=per.unit if per is not None else "",
        free=per.free if per is not None else 0,
        most=rule.most_per_hand,
        # A blind the table agreed is that amount; a wager or a bid is what the player says.
        bet=rule.kind in BET_KINDS and not (rule.kind == "blind" and rule.amount is not None),
        automatic=rule.payer == "next_pot" and rule.payee == "pot",
        award=is_award(rule) or (halves and award_halves(rule)),
    )


def is_award(rule: MoneyRule) -> bool:
    """Whether the rule says who takes the whole pot: the showdown's winners answer it."""
    whole_pot = rule.amount is None or rule.amount.pot in (None, "1")
    return (
        rule.payer == "pot"
        and rule.payee in ("winner", "winners", "best_hand")
        and whole_pot
        and rule.kind in ("take_all", "split")
    )


def award_halves(rule: MoneyRule) -> bool:
    """Whether the rule gives half the pot to the winners: in a game whose pot splits high and
    low, that is how the award pays the halves (the odd chip as the rule rounds), not a booking.
    """
    return _pot_to_winners(rule, Fraction(1, 2))


def _pot_to_winners(rule: MoneyRule, share: Fraction) -> bool:
    """Whether the rule splits this share of the pot among the winners."""
    return (
        rule.kind == "split"
        and rule.payer == "pot"
        and rule.payee == "winners"
        and rule.amount is not None
        and rule.amount.pot is not None
        and Fraction(rule.amount.pot) == share
    )


def bookable(rule: MoneyRule, *, halves: bool = False) -> bool:
    """Whether dealer mode shows a button for the rule: chips to move, or points to score.

    `halves` as in `needs`. A rule a score sheet books by itself (a game's
    bonus, a rubber's stakes: `sheet.at`) has no button.
    """
    if rule.sheet is not None and rule.sheet.at is not None:
        return False
    if rule.kind == "points_score":
        return rule.payee in ONE_SEAT | MANY_SEATS and bool(rule.amount and rule.amount.points)
    if rule.kind in NOT_BOOKED or rule.payer in (None, "nobody") or rule.payee in (None, "nobody"):
        return False
    if covers(rule):
        return False  # the ledger books it with the rules it covers
    if free(rule):
        return False  # nothing to charge (pushing is free here): the step says so, no button
    if rule.amount is None and rule.payer not in HELD_POTS:
        return False  # no amount: it moves what a pot holds, and its payer is no pot (words)
    return needs(rule, halves=halves).booked_by_hand


def shares_by_the_cards(rule: MoneyRule) -> bool:
    """Whether the rule gives the whole pot to the hands its `fires` names (every hand that
    beat the caller's): the award pays them, so the showdown's fill names them as winners."""
    named = rule.fires is not None and rule.fires.role is not None
    return named and _pot_to_winners(rule, Fraction(1))


def free(rule: MoneyRule) -> bool:
    """Whether the rule's amount is nothing at all (a free push, told for contrast)."""
    amount = rule.amount
    if amount is None or amount.chips != 0:
        return False
    others = amount.model_dump(exclude={"chips", "agreed_in", "rounding", "shared", "example"})
    return not any(value not in (None, 0, "") for value in others.values())


def covers(rule: MoneyRule) -> bool:
    """Whether the rule pays the rest of other rules (the dealer's cover): booked with them."""
    return rule.amount is not None and bool(rule.amount.rest_of)


def plays_a_turn(rule: MoneyRule) -> bool:
    """A rule booked once for a player's own turn (a bet against the pot): its `actor` is the
    player whose turn it was, so its bookings tell whose turn comes next."""
    per = rule.per
    return per is not None and per.each == "turn" and "actor" in (rule.payer, rule.payee)


# What a money rule's button does, by the rule's kind, as the dealer says it at the table;
# a blind or an ante the table agreed is named by its amount instead ("Post the small blind").
ACTIONS: dict[str, str] = {
    "ante": "Collect the antes",
    "reante": "Collect the re-antes",
    "blind": "Post the blind",
    "stake": "Put up the stakes",
    "wager_against_pot": "Book the wager",
    "dealer_schedule": "Settle with the dealer",
    "action_fee": "Pay the fee",
    "draw_tax": "Pay the draw tax",
    "buy_card": "Buy a card",
    "wild_tax": "Pay the wild tax",
    "zap_fee": "Pay the fee",
    "fine": "Pay the fine",
    "auction": "Pay the bid",
    "match_pot": "Match the pot",
    "double_pot": "Double the pot",
    "fixed_penalty": "Pay the penalty",
    "coward_tax": "Pay the tax",
    "forfeit": "Pay the forfeit",
    "misdeal_penalty": "Pay the misdeal penalty",
    "direct_payment": "Pay",
    "hand_bonus": "Pay the bonus",
    "black_spot": "Pay out",
    "carry_over": "Carry the pot over",
    "partial_award": "Pay out part of the pot",
    "split": "Split the pot",
    "take_all": "Take everything",
    "short_pays_all": "Pay what is there",
    "short_owes": "Pay and owe the rest",
    "points_score": "Score",
}
# The piles of chips a rule moves between, as the table says them.
PILES = {"pot": "the pot", "side_pot": "the pile", "next_pot": "the next pot", "bank": "the bank"}
# Kinds a table names by the amount it agreed: "Post the small blind", "Collect the table's ante".
NAMED_BY_AMOUNT = {"blind": "Post", "ante": "Collect", "reante": "Collect"}


def action(rule: MoneyRule) -> str:
    """What tapping a money rule's button does, short enough for a phone: from its kind, or
    for a blind or an ante the table agreed, from the amount's name ("Post the small blind")."""
    agreed = rule.amount.agreed if rule.amount is not None else None
    if rule.kind in NAMED_BY_AMOUNT and agreed:
        return f"{NAMED_BY_AMOUNT[rule.kind]} {agreed}"
    if rule.kind == "carry_over" and rule.payer in PILES and rule.payee in PILES:
        if rule.payee == "next_pot":
            return f"Carry {PILES[rule.payer]} over"
        return f"Move {PILES[rule.payer]} to {PILES[rule.payee]}"
    return ACTIONS.get(rule.kind, "Book it")


def fixed_chips(
    rule: MoneyRule,
    *,
    chips_per_money: Fraction,
    ante: int | None = None,
    min_bet: int | None = None,
    agreed: dict[str, object] | None = None,
) -> int | None:
    """What one payer pays when the rule fires once, in chips, when that is known before it
    fires (a fixed amount, so many antes, an amount the table agreed in chips); None when the
    table decides it as it fires (a share of the pot, a bet) or it is not a whole chip."""
    amount = rule.amount
    if amount is None or amount.shared:
        return None
    if amount.chips is not None:
        return amount.chips
    if amount.money is not None:
        chips = Fraction(amount.money) * chips_per_money
        return chips.numerator if chips.denominator == 1 else None
    if amount.antes is not None and ante is not None:
        return amount.antes * ante
    if amount.min_bets is not None and min_bet is not None:
        return amount.min_bets * min_bet
    value = (agreed or {}).get(amount.agreed or "")
    if amount.agreed_in == "chips" and isinstance(value, int) and not isinstance(value, bool):
        return value
    return None
