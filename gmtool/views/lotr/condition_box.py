"""The LotR sheet's 負傷と疲労 group: the wound track, the weariness track and the penalty they give.

Every button calls one `LotRActions` method (one undo step, one log entry); the
status line says what the last action did.  The damage spin is the correction
field (set the damage outright); the buttons are the usual way to take or heal.
The total under the tracks is the condition penalty every test gets (1.2.2
「負傷・疲労によって受けたペナルティは当然合計して」); an unset table value is
shown as such and counts 0, as the check panel counts it.

Two buttons open the recovery (1.2.1 / 1.2.2) and hazard (1.2.1.1) dialogs; the weariness part
shows Table 9.39's recovery time and the character's age (Old −4 / Aged −8 to weariness
resistance).  The courage rest is pressable only under the house rule COURAGE_WEARINESS (1.2.2
「GMが許可すれば」), off by default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gmtool.models.lotr.actions import MAX_AMOUNT, MAX_DAMAGE, LotRActions, penalty_text
from gmtool.models.lotr.condition_status import ConditionStatus
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.shown_text import listed
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.hazard_dialog import LotRHazardDialog
from gmtool.views.lotr.refusal_line import RefusalLine
from gmtool.views.lotr.wound_track import LotRWearinessTrack, LotRWoundTrack
from gmtool.views.widgets import show_refusal

WARNING_STYLE = Tone("error", "font-weight: bold;")
NOTE_STYLE = Tone("warning")

# What shows a recovery or hazard dialog once: given its class and how to make it, it raises the
# open one or shows a new one (the window docks it: the LotR menu's `attach_sheet`).
ToolOpener: TypeAlias = Callable[[type[QDialog], Callable[[], QDialog]], object]


def amount_spin(name: str, maximum: int = MAX_AMOUNT, minimum: int = 1) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setAccessibleName(name)
    return spin


class LotRConditionBox(QGroupBox):
    def __init__(self, actions: LotRActions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("負傷と疲労（1.2.1 / 1.2.2）"))
        self.character_actions = actions

        self.wound_track = LotRWoundTrack()
        self.wound_label = QLabel()
        self.wound_label.setWordWrap(True)
        self.wound_note = QLabel()
        self.wound_note.setWordWrap(True)
        self.damage_amount = amount_spin(self.tr("受ける・回復するダメージ"))
        self.damage_amount.setSuffix(self.tr(" 点"))
        self.damage_button = QPushButton(self.tr("ダメージを受ける"))
        self.heal_button = QPushButton(self.tr("回復する"))
        self.heal_button.setToolTip(self.tr("自然治癒は1日休んで1点、手当て・医術はその結果の点数"))
        self.damage_spin = amount_spin(self.tr("ダメージ（訂正）"), MAX_DAMAGE, 0)
        self.damage_spin.setKeyboardTracking(False)  # one undo step per committed value
        self.damage_spin.setToolTip(self.tr("訂正用: 受けたダメージの合計を直接入力"))

        self.weariness_track = LotRWearinessTrack()
        self.weariness_track.setToolTip(self.tr("段階をクリックするとその疲労段階にします"))
        self.weariness_label = QLabel()
        self.weariness_label.setWordWrap(True)
        self.weariness_note = QLabel()
        set_tone(self.weariness_note, WARNING_STYLE)
        self.weariness_up_button = QPushButton(self.tr("疲労 +1 段階"))
        self.weariness_down_button = QPushButton(self.tr("疲労 −1 段階"))
        self.courage_rest_button = QPushButton(self.tr("勇気 1 点で疲労 2 段階回復"))
        self.courage_rest_button.setToolTip(self.tr("GM が許可したときだけ（1.2.2）"))
        # Table 9.39's time for the current level; 「表を開く」 while it is 未設定
        self.recovery_label = RefusalLine(table_requests(actions.campaign_model))
        self.age_combo = QComboBox()
        self.age_combo.setAccessibleName(self.tr("年齢（疲労への抵抗判定）"))
        for age, penalty in actions.care.ages():
            self.age_combo.addItem(self._age_text(age, penalty), age)
        self.age_combo.setToolTip(
            self.tr("年をとったキャラクターは疲労への抵抗判定に Old −4、Aged −8（1.2.2）")
        )
        # The recovery and hazard dialogs' models live with the sheet's actions: a fire keeps
        # burning between two openings of the dialog.
        self.care_model = actions.care
        self.hazard_model = actions.hazard
        self._tool_opener: ToolOpener | None = None
        self.care_button = QPushButton(self.tr("回復・手当て…"))
        self.hazard_button = QPushButton(self.tr("危険（溺れる・落下・火炎・毒）…"))
        self.care_button.clicked.connect(
            lambda: self._open_once(LotRCareDialog, lambda: LotRCareDialog(self.care_model, self))
        )
        self.hazard_button.clicked.connect(
            lambda: self._open_once(LotRHazardDialog, lambda: LotRHazardDialog(self.hazard_model, self))
        )
        self.penalty_label = QLabel()
        self.penalty_label.setWordWrap(True)
        self.penalty_label.setStyleSheet("font-weight: bold;")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)

        self.damage_button.clicked.connect(
            lambda: self._run(lambda: actions.take_damage(self.damage_amount.value()))
        )
        self.heal_button.clicked.connect(lambda: self._run(lambda: actions.heal(self.damage_amount.value())))
        self.damage_spin.valueChanged.connect(self._set_damage)
        self.weariness_track.level_clicked.connect(lambda i: self._run(lambda: actions.set_weariness(i)))
        self.weariness_up_button.clicked.connect(lambda: self._run(actions.weariness_up))
        self.weariness_down_button.clicked.connect(lambda: self._run(actions.weariness_down))
        self.courage_rest_button.clicked.connect(lambda: self._run(actions.courage_for_weariness))
        self.age_combo.activated.connect(
            lambda _i: self._run(lambda: self.care_model.set_age(self.age_combo.currentData()))
        )
        actions.rules_changed.connect(self._on_rules_changed)
        actions.performed.connect(self.status_label.setText)

        grid = QGridLayout(self)
        grid.addWidget(self.wound_track, 0, 0, 1, 4)
        grid.addWidget(self.wound_label, 1, 0, 1, 4)
        grid.addWidget(self.wound_note, 2, 0, 1, 4)
        damage_row = QHBoxLayout()
        for widget in (self.damage_amount, self.damage_button, self.heal_button):
            damage_row.addWidget(widget)
        damage_row.addStretch(1)
        damage_row.addWidget(QLabel(self.tr("ダメージ合計")))
        damage_row.addWidget(self.damage_spin)
        grid.addLayout(damage_row, 3, 0, 1, 4)
        dialogs_row = QHBoxLayout()
        dialogs_row.addWidget(self.care_button)
        dialogs_row.addWidget(self.hazard_button)
        dialogs_row.addStretch(1)
        grid.addLayout(dialogs_row, 4, 0, 1, 4)
        # The weariness buttons get a row of their own: beside a title they made the box (and so
        # the sheet) wider than a 600 px window.
        grid.addWidget(self.weariness_label, 5, 0, 1, 4)
        grid.addWidget(self.weariness_track, 6, 0, 1, 4)
        grid.addWidget(self.weariness_note, 8, 0, 1, 4)
        recovery_row = QHBoxLayout()
        recovery_row.addWidget(self.recovery_label, 1)
        recovery_row.addWidget(self.recovery_label.open_button)
        grid.addLayout(recovery_row, 7, 0, 1, 4)
        weariness_row = QHBoxLayout()
        for button in (self.weariness_up_button, self.weariness_down_button):
            weariness_row.addWidget(button)
        weariness_row.addStretch(1)
        weariness_row.addWidget(QLabel(self.tr("年齢")))
        weariness_row.addWidget(self.age_combo)
        grid.addLayout(weariness_row, 9, 0, 1, 4)
        # The courage rest under them: the three in a row made the sheet wider than a laptop's half.
        grid.addWidget(self.courage_rest_button, 10, 0, 1, 4, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.penalty_label, 11, 0, 1, 4)
        grid.addWidget(self.status_label, 12, 0, 1, 4)

    # ---- state ----------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return self.status_label.text()

    def sync(self) -> None:
        if not self.character_actions.exists:
            return
        c = self.character_actions.character
        status = self.character_actions.condition()
        track = status.track
        self.wound_track.set_track(track)
        self.damage_spin.blockSignals(True)
        self.damage_spin.setValue(c.damage)
        self.damage_spin.blockSignals(False)
        if track.level is None and track.dies_at_incapacitated:
            self.wound_label.setText(
                self.tr("死亡: ダメージ {0} で Incapacitated に達しました（Health {1} × {2} 段階）").format(
                    c.damage, c.health, track.death_index
                )
            )
            set_tone(self.wound_label, WARNING_STYLE)
        elif track.level is None:
            self.wound_label.setText(
                self.tr("死亡: ダメージ {0} が最後の負傷段階を超えました（Health {1} × {2} 段階）").format(
                    c.damage, c.health, len(track.levels)
                )
            )
            set_tone(self.wound_label, WARNING_STYLE)
        else:
            self.wound_label.setText(
                self.tr(
                    "現在の負傷段階: {0} — 判定 {1}（ダメージ {2}、この段階の残り {3} 点、Health {4}）"
                ).format(
                    shown_name(track.level),
                    penalty_text(track.level),
                    c.damage,
                    track.points_left_in_level,
                    c.health,
                )
            )
            self.wound_label.setStyleSheet("")
        self.wound_note.setText(self._wound_note(track.dies_at_incapacitated))
        set_tone(self.wound_note, NOTE_STYLE)
        self.wound_note.setVisible(bool(self.wound_note.text()))

        level = status.weariness
        self.weariness_track.set_levels(status.weariness_levels, c.weariness)
        self.weariness_label.setText(
            self.tr("現在の疲労段階: {0} — 判定 {1}").format(shown_name(level), penalty_text(level))
        )
        self.weariness_note.setText(
            self.tr("{0}: ただちに意識不明になります（1.2.2）").format(level.name)
            if status.unconscious
            else ""
        )
        self.weariness_note.setVisible(status.unconscious)
        self._sync_weariness_extras(c.weariness, c.age, status)

        carried = track.carried_from  # house rule: an unset wound level takes the lighter one's
        text = self.tr("判定への修正（負傷 + 疲労）: {0:+d}").format(status.penalty)
        if status.unset:
            text += self.tr("（{0} のペナルティは未設定（GM が設定）のため 0 として計算）").format(
                listed(status.unset)
            )
        if carried is not None and track.level is not None:
            text += self.tr("（{0} は未設定のため、ハウスルールで軽い段階 {1} の {2:+d} で計算）").format(
                shown_name(track.level), shown_name(carried), track.penalty
            )
        if status.gap:  # a worse wound rolling better than a lighter one
            text += "\n" + status.gap
        set_tone(self.penalty_label, WARNING_STYLE if status.gap else Tone(None, "font-weight: bold;"))
        self.penalty_label.setText(text)
        help_text = self.tr(
            "ルール要約にペナルティの値がありません。GM がルール表（負傷・疲労）で設定できます"
        )
        self.penalty_label.setToolTip(help_text if status.unset else "")

    def _sync_weariness_extras(self, weariness: int, age: str, status: ConditionStatus) -> None:
        time, courage_rest = status.recovery_time, status.courage_rest
        if weariness == 0:
            self.recovery_label.setText("")
        elif time is not None:
            self.recovery_label.setText(self.tr("回復時間（Table 9.39）: {0}").format(time))
        else:
            shown = self.tr("未設定（ルール表 → 参照表 で入力）")
            text = self.tr("回復時間（Table 9.39）: {0}").format(shown)
            self.recovery_label.show_refusal(text, status.recovery_cell)
        self.recovery_label.setVisible(weariness > 0)
        self.age_combo.setCurrentIndex(max(self.age_combo.findData(age), 0))
        self.courage_rest_button.setEnabled(courage_rest)
        self.courage_rest_button.setToolTip(
            self.tr("GM が許可したときだけ（1.2.2）")
            if courage_rest
            else self.tr(
                "ハウスルール「勇気 1 点で疲労 2 段階を回復」が「許可しない」です（編集 → ハウスルール）"
            )
        )

    def _age_text(self, age: str, penalty: int) -> str:
        if not age:
            return "—"
        return self.tr("{0}（{1:+d}）").format(age.capitalize(), penalty)

    def open_tools_with(self, opener: ToolOpener) -> None:
        """The window shows the recovery and hazard dialogs from now on: docked in it, like the
        trackers, they no longer cover its menu bar on a 1366×768 screen, and its shortcuts work
        while they have the focus.  Without it (the box alone) each is a window of its own."""
        self._tool_opener = opener

    def _open_once(self, kind: type[QDialog], make: Callable[[], QDialog]) -> None:
        """A second click raises the dialog already open instead of opening another over it."""
        if self._tool_opener is not None:
            self._tool_opener(kind, make)
            return
        shown = next((d for d in self.findChildren(kind) if d.isVisible()), None)
        if shown is not None:
            shown.raise_()
            shown.activateWindow()
            return
        self.open_dialog(make())

    def open_dialog(self, dialog: QDialog) -> None:
        """Shows a recovery or hazard dialog beside the sheet (tests replace it to keep it)."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def _on_rules_changed(self) -> None:
        if self.character_actions.exists:
            self.sync()

    def _wound_note(self, dies_at_incapacitated: bool) -> str:
        # 1.2.1 「Hobbitは,Incapacitated になった時点で死亡する」: shown on the whole track, so the GM
        # sees before the blow why Incapacitated is drawn as 死亡 (the text over the shorter track).
        if dies_at_incapacitated:
            return self.tr(
                "ホビットは Incapacitated で死亡（1.2.1）:"
                " 本文「Hobbitは,Incapacitated になった時点で死亡する」"
            )
        return ""

    # ---- actions --------------------------------------------------------------------------
    def _set_damage(self, value: int) -> None:
        if self.character_actions.exists and value != self.character_actions.character.damage:
            self._run(lambda: self.character_actions.set_damage(value))

    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self.sync()  # a clicked weariness button or an edited spin snaps back
