"""People come and go while a game's pot rides over several deals.

Worked by hand, on a Guts night (the night's ante is 1, a short payment goes
on a marker): Ann, Bob and Cat buy 20 each; in deal 1 (Cat deals) each antes
1, Bob loses the challenge and matches the 3-chip pot into the next pot, and
Ann takes the 3. Then Ann has 22, Bob 16, Cat 19, and 3 ride; Ann has put in
1, Bob 4 (his ante and his match), Cat 1.

From there someone sits down (Dee, with 10) or goes home, and every stack,
pot and posting is checked; a refused step leaves the journal as it was.
"""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ledger.core import come_and_go
from ledger.core.house_rules import HouseRulesError, house_rules
from ledger.core.pots import PotError
from ledger.models import Account, Entry, Group, Person, Posting, Run
from ledger.services import closing, games, hands, money_rules, runs, seating
from ledger.services.journal import LedgerError
from tests.ledger.conftest import journal_rows

HOST = "host:host"
GUTS = "guts-three-card"


def chips(night) -> dict[str, int]:
    """Every account's chips by the names the table uses: stacks and markers by person."""
    held: dict[str, int] = {}
    for entry in Entry.objects.filter(account__night=night).select_related("account__seat__person"):
        account = entry.account
        name = account.kind
        if account.seat_id is not None:
            name = f"{account.kind} {account.seat.person.name}"
        elif account.kind == Account.Kind.POT:
            name = f"pot {account.hand_id}"
        held[name] = held.get(name, 0) + entry.amount
    return {k: v for k, v in held.items() if v or k.startswith(("stack", "riding", "marker"))}


def stacks(night, *seats) -> list[int]:
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


def riding(night) -> int:
    return games.riding(night)


def refused(night, write, message: str) -> None:
    """The write is refused with `message`, and not one row is written."""
    before = journal_rows(night)
    with pytest.raises(LedgerError) as caught, transaction.atomic():
        write()
    assert str(caught.value) == message
    assert journal_rows(night) == before


def settle_nobody(hand) -> None:
    play = hands.load(hand)
    play.award(winners=[[] for _ in play.showdown_pots()], recorded_by=HOST)


def set_house(night, **changes) -> None:
    night.settings = house_rules({**night.settings, **changes}).as_dict()
    night.save(update_fields=["settings"])


@pytest.fixture
def guts(night, seats):
    """Deal 1 of Guts played as the docstring says: 3 ride, Ann 22, Bob 16, Cat 19."""
    set_house(night, shortfall="marker")
    ann, bob, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=20, recorded_by=HOST)
    run = start(night, GUTS)
    hand = runs.deal_start(run=run, players=seats, dealer_seat=cat, recorded_by=HOST)
    money_rules.charge(hands.load(hand), "ante", recorded_by=HOST)
    money_rules.charge(
        hands.load(hand), "challengers-match", recorded_by=HOST, roles={"losers": [bob.pk]}
    )
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    run.refresh_from_db()
    assert run.status == Run.Status.OPEN
    assert stacks(night, ann, bob, cat) == [22, 16, 19]
    assert riding(night) == 3
    assert runs.put_in(run) == {ann.pk: 1, bob.pk: 4, cat.pk: 1}
    return night, run, (ann, bob, cat)


def start(night, slug: str, settings: dict | None = None) -> Run:
    """The game, its agreed amounts confirmed at the night's ante (as the start page offers)."""
    needed = runs.needed_agreed(games.spec_of(slug), [], settings or {})
    ante = house_rules(night.settings).ante
    agreed = dict.fromkeys(needed, ante)
    return runs.run_start(
        night=night, game_slug=slug, settings=settings or {}, agreed=agreed, recorded_by=HOST
    )


def newcomer(night, group, name="Dee", buy=10):
    seat = seating.seat_add(night=night, person=Person.objects.create(group=group, name=name))
    if buy:
        seating.buy_in(night=night, seat=seat, chips=buy, recorded_by=HOST)
    return seat


# --- The pure layer ---------------------------------------------------------------------------


