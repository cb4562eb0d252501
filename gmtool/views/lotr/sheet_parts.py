"""Pieces of the LotR sheet: combo filling from the rule tables, a check list, the text fields
(the two columns that stack when the sheet is narrow are ``gmtool.views.sheet.two_columns``).

The tables (races, orders, sizes) are the campaign's and the GM may edit them,
so combos are refilled on every re-sync; a stored id the table no longer has is
kept and shown as such rather than silently replaced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.character_model import CharacterModel
from gmtool.views.widgets import CommitPlainTextEdit

LIST_FIELDS = (
    ("edges", "Edge（有利な特徴）"),
    ("flaws", "Flaw（不利な特徴）"),
    ("order_abilities", "職業の特殊能力"),
)


def fill_combo(combo: QComboBox, items: Sequence[tuple[str, str]], current: str, blank: bool = True) -> None:
    """Items (id, label), '—' first when blank; selects `current`, listing it if the table lacks it.

    Call with the combo's signals blocked: filling is not an edit.
    """
    rows = [("", "—")] if blank else []
    rows += list(items)
    if current and current not in {i for i, _ in rows}:
        rows.append((current, combo.tr("{0}（ルール表にない）").format(current)))
    if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != rows:
        combo.clear()
        for item_id, label in rows:
            combo.addItem(label, item_id)
    combo.setCurrentIndex(max(0, combo.findData(current)))


def lines_of(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in text.splitlines() if line.strip())


class CheckList(QListWidget):
    """Checkable items by id; `toggled_items` gives the checked ids after a user's click."""

    toggled_items = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMaximumHeight(90)
        self.itemChanged.connect(lambda _item: self.toggled_items.emit(self.checked_ids()))

    def set_items(self, items: Sequence[tuple[str, str]], checked: Sequence[str]) -> None:
        rows = list(items) + [
            (i, self.tr("{0}（ルール表にない）").format(i)) for i in checked if i not in dict(items)
        ]
        if [
            (self.item(i).data(Qt.ItemDataRole.UserRole), self.item(i).text()) for i in range(self.count())
        ] != rows:
            self.clear()
            for item_id, label in rows:
                item = QListWidgetItem(label)
                item.setData(Qt.ItemDataRole.UserRole, item_id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                self.addItem(item)
        for i in range(self.count()):
            item = self.item(i)
            state = item.data(Qt.ItemDataRole.UserRole) in checked
            item.setCheckState(Qt.CheckState.Checked if state else Qt.CheckState.Unchecked)

    def checked_ids(self) -> list[str]:
        return [
            self.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.count())
            if self.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_checked(self, item_id: str, on: bool) -> None:
        """What a user's click does (tests, keyboard)."""
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == item_id:
                self.item(i).setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


class TextsBox(QWidget):
    """Edges, flaws, order abilities (one per line), money, equipment, notes, the GM override records."""

    def __init__(
        self, model: CharacterModel, refuse: Callable[[str], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self._refuse = refuse
        self.list_edits: dict[str, CommitPlainTextEdit] = {}
        traits = QWidget()
        # Two to a row: the three side by side made the sheet wider than a laptop's half.
        traits_row = QGridLayout(traits)
        traits_row.setContentsMargins(0, 0, 0, 0)
        for index, (path, title) in enumerate(LIST_FIELDS):
            edit = self.list_edits[path] = CommitPlainTextEdit()
            edit.setAccessibleName(self.tr(title))
            edit.setMaximumHeight(110)
            edit.setToolTip(self.tr("1行に1つ"))
            edit.committed.connect(lambda text, p=path, t=title: self._commit(p, lines_of(text), self.tr(t)))
            group = QGroupBox(self.tr(title))
            QVBoxLayout(group).addWidget(edit)
            traits_row.addWidget(group, index // 2, index % 2)

        belongings = QGroupBox(self.tr("所持品"))
        self.money_edit = QLineEdit()
        self.money_edit.setAccessibleName(self.tr("所持金"))
        self.money_edit.editingFinished.connect(
            lambda: self._commit("money", self.money_edit.text(), self.tr("所持金"))
        )
        self.equipment_edit = CommitPlainTextEdit()
        self.equipment_edit.setAccessibleName(self.tr("装備"))
        self.equipment_edit.committed.connect(lambda text: self._commit("equipment", text, self.tr("装備")))
        form = QFormLayout(belongings)
        form.addRow(self.tr("所持金"), self.money_edit)
        form.addRow(self.tr("装備"), self.equipment_edit)

        self.notes_edit = CommitPlainTextEdit()
        self.notes_edit.setAccessibleName(self.tr("メモ"))
        self.notes_edit.committed.connect(lambda text: self._commit("notes", text, self.tr("メモ")))
        self.overrides_list = QListWidget()
        self.overrides_list.setToolTip(
            self.tr("ルールの制限を GM が外した記録（作成・成長の画面で追加されます）")
        )
        bottom = QHBoxLayout()
        for title, widget in (
            (self.tr("メモ"), self.notes_edit),
            (self.tr("GM オーバーライドの記録"), self.overrides_list),
        ):
            group = QGroupBox(title)
            QVBoxLayout(group).addWidget(widget)
            bottom.addWidget(group)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(traits)
        layout.addWidget(belongings)
        layout.addLayout(bottom, 1)

    def sync(self) -> None:
        if not self.model.exists:
            return
        c = self.model.character
        for path, edit in self.list_edits.items():
            if lines_of(edit.toPlainText()) != self.model.value(path):
                edit.setPlainText("\n".join(self.model.value(path)))
        if self.money_edit.text() != c.money:
            self.money_edit.setText(c.money)
        self.equipment_edit.set_text_if_changed(c.equipment)
        self.notes_edit.set_text_if_changed(c.notes)
        overrides = list(c.overrides)
        if [self.overrides_list.item(i).text() for i in range(self.overrides_list.count())] != overrides:
            self.overrides_list.clear()
            self.overrides_list.addItems(overrides)

    def _commit(self, path: str, value: object, label: str) -> None:
        if not self.model.exists or self.model.value(path) == value:
            return
        try:
            self.model.set_value(path, value, label)
        except ValueError as refusal:
            self._refuse(str(refusal))
