"""Shared fixtures: a test database with the whole rulebook loaded once, the host, fast hashing."""

import pytest
from django.conf import settings
from django.core.management import call_command

from ledger.services import seating
from tests import factories


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, request, tmp_path_factory):
    """A run with live-server tests keeps its SQLite test database in a file.

    In memory, pytest-django hands the test thread's connection to every
    request thread of the live server, so one SQLite connection serves them
    all. A request still being served when a test ends (a closed phone's last
    fetch, the service worker's precache, a table polling every 2 s) may be
    reading a table as the flush deletes its rows, and the flush fails at
    once with "database table is locked": SQLITE_LOCKED waits for no busy
    timeout. In a file each thread has its own connection, WAL lets reads run
    beside the flush, and a write waits on the 20 s timeout, as on the site.
    """
    database = settings.DATABASES["default"]
    live = any("live_server" in getattr(item, "fixturenames", ()) for item in request.session.items)
    if live and database["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path_factory.mktemp("db") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)


@pytest.fixture(autouse=True, scope="session")
def every_tally_checked():
    """Every hand read from its tally is read again from the journal and must be equal."""
    settings.LEDGER_CHECK_TALLY = True


@pytest.fixture(autouse=True, scope="session")
def quick_passwords():
    """Passwords hashed with MD5 in every test: the slow, safe hasher would dominate the run.

    Set once for the whole session, in this process and so in its live server
    threads; the gunicorn processes of the `serve` tests keep the real ones.
    """
    from django.contrib.auth import hashers

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    hashers.get_hashers.cache_clear()
    hashers.get_hashers_by_algorithm.cache_clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_rulebook", verbosity=0)


HOST_PASSWORD = "deal-me-in-9"


@pytest.fixture
def host(django_user_model):
    """The host of the tests' nights, username "host"; signs in with HOST_PASSWORD."""
    return django_user_model.objects.create_user(username="host", password=HOST_PASSWORD)


@pytest.fixture
def host_client(client, host):
    """The test client, signed in as the host."""
    client.force_login(host)
    return client


@pytest.fixture
def group(host):
    """The host's group of regulars."""
    return seating.group_create(host=host, name="Friday regulars")


@pytest.fixture
def night(host, group):
    """A night of the group's, white chips at 0.05 and red at 0.25, nobody seated."""
    return factories.night_with(host, group=group, seats=(), chips=factories.WHITE_AND_RED).night


@pytest.fixture
def seats(night):
    """Ann, Bob and Cat seated, with no chips yet."""
    return factories.seat_up(night, ("Ann", "Bob", "Cat"))


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="dealer", password="s3cret-chips")


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with empty caches, as a restarted server would.

    The page cache, and the rulebook's search index kept in the process: left
    from an earlier test, a page's first request skipped building it, so its
    query count depended on which tests ran before (seen in random order).
    """
    from django.core.cache import cache

    from rulebook import search

    cache.clear()
    search._cached = None


@pytest.fixture(autouse=True)
def _fresh_limits(request):
    """Failed sign-ins and join attempts never carry from one test to the next.

    They are counted in the `shared` cache, a database table. A test inside a
    transaction rolls its counts back by itself; one that commits (the live
    server's) is cleared before and after. The table is not a model's, so
    pytest-django's flush leaves it alone.
    """
    if not {"transactional_db", "live_server"} & set(request.fixturenames):
        yield
        return
    from django.core.cache import caches

    request.getfixturevalue("transactional_db")
    caches["shared"].clear()
    yield
    caches["shared"].clear()
