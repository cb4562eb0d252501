"""Editing a deck (= a MTGでTRPG character) from its sheet: each edit one named undo step.

The deck rules live in the engine (rules/systems/mtg/deck.py); this model applies one of them to the
stored deck and writes the result through the campaign, so undo, the judgement panel and the virtual
library all see the same deck.  A refused edit raises `DeckRefused` (a ValueError) with the reason,
and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal

from gmtool.models.character_model import CharacterModel
from gmtool.models.mtg.labels import card_name
from gmtool.models.mtg.table_model import MTGTableModel
from gmtool.rules.systems.mtg import deck as deck_rules
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.deck import MAIN, SIDEBOARD
from gmtool.rules.systems.mtg.deck_stats import DeckStatistics, deck_statistics
from gmtool.rules.systems.mtg.rules_data import mtg_rules


class MTGDeckModel(QObject):
    changed = Signal()
    library_changed = Signal()  # the table's state (a virtual library drawn from, built, given up)

    def __init__(self, character_model: CharacterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.character_model = character_model
        character_model.changed.connect(self.changed)
        # The table, for the virtual library's count: the sheet says what is left in it.
        self.table = MTGTableModel(character_model.campaign_model, parent=self)
        self.table.changed.connect(self.library_changed)

    @property
    def deck(self) -> MTGCharacter:
        return self.character_model.character_as(MTGCharacter)

    @property
    def exists(self) -> bool:
        return self.character_model.exists

    def statistics(self) -> DeckStatistics:
        return deck_statistics(self.deck)

    def library_left(self) -> int | None:
        """The cards left in the deck's virtual library (None: the deck is played with real cards)."""
        library = self.table.library(self.character_model.character_id)
        return library.size if library is not None else None

    def section_counts(self, section: str) -> tuple[int, int]:
        """(copies, different cards) in the main deck (MAIN) or the sideboard (SIDEBOARD)."""
        entries = getattr(self.deck, section)
        return sum(e.count for e in entries), len(entries)

    @staticmethod
    def other_section(section: str) -> str:
        """Where 「…へ1枚」 moves a card of ``section``: the main deck's to the sideboard and back."""
        return SIDEBOARD if section == MAIN else MAIN

    @property
    def critical_mana_value(self) -> int:
        """The mana value a revealed クリティカル・カード counts as (the rule data's 20)."""
        return mtg_rules().critical_mana_value

    def _apply(self, edit: Callable[[MTGCharacter], MTGCharacter], label: str) -> None:
        new = edit(self.deck)
        if new == self.deck:
            return
        self.character_model.campaign_model.update_character(self.character_model.character_id, new, label)

    # ---- edits -------------------------------------------------------------------------
    def add_card(self, card: Card, count: int = 1, section: str = MAIN) -> None:
        where = self.tr("メインデッキ") if section == MAIN else self.tr("サイドボード")
        self._apply(
            lambda d: deck_rules.add_card(d, card, count, section),
            self.tr("{0}を{1}に{2}枚追加").format(card_name(card), where, count),
        )

    def set_count(self, name: str, count: int, section: str = MAIN) -> None:
        label = (
            self.tr("《{0}》を削除").format(name)
            if count == 0
            else self.tr("《{0}》の枚数を{1}枚に").format(name, count)
        )
        self._apply(lambda d: deck_rules.set_count(d, name, count, section), label)

    def move_card(self, name: str, count: int, to_section: str) -> None:
        where = self.tr("メインデッキ") if to_section == MAIN else self.tr("サイドボード")
        self._apply(
            lambda d: deck_rules.move_card(d, name, count, to_section),
            self.tr("《{0}》を{1}枚{2}へ").format(name, count, where),
        )

    def set_critical(self, name: str, critical: int, override: bool = False) -> None:
        self._apply(
            lambda d: deck_rules.set_critical(d, name, critical, override),
            self.tr("《{0}》のクリティカル・カードを{1}枚に").format(name, critical),
        )

    def set_critical_limit(self, limit: int | None) -> None:
        label = (
            self.tr("クリティカル・カードの枚数を既定に")
            if limit is None
            else self.tr("クリティカル・カードの枚数を{0}枚に").format(limit)
        )
        self._apply(lambda d: deck_rules.set_critical_limit(d, limit), label)

    def use_default_limit(self, use_default: bool) -> None:
        """The deck's クリティカル・カード limit back to its size's default, or its own from now on: the
        default's number, or — for a size with no default — as many as are marked."""
        if use_default:
            self.set_critical_limit(None)
            return
        stats = self.statistics()
        limit = stats.critical_limit if stats.critical_limit is not None else stats.critical_marked
        self.set_critical_limit(limit)

    def replace_cards(
        self,
        library: Iterable[tuple[Card, int]],
        sideboard: Iterable[tuple[Card, int]],
        source: str,
    ) -> None:
        """A decklist read into this deck (rules/systems/mtg/deck.py `replace_cards`), one undo step."""
        self._apply(
            lambda d: deck_rules.replace_cards(d, library, sideboard),
            self.tr("デッキリスト「{0}」を読み込み").format(source),
        )
