"""One validation layer: a page's field and the API's field accept and refuse the same values.

The page reads typed text; the API reads JSON. For every whole number the
page accepts `str(n)` exactly when the API accepts `n`, with the same value;
text the page refuses the API refuses too, and both refuse what no number
is. Chip values and texts are strings on both sides, so they must agree on
every string.
"""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from ledger.api import fields as api_fields
from ledger.core import inputs
from ledger.views.forms import TextField, WholeField

pytestmark = pytest.mark.pure


def page_accepts(field, value):
    try:
        return True, field.clean(value)
    except ValidationError:
        return False, None


def api_accepts(field, value):
    try:
        return True, field.run_validation(value)
    except serializers.ValidationError:
        return False, None


def bound(field: serializers.Field) -> serializers.Field:
    field.bind("chips", serializers.Serializer())
    return field


NUMBERS = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(),
    st.sampled_from([0, 1, -1, inputs.MOST_CHIPS, inputs.MOST_CHIPS + 1, 2**63, 2**70]),
)


@settings(max_examples=300, deadline=None)
@given(number=NUMBERS, least=st.sampled_from([0, 1, -inputs.MOST_CHIPS]))
def test_page_and_api_agree_on_every_whole_number(number, least):
    page = page_accepts(WholeField(least=least, label="Chips"), str(number))
    api = api_accepts(bound(api_fields.Whole(least=least)), number)
    assert page == api


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=30))
def test_text_that_is_no_number_is_refused_by_both(text):
    page_ok, page_value = page_accepts(WholeField(label="Chips"), text)
    api_ok, _ = api_accepts(bound(api_fields.Whole()), text)
    assert not api_ok  # the API takes JSON numbers only
    if page_ok and page_value is not None:
        # The page read digits: the API takes that same number as JSON.
        assert api_accepts(bound(api_fields.Whole()), page_value) == (True, page_value)


@pytest.mark.parametrize("text", ["²", "٣", "1e3", "1.0", "0x10", "+5", " ", "5 5", "１"])
def test_digits_that_only_look_like_numbers_are_refused(text):
    assert page_accepts(WholeField(label="Chips", required=False), text)[0] is (text == " ")
    assert not api_accepts(bound(api_fields.Whole()), text)[0]


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=12),
        st.from_regex(r"\A[0-9]{1,6}(\.[0-9]{0,6})?\Z"),
        st.sampled_from(["1E-2000000", "1E+30", "0.00001", "10000", "10000.0001", "0.0001"]),
    )
)
def test_page_and_api_agree_on_every_chip_value(text):
    try:
        page = (True, inputs.chip_value(text, label="Value"))
    except inputs.InputError:
        page = (False, None)
    api = api_accepts(bound(api_fields.ChipValue()), text)
    assert page == api
    if page[0]:
        assert inputs.LEAST_CHIP_VALUE <= page[1] <= inputs.MOST_CHIP_VALUE
        assert page[1].as_tuple().exponent >= -4


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=90))
def test_page_and_api_agree_on_every_name(text):
    page = page_accepts(TextField(most=inputs.PERSON_NAME, label="Name"), text)
    api = api_accepts(bound(api_fields.Text(most=inputs.PERSON_NAME)), text)
    if text.strip():
        assert page == api
    else:  # blank: the page leaves "required" to the form, the API refuses at once
        assert not api[0]


def test_a_name_one_character_too_long_is_refused_never_cut():
    name = "n" * (inputs.PERSON_NAME + 1)
    assert not page_accepts(TextField(most=inputs.PERSON_NAME, label="Name"), name)[0]
    assert not api_accepts(bound(api_fields.Text(most=inputs.PERSON_NAME)), name)[0]


def test_ids_are_bounded_by_the_database():
    assert inputs.record_id(inputs.MOST_ID, label="Seat") == inputs.MOST_ID
    with pytest.raises(inputs.InputError):
        inputs.record_id(inputs.MOST_ID + 1, label="Seat")
    assert not api_accepts(bound(api_fields.RecordId()), 2**63)[0]


@settings(max_examples=200, deadline=None)
@given(value=st.decimals(allow_nan=True, allow_infinity=True))
def test_a_chip_value_is_always_refused_or_in_bounds(value):
    try:
        parsed = inputs.chip_value(value, label="Value")
    except inputs.InputError:
        return
    assert isinstance(parsed, Decimal)
    assert inputs.LEAST_CHIP_VALUE <= parsed <= inputs.MOST_CHIP_VALUE
