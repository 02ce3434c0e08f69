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


# Names that moved out of a module that mixed layers: each has one home now (issue 21).
MOVED = {
    "ledger.services.closing": {
        "ledger.selectors.night_results": [
            "Flow",
            "Row",
            "cash_boxes",
            "differences",
            "flows",
            "hand_results",
            "results",
        ],
        "ledger.selectors.exports": [
            "csv_cell",
            "csv_cells",
            "journal_csv",
            "money_cell",
            "payments_csv",
            "settlement_csv",
        ],
    },
    "ledger.services.runs": {
        "ledger.selectors.game_setup": [
            "AskedWhere",
            "agreed_prefill",
            "come_and_go_words",
            "every_agreed_name",
            "first_players",
            "kept_from_leavers",
            "next_dealer",
            "offered",
            "out_of_lives",
            "waiting_for_next_game",
            "where_asked",
        ],
    },
    "ledger.selectors.state": {
        "ledger.selectors.table_types": ["GameInfo", "PotRow", "SeatRow", "Table", "Turn"],
        "ledger.selectors.memo": ["BoundedMemo", "_Drawn"],
    },
}


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        (old, new, name)
        for old, homes in MOVED.items()
        for new, names in homes.items()
        for name in names
    ],
)
def test_a_moved_name_lives_only_in_its_new_module(old, new, name):
    assert not hasattr(importlib.import_module(old), name), f"{old}.{name} is now {new}.{name}"
    if not name.startswith("_"):
        assert hasattr(importlib.import_module(new), name)
