"""The 千幻抄 judgement panel: {特性値}+〈スキル〉+修正 vs 目標値, exact odds, plots, the roll, the
campaign's critical/fumble thresholds, and the 類型 identification targets as a reference."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
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
from gmtool.rules.systems.sengensho.checks_types import CRITICAL_BOUNDS, FUMBLE_BOUNDS, NATURAL_TOTALS
from gmtool.rules.systems.sengensho.session_types import SessionRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.check.odds_box import OddsBox, RollControls
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot
from gmtool.views.check.roller_inputs_box import RollerInputsBox, fill_combo
from gmtool.views.compact import shrink_combo
from gmtool.views.fitting_combo import FittingCombo
from gmtool.views.widgets import show_refusal, shown_message

NOTE_STYLE = Tone("warning")
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


class _CheckInputsBox(RollerInputsBox[SengenshoCheckModel]):
    """Character, {特性値}, 〈スキル〉 (or a typed 判定値) and 修正."""

    value_label = "特性値"

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(model, Side.ACTION, _tr("判定するキャラクター"), parent)
        self.attribute_combo = self.source_combo
        self.skill_combo = shrink_combo(FittingCombo())
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.insertRow(2, self.tr("〈スキル〉"), self.skill_combo)
        value_label = form.labelForField(self.value_spin)
        if isinstance(value_label, QLabel):
            value_label.setText(self.tr("判定値"))
        set_tone(self.note_label, NOTE_STYLE)
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
            (self.tr("〈{0}〉（{1}）").format(s.name, s.level), s.name) for s in model.skills()
        ]
        self.skill_combo.blockSignals(True)
        try:
            fill_combo(self.skill_combo, skills, inputs.skill)
        finally:
            self.skill_combo.blockSignals(False)
        self.skill_combo.setEnabled(inputs.source != CUSTOM)


class _TargetBox(QWidget):
    """目標値 and the campaign's critical/fumble thresholds."""

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        set_tone(self.problem_label, NOTE_STYLE)
        self.problem_label.setWordWrap(True)
        self.identification_button = _IdentificationButton(model)
        target_row = QHBoxLayout()
        target_row.addWidget(self.target_spin, 1)
        target_row.addWidget(self.identification_button)
        # Two rows across the panel, under the inputs and the odds, without a frame: as a third
        # column beside them, or framed, the panel was bigger than a laptop leaves it.
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("目標値")), 0, 0)
        grid.addLayout(target_row, 0, 1)
        grid.addWidget(self.thresholds_label, 0, 2, 1, 2)
        grid.addWidget(QLabel(self.tr("クリティカル（出目）")), 1, 0)
        grid.addWidget(self.critical_spin, 1, 1)
        grid.addWidget(QLabel(self.tr("ファンブル（出目）")), 1, 2)
        grid.addWidget(self.fumble_spin, 1, 3)
        grid.addWidget(self.problem_label, 2, 0, 1, 4)
        grid.setColumnStretch(3, 1)
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
        if model.house_thresholds:
            text += self.tr("（ハウスルール）")
        self.thresholds_label.setText(text)
        self.problem_label.setText(shown_message(model.threshold_problem or ""))
        self.problem_label.setVisible(bool(model.threshold_problem))


class _IdentificationButton(QPushButton):
    """類型を見抜く目標値の目安 (rule text 「類型の感知と秘匿」) as a menu beside the 目標値; a target
    sets the 目標値 (its low end).  A menu, not a box beside the plots: the panel fits a laptop's
    width, and the menu shows each situation whole.  A push button: it keeps room for its menu's
    arrow beside the text, where a tool button drew the arrow over the text's end."""

    def __init__(self, model: SengenshoCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.targets = model.identification
        title = _tr("類型を見抜く目標値の目安")
        self.setText(self.tr("類型の目安"))
        self.setToolTip(title)
        self.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)  # never cut
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        heading = menu.addAction(title)
        heading.setEnabled(False)
        self.target_actions: list[QAction] = []
        for target in self.targets:
            action = menu.addAction(f"{target.text}: {self.tr(target.situation)}")
            action.setToolTip(self.tr("目標値を {0} にします").format(target.low))
            action.triggered.connect(partial(model.set_target, target.low))
            self.target_actions.append(action)
        menu.addSeparator()
        self.note_action = menu.addAction(
            self.tr("NPCが類型をごまかしている場合は、NPCの{知性}+〈交渉〉との対抗判定")
        )
        self.note_action.setEnabled(False)
        self.setMenu(menu)


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
        self.identification_button = self.target_box.identification_button

        inputs = QHBoxLayout()
        inputs.addWidget(self.inputs_box)
        inputs.addWidget(self.odds_box, 1)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignTop)  # a longer result never moves them
        roll_row.addWidget(self.result_label, 1)
        roll_row.addWidget(self.opposed_button, 0, Qt.AlignmentFlag.AlignTop)
        lower = QHBoxLayout()
        lower.addWidget(self.bars_plot, 2)
        lower.addWidget(self.curve_plot, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
        layout.addWidget(self.target_box)
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
