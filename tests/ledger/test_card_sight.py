"""Who sees which cards: a player's face-down cards are theirs until the showdown (pure)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.core.card_sight import HOST, Row, moment, pick, seen, seen_all, shown_at_showdown

pytestmark = pytest.mark.pure

ANN, BOB, CAT = 1, 2, 3
BEFORE = moment(reached_showdown=False, still_in=[ANN, BOB, CAT])
AT_SHOWDOWN = moment(reached_showdown=True, still_in=[ANN, BOB, CAT])
VIEWERS = [HOST, "seat:1", "seat:2", "seat:3", "watch"]


def codes(viewer: str, row: Row, at=BEFORE) -> tuple[str, ...] | None:
    found = seen(row, viewer, at)
    return None if found is None else found.cards


def test_before_the_showdown_only_the_holder_sees_their_face_down_cards():
    bob = Row(seat=BOB, cards=("Qs", "Qd", "4h"))
    assert codes("seat:2", bob) == ("Qs", "Qd", "4h")
    for viewer in (HOST, "seat:1", "seat:3", "watch"):
        assert codes(viewer, bob) is None


def test_the_host_and_the_dealer_see_nothing_more_than_any_other_player():
    bob = Row(seat=BOB, cards=("Qs", "Qd"), up=("Qd",), declare="high")
    assert seen(bob, HOST, BEFORE) == seen(bob, "seat:3", BEFORE) == seen(bob, "watch", BEFORE)


def test_face_up_cards_are_public_and_the_declaration_is_not():
    bob = Row(seat=BOB, cards=("Qs", "Qd", "4h"), up=("Qd",), declare="low")
    for viewer in (HOST, "seat:1", "watch"):
        found = seen(bob, viewer, BEFORE)
        assert (found.cards, found.up, found.declare, found.whole) == (("Qd",), ("Qd",), "", False)


def test_whoever_entered_a_hand_for_a_seat_with_no_phone_sees_it():
    cat = Row(seat=CAT, cards=("2h", "5c"), down_by=HOST)
    assert codes(HOST, cat) == ("2h", "5c")
    assert codes("seat:1", cat) is None


def test_at_the_showdown_every_hand_still_in_is_shown_to_everyone():
    bob = Row(seat=BOB, cards=("Qs", "Qd", "4h"), declare="high")
    for viewer in VIEWERS:
        found = seen(bob, viewer, AT_SHOWDOWN)
        assert (found.whole, found.cards, found.declare) == (True, ("Qs", "Qd", "4h"), "high")


def test_a_folded_hand_stays_unseen_at_the_showdown_until_its_player_shows_it():
    at = moment(reached_showdown=True, still_in=[BOB, CAT])
    ann = Row(seat=ANN, cards=("As", "Ad"), up=("Ad",))
    assert codes("seat:2", ann, at) == ("Ad",)
    assert codes("seat:1", ann, at) == ("As", "Ad")
    shown = Row(seat=ANN, cards=("As", "Ad"), up=("Ad",), shown=True)
    assert codes("watch", shown, at) == ("As", "Ad")


def test_the_lone_player_left_when_the_others_fold_shows_nothing():
    at = moment(reached_showdown=True, still_in=[BOB], over=True)
    assert at.contenders == frozenset()
    assert codes("watch", Row(seat=BOB, cards=("Qs", "Qd")), at) is None


def test_the_table_cards_are_everyones():
    board = Row(seat=None, cards=("Ah", "Kh", "Qh"))
    for viewer in VIEWERS:
        assert codes(viewer, board) == ("Ah", "Kh", "Qh")


def test_a_forehead_card_faces_everyone_but_its_holder_until_the_hand_is_over():
    before = moment(reached_showdown=False, still_in=[ANN, BOB], forehead=True)
    bob = Row(seat=BOB, cards=("4d", "5d", "6d", "7d", "Ks"), up=("Ks",))
    assert codes("seat:2", bob, before) == ("4d", "5d", "6d", "7d")
    assert codes("seat:1", bob, before) == ("Ks",)
    assert codes(HOST, bob, before) == ("Ks",)
    over = moment(reached_showdown=False, still_in=[BOB], over=True, forehead=True)
    assert codes("seat:2", bob, over) == ("4d", "5d", "6d", "7d", "Ks")


def test_shown_at_showdown_is_the_board_the_contenders_and_hands_shown():
    at = moment(reached_showdown=True, still_in=[BOB, CAT])
    rows = [
        Row(seat=None, cards=("Ah",)),
        Row(seat=ANN, cards=("2c",)),
        Row(seat=BOB, cards=("3c",)),
        Row(seat=ANN + 10, cards=("4c",), shown=True),
    ]
    assert [r.seat for r in shown_at_showdown(rows, at)] == [None, BOB, ANN + 10]


def test_pick_keeps_the_order_and_repeated_cards():
    assert list(pick(("As", "Kd", "As"), ("As",), down=True, up=False)) == ["Kd", "As"]
    assert list(pick(("As", "Kd", "As"), ("As",), down=False, up=True)) == ["As"]


CARDS = st.lists(st.sampled_from(["As", "Kd", "Qh", "Jc", "Ts", "9d"]), max_size=5)


@given(mine=CARDS, theirs_a=CARDS, theirs_b=CARDS, up=CARDS)
def test_two_worlds_that_differ_only_in_anothers_face_down_cards_look_the_same(
    mine, theirs_a, theirs_b, up
):
    """Whatever Bob holds face down, nobody else can tell before the showdown."""
    rows_a = [Row(seat=ANN, cards=tuple(mine)), Row(seat=BOB, cards=(*theirs_a, *up), up=tuple(up))]
    rows_b = [Row(seat=ANN, cards=tuple(mine)), Row(seat=BOB, cards=(*theirs_b, *up), up=tuple(up))]
    for viewer in (HOST, "seat:1", "seat:3", "watch"):
        assert seen_all(rows_a, viewer, BEFORE) == seen_all(rows_b, viewer, BEFORE)
