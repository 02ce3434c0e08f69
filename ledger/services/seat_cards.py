"""Cards entered at a live hand: from a seat or by the dealer, ranked, kept with the hand.

A player types their own cards from their seat's phone; the host or the
hand's dealer enters them for a seat with no phone, and the table's cards (a
board). Each entry is a new `HandCards` row (the latest per seat counts),
checked through the showdown helper's one validation layer
(`rulebook.showdown.request_check`: the same bounds and messages as
`POST /api/showdown/` and the "Who wins?" page), so a refused entry leaves
the rows as they were.

A player's face-down cards are theirs until the showdown (`ledger.core.card_sight`
says who sees what): nothing shown or refused before it depends on another
player's face-down cards, for the host and the dealer too. So an entry is
checked only against the cards its author may see; a card in two hands is
flagged at the showdown, where the dealer may correct any hand (before it,
only a seat with no phone). `helper` ranks the hands the showdown shows, and
`fill` turns the ranking into the showdown form (`ledger.core.showdown_fill`).
`keep` stores the result and the shown cards with the award, for the hand's
history; `show` lets a folded player, or one who won unseen, show theirs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ledger.core import card_sight, facts, flow, showdown_fill
from ledger.models import Account, Hand, HandCards, Posting, Seat, ShowdownKept
from ledger.services import games, hands, money_rules
from ledger.services.actors import READ_ONLY, Actor, Forbidden, recorder, seat_key_of
from ledger.services.journal import LedgerError
from rulebook import dealer
from rulebook.models import Game
from rulebook.showdown import cards as deck

NOT_IN_HAND = "{name} is not in hand {number}."
HAND_OVER = "Hand {number} is settled: its cards can no longer change."
BOARD_NOT_YOURS = "Only the host or the dealer enters the table's cards."
NO_BOARD = "{game} has no cards on the table: enter each player's own cards."
NO_WILD_RANKS = "{game} has no wild ranks for the table to name."
BOARD_TOO_MANY = "The table's cards can be at most {most}; this lists {count}."
NOTHING_YET = "Nobody's cards are entered yet: enter them first."
HIDDEN = "The other players' cards are shown once the hand reaches its showdown."
NOBODY_SHOWS = "Only one player is still in: no hands are shown."
THEIR_PHONE = (
    "{name} enters their own cards from their phone; the dealer may correct them at the showdown."
)
FOREHEAD_OWN = (
    "In {game} the cards dealt face up face the others: another player enters yours, "
    "and you enter only those you may look at."
)
FOREHEAD_OTHERS = (
    "{name}'s phone holds their seat: enter only the cards facing you, as face-up cards."
)
NOT_SHOWABLE = "{name}'s cards are already shown to the table."
SHOW_WHEN = "Cards are shown once the hand reaches its showdown or is over."
NOTHING_TO_SHOW = "{name} has no cards entered to show."
NOT_YOURS_TO_SHOW = "Only {name} shows their cards, from their phone."
BOARD = "The table"


def _input():
    """The helper's validation layer, imported when used (it imports the evaluator)."""
    from rulebook.showdown import request_check

    return request_check


@dataclass
class Entered:
    """One player's latest cards as this viewer may see them (`ledger.core.card_sight`)."""

    seat: Seat | None
    name: str
    codes: list[str]
    up: list[str]
    declare: str
    entered_by: str
    labels: list[tuple[str, str, bool]] = field(default_factory=list)  # (label, class, up)
    wild_ranks: list[str] = field(default_factory=list)  # the table's row: ranks named wild
    whole: bool = True  # every card of the row; else only those this viewer may see
    changed_by: str = ""  # on a player's own cards: who else entered them last


def names_of(seats: Sequence[Seat]) -> dict[int, str]:
    """Each seat's name as the helper ranks it: two people of one name told apart by seat."""
    counts: dict[str, int] = {}
    for seat in seats:
        counts[seat.person.name] = counts.get(seat.person.name, 0) + 1
    return {
        s.pk: s.person.name if counts[s.person.name] == 1 else f"{s.person.name} ({s.position})"
        for s in seats
    }


def latest(hand: Hand) -> dict[int | None, HandCards]:
    """The latest row of each seat (None: the board): one query."""
    found: dict[int | None, HandCards] = {}
    for row in HandCards.objects.filter(hand=hand).select_related("seat__person").order_by("pk"):
        found[row.seat_id] = row
    return found


