"""The judgement panel (判定): inputs, exact odds, plots, and the Roll button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.check_model import CUSTOM, CheckModel
from gmtool.models.outcome_text import outcome_label, percent, side_label
from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot


def fill_combo(combo: QComboBox, items: list[tuple[str, object]], current: object) -> None:
    """Refills a combo only when its items changed: refilling costs a relayout on every keystroke."""
    shown = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if shown != items:
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
    combo.setCurrentIndex(combo.findData(current))


class _SideInputsBox(QGroupBox):
    """Character, 判定値 and 修正 for one side of the check."""

    def __init__(self, model: CheckModel, side: Side, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.model = model
        self.side = side
        self.character_combo = QComboBox()
        self.source_combo = QComboBox()
        self.value_spin = QSpinBox()
        self.value_spin.setRange(-99, 999)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(-99, 99)
        self.modifier_warning = QLabel()
        self.modifier_warning.setStyleSheet("color: #b35c00;")
        form = QFormLayout(self)
        form.addRow(self.tr("キャラクター"), self.character_combo)
        form.addRow(self.tr("判定値"), self.source_combo)
        form.addRow(self.tr("値"), self.value_spin)
        form.addRow(self.tr("修正"), self.modifier_spin)
        form.addRow("", self.modifier_warning)
        self.character_combo.currentIndexChanged.connect(
            lambda _: model.set_character(side, self.character_combo.currentData())
        )
        self.source_combo.currentIndexChanged.connect(
            lambda _: model.set_source(side, self.source_combo.currentData())
        )
        self.value_spin.valueChanged.connect(lambda v: model.set_custom_value(side, v))
        self.modifier_spin.valueChanged.connect(lambda v: model.set_modifier(side, v))

    def sync(self) -> None:
        model, side = self.model, self.side
        inputs = model.action if side is Side.ACTION else model.reaction
        widgets = (self.character_combo, self.source_combo, self.value_spin, self.modifier_spin)
        for w in widgets:
            w.blockSignals(True)
        try:
            characters = [
                (stored.character.name or self.tr("（名前なし）"), stored.id) for stored in model.characters()
            ]
            fill_combo(self.character_combo, characters, inputs.character_id)
            sources = [(f"{self.tr(k.label)}（{k.value}）", k.id) for k in model.kinds(side)]
            fill_combo(self.source_combo, [*sources, (self.tr("直接入力"), CUSTOM)], inputs.source)
            self.value_spin.setValue(model.value(side))
            self.value_spin.setEnabled(inputs.source == CUSTOM)
            self.modifier_spin.setValue(inputs.modifier)
        finally:
            for w in widgets:
                w.blockSignals(False)
        limit = model.rules.modifier_warning_limit
        self.modifier_warning.setText(
            self.tr("修正が ±{0} を超えています（ルールの目安は −{0}〜+{0}）").format(limit)
            if model.modifier_warning(side)
            else ""
        )


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
