"""Pokino: a whole rubber through dealer mode, its score sheet kept by the app.

From the rule page (/rules/pokino/): two players; the deal alternates every
hand. Each deal: draw (drawing doubles, drawing again redoubles the penalty
on the tricks you lose), play five tricks, show poker hands. Below the line:
one point a trick won while the opponent is under no penalty, two when the
opponent is doubled, four when redoubled. Above the line: a sweep of all
five tricks 250; the honor for the better poker hand only: pair 50, two pair
100, three of a kind 200, straight 300, flush 400, full house 500, four of a
kind 900 and straight flush 750 as printed (750 and 900 in poker order),
royal flush 1000. Twenty points below the line make a game: 100 above the
line, and the opponent's partial trick points below the line are wiped (the
sheet counts a deal whole: the opponent's tricks of that deal are partials
too). A second game ends the rubber: 750 more if the opponent has no game,
500 if they have one. Played for money, the lower total pays the higher the
agreed stake for each point of difference, rounded to the nearest chip.

Ann, Bob, Cat and Dan sit at the table with 40 chips at 0.05 each; only Ann
and Dan play the rubber, Dan dealing first.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from ledger.models import Posting
from ledger.services import seating
from tests.ledger.dealing import booking, forms
from tests.ledger.deals.conftest import start
from tests.ledger.pages import text, url

pytestmark = pytest.mark.django_db

STEPS = ("Deal five", "Non-dealer draws", "Dealer draws", "Play five tricks")


def play(deal, tricks, cards) -> dict:
    """One deal through its steps: each trick score as the dealer books it, the poker hands
    shown, and the showdown booked exactly as the helper filled it. What the fill sent."""
    for step in STEPS:
        deal.press(f"Next: {step}")
    for words, seat, count in tricks:
        if count is None:
            deal.press(f"Score: {words}", **{"role-winner": seat.pk})
        else:
            deal.press(f"Score: {words}", **{"role-winner": seat.pk, "count": count})
    deal.press("Next: Show poker hands")
    for seat, hand in cards:
        deal.enter(seat, hand)
    page = deal.page("?helper=fill")
    sent = deal.form("Book the showdown", page).data()
    deal.press("Book the showdown", page=page)
    return sent


def next_deal(deal, dealer_seat, players) -> None:
    """The next deal of the rubber, as offered: its two players ticked, the deal alternating."""
    form = deal.form("Deal", deal.page())
    drawn = form.data()
    assert sorted(drawn["players"]) == sorted(str(s.pk) for s in players)
    assert drawn["dealer"] == [str(dealer_seat.pk)]
    deal.press("Deal")


def sheet(deal) -> dict[str, list[str]]:
    """The score sheet on the Deal tab: each row's label and its cells, as the page shows them."""
    page = deal.page()
    found = re.search(r'<div class="card sheet">.*?</table>', page, re.S)
    assert found, "no score sheet on the Deal tab"
    rows = {}
    for label, cells in re.findall(r'<th scope="row">(.*?)</th>(.*?)</tr>', found[0], re.S):
        rows[label] = [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<td>(.*?)</td>", cells, re.S)
        ]
    return rows


def fired(sent: dict, ann, dan) -> tuple[list[str], str]:
    """The honor the fill ticked, and who it names as the better hand."""
    rule = sent.get("fire", [])
    names = {str(ann.pk): "Ann", str(dan.pk): "Dan"}
    best = sent.get(f"{rule[0]}:role-best_hand", [""])[0] if rule else ""
    return rule, names.get(best, "")


