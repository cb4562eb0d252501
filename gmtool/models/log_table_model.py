"""The session log as a read-only table: time, character, inputs, dice, outcome, seed.

The table reads the log a page at a time (`gmtool.models.log_pages`): opening a campaign with years
of sessions reads only the lines on screen, and a line that cannot be read (a hand-edited or
damaged file) shows as unreadable while the rest of the log reads as before.
A line whose step was undone (`CampaignModel.undone_log_ids`) reads struck through and grey with
「（取り消し）」 before its result, and comes back when the step is redone; so does a line of a
procedure that was cancelled before it made anything (`CampaignModel.cancelled_log_ids`: the rolls
of a creation wizard closed with キャンセル).  A dice-box line can be
replayed from its seed, and a secret roll's result looked at by the GM alone (`gmtool.models.log_replay`).

`set_filter` shows only the lines a `LogFilter` matches: the store finds their ids in SQL and the
table reads them a page at a time as before; a line logged later is shown if it matches.
`row_at_time` is the first shown line logged at or after a time (ジャンプ); `sessions` are what the
filter's セッション offers.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_filter import LogFilter, utc_text
from gmtool.models.log_pages import LogPages
from gmtool.models.log_payload import shown_summary
from gmtool.models.log_replay import Replay, replay, replayable, secret_result, shown_roll_text
from gmtool.models.log_scan_thread import LogCheckThread, start_kept
from gmtool.models.log_sessions import LogSessions, log_sessions
from gmtool.models.outcome_text import outcome_label, side_label
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.message import Message
from gmtool.store.campaign import Campaign, LogEntry
from gmtool.store.errors import CampaignError
from gmtool.store.log_lines import UnreadableLine
from gmtool.store.log_query import MAX_TEXT_CHARS, LogQueryError

Index = QModelIndex | QPersistentModelIndex


class LogTableModel(QAbstractTableModel):
    COLUMNS = (
        QT_TRANSLATE_NOOP("LogTableModel", "時刻"),
        QT_TRANSLATE_NOOP("LogTableModel", "キャラクター"),
        QT_TRANSLATE_NOOP("LogTableModel", "入力"),
        QT_TRANSLATE_NOOP("LogTableModel", "出目"),
        QT_TRANSLATE_NOOP("LogTableModel", "結果"),
        QT_TRANSLATE_NOOP("LogTableModel", "シード"),
    )
    INPUT, DICE, RESULT, SEED = 2, 3, 4, 5
    counts_changed = Signal()  # the shown or the total number of lines (a line logged, filtered out)
    characters_changed = Signal()  # the campaign's characters, which the filter offers

    def __init__(
        self, campaign_model: CampaignModel, parent: QObject | None = None, count_later: bool = False
    ) -> None:
        """`count_later`: the lines counted by `check_in_background` (the window's table: counting
        reads the whole log), their ids taken to run without gaps until then."""
        super().__init__(parent)
        self._campaign_model = campaign_model
        self._lines = LogPages(lambda: campaign_model.campaign, self.line_texts, counted=not count_later)
        self._undone = campaign_model.undone_log_ids()
        self._cancelled = campaign_model.cancelled_log_ids()
        self._filter = LogFilter()
        self.filter_problem: str | None = None  # why the filter shows less than asked (a Message)
        self.damage: str | None = None  # what the check of the log's table found wrong (a Message)
        campaign_model.log_appended.connect(self._on_appended)
        campaign_model.log_marks_changed.connect(self._on_marks_changed)
        campaign_model.log_reset.connect(self._on_reset)
        campaign_model.characters_changed.connect(self.characters_changed)

    @property
    def rows_read(self) -> int:
        """Lines read from the campaign file so far (opening reads only the pages shown)."""
        return self._lines.rows_read

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            text = self._lines.line(row).texts[column]
            if column == self.RESULT and self.is_struck(row):
                return self.tr("（取り消し）{0}").format(text)
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            line = self._lines.line(row)
            text = line.texts[column]
            if line.entry is None:
                return self.tr("このログの行は読めません（ファイルの内容が壊れています）")
            if column == self.SEED and text:
                text = self.tr("シード {0}（右クリック: 同じシードで振り直す）").format(text)
            if self.is_undone(row):
                text = self.tr("元に戻した操作の記録です（やり直すと戻ります）\n{0}").format(text)
            elif self.is_cancelled(row):
                text = self.tr("取り消した手続きの記録です（これで作られたものはありません）\n{0}").format(
                    text
                )
            return text
        if role == Qt.ItemDataRole.FontRole and self.is_struck(row):
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and self.is_struck(row):
            return QGuiApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    # ---- what a line offers ----------------------------------------------------------------
    def is_undone(self, row: int) -> bool:
        """The line's step was undone (and not redone)."""
        return bool(self._undone) and self._lines.id_of(row) in self._undone

    def is_cancelled(self, row: int) -> bool:
        """The line belongs to a procedure cancelled before it made anything."""
        return bool(self._cancelled) and self._lines.id_of(row) in self._cancelled

    def is_struck(self, row: int) -> bool:
        """The line no longer stands (undone or cancelled): struck through, 「（取り消し）」."""
        return self.is_undone(row) or self.is_cancelled(row)

    def can_replay(self, row: int) -> bool:
        entry = self._lines.line(row).entry
        return entry is not None and replayable(entry.payload)

    def replay(self, row: int) -> Replay | None:
        """The line's roll made again with its seed (nothing is logged)."""
        entry = self._lines.line(row).entry
        return None if entry is None else replay(entry.payload)

    def secret_result(self, row: int) -> str | None:
        """A secret roll's result, for the GM's eyes (nothing is logged); None when not secret."""
        entry = self._lines.line(row).entry
        return None if entry is None else secret_result(entry.payload)

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
        # The label is stored as the system's table has it (Japanese, 「反射」): shown through tr, as
        # the panel shows it, so an older line reads in the UI language too.
        source = self.tr(side.get("source_label") or "判定値")
        return self.tr("{0} {1} 修正 {2:+d}").format(source, side.get("value"), side.get("modifier", 0))

    def row_texts(self, row: int) -> list[str]:
        """The line as the table shows it."""
        return [self.index(row, column).data() for column in range(len(self.COLUMNS))]

    # ---- the filter --------------------------------------------------------------------------
    @property
    def log_filter(self) -> LogFilter:
        return self._filter

    @property
    def total_count(self) -> int:
        """Lines in the whole log (the shown ones are `rowCount()`)."""
        return self._lines.total

    @property
    def sessions(self) -> LogSessions:
        """The log's sessions for the セッション filter (the log read when first asked for; shared with
        the log export)."""
        return log_sessions(self._campaign_model)

    def check_in_background(self) -> None:
        """SQLite's check of the log's table, which opening left for later (its length would have made
        opening slow): `damage` says what is wrong, with `counts_changed`, if it finds anything."""
        campaign = self._campaign_model.campaign
        if campaign.detached is None and campaign.path.is_file():
            thread = LogCheckThread(campaign.path)
            thread.failed.connect(self._on_damage)
            # the campaign's first write waits on no check once this one has passed (a damaged log
            # makes it read-only: nothing more is written to a damaged file)
            thread.passed.connect(lambda: campaign.log_checked(None))
            thread.failed.connect(lambda problem: self._refuse_writes(campaign, problem))
            thread.counted.connect(self._on_counted)
            start_kept(thread)

    def _refuse_writes(self, campaign: Campaign, problem: str) -> None:
        if campaign.closed or campaign.read_only is not None:
            return
        campaign.log_checked(problem)
        if self._campaign_model.campaign is campaign:
            self._campaign_model.file_state_changed.emit()  # the banner says it is read-only now

    def _on_counted(self, count: int, last: int) -> None:
        if self._filter.empty and not self._lines.runs_without_gaps(count, last):  # a hand-edited file
            self._on_reset()

    def _on_damage(self, problem: str) -> None:
        self.damage = problem
        self.counts_changed.emit()

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's characters, for the character filter."""
        return [(stored.id, stored.character.name) for stored in self._campaign_model.characters()]

    def set_filter(self, log_filter: LogFilter) -> None:
        """Only the lines `log_filter` matches (the default: the whole log); `filter_problem` says
        why fewer are shown than asked for (a search text cut, the file unreadable)."""
        self._filter = log_filter
        self.filter_problem = None
        if len(log_filter.text) > MAX_TEXT_CHARS:
            self.filter_problem = Message(
                "検索する文字列は{0:,}文字までです（先頭の{0:,}文字で探しました）", MAX_TEXT_CHARS
            )
        self.beginResetModel()
        self._apply_filter()
        self.endResetModel()
        self.counts_changed.emit()

    def _apply_filter(self, reread: bool = False) -> None:
        """The rows the filter shows; `reread`: the whole log counted again (its lines changed)."""
        if reread or self._filter.empty:
            self._lines.reload()
        if self._filter.empty:
            return
        try:
            ids = self._campaign_model.campaign.log_ids_where(self._filter.query())
        except (CampaignError, LogQueryError) as exc:
            self.filter_problem, ids = exc.args[0], []
        self._lines.show_ids(ids)

    def _matches(self, entry: LogEntry) -> bool:
        if self._filter.empty:
            return True
        try:  # the same SQL as the filter, on this line alone (one look in the table's key)
            return entry.id in self._campaign_model.campaign.log_ids_where(self._filter.query(), entry.id)
        except (CampaignError, LogQueryError):
            return False

    def row_at_time(self, when: datetime) -> int | None:
        """The first shown line logged at or after `when` (naive: local time); None if none is."""
        try:
            entry_id = self._campaign_model.campaign.log_first_id_at(utc_text(when))
        except CampaignError:
            return None
        return None if entry_id is None else self._lines.row_at_or_after(entry_id)

    def _on_appended(self, entry: LogEntry) -> None:
        if not self._matches(entry):
            self._lines.append(entry, shown=False)
        else:
            position = len(self._lines)
            self.beginInsertRows(QModelIndex(), position, position)
            self._lines.append(entry)
            self.endInsertRows()
        self.counts_changed.emit()

    def _on_marks_changed(self, ids: list[int]) -> None:
        self._undone = self._campaign_model.undone_log_ids()
        self._cancelled = self._campaign_model.cancelled_log_ids()
        for entry_id in ids:
            row = self._lines.row_of(entry_id)
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def _on_reset(self) -> None:
        """Lines a refused step had logged are gone: the log is read again from the file."""
        self.beginResetModel()
        self._apply_filter(reread=True)
        self._undone = self._campaign_model.undone_log_ids()
        self._cancelled = self._campaign_model.cancelled_log_ids()
        self.endResetModel()
        self.counts_changed.emit()

    def line_texts(self, line: LogEntry | UnreadableLine) -> tuple[str, ...]:
        """The line as the table shows it; a line that cannot be read, or whose payload lacks what
        its kind needs, reads as unreadable (the rest of the log is unaffected)."""
        if isinstance(line, LogEntry):
            try:
                return tuple(str(text) for text in self._row(line))
            except (KeyError, ValueError, TypeError, AttributeError, IndexError):
                pass
        time = line.at[11:19] if isinstance(line.at, str) else ""
        return (time, "", line.kind, "", self.tr("（読めない行です）"), "")

    def _row(self, entry: LogEntry) -> list[str]:
        p = entry.payload
        time = str(p.get("time", entry.at))[11:19]
        seed = str(p.get("seed", ""))
        summary = p.get("summary")
        if isinstance(summary, dict):  # entries that describe themselves (フォーカード and later systems)
            texts = shown_summary(p)
            texts[3] = shown_roll_text(p, texts[3])
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