@pytest.mark.pure
def test_a_leaver_takes_back_their_share_of_what_rides_among_those_still_in():
    # 3 ride; put in Ann 1, Bob 4, Cat 1: Bob's exact share is 2.
    assert come_and_go.leaver_share(3, {1: 1, 2: 4, 3: 1}, {1, 2, 3}, 2, [1, 2, 3]) == 2
    # Someone who already left is not counted: 1 left, Ann and Cat put in 1 each.
    assert come_and_go.leaver_share(1, {1: 1, 2: 4, 3: 1}, {1, 3}, 1, [1, 2, 3]) == 1
    assert come_and_go.leaver_share(1, {1: 1, 2: 4, 3: 1}, {1, 3}, 3, [1, 2, 3]) == 0


@pytest.mark.pure
def test_a_leaver_who_put_nothing_in_or_a_pot_with_nothing_riding_gives_nothing_back():
    assert come_and_go.leaver_share(5, {1: 2}, {1, 2}, 2, [1, 2]) == 0
    assert come_and_go.leaver_share(0, {1: 2, 2: 2}, {1, 2}, 2, [1, 2]) == 0


@pytest.mark.pure
def test_the_pot_goes_back_only_to_those_still_in_and_refuses_when_none_put_in():
    assert come_and_go.returned_shares(6, {1: 1, 2: 4, 3: 1}, {1, 3}, [1, 2, 3]) == {1: 3, 3: 3}
    with pytest.raises(PotError):
        come_and_go.returned_shares(6, {2: 4}, {1, 3}, [1, 2, 3])
    assert come_and_go.returned_shares(0, {}, {1}, [1]) == {}


@pytest.mark.pure
def test_a_newcomer_antes_pays_an_equal_share_or_plays_free():
    assert come_and_go.newcomer_pays("ante", riding=10, players_in=3, ante=2) == 2
    assert come_and_go.newcomer_pays("share", riding=10, players_in=3, ante=2) == 3
    assert come_and_go.newcomer_pays("free", riding=10, players_in=3, ante=2) == 0
    assert come_and_go.newcomer_pays("ante", riding=0, players_in=3, ante=2) == 0
    assert come_and_go.newcomer_pays("share", riding=10, players_in=0, ante=2) == 0


@pytest.mark.pure
def test_only_players_in_no_earlier_deal_are_newcomers():
    assert come_and_go.newcomers([1, 2, 4, 5], {1, 2, 3}) == [4, 5]


@pytest.mark.pure
def test_the_house_settings_default_to_the_pot_keeping_what_is_in_it_and_a_newcomer_anteing():
    rules = house_rules({})
    assert (rules.leaving, rules.joining) == ("pot_keeps", "ante")
    with pytest.raises(HouseRulesError):
        house_rules({"leaving": "take-it-all"})
    with pytest.raises(HouseRulesError):
        house_rules({"joining": "later"})


# --- Joining an open game ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_newcomer_to_guts_antes_into_the_riding_pot_before_their_first_deal(guts, group):
    night, run, (ann, bob, cat) = guts
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST)
    joined = Posting.objects.get(night=night, kind="join_in")
    assert joined.seat == dee
    assert joined.memo == "Dee joins Guts and puts an ante, 1, into the 3 riding"
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 9]
    # The 3 that rode and Dee's ante are this deal's pot; its ante step is passed over.
    assert hands.load(hand).pot == 4
    assert riding(night) == 0
    assert hand.step != "ante"
    assert runs.put_in(run) == {ann.pk: 1, bob.pk: 4, cat.pk: 1, dee.pk: 1}
    # Dee is dealt in like everyone: she can win it.
    hands.load(hand).award(winners=[[dee.pk]], recorded_by=HOST)
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 13]
    run.refresh_from_db()
    assert run.status == Run.Status.ENDED


@pytest.mark.django_db
def test_undoing_a_newcomers_first_deal_back_to_its_start_gives_their_buy_in_back(guts, group):
    night, run, (ann, bob, cat) = guts
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST)
    # The buy-in is the deal's own first posting, before anything the deal books.
    assert Posting.objects.get(night=night, kind="join_in").hand == hand
    money_rules.charge(
        hands.load(hand), "challengers-match", recorded_by=HOST, roles={"losers": [cat.pk]}
    )
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 15, 9]
    # Undone back to the start: the match first, then Dee's buy-in.
    hands.undo(hand=hand, recorded_by=HOST)
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 9]
    undone = hands.undo(hand=hand, recorded_by=HOST)
    assert undone.reverses.kind == "join_in"
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 10]
    # The 3 that rode in stay in the deal's pot; no chip was made or lost.
    assert hands.load(hand).pot == 3
    assert runs.put_in(run) == {ann.pk: 1, bob.pk: 4, cat.pk: 1}
    assert sum(chips(night).values()) == 0
    with pytest.raises(LedgerError, match="nothing to undo"):
        hands.undo(hand=hand, recorded_by=HOST)


