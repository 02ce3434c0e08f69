"""Dealer mode's phase list: options add, replace and remove steps."""

import pytest

from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import Amount, Game

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
            {
                "id": "bet",
                "kind": "bet",
                "title": "Bet",
                "text": "Bet it.",
                "name": "After the deal",
                "opener": "left_of_dealer",
            },
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


# Table settings and the money rules they switch on


def with_setting(**extra) -> Game:
    """The test game with a penalty setting and one rule per choice."""
    setting = {
        "id": "penalty",
        "question": "How much does a loser pay?",
        "choices": {"double": "Twice the pot.", "single": "The pot."},
        "default": "double",
    }
    rules = [
        {
            "id": f"pay-{choice}",
            "kind": "match_pot",
            "text": "The loser pays.",
            "payer": "loser",
            "payee": "next_pot",
            "amount": {"pot": pot},
            "when": {"penalty": choice},
        }
        for choice, pot in (("double", "2"), ("single", "1"))
    ]
    money = extra.pop("money", [ANTE, *rules])
    phases = make_game().model_dump()["phases"]
    phases[-1]["money"] = [rule["id"] for rule in money if rule["id"] != "ante"]
    return make_game(settings=[setting], money=money, phases=phases, **extra)


ANTE = make_game().money[0].model_dump(exclude_defaults=True)


def test_table_settings_fill_in_every_default():
    game = GAMES["guts-three-card"]
    chosen = dealer.table_settings(game, {"gutser-penalty": "one-pot"})
    assert chosen["gutser-penalty"] == "one-pot"
    assert chosen["gooch-rounding"] == "stays"
    assert set(chosen) == {s.id for s in game.settings}


def test_an_unknown_setting_is_refused_by_name():
    with pytest.raises(dealer.SettingError, match="Guts has no table setting called 'nope'"):
        dealer.table_settings(GAMES["guts-three-card"], {"nope": "x"})


def test_an_unknown_choice_is_refused_with_the_choices():
    with pytest.raises(dealer.SettingError, match=r"'thrice' is not one of .*twice-pot, one-pot"):
        dealer.table_settings(GAMES["guts-three-card"], {"gutser-penalty": "thrice"})


def test_money_rules_follow_the_chosen_setting():
    game = with_setting()
    assert set(dealer.money_rules(game, [])) == {"ante", "pay-double"}
    assert set(dealer.money_rules(game, [], {"penalty": "single"})) == {"ante", "pay-single"}


def test_no_settings_means_the_defaults():
    game = GAMES["guts-three-card"]
    assert dealer.money_rules(game, [], None) == dealer.money_rules(game, [], {})


def test_option_rules_follow_the_settings_too():
    game = GAMES["guts-three-card"]
    gooch = dealer.chosen_options(game, ["gooch"])
    assert "gooch-half" in dealer.money_rules(game, gooch)
    odd_up = dealer.money_rules(game, gooch, {"gooch-rounding": "gutser"})
    assert "gooch-half-up" in odd_up
    assert "gooch-half" not in odd_up


@pytest.mark.parametrize(
    ("slug", "setting", "group"),
    [
        ("guts-three-card", "gutser-penalty", {"gutser-pays-twice", "gutser-pays-pot"}),
        ("gruts", "gutser-penalty", {"gutser-pays-twice", "gutser-pays-pot"}),
        ("guts-three-card", "short-stack", {"short-pays-all", "short-owes"}),
        ("guts-three-card", "ante-when", {"ante", "ante-every-deal"}),
        ("knock-poker", "drop-out-chip-to", {"drop-out-chip", "drop-out-chip-to-pot"}),
        (
            "knock-poker-deuces-wild",
            "bonus-payers",
            {"bonus-big-hand", "bonus-big-hand-stayers", "bonus-big-hand-single"},
        ),
        ("in-between", "max-loss", {"wager-win", "wager-win-to-pot"}),
        ("in-between", "max-loss", {"wager-lose", "wager-lose-bet-cap"}),
        ("boo-ray", "penalty-pot", {"boo-ray", "boo-ray-this-pot"}),
        ("liars-poker", "lost-quarters", {"lose-quarter", "lose-quarter-to-winner"}),
        ("monte-carlo", "rollover-players", {"reante", "reante-stayers"}),
        ("texas-holdem", "seeding", {"ante", "small-blind"}),
        ("buddhas-folly", "cannot-pay", {"short-pays-all", "short-owes"}),
        ("zap", "broke", {"short-pays-all", "short-owes"}),
    ],
)
def test_exactly_one_rule_of_a_group_is_in_force_for_each_choice(slug, setting, group):
    game = GAMES[slug]
    options = dealer.chosen_options(game, [o.id for o in game.options if not o.excludes])
    for choice in next(s for s in game.settings if s.id == setting).choices:
        rules = dealer.money_rules(game, options, {setting: choice})
        assert len(group & rules.keys()) == 1, (slug, setting, choice)


