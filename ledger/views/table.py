"""The table: stacks, pots and whose turn it is, the hand's buttons, and the 2-second poll.

One template draws the table for the host, a seated player and the
spectator link; what each may press is decided by `ledger.services.actors`. Every
button is a plain form, so the page works without script; htmx posts it and
swaps the table in place, and other phones pick the change up by polling.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger.core import betting, card_taps, flow, inputs, openers
from ledger.models import Hand, Night, Seat
from ledger.selectors import game_setup, journal_page, state, table_types
from ledger.services import actors, deletion, games, hands, runs, seat_cards, seating
from ledger.services.actors import Actor
from ledger.services.journal import KeyConflict, LedgerError
from ledger.views import dealer as deal_tab
from ledger.views import forms
from ledger.views.common import (
    REFUSED_HEADER,
    go_to,
    night_for,
    partial_wanted,
    run_once,
    see_other,
    write,
)
from ledger.views.forms import NO_PLAYERS, seat_from, seats_from, whole
from ledger.views.play import (
    POTS_CHANGED,
    award_facts,
    confirm_nobody,
    fresh,
    hand_of,
    may_start,
    not_modified,
    polled_answer,
    pots_key,
    require_starter,
)
from sitewide import limits
from sitewide.htmx import HtmxHttpRequest

START_NOT_YOURS = "Only the host or the next dealer can start a hand, and deals it."
SETUP_FIRST = (
    "{game} needs {names} agreed before it is dealt, and {verb} never confirmed at this "
    "night or its group: check the amounts below, then start it; nothing was dealt yet."
)
UNKNOWN_ACTION = "{action!r} is not a betting action."
NO_SUCH_LINK = seating.NO_SUCH_LINK
# Steps where each player in the hand does something themselves, so their phone says what.
PLAYER_STEPS = {"declare", "draw", "discard", "pass", "trade", "buy", "knock", "stake"}


def context(
    request: HttpRequest,
    night: Night,
    actor: Actor,
    *,
    error: str = "",
    notice: str = "",
    marks: tuple | None = None,
) -> dict:
    # A poll's marks: the part every phone sees alike is drawn once for them.
    polled = marks
    view = state.table(night, actor, marks=polled)
    marks = marks or state.markers(night_id=night.pk)
    ctx = {
        "t": view,
        "night": night,
        "error": error,
        "notice": notice,
        "poll_url": state.poll_url(night, actor),
        "poll_headers": json.dumps({"If-None-Match": state.etag(state.viewer_of(actor), marks)}),
        "watching": actor.role == "spectator",
        "my_step": asked_of(view, actor),
        # In the polled region, so every phone's chart follows each hand as it is played.
        "chart": state.drawn_once(
            ("chart", night.pk),
            polled,
            lambda: state.chart(night, {r.seat.pk: r.name for r in view.rows}),
        ),
    }
    if view.run is not None and games.multi_deal(games.spec_of(view.run.game_slug)):
        # What sitting down or going home does while the pot rides: the seats page's words.
        ctx["come_and_go"] = " ".join(game_setup.come_and_go_words(view.run))
    if view.hand is None and view.open:
        choices = state.start_choices(night)
        if may_start(actor, choices["next_dealer"]):
            ctx["start"] = choices
            seated = [r.seat for r in view.at_table]
            ctx["waiting"] = game_setup.waiting_for_next_game(view.run, seated)
            # An open rubber is dealt to its players alone.
            ctx["rubber_players"] = games.rubber_players(view.run)
    if view.hand is not None:
        ctx.update(cards_here(view, actor, polled))
    if view.hand is not None and not view.betting_open and view.open:
        # A game whose rules post blinds books them at their step: the round opens on them.
        ctx["blinds"] = (
            view.game.family == state.COMMUNITY and view.rounds == 0 and not view.own_blinds
        )
        ctx["min_bet"] = view.hand.config.get("min_bet", 1)
        ctx["pots_key"] = pots_key(view.pots)
        ctx["round_name"], ctx["may_open_round"] = next_round(view)
    return ctx


def answer(
    request: HtmxHttpRequest,
    night: Night,
    actor: Actor,
    *,
    error: str = "",
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    """The table after a write: the swapped region for htmx, else the whole page."""
    ctx = context(request, night, actor, error=error, notice=notice)
    if partial_wanted(request):
        response = render(request, "ledger/table.html#table", ctx, status=status)
        if status >= 400:
            # The table with the reason, to swap in place (see static/js/ledger.js).
            response[REFUSED_HEADER] = "1"
        return response
    ctx.update(full_page(night, ctx["t"]))
    return render(request, "ledger/table.html", ctx, status=status)


def cards_here(view: table_types.Table, actor: Actor, marks: tuple | None = None) -> dict:
    """The cards at the table: this seat's own to enter, and the others' this viewer may see.

    A player in the hand enters their own cards from their phone at any step.
    Before the showdown a viewer sees only the face-up cards, the table's and
    those they entered themselves (`ledger.core.card_sight`); from it on, the
    hands it shows.
    """
    hand = view.hand
    rows = state.drawn_once(("cards", hand.pk), marks, lambda: seat_cards.latest(hand))
    at = seat_cards.moment_of(hand, folded=[r.seat.pk for r in view.rows if r.folded])
    shown = seat_cards.shown(hand, actor, rows, seats={r.seat.pk: r.seat for r in view.rows}, at=at)
    own = next((e for e in shown if actor.seat is not None and e.seat == actor.seat), None)
    mine = None
    game = seat_cards.game_of(hand)
    # Only a game the showdown helper ranks (or a hand dealt without one) asks for the cards.
    if actor.role == "seat" and view.open and (game is None or game.showdown.helper):
        row = next((r for r in view.rows if r.seat.pk == actor.seat.pk), None)
        if row is not None and row.in_hand and not row.folded:
            # Only this seat's own cards: the others' are never greyed (that would show them).
            held = {"mine": (own.codes, own.up)} if own else {}
            run = hand.run if hand.run_id else None
            grid = card_taps.grids(
                ["mine"],
                held,
                game,
                options=list(run.options) if run else [],
                settings=dict(run.settings) if run else {},
            )["mine"]
            mine = {
                "entered": own,
                "grid": grid,
                "forehead": at.forehead and not at.reached_showdown,
            }
    others = [e for e in shown if not (mine and e is own)]
    return {
        "your_cards": mine,
        "facing": _facing(view, actor, shown, at),
        "cards_seen": others,
        "cards_at_showdown": at.reached_showdown,
        "cards_clash": seat_cards.clash(hand, rows, at),
        "may_show": _may_show(view, actor, rows, at),
        # A hand dealt without a game has no steps: the dealer calls its showdown here.
        "may_show_down": hand.run_id is None
        and not at.reached_showdown
        and not view.betting_open
        and sum(1 for r in view.rows if r.in_hand and not r.folded) >= 2,
    }


def _facing(view: table_types.Table, actor: Actor, shown: list, at) -> list[dict]:
    """A forehead game before its showdown: the cards facing this viewer, one form per player.

    Each player still in but the viewer, with the face-up cards the viewer
    already sees there, for them to enter what is on that forehead (or what
    that player turned up), since the holder cannot see it.
    """
    if not (at.forehead and not at.reached_showdown and view.open):
        return []
    if actor.role == "spectator":
        return []
    own = actor.seat.pk if actor.role == "seat" else None
    if own is not None and not any(r.seat.pk == own and r.in_hand for r in view.rows):
        return []
    seen = {e.seat.pk: e for e in shown if e.seat is not None}
    return [
        {"row": r, "up": seen[r.seat.pk].up if r.seat.pk in seen else []}
        for r in view.rows
        if r.in_hand and not r.folded and r.seat.pk != own
    ]


def _may_show(view: table_types.Table, actor: Actor, rows, at) -> bool:
    """This player may show the table cards nobody else sees: folded, or won with nobody left."""
    if actor.role != "seat" or not (at.reached_showdown or at.over):
        return False
    row = rows.get(actor.seat.pk)
    return row is not None and not row.shown and actor.seat.pk not in at.contenders


def full_page(night: Night, view: table_types.Table) -> dict:
    """What only the whole page shows, outside the polled region: deleting a test night."""
    return {"may_delete": view.is_host and not deletion.refusal(night)}


def asked_of(view: table_types.Table, actor: Actor) -> str:
    """What the step asks of this player now (say guts or pass, draw and pay): its first sentence.

    Only for a player still in the hand, at a step where everyone acts
    (declaring, drawing, passing, buying); betting has its own turn.
    """
    step, hand = view.step, view.hand
    if step is None or hand is None or actor.role != "seat" or view.betting_open:
        return ""
    row = next((r for r in view.rows if r.seat.pk == actor.seat.pk), None)
    if row is None or not row.in_hand or row.folded or step.kind not in PLAYER_STEPS:
        return ""
    return step.text.strip().split(". ")[0].rstrip(".") + "."


def next_round(view: table_types.Table) -> tuple[str, bool]:
    """The next betting round's name, and whether the table may open it now.

    A game's hand opens only the rounds the game has, by name, and none once
    one player is left; a plain hand opens as many as the table likes.
    """
    if view.situation is not None and view.situation.players_left < 2:
        return "", False
    if view.hand is not None and view.hand.run_id is not None:
        upcoming = flow.next_round(view.steps, view.rounds)
        return (upcoming.name, True) if upcoming else ("", False)
    return f"Betting round {view.rounds + 1}", True


@require_GET
@never_cache
def night(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    ctx = context(request, found, actor)
    ctx.update(full_page(found, ctx["t"]))
    return render(request, "ledger/table.html", ctx)


@require_GET
def poll(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The table region, or 304 when nothing changed since the viewer's ETag.

    A 304 reads one query and never the session: the ETag is signed, and
    only a viewer who was shown this table was ever given it. Anything else
    goes through the full check of who is asking.
    """
    marks = state.markers(night_id=night_id)
    if marks is None:
        raise Http404
    seen = state.seen_etag(request.headers.get("If-None-Match", ""))
    if seen and seen[0] != "spectator" and state.etag(seen[0], marks) == seen[1]:
        return not_modified(seen[1])
    found, actor = night_for(request, night_id)
    return polled(request, found, actor, marks)