@pytest.mark.django_db
def test_a_newcomers_buy_in_is_dead_money_in_the_pot_not_a_bet_of_theirs(guts, group):
    night, run, (ann, bob, cat) = guts
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST)
    play = hands.load(hand)
    assert play.state.bets == {}
    # One pot of the 4, which every player in the deal can win.
    [pot] = play.showdown_pots()
    assert pot.amount == 4
    assert pot.eligible == {ann.pk, bob.pk, cat.pk, dee.pk}


@pytest.mark.django_db
def test_a_newcomer_pays_an_equal_share_of_what_rides_when_the_house_says_so(guts, group):
    night, run, (ann, bob, cat) = guts
    set_house(night, joining="share")
    dee = newcomer(night, group)
    runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST)
    # 3 ride among the 3 already in: Dee pays 1.
    assert Posting.objects.get(night=night, kind="join_in").detail["joining"] == "an equal share"
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 9]


@pytest.mark.django_db
def test_a_newcomer_plays_for_the_riding_pot_free_when_the_house_says_so(guts, group):
    night, run, (ann, bob, cat) = guts
    set_house(night, joining="free")
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST)
    assert not Posting.objects.filter(night=night, kind="join_in").exists()
    assert stacks(night, ann, bob, cat, dee) == [22, 16, 19, 10]
    assert hands.load(hand).pot == 3


@pytest.mark.django_db
def test_a_newcomer_short_of_the_buy_in_is_refused_and_no_deal_starts(guts, group):
    night, run, (ann, bob, cat) = guts
    dee = newcomer(night, group, buy=0)
    refused(
        night,
        lambda: runs.deal_start(
            run=run, players=[ann, bob, cat, dee], dealer_seat=ann, recorded_by=HOST
        ),
        "Dee has 0 chips, less than the 1 a newcomer puts into the riding pot: buy in first.",
    )
    assert night.hands.count() == 1
    assert riding(night) == 3


@pytest.mark.django_db
def test_a_newcomer_sitting_a_deal_out_pays_only_when_first_dealt_in(guts, group):
    night, run, (ann, bob, cat) = guts
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST)
    assert not Posting.objects.filter(night=night, kind="join_in").exists()
    settle_nobody(hand)
    runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=bob, recorded_by=HOST)
    assert Posting.objects.filter(night=night, kind="join_in").count() == 1
    # A third deal: Dee is no newcomer any more.
    settle_nobody(night.hands.order_by("-number").first())
    runs.deal_start(run=run, players=[ann, bob, cat, dee], dealer_seat=cat, recorded_by=HOST)
    assert Posting.objects.filter(night=night, kind="join_in").count() == 1


@pytest.mark.django_db
def test_a_newcomer_to_a_game_that_antes_every_deal_antes_with_everyone(night, seats, group):
    ann, bob, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=20, recorded_by=HOST)
    # Buddha's Folly: everyone antes each deal, on top of whatever the last deal carried.
    run = start(night, "buddhas-folly")
    hand = runs.deal_start(run=run, players=seats, dealer_seat=cat, recorded_by=HOST)
    # The night's ante is 1: 19 each, and the pot of 3 rides when nobody wins it.
    money_rules.charge(hands.load(hand), "ante", recorded_by=HOST)
    settle_nobody(hand)
    assert riding(night) == 3
    dee = newcomer(night, group)
    hand = runs.deal_start(run=run, players=[*seats, dee], dealer_seat=ann, recorded_by=HOST)
    # Dee antes with everyone at the deal's ante step, so nothing is booked for joining.
    assert not Posting.objects.filter(night=night, kind="join_in").exists()
    assert hand.step == "ante"
    money_rules.charge(hands.load(hand), "ante", recorded_by=HOST)
    assert stacks(night, ann, bob, cat, dee) == [18, 18, 18, 9]
    assert hands.load(hand).pot == 7


