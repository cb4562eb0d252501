"""The GM's working copy of the フォーカード skill catalog, one skill per row.

The catalog editor edits this copy freely (nothing is written, nothing is an
undo step); only 「保存」 validates the whole catalog and stores it with the
campaign as one undo step.  Empty values are shown as 「未設定」, as the rule
text leaves them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from gmtool.models.fourcard.terms import catalog_name
from gmtool.rules.systems.fourcard.catalog import SkillDef

Index = QModelIndex | QPersistentModelIndex

CATALOG_COLUMNS: tuple[str, ...] = (
    "スキル名",
    "基礎",
    "専門性",
    "総合LVキャップ",
    "制限スキル",
    "前提スキル",
    "特化分野（経験点）",
)
UNSET = "未設定"


class SkillCatalogTableModel(QAbstractTableModel):
    edited = Signal()  # the working copy differs from what it was loaded from

    def __init__(self, skills: Iterable[SkillDef] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._skills: list[SkillDef] = list(skills)

    # ---- the working copy -----------------------------------------------------
    def skills(self) -> tuple[SkillDef, ...]:
        return tuple(self._skills)

    def skill(self, row: int) -> SkillDef:
        return self._skills[row]

    def set_skills(self, skills: Iterable[SkillDef]) -> None:
        """Loads a catalog (not an edit: `edited` is not emitted)."""
        self.beginResetModel()
        self._skills = list(skills)
        self.endResetModel()

    def add_skill(self, skill: SkillDef) -> int:
        row = len(self._skills)
        self.beginInsertRows(QModelIndex(), row, row)
        self._skills.append(skill)
        self.endInsertRows()
        self.edited.emit()
        return row

    def remove_skill(self, row: int) -> None:
        if not 0 <= row < len(self._skills):
            raise ValueError(self.tr("削除するスキルを選んでください"))
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._skills[row]
        self.endRemoveRows()
        self.edited.emit()

    def replace_skill(self, row: int, skill: SkillDef) -> None:
        if self._skills[row] == skill:
            return
        self._skills[row] = skill
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(CATALOG_COLUMNS) - 1))
        self.edited.emit()

    # ---- Qt ----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._skills)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(CATALOG_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(CATALOG_COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        return self._cell(self._skills[index.row()], index.column())

    def _cell(self, skill: SkillDef, column: int) -> str:
        unset = self.tr(UNSET)
        if column == 0:
            return catalog_name(skill.name)
        if column == 1:
            return skill.base.upper() or unset
        if column == 2:
            return unset if skill.expertise is None else str(skill.expertise)
        if column == 3:
            return self.tr("あり") if skill.level_cap else ""
        if column == 4:
            return catalog_name(skill.restrictor) if skill.restrictor else ""
        if column == 5:
            return ", ".join(catalog_name(name) for name in skill.prerequisites)
        return ", ".join(
            self.tr("{0}（{1}）").format(catalog_name(s.name), unset if s.cost is None else s.cost)
            for s in skill.specialisations
        )
