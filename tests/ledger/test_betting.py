"""One betting round: turns, raises, reopening, limits, blinds and uncalled bets, worked by hand."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.betting import (
    ABOVE_MAX,
    ALL_IN,
    BELOW_MIN_BET,
    BET_FACING_BET,
    CAP_NEEDED,
    CAP_TOO_SMALL,
    CAP_UNEXPECTED,
    CHECK_FACING_BET,
    DUPLICATE_BLIND,
    DUPLICATE_SEAT,
    FOLDED,
    MORE_THAN_STACK,
    NEGATIVE,
    NO_AMOUNT,
    NOT_POSITIVE,
    NOT_REOPENED,
    NOT_WHOLE_CHIPS,
    NOT_YOUR_TURN,
    NOTHING_TO_CALL,
    RAISE_TOO_SMALL,
    RAISE_WITHOUT_BET,
    ROUND_COMPLETE,
    UNKNOWN_ACTION,
    UNKNOWN_LIMIT,
    UNKNOWN_SEAT,
    Action,
    BettingError,
    Bettor,
    Limit,
    Round,
    apply,
    committed,
    is_complete,
    legal,
    max_raise_to,
    min_raise_to,
    next_to_act,
    start_round,
    to_call,
    uncalled,
)

pytestmark = pytest.mark.pure

A, B, C, D = 1, 2, 3, 4


def table(*stacks: int, opener: int = A, min_bet: int = 10, **options) -> Round:
    """Seats 1, 2, 3... in table order with these stacks."""
    seats = [Bettor(seat=number, stack=stack) for number, stack in enumerate(stacks, start=1)]
    return start_round(seats, opener=opener, min_bet=min_bet, **options)


def play(state: Round, *steps: tuple) -> Round:
    for seat, kind, *amount in steps:
        state = apply(state, seat, Action(kind, *amount))
    return state


def chips(state: Round) -> int:
    return sum(state.stacks.values()) + sum(state.committed.values())


# Hand-worked rounds


def test_heads_up_check_check_ends_the_round_with_nothing_in():
    state = table(100, 100)
    assert next_to_act(state) == A
    assert legal(state, A) == {"check", "bet", "fold", "all_in"}
    state = play(state, (A, "check"))
    assert next_to_act(state) == B
    state = play(state, (B, "check"))
    assert is_complete(state)
    assert next_to_act(state) is None
    assert committed(state) == {A: 0, B: 0}
    assert uncalled(state) is None


def test_bet_raise_call_moves_the_chips_and_sets_the_raise_size():
    state = play(table(500, 500), (A, "bet", 20), (B, "raise", 60))
    assert to_call(state, A) == 40
    assert state.last_raise == 40  # 60 - 20
    assert min_raise_to(state, A) == 100  # 60 + 40
    state = play(state, (A, "call"))
    assert is_complete(state)
    assert committed(state) == {A: 60, B: 60}
    assert state.stacks == {A: 440, B: 440}
    assert chips(state) == 1000


def test_short_all_in_does_not_reopen_the_betting_for_the_player_who_bet():
    state = play(table(1000, 150, 1000, min_bet=50), (A, "bet", 100), (B, "all_in"))
    assert state.current_bet == 150
    assert state.last_raise == 100  # B's 50 more was short of a full raise
    state = play(state, (C, "call"))
    assert next_to_act(state) == A
    assert to_call(state, A) == 50
    assert legal(state, A) == {"call", "fold"}
    assert min_raise_to(state, A) is None
    for action in (Action("raise", 250), Action("all_in")):
        with pytest.raises(BettingError) as error:
            apply(state, A, action)
        assert str(error.value) == NOT_REOPENED.format(seat=A)
    state = play(state, (A, "call"))
    assert is_complete(state)
    assert committed(state) == {A: 150, B: 150, C: 150}


def test_player_who_has_not_acted_may_raise_over_a_short_all_in():
    state = play(table(1000, 150, 1000, min_bet=50), (A, "bet", 100), (B, "all_in"))
    assert next_to_act(state) == C
    assert "raise" in legal(state, C)
    assert min_raise_to(state, C) == 250  # 150 + the last full raise of 100
    with pytest.raises(BettingError) as error:
        apply(state, C, Action("raise", 249))
    assert str(error.value) == RAISE_TOO_SMALL.format(amount=250)
    state = play(state, (C, "raise", 250))
    # C's raise was full, so A, who bet 100, may raise again.
    assert "raise" in legal(state, A)
    assert min_raise_to(state, A) == 350


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    state = play(
        table(1000, 150, 210, 1000, min_bet=50),
        (A, "bet", 100),
        (B, "all_in"),  # 150: 50 more
        (C, "all_in"),  # 210: 60 more, and 110 more than A's bet
        (D, "call"),
    )
    assert next_to_act(state) == A
    assert "raise" in legal(state, A)
    assert min_raise_to(state, A) == 310  # 210 + 100


def test_pot_limit_maximum_is_the_pot_after_calling():
    state = table(2000, 2000, min_bet=10, limit=Limit("pot_limit"), pot_before=100)
    assert max_raise_to(state, A) == 100  # the pot
    with pytest.raises(BettingError) as error:
        apply(state, A, Action("bet", 101))
    assert str(error.value) == ABOVE_MAX.format(amount=100)
    assert "all_in" not in legal(state, A)
    state = play(state, (A, "bet", 100))
    # B calls 100 into a pot of 200, making 300, then raises 300: to 400.
    assert max_raise_to(state, B) == 400
    state = play(state, (B, "raise", 400))
    # A calls 300 into 600, making 900, then raises 900: to 1300.
    assert max_raise_to(state, A) == 1300
    assert min_raise_to(state, A) == 700  # 400 + the last raise of 300


def test_pot_limit_with_blinds_lets_the_first_player_raise_to_three_and_a_half_blinds():
    state = table(1000, 1000, 1000, limit=Limit("pot_limit"), blinds=[(B, 5), (C, 10)])
    # A calls 10 into 15, making 25, then raises 25: to 35.
    assert max_raise_to(state, A) == 35


def test_pot_limit_allows_the_minimum_bet_into_an_empty_pot():
    state = table(1000, 1000, min_bet=20, limit=Limit("pot_limit"))
    assert (min_raise_to(state, A), max_raise_to(state, A)) == (20, 20)


def test_pot_limit_all_in_within_the_pot_is_allowed():
    state = play(table(1000, 250, limit=Limit("pot_limit"), pot_before=100), (A, "bet", 100))
    assert max_raise_to(state, B) == 250  # the pot would allow 400; B has 250
    assert "all_in" in legal(state, B)


def test_cap_limits_what_each_bet_or_raise_adds():
    state = table(1000, 1000, limit=Limit("cap", cap=50))
    assert max_raise_to(state, A) == 50
    with pytest.raises(BettingError) as error:
        apply(state, A, Action("bet", 60))
    assert str(error.value) == ABOVE_MAX.format(amount=50)
    state = play(state, (A, "bet", 50))
    assert (min_raise_to(state, B), max_raise_to(state, B)) == (100, 100)
    with pytest.raises(BettingError) as error:
        apply(state, B, Action("raise", 110))
    assert str(error.value) == ABOVE_MAX.format(amount=100)
    assert "all_in" not in legal(state, B)


def test_blinds_are_posted_and_the_big_blind_gets_the_option():
    state = table(1000, 1000, 1000, blinds=[(B, 5), (C, 10)])
    assert committed(state) == {A: 0, B: 5, C: 10}
    assert state.stacks == {A: 1000, B: 995, C: 990}
    assert state.current_bet == 10
    assert next_to_act(state) == A
    assert min_raise_to(state, A) == 20
    state = play(state, (A, "call"), (B, "call"))
    assert next_to_act(state) == C
    assert legal(state, C) == {"check", "raise", "fold", "all_in"}
    assert is_complete(play(state, (C, "check")))
    state = play(state, (C, "raise", 30))
    assert next_to_act(state) == A
    assert "raise" in legal(state, A)


def test_heads_up_the_small_blind_opens_and_the_big_blind_closes():
    state = table(100, 100, blinds=[(A, 5), (B, 10)])
    state = play(state, (A, "call"))
    assert next_to_act(state) == B
    assert is_complete(play(state, (B, "check")))


def test_a_blind_bigger_than_the_stack_puts_the_player_all_in_for_less():
    state = table(1000, 1000, 6, blinds=[(B, 5), (C, 10)])
    assert committed(state) == {A: 0, B: 5, C: 6}
    assert state.stacks[C] == 0
    assert state.all_in == {C}
    assert state.current_bet == 10  # a short big blind is still called in full
    assert to_call(state, A) == 10
    state = play(state, (A, "call"), (B, "call"))
    assert is_complete(state)  # the all-in big blind has no option
    assert committed(state) == {A: 10, B: 10, C: 6}
    assert uncalled(state) is None


def test_the_only_player_with_chips_and_nothing_to_call_does_not_act():
    state = table(1000, 5, blinds=[(A, 5), (B, 10)])
    assert state.all_in == {B}
    state = play(state, (A, "call"))  # to 10, though B has only 5 in
    assert is_complete(state)
    assert uncalled(state) == (A, 5)


def test_zero_stacks_are_all_in_from_an_earlier_round_and_do_not_act():
    state = table(0, 300, 300, opener=A)
    assert state.order == (B, C)
    assert next_to_act(state) == B
    with pytest.raises(BettingError) as error:
        apply(state, A, Action("check"))
    assert str(error.value) == UNKNOWN_SEAT.format(seat=A)


def test_opener_starts_and_order_wraps_round_the_table():
    state = table(100, 100, 100, opener=C)
    assert state.order == (C, A, B)
    assert next_to_act(state) == C


def test_an_uncalled_bet_goes_back_when_everyone_folds():
    state = play(table(500, 500, 500), (A, "bet", 100), (B, "fold"), (C, "fold"))
    assert is_complete(state)
    assert uncalled(state) == (A, 100)


def test_an_all_in_call_for_less_leaves_the_rest_of_the_bet_uncalled():
    state = play(table(500, 30), (A, "bet", 100))
    assert legal(state, B) == {"all_in", "fold"}
    state = play(state, (B, "all_in"))
    assert is_complete(state)
    assert committed(state) == {A: 100, B: 30}
    assert uncalled(state) == (A, 70)


def test_folded_players_chips_count_when_working_out_the_uncalled_bet():
    state = play(table(500, 500, 500), (A, "bet", 100), (B, "raise", 300), (C, "fold"), (A, "fold"))
    assert uncalled(state) == (B, 200)


def test_uncalled_is_none_while_the_round_is_still_going():
    assert uncalled(play(table(500, 500), (A, "bet", 100))) is None


def test_a_call_that_takes_the_whole_stack_puts_the_player_all_in():
    state = play(table(500, 100), (A, "bet", 100))
    assert legal(state, B) == {"call", "all_in", "fold"}
    state = play(state, (B, "call"))
    assert state.all_in == {B}
    assert is_complete(state)


def test_a_bet_of_the_whole_stack_below_the_minimum_is_an_all_in():
    state = play(table(5, 500, 500, min_bet=10), (A, "bet", 5))
    assert state.all_in == {A}
    assert state.current_bet == 5
    assert state.last_raise == 10
    assert min_raise_to(state, B) == 15


def test_queries_about_other_seats_say_they_cannot_act_now():
    state = table(100, 100)
    assert legal(state, B) == frozenset()
    assert min_raise_to(state, B) is None
    assert max_raise_to(state, B) is None


# Bad input


def raised(state: Round) -> Round:
    return play(state, (A, "bet", 100), (B, "all_in"), (C, "call"))


BAD_ACTIONS = [
    ("out_of_turn", lambda: table(100, 100), B, Action("check"), NOT_YOUR_TURN.format(seat=B)),
    (
        "round_over",
        lambda: play(table(100, 100), (A, "check"), (B, "check")),
        A,
        Action("check"),
        ROUND_COMPLETE,
    ),
    ("unknown_seat", lambda: table(100, 100), 9, Action("check"), UNKNOWN_SEAT.format(seat=9)),
    (
        "folded",
        lambda: play(table(100, 100, 100), (A, "fold")),
        A,
        Action("check"),
        FOLDED.format(seat=A),
    ),
    (
        "all_in",
        lambda: play(table(100, 100, 100), (A, "all_in")),
        A,
        Action("fold"),
        ALL_IN.format(seat=A),
    ),
    (
        "unknown_kind",
        lambda: table(100, 100),
        A,
        Action("raise_to", 20),
        UNKNOWN_ACTION.format(kind="raise_to"),
    ),
    (
        "check_facing_bet",
        lambda: play(table(100, 100), (A, "bet", 20)),
        B,
        Action("check"),
        CHECK_FACING_BET.format(seat=B, amount=20),
    ),
    (
        "bet_facing_bet",
        lambda: play(table(100, 100), (A, "bet", 20)),
        B,
        Action("bet", 40),
        BET_FACING_BET.format(amount=20),
    ),
    ("raise_no_bet", lambda: table(100, 100), A, Action("raise", 20), RAISE_WITHOUT_BET),
    ("call_nothing", lambda: table(100, 100), A, Action("call"), NOTHING_TO_CALL),
    ("negative", lambda: table(100, 100), A, Action("bet", -5), NOT_POSITIVE.format(amount=-5)),
    ("zero", lambda: table(100, 100), A, Action("bet", 0), NOT_POSITIVE.format(amount=0)),
    (
        "fraction",
        lambda: table(100, 100),
        A,
        Action("bet", 12.5),
        NOT_WHOLE_CHIPS.format(amount=12.5),
    ),
    (
        "float",
        lambda: table(100, 100),
        A,
        Action("bet", 20.0),
        NOT_WHOLE_CHIPS.format(amount=20.0),
    ),
    (
        "decimal",
        lambda: table(100, 100),
        A,
        Action("bet", Decimal(20)),
        NOT_WHOLE_CHIPS.format(amount=Decimal(20)),
    ),
    ("text", lambda: table(100, 100), A, Action("bet", "20"), NOT_WHOLE_CHIPS.format(amount="20")),
    ("bool", lambda: table(100, 100), A, Action("bet", True), NOT_WHOLE_CHIPS.format(amount=True)),
    (
        "check_amount",
        lambda: table(100, 100),
        A,
        Action("check", 5),
        NO_AMOUNT.format(kind="check"),
    ),
    (
        "all_in_amount",
        lambda: table(100, 100),
        A,
        Action("all_in", 100),
        NO_AMOUNT.format(kind="all_in"),
    ),
    (
        "bet_over_stack",
        lambda: table(100, 100),
        A,
        Action("bet", 101),
        MORE_THAN_STACK.format(seat=A, stack=100),
    ),
    (
        "call_over_stack",
        lambda: play(table(100, 50), (A, "bet", 80)),
        B,
        Action("call"),
        MORE_THAN_STACK.format(seat=B, stack=50),
    ),
    (
        "bet_too_small",
        lambda: table(100, 100),
        A,
        Action("bet", 9),
        BELOW_MIN_BET.format(amount=10),
    ),
    (
        "raise_too_small",
        lambda: play(table(100, 100), (A, "bet", 20)),
        B,
        Action("raise", 39),
        RAISE_TOO_SMALL.format(amount=40),
    ),
    (
        "raise_to_a_call",
        lambda: play(table(100, 20), (A, "bet", 20)),
        B,
        Action("raise", 20),
        RAISE_TOO_SMALL.format(amount=40),
    ),
    (
        "over_pot",
        lambda: table(1000, 1000, limit=Limit("pot_limit"), pot_before=30),
        A,
        Action("bet", 31),
        ABOVE_MAX.format(amount=30),
    ),
    (
        "over_cap",
        lambda: table(1000, 1000, limit=Limit("cap", cap=40)),
        A,
        Action("all_in"),
        ABOVE_MAX.format(amount=40),
    ),
    (
        "not_reopened",
        lambda: raised(table(1000, 150, 1000, min_bet=50)),
        A,
        Action("raise", 300),
        NOT_REOPENED.format(seat=A),
    ),
]


@pytest.mark.parametrize(
    ("build", "seat", "action", "message"),
    [case[1:] for case in BAD_ACTIONS],
    ids=[case[0] for case in BAD_ACTIONS],
)
def test_bad_actions_are_refused_and_leave_the_round_as_it_was(build, seat, action, message):
    state, copy = build(), build()
    with pytest.raises(BettingError) as error:
        apply(state, seat, action)
    assert str(error.value) == message
    assert state == copy


BAD_STARTS = [
    (
        "duplicate_seat",
        lambda: start_round([Bettor(A, 10), Bettor(A, 20)], opener=A, min_bet=1),
        DUPLICATE_SEAT.format(seat=A),
    ),
    ("unknown_opener", lambda: table(10, 10, opener=C), UNKNOWN_SEAT.format(seat=C)),
    ("negative_stack", lambda: table(10, -1), NEGATIVE.format(amount=-1)),
    ("fractional_stack", lambda: table(10, 2.5), NOT_WHOLE_CHIPS.format(amount=2.5)),
    ("zero_min_bet", lambda: table(10, 10, min_bet=0), NOT_POSITIVE.format(amount=0)),
    ("negative_pot", lambda: table(10, 10, pot_before=-5), NEGATIVE.format(amount=-5)),
    ("blind_of_stranger", lambda: table(10, 10, blinds=[(C, 5)]), UNKNOWN_SEAT.format(seat=C)),
    ("blind_twice", lambda: table(10, 10, blinds=[(A, 1), (A, 2)]), DUPLICATE_BLIND.format(seat=A)),
    ("zero_blind", lambda: table(10, 10, blinds=[(A, 0)]), NOT_POSITIVE.format(amount=0)),
    ("unknown_limit", lambda: Limit("fixed"), UNKNOWN_LIMIT.format(kind="fixed")),
    ("cap_missing", lambda: Limit("cap"), CAP_NEEDED),
    ("cap_zero", lambda: Limit("cap", cap=0), CAP_NEEDED),
    ("cap_without_cap_game", lambda: Limit("pot_limit", cap=10), CAP_UNEXPECTED),
    (
        "cap_below_blind",
        lambda: table(100, 100, limit=Limit("cap", cap=5), blinds=[(A, 5), (B, 10)]),
        CAP_TOO_SMALL.format(cap=5, amount=10),
    ),
]


@pytest.mark.parametrize(
    ("build", "message"), [case[1:] for case in BAD_STARTS], ids=[case[0] for case in BAD_STARTS]
)
def test_bad_round_set_ups_are_refused(build, message):
    with pytest.raises(BettingError) as error:
        build()
    assert str(error.value) == message


def test_a_state_cannot_be_changed_in_place():
    state = table(100, 100)
    with pytest.raises(TypeError):
        state.stacks[A] = 1_000_000
    with pytest.raises(AttributeError):
        state.turn = B


# Properties


@st.composite
def rounds(draw) -> Round:
    count = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(0, 400), min_size=count, max_size=count))
    min_bet = draw(st.integers(5, 40))
    limit = draw(
        st.sampled_from(
            [Limit(), Limit("pot_limit"), Limit("cap", cap=min_bet), Limit("cap", cap=3 * min_bet)]
        )
    )
    playing = [seat for seat, stack in enumerate(stacks, start=1) if stack]
    blinds = []
    if len(playing) >= 2 and draw(st.booleans()):
        blinds = [(playing[0], max(1, min_bet // 2)), (playing[1], min_bet)]
    return table(
        *stacks,
        opener=draw(st.integers(1, count)),
        min_bet=min_bet,
        limit=limit,
        pot_before=draw(st.integers(0, 300)),
        blinds=blinds,
    )


@settings(max_examples=200, deadline=None)
@given(rounds(), st.data())
def test_legal_play_always_ends_with_chips_conserved_and_bets_matched(state, data):
    total = chips(state)
    most = max(state.committed[s] + state.stacks[s] for s in state.order) if state.order else 0
    players = len(state.order)
    # Each full raise lifts the bet by at least the minimum bet, each short raise puts someone
    # all in, and between two raises each other player acts at most once.
    bound = (most // state.min_bet + 2 * players + 1) * (players + 1)
    actions = 0
    while not is_complete(state):
        seat = next_to_act(state)
        assert all(not legal(state, other) for other in state.order if other != seat)
        kind = data.draw(st.sampled_from(sorted(legal(state, seat))))
        amount = ()
        if kind in ("bet", "raise"):
            low, high = min_raise_to(state, seat), max_raise_to(state, seat)
            for outside in (low - 1, high + 1):
                if state.current_bet < outside <= state.committed[seat] + state.stacks[seat]:
                    with pytest.raises(BettingError):
                        apply(state, seat, Action(kind, outside))
            amount = (data.draw(st.integers(low, high)),)
        state = apply(state, seat, Action(kind, *amount))
        actions += 1
        assert actions <= bound
        assert chips(state) == total
        assert min(state.stacks.values()) >= 0
    in_hand = [s for s in state.order if s not in state.folded]
    if len(in_hand) == 1:
        # Everyone else folded, some maybe with nothing to call: the survivor matches nothing.
        return
    matching = [s for s in in_hand if s not in state.all_in]
    assert all(state.committed[s] == state.current_bet for s in matching)
    after = dict(state.committed)
    if (back := uncalled(state)) is not None:
        after[back[0]] -= back[1]
    assert all(after[s] == max(after.values()) for s in matching)
