"""Open points of the money mechanics the table now settles: each choice books its own rule.

For each setting added for docs/money-open-points.md, a game is started with
that choice (`runs.run_start`), dealt, and the rule the choice puts in force is
fired through the ledger; every stack, the hand's pot, the next pot and the
pile beside the pot are checked against figures worked out by hand, and the
other choices' rules are refused with nothing recorded. Chips are 0.05: a
quarter is 5 chips. Ann, Bob and Cat buy in for 50 each; the night's ante is
1; Cat deals, so Ann sits on the dealer's left.
"""

from dataclasses import dataclass

import pytest
from django.db.models import Sum
from django.urls import reverse

from ledger.models import Account
from ledger.services import hands, money_rules, runs
from ledger.services.journal import LedgerError
from rulebook.loader import load_games
from tests.factories import night_with
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db

HOST = "host:host"
GUTS = "guts-three-card"
GRUTS = "gruts"
NOT_IN_FORCE = "no money rule"

# (game, setting id, its default, every choice) for each setting added for the open points.
NEW_SETTINGS = [
    (GUTS, "coward-tariff-to", "pot", {"pot", "game-winner"}),
    (GRUTS, "gooch-rounding", "stays", {"stays", "gutser"}),
]


@dataclass(frozen=True)
class Chips:
    """Every account of the night: stacks in seat order, the hands' pots, the rest."""

    stacks: tuple[int, ...]
    pots: tuple[int, ...]  # each hand's pot, the first hand first
    riding: int = 0  # the next pot
    pile: int = 0  # the pile beside the pot (fines, set-aside tariffs)
    bank: int = -150
    carried: int = 0  # a pot waiting for the next game of its kind


def chips(night, seats) -> Chips:
    found = Account.objects.filter(night=night).annotate(total=Sum("entries__amount"))
    by_key = {a.key: a.total or 0 for a in found}
    carried = {a.key: a.total or 0 for a in found if a.kind == Account.Kind.CARRIED}
    known = {
        *(Account.key_for("stack", s.pk, None) for s in seats),
        *(Account.key_for("pot", None, h.pk) for h in night.hands.all()),
        *(Account.key_for(kind, None, None) for kind in ("riding", "infraction", "bank")),
    }
    assert set(by_key) - set(carried) <= known  # no marker: every account is counted below

    def of(kind, seat=None, hand=None):
        return by_key.get(Account.key_for(kind, seat and seat.pk, hand and hand.pk), 0)

    return Chips(
        stacks=tuple(of("stack", s) for s in seats),
        pots=tuple(of("pot", hand=h) for h in night.hands.order_by("number")),
        riding=of("riding"),
        pile=of("infraction"),
        bank=of("bank"),
        carried=sum(carried.values()),
    )


@pytest.fixture
def make_table(host, group):
    """A night where Ann, Bob and Cat each bought in for 50 chips of 0.05."""

    def make():
        return tuple(night_with(host, group=group, buy_in=50))

    return make


def start(night, seats, game, options=(), **settings):
    """The game chosen at the table with these settings, and its first deal, Cat dealing."""
    run = runs.run_start(
        night=night,
        game_slug=game,
        options=list(options),
        settings=settings,
        agreed={"the table's ante": 1},
        recorded_by=HOST,
    )
    return run, runs.deal_start(run=run, players=seats, dealer_seat=seats[2], recorded_by=HOST)


def fire(hand, rule_id, **facts):
    return money_rules.charge(hands.load(hand), rule_id, recorded_by=HOST, **facts)


def refused(hand, rule_id, **facts):
    """A rule another choice puts in force is refused here, and the journal gets not one row."""
    rows = journal_rows(hand.night)
    with pytest.raises(LedgerError, match=NOT_IN_FORCE):
        fire(hand, rule_id, **facts)
    assert journal_rows(hand.night) == rows


def award(hand, *winners):
    hands.load(hand).award(winners=[[s.pk for s in pot] for pot in winners], recorded_by=HOST)


# --- Guts: the coward tax is one tax, into the pot ------------------------------------------------


def test_coward_tax_goes_into_the_pot_and_the_redeal_plays_for_it(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GUTS, options=["coward-tax"])
    fire(hand, "ante")  # pot 3; 49 each
    # Everyone passes; Bob would have won and pays the quarter tax: 5 into the pot.
    fire(hand, "coward-tax-pay", roles={"best_hand": bob.pk})
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(8,))
    fire(hand, "all-pass")  # the 8 ride to the redeal
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(0,), riding=8)
    assert journal_total(night) == 0


def test_no_table_turns_the_one_coward_tax_into_one_per_player(make_table):
    night, (ann, bob, cat) = make_table()
    # The page leaves open only who receives the tax, never how many: Guts has no setting
    # that makes Bob pay a quarter to each other player.
    with pytest.raises(LedgerError, match=r"no table setting called .coward-tax-to."):
        start(
            night, [ann, bob, cat], GUTS, options=["coward-tax"], **{"coward-tax-to": "each-other"}
        )


