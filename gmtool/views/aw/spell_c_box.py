"""令呪 +20 after the dice (house rule): the odds line before the roll and the button after it.

Shown only when the campaign plays 令呪C 「出目を見てから使う」; everything comes from SpellAfterRoll.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from gmtool.models.aw.spell_c import SpellAfterRoll
from gmtool.models.outcome_text import percent, side_label
from gmtool.rules.systems.aw.session_state import SessionRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.widgets import show_refusal

SPELL_STYLE = Tone("special")


class SpellAfterBox(QWidget):
    """「令呪 +20 を使う」 after a failed roll, with why it is greyed when it is."""

    def __init__(self, model: SpellAfterRoll, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.button = QPushButton()
        self.button.clicked.connect(self.use)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.button)
        layout.addWidget(self.note, 1)
        model.changed.connect(self.sync)
        model.check.changed.connect(self.sync)  # 令呪 spent or restored elsewhere
        self.sync()

    def use(self) -> None:
        try:
            self.model.use()
        except SessionRefused as e:
            show_refusal(self, str(e))
            self.sync()

    def sync(self) -> None:
        pending = self.model.pending()
        self.setVisible(pending is not None)
        if pending is None:
            return
        side, offer = pending
        if offer.visible and self.model.check.opposed:
            self.button.setText(
                self.tr("{0}に令呪 +{1} を使う（マスター: {2}、残り {3}）").format(
                    side_label(side), offer.amount, offer.master_name, offer.left
                )
            )
        elif offer.visible:
            self.button.setText(
                self.tr("令呪 +{0} を使う（マスター: {1}、残り {2}）").format(
                    offer.amount, offer.master_name, offer.left
                )
            )
        else:
            self.button.setText(self.tr("令呪 +{0} を使う").format(offer.amount))
        reason = self.model.reason()
        self.button.setEnabled(not reason)
        self.note.setText(reason or self.tr("出目を見てから使えます。使うと同じ出目で判定し直します"))
        set_tone(self.note, None if reason else SPELL_STYLE)

    def odds_text(self) -> str:
        """Before the roll: the odds with 令呪 chosen after the dice (empty under "before" or no servant)."""
        lines = []
        opposed = self.model.check.opposed
        for odds in self.model.odds():
            success, use = percent(float(odds.success)), percent(float(odds.use))
            if opposed:
                text = self.tr(
                    "{0}: 令呪 +{1} は出目を見てから: 勝率 {2}（振る前に使うのと同じ）、令呪を使う確率 {3}"
                ).format(side_label(odds.side), odds.offer.amount, success, use)
            else:
                text = self.tr(
                    "令呪 +{0} は出目を見てから: 使えば成功率 {1}（振る前に使うのと同じ）、令呪を使う確率 {2}"
                ).format(odds.offer.amount, success, use)
            lines.append(text)
        return "\n".join(lines)
