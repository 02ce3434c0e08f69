"""The poll's query, compiled once: the same rows as the ORM's for any value."""

import pytest

from ledger.models import Night
from ledger.selectors import state
from ledger.selectors.sql import Prepared

pytestmark = pytest.mark.django_db


def test_a_prepared_query_answers_what_the_orm_would_for_each_value(night, seats):
    by_name = Prepared(lambda name: Night.objects.filter(name=name).values_list("pk")[:1], "?x?")
    assert by_name.first(night.name) == (night.pk,)
    assert by_name.first("no night is called this") is None


def test_a_sample_that_is_not_one_parameter_of_the_query_is_refused():
    twice = Prepared(lambda v: Night.objects.filter(name=v, group__name=v).values_list("pk"), "s")
    with pytest.raises(ValueError, match="once"):
        twice.first("anything")


def test_the_markers_are_the_same_read_twice_and_none_for_a_night_that_is_not_there(night, seats):
    marks = state.markers(night_id=night.pk)
    assert marks is not None
    assert marks[0] == night.pk
    assert state.markers(night_id=night.pk) == marks
    assert state.markers(night_id=night.pk + 1000) is None
    assert state.markers(token="not a link of any night") is None
