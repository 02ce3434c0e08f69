"""Money rules of the rulebook booked in the journal, every figure worked out by hand."""

from decimal import Decimal

import pytest

from ledger.core.house_rules import HouseRulesError, house_rules
from ledger.models import Account, Posting
from ledger.services import closing, hands, journal, money_rules
from ledger.services.journal import LedgerError
from ledger.views.forms import HouseRulesForm
from tests.factories import night_with
from tests.ledger.conftest import journal_rows, journal_total

pytestmark = pytest.mark.django_db

HOST = "host:host"
GUTS = "guts-three-card"
TRASH = "trash-poker"


@pytest.fixture
def make_table(host, group):
    """A night with these house settings; Ann, Bob and Cat bought in for these chips."""

    def make(buy_ins=(50, 50, 50), **settings):
        return tuple(night_with(host, group=group, buy_in=buy_ins, settings=settings))

    return make


def deal(night, seats, game, **options):
    """Cat deals, so Ann sits on the dealer's left; everyone antes."""
    hand = hands.hand_start(
        night=night, players=seats, dealer=seats[2], recorded_by=HOST, game_slug=game, **options
    )
    hands.load(hand).collect_antes(recorded_by=HOST)
    return hand


def balance(night, kind, seat=None):
    found = journal.account(night, kind, seat=seat)
    return journal.balances([found])[found.pk]


def stacks(night, seats):
    return [balance(night, Account.Kind.STACK, s) for s in seats]


def charge(hand, rule_id, **facts):
    return money_rules.charge_hand(hand=hand, rule_id=rule_id, recorded_by=HOST, **facts)


def test_guts_losing_challengers_each_match_the_pot_into_the_next_pot(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], GUTS)  # antes of 1: pot 3, stacks 49 each
    posting = charge(hand, "challengers-match", roles={"losers": [cat.pk, bob.pk]})
    # Bob and Cat each match the pot of 3; it rides to the next deal: 6.
    assert stacks(night, [ann, bob, cat]) == [49, 46, 46]
    assert balance(night, Account.Kind.RIDING) == 6
    assert hands.load(hand).pot == 3
    assert posting.kind == "charge"
    assert posting.detail["rule"] == "challengers-match"
    assert posting.detail["mechanics"] == ["M20"]
    assert (
        posting.memo == "Bob pays 3 to the next pot; Cat pays 3 to the next pot "
        "(The guts-er beats every challenger)"
    )
    assert journal_total(night) == 0
    # Chips to the next pot are not put into this one: it is still 1 from each, for anyone.
    [pot] = hands.load(hand).showdown_pots()
    assert (pot.amount, pot.eligible) == (3, {ann.pk, bob.pk, cat.pk})
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat]) == [52, 46, 46]
    # The next hand picks the 6 up: with three antes its pot is 9.
    second = deal(night, [ann, bob, cat], GUTS)
    assert hands.load(second).pot == 9
    assert balance(night, Account.Kind.RIDING) == 0
    assert journal_total(night) == 0


def test_trash_poker_draw_fee_three_draws_count_as_the_drawers_chips_in_the_pot(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], TRASH, side_pots=False)  # pot 3, stacks 49
    charge(hand, "draw-fee", roles={"actor": bob.pk}, count=3)  # 3 x the 1-chip ante
    assert stacks(night, [ann, bob, cat]) == [49, 46, 49]
    play = hands.load(hand)
    assert play.pot == 6
    assert play.state.contributions == {ann.pk: 1, bob.pk: 4, cat.pk: 1}
    assert journal_total(night) == 0
    # A betting round after the charge sees Bob's 46 and opens on the dealer's left as ever.
    hands.load(hand).round_start(recorded_by=HOST)
    now = hands.load(hand).state
    assert now.round.stacks == {ann.pk: 49, bob.pk: 46, cat.pk: 49}
    assert (now.round.turn, now.round.pot_before) == (ann.pk, 6)


