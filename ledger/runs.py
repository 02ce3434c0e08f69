"""A game at the table: chosen with its options and settings, dealt once or until it ends.

Guts, Acey Deucey, Boo Ray and the other games whose pot rides from deal to
deal are a `Run` above their hands: the run stays open while its pot rides,
and ends on its own when a deal settles with nothing riding (somebody took
the pot). The table can also end it early, choosing where the riding pot goes:
back in proportion to what each player put in, split equally among those
still in, or carried to the next game of the same kind. A night cannot end
while a game is open.

A game that is dealt once (most poker) ends with its hand; chips its hand
leaves riding go to the next hand, whatever it is, as before runs existed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.db import transaction
from django.db.models import Max

from ledger import flow, games, hands, inputs, journal, pots
from ledger.house_rules import house_rules
from ledger.journal import LedgerError, Move
from ledger.models import Account, Entry, Hand, Night, Posting, Run, Seat
from ledger.services import check_open
from rulebook import dealer
from rulebook.schema import Game as GameSpec
from rulebook.schema import MoneyRule

HAND_OF_GAME_OPEN = "Hand {number} of {game} is still open: settle it before ending the game."
GAME_OVER = "{game} has ended; start it again to play another."
NOT_AN_ENDING = "Say where the riding pot goes: {choices}."
AGREED_UNKNOWN = "{game} has no agreed amount called {name!r}."
NOBODY_STILL_IN = "Nobody is still in to share the pot."

# How a table may end a game early; WON is only ever reached by play.
EARLY_ENDINGS = (Run.Ending.RETURNED, Run.Ending.SPLIT, Run.Ending.CARRIED)


def situation(hand: Hand, play: hands.Play | None = None) -> flow.Situation:
    """What the live table knows of a hand, for `ledger.flow`."""
    play = play or hands.load(hand)
    state = play.state
    left = [s for s in hand.seat_order if s not in state.folded]
    return flow.Situation(
        pot_empty=hand.config.get("pot_at_start", play.pot) == 0,
        players_left=len(left),
        betting_open=state.betting_open,
        rounds_opened=state.rounds,
        settled=hand.status == Hand.Status.SETTLED,
    )


def agreed_names(spec: GameSpec, options: Sequence, settings: Mapping[str, str]) -> list[str]:
    """The amounts the table must settle before play, by the names the rules give them."""
    return _agreed_in(dealer.money_rules(spec, options, settings).values())


def every_agreed_name(spec: GameSpec) -> list[str]:
    """Every amount the game could ask the table for, whatever its options and settings.

    A setup page offers them all, so switching a setting (antes to blinds)
    without script still finds its amount on the page.
    """
    return _agreed_in([*spec.money, *(rule for option in spec.options for rule in option.money)])


def _agreed_in(rules: Iterable[MoneyRule]) -> list[str]:
    names: list[str] = []
    for rule in rules:
        for amount in (rule.amount, rule.cap):
            if amount is not None and amount.agreed and amount.agreed not in names:
                names.append(amount.agreed)
    return names


def needed_agreed(spec: GameSpec, options: Sequence[str], settings: Mapping[str, str]) -> list[str]:
    """The agreed amounts these options and settings ask for (none if they do not check out)."""
    try:
        chosen = dealer.chosen_options(spec, options)
        return agreed_names(spec, chosen, dealer.table_settings(spec, settings))
    except ValueError:
        return []


def choices(night: Night, slug: str) -> dict:
    """The options, settings and agreed amounts this night (or its group) last chose for a game."""
    for saved in (night.settings, night.group.settings):
        found = (saved or {}).get("games", {}).get(slug)
        if found:
            return found
    return {}


def run_start(
    *,
    night: Night,
    game_slug: str,
    options: Sequence[str] | None = None,
    settings: Mapping[str, str] | None = None,
    agreed: Mapping[str, object] | None = None,
    recorded_by: str,
    save_for_group: bool = False,
) -> Run:
    """Choose the next game with its options and settings; its carried pot, if any, rides in.

    Anything not given is what this night or its group chose last time for
    the game, else the game's default.
    """
    saved = choices(night, game_slug)
    options = saved.get("options", []) if options is None else options
    settings = saved.get("settings", {}) if settings is None else settings
    agreed = saved.get("agreed", {}) if agreed is None else agreed
    check_open(night)
    current = games.open_run(night)
    if current is not None:
        raise LedgerError(games.GAME_STILL_OPEN.format(game=current.game_name))
    hand = games.open_hand(night)
    if hand is not None:
        raise LedgerError(hands.HAND_IN_PROGRESS.format(number=hand.number))
    spec = games.spec_of(game_slug)
    try:
        chosen = dealer.chosen_options(spec, options)
        table_settings = dealer.table_settings(spec, settings)
    except ValueError as exc:
        raise LedgerError(str(exc)) from exc
    amounts = agreed_amounts(spec, agreed, agreed_names(spec, chosen, table_settings), night)
    picked = {
        "options": [o.id for o in chosen],
        "settings": table_settings,
        "agreed": amounts,
    }
    with transaction.atomic():
        number = (night.runs.aggregate(top=Max("number"))["top"] or 0) + 1
        run = Run.objects.create(
            night=night, number=number, game_slug=spec.slug, game_name=spec.name, **picked
        )
        _remember(night, spec.slug, picked, save_for_group)
        _carry_in(run, recorded_by)
    return run


def agreed_amounts(
    spec: GameSpec, given: Mapping[str, object], needed: list[str], night: Night
) -> dict[str, int]:
    """Each amount the rules leave to the table, in chips; one nobody gave is the night's ante."""
    for name in given:
        if name not in needed:
            raise LedgerError(AGREED_UNKNOWN.format(game=spec.name, name=name))
    ante = house_rules(night.settings).ante
    amounts = {}
    for name in needed:
        value = given.get(name)
        if value is None or str(value).strip() == "":
            amounts[name] = ante
            continue
        try:
            amounts[name] = inputs.whole(value, label=f"The {name}")
        except inputs.InputError as exc:
            raise LedgerError(str(exc)) from None
    return amounts


