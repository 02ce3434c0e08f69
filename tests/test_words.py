"""A name's possessive on every page: "Ann's", but "Friday Regulars'" (`possessive`)."""

import pytest
from django.template import Context, Template

from sitewide.templatetags.words import possessive

pytestmark = pytest.mark.pure


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann", "Ann's"),
        ("Friday Regulars", "Friday Regulars'"),
        ("Chris", "Chris'"),
        ("THE BOYS", "THE BOYS'"),
        ("Max", "Max's"),
        ("", ""),
    ],
)
def test_a_name_ending_in_s_takes_only_an_apostrophe(name, shown):
    assert possessive(name) == shown


def test_a_name_is_escaped_before_its_apostrophe():
    page = Template("{% load words %}{{ name|possessive }} chips").render(
        Context({"name": "<b>Bess"})
    )
    assert page == "&lt;b&gt;Bess' chips"
