"""Live dealer mode: the chosen game's phases one screen at a time, each booking its money.

The rulebook's dealer mode only reads; this one, under a night, books. The
table picks a game with its options and settings, deals, and steps through
the phases: each step shows a small form for every money rule it fires
(`ledger.core.facts` says what each asks), and the showdown asks for the facts the
rules need and books every payment and the award in one transaction. Every
booking is a POST that answers with the same step again, so the page works
without script; htmx only makes it quicker.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger.core import amounts, card_taps, facts, flow, openers
from ledger.core.house_rules import house_rules
from ledger.models import Hand, Night, Run
from ledger.selectors import game_setup, state, table_types
from ledger.services import games, hands, money_rules, runs, scores, seat_cards
from ledger.services.actors import Actor
from ledger.views.common import REFUSED_HEADER, night_for, partial_wanted, see_other, write
from ledger.views.forms import NO_PLAYERS, booking, seat_from, seats_from
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
from rulebook import dealer
from rulebook.models import Game
from rulebook.schema import FAMILIES, MONEY_KINDS, OPENERS
from sitewide import limits
from sitewide.htmx import HtmxHttpRequest

# Money rules paid at the showdown before the cards rank, since they change the ranking.
PAID_BEFORE_RANKING = frozenset({"wild_tax"})

START_NOT_YOURS = "Only the host or the next dealer can start a game."


def deal_url(night: Night) -> str:
    """The dealer screen: it always shows the step the hand is on, stored with the hand."""
    return reverse("ledger:deal", args=[night.pk])


def table_url(night: Night) -> str:
    return reverse("ledger:night", args=[night.pk])


def context(request: HtmxHttpRequest, night: Night, actor: Actor, **extra) -> dict:
    """Everything the dealer screen draws: the game, the step, its forms, the table's chips."""
    view = state.table(night, actor)
    run, hand = view.run, view.hand  # an open hand of a game belongs to the open game
    ctx = {"night": night, "t": view, "run": run, "error": "", "notice": ""} | extra
    ctx["riding"] = view.riding
    ctx["rides_why"] = view.rides_why
    ctx["carried"] = runs.carried_pots(night)
    if run is None:
        ctx["games"] = state.start_choices(night)["game_groups"]
        ctx["may_start"] = may_start(actor, hands.next_dealer(night)) and view.open
        return ctx
    spec = games.spec_of(run.game_slug)
    ctx["spec"] = spec
    ctx["settings"] = _setting_rows(spec, run)
    ctx["agreed"] = [
        (name, _chips_worth(value, night) if isinstance(value, int) else _money(value, night))
        for name, value in sorted(run.agreed.items())
    ]
    ctx["endings"] = [(e.value, e.label) for e in runs.EARLY_ENDINGS]
    ctx["lives"] = _lives(run, spec, view)
    if hand is None:
        ctx["out"] = game_setup.out_of_lives(run)
        ctx["next_dealer"] = game_setup.next_dealer(night)
        ctx["dealer_banks"] = runs.dealer_banks(spec)
        # Who sat down after lives were staked: unticked, waiting for the next game.
        ctx["waiting"] = game_setup.waiting_for_next_game(run, [r.seat for r in view.at_table])
        ctx["may_deal"] = may_start(actor, ctx["next_dealer"]) and view.open
        ctx["may_end"] = actor.role == "host" and view.open
        # A rubber is dealt to its players alone, the deal passing between them.
        ctx["rubber_players"] = games.rubber_players(run)
        ctx["sheet"] = _sheet(run, view)
        return ctx
    phases = view.steps
    rules = games.rules_in_force(run, spec)
    halves = view.game.shape != "plain"  # the award splits the pot: its halves are no booking
    index = flow.index_of(phases, hand.step)
    phase = view.step
    in_hand = [r for r in view.rows if r.in_hand]
    ctx["sheet"] = _sheet(run, view)
    forward = view.forward
    booked = money_rules.booked_at(hand, phase.id) if phase else set()
    shown = [p for p in phases if flow.applies(p, view.situation) or p.id == hand.step]
    nobody_in = forward is not None and forward.move == "all_out"
    # Nobody left in: the step's own rules are moot unless it is played only then (the
    # coward's tax); the game's all-out rules are offered, those carrying the pot on told.
    here = flow.rules_at(phases, index, spec.fold_out)
    if nobody_in and not (phase and phase.only_if == "nobody_in"):
        here = []
    ctx.update(
        phases=shown,
        step=next((i for i, p in enumerate(shown) if phase and p.id == phase.id), 0),
        phase=phase,
        in_hand=in_hand,
        forms=_forms(here, rules, view, booked, halves),
        after_showdown=bool(phase) and not flow.rules_at(phases, index) and bool(phase.money),
        anytime=_forms(
            dealer.anytime_rules(spec, dealer.chosen_options(spec, run.options)),
            rules,
            view,
            set(),
        ),
        fold_out=_forms(spec.fold_out, rules, view, booked, halves),
        all_out=_forms(
            [r for r in spec.all_out if r in rules and not games.ends_deal(rules[r])],
            rules,
            view,
            booked,
            halves,
        ),
        all_out_told=[rules[r] for r in spec.all_out if r in rules and games.ends_deal(rules[r])],
        described=_described(phase, flow.rules_at(phases, index), rules, halves),
        asks=_asks(phase, view, moot=_left_alone(phase, view.situation)),
        again_to=_phase(phases, flow.may_go_again(phases, hand.step or None, view.situation)),
        showdown=forward is not None and forward.move == "showdown",
        forward=forward,
        next_phase=_phase(phases, forward.step) if forward and forward.move == "next" else None,
        round_phase=phase if forward and forward.move == "open_round" else None,
        opener_text=OPENERS.get(phase.opener or "", "") if phase else "",
        opener_seat=_opener_seat(phase, view, in_hand),
        last_in=next((r for r in in_hand if not r.folded), None),
        last_standing=(
            _last_standing(run, spec, in_hand) if forward and forward.move == "end_deal" else None
        ),
        # A rule carried the whole pot to a redeal (a rainout): the deal may end now.
        may_redeal=bool(forward and forward.move == "next") and games.redealt(hand, spec),
        may_book=view.can_run and view.open,
        pots_key=pots_key(view.pots),
        previous=flow.before(phases, phase.id, view.situation) if phase else None,
    )
    if ctx["showdown"]:
        # A wild tax is paid before the cards are ranked (the helper counts a taxed wild once
        # paid): its own booking above the showdown, not a tick booked with the award.
        first = [f for f in ctx["forms"] if f["rule"].kind in PAID_BEFORE_RANKING]
        ctx["before_showdown"] = first
        ctx["forms"] = [f for f in ctx["forms"] if f not in first]
        ctx.update(who_wins(request, hand, actor, in_hand, ctx["may_book"], extra.get("open_seat")))
    return ctx


