"""The LotR turn: actions with their costs (and the −5 an extra one takes, shown before it is
taken), dodge with its exact chance, parry odds against an attack's total, aim, and whether
initiative is rolled each round."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.rules.systems.lotr import combat_types as lotr
from gmtool.rules.systems.lotr.rules_types import SIZE_IDS
from gmtool.views.lotr.sheet_link import SheetLink
from gmtool.views.session_tab import Confirm, SessionTab
from gmtool.views.widgets import hbox, shown_message


class LotRActionsBox(SessionTab[LotRBattleActions]):
    def __init__(self, model: LotRBattleActions, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        # Not `actions`: that would hide QWidget.actions() (the widget's QAction list).
        self.battle_actions = model
        self.who_combo = QComboBox()  # dodge and parry may come out of turn: anyone may act
        self.who_combo.setToolTip(self.tr("回避と防御は手番外でも行なえます"))
        self.who_combo.currentIndexChanged.connect(lambda _i: self._who_changed())
        self.kind_combo = QComboBox()
        for kind in lotr.ACTION_KINDS:
            cost = self.tr("全") if kind.cost is None else str(kind.cost)
            self.kind_combo.addItem(self.tr("{0}（{1}）").format(self.tr(kind.name), cost), kind.id)
        self.kind_combo.currentIndexChanged.connect(lambda _i: self._show())
        self.aim_combo = QComboBox()
        self.aim_combo.addItem(self.tr("直接攻撃 +1"), "direct")
        self.aim_combo.addItem(self.tr("間接攻撃 +3"), "indirect")
        self.spend_button = self.button(self.tr("行なう"), self._spend)
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        # 3. 戦闘: an action that needs no test, taken as an extra action, is a test at TN 5; the text
        # names no skill for it, so the GM gives its bonus (0 when none).
        self.no_test_bonus = QSpinBox()
        self.no_test_bonus.setRange(-50, 99)
        self.no_test_bonus.setPrefix(self.tr("目標値5の判定のボーナス "))
        self.no_test_bonus.setToolTip(
            self.tr(
                "本文は技能を挙げていません: GM が決めたランクと修正（なければ 0）。"
                "ペナルティは自動で加わります"
            )
        )
        self.no_test_bonus.valueChanged.connect(lambda _v: self._show())
        self.no_test_label = QLabel()
        self.no_test_label.setWordWrap(True)
        self.no_test_row = QWidget()
        no_test_row = hbox(self.no_test_bonus, self.no_test_label)
        no_test_row.setContentsMargins(0, 0, 0, 0)
        no_test_row.setStretch(1, 1)  # the odds take the width; the row's trailing stretch none
        no_test_row.setStretch(2, 0)
        self.no_test_row.setLayout(no_test_row)
        self.dodge_label = QLabel()
        self.dodge_button = self.button(self.tr("回避を振る"), self._dodge)
        # 3.9: a rider dodging a smaller attacker counts as Large; 1.5: on foot, a smaller defender
        # dodges a larger attacker at +2 a step.  The dodge does not know who attacks, so the GM picks
        # the attacker's size (and a quick NPC's own), as in the attack box.
        self.dodge_rider_size, self.dodge_attacker_size = QComboBox(), QComboBox()
        for combo, unknown in (
            (self.dodge_rider_size, self.tr("回避する側: 不明")),
            (self.dodge_attacker_size, self.tr("攻撃側: 不明")),
        ):
            combo.addItem(unknown, None)
            for size_id in SIZE_IDS:
                combo.addItem(size_id.capitalize(), size_id)
            combo.currentIndexChanged.connect(lambda _i: self._show())
        self.dodge_attacker_size.setToolTip(
            self.tr(
                "徒歩: 大きい相手の攻撃への回避は 1 段階ごとに +2（1.5）。"
                "騎乗中は Large として数え、小さい相手の攻撃への回避は 1 段階ごとに −2（3.9）"
            )
        )
        self.dodge_note = QLabel()  # why the rider's dodge takes less (3.9)
        self.dodge_note.setWordWrap(True)
        self._sized_rider: str | None = None  # the rider whose own size was last filled in
        self.dodge_size_row = QWidget()
        self.dodge_rider_size.setToolTip(self.tr("回避する側のサイズ"))
        sizes = hbox(self.dodge_rider_size, self.dodge_attacker_size)
        sizes.setContentsMargins(0, 0, 0, 0)
        self.dodge_size_row.setLayout(sizes)
        self.parry_bonus = QSpinBox()
        self.parry_bonus.setRange(-50, 99)
        self.parry_bonus.setPrefix(self.tr("武器技能の修正 "))
        self.parry_bonus.setToolTip(self.tr("負傷・疲労と追加アクションのペナルティは自動で加わります"))
        self.parry_link = SheetLink(self.parry_bonus)  # the weapon held: its skill on the sheet (3.3)
        self.attack_total = QSpinBox()
        self.attack_total.setRange(0, 199)
        self.attack_total.setValue(15)
        self.attack_total.setPrefix(self.tr("攻撃の達成値 "))
        self.parry_label = QLabel()
        self.parry_label.setWordWrap(True)
        # 3.3: the attack's total decides whether a dodge or parry costs its action at all.
        self.parry_button = self.button(self.tr("防御を振る"), self._parry)
        self.parry_button.setToolTip(
            self.tr("攻撃の達成値が元の Defense に届かないときは振らず、アクションも消費されません（3.3）")
        )
        self.attack_button = self.button(self.tr("攻撃の達成値を記録"), self._attack_total)
        self.attack_button.setToolTip(
            self.tr("回避の後の攻撃: 元の Defense に届かなければ回避のアクションは消費されません（3.3）")
        )
        for spin in (self.parry_bonus, self.attack_total):
            spin.valueChanged.connect(lambda _v: self._show())
        self.keep_check = QCheckBox(self.tr("最初のラウンドのイニシアチブを使い続ける"))
        self.keep_check.clicked.connect(
            lambda on: self.guard(lambda: self.battle_actions.keep_initiative(bool(on)))
        )

        box = QGroupBox(self.tr("アクション（指輪物語RPG）"))
        form = self.actions_form = QFormLayout(box)
        form.addRow(self.tr("誰が"), self.who_combo)
        form.addRow(self.tr("アクション"), hbox(self.kind_combo, self.aim_combo, self.spend_button))
        form.addRow(self.cost_label)
        form.addRow(self.no_test_row)
        form.addRow(self.tr("回避のサイズ"), self.dodge_size_row)
        form.addRow(hbox(self.dodge_label, self.dodge_button))
        form.addRow(self.dodge_note)
        form.addRow(self.parry_link)
        form.addRow(hbox(self.attack_total))
        form.addRow(self.parry_label)
        form.addRow(hbox(self.parry_button, self.attack_button))
        form.addRow(self.keep_check)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def who(self) -> str | None:
        """The participant the GM picked (None: nobody in the fight)."""
        who = self.who_combo.currentData()
        return who if isinstance(who, str) and who else None

    def sync(self) -> None:
        previous = self.who_combo.currentData()
        self.refill(self.who_combo, self.battle_actions.people())
        # Follow the turn: when it moves, the actor is who acts (the GM picks another for a dodge).
        current = self.battle_actions.current()
        if current and (previous is None or previous == getattr(self, "_last_current", None)):
            self.who_combo.setCurrentIndex(self.who_combo.findData(current))
        self._last_current = current
        self.keep_check.setChecked(self.battle_actions.keeps_initiative())
        self.parry_link.offer(self.battle_actions.sheet.parry_bonus(self.who()))
        self._show()

    def _who_changed(self) -> None:
        self.parry_link.offer(self.battle_actions.sheet.parry_bonus(self.who()))
        self._show()

    def _show(self) -> None:
        who = self.who()
        self.spend_button.setEnabled(who is not None)
        self.dodge_button.setEnabled(who is not None)
        self.parry_button.setEnabled(who is not None)
        self.attack_button.setEnabled(who is not None)
        kind = lotr.ACTIONS_BY_ID.get(self.kind_combo.currentData() or "")
        self.aim_combo.setVisible(kind is not None and kind.id == "aim")
        if who is None or kind is None:
            self.actions_form.setRowVisible(self.no_test_row, False)
            self.actions_form.setRowVisible(self.dodge_size_row, False)
            self.actions_form.setRowVisible(self.dodge_note, False)
            self.cost_label.setText("")
            self.dodge_label.setText("")
            return
        status = self.battle_actions.status(who, kind.id)
        text = self.tr("使ったアクション {0}/{1}").format(status.used, status.allowance)
        if status.penalty:
            text += self.tr("　— 追加アクション: 判定に {0}（判定のない行動は目標値5の判定）").format(
                status.penalty
            )
        if status.aim:
            text += self.tr("　狙い +{0}（次の攻撃に）").format(status.aim)
        if kind.note:
            text += "\n" + self.tr(kind.note)
        self.cost_label.setText(text)
        # Always shown (the rows under it never jump): live only for an extra action without a test.
        odds = self.battle_actions.no_test_odds(who, kind.id, self.no_test_bonus.value())
        self.actions_form.setRowVisible(self.no_test_row, True)
        self.no_test_bonus.setEnabled(odds is not None)
        if odds is not None:
            self.no_test_label.setText(
                self.tr("判定のない行動も追加アクションでは目標値 5 の判定: 成功 {0:.2%}").format(float(odds))
            )
        else:
            self.no_test_label.setText(self.tr("（判定のない行動を追加アクションで行なうときの判定）"))
        self._show_dodge(who)
        parry = self.battle_actions.parry_odds(who, self.parry_bonus.value(), self.attack_total.value())
        text = self.tr("防御（Parry/Block）が成功する確率 {0:.2%}（同点は防御側）").format(
            float(parry.chance)
        )
        if parry.original is not None:
            text += "\n" + self.tr(
                "攻撃 {0} は元の Defense {1} に届きません: 防御も回避もアクションを消費しません"
            ).format(self.attack_total.value(), parry.original)
        self.parry_label.setText(text)

    def _show_dodge(self, who: str) -> None:
        self.actions_form.setRowVisible(self.dodge_size_row, True)  # on foot too (1.5), riding (3.9)
        self.actions_form.setRowVisible(self.dodge_note, False)
        if self._sized_rider != who:
            self._sized_rider = who  # a campaign character's own size, once per dodger picked
            size = self.battle_actions.size_of(who)
            if size is not None:
                self.dodge_rider_size.setCurrentIndex(self.dodge_rider_size.findData(size))
        try:
            dodge = self.battle_actions.dodge_odds(who, *self._dodge_sizes())
        except ValueError as refusal:
            self.dodge_label.setText(shown_message(str(refusal)))
            self.dodge_button.setEnabled(False)
            return
        text = self.tr("Defense {0}: 回避で上回る確率 {1:.2%}").format(dodge.defence, float(dodge.chance))
        self.dodge_label.setText(text)
        self.dodge_note.setText(dodge.note)
        self.actions_form.setRowVisible(self.dodge_note, bool(dodge.note))

    def _dodge_sizes(self) -> tuple[str | None, str | None]:
        return self.dodge_attacker_size.currentData(), self.dodge_rider_size.currentData()

    def _spend(self) -> None:
        who = self.who()
        if who is not None:
            self.battle_actions.spend(
                who, self.kind_combo.currentData(), self.aim_combo.currentData(), self.no_test_bonus.value()
            )

    def _parry(self) -> None:
        who = self.who()
        if who is not None:
            self.battle_actions.parry(who, self.parry_bonus.value(), self.attack_total.value())

    def _attack_total(self) -> None:
        who = self.who()
        if who is not None:
            self.battle_actions.attack_total(who, self.attack_total.value())

    def _dodge(self) -> None:
        who = self.who()
        if who is not None:
            self.battle_actions.dodge(who, *self._dodge_sizes())
