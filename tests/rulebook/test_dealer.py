"""Dealer mode's phase list: options add, replace and remove steps."""

import pytest

from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import Game

pytestmark = pytest.mark.pure

GAMES = {game.slug: game for game in load_games()}


def make_game(**extra) -> Game:
    base = {
        "name": "Test Stud",
        "slug": "test-stud",
        "family": "stud",
        "summary": "A small game for tests.",
        "pot": {"kind": "high"},
        "phases": [
            {"id": "ante", "kind": "ante", "title": "Ante", "text": "Ante up.", "money": ["ante"]},
            {"id": "deal", "kind": "deal", "title": "Deal", "text": "Deal three.", "down": 3},
            {"id": "bet", "kind": "bet", "title": "Bet", "text": "Bet it."},
            {"id": "show", "kind": "showdown", "title": "Show", "text": "Show down."},
        ],
        "money": [
            {
                "id": "ante",
                "kind": "ante",
                "text": "Everyone antes.",
                "payer": "each_player",
                "payee": "pot",
                "amount": {"chips": 2},
            }
        ],
        "source": {"seed": "house", "section": "Tests"},
    }
    return Game.model_validate(base | extra)


def option(id_: str, **extra) -> dict:
    return {"id": id_, "name": f"Option {id_}", "text": "An option."} | extra


def ids(phases) -> list[str]:
    return [p.id for p in phases]


def test_no_options_gives_the_base_phases():
    game = make_game()
    assert ids(dealer.hand_phases(game, [])) == ["ante", "deal", "bet", "show"]


def test_option_adds_a_phase_after_its_anchor():
    extra = {"id": "buy", "kind": "buy", "title": "Buy", "text": "Buy a card."}
    game = make_game(options=[option("buy", phases={"add": [{"after": "deal", "phase": extra}]})])
    chosen = dealer.chosen_options(game, ["buy"])
    assert ids(dealer.hand_phases(game, chosen)) == ["ante", "deal", "buy", "bet", "show"]


def test_option_removes_and_replaces_phases():
    replacement = {"id": "deal", "kind": "deal", "title": "Deal", "text": "Deal five.", "down": 5}
    game = make_game(
        options=[option("quick", phases={"remove": ["bet"], "replace": [replacement]})]
    )
    phases = dealer.hand_phases(game, dealer.chosen_options(game, ["quick"]))
    assert ids(phases) == ["ante", "deal", "show"]
    assert phases[1].down == 5


def test_options_that_exclude_each_other_are_refused():
    game = make_game(options=[option("a", excludes=["b"]), option("b", excludes=["a"])])
    with pytest.raises(dealer.OptionError, match="cannot be played together"):
        dealer.chosen_options(game, ["a", "b"])


def test_unknown_option_is_refused():
    with pytest.raises(dealer.OptionError, match="has no option called 'nope'"):
        dealer.chosen_options(make_game(), ["nope"])


def test_ante_step_costs_each_player_the_ante():
    game = make_game()
    phases = dealer.hand_phases(game, [])
    costs = dealer.phase_costs(phases[0], dealer.money_rules(game, []), players=6)
    assert [c.total for c in costs] == ["12 chips in the pot from 6 players"]


def test_option_money_rules_count_only_when_chosen():
    game = GAMES["trash-poker"]
    assert "black-spot-payout" not in dealer.money_rules(game, [])
    chosen = dealer.chosen_options(game, ["black-spot"])
    assert "black-spot-payout" in dealer.money_rules(game, chosen)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_option_alone_gives_a_playable_hand(slug):
    game = GAMES[slug]
    for opt in game.options:
        phases = dealer.hand_phases(game, dealer.chosen_options(game, [opt.id]))
        assert phases, f"{slug} with {opt.id} has no steps"
        assert len(ids(phases)) == len(set(ids(phases))), f"{slug}/{opt.id} repeats a step"
