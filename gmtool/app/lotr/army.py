"""The 軍勢・攻城戦 window (戦闘 → 軍勢・攻城戦), built with its models: the mass battle, the units
and structures, and the travel plan, over the campaign.  The models are the window's: they go (and
stop listening to the campaign) when it closes."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
from gmtool.views.lotr.army.army_dialog import ArmyDialog


def army_dialog(campaign_model: CampaignModel, parent: QWidget | None = None) -> ArmyDialog:
    model = LotRArmyTrackerModel(campaign_model)
    dialog = ArmyDialog(model, parent)
    model.setParent(dialog)
    return dialog
