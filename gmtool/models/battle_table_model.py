"""The encounter's participants as a table: turn marker, name, side, initiative, status,
resources, conditions, engagement and this round's actions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from gmtool.models.battle_labels import SIDE_LABELS, STATUS_LABELS
from gmtool.models.battle_model import BattleModel
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.battle_types import Participant, Resource

Index = QModelIndex | QPersistentModelIndex
ID_ROLE = Qt.ItemDataRole.UserRole
CURRENT_COLOR = QColor("#fff2b3")
OUT_COLOR = QColor("#8a8a8a")
HIDDEN_COLOR = QColor("#5a3fa0")
# What each system's rule states are called on screen (codes come from the engine).
STATE_LABELS = {
    "weakened": QT_TRANSLATE_NOOP("BattleTableModel", "衰弱"),
    "unconscious": QT_TRANSLATE_NOOP("BattleTableModel", "昏倒"),
    "dead": QT_TRANSLATE_NOOP("BattleTableModel", "死亡"),
}


class _NamedLevel(Protocol):
    """A wound or weariness level of a system's rule tables (LotR's `Level`)."""

    id: str
    name: str
    name_ja: str


class _LevelTables(Protocol):
    """A system's rule tables with named levels (LotR's, its combat rules' `rules`)."""

    wound_levels: Sequence[_NamedLevel]
    weariness_levels: Sequence[_NamedLevel]


def resource_text(resource: Resource) -> str:
    if resource.maximum is None:
        return f"{resource.label} {resource.value}"
    return f"{resource.label} {resource.value}/{resource.maximum}"


# The systems' initiative column names (rules/systems/<id>/combat.py), marked for the translator:
# the engine keeps them in Japanese, the header reads them in the UI language.
# (A literal in each marker is what lupdate reads; `self.tr(label)` then finds the translation.)
_INITIATIVE_LABELS = (
    QT_TRANSLATE_NOOP("BattleTableModel", "行動値"),
    QT_TRANSLATE_NOOP("BattleTableModel", "イニシアチブ"),
)


class BattleTableModel(QAbstractTableModel):
    COLUMNS = (
        "",
        QT_TRANSLATE_NOOP("BattleTableModel", "名前"),
        QT_TRANSLATE_NOOP("BattleTableModel", "陣営"),
        QT_TRANSLATE_NOOP("BattleTableModel", "行動値"),
        QT_TRANSLATE_NOOP("BattleTableModel", "状態"),
        QT_TRANSLATE_NOOP("BattleTableModel", "リソース"),
        QT_TRANSLATE_NOOP("BattleTableModel", "状態異常"),
        QT_TRANSLATE_NOOP("BattleTableModel", "エンゲージ"),
        QT_TRANSLATE_NOOP("BattleTableModel", "このラウンド"),
    )
    # The columns whose texts may be cut to fit, the first tier first: the long free texts (status
    # effects, this round), then エンゲージ, and only then the name, conditions and resources that
    # the GM reads every turn.
    SHRINKABLE = ((6, 8), (7,), (1, 4, 5))

    def __init__(self, model: BattleModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._rows: list[Participant] = []
        self._current: str | None = None
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        state = self.model.state()
        self._rows = list(state.participants)
        self._current = state.current
        self.endResetModel()

    def participant_at(self, row: int) -> Participant | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, participant_id: str) -> int:
        return next((i for i, p in enumerate(self._rows) if p.id == participant_id), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.headerData(section, orientation)  # whole, where a long column gave way
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section == 3:
                label = self.model.rules().initiative_label
                return self.tr(label) if label else self.tr("順")
            return self.tr(self.COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        p = self.participant_at(index.row())
        if p is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(p, index.column(), index.row())
        if role == ID_ROLE:
            return p.id
        if role == Qt.ItemDataRole.BackgroundRole and p.id == self._current:
            return QBrush(CURRENT_COLOR)
        if role == Qt.ItemDataRole.ForegroundRole:
            if not p.in_play:
                return QBrush(OUT_COLOR)
            if p.hidden:
                return QBrush(HIDDEN_COLOR)
        if role == Qt.ItemDataRole.FontRole and p.id == self._current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() == 1 and p.hidden:
                return self.tr("非公開のNPC: 書き出しには含まれません")
            return self._text(p, index.column(), index.row()) or None  # whole, where the cell is cut
        return None

    def _text(self, p: Participant, column: int, row: int) -> str:
        rules = self.model.rules()
        if column == 0:
            return "▶" if p.id == self._current else ("✓" if p.acted else "")
        if column == 1:
            marks = (self.tr("［非公開］") if p.hidden else "") + (
                self.tr("［識別済］") if p.revealed else ""
            )
            return marks + p.name
        if column == 2:
            return self.tr(SIDE_LABELS[p.side]) + (self.tr("（PC）") if p.is_pc else "")
        if column == 3:
            return str(p.initiative) if rules.initiative_label else str(row + 1)
        if column == 4:
            words = [self.tr(STATUS_LABELS[p.status])] if STATUS_LABELS[p.status] else []
            words += [self.state_label(code) for code in rules.states(p) if code != "dead"]
            penalty = rules.penalty(p)
            if penalty:
                words.append(self.tr("判定{0:+d}").format(penalty))
            return self.tr("・").join(w for w in words if w)
        if column == 5:
            return "  ".join(self._resource_text(r) for r in p.resources)
        if column == 6:
            return self.tr("、").join(
                self.tr(c.name) + (self.tr("（残り{0}）").format(c.rounds) if c.rounds else "")
                for c in p.conditions
            )
        if column == 7:
            return p.engagement or ""
        # a system's labels (LotR: models/lotr/tracker_labels.py) translate through the fallback context
        return self.tr("、").join(self.tr(a.name) for a in p.actions)

    def _resource_text(self, resource: Resource) -> str:
        text = resource_text(replace(resource, label=self.tr(resource.label)))
        if resource.maximum is None and resource.value == 0 and resource.key in ("hp", "life"):
            text += self.tr("（未入力）")
        return text

    def state_label(self, code: str) -> str:
        """A rule state's name: Four Card's lines here, LotR's wound and weariness from its tables."""
        if code in STATE_LABELS:
            return self.tr(STATE_LABELS[code])
        rules = self.model.rules()
        tables: _LevelTables | None = getattr(rules, "rules", None)
        if tables is not None:
            for level in (*tables.wound_levels, *tables.weariness_levels):
                if level.id == code:
                    # the English UI (its own 「死亡」 translated) shows the level's English name
                    english = self.tr(STATE_LABELS["dead"]) != STATE_LABELS["dead"]
                    return level.name if english else level.name_ja or level.name
        return code
