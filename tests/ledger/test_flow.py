"""The way forward in a hand, for every seed game: no dead ends, no rounds the game lacks.

A state machine over `ledger.core.flow`: for each game, with random options and
settings, from every reachable step there is exactly one move that takes play
on, and taking it (with a cap on deals) always reaches the end of the hand.
"""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core import flow
from rulebook import dealer
from rulebook.loader import load_games

pytestmark = pytest.mark.pure

GAMES = {game.slug: game for game in load_games()}
PLAYED = sorted(slug for slug, game in GAMES.items() if game.phases)


def table_choices(game, draw) -> tuple[list, dict]:
    """Options that do not clash, and one choice for every setting."""
    options = []
    for option in game.options:
        clashes = any(o.id in option.excludes or option.id in o.excludes for o in options)
        if not clashes and draw(st.booleans()):
            options.append(option)
    chosen = {s.id: draw(st.sampled_from(sorted(s.choices))) for s in game.settings}
    return options, chosen


def play_out(steps, situation: flow.Situation, draw) -> list[str]:
    """Take the forward move until the hand is settled; the moves taken, in order."""
    step = flow.first(steps, situation)
    moves = []
    for _ in range(4 * len(steps) + 10):
        ahead = flow.forward(steps, step, situation)
        moves.append(ahead.move)
        if ahead.move == "next_deal":
            return moves
        if ahead.move == "next":
            assert ahead.step is not None
            step = ahead.step
            situation = replace(situation, named_here=frozenset())
        elif ahead.move == "name":
            # The dealer records what the step asks; anyone may drop out, even everyone.
            asks = next(s for s in steps if s.id == step).asks
            roles = {a.role for a in asks}
            left = situation.players_left
            if "folded" in roles:
                left = draw(st.integers(0, situation.players_left))
            situation = replace(situation, named_here=frozenset(roles), players_left=left)
        elif ahead.move == "open_round":
            number = flow.round_number(steps, step)
            assert number == situation.rounds_opened + 1, "a round the game does not have"
            situation = replace(situation, betting_open=True, rounds_opened=number)
        elif ahead.move == "betting":
            folded_to_one = draw(st.integers(0, 5)) == 0
            left = 1 if folded_to_one else situation.players_left
            situation = replace(situation, betting_open=False, players_left=left)
        else:  # showdown, fold_out, all_out or end_deal all settle the hand
            assert ahead.move in ("showdown", "fold_out", "all_out", "end_deal")
            situation = replace(situation, settled=True)
    raise AssertionError(f"no end to the hand: {moves[-10:]}")


@pytest.mark.parametrize("slug", PLAYED)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_every_game_always_has_a_way_forward_to_the_end_of_the_hand(slug, data):
    game = GAMES[slug]
    options, chosen = table_choices(game, data.draw)
    steps = dealer.hand_phases(game, options, chosen)
    start = flow.Situation(
        pot_empty=data.draw(st.booleans()),
        players_left=data.draw(st.integers(2, 7)),
        first_deal=data.draw(st.booleans()),
    )
    moves = play_out(steps, start, data.draw)
    rounds = len(flow.betting_steps(steps))
    assert moves.count("open_round") <= rounds
    assert moves[-1] == "next_deal"


@pytest.mark.parametrize("slug", PLAYED)
def test_every_betting_round_on_the_table_is_named_and_opened_by_someone(slug):
    game = GAMES[slug]
    for option in [None, *game.options]:
        steps = dealer.hand_phases(game, [option] if option else [])
        for step in flow.betting_steps(steps):
            assert step.name
            assert step.name.lower() != "betting round"
            assert step.opener


def test_a_step_for_an_empty_pot_is_passed_over_when_chips_ride_in():
    game = GAMES["guts-three-card"]
    steps = dealer.hand_phases(game, [], {s.id: s.default for s in game.settings})
    empty = flow.Situation(pot_empty=True, players_left=3)
    riding = flow.Situation(pot_empty=False, players_left=3)
    first_empty = next(s for s in steps if s.id == flow.first(steps, empty))
    first_riding = next(s for s in steps if s.id == flow.first(steps, riding))
    assert first_empty.only_if == "pot_empty"
    assert first_riding.only_if != "pot_empty"


