"""The game drives the table: one current step per hand, a way forward from each, no traps.

Each test is one fault a host met running a night in live dealer mode,
driven through the pages as the host and the players' phones would.
"""

import re

import pytest
from django.test import Client

from ledger.models import Hand, Run
from ledger.selectors import game_setup
from ledger.services import games, hands, runs
from ledger.views.play import NO_WINNER_GOES, NOBODY_TICKED
from tests import factories
from tests.ledger.conftest import confirm_ante, journal_rows
from tests.ledger.pages import post, text, url

pytestmark = pytest.mark.django_db

WHO = "host:host"
GUTS = "guts-three-card"


@pytest.fixture
def bought_40_each(night, seats):
    factories.buy_in(night, seats, 40, recorded_by=WHO)
    return night, seats


def phone_of(seat) -> Client:
    """A player's phone that claimed the seat through its join link."""
    phone = Client()
    assert post(phone, url("join", seat.join_token)).status_code == 303
    return phone


def now_showing(client, night) -> str:
    """The step the Deal tab shows as the one the hand is on."""
    page = text(client.get(url("deal", night.pk)))
    return re.search(r'<div class="card phase" id="step-now">.*?<h2>([^<]+)</h2>', page, re.S)[1]


def start(client, night, seats, game, **extra):
    data = {
        "game": game,
        "dealer": str(seats[2].pk),
        "players": [str(s.pk) for s in seats],
    }
    # The start page's agreed amounts as it prefills them: Start confirms them.
    data |= {f"agreed-{name}": chips for name, chips in game_setup.offered(night, game).items()}
    data |= extra
    response = post(client, url("game_start", night.pk), data)
    assert response.status_code == 303, text(response)[:500]
    return night.hands.order_by("-number").first()


def step_to(client, night, hand, title):
    step = next(p for p in games.steps(hand.run) if p.title == title)
    return post(client, url("hand_step", night.pk, hand.pk), {"to": step.id})


def pots_key(client, night) -> str:
    return re.search(r'name="pots" value="([^"]*)"', text(client.get(url("deal", night.pk))))[1]


