"""The forehead games, whole deals through dealer mode and the players' own phones.

In Indian Poker, 5 Card Indian Poker and Indian Midnight Baseball a player's
card faces everyone but them: each player enters, from their own phone, the
cards they see on the others' foreheads (or turned up for the others), and
their own phone never shows them theirs while the hand is played. At the
showdown every hand still in is shown, and the helper ranks them.

From the rule pages: Indian Poker is one card each, on the forehead, one
betting round from the dealer's left, highest card wins; everyone antes the
table's amount. 5 Card Indian Poker deals four cards you may look at and a
fifth to the forehead, one betting round once the foreheads are up (and,
if the table plays two, one more on the four down cards first); the best
five-card hand wins.

Everyone buys in 40 chips; Dan deals; each player holds their seat on their
own phone; the table agrees an ante of 1.
"""

from __future__ import annotations

import re

import pytest

from tests.ledger.deals.conftest import start
from tests.ledger.deals.table import act, book_the_fill, opens, phone, press, table
from tests.ledger.pages import text, url

pytestmark = pytest.mark.django_db

ANTE = {"agreed__the table's ante": "1"}


def phones(four) -> dict:
    """Each player's own phone, by name: every seat claimed through its join link."""
    return {seat.person.name: phone(seat) for seat in four}


def enter_facing(client, night, whose: str, cards: str) -> None:
    """From this phone's table page: the cards facing this player on `whose` forehead."""
    page = table(client, night)
    assert "Cards facing you" in page
    press(client, page, f"Save {whose}'s", cards=cards)


def enter_own(client, night, cards: str) -> None:
    """From this phone's table page: the holder's own cards, those they may look at."""
    page = table(client, night)
    assert "enter only those you may look at" in page
    press(client, page, "Save my cards", cards=cards)


def shows(page: str, code: str, label: str) -> bool:
    """Whether a page shows a card anywhere: listed, held on a tap grid, or in a typed box."""
    listed = f">{label}</span>" in page
    held = re.search(rf'class="ww-card[^"]* (?:up|down)" name="tap" value="{code}"', page)
    typed = re.search(rf'<input[^>]*type="text"[^>]*value="[^"]*\b{code}\b', page)
    return bool(listed or held or typed)


def everything_seen_by(client, night) -> str:
    """Every page and poll a player's phone reads while the hand is played."""
    return "".join(
        text(client.get(url(name, night.pk))) for name in ("night", "poll", "deal", "deal_poll")
    )


