"""Every "Tables differ" choice of every game reaches the chips it says, or says it moves none.

A setting reaches the ledger one of three ways (see `rulebook.schema.Setting`):
money rules or steps tied to its choices (`when`), the night's house settings
its choices answer for the game's hands (`house`), or not at all
(`words_only`, said on the rule page). Each case is checked for every choice
of every game, from the rulebook as loaded, on a night where Ann, Bob and Cat
each bought 40 chips, Cat deals (Ann sits on her left) and everyone antes 1.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.core import facts
from ledger.models import Account
from ledger.services import games, hands, money_rules, runs
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import HOUSE_KEYS, WORDS_ONLY
from tests.factories import night_with
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db

HOST = "host:host"
GAMES = load_games()


def _rules(game):
    return [(None, r) for r in game.money] + [(o.id, r) for o in game.options for r in o.money]


def _steps(game):
    return [(None, p) for p in game.phases] + [
        (o.id, p) for o in game.options for p in dealer._added_phases(o)
    ]


def _cases(kind):
    """Every (game, setting, choice) of one kind: tied to rules, to steps, to house settings."""
    found = []
    for game in GAMES:
        for setting in game.settings:
            for choice in setting.choices:
                if kind == "rule":
                    hit = any(r.when.get(setting.id) == choice for _, r in _rules(game))
                    hit = hit or _twins(game, setting, choice)
                elif kind == "step":
                    hit = any(p.when.get(setting.id) for _, p in _steps(game))
                else:
                    hit = bool(setting.house)
                if hit:
                    found.append(
                        pytest.param(game, setting, choice, id=f"{game.slug}-{setting.id}-{choice}")
                    )
    return found


def _twins(game, setting, choice):
    """The rules of the other choices of `setting`: out of force when `choice` is chosen."""
    return [
        (owner, r)
        for owner, r in _rules(game)
        if setting.id in r.when and r.when[setting.id] != choice
    ]


WORDS_ONLY_SETTINGS = [
    pytest.param(game, setting, id=f"{game.slug}-{setting.id}")
    for game in GAMES
    for setting in game.settings
    if setting.words_only
]


@pytest.fixture
def table(host, group):
    """Ann, Bob and Cat, 40 chips each; a function starts a game and deals its first hand."""
    night, seats = night_with(host, group=group, buy_in=40)

    def deal(game, options=(), settings=None):
        options, settings = list(options), dict(settings or {})
        agreed = dict.fromkeys(runs.needed_agreed(game, options, settings), 1)
        run = runs.run_start(
            night=night,
            game_slug=game.slug,
            options=options,
            settings=settings,
            agreed=agreed,
            recorded_by=HOST,
        )
        # A game of fewer players (Pokino's two) is dealt to as many as it takes.
        players = seats[: game.players.max or len(seats)]
        hand = runs.deal_start(run=run, players=players, dealer_seat=players[-1], recorded_by=HOST)
        return run, hand

    return night, seats, deal


def _options_for(game, owners):
    """The options to switch on so the named options' rules are in force."""
    return [o for o in dict.fromkeys(owners) if o]


def _facts(rule, seats):
    """Generic facts for one firing: Ann plays the first role asked, Bob the next; a bet of 1."""
    need = facts.needs(rule)
    roles = {}
    for index, role in enumerate(need.roles):
        seat = seats[index % 2].pk
        roles[role.name] = [seat] if role.many else seat
    count = {s.pk: 1 for s in seats} if need.per_seat else 1
    return {"roles": roles, "count": count, "bet": 1 if need.bet else None}


