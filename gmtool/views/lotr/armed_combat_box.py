"""The LotR sheet's Armed Combat actions (1.4.2, a house rule): at ranks 6, 9 and 12 of an Armed
Combat skill one combat action is chosen for +1 on that action only.  Shown only while the house
rule ARMED_COMBAT_BONUS is on; each choice is one undo step through LotRCharacterSteps."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.models.lotr.character_steps import LotRCharacterSteps
from gmtool.views.message_catalog import translate_message
from gmtool.views.widgets import show_refusal


class LotRArmedCombatBox(QGroupBox):
    def __init__(self, steps: LotRCharacterSteps, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Armed Combat の戦闘行動（1.4.2）"))
        self.steps = steps
        self.chosen_label = QLabel()
        self.chosen_label.setWordWrap(True)
        self.milestone_combo = QComboBox()
        self.milestone_combo.setAccessibleName(self.tr("達したランク"))
        self.action_combo = QComboBox()
        self.action_combo.setAccessibleName(self.tr("戦闘行動"))
        for action, label in steps.combat_actions():
            self.action_combo.addItem(action_text(label), action)
        self.choose_button = QPushButton(self.tr("+1 を選ぶ"))
        self.choose_button.clicked.connect(self.choose)
        self.picked_combo = QComboBox()
        self.picked_combo.setAccessibleName(self.tr("選んだ戦闘行動"))
        self.remove_button = QPushButton(self.tr("外す"))
        self.remove_button.clicked.connect(self.remove)
        # A chosen action's text is long ("Armed Combat: Axes ランク 6: 攻撃（通常） +1"): the combos
        # shrink with the sheet and elide instead of widening it past a laptop's width.
        for combo in (self.milestone_combo, self.action_combo, self.picked_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        choose_row = QHBoxLayout()
        choose_row.addWidget(self.milestone_combo, 1)
        choose_row.addWidget(self.action_combo, 1)
        choose_row.addWidget(self.choose_button)
        remove_row = QHBoxLayout()
        remove_row.addWidget(self.picked_combo, 1)
        remove_row.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.chosen_label)
        layout.addLayout(choose_row)
        layout.addLayout(remove_row)

    def sync(self) -> None:
        self.setVisible(self.steps.armed_combat_on)  # off: today's sheet, nothing to choose
        if not self.steps.campaign_model.has_character(self.steps.character_id):
            return
        c = self.steps.character
        picks = [(p.skill, p.rank, self._pick_text(p.skill, p.rank, p.action)) for p in c.combat_picks]
        self.chosen_label.setText(
            "\n".join(text for _, _, text in picks)
            if picks
            else self.tr("まだ選んでいません。Armed Combat がランク 6・9・12 に達するごとに 1 つ選べます")
        )
        _refill(
            self.milestone_combo,
            [(self.tr("{0} ランク {1}").format(s, r), (s, r)) for s, r in self.steps.open_milestones()],
        )
        open_ranks = self.milestone_combo.count() > 0
        self.milestone_combo.setEnabled(open_ranks)
        self.choose_button.setEnabled(open_ranks)
        # Empty, the combo would be a blank box: it says why nothing is left to choose.
        self.milestone_combo.setPlaceholderText(self.tr("選べるランクはありません"))
        none_left = self.tr("ランク 6・9・12 に達した Armed Combat 技能で、まだ選んでいないものがありません")
        self.milestone_combo.setToolTip("" if open_ranks else none_left)
        self.choose_button.setToolTip("" if open_ranks else none_left)
        _refill(self.picked_combo, [(text, (s, r)) for s, r, text in picks])
        self.remove_button.setEnabled(bool(picks))

    def _pick_text(self, skill: str, rank: int, action: str) -> str:
        label = action_text(self.steps.combat_action_label(action))
        return self.tr("{0} ランク {1}: {2} +1").format(skill, rank, label)

    def choose(self) -> None:
        milestone = self.milestone_combo.currentData()
        if milestone is None:
            show_refusal(self, self.tr("ランク 6・9・12 に達した Armed Combat 技能がありません"))
            return
        skill, rank = milestone
        self._run(lambda: self.steps.choose_combat_action(skill, rank, self.action_combo.currentData()))

    def remove(self) -> None:
        picked = self.picked_combo.currentData()
        if picked is not None:
            self._run(lambda: self.steps.remove_combat_action(*picked))

    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))


def action_text(label: str) -> str:
    """An action's label (an engine message template) in the UI language."""
    return translate_message(label)


def _refill(combo: QComboBox, items: list[tuple[str, object]]) -> None:
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    if items:  # with a placeholder text set, a refilled combo would otherwise choose nothing
        combo.setCurrentIndex(0)
    combo.blockSignals(False)
