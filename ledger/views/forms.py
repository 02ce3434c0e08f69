"""Forms for the ledger pages: they read and check what was typed; services decide the rest.

Every typed value is parsed by `ledger.core.inputs`, the same parser the API's
fields use, so a page and an API call accept and refuse the same values with
the same bounds. Checks that depend on the table (more than the stack, below
a legal raise) are left to the services, so the page shows the ledger's own
message for them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from ledger.core import amounts, inputs, units
from ledger.core.facts import Needs
from ledger.core.house_rules import HouseRules, HouseRulesError, house_rules
from ledger.models import Group, Night, Seat
from ledger.services.money_rules import Booking

CHIP_ROWS = 4
CHIP_VALUE_MISSING = "Give the {name} chips a value, e.g. 0.25."
CHIP_NAME_MISSING = "Give the chip worth {value} a colour name."
GROUP_NEEDED = "Pick a group or name a new one."
NO_PLAYERS = "Tick who is playing this hand."
ROLE_NEEDED = "Say {what}: {rule}."
ONE_SEAT_ONLY = "Pick one player as {what}: {rule}."
UNKNOWN_SEAT = "There is no such player at this table."
BAD_RANK = "Ranks are whole numbers from 1 (best); {value!r} is not one."
BAD_DECLARATION = "A declaration is high, low or both, not {value!r}."
BLINDS_NEEDED = "Give the small and big blind in whole chips, or untick the blinds."

LIMITS = [
    ("no_limit", "No limit"),
    ("pot_limit", "Pot limit"),
    ("cap", "Capped: no bet or raise adds more than the cap"),
]
ODD_CHIPS = [
    ("seat_order", "One at a time to the winners, from the dealer's left"),
    ("first_left", "All to the first winner left of the dealer"),
]
ODD_TO = [("high", "The high hand"), ("low", "The low hand")]
NO_WINNER = [("ride", "Rides to the next hand"), ("return", "Goes back to who paid it in")]
LEAVING = [
    ("pot_keeps", "What they put in stays in the pot for whoever wins it"),
    ("returned", "They take back their share, in proportion to what they put in"),
]
JOINING = [
    ("ante", "They ante into the riding pot, as the game's first deal did"),
    ("share", "They pay an equal share of what is riding"),
    ("free", "They play for the riding pot free"),
]
SHORTFALL = [
    ("pay_what_you_have", "They pay what they have"),
    ("marker", "They pay what they have and owe the rest on a marker, settled at the end"),
]


class WholeField(forms.IntegerField):
    """A whole number typed on a page, parsed and bounded as the API's `Whole` field is."""

    def __init__(self, *, least: int = 0, most: int = inputs.MOST_CHIPS, **kwargs):
        self.least, self.most = least, most
        super().__init__(min_value=least, max_value=most, **kwargs)
        self.widget.attrs.update(inputmode="numeric")

    def to_python(self, value):
        value = value.strip() if isinstance(value, str) else value
        if value in self.empty_values:
            return None
        return _parsed(inputs.whole, value, label=self.label, least=self.least, most=self.most)


