"""A フォーカード character's 装備 as an editable Qt table (each edit one undo step).

A refused edit (a negative 移動力修正, a name too long for the schema) cannot raise
through Qt's C++ `setData` call, so it is reported with `refused` for the view to
explain, and the cell keeps the stored value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.fourcard.character import Equipment

Index = QModelIndex | QPersistentModelIndex

COLUMNS = (("name", "名前"), ("movement_penalty", "移動力修正"), ("notes", "メモ"))
PENALTY_COLUMN = 1


class EquipmentTableModel(QAbstractTableModel):
    refused = Signal(object)  # the message (str, Message) of an edit the character's schema would not take

    def __init__(self, character_model: CharacterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = character_model
        self._items: tuple[Equipment, ...] = character_model.value("equipment")
        character_model.changed.connect(self._reload)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(COLUMNS[section][1])
        if role == Qt.ItemDataRole.ToolTipRole and section == PENALTY_COLUMN:
            return self.tr("移動力から引かれる量（0 以上）")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole):
            return getattr(self._items[index.row()], COLUMNS[index.column()][0])
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == PENALTY_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return super().flags(index) | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        key, label = COLUMNS[index.column()]
        try:
            if index.column() == PENALTY_COLUMN:
                value = self._penalty(value)
            else:
                value = str(value)
            items = list(self._items)
            items[index.row()] = replace(items[index.row()], **{key: value})
            self._model.set_value("equipment", tuple(items), self.tr("装備の{0}").format(self.tr(label)))
        except ValueError as refusal:
            self.refused.emit(str(refusal))
            return False
        return True

    def add_item(self, name: str = "") -> None:
        self._model.set_value("equipment", (*self._items, Equipment(name=name)), self.tr("装備の追加"))

    def remove_item(self, row: int) -> None:
        if not 0 <= row < len(self._items):
            raise ValueError(self.tr("削除する装備を表で選んでください"))
        items = self._items[:row] + self._items[row + 1 :]
        self._model.set_value("equipment", items, self.tr("装備の削除"))

    def _penalty(self, value: Any) -> int:
        try:
            penalty = int(str(value).strip())
        except ValueError:
            raise ValueError(self.tr("移動力修正は整数で入力してください（{0}）").format(value)) from None
        if penalty < 0:
            raise ValueError(self.tr("移動力修正は移動力から引かれる量で、0 以上です（{0}）").format(penalty))
        return penalty

    def _reload(self) -> None:
        items = self._model.value("equipment")
        if items != self._items:
            self.beginResetModel()
            self._items = items
            self.endResetModel()
