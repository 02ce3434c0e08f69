"""Every name the five seed pages use is in the rulebook, typed here from the seeds.

Each entry is (what a player would search for, the page it must lead to). Game
names and aliases lead to the game; an optional rule's name leads to its parent.
"""

import pytest

EXPECTED_GAMES = {
    "000": ["trash-poker"],
    "001": [
        "pass-the-trash",
        "howdy-doody",
        "push",
        "roll-your-own",
        "selection-rejection",
        "do-ya",
        "have-a-heart",
        "buddhas-folly",
        "trees",
    ],
    "002": [
        "five-card-draw",
        "seven-card-stud",
        "texas-holdem",
        "guts-three-card",
        "gruts",
        "plus-node",
        "crazy-limbo",
        "midnight-baseball",
        "baseball-daytime",
        "five-card-double-draw",
        "indian-midnight-baseball",
        "phone-home",
        "acey-deucey",
        "queen-and-what-follows",
        "deuces-jacks-man-with-the-axe",
        "monte-carlo",
        "tiramisu-cake",
        "exclusive-war",
        "ferengi-chicken",
        "pineapple",
        "salt-and-pepper",
        "secret-squirrel",
        "fish-node",
        "contact-holdem",
        "zap",
        "stampede",
        "hi-di-deu-wi",
        "chaos-wilds-poker",
        "bat-ladders",
        "zap-old",
    ],
    "003": [
        "seven-twenty-seven",
        "black-russian",
        "boo-ray",
        "guts-two-card",
        "bloody-sevens",
        "in-between",
        "indian-poker",
        "five-card-indian-poker",
        "liars-poker",
        "numbers",
        "put-and-take",
        "red-and-black",
        "screw-your-neighbor",
        "stendahl",
    ],
    "004": [
        "three-card-poker",
        "three-card-monte",
        "two-card-poker",
        "two-card-poker-deuces-wild",
        "dynamite",
        "one-card-poker",
        "show-five-cards",
        "big-sol",
        "draw-your-own",
        "whiskey-poker",
        "knock-poker",
        "knock-poker-deuces-wild",
        "brag",
        "pokino",
        "red-and-black-encyclopedia",
    ],
}

