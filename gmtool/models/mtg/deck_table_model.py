"""One section of a deck (メインデッキ or サイドボード) as a table: a row per card.

枚数 and クリティカル are edited in place (a spin box opens on F2 or a double click); every edit
goes through `MTGDeckModel`, so it is checked by the deck rules and is one undo step.  A refused
edit is announced by `refused` and the cell shows the stored value again.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor

from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.models.mtg.labels import SWATCHES, card_full_name, colors_label, shown_card_name, type_line
from gmtool.rules.systems.mtg.character import DeckEntry
from gmtool.rules.systems.mtg.deck import MAIN
from gmtool.rules.systems.mtg.rules_data import mtg_rules

Index = QModelIndex | QPersistentModelIndex

COUNT, NAME, MANA_VALUE, COLORS, TYPES, MODIFIER, CRITICAL = range(7)
HEADERS = ("枚数", "カード", "マナ総量", "色", "タイプ", "色の修正では", "クリティカル")
# What can be edited first (and stays in view on a narrow sheet); the sideboard has no クリティカル.
MAIN_COLUMNS = (COUNT, CRITICAL, NAME, MANA_VALUE, COLORS, MODIFIER, TYPES)
OUTSIDE_COLUMNS = (COUNT, NAME, MANA_VALUE, COLORS, MODIFIER, TYPES)


class MTGDeckTableModel(QAbstractTableModel):
    refused = Signal(object)  # a Message stays one (a str signal would copy it to a plain str)

    def __init__(self, deck_model: MTGDeckModel, section: str = MAIN, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.deck_model = deck_model
        self.section = section
        self.columns = MAIN_COLUMNS if section == MAIN else OUTSIDE_COLUMNS
        self.override = False  # the sheet's 「GMオーバーライド」: marking past the クリティカル limit
        self._entries: tuple[DeckEntry, ...] = ()
        deck_model.changed.connect(self.reload)
        self.reload()

    def reload(self) -> None:
        if not self.deck_model.exists:
            return
        self.beginResetModel()
        self._entries = getattr(self.deck_model.deck, self.section)
        self.endResetModel()

    def entry(self, row: int) -> DeckEntry | None:
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def column_of(self, field: int) -> int:
        return self.columns.index(field)

    def row_of(self, name: str) -> int:
        return next((i for i, e in enumerate(self._entries) if e.card.name == name), -1)

    # ---- Qt ----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(HEADERS[self.columns[section]])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and self.columns[index.column()] in (COUNT, CRITICAL):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        entry = self.entry(index.row()) if index.isValid() else None
        if entry is None:
            return None
        column, card = self.columns[index.column()], entry.card
        if role == Qt.ItemDataRole.EditRole and column in (COUNT, CRITICAL):
            return entry.count if column == COUNT else entry.critical
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(entry, column)
        if role == Qt.ItemDataRole.ForegroundRole and column == COLORS and len(card.card_colors) == 1:
            return QColor(SWATCHES[card.card_colors[0]])
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COUNT, MANA_VALUE, CRITICAL):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, entry: DeckEntry, column: int) -> str:
        card = entry.card
        if column == COUNT:
            return str(entry.count)
        if column == NAME:
            return shown_card_name(card)  # both names in the tooltip: the sheet is narrow
        if column == MANA_VALUE:
            return str(card.mana_value)
        if column == COLORS:
            text = colors_label(card.card_colors)
            return self.tr("{0}（欠色）").format(text) if card.devoid else text
        if column == TYPES:
            return type_line(card)
        if column == MODIFIER:
            return colors_label(card.modifier_colors)
        return str(entry.critical) if entry.critical else ""

    def _tooltip(self, entry: DeckEntry, column: int) -> str:
        card = entry.card
        if column == MODIFIER:
            boost = self.tr("無色として数える") if card.colorless else self.tr("数えない")
            return self.tr("色の修正では {0} としてあつかう。行動判定ブーストでは{1}").format(
                colors_label(card.modifier_colors), boost
            )
        if column == CRITICAL:
            return self.tr("公開されたクリティカル・カードはマナ総量 {0} としてあつかう").format(
                mtg_rules().critical_mana_value
            )
        return card_full_name(card)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        entry = self.entry(index.row()) if index.isValid() else None
        column = self.columns[index.column()] if entry is not None else None
        if entry is None or role != Qt.ItemDataRole.EditRole or column not in (COUNT, CRITICAL):
            return False
        try:
            number = int(value)
            if column == COUNT:
                self.deck_model.set_count(entry.card.name, number, self.section)
            else:
                self.deck_model.set_critical(entry.card.name, number, self.override)
        except ValueError as refusal:
            self.refused.emit(str(refusal))
            self.reload()  # the cell shows what is stored
            return False
        return True
