"""An attack in the LotR tracker, from start to finish: attacker, target, options, the exact chance of
each degree against the target's Defence (or its parry), the roll, and its result applied — damage
through the wound track with the STR bonus, or the Extraordinary choice.  `LotRTrackerBox` is the
tracker's LotR box: the actions box, this one and the stun, fear and mount boxes, one tab each."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.attack_model import AttackOdds, AttackPlan, LotRAttackModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.systems.lotr import attack_types as engine, reference_catalog as catalog
from gmtool.rules.systems.lotr.rules_types import SIZE_IDS
from gmtool.views.appearance import set_tone
from gmtool.views.battle.tracker_pages import bring_forward
from gmtool.views.lotr.attack_option_rows import AttackOptionRows
from gmtool.views.lotr.battle_actions_box import LotRActionsBox
from gmtool.views.lotr.fear_box import FearBox
from gmtool.views.lotr.hold_box import LotRHoldBox
from gmtool.views.lotr.knockdown_row import KnockdownRow
from gmtool.views.lotr.mount_box import LotRMountBox
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.lotr.sheet_link import SheetLink
from gmtool.views.lotr.stun_box import LotRStunBox
from gmtool.views.session_tab import Confirm, SessionTab
from gmtool.views.widgets import hbox


def _spin(bounds: tuple[int, int], prefix: str, value: int = 0) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(*bounds)
    spin.setValue(value)
    spin.setPrefix(prefix)
    return spin


class LotRAttackBox(SessionTab[LotRAttackModel]):
    stun_waiting = Signal()  # a Blunt hit: its next step is the stun box's Stamina test (3.7)

    def __init__(self, model: LotRAttackModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.attack = model
        self.choices = model.choices
        self.attacker_combo, self.target_combo = QComboBox(), QComboBox()
        self.attacker_combo.setToolTip(
            self.tr("手番が移ると、その手番の参加者になります（手番の間は選んだ参加者のままです）")
        )
        self._followed_turn: tuple[int, str] | None = None  # the turn the attacker last followed
        self.attacker_combo.currentIndexChanged.connect(lambda _i: self._attacker_changed())
        self.target_combo.currentIndexChanged.connect(lambda _i: self._target_changed())
        self.bonus_spin = _spin(engine.BOUNDS["bonus"], self.tr("攻撃のボーナス "))
        self.bonus_spin.setToolTip(
            self.tr(
                "技能ランク + 能力値修正 + 修正。"
                "負傷・疲労・追加アクションのペナルティと狙いは自動で加わります"
            )
        )
        self.bonus_link = SheetLink(self.bonus_spin)  # the weapon's skill on the attacker's sheet
        self.option_combo = QComboBox()
        for option in engine.ATTACK_OPTIONS:
            self.option_combo.addItem(self.tr(option.name), option.id)
            self.option_combo.setItemData(
                self.option_combo.count() - 1, self.tr(option.note), Qt.ItemDataRole.ToolTipRole
            )
        # the rows only some options need (sweep's other targets, two weapons' hands, trip's resist)
        self.option_rows = AttackOptionRows(lambda: self._show(), self)
        self.knockdown_row = KnockdownRow(
            model.fall, self.button(self.tr("転倒の判定を振る"), lambda: self.knockdown_row.roll()), self
        )
        self.damage_target_label = QLabel()
        self.called_combo = QComboBox()
        # none, the rows of the GM's called-shot table (Table 9.18), another part: filled by sync
        self.called_spin = _spin(engine.BOUNDS["called_shot"], self.tr("部位狙い +"))
        self.ranged_check = QCheckBox(self.tr("射撃（飛び道具）"))
        self.range_spin = _spin(engine.BOUNDS["range_steps"], self.tr('"L" を越えた段階 S '))
        self.range_spin.setToolTip(self.tr('射撃: "L" より遠いとき、距離 S ごとに目標値 +2（3.4）'))
        self.shield_spin = _spin(engine.BOUNDS["shield"], self.tr("対象の盾 +"))
        self.shield_spin.setToolTip(
            self.tr("盾の Parry/Block ボーナス: 飛び道具には常に、近接攻撃には防御したときだけ働きます")
        )
        self.size_spin = _spin(engine.BOUNDS["size_steps"], self.tr("サイズ差 "))
        self.size_spin.setToolTip(self.tr("対象のサイズ − 攻撃側のサイズ（1 段階ごとに攻撃 +2）"))
        self.weapon_combo = QComboBox()
        self.weapon_combo.setToolTip(
            self.tr("ルール表 → 参照表 の武器表（P.230）から。空なら武器のダメージを手で入力します")
        )
        self.distance_spin = _spin(engine.DISTANCE_BOUNDS, self.tr("距離 "))
        self.distance_spin.setSuffix(self.tr(" ヤード"))
        self.distance_spin.setToolTip(self.tr('射撃武器の L と S から "L" を越えた段階を出します（3.4）'))
        self.blunt_check = QCheckBox(self.tr("Blunt（命中でスタン）"))
        self.blunt_check.setToolTip(self.tr("殴打攻撃で頭などを部位狙い: ダメージのかわりにスタン（3.7）"))
        self.attacker_size_combo, self.target_size_combo = QComboBox(), QComboBox()
        for combo in (self.attacker_size_combo, self.target_size_combo):
            combo.addItem(self.tr("サイズ不明"), None)
            for size_id in SIZE_IDS:
                combo.addItem(size_id.capitalize(), size_id)
        self.mounted_label = QLabel()
        self.mounted_label.setWordWrap(True)
        self.horse_str_check = QCheckBox(self.tr("馬の STR 修正"))
        self.horse_str_check.setToolTip(self.tr("ダメージと転倒に乗り手のかわりに馬の STR 修正を使う（3.9）"))
        self.parry_check = QCheckBox(self.tr("対象が防御（Parry/Block）する"))
        self.parry_spin = _spin(engine.BOUNDS["parry"], self.tr("防御のボーナス "))
        self.parry_link = SheetLink(self.parry_spin)  # the target's weapon skill (3.3)
        self.odds_label = RefusalLine(table_requests(model.model.campaign_model))
        self.roll_button = self.button(self.tr("攻撃を振る"), self._roll)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        # Room kept for their longest text: a choice that shortens them moves nothing below.
        lines = self.fontMetrics().lineSpacing()
        self.odds_label.setMinimumHeight(5 * lines)  # a charge's: its odds, its cost, its knockdown
        self.result_label.setMinimumHeight(3 * lines)  # a sweep's three targets, a line each
        self.damage_edit = QLineEdit()
        # Short, beside its row's 「ダメージ」: the whole sentence was cut to 「武器のダメージ（…」 in
        # the tracker's side pane; what an empty field means is in the tooltip.
        self.damage_edit.setPlaceholderText(self.tr("例 2d6+1"))
        self.damage_edit.setToolTip(self.tr("武器のダメージ（例 2d6+1）。空欄なら下に出目を入力します"))
        self.str_spin = _spin((-20, 20), self.tr("STR修正 "))
        self.str_spin.setToolTip(self.tr("ダメージに STR ボーナスを加えます（3.10）。NPC は GM が入力します"))
        # In the spin's place while the weapon is a bow or the like: its damage takes no STR (1.3).
        self.no_str_label = QLabel(self.tr("STR修正なし（射撃武器 1.3）"))
        self.no_str_label.hide()
        # What the chosen weapon means for the attack (a bow kept for a charge); room kept for it.
        self.weapon_note = QLabel()
        self.weapon_note.setWordWrap(True)
        set_tone(self.weapon_note, "warning")
        self.weapon_note.setMinimumHeight(2 * lines)
        self.rolled_spin = _spin((0, 999), self.tr("ダメージの出目 "))
        self.apply_button = self.button(self.tr("ダメージを与える"), lambda: self._apply(False))
        self.roll_damage_button = self.button(self.tr("武器のダメージを振って与える"), self._roll_damage)
        self.max_button = self.button(self.tr("最大ダメージ（大成功）"), lambda: self._apply(True))
        self.break_combo = QComboBox()
        for choice, thing in engine.BREAK_NAMES.items():
            self.break_combo.addItem(self.tr("{0}を壊す").format(self.tr(thing)), choice)
        self.break_button = self.button(self.tr("壊す（大成功）"), self._break)
        for spin in (
            self.bonus_spin,
            self.called_spin,
            self.range_spin,
            self.shield_spin,
            self.size_spin,
            self.parry_spin,
            self.distance_spin,
        ):
            spin.valueChanged.connect(lambda _v: self._show())
        self.option_combo.currentIndexChanged.connect(lambda _i: self._option_changed())
        for combo in (
            self.called_combo,
            self.attacker_size_combo,
            self.target_size_combo,
        ):
            combo.currentIndexChanged.connect(lambda _i: self._show())
        self.weapon_combo.currentIndexChanged.connect(lambda _i: self._weapon_changed())
        for check in (self.parry_check, self.blunt_check, self.horse_str_check):
            check.toggled.connect(lambda _on: self._show())
        self.ranged_check.toggled.connect(lambda _on: self._offer_sheet())  # Ranged Combat, not Armed
        self.damage_edit.textChanged.connect(lambda _t: self._show_apply())
        model.result_cleared.connect(self.result_label.clear)  # its set-up changed: no stale 達成値
        model.result_cleared.connect(self.knockdown_row.sync)  # nor a knockdown of a charge not chosen

        box = QGroupBox(self.tr("攻撃（指輪物語RPG）"))
        form = self.form = QFormLayout(box)
        form.addRow(self.tr("攻撃する"), hbox(self.attacker_combo, self.option_combo))
        form.addRow(self.tr("使う武器"), self.weapon_combo)
        form.addRow("", self.weapon_note)
        form.addRow("", self.bonus_link)
        form.addRow(self.tr("対象"), hbox(self.target_combo, self.size_spin, self.shield_spin))
        self.option_rows.add_to(form)
        self.mounted_row = hbox(self.attacker_size_combo, self.target_size_combo, self.horse_str_check)
        form.addRow(self.tr("騎乗"), self.mounted_row)
        form.addRow(self.mounted_label)
        self.called_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.called_combo.setMinimumContentsLength(8)  # long part names elide instead of widening the pane
        form.addRow(self.tr("部位狙い"), hbox(self.called_combo, self.called_spin, self.blunt_check))
        self.ranged_row = hbox(self.ranged_check, self.distance_spin, self.range_spin)
        form.addRow(self.tr("射撃"), self.ranged_row)
        form.addRow(self.tr("防御"), self.parry_check)
        form.addRow("", self.parry_link)
        add_line(form, self.odds_label)
        form.addRow(self.roll_button)
        form.addRow(self.result_label)
        self.knockdown_row.add_to(form)
        # the damage's rows, shown only for an option whose hit does damage (not grab, grapple, trip)
        self.damage_rows = (
            self.damage_target_label,
            _stretching_first(self.damage_edit, self.str_spin, self.no_str_label),
            hbox(self.rolled_spin, self.apply_button),
            self.roll_damage_button,
            hbox(self.max_button),
            hbox(self.break_combo, self.break_button),
        )
        form.addRow(self.damage_rows[0])
        form.addRow(self.tr("ダメージ"), self.damage_rows[1])
        # Two rows, not one: in English the three were wider than the tracker's side pane.
        form.addRow(self.damage_rows[2])
        form.addRow(self.damage_rows[3])
        form.addRow(self.tr("大成功"), self.damage_rows[4])
        form.addRow(self.damage_rows[5])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    # ---- reading the form ---------------------------------------------------------------------
    def plan(self) -> AttackPlan | None:
        attacker, target = self.attacker_combo.currentData(), self.target_combo.currentData()
        if not attacker or not target:
            return None
        weapon = self.weapon_combo.currentData()
        ranged_weapon = self._ranged_weapon()
        option = self.option_combo.currentData()
        return AttackPlan(
            **self.option_rows.fields(option),
            attacker=attacker,
            target=target,
            bonus=self.bonus_spin.value(),
            option=option,
            called_shot=self._called_shot(),
            ranged=self.ranged_check.isChecked(),
            range_steps=self.range_spin.value() if self.ranged_check.isChecked() else 0,
            shield=self.shield_spin.value(),
            size_steps=self.size_spin.value(),
            parry=self.parry_spin.value() if self.parry_check.isChecked() else None,
            blunt=self.blunt_check.isChecked() and self.blunt_check.isEnabled(),
            weapon=weapon,
            distance=self.distance_spin.value() if ranged_weapon and self.ranged_check.isChecked() else None,
            attacker_size=self.attacker_size_combo.currentData(),
            target_size=self.target_size_combo.currentData(),
            horse_str=self.horse_str_check.isChecked() and self.horse_str_check.isEnabled(),
        )

    def _ranged_weapon(self) -> bool:
        return self.choices.is_ranged(self.weapon_combo.currentData())

    # ---- showing ------------------------------------------------------------------------------
    def sync(self) -> None:
        people = self.choices.people()
        self.refill(self.attacker_combo, people)
        self.refill(self.target_combo, people)
        self.option_rows.fill(people, self.refill)
        weapons_in_table: list[tuple[str, str | None]] = [(self.tr("武器表から選ばない（手入力）"), None)]
        weapons_in_table += [(name, name) for name in self.choices.weapon_names()]
        self.refill(self.weapon_combo, weapons_in_table)
        self.refill(self.called_combo, self._called_shot_items())
        self._follow_turn()
        attacker, target = self.attacker_combo.currentData(), self.target_combo.currentData()
        if target is None or target == attacker:
            # Only when there is none to keep: the roll's own commit re-syncs the box, and the
            # target the GM chose (an ally, in a brawl) stays with the result shown for it.
            self._choose_target()
        self._offer_sheet()
        self.knockdown_row.sync()

    def _follow_turn(self) -> None:
        """A new turn makes its actor the attacker (the Orc's turn: the Orc attacks, not the hero
        chosen before, who was then asked about as out of turn); within the turn the GM's own pick
        stays (an attacker who left the fight gives the place back to the actor)."""
        turn = self.choices.turn()
        if turn is not None and (turn != self._followed_turn or self.attacker_combo.currentData() is None):
            self.attacker_combo.setCurrentIndex(self.attacker_combo.findData(turn[1]))
        self._followed_turn = turn

    def _called_shot_items(self) -> list[tuple[str, object]]:
        """No called shot, each part the called-shot table gives a TN modifier (a row still 未設定
        is left out: its modifier is typed under 「ほかの部位」), and any other part typed in."""
        items: list[tuple[str, object]] = [(self.tr("部位狙いなし"), 0)]
        for name, tn in self.choices.called_shots():
            if tn is None:
                continue
            label = (
                self.tr("頭部（目標値 +{0}）").format(tn)
                if name == catalog.HEAD
                else self.tr("{0}（目標値 +{1}）").format(name, tn)
            )
            items.append((label, name))
        items.append((self.tr("ほかの部位（目標値修正を入力）"), -1))
        return items

    def _called_shot(self) -> int:
        called = self.called_combo.currentData()
        if called == -1:
            return self.called_spin.value()
        if not isinstance(called, str):  # no called shot
            return 0
        return self.choices.called_shot_tn(called)

    def _attacker_changed(self) -> None:
        attacker = self.attacker_combo.currentData()
        if attacker:
            known = self.choices.str_bonus(attacker)
            if known is not None:
                self.str_spin.setValue(known)
            self._select_size(self.attacker_size_combo, attacker)
        self._choose_target()
        self._offer_sheet()

    def _choose_target(self) -> None:
        """An opponent of the attacker, unless one is chosen already (the model says who)."""
        wanted = self.choices.target_for(self.attacker_combo.currentData(), self.target_combo.currentData())
        if wanted is not None and wanted != self.target_combo.currentData():
            self.target_combo.setCurrentIndex(self.target_combo.findData(wanted))

    def _offer_sheet(self) -> None:
        """The sheets' numbers for who and what is chosen now; a number the GM typed stays."""
        choices = self.choices
        self.bonus_link.offer(
            choices.attack_bonus(
                self.attacker_combo.currentData(),
                self.weapon_combo.currentData(),
                self.ranged_check.isChecked(),
            )
        )
        self.parry_link.offer(choices.parry_bonus(self.target_combo.currentData()))
        self._show()

    def _select_size(self, combo: QComboBox, participant_id: str) -> None:
        size = self.choices.size_of(participant_id)
        if size is not None:
            combo.setCurrentIndex(combo.findData(size))

    def _target_changed(self) -> None:
        target = self.target_combo.currentData()
        if target:
            self._select_size(self.target_size_combo, target)
        self.parry_link.offer(self.choices.parry_bonus(target))
        self._show()

    def _show_mounted(self) -> None:
        """3.9: the rider's sizes and what mounting changes, only while the attacker is mounted."""
        attacker = self.attacker_combo.currentData()
        on_horse = bool(attacker) and self.choices.rides(attacker)
        self.form.setRowVisible(self.mounted_row, on_horse)
        self.form.setRowVisible(self.mounted_label, on_horse)
        self.size_spin.setEnabled(not on_horse)
        self.horse_str_check.setEnabled(on_horse)
        if on_horse:
            self.mounted_label.setText(
                self.tr(
                    "騎乗中: 小さい相手には Large として数える。馬上からの射撃 −4、"
                    "徒歩の相手への突撃（charge）は目標値 −3（3.9）"
                )
            )

    def _weapon_changed(self) -> None:
        """A weapon from the table: its damage dice go in the damage field (the GM may still edit)."""
        name = self.weapon_combo.currentData()
        if name:
            self.damage_edit.setText(self.choices.damage_text(name))
            # A bow shoots: 射撃 follows the weapon (3.4), and a sword after it ticks it off.
            self.ranged_check.setChecked(self._ranged_weapon())
        self._offer_sheet()

    def _show_weapon(self, ranged_weapon: bool) -> None:
        adds_str = self.choices.adds_str(self.weapon_combo.currentData())
        damages = self.choices.damages(self.option_combo.currentData())  # else its row is hidden
        self.str_spin.setVisible(damages and adds_str)
        self.no_str_label.setVisible(damages and not adds_str)
        charging = self.option_combo.currentData() == "charge"
        self.weapon_note.setText(
            self.tr("「{0}」は射撃武器です。charge は近接の攻撃: 使う武器を選び直してください").format(
                self.weapon_combo.currentText()
            )
            if charging and ranged_weapon
            else ""
        )

    def _option_changed(self) -> None:
        """Punch's damage is the text's own 1d6 (+2 + STR, 3.2): it goes in the damage field."""
        dice = self.attack.option_dice(self.option_combo.currentData())
        if dice:
            self.damage_edit.setText(dice)
        self._show()

    def _show_option_rows(self, option: str) -> None:
        """Only the controls the option can use: no 射撃 for a close-combat option, no damage rows
        for one whose hit does none."""
        ranged = self.choices.ranged_allowed(option)
        if not ranged:
            self.ranged_check.setChecked(False)
        self.form.setRowVisible(self.ranged_row, ranged)
        damages = self.choices.damages(option)
        for row in self.damage_rows:
            self.form.setRowVisible(row, damages)

    def _show(self) -> None:
        option = self.option_combo.currentData()
        self.option_rows.show_for(option)
        self._show_option_rows(option)
        self._show_mounted()
        ranged_weapon = self._ranged_weapon()
        self._show_weapon(ranged_weapon)
        # after the rows: showing a row shows every widget in it, and a hidden row's own widget
        # shown again floated over the next row
        ranged_row = self.choices.ranged_allowed(option)
        self.distance_spin.setVisible(ranged_row and ranged_weapon)
        self.distance_spin.setEnabled(self.ranged_check.isChecked())
        self.range_spin.setVisible(ranged_row and not ranged_weapon)
        self.range_spin.setEnabled(self.ranged_check.isChecked())
        called = self.called_combo.currentData() not in (0, None)
        self.blunt_check.setEnabled(self.choices.blunt_allowed(called, self.ranged_check.isChecked()))
        self.called_spin.setVisible(self.called_combo.currentData() == -1)
        parry_allowed = self.choices.parry_allowed(
            self.ranged_check.isChecked(), self.option_combo.currentData()
        )
        self.parry_check.setEnabled(parry_allowed)
        if not parry_allowed:
            self.parry_check.setChecked(False)
        self.parry_spin.setEnabled(self.parry_check.isChecked())
        plan = self.plan()
        self.attack.set_up(plan)
        self.roll_button.setEnabled(plan is not None and plan.attacker != plan.target)
        self._show_apply()
        if plan is None:
            self.odds_label.setText("")
            return
        try:
            odds = self.attack.odds_summary(plan)
        except ValueError as refusal:
            self.odds_label.show_refusal(str(refusal))
            self.roll_button.setEnabled(False)
            return
        # a degree and its chance never part at a line's end ("Complete | Success 1.47%")
        parts = [f"{name}\u00a0{float(p):.2%}".replace(" ", "\u00a0") for name, p in odds.degrees]
        if odds.parried is not None:
            parts.append(self.tr("防御される {0:.2%}").format(float(odds.parried)))
        head = self.tr("攻撃 {0:+d} / 目標値 {1}: 命中 {2:.2%}").format(
            odds.attack_bonus, odds.tn, float(odds.hit)
        )
        lines = [head, "　".join(parts)]
        if odds.strikes:
            lines = [
                self.tr("{0}: 攻撃 {1:+d} / 目標値 {2} — 振る {3:.2%}、命中 {4:.2%}").format(
                    s.target, s.attack_bonus, s.tn, float(s.reached), float(s.hit)
                )
                for s in odds.strikes
            ]
        if odds.effect is not None:
            lines = self._effect_lines(odds, lines)
        lines += self.attack.texts.before_roll(plan.option)
        self.odds_label.setText("\n".join(lines))

    def _effect_lines(self, odds: AttackOdds, lines: list[str]) -> list[str]:
        assert odds.effect is not None
        option = self.option_combo.currentData()
        if option == "trip":  # an opposed test, not against Defence
            return [
                self.tr("足払い: 攻撃 {0:+d}（対決判定、同点は振り直し）— 転倒させる {1:.2%}").format(
                    odds.attack_bonus, float(odds.effect)
                )
            ]
        what = self.tr("絡め取る（Superior 以上）") if option == "grapple" else self.tr("つかむ")
        return [*lines, self.tr("{0} {1:.2%}").format(what, float(odds.effect))]

    def _show_apply(self) -> None:
        # A hit whose roll is still the last step; a Blunt hit stuns instead (3.7): the stun box takes it.
        waiting = self.attack.damage_waiting()
        extraordinary = self.attack.extraordinary_waiting()
        try:
            dice = self.attack.damage_dice(self.damage_edit.text())
        except ValueError:
            dice = None
        target = self.attack.waiting_target()
        self.damage_target_label.setText(
            "" if target is None or not waiting else self.tr("ダメージを受けるのは: {0}").format(target)
        )
        self.apply_button.setEnabled(waiting)
        self.roll_damage_button.setEnabled(waiting and dice is not None)
        self.max_button.setEnabled(extraordinary)
        self.break_button.setEnabled(extraordinary)
        self.max_button.setToolTip(
            self.tr(
                "武器のダメージの最大値を与えます（武器のダメージが空欄なら「ダメージの出目」を最大値として）"
            )
        )

    # ---- acting -------------------------------------------------------------------------------
    def _roll(self) -> None:
        plan = self.plan()
        if plan is None:
            return
        warning = self.attack.turn_warning(plan.attacker)
        if warning is not None and not self.confirm(
            self.tr("手番の外の攻撃"), self.tr("{0}。\nこのまま攻撃しますか？").format(warning)
        ):
            return
        rolled = self.attack.roll(plan)
        result = rolled.result
        if rolled.tripped is not None:
            self.result_label.setText(
                self.tr("足払い: 転倒させた") if rolled.tripped else self.tr("足払い: 転倒させられなかった")
            )
            return
        if len(rolled.strikes) > 1 or plan.option == "sweep":
            self.result_label.setText("\n".join(self.attack.texts.strike_lines(rolled)))
            return
        text = self.tr("達成値 {0} / 目標値 {1}: {2}").format(
            result.total, result.tn, self.attack.degree_name(result)
        )
        if result.parry_total is not None:
            text += self.tr("　防御 {0}: {1}").format(
                result.parry_total, self.tr("防御された") if result.parried else self.tr("防御失敗")
            )
        if result.hit and rolled.spec.blunt:
            self.stun_waiting.emit()
            text += "\n" + self.tr(
                "命中: ダメージのかわりにスタン。「スタン判定」タブで Stamina 判定を振ってください（3.7）"
            )
        elif not rolled.spec.attack_option.damages:
            pass  # a grab or grapple: its hold is the next step (つかみ・捕縛), no damage, nothing to break
        elif result.extraordinary:
            text += "\n" + self.tr(
                "Extraordinary Success: 最大ダメージを与えるか、武器・鎧・盾のどれかを壊せます（3.6）"
            )
        elif result.hit:
            text += "\n" + self.tr("命中: ダメージを与えてください")
        if not result.hit:
            text += "\n" + self.tr("命中しなかった")
        self.result_label.setText(text)  # a charge's knockdown: the knockdown row says it, then its result

    def _apply(self, maximum: bool) -> None:
        rolled = self.rolled_spin.value()
        if maximum:
            rolled = self.attack.maximum_damage(self.damage_edit.text(), rolled)
        self.attack.apply_damage(rolled, self.str_spin.value(), maximum)

    def _roll_damage(self) -> None:
        dice = self.attack.damage_dice(self.damage_edit.text())
        if dice is not None:
            self.attack.roll_damage(dice, self.str_spin.value())

    def _break(self) -> None:
        self.attack.break_item(self.break_combo.currentData())


