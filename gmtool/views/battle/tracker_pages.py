"""The tracker's side pane: one tab per step of the fight, so the step at hand fits the pane and a
step that grows or shrinks moves nothing in another.

The first tab is the chosen participant (its resources, status, conditions); a system's box whose
`pages()` names its steps (LotR: 攻撃, 行動・防御, スタン, 恐怖, 騎乗) gets a tab for each, any other
box one tab.  A system's tabs are shown while the encounter is of that system, and a new encounter
opens its first step; a box whose step leads to another's brings that tab forward (`bring_forward`:
LotR's Blunt hit opens the Stamina test).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from PySide6.QtWidgets import QScrollArea, QTabWidget, QVBoxLayout, QWidget

from gmtool.views.screen_fit import scrolling
from gmtool.views.session_tab import SessionTab


@runtime_checkable
class PagedBox(Protocol):
    def pages(self) -> list[tuple[str, QWidget]]:
        """(tab title, widget) of each step, in the order the tabs show them."""
        ...


class TrackerPages(QTabWidget):
    def __init__(
        self,
        participant: QWidget,
        boxes: Mapping[str, SessionTab[Any]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setUsesScrollButtons(True)
        self.areas: list[QScrollArea] = []
        self.participant_tab = self._add(participant, self.tr("参加者"))
        self.system_tabs: dict[str, list[int]] = {}
        for system, box in boxes.items():
            pages = box.pages() if isinstance(box, PagedBox) else [(self.tr("行動"), box)]
            self.system_tabs[system] = [self._add(page, title) for title, page in pages]
        self._system: str | None = None  # the system whose tabs are shown

    def show_system(self, system: str) -> None:
        """Only `system`'s tabs beside the participant's; a change of system opens its first step."""
        if system == self._system:
            return
        self._system = system
        for key, tabs in self.system_tabs.items():
            for index in tabs:
                self.setTabVisible(index, key == system)
        steps = self.system_tabs.get(system, [])
        self.setCurrentIndex(steps[0] if steps else self.participant_tab)

    def area_of(self, widget: QWidget) -> QScrollArea:
        """The scroll area of the tab that holds `widget`."""
        return next(a for a in self.areas if (inner := a.widget()) is not None and inner.isAncestorOf(widget))

    def _add(self, page: QWidget, title: str) -> int:
        holder = QWidget()  # the page at its own height, the room below it left empty
        column = QVBoxLayout(holder)
        column.addWidget(page)
        column.addStretch(1)
        area = scrolling(holder)
        self.areas.append(area)
        return self.addTab(area, title)


def bring_forward(widget: QWidget) -> None:
    """The tab that holds `widget` becomes the current one (nothing outside a tracker's tabs)."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, TrackerPages):
        parent = parent.parentWidget()
    if parent is not None:
        parent.setCurrentWidget(parent.area_of(widget))
