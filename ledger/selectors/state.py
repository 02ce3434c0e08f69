"""What the table page shows, read from the journal through the services; never writes.

`table` gathers the stacks, the hand in play, its pots and whose turn it
is, drawn once per poll for every viewer (`drawn_once`) and made the
viewer's by `seen_by`; the shapes it fills are in `table_types`.
`markers` is the cheap fingerprint of all that (one query) behind the
poll's ETag, signed by `etag`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from django.conf import settings
from django.db.models import Exists, OuterRef, Subquery, Sum
from django.urls import reverse
from django.utils.crypto import salted_hmac

from ledger.core import betting, charges, charts, facts, flow, openers
from ledger.models import Account, Entry, Hand, HandCards, Night, Posting, Run, Score, Seat
from ledger.selectors import memo, table_types
from ledger.selectors.sql import Joined, Prepared
from ledger.services import closing, games, hands, seat_cards
from ledger.services.actors import Actor
from rulebook.models import Game
from rulebook.schema import FAMILIES

T = TypeVar("T")

HISTORY_ROWS = 12
COMMUNITY = "community"


def labels(seats: list[Seat]) -> dict[int, str]:
    """Display names; two people with one name are told apart by seat number."""
    return seat_cards.names_of(seats)


def game_info(hand: Hand) -> table_types.GameInfo:
    """The hand's game as its screens need it, the pot's shape as this table plays it."""
    slug, name = hand.game_slug, hand.game_name
    if not slug:
        return table_types.GameInfo(name=name)
    game = Game.objects.filter(slug=slug).only("slug", "name", "family").first()
    if game is None:
        return table_types.GameInfo(slug=slug, name=name)
    run = hand.run if hand.run_id else None
    shape = games.pot_shape(slug, run)
    return table_types.GameInfo(
        slug=slug,
        name=name or game.name,
        family=game.family,
        shape=shape,
        both=bool(hand.config.get("declare_both", True)),
    )


def table(night: Night, actor: Actor, marks: tuple | None = None) -> table_types.Table:
    """The table as `actor` sees it: drawn for nobody in particular, then made theirs.

    With the poll's `marks`, what every viewer sees alike is drawn once per
    process for those marks (`_DRAWN`): the eight phones of a table that all
    poll after one write share one reading.
    """
    shared = drawn_once(("table", night.pk), marks, lambda: _drawn(night))
    return seen_by(shared, actor)


def drawn_once(key: tuple, marks: tuple | None, make: Callable[[], T]) -> T:
    """What every viewer of a poll's `marks` is shown alike (the chart, the cards entered),
    made once per process for them; without marks, made now."""
    return make() if marks is None else _DRAWN.get_or_make((*key, marks), make)


def seen_by(shared: table_types.Table, actor: Actor) -> table_types.Table:
    """A table drawn for nobody in particular, as `actor` sees it: their seat, their turn."""
    me = actor.seat.pk if actor.seat else None
    rows = [replace(r, me=r.seat.pk == me) for r in shared.rows]
    by_id = {r.seat.pk: r for r in rows}
    view = replace(
        shared,
        actor=actor,
        rows=rows,
        pots=[replace(p, eligible=[by_id[r.seat.pk] for r in p.eligible]) for p in shared.pots],
    )
    if shared.turn_of is not None:
        view.turn_of = by_id[shared.turn_of.seat.pk]
    if shared.turn is not None:
        turn = shared.turn.row.seat.pk
        view.turn = replace(shared.turn, row=by_id[turn], mine=view.can_run or turn == me)
    return view


# The last tables drawn in this process, by night and poll markers (`drawn_once`).
_DRAWN = memo.BoundedMemo(most=256)


def _drawn(night: Night) -> table_types.Table:
    """The table for nobody in particular (a spectator): `seen_by` makes it a viewer's."""
    seats = list(night.seats.select_related("person").order_by("position"))
    names = labels(seats)
    stacks = closing.booked_stacks(night, [s.pk for s in seats])
    rows = [table_types.SeatRow(seat=s, name=names[s.pk], stack=stacks[s.pk]) for s in seats]
    by_id = {r.seat.pk: r for r in rows}
    # Dated, so the hand in play is read from its tally when nothing was posted since.
    latest = (
        hands.with_through(night.hands.select_related("dealer__person")).order_by("-number").first()
    )
    hand = latest if latest and latest.status != Hand.Status.SETTLED else None
    view = table_types.Table(
        night=night, actor=Actor(night=night, role="spectator"), rows=rows, hand=hand, latest=latest
    )
    view.riding, view.fines, owed = side_balances(night)
    for row in rows:
        row.marker = owed.get(row.seat.pk, 0)
    view.run = games.open_run(night)
    if view.fines and view.run is not None:
        in_force = list(games.rules_in_force(view.run).values())
        view.pile, view.pile_waits = charges.pile_name(in_force), charges.pile_waits(in_force)
    if view.riding and view.run is not None:
        spec = games.spec_of(view.run.game_slug)
        view.rides_why = spec.deals.rides if spec.deals else ""
    view.history = history(night)
    if hand is None:
        return view
    view.game = game_info(hand)
    # From its tally, or read and replayed once, for the state and the pots.
    play = hands.load(hand, seats={s.pk: s for s in seats})
    now = play.state
    view.betting_open, view.rounds, view.antes = now.betting_open, now.rounds, now.antes
    view.named = now.named
    view.situation = hands.situation(hand, play)
    run = None
    if hand.run_id is not None:
        run = view.run if view.run is not None and view.run.pk == hand.run_id else hand.run
        view.steps = games.steps(run)
        if view.steps:
            view.step = view.steps[flow.index_of(view.steps, hand.step)]
        view.forward = flow.forward(view.steps, hand.step or None, view.situation)
    for seat_id in hand.seat_order:
        row = by_id[seat_id]
        row.in_hand, row.folded = True, seat_id in now.folded
        row.all_in = not row.folded and row.stack == 0
    by_id[hand.dealer_id].dealer = True
    view.turn_of = _turn_by_turn(view, run, by_id)
    view.pots = [
        table_types.PotRow(
            index=i,
            label="Main pot" if i == 0 else f"Side pot {i}",
            amount=pot.amount,
            eligible=[by_id[s] for s in hand.seat_order if s in pot.eligible],
        )
        for i, pot in enumerate(play.live_pots())
    ]
    if not now.betting_open:
        first = play.first_to_act()
        view.opens = by_id.get(first.pk) if first is not None else None
    if now.round is not None and now.betting_open:
        round_ = now.round
        for seat_id, chips in betting.committed(round_).items():
            by_id[seat_id].committed = chips
        turn = betting.next_to_act(round_)
        row = by_id[turn]
        row.to_act = True
        view.turn = table_types.Turn(
            row=row,
            to_call=betting.to_call(round_, turn),
            legal=betting.legal(round_, turn),
            min_to=betting.min_raise_to(round_, turn),
            max_to=betting.max_raise_to(round_, turn),
            all_in_to=round_.committed[turn] + round_.stacks[turn],
            mine=False,  # whose it is: `seen_by`
        )
    return view


