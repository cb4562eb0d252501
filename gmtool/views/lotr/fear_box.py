"""A fear attack in the LotR tracker (3.8 恐怖): attacker and target, Intimidate and Willpower, the rows
of Table 9.20 the GM ticks, the exact chance of each effect, the roll, courage on either side after
it, and the effect applied to the target as a condition with its penalty."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.fear_plan import FearPlan
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.outcome_text import percent
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr import fear_types as engine
from gmtool.views.compact import WrappingCheckBox
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.lotr.sheet_link import SheetLink
from gmtool.views.message_catalog import translate_message
from gmtool.views.widgets import hbox, refill, show_refusal

ROW_COLUMNS = 3  # the table's rows as check boxes, this many to a line


def _spin(prefix: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(*engine.BONUS_BOUNDS)
    spin.setPrefix(prefix)
    return spin


class FearBox(QWidget):
    def __init__(self, model: LotRFearModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.attacker_combo, self.target_combo, self.inspirer_combo = QComboBox(), QComboBox(), QComboBox()
        self.intimidate_spin = _spin("Intimidate ")
        self.intimidate_spin.setToolTip(
            self.tr(
                "Intimidate（Fear。闇の眷属には Majesty/Power）のランク + 能力値修正 + 修正。"
                "負傷・疲労・恐怖のペナルティは自動で加わります"
            )
        )
        self.willpower_spin = _spin("Willpower ")
        self.willpower_spin.setToolTip(
            self.tr("対象の Willpower + 修正。負傷・疲労・恐怖のペナルティは自動で加わります")
        )
        self.intimidate_link = SheetLink(self.intimidate_spin)
        self.willpower_link = SheetLink(self.willpower_spin)
        self.tie_combo = QComboBox()
        for tie_rule, label in model.tie_rules():
            self.tie_combo.addItem(label, tie_rule)
        self.tie_combo.setToolTip(
            self.tr(
                "本文は同点を振り直します（1.5.2）。Marginal（−1）は同点を攻撃側の勝ちとしたときだけ起こります"
            )
        )
        # 3.8's Marginal (−1) needs a tie the attacker wins: under the other tie rules it never happens.
        self.tie_note = QLabel()
        self.tie_note.setWordWrap(True)
        self.rows_grid = QGridLayout()
        self.rows_grid.setContentsMargins(0, 0, 0, 0)
        self.row_checks: dict[str, QCheckBox] = {}
        self.rows_note = QLabel()
        self.rows_note.setWordWrap(True)
        self.retry_check = QCheckBox(self.tr("再判定（恐怖を受けていない人の Inspire）"))
        self.odds_label = RefusalLine(table_requests(model.campaign_model))
        self.roll_button = QPushButton(self.tr("恐怖を振る"))
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.courage_a_button = QPushButton(self.tr("攻撃側: 勇気 +{0}").format(model.COURAGE_BONUS))
        self.courage_b_button = QPushButton(self.tr("対象: 勇気 +{0}").format(model.COURAGE_BONUS))
        self.choice_combo = QComboBox()
        for choice, text in engine.FLEE_CHOICES.items():
            self.choice_combo.addItem(translate_message(text), choice)
        self.choice_combo.setToolTip(self.tr("Extraordinary Success のときの効果（3.8）"))
        self.apply_button = QPushButton(self.tr("効果を適用"))

        self.attacker_combo.currentIndexChanged.connect(lambda _i: self._attacker_changed())
        self.target_combo.currentIndexChanged.connect(lambda _i: self._target_changed())
        for spin in (self.intimidate_spin, self.willpower_spin):
            spin.valueChanged.connect(lambda _v: self._show())
        for combo in (self.tie_combo, self.inspirer_combo):
            combo.currentIndexChanged.connect(lambda _i: self._show())
        self.retry_check.toggled.connect(lambda _on: self._show())
        self.roll_button.clicked.connect(lambda: self._act(self._roll))
        attacker, target = model.SIDES
        self.courage_a_button.clicked.connect(lambda: self._act(lambda: self.model.spend_courage(attacker)))
        self.courage_b_button.clicked.connect(lambda: self._act(lambda: self.model.spend_courage(target)))
        self.apply_button.clicked.connect(
            lambda: self._act(lambda: self.model.apply(self.choice_combo.currentData()))
        )

        box = QGroupBox(self.tr("恐怖（3.8）"))
        form = QFormLayout(box)
        form.addRow(self.tr("恐怖を与える"), self.attacker_combo)
        form.addRow("", self.intimidate_link)
        # The tie rule and the roll get rows of their own: side by side they were wider than the
        # tracker's side pane in English.
        form.addRow(self.tr("対象"), self.target_combo)
        form.addRow("", self.willpower_link)
        form.addRow("", self.tie_combo)
        form.addRow("", self.tie_note)
        rows = QVBoxLayout()
        rows.addLayout(self.rows_grid)
        rows.addWidget(self.rows_note)
        form.addRow(self.tr("抵抗の修正"), rows)
        form.addRow(hbox(self.retry_check, self.inspirer_combo))
        add_line(form, self.odds_label)
        form.addRow(self.roll_button)
        form.addRow(hbox(self.courage_a_button, self.courage_b_button))
        form.addRow(self.result_label)
        form.addRow(hbox(self.choice_combo, self.apply_button))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)
        model.changed.connect(self.sync)
        self.sync()

    # ---- reading the form ---------------------------------------------------------------------
    def plan(self) -> FearPlan | None:
        attacker, target = self.attacker_combo.currentData(), self.target_combo.currentData()
        if not attacker or not target:
            return None
        return FearPlan(
            attacker=attacker,
            target=target,
            intimidate=self.intimidate_spin.value(),
            willpower=self.willpower_spin.value(),
            modifiers=tuple(name for name, check in self.row_checks.items() if check.isChecked()),
            tie_rule=self.tie_combo.currentData(),
            inspired_by=self.inspirer_combo.currentData() if self.retry_check.isChecked() else None,
        )

    # ---- showing ------------------------------------------------------------------------------
    def sync(self) -> None:
        people = self.model.people()
        refill(self.attacker_combo, people)
        refill(self.target_combo, people)
        self._choose_target()
        refill(self.inspirer_combo, people)
        self.intimidate_link.offer(self.model.sheet.intimidate(self.attacker_combo.currentData()))
        self.willpower_link.offer(self.model.sheet.willpower(self.target_combo.currentData()))
        self._sync_rows()
        self._show()

    def _sync_rows(self) -> None:
        rows = self.model.modifier_rows()
        shown = [(name, check.text()) for name, check in self.row_checks.items()]
        wanted = [(name, self._row_text(name, value)) for name, value in rows]
        if shown != wanted:
            ticked = {name for name, check in self.row_checks.items() if check.isChecked()}
            for check in self.row_checks.values():
                self.rows_grid.removeWidget(check)
                check.deleteLater()
            self.row_checks = {}
            for index, (name, value) in enumerate(rows):
                # Wrapping: the GM names the rows, and three long names to a line made the box
                # wider than the tracker's pane, which cut the odds text at its right edge.
                check = WrappingCheckBox(self._row_text(name, value))
                check.setChecked(name in ticked and value is not None)
                check.setEnabled(value is not None)  # 未設定: no number to add
                check.toggled.connect(lambda _on: self._show())
                self.row_checks[name] = check
                self.rows_grid.addWidget(check, index // ROW_COLUMNS, index % ROW_COLUMNS)
        if not rows:
            note = self.tr("Table 9.20 が空です: 修正なし（ルール表 → 参照表 で行を追加）")
        elif any(value is None for _name, value in rows):
            note = self.tr("未設定の行は選べません（ルール表 → 参照表 で入力）")
        else:
            note = ""
        self.rows_note.setText(note)
        self.rows_note.setVisible(bool(note))

    def _row_text(self, name: str, value: int | None) -> str:
        return f"{name} {value:+d}" if value is not None else self.tr("{0} 未設定").format(name)

    def _choose_target(self) -> None:
        """Nobody frightens himself: an opponent of the attacker, unless one is chosen already."""
        wanted = self.model.target_for(self.attacker_combo.currentData(), self.target_combo.currentData())
        if wanted is not None and wanted != self.target_combo.currentData():
            self.target_combo.setCurrentIndex(self.target_combo.findData(wanted))

    def _attacker_changed(self) -> None:
        self.intimidate_link.offer(self.model.sheet.intimidate(self.attacker_combo.currentData()))
        self._choose_target()
        self._show()

    def _target_changed(self) -> None:
        self.willpower_link.offer(self.model.sheet.willpower(self.target_combo.currentData()))
        self._show()

    def _show(self) -> None:
        self.inspirer_combo.setEnabled(self.retry_check.isChecked())
        self._show_tie_note()
        plan = self.plan()
        self.roll_button.setEnabled(plan is not None and plan.attacker != plan.target)
        self._show_after_roll()
        if plan is None:
            self.odds_label.setText(self.tr("戦闘に参加者を加えてください"))
            return
        try:
            odds = self.model.odds_summary(plan)
        except ValueError as refusal:
            self.odds_label.show_refusal(str(refusal))
            self.roll_button.setEnabled(False)
            return
        parts = [
            self.tr("{0}（{1}）{2}").format(
                self.tr("抵抗") if degree is None else degree, translate_message(text), percent(float(p))
            )
            for degree, text, p in odds.effects
        ]
        head = self.tr("Intimidate {0:+d} 対 Willpower {1:+d}: 恐怖が効く {2}").format(
            odds.intimidate, odds.resistance, percent(float(odds.works))
        )
        self.odds_label.setText(head + "\n" + listed(parts))

    def _show_tie_note(self) -> None:
        note = self.model.tie_note(self.tie_combo.currentData())
        self.tie_note.setText(note)
        self.tie_note.setVisible(bool(note))

    def _show_after_roll(self) -> None:
        outcome = self.model.outcome()
        for side, button in zip(
            self.model.SIDES, (self.courage_a_button, self.courage_b_button), strict=True
        ):
            refusal = self.model.courage_refusal(side) if outcome is not None else ""
            button.setEnabled(outcome is not None and not refusal)
            button.setToolTip(
                refusal
                or self.tr("結果を見てから 1 点ずつ。1 ラウンドに {0} 点まで（1.2.3）").format(
                    self.model.COURAGE_PER_ROUND
                )
            )
        self.apply_button.setEnabled(self.model.can_apply())
        self.apply_button.setToolTip(self.model.apply_refusal())
        if outcome is None:
            return
        text = self.tr("Intimidate {0} / Willpower {1}（差 {2}）→ {3}: {4}").format(
            outcome.a_total,
            outcome.b_total,
            outcome.margin,
            self.tr("抵抗した") if outcome.degree is None else outcome.degree,
            translate_message(outcome.effect),
        )
        a, b = outcome.courage
        if a or b:
            text += self.tr("（勇気 攻撃側 {0} 点・対象 {1} 点込み）").format(a, b)
        self.choice_combo.setEnabled(outcome.flee_choice)
        self.result_label.setText(text)

    # ---- acting -------------------------------------------------------------------------------
    def _act(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
        self._show()

    def _roll(self) -> None:
        plan = self.plan()
        if plan is not None:
            self.model.roll(plan)
