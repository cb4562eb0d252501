"""Reading a decklist as the decklist dialog sees it: the store's readers (pasted text, MTG Arena /
MTGO / Apprentice / Forge / Cockatrice files) and the resolution of its lines against the card
database's lookups, with every card a shared name may mean (`name_candidates`).

Re-exported from ``gmtool.store.mtg`` so the dialog never imports the store (views go through
models).
"""

from __future__ import annotations

from gmtool.store.mtg.deck_resolution import SECTION_LABELS, Resolution, resolve_decklist, suggestions
from gmtool.store.mtg.decklists import (
    DeckLine,
    DeckList,
    DecklistError,
    parse_decklist_text,
    read_decklist_file,
)
from gmtool.store.mtg.name_candidates import card_data_date, name_candidates

__all__ = [
    "SECTION_LABELS",
    "DeckLine",
    "DeckList",
    "DecklistError",
    "Resolution",
    "card_data_date",
    "listing",
    "listing_rows",
    "name_candidates",
    "parse_decklist_text",
    "read_decklist_file",
    "resolve_decklist",
    "suggestions",
]


def listing(decklist: DeckList) -> str:
    """A file's lines as text the player can read and edit again (XML decklists included); the
    section labels are headers the text reader knows."""
    return "\n".join(listing_rows(decklist)[0])


def listing_rows(decklist: DeckList) -> tuple[list[str], list[int]]:
    """`listing`'s rows, and for each line of the decklist (in order) the row that shows it."""
    rows, shown, section = [], [], "main"
    for line in decklist.lines:
        if line.section != section:
            section = line.section
            rows.extend(["", SECTION_LABELS[section]])
        shown.append(len(rows))
        rows.append(f"{line.count} {line.name}")
    return rows, shown
