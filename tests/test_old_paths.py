"""The old flat module paths are gone: no shim re-exports them (issue 21's restructuring)."""

import importlib
import types

import pytest

pytestmark = pytest.mark.pure

OLD_PATHS = [
    "homegame.api_docs",
    "homegame.api_errors",
    "homegame.api_schema",
    "homegame.caches",
    "homegame.client_address",
    "homegame.context_processors",
    "homegame.converters",
    "homegame.deadline",
    "homegame.handler",
    "homegame.limits",
    "homegame.proxies",
    "homegame.request_text",
    "homegame.security_headers",
    "homegame.surrogates",
    "homegame.views",
    "ledger.across_nights",
    "ledger.actors",
    "ledger.amounts",
    "ledger.api.reads",
    "ledger.api_auth",
    "ledger.api_urls",
    "ledger.backup",
    "ledger.backup_format",
    "ledger.betting",
    "ledger.card_sight",
    "ledger.card_taps",
    "ledger.charges",
    "ledger.charging",
    "ledger.charts",
    "ledger.closing",
    "ledger.come_and_go",
    "ledger.deletion",
    "ledger.facts",
    "ledger.flow",
    "ledger.forms",
    "ledger.games",
    "ledger.hands",
    "ledger.house_rules",
    "ledger.inputs",
    "ledger.journal",
    "ledger.pots",
    "ledger.replay",
    "ledger.runs",
    "ledger.scores",
    "ledger.seat_cards",
    "ledger.settlement",
    "ledger.showdown_fill",
    "ledger.sql",
    "ledger.tally",
    "ledger.units",
    "ledger.views.state",
    "rulebook.api_showdown",
    "rulebook.api_urls",
    "rulebook.cards",
    "rulebook.house_views",
    "rulebook.points",
    "rulebook.ranking",
    "rulebook.showdown_input",
    "rulebook.showdown_rules",
    "rulebook.who_wins",
    "rulebook.who_wins_views",
]

# These names are packages now; what they held moved into a module inside them.
NOW_PACKAGES = {
    "ledger.services": "seating",
    "rulebook.showdown": "evaluation",
    "rulebook.views": "pages",
    "rulebook.api": "games",
}


@pytest.mark.parametrize("path", OLD_PATHS)
def test_an_old_module_path_no_longer_imports(path):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(path)


@pytest.mark.parametrize(("package", "module"), NOW_PACKAGES.items())
def test_a_package_that_was_a_module_exports_nothing_of_it(package, module):
    imported = importlib.import_module(package)
    assert getattr(imported, "__file__", "").endswith("__init__.py")
    assert getattr(imported, "__all__", None) is None
    held = [
        name
        for name, value in vars(imported).items()
        if not name.startswith("__") and not isinstance(value, types.ModuleType)
    ]
    assert held == [], f"{package} re-exports {held}; import them from {package}.{module}"