def _money(value: object, night: Night) -> str:
    """An amount agreed in money, as the table writes it ("$0.01")."""
    return amounts.show_money(Decimal(str(value)), night.currency)


def _chips_worth(chips: int, night: Night) -> str:
    """Chips with their money, as the table reads an amount: "2 chips ($0.50)"."""
    worth = _money(Decimal(night.unit) * chips, night)
    return f"{chips:,} chip{'' if chips == 1 else 's'} ({worth})"


def _sheet(run: Run, view: table_types.Table) -> dict | None:
    """A rubber's score sheet as the Deal tab draws it: above and below the line, each game."""
    rubber = scores.rubber_of(run)
    if rubber is None or not rubber.players:
        return None
    names = {r.seat.pk: r.name for r in view.rows}
    players = rubber.players
    games_rows = []
    for game in rubber.games_played():
        maker = rubber.made(game)
        games_rows.append(
            {
                "game": game,
                "cells": [
                    {
                        "points": rubber.below(seat, game),
                        "made": seat == maker,
                        "wiped": rubber.wiped(seat, game),
                    }
                    for seat in players
                ],
            }
        )
    return {
        "names": [names.get(seat, "?") for seat in players],
        "above": [rubber.above(seat) for seat in players],
        "games": games_rows,
        "won": [rubber.games[seat] for seat in players],
        "totals": [rubber.total(seat) for seat in players],
        "winner": names.get(rubber.winner) if rubber.winner is not None else "",
        "marks": [{**m.__dict__, "name": names.get(m.seat, "?")} for m in reversed(rubber.marks)],
        "target": rubber.sheet.game,
        "rubber": rubber.sheet.rubber,
    }