def game_of(hand: Hand):
    """The hand's game rule data, or None for a hand dealt without a game."""
    if not hand.game_slug:
        return None
    found = Game.objects.filter(slug=hand.game_slug).first()
    return found.spec if found is not None else None


def _find_game(slug: str):
    found = Game.objects.filter(slug=slug).first()
    return found.spec if found is not None else None


def request_body(
    hand: Hand,
    rows: Mapping[int | None, HandCards | Mapping],
    names: Mapping[int, str],
    *,
    only: Sequence[int] | None = None,
) -> dict:
    """The showdown helper's request for this hand: its game, choices, board and hands.

    `rows` are stored rows or {"cards", "up", "declare"} for one being entered;
    `only` limits the hands to these seats (the players still in). Every up
    card, folded players' too, is in `up_order`, as a stud deal turns them up:
    round by round, in seat order. In a game whose hands pool the neighbours'
    face-up cards, a folded seat is sent too, in seat order, with only its up
    cards and marked folded: it lends them and is not ranked.
    """
    run = hand.run if hand.run_id else None
    body: dict = {"hands": {}}
    if hand.game_slug:
        body["game"] = hand.game_slug
        body["options"] = list(run.options) if run else []
        body["settings"] = dict(run.settings) if run else {}
    board = rows.get(None)
    if board is not None:
        if _field(board, "cards"):
            body["board"] = list(_field(board, "cards"))
        if _field(board, "wild_ranks"):
            body["wild_ranks"] = list(_field(board, "wild_ranks"))
    paid = _paid_wilds(hand)
    game = game_of(hand)
    lends = folded_seats_lend(hand, game)
    ups: list[list[str]] = []
    for seat_id in hand.seat_order:
        row = rows.get(seat_id)
        if row is None:
            continue
        ups.append(list(_field(row, "up")))
        if only is not None and seat_id not in only:
            if lends and _field(row, "up"):
                up = list(_field(row, "up"))
                body["hands"][names[seat_id]] = {"cards": up, "up": up, "extra": {"folded": True}}
            continue
        holding: dict = {"cards": _field(row, "cards"), "up": _field(row, "up")}
        extra: dict = {}
        if _field(row, "declare"):
            extra["declare"] = _field(row, "declare")
        if paid is not None:
            extra["paid"] = paid.get(seat_id, 0)
        if extra:
            holding["extra"] = extra
        body["hands"][names[seat_id]] = holding
    if game is not None and _input().needs_up_order(game):
        rounds = max((len(u) for u in ups), default=0)
        body["up_order"] = [u[i] for i in range(rounds) for u in ups if i < len(u)]
    return body


def folded_seats_lend(hand: Hand, game) -> bool:
    """Whether a folded seat's face-up cards still play in its neighbours' hands, as this
    hand is played (a pooled showdown whose options leave folded seats in the pool)."""
    if game is None or not game.showdown.helper or not game.showdown.pool.neighbours:
        return False
    from rulebook.showdown import evaluation

    run = hand.run if hand.run_id else None
    try:
        pool = evaluation.rules_in_force(
            game, list(run.options) if run else [], dict(run.settings) if run else {}
        ).pool
    except evaluation.ShowdownError:
        return False
    return pool.neighbours > 0 and pool.folded == "count"


def _paid_wilds(hand: Hand) -> dict[int, int] | None:
    """Each seat's wild-tax payments this hand, when the game's wilds count only once paid."""
    from rulebook.showdown import evaluation

    game = game_of(hand)
    if game is None:
        return None
    run = hand.run if hand.run_id else None
    try:
        rules = evaluation.rules_in_force(
            game, run.options if run else (), dict(run.settings) if run else None
        )
    except evaluation.ShowdownError:
        return None
    if not any(w.paid for w in rules.wilds):
        return None
    return money_rules.wilds_paid(hand)


def _field(row, name: str):
    if isinstance(row, Mapping):
        return row.get(name) or ([] if name != "declare" else "")
    return getattr(row, name)


