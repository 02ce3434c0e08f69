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

The writes (run_start, deal, deal_start, run_end, seat_leave) and what they
need here: the choices saved for a game, its agreed amounts and which are
still unconfirmed, what each player put in, the pots carried. What the
setup page and the deal forms only show is read in
`ledger.selectors.game_setup`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from django.db import transaction
from django.db.models import Max, Q

from ledger.core import charges, come_and_go, flow, inputs, pots
from ledger.core.house_rules import house_rules
from ledger.models import Account, Entry, Hand, Night, Posting, Run, Seat
from ledger.services import games, hands, journal, seating
from ledger.services.journal import LedgerError, Move
from ledger.services.seating import check_open
from rulebook import dealer
from rulebook.models import Game
from rulebook.schema import Game as GameSpec
from rulebook.schema import MoneyRule

HAND_OF_GAME_OPEN = "Hand {number} of {game} is still open: settle it before ending the game."
GAME_OVER = "{game} has ended; start it again to play another."
NOT_AN_ENDING = "Say where the riding pot goes: {choices}."
AGREED_UNKNOWN = "{game} has no agreed amount called {name!r}."
AGREED_MISSING = (
    "Confirm {names} before {game} starts: the start page offers the night's ante; "
    "nothing was recorded."
)
NOBODY_STILL_IN = "Nobody is still in to share the pot."
WAITS_FOR_NEXT_GAME = (
    "{names} joined after {game} began, and everyone's lives were set out at the start: "
    "deal this game without {them}; {they} from the next game."
)
SHORT_TO_JOIN = (
    "{name} has {stack} chips, less than the {due} a newcomer puts into the riding pot: "
    "buy in first."
)
POT_KEEPS_NOTE = (
    "the {paid} chips {name} put into {game} stay in the {riding} riding for whoever wins it"
)
RETURNED_NOTE = (
    "{name} takes back {share} of the {riding} riding in {game}, in proportion to what they put in"
)
# A newcomer's buy-in into the riding pot: the first posting of their first deal.
JOIN_IN = "join_in"

RUBBER_PLAYERS = (
    "{game} is played by {count} players, the dealer one of them: tick {count}, "
    "not {ticked}; nothing was dealt."
)
RUBBER_SAME_PLAYERS = (
    "This rubber of {game} is between {names}: deal it to them alone, one of them dealing; "
    "nothing was dealt."
)
NO_LIVES_LEFT = "{names} lost every life in {game}: only players with a life left are dealt in."
# How a table may end a game early; WON is only ever reached by play.
EARLY_ENDINGS = (Run.Ending.RETURNED, Run.Ending.SPLIT, Run.Ending.CARRIED)


def agreed_names(spec: GameSpec, options: Sequence, settings: Mapping[str, str]) -> list[str]:
    """The amounts the table must settle before play, by the names the rules give them."""
    return agreed_names_in(dealer.money_rules(spec, options, settings).values())


def in_money(spec: GameSpec) -> set[str]:
    """The agreed amounts named in money, not chips (a stake per point may be less than a chip)."""
    rules = [*spec.money, *(rule for option in spec.options for rule in option.money)]
    return {
        a.agreed for rule in rules for a in rule.amounts() if a.agreed and a.agreed_in == "money"
    }


def agreed_names_in(rules: Iterable[MoneyRule]) -> list[str]:
    """The agreed amounts these rules name, each once, in the order the rules name them."""
    names: list[str] = []
    for rule in rules:
        for amount in rule.amounts():
            if amount.agreed and amount.agreed not in names:
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
    """The options, settings and agreed amounts this night (or its group) last chose for a game.

    Only what the game's rule data still has (`still_known`): saved choices
    never refuse a game; only what the table gives now is checked.
    """
    for saved in (night.settings, night.group.settings):
        found = (saved or {}).get("games", {}).get(slug)
        if found:
            return still_known(games.spec_of(slug), found)
    return {}