def _lives(run: Run, spec, view: table_types.Table) -> list[tuple[str, int]]:
    """In a game of lives, each player dealt in so far and the lives they have left."""
    left = games.lives_left(run, spec)
    if left is None:
        return []
    return [(r.name, left[r.seat.pk]) for r in view.rows if r.seat.pk in left]


def _last_standing(run: Run, spec, in_hand: list):
    """In a game of lives, the one player in the hand left with a life once this deal's
    losses are booked: ending the deal gives them the pot, and the game is over."""
    left = games.lives_left(run, spec)
    standing = [seat for seat, lives in (left or {}).items() if lives]
    if len(standing) != 1:
        return None
    return next((r for r in in_hand if r.seat.pk == standing[0] and not r.folded), None)


HELPER_MODES = ("rank", "fill")
# Fields a refused form does not send back as they were: each write gets a fresh key.
NOT_KEPT = ("csrfmiddlewaretoken", "idempotency_key")


def who_wins(
    request: HtmxHttpRequest,
    hand: Hand,
    actor: Actor,
    in_hand: list,
    may_book: bool = False,
    open_seat: int | None = None,
) -> dict:
    """The showdown helper's panel: each player's cards, and on asking the ranking or the fill.

    Before the showdown the dealer sees what any viewer sees (`ledger.core.card_sight`):
    the face-up cards, the table's, and those they entered for a seat with no
    phone; a claimed seat enters its own. From the showdown on, every hand it
    shows, which the dealer may correct. "Rank the hands" (`?helper=rank`)
    shows the helper's result; "Fill the showdown form" (`?helper=fill`) also
    ticks the form from it. Both are reads: the dealer still books the showdown.

    Each player's entry folds away; one is open (`open_seat`, the player just
    saved, or `?open=`; else the first with no cards yet), and once ranked
    each names the hand it makes.
    """
    mode = request.GET.get("helper", "")
    mode = mode if mode in HELPER_MODES else ""
    rows = seat_cards.latest(hand)
    at = seat_cards.moment_of(hand, folded=[r.seat.pk for r in in_hand if r.folded])
    shown = {e.seat.pk if e.seat else None: e for e in seat_cards.shown(hand, actor, rows, at=at)}
    game = seat_cards.game_of(hand)
    # Each player's tap grid; a card this dealer sees in another hand or on the board is greyed.
    board = shown.get(None)
    held = {k: (e.codes, e.up) for k, e in shown.items() if k is not None}
    run = hand.run if hand.run_id else None
    grids = card_taps.grids(
        [*held, *(r.seat.pk for r in in_hand if r.seat.pk not in held)],
        held,
        game,
        board.codes if board is not None else (),
        options=list(run.options) if run else [],
        settings=dict(run.settings) if run else {},
    )
    # In a game whose hands pool the neighbours' up cards, a folded seat's still count.
    lends = seat_cards.folded_seats_lend(hand, game)
    helper_rows = [
        {
            "row": r,
            "entered": shown.get(r.seat.pk),
            "has_cards": r.seat.pk in rows,
            "may_enter": may_book and _may_enter(r.seat, actor, at),
            "grid": grids.get(r.seat.pk),
            "form_id": f"cards-form-{r.seat.pk}",
            "fold_id": f"cards-fold-{r.seat.pk}",
            "open": False,
            "made": "",
        }
        for r in in_hand
        if not r.folded or lends
    ]
    _open_one(helper_rows, open_seat if open_seat is not None else _whole(request.GET.get("open")))
    ctx = {
        "helper_mode": mode,
        "helper_rows": helper_rows,
        "helper_wilds": seat_cards.wilds_now(hand, rows),
        "helper_board": board,
        "helper_wants_board": bool(game and game.showdown.board != "none"),
        "helper_wants_ranks": seat_cards.names_wild_ranks(game),
        "helper_hidden": not at.reached_showdown,
        "helper_forehead": at.forehead and not at.reached_showdown,
        "helper_clash": seat_cards.clash(hand, rows, at),
        "helper_off": game.showdown.no_helper if game and not game.showdown.helper else "",
    }
    if mode and at.reached_showdown and not ctx["helper_off"]:
        if limits.helper_limited(request, hand.night_id):
            ctx["helper"] = seat_cards.Helper(error=limits.TOO_MANY_RANKINGS)
            return ctx
        found = seat_cards.helper(hand, fill=mode == "fill")
        ctx["helper"] = found
        ctx["helper_words"] = seat_cards.words(found.data, found.cards) if found.data else None
        if found.fill is not None:
            ctx["fill"] = found.fill.post()
        made = {p["name"]: p for p in (ctx["helper_words"] or {}).get("players", [])}
        for h in helper_rows:
            shown_hand = made.get(h["row"].name)
            if shown_hand is not None:
                h["made"] = " / ".join(m["name"] for m in shown_hand["made"] if m["name"]) or (
                    shown_hand["points"] or ""
                )
    return ctx


