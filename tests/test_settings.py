"""Production settings pass Django's deployment checklist."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.pure


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"} | env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_is_clean_under_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="a-real-secret-" + "x9!Qz" * 12,
        DJANGO_ALLOWED_HOSTS="homegame.example",
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", DJANGO_DEBUG="0", DJANGO_SECRET_KEY="", DJANGO_ALLOWED_HOSTS="x")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "1e9"])
def test_a_request_deadline_that_is_no_number_of_seconds_stops_the_site(value):
    result = manage("check", DJANGO_REQUEST_DEADLINE=value)
    assert result.returncode != 0
    assert "DJANGO_REQUEST_DEADLINE must be a number of seconds" in result.stderr


def test_sqlite_is_set_up_for_several_writers():
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
        assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]


def test_no_seed_prose_is_copied_into_the_project():
    tool = ROOT.parent / "shared" / "tools" / "seedcopy.py"
    if not tool.exists():
        pytest.skip("../shared is not beside this checkout")
    result = subprocess.run(
        [sys.executable, str(tool), str(ROOT)], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip().endswith("0 line(s) share 10+ consecutive words with the seeds"), (
        result.stdout[-2000:]
    )
