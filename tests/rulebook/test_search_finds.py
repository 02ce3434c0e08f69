"""Search finds what players type, in one order on the page and in the API (issue 11, part 1)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.loader import load_games
from rulebook.matching import Entry, Index, Tier, normalise, sound_key
from tests.rulebook.test_house_games import house_post

GAMES = load_games()


def _text(spec) -> str:
    parts = [spec.summary, spec.description, *(p.text for p in spec.phases)]
    return " ".join(p for p in parts if p)


INDEX = Index(
    Entry(
        g.slug,
        g.name,
        tuple(g.aliases),
        tuple(n for o in g.options for n in [o.name, *o.aliases]),
        _text(g),
    )
    for g in GAMES
)


def api_slugs(client, q: str, **params) -> list[str]:
    response = client.get("/api/variants/", {"search": q, **params})
    assert response.status_code == 200
    return [row["slug"] for row in response.json()["results"]]


def results_html(client, q: str, **params) -> str:
    body = client.get("/rules/", {"q": q, **params}).content.decode()
    return body[body.index('id="results"') : body.index("</section>", body.index('id="results"'))]


def page_slugs(client, q: str, **params) -> list[str]:
    return re.findall(r'href="/rules/([^/"]+)/"', results_html(client, q, **params))


def tiers(q: str) -> dict[str, Tier]:
    return {hit.key: hit.tier for hit in INDEX.rank(q)}


# The queries from the issue, each with the game it must put first.
ISSUE_QUERIES = [
    ("texas holdem", "texas-holdem"),
    ("liars poker", "liars-poker"),
    ("lawyers poker", "liars-poker"),
    ("buddhas folly", "buddhas-folly"),
    ("gruesome twosome", "dynamite"),
    ("acey ducey", "acey-deucey"),
    ("3 card brag", "brag"),
    ("holdem", "texas-holdem"),
    ("hold em", "texas-holdem"),
    ("king with the axe", "deuces-jacks-man-with-the-axe"),
    ("guts", "guts-three-card"),
    ("put and take", "put-and-take"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("q", "slug"), ISSUE_QUERIES)
def test_each_query_from_the_issue_puts_its_game_first_on_the_page_and_in_the_api(client, q, slug):
    assert api_slugs(client, q)[0] == slug
    assert page_slugs(client, q)[0] == slug


@pytest.mark.django_db
@pytest.mark.parametrize(
    "q", [q for q, _ in ISSUE_QUERIES] + ["poker", "three card", "deuces wild", "pass"]
)
def test_the_page_and_the_api_list_the_same_games_in_the_same_order(client, q):
    assert page_slugs(client, q) == api_slugs(client, q)


@pytest.mark.django_db
def test_holdem_finds_both_holdem_games_by_name_before_any_rule_text(client):
    found = api_slugs(client, "holdem")
    assert found[:2] == ["texas-holdem", "contact-holdem"]
    assert tiers("holdem")["contact-holdem"] == Tier.NAME


@pytest.mark.django_db
def test_hold_em_finds_the_holdem_games_and_not_every_rule_that_says_them(client):
    found = api_slugs(client, "hold em")
    assert found[:2] == ["texas-holdem", "contact-holdem"]
    says_them = [g.slug for g in GAMES if " them" in _text(g) and "hold" not in _text(g).lower()]
    assert says_them, "the rulebook should have rule text with 'them' for this test to mean much"
    assert not set(found) & set(says_them)
    assert len(found) <= 4


@pytest.mark.pure
def test_a_short_word_matches_only_whole_words():
    index = Index([Entry("a", "Alpha", text="give them two cards"), Entry("b", "Beta", text="em")])
    assert [hit.key for hit in index.rank("em")] == ["b"]
    assert [hit.key for hit in index.rank("car")] == ["a"]  # the start of a longer word


@pytest.mark.django_db
def test_king_with_the_axe_finds_the_axe_game_and_not_taxed_wild_cards(client):
    found = api_slugs(client, "king with the axe")
    assert found == ["deuces-jacks-man-with-the-axe"]


@pytest.mark.django_db
def test_guts_lists_the_guts_games_before_games_that_mention_guts(client):
    found = api_slugs(client, "guts")
    assert set(found[:2]) == {"guts-three-card", "guts-two-card"}
    assert found.index("gruts") < found.index("bloody-sevens")
    assert found.index("gruts") < found.index("buddhas-folly")


@pytest.mark.django_db
def test_acey_ducey_finds_both_spellings_as_close_names(client):
    found = api_slugs(client, "acey ducey")
    assert found[:2] == ["acey-deucey", "in-between"]
    assert tiers("acey ducey")["in-between"] == Tier.CLOSE


@pytest.mark.pure
@pytest.mark.parametrize(
    ("q", "slug"),
    [
        ("t.n.t.", "big-sol"),
        ("TNT", "big-sol"),
        ("hi-di-deu-wi", "hi-di-deu-wi"),
        ("hidideuwi", "hi-di-deu-wi"),
        ("Hi Di Deu Wi", "hi-di-deu-wi"),
        ("HOLD'EM", "texas-holdem"),
        ("contact hold em", "contact-holdem"),
        ("contactholdem", "contact-holdem"),
        ("salt and pepper", "salt-and-pepper"),
        ("selection rejection", "selection-rejection"),
    ],
)
def test_case_apostrophes_hyphens_dots_and_spacing_do_not_matter(q, slug):
    hits = INDEX.rank(q)
    assert hits[0].key == slug
    assert hits[0].tier == Tier.EXACT


@pytest.mark.pure
@pytest.mark.parametrize(
    ("q", "slug"),
    [
        ("7 27", "seven-twenty-seven"),
        ("7/27", "seven-twenty-seven"),
        ("seven twenty seven", "seven-twenty-seven"),
        ("seven twenty-seven", "seven-twenty-seven"),
        ("five card draw", "five-card-draw"),
        ("5 card draw", "five-card-draw"),
        ("five card indian poker", "five-card-indian-poker"),
        ("7 card stud", "seven-card-stud"),
        ("seven card stud", "seven-card-stud"),
        ("3 card guts", "guts-three-card"),
    ],
)
def test_digits_and_number_words_are_the_same(q, slug):
    hits = INDEX.rank(q)
    assert hits[0].key == slug
    assert hits[0].tier == Tier.EXACT


@pytest.mark.pure
def test_three_card_and_3_card_find_the_same_games_in_the_same_order():
    assert [h.key for h in INDEX.rank("3 card")] == [h.key for h in INDEX.rank("three card")]
    first = [h.key for h in INDEX.rank("3 card") if h.tier == Tier.NAME]
    assert {"three-card-monte", "three-card-poker", "guts-three-card"} <= set(first)


@pytest.mark.pure
def test_numbers_are_never_a_typo_of_other_numbers():
    assert "guts-three-card" not in tiers("2 card guts")


@pytest.mark.pure
def test_normalise_reads_numbers_and_drops_marks():
    assert normalise("Seven Twenty-Seven") == ["7", "27"]
    assert normalise("T.N.T.") == ["tnt"]
    assert normalise("Texas Hold 'em") == ["texas", "hold", "em"]
    assert normalise("Salt & Pepper") == ["salt", "and", "pepper"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "slug"),
    [
        ("pinapple", "pineapple"),
        ("wiskey poker", "whiskey-poker"),
        ("stendhal", "stendahl"),
        ("secret squirel", "secret-squirrel"),
        ("sekret squirel", "secret-squirrel"),
        ("3 card gust", "guts-three-card"),
    ],
)
def test_a_name_one_or_two_letters_off_is_found_as_a_close_spelling(client, q, slug):
    assert api_slugs(client, q)[0] == slug
    assert page_slugs(client, q)[0] == slug
    assert tiers(q)[slug] == Tier.CLOSE


@pytest.mark.pure
def test_close_spellings_come_after_names_holding_every_word_and_before_rule_text():
    index = Index(
        [
            Entry("exact", "Pineapple"),
            Entry("words", "Crazy Pineapple"),
            Entry("close", "Pinapple Express"),
            Entry("option", "Other", options=("Pineapple draw",)),
            Entry("text", "Text", text="deal it like pineapple"),
        ]
    )
    assert [(h.key, h.tier) for h in index.rank("pineapple")] == [
        ("exact", Tier.EXACT),
        ("words", Tier.NAME),
        ("close", Tier.CLOSE),
        ("option", Tier.OPTION),
        ("text", Tier.TEXT),
    ]


@pytest.mark.django_db
def test_a_search_with_no_result_shows_the_nearest_names(client):
    html = results_html(client, "stendahlish")
    assert "No game matches" in html
    assert "Nearest names" in html
    assert 'href="/rules/stendahl/"' in html
    assert "shorter word" not in html


@pytest.mark.django_db
def test_a_search_with_no_result_under_filters_still_shows_nearest_names(client):
    html = results_html(client, "zzzqqq", family="stud")
    assert "No game matches “zzzqqq” with these filters" in html
    assert "Nearest names" in html
    assert len(re.findall(r'href="/rules/', html)) == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    "params",
    [
        {"family": "stud"},
        {"players": "2"},
        {"players": "9"},
        {"wild": "yes"},
        {"wild": "no"},
        {"highlow": "yes"},
        {"highlow": "no", "players": "5", "family": "draw"},
    ],
)
@pytest.mark.parametrize("q", ["poker", "card", "wild"])
def test_filters_apply_to_a_search_as_to_the_whole_list(client, q, params):
    unfiltered = api_slugs(client, q)
    listed = set(re.findall(r'href="/rules/([^/"]+)/"', results_html(client, "", **params)))
    assert page_slugs(client, q, **params) == [s for s in unfiltered if s in listed]


@pytest.mark.django_db
def test_house_games_are_searched_the_same_way(signed_in):
    before = api_slugs(signed_in, "kitchen sink")
    assert "kitchen-sink" not in before  # the index built before the game exists
    assert signed_in.post("/rules/house/new/", house_post()).status_code == 302
    for q in ["kitchen sink", "KITCHEN-SINK", "kitchensink", "kitchen sinc", "sink", "drain"]:
        assert api_slugs(signed_in, q)[0] == "kitchen-sink", q
        assert page_slugs(signed_in, q)[0] == "kitchen-sink", q
    assert "kitchen-sink" in api_slugs(signed_in, "sink card is wild")


@pytest.mark.django_db
def test_an_alias_that_matched_is_shown_beside_the_game(client):
    html = results_html(client, "lawyers poker")
    assert "Also: Lawyer&#x27;s Poker" in html


NAMES = [(g.slug, name) for g in GAMES for name in [g.name, *g.aliases]]


@pytest.mark.pure
@given(
    st.sampled_from(NAMES),
    st.lists(st.sampled_from(["'", "-", ".", " ", "upper"]), min_size=1, max_size=30),
    st.randoms(use_true_random=False),
)
def test_marks_and_case_never_change_what_a_name_finds(pair, marks, rng):
    slug, name = pair
    chars = list(name)
    for mark in marks:
        at = rng.randrange(len(chars))
        if mark == "upper":
            chars[at] = chars[at].upper()
        elif chars[at].isalnum():
            chars.insert(at, mark)
    mangled = "".join(chars)
    found = tiers(mangled)
    assert found.get(slug) == Tier.EXACT, mangled


# What a player types at the table, and the game it must put first (issue 24).
# The plain game of a family comes before the variants that carry its name.
TABLE_NAMES = [
    ("hold em", "texas-holdem"),
    ("holdem", "texas-holdem"),
    ("texas", "texas-holdem"),
    ("stud", "seven-card-stud"),
    ("seven stud", "seven-card-stud"),
    ("7 stud", "seven-card-stud"),
    ("draw", "five-card-draw"),
    ("draw poker", "five-card-draw"),
    ("five card draw", "five-card-draw"),
    ("guts", "guts-three-card"),
    ("two card guts", "guts-two-card"),
    ("baseball", "baseball-daytime"),
    ("acey deucey", "acey-deucey"),
    ("acey-ducey", "acey-deucey"),
    ("in between", "in-between"),
    ("between the sheets", "in-between"),
    ("screw your neighbor", "screw-your-neighbor"),
    ("screw your neighbour", "screw-your-neighbor"),
    ("chase the ace", "screw-your-neighbor"),
    ("knock", "knock-poker"),
    ("whisky poker", "whiskey-poker"),
    ("three card brag", "brag"),
    ("rap poker", "knock-poker"),
    ("blind man's bluff", "indian-poker"),
    ("pass the trash", "pass-the-trash"),
]
# Names spelled as they sound: many letters off, the same sound.
SOUND_ALIKES = [
    ("aisy dewsy", "acey-deucey"),
    ("aysee doosey", "acey-deucey"),
    ("holdum", "texas-holdem"),
    ("texis holdum", "texas-holdem"),
    ("guts with the goosh", "guts-three-card"),
    ("scru your nabor", "screw-your-neighbor"),
    ("sekrit skwirrel", "secret-squirrel"),
    ("pinapel", "pineapple"),
    ("kween and what follows", "queen-and-what-follows"),
    ("fone home", "phone-home"),
]


@pytest.mark.pure
@pytest.mark.parametrize(("q", "slug"), TABLE_NAMES)
def test_the_name_a_table_uses_finds_that_game_first_as_an_exact_name(q, slug):
    hits = INDEX.rank(q)
    assert hits[0].key == slug
    assert hits[0].tier == Tier.EXACT


@pytest.mark.pure
@pytest.mark.parametrize(("q", "slug"), SOUND_ALIKES)
def test_a_name_spelled_as_it_sounds_finds_its_game_first(q, slug):
    assert INDEX.rank(q)[0].key == slug


@pytest.mark.django_db
@pytest.mark.parametrize(("q", "slug"), TABLE_NAMES[:3] + SOUND_ALIKES[:3])
def test_the_page_and_the_api_put_the_same_game_first_for_table_names(client, q, slug):
    assert api_slugs(client, q)[0] == slug
    assert page_slugs(client, q)[0] == slug


@pytest.mark.pure
def test_the_family_name_finds_the_plain_game_before_the_variants_named_after_it():
    assert [h.key for h in INDEX.rank("baseball")][:3] == [
        "baseball-daytime",
        "midnight-baseball",
        "indian-midnight-baseball",
    ]
    assert [h.key for h in INDEX.rank("draw")][:3] == [
        "five-card-draw",
        "draw-your-own",
        "five-card-double-draw",
    ]


@pytest.mark.pure
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("aisy", "acey"),
        ("dewsy", "deucey"),
        ("holdum", "holdem"),
        ("goosh", "gooch"),
        ("scru", "screw"),
        ("nabor", "neighbor"),
        ("fone", "phone"),
        ("skwirrel", "squirrel"),
        ("knock", "nock"),
        ("wrap", "rap"),
    ],
)
def test_words_that_sound_the_same_share_a_sound_key(a, b):
    assert sound_key(a) == sound_key(b)


@pytest.mark.pure
@pytest.mark.parametrize(("a", "b"), [("guts", "gruts"), ("poker", "joker"), ("stud", "seven")])
def test_words_that_sound_different_have_different_sound_keys(a, b):
    assert sound_key(a) != sound_key(b)


@pytest.mark.pure
def test_a_sound_match_never_outranks_an_exact_all_words_or_close_match():
    index = Index(
        [
            Entry("sound", "Aisy Dewsy"),
            Entry("exact", "Acey Deucey"),
            Entry("words", "Acey Deucey Deluxe"),
            Entry("close", "Acey Deucy Express"),
            Entry("option", "Other", options=("Acey Deucey",)),
            Entry("text", "Text", text="like acey deucey"),
        ]
    )
    assert [(h.key, h.tier) for h in index.rank("acey deucey")] == [
        ("exact", Tier.EXACT),
        ("words", Tier.NAME),
        ("close", Tier.CLOSE),
        ("sound", Tier.SOUND),
        ("option", Tier.OPTION),
        ("text", Tier.TEXT),
    ]


@pytest.mark.pure
def test_every_word_must_sound_like_the_name_and_short_words_must_be_spelled_right():
    index = Index([Entry("a", "Screw Your Neighbor")])
    assert [h.tier for h in index.rank("scru your nabor")] == [Tier.SOUND]
    assert index.rank("scru your dealer") == []
    assert index.rank("scru yr nabor") == []  # "yr" is too short to sound out


@pytest.mark.pure
def test_a_name_and_an_option_that_sound_right_together_are_a_sound_match():
    index = Index(
        [
            Entry("guts", "Guts", options=("The Gooch",)),
            Entry("gooch", "Other", options=("The Gooch",)),
        ]
    )
    hits = index.rank("guts with the goosh")
    assert [(h.key, h.tier) for h in hits] == [("guts", Tier.SOUND)]
    assert "The Gooch" in hits[0].matched
    assert {(h.key, h.tier) for h in index.rank("goosh")} == {
        ("gooch", Tier.OPTION),
        ("guts", Tier.OPTION),
    }
