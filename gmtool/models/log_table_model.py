"""The session log as a read-only table: time, character, inputs, dice, outcome, seed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.outcome_text import outcome_label, side_label
from gmtool.store.campaign import LogEntry

Index = QModelIndex | QPersistentModelIndex


class LogTableModel(QAbstractTableModel):
    COLUMNS = ("時刻", "キャラクター", "入力", "出目", "結果", "シード")

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._campaign_model = campaign_model
        self._rows: list[list[str]] = [self._row(e) for e in campaign_model.log_entries()]
        campaign_model.log_appended.connect(self._on_appended)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) and index.isValid():
            return self._rows[index.row()][index.column()]
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(self.COLUMNS[section])
        return None

    def _faces_text(self, side: dict[str, Any]) -> str:
        faces = side.get("faces") or []
        if not faces:
            return "—" if side.get("can_roll", True) else self.tr("（振らない）")
        return f"[{','.join(str(f) for f in faces)}] = {sum(faces)}"

    def _side_inputs(self, side: dict[str, Any]) -> str:
        source = side.get("source_label") or self.tr("判定値")
        return self.tr("{0} {1} 修正 {2:+d}").format(source, side.get("value"), side.get("modifier", 0))

    def row_texts(self, row: int) -> list[str]:
        return list(self._rows[row])

    def _on_appended(self, entry: LogEntry) -> None:
        position = len(self._rows)
        self.beginInsertRows(QModelIndex(), position, position)
        self._rows.append(self._row(entry))
        self.endInsertRows()

    def _row(self, entry: LogEntry) -> list[str]:
        p = entry.payload
        time = str(p.get("time", entry.at))[11:19]
        seed = str(p.get("seed", ""))
        summary = p.get("summary")
        if isinstance(summary, dict):  # entries that describe themselves (フォーカード and later systems)
            texts = [str(summary.get(key, "")) for key in ("who", "inputs", "dice", "result")]
            return [time, *texts, seed if seed != "None" else ""]
        if entry.kind != "check":
            return [time, "", entry.kind, "", str(p), seed]
        action = p.get("action", {})
        if p.get("mode") == "opposed":
            reaction = p.get("reaction") or {}
            who = f"{action.get('character', '')} → {reaction.get('character', '')}"
            inputs = self.tr("対決: {0} / {1}").format(self._side_inputs(action), self._side_inputs(reaction))
            dice = f"{self._faces_text(action)} / {self._faces_text(reaction)}"
            result = self.tr("{0}の勝利").format(side_label(p["winner"]))
        else:
            who = action.get("character", "")
            inputs = self.tr("{0} 難易度 {1}").format(self._side_inputs(action), p.get("difficulty"))
            dice = self._faces_text(action)
            total = action.get("total")
            achieved = self.tr("（達成値 {0}）").format(total) if total is not None else ""
            result = outcome_label(p["outcome"]) + achieved
        return [time, who, inputs, dice, result, seed]