def _open_one(helper_rows: list[dict], wanted: int | None) -> None:
    """Open one player's entry: the one wanted, else the first with no cards yet."""
    enterable = [h for h in helper_rows if h["may_enter"]]
    chosen = next((h for h in enterable if h["row"].seat.pk == wanted), None)
    if chosen is None:
        chosen = next((h for h in enterable if not h["has_cards"]), None)
    if chosen is not None:
        chosen["open"] = True


def _may_enter(seat, actor: Actor, at) -> bool:
    """Whether the panel offers to enter a seat's cards now (`seat_cards.enter` decides)."""
    if actor.role == "seat" and actor.seat.pk == seat.pk:
        return True
    return at.reached_showdown or not seat.claimed or at.forehead


def _setting_rows(spec, run: Run) -> list[tuple[str, str]]:
    return [
        (s.question, s.choices.get(run.settings.get(s.id, s.default), "")) for s in spec.settings
    ]


def _phase(phases: list, step_id: str | None):
    return next((p for p in phases if p.id == step_id), None)


def _forms(
    rule_ids, rules: dict, view: table_types.Table, booked: set[str], halves: bool = False
) -> list[dict]:
    """A form per rule the step books by hand, with the fields `ledger.core.facts` asks for.

    Each role the hand already answers comes ticked (`_ticks`). A rule already
    booked at this step of this deal is shown as done; one that fires again
    and again (per draw, per card) says "again" on its button instead.
    """
    found = []
    in_hand = [r for r in view.rows if r.in_hand]
    for rule_id in rule_ids:
        rule = rules.get(rule_id)
        if rule is None or not facts.bookable(rule, halves=halves):
            continue
        needs = facts.needs(rule, halves=halves)
        ticks = _ticks(needs, view)
        found.append(
            {
                "needs": needs,
                "rule": rule,
                "label": MONEY_KINDS[rule.kind].split(" (")[0],
                "name": rule.words,
                "action": facts.action(rule),
                "detail": _button_detail(rule, ticks, view),
                "rows": in_hand,
                "ticks": ticks,
                "done": rule_id in booked and not money_rules.repeats(rule),
                "again": rule_id in booked and money_rules.repeats(rule),
            }
        )
    return found


def _button_detail(rule, ticks: dict[str, list[int]], view: table_types.Table) -> str:
    """Who pays and how much, after a booking button's action ("Ann, 5 chips ($1.25)"):
    the payer when the hand names one seat, the amount when it is fixed before it fires."""
    night, hand = view.night, view.hand
    names = {r.seat.pk: r.name for r in view.rows}
    payer = ticks.get(rule.payer or "", [])
    if rule.payer == "dealer" and hand is not None:
        payer = [hand.dealer_id]
    who = names.get(payer[0], "") if len(payer) == 1 else ""
    config = house_rules(hand.config if hand is not None else {})
    chips = facts.fixed_chips(
        rule,
        chips_per_money=1 / Fraction(night.unit),
        ante=config.ante,
        min_bet=config.min_bet,
        agreed=view.run.agreed if view.run is not None else None,
    )
    if rule.kind == "points_score" and rule.amount and rule.amount.points:
        much = rule.amount.describe()
    elif chips is None:
        much = ""
    else:
        much = _chips_worth(chips, night)
    return ", ".join(part for part in (who, much) if part)