def _remember(night: Night, slug: str, picked: dict, save_for_group: bool) -> None:
    """Keep the choices: the next game of this kind tonight (or at the group) starts from them."""
    owners = [night, night.group] if save_for_group else [night]
    for owner in owners:
        saved = dict(owner.settings or {})
        saved["games"] = {**saved.get("games", {}), slug: picked}
        owner.settings = saved
        owner.save(update_fields=["settings"])


def _carry_in(run: Run, recorded_by: str) -> None:
    """A pot carried from the last game of this kind rides into this one."""
    night = run.night
    carried = journal.account(night, Account.Kind.CARRIED, game=run.game_slug)
    chips = journal.balances([carried])[carried.pk]
    if chips:
        journal.post(
            night=night,
            kind="carry_in",
            moves=[Move(carried, journal.account(night, Account.Kind.RIDING), chips)],
            recorded_by=recorded_by,
            detail={"run": run.number, "game": run.game_slug},
            memo=f"{chips} chips carried from the last {run.game_name} ride in",
        )


def deal_start(*, run: Run, players: Sequence[Seat], dealer_seat: Seat, recorded_by: str) -> Hand:
    """The next deal of an open game; its riding pot rides in."""
    if run.status != Run.Status.OPEN:
        raise LedgerError(GAME_OVER.format(game=run.game_name))
    spec = games.spec_of(run.game_slug)
    rules = games.rules_in_force(run, spec)
    config = {}
    if spec.pot.unwon is not None:
        config["no_winner"] = spec.pot.unwon
    hand = hands.hand_start(
        night=run.night,
        players=players,
        dealer=dealer_seat,
        recorded_by=recorded_by,
        game_slug=run.game_slug,
        game_name=run.game_name,
        side_pots=not any(r.kind == "all_in_whole_pot" for r in rules.values()),
        run=run,
        config=config,
    )
    # The deal starts on the first step the table plays: with chips riding in, a step
    # only for an empty pot (Guts' ante) is passed over, for the whole deal.
    ridden = hands.load(hand).pot
    hand.config = {**hand.config, "pot_at_start": ridden}
    start = flow.first(games.steps(run, spec), situation(hand))
    hand.step = start or ""
    Hand.objects.filter(pk=hand.pk).update(step=hand.step, config=hand.config)
    return hand


def deal(
    *,
    night: Night,
    players: Sequence[Seat],
    dealer_seat: Seat,
    recorded_by: str,
    game_slug: str = "",
    side_pots: bool = True,
) -> Hand:
    """The next hand however the table asks for it: of the open game, of a game named now, or plain.

    A game named here starts with what the table chose for it last time;
    `side_pots` is for a hand of no game, which has no rules to say.
    """
    run = games.open_run(night)
    if run is None and game_slug:
        run = run_start(night=night, game_slug=game_slug, recorded_by=recorded_by)
    if run is not None:
        return deal_start(
            run=run, players=players, dealer_seat=dealer_seat, recorded_by=recorded_by
        )
    return hands.hand_start(
        night=night,
        players=players,
        dealer=dealer_seat,
        recorded_by=recorded_by,
        side_pots=side_pots,
    )


