"""ファイル → セッションログを書き出す…: which part of the log, and as HTML or as text.

The range is a session (as the log marks them, else a day's play), a scenario (offered only when the
log names scenarios: アナザーワールド), or a period from one date to another.  While the log's sessions
are still being counted in the background, the counting's progress stands in the sessions' place and
書き出す waits; the ranges are offered when done.  The dialog only chooses; the window asks where to
save and writes (`gmtool.app.log_export_menu`).
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QSize
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QRadioButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.log_export import HTML, PERIOD, SCENARIO, SESSION, TEXT, LogExportModel
from gmtool.views.appearance import set_tone
from gmtool.views.screen_fit import fit_to_screen


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


class LogExportDialog(QDialog):
    def __init__(self, model: LogExportModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("セッションログを書き出す"))
        layout = QVBoxLayout(self)

        scope = QGroupBox(self.tr("範囲"))
        grid = QGridLayout(scope)
        self.range_group = QButtonGroup(self)
        self.session_radio = QRadioButton(self.tr("セッション"))
        self.session_combo = QComboBox()
        self.counting = QProgressBar()  # in the sessions' place while they are counted
        self.counting.setFormat(self.tr("セッションを数えています… %p%"))
        self.session_slot = QStackedWidget()
        self.session_slot.addWidget(self.session_combo)
        self.session_slot.addWidget(self.counting)
        self.session_slot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        grid.addWidget(self.session_radio, 0, 0)
        grid.addWidget(self.session_slot, 0, 1, 1, 3)
        self.scenario_radio = QRadioButton(self.tr("シナリオ"))
        self.scenario_combo = QComboBox()
        grid.addWidget(self.scenario_radio, 1, 0)
        grid.addWidget(self.scenario_combo, 1, 1, 1, 3)
        self.period_radio = QRadioButton(self.tr("期間"))
        self.from_edit, self.to_edit = QDateEdit(), QDateEdit()
        for edit in (self.from_edit, self.to_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
        grid.addWidget(self.period_radio, 2, 0)
        dates = QHBoxLayout()
        dates.addWidget(self.from_edit)
        dates.addWidget(QLabel(self.tr("〜")))
        dates.addWidget(self.to_edit)
        dates.addStretch(1)
        grid.addLayout(dates, 2, 1, 1, 3)
        for button, kind in (
            (self.session_radio, SESSION),
            (self.scenario_radio, SCENARIO),
            (self.period_radio, PERIOD),
        ):
            self.range_group.addButton(button)
            button.setProperty("range_kind", kind)
        layout.addWidget(scope)

        form = QGroupBox(self.tr("形式"))
        row = QHBoxLayout(form)
        self.html_radio = QRadioButton(self.tr("HTML（ブラウザで開く1つのファイル）"))
        self.text_radio = QRadioButton(self.tr("テキスト"))
        self.format_group = QButtonGroup(self)
        for button, kind in ((self.html_radio, HTML), (self.text_radio, TEXT)):
            self.format_group.addButton(button)
            button.setProperty("format", kind)
            row.addWidget(button)
        row.addStretch(1)
        layout.addWidget(form)

        self.note = QLabel(self.tr("公開されていないシークレットダイスと、元に戻した操作は含めません。"))
        self.note.setWordWrap(True)
        set_tone(self.note, "note")
        layout.addWidget(self.note)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        set_tone(self.problem, "error")
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.addButton(self.tr("書き出す…"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self._fill_ranges()
        (self.html_radio if model.format == HTML else self.text_radio).setChecked(True)
        model.spans_changed.connect(self._on_counted)
        model.progressed.connect(self._show_counting)
        self.range_group.buttonToggled.connect(self._sync)
        self.format_group.buttonToggled.connect(self._sync)
        self.session_combo.currentIndexChanged.connect(self._sync)
        self.scenario_combo.currentIndexChanged.connect(self._sync)
        self.from_edit.dateChanged.connect(self._sync)
        self.to_edit.dateChanged.connect(self._sync)
        self._sync()
        fit_to_screen(self, QSize(560, 300), keep_menu_bar=True)  # not over the menus it came from

    def _fill_ranges(self) -> None:
        """The ranges the log offers (none while its sessions are being counted)."""
        model = self.model
        widgets = (self.range_group, self.session_combo, self.scenario_combo, self.from_edit, self.to_edit)
        for widget in widgets:
            widget.blockSignals(True)
        self.session_combo.clear()
        self.session_combo.addItems(model.session_labels())
        self.session_combo.setCurrentIndex(model.session_index)
        self.scenario_combo.clear()
        self.scenario_combo.addItems(model.scenario_labels())
        self.scenario_combo.setCurrentIndex(model.scenario_index)
        named = bool(model.scenario_labels())  # a log that names no scenario offers no シナリオ choice
        self.scenario_radio.setVisible(named)
        self.scenario_combo.setVisible(named)
        for edit in (self.from_edit, self.to_edit):
            edit.setSpecialValueText("—" if model.counting else "")  # no date to show yet
            if model.first_day is not None and model.last_day is not None:
                edit.setDateRange(_qdate(model.first_day), _qdate(model.last_day))
            elif model.counting:
                edit.setDate(edit.minimumDate())
        if model.period is not None:
            self.from_edit.setDate(_qdate(model.period[0]))
            self.to_edit.setDate(_qdate(model.period[1]))
        {SESSION: self.session_radio, SCENARIO: self.scenario_radio, PERIOD: self.period_radio}[
            model.range_kind
        ].setChecked(True)
        self.session_radio.setEnabled(bool(model.session_labels()))
        self.period_radio.setEnabled(not model.counting)
        for widget in widgets:
            widget.blockSignals(False)
        self._show_counting(*model.count_progress)

    def _show_counting(self, done: int, total: int) -> None:
        self.counting.setRange(0, max(total, 1))
        self.counting.setValue(min(done, max(total, 1)))
        self.session_slot.setCurrentIndex(1 if self.model.counting else 0)

    def _on_counted(self) -> None:
        self._fill_ranges()
        self._sync()

    def _sync(self, *_: object) -> None:
        """The choice into the model; 書き出す only when the choice holds a line."""
        m = self.model
        checked = self.range_group.checkedButton()
        m.range_kind = str(checked.property("range_kind")) if checked is not None else SESSION
        m.session_index = self.session_combo.currentIndex()
        m.scenario_index = self.scenario_combo.currentIndex()
        start, end = self.from_edit.date(), self.to_edit.date()
        m.period = (start.toPython(), end.toPython())  # type: ignore[assignment]
        fmt = self.format_group.checkedButton()
        m.format = str(fmt.property("format")) if fmt is not None else HTML
        self.session_combo.setEnabled(m.range_kind == SESSION)
        self.scenario_combo.setEnabled(m.range_kind == SCENARIO)
        self.from_edit.setEnabled(m.range_kind == PERIOD)
        self.to_edit.setEnabled(m.range_kind == PERIOD)
        empty = m.chosen() is None and not m.counting
        self.problem.setText(self.tr("選んだ範囲にログの行がありません") if empty else "")
        self.problem.setVisible(empty)
        self.ok_button.setEnabled(m.chosen() is not None)
