"""Reading a decklist into a deck, as the decklist dialog does it: the list read (pasted text, or an
MTG Arena / MTGO / Apprentice / Forge / Cockatrice file) and resolved against the card database's
lookups, then the player's fixes — a card chosen for a name of several cards, a name retyped, a card
entered by hand, a line left out — until every line names one card.

The dialog shows and asks; this model keeps the list and its resolution.  Nothing is written: the
menu makes the deck (or replaces its cards) from `resolution` once the dialog is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject

from gmtool.models.mtg.decklists import (
    DeckLine,
    DeckList,
    DecklistError,
    Resolution,
    listing_rows,
    parse_decklist_text,
    read_decklist_file,
    resolve_decklist,
    suggestions,
)
from gmtool.rules.systems.mtg.cards import Card


class MTGDecklistModel(QObject):
    def __init__(
        self,
        find: Callable[[str], Card | None],
        enter_card: Callable[[str], Card | None],
        search: Callable[[str], list[Card]] | None = None,
        candidates: Callable[[str], Sequence[Card]] | None = None,
        data_date: str = "",
        parent: QObject | None = None,
    ) -> None:
        """``find`` is the card database's lookup; ``enter_card(name)`` asks for a card by hand and
        stores it (None when the player gives up).  ``candidates(name)`` gives every card a name
        names (a shared Japanese name gives two); ``data_date`` is the card data's date."""
        super().__init__(parent)
        self.find_card, self.enter_card, self.search = find, enter_card, search
        self.candidates, self.data_date = candidates, data_date
        self.source = self.tr("貼り付け")
        self.file_stem = ""  # the opened file's name, the deck's name when the list gives none
        self.decklist: DeckList | None = None
        # The lines as resolved, with the player's choices (a card for a line, a line left out).
        self.resolution: Resolution | None = None
        # The list as the dialog shows it, row by row, and the row of each line of `decklist`: a
        # retyped name is written there, so the list reads as the deck it makes.
        self._rows: list[str] = []
        self._shown_at: list[int] = []

    # ---- reading -------------------------------------------------------------------------
    def read_file(self, path: Path) -> str:
        """The file read and resolved; its lines as text (the dialog shows them); DecklistError or
        OSError (nothing kept) when it cannot be read."""
        try:
            decklist = read_decklist_file(path)
        except (DecklistError, OSError):
            self.forget()
            raise
        self._take(decklist, path.name)
        self.file_stem = path.stem
        self._rows, self._shown_at = listing_rows(decklist)
        return self.text

    def read_text(self, text: str, source: str) -> None:
        """Pasted text read and resolved; DecklistError (nothing kept) when it cannot be read."""
        try:
            decklist = parse_decklist_text(text, source)
        except DecklistError:
            self.forget()
            raise
        self._take(decklist, source)
        self.file_stem = ""  # a pasted list: no file name to fall back on
        self._rows = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as the reader counts
        self._shown_at = [line.line - 1 for line in decklist.lines]

    @property
    def text(self) -> str:
        """The list as read, with the names retyped since."""
        return "\n".join(self._rows)

    def forget(self) -> None:
        """The list as read no longer stands (edited, or a read that failed)."""
        self.decklist = self.resolution = None

    def _take(self, decklist: DeckList, source: str) -> None:
        self.decklist, self.source = decklist, source
        self.resolution = resolve_decklist(decklist, self.find_card, self.candidates)

    # ---- what is left to fix ---------------------------------------------------------------
    def problem_lines(self) -> list[DeckLine]:
        """Names the database does not know, then names of several cards."""
        resolution = self.resolution
        if resolution is None:
            return []
        return [*resolution.unresolved, *(line for line, _cards in resolution.ambiguous)]

    def line_candidates(self, line: DeckLine) -> Sequence[Card]:
        """The cards a line's name may mean (empty: a name the database does not know)."""
        return self.resolution.candidates(line) if self.resolution is not None else ()

    def main_count(self) -> int:
        """Copies in the main deck (the library)."""
        return sum(n for _card, n in self.resolution.library) if self.resolution else 0

    def outside_count(self) -> int:
        """Copies out of the main deck, in every section."""
        return sum(self.outside_counts().values())

    def outside_counts(self) -> dict[str, int]:
        """Copies out of the main deck, per section (sideboard, commander…), in the list's order."""
        outside: dict[str, int] = {}
        for _card, count, section in self.resolution.outside if self.resolution else ():
            outside[section] = outside.get(section, 0) + count
        return outside

    @property
    def ready(self) -> bool:
        """Every line names one card, and there is a card to put in the deck."""
        resolution = self.resolution
        return (
            resolution is not None
            and not self.problem_lines()
            and bool(resolution.library or resolution.sideboard)
        )

    # ---- fixing --------------------------------------------------------------------------
    def choose(self, line: DeckLine, card: Card) -> None:
        assert self.resolution is not None
        self.resolution = self.resolution.choose(line, card)

    def drop(self, line: DeckLine) -> None:
        assert self.resolution is not None
        self.resolution = self.resolution.drop(line)

    def suggestions(self, name: str) -> list[str]:
        """Names the database has that look like ``name``: offered to the player, never applied."""
        if self.search is None:
            return []
        candidates: list[str] = []
        for text in (name, name[:2], name[:1]):
            for card in self.search(text) if text.strip() else []:
                candidates.extend(n for n in (card.name_ja, card.name) if n and n not in candidates)
        return suggestions(name, candidates)

    def cards_named(self, name: str) -> list[Card]:
        """Every card a retyped name names (none: the database does not know it either)."""
        cards = list(self.candidates(name)) if self.candidates is not None else []
        if self.candidates is None and (found := self.find_card(name)) is not None:
            cards = [found]
        return cards

    def retype(self, line: DeckLine, typed: str, card: Card) -> None:
        """名前を直す: `card` (found by the name the player typed) for `line`, and the list's text
        shows the new name in place of the one the database did not know — the name typed, or the
        card's English name when the typed one names several cards."""
        self.choose(line, card)
        written = typed if self.cards_named(typed) == [card] else card.name
        if self.decklist is None or line not in self.decklist.lines:
            return
        row = self._shown_at[self.decklist.lines.index(line)]
        if 0 <= row < len(self._rows) and line.name in self._rows[row]:
            self._rows[row] = self._rows[row].replace(line.name, written, 1)

    def enter(self, line: DeckLine) -> bool:
        """The line's card entered by hand; False when the player gave up."""
        card = self.enter_card(line.name)
        if card is None:
            return False
        self.choose(line, card)
        return True
