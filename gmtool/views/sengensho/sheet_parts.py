"""Pieces of the 千幻抄 sheet: one named undo step per list edit, the session lock, colours, the list
editor the skills and the preset 縁故 share, and the skills list.

List edits (skills, 類型, preset 縁故) are stored as one `update_character` named after what
happened (「スキル〈交渉〉の追加」), so the undo history reads as the GM acted; the edited character
is validated through the system's schema first, exactly as `CharacterModel.set_value` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_model import CharacterModel, format_validation_error
from gmtool.models.sengensho.state import read_session
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond, Skill
from gmtool.rules.systems.sengensho.session import archetype_lock_reason
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.widgets import read_only_table, show_refusal, shown_message

NOTE_STYLE = Tone("note")
STAT_RANGE = (-99, 999)  # the character schema's bounds for 特性値 and skill levels
ADD, UPDATE, REMOVE = "add", "update", "remove"


def store_character(model: CharacterModel, updated: Any, undo_text: str) -> None:
    """One undo step named `undo_text`; a value the schema refuses raises ValueError with the reason."""
    system = model.system
    try:
        updated = system.load_character(system.dump_character(updated))
    except ValidationError as e:
        raise ValueError(format_validation_error(e)) from None
    model.campaign_model.update_character(model.character_id, updated, undo_text)


def guarded(parent: QWidget, action: Callable[[], object]) -> None:
    """Runs a user's action; a refusal is explained (never a silent no-op)."""
    try:
        action()
    except ValueError as refusal:
        show_refusal(parent, str(refusal))


def fill_table(table: QTableWidget, rows: list[list[str]]) -> None:
    """Rewrites a read-only table's cells, keeping the selected row where it still exists."""
    current = table.currentRow()
    table.setRowCount(len(rows))
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            table.setItem(row, column, QTableWidgetItem(value))
    if 0 <= current < len(rows):
        table.setCurrentCell(current, 0)


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """A cell's text; a cell that was never set (a row shorter than the columns) reads as blank."""
    item = table.item(row, column)
    return item.text() if item is not None else ""


def table_cells(table: QTableWidget) -> list[list[str]]:
    """A table as the user reads it."""
    return [[cell_text(table, r, c) for c in range(table.columnCount())] for r in range(table.rowCount())]


def labels_text(text: str) -> str:
    """A `sengensho_labels` constant, translated where the sheet, the dialog and the log translate it."""
    return QCoreApplication.translate("SengenshoLabels", text)


def kind_text(kind: BondKind) -> str:
    return labels_text(KIND_LABELS[kind])


def preset_cells(preset: PresetBond) -> list[str]:
    """類型・種類・対象・レベル of a preset 縁故, as the presets box and the session box show it."""
    return [preset.archetype, kind_text(preset.kind), preset.target, str(preset.level)]


# ---- the session lock ---------------------------------------------------------------------
def session_lock_reason(campaign_model: CampaignModel, what: str = "類型") -> str | None:
    """Why what is set at session start cannot change now (the engine's reason), or None."""
    session, _problem = read_session(campaign_model)
    return archetype_lock_reason(session, what)


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
    """A tuple field of the character shown in a table and edited through the fields under it.

    Selecting a row fills the fields; 追加 / 更新 / 削除 store one named undo step each.  Subclasses
    say how an item reads (`cells`), how the fields make one (`editor_item`) and show one
    (`show_in_editor`), which fields edit it (`make_fields`, with their stretch), what the text
    forbids (`check`), how the undo history names an edit
    (`undo_text`) and, if the list is fixed for now, why (`lock_reason`): a click that still gets
    through is refused with that reason.
    """

    FIELD = ""  # the character's tuple field
    COLUMNS: tuple[str, ...] = ()

    def __init__(
        self,
        model: CharacterModel,
        item_word: str,
        stretch: int = 0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
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

    def check(self, item: Any, others: tuple[Any, ...], adding: bool) -> None:
        """Raises ValueError for an item the text forbids beside `others` (the rest of the list)."""

    def undo_text(self, action: str, item: Any) -> str:
        raise NotImplementedError

    def lock_reason(self) -> str | None:
        return None

    # ---- reading --------------------------------------------------------------------------
    def items(self) -> tuple[Any, ...]:
        return getattr(self.model.character, self.FIELD) if self.model.exists else ()

    def rows(self) -> list[list[str]]:
        return table_cells(self.table)

    def sync(self) -> None:
        if self.model.exists:
            fill_table(self.table, [self.cells(item) for item in self.items()])
            show_lock(self.lock_label, self._controls, self.lock_reason())

    # ---- editing --------------------------------------------------------------------------
    def select(self, row: int) -> None:
        self.table.setCurrentCell(row, 0)

    def add_item(self) -> None:
        self._require_unlocked()
        item = self.editor_item()
        items = self.items()
        self.check(item, items, adding=True)
        self._store((*items, item), self.undo_text(ADD, item))
        self.select(len(items))

    def update_item(self) -> None:
        self._require_unlocked()
        row = self._selected_row()
        item = self.editor_item()
        items = self.items()
        self.check(item, items[:row] + items[row + 1 :], adding=False)
        self._store((*items[:row], item, *items[row + 1 :]), self.undo_text(UPDATE, items[row]))

    def remove_item(self) -> None:
        self._require_unlocked()
        row = self._selected_row()
        items = self.items()
        self._store(items[:row] + items[row + 1 :], self.undo_text(REMOVE, items[row]))

    def _store(self, items: tuple[Any, ...], undo_text: str) -> None:
        store_character(self.model, replace(self.model.character, **{self.FIELD: items}), undo_text)

    def _require_unlocked(self) -> None:
        reason = self.lock_reason()
        if reason is not None:
            raise ValueError(reason)

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

    def _on_update(self) -> None:
        guarded(self, self.update_item)

    def _on_remove(self) -> None:
        guarded(self, self.remove_item)


class SengenshoSkillsBox(RowListEditor):
    """〈スキル〉 as a free list: name and level.  A check adds at most one skill's level."""

    FIELD = "skills"
    COLUMNS = ("スキル", "レベル")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, QCoreApplication.translate("SengenshoSkillsBox", "スキル"), parent=parent)
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
        name = self.name_edit.text().strip().strip("〈〉").strip()
        if not name:
            raise ValueError(self.tr("スキル名を入力してください"))
        return Skill(name=name, level=self.level_spin.value())

    def show_in_editor(self, item: Skill) -> None:
        self.name_edit.setText(item.name)
        self.level_spin.setValue(item.level)

    def check(self, item: Skill, others: tuple[Skill, ...], adding: bool) -> None:
        if any(s.name == item.name for s in others):
            hint = self.tr("選択して更新してください") if adding else self.tr("同じ名前のスキルは1つだけ")
            raise ValueError(self.tr("スキル〈{0}〉はもうあります（{1}）").format(item.name, hint))

    def undo_text(self, action: str, item: Skill) -> str:
        texts = {
            ADD: self.tr("スキル〈{0}〉の追加"),
            UPDATE: self.tr("スキル〈{0}〉の変更"),
            REMOVE: self.tr("スキル〈{0}〉の削除"),
        }
        return texts[action].format(item.name)
