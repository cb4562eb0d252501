"""The LotR sheet's skills table (1.4): ranks + the key attribute's modifier, specialisations, order skills.

The table shows; the editor row under it adds, changes and removes a skill (one
undo step each through `CharacterModel.set_value("skills", …)`).  Selecting a
row fills the editor.  A skill's attribute is its own if set, else the skill
list's; where neither says, the row shows 「未設定（GM が設定）」 and counts no
modifier, as the check panel does.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.sheet_model import LotRSheetModel
from gmtool.models.lotr.shown_names import shown_skill
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.character import MAX_RANK
from gmtool.rules.systems.lotr.derived_types import SPECIALISATION_BONUS
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from gmtool.views.widgets import show_cell, show_refusal


class LotRSkillsBox(QGroupBox):
    COLUMNS = ("技能", "能力値", "ランク", "修正", "合計", "特化", "職業技能")

    def __init__(self, model: LotRSheetModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("技能（1.4）"))
        self.model = model
        self._completion_names: list[str] = []

        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in self.COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip(
            self.tr("合計 = ランク + 能力値修正。特化した分野では +{0}").format(SPECIALISATION_BONUS)
        )
        self.table.currentCellChanged.connect(lambda row, *_: self._fill_editor(row))

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("技能名（例: Armed Combat: Blades）"))
        self.name_edit.setAccessibleName(self.tr("技能名"))
        self.attribute_combo = QComboBox()
        self.attribute_combo.addItem(self.tr("技能表のまま"), "")
        for attribute in ATTRIBUTE_IDS:
            self.attribute_combo.addItem(ATTRIBUTE_NAMES[attribute], attribute)
        self.attribute_combo.setAccessibleName(self.tr("能力値"))
        self.ranks_spin = QSpinBox()
        self.ranks_spin.setRange(0, MAX_RANK)
        self.ranks_spin.setAccessibleName(self.tr("ランク"))
        self.specialisations_edit = QLineEdit()
        self.specialisations_edit.setPlaceholderText(self.tr("特化（、区切り）"))
        self.specialisations_edit.setAccessibleName(self.tr("特化"))
        self.order_check = QCheckBox(self.tr("職業技能"))
        self.order_check.setToolTip(self.tr("成長1回で2ランクまで上げられる"))
        self.add_button = QPushButton(self.tr("追加"))
        self.update_button = QPushButton(self.tr("選択した技能を更新"))
        self.remove_button = QPushButton(self.tr("選択した技能を削除"))
        self.add_button.clicked.connect(lambda: self._guard(self.add_skill))
        self.update_button.clicked.connect(lambda: self._guard(self.update_skill))
        self.remove_button.clicked.connect(lambda: self._guard(self.remove_skill))

        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        editor = QHBoxLayout()
        editor.addWidget(self.name_edit, 3)
        editor.addWidget(self.attribute_combo)
        editor.addWidget(self.ranks_spin)
        editor.addWidget(self.specialisations_edit, 2)
        editor.addWidget(self.order_check)
        layout.addLayout(editor)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.update_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    # ---- reading --------------------------------------------------------------------------
    def rows(self) -> dict[str, list[str]]:
        """Every row as the user reads it, by the skill's name: name → the other columns (the first
        column reads 「Stealth（隠密）」, see `label_of`)."""
        skills = self.model.character.skills
        return {
            skills[r].name: [self._text(r, c) for c in range(1, len(self.COLUMNS))]
            for r in range(self.table.rowCount())
        }

    def label_of(self, name: str) -> str:
        """The first column of a skill's row."""
        row = next(i for i, s in enumerate(self.model.character.skills) if s.name == name)
        return self._text(row, 0)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        assert item is not None  # sync fills every cell of every row it makes
        return item.text()

    def sync(self) -> None:
        if not self.model.exists:
            return
        c, rules = self.model.character, self.model.rules
        names = [s.name for s in rules.skills]
        if names != self._completion_names:
            self._completion_names = names
            self.name_edit.setCompleter(QCompleter(names, self))
        current = self.table.currentRow()
        rows = self.model.skill_rows()
        self.table.setRowCount(len(rows))
        for row, (skill, shown) in enumerate(zip(c.skills, rows, strict=True)):
            specials = listed(
                self.tr("{0}（{1}）").format(field, f"{shown.specialised_total:+d}")
                for field in skill.specialisations
            )
            values = (
                shown_skill(skill.name, rules),
                ATTRIBUTE_NAMES[shown.attribute] if shown.attribute else self.tr("未設定（GM が設定）"),
                str(shown.ranks),
                f"{shown.modifier:+d}" if shown.attribute else "—",
                f"{shown.total:+d}",
                specials,
                "✓" if skill.order_skill else "",
            )
            for column, value in enumerate(values):
                in_skill_list = column == 1 and shown.listed
                show_cell(self.table, row, column, value, self.tr("技能表の能力値") if in_skill_list else "")
        if 0 <= current < len(c.skills):
            self.table.setCurrentCell(current, 0)

    # ---- editing --------------------------------------------------------------------------
    def select(self, name: str) -> None:
        row = next(i for i, s in enumerate(self.model.character.skills) if s.name == name)
        self.table.setCurrentCell(row, 0)

    def add_skill(self) -> None:
        fields = self._editor_fields()
        self.model.add_skill(*fields)
        self.select(fields[0].strip())

    def update_skill(self) -> None:
        self.model.update_skill(self.table.currentRow(), *self._editor_fields())

    def remove_skill(self) -> None:
        self.model.remove_skill(self.table.currentRow())

    def _editor_fields(self) -> tuple[str, str, int, str, bool]:
        """What the editor row holds: name, attribute, ranks, specialisations (typed), order skill."""
        return (
            self.name_edit.text(),
            self.attribute_combo.currentData(),
            self.ranks_spin.value(),
            self.specialisations_edit.text(),
            self.order_check.isChecked(),
        )

    def _fill_editor(self, row: int) -> None:
        skills = self.model.character.skills if self.model.exists else ()
        if not 0 <= row < len(skills):
            return
        skill = skills[row]
        self.name_edit.setText(skill.name)
        self.attribute_combo.setCurrentIndex(max(0, self.attribute_combo.findData(skill.attribute)))
        self.ranks_spin.setValue(skill.ranks)
        self.specialisations_edit.setText("、".join(skill.specialisations))
        self.order_check.setChecked(skill.order_skill)

    def _guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
