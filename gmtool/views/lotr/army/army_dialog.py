"""軍勢・攻城戦: the LotR mass battle, its units and its structures, one tab each.  A non-modal
tool window; the GM may use it for a battle in any system (SPEC: the army tracker)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QTabWidget, QVBoxLayout, QWidget

from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
from gmtool.views.lotr.army.demolition_box import DemolitionBox
from gmtool.views.lotr.army.mass_battle_tab import MassBattleTab
from gmtool.views.lotr.army.structures_tab import StructuresTab
from gmtool.views.lotr.army.travel_tab import TravelTab
from gmtool.views.lotr.army.units_tab import UnitsTab
from gmtool.views.screen_fit import fit_to_screen, scrolling
from gmtool.views.widgets import close_only_buttons


class ArmyDialog(QDialog):
    def __init__(self, model: LotRArmyTrackerModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle(self.tr("軍勢・攻城戦（指輪物語RPG）"))
        self.model = model
        self.battle_model, self.army_model, self.travel_model = model.battle, model.army, model.travel
        self.mass_battle_tab = MassBattleTab(self.battle_model)
        self.units_tab = UnitsTab(self.army_model)
        self.structures_tab = StructuresTab(self.army_model)
        self.tabs = QTabWidget()
        # Each tab scrolls, so the dialog (and its 閉じる) fits a laptop's screen.
        self.tabs.addTab(scrolling(self.mass_battle_tab), self.tr("戦争（戦況）"))
        self.tabs.addTab(scrolling(self.units_tab), self.tr("部隊"))
        self.demolition_box = DemolitionBox(self.army_model)
        self.travel_tab = TravelTab(self.travel_model)
        structures = QWidget()
        column = QVBoxLayout(structures)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.structures_tab)
        column.addWidget(self.demolition_box)
        self.tabs.addTab(scrolling(structures), self.tr("建造物"))
        self.tabs.addTab(scrolling(self.travel_tab), self.tr("長距離移動"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(close_only_buttons(self))
        fit_to_screen(self, QSize(1200, 780))