class TextField(forms.CharField):
    """Text typed on a page, refused (never cut) when longer, as the API's `Text` field is."""

    def __init__(self, *, most: int, lines: bool = False, **kwargs):
        self.most, self.lines = most, lines
        super().__init__(max_length=most, strip=False, **kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return ""
        return _parsed(
            inputs.text, value, label=self.label, most=self.most, required=False, lines=self.lines
        )


def _parsed(parse, value, **kwargs):
    try:
        return parse(value, **kwargs)
    except inputs.InputError as exc:
        raise ValidationError(str(exc)) from None


class HouseRulesForm(forms.Form):
    """The table's own settings; a group keeps them as the defaults for its nights."""

    ante = WholeField(label="Ante (chips each)", initial=1)
    min_bet = WholeField(least=1, label="Minimum bet (chips)", initial=1)
    limit = forms.ChoiceField(label="Betting limit", choices=LIMITS, initial="no_limit")
    cap = WholeField(least=1, label="Cap (chips), for a capped limit", required=False)
    odd_chip = forms.ChoiceField(
        label="Odd chips in a split pot", choices=ODD_CHIPS, widget=forms.RadioSelect
    )
    odd_to = forms.ChoiceField(
        label="Odd chip of a high-low split goes to", choices=ODD_TO, widget=forms.RadioSelect
    )
    no_winner = forms.ChoiceField(
        label="A pot nobody can win", choices=NO_WINNER, widget=forms.RadioSelect
    )
    shortfall = forms.ChoiceField(
        label="A payment a player cannot cover",
        choices=SHORTFALL,
        widget=forms.RadioSelect,
        initial="pay_what_you_have",
        required=False,  # older forms leave it out: the house default
    )
    leaving = forms.ChoiceField(
        label="Someone leaves between deals of a game whose pot rides",
        choices=LEAVING,
        widget=forms.RadioSelect,
        initial="pot_keeps",
        required=False,  # older forms leave it out: the house default
    )
    joining = forms.ChoiceField(
        label="Someone joins a game whose pot rides with no ante on later deals",
        choices=JOINING,
        widget=forms.RadioSelect,
        initial="ante",
        required=False,
    )
    both_must_win_outright = forms.BooleanField(
        label="Declaring both wins nothing unless it wins both ways outright",
        required=False,
        initial=True,
    )

    RULE_FIELDS = (
        "ante",
        "min_bet",
        "limit",
        "cap",
        "odd_chip",
        "odd_to",
        "no_winner",
        "shortfall",
        "leaving",
        "joining",
        "both_must_win_outright",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules: HouseRules | None = None

    @staticmethod
    def initial_from(settings: Mapping | None) -> dict:
        """Form values from stored settings, the house defaults where a key is missing."""
        return house_rules(dict(settings or {})).as_dict()

    def clean(self):
        data = super().clean()
        if any(name in self.errors for name in self.RULE_FIELDS):
            return data
        values = {name: data.get(name) for name in self.RULE_FIELDS}
        if values["limit"] != "cap":
            values["cap"] = None
        for optional in ("shortfall", "leaving", "joining"):
            if not values[optional]:
                del values[optional]
        try:
            self.rules = house_rules(values)
        except HouseRulesError as exc:
            raise ValidationError(str(exc)) from exc
        return data

    def house_settings(self) -> dict:
        return self.rules.as_dict()


class GroupForm(HouseRulesForm):
    name = TextField(label="Group name", most=inputs.GROUP_NAME)
    roster = TextField(
        label="The regulars, one name a line",
        most=inputs.ROSTER,
        lines=True,
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    field_order = ["name", "roster"]

    def clean_roster(self) -> str:
        for line in self.cleaned_data["roster"].splitlines():
            _parsed(inputs.text, line, label="A name", most=inputs.PERSON_NAME, required=False)
        return self.cleaned_data["roster"]

    def people(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["roster"].splitlines() if line.strip()]


class ChipsForm(forms.Form):
    """Chip colours and their values, one row each: a new night's, and a night's until a chip moves.

    The rows are posted as `chip_name_<i>` and `chip_value_<i>`; a valid form
    holds the checked set in `chipset`. `offers` are the nearest sets that pay
    every amount the rulebook's games ask (`ledger/core/chip_fit.py`), and
    `offered` fills the form with one of them.
    """

    def __init__(self, *args, chips: Sequence[tuple[str, str]] = (("white", "0.05"),), **kwargs):
        super().__init__(*args, **kwargs)
        self.chipset: units.ChipSet | None = None
        self.chip_rows = chip_rows(self.data) if self.is_bound else list(chips)

    def clean(self):
        data = super().clean()
        filled = [(n, v) for n, v in self.chip_rows if n or v]
        try:
            colours = []
            for name, value in filled:
                if not name:
                    raise units.UnitError(CHIP_NAME_MISSING.format(value=value))
                if not value:
                    raise units.UnitError(CHIP_VALUE_MISSING.format(name=name))
                label = f"The {name} chips' value"
                colours.append(
                    (
                        inputs.text(name, label="A chip colour", most=inputs.CHIP_NAME),
                        inputs.chip_value(value, label=label),
                    )
                )
            self.chipset = units.chip_set(colours)
        except (units.UnitError, inputs.InputError) as exc:
            self.add_error(None, str(exc))
        return data

    def blank_rows(self) -> list[tuple[str, str]]:
        """The chip rows to show: those typed, then empty ones to add colours without script."""
        rows = [r for r in self.chip_rows if r[0] or r[1]]
        return rows + [("", "")] * max(CHIP_ROWS - len(rows), 1)

    def chips_key(self) -> str:
        """The chips in one string: "Create it anyway" holds it, so changed chips ask again."""
        return chips_key(self.chipset.colours) if self.chipset else ""


def chips_key(colours: Iterable[units.ChipColour]) -> str:
    return ";".join(f"{c.name}={c.value}" for c in colours)


def with_chips(data: Mapping, colours: Iterable[units.ChipColour]) -> dict:
    """The posted form with its chip rows replaced by these colours (an offer taken)."""
    kept = {
        k: v
        for k, v in data.items()
        if not k.startswith(("chip_name_", "chip_value_")) and k not in ("offer", "anyway")
    }
    for index, colour in enumerate(colours):
        kept[f"chip_name_{index}"] = colour.name
        kept[f"chip_value_{index}"] = str(colour.value)
    return kept


class NightForm(ChipsForm, HouseRulesForm):
    """A new night: its group, name, currency, chip colours and house settings."""

    name = TextField(label="Night", most=inputs.NIGHT_NAME)
    group = forms.ChoiceField(label="Group", required=False)
    new_group = TextField(label="…or a new group", most=inputs.GROUP_NAME, required=False)
    currency = forms.CharField(
        label="Currency", initial="USD", widget=forms.TextInput(attrs={"maxlength": 3})
    )
    field_order = ["name", "group", "new_group", "currency"]

    def __init__(self, *args, groups: Iterable[Group] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.groups = {str(g.pk): g for g in groups}
        self.fields["group"].choices = [("", "New group")] + [
            (pk, g.name) for pk, g in self.groups.items()
        ]

    def clean_currency(self) -> str:
        return _parsed(inputs.currency, self.cleaned_data["currency"])

    def clean(self):
        data = super().clean()
        chosen = self.groups.get(data.get("group") or "")
        if chosen is None and not (data.get("new_group") or "").strip():
            self.add_error("new_group", GROUP_NEEDED)
        data["group_obj"] = chosen
        return data


def chip_rows(data: Mapping) -> list[tuple[str, str]]:
    rows = []
    index = 0
    while index < inputs.MOST_COLOURS and (
        f"chip_name_{index}" in data or f"chip_value_{index}" in data
    ):
        rows.append(
            (
                data.get(f"chip_name_{index}", "").strip(),
                data.get(f"chip_value_{index}", "").strip(),
            )
        )
        index += 1
    return rows


class PersonForm(forms.Form):
    name = TextField(label="Name", most=inputs.PERSON_NAME)


class SeatAddForm(forms.Form):
    person = forms.ChoiceField(label="From the group", required=False)
    name = TextField(label="…or someone new", most=inputs.PERSON_NAME, required=False)

    def __init__(self, *args, people=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.people = {str(p.pk): p for p in people}
        self.fields["person"].choices = [("", "Pick a regular")] + [
            (pk, p.name) for pk, p in self.people.items()
        ]

    def clean(self):
        data = super().clean()
        data["person_obj"] = self.people.get(data.get("person") or "")
        if data["person_obj"] is None and not (data.get("name") or "").strip():
            raise ValidationError("Pick someone from the group or type a new name.")
        return data


def whole(value: str | None, label: str, *, least: int = 0, most: int = inputs.MOST_CHIPS) -> int:
    """A typed whole number within the ledger's bounds; the services judge the rest."""
    return _parsed(inputs.whole, value or "", label=label, least=least, most=most)


def posted_seat_id(value: str | None) -> int:
    """A seat's id as a form posts it, or the unknown-player message."""
    try:
        return inputs.record_id(value or "", label="The player")
    except inputs.InputError:
        raise ValidationError(UNKNOWN_SEAT) from None


def seat_from(night: Night, value: str | None) -> Seat:
    """A seat of this night by its id, or the unknown-player message."""
    try:
        return night.seats.select_related("person").get(pk=posted_seat_id(value))
    except Seat.DoesNotExist:
        raise ValidationError(UNKNOWN_SEAT) from None


def seats_from(night: Night, values: Sequence[str]) -> list[Seat]:
    if len(values) > inputs.MOST_SEATS:
        raise ValidationError(UNKNOWN_SEAT)
    return [seat_from(night, v) for v in values]


def booking(post, needs: Needs, seat_ids: Collection[int], prefix: str = "") -> Booking:
    """One firing of a rule from its small form in dealer mode; names are `prefix` + field."""
    rule = needs.rule
    roles: dict[str, int | list[int]] = {}
    for role in needs.roles:
        values = [v for v in post.getlist(f"{prefix}role-{role.name}") if v.strip()]
        ids = sorted({posted_seat_id(v) for v in values})
        if any(i not in seat_ids for i in ids):
            raise ValidationError(UNKNOWN_SEAT)
        if not ids:
            raise ValidationError(ROLE_NEEDED.format(what=role.label.lower(), rule=rule.words))
        if not role.many and len(ids) > 1:
            raise ValidationError(ONE_SEAT_ONLY.format(what=role.label.lower(), rule=rule.words))
        roles[role.name] = ids if role.many else ids[0]
    count: int | dict[int, int] = 1
    if needs.per_seat:
        count = {}
        for seat_id in seat_ids:
            times = whole(post.get(f"{prefix}count-{seat_id}") or "0", "How many")
            if times:
                count[seat_id] = times
    elif needs.count:
        count = whole(post.get(f"{prefix}count") or "1", "How many")
    bet = whole(post.get(f"{prefix}bet"), "The bet") if needs.bet else None
    return Booking(rule=rule.id, roles=roles, count=count, bet=bet)


def winner_lists(post: Mapping, prefix: str, count: int) -> list[list[int]]:
    """Per pot, the seat ids ticked under `prefix-<pot>`; the services check eligibility."""
    lists = []
    for index in range(count):
        lists.append(sorted({posted_seat_id(v) for v in post.getlist(f"{prefix}-{index}")}))
    return lists


def declarations(
    post: Mapping, seat_ids: Iterable[int]
) -> tuple[dict[int, str], list[list[int]], list[list[int]]]:
    """What each player declared, and the high and low showdown orders from their ranks.

    Rank 1 is the best hand; equal ranks tie. A player who left a rank blank
    is not in that order, which the pots module reports if he needed to be.
    """
    declared: dict[int, str] = {}
    high: dict[int, list[int]] = {}
    low: dict[int, list[int]] = {}
    for seat_id in seat_ids:
        choice = post.get(f"declare-{seat_id}", "")
        if choice:
            if choice not in ("high", "low", "both"):
                raise ValidationError(BAD_DECLARATION.format(value=choice))
            declared[seat_id] = choice
        for side, order in (("high", high), ("low", low)):
            rank = post.get(f"{side}-rank-{seat_id}", "").strip()
            if rank:
                try:
                    place = inputs.whole(rank, label="A rank", least=1, most=inputs.MOST_SEATS)
                except inputs.InputError:
                    raise ValidationError(BAD_RANK.format(value=rank)) from None
                order.setdefault(place, []).append(seat_id)
    return (
        declared,
        [order for _, order in sorted(high.items())],
        [order for _, order in sorted(low.items())],
    )


def counted_chips(post: Mapping, seats: Iterable[Seat], chips: Sequence[Mapping]) -> dict[int, int]:
    """Each seat's count in units, one box per colour; a seat with every box empty is left out."""
    unit = min(Decimal(c["value"]) for c in chips)
    per = [int(Decimal(c["value"]) / unit) for c in chips]
    counts = {}
    for seat in seats:
        boxes = [(post.get(f"count-{seat.pk}-{i}") or "").strip() for i in range(len(chips))]
        if not any(boxes):
            continue
        total = 0
        for box, colour, worth in zip(boxes, chips, per, strict=True):
            if box:
                label = f"{seat.person.name}'s {colour['name']} count"
                n = whole(box, label)
                if n < 0:
                    raise ValidationError(f"{label} cannot be negative.")
                total += n * worth
        counts[seat.pk] = total
    return counts


def form_message(form: forms.Form) -> str:
    """One line saying what is wrong, for the banner above a form."""
    parts = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            named = label and field != "__all__" and not error.startswith(label)
            parts.append(f"{label}: {error}" if named else error)
    return " ".join(parts)


def amount(
    value: str | None,
    night: Night,
    label: str,
    *,
    mode: str | None = None,
    least: int = 1,
) -> int:
    """A typed amount in units: chips, money ("$20", or any number in money mode) or colours.

    The same parser as the API's `chips`, `money` and `colours` fields
    (`ledger.core.amounts`), so both refuse the same amounts with the same words.
    """
    try:
        chosen = inputs.choice(mode or amounts.CHIPS, amounts.MODES, label=f"{label}'s unit")
    except inputs.InputError as exc:
        raise ValidationError(str(exc)) from None
    chip_set = units.chip_set([(c["name"], c["value"]) for c in night.chips])
    return _parsed(
        amounts.parse,
        value or "",
        chip_set=chip_set,
        currency=night.currency,
        mode=chosen,
        label=label,
        least=least,
    )


def paid_how(post: Mapping, night: Night) -> tuple[str, Seat | None]:
    """How a buy-in or cash-out is paid: ("credit", None), or ("cash", the holder or the bank).

    The form posts `paid` ("cash" or "credit", credit when left out) and,
    with cash, `holder`: a seat's id, or empty for the bank.
    """
    from ledger.services import seating

    try:
        paid = inputs.choice(post.get("paid") or seating.CREDIT, seating.PAID, label="Paid")
    except inputs.InputError as exc:
        raise ValidationError(str(exc)) from None
    holder_id = (post.get("holder") or "").strip()
    if paid == seating.CREDIT or not holder_id:
        return paid, None
    return paid, seat_from(night, holder_id)
