"""The フォーカード growth history (the XP ledger) as a read-only Qt table.

Rows are the character's ledger as stored, so what the table shows is what the
sums on the sheet (獲得経験点, 消費, 残り) are made of.  Edits happen through
FourCardGrowthModel; the table follows every change, undo included.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.fourcard.terms import ledger_text
from gmtool.rules.systems.fourcard.character import FourCardCharacter, LedgerEntry

Index = QModelIndex | QPersistentModelIndex

GROWTH_COLUMNS: tuple[tuple[str, str], ...] = (
    ("date", "日付"),
    ("scenario", "シナリオ"),
    ("xp", "経験点"),
    ("bought", "購入"),
    ("cost", "消費"),
)
_NUMBERS = frozenset({"xp", "cost"})


class GrowthTableModel(QAbstractTableModel):
    def __init__(
        self, campaign_model: CampaignModel, character_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._campaign_model = campaign_model
        self._character_id = character_id
        self._ledger: tuple[LedgerEntry, ...] = self._read()
        campaign_model.character_changed.connect(self._on_character_changed)

    def entries(self) -> tuple[LedgerEntry, ...]:
        return self._ledger

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._ledger)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(GROWTH_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(GROWTH_COLUMNS[section][1])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        key = GROWTH_COLUMNS[index.column()][0]
        value = getattr(self._ledger[index.row()], key)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and key in _NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            # A row either gains or spends; a 0 in the other column is noise.
            return (str(value) if value else "") if key in _NUMBERS else ledger_text(value)
        return None

    def _read(self) -> tuple[LedgerEntry, ...]:
        if not self._campaign_model.has_character(self._character_id):
            return ()
        return self._campaign_model.character_as(self._character_id, FourCardCharacter).growth

    def _on_character_changed(self, character_id: str) -> None:
        if character_id != self._character_id:
            return
        ledger = self._read()
        if ledger != self._ledger:
            self.beginResetModel()
            self._ledger = ledger
            self.endResetModel()
