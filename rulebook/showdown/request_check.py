"""What the showdown helper accepts: one validation layer for the API and the "Who wins?" page.

Pure Python, no Django. `POST /api/showdown/` hands its JSON body to `read`,
and the page builds the same dict from its form fields and hands it to the
same `read`, so a hand typed on a phone and the same hand sent as JSON are
accepted or refused together, with the same message. `run` then ranks the
hands with `rulebook.showdown.evaluation.evaluate`.

Every refusal is a `RequestError` in table words, with the field it is about
(`hands.Ann.cards`, `settings.low`, or None for the request as a whole); the
card and showdown modules' own errors (`CardError`, `ShowdownError`) come out
the same way. Every value is bounded before it is parsed: at most 12 players,
names of 1 to 40 characters, 25 cards a hand, 10 on the board, every string
short, and no key the request does not know.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook import dealer, schema
from rulebook.showdown.cards import Card, CardError, parse_cards
from rulebook.showdown.evaluation import (
    Holding,
    Result,
    ShowdownError,
    declares,
    declares_both,
    evaluate,
    rules_in_force,
)

MOST_PLAYERS = 12
NAME = 40
MOST_CARDS = 25  # in one hand
MOST_BOARD = 10  # cards on the table
MOST_UP_ORDER = 120  # every face-up card of a deal, in order
MOST_WILD_RANKS = 13
MOST_OPTIONS = 30
MOST_SETTINGS = 30
ID = 80  # a slug, an option's or a setting's id, a choice
CARD_TEXT = 12  # one card as typed: "10h", "joker", "A♠"
CARDS_TEXT = 400  # a hand typed on one line
RANKS = ("high", "low-a5", "low-27", "low-8-or-better", "high-low")
RANK_WORDS = {
    "high": "High hand wins",
    "low-a5": "Low wins, ace to five (straights and flushes do not count)",
    "low-27": "Low wins, deuce to seven (straights and flushes count against you)",
    "low-8-or-better": "Low wins, ace to five, eight or better to qualify",
    "high-low": "High and low split (low eight or better)",
}
DECLARES = ("high", "low", "both")
KEYS = ("game", "rank", "options", "settings", "board", "up_order", "wild_ranks", "hands")
HAND_KEYS = ("cards", "up", "extra")
EXTRA_KEYS = ("paid", "declare", "folded")
WILD_RANKS = {
    **{str(n): n for n in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}

NOT_AN_OBJECT = (
    'Send a JSON object with the hands, such as {{"hands": {{"Ann": {{"cards": '
    '"As Kd 7h Tc 2s"}}}}}}, not {value}.'
)
UNKNOWN_KEY = "{where} has no field called “{key}”; the fields are {known}."
NOT_TEXT = "{label} must be text, not {value}."
TOO_LONG = "{label} can be at most {most} characters; this one has {length}."
CONTROL = "{label} contains a control character; type it again without it."
NOT_A_LIST = "{label} must be a list, not {value}."
TOO_MANY = "{label} lists {count}; at most {most}."
NOT_CARDS = (
    "{label} must be cards typed on one line, such as “As Kd 7h Tc 2s”, "
    'or a list such as ["As", "Kd"], not {value}.'
)
SETTINGS_NOT_AN_OBJECT = (
    'Settings must be an object of each setting and the table\'s choice, such as {{"low": "a5"}}, '
    "not {value}."
)
HANDS_NOT_AN_OBJECT = (
    'The hands must be an object of each player\'s name and cards, such as {{"Ann": '
    '{{"cards": "As Kd 7h Tc 2s"}}}}, not {value}.'
)
HAND_NOT_AN_OBJECT = (
    "{name}'s hand must be an object with their cards, such as "
    '{{"cards": "As Kd 7h Tc 2s"}}, not {value}.'
)
EXTRA_NOT_AN_OBJECT = (
    '{name}\'s extra must be an object such as {{"paid": 1, "declare": "high"}}, not {value}.'
)
NOT_FOLDED = "{label} must be true or false, not {value}."
NO_GAME = "There is no game called “{slug}” in the rulebook."
NO_RULES = "The rulebook names {game} but has no rules for it, so it cannot rank the hands."
NO_HELPER = "{game} has no showdown helper: {why}"
RANK_WITH_GAME = (
    "{game} ranks hands by its own rules: leave out rank (it is only for hands with no game)."
)
BAD_RANK = "rank must be one of {choices}, not {value}."
GAME_ONLY = "{label} belong to a game: name the game, or leave them out."
NO_PLAYERS = "Name at least one player and give their cards."
TOO_MANY_PLAYERS = "At most {most} players can show down together; this has {count}."
NO_NAME = "Every player needs a name."
NAME_TOO_LONG = "A player's name can be at most {most} characters; “{name}…” has {length}."
SAME_NAME = "Two players are called “{name}”: give each player a name of their own."
NO_CARDS = "{name} has no cards: tap them in the grid or type them, such as “As Kd 7h Tc 2s”."
UP_NOT_HELD = "{card} is face up for {name}, but it is not among {name}'s cards."
NOT_A_WILD_RANK = "A wild rank is 2 to 10, J, Q, K or A (such as “Q” or “3 9”), not {value}."
NOT_WHOLE = "{label} must be a whole number from 0 to {most}, not {value}."
NOT_A_DECLARE = "{label} must be high, low or both, not {value}."
NO_BOTH = "{game}: nobody declares both at this table, so {name} declares high or low."

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
_DIGITS = re.compile(r"[0-9]{1,3}", re.ASCII)
_SPLIT = re.compile(r"[\s,]+")


class RequestError(ValueError):
    """A showdown request the helper will not take; the message says why in table words.

    `field` names the part of the request it is about, as a dotted path
    (`hands.Ann.cards`), or is None when it is about the hands as a whole
    (a card in two hands, a rule of the game).
    """

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


FindGame = Callable[[str], "schema.Game | None"]


@dataclass(frozen=True)
class Request:
    """A checked showdown request, ready for `evaluate`."""

    game: schema.Game | None
    rank: str | None
    options: tuple[str, ...] = ()
    settings: dict[str, str] = field(default_factory=dict)
    board: tuple[Card, ...] = ()
    up_order: tuple[Card, ...] = ()
    wild_ranks: tuple[int, ...] = ()
    hands: dict[str, Holding] = field(default_factory=dict)


def read(data: object, find_game: FindGame) -> Request:
    """The request as `evaluate` takes it, or RequestError saying what to change.

    `find_game` answers the rule data of a game by slug, or None when the
    rulebook has no such game (the views look it up in the database).
    """
    if not isinstance(data, Mapping):
        raise RequestError(NOT_AN_OBJECT.format(value=_shown(data)))
    _known_keys(data, KEYS, "The request")
    game = _game(data.get("game"), find_game)
    rank = _rank(data.get("rank"), game)
    options: tuple[str, ...] = ()
    settings: dict[str, str] = {}
    if game is None:
        _list(data.get("options"), label="Options", field="options", most=MOST_OPTIONS)
        if data.get("settings") is not None and not isinstance(data["settings"], Mapping):
            shown = _shown(data["settings"])
            raise RequestError(SETTINGS_NOT_AN_OBJECT.format(value=shown), "settings")
        for key, label in (("options", "Options"), ("settings", "Settings")):
            if data.get(key):
                raise RequestError(GAME_ONLY.format(label=label), key)
    else:
        options = _options(data.get("options"), game)
        settings = _settings(data.get("settings"), game)
    board = tuple(_cards(data.get("board"), label="The board", field="board", most=MOST_BOARD))
    up_order = tuple(
        _cards(
            data.get("up_order"),
            label="The order of the face-up cards",
            field="up_order",
            most=MOST_UP_ORDER,
        )
    )
    wild_ranks = _wild_ranks(data.get("wild_ranks"))
    hands = _hands(data.get("hands"))
    if game is not None and not declares_both(game, settings):
        for name, holding in hands.items():
            if holding.declare == "both":
                path = f"hands.{name}.extra.declare"
                raise RequestError(NO_BOTH.format(game=game.name, name=name), path)
    return Request(
        game=game,
        rank=rank,
        options=options,
        settings=settings,
        board=board,
        up_order=up_order,
        wild_ranks=wild_ranks,
        hands=hands,
    )


def run(request: Request) -> Result:
    """Rank the hands; the card and showdown modules' refusals come out as RequestError."""
    try:
        return evaluate(
            request.game,
            request.hands,
            board=request.board,
            options=request.options,
            settings=request.settings or None,
            rank=request.rank,
            wild_ranks=request.wild_ranks,
            up_order=request.up_order,
        )
    except (CardError, ShowdownError) as exc:
        raise RequestError(str(exc)) from None


