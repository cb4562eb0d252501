"""The virtual library as a value: the deck's copies, the real order, what the player knows of it,
and the other zones.  Value types only (the views import them); `library.py` holds the operations
that return the next library, and re-exports these.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict, Unpack

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.checks import LibraryView, segment
from gmtool.rules.systems.mtg.checks_types import LibraryCard


class LibraryRefused(ValueError):
    """An operation the library cannot do now; the message is for the GM."""


class _Zones(TypedDict, total=False):
    """The zones besides the library an operation may set in the same step."""

    exiled: tuple[int, ...]
    hand: tuple[int, ...]
    graveyard: tuple[int, ...]


@dataclass(frozen=True)
class VirtualLibrary:
    cards: tuple[LibraryCard, ...]  # every copy of the deck; an instance is an index into this
    order: tuple[int, ...]  # the library, top card first
    known_top: int = 0  # the player knows the top n cards, in order
    blocks: tuple[int, ...] = ()  # sizes of the known groups at the bottom, upper group first
    exiled: tuple[int, ...] = ()  # 行動判定ブースト cards, until the end of the turn
    hand: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()

    def check(self) -> None:
        """ValueError unless every copy is in exactly one zone and the knowledge fits the library
        (a stored document is checked on load; the operations keep it true)."""
        if self.known_top < 0 or any(b <= 0 for b in self.blocks):
            raise ValueError(Message("ライブラリーの既知の範囲が負か空です"))
        if self.known_top + sum(self.blocks) > len(self.order):
            raise ValueError(Message("ライブラリーの既知の範囲がライブラリーの枚数を超えています"))
        zones = list(self.order) + list(self.exiled) + list(self.hand) + list(self.graveyard)
        if sorted(zones) != list(range(len(self.cards))):
            raise ValueError(Message("ライブラリーと各領域のカードが、デッキのカードと一致しません"))

    # ---- reading --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self.order)

    @property
    def pool_size(self) -> int:
        """Cards in the shuffled middle, of whose order the player knows nothing."""
        return len(self.order) - self.known_top - sum(self.blocks)

    def card(self, instance: int) -> LibraryCard:
        return self.cards[instance]

    def cards_of(self, instances: Iterable[int]) -> list[LibraryCard]:
        return [self.cards[i] for i in instances]

    def regions(self) -> list[tuple[int, ...]]:
        """The library cut as the player knows it: known top, the shuffled middle, each bottom group."""
        cuts = [self.known_top, self.pool_size, *self.blocks]
        parts, start = [], 0
        for length in cuts:
            parts.append(self.order[start : start + length])
            start += length
        return parts

    def view(self) -> LibraryView:
        known, *rest = self.regions()
        segments = tuple(segment(self.cards_of(part)) for part in rest if part)
        return LibraryView(segments, tuple(self.cards_of(known)))

    def after_known_top(self, count: int) -> tuple[int, ...]:
        """The next ``count`` cards under the known top ones (what a check reveals)."""
        return self.order[self.known_top : self.known_top + count]

    # ---- changing -------------------------------------------------------------------------
    def _moved(self, start: int, count: int, **zones: Unpack[_Zones]) -> VirtualLibrary:
        """The library with ``count`` cards from position ``start`` taken out, and the other zones
        as given (the caller puts the taken cards somewhere in the same step)."""
        end = start + count
        kept, position = [], 0
        for length in (self.known_top, self.pool_size, *self.blocks):
            overlap = max(0, min(end, position + length) - max(start, position))
            kept.append(length - overlap)
            position += length
        return replace(
            self,
            order=self.order[:start] + self.order[end:],
            known_top=kept[0],
            blocks=tuple(b for b in kept[2:] if b),
            **zones,
        )

    def _with_bottom(
        self, instances: Sequence[int], rng: random.Random, **zones: Unpack[_Zones]
    ) -> VirtualLibrary:
        """Cards put on the bottom in random order: the player knows the group, not its order."""
        group = list(instances)
        rng.shuffle(group)
        blocks = (*self.blocks, len(group)) if group else self.blocks
        return replace(self, order=self.order + tuple(group), blocks=blocks, **zones)