def _ticks(needs: facts.Needs, view: table_types.Table) -> dict[str, list[int]]:
    """The roles the hand answers by itself, ticked on the rule's form for the dealer to check.

    The one player left in (the winner when everyone else folded); who the
    table named (the knocker); the seat a blind's position names; the stayers,
    who are those still in, less a named player this rule names itself.
    """
    still_in = [r.seat.pk for r in view.rows if r.in_hand and not r.folded]
    asked = {role.name for role in needs.roles}
    named = {role: list(view.named[role][0]) for role in asked if role in view.named}
    ticks: dict[str, list[int]] = dict(named)
    if len(still_in) == 1:
        for role in asked & {"winner", "best_hand"}:
            ticks[role] = still_in
    if "actor" in asked and needs.rule.actor_is and view.hand is not None:
        ticks["actor"] = [hands.seat_named(view.hand, needs.rule.actor_is)]
    if "stayers" in asked:
        apart = {seat for role in named for seat in named[role]}
        ticks["stayers"] = [s for s in still_in if s not in apart]
    return ticks


def _left_alone(phase, situation) -> bool:
    """One player or nobody is left, at a step not played for just that: what it has not
    asked yet (who said guts first) is moot, as `flow.forward` has it."""
    left = situation.players_left if situation is not None else 2
    return left <= 1 and not (phase and phase.only_if in ("nobody_in", "one_in"))


def _opener_seat(phase, view: table_types.Table, in_hand: list) -> int | None:
    """The seat the opener's choice comes chosen at: the one the rule's opener names when the
    hand says it (`_opener_known`), else whoever acts first when the table names nobody (the
    first still in from the dealer's left), never simply the first seat at the table."""
    rounds = view.situation.rounds_opened if view.situation is not None else 0
    known = _opener_known(phase, view.hand, in_hand, rounds, view.named)
    if known is not None:
        return known
    return view.opens.seat.pk if view.opens is not None else None


def _opener_known(
    phase, hand: Hand, in_hand: list, rounds_opened: int, named: Mapping
) -> int | None:
    """Who opens this round when the hand alone says it (`openers.named_by_the_step`), for
    the opener's choice to come chosen."""
    still_in = [r.seat.pk for r in in_hand if not r.folded]
    knockers = named.get("knocker", ((), ""))[0]
    kind = phase.opener if phase is not None else None
    return openers.named_by_the_step(kind, hand.dealer_id, still_in, rounds_opened, knockers)


def _asks(phase, view: table_types.Table, moot: bool = False) -> list[dict]:
    """What the step asks the table to name (who drops out, who knocked), and what it said.

    `moot`: one player or nobody is left, so what the step has not asked yet
    (who called first) is asked no more; what it said stays shown.
    """
    if phase is None or not phase.asks:
        return []
    named = view.named
    found = []
    for asked in phase.asks:
        said = named.get(asked.role)
        done = said is not None and said[1] == phase.id
        if moot and not done:
            continue
        found.append(
            {
                "asked": asked,
                "done": done,
                "names": [r.name for r in view.rows if done and r.seat.pk in said[0]],
                "rows": [r for r in view.rows if r.in_hand and not r.folded],
            }
        )
    return found


def _described(phase, here: list[str], rules: dict, halves: bool) -> list:
    """The step's rules that book nothing by hand, told in words (the ledger does them).

    At the showdown, also those of the steps it books (`here`): a score sheet's
    game and rubber, which the sheet books by itself.
    """
    ids = list(dict.fromkeys([*(phase.money if phase else []), *here]))
    return [rules[i] for i in ids if i in rules and not facts.bookable(rules[i], halves=halves)]


def answer(request: HtmxHttpRequest, night: Night, actor: Actor, status: int = 200, **extra):
    ctx = context(request, night, actor, **extra)
    if status >= 400 and request.method == "POST":
        # A refused form comes back as it was sent, ticks and all, with the reason above it.
        ctx["fill"] = {
            name: request.POST.getlist(name) for name in request.POST if name not in NOT_KEPT
        }
    marks = state.markers(night_id=night.pk)
    ctx["poll_headers"] = json.dumps(
        {"If-None-Match": state.etag(f"deal-{state.viewer_of(actor)}", marks)}
    )
    if partial_wanted(request):
        # htmx swaps the region in place (a card saved, "Rank the hands"): the page keeps
        # its scroll; a refusal is swapped in too, its reason above (static/js/ledger.js).
        response = render(request, "ledger/deal.html#deal", ctx, status=status)
        if status >= 400:
            response[REFUSED_HEADER] = "1"
        response["Vary"] = "HX-Request, Cookie"
        return response
    return render(request, "ledger/deal.html", ctx, status=status)


