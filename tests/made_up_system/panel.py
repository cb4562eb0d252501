"""作り話RPG's models and views: its judgement panel (a model and its view), its sheet, and the tool
it adds to the 戦闘 menu — each as small as the window's contracts allow."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.log_payload import summary_payload
from gmtool.rules.checks import CheckResult
from tests.made_up_system import LOG_KIND, SYSTEM, SYSTEM_ID, LuckSpec


class MadeUpPanelModel(QObject):
    """The judgement panel's model: the selected character's luck test."""

    changed = Signal()

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id: str | None = None

    def set_character(self, side: Any, character_id: str | None) -> None:
        self.character_id = character_id
        self.changed.emit()

    def roll(self) -> CheckResult | None:
        if self.character_id is None:
            return None
        character = self.campaign_model.stored(self.character_id).character
        result = SYSTEM.resolve(LuckSpec(character.luck), random.Random(7))
        text = f"運だめし: {result.outcome}"
        payload = summary_payload(SYSTEM_ID, text, character.name, str(result.faces[0]), str(result.total))
        self.campaign_model.append_log(LOG_KIND, payload)
        return result


class MadeUpPanelView(QWidget):
    def __init__(self, model: MadeUpPanelModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("運だめし（1D6＋運≧7）"))


class MadeUpSheetView(QWidget):
    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(model.character.name))


class MadeUpMapDialog(QDialog):
    """The tool it adds to the 戦闘 menu, made as the menu makes every tool: (campaign model, parent)."""

    def __init__(self, campaign_model: CampaignModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.setWindowTitle("作り話の地図")
