"""From a decklist's names to cards, and from there to a deck (= a MTGでTRPG character).

A name the card database does not know is listed, never guessed: a wrong card would silently change
every probability the deck gives.  `suggestions` offers close names for the UI to show; only the
user's choice (`Resolution.choose`) puts a card in a line's place.

Only the main deck is the library (SPEC: "Sideboard cards are not in the library"); sideboard,
commander, companion and maybeboard lines all go to the deck's sideboard, and ``outside`` remembers
which of them each card came from so the UI can say 「統率者」.  A deck with commanders gets the
クリティカル・カード number of its whole size (library + commanders) as its own.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.deck import DeckRefused, deck_from_cards, set_critical_limit
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.store.cards.decklists import DeckLine, DeckList
from gmtool.store.cards.names import normalize_name

__all__ = [
    "SECTION_LABELS",
    "Resolution",
    "UnresolvedCards",
    "resolve_decklist",
    "suggestions",
]

SECTION_LABELS = {
    "main": "メインデッキ",
    "sideboard": "サイドボード",
    "commander": "統率者",
    "companion": "相棒",
    "maybeboard": "候補",
}
_BRACKETS = re.compile("[《》「」]")
_LISTED = 5  # unresolved lines a message names before "ほか N 行"


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


@dataclass(frozen=True)
class Resolution:
    """The decklist's lines, each matched to a card or left unresolved (both in file order)."""

    matched: tuple[tuple[DeckLine, Card], ...]
    unresolved: list[DeckLine] = field(default_factory=list)
    name: str = ""  # the decklist's own name ("" if it has none)

    @property
    def complete(self) -> bool:
        return not self.unresolved

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
        """The user's choice of ``card`` for an unresolved ``line``."""
        matched = sorted((*self.matched, (line, card)), key=lambda pair: pair[0].line)
        return replace(self, matched=tuple(matched), unresolved=self._without(line))

    def drop(self, line: DeckLine) -> Resolution:
        """Leave an unresolved ``line`` out of the deck (the user's decision)."""
        return replace(self, unresolved=self._without(line))

    def _without(self, line: DeckLine) -> list[DeckLine]:
        # One occurrence only: the cards of an XML decklist may share a line of the file, and two
        # alike may even be written on it.
        if line not in self.unresolved:
            raise ValueError(f"line {line.line} is not unresolved")
        rest = list(self.unresolved)
        rest.remove(line)
        return rest

    def deck(self, name: str) -> MTGCharacter:
        """The deck named ``name``; UnresolvedCards (a DeckRefused) while any line is unresolved."""
        if self.unresolved:
            raise UnresolvedCards(self.unresolved)
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


def resolve_decklist(decklist: DeckList, find: Callable[[str], Card | None]) -> Resolution:
    """Every line of ``decklist`` looked up with ``find`` (the card database's exact-name lookup).

    A name is tried as written, then without 《》「」; split-card spellings and full-width letters are
    ``find``'s business (`normalize_name`).  Lines ``find`` does not know end up in ``unresolved``.
    """
    cache: dict[str, Card | None] = {}

    def lookup(name: str) -> Card | None:
        if name not in cache:
            cache[name] = find(name)
        return cache[name]

    matched: list[tuple[DeckLine, Card]] = []
    unresolved: list[DeckLine] = []
    for line in decklist.lines:
        card = lookup(line.name)
        bare = _BRACKETS.sub("", line.name).strip()
        if card is None and bare and bare != line.name:
            card = lookup(bare)
        if card is None:
            unresolved.append(line)
        else:
            matched.append((line, card))
    return Resolution(tuple(matched), unresolved, decklist.name)


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
