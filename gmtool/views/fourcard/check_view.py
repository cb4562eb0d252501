"""The フォーカード judgement panel: 目標ロール / 比較ロール / 達成ロール with exact odds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.check_log import faces_text
from gmtool.models.fourcard.check_model import (
    ACHIEVEMENT,
    COMPARE,
    TARGET,
    FourCardCheckModel,
)
from gmtool.models.fourcard.terms import outcome_term
from gmtool.models.outcome_text import percent
from gmtool.rules.checks import CHECK_DIFFICULTY_BOUNDS, CheckResult, Outcome
from gmtool.rules.systems.fourcard.checks_types import (
    AchievementResult,
    CompareResult,
    Contestant,
    FourCardResult,
)
from gmtool.views.appearance import set_tone
from gmtool.views.check.odds_box import OddsBox, RollControls
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot
from gmtool.views.check.roller_inputs_box import ModeButtons, RollerInputsBox, show_value
from gmtool.views.widgets import show_refusal

MODE_LABELS = {TARGET: "目標ロール", COMPARE: "比較ロール", ACHIEVEMENT: "達成ロール"}
SHOWN_MARGINS = 5  # 成功の度合 listed up to +5 under the odds; the rest behind "…", in the tooltip


class _RollerBox(RollerInputsBox[FourCardCheckModel]):
    """Character, ベース and 修正 of one フォーカード roller."""

    value_label = "ベース"

    def __init__(
        self, model: FourCardCheckModel, side: Contestant, title: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(model, side, title, parent)
        self.base_spin = self.value_spin
        self.weakened_label = self.note_label
        set_tone(self.weakened_label, "error")

    def current_value(self) -> int:
        return self.model.base(self.side)

    def note(self) -> str:
        return self.tr("衰弱: ロール値 −2（自動で適用）") if self.model.weakened(self.side) else ""


class FourCardCheckView(QWidget):
    def __init__(self, model: FourCardCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.modes = ModeButtons(MODE_LABELS, model.set_mode)
        self.mode_buttons = self.modes.buttons
        mode_row = QHBoxLayout()
        mode_row.addWidget(self.modes)
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(*CHECK_DIFFICULTY_BOUNDS)
        self.difficulty_spin.valueChanged.connect(model.set_difficulty)
        # Each step whole ("10: Tense for a novice, easy for a beginner"): shrunk to ten characters
        # it was cut to 「10: Tense for a nc…」 and the label beside it said it again in full.
        self.ladder_combo = QComboBox()
        self.ladder_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for step in model.rules.difficulty_steps:
            self.ladder_combo.addItem(f"{step.value}: {self.tr(step.label)}", step.value)
        self.ladder_combo.activated.connect(lambda i: model.set_difficulty(self.ladder_combo.itemData(i)))
        self.difficulty_label = QLabel()
        self.difficulty_label.setWordWrap(True)
        self.difficulty_warning = QLabel()  # past 「難易度の限界数値」
        self.difficulty_warning.setWordWrap(True)
        set_tone(self.difficulty_warning, "warning")
        self.draw_check = QCheckBox(self.tr("同値は引き分け（GMの判断）"))
        self.draw_check.setToolTip(
            self.tr("「引き分けや膠着状態がありえる判定であれば、GMの判断で、優劣がつかなかったことに」")
        )
        self.draw_check.toggled.connect(model.set_draw_allowed)
        mode_row.addWidget(self.draw_check)
        mode_row.addStretch(1)
        # The difficulty on a row of its own, with what it means: beside the modes it was too wide.
        difficulty_row = QHBoxLayout()
        difficulty_row.addWidget(QLabel(self.tr("難易度")))
        difficulty_row.addWidget(self.difficulty_spin)
        difficulty_row.addWidget(self.ladder_combo)
        difficulty_row.addWidget(self.difficulty_label, 1)

        self.a_box = _RollerBox(model, Contestant.A, self.tr("判定する側（A）"))
        self.b_box = _RollerBox(model, Contestant.B, self.tr("比べる相手（B）"))

        self.odds_box = OddsBox([(o, OUTCOME_COLORS[o], outcome_term(o)) for o in Outcome])
        self.probability_labels = self.odds_box.probability_labels
        self.headline = self.odds_box.headline
        # The headline wraps in the room the inputs leave, not asking for a line's width: the English
        # one took the ベース choice's room, cut to 「【接近戦】… (6)」 while the odds had room to spare.
        self.headline.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # Under the boxes, across the panel: in the odds' narrow column (比較ロール) it ran to ten lines.
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)

        controls = RollControls(model.roll)
        self.roll_button, self.result_label = controls.button, controls.result_label

        self.bars_plot = OutcomeBarsPlot(model)
        self.curve_plot = SuccessCurvePlot(model)

        inputs = QHBoxLayout()
        inputs.addWidget(self.a_box)
        inputs.addWidget(self.b_box)
        inputs.addWidget(self.odds_box)
        layout = QVBoxLayout(self)
        layout.addLayout(mode_row)
        layout.addLayout(difficulty_row)
        layout.addWidget(self.difficulty_warning)
        layout.addLayout(inputs)
        layout.addWidget(self.detail_label)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignTop)  # a longer result never moves it
        roll_row.addWidget(self.result_label, 1)
        layout.addLayout(roll_row)
        plots = QHBoxLayout()
        plots.addWidget(self.bars_plot)
        plots.addWidget(self.curve_plot)
        layout.addLayout(plots, 1)

        model.changed.connect(self.sync)
        model.check_resolved.connect(self.show_result)
        model.result_cleared.connect(lambda: self.result_label.setText(""))
        model.roll_refused.connect(lambda reason: show_refusal(self, reason))
        self.sync()

    def sync(self) -> None:
        model = self.model
        self.modes.show_mode(model.mode)
        self.difficulty_spin.blockSignals(True)
        show_value(self.difficulty_spin, model.difficulty)
        self.difficulty_spin.blockSignals(False)
        self.ladder_combo.setCurrentIndex(self.ladder_combo.findData(model.difficulty))
        target = model.mode == TARGET
        self.difficulty_spin.setEnabled(model.mode != COMPARE)
        self.ladder_combo.setEnabled(model.mode != COMPARE)
        self.difficulty_label.setText(self._difficulty_text())
        warning = model.difficulty_warning() if model.mode != COMPARE else ""
        self.difficulty_warning.setText(warning)
        self.difficulty_warning.setVisible(bool(warning))
        self.draw_check.setVisible(model.mode == COMPARE)
        self.draw_check.blockSignals(True)
        self.draw_check.setChecked(model.draw_allowed)
        self.draw_check.blockSignals(False)
        self.a_box.sync()
        self.b_box.sync()
        self.b_box.setVisible(model.mode == COMPARE)
        # 自動成功〜自動失敗 are a 目標ロール's: 比較ロール has winners, 達成ロール a value.
        for widget in self.odds_box.row_widgets:
            widget.setVisible(target)
        for outcome, label in self.probability_labels.items():
            label.setText(percent(float(model.outcome_probabilities[outcome])) if target else "—")
        self.plot_title()
        # 目標ロール's margins are one line or two as the values change: two kept, so the plots under
        # them stay put (they grew and shrank with it, each resize drawing both plots anew).  A box
        # layout sizes a wrapped label by its text's height for its width, which only a minimum
        # height bounds (StatusLabel's reserved lines it ignores).
        self.detail_label.setMinimumHeight(2 * self.detail_label.fontMetrics().lineSpacing() if target else 0)
        self.detail_label.setToolTip("")
        if model.mode == COMPARE:
            self.headline.setText(self.tr("A の勝率 {0}").format(percent(float(model.wins[Contestant.A]))))
            if model.draw_allowed:
                self.detail_label.setText(
                    self.tr("B の勝率 {0}。同値は引き分け（GMの判断）: {1}").format(
                        percent(float(model.wins[Contestant.B])), percent(float(model.wins.get(None, 0)))
                    )
                )
            else:
                self.detail_label.setText(
                    self.tr(
                        "B の勝率 {0}。同値（2 と 2、12 と 12 を含む）は決着まで振り直し: 1 回ごとに {1}"
                    ).format(percent(float(model.wins[Contestant.B])), percent(float(model.tie_per_round)))
                )
        elif model.mode == ACHIEVEMENT:
            low, high = model.achievement_range
            self.headline.setText(self.tr("ロール値 {0}〜{1}").format(low, high))
            self.detail_label.setText(
                self.tr("自動的成功・失敗なし。平均 {0:.2f}。右のグラフは ロール値 ≥ 難易度 の確率").format(
                    float(model.achievement_mean)
                )
            )
        else:
            self.headline.setText(
                self.tr("成功率 {0}（自動的成功を含む）").format(percent(float(model.success_probability)))
            )
            self._show_margins()

    def _show_margins(self) -> None:
        """成功の度合 +0 to +`SHOWN_MARGINS`, then "…" where more follow: every one in the tooltip."""
        margins = [f"+{m}: {percent(float(p))}" for m, p in self.model.margin_probabilities.items()]
        if not margins:
            self.detail_label.setText("")
            return
        comma = self.tr("、")
        more = [self.tr("…")] if len(margins) > SHOWN_MARGINS + 1 else []
        shown = comma.join(margins[: SHOWN_MARGINS + 1] + more)
        self.detail_label.setText(self.tr("成功の度合: {0}").format(shown))
        self.detail_label.setToolTip(self.tr("成功の度合: {0}").format(comma.join(margins)))

    def plot_title(self) -> None:
        # set only where they change: each title set lays its axis out and draws it again
        self.curve_plot.keep_label("bottom", self.tr(self.model.curve_x_label))
        left = self.tr("A の勝率 (%)") if self.model.mode == COMPARE else self.tr("成功率 (%)")
        self.curve_plot.keep_label("left", left)
        # The difficulty examples belong on a 難易度 axis: over B's value they only covered the curve.
        self.curve_plot.show_guides(self.model.mode != COMPARE)

    def _difficulty_text(self) -> str:
        if self.model.mode == COMPARE:
            if self.model.naturals_plain:  # the house rule: the roll values alone
                return self.tr(
                    "比較ロール: ロール値の高い方が勝ち（ハウスルール: 出目 12・2 でも勝敗は決まらない）"
                )
            return self.tr(
                "比較ロール: ロール値の高い方が勝ち。出目 12 は 12 以外に勝ち、出目 2 は 2 以外に負ける"
            )
        step = self.model.difficulty_step()  # the step's words are the combo's: only the number's source here
        return self.tr("（数値は SPEC.md の読み）") if step is not None and step.inferred else ""

    def show_result(self, result: FourCardResult) -> None:
        if isinstance(result, CompareResult):
            rounds = [
                f"A {faces_text(r.a_faces)}→{r.a_total} / B {faces_text(r.b_faces)}→{r.b_total}"
                for r in result.rounds
            ]
            winner = {
                Contestant.A: self.tr("A の勝ち"),
                Contestant.B: self.tr("B の勝ち"),
                None: self.tr("引き分け"),
            }[result.winner]
            self.result_label.setText(self.tr("、同値で振り直し、").join(rounds) + f" → {winner}")
        elif isinstance(result, AchievementResult):
            self.result_label.setText(
                self.tr("出目 {0} → ロール値 {1}").format(faces_text(result.faces), result.total)
            )
        else:
            assert isinstance(result, CheckResult)
            text = self.tr("出目 {0} → ロール値 {1} → {2}").format(
                faces_text(result.faces), result.total, outcome_term(result.outcome)
            )
            if result.margin is not None:
                text += self.tr("（成功の度合 +{0}）").format(result.margin)
            if result.outcome is Outcome.AUTO_FAILURE:
                text += self.tr("。1 点疲労")
            self.result_label.setText(text)
