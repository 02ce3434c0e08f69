"""The showdown helper's tiers become the showdown form's ticks, ranks and roles.

Hand-worked cases on the pure mapping (`ledger.core.showdown_fill`): results are
built by hand in the helper's shape (rankings with tiers by name, each
player's hand with who killed it), so these hold whatever the evaluator does.
Seats: Ann 1, Bob 2, Cat 3, Dan 4.
"""

from dataclasses import dataclass, field

from hypothesis import given
from hypothesis import strategies as st

from ledger.core.showdown_fill import Ask, fill
from rulebook.schema import Fires

SEATS = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"}


@dataclass(frozen=True)
class Ranked:
    key: str
    tiers: tuple
    label: str = ""


@dataclass(frozen=True)
class Shown:
    killed_by: str | None = None
    declared: str | None = None


@dataclass(frozen=True)
class Result:
    rankings: tuple
    hands: dict = field(default_factory=dict)


def result(*rankings: tuple[str, list[list[str]]], **hands: Shown) -> Result:
    ranked = tuple(Ranked(key, tuple(tuple(t) for t in tiers)) for key, tiers in rankings)
    shown = {name: hands.get(name, Shown()) for name in SEATS.values()}
    return Result(ranked, shown)


EVERYONE = [{1, 2, 3, 4}]


def test_a_plain_pot_goes_to_the_best_hand():
    done = fill(result(("high", [["Bob"], ["Ann", "Cat"], ["Dan"]])), seats=SEATS, pots=EVERYONE)
    assert done.win == [[2]]
    assert done.post() == {"win-0": ["2"]}


def test_a_tie_for_best_ticks_every_winner_of_the_tie():
    done = fill(result(("high", [["Cat", "Ann"], ["Bob"]])), seats=SEATS, pots=EVERYONE)
    assert done.win == [[1, 3]]


def test_a_side_pot_goes_to_the_best_hand_that_can_win_it():
    # Ann is all in for the main pot only; Bob and Cat fought for the side pot.
    pots = [{1, 2, 3}, {2, 3}]
    done = fill(result(("high", [["Ann"], ["Cat"], ["Bob"]])), seats=SEATS, pots=pots)
    assert done.win == [[1], [3]]
    assert done.post() == {"win-0": ["1"], "win-1": ["3"]}


def test_folded_players_are_not_in_the_fill_even_when_ranked():
    still_in = {2: "Bob", 3: "Cat"}
    done = fill(result(("high", [["Ann"], ["Cat"], ["Bob"]])), seats=still_in, pots=[{2, 3}])
    assert done.win == [[3]]


def test_a_high_low_pot_splits_between_the_best_high_and_the_best_low():
    ranked = result(("high", [["Ann"], ["Bob"], ["Cat"]]), ("low", [["Cat"], ["Bob"]]))
    done = fill(ranked, seats=SEATS, pots=[{1, 2, 3}, {2, 3}], mode="high_low")
    assert done.win == [[1], [2]]
    assert done.low == [[3], [3]]
    assert done.post() == {"high-0": ["1"], "high-1": ["2"], "low-0": ["3"], "low-1": ["3"]}


def test_no_qualifying_low_leaves_the_low_half_empty_so_high_takes_it_all():
    ranked = result(("high", [["Ann"], ["Bob"]]), ("low", []))
    done = fill(ranked, seats=SEATS, pots=EVERYONE, mode="high_low")
    assert done.win == [[1]]
    assert done.low == [[]]
    assert not done.nobody


def test_a_declare_game_fills_declarations_and_ranks_per_side():
    ranked = result(
        ("high", [["Ann"], ["Bob"]]),
        ("low", [["Cat"], ["Bob"]]),
        Ann=Shown(declared="high"),
        Bob=Shown(declared="both"),
        Cat=Shown(declared="low"),
    )
    still_in = {1: "Ann", 2: "Bob", 3: "Cat"}
    done = fill(ranked, seats=still_in, pots=[{1, 2, 3}], mode="declare")
    assert done.declared == {1: "high", 2: "both", 3: "low"}
    assert done.high_rank == {1: 1, 2: 2}
    assert done.low_rank == {3: 1, 2: 2}
    assert done.post() == {
        "declare-1": ["high"],
        "declare-2": ["both"],
        "declare-3": ["low"],
        "high-rank-1": ["1"],
        "high-rank-2": ["2"],
        "low-rank-3": ["1"],
        "low-rank-2": ["2"],
    }
    assert done.award()["high_order"] == [[1], [2]]