def test_a_whole_rubber_for_a_cent_a_point_with_nickel_chips(dealer, four, night):
    ann, bob, cat, dan = four
    # Dan buys 200 more chips before the rubber, so he can cover what he may lose: 240.
    seating.buy_in(night=night, seat=dan, chips=200, recorded_by="host:host")
    # The setup page for a game of two ticks two: the dealer and the player on his left.
    setup = dealer.client.get(
        reverse("ledger:game_new", args=[night.pk]) + f"?game=pokino&dealer={dan.pk}"
    )
    form = next(f for f in forms(text(setup)) if "start Pokino" in str(f.buttons))
    assert sorted(form.data()["players"]) == sorted([str(ann.pk), str(dan.pk)])
    start(
        dealer,
        "pokino",
        players=[str(ann.pk), str(dan.pk)],
        **{"setting-stakes": "per-point", "agreed-the stake per point": "0.01"},
    )

    # Deal 1, Dan deals. Ann wins 3 tricks at 1 (Dan stood pat): 3 below. Dan wins 2 tricks
    # at 2, Ann having drawn (doubled): 4 below. Ann's two pair beat Dan's kings: 100 above.
    sent = play(
        dealer,
        tricks=[("Tricks at one point", ann, 3), ("Tricks at two points", dan, 2)],
        cards=[(ann, "Ah Ad 8c 8s 3d"), (dan, "Kh Kd 7c 6s 2d")],
    )
    assert fired(sent, ann, dan) == (["honor-two-pair"], "Ann")
    # Ann 100 + 3 = 103; Dan 4.
    assert sheet(dealer) == {
        "Above the line": ["100", "0"],
        "Game 1, below": ["3", "4"],
        "Games": ["0", "0"],
        "Total": ["103", "4"],
    }
    assert dealer.stacks(ann, bob, cat, dan) == [40, 40, 40, 240]  # points move no chips

    # Deal 2, Ann deals. Dan drew twice (redoubled): Ann's 4 tricks at 4 = 16, her partial
    # 3 + 16 = 19, one short of game. Dan's 1 trick at 1: 4 + 1 = 5. Dan's flush beats
    # Ann's three queens: the flush honor, 400 to Dan.
    next_deal(dealer, ann, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at four points", ann, 4), ("Tricks at one point", dan, 1)],
        cards=[(ann, "Qs Qd Qc 5h 4d"), (dan, "Ah Jh 9h 6h 2h")],
    )
    assert fired(sent, ann, dan) == (["honor-flush"], "Dan")
    # Ann 103 + 16 = 119; Dan 4 + 1 + 400 = 405.
    assert sheet(dealer) == {
        "Above the line": ["100", "400"],
        "Game 1, below": ["19", "5"],
        "Games": ["0", "0"],
        "Total": ["119", "405"],
    }

    # Deal 3, Dan deals. Ann's 2 tricks at 1 take her to 21: game. Dan's 3 tricks at 1 take
    # him to 8, and Ann's game wipes those partials. Ann's four sevens: 900, as printed.
    next_deal(dealer, dan, [ann, dan])
    for step in STEPS:
        dealer.press(f"Next: {step}")
    dealer.press("Score: Tricks at one point", **{"role-winner": dan.pk, "count": 3})
    dealer.press("Score: Tricks at one point", **{"role-winner": ann.pk, "count": 2})
    # The sheet makes the game by itself, as the tricks are scored: no booking for it.
    page = dealer.page()
    assert "Game bonus: 100 above" in page
    assert "Partials wiped: -8 below" in page
    assert not booking(forms(page), "Score: Game bonus")
    dealer.press("Next: Show poker hands")
    dealer.enter(ann, "7s 7d 7c 7h 2d")
    dealer.enter(dan, "As Kd Qc Jh 9s")
    page = dealer.page("?helper=fill")
    sent = dealer.form("Book the showdown", page).data()
    assert fired(sent, ann, dan) == (["honor-four-kind"], "Ann")
    dealer.press("Book the showdown", page=page)
    # Ann above 100 + 100 (game) + 900 = 1,100, below 19 + 2 = 21: 1,121.
    # Dan above 400, below 5 + 3 - 8 = 0: 400.
    assert sheet(dealer) == {
        "Above the line": ["1100", "400"],
        "Game 1, below": ["21 game", "0 (8 wiped)"],
        "Game 2, below": ["0", "0"],
        "Games": ["1", "0"],
        "Total": ["1121", "400"],
    }

    # Deal 4, Ann deals. Ann redoubled; Dan takes all five tricks at 4: 20 below, game, and
    # the sweep, 250. Ann has no partials to wipe. Dan's straight beats Ann's kings: 300.
    next_deal(dealer, ann, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at four points", dan, 5), ("Sweep", dan, None)],
        cards=[(ann, "Kc Kh 4d 3s 2c"), (dan, "9c 8d 7h 6s 5c")],
    )
    assert fired(sent, ann, dan) == (["honor-straight"], "Dan")
    # Dan above 400 + 250 + 100 (game) + 300 = 1,050, below 0 + 20 = 20: 1,070. Ann 1,121.
    assert sheet(dealer) == {
        "Above the line": ["1100", "1050"],
        "Game 1, below": ["21 game", "0 (8 wiped)"],
        "Game 2, below": ["0", "20 game"],
        "Game 3, below": ["0", "0"],
        "Games": ["1", "1"],
        "Total": ["1121", "1070"],
    }

    # A rubber is dealt to its two players: Bob is refused, and nothing is dealt.
    deal_form = dealer.form("Deal", dealer.page())
    refused = dealer.client.post(
        deal_form.action,
        {
            "idempotency_key": uuid.uuid4().hex,
            "dealer": str(dan.pk),
            "players": [str(bob.pk), str(dan.pk)],
        },
    )
    assert refused.status_code == 400
    assert "This rubber of Pokino is between Ann and Dan" in text(refused)
    assert night.hands.count() == 4

    # Deal 5, Dan deals. Dan doubled: Ann's 4 tricks at 2 = 8; Dan's 1 trick at 1 = 1.
    # Ann's full house: 500.
    next_deal(dealer, dan, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at two points", ann, 4), ("Tricks at one point", dan, 1)],
        cards=[(ann, "Jh Jd Jc 4s 4h"), (dan, "Ts 9s 8s 7s 2d")],
    )
    assert fired(sent, ann, dan) == (["honor-full-house"], "Ann")
    # Ann 1,121 + 8 + 500 = 1,629; Dan 1,070 + 1 = 1,071.
    assert sheet(dealer)["Total"] == ["1629", "1071"]
    assert sheet(dealer)["Game 3, below"] == ["8", "1"]

    # Deal 6, Ann deals. Dan redoubled: Ann's 3 tricks at 4 = 12 take her to 20, her second
    # game: 100, and the rubber, 500 since Dan has a game. Dan's 2 tricks at 1 (partial 3)
    # are wiped. Dan's queens beat Ann's ace high: the pair honor, 50, to Dan.
    next_deal(dealer, ann, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at four points", ann, 3), ("Tricks at one point", dan, 2)],
        cards=[(ann, "Ah Kd 8c 6s 4h"), (dan, "Qh Qc 9d 5s 3h")],
    )
    assert fired(sent, ann, dan) == (["honor-pair"], "Dan")
    # Ann 1,629 + 12 + 100 + 500 = 2,241; Dan 1,071 + 2 - 3 + 50 = 1,120.
    # The difference, 1,121 points at $0.01, is $11.21: 224.2 chips of $0.05, rounded to
    # 224 ($11.20). Dan pays Ann: Ann 40 + 224 = 264, Dan 240 - 224 = 16.
    assert dealer.stacks(ann, bob, cat, dan) == [264, 40, 40, 16]
    paid = Posting.objects.filter(night=night, kind="award").order_by("-pk").first()
    assert paid.memo == (
        "Ann wins the rubber, 2 games: Ann 2,241, Dan 1,120; Dan pays Ann 224 chips ($11.20): "
        "1,121 points at $0.01 a point is $11.21, 224.2 chips, rounded to the nearest chip"
    )
    assert "Choose a game" in dealer.page()  # the rubber is over

    # Undone (the award, the stakes with it), the last deal and the rubber open again.
    last = night.hands.get(number=6)
    undone = dealer.client.post(
        url("hand_undo", night.pk, last.pk),
        {"idempotency_key": uuid.uuid4().hex, "next": url("deal", night.pk)},
    )
    assert undone.status_code == 303
    assert dealer.stacks(ann, bob, cat, dan) == [40, 40, 40, 240]
    page = dealer.page("?helper=fill")
    assert "Ann has won the rubber" in page
    # The honor is on the sheet already: booked again as filled, it is refused, unchanged.
    refused = dealer.press("Book the showdown", page=page, expect=400)
    assert "Honor for a pair: already scored this deal" in refused
    assert sheet(dealer)["Total"] == ["2241", "1120"]
    # Taken back, then booked again as filled: the same rubber, the same stakes.
    dealer.press("Take back the last score")
    assert sheet(dealer)["Total"] == ["2241", "1070"]
    dealer.press("Book the showdown", page=dealer.page("?helper=fill"))
    assert dealer.stacks(ann, bob, cat, dan) == [264, 40, 40, 16]

    # The rubber is over: the Deal tab offers a new game, and a new rubber's sheet is empty.
    page = dealer.page()
    assert "Choose a game" in page
    start(dealer, "pokino", players=[str(ann.pk), str(dan.pk)])
    assert sheet(dealer) == {
        "Above the line": ["0", "0"],
        "Game 1, below": ["0", "0"],
        "Games": ["0", "0"],
        "Total": ["0", "0"],
    }
    assert dealer.stacks(ann, bob, cat, dan) == [264, 40, 40, 16]


