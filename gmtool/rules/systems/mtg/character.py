"""A MTGでTRPG character: the deck.  「PCはデッキ」 — the library is what every check reveals.

The deck carries its cards by value (each entry holds the `Card`), so a character file handed to
another GM works without that GM's card database.  The dataclasses double as the schema of the
stored JSON document.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from pydantic import ConfigDict, Field, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card

SCHEMA_VERSION = 1
MAX_ENTRIES = 1000
MAX_COPIES = 999  # per entry: a 250-card deck may hold 200 basic lands
# The deck's two sections, as the character's fields are named (deck.py edits them).
MAIN, SIDEBOARD = "library", "sideboard"

ShortText = Annotated[StrictStr, Field(max_length=200)]
LongText = Annotated[StrictStr, Field(max_length=100_000)]
Copies = Annotated[StrictInt, Field(ge=1, le=MAX_COPIES)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COPIES * MAX_ENTRIES)]


@dataclass(frozen=True)
class DeckEntry:
    """``count`` copies of one card; ``critical`` of them are the deck's クリティカル・カード."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    card: Card
    count: Copies = 1
    critical: Annotated[StrictInt, Field(ge=0, le=MAX_COPIES)] = 0

    def __post_init__(self) -> None:
        if self.critical > self.count:
            raise ValueError(
                Message(
                    "《{0}》のクリティカル・カード {1} 枚が枚数 {2} を超えています",
                    self.card.name,
                    self.critical,
                    self.count,
                )
            )


@dataclass(frozen=True)
class MTGCharacter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    creature_type: ShortText = ""  # the PC's flavour: 「エルフ」「吸血鬼」…
    library: Annotated[tuple[DeckEntry, ...], Field(max_length=MAX_ENTRIES)] = ()
    # Recorded with the deck, never in the library: checks reveal only the main deck.
    sideboard: Annotated[tuple[DeckEntry, ...], Field(max_length=MAX_ENTRIES)] = ()
    # How many クリティカル・カード the deck may name; None = the rule data's default for its size.
    critical_limit: Count | None = None
    overrides: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ENTRIES)] = ()  # GM override records
    notes: LongText = ""

    def __post_init__(self) -> None:
        for label, entries in (("メインデッキ", self.library), ("サイドボード", self.sideboard)):
            names = [e.card.name for e in entries]
            repeated = sorted({n for n in names if names.count(n) > 1})
            if repeated:
                raise ValueError(
                    Message(
                        "{0}に同じカードの行が2つ以上あります: {1}", label, Message.joined(", ", repeated)
                    )
                )
        if any(e.critical for e in self.sideboard):
            raise ValueError(
                Message("サイドボードのカードはクリティカル・カードにできません（ライブラリーにありません）")
            )

    @property
    def size(self) -> int:
        """Cards in the library (the main deck)."""
        return sum(e.count for e in self.library)

    @property
    def critical_marked(self) -> int:
        return sum(e.critical for e in self.library)

    def entry(self, name: str) -> DeckEntry | None:
        return next((e for e in self.library if e.card.name == name), None)

    def copies(self) -> Iterator[tuple[Card, bool]]:
        """Every card of the library, one per copy: (card, is critical)."""
        for entry in self.library:
            for i in range(entry.count):
                yield entry.card, i < entry.critical
