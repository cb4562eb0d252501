"""The character's main check for the printed sheet: its outcome probabilities, as a picture.

pyqtgraph's SVG exporter is broken on this PySide6 (DESIGN.md, "Views"), so the bars are drawn by a
real `PlotWidget` and grabbed into a `QImage` that the sheet document embeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QWidget

from gmtool.rules.checks import CheckKind, Outcome
from gmtool.rules.systems import SYSTEMS

PLOT_SIZE = (640, 300)  # pixels of the grabbed picture
FALLBACK_COLORS = {"success": "#6cc070", "failure": "#e8a33d", "other": "#5b6f86"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


@dataclass(frozen=True)
class MainCheck:
    """The first check of `checks(character)` with its default spec's exact outcome probabilities."""

    kind: CheckKind
    outcomes: tuple[tuple[Any, Fraction], ...]  # outcome code → probability, in the engine's order

    def rows(self) -> list[tuple[str, Fraction]]:
        return [(outcome_name(outcome), p) for outcome, p in self.outcomes]


def main_check(system_id: str, character: Any) -> MainCheck | None:
    """None when the character has nothing to roll (or its default spec cannot be rolled)."""
    system = SYSTEMS[system_id]
    kinds = list(system.checks(character))
    if not kinds:
        return None
    kind = kinds[0]
    try:
        distribution = system.distribution(system.default_spec(character, kind))
    except ValueError:
        return None
    probabilities = distribution.probabilities
    return MainCheck(kind, tuple((o, Fraction(p)) for o, p in probabilities.items()))


def outcome_name(outcome: Any) -> str:
    """Japanese for any system's outcome code (AW/フォーカード/千幻抄, LotR degrees, MTG outcomes)."""
    if isinstance(outcome, Outcome):
        from gmtool.models.outcome_text import outcome_label

        return outcome_label(outcome)
    module = type(outcome).__module__
    if module.startswith("gmtool.rules.systems.lotr"):
        from gmtool.models.lotr_check_log import degree_label
        from gmtool.rules.systems.lotr.rules_data import lotr_rules

        return degree_label(lotr_rules(), outcome)
    if module.startswith("gmtool.rules.systems.mtg"):
        from gmtool.models.mtg_labels import outcome_text

        return outcome_text(outcome)
    return str(getattr(outcome, "value", outcome))


def outcome_color(outcome: Any) -> str:
    if isinstance(outcome, Outcome):
        from gmtool.views.check.probability_plots import OUTCOME_COLORS

        return OUTCOME_COLORS[outcome]
    if type(outcome).__module__.startswith("gmtool.rules.systems.lotr"):
        from gmtool.views.check.lotr_plots import DEGREE_COLORS

        return DEGREE_COLORS.get(outcome, FALLBACK_COLORS["other"])
    code = str(getattr(outcome, "value", outcome))
    if "fail" in code:
        return FALLBACK_COLORS["failure"]
    if "success" in code:
        return FALLBACK_COLORS["success"]
    return FALLBACK_COLORS["other"]


def tick_label(name: str) -> str:
    """「Failure（失敗）」 → 「失敗」: LotR's bilingual degree names are too wide to sit side by side."""
    if name[:1].isascii() and name.endswith("）") and "（" in name:
        return name[name.index("（") + 1 : -1]
    return name


class OutcomePlot(pg.PlotWidget):
    """P(outcome) as bars, one per outcome of the main check; `heights()` is what it was given."""

    def __init__(self, check: MainCheck) -> None:
        super().__init__(background="w")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.showGrid(x=False, y=True, alpha=0.3)
        self.setLabel("left", _tr("確率 (%)"))
        self.setLabel("bottom", _tr("結果"))
        labels = [tick_label(name) for name, _ in check.rows()]
        self.getAxis("bottom").setTicks([list(enumerate(labels))])
        self._heights = [float(p) * 100 for _, p in check.outcomes]
        colors = [QColor(outcome_color(o)) for o, _ in check.outcomes]
        self.bars = pg.BarGraphItem(
            x=list(range(len(labels))),
            height=self._heights,
            width=0.7,
            brushes=colors,
            pens=[pg.mkPen(c.darker(130)) for c in colors],
        )
        self.addItem(self.bars)
        for index, height in enumerate(self._heights):
            text = pg.TextItem(f"{height:.1f}%", color="#333", anchor=(0.5, 1))
            text.setPos(index, height)
            self.addItem(text)
        self.setXRange(-0.6, len(labels) - 0.4, padding=0)
        self.setYRange(0, max([*self._heights, 1.0]) * 1.15, padding=0)

    def heights(self) -> list[float]:
        return list(self._heights)


def render_check_plot(check: MainCheck, size: tuple[int, int] = PLOT_SIZE, scale: int = 3) -> QImage:
    """The bars rendered offscreen into an image (no window is ever shown), `scale` times the pixels
    of `size` so the picture stays sharp at 300 dpi."""
    plot = OutcomePlot(check)
    try:
        plot.resize(*size)
        pixmap = QPixmap(size[0] * scale, size[1] * scale)
        pixmap.setDevicePixelRatio(scale)
        pixmap.fill(QColor("white"))
        QWidget.render(plot, pixmap)  # the widget with its axes (GraphicsView.render is the scene's)
        return pixmap.toImage()
    finally:
        plot.deleteLater()
