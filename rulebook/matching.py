"""Finding games by what players type: normalised words, tiers, close spellings.

Pure Python, no Django: `rulebook.search` builds an `Index` from the stored rows
once per rulebook version and asks it to `rank` a query.

What counts as the same:
- case, accents, apostrophes, dots and spacing: "Hold'em", "hold em", "HOLDEM";
  "T.N.T." and "tnt"; "Hi-Di-Deu-Wi" and "hidideuwi";
- digits and number words: "3 card" and "three card", "7/27" and "seven twenty seven";
- whole words, or the start of a word of three letters or more: "em" never
  matches inside "them", "card" finds "cards".

Tiers, best first: the exact name or alias; names and aliases holding every
word; close spellings of a name or alias (one or two letters off, measured by
rapidfuzz); names spelled as they sound; option names; rule text.

Spelled as they sound: players type a name they have only heard ("aisy
dewsy", "holdum", "scru your nabor"), which can be many letters off yet sound
the same. Each word gets a `sound_key`, a short Metaphone-style key (vowels
after the first letter dropped, letters that sound alike folded: "c" before
"e" as "s", "ph" as "f", "gh" silent before a consonant...). A game is a sound
match when every word of the query sounds like a word of one of its names or
aliases, or the words run together sound like a whole name; failing that,
when every word sounds like a word of its names, aliases and option names
together ("guts with the goosh": "Guts" and its option "The Gooch"), where
filler words like "with" and "the" may go unmatched. Sound keys are loose
("gets" sounds like "guts"), so the tier sits below the exact, every-word and
close tiers, which are all literal spelling and must never be outranked by a
guess; it sits above option names and rule text because a name that sounds
right is nearer to what the player meant than a game that only mentions the
word. A query word under three letters must be spelled as it is: its key says
too little. A sound match on an option name alone stays in the option tier,
after the literal option matches.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
# A word shorter than this matches only whole; longer ones also as the start of a word.
PREFIX_FROM = 3
MOST_WORDS = 32  # the page and the API cut the query at 100 characters anyway

_JOINERS = re.compile(r"['’‘`´.]")
_SPLIT = re.compile(r"[^0-9a-z]+")
_DIGIT = re.compile(r"[0-9]")
# A query word shorter than this is matched by sound only when spelled the same.
SOUND_FROM = 3
# Words a player adds around a name ("guts with the gooch"): a sound match may skip them.
FILLERS = frozenset({"a", "an", "and", "at", "for", "in", "of", "on", "the", "to", "with"})
_VOWELS = frozenset("aeiou")
_FRONT = frozenset("eiy")  # vowels that soften "c" and "g"
_SILENT_STARTS = {"kn": "n", "gn": "n", "pn": "n", "wr": "r", "ps": "s", "wh": "w", "x": "s"}


class Tier(IntEnum):
    EXACT = 0  # the whole name or an alias
    NAME = 1  # a name or alias holding every word
    CLOSE = 2  # a name or alias spelled one or two letters off
    SOUND = 3  # names (and options) that sound like the query: see the module's docstring
    OPTION = 4  # an option's name or alias
    TEXT = 5  # the rule text


def raw_words(text: str) -> list[str]:
    """Lower-case words with accents, apostrophes and dots dropped and other marks as spaces."""
    folded = text.lower()
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded)
        folded = "".join(c for c in folded if not unicodedata.combining(c))
    folded = _JOINERS.sub("", folded.replace("&", " and "))
    return [w for w in _SPLIT.split(folded) if w]


def numbered(words: list[str]) -> list[str]:
    """Number words as digits: "seven twenty seven" -> ["7", "27"]; other words unchanged."""
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in TENS:
            value = TENS[word]
            if i + 1 < len(words) and words[i + 1] in UNITS and UNITS[words[i + 1]] < 10:
                value += UNITS[words[i + 1]]
                i += 1
            out.append(str(value))
        elif word in UNITS:
            out.append(str(UNITS[word]))
        elif word.isdigit():
            out.append(str(int(word)))
        else:
            out.append(word)
        i += 1
    return out


def normalise(text: str) -> list[str]:
    """The words a text is matched by: see the module's docstring."""
    return numbered(raw_words(text))