def test_black_spot_folded_players_pay_the_winner_twice_their_chips_capped_at_their_stacks(
    make_table,
):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 6, 50))
    hand = deal(night, [ann, bob, cat], TRASH, side_pots=False)  # pot 3; stacks 49, 5, 49
    charge(hand, "draw-fee", roles={"actor": bob.pk}, count=2)  # Bob 3, pot 5
    charge(hand, "draw-fee", roles={"actor": ann.pk})  # Ann 48, pot 6
    hands.load(hand).round_start(recorded_by=HOST)
    for seat, action, amount in ((ann, "bet", 6), (bob, "fold", 0), (cat, "fold", 0)):
        hands.load(hand).act(seat=seat, action=action, amount=amount, recorded_by=HOST)
    # Nobody called: Ann's 6 comes back. In the pot: Ann 2, Bob 3, Cat 1 = 6.
    assert stacks(night, [ann, bob, cat]) == [48, 3, 49]
    # Who folded comes from the hand. Bob owes 2 x 3 = 6 but has only 3; Cat 2 x 1 = 2.
    charge(hand, "black-spot-payout", roles={"winner": ann.pk})
    assert stacks(night, [ann, bob, cat]) == [53, 0, 47]
    assert balance(night, Account.Kind.MARKER, bob) == 0  # Trash Poker: the broke owe nothing
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat]) == [59, 0, 47]  # 106 chips, as bought
    assert journal_total(night) == 0


def test_a_match_a_player_cannot_cover_goes_on_a_marker_and_into_the_settlement(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 11, 50), ante=4, shortfall="marker")
    hand = deal(night, [ann, bob, cat], GUTS)  # antes of 4: pot 12; stacks 46, 7, 46
    posting = charge(hand, "challengers-match", roles={"losers": [bob.pk]})
    # Bob matches 12 with his 7 and owes the other 5.
    assert stacks(night, [ann, bob, cat]) == [46, 0, 46]
    assert balance(night, Account.Kind.MARKER, bob) == -5
    assert balance(night, Account.Kind.RIDING) == 12
    assert posting.memo == (
        "Bob pays 7 to the next pot; Bob owes 5 to the next pot on a marker "
        "(The guts-er beats every challenger)"
    )
    assert journal_total(night) == 0
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)  # Ann 58
    # Ann deals to Cat: the 12 ride in, antes of 4 each make 20, and Cat wins it.
    second = hands.hand_start(night=night, players=[ann, cat], dealer=ann, recorded_by=HOST)
    hands.load(second).collect_antes(recorded_by=HOST)
    hands.load(second).award(winners=[[cat.pk]], recorded_by=HOST)
    assert stacks(night, [ann, bob, cat]) == [54, 0, 62]
    closing.night_end(night=night, counts={ann.pk: 54, bob.pk: 0, cat.pk: 62}, recorded_by=HOST)
    # Nets: Ann 54 - 50 = +4; Bob 0 - 11 - 5 owed = -16; Cat 62 - 50 = +12; they sum to 0.
    assert closing.nets(night) == {ann.pk: 4, bob.pk: -16, cat.pk: 12}
    # At 0.05 a chip Bob pays 0.60 to Cat and 0.20 to Ann.
    paid = {(p.payer_id, p.payee_id, p.amount) for p in night.payments.all()}
    assert paid == {(bob.pk, cat.pk, Decimal("0.60")), (bob.pk, ann.pk, Decimal("0.20"))}
    assert journal_total(night) == 0


def test_chips_owed_on_a_marker_into_the_pot_count_as_the_players_chips_in_it(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 3, 50), shortfall="marker")
    hand = deal(night, [ann, bob, cat], GUTS)  # pot 3; stacks 49, 2, 49
    # The coward's tariff is 0.25 each: 5 chips at 0.05. Bob pays 2 and owes 3.
    charge(hand, "coward-tariff")
    assert stacks(night, [ann, bob, cat]) == [44, 0, 44]
    assert balance(night, Account.Kind.MARKER, bob) == -3
    play = hands.load(hand)
    assert play.pot == 18
    assert play.state.contributions == {ann.pk: 6, bob.pk: 6, cat.pk: 6}
    assert journal_total(night) == 0


