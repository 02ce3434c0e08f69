"""One game's scenario, told once and played three ways: on the pages, through the API, or dry.

A scenario is a test function taking `table` and telling a deal as the
table plays it, in the rule data's ids and the players' names:

    t = table.sit("Ann", "Bob", "Cat", "Dan", chips=40)
    t.start("knock-poker", dealer="Dan")
    t.book("ante")                     # the ante step's rule, as its form comes
    t.expect(Ann=39, Bob=39, Cat=39, Dan=39, pot=4)   # 40 - 1 each; 4 antes
    t.step("last-turn")                # "Next: Last turn after a knock"
    t.name("knocker", "Bob")           # the step asks who knocked
    t.cards("Ann", "Ah Ad 8c 8s 3d")   # from Ann's own phone
    t.showdown(fires=["knocker-beaten"], win=["Dan"])   # the helper's fill, as given

`PagesTable` presses the Deal tab's buttons and posts its forms as a
browser would (cards from each player's own phone through their join link);
`ApiTable` makes the same moves through the JSON API (the host's login, and
each player's seat key for their cards). Both read the expected stacks,
pot and riding chips from the journal, so the two must agree with the
figures worked by hand in the scenario. `DryTable` touches nothing: it
notes what each scenario starts and books, so `test_every_rule_fires` can
list the money rules, options and setting choices no scenario plays.
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass, field

from django.db.models import Sum
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from ledger.models import Account, Entry, Hand, Night, Seat
from ledger.services import closing, games, scores
from rulebook.loader import load_games
from tests import factories
from tests.ledger.dealing import _reason, forms
from tests.ledger.pages import post, text, url

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
HALVES = "(the award splits the pot high and low)"


@dataclass
class Played:
    """What one scenario played, as the dry run notes it."""

    slug: str = ""
    options: tuple[str, ...] = ()
    settings: dict[str, str] = field(default_factory=dict)
    fired: set[str] = field(default_factory=set)


class Table:
    """The moves and checks every way of playing shares; the ways differ in how they send."""

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.played: list[Played] = []

    # --- the moves ---------------------------------------------------------------------------

    def sit(self, *names: str, chips: int | dict[str, int] = 40) -> Table:
        """Seat the players in this order round the table, each buying in `chips`."""
        self.names = names or PLAYERS
        self._sit(chips if isinstance(chips, dict) else dict.fromkeys(self.names, chips))
        return self

    def start(
        self,
        slug: str,
        *,
        dealer: str = "",
        players: tuple[str, ...] = (),
        options: tuple[str, ...] | list[str] = (),
        settings: dict[str, str] | None = None,
        agreed: dict[str, int | str] | None = None,
    ) -> None:
        """Set the game up as the host would (its options, settings and agreed amounts) and deal.

        `dealer` defaults to the last player seated, so the first sits on the dealer's left.
        """
        played = Played(slug, tuple(options), dict(settings or {}))
        self.played.append(played)
        self._start(
            slug,
            dealer or self.names[-1],
            players or self.names,
            list(options),
            settings or {},
            agreed or {},
        )

    def book(
        self,
        rule: str,
        *,
        count: int | None = None,
        counts: dict[str, int] | None = None,
        bet: int | None = None,
        **roles: str | list[str],
    ) -> None:
        """Book one firing of the rule offered at this step, its roles by the players' names."""
        self.played[-1].fired.add(rule)
        self._book(rule, count, counts, bet, roles)

    def step(self, step: str) -> None:
        """Go on to the step with this id, by the Deal tab's "Next" button."""
        self._step(step)

    def jump(self, step: str) -> None:
        """Go straight to a step the Next button does not offer (the table page's "to the
        showdown", or a game's ending before its last step)."""
        self._jump(step)

    def name(self, role: str, *names: str) -> None:
        """Record who the step asks for: who folded, who knocked, who called."""
        self._name(role, names)

    def open(self, opener: str = "") -> None:
        """Open the step's betting round; `opener` when the dealer chooses who opens."""
        self._open(opener)

    def act(self, who: str, action: str, amount: int = 0) -> None:
        """A bet on the table page: check, call, bet, raise (to `amount`), fold, all_in."""
        self._act(who, action, amount)

    def cards(self, who: str, cards: str, *, up: str = "", declare: str = "") -> None:
        """The player types their cards on their own phone (a declare game: their call too)."""
        self._cards(who, cards, up, declare)

    def facing(self, by: str, whose: str, cards: str) -> None:
        """A forehead game: `by` types, on their own phone, the cards they see facing them on
        `whose` forehead (which `whose` may never see)."""
        self._facing(by, whose, cards)

    def board(self, cards: str = "", *, wild_ranks: str = "") -> None:
        """At the showdown, the dealer types the table's cards (and the ranks named wild)."""
        self._board(cards, wild_ranks)

    def showdown(
        self,
        *,
        fires: list[str] | tuple[str, ...] = (),
        win: list[str] | None = None,
        low: list[str] | None = None,
        tick: dict[str, dict[str, str | list[str]]] | None = None,
        split: bool = False,
        paid: dict[str, dict[str, list[str]]] | None = None,
        ruled: list[str] | None = None,
    ) -> None:
        """Fill the showdown from the helper's ranking and book it exactly as given.

        `fires` are the rules the fill ticks and `win` (`low`) who it names for the
        (first) pot: both checked before booking. In a declare game's fill, `win`
        (`low`) are those it ranks first among the high (low) callers; a player who
        declared both and loses a side is ranked last on both. With `low`, the pot
        splits high and low: the game's rule that halves the pot is played by the
        award itself (`split` says so where `low` is not checked). `tick` adds firings
        the helper cannot judge (a table's decision), with roles by name.
        `paid` checks the roles the fill names for a rule it fires (who a race's half
        goes to), by name, before booking. `ruled` books the (first) pot to these players
        instead of the fill's `win`: the table's ruling where the helper leaves it to them.
        """
        if paid:
            self._paid(paid)
        self.played[-1].fired.update(fires)
        self.played[-1].fired.update(tick or {})
        if low is not None or split:
            self.played[-1].fired.add(HALVES)
        self._showdown(list(fires), win, low, tick or {}, ruled)

    def settle(
        self,
        *,
        win: list[str] | tuple[str, ...] = (),
        tick: dict[str, dict[str, str | list[str]]] | None = None,
    ) -> None:
        """Book the showdown by hand, for a game the helper cannot fill (tricks, not hands):
        each rule that fires, with its roles by name, and who takes the pot (none: nobody)."""
        self.played[-1].fired.update(tick or {})
        self._settle(list(win), tick or {})

    def fold_out(self, winner: str) -> None:
        """Everyone else folded: give the pot to the last player in."""
        self._fold_out(winner)

    def last_standing(self, winner: str) -> None:
        """A game of lives: end it with the pot to the last player with a life left."""
        self._last_standing(winner)

    def end_deal(self) -> None:
        """End the deal with nobody winning: the pot rides (or goes back, as the game says).

        The game's all-out rule that carries the whole pot on is told on the page, not
        booked: ending the deal plays it.
        """
        self.played[-1].fired.update(carried_on(self.played[-1].slug))
        self._end_deal()

    def again(self) -> None:
        """Another round of the repeating step ("Another round: …")."""
        self._again()

    def deal(self, *, dealer: str = "", players: tuple[str, ...] = ()) -> None:
        """The game's next deal, its riding pot riding in."""
        self._deal(dealer, players)

    def end_game(self, ending: str) -> None:
        """End the game now, the host saying where the riding pot goes."""
        self._end_game(ending)

    # --- the checks --------------------------------------------------------------------------

    def expect(
        self,
        *,
        pot: int | None = None,
        riding: int | None = None,
        step: str | None = None,
        **stacks: int,
    ) -> None:
        """The stacks by name, the chips in the hand's pot and riding, read from the journal."""
        self._expect(stacks, pot, riding, step)

    def over(self, ended: bool = True) -> None:
        """The game is over by play (or, `ended=False`, still going on, its pot riding)."""
        self._over(ended)

    def points(self, **totals: int) -> None:
        """Each player's total on the rubber's score sheet (a points game), by name."""
        self._points(totals)

    # --- what each way does ------------------------------------------------------------------

    def _sit(self, chips: dict[str, int]) -> None: ...
    def _start(self, slug, dealer, players, options, settings, agreed) -> None: ...
    def _book(self, rule, count, counts, bet, roles) -> None: ...
    def _step(self, step) -> None: ...
    def _jump(self, step) -> None: ...
    def _name(self, role, names) -> None: ...
    def _open(self, opener) -> None: ...
    def _act(self, who, action, amount) -> None: ...
    def _cards(self, who, cards, up, declare) -> None: ...
    def _facing(self, by, whose, cards) -> None: ...
    def _board(self, cards, wild_ranks) -> None: ...
    def _showdown(self, fires, win, low, tick, ruled) -> None: ...
    def _settle(self, win, tick) -> None: ...
    def _points(self, totals) -> None: ...
    def _paid(self, paid) -> None: ...
    def _fold_out(self, winner) -> None: ...
    def _end_deal(self) -> None: ...
    def _last_standing(self, winner) -> None: ...
    def _again(self) -> None: ...
    def _deal(self, dealer, players) -> None: ...
    def _end_game(self, ending) -> None: ...
    def _expect(self, stacks, pot, riding, step) -> None: ...
    def _over(self, ended) -> None: ...


