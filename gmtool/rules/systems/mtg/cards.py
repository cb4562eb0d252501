"""A Magic card as MTGでTRPG sees it: names, mana value, colors, type line, keywords, layout.

Only the facts the action check reads are kept.  The same frozen dataclass is the card database's
row, the schema of a card inside a stored deck (a deck carries its cards, so a character file works
on a machine whose card database lacks them), and the engine's input.

Colors and types use the data sources' English codes and words (MTGJSON, Scryfall): colors in
W U B R G order, types such as "Land" or "Creature", subtypes such as "Forest".  Views translate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from pydantic import ConfigDict, Field, StrictInt, StrictStr

WUBRG = ("W", "U", "B", "R", "G")
# 「基本土地タイプを持つ土地は、基本土地タイプに対応する色としてあつかいます」
BASIC_LAND_TYPE_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
DEVOID = "Devoid"  # 欠色: the card is colorless whatever its cost says

CardText = Annotated[StrictStr, Field(max_length=200)]
CardName = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Word = Annotated[StrictStr, Field(min_length=1, max_length=60)]
Words = Annotated[tuple[Word, ...], Field(max_length=30)]
ManaValue = Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class Color(StrEnum):
    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"


def _color_order(colors: Iterable[str]) -> tuple[str, ...]:
    """Colors as a tuple in W U B R G order, each once."""
    wanted = set(colors)
    return tuple(c for c in WUBRG if c in wanted)


@dataclass(frozen=True)
class Card:
    """One card (one Oracle card: every printing of it shares these facts).

    ``name`` is the English Oracle name, "A // B" for split and double-faced cards; ``name_ja`` is
    the Japanese printed name where one is known ("" otherwise).  For a double-faced card the facts
    are the front face's; for a split card the mana value is both halves' and the colors their
    union — how the card counts in the library.
    """

    __pydantic_config__ = ConfigDict(extra="forbid")

    name: CardName
    mana_value: ManaValue = 0
    colors: Annotated[tuple[Color, ...], Field(max_length=5)] = ()
    name_ja: CardText = ""
    supertypes: Words = ()
    types: Words = ()
    subtypes: Words = ()
    keywords: Words = ()
    layout: Annotated[StrictStr, Field(max_length=40)] = "normal"

    def __post_init__(self) -> None:
        # Normalised, not refused: sources list colors in any order (and code passes plain strings).
        object.__setattr__(self, "colors", tuple(Color(c) for c in _color_order(self.colors)))

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def basic_land_types(self) -> tuple[str, ...]:
        if not self.is_land:
            return ()
        return tuple(t for t in self.subtypes if t in BASIC_LAND_TYPE_COLORS)

    @property
    def devoid(self) -> bool:
        return DEVOID in self.keywords

    @property
    def card_colors(self) -> tuple[str, ...]:
        """The card's colors by the game's rules: a devoid card is colorless."""
        return () if self.devoid else tuple(str(c) for c in self.colors)

    @property
    def colorless(self) -> bool:
        """Colorless for 行動判定ブースト: 「基本土地タイプを持つ土地も無色」 — the card's own colors."""
        return not self.card_colors

    @property
    def modifier_colors(self) -> tuple[str, ...]:
        """The colors the 色の修正 reads: a land with basic land types is those types' colors."""
        land_types = self.basic_land_types
        if land_types:
            return _color_order(BASIC_LAND_TYPE_COLORS[t] for t in land_types)
        return self.card_colors

    def display_name(self) -> str:
        return f"{self.name_ja}（{self.name}）" if self.name_ja else self.name