# --- Rules tied to a choice ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "setting", "choice"), _cases("rule"))
def test_a_choice_puts_its_rules_in_force_and_refuses_the_other_choices_rules(
    table, game, setting, choice
):
    night, seats, deal = table
    mine = [(o, r) for o, r in _rules(game) if r.when.get(setting.id) == choice]
    others = _twins(game, setting, choice)
    # Each rule of this choice, at a table that chose everything its `when` names.
    for owner, rule in mine:
        options = _options_for(game, [owner])
        run, hand = deal(game, options, {**rule.when})
        in_force = money_rules.rule_in_force(hand, rule.id)
        assert in_force.id == rule.id
        if facts.bookable(rule):
            hands.load(hand).collect_antes(recorded_by=HOST)
            before = journal_rows(night)
            try:
                posting = money_rules.book(
                    hands.load(hand),
                    money_rules.Booking(rule=rule.id, **_facts(rule, seats)),
                    recorded_by=HOST,
                )
            except LedgerError as exc:
                # Only the facts of this generic firing may fall short (nobody folded, an
                # empty riding pot), never the rule's presence.
                refused = str(exc)
                assert "in force" not in refused
                assert journal_rows(night) == before
            else:
                # Chips booked under the rule, or points on a points game's score sheet.
                assert posting is None or posting.detail["rule"] == rule.id
                assert journal_total(night) == 0
        _end(night, run, hand)
    # The rules of the other choices are refused by name, and nothing is recorded; an
    # option's rules are tried with that option on.
    chosen = dealer.table_settings(game, {setting.id: choice})
    for owner in dict.fromkeys(o for o, _ in others):
        run, hand = deal(game, _options_for(game, [owner]), {setting.id: choice})
        for _, rule in [(o, r) for o, r in others if o == owner]:
            assert not rule.in_force(chosen)
            before = journal_rows(night)
            with pytest.raises(LedgerError, match=r"no money rule .* in force"):
                money_rules.charge_hand(hand=hand, rule_id=rule.id, recorded_by=HOST)
            assert journal_rows(night) == before
        _end(night, run, hand)


def _end(night, run, hand):
    """Clear the table for the next game: settle the hand without moving chips, end the game."""
    hand.refresh_from_db()
    if hand.status != hand.Status.SETTLED:
        hand.status = hand.Status.SETTLED
        hand.save(update_fields=["status"])
    run.refresh_from_db()
    if run.status == run.Status.OPEN:
        games.close_run(run, run.Ending.WON)


# --- Steps tied to a choice ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "setting", "choice"), _cases("step"))
def test_a_choice_keeps_its_steps_and_drops_the_other_choices_steps(table, game, setting, choice):
    _, _, deal = table
    run, _ = deal(game, [], {setting.id: choice})
    chosen = dealer.table_settings(game, run.settings)
    assert chosen[setting.id] == choice
    for owner in dict.fromkeys(o for o, p in _steps(game) if setting.id in p.when):
        # The game's own steps as the run plays them; an option's, with that option on.
        if owner is None:
            played = games.steps(run)
        else:
            played = dealer.hand_phases(game, dealer.chosen_options(game, [owner]), run.settings)
        ids = [p.id for p in played]
        for o, phase in _steps(game):
            if o != owner or setting.id not in phase.when:
                continue
            if phase.when[setting.id] == choice and phase.in_force(chosen):
                assert phase in played
            else:
                assert phase not in played
        assert len(ids) == len(set(ids)) or owner is not None


# --- House settings a choice answers ---------------------------------------------------------


@pytest.mark.parametrize(("game", "setting", "choice"), _cases("house"))
def test_a_choice_sets_the_hands_house_settings_and_the_award_follows(table, game, setting, choice):
    night, (ann, bob, cat), deal = table
    answers = setting.house[choice]
    # The night says otherwise on every key the choice answers: the game's choice counts.
    night.settings = {**(night.settings or {}), **{k: _other(k, v) for k, v in answers.items()}}
    night.save(update_fields=["settings"])
    _, hand = deal(game, [], {setting.id: choice})
    for key, value in answers.items():
        assert key in HOUSE_KEYS
        assert hand.config[key] == value
    hands.load(hand).collect_antes(recorded_by=HOST)  # a pot of 3: odd
    play = hands.load(hand)
    if "odd_to" in answers:
        # Ann alone high, Bob alone low: 3 chips halve as 2 and 1, the 2 to the chosen side.
        play.award(winners=[[ann.pk]], low_winners=[[bob.pk]], recorded_by=HOST)
        high, low = (2, 1) if answers["odd_to"] == "high" else (1, 2)
        assert _stacks(night, [ann, bob, cat]) == [39 + high, 39 + low, 39]
    if answers.get("declare_both") is False:
        # Nobody declares both at this table: Ann's "both" is refused.
        with pytest.raises(LedgerError, match="Nobody declares both"):
            play.declared_winners(
                {ann.pk: "both", bob.pk: "low", cat.pk: "high"},
                high_order=[[ann.pk], [cat.pk]],
                low_order=[[ann.pk, bob.pk]],
            )
    elif "both_must_win_outright" in answers:
        # Ann declares both: best high alone, but ties Bob for low. Cat declares high.
        high, low = play.declared_winners(
            {ann.pk: "both", bob.pk: "low", cat.pk: "high"},
            high_order=[[ann.pk], [cat.pk]],
            low_order=[[ann.pk, bob.pk], [cat.pk]],
        )
        if answers["both_must_win_outright"]:
            assert (high, low) == ([[cat.pk]], [[bob.pk]])  # the tie costs Ann everything
        else:
            assert (high, low) == ([[ann.pk]], [sorted([ann.pk, bob.pk])])
        play.award(winners=high, low_winners=low, recorded_by=HOST)
        ann_gets = _stacks(night, [ann])[0] - 39
        assert (ann_gets == 0) is answers["both_must_win_outright"]
    assert journal_total(night) == 0