def test_whiskey_forfeit_has_one_rule_for_each_pair_of_choices():
    game = GAMES["whiskey-poker"]
    seen = set()
    for to in ("winner", "next-pot"):
        for tie in ("each-pays", "share"):
            rules = dealer.money_rules(game, [], {"forfeit-to": to, "forfeit-tie": tie})
            forfeits = [r for r in rules.values() if r.kind == "forfeit"]
            assert len(forfeits) == 1
            seen.add(forfeits[0].id)
    assert len(seen) == 4


def test_a_rule_cannot_depend_on_a_setting_the_game_lacks():
    with pytest.raises(ValueError, match=r"money rule 'pay-double' when: unknown id 'penalty'"):
        make_game(money=[ANTE, with_setting().money[1].model_dump()])


def test_a_rule_cannot_depend_on_a_choice_the_setting_lacks():
    rule = with_setting().money[1].model_dump() | {"when": {"penalty": "triple"}}
    with pytest.raises(ValueError, match=r"when penalty: unknown id 'triple'"):
        with_setting(money=[ANTE, rule])


def test_each_choice_lists_the_rules_it_switches_on():
    game = with_setting()
    choices = dealer.setting_choices(game, game.settings[0])
    assert [(c.id, c.default, [r.rule.id for r in c.rules]) for c in choices] == [
        ("double", True, ["pay-double"]),
        ("single", False, ["pay-single"]),
    ]


def test_option_rules_a_choice_switches_on_name_their_option():
    game = GAMES["guts-three-card"]
    setting = next(s for s in game.settings if s.id == "gooch-rounding")
    gutser = next(c for c in dealer.setting_choices(game, setting) if c.id == "gutser")
    assert [(r.rule.id, r.option) for r in gutser.rules] == [
        ("gooch-half-up", "The Gooch"),
        ("zilla-half-up", "Gooch-zilla"),
    ]


def test_a_step_costs_only_the_rules_in_force():
    game = GAMES["guts-three-card"]
    showdown = next(p for p in game.phases if p.id == "showdown")
    one_pot = dealer.money_rules(game, [], {"gutser-penalty": "one-pot"})
    ids = [cost.rule.id for cost in dealer.phase_costs(showdown, one_pot, players=5)]
    assert "gutser-pays-pot" in ids
    assert "gutser-pays-twice" not in ids


# Games over several deals


MULTI_DEAL = [
    "guts-two-card",
    "guts-three-card",
    "gruts",
    "bloody-sevens",
    "black-russian",
    "boo-ray",
    "acey-deucey",
    "in-between",
    "monte-carlo",
    "buddhas-folly",
    "screw-your-neighbor",
    "liars-poker",
]


@pytest.mark.parametrize("slug", MULTI_DEAL)
def test_games_over_several_deals_say_when_they_end_and_why_the_pot_rides(slug):
    game = GAMES[slug]
    assert game.deals is not None
    assert game.pot.unwon == "ride"


def test_a_brag_pot_nobody_wins_goes_back():
    assert GAMES["brag"].pot.unwon == "return"
    assert GAMES["brag"].deals is None


def test_single_deal_games_leave_the_unwon_pot_to_the_night():
    assert GAMES["seven-card-stud"].pot.unwon is None
    assert GAMES["seven-card-stud"].deals is None