@require_GET
@never_cache
def deal(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    found, actor = night_for(request, night_id)
    return answer(request, found, actor)


@require_GET
def deal_poll(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The dealer screen's region, or 304 while nothing (the step included) has changed.

    Every phone on the Deal tab polls this, so when the dealer moves the hand
    on a step, books a charge or a player bets, each shows it within 2 s. A
    304 is one query, as the table's poll: the ETag is signed for its viewer,
    and a seat let go or taken elsewhere changes the markers it signs.
    """
    marks = state.markers(night_id=night_id)
    if marks is None:
        raise Http404
    seen = state.seen_etag(request.headers.get("If-None-Match", ""))
    if seen and seen[0].startswith("deal-") and state.etag(seen[0], marks) == seen[1]:
        return not_modified(seen[1])
    found, actor = night_for(request, night_id)
    viewer = f"deal-{state.viewer_of(actor)}"
    tag = state.etag(viewer, marks)
    if seen and seen[1] == tag:
        return not_modified(tag)
    ctx = context(request, found, actor)
    ctx["poll_headers"] = json.dumps({"If-None-Match": tag})
    response = render(request, "ledger/deal.html#deal", ctx)
    response["Vary"] = "Cookie"
    return polled_answer(response, tag)


@require_http_methods(["GET", "POST"])
@never_cache
def game_new(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Choose a game's options, settings and agreed amounts before it is dealt.

    It writes nothing. The page drawn again for its own choices ("Update the
    amounts") comes as a POST without JavaScript, so the form's CSRF token
    never lands in an address; htmx asks by GET and leaves the token out.
    """
    data = request.POST if request.method == "POST" else request.GET
    found, actor = night_for(request, night_id)
    game = get_object_or_404(Game, slug=data.get("game", ""))
    spec = game.spec
    saved = runs.choices(found, spec.slug)
    chosen = dealer.table_settings(spec, saved.get("settings", {}))
    options = saved.get("options", [])
    typed: dict[str, str] = {}
    if data.get("update"):  # the page drawn again for the choices made on it
        chosen |= {
            s.id: picked
            for s in spec.settings
            if (picked := data.get(f"setting-{s.id}", "")) in s.choices
        }
        options = [o.id for o in spec.options if o.id in data.getlist("options")]
        typed = {
            key.removeprefix("agreed-"): value[:60]
            for key, value in data.items()
            if key.startswith("agreed-")
        }
    view = state.table(found, actor)
    owners = dealer.setting_owner(spec)
    # Sent here from the table's "Next hand": the dealer and players picked there stay picked.
    seated = {r.seat.pk: r.seat for r in view.at_table}
    picked_dealer = seated.get(_whole(data.get("dealer")))
    picked = {pk for pk in map(_whole, data.getlist("players")) if pk in seated}
    # Each amount prefilled (last time's, else the night's ante), under the choice or option
    # that needs it, shown only while that choice is made (kept hidden under the others, so a
    # choice changed without "Update" still starts); Start confirms those the choices made need.
    places = game_setup.where_asked(spec)
    amounts: dict[game_setup.AskedWhere, list[dict]] = {}
    money = runs.in_money(spec)  # a stake per point may be less than a chip: typed in money
    for number, (name, value) in enumerate(game_setup.offered(found, spec.slug).items(), start=1):
        value = typed.get(name, value)
        if isinstance(value, str) and name not in money and value.isascii() and value.isdigit():
            value = int(value)
        amount = {"name": name, "chips": value, "id": f"agreed-{number}", "money": name in money}
        if name not in money and isinstance(value, int):  # what the chips are worth tonight
            amount["worth"] = _money(Decimal(found.unit) * value, found)
        amounts.setdefault(places.get(name, game_setup.AskedWhere()), []).append(amount)

    def asked(setting) -> dict:
        return _setting_asked(setting, chosen, amounts)

    ctx = {
        "night": found,
        "t": view,
        "spec": spec,
        "game_settings": [asked(s) for s in spec.settings if owners.get(s.id) is None],
        "option_rows": [
            {
                "option": o,
                "settings": [asked(s) for s in spec.settings if owners.get(s.id) == o.id],
                "agreed": amounts.get(game_setup.AskedWhere(option=o.id), []),
            }
            for o in spec.options
        ],
        "options": options,
        "chosen": chosen,
        "agreed": amounts.get(game_setup.AskedWhere(), []),
        "any_agreed": bool(places),
        "next_dealer": picked_dealer or hands.next_dealer(found),
        # A game of two (Pokino) ticks the dealer and the player on their left, no more.
        "players": picked
        or game_setup.first_players(
            spec, seated.values(), picked_dealer or hands.next_dealer(found)
        ),
        "back_to_table": data.get("next") == table_url(found),
        "family": FAMILIES[spec.family],
        "dealer_banks": runs.dealer_banks(spec),
        "error": "",
    }
    return render(request, "ledger/game_new.html", ctx)


def _setting_asked(setting, chosen: dict, amounts: dict) -> dict:
    """A "Tables differ" question for the setup page: each choice, ticked as the table last
    chose, with the agreed amounts only that choice needs under it."""
    return {
        "setting": setting,
        "choices": [
            {
                "value": value,
                "label": label,
                "checked": chosen.get(setting.id) == value,
                "agreed": amounts.get(game_setup.AskedWhere(setting=setting.id, choice=value), []),
            }
            for value, label in setting.choices.items()
        ],
    }


def _whole(text: str | None) -> int | None:
    """A seat id from a query string, or None for anything else."""
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 19 else None


def deal_write(request: HtmxHttpRequest, night_id: int, check, call) -> HttpResponse:
    """A write from dealer mode, answered with the dealer screen at the step it came from."""
    found, actor = night_for(request, night_id)

    def done(result: dict) -> HttpResponse:
        # Who paid whom and why, one line per posting, shown once on the next page.
        for line in result.get("summary", []):
            messages.info(request, line)
        if request.POST.get("next") == table_url(found):  # sent to a setup from the table
            return see_other(table_url(found))
        return see_other(deal_url(found))

    def refused(message: str, status: int) -> HttpResponse:
        return answer(request, found, actor, status=status, error=message)

    return write(
        request,
        found,
        actor=actor,
        check=lambda: check(found, actor),
        call=lambda locked: call(locked, actor),
        done=done,
        refused=refused,
    )


def _starter(night: Night, actor: Actor, dealer_id: str | None) -> None:
    require_starter(night, actor, dealer_id, START_NOT_YOURS)


@require_POST
def game_start(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Start a game with what the setup form chose, and deal its first hand."""
    post = request.POST

    def call(night: Night, actor: Actor) -> dict:
        slug = post.get("game", "").strip()
        spec = games.spec_of(slug)  # refuses a game the rulebook lacks (`games.UNKNOWN_GAME`)
        settings = {
            s.id: post[f"setting-{s.id}"] for s in spec.settings if f"setting-{s.id}" in post
        }
        # The page shows every amount the game could ask for, each under the choice or the
        # option that needs it; keep those these choices need.
        needed = runs.needed_agreed(spec, post.getlist("options"), settings)
        agreed = {
            name: value
            for key, value in post.items()
            if key.startswith("agreed-") and (name := key.removeprefix("agreed-")) in needed
        }
        run = runs.run_start(
            night=night,
            game_slug=slug,
            options=post.getlist("options"),
            settings=settings,
            agreed=agreed,
            recorded_by=actor.label,
            save_for_group=bool(post.get("save_for_group")) and actor.role == "host",
        )
        _deal(night, actor, run, post)
        return {}

    return deal_write(request, night_id, lambda n, a: _starter(n, a, post.get("dealer")), call)


def _deal(night: Night, actor: Actor, run: Run, post) -> Hand:
    players = seats_from(night, post.getlist("players"))
    if not players:
        raise ValidationError(NO_PLAYERS)
    return runs.deal_start(
        run=run,
        players=players,
        dealer_seat=seat_from(night, post.get("dealer")),
        recorded_by=actor.label,
    )


@require_POST
def game_deal(request: HtmxHttpRequest, night_id: int, run_id: int) -> HttpResponse:
    """The next deal of an open game."""

    def call(night: Night, actor: Actor) -> dict:
        _deal(night, actor, get_object_or_404(Run, pk=run_id, night=night), request.POST)
        return {}

    return deal_write(
        request, night_id, lambda n, a: _starter(n, a, request.POST.get("dealer")), call
    )


@require_POST
def game_end(request: HtmxHttpRequest, night_id: int, run_id: int) -> HttpResponse:
    """The table ends the game now, choosing where its riding pot goes."""

    def check(night: Night, actor: Actor) -> None:
        actor.require_host()

    def call(night: Night, actor: Actor) -> dict:
        run = get_object_or_404(Run, pk=run_id, night=night)
        posting = runs.run_end(
            run=run, ending=request.POST.get("ending", ""), recorded_by=actor.label
        )
        return {"summary": [posting.memo if posting else f"{run.game_name} ended."]}

    return deal_write(request, night_id, check, call)


def _needs(hand: Hand, rule_id: str) -> facts.Needs:
    return facts.needs(money_rules.rule_in_force(hand, rule_id), halves=games.halves(hand))


@require_POST
def hand_charge(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """Book one firing of a money rule: a fee, a buy, a fine, a match."""
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        hand = fresh(hand_of(night, hand_id))
        wanted = booking(post, _needs(hand, post.get("rule", "")), hand.seat_order)
        before = scores.rubber_of(hand.run) if hand.run_id else None
        posting = money_rules.book(hands.load(hand), wanted, recorded_by=actor.label)
        if posting is not None:
            return {"summary": [posting.memo]}
        # Points on a rubber's sheet: each line, and a game or the rubber the sheet saw made.
        names = {s.pk: s.person.name for s in night.seats.select_related("person")}
        after = scores.rubber_of(hand.run) if hand.run_id else None
        said = money_rules.rule_in_force(hand, wanted.rule).words
        return {"summary": scores.news(before, after, names) or [f"Scored: {said}."]}

    return deal_write(request, night_id, check, call)


@require_POST
def hand_again(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """Another round of a repeating betting step: back to the step it goes back to."""

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        posting = hands.go_again(hand=fresh(hand_of(night, hand_id)), recorded_by=actor.label)
        return {"summary": [posting.memo]}

    return deal_write(request, night_id, check, call)


@require_POST
def hand_named(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """What the table names at this step: who drops out or passes, who knocked."""
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        hand = fresh(hand_of(night, hand_id))
        seats = seats_from(night, [v for v in post.getlist("seats") if v.strip()])
        role = post.get("role", "")
        posting = hands.name_role(hand=hand, role=role, seats=seats, recorded_by=actor.label)
        return {"summary": [posting.memo]}

    return deal_write(request, night_id, check, call)


@require_POST
def hand_showdown(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """The showdown's facts: the rules that fire and who wins each pot, booked together."""
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        hand = fresh(hand_of(night, hand_id))
        if post.get("pots", "") != pots_key(state.table(night, actor).pots):
            raise ValidationError(POTS_CHANGED)
        bookings = [
            booking(post, _needs(hand, rule_id), hand.seat_order, prefix=f"{rule_id}:")
            for rule_id in post.getlist("fire")
        ]
        play = hands.load(hand)
        winners, low = award_facts(post, play, hand)
        confirm_nobody(post, play, winners, low)
        postings = money_rules.showdown(
            play, bookings=bookings, winners=winners, low_winners=low, recorded_by=actor.label
        )
        seat_cards.keep(hand, postings, actor.label)
        summary = [p.memo for p in postings if p.memo]
        hand.refresh_from_db()
        if hand.run is not None and hand.run.status == Run.Status.ENDED:
            summary.append(games.over_words(hand.run))
        return {"summary": summary}

    return deal_write(request, night_id, check, call)


@require_POST
def hand_step(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """Move the hand on (or back) a step: the host or the hand's dealer; every phone follows."""
    post = request.POST

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        games.step_to(hand=fresh(hand_of(night, hand_id)), step=post.get("to", ""))
        return {}

    return deal_write(request, night_id, check, call)


@require_POST
def hand_score_undo(request: HtmxHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """Take back the hand's latest score on a points game's sheet."""

    def check(night: Night, actor: Actor) -> None:
        actor.require_dealer(hand_of(night, hand_id))

    def call(night: Night, actor: Actor) -> dict:
        scores.undo_last(hand=fresh(hand_of(night, hand_id)), recorded_by=actor.label)
        return {}

    return deal_write(request, night_id, check, call)