@pytest.mark.django_db
def test_a_newcomer_waits_for_the_next_game_when_lives_were_staked_at_the_start(
    night, seats, group
):
    ann, _, cat = seats
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=20, recorded_by=HOST)
    run = start(night, "screw-your-neighbor")
    hand = runs.deal_start(run=run, players=seats, dealer_seat=cat, recorded_by=HOST)
    money_rules.charge(
        hands.load(hand), "lose-stack", roles={"lowest_hand": cat.pk}, recorded_by=HOST
    )
    settle_nobody(hand)
    assert riding(night) == 1
    dee = newcomer(night, group)
    refused(
        night,
        lambda: runs.deal_start(run=run, players=[*seats, dee], dealer_seat=ann, recorded_by=HOST),
        "Dee joined after Screw Your Neighbor began, and everyone's lives were set out "
        "at the start: deal this game without Dee; Dee plays from the next game.",
    )
    assert night.hands.count() == 1
    runs.deal_start(run=run, players=seats, dealer_seat=ann, recorded_by=HOST)
    assert stacks(night, dee) == [10]


# --- Leaving an open game ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_leaver_between_deals_leaves_what_they_put_in_for_whoever_wins_it(guts):
    night, run, (ann, bob, cat) = guts
    said = runs.seat_leave(night=night, seat=bob, recorded_by=HOST)
    assert said == (
        "Bob has left and is cashed out. "
        "The 4 chips Bob put into Guts stay in the 3 riding for whoever wins it."
    )
    assert stacks(night, ann, bob, cat) == [22, 0, 19]
    assert riding(night) == 3
    # The pot is not touched, so his cash-out says it for the night's history.
    cashed = Posting.objects.get(night=night, kind="cash_out", seat=bob)
    assert cashed.memo == (
        "Bob cashes out 16 and leaves; "
        "the 4 chips Bob put into Guts stay in the 3 riding for whoever wins it"
    )
    assert cashed.detail["note"].startswith("the 4 chips Bob put into Guts")
    # Bob is out of later deals.
    refused(
        night,
        lambda: runs.deal_start(
            run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST
        ),
        "Bob is not playing tonight.",
    )
    # Ended early with the pot going back: only Ann and Cat share it, 1 each put in.
    hand = runs.deal_start(run=run, players=[ann, cat], dealer_seat=ann, recorded_by=HOST)
    settle_nobody(hand)
    runs.run_end(run=run, ending=Run.Ending.RETURNED, recorded_by=HOST)
    # 3 among two who put in 1 each: the odd chip to Cat, first left of Ann, who dealt.
    assert stacks(night, ann, bob, cat) == [23, 0, 21]
    assert riding(night) == 0
    assert closing.nets(night) == {ann.pk: 3, bob.pk: -4, cat.pk: 1}


@pytest.mark.django_db
def test_a_leaver_takes_back_their_share_in_one_posting_when_the_house_says_so(guts):
    night, run, (ann, bob, cat) = guts
    set_house(night, leaving="returned")
    said = runs.seat_leave(night=night, seat=bob, recorded_by=HOST)
    assert said == (
        "Bob has left and is cashed out. Bob takes back 2 of the 3 riding in Guts, "
        "in proportion to what they put in."
    )
    share = Posting.objects.get(night=night, kind="leave_share")
    assert share.seat == bob
    assert share.memo == (
        "Bob leaves Guts: Bob takes back 2 of the 3 riding in Guts, "
        "in proportion to what they put in"
    )
    assert {e.account.kind: e.amount for e in share.entries.select_related("account")} == {
        Account.Kind.RIDING: -2,
        Account.Kind.STACK: 2,
    }
    # Then cashed out: 16 in front of him and the 2 back.
    cashed = Posting.objects.get(night=night, kind="cash_out", seat=bob)
    assert cashed.memo == "Bob cashes out 18 and leaves"
    assert stacks(night, ann, bob, cat) == [22, 0, 19]
    assert riding(night) == 1
    # The 1 left goes back to Ann and Cat, who each put in 1: the odd chip to Ann, left of Cat.
    runs.run_end(run=run, ending=Run.Ending.RETURNED, recorded_by=HOST)
    assert stacks(night, ann, bob, cat) == [23, 0, 19]
    assert closing.nets(night) == {ann.pk: 3, bob.pk: -2, cat.pk: -1}


