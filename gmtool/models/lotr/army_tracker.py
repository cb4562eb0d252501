"""The 軍勢・攻城戦 window's models: the mass battle (`battle`), the units with their structures
(`army`, whose `structures` and `commanders` are its own), and the long journey being planned
(`travel`).  Built with the window (`gmtool.app.lotr.army`) and gone with it: the models stop
listening to the campaign when the window closes.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.models.lotr.travel_model import LotRTravelModel


class LotRArmyTrackerModel(QObject):
    def __init__(
        self,
        campaign_model: CampaignModel,
        parent: QObject | None = None,
        *,
        battle: LotRMassBattleModel | None = None,
        army: LotRArmyModel | None = None,
        travel: LotRTravelModel | None = None,
    ) -> None:
        """`battle`, `army` and `travel` are made here unless given (tests give ones with fixed dice)."""
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.battle = battle or LotRMassBattleModel(campaign_model, parent=self)
        self.army = army or LotRArmyModel(campaign_model, parent=self)
        self.travel = travel or LotRTravelModel(campaign_model, parent=self)
        for given in (battle, army, travel):
            if given is not None and given.parent() is None:
                given.setParent(self)  # it lives as long as the window's models
