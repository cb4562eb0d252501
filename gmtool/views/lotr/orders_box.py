"""The advancement dialog's orders part: with three orders or more, the two whose traits the picks
may grow (1.6.2), and each elite order taken with 1.6.3's three conditions — met (✓), not met (✗) or
resting on a value the GM has not set (？) — and why."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from gmtool.models.lotr.advancement_model import LotRAdvancementModel
from gmtool.rules.systems.lotr.order_types import FAIL, OK, UNSET
from gmtool.views.lotr.sheet_parts import CheckList
from gmtool.views.widgets import shown_message

MARKS = {OK: "✓", FAIL: "✗", UNSET: "？"}


class LotROrdersBox(QWidget):
    def __init__(
        self,
        model: LotRAdvancementModel,
        guard: Callable[[Callable[[], object]], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.advancing_list = CheckList()
        self.advancing_list.setAccessibleName(self.tr("成長ポイントを使う二つの職業"))
        self.advancing_list.setToolTip(
            self.tr("三つ目以降の職業に就いたら、成長ポイントを使える職業を二つだけ決める（1.6.2）")
        )
        self.advancing_list.toggled_items.connect(lambda ids: guard(lambda: model.set_advancing_orders(ids)))
        self.advancing_label = QLabel(self.tr("成長させる二つの職業（1.6.2）"))
        self.elite_label = QLabel()
        self.elite_label.setWordWrap(True)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.advancing_label, self.advancing_list)
        form.addRow(self.elite_label)

    def sync(self) -> None:
        model = self.model
        after = model.orders_after()
        several = model.chooses_advancing_orders
        labels = dict(model.order_choices())
        self.advancing_list.blockSignals(True)
        self.advancing_list.set_items([(o, labels.get(o, o)) for o in after], model.advancing_orders)
        self.advancing_list.blockSignals(False)
        self.advancing_list.setVisible(several)
        self.advancing_label.setVisible(several)
        lines = []
        for elite, conditions in model.elite_checks():
            lines.append(self.tr("上級職「{0}」の三つの条件（1.6.3）").format(elite))
            lines += [f"{MARKS[c.state]} ({c.number}) {shown_message(c.reason)}" for c in conditions]
        self.elite_label.setText("\n".join(lines))
        self.elite_label.setVisible(bool(lines))
        self.setVisible(several or bool(lines))
