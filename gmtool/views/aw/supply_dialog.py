"""供給・生命力の増減: the four ways HP/MP change, with the exact odds before the roll.

Everything shown comes from AWSupplyModel; every change there arrives as `changed` and `_sync()`
refreshes the inputs, the table of characters (now and on average after the roll) and the plot.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.supply_model import (
    KIND_LABELS,
    POOL_CHOICE_LABELS,
    POOL_LABELS,
    AWSupplyModel,
    SupplyOutcome,
    clean_skill_name,
)
from gmtool.rules.systems.aw.session_state import SessionRefused
from gmtool.rules.systems.aw.supply_types import MAX_BONUS, SupplyKind
from gmtool.views.appearance import Tone, set_tone, tone_colour
from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.roller_inputs_box import ModeButtons, fill_combo
from gmtool.views.check.themed_plot import ThemedPlot
from gmtool.views.screen_fit import fit_to_screen, scrolling
from gmtool.views.widgets import show_refusal, shown_message

LOSS_COLOR = "#c23b3b"
GAIN_COLOR = "#1b7f3b"
WARNING_STYLE = Tone("warning")
# The rule text each action stands on (供給ルール), shown so the GM sees where the range comes from.
RULE_TEXTS = {
    SupplyKind.MISSED_MEAL: "本文: 24時間以上食事ができない場合は、"
    "自動的に【HP】と【MP】は1〜5D6点減少する。",
    SupplyKind.SHORT_SLEEP: "本文: 6時間以下の睡眠しか取れなかった、徹夜したなどの場合は、"
    "自動的に【HP】と【MP】は1〜5D6点減少する。",
    SupplyKind.SUPPLY: "本文: 2人以上のキャラクターが体液を交換する、"
    "またはエクスタシーを得ることで生命力は回復する。"
    "回復量は通常なら1〜2D6点、契約状態にあるキャラクター同士なら3〜4D6点が望ましい。",
    SupplyKind.SKILL: "本文: 【HP】や【MP】を回復する効果を持った特技を使用すれば生命力は回復する。"
    "特技の効果どおりにダイスの数と固定値を入力する。",
}
POOL_NOTE = "回復は最大値で止まります（最大値が 0 のときは上限なし）。減少には下限がありません。"
NAME, NOW_HP, NOW_MP, CHOSEN, RECOVERS, MEAN_HP, MEAN_MP = range(7)
HEADERS = ("キャラクター", "HP", "MP", "対象", "回復する", "振った後のHP（平均）", "振った後のMP（平均）")
DONE_STYLE = Tone("muted")  # a shown result that no longer stands (undone, or edited since)


def amount_title(kind: SupplyKind) -> str:
    """What the amount is: a loss or a recovery (no kind does both)."""
    return "減る量" if kind.is_loss else "回復する量"


def _mean(value: Fraction) -> str:
    return f"{float(value):.1f}"


class AmountPlot(ThemedPlot):
    """P(amount) of the chosen dice, the mean marked; tests read back `bar_heights()`."""

    def __init__(self, model: AWSupplyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("確率 (%)"), self.tr(amount_title(model.kind)))
        # One item with a brush per bar (see OutcomeBarsPlot: the single-colour path crashed PySide6).
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brushes=[], pen=pg.mkPen(None))
        self.mean_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(self.tone("accent"), width=2))
        self.addItem(self.bars)
        self.addItem(self.mean_line)
        model.changed.connect(self.refresh)
        self.refresh()

    def sizeHint(self) -> QSize:
        # pyqtgraph asks for 640×480: the dialog's body then scrolled at 1366×768 with the plot
        # cut. It grows into whatever room the dialog has.
        return QSize(400, 200)

    def refresh(self) -> None:
        dist = sorted(self.model.distribution().items())
        xs = [x for x, _ in dist]
        heights = [float(p) * 100 for _, p in dist]
        brush = pg.mkBrush(QColor(LOSS_COLOR if self.model.kind.is_loss else GAIN_COLOR))
        self.setLabel("bottom", self.tr(amount_title(self.model.kind)))
        self.bars.setOpts(x=xs, height=heights, brushes=[brush] * len(xs))
        self.mean_line.setValue(float(self.model.expected()))
        self.setXRange(min(xs) - 0.6, max(xs) + 0.6, padding=0)
        self.setYRange(0, max(heights) * 1.1, padding=0)

    def theme_changed(self) -> None:
        self.mean_line.setPen(pg.mkPen(self.tone("accent"), width=2))

    def bar_heights(self) -> dict[int, float]:
        return {int(x): float(h) for x, h in zip(self.bars.opts["x"], self.bars.opts["height"], strict=True)}


class AWSupplyDialog(QDialog):
    def __init__(self, model: AWSupplyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setModal(False)  # kept open beside the sheet during the session
        self.setWindowTitle(self.tr("供給・生命力の増減"))

        self.kind_buttons = ModeButtons(
            {k: label for k, label in KIND_LABELS.items()}, lambda k: self._guard(model.set_kind, k)
        )
        self.rule_label = QLabel()
        self.rule_label.setWordWrap(True)
        self.skill_edit = QLineEdit()
        self.skill_edit.setPlaceholderText(self.tr("例: ヒーリング"))
        self.skill_edit.textChanged.connect(lambda text: self._guard(model.set_skill_name, text))
        self.dice_spin = QSpinBox()
        self.dice_spin.setSuffix("D6")
        self.dice_spin.valueChanged.connect(lambda n: self._guard(model.set_dice, n))
        self.bonus_spin = QSpinBox()
        self.bonus_spin.setRange(0, MAX_BONUS)
        self.bonus_spin.setPrefix("+")
        self.bonus_spin.valueChanged.connect(lambda n: self._guard(model.set_bonus, n))
        self.range_label = QLabel()
        self.range_label.setWordWrap(True)
        self.pool_combo = QComboBox()
        for pool, label in POOL_CHOICE_LABELS.items():
            self.pool_combo.addItem(self.tr(label), pool)
        self.pool_combo.currentIndexChanged.connect(
            lambda _: self._guard(model.set_pool, self.pool_combo.currentData())
        )
        self.separate_check = QCheckBox(self.tr("HP と MP を別々に振る"))
        self.separate_check.toggled.connect(lambda on: self._guard(model.set_separate, on))
        # House rules: 供給's amount split between HP and MP; its dice counts a guideline (a warning).
        self.hp_share_label = QLabel(self.tr("HP に入れる量（残りは MP）"))
        self.hp_share_spin = QSpinBox()
        self.hp_share_spin.setRange(0, model.MAX_HP_SHARE)
        self.hp_share_spin.valueChanged.connect(lambda n: self._guard(model.set_hp_share, n))
        self.dice_warning_label = QLabel()
        self.dice_warning_label.setWordWrap(True)
        set_tone(self.dice_warning_label, WARNING_STYLE)

        form = QFormLayout()
        self.skill_row = (QLabel(self.tr("特技名")), self.skill_edit)
        form.addRow(*self.skill_row)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_spin)
        self.bonus_label = QLabel(self.tr("固定値"))
        dice_row.addWidget(self.bonus_label)
        dice_row.addWidget(self.bonus_spin)
        dice_row.addStretch(1)
        form.addRow(self.tr("ダイスの数"), dice_row)
        form.addRow("", self.range_label)
        form.addRow("", self.dice_warning_label)
        pool_row = QHBoxLayout()
        pool_row.addWidget(self.pool_combo)
        pool_row.addWidget(self.separate_check)
        pool_row.addWidget(self.hp_share_label)
        pool_row.addWidget(self.hp_share_spin)
        pool_row.addStretch(1)
        form.addRow(self.tr("減る・回復する値"), pool_row)
        pool_note = QLabel(self.tr(POOL_NOTE))
        pool_note.setWordWrap(True)
        form.addRow("", pool_note)

        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels([self.tr(h) for h in HEADERS])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )  # whole headers, e.g. 振った後の…
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(self._on_item_changed)

        self.plot = AmountPlot(model)
        self.plot.setMinimumHeight(150)
        self.expected_label = QLabel()
        self.expected_label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.odds_box = odds_box = QGroupBox()
        odds_layout = QVBoxLayout(odds_box)
        odds_layout.addWidget(self.expected_label)
        odds_layout.addWidget(self.plot, 1)

        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, WARNING_STYLE)
        self.roll_button = QPushButton(self.tr("振る"))
        self.roll_button.clicked.connect(self.roll)
        self.result_label = QLabel(self.tr("まだ振っていません"))
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.shown_outcome: SupplyOutcome | None = None
        self._result_lines: list[str] = []  # the shown result, without the line saying whether it stands
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)

        body = QWidget()  # scrolls: the dialog and its 閉じる fit a laptop's screen
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.kind_buttons)
        layout.addWidget(self.rule_label)
        layout.addLayout(form)
        layout.addWidget(self.table)  # as tall as its rows (`_fit_table`): the plot takes the rest
        layout.addWidget(odds_box, 1)
        # 振る and its result stay under the scrolling part, beside 閉じる: always in view at
        # 1366×768 whatever the table's size; a result longer than its room scrolls on its own.
        lines = self.fontMetrics().lineSpacing()
        self.result_area = scrolling(self.result_label)
        self.result_area.setMinimumHeight(3 * lines + 4)
        self.result_area.setMaximumHeight(6 * lines + 4)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignTop)
        roll_row.addWidget(self.result_area, 1)
        outer = QVBoxLayout(self)
        outer.addWidget(scrolling(body), 1)
        outer.addLayout(roll_row)
        outer.addWidget(self.problem_label)  # below 振る: a reason appearing moves no button
        outer.addWidget(buttons)
        fit_to_screen(self, QSize(720, 760))

        model.changed.connect(self._sync)
        model.rolled.connect(self.show_outcome)
        self._sync()

    # ---- actions --------------------------------------------------------------------------
    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except SessionRefused as e:
            show_refusal(self, str(e))
            self._sync()  # put the widget back to what the model holds

    def roll(self) -> None:
        self._guard(self.model.roll)

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        name_item = self.table.item(item.row(), NAME)
        assert name_item is not None  # _sync_table fills a row's cells with signals blocked
        character_id = name_item.data(Qt.ItemDataRole.UserRole)
        checked = item.checkState() == Qt.CheckState.Checked
        if item.column() == CHOSEN:
            self._guard(self.model.set_target, character_id, checked)
        elif item.column() == RECOVERS:
            self._guard(self.model.set_recovering, character_id, checked)

    # ---- display --------------------------------------------------------------------------
    def _sync(self) -> None:
        model = self.model
        kind = model.kind
        self.kind_buttons.show_mode(kind)
        self.rule_label.setText(self.tr(RULE_TEXTS[kind]))
        skill = kind is SupplyKind.SKILL
        for widget in (*self.skill_row, self.bonus_label, self.bonus_spin):
            widget.setVisible(skill)
        low, high = model.dice_range()
        widgets = (self.dice_spin, self.bonus_spin, self.pool_combo, self.separate_check, self.hp_share_spin)
        for w in widgets:
            w.blockSignals(True)
        try:
            self.dice_spin.setRange(low, high)  # counts outside the text's range are not offered
            self.dice_spin.setValue(model.dice)
            self.bonus_spin.setValue(model.bonus)
            fill_combo(
                self.pool_combo,
                [(self.tr(label), pool) for pool, label in POOL_CHOICE_LABELS.items()],
                model.pool,
            )
            self.separate_check.setChecked(model.separate)
            self.hp_share_spin.setValue(model.hp_share)
        finally:
            for w in widgets:
                w.blockSignals(False)
        if model.skill_name != clean_skill_name(self.skill_edit.text()):
            self.skill_edit.setText(model.skill_name)
        self.pool_combo.setEnabled(not kind.is_loss)  # losses take both: the text says 【HP】と【MP】
        self.separate_check.setVisible(kind.is_loss)
        self.range_label.setText(model.range_text())
        self.hp_share_label.setVisible(model.splits)
        self.hp_share_spin.setVisible(model.splits)
        warning = model.dice_warning
        self.dice_warning_label.setText(shown_message(warning or ""))
        self.dice_warning_label.setVisible(warning is not None)
        sign = "−" if kind.is_loss else "+"
        self.odds_box.setTitle(self.tr("{0}の分布（厳密計算）").format(self.tr(amount_title(kind))))
        self.expected_label.setText(
            self.tr("{0} の期待値 {1}{2}（= {1}{3}）").format(
                model.amount_text(), sign, _mean(model.expected()), model.expected()
            )
        )
        self._sync_table()
        problem = model.problem()
        self.problem_label.setText(shown_message(problem or ""))
        self.roll_button.setEnabled(problem is None)
        self._sync_result()

    def _sync_table(self) -> None:
        model = self.model
        supply_kind = model.kind is SupplyKind.SUPPLY
        forecast = {f.character_id: f for f in model.forecast()}
        characters = model.characters()
        pools_now = model.pools_now
        chosen = set(model.chosen())
        self.table.blockSignals(True)
        try:
            self.table.setHorizontalHeaderItem(
                CHOSEN, QTableWidgetItem(self.tr("参加" if supply_kind else "対象"))
            )
            self.table.setColumnHidden(RECOVERS, not supply_kind)
            self.table.setRowCount(len(characters))
            for row, (cid, name) in enumerate(characters):
                name_item = QTableWidgetItem(name or self.tr("（名前なし）"))
                name_item.setData(Qt.ItemDataRole.UserRole, cid)
                self._set(row, NAME, name_item)
                for column, pool in ((NOW_HP, "hp"), (NOW_MP, "mp")):
                    now, maximum = pools_now[cid][pool]
                    self._set(row, column, QTableWidgetItem(f"{now} / {maximum}"))
                self._set(row, CHOSEN, self._check_item(cid in chosen))
                self._set(row, RECOVERS, self._check_item(cid not in model.not_recovering, cid in chosen))
                mine = forecast.get(cid)
                pools = mine.pools if mine is not None else {}
                for column, pool in ((MEAN_HP, "hp"), (MEAN_MP, "mp")):
                    item = QTableWidgetItem(_mean(pools[pool][2]) if pool in pools else "—")
                    if mine is not None and mine.runs_dry(pool):
                        item.setForeground(tone_colour("failure"))
                        item.setToolTip(self.tr("平均で 0 以下になります"))
                    self._set(row, column, item)
        finally:
            self.table.blockSignals(False)
        self._fit_table()

    def _fit_table(self) -> None:
        """The table as tall as its rows (a few characters left half the dialog empty and pushed
        the plot out of view); past ten rows it scrolls."""
        table = self.table
        rows = sum(table.rowHeight(r) for r in range(min(table.rowCount(), 10)))
        if table.rowCount() == 0:
            rows = table.verticalHeader().defaultSectionSize()
        frame = 2 * table.frameWidth()
        bar = table.horizontalScrollBar().sizeHint().height()
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() + rows + frame + bar)

    def _set(self, row: int, column: int, item: QTableWidgetItem) -> None:
        if column not in (CHOSEN, RECOVERS):
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, column, item)

    @staticmethod
    def _check_item(checked: bool, enabled: bool = True) -> QTableWidgetItem:
        item = QTableWidgetItem()
        flags = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
        item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled if enabled else flags)
        item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        return item

    def show_outcome(self, outcome: SupplyOutcome) -> None:
        lines = []
        for r in outcome.rolls:
            dice = f"[{','.join(map(str, r.faces))}] = {r.amount}" if r.faces else str(r.amount)
            change = self.tr("、").join(f"{POOL_LABELS[p]} {r.before[p]} → {r.after[p]}" for p in r.pools)
            lines.append(self.tr("{0}: {1} → {2}").format(r.name, dice, change))
        for name, pool, value in outcome.depleted():
            lines.append(
                self.tr("⚠ {0}の{1}が {2} です（0 以下。減少に下限はありません）").format(
                    name, POOL_LABELS[pool], value
                )
            )
        self.shown_outcome, self._result_lines = outcome, lines
        self._sync_result()

    def _sync_result(self) -> None:
        """The last line says whether the shown roll still stands; greyed once it does not."""
        outcome = self.shown_outcome
        if outcome is None:
            return
        status = self.model.outcome_status(outcome)
        if not outcome.changed:
            last = self.tr("（全員が最大値のため、HP・MP は変わりませんでした）")
        elif status == "applied":
            last = self.tr("（Ctrl+Z でまとめて元に戻せます）")
        elif status == "undone":
            last = self.tr("（元に戻しました）")
        else:
            last = self.tr("（この後 HP・MP が変更されています）")
        self.result_label.setText("\n".join([*self._result_lines, last]))
        set_tone(self.result_label, None if status == "applied" else DONE_STYLE)
