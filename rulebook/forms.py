"""Forms for house games: the same structured rules as the built-in files.

The forms collect plain fields and small formsets (phases, options, money
rules); `build_spec` turns them into a `schema.Game` so a house game is
validated by exactly the rules that validate rulebook/games/*.yaml.
"""

from __future__ import annotations

from django import forms
from django.utils.text import slugify
from pydantic import ValidationError

from rulebook import schema
from rulebook.models import Game

# Free text is refused past these lengths (never cut), like every other form.
LONG_TEXT = 5000
STEP_TEXT = 2000
RESERVED_SLUGS = {"all", "hand-rankings", "house", "new", "who-wins"}
NAME_TAKEN = "A game called {name!r} is already in the rulebook; pick another name."

PARTY_CHOICES = [("", "—"), *((p, p.replace("_", " ")) for p in schema.Party.__args__)]

AMOUNT_UNITS = [
    ("", "No fixed amount"),
    ("chips", "chips"),
    ("money", "money"),
    ("antes", "antes"),
    ("min_bets", "minimum bets"),
    ("pot", "times the pot"),
]


def _choices(labels: dict[str, str]) -> list[tuple[str, str]]:
    return list(labels.items())


class HouseGameForm(forms.Form):
    name = forms.CharField(max_length=120)
    aliases = forms.CharField(
        required=False, max_length=500, help_text="Other names, separated by commas."
    )
    family = forms.ChoiceField(choices=_choices(schema.FAMILIES))
    summary = forms.CharField(min_length=10, max_length=300, help_text="One line for the index.")
    description = forms.CharField(required=False, max_length=LONG_TEXT, widget=forms.Textarea)
    min_players = forms.IntegerField(required=False, min_value=1, max_value=20)
    max_players = forms.IntegerField(required=False, min_value=1, max_value=20)
    wilds = forms.CharField(
        required=False, max_length=300, help_text="Wild cards, separated by commas."
    )
    pot_kind = forms.ChoiceField(choices=_choices(schema.POT_KINDS), initial="high")
    pot_text = forms.CharField(required=False, max_length=300)


class PhaseForm(forms.Form):
    kind = forms.ChoiceField(choices=_choices(schema.PHASE_KINDS))
    title = forms.CharField(max_length=80)
    text = forms.CharField(max_length=STEP_TEXT, widget=forms.Textarea(attrs={"rows": 3}))
    down = forms.IntegerField(required=False, min_value=0, max_value=13)
    up = forms.IntegerField(required=False, min_value=0, max_value=13)
    community = forms.IntegerField(required=False, min_value=0, max_value=13)
    count = forms.IntegerField(required=False, min_value=0, max_value=13)
    name = forms.CharField(
        required=False,
        max_length=80,
        help_text='A betting step: the round as players call it ("After the draw").',
    )
    opener = forms.ChoiceField(
        required=False,
        choices=_choices(schema.OPENERS),
        initial="left_of_dealer",
        help_text="A betting step: who acts first.",
    )
    money = forms.CharField(
        required=False,
        max_length=300,
        help_text=(
            "Ids of the money rules this step books, separated by commas. "
            "A rule no step lists can be booked at any time."
        ),
    )


class OptionForm(forms.Form):
    name = forms.CharField(max_length=80)
    text = forms.CharField(max_length=STEP_TEXT, widget=forms.Textarea(attrs={"rows": 3}))


class MoneyForm(forms.Form):
    id = forms.SlugField(max_length=40, help_text="A short name, e.g. ante, draw-fee.")
    kind = forms.ChoiceField(choices=_choices(schema.MONEY_KINDS))
    text = forms.CharField(max_length=300)
    payer = forms.ChoiceField(required=False, choices=PARTY_CHOICES)
    payee = forms.ChoiceField(required=False, choices=PARTY_CHOICES)
    unit = forms.ChoiceField(required=False, choices=AMOUNT_UNITS)
    value = forms.CharField(required=False, max_length=20)


PhaseFormSet = forms.formset_factory(PhaseForm, extra=3, min_num=1, validate_min=True)
OptionFormSet = forms.formset_factory(OptionForm, extra=2)
MoneyFormSet = forms.formset_factory(MoneyForm, extra=2)


def _split(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def build_spec(
    game: dict, phases: list[dict], options: list[dict], money: list[dict], slug: str
) -> schema.Game:
    """Assemble and validate a house game; raises ValidationError with field paths."""
    data = {
        "name": game["name"],
        "slug": slug,
        "aliases": _split(game.get("aliases") or ""),
        "family": game["family"],
        "summary": game["summary"],
        "description": game.get("description") or "",
        "players": {"min": game.get("min_players"), "max": game.get("max_players")},
        "wilds": _split(game.get("wilds") or ""),
        "pot": {"kind": game["pot_kind"], "text": game.get("pot_text") or ""},
        "phases": [_phase(n, p) for n, p in enumerate(phases, 1)],
        "options": [
            {"id": slugify(o["name"]) or f"option-{n}", "name": o["name"], "text": o["text"]}
            for n, o in enumerate(options, 1)
        ],
        "money": [_money(m) for m in money],
        "anytime": _unlisted(money, phases),
        "source": {"seed": "house", "section": "House rules", "credit": "Written by this table."},
    }
    return schema.Game.model_validate(data)


def _phase(n: int, row: dict) -> dict:
    """A step; a betting step is named by its title unless a name is given."""
    phase = {
        "id": f"step-{n}",
        "kind": row["kind"],
        "title": row["title"],
        "text": row["text"],
        "down": row.get("down") or 0,
        "up": row.get("up") or 0,
        "community": row.get("community") or 0,
        "count": row.get("count"),
        "money": _split(row.get("money") or ""),
    }
    if row["kind"] == "bet":
        phase["name"] = row.get("name") or row["title"]
        phase["opener"] = row.get("opener") or "left_of_dealer"
    return phase


def _unlisted(money: list[dict], phases: list[dict]) -> list[str]:
    """Rules the table lists at no step: offered any time, in the live table's drawer."""
    listed = {rule for p in phases for rule in _split(p.get("money") or "")}
    return [m["id"] for m in money if m["id"] not in listed]


def _money(row: dict) -> dict:
    rule = {"id": row["id"], "kind": row["kind"], "text": row["text"]}
    for party in ("payer", "payee"):
        if row.get(party):
            rule[party] = row[party]
    if row.get("unit") and row.get("value"):
        rule["amount"] = {row["unit"]: row["value"]}
    return rule


def house_slug(name: str, current: Game | None = None) -> str:
    base = slugify(name)[:70] or "house-game"
    if base in RESERVED_SLUGS:
        base = f"house-{base}"
    slug, n = base, 2
    taken = Game.objects.exclude(pk=getattr(current, "pk", None))
    while taken.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def spec_errors(exc: ValidationError) -> list[str]:
    return [
        f"{'.'.join(str(p) for p in err['loc']) or 'game'}: {err['msg']}" for err in exc.errors()
    ]


class NotesForm(forms.ModelForm):
    house_notes = forms.CharField(
        required=False, max_length=LONG_TEXT, widget=forms.Textarea(attrs={"rows": 8})
    )

    class Meta:
        model = Game
        fields = ["house_notes"]
