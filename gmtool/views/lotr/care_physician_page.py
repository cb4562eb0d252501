"""The 医者 tab of 「回復・手当て…」: 1.2.1's 医術 against an infection (the chance of each outcome the
text names) and the physician's daily care (the chance of double-rate healing that day).  Both
target numbers are the GM's (ルール表 → 参照表): while one is empty the line says so with 「表を開く」.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.care_base import CUSTOM, percent_text
from gmtool.models.lotr.care_physician import LotRPhysicianCare
from gmtool.models.lotr.table_requests import TableRequests
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.healing_types import InfectionOutcome
from gmtool.views.lotr.refusal_line import RefusalLine, add_line, show_step


class PhysicianPage(QWidget):
    def __init__(
        self,
        model: LotRPhysicianCare,
        requests: TableRequests,
        healer_combo: QComboBox,
        healer_bonus: QSpinBox,
        run: Callable[[Callable[[], str]], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.healer_combo = healer_combo
        self.healer_bonus = healer_bonus
        layout = QVBoxLayout(self)
        who = QHBoxLayout()
        who.addWidget(QLabel(self.tr("医者")))
        who.addWidget(healer_combo, 1)
        who.addWidget(healer_bonus)
        layout.addLayout(who)

        self.infection_label, self.infection_button = self._test_box(
            layout,
            requests,
            self.tr("医術（感染症: Healing 判定）"),
            self.tr(
                "GM が感染症と判断したとき。判定で「傷が自然に1日回復する」「1週間回復する」"
                "「まったく回復しない」のどれかが決まります（シートの値は変わりません）"
            ),
            self.tr("医術の判定を振る"),
            lambda: run(lambda: model.infection_test(*self.healer())),
        )
        self.care_label, self.care_button = self._test_box(
            layout,
            requests,
            self.tr("付きっ切りの手当て（毎日の Healing 判定）"),
            self.tr("成功すればその日は倍の速度で回復（休息 1 日で {0} 点）、失敗ならふつうの {1} 点").format(
                model.care_heals(True), model.care_heals(False)
            ),
            self.tr("1 日の手当てを振る"),
            lambda: run(lambda: model.care_test(*self.healer())),
        )
        layout.addStretch(1)

    @staticmethod
    def _test_box(
        layout: QVBoxLayout,
        requests: TableRequests,
        title: str,
        note_text: str,
        button_text: str,
        roll: Callable[[], None],
    ) -> tuple[RefusalLine, QPushButton]:
        """One test's group: what it decides, its odds (or why there are none), and its roll button."""
        box = QGroupBox(title)
        note = QLabel(note_text)
        note.setWordWrap(True)
        line = RefusalLine(requests)
        button = QPushButton(button_text)
        button.clicked.connect(roll)
        column = QVBoxLayout(box)
        column.addWidget(note)
        add_line(column, line)
        column.addWidget(button)
        layout.addWidget(box)
        return line, button

    def healer(self) -> tuple[str, int]:
        return self.healer_combo.currentData() or CUSTOM, self.healer_bonus.value()

    def sync(self) -> None:
        healer = self.healer()
        show_step(self.infection_label, self.infection_button, lambda: self._infection_text(healer))
        show_step(self.care_label, self.care_button, lambda: self._care_text(healer))

    def _infection_text(self, healer: tuple[str, int]) -> str:
        odds = self.model.infection_odds(*healer)
        tns = self.model.infection_targets()
        outcomes = listed(
            self.tr("{0} {1}").format(self.model.outcome_label(o), percent_text(odds[o]))
            for o in InfectionOutcome
        )
        return (
            self.tr("1日 {0}・1週間 {1}（目標値）: ").format(
                tns[InfectionOutcome.DAY], tns[InfectionOutcome.WEEK]
            )
            + outcomes
        )

    def _care_text(self, healer: tuple[str, int]) -> str:
        chance = self.model.care_odds(*healer)
        return self.tr("目標値 {0}: 倍の速度になる確率 {1}").format(
            self.model.care_target(), percent_text(chance)
        )
