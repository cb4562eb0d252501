"""One section of the deck on the sheet: the table of cards and what can be done to a row.

枚数 and クリティカル are edited in the table itself (F2 or a double click); the buttons act on the
selected row.  Every edit is one undo step through `MTGDeckModel`; a refusal is explained.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.models.mtg.deck_table_model import COLORS, TYPES, MTGDeckTableModel
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MAIN, MAX_COPIES
from gmtool.views.appearance import ReadableTextDelegate
from gmtool.views.edit_table import type_through
from gmtool.views.widgets import show_refusal


class CardPicker(QWidget):
    """A card name with completion from the card database, a count, and 追加.

    ``find(name)`` and ``search(text)`` are the card database's; while there is none the picker is
    disabled and says why.  An unknown name is handed to ``unknown`` (the sheet offers manual entry).
    """

    picked = Signal(object, int)  # Card, copies

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.find_card: Callable[[str], Card | None] | None = None
        self.search: Callable[[str], list[Card]] | None = None
        self.unknown: Callable[[str], None] = lambda _name: None
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("カード名（日本語・英語）"))
        self.name_edit.setAccessibleName(self.tr("追加するカード"))
        self._names = QStringListModel(self)
        completer = QCompleter(self._names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.name_edit.setCompleter(completer)
        self.name_edit.textEdited.connect(self._complete)
        self.name_edit.returnPressed.connect(self.add)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, MAX_COPIES)
        self.count_spin.setSuffix(self.tr(" 枚"))
        self.count_spin.setAccessibleName(self.tr("追加する枚数"))
        self.add_button = QPushButton(self.tr("追加"))
        self.add_button.clicked.connect(self.add)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.name_edit, 1)
        layout.addWidget(self.count_spin)
        layout.addWidget(self.add_button)
        self.set_database(None, None)

    def set_database(
        self, find: Callable[[str], Card | None] | None, search: Callable[[str], list[Card]] | None
    ) -> None:
        self.find_card, self.search = find, search
        enabled = find is not None
        for widget in (self.name_edit, self.count_spin, self.add_button):
            widget.setEnabled(enabled)
        reason = self.tr("カードデータベースが開けないため、カードを追加できません")
        self.setToolTip("" if enabled else reason)

    def _complete(self, text: str) -> None:
        if self.search is None or len(text.strip()) < 1:
            return
        names: list[str] = []
        for card in self.search(text):
            names.extend(n for n in (card.name_ja, card.name) if n and n not in names)
        self._names.setStringList(names)

    def add(self) -> None:
        name = self.name_edit.text().strip()
        if not name or self.find_card is None:
            return
        card = self.find_card(name.strip("《》「」"))
        if card is None:
            self.unknown(name)
            return
        self.picked.emit(card, self.count_spin.value())

    def clear(self) -> None:
        self.name_edit.clear()
        self.count_spin.setValue(1)


class MTGDeckBox(QGroupBox):
    def __init__(self, deck_model: MTGDeckModel, section: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(
            self.tr("メインデッキ（ライブラリー）") if section == MAIN else self.tr("サイドボード・デッキ外")
        )
        self.deck_model = deck_model
        self.section = section
        self.table_model = MTGDeckTableModel(deck_model, section, self)
        self.table_model.refused.connect(lambda message: show_refusal(self, message))
        self.table = QTableView()
        type_through(self.table)
        self.table.setModel(self.table_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.table_model.column_of(TYPES), QHeaderView.ResizeMode.Stretch)
        # The 色 column in its card colour, a shade that reads on the theme's base (dark green on the
        # dark theme did not); its cells are never edited, so the typing delegate is not needed there.
        self.colour_delegate = ReadableTextDelegate(self.table)
        self.table.setItemDelegateForColumn(self.table_model.column_of(COLORS), self.colour_delegate)
        self.table.setMinimumHeight(220 if section == MAIN else 120)
        self.picker = CardPicker()
        self.picker.picked.connect(self.add_picked)
        self.summary_label = QLabel()
        self.remove_button = QPushButton(self.tr("削除"))
        self.remove_button.setToolTip(self.tr("選んだカードをすべて取り除きます（Delete）"))
        self.remove_button.clicked.connect(self.remove_selected)
        other = self.tr("サイドボードへ1枚") if section == MAIN else self.tr("メインデッキへ1枚")
        self.move_button = QPushButton(other)
        self.move_button.clicked.connect(self.move_selected)
        # Two deck tables on one sheet: each Delete belongs to its own table, or Qt fires neither.
        delete = QShortcut(QKeySequence.StandardKey.Delete, self.table, self.remove_selected)
        delete.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary_label, 1)
        buttons.addWidget(self.move_button)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        deck_model.changed.connect(self.sync)
        self.sync()

    def selected_name(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        entry = self.table_model.entry(rows[0].row()) if rows else None
        return entry.card.name if entry else None

    def select(self, name: str) -> None:
        row = self.table_model.row_of(name)
        if row >= 0:
            self.table.selectRow(row)

    def _guard(self, action: Callable[[], object], keep: str | None = None) -> bool:
        """Runs an edit; a refusal is explained.  True when it was made (``keep`` is then selected)."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return False
        if keep:
            self.select(keep)
        return True

    def add_picked(self, card: Card, count: int) -> None:
        """Adds the card; the picker is emptied only when it was added."""
        if self._guard(lambda: self.deck_model.add_card(card, count, self.section), keep=card.name):
            self.picker.clear()

    def remove_selected(self) -> None:
        name = self.selected_name()
        if name is None:
            show_refusal(self, self.tr("取り除くカードを選んでください"))
            return
        self._guard(lambda: self.deck_model.set_count(name, 0, self.section))

    def move_selected(self) -> None:
        name = self.selected_name()
        if name is None:
            show_refusal(self, self.tr("移すカードを選んでください"))
            return
        target = self.deck_model.other_section(self.section)
        self._guard(lambda: self.deck_model.move_card(name, 1, target), keep=name)

    def sync(self) -> None:
        if not self.deck_model.exists:
            return
        copies, kinds = self.deck_model.section_counts(self.section)
        self.summary_label.setText(self.tr("{0}枚（{1}種）").format(copies, kinds))
