"""The GM's editor for the campaign's フォーカード skill catalog.

Edits go to a working copy; 「保存」 validates the whole catalog (duplicates,
unknown 前提/制限 skills, ranges) and stores it with the campaign as one undo
step, or shows what is wrong and stores nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.catalog_model import MAX_COST, FourCardCatalogModel, split_names
from gmtool.models.fourcard.skill_catalog_table_model import SkillCatalogTableModel
from gmtool.models.fourcard.terms import catalog_name, typed_catalog_name
from gmtool.rules.systems.fourcard.catalog_types import SkillCatalog, SkillDef, SpecialisationDef
from gmtool.views.appearance import set_tone
from gmtool.views.edit_table import type_through
from gmtool.views.widgets import edit_new_row, show_refusal, shown_message


class SkillCatalogDialog(QDialog):
    def __init__(self, model: FourCardCatalogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives (and stops listening) with the dialog
            model.setParent(self)
        self.dirty = False
        self._loading = False  # a reload resets the table: nothing to carry over from the form
        self.setWindowTitle(self.tr("スキルカタログ（フォーカード）"))

        self.note_label = QLabel(
            self.tr(
                "空欄は「未設定」です。ルール本文は同梱のスキル（【接近戦】）の専門性も"
                "特化の経験点も示していないため、GM がここで設定するまで誰もそのスキルを習得できません。"
                "特化の経験点は 2 つ目以降の特化に必要な点数です（最初の特化＝初期特化は無料）。"
                "保存したカタログはキャンペーンに保存され、元に戻す（Ctrl+Z）で戻せます。"
            )
        )
        self.note_label.setWordWrap(True)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        self.table_model = SkillCatalogTableModel(parent=self)
        self.table_model.edited.connect(self._mark_dirty)
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)

        self.add_button = QPushButton(self.tr("スキルを追加"))
        self.add_button.clicked.connect(lambda: self.add_skill())
        self.remove_button = QPushButton(self.tr("選んだスキルを削除"))
        self.remove_button.clicked.connect(lambda: self._guard(self._remove_skill))
        row_buttons = QHBoxLayout()
        row_buttons.addWidget(self.add_button)
        row_buttons.addWidget(self.remove_button)
        row_buttons.addStretch(1)

        self.status_label = QLabel()
        self.save_button = QPushButton(self.tr("保存"))
        self.save_button.clicked.connect(lambda: self.save())
        self.reset_button = QPushButton(self.tr("既定に戻す"))
        self.reset_button.setToolTip(self.tr("同梱のスキルカタログに戻します（元に戻すで取り消せます）"))
        self.reset_button.clicked.connect(lambda: self.reset_to_shipped())
        close_button = QPushButton(self.tr("閉じる"))
        close_button.clicked.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status_label, 1)
        bottom.addWidget(self.reset_button)
        bottom.addWidget(self.save_button)
        bottom.addWidget(close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.note_label)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.table, 2)
        layout.addLayout(row_buttons)
        layout.addWidget(self._form_box(), 1)
        layout.addLayout(bottom)
        for button in self.findChildren(QPushButton):  # Enter in スキル名 must not press スキルを追加
            button.setAutoDefault(False)
        self.resize(820, 640)

        model.stored_changed.connect(self._on_stored_changed)
        self._reload()

    # ---- the form for the selected skill ---------------------------------------------
    def _form_box(self) -> QGroupBox:
        self.form_box = QGroupBox(self.tr("選んだスキル"))
        self.name_edit = QLineEdit()
        self.base_combo = QComboBox()
        for text, data in ((self.tr("未設定"), ""), ("IQ", "iq"), ("DX", "dx")):
            self.base_combo.addItem(text, data)
        self.expertise_spin = QSpinBox()
        self.expertise_spin.setRange(0, MAX_COST)
        self.expertise_spin.setSpecialValueText(self.tr("未設定"))  # 0 = 未設定
        self.expertise_spin.setToolTip(self.tr("1TP 上げる経験点 = 専門性 × 成長後のTP"))
        self.level_cap_check = QCheckBox(self.tr("総合LVによるスキルキャップ（TP は総合LVまで）"))
        self.restrictor_edit = QLineEdit()
        self.restrictor_edit.setPlaceholderText(self.tr("なし（制限スキルと同じ TP までしか習得できない）"))
        self.prerequisites_edit = QLineEdit()
        self.prerequisites_edit.setPlaceholderText(self.tr("なし（カンマ区切り: 魔術理論, 古代語）"))
        self.specialisation_table = QTableWidget(0, 2)
        type_through(self.specialisation_table)
        self.specialisation_table.setHorizontalHeaderLabels(
            [self.tr("特化分野"), self.tr("経験点（2 つ目以降、空欄 = 未設定）")]
        )
        self.specialisation_table.horizontalHeader().setStretchLastSection(True)
        self.specialisation_table.verticalHeader().setVisible(False)
        self.specialisation_table.setMinimumHeight(120)
        self.add_specialisation_button = add_field = QPushButton(self.tr("特化分野を追加"))
        add_field.clicked.connect(lambda: self._add_specialisation())
        remove_field = QPushButton(self.tr("選んだ特化分野を削除"))
        remove_field.clicked.connect(lambda: self._guard(self._remove_specialisation))
        field_buttons = QHBoxLayout()
        field_buttons.addWidget(add_field)
        field_buttons.addWidget(remove_field)
        field_buttons.addStretch(1)

        apply = self._apply_selected
        self.name_edit.editingFinished.connect(apply)
        self.base_combo.currentIndexChanged.connect(apply)
        self.expertise_spin.valueChanged.connect(apply)
        self.level_cap_check.toggled.connect(apply)
        self.restrictor_edit.editingFinished.connect(apply)
        self.prerequisites_edit.editingFinished.connect(apply)
        self.specialisation_table.itemChanged.connect(apply)

        form = QFormLayout(self.form_box)
        form.addRow(self.tr("スキル名"), self.name_edit)
        form.addRow(self.tr("基礎とする能力値"), self.base_combo)
        form.addRow(self.tr("専門性"), self.expertise_spin)
        form.addRow("", self.level_cap_check)
        form.addRow(self.tr("制限スキル"), self.restrictor_edit)
        form.addRow(self.tr("前提スキル"), self.prerequisites_edit)
        form.addRow(self.tr("特化分野"), self.specialisation_table)
        form.addRow("", field_buttons)
        return self.form_box

    def current_row(self) -> int:
        return self.table.currentIndex().row()

    def select_row(self, row: int) -> None:
        self.table.setCurrentIndex(self.table_model.index(row, 0))

    def _form_editors(self) -> tuple[QWidget, ...]:
        return (
            self.name_edit,
            self.base_combo,
            self.expertise_spin,
            self.level_cap_check,
            self.restrictor_edit,
            self.prerequisites_edit,
            self.specialisation_table,
        )

    def _load_form(self) -> None:
        """Re-reads the selected skill into the form, signals blocked."""
        row = self.current_row()
        self.form_box.setEnabled(row >= 0)
        skill = self.table_model.skill(row) if row >= 0 else SkillDef("-")
        editors = self._form_editors()
        for editor in editors:
            editor.blockSignals(True)
        try:
            # The rule text's own skill and fields with their English in the English UI, read back as
            # their names (terms.typed_catalog_name).
            self.name_edit.setText(catalog_name(skill.name) if row >= 0 else "")
            self.base_combo.setCurrentIndex(self.base_combo.findData(skill.base))
            self.expertise_spin.setValue(skill.expertise or 0)
            self.level_cap_check.setChecked(skill.level_cap)
            self.restrictor_edit.setText(skill.restrictor)
            self.prerequisites_edit.setText(", ".join(skill.prerequisites))
            self.specialisation_table.setRowCount(len(skill.specialisations))
            for i, spec in enumerate(skill.specialisations):
                self.specialisation_table.setItem(i, 0, QTableWidgetItem(catalog_name(spec.name)))
                cost = "" if spec.cost is None else str(spec.cost)
                self.specialisation_table.setItem(i, 1, QTableWidgetItem(cost))
        finally:
            for editor in editors:
                editor.blockSignals(False)

    def _on_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        # The form still shows the previous skill: keep what was typed there.
        if not self._loading and previous.isValid() and previous.row() != current.row():
            self._apply_form(previous.row())
        self._load_form()

    def _apply_selected(self, *_signal_arguments: object) -> None:
        self._apply_form()

    def _apply_form(self, row: int | None = None) -> None:
        """The form's values into the working copy (the selected row unless told)."""
        row = self.current_row() if row is None else row
        if not 0 <= row < self.table_model.rowCount():
            return
        try:
            specialisations = self._form_specialisations()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self._load_form()
            return
        skill = SkillDef(
            name=typed_catalog_name(self.name_edit.text().strip()),
            base=self.base_combo.currentData(),
            expertise=self.expertise_spin.value() or None,
            level_cap=self.level_cap_check.isChecked(),
            restrictor=self.restrictor_edit.text().strip(),
            prerequisites=split_names(self.prerequisites_edit.text()),
            specialisations=specialisations,
        )
        self.table_model.replace_skill(row, skill)

    def _form_specialisations(self) -> tuple[SpecialisationDef, ...]:
        table = self.specialisation_table
        fields = []
        for i in range(table.rowCount()):
            name = typed_catalog_name(_cell_text(table, i, 0).strip())
            fields.append(
                SpecialisationDef(name, self.model.specialisation_cost(name, _cell_text(table, i, 1)))
            )
        return tuple(fields)

    def _add_specialisation(self) -> None:
        row = self.current_row()
        if row < 0:
            show_refusal(self, self.tr("特化分野を追加するスキルを選んでください"))
            return
        skill = self.table_model.skill(row)
        name = self.model.new_field_name(s.name for s in skill.specialisations)
        fields = (*skill.specialisations, SpecialisationDef(name))
        self.table_model.replace_skill(row, replace(skill, specialisations=fields))
        self._load_form()
        edit_new_row(self.specialisation_table, len(fields) - 1)  # its name, selected for typing

    def _remove_specialisation(self) -> None:
        row, field = self.current_row(), self.specialisation_table.currentRow()
        if row < 0 or field < 0:
            raise ValueError(self.tr("削除する特化分野を選んでください"))
        skill = self.table_model.skill(row)
        fields = skill.specialisations[:field] + skill.specialisations[field + 1 :]
        self.table_model.replace_skill(row, replace(skill, specialisations=fields))
        self._load_form()

    # ---- skills ----------------------------------------------------------------------
    def add_skill(self) -> None:
        name = self.model.new_skill_name(s.name for s in self.table_model.skills())
        self.select_row(self.table_model.add_skill(SkillDef(name)))
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def _remove_skill(self) -> None:
        self.table_model.remove_skill(self.current_row())
        self._load_form()

    # ---- saving --------------------------------------------------------------------------
    def validated_catalog(self) -> SkillCatalog:
        """The working copy as a catalog, or ValueError saying what is wrong."""
        return self.model.validated(self.table_model.skills())

    def save(self) -> bool:
        self._apply_form()  # a name typed without leaving the field still counts
        try:
            catalog = self.validated_catalog()
        except ValueError as refusal:
            show_refusal(
                self, self.tr("スキルカタログを保存できません: {0}").format(shown_message(str(refusal)))
            )
            return False
        self.dirty = False
        self.model.save(catalog)
        self._reload()
        return True

    def reset_to_shipped(self) -> None:
        if self.dirty and not self.ask(self.tr("保存していない変更を破棄して既定のカタログに戻しますか？")):
            return
        self.dirty = False
        self.model.reset_to_shipped()
        self._reload()

    def reject(self) -> None:
        if self.dirty and not self.ask(self.tr("保存していない変更を破棄して閉じますか？")):
            return
        super().reject()

    def ask(self, question: str) -> bool:
        """Yes/no from the GM; tests replace it instead of opening a modal box."""
        answer = QMessageBox.question(self, self.tr("スキルカタログ"), question)
        return answer == QMessageBox.StandardButton.Yes

    # ---- internals -------------------------------------------------------------------------
    def _reload(self) -> None:
        """The working copy from the campaign again, keeping the selection's row."""
        row = self.current_row()
        catalog, stored_problem = self.model.load()
        problem = (
            self.tr("{0}（同梱のカタログを表示しています。保存すると置き換えます）").format(
                shown_message(stored_problem)
            )
            if stored_problem
            else ""
        )
        self.problem_label.setText(shown_message(problem))
        self.problem_label.setVisible(bool(problem))
        self._loading = True
        try:
            self.table_model.set_skills(catalog.skills)
            if self.table_model.rowCount():
                self.select_row(min(max(row, 0), self.table_model.rowCount() - 1))
        finally:
            self._loading = False
        self.dirty = False
        self._show_status("")
        self._load_form()

    def _mark_dirty(self) -> None:
        self.dirty = True
        self._show_status(self.tr("保存していない変更があります"))

    def _show_status(self, text: str) -> None:
        self.status_label.setText(text)

    def _on_stored_changed(self) -> None:
        # Undo/redo of a save: follow it unless the GM has edits of their own in progress.
        if self.dirty:
            self._show_status(self.tr("カタログが外部で変更されました。保存すると今の編集内容で置き換えます"))
        else:
            self._reload()

    def _guard(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))


def _cell_text(table: QTableWidget, row: int, column: int) -> str:
    """A cell's text; "" for a cell never typed in (a new row has no item)."""
    item = table.item(row, column)
    return item.text() if item else ""