def check(data: object, find_game: FindGame) -> Result:
    """`read` then `run`: the whole answer to one request, or RequestError."""
    return run(read(data, find_game))


def player_names(names: Sequence[object]) -> list[str]:
    """Each player's name trimmed, 1 to 40 characters, no two alike in any case."""
    if len(names) > MOST_PLAYERS:
        raise RequestError(TOO_MANY_PLAYERS.format(most=MOST_PLAYERS, count=len(names)), "hands")
    seen: dict[str, str] = {}
    trimmed = []
    for raw in names:
        name = _name(raw)
        if name.casefold() in seen:
            raise RequestError(SAME_NAME.format(name=name), f"hands.{name}")
        seen[name.casefold()] = name
        trimmed.append(name)
    return trimmed


def parse_field(value: object, *, label: str, field: str, most: int = MOST_CARDS) -> list[Card]:
    """Cards typed in one field, read as a hand's cards are (the page's tap grid reads them)."""
    return _cards(value, label=label, field=field, most=most)


def parse_one(code: str) -> Card:
    """One card's code, such as a tap grid button names: "As", "Td", "BS"."""
    cards = _cards([code], label="The card", field="", most=1)
    return cards[0]


# What the page needs to know about a game's showdown: which fields to ask for.


def needs_board(game: schema.Game | None) -> bool:
    """Cards on the table: shared into every hand or naming wilds (always offered with no game)."""
    return game is None or game.showdown.board != "none"