# Steps the players play all at once (the antes, the stakes, the showdown): nobody's turn.
ALL_AT_ONCE = frozenset({"ante", "blind", "stake", "showdown"})


def _turn_by_turn(
    view: table_types.Table, run: Run | None, by_id: dict[int, table_types.SeatRow]
) -> table_types.SeatRow | None:
    """In a game played one player at a time with no betting round (each bets against the
    pot on their turn, from the dealer's left), whose turn it is at this step: read from the
    rule data (`facts.plays_a_turn`) and the turns booked this deal; None in any other game,
    at a step everyone plays at once, or once everyone has had their turn."""
    hand, step = view.hand, view.step
    if hand is None or run is None or step is None or view.betting_open:
        return None
    if getattr(step, "kind", "") in ALL_AT_ONCE:
        return None
    rules = games.rules_in_force(run)
    turns = {rule_id for rule_id, rule in rules.items() if facts.plays_a_turn(rule)}
    if not turns:
        return None
    out = [seat for seat in hand.seat_order if by_id[seat].folded]
    seat = openers.next_turn(hand.seat_order, games.turns_taken(hand, turns), out)
    return by_id[seat] if seat is not None else None


def riding(night: Night) -> int:
    """Chips riding to the next hand, read without creating the account."""
    return games.riding(night)


def side_balances(night: Night) -> tuple[int, int, dict[int, int]]:
    """The riding pot, the infraction pot and what each seat owes on its marker: one query.

    Read without creating any account.
    """
    kinds = (Account.Kind.RIDING, Account.Kind.INFRACTION, Account.Kind.MARKER)
    rows = (
        Entry.objects.filter(account__night=night, account__kind__in=kinds)
        .values_list("account__kind", "account__seat_id")
        .annotate(total=Sum("amount"))
    )
    riding = fines = 0
    owed: dict[int, int] = {}
    for kind, seat_id, total in rows:
        if kind == Account.Kind.RIDING:
            riding = total or 0
        elif kind == Account.Kind.INFRACTION:
            fines = total or 0
        elif total:
            owed[seat_id] = -total
    return riding, fines, owed


def history(night: Night, limit: int | None = HISTORY_ROWS) -> list[Posting]:
    """The latest postings, newest first, each with who recorded it and whether it was undone."""
    postings = (
        Posting.objects.filter(night=night)
        .select_related("hand")
        .annotate(undone=Exists(Posting.objects.filter(reverses=OuterRef("pk"))))
        .order_by("-pk")
    )
    return list(postings[:limit] if limit else postings)


def start_choices(night: Night) -> dict:
    """The start-hand form: games by family, who is in by default, and the next dealer."""
    listed = Game.objects.listed().values_list("slug", "name", "version", "family")
    families: dict[str, list] = {}
    for slug, name, version, family in listed:
        label = f"{name} ({version})" if version else name
        families.setdefault(family, []).append((slug, label))
    return {
        "game_groups": [(FAMILIES[f], families[f]) for f in FAMILIES if f in families],
        "next_dealer": hands.next_dealer(night),
    }