def enter(
    *,
    hand: Hand,
    seat: Seat | None,
    cards: object,
    up: object = None,
    declare: object = None,
    wild_ranks: object = None,
    actor: Actor,
) -> HandCards:
    """Record one player's cards (or the board's), or refuse with the reason and record nothing.

    A player enters their own; the host or the dealer a seat with no phone,
    the board, and from the showdown on anyone's. In a forehead game another
    player enters the cards facing them (`_forehead_entry`). The entry is
    checked against the cards its author may see, never the others.
    """
    if hand.status == Hand.Status.SETTLED:
        raise LedgerError(HAND_OVER.format(number=hand.number))
    seats = hands.seats_of(hand)
    game = game_of(hand)
    at = moment_of(hand)
    names = names_of(list(seats.values()))
    rows = latest(hand)
    if seat is None:
        actor.require_dealer(hand)
        new = _table_row(game, cards, wild_ranks)
        entered = new["cards"]
    else:
        if seat.pk not in seats:
            raise LedgerError(NOT_IN_HAND.format(name=seat.person.name, number=hand.number))
        new = _holding(hand, names[seat.pk], cards, up, declare)
        new, entered = _authored(hand, game, seat, new, rows.get(seat.pk), actor, at)
    _check_seen(hand, game, seat, entered, rows, names, actor, at)
    return HandCards.objects.create(
        night_id=hand.night_id,
        hand=hand,
        seat=seat,
        cards=new["cards"],
        up=new["up"],
        declare=new["declare"],
        wild_ranks=new.get("wild_ranks", []),
        entered_by=actor.label,
        entered_as=actor.key,
        down_by=new.get("down_by", ""),
    )


def _authored(
    hand: Hand, game, seat: Seat, new: dict, before: HandCards | None, actor: Actor, at
) -> tuple[dict, list[str]]:
    """Who may enter this seat's cards now, and the row they make: (row, the cards they gave).

    The holder always; the host or the dealer for a seat with no phone, or
    at the showdown for any seat. A forehead game before the showdown splits
    the row (`_forehead_entry`).
    """
    own = actor.role == "seat" and actor.seat.pk == seat.pk
    if at.forehead and not at.reached_showdown:
        return _forehead_entry(game, seat, new, before, actor, own=own)
    if not own:
        actor.require_seat(seat, hand)
        if seat.claimed and not at.reached_showdown:
            raise Forbidden(THEIR_PHONE.format(name=seat.person.name))
    return new | {"down_by": "" if own else actor.key}, new["cards"]


def _forehead_entry(
    game, seat: Seat, new: dict, before: HandCards | None, actor: Actor, *, own: bool
) -> tuple[dict, list[str]]:
    """A forehead game's entry before the showdown, merged with the part its author cannot see.

    The holder enters the cards they may look at (face down) and keeps the
    ones facing the others; anyone else at the table enters the cards facing
    them (face up) and keeps the holder's. A seat with no phone is entered
    whole, as in any game.
    """
    if own:
        if new["up"]:
            raise LedgerError(FOREHEAD_OWN.format(game=game.name))
        facing = _part(before, up=True)
        return new | {"cards": new["cards"] + facing, "up": facing, "down_by": ""}, new["cards"]
    if actor.role == "spectator":
        raise Forbidden(READ_ONLY)
    if not seat.claimed:
        return new | {"down_by": actor.key}, new["cards"]
    if new["up"] and sorted(new["up"]) != sorted(new["cards"]):
        raise LedgerError(FOREHEAD_OTHERS.format(name=seat.person.name))
    facing = new["cards"]
    row = {
        "cards": _part(before, up=False) + facing,
        "up": facing,
        "declare": before.declare if before else "",
        "down_by": before.down_by if before else "",
    }
    return row, facing


def _part(row: HandCards | None, *, up: bool) -> list[str]:
    """A row's face-up cards, or its face-down ones, in their order."""
    if row is None:
        return []
    return list(card_sight.pick(row.cards, row.up, down=not up, up=up))


def _check_seen(hand, game, seat, entered, rows, names, actor: Actor, at) -> None:
    """Refuse the cards just given where they clash with cards their author may see.

    A clash with a card the author cannot see is accepted and flagged at the
    showdown, so a refusal never tells anyone about a hidden card.
    """
    request_check = _input()
    seen = {s.seat: s for s in card_sight.seen_all(_sight_rows(rows), actor.key, at)}
    others = {
        names[seat_id]: deck.parse_cards(list(s.cards))
        for seat_id, s in seen.items()
        if seat_id is not None and seat_id in names and (seat is None or seat_id != seat.pk)
    }
    board = deck.parse_cards(list(seen[None].cards)) if None in seen and seat is not None else []
    try:
        deck.check_entry(
            names[seat.pk] if seat is not None else None,
            deck.parse_cards(list(entered)),
            others,
            board,
            decks=game.deck.decks if game else 1,
            jokers=request_check.has_jokers(game),
            black_spot=request_check.has_black_spot(game),
        )
    except deck.CardError as exc:
        raise LedgerError(str(exc)) from None


