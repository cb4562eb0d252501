"""The session log panel: every roll with its inputs, dice, outcome and seed.

Right-click on a line: 同じシードで振り直す (a dice-box roll made again from its seed, to show the
logged result is the one that seed gives), 結果を見る (a secret roll's result for the GM alone, not
written to the log), シードをコピー.  An undone step's lines read struck through.

The model reads the log a page at a time: the view asks only for the rows it paints, and its columns
are sized to the newest lines (`SIZED_ROWS`), widened when a wider line is logged — never to every
line of a long log.  The result is what the GM reads: where the columns would push 結果 past the
view's right edge, 出目 gives up width first, then 結果 and 入力 down to a line's worth each, then
入力 and last 結果 down to their narrowest (the cell's text elided, whole in its tooltip), and the
seed, last, takes what is left — the result is read without scrolling sideways.  出目 goes first and
入力 keeps a line: a fight's line, a note or a session's mark has all its text in 入力 (beside a
フォーカード creation's five attributes' faces and a long BCDice result they were cut to a word).
The rows are compact, so the dock's default height shows `SHOWN_ROWS` of them (`sizeHint`).

A new line paints only itself: QTableView answers any change of its row count with a relayout that
repaints every shown row (its vertical header's `sectionCountChanged` → `rowCountChanged` →
`doItemsLayout` → the whole viewport), 2 of a roll's 6 ms with the log shown.  This log only grows
at its end — a filter or a re-read resets the model, which relays out as before — so that
connection is cut and `_follow_new_rows` does the relayout's part: the scroll bar's new range, the
rows above moved up by a scroll (Qt copies their pixels), and the new lines painted.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QMessageBox, QTableView, QWidget

from gmtool.models.log_table_model import LogTableModel

SIZED_ROWS = 32  # the newest lines the columns are sized to when the log is shown
SHOWN_ROWS = 8  # the lines the log asks room for: the window's default layout gives it that height
ROW_PADDING = 6  # px of a row beyond its text's height (Qt's default row is twice the text's)
# The narrowest, in digits' widths, a column gives up width to (出目, 入力 and 結果, in that order, to
# keep 結果 in view; the seed, which is last and takes the rest): the start of each still reads.
NARROWEST_DIGITS = {
    LogTableModel.DICE: 10,
    LogTableModel.INPUT: 10,
    LogTableModel.RESULT: 16,
    LogTableModel.SEED: 10,
}
# What 結果 and 入力 keep, in digits' widths, before either gives up more: a check's result and a
# fight's line (「ゴブリンの負傷: 0 → 3」) read whole beside each other.
LINE_DIGITS = 28


class LogView(QTableView):
    def __init__(self, model: LogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_model = model
        self.setModel(model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)  # a cut cell ends in "…" (tooltip: whole)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)  # the seed: long, and least important
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._show_menu)
        self.verticalHeader().sectionCountChanged.disconnect()  # (the relayout: module docstring)
        model.rowsInserted.connect(self._follow_new_rows)
        model.modelReset.connect(self._show_newest)
        self._show_newest()

    def sizeHint(self) -> QSize:
        """Room for the header and `SHOWN_ROWS` lines (the window's default layout gives it that)."""
        rows = SHOWN_ROWS * self.verticalHeader().defaultSectionSize()
        height = 2 * self.frameWidth() + self.horizontalHeader().sizeHint().height() + rows
        return QSize(super().sizeHint().width(), height)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not event.spontaneous():  # laid out at its real size now: the newest lines at the bottom
            self.scrollToBottom()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # sized again to the room there is now
            rows = self.log_model.rowCount()
            self._fit_columns(max(0, rows - SIZED_ROWS), rows - 1, shrink=True)

    def _show_newest(self) -> None:
        self.updateGeometries()  # the scroll bar's range for the rows there are now (module docstring)
        rows = self.log_model.rowCount()
        self._fit_columns(max(0, rows - SIZED_ROWS), rows - 1, shrink=True)
        self.scrollToBottom()

    def _follow_new_rows(self, _parent: QModelIndex, first: int, last: int) -> None:
        # Widened for each new line: a column sized while the log was empty would elide every later row.
        self.updateGeometries()  # the scroll bar's range, as the relayout this view skips set it
        self._fit_columns(max(first, last - SIZED_ROWS + 1), last, shrink=False)
        self.scrollToBottom()
        width = self.viewport().width()
        for row in range(first, last + 1):  # the rows above kept their pixels (scrolled)
            self.viewport().update(0, self.rowViewportPosition(row), width, self.rowHeight(row))

    def _fit_columns(self, first: int, last: int, shrink: bool) -> None:
        """Each column as wide as its header and the rows first…last need (as resizeColumnsToContents
        sizes it, from those rows only); with `shrink` also narrower than it is.  The widths are
        worked out first and only a changed one is set: a resize repaints every row to its right."""
        model = self.log_model
        header = self.horizontalHeader()
        grid = 1 if self.showGrid() else 0
        widths = {column: self.columnWidth(column) for column in range(model.SEED)}
        for column in range(model.SEED):  # the seed, last, stretches over what the others leave
            rows = range(first, last + 1)
            needed = max((self.sizeHintForIndex(model.index(row, column)).width() for row in rows), default=0)
            width = needed + grid
            if shrink:  # (widening for a new line: the header fitted already)
                widths[column] = max(width, header.sectionSizeHint(column))
            elif width > widths[column]:
                widths[column] = width
        self._keep_result_in_view(widths)
        changed = [column for column, width in widths.items() if width != self.columnWidth(column)]
        if not (shrink or changed):
            return  # a line that fits (or is cut as the lines before it were): the columns stand
        for column in changed:
            self.setColumnWidth(column, widths[column])
        self.setColumnWidth(model.SEED, self.narrowest(model.SEED))

    def narrowest(self, column: int) -> int:
        """The width *column* gives up room to (`NARROWEST_DIGITS`); a column not listed gives none."""
        digits = NARROWEST_DIGITS.get(column)
        if digits is None:
            return self.columnWidth(column)
        return self.fontMetrics().horizontalAdvance("0" * digits)

    def _keep_result_in_view(self, widths: dict[int, int]) -> None:
        """*widths* (the columns before the seed) narrower while the result would end past the view's
        right edge with the seed's narrowest width beside it (and the scroll bar's room): 出目 down to
        `narrowest`, then 結果 and 入力 down to `LINE_DIGITS` each, then 入力 and last 結果 down to
        `narrowest`."""
        model = self.log_model
        # The scroll bar's width kept free whether or not it shows yet: a longer log brings it.
        inside = self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width()
        room = inside - self.narrowest(model.SEED)
        if room <= 0:
            return  # not laid out yet: fitted again when resized
        over = sum(widths.values()) - room
        line = self.fontMetrics().horizontalAdvance("0" * LINE_DIGITS)
        floors = (
            (model.DICE, self.narrowest(model.DICE)),
            (model.RESULT, line),  # a long result (a BCDice line) keeps a line's worth, as 入力 does
            (model.INPUT, line),
            (model.INPUT, self.narrowest(model.INPUT)),
            (model.RESULT, self.narrowest(model.RESULT)),
        )
        for column, floor in floors:
            give = min(over, widths[column] - floor)
            if give > 0:
                widths[column] -= give
                over -= give

    # ---- the line's menu ---------------------------------------------------------------------
    def line_menu(self, row: int) -> QMenu:
        """The actions a line offers (disabled, with the reason, where it has none)."""
        model = self.log_model
        menu = QMenu(self)
        replay = menu.addAction(self.tr("同じシードで振り直す"), lambda: self.replay(row))
        replay.setEnabled(model.can_replay(row))
        if not replay.isEnabled():
            replay.setToolTip(self.tr("振り直せるのはダイスボックスのロールです"))
        peek = menu.addAction(self.tr("結果を見る（GMのみ、ログには出しません）"), lambda: self.peek(row))
        peek.setEnabled(model.secret_result(row) is not None)
        seed = model.index(row, model.SEED).data()
        copy = menu.addAction(self.tr("シードをコピー"), lambda: QGuiApplication.clipboard().setText(seed))
        copy.setEnabled(bool(seed))
        menu.setToolTipsVisible(True)
        return menu

    def _show_menu(self, at: QPoint) -> None:
        index = self.indexAt(at)
        if index.isValid():
            self.line_menu(index.row()).popup(self.viewport().mapToGlobal(at))

    def replay(self, row: int) -> None:
        again = self.log_model.replay(row)
        if again is None:
            return
        verdict = (
            self.tr("記録と同じ結果です。")
            if again.same
            else self.tr("記録と違います（記録: {0}）。").format(again.logged_text)
        )
        text = self.tr("{0} をシード {1} で振り直しました:\n{2}\n\n{3}").format(
            again.command, again.seed, again.text, verdict
        )
        if again.cli:  # a dice table lives in the campaign: no terminal command rolls it
            text += "\n" + self.tr("gmtool の外でも: {0}").format(again.cli)
        self.show_message(self.tr("同じシードで振り直す"), text)

    def peek(self, row: int) -> None:
        result = self.log_model.secret_result(row)
        if result is not None:
            self.show_message(self.tr("シークレットダイスの結果（GMのみ）"), result)

    def show_message(self, title: str, text: str) -> None:
        """Shown to the GM on this screen; nothing is logged (tests read it instead)."""
        QMessageBox.information(self, title, text)