SEARCHES = [
    # seed 000
    ("Trash Poker", "trash-poker"),
    ("Black Spot", "trash-poker"),
    ("Anti-Joker", "trash-poker"),
    # seed 001
    ("Pass the Trash", "pass-the-trash"),
    ("Pass the Trash", "selection-rejection"),
    ("Anaconda", "pass-the-trash"),
    ("Howdy Doody", "howdy-doody"),
    ("Push", "push"),
    ("Roll your own", "roll-your-own"),
    ("Substitution", "push"),
    ("Selection / Rejection", "selection-rejection"),
    ("Want it? Want it? Got it!", "selection-rejection"),
    ("Polish", "selection-rejection"),
    ("Do Ya", "do-ya"),
    ("Have a Heart", "have-a-heart"),
    ("Buddha's Folly", "buddhas-folly"),
    ("Trees", "trees"),
    # seed 002
    ("Five card draw", "five-card-draw"),
    ("Seven card stud", "seven-card-stud"),
    ("Texas Hold Them", "texas-holdem"),
    ("Guts", "guts-three-card"),
    ("Guts", "guts-two-card"),
    ("The Gooch", "guts-three-card"),
    ("Gooch-zilla", "guts-three-card"),
    ("Super Gooch", "guts-three-card"),
    ("Coward tax", "guts-three-card"),
    ("Coward tariff", "guts-three-card"),
    ("Gruts", "gruts"),
    ("chawawenge", "gruts"),
    ("Plus Node", "plus-node"),
    ("Crazy Limbo", "crazy-limbo"),
    ("Midnight baseball", "midnight-baseball"),
    ("Wild tax", "midnight-baseball"),
    ("Rainout", "midnight-baseball"),
    ("Daytime", "baseball-daytime"),
    ("Five card double draw", "five-card-double-draw"),
    ("Primes are wild", "five-card-double-draw"),
    ("Indian Midnight Baseball", "indian-midnight-baseball"),
    ("Phone Home", "phone-home"),
    ("Collect call", "phone-home"),
    ("Acey Deucey", "acey-deucey"),
    ("Palansky", "acey-deucey"),
    ("Escape chance", "acey-deucey"),
    ("Queen and what follows", "queen-and-what-follows"),
    ("Man with the axe", "deuces-jacks-man-with-the-axe"),
    ("Monte carlo", "monte-carlo"),
    ("Tiramisu", "tiramisu-cake"),
    ("Exclusive war", "exclusive-war"),
    ("Ferengi Chicken", "ferengi-chicken"),
    ("Pineapple", "pineapple"),
    ("Salt and pepper", "salt-and-pepper"),
    ("Secret Squirrel", "secret-squirrel"),
    ("Fish Node", "fish-node"),
    ("Fish Flop", "fish-node"),
    ("Contact Hold'em", "contact-holdem"),
    ("Foald blood rule", "contact-holdem"),
    ("Zap", "zap"),
    ("Zap", "zap-old"),
    ("Greased lightning", "zap"),
    ("Gooey lightning", "zap"),
    ("Stampede", "stampede"),
    ("Hi Di Deu Wi", "hi-di-deu-wi"),
    ("Stealth high diamonds", "hi-di-deu-wi"),
    ("Chaos Wilds Poker", "chaos-wilds-poker"),
    ("Bat Ladders", "bat-ladders"),
    # seed 003
    ("7/27", "seven-twenty-seven"),
    ("Black Russian", "black-russian"),
    ("Dirty Black Russian", "black-russian"),
    ("Dirty Spades", "black-russian"),
    ("Everyone Plays First Round", "black-russian"),
    ("Boo Ray", "boo-ray"),
    ("Beat the deck", "guts-two-card"),
    ("Limit match", "guts-two-card"),
    ("Auction Guts", "guts-two-card"),
    ("Bloody Sevens", "bloody-sevens"),
    ("In Between", "in-between"),
    ("Between the Sheets", "in-between"),
    ("Acey Duecy", "in-between"),
    ("Indian Poker", "indian-poker"),
    ("5 Card Indian Poker", "five-card-indian-poker"),
    ("Liar's Poker", "liars-poker"),
    ("Lawyer's Poker", "liars-poker"),
    ("Numbers", "numbers"),
    ("Put and Take", "put-and-take"),
    ("Red and Black", "red-and-black"),
    ("Red and Black", "red-and-black-encyclopedia"),
    ("Screw Your Neighbor", "screw-your-neighbor"),
    ("Stendahl", "stendahl"),
    # seed 004
    ("Three card Poker", "three-card-poker"),
    ("Three-Card Monte", "three-card-monte"),
    ("Three-Toed Pete", "three-card-monte"),
    ("Two-Card Poker", "two-card-poker"),
    ("Frustration", "two-card-poker"),
    ("Two-Card Poker, Deuces Wild", "two-card-poker-deuces-wild"),
    ("Dynamite", "dynamite"),
    ("Gruesome Two-Some", "dynamite"),
    ("Double Trouble", "dynamite"),
    ("One-Card Poker", "one-card-poker"),
    ("Lazy Edna", "one-card-poker"),
    ("Lazy Mary", "one-card-poker"),
    ("Show Five Cards", "show-five-cards"),
    ("Big Sol", "big-sol"),
    ("T.N.T.", "big-sol"),
    ("Snookie", "big-sol"),
    ("Draw your Own", "draw-your-own"),
    ("Whiskey Poker", "whiskey-poker"),
    ("Knock Poker", "knock-poker"),
    ("Rap Poker", "knock-poker"),
    ("Knock Poker Deuces Wild", "knock-poker-deuces-wild"),
    ("Brag", "brag"),
    ("braggers", "brag"),
    ("Pokino", "pokino"),
]


@pytest.mark.django_db
def test_the_rulebook_holds_exactly_the_seed_games(client):
    listed = {row["slug"] for row in client.get("/api/variants/").json()["results"]}
    expected = {slug for slugs in EXPECTED_GAMES.values() for slug in slugs}
    assert listed == expected
    assert len(expected) == 69


@pytest.mark.django_db
@pytest.mark.parametrize(("seed", "slug"), [(s, g) for s, gs in EXPECTED_GAMES.items() for g in gs])
def test_each_game_credits_its_seed(client, seed, slug):
    rules = client.get(f"/api/variants/{slug}/").json()["rules"]
    assert rules["source"]["seed"] == seed


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "slug"), SEARCHES)
def test_every_seed_name_is_findable(client, query, slug):
    found = [r["slug"] for r in client.get("/api/variants/", {"search": query}).json()["results"]]
    assert slug in found
    assert f'href="/rules/{slug}/"' in client.get("/rules/", {"q": query}).content.decode()


@pytest.mark.django_db
def test_a_shared_alias_shows_both_games(client):
    body = client.get("/rules/", {"q": "pass the trash"}).content.decode()
    assert 'href="/rules/pass-the-trash/"' in body
    assert 'href="/rules/selection-rejection/"' in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "other"),
    [
        ("guts-three-card", "guts-two-card"),
        ("acey-deucey", "in-between"),
        ("red-and-black", "red-and-black-encyclopedia"),
    ],
)
def test_two_tellings_of_one_game_are_labelled_and_linked(client, slug, other):
    first = client.get(f"/api/variants/{slug}/").json()["rules"]
    second = client.get(f"/api/variants/{other}/").json()["rules"]
    assert first["version"]
    assert second["version"]
    assert first["version"] != second["version"]
    assert other in first["versions"]
    assert slug in second["versions"]
    assert f'href="/rules/{other}/"' in client.get(f"/rules/{slug}/").content.decode()