def test_declarations_the_table_entered_win_over_the_results():
    ranked = result(("high", [["Ann"]]), ("low", [["Bob"]]), Ann=Shown(declared="high"))
    done = fill(
        ranked, seats={1: "Ann", 2: "Bob"}, pots=[{1, 2}], mode="declare", declared={1: "both"}
    )
    assert done.declared == {1: "both"}


def test_a_killed_hand_is_out_of_every_pot_and_every_winning_role():
    # The helper leaves a killed hand out of the tiers; even if it did not, it wins nothing.
    ranked = result(
        ("high", [["Dan"], ["Bob"], ["Ann", "Cat"]]), Dan=Shown(killed_by="A black six face up")
    )
    asks = [Ask("loser-pays", (("losers", True),)), Ask("bonus", (("best_hand", False),))]
    done = fill(ranked, seats=SEATS, pots=[{1, 2, 3, 4}, {4}], asks=asks)
    assert done.win == [[2], []]
    assert done.roles["bonus"] == {"best_hand": [2]}
    assert done.roles["loser-pays"] == {"losers": [1, 3, 4]}


def test_every_hand_killed_says_nobody_wins():
    ranked = result(("high", []), Ann=Shown(killed_by="Black Spot"), Bob=Shown(killed_by="x"))
    done = fill(ranked, seats={1: "Ann", 2: "Bob"}, pots=[{1, 2}])
    assert done.win == [[]]
    assert done.nobody
    assert done.post() == {"nobody": ["1"]}


def test_roles_the_rules_ask_for_come_from_the_tiers():
    ranked = result(("high", [["Bob"], ["Ann"], ["Cat", "Dan"]]))
    asks = [
        Ask("match", (("losers", True), ("winner", False))),
        Ask("fine", (("lowest_hand", False),)),  # a tie for lowest: left to the dealer
        Ask("split", (("winners", True),)),
        Ask("knock", (("knocker", False),)),  # only the table knows who knocked
    ]
    done = fill(ranked, seats=SEATS, pots=EVERYONE, asks=asks)
    assert done.roles == {
        "match": {"losers": [1, 3, 4], "winner": [2]},
        "split": {"winners": [2]},
    }
    assert done.fire == []
    post = done.post()
    assert post["match:role-losers"] == ["1", "3", "4"]
    assert post["match:role-winner"] == ["2"]


def test_the_lowest_hand_is_the_lowest_tier():
    ranked = result(("high", [["Bob"], ["Ann"], ["Cat"]]))
    done = fill(ranked, seats=SEATS, pots=EVERYONE, asks=[Ask("fine", (("lowest_hand", False),))])
    assert done.roles == {"fine": {"lowest_hand": [3]}}


def test_a_rule_a_race_names_goes_to_that_races_winner_and_is_fired():
    ranked = result(("high", [["Ann"], ["Bob"], ["Cat"]]), ("spade", [["Cat"], ["Bob"]]))
    asks = [Ask("high-spade", (("winner", False),), race="spade")]
    done = fill(ranked, seats=SEATS, pots=EVERYONE, asks=asks)
    assert done.roles == {"high-spade": {"winner": [3]}}
    assert done.fire == ["high-spade"]
    assert done.award()["bookings"] == [{"rule": "high-spade", "roles": {"winner": [3]}}]


def test_a_lowball_game_with_only_a_low_ranking_wins_by_it():
    done = fill(result(("low", [["Dan"], ["Ann"]])), seats=SEATS, pots=EVERYONE)
    assert done.win == [[4]]


NAMES = list(SEATS.values())


@given(
    order=st.permutations(NAMES),
    cuts=st.lists(st.booleans(), min_size=3, max_size=3),
    eligible=st.lists(st.sets(st.sampled_from(list(SEATS)), min_size=1), min_size=1, max_size=3),
)
def test_every_pot_goes_to_eligible_players_with_no_better_eligible_hand(order, cuts, eligible):
    tiers, tier = [], [order[0]]
    for name, cut in zip(order[1:], cuts, strict=True):
        if cut:
            tiers.append(tier)
            tier = []
        tier.append(name)
    tiers.append(tier)
    done = fill(result(("high", tiers)), seats=SEATS, pots=eligible)
    place = {name: i for i, t in enumerate(tiers) for name in t}
    for pot, winners in zip(eligible, done.win, strict=True):
        assert winners
        assert set(winners) <= pot
        best = min(place[SEATS[s]] for s in pot)
        assert {place[SEATS[s]] for s in winners} == {best}
        assert {s for s in pot if place[SEATS[s]] == best} == set(winners)