def test_indian_poker_each_card_is_entered_by_another_player_and_hidden_from_its_holder(
    dealer, four
):
    ann, _bob, _cat, _dan = four
    at = phones(four)
    night = dealer.night
    start(dealer, "indian-poker", **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    assert dealer.stacks(*four) == [39, 39, 39, 39]  # pot 4
    dealer.press("Next: Deal one")
    dealer.press("Next: Up to the forehead")
    # Each reads a neighbour's forehead and enters it from their own phone.
    enter_facing(at["Bob"], night, "Ann", "Ks")
    enter_facing(at["Cat"], night, "Bob", "7h")
    enter_facing(at["Dan"], night, "Cat", "Qd")
    enter_facing(at["Ann"], night, "Dan", "4c")
    foreheads = {"Ann": ("Ks", "K♠"), "Bob": ("7h", "7♥"), "Cat": ("Qd", "Q♦"), "Dan": ("4c", "4♣")}

    def only_the_others_see_them() -> None:
        for name, client in at.items():
            seen = everything_seen_by(client, night)
            for whose, (code, label) in foreheads.items():
                assert shows(seen, code, label) == (whose != name), (name, whose)

    only_the_others_see_them()
    dealer.press("Next: Forehead round")
    opens(dealer, "Forehead round", "Ann")  # the dealer's left
    act(dealer, "Ann", "Bet", client=at["Ann"], amount="2")
    only_the_others_see_them()
    act(dealer, "Bob", "Call", client=at["Bob"])
    act(dealer, "Cat", "Fold", client=at["Cat"])
    act(dealer, "Dan", "Call", client=at["Dan"])
    only_the_others_see_them()
    # Ann, Bob, Dan 39 - 2 = 37; Cat 39. Pot 4 + 6 = 10.
    assert dealer.stacks(*four) == [37, 37, 39, 37]
    dealer.press("Next: Showdown")
    # Everyone still in shows, Ann too: now she sees her king. Cat folded: her queen stays
    # hidden from her.
    assert shows(everything_seen_by(at["Ann"], night), "Ks", "K♠")
    assert not shows(everything_seen_by(at["Cat"], night), "Qd", "Q♦")
    # The highest card, Ann's king, wins.
    book_the_fill(dealer, win_0=[str(ann.pk)])
    # Ann 37 + 10 = 47. 47 + 37 + 39 + 37 = 160.
    assert dealer.stacks(*four) == [47, 37, 39, 37]


def test_five_card_indian_poker_with_two_rounds_four_seen_and_one_on_the_forehead(dealer, four):
    _ann, _bob, cat, _dan = four
    at = phones(four)
    night = dealer.night
    start(dealer, "five-card-indian-poker", **{"setting__bet-rounds": "two"}, **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    dealer.press("Next: Deal four down")
    # Each enters the four they may look at, from their own phone.
    enter_own(at["Ann"], night, "Ah Ad 9c 5s")
    enter_own(at["Bob"], night, "Kh Kd Kc 2s")
    enter_own(at["Cat"], night, "8h 8d 3c 3s")
    enter_own(at["Dan"], night, "Jh Td 6c 4s")
    dealer.press("Next: Four down")
    opens(dealer, "Four down", "Ann")
    act(dealer, "Ann", "Bet", client=at["Ann"], amount="2")
    act(dealer, "Bob", "Raise", client=at["Bob"], amount="4")
    act(dealer, "Cat", "Call", client=at["Cat"])
    act(dealer, "Dan", "Fold", client=at["Dan"])
    act(dealer, "Ann", "Call", client=at["Ann"])
    # Ann, Bob, Cat 39 - 4 = 35; Dan 39. Pot 4 + 12 = 16.
    assert dealer.stacks(*four) == [35, 35, 35, 39]
    dealer.press("Next: Fifth card to the forehead")
    enter_facing(at["Bob"], night, "Ann", "As")  # Ann's fifth: three aces, but she cannot see
    enter_facing(at["Cat"], night, "Bob", "7d")  # Bob keeps his three kings
    enter_facing(at["Ann"], night, "Cat", "8c")  # Cat makes a full house, eights over threes
    fifths = {"Ann": ("As", "A♠"), "Bob": ("7d", "7♦"), "Cat": ("8c", "8♣")}
    for name, (code, label) in fifths.items():
        for other, client in at.items():
            assert shows(everything_seen_by(client, night), code, label) == (other != name)
    # Her own four stay hers: Bob never sees Ann's down cards.
    assert not shows(everything_seen_by(at["Bob"], night), "9c", "9♣")
    dealer.press("Next: Foreheads up")
    opens(dealer, "Foreheads up", "Ann")
    act(dealer, "Ann", "Bet", client=at["Ann"], amount="5")
    act(dealer, "Bob", "Call", client=at["Bob"])
    act(dealer, "Cat", "Call", client=at["Cat"])
    # 35 - 5 = 30 each; pot 16 + 15 = 31.
    assert dealer.stacks(*four) == [30, 30, 30, 39]
    dealer.press("Next: Showdown")
    page = dealer.page()
    assert "7♦" in page
    assert "8♣" in page
    book_the_fill(dealer, win_0=[str(cat.pk)])  # the full house beats three aces
    # Cat 30 + 31 = 61. 30 + 30 + 61 + 39 = 160.
    assert dealer.stacks(*four) == [30, 30, 61, 39]


def test_five_card_indian_poker_with_one_round_folded_to_one(dealer, four):
    _ann, _bob, _cat, _dan = four
    at = phones(four)
    night = dealer.night
    start(dealer, "five-card-indian-poker", **{"setting__bet-rounds": "one"}, **ANTE)
    dealer.press("Book: Each player pays the table's ante")
    dealer.press("Next: Deal four down")
    assert "Next: Four down" not in dealer.page()  # no round on the four down cards
    dealer.press("Next: Fifth card to the forehead")
    enter_facing(at["Ann"], night, "Bob", "Ac")
    dealer.press("Next: Foreheads up")
    opens(dealer, "Foreheads up", "Ann")
    act(dealer, "Ann", "Check", client=at["Ann"])
    act(dealer, "Bob", "Bet", client=at["Bob"], amount="3")  # he sees an ace on nobody's head
    for name in ("Cat", "Dan", "Ann"):
        act(dealer, name, "Fold", client=at[name])
    page = dealer.page()
    assert "Everyone else folded" in page
    # Nobody called him, so nothing is shown: Bob never saw the ace on his forehead.
    assert not shows(everything_seen_by(at["Bob"], night), "Ac", "A♣")
    assert shows(everything_seen_by(at["Cat"], night), "Ac", "A♣")
    dealer.press("Give the pot to Bob", page=page)
    # Nobody called Bob's 3: back to him. Bob 39 + 4 = 43; the others 39.
    assert dealer.stacks(*four) == [39, 43, 39, 39]


# --- Indian Midnight Baseball ------------------------------------------------------------------
# From the rule page: seven cards each, face down, nobody looks at their own. From the dealer's
# left, each in turn turns cards up so that everyone else sees them and they cannot; the others
# say "go" while they need more to take the lead and "stop" once they lead or turned up a black
# six. A 4 is "option to buy": a quarter (5 chips at 0.05 a chip) buys an extra card. Threes and
# nines are wild; with Wild tax on, one counts only once its owner pays a quarter for it. A black
# six turned up kills the hand, though its owner only hears "stop". After each player's turn a
# betting round, opened by the player who just stopped; then the best hand showing wins.


def turn_up(deal, entered_by, night, whose: str, cards: str) -> None:
    """Someone else at the table enters the cards `whose` turned up: only the others see them."""
    enter_facing(entered_by, night, whose, cards)


def after_the_turn(deal, opener) -> None:
    """The round after a turn, opened by the player who just stopped, named by the dealer."""
    deal.press("Next: After each turn")
    page = deal.page()
    assert "Who opens (the player who has just played their turn)" in page
    deal.press("Open After each turn", page=page, opener=str(opener.pk))


def test_indian_midnight_baseball_a_round_after_every_turn_and_a_dead_hand(dealer, four):
    ann, bob, cat, dan = four
    at = phones(four)
    night = dealer.night
    start(dealer, "indian-midnight-baseball", options=["wild-tax"], **ANTE)
    dealer.press("Book: Each player antes before the deal")
    assert dealer.stacks(*four) == [39, 39, 39, 39]  # pot 4
    dealer.press("Next: Deal seven, no peeking")
    dealer.press("Next: Stop or go")
    # Ann goes first and turns up one card; the others say stop. Bob enters it.
    turn_up(dealer, at["Bob"], night, "Ann", "Qh")
    after_the_turn(dealer, ann)
    for who in ("Ann", "Bob", "Cat", "Dan"):
        act(dealer, who, "Check", client=at[who])
    dealer.press("Another round: Stop or go")
    # Bob: 5c (go), 4d: "option to buy". He buys a card: a quarter, 5 chips. It comes up the 9s:
    # "wild tax", and he pays another 5 for it. With the nine wild: a pair of fives. Stop.
    turn_up(dealer, at["Cat"], night, "Bob", "5c 4d")
    dealer.press("Book: When told", **{"role-actor": str(bob.pk), "count": "1"})
    turn_up(dealer, at["Cat"], night, "Bob", "5c 4d 9s")
    dealer.press("Book: When the others say", **{"role-actor": str(bob.pk), "count": "1"})
    # Bob 39 - 5 - 5 = 29; pot 4 + 10 = 14.
    assert dealer.stacks(*four) == [39, 29, 39, 39]
    after_the_turn(dealer, bob)
    act(dealer, "Bob", "Bet", client=at["Bob"], amount="2")
    act(dealer, "Cat", "Call", client=at["Cat"])
    act(dealer, "Dan", "Call", client=at["Dan"])
    act(dealer, "Ann", "Fold", client=at["Ann"])
    # Bob 27, Cat 37, Dan 37; pot 14 + 6 = 20.
    assert dealer.stacks(*four) == [39, 27, 37, 37]
    dealer.press("Another round: Stop or go")
    # Cat turns up the 6s: a black six. Her hand is dead, but she only hears "stop".
    turn_up(dealer, at["Dan"], night, "Cat", "6s")
    after_the_turn(dealer, cat)
    act(dealer, "Cat", "Bet", client=at["Cat"], amount="3")
    act(dealer, "Dan", "Call", client=at["Dan"])
    act(dealer, "Bob", "Call", client=at["Bob"])
    # Cat 34, Dan 34, Bob 24; pot 20 + 9 = 29.
    assert dealer.stacks(*four) == [39, 24, 34, 34]
    dealer.press("Another round: Stop or go")
    # Dan: Ah (go), Ad: a pair of aces beats Bob's fives. Stop. Ann, folded, still reads it.
    turn_up(dealer, at["Ann"], night, "Dan", "Ah Ad")
    after_the_turn(dealer, dan)
    for who in ("Dan", "Bob", "Cat"):
        act(dealer, who, "Check", client=at[who])
    # Nobody ever saw their own cards turned up.
    for name, code, label in (("Ann", "Qh", "Q♥"), ("Bob", "9s", "9♠"), ("Cat", "6s", "6♠")):
        assert not shows(everything_seen_by(at[name], night), code, label), name
        assert shows(everything_seen_by(at["Dan"], night), code, label)
    assert not shows(everything_seen_by(at["Dan"], night), "Ad", "A♦")
    assert "Another round: Stop or go" in dealer.page()  # the dealer could go on; all have played
    dealer.press("Next: Showdown")
    ranked = dealer.page("?helper=rank")
    assert re.search(r"<strong>Cat</strong>:(?:(?!<li>).)*Killed: A black six", ranked, re.S)
    assert re.search(r"<strong>Bob</strong>:(?:(?!<li>).)*Pair of fives", ranked, re.S | re.I)
    # Bob's pair of fives (the nine paid for), Cat's dead hand, Dan's aces: Dan's aces win.
    book_the_fill(dealer, win_0=[str(dan.pk)])
    # Dan 34 + 29 = 63. 39 + 24 + 34 + 63 = 160.
    assert dealer.stacks(*four) == [39, 24, 34, 63]


def test_indian_midnight_baseball_rained_out_is_dealt_again_with_the_pot_and_a_new_ante(
    dealer, four
):
    # With Rainout: the seven of diamonds turned up stops the deal; every card is collected and
    # dealt again to those who have not folded, the pot staying; with the re-ante played, each
    # player still in adds another ante first.
    ann, bob, cat, dan = four
    at = phones(four)
    night = dealer.night
    start(
        dealer,
        "indian-midnight-baseball",
        options=["rainout"],
        **{"setting__rainout-ante": "yes"},
        **ANTE,
    )
    dealer.press("Book: Each player antes before the deal")  # 39 each, pot 4
    dealer.press("Next: Deal seven, no peeking")
    dealer.press("Next: Stop or go")
    turn_up(dealer, at["Bob"], night, "Ann", "Qh")
    dealer.press("Next: Rainout?")  # no seven of diamonds yet: on to the betting
    after_the_turn(dealer, ann)
    act(dealer, "Ann", "Check", client=at["Ann"])
    act(dealer, "Bob", "Bet", client=at["Bob"], amount="2")
    act(dealer, "Cat", "Call", client=at["Cat"])
    act(dealer, "Dan", "Fold", client=at["Dan"])
    act(dealer, "Ann", "Call", client=at["Ann"])
    # Ann, Bob, Cat 39 - 2 = 37; pot 4 + 6 = 10.
    assert dealer.stacks(*four) == [37, 37, 37, 39]
    dealer.press("Another round: Stop or go")
    turn_up(dealer, at["Cat"], night, "Bob", "7d")  # a rainout
    dealer.press("Next: Rainout?")
    dealer.press("Book: Before the redeal")  # Ann, Bob, Cat: 1 more each; pot 13
    dealer.press("Book: On a rainout")  # the 13 wait for the redeal
    assert dealer.stacks(*four) == [36, 36, 36, 39]
    dealer.press("Deal again now: the pot rides")
    # Dan folded: he stays out of the redeal, and deals it again.
    players = [str(s.pk) for s in (ann, bob, cat)]
    dealer.press("Deal the next hand", players=players, dealer=str(dan.pk))
    assert "Main pot: 13" in table(dealer.client, night)
    dealer.press("Next: Deal seven, no peeking")  # the pot already holds the antes
    dealer.press("Next: Stop or go")
    turn_up(dealer, at["Bob"], night, "Ann", "Kh")
    dealer.press("Next: Rainout?")
    after_the_turn(dealer, ann)
    act(dealer, "Ann", "Bet", client=at["Ann"], amount="3")
    act(dealer, "Bob", "Fold", client=at["Bob"])
    act(dealer, "Cat", "Fold", client=at["Cat"])
    dealer.press("Give the pot to Ann")
    # Ann's 3 come back uncalled; she takes the 13. Ann 36 + 13 = 49. 49 + 36 + 36 + 39 = 160.
    assert dealer.stacks(*four) == [49, 36, 36, 39]
