"""ライブラリー外のカード: a physical deck's cards not in its library (hand, graveyard, battlefield, exile).

Under the house rule mtg.physical_odds = library, a physical deck's odds come from the library's
remaining cards only, so the GM enters which cards are out of it: by card of the main deck, a
critical copy apart, with a count no larger than the deck has of it.  Kept per character with the
table state (table.py) as names and counts, so an edited deck still reads them: a count the deck
no longer allows is counted as far as it goes and said so (`outside_copies`), never dropped.

The engine module: no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import LibraryCard
from gmtool.rules.systems.mtg.table import Outside, OutsideEntry, TableRefused

__all__ = [
    "Outside",
    "OutsideEntry",
    "deck_limit",
    "japanese_first",
    "outside_copies",
    "outside_total",
    "with_count",
]

CardNamer = Callable[[Card], str]


def deck_limit(deck: MTGCharacter, name: str, critical: bool) -> int:
    """How many copies of this kind the main deck has (0: none, or not a main-deck card)."""
    entry = deck.entry(name)
    if entry is None:
        return 0
    return entry.critical if critical else entry.count - entry.critical


def japanese_first(card: Card) -> str:
    """The card's Japanese name where known, else its English one: how the Japanese UI names it."""
    return card.name_ja or card.name


def _what(deck: MTGCharacter, name: str, critical: bool, name_of: CardNamer) -> str:
    """《森》: the card as the panel shows it (``name_of``: the name in the UI language)."""
    entry = deck.entry(name)
    shown = name_of(entry.card) if entry is not None else name
    return Message("《{0}》（クリティカル・カード）", shown) if critical else Message("《{0}》", shown)


def with_count(
    outside: Outside,
    deck: MTGCharacter,
    name: str,
    critical: bool,
    count: int,
    name_of: CardNamer = japanese_first,
) -> Outside:
    """``outside`` with this card's count set (0 takes it off the list); TableRefused naming the card
    (by ``name_of``: the UI's language chooses the name) when the main deck has no such card or fewer
    copies than ``count``."""
    limit = deck_limit(deck, name, critical)
    if deck.entry(name) is None:
        raise TableRefused(Message("{0}はメインデッキにありません", _what(deck, name, critical, name_of)))
    if count < 0 or count > limit:
        raise TableRefused(
            Message(
                "{0}はデッキに{1}枚なので、ライブラリー外は0〜{1}枚です（{2}枚にはできません）",
                _what(deck, name, critical, name_of),
                limit,
                count,
            )
        )
    rest = [e for e in outside if (e.name, e.critical) != (name, critical)]
    if count:
        rest.append(OutsideEntry(name, critical, count))
    return tuple(sorted(rest))


def outside_copies(
    deck: MTGCharacter, outside: Iterable[OutsideEntry], name_of: CardNamer = japanese_first
) -> tuple[list[LibraryCard], str]:
    """The copies out of the library, and a note ("" if none) when the deck — edited since — no
    longer has as many as were entered: those are counted as far as the deck goes."""
    copies: list[LibraryCard] = []
    short: list[str] = []
    for entry in outside:
        limit = deck_limit(deck, entry.name, entry.critical)
        taken = min(entry.count, limit)
        if taken < entry.count:
            short.append(
                Message(
                    "{0} {1}枚のうち{2}枚",
                    _what(deck, entry.name, entry.critical, name_of),
                    entry.count,
                    taken,
                )
            )
        card = deck.entry(entry.name)
        if card is not None:
            copies += [LibraryCard(card.card, entry.critical)] * taken
    if not short:
        return copies, ""
    return copies, Message(
        "デッキが変わったので、ライブラリー外のカードはデッキにある分だけ数えています（{0}）",
        Message.joined("、", short),
    )


def outside_total(outside: Iterable[OutsideEntry]) -> int:
    return sum(e.count for e in outside)