@functools.cache
def carried_on(slug: str) -> frozenset[str]:
    """The game's all-out rules that carry the whole pot to the next deal (told, not booked)."""
    spec = next(g for g in load_games() if g.slug == slug)
    rules = {r.id: r for r in spec.money + [m for o in spec.options for m in o.money]}
    return frozenset(r for r in spec.all_out if r in rules and games.ends_deal(rules[r]))


class DryTable(Table):
    """Plays nothing: notes the game, its choices and the rules each scenario books."""


class LiveTable(Table):
    """A night in the test database: what both live ways share (seats, reading the journal)."""

    def __init__(self, host, group) -> None:
        super().__init__()
        self.host = host
        self.night: Night = factories.night_with(
            host, group=group, seats=(), chips=factories.WHITE_AND_RED
        ).night
        self.seats: dict[str, Seat] = {}

    def _sit(self, chips: dict[str, int]) -> None:
        for seat in factories.seat_up(self.night, self.names, buy_in=chips):
            self.seats[seat.person.name] = seat

    def ids(self, names: str | list[str] | tuple[str, ...]) -> list[int]:
        names = [names] if isinstance(names, str) else names
        return [self.seats[n].pk for n in names]

    def hand(self) -> Hand:
        """The hand in play, else the last one dealt."""
        return games.open_hand(self.night) or self.night.hands.order_by("-number").first()

    def _expect(self, stacks, pot, riding, step) -> None:
        booked = closing.booked_stacks(self.night)
        if stacks:
            found = {name: booked[self.seats[name].pk] for name in stacks}
            assert found == stacks, f"stacks {found}, expected {stacks}"
        assert all(chips >= 0 for chips in booked.values()), booked
        if pot is not None:
            held = self._held(Account.Kind.POT, hand=self.hand())
            assert held == pot, f"the pot holds {held}, not {pot}"
        if riding is not None:
            held = self._held(Account.Kind.RIDING)
            assert held == riding, f"{held} chips ride, not {riding}"
        if step is not None:
            assert self.hand().step == step, f"on step {self.hand().step}, not {step}"
        everything = Entry.objects.filter(posting__night=self.night).aggregate(s=Sum("amount"))
        assert (everything["s"] or 0) == 0, "chips made or lost"

    def _over(self, ended) -> None:
        run = self.hand().run
        assert run is not None, "the deal is no game's"
        status = "ended" if ended else "open"
        assert run.status == status, f"the game is {run.status}, not {status}"

    def _points(self, totals) -> None:
        run = self.hand().run
        sheet = scores.totals(run) if run is not None else {}
        found = {name: sheet.get(self.seats[name].pk, 0) for name in totals}
        assert found == totals, f"the score sheet {found}, expected {totals}"

    def _held(self, kind: str, **owner) -> int:
        held = Entry.objects.filter(
            account__night=self.night,
            account__kind=kind,
            **{f"account__{k}": v for k, v in owner.items()},
        ).aggregate(s=Sum("amount"))
        return held["s"] or 0