@pytest.mark.django_db
def test_what_a_leaver_owes_on_a_marker_stays_on_the_settlement(night, seats):
    set_house(night, shortfall="marker", leaving="returned")
    ann, bob, cat = seats
    for seat, buy in zip(seats, (20, 20, 2), strict=True):
        seating.buy_in(night=night, seat=seat, chips=buy, recorded_by=HOST)
    run = start(night, "bloody-sevens")
    hand = runs.deal_start(run=run, players=seats, dealer_seat=cat, recorded_by=HOST)
    money_rules.charge(hands.load(hand), "ante", recorded_by=HOST)
    money_rules.charge(hands.load(hand), "match", recorded_by=HOST, roles={"losers": [cat.pk]})
    hands.load(hand).award(winners=[[ann.pk]], recorded_by=HOST)
    # Cat had 1 after her ante: she matched the 3 with it and owes 2 on a marker.
    assert chips(night)["marker Cat"] == -2
    assert stacks(night, ann, bob, cat) == [22, 19, 0]
    assert riding(night) == 3
    # Cat put in 1 + 3 of 6: her share of the 3 riding is 2; it comes back, then she cashes out.
    runs.seat_leave(night=night, seat=cat, recorded_by=HOST)
    assert riding(night) == 1
    assert chips(night)["marker Cat"] == -2
    assert stacks(night, cat) == [0]
    # Bought 2, cashed out 2, owes 2: down 2 at the settlement.
    assert closing.nets(night)[cat.pk] == -2


@pytest.mark.django_db
def test_nobody_leaves_in_the_middle_of_a_deal(guts):
    night, run, (ann, bob, cat) = guts
    hand = runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST)
    refused(
        night,
        lambda: runs.seat_leave(night=night, seat=bob, recorded_by=HOST),
        seating.IN_HAND.format(name="Bob"),
    )
    bob.refresh_from_db()
    assert bob.left_at is None
    settle_nobody(hand)
    runs.seat_leave(night=night, seat=bob, recorded_by=HOST)
    bob.refresh_from_db()
    assert bob.left_at is not None


@pytest.mark.django_db
def test_ending_a_game_returns_the_pot_to_a_player_who_sat_the_last_deal_out(guts):
    night, run, (ann, bob, cat) = guts
    hand = runs.deal_start(run=run, players=[ann, cat], dealer_seat=ann, recorded_by=HOST)
    settle_nobody(hand)
    runs.run_end(run=run, ending=Run.Ending.RETURNED, recorded_by=HOST)
    # 3 back in proportion to 1, 4, 1: Bob 2, and the odd chip to Cat, first left of Ann.
    assert stacks(night, ann, bob, cat) == [22, 18, 20]


@pytest.mark.django_db
def test_a_pot_nobody_still_in_put_into_cannot_go_back_in_proportion(guts):
    night, run, (ann, bob, cat) = guts
    for seat in (ann, cat):
        runs.seat_leave(night=night, seat=seat, recorded_by=HOST)
    # Only Bob is left and he put in 4 of the 3 riding... so he is refused nothing: he takes 3.
    runs.run_end(run=run, ending=Run.Ending.RETURNED, recorded_by=HOST)
    assert stacks(night, bob) == [19]


# --- Pages and the API ------------------------------------------------------------------------


def page_post(client, name, night, data):
    url = reverse(f"ledger:{name}", args=[night.pk])
    return client.post(url, {"idempotency_key": uuid.uuid4().hex, **data})


@pytest.mark.django_db
def test_the_seats_page_says_what_happens_to_someone_who_comes_or_goes(guts, host_client):
    night, _, _ = guts
    page = host_client.get(reverse("ledger:seats", args=[night.pk]))
    body = page.content.decode().replace("&#x27;", "'")
    assert "Guts is being played" in body
    assert "Pot rides: 3 chips ($0.15)." in body
    assert "leaves what they put in the pot for whoever wins it" in body
    assert "leaves once it is settled, folded or not" in body
    assert "first antes 1 into the riding pot" in body