def still_known(spec: GameSpec, saved: Mapping) -> dict:
    """Saved choices less what the rule data no longer has.

    An option, a setting or a setting's choice since removed or renamed is
    dropped (the setting plays its default), and so is an option that now
    excludes one kept before it; agreed amounts are kept as they were.
    """
    by_id = {option.id: option for option in spec.options}
    options: list[str] = []
    for option_id in saved.get("options") or []:
        option = by_id.get(option_id)
        if option is None or option_id in options:
            continue
        kept = [by_id[o] for o in options]
        if any(option_id in o.excludes or o.id in option.excludes for o in kept):
            continue
        options.append(option_id)
    known = {setting.id: setting.choices for setting in spec.settings}
    settings = {
        setting_id: choice
        for setting_id, choice in (saved.get("settings") or {}).items()
        if choice in known.get(setting_id, ())
    }
    return {**saved, "options": options, "settings": settings}


def unconfirmed(night: Night, game_slug: str) -> list[str]:
    """The agreed amounts a game, as chosen here last time, needs and nobody has confirmed.

    A game named at the table and dealt at once plays those choices; while
    this is not empty it is refused there and goes through its setup page,
    where the table confirms each amount.
    """
    spec = games.spec_of(game_slug)
    saved = choices(night, spec.slug)
    needed = needed_agreed(spec, saved.get("options", []), saved.get("settings", {}))
    confirmed = saved.get("agreed") or {}
    return [name for name in needed if _blank(confirmed.get(name))]


