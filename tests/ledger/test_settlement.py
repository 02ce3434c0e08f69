"""Settlement: the fewest transfers that leave everyone square, in chips and in money."""

import random
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.settlement import (
    NOT_CHIPS,
    NOT_DECIMAL,
    NOT_POSITIVE,
    OPTIMAL_LIMIT,
    UNBALANCED,
    MoneyTransfer,
    SettlementError,
    Transfer,
    fewest_transfers,
    settle_in_money,
)

pytestmark = pytest.mark.pure


def settled(transfers, people) -> dict:
    """Each person's received minus paid."""
    balance = dict.fromkeys(people, 0)
    for t in transfers:
        balance[t.payer] -= t.amount
        balance[t.payee] += t.amount
    return balance


def max_zero_sum_groups(values: list[int]) -> int:
    """Brute force: try every zero-sum group that holds the first player."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                left = [v for i, v in enumerate(rest) if i not in chosen]
                best = max(best, 1 + max_zero_sum_groups(left))
    return best


# Hand-worked cases


def test_two_pairs_that_cancel_settle_in_two_transfers_not_three():
    transfers = fewest_transfers({"A": 30, "B": 10, "C": -10, "D": -30})
    assert transfers == [Transfer("C", "B", 10), Transfer("D", "A", 30)]


def test_finds_the_split_that_largest_pays_largest_misses():
    # Largest debtor pays largest creditor: D pays A 5 (D -2), E pays B 4 (E -1),
    # D pays C 2, E pays C 1: four transfers. But E -5 cancels A +5 and
    # D -7 cancels B +4 and C +3, so two groups and 5 - 2 = 3 transfers.
    transfers = fewest_transfers({"A": 5, "B": 4, "C": 3, "D": -7, "E": -5})
    assert transfers == [Transfer("D", "B", 4), Transfer("D", "C", 3), Transfer("E", "A", 5)]


def test_one_loser_pays_every_winner():
    transfers = fewest_transfers({"Ann": 25, "Bob": 15, "Cat": -40})
    assert transfers == [Transfer("Cat", "Ann", 25), Transfer("Cat", "Bob", 15)]


def test_equal_amounts_pair_the_first_debtor_with_the_first_creditor():
    nets = {"D": -10, "C": -10, "B": 10, "A": 10}
    assert fewest_transfers(nets) == [Transfer("C", "A", 10), Transfer("D", "B", 10)]


@pytest.mark.parametrize("nets", [{}, {"A": 0}, {"A": 0, "B": 0, "C": 0}])
def test_nobody_pays_when_everyone_broke_even(nets):
    assert fewest_transfers(nets) == []


def test_people_who_broke_even_are_left_out():
    assert fewest_transfers({"A": 0, "B": 7, "C": -7}) == [Transfer("C", "B", 7)]


def test_more_than_sixteen_players_settle_greedily_in_at_most_n_minus_one():
    # Seventeen players: sixteen lose 1 chip each, one wins 16.
    nets = {f"P{i:02d}": -1 for i in range(1, 17)} | {"Winner": 16}
    assert len(nets) == OPTIMAL_LIMIT + 1
    transfers = fewest_transfers(nets)
    assert transfers == [Transfer(f"P{i:02d}", "Winner", 1) for i in range(1, 17)]


def test_nets_that_do_not_add_up_to_zero_are_refused():
    with pytest.raises(SettlementError) as raised:
        fewest_transfers({"A": 10, "B": -5})
    assert str(raised.value) == UNBALANCED.format(total=5)


def test_a_lone_player_with_a_net_is_unbalanced():
    with pytest.raises(SettlementError, match="add up to 3"):
        fewest_transfers({"A": 3})


@pytest.mark.parametrize("net", [1.5, 2.0, True, "3"])
def test_nets_must_be_whole_chips(net):
    with pytest.raises(SettlementError) as raised:
        fewest_transfers({"A": net, "B": -1})
    assert str(raised.value) == NOT_CHIPS.format(person="A", net=net)


# Money


def test_chips_worth_three_cents_round_to_five_cent_coins():
    # A +17 = 0.51 = 10.2 coins, B +16 = 0.48 = 9.6, C -33 = -0.99 = -19.8.
    # Rounded down: 10, 9, -20, one coin short; B has the largest remainder.
    money, transfers = settle_in_money(
        {"A": 17, "B": 16, "C": -33}, Decimal("0.03"), cent=Decimal("0.05")
    )
    assert money == {"A": Decimal("0.50"), "B": Decimal("0.50"), "C": Decimal("-1.00")}
    assert [str(amount) for amount in money.values()] == ["0.50", "0.50", "-1.00"]
    assert transfers == [
        MoneyTransfer("C", "A", Decimal("0.50")),
        MoneyTransfer("C", "B", Decimal("0.50")),
    ]


def test_equal_remainders_round_up_in_id_order():
    # 0.03 each is 0.6 of a five-cent coin; D's -0.09 is -1.8. Rounded down:
    # 0, 0, 0, -2, two coins short; A, B and C tie at 0.6, so A and B get them.
    money, transfers = settle_in_money(
        {"C": 1, "B": 1, "A": 1, "D": -3}, Decimal("0.03"), cent=Decimal("0.05")
    )
    assert money == {"A": Decimal("0.05"), "B": Decimal("0.05"), "C": 0, "D": Decimal("-0.10")}
    assert transfers == [
        MoneyTransfer("D", "A", Decimal("0.05")),
        MoneyTransfer("D", "B", Decimal("0.05")),
    ]


def test_whole_dollar_settling_rounds_half_dollars_by_id():
    # Every net is x.50: A, B, C 1.50 and D -4.50. Down: 1, 1, 1, -5, two short.
    money, transfers = settle_in_money(
        {"A": 50, "B": 50, "C": 50, "D": -150}, Decimal("0.03"), cent=Decimal("1")
    )
    assert money == {"A": 2, "B": 2, "C": 1, "D": -5}
    assert [t.amount for t in transfers] == [2, 2, 1]


def test_money_that_needs_no_rounding_is_exact():
    money, transfers = settle_in_money({"A": 30, "B": 10, "C": -10, "D": -30}, Decimal("0.25"))
    assert money == {"A": Decimal("7.50"), "B": Decimal("2.50"), "C": -2.5, "D": -7.5}
    assert transfers == [
        MoneyTransfer("C", "B", Decimal("2.50")),
        MoneyTransfer("D", "A", Decimal("7.50")),
    ]


@pytest.mark.parametrize(
    ("chip_value", "cent", "message"),
    [
        (0.03, Decimal("0.01"), NOT_DECIMAL.format(name="chip value", value=0.03)),
        (Decimal("0"), Decimal("0.01"), NOT_POSITIVE.format(name="chip value", value=0)),
        (Decimal("0.03"), 0.01, NOT_DECIMAL.format(name="cent", value=0.01)),
        (Decimal("0.03"), Decimal("-1"), NOT_POSITIVE.format(name="cent", value=-1)),
    ],
)
def test_money_needs_positive_decimals(chip_value, cent, message):
    with pytest.raises(SettlementError) as raised:
        settle_in_money({"A": 1, "B": -1}, chip_value, cent=cent)
    assert str(raised.value) == message


def test_money_refuses_unbalanced_nets():
    with pytest.raises(SettlementError, match="add up to 1"):
        settle_in_money({"A": 2, "B": -1}, Decimal("0.25"))


# Properties

ids = st.text(alphabet="abcdefghij", min_size=1, max_size=4)


def zero_sum_nets(min_players: int, max_players: int, most: int = 500):
    """Nets for some players; the last one balances the rest."""
    return st.lists(ids, min_size=min_players, max_size=max_players, unique=True).flatmap(
        lambda people: st.lists(
            st.integers(-most, most), min_size=len(people) - 1, max_size=len(people) - 1
        ).map(lambda values: dict(zip(people, [*values, -sum(values)], strict=True)))
    )


def check_settles(nets: dict, transfers: list) -> None:
    active = [person for person, net in nets.items() if net]
    assert settled(transfers, nets) == nets
    assert len(transfers) <= max(len(active) - 1, 0)
    for t in transfers:
        assert t.amount > 0
        assert nets[t.payer] < 0 < nets[t.payee]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([6, 500]).flatmap(lambda most: zero_sum_nets(1, 8, most)))
def test_up_to_eight_players_match_a_brute_force_count(nets):
    # Small amounts (up to 6 chips) make several zero-sum groups likely.
    transfers = fewest_transfers(nets)
    check_settles(nets, transfers)
    values = [net for net in nets.values() if net]
    assert len(transfers) == len(values) - max_zero_sum_groups(values)


@settings(max_examples=30, deadline=None)
@given(zero_sum_nets(9, OPTIMAL_LIMIT), st.randoms(use_true_random=False))
def test_up_to_sixteen_players_settle_exactly_whatever_the_order(nets, rng: random.Random):
    transfers = fewest_transfers(nets)
    check_settles(nets, transfers)
    shuffled = list(nets.items())
    rng.shuffle(shuffled)
    assert fewest_transfers(dict(shuffled)) == transfers


def planted_group():
    """One to three winners paid by one loser, or the same with the signs swapped."""
    return st.tuples(
        st.lists(st.integers(1, 200), min_size=1, max_size=3), st.sampled_from([1, -1])
    ).map(lambda drawn: [drawn[1] * v for v in [*drawn[0], -sum(drawn[0])]])


@settings(max_examples=30, deadline=None)
@given(st.lists(planted_group(), min_size=1, max_size=OPTIMAL_LIMIT // 4))
def test_hidden_zero_sum_groups_are_found(groups):
    values = [v for group in groups for v in group]
    nets = {f"P{i:02d}": v for i, v in enumerate(values)}
    transfers = fewest_transfers(nets)
    check_settles(nets, transfers)
    assert len(transfers) <= len(values) - len(groups)


@settings(max_examples=100, deadline=None)
@given(zero_sum_nets(OPTIMAL_LIMIT + 1, 30))
def test_larger_tables_settle_exactly_in_at_most_n_minus_one(nets):
    check_settles(nets, fewest_transfers(nets))


@settings(max_examples=200, deadline=None)
@given(
    zero_sum_nets(1, 12),
    st.decimals(min_value=Decimal("0.001"), max_value=Decimal("5"), places=3),
    st.sampled_from([Decimal("0.01"), Decimal("0.05"), Decimal("0.1"), Decimal("1")]),
)
def test_money_nets_sum_to_zero_and_the_transfers_match_them(nets, chip_value, cent):
    money, transfers = settle_in_money(nets, chip_value, cent=cent)
    assert money.keys() == nets.keys()
    assert sum(money.values()) == 0
    for person, amount in money.items():
        assert amount % cent == 0
        assert abs(Fraction(amount) - nets[person] * Fraction(chip_value)) < Fraction(cent)
    assert settled(transfers, money) == money
    active = [amount for amount in money.values() if amount]
    assert len(transfers) <= max(len(active) - 1, 0)
