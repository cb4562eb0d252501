"""The campaign's characters as a list (name and system) for the main window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.system_names import system_name

Index = QModelIndex | QPersistentModelIndex
IdRole = Qt.ItemDataRole.UserRole + 1


class CharacterListModel(QAbstractListModel):
    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._campaign_model = campaign_model
        self._ids = [s.id for s in campaign_model.characters()]
        campaign_model.characters_changed.connect(self._reload)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._ids)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        stored = self._campaign_model.stored(self._ids[index.row()])
        if role == Qt.ItemDataRole.DisplayRole:
            return stored.character.name or self.tr("（名前なし）")
        if role == Qt.ItemDataRole.ToolTipRole:
            return system_name(stored.system)
        if role == IdRole:
            return stored.id
        return None

    def id_at(self, row: int) -> str | None:
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def row_of(self, character_id: str) -> int:
        return self._ids.index(character_id) if character_id in self._ids else -1

    def _reload(self) -> None:
        ids = [s.id for s in self._campaign_model.characters()]
        if ids == self._ids:  # a rename: keep rows (and the view's selection) in place
            if ids:
                self.dataChanged.emit(self.index(0, 0), self.index(len(ids) - 1, 0))
            return
        self.beginResetModel()
        self._ids = ids
        self.endResetModel()
