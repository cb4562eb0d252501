"""The 特技 table of an AW character as an editable Qt table (each edit undoable)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.aw.character import FEAT_COLUMNS, Feat

Index = QModelIndex | QPersistentModelIndex


class FeatTableModel(QAbstractTableModel):
    def __init__(self, character_model: CharacterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = character_model
        self._feats: tuple[Feat, ...] = character_model.value("feats")
        character_model.changed.connect(self._reload)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._feats)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(FEAT_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(FEAT_COLUMNS[section][1])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.EditRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        return getattr(self._feats[index.row()], FEAT_COLUMNS[index.column()][0])

    def flags(self, index: Index) -> Qt.ItemFlag:
        return super().flags(index) | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        key, label = FEAT_COLUMNS[index.column()]
        feats = list(self._feats)
        feats[index.row()] = replace(feats[index.row()], **{key: str(value)})
        # The column's name as the header shows it: the undo text reads "Change Feat Timing" in English.
        self._model.set_value("feats", tuple(feats), self.tr("特技の{0}").format(self.tr(label)))
        return True

    def add_feat(self) -> None:
        self._model.set_value("feats", (*self._feats, Feat()), self.tr("特技の追加"))

    def remove_feat(self, row: int) -> None:
        if 0 <= row < len(self._feats):
            feats = self._feats[:row] + self._feats[row + 1 :]
            self._model.set_value("feats", feats, self.tr("特技の削除"))

    def _reload(self) -> None:
        feats = self._model.value("feats")
        if feats == self._feats:
            return
        if len(feats) == len(self._feats):
            # Same rows: a reset here would close the editor that is committing this very change
            # and drop the current cell, so Tab would open the first row's editor and write into it.
            self._feats = feats
            self.dataChanged.emit(self.index(0, 0), self.index(len(feats) - 1, len(FEAT_COLUMNS) - 1))
        else:
            self.beginResetModel()
            self._feats = feats
            self.endResetModel()