# --- Guts: which challengers win when the guts-er loses -------------------------------------------


def test_every_challenger_who_beat_the_gutser_shares_the_pot_at_a_table_that_chose_it(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GUTS, **{"winning-challengers": "every-beater"})
    fire(hand, "ante")  # pot 3; 49 each
    # Ann's guts loses to Bob and to Cat, Cat's hand the better: both beat her, both share.
    refused(hand, "challenger-split", roles={"winners": [bob.pk, cat.pk]})
    fire(hand, "every-beater-split", roles={"winners": [bob.pk, cat.pk]})
    # 3 split in two: the odd chip to Bob, the first of them from Cat's (the dealer's) left.
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 51, 50), pots=(0,))
    assert journal_total(night) == 0


def test_only_the_best_challenger_takes_the_pot_by_default(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GUTS)
    fire(hand, "ante")  # pot 3; 49 each
    refused(hand, "every-beater-split", roles={"winners": [cat.pk]})
    fire(hand, "challenger-split", roles={"winners": [cat.pk]})  # Cat's hand was the best
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 49, 52), pots=(0,))
    assert journal_total(night) == 0


# --- Guts: who receives the coward tariff --------------------------------------------------------


def test_coward_tariff_goes_into_the_pot_by_default(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GUTS, options=["coward-tariff"])
    fire(hand, "ante")  # pot 3; 49 each
    fire(hand, "coward-tariff")  # a quarter each: 3 x 5 = 15 into the pot
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 44, 44), pots=(18,))
    refused(hand, "coward-tariff-aside")
    refused(hand, "tariffs-to-winner", roles={"winner": ann.pk})
    assert journal_total(night) == 0


def test_coward_tariff_set_aside_grows_no_match_and_goes_to_whoever_ends_the_game(make_table):
    night, (ann, bob, cat) = make_table()
    run, first = start(
        night,
        [ann, bob, cat],
        GUTS,
        options=["coward-tariff"],
        **{"coward-tariff-to": "game-winner"},
    )
    fire(first, "ante")  # pot 3; 49 each
    fire(first, "coward-tariff-aside")  # 15 in the pile beside the pot
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 44, 44), pots=(3,), pile=15)
    refused(first, "coward-tariff")
    fire(first, "all-pass")  # the antes ride; the pile stays aside
    award(first)
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 44, 44), pots=(0,), riding=3, pile=15)
    # Deal 2: the 3 ride in (no ante on a riding pot). Ann says guts, Bob challenges and
    # loses: he matches the pot of 3, not 3 + 15.
    second = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST)
    fire(second, "challengers-match", roles={"losers": [bob.pk]})
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(44, 41, 44), pots=(0, 3), riding=3, pile=15
    )
    award(second, [ann])  # 44 + 3; Bob's 3 ride
    # Deal 3: Ann's guts goes unchallenged: the game ends and she takes the pot and the pile.
    third = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=bob, recorded_by=HOST)
    fire(third, "tariffs-to-winner", roles={"winner": ann.pk})  # 47 + 15
    award(third, [ann])  # 62 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(65, 41, 44), pots=(0, 0, 0))
    assert journal_total(night) == 0


# --- Gruts: who receives the fine ----------------------------------------------------------------


def test_gruts_fine_waits_beside_the_pot_and_joins_the_next_pot(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GRUTS)
    fire(hand, "ante")  # pot 3; 49 each
    fire(hand, "fine", roles={"actor": ann.pk}, count=2)  # two slips: 10 beside the pot
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 49, 49), pots=(3,), pile=10)
    # Cat's gruts beats Bob: he matches the pot of 3, fines left out.
    fire(hand, "challengers-match", roles={"losers": [bob.pk]})
    fire(hand, "fines-join")  # the 10 ride with Bob's 3
    award(hand, [cat])  # 49 + 3
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(39, 46, 52), pots=(0,), riding=13)
    assert journal_total(night) == 0


# --- Every new setting: the default first, and asked when the game is chosen ---------------------


@pytest.mark.parametrize(("slug", "setting_id", "default", "choices"), NEW_SETTINGS)
def test_each_new_setting_lists_its_default_first(slug, setting_id, default, choices):
    game = next(g for g in load_games() if g.slug == slug)
    setting = next(s for s in game.settings if s.id == setting_id)
    assert setting.default == default
    assert next(iter(setting.choices)) == default
    assert set(setting.choices) == choices


@pytest.mark.parametrize(("slug", "setting_id", "default", "choices"), NEW_SETTINGS)
def test_the_game_start_page_asks_each_new_setting(
    client, host, night, slug, setting_id, default, choices
):
    client.force_login(host)
    game = next(g for g in load_games() if g.slug == slug)
    setting = next(s for s in game.settings if s.id == setting_id)
    page = client.get(reverse("ledger:game_new", args=[night.pk]) + f"?game={slug}")
    assert page.status_code == 200
    words = page.content.decode().replace("&#x27;", "'").replace("&quot;", '"')
    assert " ".join(setting.question.split()) in " ".join(words.split())
    for label in setting.choices.values():
        assert " ".join(label.split()) in " ".join(words.split())


