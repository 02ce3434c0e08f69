"""Lint game files: errors fail the command, notes are printed for a person to read."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulebook.lint import Finding, errors, lint_game
from rulebook.loader import RulebookError, load_game, load_games


class Command(BaseCommand):
    help = (
        "Lint rulebook/games/*.yaml (or the files named): what the schema accepts but reads "
        "wrong. Errors fail; notes are for a person to read."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="*", help="game files (default: every seed game)")

    def handle(self, *args, **options) -> None:
        try:
            games = [load_game(Path(f)) for f in options["files"]] or load_games(linted=False)
        except RulebookError as exc:
            raise CommandError(str(exc)) from exc
        findings: list[Finding] = [f for game in games for f in lint_game(game)]
        for finding in findings:
            self.stdout.write(str(finding))
        wrong = errors(findings)
        notes = len(findings) - len(wrong)
        summary = f"{len(games)} games linted: {len(wrong)} error(s), {notes} note(s)"
        if wrong:
            raise CommandError(summary)
        self.stdout.write(summary)