def sound_key(word: str) -> str:
    """How a lower-case word sounds, as a short key: "acey" and "aisy" are both "AS".

    A simplified Metaphone: double letters count once; a first vowel is "A",
    later vowels are dropped; letters that sound alike share a key ("c" before
    e, i, y and "z" as "S"; "ch", "sh", "tio" as "X"; "ph" and "v" as "F";
    "d" as "T"; "g" before e, i, y as "J", hard "c" as "K", "q" as "KW"); "h",
    "w" and "y" only before a vowel; "gh" before a consonant or at the end is
    silent ("neighbor" is "NBR"); "th" is "0". Digits are kept as they are.
    """
    w = re.sub(r"(.)\1+", r"\1", word) if word.isalpha() else word
    for start, sound in _SILENT_STARTS.items():
        if w.startswith(start):
            w = sound + w[len(start) :]
            break
    out: list[str] = []
    n = len(w)
    for i, c in enumerate(w):
        before = w[i - 1] if i else ""
        after = w[i + 1] if i + 1 < n else ""
        if c in _VOWELS:
            if i == 0:
                out.append("A")
        elif c == "c":
            if after == "h" or w[i + 1 : i + 3] == "ia":
                out.append("X")
            elif after in _FRONT:
                out.append("S")
            elif after != "k":
                out.append("K")
        elif c == "g":
            if after == "h" and (i + 2 >= n or w[i + 2] not in _VOWELS):
                continue
            out.append("J" if after in _FRONT else "K")
        elif c == "h":
            if after in _VOWELS and before not in {"c", "s", "p", "t", "g"}:
                out.append("H")
        elif c in {"w", "y"}:
            if after in _VOWELS:
                out.append(c.upper())
        elif c == "s":
            out.append("X" if after == "h" or w[i + 1 : i + 3] in {"io", "ia"} else "S")
        elif c == "t":
            if w[i + 1 : i + 3] in {"io", "ia"}:
                out.append("X")
            elif after == "h":
                out.append("0")
            elif after != "c" or w[i + 2 : i + 3] != "h":
                out.append("T")
        elif c == "p":
            out.append("F" if after == "h" else "P")
        elif c == "x":
            out.append("KS")
        else:
            out.append({"d": "T", "q": "KW", "v": "F", "z": "S"}.get(c, c.upper()))
    key = "".join(out)
    return re.sub(r"(.)\1+", r"\1", key) if word.isalpha() else key


def word_sound(word: str) -> str:
    """A word's sound key, or the word itself (marked) when too short or a number to sound out."""
    if len(word) < SOUND_FROM or word.isdigit():
        return "=" + word
    return sound_key(word)


def allowed_typos(length: int) -> int:
    """Letters a word may be off by: none under 4 letters, one up to 7, two from 8."""
    if length < 4:
        return 0
    return 1 if length < 8 else 2


def _word_starts(words: list[str]) -> set[int]:
    starts, at = set(), 0
    for word in words:
        starts.add(at)
        at += len(word)
    return starts


@dataclass(frozen=True)
class Entry:
    """One game as search sees it; `key` is what `rank` hands back (the slug)."""

    key: str
    name: str
    aliases: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Hit:
    key: str
    tier: Tier
    matched: tuple[str, ...] = ()  # aliases or option names that matched, to show why


@dataclass
class _Label:
    """A name, alias or option name, in both spellings: words as typed and numbers as digits."""

    game: int
    text: str
    kind: str  # "name", "alias" or "option"
    words: tuple[str, ...]
    forms: tuple[tuple[str, frozenset[int]], ...]  # (compact spelling, where its words start)

    @classmethod
    def build(cls, game: int, text: str, kind: str) -> _Label:
        raw = raw_words(text)
        num = numbered(raw)
        forms = {("".join(w), frozenset(_word_starts(w))) for w in (raw, num) if w}
        return cls(game, text, kind, tuple(dict.fromkeys(raw + num)), tuple(forms))

    def compacts(self) -> set[str]:
        return {c for c, _ in self.forms}


