"""Rule data read again against the seeds (issue 24): what each fixed setting really drives.

Every expectation here is read from the seeds by hand: the house's five card
draw swaps up to three cards, four with an ace kept and shown; Gruts leaves
open only who shares a beaten gruts-er's pot and who receives the coward tax,
never how much the tax is.
"""

import pytest

from rulebook import dealer
from rulebook.loader import load_games

pytestmark = pytest.mark.pure

GAMES = {game.slug: game for game in load_games()}


def draws(slug: str, settings: dict[str, str]) -> list[tuple[str, int | None]]:
    """The draw steps of a plain hand at a table with these settings: (title, most cards)."""
    game = GAMES[slug]
    return [
        (phase.title, phase.count)
        for phase in dealer.hand_phases(game, [], settings)
        if phase.kind == "draw"
    ]


@pytest.mark.parametrize(
    ("slug", "house", "three", "steps"),
    [
        ("crazy-limbo", "house", "three", ["Draw"]),
        ("fish-node", "ace-four", "three", ["Draw"]),
        ("five-card-double-draw", "house", "three", ["First draw", "Second draw"]),
    ],
)
def test_the_draw_step_says_the_count_the_table_chose(slug, house, three, steps):
    # The house rule: four cards, with the ace it lets you keep named on the step.
    assert draws(slug, {"draw-limit": house}) == [(title, 4) for title in steps]
    for phase in dealer.hand_phases(GAMES[slug], [], {"draw-limit": house}):
        if phase.kind == "draw":
            assert "ace" in phase.text
    # Three, no exceptions: three cards and no ace on the step.
    assert draws(slug, {"draw-limit": three}) == [(title, 3) for title in steps]
    for phase in dealer.hand_phases(GAMES[slug], [], {"draw-limit": three}):
        if phase.kind == "draw":
            assert "ace" not in phase.text


@pytest.mark.parametrize("slug", ["crazy-limbo", "fish-node", "five-card-double-draw"])
def test_the_house_draw_rule_is_the_default_and_no_choice_draws_more(slug):
    game = GAMES[slug]
    [setting] = [s for s in game.settings if s.id == "draw-limit"]
    assert not setting.words_only
    # The seed's five card draw: the ace rule is the house's own, so it is the default.
    assert draws(slug, {}) == draws(slug, {"draw-limit": setting.default})
    assert {count for _title, count in draws(slug, {})} == {4}
    # No choice lets a player draw all five (the seed's draw is three, four with an ace).
    assert set(setting.choices) == {setting.default, "three"}


def test_gruts_every_beater_shares_the_pot_by_a_rule_of_its_own():
    gruts = GAMES["gruts"]
    best = dealer.money_rules(gruts, [], {"winning-chawawengers": "best"})
    every = dealer.money_rules(gruts, [], {"winning-chawawengers": "every-beater"})
    assert "challenger-split" in best
    assert "every-beater-split" not in best
    assert "every-beater-split" in every
    assert "challenger-split" not in every
    [setting] = [s for s in gruts.settings if s.id == "winning-chawawengers"]
    assert not setting.words_only
    # The showdown step offers both and no longer says the best one always takes the pot.
    [show] = [p for p in gruts.phases if p.id == "showdown"]
    assert {"challenger-split", "every-beater-split"} <= set(show.money)
    assert "the best one takes the pot" not in show.text


def test_gruts_coward_tax_is_one_quarter_whoever_the_table_is():
    gruts = GAMES["gruts"]
    options = dealer.chosen_options(gruts, ["coward-tax"])
    taxes = [r for r in dealer.money_rules(gruts, options).values() if r.kind == "coward_tax"]
    # One tax, paid by the hand that would have won, of one quarter: never one per player.
    [tax] = taxes
    assert (tax.payer, tax.payee) == ("best_hand", "pot")
    assert str(tax.amount.money) == "0.25"
    assert all(s.id != "coward-tax-to" for s in gruts.settings)


def test_texas_holdem_starts_with_blinds_unless_the_table_chose_antes():
    holdem = GAMES["texas-holdem"]
    steps = [p.id for p in dealer.hand_phases(holdem, [], {})]
    assert steps[:3] == ["blinds", "deal", "bet-1-blinds"]
    antes = [p.id for p in dealer.hand_phases(holdem, [], {"seeding": "ante"})]
    assert antes[:3] == ["seed-pot", "deal", "bet-1"]


@pytest.mark.parametrize(("slug", "option"), [("draw-your-own", None), ("dynamite", "high-low")])
def test_a_declare_step_offers_both_where_a_setting_asks_about_both(slug, option):
    game = GAMES[slug]
    options = dealer.chosen_options(game, [option] if option else [])
    [declare] = [p for p in dealer.hand_phases(game, options) if p.kind == "declare"]
    assert "both" in declare.text
    assert any(s.id == "both-must-win-outright" for s in game.settings)
