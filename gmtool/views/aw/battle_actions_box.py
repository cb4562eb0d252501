"""The AW main process for the actor: minor and major actions, movement, engagements, 離脱 with
the exact chance of beating every blocker, 逃走, 対象識別 and とどめを刺す."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.battle_actions import AWBattleActions
from gmtool.rules.systems.aw.combat_types import MAJOR, MINOR
from gmtool.views.session_tab import ID_ROLE, Confirm, SessionTab
from gmtool.views.widgets import hbox

MINOR_ACTIONS = ("戦闘移動", "特技使用")
MAJOR_ACTIONS = ("攻撃", "全力移動", "特技使用")


class AWActionsBox(SessionTab[AWBattleActions]):
    NAMED_PROCESSES = True  # the tracker says セットアッププロセス / メインプロセス / クリンナッププロセス

    def __init__(self, model: AWBattleActions, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        # Not `actions`: that would hide QWidget.actions() (the widget's QAction list).
        self.battle_actions = model
        self.battle_actions.rules_changed.connect(self._show_odds)  # the 離脱 house rule was flipped
        self.actor_label = QLabel()
        self.move_label = QLabel()

        self.minor_combo = QComboBox()
        for name in MINOR_ACTIONS:
            self.minor_combo.addItem(self.tr(name), name)
        self.minor_button = self.button(self.tr("マイナー"), self._minor)
        self.major_combo = QComboBox()
        for name in MAJOR_ACTIONS:
            self.major_combo.addItem(self.tr(name), name)
        self.major_button = self.button(self.tr("メジャー"), self._major)

        self.target_combo = QComboBox()  # engage / identify / finish off
        self.engage_button = self.button(self.tr("エンゲージする"), self._engage)
        self.blocker_list = QListWidget()
        self.blocker_list.setMaximumHeight(80)
        self.blocker_list.itemChanged.connect(lambda _item: self._show_odds())
        self.withdraw_label = QLabel()
        self.withdraw_button = self.button(self.tr("離脱（メジャー）"), self._withdraw)
        self.flee_button = self.button(self.tr("逃走（メジャー）"), self._flee)
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(-20, 40)
        self.difficulty_spin.setPrefix(self.tr("10+"))
        self.difficulty_spin.valueChanged.connect(lambda _v: self._show_odds())
        self.identify_label = QLabel()
        self.identify_button = self.button(self.tr("対象識別（メジャー）"), self._identify)
        self.finish_button = self.button(self.tr("とどめを刺す（メジャー）"), self._finish)
        self.target_combo.currentIndexChanged.connect(lambda _i: self._show_odds())

        box = QGroupBox(self.tr("メインプロセス（アナザーワールド）"))
        form = QFormLayout(box)
        form.addRow(self.actor_label)
        form.addRow(self.move_label)
        form.addRow(hbox(self.minor_combo, self.minor_button, self.major_combo, self.major_button))
        form.addRow(self.tr("対象"), hbox(self.target_combo, self.engage_button))
        form.addRow(self.tr("封鎖している敵"), self.blocker_list)
        form.addRow(hbox(self.withdraw_label, self.withdraw_button, self.flee_button))
        form.addRow(self.tr("識別の難易度"), hbox(self.difficulty_spin, self.identify_label))
        form.addRow(hbox(self.identify_button, self.finish_button))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def sync(self) -> None:
        actor = self.battle_actions.actor()
        self.setEnabled(actor is not None)
        if actor is None:
            self.actor_label.setText(self.tr("手番の参加者はいません"))
            self.move_label.setText("")
            self.blocker_list.clear()
            return
        self.actor_label.setText(self.tr("手番: {0}（行動値 {1}）").format(actor.name, actor.initiative))
        move, full = self.battle_actions.move_distances(actor.id)
        # The engine records each action by its Japanese name (「戦闘移動」): shown through tr.
        done = self.tr("、").join(self.tr(a.name) for a in actor.actions) or self.tr("なし")
        self.move_label.setText(
            self.tr("戦闘移動 {0}m・全力移動 {1}m　このラウンドのアクション: {2}").format(move, full, done)
        )
        self.refill(self.target_combo, self.battle_actions.others(actor.id))
        self._fill_blockers(actor.id)
        self._show_odds()

    def _fill_blockers(self, actor_id: str) -> None:
        """Every enemy in the engagement, ticked: the GM unticks those who do not block."""
        blockers = self.battle_actions.blockers(actor_id)
        ids = [b.id for b in blockers]
        if [self.blocker_list.item(i).data(ID_ROLE) for i in range(self.blocker_list.count())] == ids:
            return
        self.blocker_list.blockSignals(True)
        self.blocker_list.clear()
        for b in blockers:
            item = QListWidgetItem(self.tr("{0}（行動値 {1}）").format(b.name, b.initiative))
            item.setData(ID_ROLE, b.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.blocker_list.addItem(item)
        self.blocker_list.blockSignals(False)

    def chosen_blockers(self) -> list[str]:
        return self.ticked(self.blocker_list)

    def _show_odds(self) -> None:
        actor = self.battle_actions.actor()
        if actor is None:
            return
        engaged = actor.engagement is not None
        blockers = self.chosen_blockers()
        chance = self.battle_actions.withdraw_probability(actor.id, blockers)
        if not engaged:
            self.withdraw_label.setText(self.tr("エンゲージしていません"))
        elif blockers:
            self.withdraw_label.setText(
                self.tr("全員に勝つ確率 {0:.2%}（{1}人との行動値の対決、{2}）").format(
                    float(chance), len(blockers), self.battle_actions.withdraw_reading_label()
                )
            )
        else:
            self.withdraw_label.setText(self.tr("封鎖なし: 離脱できます"))
        self.withdraw_button.setEnabled(engaged)
        self.flee_button.setEnabled(not self.battle_actions.blockers(actor.id))
        p = self.battle_actions.identify_probability(actor.id, self.difficulty_spin.value())
        self.identify_label.setText(
            self.tr("理知 {0} で成功 {1:.2%}").format(actor.value("intellect"), float(p))
        )
        self.finish_button.setEnabled(self.battle_actions.can_finish_off(self.target_combo.currentData()))

    def _minor(self) -> None:
        actor = self.battle_actions.actor()
        if actor is not None:
            self.battle_actions.record(actor.id, MINOR, self.minor_combo.currentData())

    def _major(self) -> None:
        actor = self.battle_actions.actor()
        if actor is not None:
            self.battle_actions.record(actor.id, MAJOR, self.major_combo.currentData())

    def _engage(self) -> None:
        actor, target = self.battle_actions.actor(), self.target_combo.currentData()
        if actor is not None and target:
            self.battle_actions.engage(actor.id, target)

    def _withdraw(self) -> None:
        actor = self.battle_actions.actor()
        if actor is not None:
            self.battle_actions.withdraw(actor.id, self.chosen_blockers())

    def _flee(self) -> None:
        actor = self.battle_actions.actor()
        if actor is not None:
            self.battle_actions.flee(actor.id)

    def _identify(self) -> None:
        actor, target = self.battle_actions.actor(), self.target_combo.currentData()
        if actor is not None and target:
            self.battle_actions.identify(actor.id, target, self.difficulty_spin.value())

    def _finish(self) -> None:
        actor, target = self.battle_actions.actor(), self.target_combo.currentData()
        if actor is not None and target:
            self.battle_actions.finish_off(actor.id, target)
