"""A LotR step that waits for a 未設定 cell offers to open that table there (ルール表 → 参照表).

The engine refuses such a step with an `UnsetCell` message, which carries the cell (table id, row,
column) as data; `unset_cell` finds it in a refusal, also when the refusal was composed into a
longer message.  `TableRequests` is where a view asks for the table: one per campaign model, found
by `table_requests(campaign_model)`; the window's LotR menu answers (`answer`) by opening the rule
tables at that cell.  Nothing answers (a view built alone, a test without the window): the view
offers no button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.reference_table_types import CellRef, UnsetCell

__all__ = ["CellRef", "TableRequests", "table_requests", "unset_cell"]

_NAME = "lotr.table_requests"


def unset_cell(refusal: Any) -> CellRef | None:
    """The 未設定 cell a refusal waits for (the first one it names), or None."""
    if isinstance(refusal, UnsetCell):
        return refusal.cell
    if isinstance(refusal, Message):
        for value in (*refusal.args, *refusal.kwargs.values()):
            found = unset_cell(value)
            if found is not None:
                return found
    return None


class TableRequests(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._handler: Callable[[CellRef], None] | None = None

    def answer(self, handler: Callable[[CellRef], None] | None) -> None:
        """What opens a table at a cell (the window's LotR menu); None: nothing does."""
        self._handler = handler

    @property
    def answered(self) -> bool:
        return self._handler is not None

    def open(self, cell: CellRef) -> None:
        if self._handler is not None:
            self._handler(cell)


def table_requests(campaign_model: CampaignModel) -> TableRequests:
    """The campaign model's one `TableRequests` (made when first asked for)."""
    found = campaign_model.findChild(TableRequests, _NAME)
    if isinstance(found, TableRequests):
        return found
    requests = TableRequests(campaign_model)
    requests.setObjectName(_NAME)
    return requests
