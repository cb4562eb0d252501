"""The 千幻抄 judgement panel: {特性値}+〈スキル〉+修正 vs 目標値, exact odds, plots, the roll, the
campaign's critical/fumble thresholds, and the 類型 identification targets as a reference."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
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

from gmtool.models.outcome_text import percent
from gmtool.models.roller_inputs import CUSTOM
from gmtool.models.sengensho.check_model import (
    NO_SKILL,
    TARGET_BOUNDS,
    SengenshoCheckModel,
    dice_text,
    outcome_text,
    thresholds_text,
)
from gmtool.rules.checks import CheckResult, Outcome, Side
from gmtool.rules.systems.sengensho.checks import CRITICAL_BOUNDS, FUMBLE_BOUNDS, NATURAL_TOTALS
from gmtool.rules.systems.sengensho.session import SessionRefused
from gmtool.views.check.odds_box import OddsBox, RollControls
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot
from gmtool.views.check.roller_inputs_box import RollerInputsBox, fill_combo
from gmtool.views.widgets import show_refusal, shown_message

NOTE_STYLE = "color: #b35c00;"
BARS_Y_MAX = 14  # % — the likeliest 3D6 totals (10, 11) are 27/216 = 12.5%
OUTCOME_ORDER = (Outcome.AUTO_SUCCESS, Outcome.SUCCESS, Outcome.FAILURE, Outcome.AUTO_FAILURE)


def _tr(text: str) -> str:
    return QCoreApplication.translate("SengenshoCheckView", text)


# The reading gmtool follows, shown where the thresholds are edited.
THRESHOLD_TOOLTIP = (
    "3D6 の出目（修正前）がクリティカルの値以上ならクリティカル（成功として扱う）、"
    "ファンブルの値以下ならファンブル（失敗として扱う）。達成値や目標値に関係なく決まります。\n"
    "既定の 16 / 5 は BCDice の千幻抄（SGS）と同じ値です。"
    "キャンペーンのハウスルールとして保存され、千幻抄のすべての判定（対抗判定を含む）に使われます。\n"
    "クリティカル 19 でクリティカルなし、ファンブル 2 でファンブルなし。変更は元に戻せます（Ctrl+Z）。"
)


class _NaturalBarsPlot(OutcomeBarsPlot):
    """P of each natural 3D6 total (3–18), coloured by the outcome it gives."""

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setLabel("bottom", self.tr("3D6 の出目"))
        self.setXRange(NATURAL_TOTALS.start - 0.5, NATURAL_TOTALS.stop - 0.5, padding=0)
        self.setYRange(0, BARS_Y_MAX, padding=0)


class _CheckInputsBox(RollerInputsBox):
    """Character, {特性値}, 〈スキル〉 (or a typed 判定値) and 修正."""

    value_label = "特性値"

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(model, Side.ACTION, _tr("判定するキャラクター"), parent)
        self.attribute_combo = self.source_combo
        self.skill_combo = QComboBox()
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.insertRow(2, self.tr("〈スキル〉"), self.skill_combo)
        value_label = form.labelForField(self.value_spin)
        if isinstance(value_label, QLabel):
            value_label.setText(self.tr("判定値"))
        self.note_label.setStyleSheet(NOTE_STYLE)
        self.note_label.setWordWrap(True)
        self.skill_combo.currentIndexChanged.connect(self._skill_chosen)

    def _skill_chosen(self, _index: int) -> None:
        skill = self.skill_combo.currentData()
        try:
            self.model.set_skill(Side.ACTION, skill if skill is not None else NO_SKILL)
        except SessionRefused as e:
            show_refusal(self, str(e))
            self.sync()

    def current_value(self) -> int:
        return self.model.value(Side.ACTION)

    def note(self) -> str:
        return self.model.roll_refusal() or ""

    def sync(self) -> None:
        super().sync()
        model = self.model
        inputs = model.inputs(Side.ACTION)
        skills = [(self.tr("なし"), NO_SKILL)] + [
            (f"〈{s.name}〉（{s.level}）", s.name) for s in model.skills()
        ]
        self.skill_combo.blockSignals(True)
        try:
            fill_combo(self.skill_combo, skills, inputs.skill)
        finally:
            self.skill_combo.blockSignals(False)
        self.skill_combo.setEnabled(inputs.source != CUSTOM)


class _TargetBox(QGroupBox):
    """目標値 and the campaign's critical/fumble thresholds."""

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(_tr("目標値・クリティカル／ファンブル"), parent)
        self.model = model
        self.target_spin = QSpinBox()
        self.target_spin.setRange(*TARGET_BOUNDS)
        self.critical_spin = QSpinBox()
        self.critical_spin.setRange(*CRITICAL_BOUNDS)
        self.critical_spin.setSuffix(self.tr(" 以上"))
        self.fumble_spin = QSpinBox()
        self.fumble_spin.setRange(*FUMBLE_BOUNDS)
        self.fumble_spin.setSuffix(self.tr(" 以下"))
        tooltip = self.tr(THRESHOLD_TOOLTIP)
        for spin in (self.critical_spin, self.fumble_spin):
            spin.setToolTip(tooltip)
            spin.setKeyboardTracking(False)  # one change (one undo step) per edit, not per keystroke
        self.thresholds_label = QLabel()
        self.thresholds_label.setToolTip(tooltip)
        self.thresholds_label.setWordWrap(True)
        self.problem_label = QLabel()
        self.problem_label.setStyleSheet(NOTE_STYLE)
        self.problem_label.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("目標値"), self.target_spin)
        form.addRow(self.tr("クリティカル（出目）"), self.critical_spin)
        form.addRow(self.tr("ファンブル（出目）"), self.fumble_spin)
        form.addRow(self.thresholds_label)
        form.addRow(self.problem_label)
        self.target_spin.valueChanged.connect(self._target_changed)
        self.critical_spin.valueChanged.connect(self._thresholds_changed)
        self.fumble_spin.valueChanged.connect(self._thresholds_changed)

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except SessionRefused as e:
            show_refusal(self, str(e))
            self.sync()  # put the spin boxes back to what the model holds

    def _target_changed(self, value: int) -> None:
        self._guard(self.model.set_target, value)

    def _thresholds_changed(self, _value: int) -> None:
        self._guard(self.model.set_thresholds, self.critical_spin.value(), self.fumble_spin.value())

    def sync(self) -> None:
        model = self.model
        spins = ((self.target_spin, model.target), (self.critical_spin, model.critical))
        for spin, value in (*spins, (self.fumble_spin, model.fumble)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        text = thresholds_text(model.critical, model.fumble)
        if (model.critical, model.fumble) != model.default_thresholds:
            text += self.tr("（ハウスルール）")
        self.thresholds_label.setText(text)
        self.problem_label.setText(shown_message(model.threshold_problem or ""))
        self.problem_label.setVisible(bool(model.threshold_problem))


class _IdentificationBox(QGroupBox):
    """類型を見抜く目標値の目安 (rule text 「類型の感知と秘匿」); a target's button sets the 目標値 (the low
    end).  Labels, not a table: a label's wrapped height follows its width, a table row's did not."""

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(_tr("類型を見抜く目標値の目安"), parent)
        self.model = model
        self.targets = model.identification
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("状況")), 0, 0)
        grid.addWidget(QLabel(self.tr("目標値")), 0, 1)
        self.situation_labels: list[QLabel] = []
        self.target_buttons: list[QPushButton] = []
        for row, target in enumerate(self.targets, start=1):
            situation = QLabel(self.tr(target.situation))
            situation.setWordWrap(True)
            button = QPushButton(target.text)
            button.setMaximumWidth(60)  # the situation needs the width more than the number
            button.setToolTip(self.tr("目標値を {0} にします").format(target.low))
            button.clicked.connect(partial(model.set_target, target.low))
            grid.addWidget(situation, row, 0)
            grid.addWidget(button, row, 1, Qt.AlignmentFlag.AlignTop)
            self.situation_labels.append(situation)
            self.target_buttons.append(button)
        grid.setColumnStretch(0, 1)
        note = QLabel(self.tr("NPCが類型をごまかしている場合は、NPCの{知性}+〈交渉〉との対抗判定"))
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(note)
        layout.addStretch(1)
        # Wide enough that the longest situation takes about four lines beside the plots.
        self.setMinimumWidth(250)


