"""The session log dock: the log table under a filter bar.

One row fits the dock at 1366×768: the search field (Ctrl+Shift+I — Ctrl+Shift+F is the アナザーワールド
menu's AF判定), the character, the kind, 「絞り込み」 for the rarely used fields (a session; a day; a
time to jump to) and the count 「1,234 / 200,000 行」.  Finding the sessions reads the whole log (the
log export's reading, shared: `LogTableModel.sessions`), so it waits until the セッション field is
first shown or opened, and runs in the background: in the field's place 「数えています… 40%」 with a
キャンセル while the window stays usable, the choice filled when done; then it follows the lines
logged.  Typing waits for a
pause (`DEBOUNCE_MS`) before the log is filtered, so a 200 000-line log is searched once per word,
not once per key.  The model does the filtering (in SQL, `LogTableModel.set_filter`); 解除 shows
the whole log again, newest at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

from PySide6.QtCore import QDate, QDateTime, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDateTimeEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.log_filter import CHECKS, COMBAT, GROUPS, MAX_TEXT_CHARS, NOTES, OTHER, SESSION, LogFilter
from gmtool.models.log_table_model import LogTableModel
from gmtool.views.log_view import LogView
from gmtool.views.message_catalog import translate_message

DEBOUNCE_MS = 250
SEARCH_SHORTCUT = "Ctrl+Shift+I"


class LogPanel(QWidget):
    def __init__(self, model: LogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_model = model
        self.view = LogView(model)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("ログを検索"))
        self.search.setToolTip(
            self.tr("入力・出目・結果・キャラクター名などで探します（{0}）").format(SEARCH_SHORTCUT)
        )
        self.search.setClearButtonEnabled(True)
        self.search.setMaxLength(MAX_TEXT_CHARS)
        self.search.setMinimumWidth(90)
        self.character = QComboBox()
        self.character.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.character.setMinimumContentsLength(4)
        self.character.setToolTip(self.tr("このキャラクターの行だけ"))
        self.kind = QComboBox()
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(4)
        self.kind.addItem(self.tr("すべての種類"), None)
        texts = {
            CHECKS: self.tr("判定"),
            COMBAT: self.tr("戦闘"),
            SESSION: self.tr("セッション"),
            NOTES: self.tr("作成・成長"),
            OTHER: self.tr("その他"),
        }
        for group in GROUPS:
            self.kind.addItem(texts[group], group)
        self.more = QToolButton()
        self.more.setText(self.tr("絞り込み"))
        self.more.setCheckable(True)
        self.more.setToolTip(self.tr("セッションや日付で絞り込む、時刻へジャンプする"))
        self.clear_button = QToolButton()
        self.clear_button.setText(self.tr("絞り込み解除"))
        self.clear_button.setToolTip(self.tr("絞り込みをやめてログ全体を表示します"))
        self.count = QLabel()
        self.count.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        # room for a long session's count from the start: sized by its text, 9 → 10 行 moved the
        # filter bar's buttons under the pointer with every new line
        self.count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._count_room = self.count.fontMetrics().horizontalAdvance(self.tr("{0:,} 行").format(88888))

        self.session = _SessionCombo(self._fill_sessions)
        self.session.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.session.setMinimumContentsLength(10)
        self.session.addItem(self.tr("すべて"), None)
        self.session.setToolTip(
            self.tr("このセッションの行だけ（システムの記録した開始・終了、なければ長い休みで区切ります）")
        )
        self._sessions_filled = False
        # While the sessions are counted, their progress and キャンセル take the choice's place (the
        # same room: nothing else in the row moves).
        self.counting = QProgressBar()
        self.counting.setFormat(self.tr("数えています… %p%"))
        self.cancel_counting = QToolButton()
        self.cancel_counting.setText(self.tr("キャンセル"))
        self.cancel_counting.setToolTip(self.tr("セッションを数えるのをやめます（後でまた数えます）"))
        counting_row = QWidget()
        counting_layout = QHBoxLayout(counting_row)
        counting_layout.setContentsMargins(0, 0, 0, 0)
        counting_layout.addWidget(self.counting, 1)
        counting_layout.addWidget(self.cancel_counting)
        self.session_slot = QStackedWidget()
        self.session_slot.addWidget(self.session)
        self.session_slot.addWidget(counting_row)
        self.session_slot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.use_day = QCheckBox(self.tr("日付"))
        self.day = QDateEdit(QDate.currentDate())
        self.day.setCalendarPopup(True)
        self.day.setDisplayFormat("yyyy-MM-dd")
        self.day.setToolTip(self.tr("この日（この計算機の時刻で）の行だけ"))
        self.jump_time = QDateTimeEdit(QDateTime.currentDateTime())
        self.jump_time.setCalendarPopup(True)
        self.jump_time.setDisplayFormat("yyyy-MM-dd HH:mm")
        self.jump_button = QPushButton(self.tr("ジャンプ"))
        self.jump_button.setToolTip(self.tr("この時刻以降の最初の行を選びます"))
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.hide()

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        for widget, stretch in ((self.search, 2), (self.character, 1), (self.kind, 1), (self.more, 0)):
            top.addWidget(widget, stretch)
        top.addWidget(self.count)
        top.addWidget(self.clear_button)
        self.extra = QWidget()
        row = QHBoxLayout(self.extra)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("セッション")))
        row.addWidget(self.session_slot, 1)
        row.addWidget(self.use_day)
        row.addWidget(self.day)
        row.addWidget(QLabel(self.tr("時刻")))
        row.addWidget(self.jump_time)
        row.addWidget(self.jump_button)
        self.extra.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.extra)
        layout.addWidget(self.problem)
        layout.addWidget(self.view, 1)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.apply_filter)
        self.search.textChanged.connect(self._timer.start)
        self.character.currentIndexChanged.connect(self._timer.start)
        self.kind.currentIndexChanged.connect(self._timer.start)
        self.use_day.toggled.connect(self._timer.start)
        self.day.dateChanged.connect(self._on_day_changed)
        self.session.currentIndexChanged.connect(self._timer.start)
        self.more.toggled.connect(self._show_more)
        model.sessions.changed.connect(self._on_sessions_changed)
        model.sessions.progressed.connect(self._show_counting)
        model.sessions.scanning_changed.connect(self._show_counting)
        self.cancel_counting.clicked.connect(model.sessions.cancel)
        self.clear_button.clicked.connect(self.clear_filter)
        self.jump_button.clicked.connect(self.jump)
        model.counts_changed.connect(self._show_count)
        model.characters_changed.connect(self._fill_characters)
        self._fill_characters()
        self._show_count()
        model.check_in_background()  # the check opening left for later: said here if it fails

    # ---- the filter ------------------------------------------------------------------------
    def current_filter(self) -> LogFilter:
        character = self.character.currentData()
        picked = self.day.date()
        return LogFilter(
            text=self.search.text().strip(),
            group=self.kind.currentData(),
            character=tuple(character) if character else None,
            day=date(picked.year(), picked.month(), picked.day()) if self.use_day.isChecked() else None,
            ids=self._session_ids(),
        )

    def apply_filter(self) -> None:
        """The fields' filter now (typing waits for a pause first)."""
        self._timer.stop()
        wanted = self.current_filter()
        if wanted != self.log_model.log_filter:
            self.log_model.set_filter(wanted)
        self._show_count()

    def clear_filter(self) -> None:
        """The whole log again, scrolled to its newest line."""
        widgets = (self.search, self.character, self.kind, self.session, self.use_day)
        for widget in widgets:
            widget.blockSignals(True)
        self.search.clear()
        self.character.setCurrentIndex(0)
        self.kind.setCurrentIndex(0)
        self.session.setCurrentIndex(0)
        self.use_day.setChecked(False)
        for widget in widgets:
            widget.blockSignals(False)
        self.apply_filter()

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def jump(self) -> None:
        """Selects and shows the first shown line logged at or after the time in the field."""
        self.apply_filter()
        when = datetime.fromtimestamp(self.jump_time.dateTime().toSecsSinceEpoch())  # local, naive
        row = self.log_model.row_at_time(when)
        if row is None:
            self._say(self.tr("この時刻以降の行はありません"))
            return
        self._say(None)
        index = self.log_model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.selectRow(row)
        self.view.scrollTo(index, LogView.ScrollHint.PositionAtTop)

    # ---- sessions ----------------------------------------------------------------------------
    def _show_more(self, shown: bool) -> None:
        self.extra.setVisible(shown)
        if shown and not self._sessions_filled:
            self._fill_sessions()

    def _fill_sessions(self, first: int = 1) -> None:
        """The セッション choices from session `first` on (the older ones unchanged since); the log
        read in the background the first time (`_on_sessions_changed` fills them when done)."""
        sessions = self.log_model.sessions
        if not sessions.known:
            sessions.request()
            self._show_counting()
            if not sessions.known:
                return
        spans = sessions.sessions()
        if sessions.problem:
            self._say(translate_message(sessions.problem))
            return
        self._sessions_filled = True
        combo = self.session
        combo.blockSignals(True)
        while combo.count() > len(spans) + 1:  # the log read again, shorter (lines taken back)
            combo.removeItem(combo.count() - 1)
        for span in spans[first - 1 :]:
            text = sessions.label(span)
            if span.number < combo.count():
                if combo.itemText(span.number) != text:
                    combo.setItemText(span.number, text)
            else:
                combo.addItem(text, span.number)
        combo.blockSignals(False)
        combo.view().setMinimumWidth(combo.view().sizeHintForColumn(0) + 24)  # the labels in full

    def _show_counting(self) -> None:
        """The background scan's progress and its キャンセル, while it runs."""
        sessions = self.log_model.sessions
        done, total = sessions.progress
        self.counting.setRange(0, max(total, 1))
        self.counting.setValue(min(done, max(total, 1)))
        self.session_slot.setCurrentIndex(1 if sessions.scanning else 0)

    def _session_ids(self) -> tuple[int, int | None] | None:
        number = self.session.currentData()
        return None if number is None else self.log_model.sessions.ids_of(number)

    def _on_sessions_changed(self) -> None:
        """The sessions found, a line logged (the newest session grew, or a new one began), or the
        log to be read again (in the background, when they had been asked for)."""
        sessions = self.log_model.sessions
        self._show_counting()
        if sessions.problem:
            self._say(translate_message(sessions.problem))
            return
        if not sessions.known:
            return  # being read again: filled when done
        self._fill_sessions(max(self.session.count() - 1, 1) if self._sessions_filled else 1)
        if self.current_filter() != self.log_model.log_filter:  # the chosen session has ended
            self._timer.start()

    # ---- showing ---------------------------------------------------------------------------
    def _on_day_changed(self) -> None:
        if self.use_day.isChecked():
            self._timer.start()
        else:
            self.use_day.setChecked(True)  # picking a day means filtering by it

    def _fill_characters(self) -> None:
        chosen = self.character.currentData()
        self.character.blockSignals(True)
        self.character.clear()
        self.character.addItem(self.tr("全員"), None)
        for character_id, name in self.log_model.characters():
            self.character.addItem(name, [character_id, name])
        ids = [
            data[0] if data else None for data in map(self.character.itemData, range(self.character.count()))
        ]
        index = ids.index(chosen[0]) if chosen and chosen[0] in ids else 0
        self.character.setCurrentIndex(index)
        self.character.blockSignals(False)
        if chosen and self.character.currentData() != chosen:  # renamed (its new name), or removed
            self._timer.start()

    def _show_count(self) -> None:
        model = self.log_model
        shown, total = model.rowCount(), model.total_count
        # English counts "1 line" and "2 lines": the text chosen by the count (as the log export does).
        if model.log_filter.empty:
            self.count.setText(self.tr("1 行") if total == 1 else self.tr("{0:,} 行").format(total))
        elif total == 1:
            self.count.setText(self.tr("{0:,} / 1 行").format(shown))
        else:
            self.count.setText(self.tr("{0:,} / {1:,} 行").format(shown, total))
        self._fit_count()
        self.clear_button.setEnabled(not model.log_filter.empty)
        problem = model.damage or model.filter_problem
        self._say(translate_message(problem) if problem else None)

    def _fit_count(self) -> None:
        """The count's size fixed, grown only when a longer text needs it.  A label of a fixed size
        asks no layout above it to run again when its text changes: with a size of its own, every
        logged line laid out the log panel, its dock and the main window anew."""
        hint = self.count.sizeHint()
        width = max(self._count_room, hint.width(), self.count.minimumWidth())
        height = max(hint.height(), self.clear_button.sizeHint().height())
        if (width, height) != (self.count.minimumWidth(), self.count.minimumHeight()):
            self.count.setFixedSize(width, height)

    def _say(self, text: str | None) -> None:
        self.problem.setText(text or "")
        self.problem.setVisible(bool(text))


class _SessionCombo(QComboBox):
    """The セッション choice, which asks for its sessions when opened (found in the background)."""

    def __init__(self, before_popup: Callable[[], None]) -> None:
        super().__init__()
        self._before_popup = before_popup

    def showPopup(self) -> None:
        self._before_popup()
        super().showPopup()
