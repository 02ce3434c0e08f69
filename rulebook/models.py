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


class GameQuerySet(models.QuerySet["Game"]):
    def listed(self) -> "GameQuerySet":
        return self.only(
            "slug", "name", "version", "family", "summary", "aliases", "is_house", "has_rules"
        )

    def for_page(self) -> "GameQuerySet":
        """What a rule page needs on every request; the rules document loads only on a miss."""
        return self.defer("data", "search_text", "option_names", "aliases", "summary")


class Game(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=80, blank=True)
    variant_of = models.SlugField(max_length=80, blank=True, db_index=True)
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
    related = models.JSONField(
        default=list, blank=True, help_text="Parent, versions and variations; see refresh_related."
    )
    is_house = models.BooleanField(default=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    house_notes = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

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
        self.variant_of = spec.variant_of or ""
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
    parts += spec.showdown.notes
    parts += [c.text for c in (*spec.showdown.kill_cards, *spec.showdown.auto_wins)]
    return " ".join(p for p in parts if p).lower()


def refresh_related() -> int:
    """Recompute every game's related list and save those that changed.

    Saving bumps `updated_at`, which is the rule page's cache key, so a page
    never shows a stale list of its parent, versions or variations.
    """
    games = list(Game.objects.all())
    children: dict[str, list[Game]] = {}
    for game in games:
        if game.variant_of:
            children.setdefault(game.variant_of, []).append(game)
    by_slug = {game.slug: game for game in games}
    changed = 0
    for game in games:
        spec = game.spec
        slugs = [*spec.versions, *([spec.variant_of] if spec.variant_of else [])]
        linked = [by_slug[s] for s in slugs if s in by_slug] + children.get(game.slug, [])
        related = [
            {"slug": other.slug, "name": other.name, "version": other.version}
            for other in sorted(linked, key=lambda g: (g.name, g.slug))
        ]
        if related != game.related:
            game.related = related
            game.save(update_fields=["related", "updated_at"])
            changed += 1
    return changed