def test_in_poker_order_four_of_a_kind_is_750_and_a_straight_flush_900(dealer, four, night):
    ann, bob, cat, dan = four
    start(
        dealer,
        "pokino",
        players=[str(ann.pk), str(dan.pk)],
        **{"setting-honors-order": "swapped"},
    )
    # Deal 1, Dan deals, redoubled: Ann sweeps, 5 tricks at 4 = 20 below, game (100) and the
    # sweep (250). Her four nines: 750 in poker order.
    sent = play(
        dealer,
        tricks=[("Tricks at four points", ann, 5), ("Sweep", ann, None)],
        cards=[(ann, "9h 9d 9c 9s 4d"), (dan, "Kh Qh Jd 3c 2s")],
    )
    assert fired(sent, ann, dan) == (["honor-four-kind-swapped"], "Ann")
    # Ann above 250 + 100 + 750 = 1,100, below 20: 1,120.
    assert sheet(dealer)["Total"] == ["1120", "0"]

    # Deal 2, Ann deals. Dan redoubled: Ann's 4 tricks at 4 = 16. Ann doubled: Dan's 1 trick
    # at 2 = 2. Dan's straight flush: 900 in poker order.
    next_deal(dealer, ann, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at four points", ann, 4), ("Tricks at two points", dan, 1)],
        cards=[(ann, "Ah Ad 5s 5h 2c"), (dan, "8c 7c 6c 5c 4c")],
    )
    assert fired(sent, ann, dan) == (["honor-straight-flush-swapped"], "Dan")
    # Ann 1,120 + 16 = 1,136; Dan 2 + 900 = 902.
    assert sheet(dealer)["Total"] == ["1136", "902"]

    # Deal 3, Dan deals. Ann's 4 tricks at 1 take her to 20: her second game (100) and the
    # rubber, 750 since Dan has none. Dan's trick at 1 (partial 3) is wiped. Ann's tens: 50.
    next_deal(dealer, dan, [ann, dan])
    sent = play(
        dealer,
        tricks=[("Tricks at one point", ann, 4), ("Tricks at one point", dan, 1)],
        cards=[(ann, "Th Td 8s 4c 2h"), (dan, "Ks Qd 9c 7h 3s")],
    )
    assert fired(sent, ann, dan) == (["honor-pair"], "Ann")
    # Ann 1,136 + 4 + 100 + 750 + 50 = 2,040; Dan 902 + 1 - 3 = 900. Played for points
    # only: no chips move, and the rubber is over.
    paid = Posting.objects.filter(night=night, kind="award").order_by("-pk").first()
    assert paid.memo == "Ann wins the rubber, 2 games: Ann 2,040, Dan 900"
    assert dealer.stacks(ann, bob, cat, dan) == [40, 40, 40, 40]
    assert "Choose a game" in dealer.page()