def _other(key, value):
    """Another value of the same house setting."""
    return next(v for v in HOUSE_KEYS[key] if v != value)


def _stacks(night, seats):
    from ledger.services import journal

    accounts = [journal.account(night, Account.Kind.STACK, seat=s) for s in seats]
    held = journal.balances(accounts)
    return [held[a.pk] for a in accounts]


# --- Words only ------------------------------------------------------------------------------

_PAGES: dict[str, str] = {}


@pytest.mark.parametrize(("game", "setting"), WORDS_ONLY_SETTINGS)
def test_a_words_only_setting_says_on_the_rule_page_that_it_moves_no_chips(client, game, setting):
    if game.slug not in _PAGES:
        page = client.get(reverse("rulebook:game", args=[game.slug])).content.decode()
        _PAGES[game.slug] = page.replace("&#x27;", "'").replace("&quot;", '"')
    page = _PAGES[game.slug]
    card = page.split(f"<strong>Tables differ:</strong> {setting.question}", 1)[1]
    card = card.split('<div class="card differ">', 1)[0]
    assert WORDS_ONLY in card


# --- Worked by hand --------------------------------------------------------------------------

PASS_THE_TRASH = next(g for g in GAMES if g.slug == "pass-the-trash")
HI_DI_DEU_WI = next(g for g in GAMES if g.slug == "hi-di-deu-wi")


def _pot_of(hand, seats, bet):
    """Antes of 1, then Ann bets `bet` and the others in `seats` call, the rest fold."""
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    ann, bob, cat = seats
    moves = [(ann, "bet", bet), (bob, "call", 0), (cat, "call", 0)]
    for seat, action, amount in moves:
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)


@pytest.mark.parametrize("outright", ["yes", "no"])
def test_pass_the_trash_a_both_declarer_who_wins_only_one_way_gets_nothing(table, outright):
    night, (ann, bob, cat), deal = table
    _, hand = deal(PASS_THE_TRASH, ["high-low"], {"both-must-win-outright": outright})
    _pot_of(hand, (ann, bob, cat), 3)  # 3 antes + 3 x 3 = 12; everyone has 36 left
    # Ann declares both: best high, but Bob's low beats hers. Cat declares high.
    high, low = hands.load(hand).declared_winners(
        {ann.pk: "both", bob.pk: "low", cat.pk: "high"},
        high_order=[[ann.pk], [cat.pk]],
        low_order=[[bob.pk], [ann.pk]],
    )
    hands.load(hand).award(winners=high, low_winners=low, recorded_by=HOST)
    # Either way Ann loses everything: Cat takes the high half, Bob the low half.
    assert _stacks(night, [ann, bob, cat]) == [36, 42, 42]


@pytest.mark.parametrize(
    ("outright", "expected"),
    [
        # A tie for low costs Ann both halves: Cat 6 for high, Bob 6 for low.
        ("yes", [36, 42, 42]),
        # A tie is enough: Ann 6 for high and half the low half, 3; Bob the other 3.
        ("no", [45, 39, 36]),
    ],
)
def test_pass_the_trash_a_both_declarer_who_ties_one_way_follows_the_games_setting(
    table, outright, expected
):
    night, (ann, bob, cat), deal = table
    _, hand = deal(PASS_THE_TRASH, ["high-low"], {"both-must-win-outright": outright})
    assert hand.config["both_must_win_outright"] is (outright == "yes")
    _pot_of(hand, (ann, bob, cat), 3)
    high, low = hands.load(hand).declared_winners(
        {ann.pk: "both", bob.pk: "low", cat.pk: "high"},
        high_order=[[ann.pk], [cat.pk]],
        low_order=[[ann.pk, bob.pk]],
    )
    hands.load(hand).award(winners=high, low_winners=low, recorded_by=HOST)
    assert _stacks(night, [ann, bob, cat]) == expected
    assert journal_total(night) == 0