@require_GET
def watch_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    marks = state.markers(token=token)
    if marks is None:
        return bad_link(request)
    seen = state.seen_etag(request.headers.get("If-None-Match", ""))
    if seen and seen[0] == "spectator" and state.etag(seen[0], marks) == seen[1]:
        return not_modified(seen[1])
    found = actors.spectator_night(token)
    if found is None:
        return bad_link(request)
    return polled(request, found, Actor(night=found, role="spectator"), marks)


def polled(request: HttpRequest, night: Night, actor: Actor, marks: tuple) -> HttpResponse:
    ctx = context(request, night, actor, marks=marks)
    response = render(request, "ledger/table.html#table", ctx)
    response["Vary"] = "Cookie"
    return polled_answer(response, state.etag(state.viewer_of(actor), marks))


@require_GET
@never_cache
def watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The spectator link: the same table, read-only."""
    found = actors.spectator_night(token)
    if found is None:
        return bad_link(request)
    ctx = context(request, found, Actor(night=found, role="spectator"))
    ctx.update(full_page(found, ctx["t"]))
    ctx["watch_token"] = token
    return render(request, "ledger/table.html", ctx)


@require_http_methods(["GET", "POST"])
@never_cache
def join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A seat's join link: GET shows whose seat it is, POST claims it for this phone.

    A seat another phone holds stays with it (409, and the page says to ask
    the host); the host frees it from the seats page.
    """
    seat = (
        Seat.objects.select_related("night__host", "person")
        .filter(join_token=token, join_revoked=False)
        .first()
    )
    if seat is None:
        return bad_link(request)
    mine = actors.holds_seat(request, seat)
    ctx = {"seat": seat, "night": seat.night, "mine": mine, "taken": seat.claimed and not mine}
    if request.method == "GET":
        return render(request, "ledger/join.html", ctx)
    # The session first: made inside the claim's transaction, a refusal would roll it back.
    actors.ensure_session(request)
    try:
        phone = f"phone:{request.session.session_key}"
        run_once(request, seat.night, phone, lambda locked: {"seat": claimed(request, token)})
    except seating.SeatHeld as exc:
        ctx |= {"error": str(exc), "mine": False, "taken": True}
        return render(request, "ledger/join.html", ctx, status=409)
    except seating.UnknownLink:
        return bad_link(request)
    except KeyConflict as exc:
        return render(request, "ledger/join.html", ctx | {"error": str(exc)}, status=422)
    except LedgerError as exc:
        return render(request, "ledger/join.html", ctx | {"error": str(exc)}, status=400)
    return see_other(seat.night.get_absolute_url())