def test_every_phone_opens_the_deal_tab_on_the_step_the_dealer_moved_to(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    ann = phone_of(seats[0])
    assert now_showing(host_client, night) == now_showing(ann, night) == "Ante in"
    assert step_to(host_client, night, hand, "Deal three").status_code == 303
    assert now_showing(ann, night) == "Deal three"
    assert Hand.objects.get(pk=hand.pk).step == "deal"


def test_a_players_phone_cannot_move_the_step(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    ann = phone_of(seats[0])
    refused = step_to(ann, night, hand, "Deal three")
    assert refused.status_code == 403
    assert Hand.objects.get(pk=hand.pk).step == "ante"


def test_the_deal_poll_is_unchanged_until_the_step_moves(
    host_client, bought_40_each, django_assert_num_queries
):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    ann = phone_of(seats[0])
    first = ann.get(url("deal_poll", night.pk))
    tag = first["ETag"]
    with django_assert_num_queries(1):
        assert ann.get(url("deal_poll", night.pk), HTTP_IF_NONE_MATCH=tag).status_code == 304
    step_to(host_client, night, hand, "Deal three")
    moved = ann.get(url("deal_poll", night.pk), HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200
    assert "Deal three" in text(moved)


def test_a_new_guts_deal_with_chips_riding_in_starts_past_the_empty_pot_ante(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    assert now_showing(host_client, night) == "Ante in"
    post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    step_to(host_client, night, hand, "Show and settle")
    data = {"pots": pots_key(host_client, night), "nobody": "1"}
    assert post(host_client, url("hand_showdown", night.pk, hand.pk), data).status_code == 303
    assert games.riding(night) == 3
    run = Run.objects.get(night=night)
    dealt = post(
        host_client,
        url("game_deal", night.pk, run.pk),
        {"dealer": str(seats[0].pk), "players": [str(s.pk) for s in seats]},
    )
    assert dealt.status_code == 303
    assert now_showing(host_client, night) != "Ante in"


def test_a_rule_booked_at_a_step_is_shown_done_and_a_second_tap_books_nothing(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    assert (
        post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"}).status_code
        == 303
    )
    before = journal_rows(night)
    again = post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    assert again.status_code == 400
    assert "already booked at this step" in text(again)
    assert journal_rows(night) == before
    page = text(host_client.get(url("deal", night.pk)))
    assert "✓ Booked:" in page


def test_paying_a_pot_to_nobody_asks_to_confirm_and_says_where_it_goes(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    step_to(host_client, night, hand, "Show and settle")
    before = journal_rows(night)
    data = {"pots": pots_key(host_client, night)}
    refused = post(host_client, url("hand_showdown", night.pk, hand.pk), data)
    assert refused.status_code == 400
    message = NOBODY_TICKED.format(chips=3, goes=NO_WINNER_GOES["ride"])
    assert message in text(refused)
    assert journal_rows(night) == before
    confirmed = post(host_client, url("hand_showdown", night.pk, hand.pk), data | {"nobody": "1"})
    assert confirmed.status_code == 303
    assert games.riding(night) == 3


def test_after_an_all_pass_deal_the_way_forward_is_the_next_deal(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    step_to(host_client, night, hand, "Show and settle")
    data = {"pots": pots_key(host_client, night), "nobody": "1"}
    post(host_client, url("hand_showdown", night.pk, hand.pk), data)
    page = text(host_client.get(url("deal", night.pk)))
    assert "Deal the next hand of Guts" in page
    assert "Pot rides: 3" in page


def test_a_game_without_betting_rounds_never_offers_one(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    before = journal_rows(night)
    refused = post(host_client, url("hand_round", night.pk, hand.pk), {"opener": ""})
    assert refused.status_code == 400
    assert hands.NO_MORE_ROUNDS.format(game="Guts", count=0) in text(refused)
    assert journal_rows(night) == before
    assert "Open betting round" not in text(host_client.get(url("night", night.pk)))


def test_hold_em_opens_its_four_rounds_by_name_and_refuses_a_fifth(bought_40_each):
    night, seats = bought_40_each
    confirm_ante(night, "texas-holdem")
    run = runs.run_start(night=night, game_slug="texas-holdem", recorded_by=WHO)
    hand = runs.deal_start(run=run, players=seats, dealer_seat=seats[2], recorded_by=WHO)
    names = []
    for _ in range(4):
        posting = hands.load(hand).round_start(recorded_by=WHO)
        names.append(posting.detail["name"])
        play = hands.load(hand)
        while play.state.betting_open:
            turn = play.state.round.turn
            play.act(play.seats[turn], "check", recorded_by=WHO)
            play = hands.load(hand)
    assert names == ["Pre-flop", "The flop", "The turn", "The river"]
    with pytest.raises(hands.LedgerError, match="4 betting round"):
        hands.load(hand).round_start(recorded_by=WHO)


def test_everyone_folding_to_one_offers_the_award_and_no_other_round(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, "trash-poker", options=["black-spot"])
    post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    hands.load(hand).round_start(recorded_by=WHO)
    play = hands.load(hand)
    first = play.state.round.turn
    play.act(play.seats[first], "bet", 2, recorded_by=WHO)
    for _ in range(2):
        play = hands.load(hand)
        play.act(play.seats[play.state.round.turn], "fold", recorded_by=WHO)
    page = text(host_client.get(url("deal", night.pk)))
    winner = play.seats[first].person.name
    assert "Everyone else folded" in page
    assert f"Give the pot to {winner}" in page
    assert "Black Spot" in page or "black spot" in page.lower()
    refused = post(host_client, url("hand_round", night.pk, hand.pk), {"opener": ""})
    assert refused.status_code == 400
    assert hands.ONE_LEFT in text(refused)


def test_the_deal_page_names_rules_in_words_never_by_id(host_client, bought_40_each):
    night, seats = bought_40_each
    start(host_client, night, seats, GUTS, options=["coward-tax"])
    page = text(host_client.get(url("deal", night.pk)))
    buttons = re.findall(r"<button[^>]*>([^<]+)</button>", page)
    assert buttons
    for label in buttons:
        assert not re.search(r"\b[a-z]+(-[a-z]+)+\b", label), label
    assert games.rules_in_force(night.runs.get())["ante"].words in page


def test_blinds_posted_with_nobody_all_in_show_one_pot_not_a_phantom_side_pot(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    hand = hands.hand_start(night=night, players=seats, dealer=seats[2], recorded_by=WHO)
    hands.load(hand).round_start(recorded_by=WHO, blinds=[(seats[0], 1), (seats[1], 2)])
    page = text(host_client.get(url("night", night.pk)))
    assert "Main pot: 3" in page
    assert "Side pot" not in page


def test_a_players_phone_says_what_the_step_asks_of_them(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    step_to(host_client, night, hand, "Guts or pass")
    page = text(phone_of(seats[0]).get(url("night", night.pk)))
    step = next(p for p in games.steps(hand.run) if p.title == "Guts or pass")
    assert "now: <strong>Guts or pass</strong>" in page
    assert step.text.split(". ")[0] in " ".join(page.split())
    assert "data-your-turn=" in page
    host_page = text(host_client.get(url("night", night.pk)))
    assert "data-your-turn=" not in host_page


def test_the_setup_page_asks_an_options_own_question_only_under_that_option(host_client, night):
    page = text(host_client.get(url("game_new", night.pk) + "?game=baseball-daytime"))
    group = re.search(
        r'<div class="opt-group">(?:(?!opt-group).)*?option-rainout".*?</div>\s*</div>', page, re.S
    )
    assert group is not None
    assert 'class="option-settings"' in group[0]
    assert 'name="setting-rainout-ante"' in group[0]
    outside = page.replace(group[0], "")
    assert 'name="setting-rainout-ante"' not in outside


def test_hold_em_starts_with_blinds_chosen_on_the_setup_page_without_script(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    page = text(host_client.get(url("game_new", night.pk) + "?game=texas-holdem"))
    for name in ("the table's ante", "the small blind", "the big blind"):
        assert f'name="agreed-{name}"' in page
    hand = start(
        host_client,
        night,
        seats,
        "texas-holdem",
        **{
            "setting-seeding": "blinds",
            "agreed-the table's ante": "1",
            "agreed-the small blind": "1",
            "agreed-the big blind": "2",
        },
    )
    run = Run.objects.get(night=night)
    assert run.settings == {"seeding": "blinds"}
    assert run.agreed == {"the small blind": 1, "the big blind": 2}
    assert hand.run_id == run.pk


def step_list(client, night) -> list[str]:
    page = text(client.get(url("deal", night.pk)))
    start = page.index('<nav class="steps"')
    nav = page[start : page.index("</nav>", start)]
    return re.findall(r"<li>(?:<strong[^>]*>)?([^<]+)<", nav)


def test_the_step_list_does_not_shift_when_the_pot_fills(host_client, bought_40_each):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, GUTS)
    before = step_list(host_client, night)
    post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"})
    after = step_list(host_client, night)
    assert before == after
    assert "step 1 of" in text(host_client.get(url("deal", night.pk)))


def test_the_history_says_what_happened_in_words_never_a_posting_kind():
    from ledger.models import Posting
    from ledger.templatetags.ledger_pages import posting_words, recorder

    assert posting_words(Posting(kind="award", memo="")) == "The pots paid"
    assert posting_words(Posting(kind="award", memo="Ann wins 8")) == "Ann wins 8"
    assert recorder("host:alice") == "the host"
    assert recorder("seat 2:Bob") == "Bob"


def test_a_rainout_ends_the_deal_and_deals_baseball_again_with_the_pot_riding(
    host_client, bought_40_each
):
    night, seats = bought_40_each
    hand = start(host_client, night, seats, "baseball-daytime", options=["rainout"])
    assert (
        post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "ante"}).status_code
        == 303
    )
    step_to(host_client, night, hand, "One up")
    # The seven of diamonds shows face up: the pot (3) stays for the redeal.
    booked = post(host_client, url("hand_charge", night.pk, hand.pk), {"rule": "rainout-carry"})
    assert booked.status_code == 303
    page = text(host_client.get(url("deal", night.pk)))
    assert "Deal again now: the pot rides" in page
    data = {"pots": pots_key(host_client, night), "nobody": "1", "next": url("deal", night.pk)}
    assert post(host_client, url("hand_award", night.pk, hand.pk), data).status_code == 303
    run = Run.objects.get(night=night)
    assert run.status == Run.Status.OPEN
    assert games.riding(night) == 3
    page = text(host_client.get(url("deal", night.pk)))
    assert "Deal the next hand of Baseball (Daytime)" in page
    dealt = post(
        host_client,
        url("game_deal", night.pk, run.pk),
        {"dealer": str(seats[0].pk), "players": [str(s.pk) for s in seats]},
    )
    assert dealt.status_code == 303
    assert hands.load(night.hands.get(number=2)).pot == 3
    assert games.riding(night) == 0


def test_betting_steps_show_their_round_names_on_the_deal_tab(host_client, bought_40_each):
    night, seats = bought_40_each
    start(host_client, night, seats, "baseball-daytime")
    assert "Betting round" not in " ".join(step_list(host_client, night))
