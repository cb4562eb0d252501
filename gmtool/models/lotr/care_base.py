"""What the recovery and hazard dialogs' models share: the character's sheet actions they change,
their rolls (`steps`, care_steps.py), who else may heal or help, and `changed` for the dialog.

A roll that changes the character is applied through `LotRActions`' own step (one undo step and
one ``lotr-condition`` log line, the sheet's status line updated); a roll that changes nothing is
one log line and no undo step (care_steps.py).
"""

from __future__ import annotations

import random
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.care_steps import CUSTOM, CareSteps
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.derived import WoundTrack
from gmtool.rules.systems.lotr.rules_data import LotRRules

__all__ = ["CUSTOM", "CareBase", "percent_text"]


def percent_text(p: Fraction) -> str:
    """Two decimals; never 0% for a chance that exists nor 100% for one that can still fail."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    text = f"{float(p) * 100:.2f}%"
    if text == "0.00%":
        return "<0.01%"
    return ">99.99%" if text == "100.00%" else text


class CareBase(QObject):
    changed = Signal()  # something shown changed (a state such as 炎に包まれている)

    def __init__(self, actions: LotRActions, rng: random.Random | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.actions = actions
        self.steps = CareSteps(actions, rng or random.Random())
        actions.performed.connect(lambda _text: self.changed.emit())
        # a table filled in (ルール表, 「表を開く」): a step that waited for it can be taken now
        actions.rules_changed.connect(self.changed)

    # ---- reading ----------------------------------------------------------------------------
    @property
    def character(self) -> LotRCharacter:
        return self.actions.character

    @property
    def rules(self) -> LotRRules:
        return self.actions.rules

    @property
    def track(self) -> WoundTrack:
        return self.actions.track()

    def others(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's other LotR characters: who can heal or help."""
        return self.steps.others()