def test_a_shared_amount_has_no_per_player_table_total():
    shared = with_setting().money[0].model_copy(update={"amount": Amount(chips=4, shared=True)})
    assert dealer.phase_costs(make_game().phases[0], {"ante": shared}, players=5)[0].total == ""
    assert Amount(chips=4).times(5) == Amount(chips=20)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"chips": 2, "rounding": "up"}, "only a fraction"),
        ({"pot": "1/2", "shared": True}, "only a fixed amount"),
        ({"stack": False}, "stack is true when given"),
        ({"stack": True, "chips": 1}, "exactly one"),
    ],
)
def test_amount_modifiers_fit_their_units(fields, message):
    with pytest.raises(ValueError, match=message):
        Amount(**fields)


# Steps that depend on a table setting
SIXES = {
    "id": "sixes",
    "kind": "special",
    "title": "Count sixes",
    "text": "Count them.",
    "when": {"sixes": "yes"},
}
SIXES_SETTING = {
    "id": "sixes",
    "question": "Count sixes?",
    "choices": {"no": "No.", "yes": "Yes."},
    "default": "no",
}


def test_a_step_with_when_appears_only_with_its_setting():
    game = make_game(
        phases=[*make_game().model_dump()["phases"][:3], SIXES], settings=[SIXES_SETTING]
    )
    assert "sixes" not in ids(dealer.hand_phases(game, [], {"sixes": "no"}))
    assert "sixes" not in ids(dealer.hand_phases(game, [], {}))
    assert ids(dealer.hand_phases(game, [], {"sixes": "yes"}))[-1] == "sixes"


def test_without_settings_every_step_stays_for_callers_that_do_not_know_them():
    game = make_game(phases=[*make_game().model_dump()["phases"], SIXES], settings=[SIXES_SETTING])
    assert "sixes" in ids(dealer.hand_phases(game, []))


def test_a_setting_the_game_lacks_is_refused_when_choosing_steps():
    with pytest.raises(dealer.SettingError):
        dealer.hand_phases(make_game(), [], {"nope": "x"})


def test_first_bet_after_the_first_up_card_drops_the_first_betting_round():
    daytime = GAMES["baseball-daytime"]
    usual = dealer.hand_phases(daytime, [], {})
    later = dealer.hand_phases(daytime, [], {"first-bet": "no"})
    assert ids(usual)[:4] == ["ante", "deal-1", "bet-1", "deal-2"]
    assert ids(later)[:3] == ["ante", "deal-1", "deal-2"]
    assert len(later) == len(usual) - 1


def test_a_table_that_antes_only_into_an_empty_pot_has_a_conditional_ante_step():
    phases = dealer.hand_phases(GAMES["boo-ray"], [], {})
    ante = phases[0]
    assert (ante.id, ante.only_if) == ("ante", "pot_empty")
    every = dealer.hand_phases(GAMES["boo-ray"], [], {"ante-each-deal": "every-deal"})
    assert (every[0].id, every[0].only_if) == ("ante-every-deal", None)


def test_the_other_charges_drawer_is_the_games_anytime_plus_the_chosen_options():
    game = make_game(
        money=[*make_game().model_dump()["money"], _fine("misdeal")],
        anytime=["misdeal"],
        options=[option("fines", money=[_fine("swearing")], anytime=["swearing", "misdeal"])],
    )
    assert dealer.anytime_rules(game, []) == ["misdeal"]
    fines = dealer.chosen_options(game, ["fines"])
    assert dealer.anytime_rules(game, fines) == ["misdeal", "swearing"]


def _fine(id_: str) -> dict:
    return {"id": id_, "kind": "fine", "text": "A fine.", "payer": "actor", "payee": "pot"}


def test_a_wild_tax_is_offered_from_the_first_up_card_to_the_showdown():
    # A face-up 3 or 9 may be paid for when it lands or at any later betting
    # round; face-down ones at the showdown. No step before the first up card.
    daytime = GAMES["baseball-daytime"]
    offered_at = [p.id for p in daytime.phases if "wild-tax-pay" in p.money]
    assert offered_at == [
        "deal-2",
        "bet-2",
        "bet-3",
        "deal-4",
        "bet-4",
        "deal-5",
        "bet-5",
        "showdown",
    ]
