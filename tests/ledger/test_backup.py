"""Backing up a group as one JSON file and restoring it: same figures, or refused and nothing added.

The worked group: Friday, chips white 0.05 and red 0.25 (one chip is $0.05).
Ann buys 100 chips in cash (to the bank), Bob and Cat 300 each on credit.
One hand: Ann is all in for 100, Bob raises to 250, Cat calls: a main pot of
300 (all three) and a side pot of 300 (Bob and Cat). Ann wins the main pot,
Bob the side pot: stacks Ann 300, Bob 350, Cat 50. The night ends; nets
Ann +200, Bob +50, Cat -250, and one payment is marked paid. A second night,
Saturday, is left open in the middle of a betting round.
"""

from __future__ import annotations

import html
import io
import json
from decimal import Decimal

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from ledger.core import backup_format, inputs
from ledger.core.backup_format import BackupError
from ledger.models import (
    Group,
    Hand,
    HandCards,
    Night,
    PayHandle,
    Payment,
    Person,
    Run,
    Score,
    ShowdownKept,
)
from ledger.selectors import night_results
from ledger.services import backup, backup_tables, closing, deletion, hands, restore, seating
from rulebook.models import Game

pytestmark = pytest.mark.django_db
HOST = "host:host"


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user(username="other", password="deal-me-in-9")


@pytest.fixture
def played(host, group, night, seats):
    """The worked group of the module docstring."""
    ann, bob, cat = seats
    seating.buy_in(night=night, seat=ann, chips=100, recorded_by=HOST, paid="cash")
    seating.buy_in(night=night, seat=bob, chips=300, recorded_by=HOST)
    seating.buy_in(night=night, seat=cat, chips=300, recorded_by=HOST)
    hand = hands.hand_start(night=night, players=seats, dealer=cat, recorded_by=HOST)
    hands.load(hand).round_start(recorded_by=HOST, opener=ann)
    hands.load(hand).act(seat=ann, action="all_in", recorded_by=HOST)
    hands.load(hand).act(seat=bob, action="raise", amount=250, recorded_by=HOST)
    hands.load(hand).act(seat=cat, action="call", recorded_by=HOST)
    assert [p.amount for p in hands.load(hand).showdown_pots()] == [300, 300]
    hands.load(hand).award(winners=[[ann.pk], [bob.pk]], recorded_by=HOST)
    assert closing.booked_stacks(night) == {ann.pk: 300, bob.pk: 350, cat.pk: 50}
    closing.night_end(night=night, counts={ann.pk: 300, bob.pk: 350, cat.pk: 50}, recorded_by=HOST)
    closing.payment_mark_paid(payment=Payment.objects.filter(night=night).first())

    saturday = seating.night_create(
        host=host, group=group, name="Saturday", chips=[("white", "0.05"), ("red", "0.25")]
    )
    people = {p.name: p for p in Person.objects.filter(group=group)}
    later = [seating.seat_add(night=saturday, person=people[n]) for n in ("Ann", "Bob", "Cat")]
    for seat in later:
        seating.buy_in(night=saturday, seat=seat, chips=200, recorded_by=HOST)
    open_hand = hands.hand_start(night=saturday, players=later, dealer=later[2], recorded_by=HOST)
    hands.load(open_hand).collect_antes(recorded_by=HOST)
    hands.load(open_hand).round_start(recorded_by=HOST)
    hands.load(open_hand).act(seat=later[0], action="bet", amount=20, recorded_by=HOST)
    hands.undo(hand=open_hand, recorded_by=HOST)
    hands.load(open_hand).act(seat=later[0], action="bet", amount=30, recorded_by=HOST)
    return group


def figures(night: Night) -> dict:
    """What the settlement page shows, by player name: nets in chips and money, and payments.

    A night in the middle of a hand has no results yet (the page says so): its stacks and cash.
    """
    name = {s.pk: s.person.name for s in night.seats.select_related("person")}
    name[None] = "bank"
    shown = {
        "cash": {name[k]: v for k, v in night_results.cash_boxes(night).items()},
        "stacks": {name[k]: v for k, v in closing.booked_stacks(night).items()},
    }
    if night.status != Night.Status.ENDED:
        return shown
    rows, payments = night_results.results(night)
    return shown | {
        "nets": {name[r.seat.pk]: (r.chips, r.money) for r in rows},
        "payments": sorted(
            (name[p.payer_id], name[p.payee_id], p.amount, p.paid_at is not None) for p in payments
        ),
        "dues": {name[closing.seat_of(k)]: v for k, v in closing.dues(night).items()},
    }


def table_state(hand: Hand) -> dict:
    """The replayed hand in table words: pots, whose turn, what each has committed."""
    play = hands.load(hand)
    name = {s.pk: s.person.name for s in hand.night.seats.select_related("person")}
    now = play.state
    return {
        "turn": name[now.round.turn] if now.round and now.round.turn else None,
        "committed": {name[s]: c for s, c in (now.round.committed if now.round else {}).items()},
        "pots": [(p.amount, sorted(name[s] for s in p.eligible)) for p in play.showdown_pots()],
    }


def row_counts() -> dict[str, int]:
    counts = {m.__name__: m.objects.count() for m in apps.get_app_config("ledger").get_models()}
    return counts | {"User": apps.get_model("auth", "User").objects.count()}


def by_name(group: Group) -> dict[str, Night]:
    return {n.name: n for n in group.nights.all()}


