"""Finding a lone UTF-16 surrogate in parsed JSON: keys and strings, at any depth, never a pair."""

import json

import pytest

from sitewide import surrogates
from sitewide.surrogates import Found

pytestmark = pytest.mark.pure


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('"plain"', None),
        ('"\\ud83c\\udf89 a pair is one character"', None),
        ('{"🎉": ["é", 1, 2.5, null, true]}', None),
        ('"\\ud83c"', Found((), in_key=False)),
        ('"\\udf89 the second half alone"', Found((), in_key=False)),
        ('"\\udf89\\ud83c halves the wrong way round"', Found((), in_key=False)),
        ('{"a": [1, {"b": "\\ud83c"}]}', Found(("a", "1", "b"), in_key=False)),
        ('{"a": {"\\ud83c": 1}}', Found(("a",), in_key=True)),
        ('{"\\ud83c": 1}', Found((), in_key=True)),
        ('{"a": "x", "b": ["\\ud83c"], "c": "\\ud83c"}', Found(("b", "0"), in_key=False)),
    ],
)
def test_find(text, found):
    assert surrogates.find(json.loads(text)) == found


@pytest.mark.parametrize(
    ("text", "may", "lone"),
    [
        ('{"name": "Ann 🎉"}', False, False),
        ('{"name": "\\u00e9 \\ud7ff \\ue000"}', False, False),
        ('{"name": "\\ud83c"}', True, True),
        ('{"name": "\\uDC00"}', True, True),
        ('{"name": "\\\\ud83c: a backslash, then text"}', True, False),
    ],
)
def test_only_text_with_a_surrogate_escape_needs_the_walk(text, may, lone):
    assert surrogates.may_spell_one(text) is may
    assert (surrogates.find(json.loads(text)) is not None) is lone


def test_a_path_repeats_a_long_key_cut_short():
    found = surrogates.find({"k" * 100: "\ud83c"})
    assert found is not None
    assert found.dotted == "k" * 37 + "..."


def test_depth_needs_no_recursion():
    deep: object = "\ud83c"
    for _ in range(10_000):
        deep = [deep]
    found = surrogates.find(deep)
    assert found is not None
    assert len(found.path) == 10_000