def _stretching_first(first: QWidget, *others: QWidget) -> QHBoxLayout:
    """A row whose first widget takes the room the others leave."""
    row = QHBoxLayout()
    row.addWidget(first, 1)
    for widget in others:
        row.addWidget(widget)
    return row


class LotRTrackerBox(LotRActionsBox):
    """The tracker's LotR box: actions, dodge and parry odds, an attack from start to finish, the
    stun a Blunt hit makes (3.7), a grab's or grapple's hold (3.2), fear (3.8) and mounted combat
    (3.9); each box over its part of the
    model.  Each is a step of its own (`pages`): the tracker shows them as tabs, so the step at hand
    fits the side pane at 1366×768 and another step's size moves nothing in it."""

    def __init__(self, model: LotRTrackerModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model.actions, confirm, parent)
        self.tracker = model
        self.attack_box = LotRAttackBox(model.attack, confirm, self)
        self.stun_box = LotRStunBox(model.stun, confirm, self)
        self.mount_box = LotRMountBox(model.mounts, confirm, self)
        self.fear_box = FearBox(model.fear, self)  # it follows the encounter by itself
        self.hold_box = LotRHoldBox(model.holds, confirm, self)
        self.attack_box.stun_waiting.connect(lambda: bring_forward(self.stun_box))
        self._boxes = (self.attack_box, self.stun_box, self.mount_box, self.hold_box)
        model.rules_changed.connect(self.sync)  # a table edited, a house rule flipped

    def pages(self) -> list[tuple[str, QWidget]]:
        """The steps of a LotR fight, the attack first: (tab title, box)."""
        return [
            (self.tr("攻撃"), self.attack_box),
            (self.tr("行動・防御"), self),
            (self.tr("スタン判定"), self.stun_box),
            (self.tr("つかみ・捕縛"), self.hold_box),
            (self.tr("恐怖"), self.fear_box),
            (self.tr("騎乗"), self.mount_box),
        ]

    def sync(self) -> None:
        super().sync()
        for box in self._boxes:
            box.sync()
