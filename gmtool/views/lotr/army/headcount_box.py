"""Size from head count (3.11.1): 「Size: 人数÷10 が基本のサイズとなるが,種族によって係数をかける」
with the race's factor from Table 9.26 (ルール表 → 参照表), or no factor for mixed races; rounded
half up (5.).  Morale follows the new Size.  The unit is the one selected in the units table."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.rules.systems.lotr.units import SIZE_MAX
from gmtool.views.widgets import action_button, refill

MIXED = ""  # the race combo's 種族混在 entry
HEADCOUNT_MAX = SIZE_MAX * 10  # what a Size the store takes can come from at factor 1


class HeadcountBox(QWidget):
    def __init__(
        self, model: LotRArmyModel, selected: Callable[[], str | None], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.model, self._selected = model, selected
        self.headcount_spin = QSpinBox()
        self.headcount_spin.setRange(0, HEADCOUNT_MAX)
        self.headcount_spin.setSuffix(self.tr(" 名"))
        self.race_combo = QComboBox()
        self.race_combo.setToolTip(
            self.tr("種族の係数は Table 9.26（ルール表 → 参照表 の「部隊サイズの種族係数」）")
        )
        self.apply_button = action_button(self, self.tr("人数から Size を決める"), self.apply)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("人数")))
        row.addWidget(self.headcount_spin)
        row.addWidget(self.race_combo)
        row.addWidget(self.apply_button)
        row.addStretch(1)
        model.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        races = [(self.tr("種族混在（係数なし）"), MIXED)] + [(r, r) for r in self.model.races()]
        refill(self.race_combo, races)

    def apply(self) -> None:
        unit_id = self._selected()
        if unit_id is None:
            raise ValueError(self.tr("Size を決める部隊を表で選んでください"))
        race = self.race_combo.currentData()
        self.model.size_from_headcount(unit_id, self.headcount_spin.value(), race or None)
