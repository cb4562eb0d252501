"""The judgement panel (判定): inputs, exact odds, plots, and the Roll button.

With an AW session: 令呪 +20 for a servant's check (either side of a 対決), and a restriction to an
event key's holders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.outcome_text import outcome_label, percent, side_label
from gmtool.rules.checks import CHECK_DIFFICULTY_BOUNDS, CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.systems.aw.session_state import SessionRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.aw.spell_c_box import SpellAfterBox
from gmtool.views.check.odds_box import OddsBox, RollControls
from gmtool.views.check.probability_plots import OUTCOME_COLORS, OutcomeBarsPlot, SuccessCurvePlot
from gmtool.views.check.roller_inputs_box import RollerInputsBox, fill_combo, show_value
from gmtool.views.compact import WrappingCheckBox, move_widget, shrink_combo
from gmtool.views.status_label import StatusLabel
from gmtool.views.widgets import show_refusal

NOTE_STYLE = Tone("warning")
SPELL_STYLE = Tone("special")


class _SideInputsBox(RollerInputsBox[AWCheckModel]):
    """Character, 判定値 and 修正 for one side of an AW check."""

    value_label = "判定値"

    def __init__(self, model: AWCheckModel, side: Side, title: str, parent: QWidget | None = None) -> None:
        super().__init__(model, side, title, parent)
        self.modifier_warning = self.note_label
        set_tone(self.modifier_warning, NOTE_STYLE)

    def current_value(self) -> int:
        return self.model.value(self.side)

    def note(self) -> str:
        limit = self.model.rules.modifier_warning_limit
        if not self.model.modifier_warning(self.side):
            return ""
        return self.tr("修正が ±{0} を超えています（ルールの目安は −{0}〜+{0}）").format(limit)

    def character_choices(self) -> list[Any]:
        """The side's own list: an event-key restriction narrows the action side's."""
        return self.model.characters_for(self.side)


class _BoostBox(QWidget):
    """The 令呪 +20 box under one side's inputs: shown while that side's character is a servant."""

    def __init__(self, model: AWCheckModel, side: Side, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.side = side
        self.check = WrappingCheckBox()  # the master's name is long: it wraps, not widens the panel
        # Its minimum height is its text's: a plain wrapped label let the panel squeeze the
        # 判定値・値・修正 fields above it to a few pixels when the note appeared.
        self.note = StatusLabel(lines=0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.note)

    def sync(self) -> None:
        model, side = self.model, self.side
        offer, ticked = model.offers[side], model.boosts[side]
        # Under the house rule 「出目を見てから使う」 the 令呪 is taken after the roll, not ticked here.
        in_play = side in model.boost_sides_in_play
        # Still shown while ticked, so the GM can untick a 令呪 that can no longer be used.
        self.setVisible(in_play and (offer.visible or ticked))
        self.check.blockSignals(True)
        try:
            self.check.setEnabled(offer.available or ticked)
            self.check.setChecked(ticked)
            if offer.visible:
                label = self.tr("令呪 +{0}（マスター: {1}、残り {2}）").format(
                    offer.amount, offer.master_name, offer.left
                )
            else:
                label = self.tr("令呪 +{0}（マスターがいません）").format(offer.amount)
            self.check.setText(label)
            self.check.setToolTip(offer.reason)
        finally:
            self.check.blockSignals(False)
        style: Tone | None
        if offer.reason:
            text, style = offer.reason, NOTE_STYLE
        elif ticked and side is Side.ACTION and not model.opposed:
            guideline = model.session.rules.command_spell_target_guideline
            text = self.tr(
                "達成値 +{0}（修正とは別）。目標値は {1} が目安で、20 を超える難易度も選べます。"
                "振ると令呪を 1 つ使います"
            ).format(offer.amount, guideline)
            style = SPELL_STYLE
        elif ticked:
            text = self.tr("達成値 +{0}（修正とは別）。振ると令呪を 1 つ使います").format(offer.amount)
            style = SPELL_STYLE
        else:
            text, style = "", None
        self.note.setText(text)
        set_tone(self.note, style)
        self.note.setVisible(bool(text))


class AWCheckView(QWidget):
    def __init__(self, model: AWCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.action_box = _SideInputsBox(model, Side.ACTION, self.tr("判定する側"))
        self.reaction_box = _SideInputsBox(model, Side.REACTION, self.tr("リアクション側"))
        self.reaction_no_roll = WrappingCheckBox(
            self.tr("リアクション側は判定できない（達成値 = 判定値 + 修正）")
        )
        self.reaction_no_roll.toggled.connect(lambda on: model.set_reaction_can_roll(not on))
        self.opposed_check = QCheckBox(self.tr("対決"))
        self.opposed_check.toggled.connect(model.set_opposed)
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(*CHECK_DIFFICULTY_BOUNDS)
        self.difficulty_spin.valueChanged.connect(model.set_difficulty)
        self.band_label = QLabel()
        self._band_fit: tuple[object, ...] = ()  # the band names and font band_label is wide enough for
        self.key_combo = shrink_combo(QComboBox(), 12)
        self.key_combo.currentIndexChanged.connect(
            lambda _: self._guard(model.set_key_filter, self.key_combo.currentData())
        )
        self.key_note = QLabel()
        set_tone(self.key_note, NOTE_STYLE)
        self.key_note.setWordWrap(True)
        self.boost_boxes = {side: _BoostBox(model, side) for side in Side}
        for side, box in self.boost_boxes.items():
            box.check.toggled.connect(lambda on, side=side: self._guard(model.set_boost, on, side))
        # The action side's box, as before the reaction side had one.
        self.boost_check = self.boost_boxes[Side.ACTION].check
        self.boost_note = self.boost_boxes[Side.ACTION].note
        self.reaction_boost_check = self.boost_boxes[Side.REACTION].check
        # The difficulty, who may roll and 対決 on one row: the panel has a laptop's height.
        difficulty_row = QHBoxLayout()
        difficulty_row.addWidget(QLabel(self.tr("難易度")))
        difficulty_row.addWidget(self.difficulty_spin)
        difficulty_row.addWidget(self.band_label)
        difficulty_row.addSpacing(12)
        difficulty_row.addWidget(QLabel(self.tr("判定できるのは:")))
        difficulty_row.addWidget(self.key_combo)
        difficulty_row.addWidget(self.key_note, 1)
        difficulty_row.addWidget(self.opposed_check)

        self.odds_box = odds_box = OddsBox([(o, OUTCOME_COLORS[o], outcome_label(o)) for o in Outcome])
        self.probability_labels = odds_box.probability_labels
        self.success_label = odds_box.headline
        # Its own line: appended to the big number it was cut off in the main window.
        self.boost_odds_label = odds_box.add_line(QLabel())
        self.boost_odds_label.setWordWrap(True)
        set_tone(self.boost_odds_label, "special", "font-weight: bold;")
        self.spell_after = SpellAfterBox(model.spell_c)
        self.spell_odds_label = odds_box.add_line(QLabel())
        self.spell_odds_label.setWordWrap(True)
        set_tone(self.spell_odds_label, "special")

        controls = RollControls(model.roll)
        self.roll_button, self.result_label = controls.button, controls.result_label

        self.bars_plot = OutcomeBarsPlot(model)
        self.curve_plot = SuccessCurvePlot(model)

        inputs = QHBoxLayout()
        action_column = QVBoxLayout()
        action_column.addWidget(self.action_box)
        action_column.addWidget(self.boost_boxes[Side.ACTION])
        action_column.addStretch(1)
        inputs.addLayout(action_column)
        reaction_column = QVBoxLayout()
        reaction_column.addWidget(self.reaction_box)
        reaction_column.addWidget(self.boost_boxes[Side.REACTION])
        reaction_column.addWidget(self.reaction_no_roll)
        reaction_column.addStretch(1)
        inputs.addLayout(reaction_column)
        inputs.addWidget(odds_box, 1)
        self.inputs_row, self.side_columns = inputs, (action_column, reaction_column)
        layout = QVBoxLayout(self)
        layout.addLayout(difficulty_row)
        layout.addLayout(inputs)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignTop)  # a longer result never moves it
        roll_row.addWidget(self.result_label, 1)
        layout.addLayout(roll_row)
        layout.addWidget(self.spell_after)
        self.plots_row = plots = QHBoxLayout()
        plots.addWidget(self.bars_plot)
        plots.addWidget(self.curve_plot)
        layout.addLayout(plots, 1)

        model.changed.connect(self.sync)
        model.check_resolved.connect(self.show_result)
        model.result_cleared.connect(lambda: self.result_label.setText(""))
        model.roll_refused.connect(lambda reason: show_refusal(self, reason))
        self.sync()

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except SessionRefused as e:
            show_refusal(self, str(e))
            self.sync()  # put the widget back to what the model holds

    def sync(self) -> None:
        model = self.model
        self.difficulty_spin.blockSignals(True)
        show_value(self.difficulty_spin, model.difficulty)
        self.difficulty_spin.blockSignals(False)
        self.opposed_check.setChecked(model.opposed)
        self.band_label.setText(self.tr(model.difficulty_band_label()))  # 普通 → Normal
        self._fit_band_label()
        self.action_box.sync()
        self.reaction_box.sync()
        self._sync_session()
        self.reaction_box.setVisible(model.opposed)
        self.reaction_no_roll.setVisible(model.opposed)
        self.difficulty_spin.setEnabled(not model.opposed)
        self.curve_plot.setVisible(not model.opposed)  # P over difficulties means nothing in 対決
        # 対決: the odds take the curve's place beside the bars, so both sides' inputs fit the width.
        move_widget(self.odds_box, self.plots_row if model.opposed else self.inputs_row, 1)
        for column in self.side_columns:  # alone, the action side leaves the room to the odds
            self.inputs_row.setStretchFactor(column, int(model.opposed))
        # 対決 is won or lost, not 自動成功〜自動失敗: the single check's table would only mislead.
        for widget in self.odds_box.row_widgets:
            widget.setVisible(not model.opposed)
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
        self.boost_odds_label.setText(self._boost_odds_text())
        self.boost_odds_label.setVisible(bool(model.boosted_sides()))
        self.spell_odds_label.setText(self.spell_after.odds_text())
        self.spell_odds_label.setVisible(bool(self.spell_odds_label.text()))

    def _fit_band_label(self) -> None:
        """The band's name as wide as the widest band's: a name of another length re-laid out the
        whole panel on each difficulty step across a band's edge (its width, the plots resized and
        redrawn, the roll button moved)."""
        texts = [self.tr(label) for _low, _high, label in self.model.difficulty_guides()]
        fit = (*texts, self.band_label.font().key())
        if fit == self._band_fit:
            return
        self._band_fit = fit
        metrics = self.band_label.fontMetrics()
        self.band_label.setMinimumWidth(max((metrics.horizontalAdvance(t) for t in texts), default=0) + 2)

    def _boost_odds_text(self) -> str:
        """Says the number above already includes the +20, and for which side."""
        sides = self.model.boosted_sides()
        if not sides:
            return ""
        amount = self.model.offers[sides[0]].amount
        if not self.model.opposed:
            return self.tr("令呪 +{0} 込み").format(amount)
        names = self.tr("・").join(side_label(s) for s in sides)
        return self.tr("令呪 +{0} 込み（{1}）").format(amount, names)

    def _sync_session(self) -> None:
        """The key restriction and the 令呪 boxes, from the session state the model read."""
        model = self.model
        keys: list[tuple[str, str | None]] = [(self.tr("全員"), None)]
        keys += [(self.tr("イベントキー:{0} を持つPC").format(k), k) for k in model.key_names()]
        self.key_combo.blockSignals(True)
        try:
            fill_combo(self.key_combo, keys, model.key_filter)
        finally:
            self.key_combo.blockSignals(False)
        self.key_combo.setEnabled(len(keys) > 1)
        self.key_note.setText(model.key_note)
        for box in self.boost_boxes.values():
            box.sync()

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
        for side, boost in self.model.last_boosts.items():
            who = side_label(side) + self.tr("に") if isinstance(result, OpposedResult) else ""
            self.result_label.setText(
                self.result_label.text()
                + self.tr("（{0}令呪を使用: 達成値 +{1}。{2}の令呪 残り {3}）").format(
                    who,
                    boost.amount,
                    boost.master_name,
                    self.model.session.contracts.spells_left(boost.master or ""),
                )
            )

    def _describe(self, rolled: CheckResult) -> str:
        dice = f"[{','.join(map(str, rolled.faces))}]" if rolled.faces else self.tr("ダイスなし")
        if rolled.total is None:  # an automatic result: no 達成値 is computed
            automatic = outcome_label(rolled.outcome)
            return self.tr("出目 {0} = {1}（{2}）").format(dice, sum(rolled.faces), automatic)
        return self.tr("出目 {0} → 達成値 {1}").format(dice, rolled.total)
