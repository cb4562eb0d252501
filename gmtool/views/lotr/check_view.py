"""The LotR (CODA) judgement panel: 判定 / グループ判定 / 対決判定 / 堕落判定 with exact odds,
the roll, and courage spent after seeing it.  The widgets and their layout; what they say is
check_texts' (`texts`, a CheckTexts)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.check_courage import CourageRefused
from gmtool.models.lotr.check_log import MODE_LABELS, tie_rule_label
from gmtool.models.lotr.check_model import (
    GROUP,
    OPPOSED,
    TN_MAX,
    TN_MIN,
    LotRCheckModel,
)
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr.check_types import (
    COURAGE_BONUS,
    COURAGE_PER_ROUND,
    Contestant,
    TieRule,
)
from gmtool.rules.systems.lotr.rules_types import DEGREE_ORDER
from gmtool.views.appearance import set_tone
from gmtool.views.check.odds_box import RESULT_STYLE, OddsBox, RollControls
from gmtool.views.check.roller_inputs_box import ModeButtons, show_value
from gmtool.views.compact import ElidedLabel, move_widget
from gmtool.views.lotr.check_texts import CheckTexts
from gmtool.views.lotr.plots import (
    DEGREE_COLORS,
    SIDE_COLORS,
    UNDECIDED_COLOR,
    DegreeLegend,
    StackedOddsPlot,
    TotalsPlot,
)
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.lotr.roller_box import (
    COMBO_CHARS,
    HelperBox,
    HelpersColumn,
    LotRRollerBox,
    PanelScroll,
)
from gmtool.views.status_label import StatusLabel
from gmtool.views.widgets import show_refusal

TIE_RULES = (TieRule.REROLL, TieRule.DODGE, TieRule.PARRY)
PLOT_MIN_HEIGHT = 140  # with the rest, every mode fits the 600×500 px a 1366×768 laptop gives the panel
# 対決 shows each side's degrees (1.5.2) on two lines more: its plots give up that room.
OPPOSED_PLOT_MIN_HEIGHT = 96


class LotRCheckView(QWidget):
    def __init__(self, model: LotRCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.texts = CheckTexts(model, self)
        self.modes = ModeButtons(MODE_LABELS, model.set_mode)
        self.mode_buttons = self.modes.buttons
        top = QHBoxLayout()
        top.addWidget(self.modes)
        self.tn_spin = QSpinBox()
        self.tn_spin.setRange(TN_MIN, TN_MAX)
        self.tn_spin.setToolTip(self.tr("目標値（TN）。暗闇 +5、位置による不利 +3〜+9 など（1.5）"))
        self.tn_spin.valueChanged.connect(model.set_tn)
        self.tn_label = QLabel(self.tr("目標値"))
        self.tie_combo = QComboBox()
        self.tie_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.tie_combo.setMinimumContentsLength(COMBO_CHARS)
        for rule in TIE_RULES:
            self.tie_combo.addItem(tie_rule_label(rule), rule)
        self.tie_combo.currentIndexChanged.connect(lambda i: model.set_tie_rule(self.tie_combo.itemData(i)))
        # The mode's rule in a few words in the room left beside the modes, the whole of it in the
        # tooltip: on a line of its own it took up to three lines of a panel that has none to spare.
        self.help_label = ElidedLabel()
        top.addWidget(self.help_label, 1)
        top.addWidget(self.tn_label)
        top.addWidget(self.tn_spin)
        top.addWidget(self.tie_combo)

        self.a_box = LotRRollerBox(model, Contestant.A, self.tr("判定する人（A）"))
        self.b_box = LotRRollerBox(model, Contestant.B, self.tr("相手（B）"))
        self.helpers_area = HelpersColumn(model, self.add_helper)
        self.add_helper_button = self.helpers_area.add_button

        rows = [(d, DEGREE_COLORS[d], shown_name(model.rules.band(d))) for d in DEGREE_ORDER]
        self.odds_box = OddsBox(rows, break_at_bracket=True)
        self.probability_labels = self.odds_box.probability_labels
        self.degree_rows = self.odds_box.row_widgets  # hidden in an opposed test (no TN, no degrees)
        self.headline = self.odds_box.headline
        self.headline.setWordWrap(True)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.odds_box.grid.setColumnStretch(1, 1)  # the names take the room (no wrapping while there is any)
        # an opposed test's headline stays at the top
        self.odds_box.grid.setRowStretch(len(DEGREE_ORDER) + 1, 1)
        self.odds_box.grid.setVerticalSpacing(2)  # seven rows: as short as the inputs beside them

        controls = RollControls(model.roll)
        self.roll_button, self.result_label = controls.button, controls.result_label
        self.result_label.lines = 1  # on a row of its own, under the buttons: it moves none of them
        self.courage_button = QPushButton(self.tr("勇気を使う（+{0}）").format(COURAGE_BONUS))
        self.courage_button.setToolTip(
            self.tr("結果を見てから 1 点ずつ。1 ラウンドに {0} 点まで（1.2.3）").format(COURAGE_PER_ROUND)
        )
        self.courage_button.clicked.connect(self.spend_courage)
        # 1.2.3: after an opposed test either side may spend, on its own total.
        self.courage_b_button = QPushButton(self.tr("B: 勇気 +{0}").format(COURAGE_BONUS))
        self.courage_b_button.setToolTip(self.courage_button.toolTip())
        self.courage_b_button.clicked.connect(lambda: self.spend_courage(Contestant.B))
        self.next_round_button = QPushButton(self.tr("次のラウンド"))
        self.next_round_button.setToolTip(self.tr("1 ラウンドに使った勇気の数を戻します（元に戻せます）"))
        self.next_round_button.clicked.connect(self.next_round)
        self.courage_label = StatusLabel(lines=2)
        self.warning_label = QLabel()
        self.warning_label.setWordWrap(True)
        set_tone(self.warning_label, "error", "font-weight: bold;")
        # A point of courage not yet countable (a trait's addition 未設定): why, and 「表を開く」.
        self.courage_refusal = RefusalLine(table_requests(model.campaign_model))
        set_tone(self.courage_refusal, "error")

        self.stack_plot = StackedOddsPlot(model)
        self.totals_plot = TotalsPlot(model)
        self.stack_plot.setMinimumHeight(PLOT_MIN_HEIGHT)
        self.totals_plot.setMinimumHeight(PLOT_MIN_HEIGHT)
        self.legend = DegreeLegend()

        self.inputs_row = QHBoxLayout()
        for widget in (self.a_box, self.b_box, self.helpers_area, self.odds_box):
            self.inputs_row.addWidget(widget, 1)
        # The buttons on one row above every text that changes when they are clicked (the result,
        # the odds with courage left): a 勇気 click that moved them made the next click miss.
        self.roll_row = roll_row = QHBoxLayout()
        # The sides' 勇気 buttons one above the other (B only in 対決): the odds beside them keep the
        # width to stay on few lines, and the panel its height.
        courage_column = QVBoxLayout()
        courage_column.setSpacing(2)
        courage_column.addWidget(self.courage_button)
        courage_column.addWidget(self.courage_b_button)
        roll_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignTop)
        roll_row.addLayout(courage_column)
        roll_row.addWidget(self.next_round_button, 0, Qt.AlignmentFlag.AlignTop)
        roll_row.addWidget(self.courage_label, 1)
        # 助ける人を追加 beside the roll (in グループ判定): in a column of its own, with no helper yet,
        # it narrowed the leader's box until its rows wrapped.
        move_widget(self.add_helper_button, roll_row, index=3)
        plots = QHBoxLayout()
        plots.addWidget(self.stack_plot)
        plots.addWidget(self.totals_plot)
        self.content = QWidget()
        layout = QVBoxLayout(self.content)
        layout.setSpacing(4)  # the most rows of the five panels, in the same height
        layout.addLayout(top)
        layout.addLayout(self.inputs_row)
        layout.addLayout(roll_row)
        layout.addWidget(self.result_label)
        layout.addWidget(self.detail_label)  # the long lines read across the panel, not in a column
        layout.addWidget(self.warning_label)
        add_line(layout, self.courage_refusal)
        layout.addLayout(plots, 1)
        layout.addWidget(self.legend)
        # Narrow (≤ 700 px) means tall: in group mode the panel scrolls down rather than squeezing
        # its boxes over each other when the window is short.  Never sideways.
        self.scroll_area = PanelScroll(self.content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

        model.changed.connect(self.sync)
        model.check_resolved.connect(lambda _result: self.sync())
        model.roll_refused.connect(lambda reason: show_refusal(self, reason))
        self.sync()

    # ---- actions ----------------------------------------------------------------------------
    def spend_courage(self, side: Contestant = Contestant.A) -> None:
        try:
            self.model.courage.spend(1, side)
        except CourageRefused as refusal:
            show_refusal(self, str(refusal))

    def next_round(self) -> None:
        try:
            self.model.courage.next_round()
        except CourageRefused as refusal:
            show_refusal(self, str(refusal))

    def add_helper(self) -> None:
        try:
            self.model.add_helper()
        except ValueError as refusal:
            show_refusal(self, str(refusal))

    # ---- showing the model ------------------------------------------------------------------
    def sync(self) -> None:
        model, mode = self.model, self.model.mode
        self.modes.show_mode(mode)
        self.tn_spin.blockSignals(True)
        show_value(self.tn_spin, model.tn)
        self.tn_spin.blockSignals(False)
        self.tie_combo.blockSignals(True)
        self.tie_combo.setCurrentIndex(self.tie_combo.findData(model.tie_rule))
        self.tie_combo.blockSignals(False)
        self.tn_spin.setEnabled(mode != OPPOSED)
        self.tn_label.setEnabled(mode != OPPOSED)
        self.tie_combo.setVisible(mode == OPPOSED)
        self.help_label.setText(self.texts.short_help(mode))
        self.help_label.setToolTip(self.texts.help(mode))
        self.a_box.setTitle(self.texts.a_title())
        self.a_box.sync()
        self.b_box.setVisible(mode == OPPOSED)
        self.b_box.sync()
        self.helpers_area.setVisible(mode == GROUP and bool(model.helpers))
        self.add_helper_button.setVisible(mode == GROUP)
        # 対決 has no 目標値, and its odds are one line: they and the sides' colours take the
        # courage count's place beside the roll (each side's 勇気 button stays: 1.2.3), so that both
        # sides' inputs have the panel's width and the panel its height.
        opposed = mode == OPPOSED
        for unused in (self.next_round_button, self.courage_label):
            unused.setVisible(not opposed)
        # Short in 対決: the two sides' buttons share the row with the roll and the odds.
        spend = self.tr("A: 勇気 +{0}") if opposed else self.tr("勇気を使う（+{0}）")
        # A point is worth more with traits such as Bold and Horselord on Ride (1.2.3): +7, not +3.
        self.courage_button.setText(spend.format(model.courage.per_point().total))
        self.courage_b_button.setText(
            self.tr("B: 勇気 +{0}").format(model.courage.per_point(Contestant.B).total)
        )
        self.courage_button.setToolTip(self.texts.courage_tip(model.courage.per_point()))
        self.courage_b_button.setVisible(opposed)
        self.tn_spin.setVisible(not opposed)
        for plot in (self.stack_plot, self.totals_plot):
            plot.setMinimumHeight(OPPOSED_PLOT_MIN_HEIGHT if opposed else PLOT_MIN_HEIGHT)
        self.tn_label.setVisible(not opposed)
        move_widget(self.odds_box, self.roll_row if opposed else self.inputs_row, 1)
        content = self.content.layout()
        assert isinstance(content, QVBoxLayout)
        top = Qt.AlignmentFlag.AlignTop
        move_widget(self.legend, self.roll_row if opposed else content, alignment=top)
        self.legend.columns = 1 if opposed else None  # beside the odds, one above the other
        self._sync_helpers()
        odds = model.odds
        for widget in self.degree_rows:
            widget.setVisible(mode != OPPOSED)
        for degree, label in self.probability_labels.items():
            p = odds.degree_probabilities.get(degree)
            label.setText(percent(float(p)) if p is not None else "—")
        self.headline.setText(self.texts.headline())
        self.detail_label.setText(self.texts.detail())
        self.courage_label.setText(self.texts.courage_text())
        # An old roll (another mode, roller or TN) takes no courage: the model refuses it too.
        current = model.rolled is None or model.roll_is_current
        self.courage_button.setEnabled(current)
        self.courage_b_button.setEnabled(current)
        # While a LotR fight runs, courage counts on the tracker's rounds: it moves them on.
        self.next_round_button.setEnabled(not model.courage.follows_tracker)
        self.warning_label.setText(model.warning)
        self.warning_label.setVisible(bool(model.warning))
        refusal = model.courage.per_point().refusal
        self.courage_refusal.show_refusal(refusal)
        self.courage_refusal.setVisible(bool(refusal))
        self.result_label.setText(self.texts.result_text())
        old = model.rolled is not None and not model.roll_is_current
        set_tone(self.result_label, "muted" if old else None, RESULT_STYLE)  # greyed: a roll of another test
        self._sync_legend()

    @property
    def helper_boxes(self) -> list[HelperBox]:
        return self.helpers_area.boxes

    def _sync_helpers(self) -> None:
        self.helpers_area.sync()
        # No helper: the column is only as wide as its button; the odds take the room.
        self.inputs_row.setStretchFactor(self.helpers_area, 1 if self.helper_boxes else 0)

    def _sync_legend(self) -> None:
        if self.model.mode == OPPOSED:
            entries = [
                (SIDE_COLORS[Contestant.A], self.tr("A の勝ち・A の達成値")),
                (SIDE_COLORS[Contestant.B], self.tr("B の勝ち・B の達成値")),
            ]
        else:
            # The odds' rows name the seven degrees' colours beside their swatches: the legend only
            # adds the grey the plots use besides (the whole seven again were 80 px of the panel).
            entries = []
            if self.model.mode == GROUP:
                entries.append((UNDECIDED_COLOR, self.tr("助けの結果しだい")))
            elif any(degree is None for _, _, degree in self.model.odds.total_bars):
                entries.append((UNDECIDED_COLOR, self.tr("≥ の棒に複数の成功度")))
        self.legend.set_entries(entries)
        self.legend.setVisible(bool(entries))
