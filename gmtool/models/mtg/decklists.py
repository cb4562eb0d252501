"""Reading a decklist as the decklist dialog sees it: the store's readers (pasted text, MTG Arena /
MTGO / Cockatrice files) and the resolution of its lines against the card database's lookup.

Re-exported from ``gmtool.store.cards`` so the dialog never imports the store (views go through
models).
"""

from __future__ import annotations

from gmtool.store.cards.deck_resolution import SECTION_LABELS, Resolution, resolve_decklist, suggestions
from gmtool.store.cards.decklists import (
    DeckLine,
    DeckList,
    DecklistError,
    parse_decklist_text,
    read_decklist_file,
)

__all__ = [
    "SECTION_LABELS",
    "DeckLine",
    "DeckList",
    "DecklistError",
    "Resolution",
    "parse_decklist_text",
    "read_decklist_file",
    "resolve_decklist",
    "suggestions",
]