@dataclass
class _Joined:
    """Every label's run-together spellings in one string, to find a run-together query fast."""

    text: str
    offsets: list[int]
    items: list[int]
    starts: list[frozenset[int]]

    @classmethod
    def build(cls, labels: list[_Label], keep) -> _Joined:
        parts: list[str] = []
        offsets: list[int] = []
        items: list[int] = []
        starts: list[frozenset[int]] = []
        at = 0
        for item, label in enumerate(labels):
            if not keep(label):
                continue
            for spelling, word_starts in label.forms:
                parts.append(spelling)
                offsets.append(at)
                items.append(item)
                starts.append(word_starts)
                at += len(spelling) + 1
        return cls("\n".join(parts), offsets, items, starts)


class _Vocabulary:
    """Words to the items holding them, with lookup by whole word or by the start of a word."""

    def __init__(self) -> None:
        self.postings: dict[str, set[int]] = {}

    def add(self, word: str, item: int) -> None:
        self.postings.setdefault(word, set()).add(item)

    def freeze(self) -> None:
        self.sorted = sorted(self.postings)

    def find(self, word: str) -> set[int]:
        if len(word) < PREFIX_FROM or word.isdigit():
            return set(self.postings.get(word, ()))
        found: set[int] = set()
        at = bisect_left(self.sorted, word)
        while at < len(self.sorted) and self.sorted[at].startswith(word):
            found |= self.postings[self.sorted[at]]
            at += 1
        return found


@dataclass
class _Query:
    words: list[str]
    compacts: set[str] = field(default_factory=set)

    @classmethod
    def parse(cls, text: str) -> _Query:
        raw = raw_words(text)[:MOST_WORDS]
        words = numbered(raw)
        return cls(words, {"".join(w) for w in (raw, words) if w})


def _shown(labels: list[_Label], matched: dict[int, Tier], best: Tier) -> tuple[str, ...]:
    """Aliases and options to show beside a hit, in the game's own order; a close
    spelling only when that is the hit."""
    texts = [
        labels[i].text
        for i, tier in sorted(matched.items())
        if tier not in {Tier.CLOSE, Tier.SOUND} or tier == best
    ]
    return tuple(dict.fromkeys(texts))