@pytest.mark.parametrize(
    ("odd_chip", "rule", "other", "expected"),
    [
        # Pot 13: the diamond half rounded down is 6 to Bob; Ann's best hand takes 7.
        ("best-hand", "diamond-split", "diamond-split-odd-chip", [41, 40, 39]),
        # Rounded up, the diamond half is 7 of 13 to Bob; Ann takes the other 6.
        ("diamond", "diamond-split-odd-chip", "diamond-split", [40, 41, 39]),
    ],
)
def test_hi_di_deu_wi_the_odd_chip_goes_with_the_half_the_table_chose(
    table, odd_chip, rule, other, expected
):
    night, (ann, bob, cat), deal = table
    _, hand = deal(HI_DI_DEU_WI, [], {"odd-chip": odd_chip})
    hands.load(hand).collect_antes(recorded_by=HOST)  # pot 3; everyone 39
    hands.load(hand).round_start(recorded_by=HOST)
    for seat, action, amount in ((ann, "bet", 5), (bob, "call", 0), (cat, "fold", 0)):
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)
    assert hands.load(hand).pot == 13  # Ann 34, Bob 34, Cat 39
    before = journal_rows(night)
    with pytest.raises(LedgerError, match=r"no money rule .* in force"):
        money_rules.charge_hand(hand=hand, rule_id=other, recorded_by=HOST)
    assert journal_rows(night) == before
    # Bob holds the highest diamond; Ann the best hand.
    money_rules.showdown(
        hands.load(hand),
        bookings=[money_rules.Booking(rule=rule, roles={"winners": [bob.pk]})],
        winners=[[ann.pk]],
        recorded_by=HOST,
    )
    assert _stacks(night, [ann, bob, cat]) == expected
    assert journal_total(night) == 0


# --- The odd chip of a half-pot rule follows the game's setting, booked either way -----------

# (game, options, setting, choice, the half-pot rule in force, its twin refused, the low side
# rounded up): for every game with a half-pot rule and an odd-chip setting. The rule pays the
# low side (7/27: the 7 side) its half; the high side takes the rest with the award.
ODD_CHIP_HALVES = [
    ("red-and-black", [], "ties-odd-chip", "split-high", "split", "split-odd-chip", False),
    ("red-and-black", [], "ties-odd-chip", "split-low", "split-odd-chip", "split", True),
    (
        "red-and-black-encyclopedia",
        [],
        "ties",
        "share-half",
        "point-split",
        "point-split-odd-chip-high",
        True,
    ),
    (
        "red-and-black-encyclopedia",
        [],
        "ties",
        "share-with-odd-chip-high",
        "point-split-odd-chip-high",
        "point-split",
        False,
    ),
    ("numbers", [], "ties-odd-chip", "split-high", "split", "split-odd-chip", False),
    ("numbers", [], "ties-odd-chip", "split-low", "split-odd-chip", "split", True),
    (
        "seven-twenty-seven",
        [],
        "odd-chip",
        "twenty-seven",
        "split-7-27",
        "split-7-27-odd-chip",
        False,
    ),
    ("seven-twenty-seven", [], "odd-chip", "seven", "split-7-27-odd-chip", "split-7-27", True),
    ("stendahl", [], "odd-chip", "high", "split", "split-odd-chip", False),
    ("stendahl", [], "odd-chip", "low", "split-odd-chip", "split", True),
    ("howdy-doody", [], "odd-chip", "high", "high-low-split", "high-low-split-odd-chip", False),
    ("howdy-doody", [], "odd-chip", "low", "high-low-split-odd-chip", "high-low-split", True),
    (
        "selection-rejection",
        [],
        "odd-chip",
        "high",
        "high-low-split",
        "high-low-split-odd-chip",
        False,
    ),
    (
        "selection-rejection",
        [],
        "odd-chip",
        "low",
        "high-low-split-odd-chip",
        "high-low-split",
        True,
    ),
    (
        "roll-your-own",
        ["high-low"],
        "odd-chip",
        "high",
        "high-low-split",
        "high-low-split-odd-chip",
        False,
    ),
    (
        "roll-your-own",
        ["high-low"],
        "odd-chip",
        "low",
        "high-low-split-odd-chip",
        "high-low-split",
        True,
    ),
    (
        "pass-the-trash",
        ["high-low"],
        "odd-chip",
        "high",
        "high-low-split",
        "high-low-split-odd-chip",
        False,
    ),
    (
        "pass-the-trash",
        ["high-low"],
        "odd-chip",
        "low-or-passer",
        "high-low-split-odd-chip",
        "high-low-split",
        True,
    ),
]