@pytest.mark.parametrize(
    ("order", "rule", "points"),
    [("as-printed", "honor-straight-flush", 750), ("swapped", "honor-straight-flush-swapped", 900)],
)
def test_a_straight_flush_scores_its_honor_as_the_table_orders_them(
    dealer, four, order, rule, points
):
    ann, _bob, _cat, dan = four
    start(dealer, "pokino", players=[str(ann.pk), str(dan.pk)], **{"setting-honors-order": order})
    # One deal: Ann's 2 tricks at 1 and Dan's 3 at 1, all below the line, no game. Dan's
    # straight flush: 750 as printed, 900 in poker order.
    sent = play(
        dealer,
        tricks=[("Tricks at one point", ann, 2), ("Tricks at one point", dan, 3)],
        cards=[(ann, "Ah Ad Kc Ks 2d"), (dan, "Jd Td 9d 8d 7d")],
    )
    assert fired(sent, ann, dan) == ([rule], "Dan")
    assert sheet(dealer)["Total"] == ["2", str(3 + points)]


def test_the_sheet_books_the_game_bonus_itself_never_by_hand(dealer, four, night):
    ann, _bob, _cat, dan = four
    start(dealer, "pokino", players=[str(ann.pk), str(dan.pk)])
    hand = night.hands.get()
    before = sheet(dealer)
    response = dealer.client.post(
        url("hand_charge", night.pk, hand.pk),
        {"idempotency_key": uuid.uuid4().hex, "rule": "game-bonus", "role-winner": ann.pk},
    )
    assert response.status_code == 400
    assert "Game bonus: the score sheet books it by itself when a game is made" in text(response)
    assert sheet(dealer) == before