class PagesTable(LiveTable):
    """The host's phone on the Deal tab, and each player's own phone for their cards."""

    def __init__(self, host, group) -> None:
        super().__init__(host, group)
        self.client = Client()
        self.client.force_login(host)
        self.phones: dict[str, Client] = {}
        self.fill: dict[str, list[str]] = {}

    def page(self, path: str) -> str:
        response = self.client.get(path)
        assert response.status_code == 200, response.status_code
        return text(response)

    def deal_page(self, query: str = "") -> str:
        return self.page(url("deal", self.night.pk) + query)

    def post(self, action: str, data: dict, client: Client | None = None, expect=(303,)) -> str:
        response = (client or self.client).post(
            action, {"idempotency_key": uuid.uuid4().hex, **data}
        )
        body = text(response)
        assert response.status_code in expect, _reason(body) or response.status_code
        return body

    def submit(self, page: str, has: tuple[str, str], button: str | None = None, **changes) -> None:
        """Submit the form holding the field `has` (name, value) as drawn, with `changes`."""
        found = [f for f in forms(page) if has in f.fields]
        assert found, f"no form with {has}: {[b[0] for f in forms(page) for b in f.buttons]}"
        form = found[0]
        data = form.data(button, **changes)
        data.pop("csrfmiddlewaretoken", None)
        self.post(form.action, data)

    def _start(self, slug, dealer, players, options, settings, agreed) -> None:
        page = self.page(reverse("ledger:game_new", args=[self.night.pk]) + f"?game={slug}")
        form = next(f for f in forms(page) if any(" and deal" in b[0] for b in f.buttons))
        changes: dict = {
            "dealer": str(self.seats[dealer].pk),
            "players": [str(i) for i in self.ids(list(players))],
            "options": list(options),
        }
        changes |= {f"setting-{k}": v for k, v in settings.items()}
        changes |= {f"agreed-{k}": str(v) for k, v in agreed.items()}
        data = form.data(" and deal")
        data.update({k: v if isinstance(v, list) else [v] for k, v in changes.items()})
        data.pop("csrfmiddlewaretoken", None)
        self.post(form.action, data)

    def _roles(self, prefix: str, roles: dict) -> dict[str, list[str]]:
        return {f"{prefix}role-{r}": [str(i) for i in self.ids(n)] for r, n in roles.items()}

    def _book(self, rule, count, counts, bet, roles) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if ("rule", rule) in f.fields]
        assert found, f"no booking for {rule!r} on step {self.hand().step}"
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        for name, seats in self._roles("", roles).items():
            ticked = data.get(name)
            assert ticked in (None, seats), f"the form ticks {name} {ticked}, not {seats}"
            data[name] = seats
        if count is not None:
            data["count"] = [str(count)]
        for name, n in (counts or {}).items():
            data[f"count-{self.seats[name].pk}"] = [str(n)]
        if bet is not None:
            data["bet"] = [str(bet)]
        self.post(found[0].action, data)

    def _step(self, step) -> None:
        page = self.deal_page()
        nexts = [f for f in forms(page) if any(b[0].startswith("Next:") for b in f.buttons)]
        going = [v for f in nexts for n, v in f.fields if n == "to"]
        assert going == [step], f"Next goes to {going}, not {step}"
        self.submit(page, ("to", step))

    def _jump(self, step) -> None:
        self.post(url("hand_step", self.night.pk, self.hand().pk), {"to": step})

    def _name(self, role, names) -> None:
        page = self.deal_page()
        self.submit(page, ("role", role), seats=[str(i) for i in self.ids(list(names))])

    def _open(self, opener) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if any(b[0].startswith("Open ") for b in f.buttons)]
        assert found, "no betting round to open"
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        if opener:
            data["opener"] = [str(self.seats[opener].pk)]
        self.post(found[0].action, data)

    def _act(self, who, action, amount) -> None:
        data = {"seat": self.seats[who].pk, "action": action}
        if amount:
            data["amount"] = str(amount)
        self.post(url("hand_act", self.night.pk, self.hand().pk), data)

    def phone(self, who: str) -> Client:
        if who not in self.phones:
            phone = Client()
            joined = post(phone, url("join", self.seats[who].join_token))
            assert joined.status_code == 303, joined.status_code
            self.phones[who] = phone
        return self.phones[who]

    def _cards(self, who, cards, up, declare) -> None:
        """The table page's "Your cards" form on the player's own phone, saved."""
        phone = self.phone(who)
        response = phone.get(url("night", self.night.pk))
        assert response.status_code == 200, response.status_code
        found = [f for f in forms(text(response)) if "Save my cards" in f.words]
        assert found, f"{who}'s phone offers no place for their cards"
        changes = {"cards": cards, "up": up} | ({"declare": declare} if declare else {})
        data = found[0].data("Save my cards", **changes)
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data, client=phone, expect=(200, 303))

    def _facing(self, by, whose, cards) -> None:
        phone = self.phone(by)
        response = phone.get(url("night", self.night.pk))
        assert response.status_code == 200, response.status_code
        saves = [
            f for f in forms(text(response)) if any(f"Save {whose}'s" in b[0] for b in f.buttons)
        ]
        assert saves, f"{by}'s phone offers no place for the cards facing them on {whose}"
        data = saves[0].data(f"Save {whose}'s", cards=cards)
        data.pop("csrfmiddlewaretoken", None)
        self.post(saves[0].action, data, client=phone, expect=(200, 303))

    def _board(self, cards, wild_ranks) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if any("Save the table's" in b[0] for b in f.buttons)]
        assert found, "the showdown asks no table's cards"
        changes = ({"cards": cards} if cards else {}) | (
            {"wild_ranks": wild_ranks} if wild_ranks else {}
        )
        data = found[0].data(None, **changes)
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data)

    def _showdown(self, fires, win, low, tick, ruled) -> None:
        page = self.deal_page("?helper=fill")
        form = next(f for f in forms(page) if any("Book the showdown" in b[0] for b in f.buttons))
        data = form.data("Book the showdown")
        data.pop("csrfmiddlewaretoken", None)
        assert sorted(data.get("fire", [])) == sorted(fires), f"the fill fires {data.get('fire')}"
        declares = any(k.startswith("declare-") for k in data)
        if declares:
            self._declared(data, win, low)
        if win is not None and not declares:
            won = data.get("win-0", data.get("high-0")) or []  # high-0: a split high and low
            assert sorted(won) == sorted(str(i) for i in self.ids(win)), (
                f"the fill gives the pot to {won}"
            )
        if low is not None and not declares:
            assert data.get("low-0") == [str(i) for i in self.ids(low)], data.get("low-0")
        for rule, roles in tick.items():
            data.setdefault("fire", []).append(rule)
            data.update(self._roles(f"{rule}:", roles))
        if ruled is not None:
            data.pop("nobody", None)
            data["win-0"] = [str(i) for i in self.ids(ruled)]
        self.post(form.action, data)

    def _declared(self, data: dict, win, low) -> None:
        """A declare game's fill: `win` (`low`) are those it ranks first for high (low)."""
        for side, names in (("high", win), ("low", low)):
            if names is not None:
                first = [
                    k.rsplit("-", 1)[1]
                    for k, v in data.items()
                    if k.startswith(f"{side}-rank-") and v == ["1"]
                ]
                assert sorted(first) == sorted(str(i) for i in self.ids(names)), (
                    f"the fill ranks {first} first for {side}"
                )

    def _settle(self, win, tick) -> None:
        page = self.deal_page()
        form = next(f for f in forms(page) if any("Book the showdown" in b[0] for b in f.buttons))
        data = form.data("Book the showdown")
        data.pop("csrfmiddlewaretoken", None)
        assert not data.get("fire"), f"the form comes ticked {data.get('fire')}"
        data["fire"] = list(tick)
        for rule, roles in tick.items():
            data.update(self._roles(f"{rule}:", roles))
        data["win-0"] = [str(i) for i in self.ids(win)]
        if not win:
            data["nobody"] = ["1"]
        self.post(form.action, data)

    def _paid(self, paid) -> None:
        page = self.deal_page("?helper=fill")
        form = next(f for f in forms(page) if any("Book the showdown" in b[0] for b in f.buttons))
        data = form.data("Book the showdown")
        for rule, roles in paid.items():
            for role, names in roles.items():
                named = data.get(f"{rule}:role-{role}")
                assert named == [str(i) for i in self.ids(names)], f"{rule} {role}: {named}"

    def _fold_out(self, winner) -> None:
        """The "Give the pot to …" button (or "End the deal" when nothing is left to win)."""
        page = self.deal_page()
        words = (f"Give the pot to {winner}", "End the deal")
        found = [
            f
            for f in forms(page)
            if ("nobody", "1") not in f.fields and any(b[0] in words for b in f.buttons)
        ]
        assert found, (
            f"{winner} has no pot by folds: {[b[0] for f in forms(page) for b in f.buttons]}"
        )
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data)

    def _last_standing(self, winner) -> None:
        page = self.deal_page()
        words = f"End the game: {winner}, the last with a life, takes the pot"
        found = [f for f in forms(page) if any(b[0] == words for b in f.buttons)]
        assert found, f"no {words!r}: {[b[0] for f in forms(page) for b in f.buttons]}"
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data)

    def _end_deal(self) -> None:
        page = self.deal_page()
        found = [
            f
            for f in forms(page)
            # nobody to win the pot, or no pot left at all (a rule carried it on)
            if (("nobody", "1") in f.fields or ("pots", "") in f.fields)
            and any(
                w in b[0]
                for b in f.buttons
                for w in ("End this deal", "End the deal", "Deal again")
            )
        ]
        assert found, f"no way to end the deal: {[b[0] for f in forms(page) for b in f.buttons]}"
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data)

    def _again(self) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if any("Another round" in b[0] for b in f.buttons)]
        assert found, "no other round offered"
        self.post(found[0].action, {})

    def _deal(self, dealer, players) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if any(b[0] == "Deal" for b in f.buttons)]
        assert found, f"no next deal: {[b[0] for f in forms(page) for b in f.buttons]}"
        data = found[0].data()
        data.pop("csrfmiddlewaretoken", None)
        if dealer:
            data["dealer"] = [str(self.seats[dealer].pk)]
        if players:
            data["players"] = [str(i) for i in self.ids(list(players))]
        self.post(found[0].action, data)

    def _end_game(self, ending) -> None:
        page = self.deal_page()
        found = [f for f in forms(page) if any(b[0] == "End the game" for b in f.buttons)]
        assert found, "the game cannot be ended here"
        data = found[0].data(ending=ending)
        data.pop("csrfmiddlewaretoken", None)
        self.post(found[0].action, data)