@pytest.mark.django_db
def test_leaving_mid_deal_from_the_seats_page_is_refused_with_the_reason(guts, host_client):
    night, run, (ann, bob, cat) = guts
    runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST)
    before = journal_rows(night)
    answer = page_post(host_client, "leave", night, {"seat": bob.pk})
    assert answer.status_code == 400
    assert seating.IN_HAND.format(name="Bob") in answer.content.decode()
    assert journal_rows(night) == before


@pytest.mark.django_db
def test_leaving_between_deals_from_the_seats_page_keeps_the_pot(guts, host_client):
    night, _, (_, bob, _) = guts
    answer = page_post(host_client, "leave", night, {"seat": bob.pk})
    assert answer.status_code == 303
    assert riding(night) == 3
    assert stacks(night, bob) == [0]


@pytest.mark.django_db
def test_the_seats_page_says_when_someone_left_and_what_they_left_riding(guts, host_client, group):
    night, _, (_, bob, _) = guts
    dee = newcomer(night, group, buy=0)
    runs.seat_leave(night=night, seat=bob, recorded_by=HOST)
    runs.seat_leave(night=night, seat=dee, recorded_by=HOST)
    # Dee had nothing to cash out, so nothing was posted: her seat's leaving time says it.
    assert not Posting.objects.filter(night=night, seat=dee).exists()
    page = host_client.get(reverse("ledger:seats", args=[night.pk]))
    body = page.content.decode()
    assert "the 4 chips ($0.20) Bob put into Guts stay in its riding pot" in body
    assert "with no chips to cash out; net 0 chips ($0.00)." in body
    assert body.count("Left at ") == 2


@pytest.mark.django_db
def test_the_table_page_says_what_coming_and_going_does_while_the_pot_rides(guts, host_client):
    night, run, (ann, bob, cat) = guts
    line = "leaves what they put in the pot for whoever wins it"
    body = host_client.get(reverse("ledger:night", args=[night.pk])).content.decode()
    assert line in body.replace("&#x27;", "'")
    assert "first antes 1 into the riding pot" in body
    # In the middle of a deal too.
    runs.deal_start(run=run, players=[ann, bob, cat], dealer_seat=ann, recorded_by=HOST)
    body = host_client.get(reverse("ledger:night", args=[night.pk])).content.decode()
    assert line in body.replace("&#x27;", "'")


@pytest.mark.django_db
def test_the_table_page_says_nothing_of_coming_and_going_with_no_game_open(night, host_client):
    body = host_client.get(reverse("ledger:night", args=[night.pk])).content.decode()
    assert "come-and-go" not in body


@pytest.fixture
def lives_staked(night, seats, group):
    """Screw Your Neighbor after its first deal, Cat's lost stack riding; then Dee sits down."""
    cat = seats[2]
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=20, recorded_by=HOST)
    run = start(night, "screw-your-neighbor")
    hand = runs.deal_start(run=run, players=seats, dealer_seat=cat, recorded_by=HOST)
    money_rules.charge(
        hands.load(hand), "lose-stack", roles={"lowest_hand": cat.pk}, recorded_by=HOST
    )
    settle_nobody(hand)
    return night, run, seats, newcomer(night, group)


@pytest.mark.django_db
def test_the_dealer_page_leaves_a_newcomer_unticked_when_lives_were_staked(
    lives_staked, host_client
):
    night, run, (ann, bob, cat), dee = lives_staked
    body = host_client.get(reverse("ledger:deal", args=[night.pk])).content.decode()
    assert f'value="{dee.pk}">' in body
    assert f'value="{ann.pk}" checked>' in body
    assert 'Dee <small class="muted">10 chips ($0.50), waits for the next game</small>' in body
    # The boxes as ticked deal at once.
    answer = host_client.post(
        reverse("ledger:game_deal", args=[night.pk, run.pk]),
        {
            "idempotency_key": uuid.uuid4().hex,
            "dealer": ann.pk,
            "players": [ann.pk, bob.pk, cat.pk],
        },
    )
    assert answer.status_code in (200, 303), answer.content.decode()[:400]
    hand = games.open_hand(night)
    assert hand is not None
    assert dee.pk not in hand.seat_order
    # The table's own "Next hand" form says the same.
    settle_nobody(hand)
    body = host_client.get(reverse("ledger:night", args=[night.pk])).content.decode()
    assert f'value="{dee.pk}">' in body
    assert "waits for the next game" in body