def names_wild_ranks(game) -> bool:
    """Whether the table names wild ranks for this game's hands (a follower, a card turned)."""
    return game is not None and _input().needs_wild_ranks(game)


def _table_row(game, cards: object, wild_ranks: object) -> dict:
    """The table's row: its cards where the game has a board, the ranks it names wild."""
    request_check = _input()
    wants_board = request_check.needs_board(game)
    wants_ranks = request_check.needs_wild_ranks(game)
    if not (wants_board or wants_ranks):
        raise LedgerError(NO_BOARD.format(game=game.name))
    try:
        ranks = request_check.wild_ranks_of(wild_ranks or None)
    except request_check.RequestError as exc:
        raise LedgerError(exc.message) from None
    if ranks and not wants_ranks:
        raise LedgerError(NO_WILD_RANKS.format(game=game.name))
    board = _board(cards) if wants_board and (cards or not ranks) else []
    return {
        "cards": [c.code for c in board],
        "up": [],
        "declare": "",
        "wild_ranks": [deck.RANK_LABEL[r] for r in ranks],
    }


def _holding(hand: Hand, name: str, cards: object, up: object, declare: object) -> dict:
    """One player's cards through the helper's own checks, as codes: the page's and the API's."""
    request_check = _input()
    body: dict = {"hands": {name: {"cards": cards}}}
    if up not in (None, "", []):
        body["hands"][name]["up"] = up
    if declare not in (None, ""):
        body["hands"][name]["extra"] = {"declare": declare}
    if hand.game_slug:
        run = hand.run if hand.run_id else None
        body |= {
            "game": hand.game_slug,
            "options": list(run.options) if run else [],
            "settings": dict(run.settings) if run else {},
        }
    try:
        holding = request_check.read(body, _find_game).hands[name]
    except request_check.RequestError as exc:
        raise LedgerError(exc.message) from None
    return {
        "cards": [c.code for c in holding.cards],
        "up": [c.code for c in holding.up],
        "declare": holding.declare or "",
    }


def _board(value: object) -> list[deck.Card]:
    request_check = _input()
    most = request_check.MOST_BOARD
    try:
        found = request_check.parse_field(
            value, label="The table's cards", field="board", most=most
        )
    except request_check.RequestError as exc:
        raise LedgerError(exc.message) from None
    return found


# --- Who sees what -----------------------------------------------------------------------------


def reached_showdown(hand: Hand) -> bool:
    """Whether the hand is at or past its showdown step (or, dealt without a game, settled)."""
    if hand.run_id is None:
        return hand.step == games.PLAIN_SHOWDOWN or hand.status == Hand.Status.SETTLED
    steps = games.steps(hand.run)
    showdown = next((i for i, s in enumerate(steps) if s.kind == "showdown"), None)
    return showdown is not None and flow.index_of(steps, hand.step) >= showdown


def moment_of(hand: Hand, folded: Iterable[int] | None = None) -> card_sight.Moment:
    """Where the hand is for seeing cards; `folded`, when the caller has the hand's state."""
    if folded is None:
        folded = hands.load(hand).state.folded
    out = set(folded)
    game = game_of(hand)
    return card_sight.moment(
        reached_showdown=reached_showdown(hand),
        still_in=[s for s in hand.seat_order if s not in out],
        over=hand.status == Hand.Status.SETTLED,
        forehead=bool(game and game.showdown.forehead),
    )


def _sight_rows(rows: Mapping[int | None, HandCards]) -> list[card_sight.Row]:
    return [
        card_sight.Row(
            seat=seat_id,
            cards=tuple(row.cards),
            up=tuple(row.up),
            declare=row.declare,
            down_by=row.down_by,
            shown=row.shown,
        )
        for seat_id, row in rows.items()
    ]