class Index:
    """Every game's names, aliases, option names and rule text, ready to rank a query."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries = list(entries)
        self.labels: list[_Label] = []
        self.exact: dict[str, list[int]] = {}
        self.name_words = _Vocabulary()
        self.option_words = _Vocabulary()
        self.text_words = _Vocabulary()
        for g, entry in enumerate(self.entries):
            labels = [_Label.build(g, entry.name, "name")]
            labels += [_Label.build(g, a, "alias") for a in entry.aliases]
            labels += [_Label.build(g, o, "option") for o in entry.options]
            for label in labels:
                if not label.words:
                    continue
                item = len(self.labels)
                self.labels.append(label)
                vocabulary = self.option_words if label.kind == "option" else self.name_words
                for word in label.words:
                    vocabulary.add(word, item)
                for compact in label.compacts():
                    self.exact.setdefault(compact, []).append(item)
            raw = raw_words(" ".join([entry.name, *entry.aliases, *entry.options, entry.text]))
            for word in set(raw) | set(numbered(raw)):
                self.text_words.add(word, g)
        for vocabulary in (self.name_words, self.option_words, self.text_words):
            vocabulary.freeze()
        self.name_items = [i for i, lb in enumerate(self.labels) if lb.kind != "option"]
        # Close spellings of whole names, never of one with digits: "3 card" is no typo of "2 card".
        self.name_compacts = [
            (i, c)
            for i in self.name_items
            for c in sorted(self.labels[i].compacts())
            if not _DIGIT.search(c)
        ]
        self.name_compact_choices = [c for _, c in self.name_compacts]
        self.joined = {
            "name": _Joined.build(self.labels, lambda lb: lb.kind != "option"),
            "option": _Joined.build(self.labels, lambda lb: lb.kind == "option"),
        }
        self.name_vocab = self.name_words.sorted
        self.game_labels: list[set[int]] = [set() for _ in self.entries]
        for i, label in enumerate(self.labels):
            self.game_labels[label.game].add(i)
        # Sound keys: of each word (every label), and of each whole name run together.
        self.sound_words: dict[str, set[int]] = {}
        self.sound_compacts: dict[str, set[int]] = {}
        self.label_sounds: list[frozenset[str]] = []
        for i, label in enumerate(self.labels):
            keys = frozenset(word_sound(w) for w in label.words)
            self.label_sounds.append(keys)
            for key in keys:
                self.sound_words.setdefault(key, set()).add(i)
            if label.kind != "option":
                for compact in label.compacts():
                    if len(compact) >= SOUND_FROM:
                        self.sound_compacts.setdefault(word_sound(compact), set()).add(i)

    def __len__(self) -> int:
        return len(self.entries)

    def rank(self, query: str) -> list[Hit]:
        """Games matching the query, best tier first; within a tier, the closest first."""
        q = _Query.parse(query)
        if not q.words:
            return []
        best: dict[int, tuple[Tier, tuple, str]] = {}  # game -> (tier, order within tier, name)
        matched: dict[int, dict[int, Tier]] = {}  # game -> its alias or option label -> tier

        def offer(item: int, tier: Tier, order: tuple) -> None:
            label = self.labels[item]
            game = label.game
            if label.kind != "name":
                shown = matched.setdefault(game, {})
                shown[item] = min(tier, shown.get(item, tier))
            if game not in best or (tier, order) < best[game][:2]:
                best[game] = (tier, order, self.entries[game].name.casefold())

        for compact in q.compacts:
            for item in self.exact.get(compact, ()):
                label = self.labels[item]
                if label.kind == "option":
                    offer(item, Tier.OPTION, (0,))
                else:
                    offer(item, Tier.EXACT, (label.kind != "name",))
        for item in self._holding(q, self.name_words, "name"):
            label = self.labels[item]
            offer(item, Tier.NAME, (label.kind != "name", len(label.words)))
        for item, distance in self._close(q).items():
            offer(item, Tier.CLOSE, (distance, len(self.labels[item].words)))
        labels, spread = self._sounding(q)
        for item in labels:
            label = self.labels[item]
            if label.kind == "option":
                offer(item, Tier.OPTION, (2, len(label.words)))
            else:
                offer(item, Tier.SOUND, (0, label.kind != "name", len(label.words)))
        for item in spread:
            offer(item, Tier.SOUND, (1,))
        for item in self._holding(q, self.option_words, "option"):
            offer(item, Tier.OPTION, (1, len(self.labels[item].words)))
        in_names = [self.name_words.find(w) for w in q.words]
        for game in self._in_text(q):
            if game not in best:
                own = self.game_labels[game]
                in_name = sum(not found.isdisjoint(own) for found in in_names)
                best[game] = (Tier.TEXT, (-in_name,), self.entries[game].name.casefold())
        order = sorted(best, key=lambda g: (*best[g], self.entries[g].key))
        return [
            Hit(
                self.entries[g].key, best[g][0], _shown(self.labels, matched.get(g, {}), best[g][0])
            )
            for g in order
        ]

    def nearest(self, query: str, limit: int = 3) -> list[Entry]:
        """The games whose names or aliases are spelled most like the query, for an empty result."""
        text = " ".join(normalise(query))
        if not text:
            return []
        choices = [" ".join(lb.words) for lb in self.labels if lb.kind != "option"]
        games = [lb.game for lb in self.labels if lb.kind != "option"]
        found: list[Entry] = []
        for _, _, at in process.extract(text, choices, scorer=fuzz.WRatio, limit=limit * 4):
            entry = self.entries[games[at]]
            if entry not in found:
                found.append(entry)
            if len(found) == limit:
                break
        return found

    def _holding(self, q: _Query, vocabulary: _Vocabulary, kind: str) -> set[int]:
        """Labels holding every word (or the words run together, starting at a word)."""
        items: set[int] | None = None
        for word in q.words:
            found = vocabulary.find(word)
            items = found if items is None else items & found
            if not items:
                break
        items = items or set()
        joined = self.joined[kind]
        for compact in q.compacts:
            if len(compact) < PREFIX_FROM:
                continue
            at = joined.text.find(compact)
            while at != -1:
                slot = bisect_right(joined.offsets, at) - 1
                if at - joined.offsets[slot] in joined.starts[slot]:
                    items.add(joined.items[slot])
                at = joined.text.find(compact, at + 1)
        return items

    def _close(self, q: _Query) -> dict[int, int]:
        """Names and aliases spelled one or two letters off, with the letters off."""
        close: dict[int, int] = {}
        for compact in q.compacts:
            most = allowed_typos(len(compact))
            if not most or _DIGIT.search(compact):
                continue
            for _, distance, at in process.extract(
                compact,
                self.name_compact_choices,
                scorer=OSA.distance,
                score_cutoff=most,
                limit=None,
            ):
                item = self.name_compacts[at][0]
                close[item] = min(distance, close.get(item, distance))
        # Word by word: every word is in the label, or one or two letters off one of its words.
        items: set[int] | None = None
        letters: dict[int, int] = {}
        for word in q.words:
            found = dict.fromkeys(self.name_words.find(word), 0)
            most = allowed_typos(len(word))
            if most:
                for near, distance, _ in process.extract(
                    word, self.name_vocab, scorer=OSA.distance, score_cutoff=most, limit=None
                ):
                    for i in self.name_words.postings[near]:
                        found[i] = min(distance, found.get(i, distance))
            items = set(found) if items is None else items & set(found)
            for i in items:
                letters[i] = letters.get(i, 0) + found[i]
            if not items:
                return close
        for i in items or ():
            if letters[i]:
                close[i] = min(letters[i], close.get(i, letters[i]))
        return close

    def _sounding(self, q: _Query) -> tuple[set[int], set[int]]:
        """Labels sounding like the query, and the labels of games it sounds like only
        across several of their names and options: see the module's docstring."""
        keys = {word_sound(w) for w in q.words if w not in FILLERS}
        if not keys:
            return set(), set()
        labels: set[int] | None = None
        for key in keys:
            found = self.sound_words.get(key, set())
            labels = set(found) if labels is None else labels & found
            if not labels:
                break
        labels = labels or set()
        for compact in q.compacts:
            if len(compact) >= SOUND_FROM:
                labels |= self.sound_compacts.get(word_sound(compact), set())
        if len(keys) < 2:
            return labels, set()
        games: set[int] | None = None
        named: set[int] = set()
        for key in keys:
            found = self.sound_words.get(key, set())
            in_games = {self.labels[i].game for i in found}
            named |= {self.labels[i].game for i in found if self.labels[i].kind != "option"}
            games = in_games if games is None else games & in_games
            if not games:
                return labels, set()
        spread = {
            i
            for g in (games or set()) & named
            for i in self.game_labels[g]
            if not self.label_sounds[i].isdisjoint(keys)
        }
        return labels, spread

    def _in_text(self, q: _Query) -> set[int]:
        games: set[int] | None = None
        for word in q.words:
            found = self.text_words.find(word)
            games = found if games is None else games & found
            if not games:
                break
        games = games or set()
        for compact in q.compacts:
            if len(q.words) > 1 and len(compact) >= PREFIX_FROM:
                games |= self.text_words.find(compact)
        return games