@pytest.mark.django_db
def test_a_newcomer_is_ticked_as_usual_where_they_can_buy_into_the_pot(guts, host_client, group):
    night, _, _ = guts
    dee = newcomer(night, group)
    body = host_client.get(reverse("ledger:deal", args=[night.pk])).content.decode()
    assert f'value="{dee.pk}" checked>' in body
    assert "waits for the next game" not in body


@pytest.mark.django_db
def test_the_house_settings_for_coming_and_going_are_on_the_page_and_in_the_api(host_client):
    from rest_framework.test import APIClient

    from ledger.views.forms import HouseRulesForm

    form = HouseRulesForm()
    assert "leaving" in form.fields
    assert "joining" in form.fields
    api = APIClient()
    api.force_login(get_user_model().objects.get(username="host"))
    made = api.post(
        "/api/nights/groups/",
        {"name": "Tuesday", "settings": {"leaving": "returned", "joining": "free"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert made.status_code == 201, made.content
    assert (made.json()["settings"]["leaving"], made.json()["settings"]["joining"]) == (
        "returned",
        "free",
    )
    groups = Group.objects.count()
    bad = api.post(
        "/api/nights/groups/",
        {"name": "Wednesday", "settings": {"leaving": "whenever"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert bad.status_code == 400
    assert "settings.leaving" in bad.json()["fields"]
    assert Group.objects.count() == groups


# --- A property: joins and leaves in the middle of random games conserve every chip ----------

RIDING_GAMES = ["guts-three-card", "guts-two-card", "boo-ray", "acey-deucey", "in-between"]


def table_chips(night) -> int:
    """Chips on the table: stacks, pots, what rides and what waits for a later game."""
    kinds = [
        Account.Kind.STACK,
        Account.Kind.POT,
        Account.Kind.RIDING,
        Account.Kind.INFRACTION,
        Account.Kind.CARRIED,
    ]
    rows = Entry.objects.filter(account__night=night, account__kind__in=kinds)
    return sum(rows.values_list("amount", flat=True))


def check_conserved(night) -> None:
    """The journal balances; the bank's chips and the markers are exactly what is on the table."""
    held: dict[int, int] = {}
    for account_id, kind, amount in Entry.objects.filter(account__night=night).values_list(
        "account_id", "account__kind", "amount"
    ):
        held[(account_id, kind)] = held.get((account_id, kind), 0) + amount
    assert sum(held.values()) == 0
    bank = sum(v for (_, kind), v in held.items() if kind == Account.Kind.BANK)
    markers = sum(v for (_, kind), v in held.items() if kind == Account.Kind.MARKER)
    assert table_chips(night) + markers + bank == 0
    for (_, kind), value in held.items():
        if kind in (Account.Kind.STACK, Account.Kind.POT, Account.Kind.RIDING):
            assert value >= 0
        if kind == Account.Kind.MARKER:
            assert value <= 0


def tried(night, write, what: str = "a write") -> bool:
    before = journal_rows(night)
    try:
        with transaction.atomic():
            write()
    except (LedgerError, PotError):
        assert journal_rows(night) == before
        event(f"refused: {what}")
        return False
    return True


@pytest.mark.django_db
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_players_joining_and_leaving_mid_game_lose_no_chip(data):
    with transaction.atomic():
        come_and_go_game(data)
        transaction.set_rollback(True)


def come_and_go_game(data) -> None:
    slug = data.draw(st.sampled_from(RIDING_GAMES), label="game")
    host, _ = get_user_model().objects.get_or_create(username="random-host")
    group = seating.group_create(host=host, name="Random regulars")
    night = seating.night_create(
        host=host,
        group=group,
        name="Come and go",
        chips=[("white", "0.05")],
        settings={
            "ante": data.draw(st.integers(1, 3), label="ante"),
            "shortfall": data.draw(st.sampled_from(["pay_what_you_have", "marker"])),
            "leaving": data.draw(st.sampled_from(["pot_keeps", "returned"]), label="leaving"),
            "joining": data.draw(st.sampled_from(["ante", "share", "free"]), label="joining"),
        },
    )
    made = 0

    def sit_down():
        nonlocal made
        made += 1
        seat = seating.seat_add(
            night=night, person=Person.objects.create(group=group, name=f"P{made}")
        )
        buy = data.draw(st.integers(0, 30), label="buy-in")
        if buy:
            seating.buy_in(night=night, seat=seat, chips=buy, recorded_by=HOST)
        return seat

    for _ in range(data.draw(st.integers(2, 4), label="players")):
        sit_down()
    run = start(night, slug)
    rules = list(games.rules_in_force(run).values())
    payers = [r for r in rules if r.payer in ("each_player", "losers") and r.payee != "nobody"]
    for number in range(data.draw(st.integers(1, 4), label="deals")):
        run.refresh_from_db()
        if run.status != Run.Status.OPEN:
            break
        # Between deals somebody may sit down, somebody may go home.
        if data.draw(st.booleans(), label="someone sits down"):
            sit_down()
            event("sat down")
        here = list(night.seats.filter(left_at__isnull=True).order_by("position"))
        if len(here) > 2 and data.draw(st.booleans(), label="someone leaves"):
            gone = data.draw(st.sampled_from(here), label="leaver")
            ride = riding(night)
            if tried(
                night,
                lambda g=gone: runs.seat_leave(night=night, seat=g, recorded_by=HOST),
                "leaving between deals",
            ):
                event("left")
                assert riding(night) <= ride
            check_conserved(night)
        here = list(night.seats.filter(left_at__isnull=True).order_by("position"))
        # Mostly everyone still here, now and then some sit a deal out.
        players = here
        if data.draw(st.integers(0, 3), label="some sit out") == 0:
            players = data.draw(
                st.lists(st.sampled_from(here), min_size=2, max_size=len(here), unique=True),
                label="dealt in",
            )
        dealer = players[number % len(players)]
        if not tried(
            night,
            lambda p=players, d=dealer: runs.deal_start(
                run=run, players=p, dealer_seat=d, recorded_by=HOST
            ),
            "the next deal",
        ):
            check_conserved(night)
            continue
        hand = games.open_hand(night)
        check_conserved(night)
        joined = Posting.objects.filter(night=night, kind=runs.JOIN_IN, hand=hand)
        if joined.filter(seat__in=players).exists():
            event("a newcomer bought into the riding pot")
        # Someone in the deal cannot leave now.
        inside = data.draw(st.sampled_from(players), label="tries to leave mid-deal")
        assert not tried(
            night,
            lambda s=inside: runs.seat_leave(night=night, seat=s, recorded_by=HOST),
            "leaving mid-deal",
        )
        if hand.step == "ante":
            tried(night, lambda h=hand: money_rules.charge(hands.load(h), "ante", recorded_by=HOST))
            check_conserved(night)
        for _ in range(data.draw(st.integers(0, 2), label="firings")):
            if not payers:
                break
            rule = data.draw(st.sampled_from(payers), label="rule")
            roles = {}
            if rule.payer == "losers":
                order = list(hand.seat_order)
                roles = {
                    "losers": data.draw(st.lists(st.sampled_from(order), min_size=1, unique=True))
                }
            tried(
                night,
                lambda r=rule, ro=roles, h=hand: money_rules.charge(
                    hands.load(h), r.id, recorded_by=HOST, roles=ro
                ),
            )
            check_conserved(night)
        play = hands.load(hand)
        built = play.showdown_pots()
        # Mostly nobody wins, so the pot rides and people come and go around it.
        if data.draw(st.integers(0, 3), label="nobody wins") > 0:
            winners = [[] for _ in built]
        else:
            winners = [sorted(p.eligible)[:1] for p in built]
        if not tried(
            night, lambda w=winners, h=hand: hands.load(h).award(winners=w, recorded_by=HOST)
        ):
            hands.load(hand).award(
                winners=[sorted(p.eligible)[:1] for p in built], recorded_by=HOST
            )
        check_conserved(night)
    run.refresh_from_db()
    if run.status == Run.Status.OPEN and not games.open_hand(night):
        ending = data.draw(st.sampled_from([e.value for e in runs.EARLY_ENDINGS]), label="end")
        tried(night, lambda: runs.run_end(run=run, ending=ending, recorded_by=HOST))
        event(f"ended: {ending}")
    check_conserved(night)
    run.refresh_from_db()
    if run.status == Run.Status.ENDED and not runs.carried_pots(night):
        # Nothing left in any pot: every seat's result adds up to nothing.
        assert riding(night) == 0
        assert sum(closing.nets(night).values()) == 0
