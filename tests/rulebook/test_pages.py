"""Every rule page, dealer screen and rulebook page renders."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from rulebook import dealer
from rulebook.loader import load_games

GAMES = load_games()
PLAYABLE = [g for g in GAMES if g.has_rules]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/rules/", "/rules/all/", "/rules/hand-rankings/", "/sw.js"])
def test_rulebook_pages_render(client, url):
    assert client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_page_renders_with_its_phases(client, game):
    response = client.get(reverse("rulebook:game", args=[game.slug]))
    assert response.status_code == 200
    body = response.content.decode()
    for phase in game.phases:
        assert phase.title in body.replace("&#x27;", "'").replace("&quot;", '"')
    for option in game.options:
        assert f'id="option-{option.id}"' in body


@pytest.mark.django_db
def test_index_lists_every_game(client):
    body = client.get("/rules/").content.decode()
    for game in GAMES:
        assert reverse("rulebook:game", args=[game.slug]) in body


def deal_urls(game):
    """Setup screen plus every step, with no options and with each option alone."""
    choices = [[]] + [[o.id] for o in game.options]
    for chosen in choices:
        opts = dealer.chosen_options(game, chosen)
        total = len(dealer.hand_phases(game, opts, dealer.table_settings(game, {})))
        base = reverse("rulebook:deal", args=[game.slug])
        yield base + "?" + urlencode({"opt": chosen}, doseq=True), None
        for step in range(1, total + 1):
            query = urlencode({"players": 5, "opt": chosen, "step": step}, doseq=True)
            yield f"{base}?{query}", (step, total)


@pytest.mark.django_db
@pytest.mark.parametrize("game", PLAYABLE, ids=lambda g: g.slug)
def test_every_dealer_step_renders_for_every_option(client, game):
    for url, position in deal_urls(game):
        response = client.get(url)
        assert response.status_code == 200, url
        if position:
            assert f"Step {position[0]} of {position[1]}" in response.content.decode(), url


@pytest.mark.django_db
def test_dealer_step_links_carry_position_and_options(client):
    response = client.get("/rules/trash-poker/deal/?players=4&opt=black-spot&step=2")
    body = response.content.decode()
    assert "step=3" in body
    assert "step=1" in body
    assert "opt=black-spot" in body
    assert "players=4" in body


@pytest.mark.django_db
def test_dealer_step_under_htmx_returns_only_the_step(client):
    response = client.get("/rules/trash-poker/deal/?step=2", headers={"HX-Request": "true"})
    body = response.content.decode()
    assert 'id="step"' in body
    assert "<html" not in body


@pytest.mark.django_db
def test_clashing_options_are_explained(client):
    game = next(g for g in GAMES if any(o.excludes for o in g.options))
    first = next(o for o in game.options if o.excludes)
    query = urlencode({"opt": [first.id, first.excludes[0]], "step": 1}, doseq=True)
    response = client.get(reverse("rulebook:deal", args=[game.slug]) + "?" + query)
    assert response.status_code == 400
    assert "cannot be played together" in response.content.decode()


@pytest.mark.django_db
def test_game_without_rules_says_so_and_has_no_dealer_mode(client):
    for game in (g for g in GAMES if not g.has_rules):
        body = client.get(reverse("rulebook:game", args=[game.slug])).content.decode()
        assert "gives no rules" in body
        assert client.get(reverse("rulebook:deal", args=[game.slug])).status_code == 404


@pytest.mark.django_db
def test_unknown_game_is_404(client):
    assert client.get("/rules/no-such-game/").status_code == 404


@pytest.mark.django_db
def test_games_link_to_the_hand_rankings_they_use(client):
    body = client.get("/rules/trash-poker/").content.decode()
    assert "/rules/hand-rankings/#natural_beats_wild" in body
    rankings = client.get("/rules/hand-rankings/").content.decode()
    for game in GAMES:
        for section in game.rankings:
            assert f'id="{section}"' in rankings


@pytest.mark.django_db
def test_service_worker_never_caches_ledger_pages(client):
    body = client.get("/sw.js").content.decode()
    assert "/nights/" not in body.split("CACHEABLE")[1].split(";")[0]
    assert "^\\/rules\\/" in body


@pytest.mark.django_db
def test_four_colour_suits_toggle_by_post(client):
    response = client.post("/prefs/suits/", {"four": "1", "next": "/rules/hand-rankings/"})
    assert response.status_code == 302
    assert 'class="four-suits"' in client.get("/rules/hand-rankings/").content.decode()
    client.post("/prefs/suits/", {"four": "0", "next": "https://evil.example/"})
    assert 'class="four-suits"' not in client.get("/rules/").content.decode()


@pytest.mark.django_db
def test_suits_toggle_refuses_get(client):
    assert client.get("/prefs/suits/?four=1").status_code == 405


@pytest.mark.django_db
def test_rule_pages_for_visitors_carry_no_csrf_token_and_vary_on_cookie(client):
    response = client.get("/rules/trash-poker/")
    assert "csrfmiddlewaretoken" not in response.content.decode()
    assert "x-csrftoken" not in response.content.decode()
    assert "Cookie" in response["Vary"]
    assert not response.cookies


@pytest.mark.django_db
def test_signed_in_users_always_get_a_fresh_rule_page(signed_in):
    from django.test import Client

    visitor = Client()
    visitor.get("/rules/trash-poker/")
    signed_in.post("/rules/trash-poker/notes/", {"house_notes": "Two-chip ante here."})
    assert "Two-chip ante here." in signed_in.get("/rules/trash-poker/").content.decode()


@pytest.mark.django_db
def test_suit_colours_switch_without_a_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/prefs/suits/", {"four": "1", "next": "/rules/"})
    assert response.status_code == 302
    assert response.cookies["suits"].value == "four"


@pytest.mark.django_db
def test_visitors_with_four_colour_suits_get_their_own_copy(client):
    client.get("/rules/hand-rankings/")
    client.cookies["suits"] = "four"
    assert 'class="four-suits"' in client.get("/rules/trash-poker/").content.decode()
    del client.cookies["suits"]
    assert 'class="four-suits"' not in client.get("/rules/trash-poker/").content.decode()


# Table settings in dealer mode and on the rule page

GUTS = next(g for g in GAMES if g.slug == "guts-three-card")


def text_of(rule_id, game=GUTS):
    return next(
        r.text
        for r in [*game.money, *(m for o in game.options for m in o.money)]
        if r.id == rule_id
    )


def page(client, url):
    response = client.get(url)
    return response.status_code, response.content.decode().replace("&#x27;", "'")


@pytest.mark.django_db
def test_setup_offers_every_setting_with_its_default_picked(client):
    status, body = page(client, "/rules/guts-three-card/deal/")
    assert status == 200
    for setting in GUTS.settings:
        for choice in setting.choices:
            checked = " checked" if choice == setting.default else ""
            assert (
                f'name="set.{setting.id}" value="{choice}" id="set-{setting.id}-{choice}"{checked}>'
                in body
            )


@pytest.mark.django_db
def test_setup_keeps_the_settings_chosen_so_far(client):
    status, body = page(client, "/rules/guts-three-card/deal/?set.gutser-penalty=one-pot")
    assert status == 200
    assert 'value="one-pot" id="set-gutser-penalty-one-pot" checked>' in body
    assert 'value="twice-pot" id="set-gutser-penalty-twice-pot">' in body


@pytest.mark.django_db
def test_a_step_shows_only_the_money_rules_the_settings_put_in_force(client):
    showdown = 1 + [p.id for p in dealer.hand_phases(GUTS, [], {})].index("showdown")
    base = f"/rules/guts-three-card/deal/?players=4&step={showdown}"
    _, default = page(client, base)
    assert text_of("gutser-pays-twice") in default
    assert text_of("gutser-pays-pot") not in default
    status, one_pot = page(client, base + "&set.gutser-penalty=one-pot")
    assert status == 200
    assert text_of("gutser-pays-pot") in one_pot
    assert text_of("gutser-pays-twice") not in one_pot
    # The links carry the changed setting (and only the changed ones) to the next step.
    assert "set.gutser-penalty=one-pot" in one_pot
    assert "set.gooch-rounding" not in one_pot
    assert "Table settings: The pot's size" in one_pot


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["set.gutser-penalty=thrice", "set.no-such=1"])
def test_a_setting_the_game_lacks_is_refused_on_the_setup_page(client, query):
    status, body = page(client, f"/rules/guts-three-card/deal/?step=2&{query}")
    assert status == 400
    assert "not one of the choices" in body or "has no table setting called 'no-such'" in body


@pytest.mark.django_db
@pytest.mark.parametrize("game", [g for g in PLAYABLE if g.settings], ids=lambda g: g.slug)
def test_every_step_renders_with_every_setting_changed(client, game):
    changed = {f"set.{s.id}": next(c for c in s.choices if c != s.default) for s in game.settings}
    chosen = {key.removeprefix("set."): choice for key, choice in changed.items()}
    total = len(dealer.hand_phases(game, [], chosen))
    base = reverse("rulebook:deal", args=[game.slug])
    for step in range(1, total + 1):
        response = client.get(f"{base}?{urlencode(changed | {'step': step})}")
        assert response.status_code == 200, (game.slug, step)


@pytest.mark.django_db
def test_tables_differ_says_which_money_rules_each_choice_switches_on(client):
    _, body = page(client, "/rules/guts-three-card/")
    differ = body.split("<h2>Tables differ</h2>")[1]
    penalty = differ.split(GUTS.settings[0].question)[1].split("</div>")[0]
    twice, one = penalty.split("The pot's size")
    assert text_of("gutser-pays-twice") in twice
    assert text_of("gutser-pays-pot") in one
    # A rule of an option says which option it belongs to.
    rounding = differ.split("Where does the odd coin go?")[1].split("</div>")[0]
    assert f"{text_of('gooch-half-up')}" in rounding
    assert "(with The Gooch)" in rounding


@pytest.mark.django_db
def test_the_money_list_marks_rules_that_depend_on_a_setting(client):
    _, body = page(client, "/rules/guts-three-card/")
    money = body.split("<h2>Money</h2>")[1].split("<h2>")[0]
    assert "only with: The pot's size, doubling what was there." in money


@pytest.mark.django_db
def test_a_game_over_several_deals_says_when_it_ends_and_why_the_pot_rides(client):
    _, body = page(client, "/rules/guts-three-card/")
    assert f"ends {GUTS.deals.ends}" in body
    assert f"Pot rides: {GUTS.deals.rides}." in body
    assert "Rides to the next deal." in body
    _, brag = page(client, "/rules/brag/")
    assert "Goes back to whoever put it in." in brag


# Steps that depend on a setting, and the step count before the hand starts
DAYTIME = next(g for g in GAMES if g.slug == "baseball-daytime")


def start_button(body: str) -> str:
    return body.split('name="step" value="1">')[1].split("</button>")[0]


@pytest.mark.django_db
def test_the_start_button_counts_the_steps_after_options_and_settings(client):
    plain = len(dealer.hand_phases(DAYTIME, [], {}))
    _, body = page(client, "/rules/baseball-daytime/deal/")
    assert start_button(body) == f"Start: {plain} steps"
    _, body = page(client, "/rules/baseball-daytime/deal/?opt=rainout")
    assert start_button(body) == f"Start: {plain + 1} steps"
    _, body = page(client, "/rules/baseball-daytime/deal/?opt=rainout&set.first-bet=no")
    assert start_button(body) == f"Start: {plain} steps"


@pytest.mark.django_db
def test_first_bet_after_the_first_up_card_leaves_out_the_first_betting_step(client):
    _, usual = page(client, "/rules/baseball-daytime/deal/?step=3")
    assert "<h1>Betting round</h1>" in usual
    assert "First two cards" in usual
    _, later = page(client, "/rules/baseball-daytime/deal/?step=3&set.first-bet=no")
    assert "<h1>One up</h1>" in later


@pytest.mark.django_db
def test_changing_an_option_under_htmx_returns_only_the_step_count(client):
    response = client.get(
        "/rules/baseball-daytime/deal/?opt=rainout", headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="steps">')
    assert "Rainout?" in body


@pytest.mark.django_db
def test_what_the_source_leaves_open_is_on_the_rule_page_and_never_on_a_dealer_step(client):
    note = "The page does not say how the pot is started"
    _, rules = page(client, "/rules/baseball-daytime/")
    assert f"From the source: {note}" in rules
    _, step = page(client, "/rules/baseball-daytime/deal/?step=1")
    assert note not in step
    assert "From the source" not in step


@pytest.mark.django_db
def test_a_bet_against_the_pot_reads_as_a_range_and_an_option_says_its_first_round(client):
    _, body = page(client, "/rules/acey-deucey/")
    money = body.split("<h2>Money</h2>")[1].split("<h2>")[0]
    assert (
        "— a bet from 0.05 in money up to the whole pot, which the pot pays to the player "
        "doing it." in money
    )
    assert "per turn" not in money
    options = body.split("<h2>Options</h2>")[1].split("<h2>")[0]
    palansky = options.split('id="option-palansky"')[1].split('id="option-')[0]
    assert (
        "First trip round the table: on each player's first turn of the game, a bet must be "
        "less than the whole pot." in palansky
    )
    _, between = page(client, "/rules/in-between/")
    assert (
        "— a bet from 1 chip up to the whole pot, which the player doing it pays to the pot, "
        "at most an agreed amount (the dealer's maximum loss)." in between
    )
    assert "the dealer's maximum loss or the whole pot, whichever is smaller" in between


@pytest.mark.django_db
def test_knock_poker_reads_each_payment_once_with_no_per(client):
    body = " ".join(client.get("/rules/knock-poker/").content.decode().split())
    assert "each player who stayed in pays 2 chips to the knocker." in body
    assert "the knocker pays 2 chips to each player who stayed in." in body
    assert "each player who folded pays 1 chip to the knocker." in body
    assert " per player who" not in body
