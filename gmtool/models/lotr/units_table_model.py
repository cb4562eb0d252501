"""The LotR units as an editable Qt table: each cell edit is one undo step of the army model.

A refused edit (a negative Size, text in a number column) cannot raise through Qt's C++
`setData`, so it is reported with `refused` for the view to explain; the cell keeps the stored
value.  An empty number cell is "not entered" (None): the rules give no value to fill in.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.rules.systems.lotr.units import Unit

Index = QModelIndex | QPersistentModelIndex

# (field, header); fields starting with "=" are computed and read-only.
COLUMNS = (
    ("name", "名前"),
    ("side", "陣営"),
    ("size", "Size"),
    ("strength", "Strength"),
    ("toughness", "Toughness"),
    ("mobility", "Mobility（徒歩）"),
    ("mounted", "騎乗"),
    ("=mobility", "Mobility（実効）"),
    ("morale", "Morale"),
    ("broken", "崩壊"),
    ("=state", "状態"),
)
NUMBERS = ("size", "strength", "toughness", "mobility", "morale", "=mobility")
CHECKS = ("mounted", "broken")
TIPS = {
    "size": "人数÷10（種族の係数は Table 9.26、本文にないため GM が入力）。ダメージで減り、0 で消滅",
    "strength": "攻撃力。通常 1〜12（GM が入力）。能力値修正表のボーナスが攻撃判定に加わる",
    "toughness": "防御力。通常 1〜12（GM が入力）。攻撃の目標値 = Toughness + 10",
    "mobility": "機動力（徒歩の値）。通常 1〜12（GM が入力）",
    "mounted": "騎乗していると Mobility は倍",
    "=mobility": "騎乗なら徒歩の値の倍",
    "morale": "士気。通常 1〜12 + Size（GM が入力）。部隊を崩す判定の目標値",
    "broken": "Morale 以上の判定で崩壊。GM が立て直したらチェックを外す",
}
DIMMED = QColor(128, 128, 128)


def column_of(field: str) -> int:
    return next(i for i, (f, _) in enumerate(COLUMNS) if f == field)


class LotRUnitsTableModel(QAbstractTableModel):
    refused = Signal(object)  # a Message stays one (a str signal would copy it to a plain str)

    def __init__(self, army_model: LotRArmyModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = army_model
        self._units: tuple[Unit, ...] = army_model.units()
        army_model.changed.connect(self._reload)

    def unit(self, row: int) -> Unit | None:
        return self._units[row] if 0 <= row < len(self._units) else None

    def row_of(self, unit_id: str) -> int:
        return next((i for i, u in enumerate(self._units) if u.id == unit_id), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._units)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        field, header = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr(header)
        if role == Qt.ItemDataRole.ToolTipRole and field in TIPS:
            return self.tr(TIPS[field])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        unit, field = self._units[index.row()], COLUMNS[index.column()][0]
        if field in CHECKS:
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if getattr(unit, field) else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(unit, field)
        if role == Qt.ItemDataRole.ToolTipRole and self._value(unit, field) is None and field in NUMBERS:
            return self.tr("未入力（本文に値がないため GM が入力します）")
        if role == Qt.ItemDataRole.TextAlignmentRole and field in NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and unit.destroyed:
            return QBrush(DIMMED)
        return None

    def _value(self, unit: Unit, field: str) -> Any:
        if field == "=mobility":
            return unit.effective_mobility
        if field == "=state":
            return ""
        return getattr(unit, field)

    def _text(self, unit: Unit, field: str) -> str:
        if field == "=state":
            if unit.destroyed:
                return self.tr("消滅")
            return self.tr("崩壊") if unit.broken else ""
        value = self._value(unit, field)
        return "" if value is None else str(value)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        field = COLUMNS[index.column()][0]
        if field in CHECKS:
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        if not field.startswith("="):
            return flags | Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        unit, field = self._units[index.row()], COLUMNS[index.column()][0]
        try:
            if field in CHECKS and role == Qt.ItemDataRole.CheckStateRole:
                checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
                self._model.set_unit_value(unit.id, field, checked)
            elif field not in CHECKS and role == Qt.ItemDataRole.EditRole:
                parsed = self._number(value, field) if field in NUMBERS else str(value)
                self._model.set_unit_value(unit.id, field, parsed)
            else:
                return False
        except ValueError as refusal:
            self.refused.emit(str(refusal))
            return False
        return True

    def _number(self, value: Any, field: str) -> int | None:
        text = str(value).strip()
        if not text:
            return None
        try:
            number = int(text)
        except ValueError:
            header = self.tr(COLUMNS[column_of(field)][1])
            raise ValueError(self.tr("{0} は整数で入力してください（{1}）").format(header, text)) from None
        return number

    def _reload(self) -> None:
        units = self._model.units()
        if units == self._units:
            return
        if [u.id for u in units] == [u.id for u in self._units]:
            # Same rows: a value changed.  No reset, so the view keeps its selection and focus.
            self._units = units
            last = self.index(len(units) - 1, len(COLUMNS) - 1)
            self.dataChanged.emit(self.index(0, 0), last)
            return
        self.beginResetModel()
        self._units = units
        self.endResetModel()