def resigned(document: dict) -> bytes:
    """The file as a tamperer would write it after fixing the digest too."""
    return backup_format.dumps(backup_format.wrap(document["content"]))


# --- The same figures --------------------------------------------------------------------------


def test_a_restored_group_settles_every_night_to_the_same_figures(played, other):
    before = {name: figures(n) for name, n in by_name(played).items()}
    raw = backup.export_bytes(played)
    restored = restore.import_group(raw, other)
    assert restored.host == other
    assert restored.pk != played.pk
    assert restored.name == played.name
    assert sorted(p.name for p in restored.people.all()) == ["Ann", "Bob", "Cat"]
    after = {name: figures(n) for name, n in by_name(restored).items()}
    assert after == before
    assert after["Friday"]["nets"] == {
        "Ann": (200, Decimal("10.00")),
        "Bob": (50, Decimal("2.50")),
        "Cat": (-250, Decimal("-12.50")),
    }
    assert any(paid for *_, paid in after["Friday"]["payments"])


def test_an_open_hand_carries_on_where_it_was(played, other):
    old = by_name(played)["Saturday"].hands.get()
    restored = restore.import_group(backup.export_bytes(played), other)
    new = by_name(restored)["Saturday"]
    hand = new.hands.get()
    assert table_state(hand) == table_state(old)
    assert new.postings.count() == old.night.postings.count()
    bob = new.seats.get(person__name="Bob")
    hands.load(hand).act(seat=bob, action="call", recorded_by=HOST)
    assert table_state(hand)["committed"]["Bob"] == 30


def test_the_journal_keeps_its_times_kinds_memos_and_reversals(played, other):
    old = by_name(played)["Saturday"]
    new = by_name(restore.import_group(backup.export_bytes(played), other))["Saturday"]
    fields = ("kind", "memo", "recorded_by", "created_at")
    assert list(new.postings.values_list(*fields)) == list(old.postings.values_list(*fields))
    undone = new.postings.get(kind="reversal")
    assert undone.reverses.night == new
    assert undone.detail["reverses"] == undone.reverses_id
    assert new.created_at == old.created_at
    assert new.spectator_token != old.spectator_token


def test_a_night_deleted_here_comes_back_from_its_backup(played, host):
    saturday = by_name(played)["Saturday"]
    before = figures(saturday)
    document = backup.export_group(played)
    deletion.night_delete(night=saturday)
    restored = restore.import_group(document, host)
    assert restored.name == "Friday regulars (restored)"
    assert figures(by_name(restored)["Saturday"]) == before


def test_restoring_the_same_file_twice_gives_two_copies_told_apart(played, other):
    raw = backup.export_bytes(played)
    first = restore.import_group(raw, other)
    second = restore.import_group(raw, other)
    assert (first.name, second.name) == ("Friday regulars", "Friday regulars (restored)")
    assert figures(by_name(second)["Friday"]) == figures(by_name(first)["Friday"])


# --- Refused, and nothing added ----------------------------------------------------------------


def refused(data, owner) -> str:
    before = row_counts()
    with pytest.raises(BackupError) as caught:
        restore.import_group(data, owner)
    assert row_counts() == before
    return str(caught.value)


def test_a_changed_chip_amount_with_the_old_digest_is_refused(played, other):
    document = backup.export_group(played)
    document["content"]["entries"][0]["amount"] += 1
    assert refused(backup_format.dumps(document), other) == backup_format.TAMPERED


