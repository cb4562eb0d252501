"""The フォーカード sheet's ダメージと回復 group: take 疲労 / 負傷, rest, sleep, meals, the day's roll.

Every button calls one `FourCardActions` method (one undo step, one log entry);
the status line under the buttons says what that action did.  The day's
recovery roll shows its exact success chance for the current state before it is
rolled, recomputed whenever the character or the 安静 box changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gmtool.models.fourcard.actions import MAX_AMOUNT, MAX_HOURS, FourCardActions
from gmtool.rules.systems.fourcard.damage_types import NOT_RESTING_PENALTY
from gmtool.views.appearance import set_tone
from gmtool.views.widgets import show_refusal

ROLLS = 36  # every 2D6 roll, equally likely: the chance reads as a count of them


def _spin(minimum: int, maximum: int, value: int, suffix: str, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setValue(value)
    spin.setSuffix(suffix)
    spin.setAccessibleName(name)
    return spin


class FourCardDamageBox(QGroupBox):
    def __init__(self, actions: FourCardActions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("ダメージと回復"))
        self.character_actions = actions
        points, hours = self.tr(" 点"), self.tr(" 時間")

        self.fatigue_amount = _spin(1, MAX_AMOUNT, 1, points, self.tr("受ける疲労"))
        self.fatigue_button = QPushButton(self.tr("疲労を受ける"))
        self.injury_amount = _spin(1, MAX_AMOUNT, 1, points, self.tr("受ける負傷"))
        self.injury_button = QPushButton(self.tr("負傷を受ける"))
        self.rest_hours = _spin(1, MAX_HOURS, 1, hours, self.tr("休憩の時間"))
        self.rest_button = QPushButton(self.tr("休憩"))
        self.rest_button.setToolTip(
            self.tr("連続1時間の休憩ごとに疲労1点回復（歩き回ったり作業をすれば休憩ではない）")
        )
        self.sleep_hours = _spin(1, MAX_HOURS, 8, hours, self.tr("睡眠の時間"))
        self.sleep_button = QPushButton(self.tr("睡眠"))
        self.sleep_button.setToolTip(
            self.tr("最初の6時間は1時間に2点、6時間以上の連続睡眠で負傷1点（1日1回）")
        )
        self.meal_button = QPushButton(self.tr("食事"))
        self.meal_button.setToolTip(self.tr("前回の食事から5時間以上: 疲労1点回復、空腹の解消"))
        self.missed_meals = _spin(1, 3, 1, self.tr(" 食"), self.tr("抜いた食事の回数"))
        self.missed_button = QPushButton(self.tr("食事を抜いた"))
        self.missed_button.setToolTip(
            self.tr("1食抜かすごとに疲労1点。十分な食事を摂るまで疲労は一切回復しない（空腹）")
        )
        self.resting_check = QCheckBox(self.tr("安静にしていた"))
        self.resting_check.setChecked(True)
        self.resting_check.setToolTip(
            self.tr("朝6時から翌朝6時までを安静に過ごせなかったときはロール値 −{0}").format(
                NOT_RESTING_PENALTY
            )
        )
        self.day_button = QPushButton(self.tr("回復ロールを振る"))
        # The in-game day: sleep heals 負傷 「1日に1点だけ」, so the GM moves to the next day.
        self.today_label = QLabel()
        self.next_day_button = QPushButton(self.tr("次の日へ"))
        self.next_day_button.setToolTip(
            self.tr("朝6時から翌朝6時までが1日。睡眠での負傷の回復は1日に1点だけ")
        )
        self.day_label = QLabel()
        self.day_label.setWordWrap(True)
        self.hunger_label = QLabel()
        set_tone(self.hunger_label, "warning")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)

        self.fatigue_button.clicked.connect(
            lambda: self._run(lambda: actions.take_fatigue(self.fatigue_amount.value()))
        )
        self.injury_button.clicked.connect(
            lambda: self._run(lambda: actions.take_injury(self.injury_amount.value()))
        )
        self.rest_button.clicked.connect(lambda: self._run(lambda: actions.rest(self.rest_hours.value())))
        self.sleep_button.clicked.connect(lambda: self._run(lambda: actions.sleep(self.sleep_hours.value())))
        self.meal_button.clicked.connect(lambda: self._run(actions.meal))
        self.missed_button.clicked.connect(
            lambda: self._run(lambda: actions.missed_meal(self.missed_meals.value()))
        )
        self.day_button.clicked.connect(self._roll_day)
        self.next_day_button.clicked.connect(lambda: self._run(actions.next_day))
        # Actions started elsewhere (the main window's menu, a script) also show their effect here.
        actions.performed.connect(self.status_label.setText)
        self.resting_check.toggled.connect(lambda _on: self.sync())

        grid = QGridLayout(self)
        rows = (
            (self.fatigue_amount, self.fatigue_button),
            (self.injury_amount, self.injury_button),
            (self.rest_hours, self.rest_button),
            (self.sleep_hours, self.sleep_button),
            (None, self.meal_button),
            (self.missed_meals, self.missed_button),
        )
        for row, (spin, button) in enumerate(rows):
            if spin is not None:
                grid.addWidget(spin, row // 2, (row % 2) * 2)
            grid.addWidget(button, row // 2, (row % 2) * 2 + 1)
        day = QGroupBox(self.tr("1日の経過（負傷の回復ロール）"))
        day_layout = QGridLayout(day)
        day_layout.addWidget(self.resting_check, 0, 0)
        day_layout.addWidget(self.day_button, 0, 1)
        day_layout.addWidget(self.day_label, 1, 0, 1, 2)
        day_layout.addWidget(self.today_label, 2, 0)
        day_layout.addWidget(self.next_day_button, 2, 1)
        grid.addWidget(day, 3, 0, 1, 4)
        grid.addWidget(self.hunger_label, 4, 0, 1, 4)
        grid.addWidget(self.status_label, 5, 0, 1, 4)
        self.sync()

    # ---- state ----------------------------------------------------------------------------
    @property
    def resting(self) -> bool:
        return self.resting_check.isChecked()

    def sync(self) -> None:
        """Re-reads the character: the roll's inputs and chance, and the hunger warning."""
        if not self.character_actions.model.exists:
            return
        character = self.character_actions.character
        preview = self.character_actions.day_recovery_preview(self.resting)
        modifiers = []
        if preview.not_resting_penalty:
            modifiers.append(self.tr("安静でない −{0}").format(preview.not_resting_penalty))
        if preview.weakened_penalty:
            modifiers.append(self.tr("衰弱 −{0}").format(preview.weakened_penalty))
        self.day_label.setText(
            self.tr(
                "VT {0} + 総合LV {1}{2} vs 難易度 累積ダメージ {3}: 成功率 {4:.1%}（{6}通り中 {5}通り）"
            ).format(
                preview.vt,
                preview.level,
                "".join(f"、{m}" for m in modifiers),
                preview.difficulty,
                float(preview.probability),
                preview.probability * ROLLS,
                ROLLS,
            )
        )
        self.day_label.setToolTip(self.tr("成功すれば負傷を1点回復。2D6の出目が2なら自動的失敗で疲労1点"))
        today = self.tr("{0}日目").format(self.character_actions.day())
        if self.character_actions.healed_today():
            today += self.tr("（睡眠で負傷を回復済み: 今日はもう回復しません）")
        self.today_label.setText(today)
        self.hunger_label.setText(
            self.tr("空腹: 十分な食事を摂るまで疲労は回復しません") if character.hungry else ""
        )
        self.hunger_label.setVisible(character.hungry)

    @property
    def status(self) -> str:
        return self.status_label.text()

    # ---- actions --------------------------------------------------------------------------
    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))

    def _roll_day(self) -> None:
        self._run(lambda: self.character_actions.roll_day_recovery(self.resting))
