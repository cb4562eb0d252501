"""部隊: the units table (edited in place), the attack panel and the morale panel.

Both panels show the exact odds of the very spec the roll will use (the model builds it), and
say what is missing instead of a number when a value has not been entered.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.check_log import faces_text
from gmtool.models.lotr.commanders import ATTACK_SKILL, INTIMIDATE_SKILL, Commander
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.lotr.units_table_model import LotRUnitsTableModel, column_of
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr.units_types import Unit
from gmtool.views.appearance import set_tone
from gmtool.views.edit_table import type_through
from gmtool.views.lotr.army.commander_picker import PROBLEM_STYLE, CommanderPicker, modifier_spin, note
from gmtool.views.lotr.army.headcount_box import HeadcountBox
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.widgets import action_button, edit_new_row, guarded, refill, show_refusal, shown_message

RALLY_SKILL = "Inspire"  # 「部隊の指揮官は,Inspire を用いて Intimidate などに対して対決する」


class UnitsTab(QWidget):
    # The exact odds the panels show now (None: the setup is incomplete); tests read them.
    shown_p_hit: Fraction | None = None
    shown_p_break: Fraction | None = None

    def __init__(self, model: LotRArmyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, PROBLEM_STYLE)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self._build_table(), 1)
        panels = QHBoxLayout()
        panels.addWidget(self._build_attack(), 1)
        panels.addWidget(self._build_morale(), 1)
        layout.addLayout(panels)
        model.changed.connect(self.sync)
        self.sync()

    # ---- the table -------------------------------------------------------------------------
    def _build_table(self) -> QGroupBox:
        box = QGroupBox(self.tr("部隊"))
        self.table_model = LotRUnitsTableModel(self.model, self)
        self.table_model.refused.connect(lambda text: show_refusal(self, text))
        self.units_table = table = QTableView()
        type_through(table)
        table.setModel(self.table_model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.verticalHeader().setVisible(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(column_of("name"), QHeaderView.ResizeMode.Stretch)
        delete = QShortcut(QKeySequence.StandardKey.Delete, table, self.remove_selected)
        delete.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.add_button = action_button(self, self.tr("部隊を追加"), self.add_unit)
        self.duplicate_button = action_button(self, self.tr("複製"), self.duplicate_selected)
        self.remove_button = action_button(self, self.tr("削除"), self.remove_selected)
        self.remove_button.setToolTip(self.tr("選んだ部隊を削除します（Delete）"))
        buttons = QHBoxLayout()
        for button in (self.add_button, self.duplicate_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        inner = QVBoxLayout(box)
        inner.addWidget(table, 1)
        inner.addLayout(buttons)
        self.headcount = HeadcountBox(self.model, self.selected_id)
        inner.addWidget(self.headcount)
        inner.addWidget(
            note(
                self.tr(
                    "空欄は未入力です（典型的な値は本文にないため GM が入力します）。"
                    "Size は人数 ÷ 10 × 種族の係数（ルール表 → 参照表 の Table 9.26、混在は係数なし）を"
                    "四捨五入して決められます。Size は部隊のダメージの記録を兼ね、0 で消滅します。"
                    "Morale（1〜12 + Size）は Size と同じだけ増減します。"
                )
            )
        )
        return box

    def selected_id(self) -> str | None:
        rows = self.units_table.selectionModel().selectedRows()
        unit = self.table_model.unit(rows[0].row()) if rows else None
        return unit.id if unit else None

    def select(self, unit_id: str) -> None:
        row = self.table_model.row_of(unit_id)
        if row >= 0:
            self.units_table.selectRow(row)

    def add_unit(self) -> None:
        """部隊を追加: the new unit's name open for typing."""
        row = self.table_model.row_of(self.model.add_unit())
        edit_new_row(self.units_table, row, column_of("name"))

    def duplicate_selected(self) -> None:
        self.select(self.model.duplicate_unit(self._require_selection()))

    def remove_selected(self) -> None:
        guarded(self, lambda: self.model.remove_unit(self._require_selection()))

    def _require_selection(self) -> str:
        unit_id = self.selected_id()
        if unit_id is None:
            raise ValueError(self.tr("部隊を表で選んでください"))
        return unit_id

    # ---- the attack ------------------------------------------------------------------------
    def _build_attack(self) -> QGroupBox:
        box = QGroupBox(self.tr("部隊の攻撃"))
        self.attacker_combo, self.target_combo = QComboBox(), QComboBox()
        self.attack_commander = CommanderPicker(self.model.commanders, ATTACK_SKILL)
        self.tn_modifier_spin = modifier_spin(self.tr("外的な要因による目標値への修正"))
        self.attack_odds_label = RefusalLine(table_requests(self.model.campaign_model))
        self.probability_label = QLabel()
        self.probability_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.damage_label = QLabel()
        self.attack_button = action_button(self, self.tr("攻撃"), self.attack)
        self.attack_result_label = QLabel()
        self.attack_result_label.setWordWrap(True)
        form = QFormLayout(box)
        form.addRow(self.tr("攻撃する部隊"), self.attacker_combo)
        form.addRow(self.tr("攻撃される部隊"), self.target_combo)
        form.addRow(self.tr("指揮官"), self.attack_commander)
        form.addRow(self.tr("目標値への修正"), self.tn_modifier_spin)
        add_line(form, self.attack_odds_label)
        form.addRow(self.tr("命中率"), self.probability_label)
        form.addRow(self.tr("命中時"), self.damage_label)
        form.addRow(self.attack_button)
        form.addRow(self.attack_result_label)
        form.addRow(
            note(
                self.tr(
                    "指揮官の Siegecraft（ないときは Bearing）の判定。目標値は相手の Toughness + 10、"
                    "攻撃する部隊の Strength の能力値修正が加わります。"
                    "命中すると（Strength + Size）− 相手の Toughness のダメージ。"
                )
            )
        )
        for combo in (self.attacker_combo, self.target_combo):
            combo.currentIndexChanged.connect(lambda _: self.update_attack())
        self.attack_commander.changed.connect(self.update_attack)
        self.tn_modifier_spin.valueChanged.connect(lambda _: self.update_attack())
        return box

    def update_attack(self) -> None:
        """The odds of the attack as set up now, or what is missing."""
        self.shown_p_hit = None
        attacker, target = self.attacker_combo.currentData(), self.target_combo.currentData()
        try:
            if not attacker or not target:
                raise ValueError(self.tr("攻撃する部隊と攻撃される部隊を選んでください"))
            commander = self.attack_commander.commander()
            odds = self.model.attack_odds(attacker, target, commander, self.tn_modifier_spin.value())
        except ValueError as reason:  # what is missing is said where the odds would be
            self.attack_odds_label.show_refusal(str(reason))
            self.probability_label.setText("—")
            self.probability_label.setToolTip("")
            self.damage_label.setText("")
            return
        self.shown_p_hit = odds.hit
        self.attack_odds_label.setText(
            self.tr("判定 {0:+d}（指揮官 {1:+d}、Strength {2} の修正 {3:+d}）／目標値 {4}").format(
                odds.bonus, odds.commander_bonus, odds.strength, odds.strength_bonus, odds.tn
            )
            + (
                self.tr("\nハウスルール: Morale の修正 ダメージ {0:+d}・相手の Toughness {1:+d}").format(
                    odds.morale_damage, odds.morale_defense
                )
                if self.model.uses_morale_bonus()
                else ""
            )
        )
        self.probability_label.setText(percent(float(self.shown_p_hit)))
        self.probability_label.setToolTip(self.tr("正確な値: {0}").format(self.shown_p_hit))
        text = self.tr("{0} ダメージ（{1} の Size {2} → {3}）").format(
            odds.damage, odds.target, odds.size_before, odds.size_after
        )
        self.damage_label.setText(text + (self.tr("：消滅") if odds.size_after == 0 else ""))

    def attack(self) -> None:
        attacker, target = self.attacker_combo.currentData(), self.target_combo.currentData()
        if not attacker or not target:
            raise ValueError(self.tr("攻撃する部隊と攻撃される部隊を選んでください"))
        commander = self.attack_commander.commander()
        result = self.model.attack(attacker, target, commander, self.tn_modifier_spin.value())
        roll = result.roll
        text = self.tr("{0} 達成値 {1}（{2}）: ").format(
            faces_text(roll.faces), roll.total, self.model.degree_label(roll.degree)
        )
        if result.hit:
            text += self.tr("命中、{0} ダメージ（Size {1} → {2}）").format(
                result.damage, result.spec.target.size, result.target_after.size
            )
            text += (
                self.tr("。{0} は消滅した").format(result.target_after.label()) if result.destroyed else ""
            )
        else:
            text += self.tr("外れ")
        self.attack_result_label.setText(text)

    # ---- morale ----------------------------------------------------------------------------
    def _build_morale(self) -> QGroupBox:
        box = QGroupBox(self.tr("士気（部隊を崩す判定）"))
        self.morale_target_combo, self.support_combo = QComboBox(), QComboBox()
        self.morale_commander = CommanderPicker(self.model.commanders, INTIMIDATE_SKILL)
        self.morale_tn_modifier_spin = modifier_spin(self.tr("外的な要因による目標値への修正"))
        self.morale_odds_label = RefusalLine(table_requests(self.model.campaign_model))
        self.morale_probability_label = QLabel()
        self.morale_probability_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.rally_check = QCheckBox(self.tr("崩す部隊の指揮官が Inspire で対決して止める"))
        self.rally_commander = CommanderPicker(self.model.commanders, RALLY_SKILL)
        self.rally_commander.setEnabled(False)
        self.rally_check.toggled.connect(self.rally_commander.setEnabled)
        self.rally_check.toggled.connect(lambda _: self.update_morale())
        self.rally_commander.changed.connect(self.update_morale)
        self.morale_button = action_button(self, self.tr("判定"), self.morale_test)
        self.morale_result_label = QLabel()
        self.morale_result_label.setWordWrap(True)
        form = QFormLayout(box)
        form.addRow(self.tr("崩す部隊"), self.morale_target_combo)
        form.addRow(self.tr("判定する人"), self.morale_commander)
        form.addRow(self.tr("従える部隊"), self.support_combo)
        form.addRow(self.tr("目標値への修正"), self.morale_tn_modifier_spin)
        form.addRow(self.rally_check)
        form.addRow(self.tr("部隊の指揮官"), self.rally_commander)
        add_line(form, self.morale_odds_label)
        form.addRow(self.tr("崩壊する確率"), self.morale_probability_label)
        form.addRow(self.morale_button)
        form.addRow(self.morale_result_label)
        form.addRow(
            note(
                self.tr(
                    "恐怖などで部隊を崩す判定（Intimidate など）の目標値は Morale。"
                    "目標値以上で部隊は崩壊します。部隊を従えた指揮官は、その部隊の Size÷5（四捨五入）を"
                    "達成値に加えられます。"
                    "目標値に達したとき、崩す部隊の指揮官は Inspire でその判定と対決し、"
                    "勝てば崩壊を防げます（同点は振り直し）。"
                    "対決では判定をもう一度振ります"
                    "（本文はどちらとも書いていないため、gmtool の読み方です）。"
                )
            )
        )
        for combo in (self.morale_target_combo, self.support_combo):
            combo.currentIndexChanged.connect(lambda _: self.update_morale())
        self.morale_commander.changed.connect(self.update_morale)
        self.morale_tn_modifier_spin.valueChanged.connect(lambda _: self.update_morale())
        return box

    def update_morale(self) -> None:
        self.shown_p_break = None
        target, support = self.morale_target_combo.currentData(), self.support_combo.currentData()
        try:
            if not target:
                raise ValueError(self.tr("崩す部隊を選んでください"))
            commander = self.morale_commander.commander()
            modifier = self.morale_tn_modifier_spin.value()
            odds = self.model.morale_odds(target, commander, support or None, modifier, self._rally())
        except ValueError as reason:
            self.morale_probability_label.setText("—")
            self.morale_probability_label.setToolTip("")
            self.morale_odds_label.show_refusal(str(reason))
            return
        self.shown_p_break = odds.broken
        text = self.tr("判定 {0:+d}／目標値 {1}（Morale）").format(odds.bonus, odds.tn)
        if odds.support_size is not None:
            text += self.tr("、従える部隊の Size {0}÷5 = {1:+d} を含む").format(
                odds.support_size, odds.support_bonus
            )
        if odds.rally_bonus is not None:
            text += self.tr(
                "\n目標値に達する確率 {0}、指揮官の Inspire {1:+d} が対決で止める確率 {2}"
            ).format(percent(float(odds.reach)), odds.rally_bonus, percent(float(odds.rally)))
        self.morale_odds_label.setText(text)
        self.morale_probability_label.setText(percent(float(self.shown_p_break)))
        self.morale_probability_label.setToolTip(self.tr("正確な値: {0}").format(self.shown_p_break))

    def morale_test(self) -> None:
        target, support = self.morale_target_combo.currentData(), self.support_combo.currentData()
        if not target:
            raise ValueError(self.tr("崩す部隊を選んでください"))
        commander = self.morale_commander.commander()
        result = self.model.morale_test(
            target, commander, support or None, self.morale_tn_modifier_spin.value(), self._rally()
        )
        roll, name = result.roll, result.spec.target.label()
        outcome = self.tr("{0} は崩壊した") if result.broke else self.tr("{0} は踏みとどまった")
        if result.rally is not None:
            last = result.rally.rounds[-1]
            outcome = self.tr("Inspire {0} 対 {1}: ").format(last.a_total, last.b_total) + outcome
        self.morale_result_label.setText(
            self.tr("{0} 達成値 {1}（目標値 {2}）: ").format(faces_text(roll.faces), roll.total, roll.tn)
            + outcome.format(name)
        )

    def _rally(self) -> Commander | None:
        return self.rally_commander.commander() if self.rally_check.isChecked() else None

    # ---- common ----------------------------------------------------------------------------
    def sync(self) -> None:
        problem = self.model.problem()
        self.problem_label.setText(
            ""
            if problem is None
            else self.tr("{0}（次の操作で新しい状態に置き換わります）").format(shown_message(problem))
        )
        self.problem_label.setVisible(problem is not None)
        units = [(self._unit_text(u), u.id) for u in self.model.units()]
        for combo in (self.attacker_combo, self.target_combo, self.morale_target_combo):
            refill(combo, units)
        refill(self.support_combo, [(self.tr("なし"), ""), *units])
        if self.target_combo.currentIndex() == self.attacker_combo.currentIndex() and len(units) > 1:
            self.target_combo.setCurrentIndex(1 if self.attacker_combo.currentIndex() == 0 else 0)
        self.attack_commander.sync()
        self.morale_commander.sync()
        self.rally_commander.sync()
        self.update_attack()
        self.update_morale()

    def _unit_text(self, unit: Unit) -> str:
        text = self.tr("{0}（{1}）").format(unit.label(), unit.side) if unit.side else unit.label()
        if unit.destroyed:
            text += self.tr(" ［消滅］")
        elif unit.broken:
            text += self.tr(" ［崩壊］")
        return text