def test_a_file_cut_short_is_refused(played, other):
    raw = backup.export_bytes(played)
    assert refused(raw[: len(raw) // 2], other).startswith("The file is not a Homegame backup")


@pytest.mark.parametrize("version", [4, 0, True, "2"])
def test_another_version_is_refused(played, other, version):
    document = backup.export_group(played) | {"version": version}
    assert refused(backup_format.dumps(document), other) == backup_format.WRONG_VERSION.format(
        version=version, ours=3
    )


def test_a_version_1_file_restores_its_cards_as_seen_by_their_holders_alone(played, other):
    """Version 1 kept no record of who entered cards: each hand reads as its holder's own."""
    document = backup.export_group(played)
    content = document["content"]
    hand = content["hands"][0]
    seat = next(s for s in content["seats"] if s["night"] == hand["night"])
    row = {
        "night": hand["night"],
        "hand": hand["id"],
        "seat": seat["id"],
        "cards": ["As", "Kd"],
        "up": [],
        "declare": "",
        "wild_ranks": [],
        "entered_by": "host:host",
        "created_at": hand["created_at"],
    }
    old = {**content, "hand_cards": [row]}
    raw = backup_format.dumps(
        {
            "format": backup_format.FORMAT,
            "version": 1,
            "digest": backup_format.digest(old),
            "content": old,
        }
    )
    group = restore.import_group(raw, other)
    restored = HandCards.objects.get(night__group=group)
    assert (restored.cards, restored.down_by, restored.shown) == (["As", "Kd"], "", False)


def test_an_unbalanced_journal_is_refused_even_with_a_fresh_digest(played, other):
    document = backup.export_group(played)
    entry = document["content"]["entries"][0]
    entry["amount"] += 1
    assert refused(resigned(document), other) == backup_format.UNBALANCED.format(
        posting=entry["posting"], total=1
    )


def test_chips_moved_out_of_an_empty_stack_are_refused(played, other):
    document = backup.export_group(played)
    content = document["content"]
    stack = next(a for a in content["accounts"] if a["kind"] == "stack")
    bank = next(
        a for a in content["accounts"] if a["kind"] == "bank" and a["night"] == stack["night"]
    )
    posting = next(p for p in content["postings"] if p["night"] == stack["night"])
    content["entries"] += [
        {"posting": posting["id"], "account": stack["id"], "amount": -10_000},
        {"posting": posting["id"], "account": bank["id"], "amount": 10_000},
    ]
    assert "with -" in refused(resigned(document), other)


def test_a_row_naming_another_nights_seat_is_refused(played, other):
    document = backup.export_group(played)
    content = document["content"]
    friday, saturday = (n["id"] for n in content["nights"])
    hand = next(h for h in content["hands"] if h["night"] == saturday)
    hand["dealer"] = next(s["id"] for s in content["seats"] if s["night"] == friday)
    assert refused(resigned(document), other).endswith("dealer belongs to another night")


def test_a_detail_naming_a_seat_not_at_the_night_is_refused(played, other):
    document = backup.export_group(played)
    award = next(p for p in document["content"]["postings"] if p["kind"] == "award")
    award["detail"]["winners"] = [[999_999], []]
    assert refused(resigned(document), other) == restore.UNKNOWN_SEAT.format(night="Friday")


def test_nets_that_do_not_match_the_journal_are_refused(played, other):
    document = backup.export_group(played)
    nets = document["content"]["nights"][0]["nets"]
    first, second = list(nets)[:2]
    nets[first] += 5
    nets[second] -= 5
    assert refused(resigned(document), other).startswith("Friday settles differently")


@pytest.mark.parametrize(
    ("raw", "starts"),
    [
        (b"", "The file is not a Homegame backup: it is not JSON"),
        (b"hello, poker", "The file is not a Homegame backup: it is not JSON"),
        (b"\xff\xfe", "The file is not a Homegame backup: it is not JSON (it is not UTF-8"),
        (b'{"a": NaN}', "The file is not a Homegame backup: it is not JSON (NaN"),
        (b"[1, 2, 3]", "The file is not a Homegame backup of a group."),
        (b"[" * 5000 + b"]" * 5000, "The file"),
        (b'{"format": "homegame-group-backup", "version": 1}', "The file is not a Homegame"),
    ],
)
def test_files_that_are_no_backup_are_refused(other, raw, starts):
    assert refused(raw, other).startswith(starts)


def with_lone_surrogate(played, *, in_key: bool = False) -> bytes:
    """The backup with a person's name, or a key, a lone UTF-16 surrogate, as JSON writes it."""
    document = backup.export_group(played)
    person = document["content"]["people"][0]
    if in_key:
        person["\ud83c"] = person.pop("name")
    else:
        person["name"] = "Ann \ud83c"
    return json.dumps(document).encode()  # ASCII: the surrogate is written "\\ud83c"


@pytest.mark.parametrize("in_key", [False, True], ids=["value", "key"])
def test_a_lone_surrogate_is_refused_before_the_digest_is_taken(played, other, in_key):
    where = "a key in content.people.0" if in_key else "content.people.0.name"
    assert refused(with_lone_surrogate(played, in_key=in_key), other) == (
        backup_format.NOT_TEXT.format(where=where)
    )


def test_a_file_too_large_is_refused_before_it_is_read(other):
    raw = b" " * (backup_format.MAX_BYTES + 1)
    assert refused(raw, other) == backup_format.TOO_LARGE.format(most=64)


def test_a_name_too_long_or_a_bad_setting_is_refused(played, other):
    document = backup.export_group(played)
    document["content"]["people"][0]["name"] = "A" * 61
    assert "text longer than 60 characters" in refused(resigned(document), other)
    document = backup.export_group(played)
    document["content"]["nights"][0]["settings"]["limit"] = "sky"
    assert refused(resigned(document), other).startswith("The backup's settings for Friday")


# --- The pages ---------------------------------------------------------------------------------


def test_the_host_downloads_the_backup_from_the_group_page(client, host, played):
    client.force_login(host)
    page = client.get(reverse("ledger:group", args=[played.pk]))
    url = reverse("ledger:group_backup", args=[played.pk])
    assert b"Download a backup" in page.content
    assert url.encode() in page.content
    got = client.get(url)
    assert got.status_code == 200
    assert got["Content-Type"] == "application/json"
    assert got["Content-Disposition"].startswith('attachment; filename="homegame-friday-regulars')
    assert json.loads(got.content)["format"] == backup_format.FORMAT


def test_another_host_cannot_download_a_group(client, other, played):
    client.force_login(other)
    assert client.get(reverse("ledger:group_backup", args=[played.pk])).status_code == 404


def upload(client, raw: bytes, key: str = "k1"):
    file = SimpleUploadedFile("backup.json", raw, content_type="application/json")
    return client.post(reverse("ledger:group_restore"), {"backup": file, "idempotency_key": key})


def test_a_backup_uploaded_on_the_nights_page_is_restored_once(client, other, played):
    client.force_login(other)
    assert b"Restore a group from a backup" in client.get(reverse("ledger:index")).content
    raw = backup.export_bytes(played)
    answer = upload(client, raw)
    restored = Group.objects.get(host=other)
    assert answer.status_code == 303
    assert answer["Location"] == reverse("ledger:group", args=[restored.pk])
    assert upload(client, raw).status_code == 303  # the same form sent twice
    assert Group.objects.filter(host=other).count() == 1
    page = client.get(reverse("ledger:group", args=[restored.pk]))
    assert b"Friday regulars is restored, with 2 nights." in page.content


@pytest.mark.parametrize("how", ["tampered", "not json", "no file", "too large", "not text"])
def test_a_refused_upload_is_a_400_page_with_the_reason(client, other, played, how):
    client.force_login(other)
    document = backup.export_group(played)
    document["content"]["entries"][0]["amount"] += 1
    raws = {
        "tampered": backup_format.dumps(document),
        "not json": b"<html>",
        "too large": b" " * (backup_format.MAX_BYTES + 1),
        "not text": with_lone_surrogate(played),
    }
    before = row_counts()
    if how == "no file":
        answer = client.post(reverse("ledger:group_restore"), {"idempotency_key": "k"})
    else:
        answer = upload(client, raws[how])
    assert answer.status_code == 400
    reason = {
        "tampered": "The file was changed after it was exported",
        "not json": "it is not JSON",
        "no file": "Choose a backup file to restore.",
        "too large": f"larger than {backup_format.MAX_BYTES // 2**20} MB",
        "not text": "content.people.0.name holds a lone UTF-16 surrogate",
    }[how]
    assert reason in answer.content.decode()
    assert row_counts() == before


# --- The commands ------------------------------------------------------------------------------


def test_the_commands_move_a_group_through_a_file(played, other, tmp_path):
    path = tmp_path / "friday.json"
    call_command("export_group", str(played.pk), out=str(path), stderr=io.StringIO())
    out = io.StringIO()
    call_command("import_group", str(path), owner="other", stdout=out)
    assert "Restored Friday regulars with 2 night(s)" in out.getvalue()
    restored = Group.objects.get(host=other)
    assert figures(by_name(restored)["Friday"]) == figures(by_name(played)["Friday"])
    printed = io.StringIO()
    call_command("export_group", str(played.pk), stdout=printed)
    assert json.loads(printed.getvalue())["digest"] == json.loads(path.read_bytes())["digest"]


def test_the_import_command_refuses_with_the_reason(played, other, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"not json")
    before = row_counts()
    with pytest.raises(CommandError, match="it is not JSON"):
        call_command("import_group", str(path), owner="other")
    path.write_bytes(with_lone_surrogate(played))
    with pytest.raises(
        CommandError, match=r"content\.people\.0\.name holds a lone UTF-16 surrogate"
    ):
        call_command("import_group", str(path), owner="other")
    with pytest.raises(CommandError, match="No user is called 'nobody'"):
        call_command("import_group", str(path), owner="nobody")
    with pytest.raises(CommandError, match="No group has the id 999999"):
        call_command("export_group", "999999")
    assert row_counts() == before


def test_who_entered_each_hands_cards_moves_with_the_seats_new_ids(played, other, seats):
    """Cat's cards were entered by Bob for her (before she had a phone): Bob still sees them."""
    hand = Hand.objects.filter(night=seats[0].night).first()
    bob, cat = seats[1], seats[2]
    HandCards.objects.create(
        night=hand.night,
        hand=hand,
        seat=cat,
        cards=["As", "Kd"],
        entered_by="seat 2:Bob",
        entered_as=f"seat:{bob.pk}",
        down_by=f"seat:{bob.pk}",
        shown=True,
    )
    group = restore.import_group(backup_format.dumps(backup.export_group(played)), other)
    row = HandCards.objects.get(night__group=group)
    new_bob = row.night.seats.get(person__name="Bob")
    assert (row.entered_as, row.down_by, row.shown) == (f"seat:{new_bob.pk}",) * 2 + (True,)


def cards_row(hand: Hand, seat, cards, *, up=(), by: str, **more) -> HandCards:
    return HandCards.objects.create(
        night=hand.night,
        hand=hand,
        seat=seat,
        cards=list(cards),
        up=list(up),
        entered_by=by,
        entered_as=by if by == "host" else f"seat:{seat.pk}",
        down_by=by if by == "host" else "",
        **more,
    )


def test_a_backup_keeps_no_face_down_card_its_host_may_not_see(played):
    """The file is the host's download: nobody's unshown cards may leave in it.

    Friday's hand was called by all three, so their cards were shown: kept whole.
    Saturday's hand is still being bet: the board and the cards the host typed for
    Ann are the host's to see, of Bob's only his face-up nine, of Cat's nothing.
    """
    friday, saturday = Night.objects.filter(group=played).order_by("pk")
    shown_hand = Hand.objects.get(night=friday)
    open_hand = Hand.objects.get(night=saturday)
    cat_friday = shown_hand.night.seats.get(person__name="Cat")
    ann, bob, cat = (saturday.seats.get(person__name=n) for n in ("Ann", "Bob", "Cat"))
    cards_row(shown_hand, cat_friday, ["2h", "5c", "8d", "Jh", "9s"], by="seat", declare="")
    cards_row(open_hand, None, ["Td", "Tc", "4s"], by="host")
    cards_row(open_hand, ann, ["As", "Ad"], by="host")
    cards_row(open_hand, bob, ["Ks", "Kc", "9h"], up=["9h"], by="seat", declare="hi")
    cards_row(open_hand, cat, ["Qs", "Qd"], by="seat")

    kept = backup.export_group(played)["content"]["hand_cards"]

    assert [(r["cards"], r["up"], r["declare"]) for r in kept] == [
        (["2h", "5c", "8d", "Jh", "9s"], [], ""),
        (["Td", "Tc", "4s"], [], ""),
        (["As", "Ad"], [], ""),
        (["9h"], ["9h"], ""),
    ]
    assert "Ks" not in json.dumps(kept)
    assert "Qs" not in json.dumps(kept)


@pytest.mark.parametrize(
    ("who", "why"),
    [
        ("seat:0", "names nobody at the table"),
        ("seat:x", "names nobody at the table"),
        ("dealer", "names nobody at the table"),
        ("seat:999999", "a seat that is not in the file"),
    ],
)
def test_cards_entered_by_nobody_at_the_table_are_refused(played, other, seats, who, why):
    hand = Hand.objects.filter(night=seats[0].night).first()
    HandCards.objects.create(
        night=hand.night,
        hand=hand,
        seat=seats[2],
        cards=["As"],
        entered_by="host:host",
        entered_as="host",
        down_by="host",
    )
    document = backup.export_group(played)
    document["content"]["hand_cards"][0]["down_by"] = who
    assert why in refused(resigned(document), other)


# --- Values the live site would refuse ---------------------------------------------------------
#
# Each case builds the worked group's backup, corrupts it one way and signs it again, so the
# digest is not what refuses it. The form answers 400 with the reason, the command fails with
# it, and nothing is added either way.

FRIDAY, SATURDAY = 0, 1  # the nights' rows in the file, in the order they were created


def first(content: dict, table: str, **where) -> dict:
    return next(r for r in content[table] if all(r[k] == v for k, v in where.items()))


def a_game() -> str:
    return Game.objects.order_by("slug").first().slug


def a_run(content: dict, night: int, **fields) -> dict:
    """A finished game at the night, as the setup page would have started it."""
    night_row = content["nights"][night]
    run = {
        "id": 9001,
        "night": night_row["id"],
        "number": 1,
        "game_slug": a_game(),
        "game_name": "A game",
        "options": [],
        "settings": {},
        "agreed": {},
        "status": "ended",
        "ending": "won",
        "created_at": night_row["created_at"],
        "ended_at": night_row["created_at"],
    }
    content["runs"].append(run | fields)
    return content


def the_hand(content: dict, night: int = FRIDAY) -> dict:
    return first(content, "hands", night=content["nights"][night]["id"])


def cards_shown(content: dict, cards) -> dict:
    hand = the_hand(content)
    content["hand_cards"].append(
        {
            "night": hand["night"],
            "hand": hand["id"],
            "seat": hand["seat_order"][0],
            "cards": cards,
            "up": [],
            "declare": "",
            "wild_ranks": [],
            "entered_by": "host",
            "entered_as": "host",
            "down_by": "",
            "shown": True,
            "created_at": hand["created_at"],
        }
    )
    return content


def first_cards(content: dict, **fields) -> dict:
    content["hand_cards"][0].update(fields)
    return content


def kept_showdown(content: dict, cards, result) -> dict:
    hand = the_hand(content)
    award = first(content, "postings", hand=hand["id"], kind="award")
    content["showdowns_kept"].append(
        {
            "night": hand["night"],
            "hand": hand["id"],
            "award": award["id"],
            "cards": cards,
            "result": result,
            "recorded_by": "host",
            "created_at": award["created_at"],
        }
    )
    return content


def award_detail(content: dict, **detail) -> dict:
    first(content, "postings", kind="award")["detail"].update(detail)
    return content


def set_field(table: str, row: int, name: str, value):
    def corrupt(content: dict) -> dict:
        content[table][row][name] = value
        return content

    return corrupt


def hand_config(config: dict):
    def corrupt(content: dict) -> dict:
        the_hand(content)["config"] = config
        return content

    return corrupt


def ended_with_open(table: str):
    def corrupt(content: dict) -> dict:
        if table == "runs":
            return a_run(content, FRIDAY, status="open", ending="", ended_at=None)
        the_hand(content)["status"] = "betting"
        return content

    return corrupt


def signed(corrupt) -> bytes:
    """A file whose content is corrupted, with its digest taken again."""

    def build(played) -> bytes:
        document = backup.export_group(played)
        return backup_format.dumps(backup_format.wrap(corrupt(document["content"])))

    return build


def twice_a_key(played) -> bytes:
    raw = backup.export_bytes(played)
    return raw.replace(b'"format":', b'"format": "other", "format":', 1)


def version_true(played) -> bytes:
    return backup_format.dumps(backup.export_group(played) | {"version": True})


def surrogate_in_memo(played) -> bytes:
    document = backup.export_group(played)
    document["content"]["postings"][0]["memo"] = "cash \ud83c"
    return json.dumps(document).encode()  # ASCII: "\\ud83c", and the digest of the old memo


def surrogate_in_detail_key(played) -> bytes:
    document = backup.export_group(played)
    document["content"]["postings"][0]["detail"]["\udf89"] = 1
    return json.dumps(document).encode()


REFUSED = {
    "lone surrogate in a memo": (surrogate_in_memo, "lone UTF-16 surrogate"),
    "lone surrogate in a detail's key": (surrogate_in_detail_key, "lone UTF-16 surrogate"),
    "a date at the calendar's edge": (
        signed(set_field("people", 0, "created_at", "0001-01-01T00:00:00+14:00")),
        "is not a date from 2000 to 2100",
    ),
    "a date with no time zone": (
        signed(set_field("people", 0, "created_at", "2026-01-01T20:00:00")),
        "is not a date from 2000 to 2100 with its time zone",
    ),
    "winners not in groups": (
        signed(lambda c: award_detail(c, winners=[6])),
        "its winners are not as the journal writes them",
    ),
    "an empty stack": (
        signed(lambda c: award_detail(c, stacks=[[]])),
        "its stacks are not as the journal writes them",
    ),
    "a transfer that is a number": (
        signed(lambda c: award_detail(c, transfers=[5])),
        "its transfers are not as the journal writes them",
    ),
    "a pot that is a number": (
        signed(lambda c: award_detail(c, pots=[5])),
        "its pots are not as the journal writes them",
    ),
    "a game the rulebook lacks": (
        signed(
            lambda c: (
                the_hand(c)
                and c | {"hands": [h | {"game_slug": "no-such-game"} for h in c["hands"]]}
            )
        ),
        "There is no game 'no-such-game' in the rulebook.",
    ),
    "an option the game lacks": (
        signed(lambda c: a_run(c, FRIDAY, options=["no-such-option"])),
        "no-such-option",
    ),
    "a setting the game lacks": (
        signed(lambda c: a_run(c, FRIDAY, settings={"no-such-setting": "yes"})),
        "no-such-setting",
    ),
    "an agreed amount the game lacks": (
        signed(lambda c: a_run(c, FRIDAY, agreed={"no-such-amount": 5})),
        "has no agreed amount called 'no-such-amount'",
    ),
    "options that are not text": (
        signed(lambda c: a_run(c, FRIDAY, options=[[1]])),
        "its options are not a list of text",
    ),
    "a card that is no card": (
        signed(lambda c: cards_shown(c, ["ZZ"])),
        "is not a card",
    ),
    "a card that is a number": (
        signed(lambda c: cards_shown(c, [1])),
        "its cards are not a list of text",
    ),
    "a card that is a list": (
        signed(lambda c: cards_shown(c, [[]])),
        "its cards are not a list of text",
    ),
    "a wild rank that is no rank": (
        signed(lambda c: cards_shown(c, ["As"]) and first_cards(c, wild_ranks=["Z"])),
        "The backup's hand_cards, row 1: A wild rank is 2 to 10, J, Q, K or A",
    ),
    "junk cards in a kept showdown": (
        signed(lambda c: kept_showdown(c, {"Ann": {"cards": ["ZZ"]}}, {})),
        "its cards and result cannot be shown",
    ),
    "a junk result in a kept showdown": (
        signed(lambda c: kept_showdown(c, {}, {"rankings": [5]})),
        "its cards and result cannot be shown",
    ),
    "a night setting this site lacks": (
        signed(set_field("nights", FRIDAY, "settings", {"antes": 5})),
        "its settings name 'antes', which this site does not have",
    ),
    "choices kept for a game that are no choices": (
        signed(set_field("nights", FRIDAY, "settings", {"games": {"any": {"options": [[1]]}}})),
        "the choices it keeps for each game are not options, settings and amounts",
    ),
    "a hand's rules left empty": (
        signed(hand_config({})),
        "its rules lack side_pots, ante, min_bet, limit, cap",
    ),
    "a hand's ante that is text": (
        signed(
            hand_config(
                {"side_pots": True, "ante": "one", "min_bet": 1, "limit": "no_limit", "cap": None}
            )
        ),
        "its rules are not a hand's",
    ),
    "a key written twice": (twice_a_key, "a key appears twice in one object ('format')"),
    "a version that is true": (version_true, "The backup is version True"),
    "a currency in lower case": (
        signed(set_field("nights", FRIDAY, "currency", "usd")),
        "'usd' is not a currency code such as USD",
    ),
    "an ended night with a hand still played": (
        signed(ended_with_open("hands")),
        "the night is ended but its hand 1 is still open",
    ),
    "an ended night with a game still open": (
        signed(ended_with_open("runs")),
        "the night is ended but its game 1 is still open",
    ),
    "a control character in a memo": (
        signed(set_field("postings", 0, "memo", "cash\x07")),
        "it holds a control character or a bidi override",
    ),
    "a right-to-left override in a name": (
        signed(set_field("people", 0, "name", "Ann\u202egnp.exe")),
        "it holds a control character or a bidi override",
    ),
    "a right-to-left override in a memo": (
        signed(set_field("postings", 0, "memo", "cash \u202e")),
        "it holds a control character or a bidi override",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_value_the_live_site_would_refuse_is_refused_by_the_form_and_the_command(
    client, played, other, tmp_path, case
):
    build, reason = REFUSED[case]
    raw = build(played)
    before = row_counts()
    client.force_login(other)
    answer = upload(client, raw)
    assert answer.status_code == 400
    assert reason in html.unescape(answer.content.decode())
    path = tmp_path / "hostile.json"
    path.write_bytes(raw)
    with pytest.raises(CommandError) as caught:
        call_command("import_group", str(path), owner="other")
    assert reason in str(caught.value)
    assert row_counts() == before


def test_bidi_overrides_are_refused_in_typed_names_as_control_characters():
    with pytest.raises(inputs.InputError, match="contains a control character"):
        inputs.text("Ann\u202e", label="A player's name", most=60)
    assert inputs.text("عمر", label="A player's name", most=60) == "عمر"


# --- One description of the file, its bounds the models' -------------------------------------


def test_the_export_writes_one_row_of_each_table_field_by_field(played, seats):
    """Each value as its column holds it; times, amounts and nets as the file writes them."""
    ann, bob, cat = seats
    friday = ann.night
    hand = friday.hands.get()
    award = friday.postings.get(kind="award")
    game = Run.objects.create(
        night=friday, number=1, game_slug="guts", game_name="Guts", options=["two-card"],
        settings={"pot": "one-pot"}, agreed={"ante": 1}, status="ended", ending="won",
        ended_at=friday.ended_at,
    )  # fmt: skip
    score = Score.objects.create(
        night=friday, hand=hand, seat=bob, rule="first-out", points=-3, recorded_by=HOST
    )
    HandCards.objects.create(
        night=friday, hand=hand, seat=cat, cards=["As", "Kd"], up=["Kd"], declare="high",
        wild_ranks=[], entered_by="seat 3:Cat", entered_as="host", down_by=f"seat:{cat.pk}",
    )  # fmt: skip
    ShowdownKept.objects.create(
        night=friday, hand=hand, award=award, cards={"Ann": ["As"]}, result={"winners": []},
        recorded_by=HOST,
    )  # fmt: skip
    handle = PayHandle.objects.create(
        person=ann.person, service="iban", value="DE89370400440532013000", holder="Ann Smith",
        from_seat=True,
    )  # fmt: skip
    content = backup.export_group(played)["content"]
    first = {table: rows[0] for table, rows in content.items() if isinstance(rows, list)}
    bank = friday.accounts.get(kind="bank")
    buy_in = friday.postings.order_by("pk").first()
    paid = Payment.objects.filter(night=friday).order_by("pk").first()
    cards = HandCards.objects.get()

    assert content["group"] == {
        "name": "Friday regulars",
        "settings": played.settings,
        "created_at": played.created_at.isoformat(),
    }
    assert first["people"] == {
        "id": ann.person_id, "name": "Ann", "created_at": ann.person.created_at.isoformat()
    }  # fmt: skip
    assert first["nights"] == {
        "id": friday.pk,
        "name": "Friday",
        "currency": "USD",
        "chips": [{"name": "white", "value": "0.05"}, {"name": "red", "value": "0.25"}],
        "unit": "0.0500",
        "settings": friday.settings,
        "status": "ended",
        "created_at": friday.created_at.isoformat(),
        "ended_at": friday.ended_at.isoformat(),
        "nets": {str(ann.pk): 200, str(bob.pk): 50, str(cat.pk): -250},
    }
    assert first["seats"] == {
        "id": ann.pk, "night": friday.pk, "person": ann.person_id, "position": ann.position,
        "sitting_out": False, "left_at": None,
    }  # fmt: skip
    assert first["runs"] == {
        "id": game.pk, "night": friday.pk, "number": 1, "game_slug": "guts", "game_name": "Guts",
        "options": ["two-card"], "settings": {"pot": "one-pot"}, "agreed": {"ante": 1},
        "status": "ended", "ending": "won", "created_at": game.created_at.isoformat(),
        "ended_at": friday.ended_at.isoformat(),
    }  # fmt: skip
    assert first["hands"] == {
        "id": hand.pk, "night": friday.pk, "number": 1, "game_slug": "", "game_name": "",
        "run": None, "dealer": cat.pk, "seat_order": [ann.pk, bob.pk, cat.pk],
        "config": hand.config, "status": "settled", "step": "",
        "created_at": hand.created_at.isoformat(),
    }  # fmt: skip
    assert first["accounts"] == {
        "id": bank.pk, "night": friday.pk, "kind": "bank", "seat": None, "hand": None,
        "key": "bank::",
    }  # fmt: skip
    assert first["postings"] == {
        "id": buy_in.pk, "night": friday.pk, "hand": None, "seat": ann.pk, "kind": "buy_in",
        "detail": {"paid": "cash", "holder": None}, "memo": "Ann buys 100, cash to the bank",
        "recorded_by": HOST, "reverses": None, "created_at": buy_in.created_at.isoformat(),
    }  # fmt: skip
    assert first["entries"] == {"posting": buy_in.pk, "account": bank.pk, "amount": -100}
    assert first["scores"] == {
        "id": score.pk, "night": friday.pk, "hand": hand.pk, "seat": bob.pk, "rule": "first-out",
        "points": -3, "recorded_by": HOST, "reverses": None,
        "created_at": score.created_at.isoformat(),
    }  # fmt: skip
    assert first["payments"] == {
        "night": friday.pk, "payer": paid.payer_id, "payee": paid.payee_id,
        "amount": str(paid.amount), "paid_at": paid.paid_at.isoformat(),
    }  # fmt: skip
    assert first["hand_cards"] == {
        "night": friday.pk, "hand": hand.pk, "seat": cat.pk, "cards": ["As", "Kd"], "up": ["Kd"],
        "declare": "high", "wild_ranks": [], "entered_by": "seat 3:Cat", "entered_as": "host",
        "down_by": f"seat:{cat.pk}", "shown": False, "created_at": cards.created_at.isoformat(),
    }  # fmt: skip
    assert first["showdowns_kept"] == {
        "night": friday.pk, "hand": hand.pk, "award": award.pk, "cards": {"Ann": ["As"]},
        "result": {"winners": []}, "recorded_by": HOST,
        "created_at": ShowdownKept.objects.get().created_at.isoformat(),
    }  # fmt: skip
    assert first["pay_handles"] == {
        "person": ann.person_id, "service": "iban", "value": "DE89370400440532013000",
        "holder": "Ann Smith", "from_seat": True, "updated_at": handle.updated_at.isoformat(),
    }  # fmt: skip


def backed_up() -> dict[str, tuple[type, dict]]:
    """Each part of the file: its model and its fields as the restore checks them."""
    described = backup_tables.DESCRIBED
    return {
        "group": (Group, described.group),
        **{table: (backup_tables.MODELS[table], f) for table, f in described.tables.items()},
    }


def why_not(field: backup_format.Field, column, models: dict) -> str:
    """Why a field of the file does not fit the model's column it names, or ""."""
    kind = column.get_internal_type()
    if isinstance(field, backup_format.Id):
        return "" if column.primary_key else "an id that is not the key"
    if isinstance(field, backup_format.Ref):
        return "" if (column.related_model, column.null) == (
            models[field.table], field.optional
        ) else "a reference to another table, or empty otherwise"  # fmt: skip
    if isinstance(field, backup_format.Text):
        choices = [value for value, _ in column.choices or []]
        choices = [""] * bool(choices and column.blank) + choices
        return "" if (kind, field.most, list(field.choices)) == (
            kind if kind in ("CharField", "SlugField") else "text",
            column.max_length,
            choices,
        ) else f"text bounded otherwise ({field.most}, {field.choices})"  # fmt: skip
    if isinstance(field, backup_format.Money):
        same = kind == "DecimalField" and field.places == column.decimal_places
        return "" if same else "an amount with other places"
    if isinstance(field, backup_format.When):
        same = (kind, field.optional) == ("DateTimeField", column.null)
        return "" if same else "a time, or empty otherwise"
    if isinstance(field, backup_format.Int):
        least, most = connection.ops.integer_field_range(kind)
        fits = (least is None or least <= field.least) and (most is None or field.most <= most)
        return "" if fits else f"a number the column cannot hold ({least} to {most})"
    if isinstance(field, backup_format.Currency):
        return "" if column.max_length == 3 else "a currency in a column of another length"
    if isinstance(field, backup_format.Viewer):
        fits = column.max_length >= backup_format.VIEWER_MOST
        return "" if fits else "a seat's key longer than the column"
    expected = {backup_format.Json: "JSONField", backup_format.Flag: "BooleanField"}
    return "" if expected[type(field)] == kind else f"not a {kind}"


def test_every_field_of_the_file_names_a_column_of_its_model_with_the_same_bounds():
    models = {table: model for table, (model, _) in backed_up().items()}
    wrong = []
    for table, (model, fields) in backed_up().items():
        for name, field in fields.items():
            if field.derived:
                assert name not in {f.name for f in model._meta.get_fields()}, (table, name)
                continue
            column = model._meta.get_field(field.attr(name))
            if why := why_not(field, column, models):
                wrong.append(f"{table}.{name}: {why}")
    assert wrong == []


def test_every_column_of_a_backed_up_model_is_in_the_file_or_left_out_with_why():
    carried = {}
    for table, (model, fields) in backed_up().items():
        names = {model._meta.get_field(f.attr(n)).name for n, f in fields.items() if not f.derived}
        left_out = set(backup_tables.LEFT_OUT.get(model, {}))
        assert not names & left_out, table
        carried[table] = {f.name for f in model._meta.concrete_fields} - names - left_out
    assert carried == {table: set() for table in carried}
    every = set(apps.get_app_config("ledger").get_models())
    in_file = {model for model, _ in backed_up().values()}
    assert every - in_file == set(backup_tables.NOT_BACKED_UP)
    assert all(backup_tables.LEFT_OUT.values())
    assert all(backup_tables.NOT_BACKED_UP.values())


def test_a_column_made_longer_or_given_a_choice_is_taken_by_the_backup_at_once(monkeypatch):
    name, status = Night._meta.get_field("name"), Night._meta.get_field("status")
    monkeypatch.setattr(name, "max_length", 200)
    monkeypatch.setattr(status, "choices", [*status.choices, ("paused", "Paused")])
    columns = backup_tables.columns_of(Night, backup_format.TABLES["nights"])
    nights = backup_format.bound({"nights": columns}).tables["nights"]
    assert nights["name"].check("x" * 200) == ""
    assert nights["name"].check("x" * 201) == "text longer than 200 characters"
    assert nights["status"].check("paused") == ""
    assert backup_tables.TABLES["nights"]["name"].check("x" * 81) == (
        "text longer than 80 characters"
    )


def test_a_restored_group_exports_the_same_rows_but_for_their_new_ids(played, other):
    before = backup.export_group(played)["content"]
    after = backup.export_group(restore.import_group(backup.export_bytes(played), other))["content"]
    assert after["group"] == before["group"]
    new_id = {
        table: {old["id"]: new["id"] for old, new in zip(before[table], after[table], strict=True)}
        for table, fields in backup_tables.TABLES.items()
        if "id" in fields
    }
    rewritten = {"key", "seat_order", "detail", "nets", "entered_as", "down_by"}  # tests above
    for table, fields in backup_tables.TABLES.items():
        assert len(after[table]) == len(before[table]), table
        for old, new in zip(before[table], after[table], strict=True):
            for name, field in fields.items():
                if isinstance(field, backup_format.Ref) and old[name] is not None:
                    assert new[name] == new_id[field.table][old[name]], (table, name)
                elif name not in rewritten and not isinstance(field, backup_format.Id):
                    assert new[name] == old[name], (table, name)
