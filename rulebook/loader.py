"""Read and validate the game files in rulebook/games/.

No Django here: `python -m rulebook.loader` checks every file from the shell,
and the `load_rulebook` management command calls `load_games` before touching
the database, so a bad file stops the load before anything is written. The
load also runs the linter (`rulebook.lint`): its errors stop it too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from pydantic import ValidationError

from rulebook import lint
from rulebook.schema import Game

GAMES_DIR = Path(__file__).resolve().parent / "games"
LINT_HOW = 'The linter\'s rules: docs/game-files.md, "Linter" (manage.py lint_games).'


class RulebookError(Exception):
    """A game file is missing, unreadable or does not fit the schema."""


def load_game(path: Path) -> Game:
    """Parse one file; errors name the file and the field."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise RulebookError(f"{path.name}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise RulebookError(f"{path.name}: expected a mapping of fields at the top")
    data.setdefault("slug", path.stem)
    try:
        game = Game.model_validate(data)
    except ValidationError as exc:
        raise RulebookError(f"{path.name}: {_explain(exc)}") from exc
    if game.slug != path.stem:
        raise RulebookError(f"{path.name}: slug {game.slug!r} must match the file name")
    return game


def load_games(directory: Path = GAMES_DIR, *, linted: bool = True) -> list[Game]:
    """Every game in the directory, checked against each other, the schema and the linter.

    A linter error (`rulebook.lint`: a file that loads but reads wrong) stops the
    load like a schema error; its notes are for a person and never stop it.
    `linted=False` leaves the linter to the caller (the `lint_games` command).
    """
    paths = sorted(directory.glob("*.yaml"))
    if not paths:
        raise RulebookError(f"{directory}: no game files found")
    games = [load_game(path) for path in paths]
    slugs = {g.slug for g in games}
    for game in games:
        for other in [game.variant_of, *game.versions]:
            if other is not None and other not in slugs:
                raise RulebookError(f"{game.slug}.yaml: refers to unknown game {other!r}")
    wrong = [str(f) for g in games if linted for f in lint.errors(lint.lint_game(g))]
    if wrong:
        raise RulebookError("\n".join([*wrong, LINT_HOW]))
    return games


def _explain(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"]) or "(top)"
        lines.append(f"field {where}: {error['msg']}")
    return "; ".join(lines)


def main(argv: list[str]) -> int:
    """Check all games, or just the files named on the command line."""
    try:
        games = [load_game(Path(name)) for name in argv] if argv else load_games()
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{len(games)} games valid")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