def _pot_of_13(hand, ann, bob, cat):
    """Antes of 1 (3), Ann bets 5 and Bob calls, Cat folds: a pot of 13; Ann 34, Bob 34, Cat 39."""
    hands.load(hand).collect_antes(recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST)
    for seat, action, amount in ((ann, "bet", 5), (bob, "call", 0), (cat, "fold", 0)):
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)
    assert hands.load(hand).pot == 13


@pytest.mark.parametrize(
    ("slug", "options", "setting", "choice", "rule", "other", "low_up", "way"),
    [
        pytest.param(*case, way, id=f"{case[0]}-{case[3]}-{way}")
        for case in ODD_CHIP_HALVES
        for way in ("rule-then-award", "high-and-low-award")
    ],
)
def test_the_odd_chip_of_a_halved_pot_goes_where_the_game_setting_says_either_way_it_is_booked(
    table, slug, options, setting, choice, rule, other, low_up, way
):
    night, (ann, bob, cat), deal = table
    game = next(g for g in GAMES if g.slug == slug)
    _, hand = deal(game, options, {setting: choice})
    assert hand.config["odd_to"] == ("low" if low_up else "high")
    _pot_of_13(hand, ann, bob, cat)
    # Ann has the high side, Bob the low side: 13 halves as 7 and 6, the 7 to the chosen side.
    expected = [40, 41, 39] if low_up else [41, 40, 39]
    before = journal_rows(night)
    with pytest.raises(LedgerError, match=r"no money rule .* in force"):
        money_rules.charge_hand(hand=hand, rule_id=other, recorded_by=HOST)
    assert journal_rows(night) == before
    if way == "rule-then-award":
        # The half-pot rule is how the award splits the pot: booked on its own it is refused,
        # so the journal never says who won which half twice.
        with pytest.raises(LedgerError, match="the award pays the halves"):
            money_rules.showdown(
                hands.load(hand),
                bookings=[money_rules.Booking(rule=rule, roles={"winners": [bob.pk]})],
                winners=[[ann.pk]],
                recorded_by=HOST,
            )
        assert journal_rows(night) == before
    # The dealer names the high and the low winner; the award halves the pot.
    hands.load(hand).award(winners=[[ann.pk]], low_winners=[[bob.pk]], recorded_by=HOST)
    assert _stacks(night, [ann, bob, cat]) == expected
    assert journal_total(night) == 0


def _half_pot_splits(game, owner):
    return [
        r
        for o, r in _rules(game)
        if o == owner and r.kind == "split" and r.amount is not None and r.amount.pot == "1/2"
    ]


def test_every_half_pot_split_follows_the_games_odd_chip_setting_choice_by_choice():
    """A game whose odd-chip setting answers `odd_to` has, for each of its half-pot splits
    (the game's own, or one option's), one rule per choice: rounded up for the low side.
    The game's own splits are worked by hand above; Pass the Trash's passer half is too."""
    worked = {(case[0], case[3]) for case in ODD_CHIP_HALVES}
    checked = set()
    for game in GAMES:
        odd = [s for s in game.settings if any("odd_to" in v for v in s.house.values())]
        for setting in odd:
            for owner in [None, *(o.id for o in game.options)]:
                halves = _half_pot_splits(game, owner)
                if not halves:
                    continue
                for choice in setting.choices:
                    in_force = [r for r in halves if r.when.get(setting.id) == choice]
                    assert len(in_force) == 1, (game.slug, owner, setting.id, choice)
                    low = setting.house[choice]["odd_to"] == "low"
                    assert (in_force[0].amount.rounding == "up") is low
                    assert (game.slug, choice) in worked
                    checked.add(game.slug)
    assert checked == {case[0] for case in ODD_CHIP_HALVES}