def test_a_tie_the_rule_gives_the_named_caller_is_theirs_alone():
    # Ann said guts; Bob ties her; a tie counts as the guts-er's best at this table.
    fires = Fires(role="caller", hand_is=["best"], tied_when={"tie": "gutser"})
    match = Ask(
        "match",
        (("losers", True),),
        fires=fires,
        placed=fires.placed({"tie": "gutser"}),
        payer="losers",
    )
    ranked = result(("high", [["Ann", "Bob"], ["Cat"]]))
    done = fill(
        ranked,
        seats={1: "Ann", 2: "Bob", 3: "Cat"},
        pots=[{1, 2, 3}],
        asks=[match],
        named={"caller": [1]},
    )
    assert done.win == [[1]]
    assert done.fire == ["match"]
    assert done.roles["match"]["losers"] == [2, 3]


def test_a_tie_that_counts_as_beating_the_knocker_leaves_the_pot_to_the_others():
    fires = Fires(role="knocker", hand_is=["beaten"], tied_when={"tie": "beaten"})
    pays = Ask(
        "beaten",
        (("knocker", False), ("stayers", True)),
        fires=fires,
        placed=fires.placed({"tie": "beaten"}),
        payer="knocker",
    )
    ranked = result(("high", [["Ann", "Bob"], ["Cat"]]))
    done = fill(
        ranked,
        seats={1: "Ann", 2: "Bob", 3: "Cat"},
        pots=[{1, 2, 3}],
        asks=[pays],
        named={"knocker": [1]},
    )
    assert done.win == [[2]]
    assert done.fire == ["beaten"]


def test_a_tie_nobody_wins_carries_the_pot_and_everyone_who_showed_matches():
    carry = Ask("tie-carry", (), fires=Fires(best_tied=True), payer="pot", carries=True)
    match = Ask("match", (("losers", True),), fires=Fires(always=True), payer="losers")
    ranked = result(("high", [["Ann", "Bob"], ["Cat"]]))
    done = fill(
        ranked,
        seats={1: "Ann", 2: "Bob", 3: "Cat"},
        pots=[{1, 2, 3}],
        asks=[carry, match],
        held={"pot": 6},
    )
    assert done.win == [[]]
    assert done.nobody
    assert done.fire == ["match", "tie-carry"]  # the matches count the pot before it rides
    assert done.roles["match"]["losers"] == [1, 2, 3]
    alone = fill(
        result(("high", [["Ann"], ["Bob", "Cat"]])),
        seats={1: "Ann", 2: "Bob", 3: "Cat"},
        pots=[{1, 2, 3}],
        asks=[carry, match],
        held={"pot": 6},
    )
    assert alone.win == [[1]]
    assert alone.fire == ["match"]


def test_a_rule_with_nobody_to_pay_or_an_empty_pile_is_not_ticked():
    match = Ask("match", (("losers", True),), fires=Fires(always=True), payer="losers")
    fines = Ask("fines-join", (), fires=Fires(always=True), payer="side_pot")
    everyone_tied = result(("high", [["Ann", "Bob"]]))
    two = {1: "Ann", 2: "Bob"}
    done = fill(everyone_tied, seats=two, pots=[{1, 2}], asks=[match, fines], held={"side_pot": 0})
    assert done.fire == []
    done = fill(everyone_tied, seats=two, pots=[{1, 2}], asks=[fines], held={"side_pot": 10})
    assert done.fire == ["fines-join"]
    # An empty pile a rule fired first pays into (a forfeit into it) has something to carry.
    forfeit = Ask("forfeit", (), fires=Fires(always=True), payer="each_player", payee="side_pot")
    done = fill(
        everyone_tied, seats=two, pots=[{1, 2}], asks=[forfeit, fines], held={"side_pot": 0}
    )
    assert done.fire == ["forfeit", "fines-join"]
