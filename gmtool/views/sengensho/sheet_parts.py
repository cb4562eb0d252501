"""Pieces of the 千幻抄 sheet: the session lock shown, colours, the list editor the skills and the
preset 縁故 share, and the skills list.

A list is edited through its model (`models/sengensho/sheet_lists.py`): each edit one undo step
named after what happened (「スキル〈交渉〉の追加」), refused with the reason the text gives or the
session lock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.labels import archetype_label, labels_tr
from gmtool.models.sengensho.sheet_lists import CharacterList, SkillList
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond, Skill
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.widgets import read_only_table, show_cell, show_refusal, shown_message

NOTE_STYLE = Tone("note")
STAT_RANGE = (-99, 999)  # the character schema's bounds for 特性値 and skill levels


def guarded(parent: QWidget, action: Callable[[], object]) -> bool:
    """Runs a user's action; a refusal is explained (never a silent no-op).  False when refused."""
    try:
        action()
    except ValueError as refusal:
        show_refusal(parent, str(refusal))
        return False
    return True


def fill_table(table: QTableWidget, rows: list[list[str]]) -> None:
    """Rewrites a read-only table's cells, keeping the selected row where it still exists."""
    current = table.currentRow()
    table.setRowCount(len(rows))
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            show_cell(table, row, column, value)
    if 0 <= current < len(rows):
        table.setCurrentCell(current, 0)


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """A cell's text; a cell that was never set (a row shorter than the columns) reads as blank."""
    item = table.item(row, column)
    return item.text() if item is not None else ""


def table_cells(table: QTableWidget) -> list[list[str]]:
    """A table as the user reads it."""
    return [[cell_text(table, r, c) for c in range(table.columnCount())] for r in range(table.rowCount())]


labels_text = labels_tr  # a `labels` constant, translated where the dialog and the log translate it


def kind_text(kind: BondKind) -> str:
    return labels_text(KIND_LABELS[kind])


def preset_cells(preset: PresetBond) -> list[str]:
    """類型・種類・対象・レベル of a preset 縁故, as the presets box and the session box show it."""
    return [archetype_label(preset.archetype), kind_text(preset.kind), preset.target, str(preset.level)]


# ---- the session lock ---------------------------------------------------------------------
def lock_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    set_tone(label, "warning")
    return label


def show_lock(label: QLabel, controls: Iterable[QWidget], text: str | None) -> None:
    """Disables the controls with the reason beside them and on them, or enables them again."""
    text = shown_message(text)  # an engine message, in the UI language
    label.setText(text or "")
    label.setVisible(text is not None)
    for control in controls:
        control.setEnabled(text is None)
        control.setToolTip(text or "")