def _blank(value: object) -> bool:
    return value is None or str(value).strip() == ""


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

    Options and settings not given are what this night or its group chose
    last time for the game (less what the rule data no longer has), else the
    game's default. Agreed amounts not given are the ones confirmed when this
    game last started here. Each amount these choices need is given now or
    was confirmed before, or the start is refused naming it: none is ever
    made up, not even from the night's ante (the setup page only shows it).
    """
    saved = choices(night, game_slug)
    options = saved.get("options", []) if options is None else options
    settings = saved.get("settings", {}) if settings is None else settings
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
    needed = agreed_names(spec, chosen, table_settings)
    if agreed is None:  # the ones confirmed last time, as far as these choices need them
        agreed = {n: v for n, v in (saved.get("agreed") or {}).items() if n in needed}
    amounts = agreed_amounts(spec, agreed, needed, night)
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
) -> dict[str, int | str]:
    """Each amount the rules leave to the table, in chips, as the table confirmed it.

    One the rules name in money (`agreed_in: money`) is a sum of money, kept
    as its decimal text ("0.01"): it may be less than a chip.

    An amount the choices need and nobody gave is refused by name, never
    filled in: the start page shows each one prefilled
    (`ledger.selectors.game_setup.agreed_prefill`) and its Start button
    confirms them.
    """
    for name in given:
        if name not in needed:
            raise LedgerError(AGREED_UNKNOWN.format(game=spec.name, name=name))
    missing = [n for n in needed if _blank(given.get(n))]
    if missing:
        names = " and ".join(f"“{name}”" for name in missing)
        raise LedgerError(AGREED_MISSING.format(names=names, game=spec.name))
    amounts: dict[str, int | str] = {}
    money = in_money(spec)
    for name in needed:
        try:
            if name in money:  # kept as its decimal text: "0.01"
                value = inputs.money_amount(given[name], label=f"The {name}")
                amounts[name] = format(value.normalize(), "f")
            else:
                amounts[name] = inputs.whole(given[name], label=f"The {name}")
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
    # The game's own settings answer house questions (odd chip, declaring both) over the night's.
    config.update(games.house_answers(run, spec))
    _refuse_the_lifeless(run, spec, players)
    _rubber_players_only(run, spec, players, dealer_seat)
    if dealer_banks(spec):
        # The dealer is the bank: they play against the others and are dealt no cards.
        players = [s for s in players if s.pk != dealer_seat.pk]
    with transaction.atomic():
        before = dealt_before(run)
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
        _newcomers_join(run, spec, hand, players, before, recorded_by)
    # The deal starts on the first step the table plays: with chips riding in, a step
    # only for an empty pot (Guts' ante) is passed over, for the whole deal, and after
    # the game's first deal a step only for it (setting out the lives).
    ridden = hands.load(hand).pot
    hand.config = {**hand.config, "pot_at_start": ridden, "first_deal": not before}
    start = flow.first(games.steps(run, spec), hands.situation(hand))
    hand.step = start or ""
    Hand.objects.filter(pk=hand.pk).update(step=hand.step, config=hand.config)
    return hand


def _refuse_the_lifeless(run: Run, spec: GameSpec, players: Sequence[Seat]) -> None:
    """In a game of lives, a player who lost every life is out: not dealt in again."""
    left = games.lives_left(run, spec)
    out = [s for s in players if left is not None and left.get(s.pk, 1) == 0]
    if out:
        names = " and ".join(s.person.name for s in out)
        raise LedgerError(NO_LIVES_LEFT.format(names=names, game=run.game_name))


def _rubber_players_only(
    run: Run, spec: GameSpec, players: Sequence[Seat], dealer_seat: Seat
) -> None:
    """A rubber is dealt to exactly its players, one of them dealing, from its first deal on."""
    if spec.sheet is None:
        return
    ticked = {s.pk for s in players}
    rubber = games.rubber_players(run)
    if rubber is None:
        low, high = spec.players.min or 2, spec.players.max or len(ticked)
        if not low <= len(ticked) <= high or dealer_seat.pk not in ticked:
            count = str(high) if low == high else f"{low} to {high}"
            raise LedgerError(
                RUBBER_PLAYERS.format(game=run.game_name, count=count, ticked=len(ticked))
            )
        return
    if ticked != set(rubber) or dealer_seat.pk not in ticked:
        names = dict(Seat.objects.filter(pk__in=rubber).values_list("pk", "person__name"))
        raise LedgerError(
            RUBBER_SAME_PLAYERS.format(
                game=run.game_name, names=" and ".join(names[s] for s in rubber)
            )
        )


def dealt_before(run: Run) -> set[int]:
    """Every seat dealt into an earlier deal of the game."""
    return {seat for order in run.hands.values_list("seat_order", flat=True) for seat in order}


def dealer_banks(spec: GameSpec) -> bool:
    """A game whose dealer is the bank: dealt no cards, the dealer pays and collects for it."""
    return spec.pot.kind == "dealer_bank"


def lives_staked(spec: GameSpec) -> bool:
    """A game of lives set out at the start, the last one standing taking what they lost."""
    return spec.pot.kind == "last_man_standing"


def antes_every_deal(run: Run, spec: GameSpec) -> bool:
    """Whether a deal that starts with chips riding still has an ante step, as this table plays."""
    riding_in = flow.Situation(pot_empty=False, players_left=2, first_deal=False)
    return any(
        step.kind == "ante" and flow.applies(step, riding_in) for step in games.steps(run, spec)
    )


def buys_in(run: Run, spec: GameSpec) -> bool:
    """Whether a newcomer to this game pays into its riding pot (the night's `joining`)."""
    return games.multi_deal(spec) and not lives_staked(spec) and not antes_every_deal(run, spec)


def newcomer_due(run: Run, spec: GameSpec, *, riding: int, players_in: int) -> int:
    """What one newcomer puts into the riding pot before their first deal, by the house setting."""
    if not buys_in(run, spec):
        return 0
    rules = house_rules(run.night.settings)
    ante = opening_ante(run, spec) if rules.joining == "ante" else 0
    return come_and_go.newcomer_pays(rules.joining, riding=riding, players_in=players_in, ante=ante)


def opening_ante(run: Run, spec: GameSpec) -> int:
    """One player's ante when the game starts: its first ante step's rule, for a lone payer."""
    night = run.night
    rules = games.rules_in_force(run, spec)
    ante = house_rules(night.settings).ante
    start = flow.Situation(pot_empty=True, players_left=2)
    for step in games.steps(run, spec):
        if step.kind != "ante" or not flow.applies(step, start):
            continue
        for rule_id in step.money:
            rule = rules.get(rule_id)
            if rule is None or rule.payer != "each_player":
                continue
            unnamed = {a.agreed: ante for a in rule.amounts() if a.agreed}
            table = charges.TableAtFiring(
                seats=(0,),
                dealer=0,
                stacks={0: inputs.MOST_CHIPS},
                ante=ante,
                min_bet=house_rules(night.settings).min_bet,
                chips_per_money=1 / Fraction(night.unit),
                agreed={**unnamed, **{k: v for k, v in run.agreed.items() if isinstance(v, int)}},
            )
            try:
                transfers = charges.charge(rule, table)
            except charges.ChargeError:
                continue
            return sum(t.chips for t in transfers if t.source.seat == 0)
    return ante


def _newcomers_join(
    run: Run,
    spec: GameSpec,
    hand: Hand,
    players: Sequence[Seat],
    before: set[int],
    recorded_by: str,
) -> None:
    """Players dealt in for the first time after the game began: refused, or they buy in.

    A game of lives staked at the start refuses them (they wait for the next
    game); a game whose later deals have no ante takes each newcomer's buy-in
    into the pot the riding chips just rode into, by the night's `joining`
    setting, one posting each. Each is the deal's own posting, before any
    other, so undoing the deal back to its start gives the chips back.
    Nothing is booked for a game that antes every deal: they ante then.
    `before` are the seats dealt into the game before this deal.
    """
    if not before:
        return
    night = run.night
    fresh = [s for s in players if s.pk not in before and s.left_at is None]
    if not fresh:
        return
    if lives_staked(spec):
        names = " and ".join(s.person.name for s in fresh)
        plural = len(fresh) > 1
        raise LedgerError(
            WAITS_FOR_NEXT_GAME.format(
                names=names,
                game=run.game_name,
                them="them" if plural else fresh[0].person.name,
                they="they play" if plural else f"{fresh[0].person.name} plays",
            )
        )
    pot = journal.account(night, Account.Kind.POT, hand=hand)
    for seat in fresh:
        # What rides: the chips that rode into this deal, and the newcomers' before this one.
        riding = journal.balances([pot])[pot.pk]
        players_in = len(before & {s.pk for s in night.seats.filter(left_at__isnull=True)})
        due = newcomer_due(run, spec, riding=riding, players_in=players_in)
        if not due:
            continue
        stack = journal.account(night, Account.Kind.STACK, seat=seat)
        have = journal.balances([stack])[stack.pk]
        if have < due:
            raise LedgerError(SHORT_TO_JOIN.format(name=seat.person.name, stack=have, due=due))
        how = "an ante" if house_rules(night.settings).joining == "ante" else "an equal share"
        journal.post(
            night=night,
            kind=JOIN_IN,
            hand=hand,
            seat=seat,
            moves=[Move(stack, pot, due)],
            recorded_by=recorded_by,
            detail={"run": run.number, "game": run.game_slug, "joining": how},
            memo=(
                f"{seat.person.name} joins {run.game_name} and puts {how}, {due}, "
                f"into the {riding} riding"
            )[:200],
        )
        before = before | {seat.pk}


def leaving_share(run: Run, seat: Seat) -> tuple[int, int, int]:
    """(riding, what the seat put in, what it takes back) if it left the game now."""
    riding = games.riding(run.night)
    paid = put_in(run)
    if not riding or not paid.get(seat.pk):
        return riding, paid.get(seat.pk, 0), 0
    if house_rules(run.night.settings).leaving != "returned":
        return riding, paid[seat.pk], 0
    at_table = set(run.night.seats.filter(left_at__isnull=True).values_list("pk", flat=True))
    last = run.hands.order_by("-number").first()
    order = list(last.seat_order) if last else []
    order += sorted(s for s in paid if s not in order)
    share = come_and_go.leaver_share(riding, paid, at_table | {seat.pk}, seat.pk, order)
    return riding, paid[seat.pk], share


def seat_leave(
    *,
    night: Night,
    seat: Seat,
    recorded_by: str,
    paid: str = seating.CREDIT,
    holder: Seat | None = None,
) -> str:
    """A player goes home: out of the open game's later deals, their riding chips as the house says.

    Between deals of a game whose pot rides, the night's `leaving` setting
    decides: the chips they put in stay in the pot for whoever wins it, or
    their share comes back to their stack in one posting that says so. Then
    they are cashed out as a cash-out is paid (`paid`, `holder`), the memo
    saying what they left riding; a marker stays on the settlement. In the
    middle of a deal they are refused, folded or not, as a cash-out is
    (`seating.leave`): the deal is finished first. What happened, in words
    for the page.
    """
    check_open(night)
    run = games.open_run(night)
    note = kept = ""
    with transaction.atomic():
        if run is not None and seat.left_at is None and seat.night_id == night.pk:
            riding, put, share = leaving_share(run, seat)
            name = seat.person.name
            if share:
                note = RETURNED_NOTE.format(
                    name=name, share=share, riding=riding, game=run.game_name
                )
                journal.post(
                    night=night,
                    kind="leave_share",
                    seat=seat,
                    moves=[
                        Move(
                            journal.account(night, Account.Kind.RIDING),
                            journal.account(night, Account.Kind.STACK, seat=seat),
                            share,
                        )
                    ],
                    recorded_by=recorded_by,
                    detail={"run": run.number, "game": run.game_slug, "leaving": "returned"},
                    memo=f"{name} leaves {run.game_name}: {note}"[:200],
                )
            elif put and riding:
                note = kept = POT_KEEPS_NOTE.format(
                    paid=put, name=name, riding=riding, game=run.game_name
                )
        seating.leave(
            night=night,
            seat=seat,
            recorded_by=recorded_by,
            paid=paid,
            holder=holder,
            note=kept,
        )
    message = f"{seat.person.name} has left and is cashed out."
    return f"{message} {note[0].upper()}{note[1:]}." if note else message


def refuse_unknown_game(slug: str) -> None:
    """The deal's first check of a game named for it, page and API alike: the rulebook has it.

    Refused by name (`games.UNKNOWN_GAME`) before who deals or who plays is
    looked at; no game named is a deal of the open game, or a plain hand.
    """
    if slug and not Game.objects.filter(slug=slug).exists():
        raise LedgerError(games.UNKNOWN_GAME.format(slug=slug))


def unconfirmed_for_deal(night: Night, slug: str) -> list[str]:
    """The agreed amounts a game named for the next deal still needs confirmed (`unconfirmed`).

    None when no game is named or a game is open (the deal is the open
    game's). While any is missing `deal` is not called: the page sends the
    host to the game's setup, the API says to start it with `agreed`.
    """
    if not slug or games.open_run(night) is not None:
        return []
    return unconfirmed(night, slug)


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

    A game named here starts with what the table chose for it last time, its
    agreed amounts included: one never confirmed here is refused by name
    (`unconfirmed` says which first, so the pages send the host to the
    game's setup and the API says to start it with `games/` and `agreed`).
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
    paid = put_in(run)
    seats = {s.pk: s for s in night.seats.filter(pk__in=[*order, *paid]).select_related("person")}
    if ending == Run.Ending.RETURNED:
        # A player who sat the last deal out is paid too, after those dealt in.
        order += sorted((s for s in paid if s not in order), key=lambda s: seats[s].position)
        # Whoever has left took their share home, or left it in the pot for the rest.
        still_at_table = [s for s in seats if seats[s].left_at is None]
        try:
            shares = come_and_go.returned_shares(chips, paid, still_at_table, order)
        except pots.PotError as exc:
            raise LedgerError(str(exc)) from None
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

    Counted from the journal: every live posting of the run's hands and every
    newcomer's buy-in, and only movements from a seat to a pot (antes, bets,
    matches, fees), never chips passed between players.
    """
    pot_kinds = {Account.Kind.POT, Account.Kind.RIDING, Account.Kind.INFRACTION}
    # A newcomer's buy-in is their first deal's; one booked before that, with no deal, counts too.
    joined = Q(posting__kind=JOIN_IN, posting__night=run.night_id, posting__detail__run=run.number)
    entries = Entry.objects.filter(
        Q(posting__hand__run=run) | joined,
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
