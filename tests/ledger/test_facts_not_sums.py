"""The dealer enters facts, never derived amounts: worked by hand on the real ledger.

Ann, Bob and Cat buy in 40 chips each at 0.05 a chip (twenty to the dollar,
so a nickel is 1 chip, a dime 2, a quarter 5, fifty cents 10), and Cat deals,
so Ann sits on the dealer's left. Every refused step leaves the journal as it
was: not one posting more.
"""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from ledger.core import charges, facts
from ledger.models import Posting, Run
from ledger.services import closing, games, hands, journal, money_rules, runs, seating
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.loader import load_games
from rulebook.schema import Amount, Game, MoneyRule, Per
from tests.ledger.conftest import journal_rows, journal_total
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

ANTE = "the table's ante"
GAMES = {game.slug: game for game in load_games()}


def stacks(night, seats):
    booked = closing.booked_stacks(night)
    return [booked[s.pk] for s in seats]


def postings(night) -> int:
    return Posting.objects.filter(night=night).count()


def start(client, night, seats, game, players=None, **choices):
    """The setup form as the page posts it, Cat dealing."""
    data = {
        "game": game,
        "dealer": str(seats[2].pk),
        "players": [str(s.pk) for s in (players or seats)],
    } | choices
    return post(client, url("game_start", night.pk), data)


def book(client, night, rule, **fields):
    hand = night.hands.order_by("-number").first()
    return post(client, url("hand_charge", night.pk, hand.pk), {"rule": rule, **fields})


def refused_page(client, night, rule, message, **fields):
    """The booking is refused with `message` on the page, and the journal gets nothing."""
    before = postings(night)
    response = book(client, night, rule, **fields)
    assert response.status_code == 400
    assert message in text(response)
    assert postings(night) == before


def pot(night) -> int:
    return hands.load(night.hands.order_by("-number").first()).pot


def go_to(client, night, step_id):
    hand = night.hands.order_by("-number").first()
    return post(client, url("hand_step", night.pk, hand.pk), {"to": step_id})


# --- Put and Take: the dealer covers whatever the pot is short ---------------------------------


def test_put_and_take_the_dealer_covers_the_pot_short_in_the_same_posting(table, night, seats):
    ann, bob, cat = (str(s.pk) for s in seats)
    # Put and Take has no agreed amount left to ask: the cover is worked out.
    assert runs.needed_agreed(GAMES["put-and-take"], [], {}) == []
    assert start(table, night, seats, "put-and-take", players=seats[:2]).status_code == 303
    # First put card, a nickel (1 chip) a match: Ann holds two, Bob one: pot 3.
    assert (
        book(table, night, "put-1", **{f"count-{ann}": "2", f"count-{bob}": "1"}).status_code == 303
    )
    # Second put card, a dime (2 chips) a match: Bob one: pot 5.
    assert book(table, night, "put-2", **{f"count-{bob}": "1"}).status_code == 303
    assert stacks(night, seats) == [38, 37, 40]
    assert pot(night) == 5
    # The cover has no button of its own: it is no firing.
    refused_page(table, night, "dealer-covers", "booked with them")
    # First take card, fifty cents (10 chips) a match: Ann and Bob each hold one.
    # The pot pays Ann the 5 it has; Cat covers Ann's other 5 and all of Bob's 10.
    before = postings(night)
    assert (
        book(table, night, "take-1", **{f"count-{ann}": "1", f"count-{bob}": "1"}).status_code
        == 303
    )
    assert postings(night) == before + 1  # one posting: the take and the cover together
    posting = Posting.objects.filter(night=night).order_by("-pk").first()
    assert posting.detail["covered_by"] == "dealer-covers"
    assert posting.detail["transfers"] == [
        ["pot", f"seat {ann}'s stack", 5],
        [f"seat {cat}'s stack", f"seat {ann}'s stack", 5],
        [f"seat {cat}'s stack", f"seat {bob}'s stack", 10],
    ]
    # Ann 38 + 10 = 48; Bob 37 + 10 = 47; Cat 40 - 15 = 25; pot 0.
    assert stacks(night, seats) == [48, 47, 25]
    assert pot(night) == 0
    assert "Cat pays 5 to Ann" in posting.memo
    assert "Cat pays 10 to Bob" in posting.memo
    assert journal_total(night) == 0


