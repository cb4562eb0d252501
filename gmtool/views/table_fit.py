"""A table whose columns share its width instead of scrolling sideways.

Each column is as wide as its contents when they fit; when they do not, the shrinkable columns give
up width tier by tier, the first tier (the long free texts) down to a few characters before the next
gives any (within a tier, each column in proportion to what it has beyond a few characters) until the
row fits the view, their texts cut with "…" and whole in the cell's tooltip; each header stays whole
while all of them fit.  Sharing the loss among all of them at once cut the names to "Or…" as soon as
a status effect had a long text.  A scroll bar to reach the last column hid what mattered most (the
combat tracker's 「このラウンド」 at 1366 px in English).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QHeaderView, QTableView


class ColumnFit(QObject):
    """*kept*: a column's share of the view it keeps while its contents want that much (the 千幻抄
    幻想能力's 効果, squeezed to 「ffec」 by the other columns' English)."""

    def __init__(
        self,
        table: QTableView,
        shrinkable: Sequence[Sequence[int]],
        kept: Mapping[int, float] | None = None,
    ) -> None:
        """`shrinkable`: tiers of columns, the first to give way first."""
        super().__init__(table)
        self.table = table
        self.shrinkable = tuple(tuple(tier) for tier in shrinkable)
        self.kept = dict(kept or {})
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.setWordWrap(False)  # one line per cell, cut: two squeezed into a row's height read as neither
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        model = table.model()
        for signal in (model.modelReset, model.dataChanged, model.rowsInserted, model.layoutChanged):
            signal.connect(self.fit)
        table.viewport().installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self, *_: object) -> None:
        if not shiboken6.isValid(self.table):  # the table's model emptied as the table is deleted
            return
        table, header = self.table, self.table.horizontalHeader()
        columns = range(header.count())
        least = header.minimumSectionSize()  # no section is narrower, whatever it is given
        wanted = [
            max(table.sizeHintForColumn(c), header.sectionSizeFromContents(c).width(), least) for c in columns
        ]
        narrowest = table.fontMetrics().horizontalAdvance("…") + 4 * table.fontMetrics().averageCharWidth()
        view = table.viewport().width()
        # A column gives way down to its header, whole, while every header fits the view ("This rounc…"
        # read as a typo once a knockdown's result narrowed the tracker's roster); past that, to a few
        # characters, the cut header whole in its tooltip.
        headers = [max(header.sectionSizeFromContents(c).width(), least) for c in columns]
        few = [max(narrowest, least)] * len(wanted)
        floor = [min(max(f, h), w) for f, h, w in zip(few, headers, wanted, strict=True)]
        if sum(floor) > view:
            floor = [min(f, w) for f, w in zip(few, wanted, strict=True)]
        for column, share in self.kept.items():
            floor[column] = min(wanted[column], max(floor[column], int(view * share)))
        for tier in self.shrinkable:
            over = sum(wanted) - view
            if over <= 0:
                break
            spare = {c: wanted[c] - floor[c] for c in tier if wanted[c] > floor[c]}
            total = sum(spare.values())
            for column, room in spare.items():
                wanted[column] -= min(room, -(-over * room // total))  # rounded up: it always fits
        for column in columns:
            header.resizeSection(column, wanted[column])