def needs_up_order(game: schema.Game | None) -> bool:
    """A follower wild is worked out from the order the face-up cards were dealt."""
    return game is not None and any(w.follows is not None for w in game.showdown.wilds)


def needs_wild_ranks(game: schema.Game | None) -> bool:
    """Ranks the table names wild: with no game, or for wilds worked out during the deal."""
    return game is None or any(w.follows is not None or w.named for w in game.showdown.wilds)


def needs_folded(game: schema.Game | None) -> bool:
    """A folded seat's face-up cards still count for its neighbours (a pooled showdown)."""
    return game is not None and game.showdown.pool.neighbours > 0


def needs_paid(game: schema.Game | None) -> bool:
    return game is not None and any(w.paid for w in game.showdown.wilds)


def needs_declare(
    game: schema.Game | None,
    options: Sequence[str] = (),
    settings: Mapping[str, str] | None = None,
) -> bool:
    """Whether each player declares, as the game is played with these options and settings."""
    if game is None:
        return False
    try:
        return declares(game, options, settings)
    except (ShowdownError, dealer.SettingError, dealer.OptionError):
        return declares(game)


def has_jokers(game: schema.Game | None) -> int:
    """How many jokers the tap grid offers: the deck's, or two when a rule makes jokers wild."""
    if game is None:
        return 0
    if game.deck.jokers:
        return game.deck.jokers
    return 2 if any(w.jokers for w in game.showdown.wilds) else 0


def jokers_in_play(
    game: schema.Game | None,
    options: Sequence[str] = (),
    settings: Mapping[str, str] | None = None,
) -> int:
    """How many jokers a tap grid offers as the table plays the game: the deck's, or two
    when a wild rule in force under these options and settings makes jokers wild (an
    option's jokers only with that option on), as the helper counts them."""
    if game is None:
        return 0
    if game.deck.jokers:
        return game.deck.jokers
    if not game.showdown.helper:
        return has_jokers(game)
    try:
        wilds = rules_in_force(game, options, settings).wilds
    except ShowdownError:
        return has_jokers(game)
    return 2 if any(w.jokers for w in wilds) else 0


def has_black_spot(game: schema.Game | None) -> bool:
    return game is not None and (
        game.deck.black_spot
        or any(c.black_spot for c in [*game.showdown.kill_cards, *game.showdown.auto_wins])
    )


def showdown_options(game: schema.Game) -> list[schema.Option]:
    """The game's options that change the showdown (a wild, a kill card, a whole-showdown field)."""
    used = {item.option for item in game.showdown.scoped() if item.option}
    used |= set(game.showdown.by_option)
    return [option for option in game.options if option.id in used]


def showdown_settings(game: schema.Game) -> list[schema.Setting]:
    """The game's settings whose choice changes the showdown."""
    used = {key for item in game.showdown.scoped() for key in item.when}
    used |= set(game.showdown.by_setting)
    return [setting for setting in game.settings if setting.id in used]


# The parts of a request.


def _known_keys(
    data: Mapping[object, object], known: Sequence[str], where: str, path: str = ""
) -> None:
    for key in data:
        if key not in known:
            shown = key if isinstance(key, str) else repr(key)
            raise RequestError(
                UNKNOWN_KEY.format(where=where, key=_cut(shown), known=", ".join(known)),
                f"{path}{_cut(shown)}",
            )