# ---- one list of the character -------------------------------------------------------------
class RowListEditor(QGroupBox):
    """A list of the character shown in a table and edited through the fields under it.

    Selecting a row fills the fields; 追加 / 更新 / 削除 go to the list's model (`CharacterList`),
    one named undo step each, refused with its reason.  Subclasses say how an item reads (`cells`),
    how the fields make one (`editor_item`) and show one (`show_in_editor`), and which fields edit
    it (`make_fields`, with their stretch).  While the list is fixed for now, the controls are
    disabled with the model's reason beside them, and a click that still gets through is refused.
    """

    COLUMNS: tuple[str, ...] = ()

    def __init__(
        self,
        list_model: CharacterList,
        item_word: str,
        stretch: int = 0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.list_model = list_model
        self._item_word = item_word
        self.table = read_only_table(self.COLUMNS, stretch=stretch, context=type(self).__name__)
        self.table.currentCellChanged.connect(self._on_current_changed)
        self.add_button = QPushButton(self.tr("追加"))
        self.update_button = QPushButton(self.tr("選択した{0}を更新").format(item_word))
        self.remove_button = QPushButton(self.tr("選択した{0}を削除").format(item_word))
        self.add_button.clicked.connect(self._on_add)
        self.update_button.clicked.connect(self._on_update)
        self.remove_button.clicked.connect(self._on_remove)
        self.lock_label = lock_label()
        self.lock_label.hide()
        fields = self.make_fields()
        self._controls = [w for w, _ in fields] + [self.add_button, self.update_button, self.remove_button]
        for widget, _ in fields:  # Enter in a field adds, as 追加 does
            for line in [widget, *widget.findChildren(QLineEdit)]:  # a spin box's text is a child
                if isinstance(line, QLineEdit):
                    line.returnPressed.connect(self._on_enter)

        # Kept typed: subclasses add rows around the list (QWidget.layout() is only a QLayout).
        self.main_layout = layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        editor = QHBoxLayout()
        for widget, stretch_factor in fields:
            editor.addWidget(widget, stretch_factor)
        layout.addLayout(editor)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.update_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.lock_label)

    # ---- what subclasses say --------------------------------------------------------------
    def make_fields(self) -> Sequence[tuple[QWidget, int]]:
        raise NotImplementedError

    def cells(self, item: Any) -> list[str]:
        raise NotImplementedError

    def editor_item(self) -> Any:
        """The item the fields describe; ValueError when they describe none."""
        raise NotImplementedError

    def show_in_editor(self, item: Any) -> None:
        raise NotImplementedError

    # ---- reading --------------------------------------------------------------------------
    def items(self) -> tuple[Any, ...]:
        return self.list_model.items()

    def rows(self) -> list[list[str]]:
        return table_cells(self.table)

    def sync(self) -> None:
        if self.list_model.character_model.exists:
            fill_table(self.table, [self.cells(item) for item in self.items()])
            show_lock(self.lock_label, self._controls, self.list_model.lock_reason())

    # ---- editing --------------------------------------------------------------------------
    def select(self, row: int) -> None:
        self.table.setCurrentCell(row, 0)

    def add_item(self) -> None:
        self.list_model.require_unlocked()
        self.select(self.list_model.add(self.editor_item()))

    def update_item(self) -> None:
        self.list_model.require_unlocked()
        row = self._selected_row()
        self.list_model.update(row, self.editor_item())

    def remove_item(self) -> None:
        self.list_model.require_unlocked()
        self.list_model.remove(self._selected_row())

    def _selected_row(self) -> int:
        row = self.table.currentRow()
        if not 0 <= row < len(self.items()):
            raise ValueError(self.tr("{0}を表で選んでください").format(self._item_word))
        return row

    def _on_current_changed(self, row: int, *_: int) -> None:
        items = self.items()
        if 0 <= row < len(items):
            self.show_in_editor(items[row])

    def _on_add(self) -> None:
        guarded(self, self.add_item)

    def _on_enter(self) -> None:
        """Enter in a field: 追加, and the first field's text selected so the next item is typed
        over it."""
        if guarded(self, self.add_item):
            first = self._controls[0]
            if isinstance(first, QLineEdit):
                first.setFocus()
                first.selectAll()

    def _on_update(self) -> None:
        guarded(self, self.update_item)

    def _on_remove(self) -> None:
        guarded(self, self.remove_item)


class SengenshoSkillsBox(RowListEditor):
    """〈スキル〉 as a free list: name and level.  A check adds at most one skill's level."""

    COLUMNS = ("スキル", "レベル")

    def __init__(self, skills: SkillList, parent: QWidget | None = None) -> None:
        super().__init__(skills, QCoreApplication.translate("SengenshoSkillsBox", "スキル"), parent=parent)
        self.skills = skills
        self.setTitle(self.tr("スキル"))

    def make_fields(self) -> list[tuple[QWidget, int]]:
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("スキル名（例: 交渉）"))
        self.name_edit.setAccessibleName(self.tr("スキル名"))
        self.level_spin = QSpinBox()
        self.level_spin.setRange(*STAT_RANGE)
        self.level_spin.setAccessibleName(self.tr("スキルのレベル"))
        return [(self.name_edit, 1), (self.level_spin, 0)]

    def cells(self, item: Skill) -> list[str]:
        return [f"〈{item.name}〉", str(item.level)]

    def editor_item(self) -> Skill:
        return self.skills.skill(self.name_edit.text(), self.level_spin.value())

    def show_in_editor(self, item: Skill) -> None:
        self.name_edit.setText(item.name)
        self.level_spin.setValue(item.level)
