"""A line of a LotR box that shows odds or why a step cannot be taken, with 「表を開く」 under a
refusal that waits for a 未設定 cell: the button opens ルール表 → 参照表 at that cell.

The cell comes with the refusal as data (`models.lotr.table_requests.unset_cell`), never read from
its text; the button shows only when the window answers such requests (`TableRequests.answered`).
Once the GM fills the cell, the box's model hears the rules change and the box shows the step
again: nothing to reopen.

The line is the label itself and its button a widget of its own, put under it by `add_line`: in
a widget wrapping both, a wrapped label is squeezed by the dialogs that size themselves to it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QBoxLayout, QFormLayout, QLabel, QPushButton, QWidget

from gmtool.models.lotr.shown_names import ungloss
from gmtool.models.lotr.table_requests import CellRef, TableRequests, unset_cell
from gmtool.views.widgets import shown_message


class RefusalLine(QLabel):
    def __init__(self, requests: TableRequests, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._requests = requests
        self.cell: CellRef | None = None
        self.setWordWrap(True)
        self.open_button = QPushButton(self.tr("表を開く"))
        self.open_button.setToolTip(self.tr("ルール表 → 参照表 を開き、未設定の欄を選びます"))
        self.open_button.clicked.connect(self.open_table)
        self.open_button.hide()

    def setText(self, text: str) -> None:
        """Odds or a note: no table to open."""
        super().setText(text)
        self.cell = None
        self.open_button.hide()

    def show_refusal(self, refusal: str, cell: CellRef | None = None) -> None:
        """A refusal in the UI language; 「表を開く」 when it waits for a 未設定 cell (the one it
        carries, or `cell`: a table the view knows has no row yet)."""
        super().setText(shown_message(ungloss(refusal)))
        self.cell = cell or unset_cell(refusal)
        self.open_button.setVisible(self.cell is not None and self._requests.answered)

    def open_table(self) -> None:
        if self.cell is not None:
            self._requests.open(self.cell)


def add_line(layout: QFormLayout | QBoxLayout, line: RefusalLine, label: str = "") -> None:
    """The line (a form's row, with `label` if given) and its button under it, to the left."""
    if isinstance(layout, QFormLayout):
        if label:
            layout.addRow(label, line)
            layout.addRow("", line.open_button)
        else:
            layout.addRow(line)
            layout.addRow(line.open_button)
        layout.setAlignment(line.open_button, Qt.AlignmentFlag.AlignLeft)
        return
    layout.addWidget(line)
    layout.addWidget(line.open_button, 0, Qt.AlignmentFlag.AlignLeft)


def show_step(line: RefusalLine, button: QAbstractButton, text: Callable[[], str]) -> None:
    """The line of a step that rolls: its odds and the button live, or why not (the button off)."""
    try:
        line.setText(text())
        button.setEnabled(True)
    except ValueError as why:
        line.show_refusal(str(why))
        button.setEnabled(False)