def shown(
    hand: Hand,
    actor: Actor,
    rows: Mapping | None = None,
    seats: Mapping | None = None,
    *,
    at: card_sight.Moment | None = None,
) -> list[Entered]:
    """The latest cards this viewer may see (`ledger.core.card_sight`), board first, then by seat.

    `seats`: the night's seats with their people, and `at`, the hand's moment,
    when the caller has them.
    """
    rows = latest(hand) if rows is None else rows
    at = moment_of(hand) if at is None else at
    seen = {s.seat: s for s in card_sight.seen_all(_sight_rows(rows), actor.key, at)}
    seats = hands.seats_of(hand, seats)
    names = names_of(list(seats.values()))
    found = []
    for seat_id in [None, *hand.seat_order]:
        sight = seen.get(seat_id)
        if sight is None:
            continue
        row = rows[seat_id]
        found.append(
            Entered(
                seat=seats.get(seat_id),
                name=names.get(seat_id, BOARD),
                codes=list(sight.cards),
                up=list(sight.up),
                declare=sight.declare,
                entered_by=row.entered_by if sight.whole else "",
                labels=labelled(sight.cards, sight.up),
                wild_ranks=list(row.wild_ranks),
                whole=sight.whole,
                changed_by=_changed_by(row, actor),
            )
        )
    return found


def _changed_by(row: HandCards, actor: Actor) -> str:
    """On a player's own cards: who else entered them last ("the host", "Cat"), else ""."""
    if row.seat_id is None or actor.key != seat_key_of(row.seat_id):
        return ""
    if row.entered_as in ("", actor.key):
        return ""
    return recorder(row.entered_by)


def clash(hand: Hand, rows: Mapping, at: card_sight.Moment) -> str:
    """At the showdown: a card in two shown hands (or more copies than the decks hold), else ""."""
    if not at.reached_showdown:
        return ""
    names = names_of(list(hands.seats_of(hand).values()))
    shown_rows = {r.seat: r for r in card_sight.shown_at_showdown(_sight_rows(rows), at)}
    held = {
        names[seat_id]: deck.parse_cards(list(shown_rows[seat_id].cards))
        for seat_id in hand.seat_order
        if seat_id in shown_rows and seat_id in names
    }
    board = shown_rows.get(None)
    game = game_of(hand)
    request_check = _input()
    try:
        deck.check_cards(
            held,
            deck.parse_cards(list(board.cards)) if board else [],
            decks=game.deck.decks if game else 1,
            jokers=request_check.has_jokers(game),
            black_spot=request_check.has_black_spot(game),
        )
    except deck.CardError as exc:
        return str(exc)
    return ""


def show(*, hand: Hand, seat: Seat, actor: Actor) -> HandCards:
    """A player shows the table their cards after the showdown: a folded hand, or one won unseen.

    Their own phone, or the host or the dealer for a seat with no phone. A
    new row with the same cards, marked shown.
    """
    at = moment_of(hand)
    if not (at.reached_showdown or at.over):
        raise LedgerError(SHOW_WHEN)
    own = actor.role == "seat" and actor.seat.pk == seat.pk
    if not own:
        actor.require_seat(seat, hand)
        if seat.claimed:
            raise Forbidden(NOT_YOURS_TO_SHOW.format(name=seat.person.name))
    row = latest(hand).get(seat.pk)
    if row is None:
        raise LedgerError(NOTHING_TO_SHOW.format(name=seat.person.name))
    if row.shown or seat.pk in at.contenders:
        raise LedgerError(NOT_SHOWABLE.format(name=seat.person.name))
    return HandCards.objects.create(
        night_id=hand.night_id,
        hand=hand,
        seat=seat,
        cards=row.cards,
        up=row.up,
        declare=row.declare,
        entered_by=row.entered_by,
        entered_as=row.entered_as,
        down_by=row.down_by,
        shown=True,
    )


def labelled(codes: Sequence[str], up: Sequence[str] = ()) -> list[tuple[str, str, bool]]:
    """Each card as the table names it, its suit's class (its colour), and whether face up."""
    left = list(up)
    found = []
    for code in codes:
        card = deck.parse_card(code)
        face_up = code in left
        if face_up:
            left.remove(code)
        found.append((card.label, f"suit-{card.suit}" if card.suit else "", face_up))
    return found


RANK_SAID = {11: "jack", 12: "queen", 13: "king", 14: "ace", 1: "ace"}


def spoken(codes: Sequence[str], up: Sequence[str] = ()) -> str:
    """Cards in words, as a confirmation says them: "2 of diamonds, ace of spades face up"."""
    left = list(up)
    said = []
    for code in codes:
        card = deck.parse_card(code)
        words = (
            f"{RANK_SAID.get(card.rank, str(card.rank))} of {deck.SUIT_WORD[card.suit]}"
            if card.suit
            else card.label
        )
        if code in left:
            left.remove(code)
            words += " face up"
        said.append(words)
    return ", ".join(said) or "none"


