"""From a decklist's names to cards, and from there to a deck (= a MTGでTRPG character).

A name the card database does not know is listed, never guessed: a wrong card would silently change
every probability the deck gives.  A name that names two cards (破滅を導くもの: Conduit of Ruin and
Ruination Guide) is listed with both, never the first taken.  `suggestions` offers close names for
the UI to show; only the user's choice (`Resolution.choose`) puts a card in a line's place.

Japanese lists write a card's two names together, 《山/Mountain》 or 蛮族のリング/Barbarian Ring: when
the name as written names no card (it is not a split card's "A // B"), its sides are looked up and
the card both name is taken; a side the database does not know (a Japanese name missing from the
data) does not stop the other, written in the other script, from naming it.

Only the main deck is the library (SPEC: "Sideboard cards are not in the library"); sideboard,
commander, companion and maybeboard lines all go to the deck's sideboard, and ``outside`` remembers
which of them each card came from so the UI can say 「統率者」.  A deck with commanders gets the
クリティカル・カード number of its whole size (library + commanders) as its own.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gmtool.rules.message import Message, template
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.deck import DeckRefused, deck_from_cards, set_critical_limit
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.store.mtg.decklists import DeckLine, DeckList
from gmtool.store.mtg.names import normalize_name

__all__ = [
    "SECTION_LABELS",
    "AmbiguousCards",
    "Resolution",
    "UnresolvedCards",
    "resolve_decklist",
    "suggestions",
]

SECTION_LABELS = {
    "main": template("メインデッキ"),
    "sideboard": template("サイドボード"),
    "commander": template("統率者"),
    "companion": template("相棒"),
    "maybeboard": template("候補"),
}
_BRACKETS = re.compile("[《》「」]")
_LISTED = 5  # unresolved lines a message names before "ほか N 行"
_PAIR = re.compile(r"\s*[/／]+\s*")  # 《山/Mountain》: a Japanese and an English name of one card
_MAX_PARTS = 6  # "火 // 氷/Fire // Ice" has four parts; a name cut in more is not two names
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")
Candidates = Callable[[str], Sequence[Card]]


class UnresolvedCards(DeckRefused):
    """The deck cannot be built while some lines name no known card; ``lines`` are those lines."""

    def __init__(self, lines: Iterable[DeckLine]) -> None:
        self.lines = tuple(lines)
        shown = Message.joined(
            "、", (Message("{0}行目《{1}》", line.line, line.name) for line in self.lines[:_LISTED])
        )
        more = Message(" ほか{0}行", len(self.lines) - _LISTED) if len(self.lines) > _LISTED else ""
        super().__init__(
            Message(
                "カードデータベースにないカードがあります（{0}行）: {1}{2}。カードを選ぶか、"
                "その行を除いてください",
                len(self.lines),
                shown,
                more,
            )
        )


class AmbiguousCards(DeckRefused):
    """The deck cannot be built while a line's name names more than one card."""

    def __init__(self, lines: Iterable[tuple[DeckLine, tuple[Card, ...]]]) -> None:
        self.lines = tuple(lines)
        shown = Message.joined(
            "、",
            (
                Message(
                    "{0}行目《{1}》（{2}）",
                    line.line,
                    line.name,
                    Message.joined("・", (c.name for c in cards)),
                )
                for line, cards in self.lines[:_LISTED]
            ),
        )
        more = Message(" ほか{0}行", len(self.lines) - _LISTED) if len(self.lines) > _LISTED else ""
        super().__init__(
            Message(
                "複数のカードに当たる名前があります（{0}行）: {1}{2}。どのカードか選んでください",
                len(self.lines),
                shown,
                more,
            )
        )