# --- Gruts plays like Guts: Guts' options switch on in Gruts too ---------------------------------


def test_gruts_offers_every_option_guts_offers():
    games = {g.slug: g for g in load_games()}
    assert {o.id for o in games[GRUTS].options} == {o.id for o in games[GUTS].options}


@pytest.mark.parametrize(
    ("rounding", "rule", "other", "ann_takes"),
    [("stays", "gooch-half", "gooch-half-up", 1), ("gutser", "gooch-half-up", "gooch-half", 2)],
)
def test_gruts_with_the_gooch_a_gruts_er_beaten_by_a_later_gooch_takes_half_the_pot(
    make_table, rounding, rule, other, ann_takes
):
    night, (ann, bob, cat) = make_table()
    _, hand = start(
        night, [ann, bob, cat], GRUTS, options=["gooch"], **{"gooch-rounding": rounding}
    )
    fire(hand, "ante")  # pot 3; 49 each
    refused(hand, other, roles={"winner": ann.pk})
    # Nobody chawawenges Ann; she beats the first gooch, not the second: half of 3.
    fire(hand, rule, roles={"winner": ann.pk})
    assert chips(night, [ann, bob, cat]) == Chips(
        stacks=(49 + ann_takes, 49, 49), pots=(3 - ann_takes,)
    )
    assert journal_total(night) == 0


def test_gruts_with_coward_tax_and_tariff_everyone_passing_pays_into_the_pot(make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GRUTS, options=["coward-tax", "coward-tariff"])
    fire(hand, "ante")  # pot 3; 49 each
    # Nobody says gruts: Bob would have won and pays the tax; everyone pays the tariff.
    fire(hand, "coward-tax-pay", roles={"best_hand": bob.pk})  # 5 into the pot
    fire(hand, "coward-tariff")  # 3 x 5 into the pot
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 39, 44), pots=(23,))
    fire(hand, "all-pass")  # all 23 ride to the redeal; the fines pile is untouched
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(44, 39, 44), pots=(0,), riding=23)
    assert journal_total(night) == 0


def test_gruts_coward_tax_is_one_quarter_and_no_table_turns_it_into_one_per_player(make_table):
    night, (ann, bob, cat) = make_table()
    # The seed leaves open only who receives the tax, never how much: Gruts has no setting
    # that makes Bob pay a quarter to each other player.
    with pytest.raises(LedgerError, match=r"no table setting called 'coward-tax-to'"):
        start(
            night, [ann, bob, cat], GRUTS, options=["coward-tax"], **{"coward-tax-to": "each-other"}
        )
    _, hand = start(night, [ann, bob, cat], GRUTS, options=["coward-tax"])
    fire(hand, "ante")  # pot 3; 49 each
    fire(hand, "coward-tax-pay", roles={"best_hand": bob.pk})  # one quarter, 5 into the pot
    assert chips(night, [ann, bob, cat]) == Chips(stacks=(49, 44, 49), pots=(8,))
    assert journal_total(night) == 0


# --- The pile beside the pot is called what the game calls it ------------------------------------


def _table_page(client, host, night):
    client.force_login(host)
    page = client.get(reverse("ledger:night", args=[night.pk]))
    assert page.status_code == 200
    return " ".join(page.content.decode().split())


def test_guts_tariffs_set_aside_are_the_pile_beside_the_pot_not_an_infraction_pot(
    client, host, make_table
):
    night, (ann, bob, cat) = make_table()
    _, hand = start(
        night,
        [ann, bob, cat],
        GUTS,
        options=["coward-tariff"],
        **{"coward-tariff-to": "game-winner"},
    )
    fire(hand, "ante")
    posting = fire(hand, "coward-tariff-aside")
    assert posting.memo.startswith("Ann pays 5 to the pile beside the pot;")
    assert "infraction" not in posting.memo
    page = _table_page(client, host, night)
    assert "The pile beside the pot: 15 chips ($0.75), for whoever ends the game." in page
    assert "nfraction" not in page


def test_gruts_fines_are_the_fines_pile_and_wait_for_the_next_deal(client, host, make_table):
    night, (ann, bob, cat) = make_table()
    _, hand = start(night, [ann, bob, cat], GRUTS)
    fire(hand, "ante")
    posting = fire(hand, "fine", roles={"actor": ann.pk}, count=2)
    assert posting.memo.startswith("Ann pays 10 to the fines pile")
    page = _table_page(client, host, night)
    assert "The fines pile: 10 chips ($0.50), for the next deal." in page
    assert "nfraction" not in page
    # When the pile joins the next pot, the history names it the same way.
    joined = fire(hand, "fines-join")
    assert joined.memo.startswith("the fines pile pays 10 to the next pot")
