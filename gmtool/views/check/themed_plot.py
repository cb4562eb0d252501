"""A pyqtgraph plot in the theme's colours, repainted when the theme changes.

The background is the palette's Base (the colour of a text box), axes and their labels the
palette's text, so a plot is white in the light theme and dark in the dark one; the colours that
mean something (the curve, the marker, a guide's label) come from ``appearance.tone_colour``.  A
palette change — the settings dialog's theme — reaches every widget as a ``PaletteChange``; the plot
then restyles itself and calls ``theme_changed`` for the items a subclass coloured.

The printed sheet's plots (``views/print``) stay black on white: they are paper.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from gmtool.views.appearance import mix, tone_colour

AXES = ("left", "bottom", "right", "top")
THEME_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange)


class ThemedPlot(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph has no types: its classes are Any
    """A PlotWidget whose background, axes and text follow the palette.

    A refresh sets ranges, axis titles and ticks through `keep_*`, which pass on only a change:
    pyqtgraph takes every setRange as a new range and every setLabel or setTicks as a new axis, and
    lays out and draws the axes again (on a difficulty step, 40 % of the redraw was axes that had
    not changed)."""

    def __init__(self, parent: QWidget | None = None, **kwargs: object) -> None:
        super().__init__(parent=parent, **kwargs)
        self._styled_for = self._palette_key()
        self._style_axes()  # a subclass colours its own items as it makes them, then on theme_changed
        self._kept_ranges: dict[str, tuple[float, float]] = {}
        self._kept_labels: dict[str, str] = {}
        self._kept_ticks: dict[str, list[list[tuple[float, str]]] | None] = {}

    # ---- what a refresh sets ----------------------------------------------------------------------
    def keep_range(self, x: tuple[float, float] | None = None, y: tuple[float, float] | None = None) -> None:
        """The view's x and/or y range (no padding), set where it differs from the last one set."""
        if x is not None and self._kept_ranges.get("x") != x:
            self._kept_ranges["x"] = x
            self.setXRange(*x, padding=0)
        if y is not None and self._kept_ranges.get("y") != y:
            self._kept_ranges["y"] = y
            self.setYRange(*y, padding=0)

    def keep_label(self, axis: str, text: str) -> None:
        """An axis's title, set where it differs from the last one set."""
        if self._kept_labels.get(axis) != text:
            self._kept_labels[axis] = text
            self.setLabel(axis, text)

    def keep_ticks(self, axis: str, ticks: list[list[tuple[float, str]]] | None) -> None:
        """An axis's ticks (None: pyqtgraph's own), set where they differ from the last ones set."""
        if axis not in self._kept_ticks or self._kept_ticks[axis] != ticks:
            self._kept_ticks[axis] = ticks
            self.getAxis(axis).setTicks(ticks)

    # ---- what subclasses draw with --------------------------------------------------------------
    # palette() is QWidget's, reached through PlotWidget (untyped): the colour is typed here
    def background_colour(self) -> QColor:
        colour: QColor = self.palette().color(QPalette.ColorRole.Base)
        return colour

    def text_colour(self) -> QColor:
        colour: QColor = self.palette().color(QPalette.ColorRole.Text)
        return colour

    def quiet_colour(self, amount: float = 0.45) -> QColor:
        """Between the background and the text: guide lines, secondary labels."""
        return mix(self.background_colour(), self.text_colour(), amount)

    def tone(self, name: str) -> QColor:
        return tone_colour(name, self.palette())

    def readable(self, colour: str | QColor) -> QColor:
        """A data colour for a line or a curve: as is on a light background; on a dark one a dark
        colour (the plain curve's blue) is lifted towards white so that the line stands out."""
        colour = QColor(colour)
        if self.background_colour().lightness() >= 128 or colour.lightness() >= 140:
            return colour
        return mix(colour, QColor("white"), 0.4)

    def tint(self, colour: str | QColor, amount: float = 0.3) -> QColor:
        """A light-theme pastel (a difficulty band) as it shows on this background: as is on a light
        one, a dim shade of it on a dark one."""
        colour = QColor(colour)
        if self.background_colour().lightness() >= 128:
            return colour
        return mix(self.background_colour(), colour, amount)

    # ---- following the theme --------------------------------------------------------------------
    def _palette_key(self) -> tuple[str, str]:
        return self.background_colour().name(), self.text_colour().name()

    def _style_axes(self) -> None:
        self.setBackground(self.background_colour())
        for name in AXES:
            axis = self.getAxis(name)
            axis.setPen(self.quiet_colour(0.6))
            axis.setTextPen(self.text_colour())

    def apply_palette(self) -> None:
        """Background, axes and axis labels from the palette, then the subclass's items: once per
        change of palette (a theme switch sends several events)."""
        key = self._palette_key()
        if key == getattr(self, "_styled_for", key):
            return  # unchanged, or still being made
        self._styled_for = key
        self._style_axes()
        self.theme_changed()

    def theme_changed(self) -> None:
        """Recolour what the subclass drew in theme colours (called after every theme change)."""

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in THEME_EVENTS:
            self.apply_palette()