@dataclass(frozen=True)
class Resolution:
    """The decklist's lines, each matched to a card, left unresolved, or ambiguous (in file order)."""

    matched: tuple[tuple[DeckLine, Card], ...]
    unresolved: list[DeckLine] = field(default_factory=list)
    name: str = ""  # the decklist's own name ("" if it has none)
    # Lines whose name names several cards, with those cards (the user chooses one).
    ambiguous: list[tuple[DeckLine, tuple[Card, ...]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.unresolved and not self.ambiguous

    def candidates(self, line: DeckLine) -> tuple[Card, ...]:
        """The cards an ambiguous ``line`` may mean (() for any other line)."""
        return next((cards for written, cards in self.ambiguous if written == line), ())

    @property
    def library(self) -> list[tuple[Card, int]]:
        """Main-deck cards with their copies; the same card on two lines adds up."""
        return _totals((card, line.count) for line, card in self.matched if line.section == "main")

    @property
    def sideboard(self) -> list[tuple[Card, int]]:
        """Every card outside the library (sideboard, commander, companion, maybeboard)."""
        return _totals((card, line.count) for line, card in self.matched if line.section != "main")

    @property
    def outside(self) -> list[tuple[Card, int, str]]:
        """The cards of `sideboard`, kept apart by the section they came from."""
        totals: dict[tuple[Card, str], int] = {}
        for line, card in self.matched:
            if line.section != "main":
                totals[card, line.section] = totals.get((card, line.section), 0) + line.count
        return [(card, count, section) for (card, section), count in totals.items()]

    def choose(self, line: DeckLine, card: Card) -> Resolution:
        """The user's choice of ``card`` for an unresolved or ambiguous ``line``."""
        matched = sorted((*self.matched, (line, card)), key=lambda pair: pair[0].line)
        return replace(self, matched=tuple(matched), **self._without(line))

    def drop(self, line: DeckLine) -> Resolution:
        """Leave an unresolved or ambiguous ``line`` out of the deck (the user's decision)."""
        return replace(self, **self._without(line))

    def _without(self, line: DeckLine) -> dict[str, Any]:
        # One occurrence only: the cards of an XML decklist may share a line of the file, and two
        # alike may even be written on it.
        if line in self.unresolved:
            rest = list(self.unresolved)
            rest.remove(line)
            return {"unresolved": rest}
        for index, (written, _cards) in enumerate(self.ambiguous):
            if written == line:
                return {"ambiguous": self.ambiguous[:index] + self.ambiguous[index + 1 :]}
        raise ValueError(f"line {line.line} is not unresolved")

    def deck(self, name: str) -> MTGCharacter:
        """The deck named ``name``; UnresolvedCards (a DeckRefused) while any line is unresolved."""
        if self.unresolved:
            raise UnresolvedCards(self.unresolved)
        if self.ambiguous:
            raise AmbiguousCards(self.ambiguous)
        deck = deck_from_cards(name, self.library, self.sideboard)
        # A Commander deck's commander is one of its 100 cards but not in the library (99): the
        # critical-card default is the one for the whole deck.  A companion is outside the 100.
        commanders = sum(line.count for line, _ in self.matched if line.section == "commander")
        if commanders:
            limit = mtg_rules().critical_default(deck.size + commanders)
            if limit is not None:
                deck = set_critical_limit(deck, limit)
        return deck


def _totals(pairs: Iterable[tuple[Card, int]]) -> list[tuple[Card, int]]:
    # Keyed by the whole card, not its name: two different cards under one name must reach
    # deck_from_cards, which refuses them with a message, rather than one being dropped here.
    totals: dict[Card, int] = {}
    for card, count in pairs:
        totals[card] = totals.get(card, 0) + count
    return list(totals.items())


def resolve_decklist(
    decklist: DeckList, find: Callable[[str], Card | None], candidates: Candidates | None = None
) -> Resolution:
    """Every line of ``decklist`` looked up in the card database.

    ``find`` is the database's exact-name lookup; ``candidates(name)`` every card the name names
    (`name_candidates`), so that a name shared by two cards is asked about, not taken as the first;
    without it a name is taken to name only the card ``find`` gives.  A name is tried as written,
    then without 《》「」, then as a Japanese and an English name of one card; split-card spellings and
    full-width letters are the database's business (`normalize_name`).
    """
    lookup = _Lookup(find, candidates)
    matched: list[tuple[DeckLine, Card]] = []
    unresolved: list[DeckLine] = []
    ambiguous: list[tuple[DeckLine, tuple[Card, ...]]] = []
    for line in decklist.lines:
        cards = lookup.line(line.name)
        if not cards:
            unresolved.append(line)
        elif len(cards) == 1:
            matched.append((line, cards[0]))
        else:
            ambiguous.append((line, cards))
    return Resolution(tuple(matched), unresolved, decklist.name, ambiguous)


class _Lookup:
    """The database's lookups, each name asked once."""

    def __init__(self, find: Callable[[str], Card | None], candidates: Candidates | None) -> None:
        self.find, self.candidates = find, candidates
        self.cache: dict[str, tuple[Card, ...]] = {}
        self.lines: dict[str, tuple[Card, ...]] = {}

    def name(self, name: str) -> tuple[Card, ...]:
        if name not in self.cache:
            if self.candidates is not None:
                self.cache[name] = tuple(self.candidates(name))
            else:
                card = self.find(name)
                self.cache[name] = (card,) if card is not None else ()
        return self.cache[name]

    def line(self, written: str) -> tuple[Card, ...]:
        if written not in self.lines:
            cards = self.name(written)
            bare = _BRACKETS.sub("", written).strip()
            if not cards and bare and bare != written:
                cards = self.name(bare)
            if not cards and bare:
                cards = self._two_names(bare)
            self.lines[written] = cards
        return self.lines[written]

    def _two_names(self, bare: str) -> tuple[Card, ...]:
        """《山/Mountain》: the card both sides name; or the one side that names a card, when the
        other is in the other script (a Japanese name the data lacks, or an English one)."""
        parts = _PAIR.split(bare)
        if not 2 <= len(parts) <= _MAX_PARTS or not all(parts):
            return ()
        for cut in range(1, len(parts)):
            left, right = " // ".join(parts[:cut]), " // ".join(parts[cut:])
            on_left, on_right = self.name(left), self.name(right)
            if on_left and on_right:
                right_names = {normalize_name(card.name) for card in on_right}
                both = tuple(card for card in on_left if normalize_name(card.name) in right_names)
                if both:
                    return both
            elif on_left or on_right:
                if bool(_JAPANESE.search(left)) != bool(_JAPANESE.search(right)):
                    return on_left or on_right
        return ()


def suggestions(name: str, candidates: Iterable[str], limit: int = 5) -> list[str]:
    """Known names close to ``name``, best first, for the user to pick from (never applied here)."""
    wanted = normalize_name(_BRACKETS.sub("", name))
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(normalize_name(candidate), candidate)
    if wanted in by_key:
        return [by_key[wanted]]
    close = difflib.get_close_matches(wanted, list(by_key), n=limit, cutoff=0.6)
    return [by_key[key] for key in close]
