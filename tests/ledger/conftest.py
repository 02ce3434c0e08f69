"""A night with three seated players, built through the services as a host would."""

import pytest

from ledger import services
from ledger.models import Entry, Person


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="host", password="deal-me-in-9")


@pytest.fixture
def group(host):
    return services.group_create(host=host, name="Friday regulars")


@pytest.fixture
def night(host, group):
    return services.night_create(
        host=host, group=group, name="Friday", chips=[("white", "0.05"), ("red", "0.25")]
    )


@pytest.fixture
def seats(night, group):
    people = [Person.objects.create(group=group, name=n) for n in ("Ann", "Bob", "Cat")]
    return [services.seat_add(night=night, person=p) for p in people]


def journal_total(night) -> int:
    """Every chip of the night summed over every account: always zero."""
    return sum(Entry.objects.filter(posting__night=night).values_list("amount", flat=True))


def journal_rows(night) -> tuple[int, int]:
    from ledger.models import Posting

    return (
        Posting.objects.filter(night=night).count(),
        Entry.objects.filter(posting__night=night).count(),
    )
