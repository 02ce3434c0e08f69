"""Shared fixtures: a test database with the whole rulebook loaded once."""

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_rulebook", verbosity=0)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="dealer", password="s3cret-chips")


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with empty page caches, as a restarted server would."""
    from django.core.cache import cache

    cache.clear()