def saved_words(row: HandCards) -> str:
    """What a save of cards confirms, in words: whose cards and which, or the wild ranks named."""
    if row.seat is not None:
        return f"Cards for {row.seat.person.name}: {spoken(row.cards, row.up)}."
    said = f"{BOARD}'s cards: {spoken(row.cards)}."
    if row.wild_ranks:
        ranks = ", ".join(
            deck.rank_word(deck.RANKS[r], True) for r in row.wild_ranks if r in deck.RANKS
        )
        said += f" Wild: {ranks}."
    return said


def wilds_now(hand: Hand, rows: Mapping[int | None, HandCards]) -> list[str]:
    """The wilds the helper plays this deal, in words ("queens", "fives"), as it works them out.

    From the rules in force, the face-up cards in the order dealt (a follower
    of the latest face-up queen), and the table's cards or named ranks
    (`rulebook.showdown.evaluation.table_wilds`). Only public cards count, so
    any viewer may see the answer. Empty when the cards do not settle it yet.
    """
    game = game_of(hand)
    if game is None or not game.showdown.helper:
        return []
    from rulebook.showdown import evaluation

    names = names_of(list(hands.seats_of(hand).values()))
    body = request_body(hand, rows, names)
    try:
        return evaluation.table_wilds(
            game,
            body.get("options", []),
            body.get("settings", {}),
            board=body.get("board", []),
            up_order=body.get("up_order", []),
            wild_ranks=body.get("wild_ranks", []),
        )
    except ValueError:  # a ShowdownError or a CardError: nothing settled to show
        return []


def text_of(codes: Sequence[str]) -> str:
    """Cards as typed back into the entry box: "As Kd 7h"."""
    return " ".join(codes)


# --- The helper's answer for a live hand -------------------------------------------------------


@dataclass
class Helper:
    """The helper's ranking of a live hand, and the showdown form it proposes."""

    result: object | None = None  # rulebook.showdown.evaluation.Result
    data: dict = field(default_factory=dict)  # the result as JSON
    fill: showdown_fill.Fill | None = None
    error: str = ""
    missing: list[str] = field(default_factory=list)  # players still in with no cards yet
    cards: dict = field(default_factory=dict)  # name -> {"cards", "up"}, "board"


def helper(hand: Hand, *, fill: bool = True) -> Helper:
    """Rank the hands the showdown shows, and fill the showdown form from it.

    Only from the showdown on, and only with two or more players still in:
    before it, or for a lone player left, a ranking would tell their cards.
    """
    request_check = _input()
    play = hands.load(hand)
    at = moment_of(hand, play.state.folded)
    if not at.reached_showdown:
        return Helper(error=HIDDEN)
    if not at.contenders:
        return Helper(error=NOBODY_SHOWS)
    names = names_of(list(play.seats.values()))
    still_in = [s for s in hand.seat_order if s in at.contenders]
    rows = latest(hand)
    entered = [s for s in still_in if s in rows]
    answer = Helper(missing=[names[s] for s in still_in if s not in rows])
    answer.cards = {
        names[s]: {"cards": list(rows[s].cards), "up": list(rows[s].up)} for s in entered
    }
    if None in rows:
        answer.cards["board"] = list(rows[None].cards)
    if not entered:
        answer.error = NOTHING_YET
        return answer
    body = request_body(hand, rows, names, only=entered)
    try:
        result = request_check.check(body, _find_game)
    except request_check.RequestError as exc:
        answer.error = exc.message
        return answer
    answer.result = result
    answer.data = result_data(result)
    if fill:
        answer.fill = fill_of(hand, play, result, names, still_in)
    return answer


def fill_of(hand: Hand, play: hands.Play, result, names, still_in) -> showdown_fill.Fill:
    """The showdown form's answers: pots from the ledger, roles from the rules the step books."""
    game = game_of(hand)
    mode = games.pot_shape(hand.game_slug, hand.run if hand.run_id else None)
    pots = [p.eligible for p in play.showdown_pots()]
    declared = {
        seat_id: row.declare
        for seat_id, row in latest(hand).items()
        if seat_id in still_in and row.declare
    }
    return showdown_fill.fill(
        result,
        seats={s: names[s] for s in still_in},
        pots=pots,
        mode=mode,
        asks=asks_of(hand, game),
        declared=declared,
        named={role: seats for role, (seats, _) in play.state.named.items()},
        lives=games.lives_left(hand.run, game) if hand.run_id and game else None,
        held=held_pots(play),
    )