# --- A draw tax whose first card is free: the dealer enters the cards drawn --------------------


def test_a_draw_of_three_cards_pays_for_two_the_first_is_free(table, night, seats):
    ann, bob, _cat = (str(s.pk) for s in seats)
    assert (
        start(table, night, seats, "five-card-double-draw", **{f"agreed-{ANTE}": "1"}).status_code
        == 303
    )
    assert book(table, night, "ante").status_code == 303  # 1 each: pot 3, stacks 39
    assert go_to(table, night, "draw-1").status_code == 303
    page = text(table.get(url("deal", night.pk)))
    assert "How many (card drawn)" in page
    assert "the first 1 cost nothing" in page
    # Ann draws 3 cards: the dealer enters 3, the ledger charges 2 nickels.
    assert book(table, night, "draw-tax", **{"role-actor": ann, "count": "3"}).status_code == 303
    assert stacks(night, seats) == [37, 39, 39]
    assert pot(night) == 5
    # Bob draws 1: it is the free one, so nothing moves and nothing is written.
    refused_page(
        table, night, "draw-tax", "moves no chips here", **{"role-actor": bob, "count": "1"}
    )
    assert stacks(night, seats) == [37, 39, 39]
    assert pot(night) == 5
    assert journal_total(night) == 0


# --- Phone Home: at most two collect calls a player a hand, across the hand --------------------


def test_a_third_collect_call_in_one_hand_is_refused(table, night, seats):
    _ann, bob, cat = (str(s.pk) for s in seats)
    assert start(table, night, seats, "phone-home", **{f"agreed-{ANTE}": "1"}).status_code == 303
    # Bob makes two collect calls at 50 cents (10 chips), one booking each: pot 20.
    assert book(table, night, "collect-call", **{"role-actor": bob}).status_code == 303
    assert book(table, night, "collect-call", **{"role-actor": bob}).status_code == 303
    assert stacks(night, seats) == [40, 20, 40]
    assert pot(night) == 20
    # A third in the same hand is refused, by name, and nothing is written.
    refused_page(
        table,
        night,
        "collect-call",
        "Bob may have at most 2 a hand and has had 2",
        **{"role-actor": bob},
    )
    # Cat has had none: two at once are fine, three at once are refused whole.
    refused_page(
        table,
        night,
        "collect-call",
        "has had 0, so 3 more is too many",
        **{"role-actor": cat, "count": "3"},
    )
    assert (
        book(table, night, "collect-call", **{"role-actor": cat, "count": "2"}).status_code == 303
    )
    assert stacks(night, seats) == [40, 20, 20]
    assert pot(night) == 40
    # Undoing one of Bob's calls gives it back: the hand's live bookings are what count.
    hand = night.hands.order_by("-number").first()
    bobs = [
        p
        for p in Posting.objects.filter(hand=hand, kind="charge").order_by("pk")
        if p.detail.get("units") == {bob: 1}
    ]
    journal.reverse(bobs[0], recorded_by="host:host")
    assert stacks(night, seats) == [40, 30, 20]
    assert book(table, night, "collect-call", **{"role-actor": bob}).status_code == 303
    assert stacks(night, seats) == [40, 20, 20]
    assert journal_total(night) == 0


# --- Limit match: only the capped match is in force ---------------------------------------------


