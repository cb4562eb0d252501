"""Hero Combat (3.11): where a hero fights this hour (chosen, or 2d6 on Table 9.24 PRESS) and the
2d6 + place bonus read on Table 9.25, with every result's exact chance shown before the roll.

The tables are the GM's (ルール表 → 参照表); while one is not ready the box says which and the roll
button stays off.  The hour and the hero come from the mass battle tab's own fields."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.shown_text import listed
from gmtool.views.appearance import set_tone
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.widgets import action_button, shown_message

ROLLED = None  # the place combo's first entry: roll 2d6 on PRESS


def percent_text(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


class HeroCombatBox(QWidget):
    def __init__(
        self,
        model: LotRMassBattleModel,
        hour: Callable[[], int],
        hero: Callable[[], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self._hour, self._hero = hour, hero
        self.place_combo = QComboBox()
        self.place_combo.currentIndexChanged.connect(self._show_odds)
        self.roll_button = action_button(self, self.tr("Hero Combat を振る"), self.roll, self.sync)
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.problem_label = RefusalLine(table_requests(model.campaign_model))
        set_tone(self.problem_label, "error")
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("場所")))
        row.addWidget(self.place_combo, 1)
        row.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.odds_label)
        add_line(layout, self.problem_label)
        self.sync()

    def place(self) -> str | None:
        data = self.place_combo.currentData()
        return data if isinstance(data, str) else ROLLED

    def sync(self) -> None:
        """Re-reads PRESS: its rows are the places a player may choose."""
        chosen = self.place()
        self.place_combo.blockSignals(True)
        self.place_combo.clear()
        self.place_combo.addItem(self.tr("2d6 で決める（Table 9.24 PRESS）"), ROLLED)
        try:
            for band, _ in self.model.press_odds():
                self.place_combo.addItem(
                    self.tr("{0}（Hero Combat {1:+d}）").format(band.name, band.bonus), band.name
                )
        except ValueError:
            pass  # a table not ready: said by _show_odds
        found = self.place_combo.findData(chosen) if chosen is not None else 0
        self.place_combo.setCurrentIndex(max(0, found))
        self.place_combo.blockSignals(False)
        self._show_odds()

    def _show_odds(self) -> None:
        place = self.place()
        try:
            lines = []
            if place is ROLLED:
                lines.append(
                    self.tr("場所（2d6）: {0}").format(
                        listed(f"{b.name} {percent_text(p)}" for b, p in self.model.press_odds())
                    )
                )
            odds = self.model.hero_odds(place)
            results = listed(f"{b.label()} {percent_text(p)}" for b, p in odds)
            lines.append(self.tr("結果（Table 9.25）: {0}").format(results))
            exact = "\n".join(f"{b.label()}: {p}" for b, p in odds)  # the exact fractions on hover
        except ValueError as refusal:  # a table not ready
            self.odds_label.clear()
            self.problem_label.show_refusal(str(refusal))
            self.problem_label.show()
            self.roll_button.setEnabled(False)
            self.roll_button.setToolTip(shown_message(str(refusal)))
            return
        self.odds_label.setText("\n".join(lines))
        self.odds_label.setToolTip(self.tr("正確な値:\n{0}").format(exact))
        self.problem_label.setText("")  # and its 「表を開く」
        self.problem_label.hide()
        self.roll_button.setEnabled(True)
        self.roll_button.setToolTip(self.tr("場所と Hero Combat の 2d6 を振り、英雄の記録に加える"))

    def roll(self) -> None:
        self.model.roll_hero(self._hour(), self._hero(), self.place())