def held_pots(play: hands.Play) -> dict[str, int]:
    """What the pots a rule may pay out of hold now: this hand's, the next one's, the pile's."""
    return {
        "pot": play.pot,
        "next_pot": play.balance(Account.key_for(Account.Kind.RIDING, None, None)),
        "side_pot": play.balance(Account.key_for(Account.Kind.INFRACTION, None, None)),
    }


def asks_of(hand: Hand, game) -> list[showdown_fill.Ask]:
    """The roles each money rule booked at the showdown asks for, and the race naming it."""
    if game is None or hand.run_id is None:
        return []
    rules = games.rules_in_force(hand.run, game)
    settings = dealer.table_settings(game, hand.run.settings)
    races = {rule: race.key for race in game.showdown.races for rule in race.rules}
    steps = games.steps(hand.run, game)
    showdown = next((i for i, s in enumerate(steps) if s.kind == "showdown"), None)
    ids = flow.rules_at(steps, showdown, game.fold_out) if showdown is not None else []
    found = []
    for rule_id in dict.fromkeys(ids):
        rule = rules.get(rule_id)
        shares = rule is not None and facts.shares_by_the_cards(rule)
        if rule is None or not (shares or facts.bookable(rule, halves=games.halves(hand))):
            continue
        needs = facts.needs(rule)
        roles = tuple((r.name, r.many) for r in needs.roles)
        placed = rule.fires.placed(settings) if rule.fires else frozenset()
        found.append(
            showdown_fill.Ask(
                rule=rule_id,
                roles=roles,
                race=races.get(rule_id),
                fires=rule.fires,
                placed=placed,
                payer=rule.payer,
                payee=rule.payee,
                takes_a_life=rule.takes_a_life,
                carries=games.ends_deal(rule),
                shares=shares,
            )
        )
    return found


def result_data(result) -> dict:
    """The helper's result as JSON, as `POST /api/showdown/` answers it."""
    from rulebook.showdown.evaluation import describe

    return describe(result)


def words(data: Mapping, cards: Mapping) -> dict:
    """A result and its cards in table language, for the pages: tiers, hands, wilds as cards."""
    rankings = [
        {"label": r["label"], "tiers": [", ".join(t) for t in r["tiers"]]}
        for r in data.get("rankings", [])
    ]
    players = []
    for name, shown in data.get("hands", {}).items():
        held = cards.get(name, {})
        made = []
        if shown.get("best"):
            made.append(_made_words(shown))
        low = shown.get("low")
        if low and low.get("best") != shown.get("best"):
            made.append(_made_words(low))
        players.append(
            {
                "name": name,
                "cards": labelled(held.get("cards", []), held.get("up", [])),
                "made": made,
                "points": "" if shown.get("best") else shown.get("name") or "",
                "killed_by": shown.get("killed_by"),
                "auto_win": shown.get("auto_win"),
                "declare_result": shown.get("declare_result"),
            }
        )
    return {"rankings": rankings, "players": players, "board": labelled(cards.get("board", []))}


def _made_words(made: Mapping) -> dict:
    return {
        "name": made.get("name") or "",
        "best": labelled(made.get("best", [])),
        "wilds": list(made.get("wild_words", [])),
    }


def keep(hand: Hand, postings: Sequence[Posting], recorded_by: str) -> ShowdownKept | None:
    """Keep the helper's result and the shown cards with the award just booked, if any were.

    Only the hands the showdown shows: a folded hand, or one that won when
    everyone else folded, is kept by nobody. Best effort: a hand whose cards
    the helper cannot rank keeps the cards alone.
    """
    award = next((p for p in reversed(postings) if p.kind == "award"), None)
    if award is None or not HandCards.objects.filter(hand=hand).exists():
        return None
    found = helper(hand, fill=False)
    if not found.cards:
        return None
    return ShowdownKept.objects.create(
        night_id=hand.night_id,
        hand=hand,
        award=award,
        cards=found.cards,
        result=found.data | ({"error": found.error} if found.error else {}),
        recorded_by=recorded_by,
    )


def kept_words(kept: ShowdownKept) -> dict:
    return words(kept.result, kept.cards) | {"error": kept.result.get("error", "")}
