"""Building and editing a deck (= a MTGでTRPG character), with the クリティカル・カード limit.

A deck may name as many クリティカル・カード as its limit: the deck's own number, else the rule
data's default for its size (2 for 40 cards, 3 for 60, 5 for 100).  For other sizes there is no
default and the GM sets the number.  Marking more is refused with the reason, unless the GM
overrides, which is recorded on the deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import date

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MAIN, MAX_COPIES, SIDEBOARD, DeckEntry, MTGCharacter
from gmtool.rules.systems.mtg.deck_stats import critical_limit

__all__ = [
    "MAIN",
    "SIDEBOARD",
    "DeckRefused",
    "add_card",
    "deck_from_cards",
    "move_card",
    "replace_cards",
    "set_count",
    "set_critical",
    "set_critical_limit",
]


class DeckRefused(ValueError):
    """An edit the deck rules do not allow; the message is for the player or GM."""


def _entries(deck: MTGCharacter, section: str) -> tuple[DeckEntry, ...]:
    if section not in (MAIN, SIDEBOARD):
        raise ValueError(f"unknown deck section {section!r}")
    return deck.library if section == MAIN else deck.sideboard


def _with_entries(deck: MTGCharacter, section: str, entries: tuple[DeckEntry, ...]) -> MTGCharacter:
    if section == MAIN:
        return replace(deck, library=entries)
    if section == SIDEBOARD:
        return replace(deck, sideboard=entries)
    raise ValueError(f"unknown deck section {section!r}")


def deck_from_cards(
    name: str, library: Iterable[tuple[Card, int]], sideboard: Iterable[tuple[Card, int]] = ()
) -> MTGCharacter:
    """A new deck from resolved decklist lines; the same card twice is one entry."""
    deck = MTGCharacter(name=name)
    for section, cards in ((MAIN, library), (SIDEBOARD, sideboard)):
        for card, count in cards:
            deck = add_card(deck, card, count, section)
    return deck


def replace_cards(
    deck: MTGCharacter, library: Iterable[tuple[Card, int]], sideboard: Iterable[tuple[Card, int]] = ()
) -> MTGCharacter:
    """A decklist read into an existing deck: its cards replaced, the rest of the deck kept.

    The クリティカル・カード marked on a card still in the main deck stay marked, as far as its new
    count allows.
    """
    fresh = deck_from_cards(deck.name, library, sideboard)
    kept = []
    for entry in fresh.library:
        before = deck.entry(entry.card.name)
        critical = min(before.critical, entry.count) if before and before.card == entry.card else 0
        kept.append(replace(entry, critical=critical))
    return replace(deck, library=tuple(kept), sideboard=fresh.sideboard)


def add_card(deck: MTGCharacter, card: Card, count: int = 1, section: str = MAIN) -> MTGCharacter:
    """``count`` more copies of ``card``; a card of the same name with other facts is refused."""
    entries = _entries(deck, section)
    current = next((e for e in entries if e.card.name == card.name), None)
    if current is not None and current.card != card:
        raise DeckRefused(
            Message("《{0}》はすでに別の内容でデッキにあります（カードの内容を確かめてください）", card.name)
        )
    total = count + (current.count if current else 0)
    if count < 1 or total > MAX_COPIES:
        raise DeckRefused(
            Message("《{0}》の枚数は1〜{1}枚です（{2}枚になります）", card.name, MAX_COPIES, total)
        )
    if current is None:
        new = (*entries, DeckEntry(card, count))
    else:
        new = tuple(replace(e, count=total) if e is current else e for e in entries)
    return _with_entries(deck, section, new)


def set_count(deck: MTGCharacter, name: str, count: int, section: str = MAIN) -> MTGCharacter:
    """A card's number of copies; 0 removes it.  Fewer copies than critical ones is refused."""
    entries = _entries(deck, section)
    entry = next((e for e in entries if e.card.name == name), None)
    if entry is None:
        raise DeckRefused(Message("《{0}》はデッキにありません", name))
    if count == 0:
        return _with_entries(deck, section, tuple(e for e in entries if e is not entry))
    if not 1 <= count <= MAX_COPIES:
        raise DeckRefused(Message("《{0}》の枚数は1〜{1}枚です", name, MAX_COPIES))
    if count < entry.critical:
        raise DeckRefused(
            Message(
                "《{0}》はクリティカル・カードが{1}枚あります。先にクリティカル・カードを減らしてください",
                name,
                entry.critical,
            )
        )
    return _with_entries(deck, section, tuple(replace(e, count=count) if e is entry else e for e in entries))


def move_card(deck: MTGCharacter, name: str, count: int, to_section: str) -> MTGCharacter:
    """``count`` copies between the main deck and the sideboard."""
    source = SIDEBOARD if to_section == MAIN else MAIN
    entry = next((e for e in _entries(deck, source) if e.card.name == name), None)
    if entry is None or not 1 <= count <= entry.count:
        raise DeckRefused(Message("《{0}》を{1}枚移せません", name, count))
    if entry.count - count < entry.critical:
        raise DeckRefused(
            Message("《{0}》のクリティカル・カードは移せません。先に指定を外してください", name)
        )
    deck = set_count(deck, name, entry.count - count, source)
    return add_card(deck, entry.card, count, to_section)


def set_critical(deck: MTGCharacter, name: str, critical: int, override: bool = False) -> MTGCharacter:
    """How many copies of a main-deck card are クリティカル・カード, within the deck's limit."""
    entry = deck.entry(name)
    if entry is None:
        raise DeckRefused(
            Message(
                "《{0}》はメインデッキにありません（クリティカル・カードはライブラリーのカードです）", name
            )
        )
    if not 0 <= critical <= entry.count:
        raise DeckRefused(
            Message(
                "《{0}》は{1}枚なので、クリティカル・カードは0〜{2}枚です", name, entry.count, entry.count
            )
        )
    marked = deck.critical_marked - entry.critical + critical
    limit, is_default = critical_limit(deck)
    record: tuple[str, ...] = ()
    if critical > entry.critical and (limit is None or marked > limit):
        if limit is None:
            reason = Message(
                "{0}枚のデッキにはクリティカル・カードの枚数の既定がありません。先に枚数を決めてください（GMが決めます）",
                deck.size,
            )
        else:
            basis = Message("{0}枚デッキの既定", deck.size) if is_default else Message("このデッキの設定")
            reason = Message(
                "クリティカル・カードは{0}枚までです（{1}）。{2}枚になります", limit, basis, marked
            )
        if not override:
            raise DeckRefused(reason)
        record = (
            f"{date.today().isoformat()} GMオーバーライド: 《{name}》をクリティカル・カードに（{reason}）",
        )
    library = tuple(replace(e, critical=critical) if e is entry else e for e in deck.library)
    return replace(deck, library=library, overrides=deck.overrides + record)


def set_critical_limit(deck: MTGCharacter, limit: int | None) -> MTGCharacter:
    """The deck's own number of クリティカル・カード (None: the default for its size)."""
    if limit is not None and not 0 <= limit <= deck.size:
        raise DeckRefused(Message("クリティカル・カードの枚数は0〜{0}枚です（デッキの枚数まで）", deck.size))
    return replace(deck, critical_limit=limit)
