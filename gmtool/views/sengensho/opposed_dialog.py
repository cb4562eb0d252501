"""千幻抄 対抗判定 in the seven steps of the text, with the exact P(攻撃側の勝ち) at each step.

The set-up (`sengensho_opposed_setup`), the tie rule, the seven steps with the current one
highlighted and the done ones ticked, only the current step's controls enabled (ダイスを振る with
the DP使用量, the 宣言 total, 確定), each side's dice and 達成値, the odds after each step as a table
row, the big current P(攻撃側の勝ち), and the result.  Every change arrives as the model's
`changed` and `sync()` shows the model again.  Esc closes; Ctrl+R is the current step's roll.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.opposed_model import (
    TIE_RULE_LABELS,
    Role,
    SengenshoOpposedModel,
    StepRefused,
    percent_text,
)
from gmtool.models.sengensho.opposed_setup import ROLE_LABELS
from gmtool.rules.systems.sengensho.opposed_types import OpposedOdds, Step, TieRule
from gmtool.views.appearance import Tone, set_tone, tone_colour
from gmtool.views.sengensho.opposed_setup import OpposedSetupBox
from gmtool.views.widgets import read_only_table, show_refusal, shown_message

PROBLEM_STYLE = Tone("error")
NOTE_STYLE = Tone("note")
SPECIAL_STYLE = Tone("special", "font-weight: bold;")
ODDS_COLUMNS = ("手順", "P(攻撃側の勝ち)", "同値", "P(防御側の勝ち)")
# The odds table's first column: the steps in a few words (the list beside it has the text's wording).
SHORT_LABELS = {
    None: "0. 開始前",
    Step.ATTACKER_ROLLS: "1. 攻撃側が振る",
    Step.ATTACKER_MODIFIERS: "2. 攻撃側への宣言",
    Step.ATTACKER_FIXED: "3. 攻撃側の確定",
    Step.DEFENDER_ROLLS: "4. 防御側が振る",
    Step.DEFENDER_MODIFIERS: "5. 防御側への宣言",
    Step.DEFENDER_FIXED: "6. 防御側の確定",
    Step.RESULT: "7. 結果判定",
}
ROLL_STEPS = (Step.ATTACKER_ROLLS, Step.DEFENDER_ROLLS)
DECLARE_STEPS = (Step.ATTACKER_MODIFIERS, Step.DEFENDER_MODIFIERS)


class SengenshoOpposedDialog(QDialog):
    def __init__(self, model: SengenshoOpposedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setModal(False)  # kept open beside the main window during the exchange
        self.setWindowTitle(self.tr("千幻抄 対抗判定（7ステップ）"))

        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, PROBLEM_STYLE)
        self.setup_box = OpposedSetupBox(model, self._guard)
        self.tie_combo = QComboBox()
        for rule in TieRule:
            self.tie_combo.addItem(self.tr(TIE_RULE_LABELS[rule]), rule)
        self.tie_combo.setToolTip(self.tr("ルール文は同値を定めていません。GMがいつでも決められます"))
        self.tie_combo.currentIndexChanged.connect(self._tie_rule_chosen)
        self.thresholds_label = QLabel()
        self.thresholds_label.setWordWrap(True)
        set_tone(self.thresholds_label, NOTE_STYLE)
        rule_row = QHBoxLayout()
        rule_row.addWidget(self.tie_combo)
        rule_row.addWidget(self.thresholds_label, 1)

        self.steps_list = QListWidget()
        self.steps_list.setAccessibleName(self.tr("対抗判定の手順"))
        self.steps_list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        for step in Step:
            self.steps_list.addItem(QListWidgetItem(self.tr(model.step_label(step))))
        self.steps_list.setFixedHeight(self.steps_list.sizeHintForRow(0) * len(Step) + 8)

        self.next_label = QLabel()
        self.next_label.setStyleSheet("font-weight: bold;")
        self.dp_spin = QSpinBox()
        self.dp_spin.setRange(0, 99)
        self.dp_spin.setPrefix(self.tr("DP使用量 "))
        self.dp_spin.setToolTip(
            self.tr("記録のみ（DPの効果はルール文にありません。効果は次の宣言で達成値上昇として入力）")
        )
        self.roll_button = QPushButton(self.tr("ダイスを振る"))
        self.roll_button.setToolTip(self.tr("Ctrl+R"))
        self.roll_button.clicked.connect(self._roll)
        self.declare_spin = QSpinBox()
        self.declare_spin.setRange(-99, 99)
        self.declare_spin.setKeyboardTracking(False)  # one number typed is one declaration
        self.declare_spin.setPrefix(self.tr("達成値上昇/低下の合計 "))
        self.declare_spin.valueChanged.connect(self._declared)
        self.fix_button = QPushButton(self.tr("確定"))
        self.fix_button.clicked.connect(self._fix)
        controls = QHBoxLayout()
        for widget in (self.dp_spin, self.roll_button, self.declare_spin, self.fix_button):
            controls.addWidget(widget)
        controls.addStretch(1)

        self.side_labels = {role: QLabel() for role in Role}
        sides_box = QGroupBox(self.tr("出目と達成値"))
        sides_grid = QGridLayout(sides_box)
        for row, (role, label) in enumerate(self.side_labels.items()):
            label.setWordWrap(True)
            sides_grid.addWidget(QLabel(self.tr(ROLE_LABELS[role])), row, 0)
            sides_grid.addWidget(label, row, 1)
        sides_grid.setColumnStretch(1, 1)

        self.odds_table = read_only_table(ODDS_COLUMNS, 0, "SengenshoOpposedDialog")
        self.odds_table.setRowCount(len(Step) + 1)
        self.odds_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.headline_label = QLabel()
        self.headline_label.setStyleSheet("font-size: 18pt; font-weight: bold;")
        self.headline_label.setWordWrap(True)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setStyleSheet("font-size: 14pt; font-weight: bold;")

        buttons = QDialogButtonBox()
        self.reroll_button = QPushButton(self.tr("防御側の振り直しを認める"))
        self.reroll_button.setToolTip(
            self.tr("「ある程度寛容に振り直しを認める」: 攻撃側の達成値はそのまま、手順4から")
        )
        self.reroll_button.clicked.connect(self._reroll)
        self.reset_button = QPushButton(self.tr("やり直し"))
        self.reset_button.setToolTip(self.tr("設定はそのままで、手順1から新しい対抗判定を始めます"))
        self.reset_button.clicked.connect(self._reset)
        buttons.addButton(self.reroll_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.tr("閉じる"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.rejected.connect(self.reject)

        self.roll_action = QAction(self.tr("現在の手順のダイスを振る"), self)
        self.roll_action.setShortcut(QKeySequence("Ctrl+R"))
        self.roll_action.triggered.connect(self._roll)
        self.addAction(self.roll_action)

        steps_column = QVBoxLayout()
        steps_column.addWidget(self.steps_list)
        steps_column.addWidget(self.next_label)
        steps_column.addLayout(controls)
        steps_column.addWidget(sides_box)
        steps_column.addStretch(1)
        middle = QHBoxLayout()
        middle.addLayout(steps_column, 3)
        middle.addWidget(self.odds_table, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.setup_box)
        layout.addLayout(rule_row)
        layout.addLayout(middle)
        layout.addWidget(self.headline_label)
        layout.addWidget(self.result_label)
        layout.addWidget(buttons)
        self.resize(960, 720)

        model.changed.connect(self.sync)
        self.sync()

    # ---- actions ------------------------------------------------------------------------------
    def _guard(self, action: Callable[[], object]) -> None:
        try:
            action()
        except StepRefused as refusal:
            show_refusal(self, str(refusal))
            self.sync()  # put back what the refused edit had changed on screen

    def _roll(self) -> None:
        self._guard(lambda: self.model.roll(self.dp_spin.value()))

    def _declared(self, value: int) -> None:
        self._guard(lambda: self.model.declare(value))

    def _fix(self) -> None:
        self._guard(self.model.fix)

    def _reroll(self) -> None:
        self._guard(self.model.reroll_defender)

    def _reset(self) -> None:
        self._guard(self.model.reset)

    def _tie_rule_chosen(self, _: int) -> None:
        self._guard(lambda: self.model.set_tie_rule(self.tie_combo.currentData()))

    # ---- syncing ------------------------------------------------------------------------------
    def sync(self) -> None:
        model = self.model
        step = model.step
        _, _, problem = model.thresholds()
        roller = model.roller(Role.ATTACKER)  # once started: the thresholds it was rolled with
        critical, fumble = roller.critical, roller.fumble
        self.problem_label.setText(shown_message(problem or ""))
        self.problem_label.setVisible(bool(problem))
        self.thresholds_label.setText(
            self.tr(
                "クリティカル {0} 以上・ファンブル {1} 以下は表示のみ（対抗判定の勝敗は達成値で決める）"
            ).format(critical, fumble)
        )
        self.setup_box.sync()
        with QSignalBlocker(self.tie_combo):
            self.tie_combo.setCurrentIndex(self.tie_combo.findData(model.tie_rule))
        self._sync_steps(step)
        self._sync_controls(step)
        for role, label in self.side_labels.items():
            text = model.side_text(role)
            label.setText(text or self.tr("まだ振っていません"))
            set_tone(label, SPECIAL_STYLE if model.special_text(role) else None)
        self._sync_odds(step)
        self.headline_label.setText(model.headline())
        result = model.result_text()
        self.result_label.setText(self.tr("結果: {0}").format(result) if result else "")
        self.result_label.setVisible(bool(result))
        self.reroll_button.setEnabled(step >= Step.DEFENDER_MODIFIERS)
        self.reset_button.setEnabled(model.started)

    def _sync_steps(self, step: Step) -> None:
        for row, s in enumerate(Step):
            item = self.steps_list.item(row)
            done = step is Step.RESULT or s < step
            current = s is step and step is not Step.RESULT
            mark = (
                "✔ " if done else "▶ " if current else "\u2003 "
            )  # an em space: Japanese in neither language
            item.setText(mark + self.model.step_label(s))
            item.setBackground(tone_colour("mark") if current else QColor(Qt.GlobalColor.transparent))
            font = QFont(item.font())
            font.setBold(current)
            item.setFont(font)

    def _sync_controls(self, step: Step) -> None:
        model = self.model
        role = model.current_role()
        who = self.tr("{0}（{1}）").format(self.tr(ROLE_LABELS[role]), model.name(role))
        if step in ROLL_STEPS:
            text = self.tr("次: {0}がダイスを振る（DP使用量もこのときに決める）").format(who)
        elif step in DECLARE_STEPS:
            text = self.tr("次: {0}に対する達成値上昇/低下効果をすべて宣言し、確定").format(who)
        else:
            text = self.tr("結果が出ました。「やり直し」で新しい対抗判定")
        self.next_label.setText(text)
        rolling, declaring = step in ROLL_STEPS, step in DECLARE_STEPS
        self.dp_spin.setEnabled(rolling)
        self.roll_button.setEnabled(rolling)
        self.declare_spin.setEnabled(declaring)
        self.fix_button.setEnabled(declaring)
        with QSignalBlocker(self.declare_spin):
            self.declare_spin.setValue(model.side(role).declared if declaring else 0)
        if not rolling:
            self.dp_spin.setValue(0)  # each side decides its own DP with its roll

    def _sync_odds(self, step: Step) -> None:
        model, table = self.model, self.odds_table
        rows = model.step_odds()
        current = step if step is not Step.RESULT else None
        for row, (s, known) in enumerate(rows):
            texts = [self.tr(SHORT_LABELS[s]), *self._odds_texts(known)]
            for column, text in enumerate(texts):
                item = table.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    table.setItem(row, column, item)
                item.setText(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                tip = model.step_label(s) + ("\n" + self._exact(known) if known is not None else "")
                item.setToolTip(tip)
                reached = s is not None and s is current
                item.setBackground(tone_colour("mark") if reached else QColor(Qt.GlobalColor.transparent))

    def _odds_texts(self, known: OpposedOdds | None) -> list[str]:
        if known is None:
            return ["—", "—", "—"]
        rule = self.model.tie_rule
        tie = percent_text(known.tie)
        if rule is not TieRule.UNSET:  # already counted in that side's column
            tie += self.tr("（{0}に含む）").format(self.tr(ROLE_LABELS[Role(str(rule))]))
        return [percent_text(known.attacker_wins(rule)), tie, percent_text(known.defender_wins(rule))]

    def _exact(self, known: OpposedOdds) -> str:
        return self.tr("厳密値: 攻撃側 {0} / 同値 {1} / 防御側 {2}").format(
            known.attacker, known.tie, known.defender
        )