def test_with_limit_match_on_only_the_capped_match_is_offered(table, night, seats):
    ann, bob, cat = (str(s.pk) for s in seats)
    spec = GAMES["guts-two-card"]
    plain = dealer.money_rules(spec, [])
    limited = dealer.money_rules(spec, dealer.chosen_options(spec, ["limit-match"]))
    assert "match" in plain
    assert "capped-match" not in plain
    assert "capped-match" in limited
    assert "match" not in limited
    agreed = {f"agreed-{ANTE}": "1", "agreed-the match limit": "2"}
    response = start(table, night, seats, "guts-two-card", options=["limit-match"], **agreed)
    assert response.status_code == 303
    run = Run.objects.get(night=night)
    assert run.agreed == {ANTE: 1, "the match limit": 2}
    assert "match" not in games.rules_in_force(run)
    assert book(table, night, "ante").status_code == 303  # pot 3; 39 each
    # The plain match cannot be booked, by the page or by any caller.
    refused_page(table, night, "match", "no money rule 'match' in force", **{"role-losers": bob})
    play = hands.load(night.hands.get())
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="no money rule 'match'"):
        money_rules.charge(play, "match", roles={"losers": [int(bob)]}, recorded_by="host:host")
    assert journal_rows(night) == rows
    # The showdown offers the capped match only.
    assert go_to(table, night, "showdown").status_code == 303
    page = text(table.get(url("deal", night.pk)))
    capped = limited["capped-match"].words
    assert capped in page
    assert plain["match"].words not in page
    # Bob loses: he pays the pot of 3, capped at the agreed 2, into the next pot.
    assert book(table, night, "capped-match", **{"role-losers": bob}).status_code == 303
    assert stacks(night, seats) == [39, 37, 39]
    assert pot(night) == 3
    assert games.riding(night) == 2
    assert journal_total(night) == 0
    del ann, cat


def test_a_rule_standing_instead_of_a_rule_the_game_lacks_is_refused_at_load():
    data = GAMES["guts-two-card"].model_dump(mode="json")
    for option in data["options"]:
        for rule in option["money"]:
            if rule["id"] == "capped-match":
                rule["instead_of"] = ["no-such-rule"]
    with pytest.raises(ValueError, match="instead_of: unknown id 'no-such-rule'"):
        Game.model_validate(data)


# --- A per-loser rule: the ledger counts the losers ---------------------------------------------


PER_LOSER = MoneyRule(
    id="loser-chip",
    kind="direct_payment",
    text="The winner takes one chip from the pot for each loser.",
    payer="pot",
    payee="winner",
    amount=Amount(chips=1),
    per=Per(each="loser"),
)


def test_a_per_loser_rule_asks_who_lost_and_counts_them_itself():
    needs = facts.needs(PER_LOSER)
    assert [r.name for r in needs.roles] == ["winner", "losers"]
    assert not needs.count
    assert not needs.per_seat
    table = charges.TableAtFiring(
        seats=(1, 2, 3, 4), dealer=4, stacks=dict.fromkeys((1, 2, 3, 4), 10), pot=9
    )
    firing = charges.Firing(
        roles={"winner": 1, "losers": (2, 3, 4)}, count=99
    )  # a count is ignored
    moved = charges.charge(PER_LOSER, table, firing)
    assert [(t.source.kind, t.target.seat, t.chips) for t in moved] == [("pot", 1, 3)]
    with pytest.raises(charges.ChargeError, match="say who is the losers"):
        charges.charge(PER_LOSER, table, charges.Firing(roles={"winner": 1}))


def test_rules_paid_per_player_in_a_role_ask_no_count():
    # Each player with no trick pays; each player who stayed is paid: one payment each.
    for slug, rule_id in [
        ("boo-ray", "boo-ray"),
        ("black-russian", "match"),
        ("knock-poker", "knocker-wins"),
        ("knock-poker", "knocker-beaten"),
        ("knock-poker", "drop-out-chip"),
    ]:
        rule = next(r for r in GAMES[slug].money if r.id == rule_id)
        assert not facts.needs(rule).count, (slug, rule_id)
        assert not money_rules.repeats(rule), (slug, rule_id)
    # Buddha's Folly's all-drop fee is one ante per player in the hand: 5 players, 5 antes.
    spec = GAMES["buddhas-folly"]
    fee = next(r for o in spec.options for r in o.money if r.id == "all-drop-fee")
    assert not facts.needs(fee).count
    # The table's agreed ante (2 here), not the night's (1): 5 x 2 = 10.
    table = charges.TableAtFiring(
        seats=(1, 2, 3, 4, 5),
        dealer=5,
        stacks=dict.fromkeys(range(1, 6), 20),
        ante=1,
        agreed={ANTE: 2},
    )
    moved = charges.charge(fee, table, charges.Firing(roles={"best_hand": 2}))
    assert [(t.source.seat, t.target.kind, t.chips) for t in moved] == [(2, "next_pot", 10)]


