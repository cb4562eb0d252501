"""フォーカード growth between scenarios: award the scenario's XP, then spend it.

Every row shows its next cost and, before anyone clicks, the reason the rules
block it.  "Recalculate everything, then re-sync the widgets": each change
(a purchase, undo, a catalog edit, the override switch) arrives as
FourCardGrowthModel.changed and `_sync()` rebuilds the tables from the model.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
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
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.growth_model import FourCardGrowthModel, GrowthPreview
from gmtool.models.fourcard.growth_table_model import GrowthTableModel
from gmtool.models.fourcard.terms import skill_message, skill_term
from gmtool.rules.systems.fourcard.advancement_types import PARTIAL_XP_RANGE
from gmtool.rules.systems.fourcard.character import ATTRIBUTES
from gmtool.views.appearance import set_tone, tone_colour
from gmtool.views.widgets import show_refusal, shown_message

# Each purchase table ends with the reasons (which take the spare width) and the button.
REASONS = "購入できない理由"
SKILL_HEADERS = ("スキル", "基礎", "専門性", "現在TP", "次のコスト", REASONS, "")
SPECIALISATION_HEADERS = ("スキル", "特化分野", "コスト", REASONS, "")
ATTRIBUTE_HEADERS = ("能力値", "初期値", "成長", "低下", "現在値", "次のコスト", REASONS, "")
RowKey = TypeVar("RowKey")  # what a table's purchase buttons are kept by: a skill, (skill, field)…


class FourCardGrowthDialog(QDialog):
    def __init__(self, growth_model: FourCardGrowthModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = growth_model
        self.setModal(False)  # the GM keeps it open beside the sheet between scenarios
        self.skill_buttons: dict[str, QPushButton] = {}
        self.specialisation_buttons: dict[tuple[str, str], QPushButton] = {}
        self.attribute_buttons: dict[str, QPushButton] = {}

        self.note_label = note = QLabel(
            self.tr("経験点の使用はシナリオとシナリオの幕間だけです（シナリオ中には使えません）。")
        )
        note.setWordWrap(True)
        note.setStyleSheet("font-weight: bold;")
        self.catalog_problem_label = QLabel()
        self.catalog_problem_label.setWordWrap(True)
        set_tone(self.catalog_problem_label, "error")

        self.scenario_edit = QLineEdit()
        self.scenario_edit.setPlaceholderText(self.tr("終わったシナリオの名前"))
        self.scenario_edit.textChanged.connect(lambda text: setattr(self.model, "scenario", text))
        self.date_edit = QDateEdit()
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.dateChanged.connect(
            lambda d: setattr(self.model, "date", d.toString(Qt.DateFormat.ISODate))
        )
        header = QFormLayout()
        header.addRow(self.tr("シナリオ"), self.scenario_edit)
        header.addRow(self.tr("日付"), self.date_edit)

        self.xp_label = QLabel()
        self.xp_label.setStyleSheet("font-size: 14pt;")
        self.override_check = QCheckBox(self.tr("GM オーバーライド"))
        self.override_check.setToolTip(
            self.tr(
                "ルールの上限（総合LV・制限スキル・前提スキル・経験点不足）を無視して購入します。"
                "使ったことはキャラクターに記録されます。9TP を超える成長や +2 を超える能力値、"
                "未設定の専門性はオーバーライドでも購入できません。"
            )
        )
        self.override_check.toggled.connect(lambda on: setattr(self.model, "override", on))
        status = QHBoxLayout()
        status.addWidget(self.xp_label, 1)
        status.addWidget(self.override_check)

        self.skill_table = self._table(SKILL_HEADERS)
        self.specialisation_table = self._table(SPECIALISATION_HEADERS)
        self.attribute_table = self._table(ATTRIBUTE_HEADERS)
        spend = QTabWidget()
        spend.addTab(self.skill_table, self.tr("スキル"))
        spend.addTab(self.specialisation_table, self.tr("特化"))
        spend.addTab(self.attribute_table, self.tr("能力値"))

        self.history_model = GrowthTableModel(growth_model.campaign_model, growth_model.character_id, self)
        self.history_table = QTableView()
        self.history_table.setModel(self.history_model)
        history_header = self.history_table.horizontalHeader()
        history_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        history_header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)  # 購入
        history_box = QGroupBox(self.tr("成長履歴"))
        QVBoxLayout(history_box).addWidget(self.history_table)

        buttons = QDialogButtonBox()
        buttons.addButton(self.tr("閉じる"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.rejected.connect(self.reject)

        self.content = QWidget()  # everything but 閉じる: disabled while the character is gone
        content = QVBoxLayout(self.content)
        content.setContentsMargins(0, 0, 0, 0)
        content.addLayout(header)
        content.addWidget(self._award_box())
        content.addLayout(status)
        content.addWidget(spend, 2)
        content.addWidget(history_box, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.catalog_problem_label)
        layout.addWidget(self.content, 1)
        layout.addWidget(buttons)
        self.resize(860, 720)

        growth_model.changed.connect(self._sync)
        self._sync()

    # ---- the award --------------------------------------------------------------
    def _award_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("経験点の獲得（シナリオ終了時）"))
        self.success_check = QCheckBox(self.tr("シナリオ成功（5点）"))
        self.partial_spin = QSpinBox()
        self.partial_spin.setRange(PARTIAL_XP_RANGE.start, PARTIAL_XP_RANGE.stop - 1)
        self.partial_spin.setValue(PARTIAL_XP_RANGE.stop - 1)
        self.partial_spin.setSuffix(self.tr(" 点"))
        self.partial_spin.setAccessibleName(self.tr("成功に到達できなかった場合の経験点"))
        self.unnatural_check = QCheckBox(self.tr("あまりにも不自然なロールプレイ（−1）"))
        self.uncooperative_check = QCheckBox(self.tr("あまりにも非協力的なロールプレイ（−1）"))
        self.both_check = QCheckBox(self.tr("ロールプレイとシナリオの進行の両立（+1）"))
        self.award_label = QLabel()
        self.award_label.setStyleSheet("font-weight: bold;")
        self.award_button = QPushButton(self.tr("付与"))
        self.award_button.clicked.connect(self._award)
        for check in (self.success_check, self.unnatural_check, self.uncooperative_check, self.both_check):
            check.toggled.connect(self._sync_award)
        self.partial_spin.valueChanged.connect(self._sync_award)

        form = QFormLayout(box)
        form.addRow(self.success_check)
        form.addRow(self.tr("成功に到達できなかった"), self.partial_spin)
        personal = QVBoxLayout()
        for check in (self.unnatural_check, self.uncooperative_check, self.both_check):
            personal.addWidget(check)
        form.addRow(self.tr("個人別"), personal)
        row = QHBoxLayout()
        row.addWidget(self.award_label, 1)
        row.addWidget(self.award_button)
        form.addRow(row)
        return box

    def award_inputs(self) -> tuple[bool, int, int]:
        """(succeeded, partial, personal) as the award box stands."""
        personal = self.model.personal_xp(
            self.unnatural_check.isChecked(),
            self.uncooperative_check.isChecked(),
            self.both_check.isChecked(),
        )
        return self.success_check.isChecked(), self.partial_spin.value(), personal

    def _sync_award(self) -> None:
        succeeded, partial, personal = self.award_inputs()
        self.partial_spin.setEnabled(not succeeded)
        # 「両立」 praises the very role-play the two −1 criticise: one or the other.
        negative = self.unnatural_check.isChecked() or self.uncooperative_check.isChecked()
        self.both_check.setEnabled(not negative)
        self.unnatural_check.setEnabled(not self.both_check.isChecked())
        self.uncooperative_check.setEnabled(not self.both_check.isChecked())
        award = self.model.award_breakdown(succeeded, partial, personal)
        floor = self.tr("（最低 1 点）") if award.floored else ""
        self.award_label.setText(
            self.tr("付与する経験点: {0}（シナリオ {1}、個人別 {2:+d}）{3}").format(
                award.xp, award.scenario, award.personal, floor
            )
        )

    def _award(self) -> None:
        succeeded, partial, personal = self.award_inputs()
        warning = self.model.award_warning(self.scenario_edit.text())
        if warning and not self.ask_confirm(warning):
            return
        self._guard(lambda: self.model.award(succeeded, partial, personal, self.scenario_edit.text()))

    def ask_confirm(self, question: str) -> bool:
        """Asks the GM (replaced in tests)."""
        answer = QMessageBox.question(self, self.tr("経験点の付与"), question)
        return answer == QMessageBox.StandardButton.Yes

    # ---- sync ---------------------------------------------------------------------
    def _sync(self) -> None:
        self.content.setEnabled(self.model.exists)
        problem = self.model.catalog_problem
        if not self.model.exists:
            problem = self.tr("このキャラクターは削除されました（元に戻すと再び成長させられます）")
        self.catalog_problem_label.setText(shown_message(problem))
        self.catalog_problem_label.setVisible(bool(problem))
        if not self.model.exists:
            return
        character = self.model.character
        self.setWindowTitle(self.tr("成長（シナリオの幕間）— {0}").format(character.name))
        editors = (self.scenario_edit, self.date_edit, self.override_check)
        for editor in editors:
            editor.blockSignals(True)
        try:
            if self.scenario_edit.text() != self.model.scenario:
                self.scenario_edit.setText(self.model.scenario)
            self.date_edit.setDate(QDate.fromString(self.model.date, Qt.DateFormat.ISODate))
            self.override_check.setChecked(self.model.override)
        finally:
            for editor in editors:
                editor.blockSignals(False)
        self.xp_label.setText(
            self.tr("残り経験点: {0}（獲得 {1}・消費 {2}・総合LV {3}）").format(
                character.xp_unspent, character.xp_earned, character.xp_spent, self.model.level()
            )
        )
        self._sync_award()
        self._sync_skills()
        self._sync_specialisations()
        self._sync_attributes()

    def _sync_skills(self) -> None:
        names = self.model.skill_names()
        self._reshape(self.skill_table, self.skill_buttons, names)
        for row, name in enumerate(names):
            line = self.model.skill_line(name)
            preview = line.preview
            cost = "—"
            if preview.cost is not None:
                cost = self.tr("{0}（{1}×{2}TP）").format(preview.cost, line.expertise, line.next_tp)
            cells = [
                skill_term(name),
                line.base or self.tr("未設定"),
                str(line.expertise) if line.expertise is not None else self.tr("未設定"),
                str(line.tp),
                cost,
            ]
            button = self._button(
                self.skill_table,
                self.skill_buttons,
                name,
                row,
                len(cells) + 1,
                self.tr("+1TP"),
                partial(self.model.buy_skill_tp, name),
            )
            self._fill_row(self.skill_table, row, cells, preview, button)

    def _sync_specialisations(self) -> None:
        rows = self.model.specialisation_rows()
        keys = [(skill, field) for skill, field, _ in rows]
        self._reshape(self.specialisation_table, self.specialisation_buttons, keys)
        for row, (skill, field, done) in enumerate(rows):
            cells = [skill_term(skill), skill_term(field)]
            button = self._button(
                self.specialisation_table,
                self.specialisation_buttons,
                (skill, field),
                row,
                4,
                self.tr("特化する"),
                partial(self.model.buy_specialisation, skill, field),
            )
            if done:
                # The button stays (a click may have just made it so); it only says so.
                self._fill_row(self.specialisation_table, row, [*cells, ""], GrowthPreview(None, []), button)
                button.setText(self.tr("特化済み"))
                continue
            button.setText(self.tr("特化する"))
            preview = self.model.specialisation_preview(skill, field)
            if preview.cost is None:
                cost = "—"
            elif preview.cost == 0:
                cost = self.tr("0（初期特化）")
            else:
                cost = str(preview.cost)
            self._fill_row(self.specialisation_table, row, [*cells, cost], preview, button)

    def _sync_attributes(self) -> None:
        character = self.model.character
        self._reshape(self.attribute_table, self.attribute_buttons, [a for a, _ in ATTRIBUTES])
        for row, (attribute, label) in enumerate(ATTRIBUTES):
            lost = getattr(character.losses, attribute)
            preview = self.model.attribute_preview(attribute)
            if preview.cost is None:
                cost = "—"
            elif lost:
                cost = self.tr("{0}（取り戻す）").format(preview.cost)
            else:
                cost = str(preview.cost)
            cells = [
                self.tr(label),
                str(getattr(character.attributes, attribute)),
                self.tr("+{0}").format(getattr(character.gains, attribute)),
                str(lost) if lost else "",
                str(character.current(attribute)),
                cost,
            ]
            button = self._button(
                self.attribute_table,
                self.attribute_buttons,
                attribute,
                row,
                len(cells) + 1,
                self.tr("+1"),
                partial(self.model.buy_attribute, attribute),
            )
            self._fill_row(self.attribute_table, row, cells, preview, button)

    # ---- table helpers --------------------------------------------------------------
    def _table(self, headers: tuple[str, ...]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels([self.tr(h) if h else "" for h in headers])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.verticalHeader().setVisible(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(headers.index(REASONS), QHeaderView.ResizeMode.Stretch)
        return table

    @staticmethod
    def _reshape(table: QTableWidget, buttons: dict[RowKey, QPushButton], keys: list[RowKey]) -> None:
        """New rows only when the list itself changed (catalog edit, undo): a purchase
        keeps the rows and their buttons, so a button is never deleted while clicked."""
        if list(buttons) != keys:
            buttons.clear()
            table.setRowCount(0)
            table.setRowCount(len(keys))

    def _button(
        self,
        table: QTableWidget,
        buttons: dict[RowKey, QPushButton],
        key: RowKey,
        row: int,
        column: int,
        text: str,
        action: Callable[[], object],
    ) -> QPushButton:
        button = buttons.get(key)
        if button is None:
            button = QPushButton(text)
            button.clicked.connect(lambda _=False: self._guard(action))
            table.setCellWidget(row, column, button)
            buttons[key] = button
        return button

    def _fill_row(
        self, table: QTableWidget, row: int, cells: list[str], preview: GrowthPreview, button: QPushButton
    ) -> None:
        """One purchasable row: its cells, the reasons, and a button enabled only if a click works."""
        for column, text in enumerate(cells):
            table.setItem(row, column, QTableWidgetItem(text))
        reasons = "\n".join(skill_message(reason) for reason in preview.reasons)
        overridden = preview.cost is not None and bool(preview.reasons) and self.model.override
        reason_item = QTableWidgetItem(
            self.tr("{0}（GM オーバーライドで購入可）").format(reasons) if overridden else reasons
        )
        reason_item.setForeground(tone_colour("warning" if overridden else "error"))
        reason_item.setToolTip(reasons)
        table.setItem(row, len(cells), reason_item)
        button.setEnabled(self.model.can_buy(preview))
        button.setToolTip(reasons)
        table.resizeRowToContents(row)

    def _guard(self, action: Callable[[], object]) -> None:
        """Runs an action; a refusal is explained and the dialog shows the state as it is."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
        self._sync()