class ApiTable(LiveTable):
    """The same table through the JSON API: the host's login, and each player's seat key."""

    def __init__(self, host, group) -> None:
        super().__init__(host, group)
        self.api = APIClient()
        self.api.force_login(host)
        self.keys: dict[str, APIClient] = {}
        self.game = 0

    def call(self, path: str, body: dict | None = None, client: APIClient | None = None) -> dict:
        client = client or self.api
        response = client.post(
            f"/api/nights/{self.night.pk}/{path}",
            body or {},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        assert response.status_code in (200, 201), (response.status_code, response.json())
        return response.json()

    def read(self, path: str) -> dict:
        response = self.api.get(f"/api/nights/{self.night.pk}/{path}")
        assert response.status_code == 200, (response.status_code, response.json())
        return response.json()

    def here(self) -> str:
        return f"hands/{self.hand().number}/"

    def _start(self, slug, dealer, players, options, settings, agreed) -> None:
        body = {
            "game": slug,
            "dealer": self.seats[dealer].pk,
            "players": self.ids(list(players)),
            "options": list(options),
            "settings": settings,
            "agreed": dict(agreed),
        }
        self.game = self.call("games/", body)["game"]["number"]

    def _named_roles(self, roles: dict) -> dict[str, list[int]]:
        return {r: self.ids(n) for r, n in roles.items()}

    def _book(self, rule, count, counts, bet, roles) -> None:
        body: dict = {"rule": rule, "roles": self._named_roles(roles)}
        if count is not None:
            body["count"] = count
        if counts:
            body["counts"] = {str(self.seats[n].pk): c for n, c in counts.items()}
        if bet is not None:
            body["bet"] = bet
        self.call(self.here() + "charges/", body)

    def _step(self, step) -> None:
        self.call(self.here() + "step/", {"step": step})

    _jump = _step

    def _name(self, role, names) -> None:
        self.call(self.here() + "named/", {"role": role, "seats": self.ids(list(names))})

    def _open(self, opener) -> None:
        self.call(self.here() + "rounds/", {"opener": self.seats[opener].pk} if opener else {})

    def _act(self, who, action, amount) -> None:
        body = {"seat": self.seats[who].pk, "action": action, "amount": amount}
        self.call(self.here() + "actions/", body)

    def phone(self, who: str) -> APIClient:
        if who not in self.keys:
            from tests.ledger.conftest import seat_key

            phone = APIClient()
            phone.credentials(HTTP_X_HOMEGAME_SEAT=seat_key(self.seats[who]))
            self.keys[who] = phone
        return self.keys[who]

    def _cards(self, who, cards, up, declare) -> None:
        body = {"cards": cards, "up": up}
        if declare:
            body["declare"] = declare
        self.call(self.here() + "cards/", body, client=self.phone(who))

    def _facing(self, by, whose, cards) -> None:
        body = {"seat": self.seats[whose].pk, "cards": cards}
        self.call(self.here() + "cards/", body, client=self.phone(by))

    def _board(self, cards, wild_ranks) -> None:
        body = {"board": True, "cards": cards} | ({"wild_ranks": wild_ranks} if wild_ranks else {})
        self.call(self.here() + "cards/", body)

    def _showdown(self, fires, win, low, tick, ruled) -> None:
        fill = self.read(self.here() + "showdown-helper/")["fill"]
        assert fill is not None, "the helper cannot fill this showdown"
        fired = [b["rule"] for b in fill["bookings"]]
        assert sorted(fired) == sorted(fires), f"the fill fires {fired}"
        if fill.get("declarations"):
            # A declare game's fill: `win` (`low`) are those it ranks first for high (low).
            for side, names in (("high_order", win), ("low_order", low)):
                if names is not None:
                    first = sorted((fill.get(side) or [[]])[0])
                    assert first == sorted(self.ids(names)), f"the fill's {side} {fill.get(side)}"
        else:
            if win is not None:
                assert fill["winners"][0] == self.ids(win), f"the fill names {fill['winners']}"
            if low is not None:
                assert (fill.get("low_winners") or [[]])[0] == self.ids(low), fill.get(
                    "low_winners"
                )
        body = {k: v for k, v in fill.items() if k != "roles" and v is not None}
        for rule, roles in tick.items():
            body["bookings"].append({"rule": rule, "roles": self._named_roles(roles)})
        if ruled is not None:
            body["winners"][0] = self.ids(ruled)
        self.call(self.here() + "showdown/", body)

    def _settle(self, win, tick) -> None:
        bookings = [{"rule": r, "roles": self._named_roles(roles)} for r, roles in tick.items()]
        body = {"bookings": bookings, "winners": [self.ids(win)] * self._pots()}
        self.call(self.here() + "showdown/", body)

    def _paid(self, paid) -> None:
        fill = self.read(self.here() + "showdown-helper/")["fill"]
        assert fill is not None, "the helper cannot fill this showdown"
        booked = {b["rule"]: b["roles"] for b in fill["bookings"]}
        for rule, roles in paid.items():
            for role, names in roles.items():
                named = booked.get(rule, {}).get(role)
                assert named == self.ids(names), f"{rule} {role}: {named}"

    def _pots(self) -> int:
        """The pots to name winners for: none when the hand has none (chips went player to
        player, or a bet won the pot whole)."""
        return len(self.read(self.here())["pots"])

    def _fold_out(self, winner) -> None:
        self.call(self.here() + "award/", {"winners": [self.ids(winner)] * self._pots()})

    _last_standing = _fold_out

    def _end_deal(self) -> None:
        # An emptied pot (a bet won it all, a rainout carried it on): nobody to name.
        pots = len(self.read(self.here())["pots"])
        self.call(self.here() + "award/", {"winners": [[] for _ in range(pots)]})

    def _again(self) -> None:
        self.call(self.here() + "again/")

    def _deal(self, dealer, players) -> None:
        body: dict = {}
        if dealer:
            body["dealer"] = self.seats[dealer].pk
        if players:
            body["players"] = self.ids(list(players))
        self.call(f"games/{self.game}/deals/", body)

    def _end_game(self, ending) -> None:
        self.call(f"games/{self.game}/end/", {"ending": ending})


WAYS = {"pages": PagesTable, "api": ApiTable}
