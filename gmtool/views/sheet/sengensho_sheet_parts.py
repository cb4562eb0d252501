"""Pieces of the 千幻抄 sheet: one named undo step per list edit, colours, and the skills list.

List edits (skills, 類型, preset 縁故) are stored as one `update_character` named after what
happened (「スキル〈交渉〉の追加」), so the undo history reads as the GM acted; the edited character
is validated through the system's schema first, exactly as `CharacterModel.set_value` does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.sengensho.character import Skill
from gmtool.store.validation import format_validation_error
from gmtool.views.widgets import read_only_table, show_refusal

WARNING_COLOR = QColor("#b35c00")  # a value outside a guideline: shown, not refused
PROBLEM_COLOR = QColor("#b00020")  # a stored state that cannot be read
NOTE_STYLE = "color: #555555;"
STAT_RANGE = (-99, 999)  # the character schema's bounds for 特性値 and skill levels


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


class SengenshoSkillsBox(QGroupBox):
    """〈スキル〉 as a free list: name and level.  A check adds at most one skill's level."""

    COLUMNS = ("スキル", "レベル")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("スキル"))
        self.model = model
        self.table = read_only_table(self.COLUMNS, context="SengenshoSkillsBox")
        self.table.currentCellChanged.connect(self._fill_editor)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("スキル名（例: 交渉）"))
        self.name_edit.setAccessibleName(self.tr("スキル名"))
        self.level_spin = QSpinBox()
        self.level_spin.setRange(*STAT_RANGE)
        self.level_spin.setAccessibleName(self.tr("スキルのレベル"))
        self.add_button = QPushButton(self.tr("追加"))
        self.update_button = QPushButton(self.tr("選択したスキルを更新"))
        self.remove_button = QPushButton(self.tr("選択したスキルを削除"))
        self.add_button.clicked.connect(self._on_add)
        self.update_button.clicked.connect(self._on_update)
        self.remove_button.clicked.connect(self._on_remove)

        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        editor = QHBoxLayout()
        editor.addWidget(self.name_edit, 1)
        editor.addWidget(self.level_spin)
        layout.addLayout(editor)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.update_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def rows(self) -> list[tuple[str, str]]:
        """The table as the user reads it."""
        return [
            (self.table.item(r, 0).text(), self.table.item(r, 1).text()) for r in range(self.table.rowCount())
        ]

    def sync(self) -> None:
        if self.model.exists:
            fill_table(self.table, [[f"〈{s.name}〉", str(s.level)] for s in self.model.character.skills])

    # ---- editing --------------------------------------------------------------------------
    def select(self, row: int) -> None:
        self.table.setCurrentCell(row, 0)

    def add_skill(self) -> None:
        skill = self._editor_skill()
        skills = self.model.character.skills
        if any(s.name == skill.name for s in skills):
            raise ValueError(
                self.tr("スキル〈{0}〉はもうあります（選択して更新してください）").format(skill.name)
            )
        self._store((*skills, skill), self.tr("スキル〈{0}〉の追加").format(skill.name))
        self.select(len(skills))

    def update_skill(self) -> None:
        row = self._selected_row()
        skill = self._editor_skill()
        skills = list(self.model.character.skills)
        if any(s.name == skill.name for i, s in enumerate(skills) if i != row):
            raise ValueError(
                self.tr("スキル〈{0}〉はもうあります（同じ名前のスキルは1つだけ）").format(skill.name)
            )
        old = skills[row]
        skills[row] = skill
        self._store(tuple(skills), self.tr("スキル〈{0}〉の変更").format(old.name))

    def remove_skill(self) -> None:
        row = self._selected_row()
        skills = self.model.character.skills
        self._store(skills[:row] + skills[row + 1 :], self.tr("スキル〈{0}〉の削除").format(skills[row].name))

    def _store(self, skills: tuple[Skill, ...], undo_text: str) -> None:
        store_character(self.model, replace(self.model.character, skills=skills), undo_text)

    def _selected_row(self) -> int:
        row = self.table.currentRow()
        if not 0 <= row < len(self.model.character.skills):
            raise ValueError(self.tr("スキルを表で選んでください"))
        return row

    def _editor_skill(self) -> Skill:
        name = self.name_edit.text().strip().strip("〈〉").strip()
        if not name:
            raise ValueError(self.tr("スキル名を入力してください"))
        return Skill(name=name, level=self.level_spin.value())

    def _fill_editor(self, row: int, *_: int) -> None:
        skills = self.model.character.skills if self.model.exists else ()
        if 0 <= row < len(skills):
            self.name_edit.setText(skills[row].name)
            self.level_spin.setValue(skills[row].level)

    def _on_add(self) -> None:
        guarded(self, self.add_skill)

    def _on_update(self) -> None:
        guarded(self, self.update_skill)

    def _on_remove(self) -> None:
        guarded(self, self.remove_skill)
