"""ヘルプ → キーボードショートカット: every shortcut of the window in one table (action, menu, keys),
with a filter field above it."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.shortcut_list import ShortcutList
from gmtool.views.screen_fit import fit_to_screen


class ShortcutsDialog(QDialog):
    def __init__(self, model: ShortcutList, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("キーボードショートカット"))
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("操作・メニュー・キーで絞り込む"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._fill)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("操作"), self.tr("メニュー"), self.tr("キー")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)  # more rows seen
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self._fill("")
        fit_to_screen(self, QSize(max(760, self._width_for_every_row()), 680), keep_menu_bar=True)

    def _width_for_every_row(self) -> int:
        """As wide as the longest action beside its menu and keys (at 760 px the English AW
        「Session management (contracts, Command Spells, event keys)…」 was cut); the screen bounds it."""
        header = self.table.horizontalHeader()
        columns = sum(max(self._column_width(c), header.sectionSizeHint(c)) for c in range(3))
        scroll_bar = self.table.verticalScrollBar().sizeHint().width()
        layout = self.layout()
        margins = layout.contentsMargins().left() + layout.contentsMargins().right() if layout else 0
        return columns + scroll_bar + 2 * self.table.frameWidth() + margins + 8

    def _column_width(self, column: int) -> int:
        """The widest cell of *column* over every row: the table's own `sizeHintForColumn` reads
        only the rows in its viewport, and the long AW row is below them until scrolled to."""
        option = QStyleOptionViewItem()
        option.initFrom(self.table)
        delegate = self.table.itemDelegate()
        model = self.table.model()
        grid = 1 if self.table.showGrid() else 0
        return max(
            (
                delegate.sizeHint(option, model.index(row, column)).width() + grid
                for row in range(model.rowCount())
            ),
            default=0,
        )

    def shown_rows(self) -> list[tuple[str, str, str]]:
        def text(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [(text(row, 0), text(row, 1), text(row, 2)) for row in range(self.table.rowCount())]

    def _fill(self, text: str) -> None:
        rows = self.model.matching(text)
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            for column, value in enumerate((row.action, row.menu, row.keys)):
                self.table.setItem(index, column, QTableWidgetItem(value))
