"""Every helper game's hardest requests are answered, not refused and not crashed.

Issue 19, item 4: bench/showdown_worst.py times each game's requests at the
bounds the API accepts (25-card hands, every rank named wild, paid wilds,
one suit a hand, the most players...). Timing is the benchmark's job; this
sends the same requests once each, untimed, through what the API view calls
(showdown_input.check, then describe), so a rule file or a change that makes
one of them raise, or refuse a request the bounds allow, fails here.
"""

from __future__ import annotations

import json

import pytest

from bench.showdown_worst import NO_GAME, all_cases, answer, helper_games
from rulebook.loader import load_games
from rulebook.showdown import request_check

pytestmark = pytest.mark.pure

GAMES = {game.slug: game for game in helper_games()}
CASES = all_cases(list(GAMES.values()))


def test_every_helper_game_and_every_ranking_with_no_game_is_asked_at_the_bounds():
    helped = {game.slug for game in load_games() if game.showdown.helper}
    assert helped < set(CASES)
    assert sum(name.startswith(NO_GAME) for name in CASES) == len(request_check.RANKS)
    for name, cases in CASES.items():
        hands = [hand for case in cases for hand in case.body["hands"].values()]
        assert max(len(hand["cards"]) for hand in hands) == request_check.MOST_CARDS, name


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_of_the_hardest_requests_is_answered(name):
    for case in CASES[name]:
        result = answer(case, GAMES)  # a refusal (RequestError) or a crash fails the test
        assert set(result["hands"]) == set(case.body["hands"]), case.label
        json.dumps(result, allow_nan=False)