def claimed(request: HttpRequest, token: str) -> int:
    return actors.claim_seat(request, token).seat.pk


def bad_link(request: HttpRequest) -> HttpResponse:
    """A join or spectator link that matches nothing: 404, or 429 past this address's limit."""
    if not limits.failed_join(request):
        raise Http404(NO_SUCH_LINK)
    ctx = {"error": limits.TOO_MANY_LINKS}
    response = render(request, "ledger/link_refused.html", ctx, status=429)
    response["Retry-After"] = str(limits.JOIN_WAIT)
    return response


def table_write(request: HtmxHttpRequest, night_id: int, check, call) -> HttpResponse:
    """A write from the table page, answered with the table."""
    found, actor = night_for(request, night_id)

    def done(result: dict) -> HttpResponse:
        if result.get("setup"):  # a game to set up first: its page, with the reason on top
            messages.info(request, result["message"])
            return go_to(request, result["setup"])
        if partial_wanted(request):
            return answer(request, found, actor, notice=result.get("message", ""))
        back = request.POST.get("next", "")
        if back.startswith(f"/nights/{found.pk}/deal/"):  # dealer mode's own buttons
            return see_other(back)
        return see_other(reverse("ledger:night", args=[found.pk]))

    def refused(message: str, status: int) -> HttpResponse:
        if not partial_wanted(request) and request.POST.get("next") == deal_tab.deal_url(found):
            # A bet from the Deal tab's turn: refused there, with the reason on top.
            return deal_tab.answer(request, found, actor, status=status, error=message)
        return answer(request, found, actor, error=message, status=status)

    return write(
        request,
        found,
        actor=actor,
        check=lambda: check(found, actor),
        call=lambda locked: call(locked, actor),
        done=done,
        refused=refused,
    )