def test_lives_are_set_out_on_the_first_deal_only():
    game = GAMES["screw-your-neighbor"]
    steps = dealer.hand_phases(game, [], {s.id: s.default for s in game.settings})
    first = flow.Situation(pot_empty=True, players_left=4)
    later = flow.Situation(pot_empty=True, players_left=4, first_deal=False)
    assert flow.first(steps, first) == "stake"
    assert flow.first(steps, later) == "deal"
    assert flow.before(steps, "deal", later) is None


def test_one_player_left_is_awarded_at_once_never_offered_another_round():
    game = GAMES["texas-holdem"]
    steps = dealer.hand_phases(game, [], {s.id: s.default for s in game.settings})
    flop = next(s for s in steps if s.name == "The flop")
    folded = flow.Situation(pot_empty=False, players_left=1, rounds_opened=1)
    assert flow.forward(steps, flop.id, folded).move == "fold_out"


def test_hold_em_offers_its_four_rounds_by_name_and_no_fifth():
    game = GAMES["texas-holdem"]
    steps = dealer.hand_phases(game, [], {s.id: s.default for s in game.settings})
    names = [s.name for s in flow.betting_steps(steps)]
    assert names == ["Pre-flop", "The flop", "The turn", "The river"]
    assert flow.next_round(steps, 4) is None


def test_the_last_step_without_a_showdown_offers_to_end_the_deal():
    game = GAMES["guts-three-card"]
    steps = dealer.hand_phases(game, [], {s.id: s.default for s in game.settings})
    situation = flow.Situation(pot_empty=False, players_left=3)
    last = steps[-1]
    assert flow.forward(steps, last.id, situation).move in ("end_deal", "showdown")
    assert flow.after(steps, last.id, situation) is None


def test_a_settled_hand_offers_the_next_deal():
    situation = flow.Situation(pot_empty=True, players_left=3, settled=True)
    assert flow.forward([], None, situation) == flow.Forward("next_deal")


def steps_of(slug: str, options=(), **chosen):
    game = GAMES[slug]
    picked = [o for o in game.options if o.id in options]
    settings = {s.id: s.default for s in game.settings} | chosen
    return dealer.hand_phases(game, picked, settings)


def test_everyone_passing_ends_the_deal_at_once_and_nothing_else_is_asked():
    steps = steps_of("guts-three-card")
    passed = flow.Situation(pot_empty=False, players_left=0, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "words", passed) == flow.Forward("all_out")
    one = flow.Situation(pot_empty=False, players_left=1, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "words", one) == flow.Forward("fold_out")


def test_a_step_played_only_when_nobody_stayed_in_comes_next_then_the_deal_ends():
    steps = steps_of("guts-three-card", options=["coward-tax"])
    passed = flow.Situation(pot_empty=False, players_left=0, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "words", passed) == flow.Forward("next", "coward-show")
    assert flow.forward(steps, "coward-show", passed) == flow.Forward("all_out")
    contested = flow.Situation(
        pot_empty=False, players_left=3, named_here=frozenset({"folded", "caller"})
    )
    assert flow.forward(steps, "words", contested) == flow.Forward("next", "showdown")


def test_a_lone_stayer_faces_the_step_played_only_then_and_is_asked_how_it_went():
    steps = steps_of("guts-three-card", options=["gooch"])
    alone = flow.Situation(pot_empty=False, players_left=1, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "words", alone) == flow.Forward("next", "face-the-gooch")
    there = replace(alone, named_here=frozenset())
    assert flow.forward(steps, "face-the-gooch", there) == flow.Forward("name", "face-the-gooch")
    beat_them_all = replace(alone, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "face-the-gooch", beat_them_all) == flow.Forward("fold_out")
    lost = replace(beat_them_all, players_left=0)
    assert flow.forward(steps, "face-the-gooch", lost) == flow.Forward("all_out")


def test_a_lone_stayer_passes_the_stayers_auction_by_to_face_the_deck():
    steps = steps_of("guts-two-card", options=["beat-the-deck", "auction"])
    ids = [s.id for s in steps]
    assert ids.index("declare") < ids.index("auction") < ids.index("deck-hand")
    alone = flow.Situation(pot_empty=False, players_left=1, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "declare", alone) == flow.Forward("next", "deck-hand")
    contested = flow.Situation(pot_empty=False, players_left=2, named_here=frozenset({"folded"}))
    assert flow.forward(steps, "declare", contested) == flow.Forward("next", "auction")