def _game(value: object, find_game: FindGame) -> schema.Game | None:
    if value is None or value == "":
        return None
    slug = _text(value, label="game", field="game", most=ID)
    game = find_game(slug) if _SLUG.fullmatch(slug) else None
    if game is None:
        raise RequestError(NO_GAME.format(slug=slug), "game")
    if not game.has_rules:
        raise RequestError(NO_RULES.format(game=game.name), "game")
    if not game.showdown.helper:
        raise RequestError(NO_HELPER.format(game=game.name, why=game.showdown.no_helper), "game")
    return game


def _rank(value: object, game: schema.Game | None) -> str | None:
    if game is not None:
        if value is not None and value != "":
            raise RequestError(RANK_WITH_GAME.format(game=game.name), "rank")
        return None
    if value is None:
        return "high"
    if not isinstance(value, str) or value not in RANKS:
        raise RequestError(BAD_RANK.format(choices=", ".join(RANKS), value=_shown(value)), "rank")
    return value


def _options(value: object, game: schema.Game) -> tuple[str, ...]:
    ids = _list(value, label="Options", field="options", most=MOST_OPTIONS)
    chosen = [_text(item, label="An option", field="options", most=ID) for item in ids]
    try:
        return tuple(option.id for option in dealer.chosen_options(game, chosen))
    except dealer.OptionError as exc:
        raise RequestError(str(exc), "options") from None


def _settings(value: object, game: schema.Game) -> dict[str, str]:
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise RequestError(SETTINGS_NOT_AN_OBJECT.format(value=_shown(value)), "settings")
    if len(value) > MOST_SETTINGS:
        raise RequestError(
            TOO_MANY.format(label="Settings", count=len(value), most=MOST_SETTINGS), "settings"
        )
    asked = {}
    for key, choice in value.items():
        setting = _text(key, label="A setting", field="settings", most=ID)
        asked[setting] = _text(
            choice, label=f"Setting {setting}", field=f"settings.{setting}", most=ID
        )
    try:
        return dealer.table_settings(game, asked)
    except dealer.SettingError as exc:
        raise RequestError(str(exc), "settings") from None


def _hands(value: object) -> dict[str, Holding]:
    if value is None or (isinstance(value, Mapping) and not value):
        raise RequestError(NO_PLAYERS, "hands")
    if not isinstance(value, Mapping):
        raise RequestError(HANDS_NOT_AN_OBJECT.format(value=_shown(value)), "hands")
    names = player_names(list(value))
    hands: dict[str, Holding] = {}
    for name, raw in zip(names, value.values(), strict=True):
        hands[name] = _holding(name, raw)
    return hands


def _holding(name: str, raw: object) -> Holding:
    path = f"hands.{name}"
    if not isinstance(raw, Mapping):
        raise RequestError(HAND_NOT_AN_OBJECT.format(name=name, value=_shown(raw)), path)
    _known_keys(raw, HAND_KEYS, f"{name}'s hand", f"{path}.")
    cards = _cards(
        raw.get("cards"), label=f"{name}'s cards", field=f"{path}.cards", most=MOST_CARDS
    )
    if not cards:
        raise RequestError(NO_CARDS.format(name=name), f"{path}.cards")
    up = _cards(raw.get("up"), label=f"{name}'s face-up cards", field=f"{path}.up", most=MOST_CARDS)
    left = list(cards)
    for card in up:
        if card not in left:
            raise RequestError(UP_NOT_HELD.format(card=card.label, name=name), f"{path}.up")
        left.remove(card)
    extra = raw.get("extra")
    if extra is None:
        extra = {}
    if not isinstance(extra, Mapping):
        raise RequestError(
            EXTRA_NOT_AN_OBJECT.format(name=name, value=_shown(extra)), f"{path}.extra"
        )
    _known_keys(extra, EXTRA_KEYS, f"{name}'s extra", f"{path}.extra.")
    paid = _paid(extra.get("paid"), name, f"{path}.extra.paid")
    declare = _declare(extra.get("declare"), name, f"{path}.extra.declare")
    folded = extra.get("folded")
    if folded is None:
        folded = False
    if not isinstance(folded, bool):
        label = f"Whether {name} folded"
        raise RequestError(
            NOT_FOLDED.format(label=label, value=_shown(folded)), f"{path}.extra.folded"
        )
    return Holding(cards=tuple(cards), up=tuple(up), paid=paid, declare=declare, folded=folded)