# --- Agreed amounts: shown prefilled, confirmed by Start, never made up -------------------------


def test_the_start_page_prefills_each_agreed_amount_with_the_nights_ante(table, night):
    page = text(table.get(url("game_new", night.pk) + "?game=boo-ray"))
    assert f'name="agreed-{ANTE}" value="1"' in page
    assert 'name="agreed-the Boo Ray amount" value="1"' in page
    assert "starting the game confirms them" in page
    assert "Confirm the amounts, start Boo Ray and deal" in page


def test_a_start_without_an_agreed_amount_is_refused_by_name(table, night, seats):
    before = journal_rows(night)
    response = start(table, night, seats, "boo-ray", **{f"agreed-{ANTE}": "2"})
    assert response.status_code == 400
    assert "Confirm “the Boo Ray amount” before Boo Ray starts" in text(response)
    response = start(
        table, night, seats, "boo-ray", **{f"agreed-{ANTE}": "", "agreed-the Boo Ray amount": "3"}
    )
    assert response.status_code == 400
    assert "Confirm “the table's ante”" in text(response)
    assert journal_rows(night) == before
    assert not Run.objects.filter(night=night).exists()
    agreed = {f"agreed-{ANTE}": "2", "agreed-the Boo Ray amount": "3"}
    assert start(table, night, seats, "boo-ray", **agreed).status_code == 303
    assert Run.objects.get(night=night).agreed == {ANTE: 2, "the Boo Ray amount": 3}


def test_the_api_refuses_a_game_start_missing_an_agreed_amount(host, night, seats):
    for seat in seats:
        seating.buy_in(night=night, seat=seat, chips=40, recorded_by="host:host")
    api = APIClient()
    api.force_login(host)
    ann, bob, cat = (s.pk for s in seats)
    body = {"game": "guts-three-card", "dealer": cat, "players": [ann, bob, cat]}

    def send(extra):
        key = uuid.uuid4().hex
        return api.post(
            f"/api/nights/{night.pk}/games/", body | extra, format="json", HTTP_IDEMPOTENCY_KEY=key
        )

    before = journal_rows(night)
    response = send({})
    assert response.status_code in (400, 409, 422)
    assert "the table's ante" in response.json()["detail"]
    response = send({"agreed": {}})
    assert response.status_code in (400, 409, 422)
    assert journal_rows(night) == before
    assert not Run.objects.filter(night=night).exists()
    response = send({"agreed": {ANTE: 2}})
    assert response.status_code == 201, response.json()
    assert response.json()["game"]["agreed"] == {ANTE: 2}


def test_last_times_amounts_are_reused_only_once_confirmed(night, seats):
    def setup(**given):
        return runs.run_start(
            night=night, game_slug="guts-three-card", recorded_by="host:host", **given
        )

    # Never confirmed at this night: a setup that names no amount is refused by name.
    rows = journal_rows(night)
    with pytest.raises(LedgerError, match="Confirm “the table's ante” before Guts starts"):
        setup()
    assert journal_rows(night) == rows
    assert not Run.objects.filter(night=night).exists()
    # Confirmed once, the next game of the kind starts from the confirmed amount.
    first = setup(agreed={ANTE: 3})
    runs.run_end(run=first, ending="returned", recorded_by="host:host")
    assert setup().agreed == {ANTE: 3}
