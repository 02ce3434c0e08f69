"""The rulebook as stored: one row per game, built-in or house.

A game's structured rules (phases, options, money rules) are kept as the
validated schema document in `data`, so built-in and house games have the same
shape and every reader goes through `rulebook.schema.Game`. The columns beside
it exist only to filter and search without opening the document.
"""

from functools import cached_property

from django.conf import settings
from django.db import models
from django.urls import reverse

from rulebook import schema


class GameQuerySet(models.QuerySet):
    def listed(self) -> "GameQuerySet":
        return self.only("slug", "name", "family", "summary", "aliases", "is_house", "has_rules")


class Game(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=80, blank=True)
    family = models.CharField(max_length=20, choices=list(schema.FAMILIES.items()))
    summary = models.TextField()
    aliases = models.TextField(blank=True, help_text="Every other name, one per line.")
    option_names = models.TextField(blank=True, help_text="Option names, one per line.")
    search_text = models.TextField(blank=True)
    min_players = models.PositiveSmallIntegerField(null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(null=True, blank=True)
    has_wilds = models.BooleanField(default=False)
    high_low = models.BooleanField(default=False)
    has_rules = models.BooleanField(default=True)
    data = models.JSONField()
    is_house = models.BooleanField(default=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    house_notes = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["name", "slug"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rulebook:game", args=[self.slug])

    @cached_property
    def spec(self) -> schema.Game:
        return schema.Game.model_validate(self.data)

    @property
    def alias_list(self) -> list[str]:
        return [a for a in self.aliases.splitlines() if a]

    def set_spec(self, spec: schema.Game) -> None:
        """Copy a validated game into the row, refreshing the search columns."""
        self.slug = spec.slug
        self.name = spec.name
        self.version = spec.version
        self.family = spec.family
        self.summary = spec.summary
        self.aliases = "\n".join(spec.aliases)
        self.option_names = "\n".join(
            name for option in spec.options for name in [option.name, *option.aliases]
        )
        self.search_text = searchable_text(spec)
        self.min_players = spec.players.min
        self.max_players = spec.players.max
        self.has_wilds = bool(spec.wilds)
        self.high_low = spec.pot.kind in {"high_low", "high_low_declare"} or any(
            rule.kind == "split" for rule in spec.money
        )
        self.has_rules = spec.has_rules
        self.data = spec.model_dump(mode="json")
        self.__dict__.pop("spec", None)


def searchable_text(spec: schema.Game) -> str:
    """Everything a player might type to find this game, lower-cased once here."""
    parts = [spec.name, *spec.aliases, spec.summary, spec.description, spec.version]
    parts += [*spec.wilds, spec.pot.text]
    for phase in spec.phases:
        parts += [phase.title, phase.text]
    for option in spec.options:
        parts += [option.name, *option.aliases, option.text]
    parts += [rule.text for rule in spec.money]
    parts += spec.showdown.notes + spec.showdown.kill_cards + spec.showdown.auto_wins
    return " ".join(p for p in parts if p).lower()
