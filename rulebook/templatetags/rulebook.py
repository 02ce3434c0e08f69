"""Plain-word labels for the codes in the rule data."""

from django import template

from rulebook import dealer, schema

register = template.Library()

PARTIES = {
    "each_player": "each player",
    "each_active": "each player still in",
    "each_other_player": "each other player",
    "actor": "the player doing it",
    "dealer": "the dealer",
    "winner": "the winner",
    "winners": "the winners",
    "losers": "each loser",
    "loser": "the loser",
    "folded": "each player who folded",
    "knocker": "the knocker",
    "stayers": "each player who stayed in",
    "lowest_hand": "the lowest hand",
    "best_hand": "the best hand",
    "passer": "the player who passed cards to the best hand",
    "pot": "the pot",
    "side_pot": "a side pot",
    "next_pot": "the next deal's pot",
    "bank": "the bank",
    "nobody": "nobody",
}


@register.filter
def family_label(code: str) -> str:
    return schema.FAMILIES.get(code, code)


@register.filter
def pot_label(code: str) -> str:
    return schema.POT_KINDS.get(code, code)


@register.filter
def phase_label(code: str) -> str:
    return schema.PHASE_KINDS.get(code, code)


@register.filter
def money_label(code: str) -> str:
    return schema.MONEY_KINDS.get(code, code)


@register.filter
def party_label(code: str | None) -> str:
    return PARTIES.get(code or "", code or "")


@register.filter
def ranking_label(code: str) -> str:
    return schema.RANKINGS.get(code, code)


@register.filter
def players_label(players: schema.Players) -> str:
    if players.min and players.max:
        text = f"{players.min}–{players.max}" if players.min != players.max else str(players.min)
    elif players.min:
        text = f"{players.min} or more"
    elif players.max:
        text = f"up to {players.max}"
    else:
        text = "not stated"
    return text


@register.filter
def deck_label(deck: schema.Deck) -> str:
    parts = ["52 cards" if deck.decks == 1 else f"{deck.decks} decks"]
    if deck.jokers:
        parts.append(f"{deck.jokers} joker{'s' if deck.jokers > 1 else ''}")
    if deck.black_spot:
        parts.append("Black Spot card")
    return ", ".join(parts)


@register.filter
def deal_label(phase: schema.Phase) -> str:
    parts = []
    if phase.down:
        parts.append(f"{phase.down} down")
    if phase.up:
        parts.append(f"{phase.up} up")
    if phase.community:
        parts.append(f"{phase.community} to the middle")
    return ", ".join(parts)


@register.filter
def deal_instruction(phase: schema.Phase) -> str:
    """The dealer's line: what each player gets, then what goes to the middle."""
    each = [f"{n} {way}" for n, way in ((phase.down, "down"), (phase.up, "up")) if n]
    parts = []
    if each:
        parts.append(f"Deal each player {' and '.join(each)}.")
    if phase.community:
        parts.append(f"Deal {phase.community} to the middle.")
    return " ".join(parts)


@register.filter
def setting_choices(spec: schema.Game, setting: schema.Setting) -> list[dealer.Choice]:
    """Each choice of a setting with the money rules it switches on ("Tables differ")."""
    return dealer.setting_choices(spec, setting)


@register.filter
def when_label(rule: schema.MoneyRule, spec: schema.Game) -> str:
    """The table settings a money rule depends on, in the words of their choices."""
    by_id = {setting.id: setting for setting in spec.settings}
    labels = [
        by_id[setting].choices[choice] for setting, choice in rule.when.items() if setting in by_id
    ]
    return " · ".join(labels)


@register.filter
def opener_label(code: str | None) -> str:
    """Who opens a betting round, in table words."""
    return schema.OPENERS.get(code or "", "")


@register.filter
def only_if_label(code: str | None) -> str:
    return schema.ONLY_IF.get(code or "", "")


@register.filter
def get_choice(choices: dict[str, str], choice: str) -> str:
    """A setting choice's words, for the dealer screen's line of what the table chose."""
    return choices.get(choice, choice)