def _paid(value: object, name: str, path: str) -> int | None:
    if value is None:
        return None
    label = f"The wilds {name} paid for"
    if isinstance(value, bool):
        raise RequestError(
            NOT_WHOLE.format(label=label, most=MOST_CARDS, value=_shown(value)), path
        )
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and _DIGITS.fullmatch(value):
        number = int(value)
    else:
        raise RequestError(
            NOT_WHOLE.format(label=label, most=MOST_CARDS, value=_shown(value)), path
        )
    if not 0 <= number <= MOST_CARDS:
        raise RequestError(
            NOT_WHOLE.format(label=label, most=MOST_CARDS, value=_shown(value)), path
        )
    return number


def _declare(value: object, name: str, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in DECLARES:
        label = f"{name}'s declaration"
        raise RequestError(NOT_A_DECLARE.format(label=label, value=_shown(value)), path)
    return value


def _cards(value: object, *, label: str, field: str, most: int) -> list[Card]:
    """Cards typed on one line or listed one a string, at most `most` of them."""
    if value is None:
        return []
    if isinstance(value, str):
        text = _text(value, label=label, field=field, most=CARDS_TEXT)
        items = [word for word in _SPLIT.split(text) if word]
    elif isinstance(value, list | tuple):
        if len(value) > most:
            raise RequestError(
                TOO_MANY.format(label=label, count=f"{len(value)} cards", most=most), field
            )
        items = []
        for item in value:
            if not isinstance(item, str):
                raise RequestError(NOT_CARDS.format(label=label, value=_shown(value)), field)
            items.append(
                _text(item, label=f"A card in {_lower(label)}", field=field, most=CARD_TEXT)
            )
    else:
        raise RequestError(NOT_CARDS.format(label=label, value=_shown(value)), field)
    if len(items) > most:
        raise RequestError(
            TOO_MANY.format(label=label, count=f"{len(items)} cards", most=most), field
        )
    try:
        return list(parse_cards(items))
    except CardError as exc:
        raise RequestError(str(exc), field) from None


def wild_ranks_of(value: object) -> tuple[int, ...]:
    """The ranks the table names wild ("5 Q", ["10", "K"]), or the refusal saying what to type."""
    return _wild_ranks(value)


def _wild_ranks(value: object) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        text = _text(value, label="The wild ranks", field="wild_ranks", most=CARDS_TEXT)
        items: list[object] = [word for word in _SPLIT.split(text) if word]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise RequestError(
            NOT_A_LIST.format(label="The wild ranks", value=_shown(value)), "wild_ranks"
        )
    if len(items) > MOST_WILD_RANKS:
        raise RequestError(
            TOO_MANY.format(
                label="The wild ranks", count=f"{len(items)} ranks", most=MOST_WILD_RANKS
            ),
            "wild_ranks",
        )
    ranks = []
    for item in items:
        rank = WILD_RANKS.get(item.upper()) if isinstance(item, str) else None
        if rank is None:
            raise RequestError(NOT_A_WILD_RANK.format(value=_shown(item)), "wild_ranks")
        if rank not in ranks:
            ranks.append(rank)
    return tuple(ranks)


def _name(value: object) -> str:
    if not isinstance(value, str):
        raise RequestError(NOT_TEXT.format(label="A player's name", value=_shown(value)), "hands")
    if len(value) > NAME:  # before trimming, so stray spaces never change the answer
        raise RequestError(
            NAME_TOO_LONG.format(most=NAME, name=value.strip()[:20], length=len(value)), "hands"
        )
    name = value.strip()
    if not name:
        raise RequestError(NO_NAME, "hands")
    if _CONTROL.search(name):
        raise RequestError(CONTROL.format(label="A player's name"), "hands")
    return name


def _list(value: object, *, label: str, field: str, most: int) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise RequestError(NOT_A_LIST.format(label=label, value=_shown(value)), field)
    if len(value) > most:
        raise RequestError(TOO_MANY.format(label=label, count=len(value), most=most), field)
    return list(value)


def _text(value: object, *, label: str, field: str, most: int) -> str:
    if not isinstance(value, str):
        raise RequestError(NOT_TEXT.format(label=label, value=_shown(value)), field)
    if len(value) > most:  # before trimming, so stray spaces never change the answer
        raise RequestError(TOO_LONG.format(label=label, most=most, length=len(value)), field)
    text = value.strip()
    if _CONTROL.search(text.replace("\n", " ").replace("\t", " ").replace("\r", " ")):
        raise RequestError(CONTROL.format(label=label), field)
    return text


def _lower(label: str) -> str:
    return label[:1].lower() + label[1:]


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _shown(value: Any) -> str:
    """A refused value as a message quotes it: short, so a huge input makes a short answer."""
    if isinstance(value, str):
        return f"“{_cut(value)}”"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return _cut(repr(value))
