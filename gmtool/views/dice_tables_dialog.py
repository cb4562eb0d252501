"""ダイス表: the GM's own tables in BCDice's text format, each row with its exact probability.

The list of the campaign's tables on the left; the selected one's text on the right, read as it is
typed: a malformed table says which line and why (and that line is marked), a good one lists each
row with its chance.  保存 stores the edit (one undo step); leaving an unsaved edit asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QKeySequence, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.dice_tables_model import DiceTablesModel, TableReading, example_tables
from gmtool.views.appearance import set_tone
from gmtool.views.file_dialogs import open_file_name, save_file_name
from gmtool.views.fonts import with_japanese
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.widgets import action_button, close_only_buttons, guarded, shown_message

WANTED_SIZE = QSize(1100, 680)  # within a 1366×768 laptop's screen, title bar and task bar included
ERROR_LINE_COLOR = "#f8d7da"


def probability_text(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}% ({p.numerator}/{p.denominator})"


class DiceTablesDialog(QDialog):
    def __init__(self, model: DiceTablesModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("ダイス表"))
        self._current = -1  # the row of the list the editor shows
        self._loaded = ""  # the stored text the editor started from

        self.list = QListWidget()
        self.list.currentRowChanged.connect(self._row_chosen)
        self.new_button = action_button(self, self.tr("新規"), self.new_table)
        self.duplicate_button = action_button(self, self.tr("複製"), self.duplicate_table)
        self.remove_button = action_button(self, self.tr("削除"), self.remove_table)
        self.import_button = action_button(self, self.tr("読み込む…"), self.import_table)
        self.export_button = action_button(self, self.tr("書き出す…"), self.export_table)
        self.example_button = QPushButton(self.tr("例から追加"))
        self.example_button.setAutoDefault(False)

        self.editor = QPlainTextEdit()
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.editor.setFont(with_japanese(mono))
        self.editor.setPlaceholderText(
            self.tr("1行目に表の名前、2行目にダイス（1D6、2D6、D66…）、その後に「出目:内容」を1行ずつ")
        )
        self.editor.textChanged.connect(self._read_editor)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        set_tone(self.error_label, "error")
        self.summary_label = QLabel()
        self.odds = QTableWidget(0, 3)
        self.odds.setHorizontalHeaderLabels([self.tr("出目"), self.tr("確率"), self.tr("内容")])
        self.odds.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.odds.verticalHeader().setVisible(False)
        header = self.odds.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.save_button = action_button(self, self.tr("保存"), self.save)
        self.save_button.setShortcut(QKeySequence.StandardKey.Save)
        self.save_button.setToolTip(self.tr("編集した表をキャンペーンに保存します（元に戻すで戻せます）"))
        self.revert_button = action_button(self, self.tr("編集を取り消す"), self.revert)

        left = QVBoxLayout()
        left.addWidget(
            QLabel(self.tr("このキャンペーンのダイス表（ダイスボックスで名前を入力すると振れます）"))
        )
        left.addWidget(self.list, 1)
        for pair in ((self.new_button, self.duplicate_button), (self.remove_button, self.example_button)):
            left.addLayout(_row(*pair))
        left.addLayout(_row(self.import_button, self.export_button))
        self.examples_note = QLabel()
        self.examples_note.setWordWrap(True)
        left.addWidget(self.examples_note)
        self._fill_examples()
        right = QVBoxLayout()
        right.addWidget(self.editor, 3)
        right.addWidget(self.error_label)
        right.addWidget(self.summary_label)
        right.addWidget(self.odds, 4)
        right.addLayout(_row(self.save_button, self.revert_button))
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        for layout, stretch in ((left, 1), (right, 2)):
            holder = QWidget()
            holder.setLayout(layout)
            splitter.addWidget(holder)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        outer = QVBoxLayout(self)
        outer.addWidget(splitter, 1)
        outer.addWidget(close_only_buttons(self))

        model.changed.connect(self._reload)
        self._reload()
        fit_to_screen(self, WANTED_SIZE, keep_menu_bar=True)  # the GM keeps the menus while it is open

    # ---- actions --------------------------------------------------------------------------
    def new_table(self) -> None:
        if self._leave_edit():
            self._select(self.model.add(self.model.new_table_text()))

    def duplicate_table(self) -> None:
        if self._current >= 0 and self._leave_edit():
            self._select(self.model.duplicate(self._current))

    def remove_table(self) -> None:
        if self._current < 0:
            return
        name = self.list.item(self._current).text()
        if self.confirm(
            self.tr("ダイス表の削除"), self.tr("「{0}」を削除しますか？（元に戻すで戻せます）").format(name)
        ):
            self._loaded = self.editor.toPlainText()  # nothing to keep: the table goes
            self.model.remove(self._current)

    def add_example(self, name: str) -> None:
        if self._leave_edit():
            self._select(self.model.add_example(name))

    def import_table(self) -> None:
        if not self._leave_edit():
            return
        path = self.ask_open_path()
        if path:
            self._select(self.model.import_file(path))

    def export_table(self) -> None:
        if self._current < 0:
            return
        table = self.model.table(self._current)
        path = self.ask_save_path(f"{table.name}.txt")
        if path:
            self.model.export_file(self._current, path)

    def save(self) -> None:
        """Stores the editor's table; a refusal (malformed, a name taken) is shown under the text."""
        text = self.editor.toPlainText()
        try:
            if self._current < 0:
                index = self.model.add(text)
            else:
                index = self._current
                self.model.replace(index, text)
        except ValueError as refusal:  # str(refusal) is its Message; a malformed table names its line
            self._show_error(shown_message(str(refusal)), getattr(refusal, "line", None))
            return
        self._loaded = text
        self._select(index)

    def revert(self) -> None:
        self._loaded_into_editor(self._loaded)

    # ---- asking (tests replace these) ---------------------------------------------------------
    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_open_path(self) -> str:
        return open_file_name(
            self, self.tr("ダイス表を読み込む"), self.tr("テキスト (*.txt);;すべてのファイル (*)")
        )

    def ask_save_path(self, suggested: str) -> str:
        return save_file_name(self, self.tr("ダイス表を書き出す"), self.tr("テキスト (*.txt)"), suggested)

    # ---- state ----------------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self.editor.toPlainText() != self._loaded

    def _leave_edit(self) -> bool:
        """True when the editor's text may be replaced: nothing unsaved, or the GM lets it go."""
        return not self.dirty or self.confirm(
            self.tr("保存していない編集"), self.tr("編集した表は保存されていません。保存せずに続けますか？")
        )

    def _row_chosen(self, row: int) -> None:
        if row == self._current:
            return
        if not self._leave_edit():
            self.list.blockSignals(True)
            self.list.setCurrentRow(self._current)
            self.list.blockSignals(False)
            return
        self._current = row
        texts = self.model.texts()
        self._loaded_into_editor(texts[row] if 0 <= row < len(texts) else "")
        self._update_buttons()

    def _select(self, index: int) -> None:
        """Shows the table at *index* (just stored, or the edit was let go)."""
        self.list.blockSignals(True)
        self.list.setCurrentRow(index)
        self.list.blockSignals(False)
        self._current = index
        self._loaded_into_editor(self.model.texts()[index])
        self._update_buttons()

    def _reload(self) -> None:
        """The list again (an edit here, or undo/redo in the window); an unsaved edit is kept."""
        try:
            names = self.model.names()
        except ValueError as problem:
            names = []
            self._show_error(shown_message(str(problem)), None)
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(names)
        row = min(self._current, len(names) - 1)
        self.list.setCurrentRow(row)
        self.list.blockSignals(False)
        self._current = row
        if not self.dirty or row < 0:
            texts = self.model.texts() if names else []
            self._loaded_into_editor(texts[row] if row >= 0 else "")
        self._update_buttons()

    def _loaded_into_editor(self, text: str) -> None:
        self._loaded = text
        if self.editor.toPlainText() != text:
            self.editor.setPlainText(text)
        self._read_editor()

    def _update_buttons(self) -> None:
        chosen = self._current >= 0
        for button in (self.duplicate_button, self.remove_button, self.export_button):
            button.setEnabled(chosen)
        self.save_button.setEnabled(self.dirty and bool(self.editor.toPlainText().strip()))
        self.revert_button.setEnabled(self.dirty)

    def _fill_examples(self) -> None:
        examples = example_tables()
        menu = QMenu(self)
        for name, text in examples:
            title = next((line.strip() for line in text.splitlines() if line.strip()), name)
            menu.addAction(title, self._example_adder(name))
        self.example_button.setMenu(menu)
        self.example_button.setEnabled(bool(examples))
        self.example_button.setToolTip(self.tr("ルールテキストにある表から作った例です（内容は本文のまま）"))
        if not examples:
            self.examples_note.setText(self.tr("ルールテキストにダイスで引く表がないため、例はありません"))
        self.examples_note.setVisible(not examples)

    def _example_adder(self, name: str) -> Callable[[], object]:
        return lambda: guarded(self, lambda: self.add_example(name))

    # ---- reading the editor -------------------------------------------------------------------
    def _read_editor(self) -> None:
        self._update_buttons()
        reading = self.model.read(self.editor.toPlainText())
        self._show_error(shown_message(reading.problem or ""), reading.line)
        self._show_table(reading)

    def _show_error(self, text: str, line: int | None) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))
        marks = []
        if line is not None:
            block = self.editor.document().findBlockByNumber(line - 1)
            if block.isValid():
                mark = QTextEdit.ExtraSelection()
                mark.format.setBackground(QColor(ERROR_LINE_COLOR))
                mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                mark.cursor = QTextCursor(block)
                marks.append(mark)
        self.editor.setExtraSelections(marks)

    def _show_table(self, reading: TableReading) -> None:
        rows = reading.rows
        self.summary_label.setText(
            self.tr("「{0}」 {1}: {2}行（ダイスボックスで「{0}」と入力、S{0} でシークレット）").format(
                reading.name, reading.dice, len(rows)
            )
            if reading.readable
            else ""
        )
        self.odds.setRowCount(len(rows))
        for i, row in enumerate(rows):
            for column, text in enumerate((str(row.value), probability_text(row.probability), row.shown)):
                item = QTableWidgetItem(text)
                if column < 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.odds.setItem(i, column, item)

    def reject(self) -> None:
        """Esc, 閉じる and the title bar's close (QDialog's closeEvent calls this) ask first."""
        if self._leave_edit():
            super().reject()


def _row(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    return row