def test_equal_poker_hands_score_no_honor_by_default(dealer, four):
    ann, _bob, _cat, dan = four
    start(dealer, "pokino", players=[str(ann.pk), str(dan.pk)])
    # Both hold a nine-high straight: exactly equal, so nobody scores an honor (the table's
    # default answer to "who scores the honor"). Ann's 3 tricks at 1, Dan's 2 at 1.
    sent = play(
        dealer,
        tricks=[("Tricks at one point", ann, 3), ("Tricks at one point", dan, 2)],
        cards=[(ann, "9c 8d 7h 6s 5c"), (dan, "9d 8c 7s 6h 5d")],
    )
    assert fired(sent, ann, dan) == ([], "")
    assert sheet(dealer)["Total"] == ["3", "2"]


def test_a_rubber_starts_with_its_two_players_or_not_at_all(dealer, four, night):
    ann, bob, cat, dan = four
    setup = dealer.client.get(reverse("ledger:game_new", args=[night.pk]) + "?game=pokino")
    form = next(f for f in forms(text(setup)) if "start Pokino" in str(f.buttons))
    everyone = [str(s.pk) for s in (ann, bob, cat, dan)]
    data = form.data(players=everyone, dealer=str(dan.pk))
    refused = dealer.client.post(form.action, {"idempotency_key": uuid.uuid4().hex, **data})
    assert refused.status_code == 400
    assert "Pokino is played by 2 players, the dealer one of them: tick 2, not 4" in text(refused)
    assert not night.runs.exists()
    assert not night.hands.exists()


def test_the_api_takes_a_stake_in_money_and_refuses_one_it_cannot_read(host, night, four):
    from rest_framework.test import APIClient

    ann, _bob, _cat, dan = four
    api = APIClient()
    api.force_login(host)
    body = {
        "game": "pokino",
        "dealer": dan.pk,
        "players": [ann.pk, dan.pk],
        "settings": {"stakes": "per-point"},
    }

    def send(agreed):
        return api.post(
            f"/api/nights/{night.pk}/games/",
            body | {"agreed": {"the stake per point": agreed}},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )

    refused = send("a cent")
    assert refused.status_code == 400
    assert "must be a sum of money such as 0.01" in str(refused.json())
    assert not night.runs.exists()
    started = send("0.01")
    assert started.status_code == 201, started.json()
    assert started.json()["game"]["agreed"] == {"the stake per point": "0.01"}
