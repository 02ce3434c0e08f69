"""Forms for the ledger pages: they read and check what was typed; services decide the rest.

Numbers are read as whole numbers here and every other check (negative,
zero, more than the stack, below a legal raise) is left to the services, so
the page shows the ledger's own message for it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from ledger import units
from ledger.charging import Booking
from ledger.facts import Needs
from ledger.house_rules import HouseRules, HouseRulesError, house_rules
from ledger.models import Group, Night, Seat

CHIP_ROWS = 4
NOT_WHOLE = "{label} must be a whole number of chips, not {value!r}."
CHIP_VALUE_MISSING = "Give the {name} chips a value, e.g. 0.25."
CHIP_NAME_MISSING = "Give the chip worth {value} a colour name."
GROUP_NEEDED = "Pick a group or name a new one."
BAD_CURRENCY = "A currency is a three-letter code such as USD or EUR."
NO_PLAYERS = "Tick who is playing this hand."
ROLE_NEEDED = "Say {what} for {rule}."
ONE_SEAT_ONLY = "Pick one player as {what} for {rule}."
UNKNOWN_SEAT = "There is no such player at this table."
UNKNOWN_GAME = "There is no game {slug!r} in the rulebook."
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
SHORTFALL = [
    ("pay_what_you_have", "They pay what they have"),
    ("marker", "They pay what they have and owe the rest on a marker, settled at the end"),
]


class HouseRulesForm(forms.Form):
    """The table's own settings; a group keeps them as the defaults for its nights."""

    ante = forms.IntegerField(label="Ante (chips each)", initial=1)
    min_bet = forms.IntegerField(label="Minimum bet (chips)", initial=1)
    limit = forms.ChoiceField(label="Betting limit", choices=LIMITS, initial="no_limit")
    cap = forms.IntegerField(label="Cap (chips), for a capped limit", required=False)
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
        "both_must_win_outright",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("ante", "min_bet", "cap"):
            self.fields[name].widget.attrs.update(inputmode="numeric")
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
        if not values["shortfall"]:
            del values["shortfall"]
        try:
            self.rules = house_rules(values)
        except HouseRulesError as exc:
            raise ValidationError(str(exc)) from exc
        return data

    def house_settings(self) -> dict:
        return self.rules.as_dict()


class GroupForm(HouseRulesForm):
    name = forms.CharField(label="Group name", max_length=80)
    roster = forms.CharField(
        label="The regulars, one name a line",
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    field_order = ["name", "roster"]

    def people(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["roster"].splitlines() if line.strip()]


class NightForm(HouseRulesForm):
    """A new night: its group, name, currency, chip colours and house settings."""

    name = forms.CharField(label="Night", max_length=80)
    group = forms.ChoiceField(label="Group", required=False)
    new_group = forms.CharField(label="…or a new group", max_length=80, required=False)
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
        self.chipset: units.ChipSet | None = None
        self.chip_rows = chip_rows(self.data) if self.is_bound else [("white", "0.05")]

    def clean_currency(self) -> str:
        code = self.cleaned_data["currency"].strip().upper()
        if len(code) != 3 or not code.isalpha():
            raise ValidationError(BAD_CURRENCY)
        return code

    def clean(self):
        data = super().clean()
        chosen = self.groups.get(data.get("group") or "")
        if chosen is None and not (data.get("new_group") or "").strip():
            self.add_error("new_group", GROUP_NEEDED)
        data["group_obj"] = chosen
        filled = [(n, v) for n, v in self.chip_rows if n or v]
        try:
            for name, value in filled:
                if not name:
                    raise units.UnitError(CHIP_NAME_MISSING.format(value=value))
                if not value:
                    raise units.UnitError(CHIP_VALUE_MISSING.format(name=name))
            self.chipset = units.chip_set(filled)
        except units.UnitError as exc:
            self.add_error(None, str(exc))
        return data

    def blank_rows(self) -> list[tuple[str, str]]:
        """The chip rows to show: those typed, then empty ones to add colours without script."""
        rows = [r for r in self.chip_rows if r[0] or r[1]]
        return rows + [("", "")] * max(CHIP_ROWS - len(rows), 1)


def chip_rows(data: Mapping) -> list[tuple[str, str]]:
    rows = []
    index = 0
    while f"chip_name_{index}" in data or f"chip_value_{index}" in data:
        rows.append(
            (
                data.get(f"chip_name_{index}", "").strip(),
                data.get(f"chip_value_{index}", "").strip(),
            )
        )
        index += 1
    return rows


class PersonForm(forms.Form):
    name = forms.CharField(label="Name", max_length=60)


class SeatAddForm(forms.Form):
    person = forms.ChoiceField(label="From the group", required=False)
    name = forms.CharField(label="…or someone new", max_length=60, required=False)

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


def whole(value: str | None, label: str) -> int:
    """A typed whole number of chips; the services judge its size."""
    text = (value or "").strip()
    try:
        return int(text)
    except ValueError:
        raise ValidationError(NOT_WHOLE.format(label=label, value=text)) from None


def seat_from(night: Night, value: str | None) -> Seat:
    """A seat of this night by its id, or the unknown-player message."""
    try:
        return night.seats.select_related("person").get(pk=int(value or ""))
    except (ValueError, Seat.DoesNotExist):
        raise ValidationError(UNKNOWN_SEAT) from None


def seats_from(night: Night, values: Sequence[str]) -> list[Seat]:
    return [seat_from(night, v) for v in values]


def booking(post, needs: Needs, seat_ids: Collection[int], prefix: str = "") -> Booking:
    """One firing of a rule from its small form in dealer mode; names are `prefix` + field."""
    rule = needs.rule
    roles: dict[str, int | list[int]] = {}
    for role in needs.roles:
        values = [v for v in post.getlist(f"{prefix}role-{role.name}") if v.strip()]
        try:
            ids = sorted({int(v) for v in values})
        except ValueError:
            raise ValidationError(UNKNOWN_SEAT) from None
        if any(i not in seat_ids for i in ids):
            raise ValidationError(UNKNOWN_SEAT)
        if not ids:
            raise ValidationError(ROLE_NEEDED.format(what=role.label.lower(), rule=rule.id))
        if not role.many and len(ids) > 1:
            raise ValidationError(ONE_SEAT_ONLY.format(what=role.label.lower(), rule=rule.id))
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
        try:
            lists.append(sorted({int(v) for v in post.getlist(f"{prefix}-{index}")}))
        except ValueError:
            raise ValidationError(UNKNOWN_SEAT) from None
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
                if not rank.isdigit() or int(rank) < 1:
                    raise ValidationError(BAD_RANK.format(value=rank))
                order.setdefault(int(rank), []).append(seat_id)
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
            parts.append(f"{label}: {error}" if label and field != "__all__" else error)
    return " ".join(parts)
