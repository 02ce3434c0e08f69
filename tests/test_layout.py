"""Every module of the apps has one row in a layout table, with its layer, and every row a module.

The tables are README.md's (the project and `sitewide/`), ledger/README.md's
and rulebook/README.md's (README, "Layout"). A row is
"| `ledger/core/pots.py` | core | what it holds |": adding a module means
adding one row to its app's table, and the failure says which.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.pure

ROOT = Path(__file__).resolve().parent.parent
APPS = ("homegame", "sitewide", "rulebook", "ledger")
SKIPPED_DIRS = {"migrations", "__pycache__"}

# Where each app's rows go: the first path prefix that matches.
TABLE_OF = {
    "ledger/": "ledger/README.md",
    "rulebook/": "rulebook/README.md",
    "sitewide/": "README.md",
    "homegame/": "README.md",
}

# README.md, "Layers", says what each holds and may import.
LAYERS = (
    "core",
    "rule data",
    "models",
    "services",
    "selectors",
    "views",
    "api",
    "commands",
    "shared",
    "config",
)

# A module table's row: a module's path, its layer, what it holds.
ROW = re.compile(r"^\|\s*`(?P<path>[^`|]+\.py)`\s*\|(?P<layer>[^|]*)\|(?P<what>[^|]*)\|\s*$")


def modules() -> list[str]:
    """Every .py module of the apps, as a path from the repository root."""
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            relative = path.relative_to(ROOT)
            if path.name == "__init__.py" or SKIPPED_DIRS & set(relative.parts):
                continue
            found.append(relative.as_posix())
    return sorted(found)


def rows() -> list[tuple[str, int, str, str, str]]:
    """Every module row of the layout tables: (table, line, path, layer, what it holds)."""
    found = []
    for table in sorted(set(TABLE_OF.values())):
        for number, line in enumerate((ROOT / table).read_text().splitlines(), start=1):
            match = ROW.match(line)
            if match:
                path, layer, what = (match[name].strip() for name in ("path", "layer", "what"))
                found.append((table, number, path, layer, what))
    return found


def table_for(module: str) -> str:
    return next(table for prefix, table in TABLE_OF.items() if module.startswith(prefix))


def likely_layer(module: str) -> str:
    """A guess for the row to add; the author corrects it if the module says otherwise."""
    parts = module.split("/")
    name = parts[-1]
    if name in {"urls.py", "apps.py", "settings.py", "wsgi.py"}:
        return "config"
    if name == "models.py":
        return "models"
    by_folder = {
        "core": "core",
        "services": "services",
        "selectors": "selectors",
        "views": "views",
        "templatetags": "views",
        "api": "api",
        "management": "commands",
        "showdown": "core",
    }
    for folder in parts[1:-1]:
        if folder in by_folder:
            return by_folder[folder]
    return "shared" if parts[0] == "sitewide" else "core"


def test_finds_the_modules_and_the_rows():
    """The walk and the tables' parsing find something, so the checks below check something."""
    assert "ledger/core/pots.py" in modules()
    assert "ledger/migrations/0001_initial.py" not in modules()
    assert any(path == "ledger/core/pots.py" for _, _, path, _, _ in rows())


def test_every_module_has_a_row():
    listed = {path for _, _, path, _, _ in rows()}
    missing = [m for m in modules() if m not in listed]
    assert not missing, "\n".join(
        f"{m} is in no layout table: add to {table_for(m)}, in the table of its layer, the row\n"
        f"| `{m}` | {likely_layer(m)} | <what it holds, in a line> |\n"
        f"(layers: {', '.join(LAYERS)}; README.md, 'Layout', says which is which)"
        for m in missing
    )


def test_every_row_names_a_module_that_exists():
    present = set(modules())
    stale = [
        f"{table}:{number}: `{path}` is no module of the apps (moved, renamed or removed): "
        f"correct its path or remove the row"
        for table, number, path, _, _ in rows()
        if path not in present
    ]
    assert not stale, "\n".join(stale)


def test_each_module_once_in_its_own_app_table():
    present = set(modules())
    seen: dict[str, str] = {}
    wrong = []
    for table, number, path, _, _ in rows():
        where = f"{table}:{number}"
        if path in seen:
            wrong.append(f"{where}: `{path}` has a row already at {seen[path]}: keep one")
        seen.setdefault(path, where)
        if path in present and table != table_for(path):
            wrong.append(f"{where}: `{path}` belongs in {table_for(path)}: move the row there")
    assert not wrong, "\n".join(wrong)


def test_every_row_has_a_known_layer_and_says_what_it_holds():
    wrong = []
    for table, number, path, layer, what in rows():
        if layer not in LAYERS:
            wrong.append(
                f"{table}:{number}: `{path}` has layer {layer!r}; "
                f"use one of: {', '.join(LAYERS)} (README.md, 'Layout')"
            )
        if not what:
            wrong.append(f"{table}:{number}: `{path}` says nothing of what it holds")
    assert not wrong, "\n".join(wrong)


def test_the_readme_lists_the_layers_the_test_knows():
    """README.md's layers table names exactly LAYERS, so the two never drift apart."""
    text = (ROOT / "README.md").read_text()
    section = text.split("### Layers", 1)[1].split("\n\n| Layer |", 1)[1]
    table = section.split("\n\n", 1)[0]
    named = [line.split("|")[1].strip() for line in table.splitlines()[2:] if line.startswith("|")]
    assert tuple(named) == LAYERS
