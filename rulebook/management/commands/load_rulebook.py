"""Load every game file into the database; safe to run again and again."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rulebook.loader import RulebookError, load_games
from rulebook.models import Game, refresh_related


class Command(BaseCommand):
    help = "Validate rulebook/games/*.yaml and load them; house games and house notes are kept."

    def handle(self, *args, **options) -> None:
        try:
            specs = load_games()
        except RulebookError as exc:
            raise CommandError(str(exc)) from exc
        created = updated = 0
        with transaction.atomic():
            existing = {game.slug: game for game in Game.objects.all()}
            for spec in specs:
                game = existing.get(spec.slug)
                if game is not None and game.is_house:
                    raise CommandError(
                        f"{spec.slug}.yaml: a house game already uses the slug {spec.slug!r}"
                    )
                if game is None:
                    game = Game()
                    created += 1
                elif game.data != spec.model_dump(mode="json"):
                    updated += 1
                else:
                    continue
                game.set_spec(spec)
                game.save()
            file_slugs = {spec.slug for spec in specs}
            stale = [s for s, g in existing.items() if not g.is_house and s not in file_slugs]
            Game.objects.filter(slug__in=stale).delete()
            refresh_related()
        self.stdout.write(
            f"Rulebook: {len(specs)} games ({created} new, {updated} updated, "
            f"{len(stale)} removed)."
        )
