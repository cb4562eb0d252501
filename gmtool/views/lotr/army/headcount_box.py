"""Size from head count (3.11.1): 「Size: 人数÷10 が基本のサイズとなるが,種族によって係数をかける」
with the race's factor from Table 9.26 (ルール表 → 参照表), or no factor for mixed races; rounded
half up (5.).  Morale follows the new Size.  The unit is the one selected in the units table.
Size 0 is a destroyed unit, so a head count that rounds to 0 is asked about before it is set."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QMessageBox, QSpinBox, QVBoxLayout, QWidget

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.rules.systems.lotr.units_types import SIZE_MAX
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
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
        # 0 is "not entered yet": the button waits for a head count of 1 or more.
        self.headcount_spin.setSpecialValueText(self.tr("人数を入力"))
        self.headcount_spin.setAccessibleName(self.tr("部隊の人数"))
        self.headcount_spin.valueChanged.connect(lambda _v: self._sync_button())
        self.race_combo = QComboBox()
        self.race_combo.setToolTip(
            self.tr("種族の係数は Table 9.26（ルール表 → 参照表 の「部隊サイズの種族係数」）")
        )
        self.apply_button = action_button(self, self.tr("人数から Size を決める"), self.apply)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("人数")))
        row.addWidget(self.headcount_spin)
        row.addWidget(self.race_combo)
        row.addWidget(self.apply_button)
        row.addStretch(1)
        # a head count waiting for the race's factor (Table 9.26) says so here, with 「表を開く」
        self.refusal_line = RefusalLine(table_requests(model.campaign_model))
        self.refusal_line.hide()
        outer.addLayout(row)
        add_line(outer, self.refusal_line)
        model.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        races = [(self.tr("種族混在（係数なし）"), MIXED)] + [(r, r) for r in self.model.races()]
        refill(self.race_combo, races)
        self._sync_button()

    def _sync_button(self) -> None:
        entered = self.headcount_spin.value() >= 1
        self.apply_button.setEnabled(entered)
        self.apply_button.setToolTip("" if entered else self.tr("人数を 1 名以上入れてください"))

    def confirm_destroy(self, headcount: int) -> bool:
        """Asked before a head count sets Size 0, which is a destroyed unit."""
        question = self.tr("人数 {0} 名では Size 0 になり、部隊は壊滅します。Size を 0 にしますか？")
        answer = QMessageBox.question(self, self.tr("人数から Size を決める"), question.format(headcount))
        return answer == QMessageBox.StandardButton.Yes

    def apply(self) -> None:
        unit_id = self._selected()
        if unit_id is None:
            raise ValueError(self.tr("Size を決める部隊を表で選んでください"))
        headcount = self.headcount_spin.value()
        if headcount < 1:
            raise ValueError(self.tr("人数を 1 名以上入れてください"))
        race = self.race_combo.currentData() or None
        try:
            size = self.model.headcount_size(headcount, race)
        except ValueError as refusal:
            self.refusal_line.show_refusal(str(refusal))
            self.refusal_line.show()
            return
        self.refusal_line.setText("")  # and its 「表を開く」
        self.refusal_line.hide()
        if size == 0 and not self.confirm_destroy(headcount):
            return
        self.model.size_from_headcount(unit_id, headcount, race)