def test_a_match_a_player_cannot_cover_is_what_he_has_by_default(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 11, 50), ante=4)
    hand = deal(night, [ann, bob, cat], GUTS)  # pot 12; Bob 7
    posting = charge(hand, "challengers-match", roles={"losers": [bob.pk]})
    assert stacks(night, [ann, bob, cat]) == [46, 0, 46]
    assert balance(night, Account.Kind.RIDING) == 7
    assert not Account.objects.filter(night=night, kind=Account.Kind.MARKER).exists()
    assert posting.memo == "Bob pays 7 to the next pot (The guts-er beats every challenger)"
    assert journal_total(night) == 0


def test_undoing_a_charge_restores_every_account(make_table):
    night, (ann, bob, cat) = make_table(buy_ins=(50, 11, 50), ante=4, shortfall="marker")
    hand = deal(night, [ann, bob, cat], GUTS)
    before = hands.load(hand)
    charge(hand, "challengers-match", roles={"losers": [bob.pk]})
    undo = hands.undo(hand=hand, recorded_by=HOST)
    assert undo.detail == {"reverses": undo.reverses_id, "kind": "charge"}
    assert stacks(night, [ann, bob, cat]) == [46, 7, 46]
    assert balance(night, Account.Kind.MARKER, bob) == 0
    assert balance(night, Account.Kind.RIDING) == 0
    after = hands.load(hand)
    assert after.pot == 12
    assert after.state == before.state
    assert journal_total(night) == 0


def test_a_charge_replays_as_a_fresh_read_of_the_hand_would(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], TRASH, side_pots=False)
    play = hands.load(hand)
    money_rules.charge(play, "pass-fee", roles={"actor": cat.pk}, recorded_by=HOST)
    fresh = hands.load(hand)
    assert play.state == fresh.state
    assert play.pot == fresh.pot == 4
    assert play.stack(cat.pk) == fresh.stack(cat.pk) == 48


@pytest.mark.parametrize(
    ("rule_id", "message"),
    [
        ("no-such-rule", "Guts has no money rule 'no-such-rule'"),
        ("draw-fee", "Guts has no money rule 'draw-fee'"),  # Trash Poker's
    ],
)
def test_a_rule_the_game_does_not_have_is_refused_and_nothing_is_recorded(
    make_table, rule_id, message
):
    night, seats = make_table()
    hand = deal(night, seats, GUTS)
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match=message):
        charge(hand, rule_id, roles={"actor": seats[0].pk})
    assert journal_rows(night) == rows


def test_a_hand_of_no_game_or_missing_facts_is_refused_and_nothing_is_recorded(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], "")
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="Hand 1 is not a game from the rulebook"):
        charge(hand, "challengers-match", roles={"losers": [bob.pk]})
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    guts = deal(night, [ann, bob, cat], GUTS)
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="say who is the losers"):
        charge(guts, "challengers-match")
    assert journal_rows(night) == rows


def test_no_charge_while_a_betting_round_is_open(make_table):
    night, (ann, bob, cat) = make_table()
    hand = deal(night, [ann, bob, cat], TRASH, side_pots=False)
    hands.load(hand).round_start(recorded_by=HOST)
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="Ann to act"):
        charge(hand, "draw-fee", roles={"actor": bob.pk})
    assert journal_rows(night) == rows
    assert Posting.objects.filter(night=night, kind="charge").count() == 0


def test_the_shortfall_setting_is_a_house_setting_a_host_can_choose():
    assert house_rules({}).shortfall == "pay_what_you_have"
    assert house_rules({"shortfall": "marker"}).shortfall == "marker"
    with pytest.raises(HouseRulesError, match="shortfall must be one of"):
        house_rules({"shortfall": "run"})
    base = {"ante": 1, "min_bet": 1, "limit": "no_limit", "odd_chip": "seat_order"}
    base |= {"odd_to": "high", "no_winner": "ride"}
    form = HouseRulesForm(data=base | {"shortfall": "marker"})
    assert form.is_valid(), form.errors
    assert form.house_settings()["shortfall"] == "marker"
    form = HouseRulesForm(data=base)  # a form from before the setting: the default
    assert form.is_valid(), form.errors
    assert form.house_settings()["shortfall"] == "pay_what_you_have"
    assert 'value="marker"' in str(form["shortfall"])