def chart(night: Night, names: dict[int, str]) -> str:
    """Every stack after each posting that moved one, as an inline SVG.

    The cash-outs that end a night would take every line to zero, so the
    chart stops at the last posting before them and shows where play left off.
    """
    entries = list(
        Entry.objects.filter(account__night=night, account__kind=Account.Kind.STACK)
        .order_by("posting_id", "pk")
        .values_list("posting_id", "posting__kind", "account__seat_id", "amount")
    )
    while night.status == Night.Status.ENDED and entries and entries[-1][1] == "cash_out":
        entries.pop()
    points: list[tuple[int, dict[int, int]]] = []
    current: dict[int, int] = {}
    last_posting = None
    for posting_id, _, seat_id, amount in entries:
        if posting_id != last_posting and last_posting is not None:
            points.append((len(points), dict(current)))
        current[seat_id] = current.get(seat_id, 0) + amount
        last_posting = posting_id
    if last_posting is not None:
        points.append((len(points), dict(current)))
    return charts.stack_chart(points, names)


# A seat's fields the table shows, or that decide who may act for it: any change is a new ETag.
SEAT_MARKS = (
    "pk",
    "position",
    "sitting_out",
    "left_at",
    "join_revoked",
    "join_token",
    "claimed_session",
)


def markers(*, night_id: int | None = None, token: str | None = None) -> tuple | None:
    """Everything the table shows changes one of these; one query, for the poll's ETag.

    The night's row, the last posting, the latest hand (its status and its
    step), the last cards entered, the last score on a score sheet and every
    seat's `SEAT_MARKS` folded into one text (`ledger.selectors.sql.Joined`), all in one
    SELECT, compiled once per process (`ledger.selectors.sql.Prepared`). None when there
    is no such night (or the spectator link is revoked).
    """
    if token is None:
        return _BY_NIGHT.first(night_id)
    return _BY_LINK.first(token)


def _marked(nights) -> object:
    latest_hand = Hand.objects.filter(night=OuterRef("pk")).order_by("-number")
    return nights.annotate(
        last_posting=Subquery(
            Posting.objects.filter(night=OuterRef("pk")).order_by("-pk").values("pk")[:1]
        ),
        last_hand=Subquery(latest_hand.values("pk")[:1]),
        hand_status=Subquery(latest_hand.values("status")[:1]),
        hand_step=Subquery(latest_hand.values("step")[:1]),
        # Cards entered for the showdown helper: the panel and "Cards shown" follow them.
        last_cards=Subquery(
            HandCards.objects.filter(night=OuterRef("pk")).order_by("-pk").values("pk")[:1]
        ),
        # A points game's score sheet is no posting: every phone follows its scores too.
        last_score=Subquery(
            Score.objects.filter(night=OuterRef("pk")).order_by("-pk").values("pk")[:1]
        ),
        seat_marks=Joined(Seat.objects.filter(night=OuterRef("pk")), *SEAT_MARKS),
    ).values_list(
        "pk",
        "status",
        "spectator_token",
        "spectator_revoked",
        "last_posting",
        "last_hand",
        "hand_status",
        "hand_step",
        "last_cards",
        "last_score",
        "seat_marks",
        "unit",  # the chips may change until the first one moves
    )[:1]


# Samples no real night id or link token can be: each stands where the real one goes.
_BY_NIGHT = Prepared(lambda night_id: _marked(Night.objects.filter(pk=night_id)), -(2**31) + 7)
_BY_LINK = Prepared(
    lambda token: _marked(Night.objects.filter(spectator_token=token, spectator_revoked=False)),
    "<a link no night has>",
)


def viewer_of(actor: Actor) -> str:
    if actor.role == "seat":
        return f"seat-{actor.seat.pk}"
    return actor.role


def etag(viewer: str, marks: tuple) -> str:
    """An ETag only a viewer who was shown this table can know: its markers signed with the key."""
    digest = salted_hmac("ledger.poll", f"{viewer}|{marks!r}", secret=settings.SECRET_KEY)
    return f'"{viewer}.{digest.hexdigest()[:32]}"'


def seen_etag(header: str) -> tuple[str, str] | None:
    """(viewer, the whole ETag) from If-None-Match, or None when it is not one of ours."""
    value = header.strip()
    if value.startswith("W/"):
        value = value[2:]
    if len(value) < 3 or not (value[0] == value[-1] == '"'):
        return None
    viewer, _, digest = value[1:-1].partition(".")
    if not viewer or not digest:
        return None
    return viewer, f'"{viewer}.{digest}"'


def poll_url(night: Night, actor: Actor) -> str:
    if actor.role == "spectator":
        return reverse("ledger:watch_poll", args=[night.spectator_token])
    return reverse("ledger:poll", args=[night.pk])