def run_end(*, run: Run, ending: str, recorded_by: str) -> Posting | None:
    """The table ends the game now; the riding pot goes where `ending` says, in one posting."""
    night = run.night
    check_open(night)
    if run.status != Run.Status.OPEN:
        raise LedgerError(GAME_OVER.format(game=run.game_name))
    if ending not in EARLY_ENDINGS:
        labels = ", ".join(f"{e.value} ({e.label.lower()})" for e in EARLY_ENDINGS)
        raise LedgerError(NOT_AN_ENDING.format(choices=labels))
    hand = run.hands.exclude(status=Hand.Status.SETTLED).first()
    if hand is not None:
        raise LedgerError(HAND_OF_GAME_OPEN.format(number=hand.number, game=run.game_name))
    source = journal.account(night, Account.Kind.RIDING)
    chips = journal.balances([source])[source.pk]
    with transaction.atomic():
        posting = None
        if chips:
            moves, memo = _end_moves(run, ending, source, chips)
            posting = journal.post(
                night=night,
                kind="game_end",
                moves=moves,
                recorded_by=recorded_by,
                detail={"run": run.number, "game": run.game_slug, "ending": ending},
                memo=memo[:200],
            )
        games.close_run(run, ending)
    return posting


def _end_moves(run: Run, ending: str, source: Account, chips: int) -> tuple[list[Move], str]:
    night = run.night
    if ending == Run.Ending.CARRIED:
        target = journal.account(night, Account.Kind.CARRIED, game=run.game_slug)
        return [Move(source, target, chips)], (f"{chips} chips carried to the next {run.game_name}")
    last = run.hands.order_by("-number").first()
    order = list(last.seat_order) if last else []
    seats = {s.pk: s for s in night.seats.filter(pk__in=order).select_related("person")}
    if ending == Run.Ending.RETURNED:
        shares = pots.in_proportion(chips, put_in(run), order)
        how = "returned in proportion to what each put in"
    else:
        still_in = [s for s in order if seats[s].left_at is None]
        if not still_in:
            raise LedgerError(NOBODY_STILL_IN)
        rule = (last.config or {}).get("odd_chip", "seat_order")
        shares = pots.split(chips, still_in, order, rule)
        how = "split equally among those still in"
    moves = [
        Move(source, journal.account(night, Account.Kind.STACK, seat=seats[s]), c)
        for s, c in sorted(shares.items(), key=lambda item: order.index(item[0]))
        if c
    ]
    names = ", ".join(f"{seats[s].person.name} {c}" for s, c in shares.items() if c)
    return moves, f"{run.game_name} ended: {chips} riding chips {how} ({names})"


def put_in(run: Run) -> dict[int, int]:
    """What each seat paid into the game's pots over its deals, from its stack or on its marker.

    Counted from the journal: every live posting of the run's hands, and only
    movements from a seat to a pot (antes, bets, matches, fees), never chips
    passed between players.
    """
    pot_kinds = {Account.Kind.POT, Account.Kind.RIDING, Account.Kind.INFRACTION}
    entries = Entry.objects.filter(
        posting__hand__run=run,
        posting__reverses__isnull=True,
        posting__reversed_by__isnull=True,
    ).select_related("account")
    by_posting: dict[int, list[Entry]] = {}
    for entry in entries:
        by_posting.setdefault(entry.posting_id, []).append(entry)
    paid: dict[int, int] = {}
    for rows in by_posting.values():
        into_pots = sum(e.amount for e in rows if e.amount > 0 and e.account.kind in pot_kinds)
        seat_out = [e for e in rows if e.amount < 0 and e.account.seat_id is not None]
        if not into_pots or not seat_out:
            continue
        out_total = -sum(e.amount for e in seat_out)
        for entry in seat_out:
            # A posting paying both pots and players counts each seat's share into pots.
            chips = -entry.amount * min(into_pots, out_total) // out_total
            paid[entry.account.seat_id] = paid.get(entry.account.seat_id, 0) + chips
    return paid


def carried_pots(night: Night) -> dict[str, int]:
    """Chips waiting for the next game of a kind, by game slug."""
    accounts = list(night.accounts.filter(kind=Account.Kind.CARRIED))
    held = journal.balances(accounts)
    return {a.key.rsplit(":", 1)[-1]: held[a.pk] for a in accounts if held[a.pk]}