class SengenshoCheckView(QWidget):
    opposed_requested = Signal()  # 「対抗判定（7ステップ）…」: the main window opens the stepper

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.inputs_box = _CheckInputsBox(model)
        self.target_box = _TargetBox(model)
        self.target_spin = self.target_box.target_spin
        self.critical_spin = self.target_box.critical_spin
        self.fumble_spin = self.target_box.fumble_spin

        self.odds_box = OddsBox([(o, OUTCOME_COLORS[o], outcome_text(o)) for o in OUTCOME_ORDER])
        self.probability_labels = self.odds_box.probability_labels
        self.headline = self.odds_box.headline
        self.detail_label = self.odds_box.add_line(QLabel())
        self.detail_label.setWordWrap(True)

        controls = RollControls(model.roll)
        self.roll_button, self.result_label = controls.button, controls.result_label
        self.opposed_button = QPushButton(self.tr("対抗判定（7ステップ）…"))
        self.opposed_button.setToolTip(
            self.tr("攻撃側・防御側が順に振り、達成値の上昇／低下を宣言して確定する7つの手順で進めます")
        )
        self.opposed_button.clicked.connect(self._request_opposed)

        self.bars_plot = _NaturalBarsPlot(model)
        self.curve_plot = SuccessCurvePlot(model)
        self.bars_plot.setMinimumHeight(160)
        self.curve_plot.setMinimumHeight(160)
        self.identification_box = _IdentificationBox(model)

        inputs = QHBoxLayout()
        inputs.addWidget(self.inputs_box)
        inputs.addWidget(self.target_box)
        inputs.addWidget(self.odds_box)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.result_label, 1)
        roll_row.addWidget(self.opposed_button)
        lower = QHBoxLayout()
        lower.addWidget(self.bars_plot, 2)
        lower.addWidget(self.curve_plot, 2)
        lower.addWidget(self.identification_box, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
        layout.addLayout(roll_row)
        layout.addLayout(lower, 1)

        model.changed.connect(self.sync)
        model.check_resolved.connect(self.show_result)
        model.roll_refused.connect(self._show_refusal)
        self.sync()

    def _request_opposed(self) -> None:
        self.opposed_requested.emit()

    def _show_refusal(self, reason: str) -> None:
        show_refusal(self, reason)

    def sync(self) -> None:
        model = self.model
        self.inputs_box.sync()
        self.target_box.sync()
        for outcome, label in self.probability_labels.items():
            label.setText(percent(float(model.outcome_probabilities[outcome])))
        self.headline.setText(
            self.tr("成功率 {0}（クリティカルを含む）").format(percent(float(model.success_probability)))
        )
        self.detail_label.setText(self.tr("3D6 + {0}").format(model.inputs_text()))

    def show_result(self, result: CheckResult) -> None:
        self.result_label.setText(
            self.tr("{0} → 達成値 {1} → {2}").format(
                dice_text(result.faces), result.total, outcome_text(result.outcome)
            )
        )
