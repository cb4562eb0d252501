"""The judgement panel (判定): inputs, exact odds, plots, and the Roll button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.check_model import CheckModel
from gmtool.models.outcome_text import outcome_label, percent, side_label
from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot
from gmtool.views.check.roller_inputs_box import RollerInputsBox


class _SideInputsBox(RollerInputsBox):
    """Character, 判定値 and 修正 for one side of an AW check."""

    value_label = "判定値"

    def __init__(self, model: CheckModel, side: Side, title: str, parent: QWidget | None = None) -> None:
        super().__init__(model, side, title, parent)
        self.modifier_warning = self.note_label
        self.modifier_warning.setStyleSheet("color: #b35c00;")

    def current_value(self) -> int:
        return self.model.value(self.side)

    def note(self) -> str:
        limit = self.model.rules.modifier_warning_limit
        if not self.model.modifier_warning(self.side):
            return ""
        return self.tr("修正が ±{0} を超えています（ルールの目安は −{0}〜+{0}）").format(limit)


class CheckView(QWidget):
    def __init__(self, model: CheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.action_box = _SideInputsBox(model, Side.ACTION, self.tr("判定する側"))
        self.reaction_box = _SideInputsBox(model, Side.REACTION, self.tr("リアクション側"))
        self.reaction_no_roll = QCheckBox(self.tr("リアクション側は判定できない（達成値 = 判定値 + 修正）"))
        self.reaction_no_roll.toggled.connect(lambda on: model.set_reaction_can_roll(not on))
        self.opposed_check = QCheckBox(self.tr("対決"))
        self.opposed_check.toggled.connect(model.set_opposed)
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(-99, 999)
        self.difficulty_spin.valueChanged.connect(model.set_difficulty)
        self.band_label = QLabel()

        difficulty_row = QHBoxLayout()
        difficulty_row.addWidget(QLabel(self.tr("難易度")))
        difficulty_row.addWidget(self.difficulty_spin)
        difficulty_row.addWidget(self.band_label, 1)
        difficulty_row.addWidget(self.opposed_check)

        self.probability_labels: dict[Outcome, QLabel] = {}
        odds = QGridLayout()
        for row, outcome in enumerate(Outcome):
            swatch = QLabel("■")
            swatch.setStyleSheet(f"color: {OUTCOME_COLORS[outcome]};")
            value = QLabel()
            value.setAlignment(Qt.AlignmentFlag.AlignRight)
            odds.addWidget(swatch, row, 0)
            odds.addWidget(QLabel(outcome_label(outcome)), row, 1)
            odds.addWidget(value, row, 2)
            self.probability_labels[outcome] = value
        self.success_label = QLabel()
        self.success_label.setStyleSheet("font-size: 16pt; font-weight: bold;")
        odds.addWidget(self.success_label, len(Outcome), 0, 1, 3)
        odds_box = QGroupBox(self.tr("確率（厳密計算）"))
        odds_box.setLayout(odds)

        self.roll_button = QPushButton(self.tr("ダイスを振る"))
        self.roll_button.setToolTip(self.tr("Ctrl+R（メニュー「判定」）"))
        self.roll_button.clicked.connect(model.roll)
        self.result_label = QLabel(self.tr("まだ振っていません"))
        self.result_label.setWordWrap(True)
        self.result_label.setStyleSheet("font-size: 13pt;")

        self.bars_plot = OutcomeBarsPlot(model)
        self.curve_plot = SuccessCurvePlot(model)
        self.bars_plot.setMinimumHeight(160)
        self.curve_plot.setMinimumHeight(160)

        inputs = QHBoxLayout()
        inputs.addWidget(self.action_box)
        reaction_column = QVBoxLayout()
        reaction_column.addWidget(self.reaction_box)
        reaction_column.addWidget(self.reaction_no_roll)
        inputs.addLayout(reaction_column)
        inputs.addWidget(odds_box)
        layout = QVBoxLayout(self)
        layout.addLayout(difficulty_row)
        layout.addLayout(inputs)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.result_label, 1)
        layout.addLayout(roll_row)
        plots = QHBoxLayout()
        plots.addWidget(self.bars_plot)
        plots.addWidget(self.curve_plot)
        layout.addLayout(plots, 1)

        model.changed.connect(self.sync)
        model.check_resolved.connect(self.show_result)
        self.sync()

    def sync(self) -> None:
        model = self.model
        self.difficulty_spin.blockSignals(True)
        self.difficulty_spin.setValue(model.difficulty)
        self.difficulty_spin.blockSignals(False)
        self.opposed_check.setChecked(model.opposed)
        self.band_label.setText(model.difficulty_band_label())
        self.action_box.sync()
        self.reaction_box.sync()
        self.reaction_box.setVisible(model.opposed)
        self.reaction_no_roll.setVisible(model.opposed)
        self.difficulty_spin.setEnabled(not model.opposed)
        self.curve_plot.setVisible(not model.opposed)  # P over difficulties means nothing in 対決
        for outcome, label in self.probability_labels.items():
            label.setText(percent(float(model.outcome_probabilities[outcome])))
        if model.opposed and model.action_wins is not None:
            self.success_label.setText(
                self.tr("アクション側の勝率 {0}").format(percent(float(model.action_wins)))
            )
        else:
            self.success_label.setText(
                self.tr("成功率 {0}（自動成功を含む）").format(percent(float(model.success_probability)))
            )

    def show_result(self, result: CheckResult | OpposedResult) -> None:
        if isinstance(result, OpposedResult):
            parts = [self.tr("アクション側 {0}").format(self._describe(result.action))]
            if result.reaction is None:
                parts.append(self.tr("リアクション側は振らない"))
            else:
                parts.append(self.tr("リアクション側 {0}").format(self._describe(result.reaction)))
            parts.append(self.tr("→ {0}の勝利").format(side_label(result.winner)))
            self.result_label.setText(" / ".join(parts[:-1]) + " " + parts[-1])
        else:
            self.result_label.setText(self._describe(result) + " → " + outcome_label(result.outcome))

    def _describe(self, rolled: CheckResult) -> str:
        dice = f"[{','.join(map(str, rolled.faces))}]" if rolled.faces else self.tr("ダイスなし")
        if rolled.total is None:  # an automatic result: no 達成値 is computed
            automatic = outcome_label(rolled.outcome)
            return self.tr("出目 {0} = {1}（{2}）").format(dice, sum(rolled.faces), automatic)
        return self.tr("出目 {0} → 達成値 {1}").format(dice, rolled.total)