@require_POST
def hand_start(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        require_starter(night, actor, post.get("dealer"), START_NOT_YOURS)

    def call(night: Night, actor: Actor) -> dict:
        slug = post.get("game", "").strip()
        runs.refuse_unknown_game(slug)
        players = seats_from(night, post.getlist("players"))
        if not players:
            raise ValidationError(NO_PLAYERS)
        dealer = seat_from(night, post.get("dealer"))
        missing = runs.unconfirmed_for_deal(night, slug)
        if missing:
            return {
                "setup": setup_url(night, slug, dealer, players),
                "message": setup_first(slug, missing),
            }
        hand = runs.deal(
            night=night,
            players=players,
            dealer_seat=dealer,
            recorded_by=actor.label,
            game_slug=slug,
        )
        return {"message": f"Hand {hand.number} started: {dealer.person.name} deals."}

    return table_write(request, night_id, check, call)


def setup_first(slug: str, missing: list[str]) -> str:
    """Why naming this game sent the host to its setup page, in table words."""
    names = " and ".join(f"“{name}”" for name in missing)
    verb = "were" if len(missing) > 1 else "was"
    return SETUP_FIRST.format(game=games.spec_of(slug).name, names=names, verb=verb)


def setup_url(night: Night, slug: str, dealer: Seat, players: list[Seat]) -> str:
    """The game's setup page, with the dealer and players the table picked."""
    picked = {"game": slug, "dealer": dealer.pk, "players": [p.pk for p in players]}
    back = {"next": reverse("ledger:night", args=[night.pk])}  # one tap deals, back at the table
    query = urlencode(picked | back, doseq=True)
    return f"{reverse('ledger:game_new', args=[night.pk])}?{query}"


@require_POST
def hand_antes(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        posting = hands.load(fresh(hand_of(night, hand_id))).collect_antes(recorded_by=actor.label)
        return {"message": posting.memo}

    return table_write(request, night_id, check, call)


@require_POST
def hand_round(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        hand = fresh(hand_of(night, hand_id))
        opener = seat_from(night, post["opener"]) if post.get("opener") else None
        blinds = []
        if post.get("blinds"):
            small = whole(post.get("small_blind"), "The small blind")
            big = whole(post.get("big_blind"), "The big blind")
            small_seat, big_seat, first = blind_seats(hand)
            blinds = [(small_seat, small), (big_seat, big)]
            opener = opener or first
        posting = hands.load(hand).round_start(
            recorded_by=actor.label, opener=opener, blinds=blinds
        )
        return {"message": posting.memo}

    return table_write(request, night_id, check, call)


def blind_seats(hand: Hand) -> tuple[Seat, Seat, Seat]:
    """Small blind, big blind and first to act, by the card-room convention.

    Left of the dealer posts the small blind, the next the big, and the next
    acts first; heads up, the dealer posts the small blind and acts first.
    """
    play = hands.load(hand)
    in_hand = [seat_id for seat_id in play.seats if seat_id not in play.state.folded]
    small, big, first = openers.blinds_by_convention(in_hand)
    return play.seats[small], play.seats[big], play.seats[first]


@require_POST
def hand_act(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        hand = hand_of(night, hand_id)  # another night's hand is a 404 before anything else
        actor.require_seat(seat_from(night, post.get("seat")), hand)

    def call(night: Night, actor: Actor) -> dict:
        action = post.get("action", "")
        if action not in betting.KINDS:
            raise ValidationError(UNKNOWN_ACTION.format(action=action))
        amount = (
            forms.amount(post.get("amount"), night, "The amount", mode=post.get("in"), least=0)
            if action in ("bet", "raise")
            else 0
        )
        play = hands.load(hand_of(night, hand_id))  # read now that the night is locked
        seat = seat_from(night, post.get("seat"))
        posting = play.act(seat, action, amount, recorded_by=actor.label)
        return {"message": posting.memo}

    return table_write(request, night_id, check, call)


@require_POST
def hand_award(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        hand = fresh(hand_of(night, hand_id))
        if hand.status != Hand.Status.SETTLED:
            view = state.table(night, actor)
            if post.get("pots", "") != pots_key(view.pots):
                raise ValidationError(POTS_CHANGED)
        play = hands.load(hand)
        winners, low = award_facts(post, play, hand)
        confirm_nobody(post, play, winners, low)
        posting = play.award(winners=winners, low_winners=low, recorded_by=actor.label)
        seat_cards.keep(play.hand, [posting], actor.label)  # the shown cards, with the award
        return {"message": posting.memo or f"Hand {hand.number} settled."}

    return table_write(request, night_id, check, call)


@require_POST
def hand_undo(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        reversal = hands.undo(hand=fresh(hand_of(night, hand_id)), recorded_by=actor.label)
        return {"message": reversal.memo}

    return table_write(request, night_id, check, call)


@require_GET
@never_cache
def journal(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The night's postings a page at a time, newest first, with who recorded each and when.

    `?before=<id>` pages below a posting (keyset, never OFFSET): Older and
    Newer are plain links. A `before` that is no posting id is a 400 that says so.
    """
    found, actor = night_for(request, night_id)
    ctx = {"night": found, "actor": actor, "page_size": journal_page.PAGE_SIZE}
    try:
        before = journal_page.before_of(request.GET.get("before"))
    except inputs.InputError as exc:
        return render(request, "ledger/journal.html", ctx | {"error": str(exc)}, status=400)
    shown = journal_page.page(found, before)
    ctx |= {"postings": shown.postings, "page": shown}
    return render(request, "ledger/journal.html", ctx)
