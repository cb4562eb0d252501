"""Dark all the way: switching theme while running repaints the plots, the 成功率 headline, error and
warning text and the check boxes at once, and switching back restores the light look."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QStyle

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.views.appearance import TONES, apply_theme, set_tone, tone_colour
from gmtool.views.aw.check_view import AWCheckView

pytestmark = pytest.mark.all_widgets  # a theme switch restyles every widget


@pytest.fixture
def app(qapp):
    """The test's theme switches are undone: the palette and style go back to what they were."""
    palette, style = QPalette(qapp.palette()), qapp.style().name() or "Fusion"
    theme = qapp.property("gmtool_theme")
    yield qapp
    qapp.setPalette(palette)
    qapp.setStyle(style)
    qapp.setProperty("gmtool_theme", theme)


@pytest.fixture
def panel(qtbot, campaign_model):
    view = AWCheckView(AWCheckModel(campaign_model, seed_source=lambda: 7))
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def switch(app: QApplication, name: str) -> None:
    apply_theme(app, name)
    QApplication.processEvents()


def dark(colour: QColor) -> bool:
    return colour.lightness() < 100


def light(colour: QColor) -> bool:
    return colour.lightness() > 180


def drawn_text_colour(label: QLabel) -> QColor:
    """The darkest (light theme) or lightest (dark theme) pixel of the label as drawn: its text."""
    image = label.grab().toImage()
    pixels = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())]
    background = label.palette().color(QPalette.ColorRole.Window)
    return max(pixels, key=lambda c: abs(c.lightness() - background.lightness()))


def test_plots_and_headline_follow_the_theme_both_ways(app, panel):
    switch(app, "light")
    assert light(panel.curve_plot.backgroundBrush().color())
    assert light(panel.bars_plot.backgroundBrush().color())
    assert dark(drawn_text_colour(panel.success_label))

    switch(app, "dark")
    assert dark(panel.curve_plot.backgroundBrush().color())
    assert dark(panel.bars_plot.backgroundBrush().color())
    assert light(panel.curve_plot.getAxis("left").textPen().color())
    headline = drawn_text_colour(panel.success_label)
    assert light(headline), headline.name()  # it kept the light theme's black before

    switch(app, "light")
    assert light(panel.curve_plot.backgroundBrush().color())
    assert dark(panel.curve_plot.getAxis("left").textPen().color())
    assert dark(drawn_text_colour(panel.success_label))  # and the dark theme's white after


def test_the_curve_and_marker_take_the_themes_shades(app, panel):
    switch(app, "dark")
    assert panel.curve_plot.curve_item.opts["pen"].color() == tone_colour("accent")
    assert panel.curve_plot.marker.pen.color() == tone_colour("failure")
    switch(app, "light")
    assert panel.curve_plot.curve_item.opts["pen"].color() == tone_colour("accent")
    assert tone_colour("accent") == QColor("#1f5fa8")


def test_error_text_is_readable_on_the_dark_window(app, qtbot):
    label = QLabel("修正が ±3 を超えています")
    qtbot.addWidget(label)
    set_tone(label, "error", "font-weight: bold;")
    label.show()
    switch(app, "dark")
    window = label.palette().color(QPalette.ColorRole.Window)
    text = drawn_text_colour(label)
    assert dark(window) and text.lightness() - window.lightness() > 90, text.name()  # not dark red on grey
    assert "bold" in label.styleSheet()
    switch(app, "light")
    assert drawn_text_colour(label).lightness() < 100


def test_an_unticked_check_box_shows_its_box_in_the_dark(app, qtbot):
    box = QCheckBox("供給の対象")
    qtbot.addWidget(box)
    box.show()
    switch(app, "dark")
    image = box.grab().toImage()
    width = box.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)  # the box, left of the text
    window = box.palette().color(QPalette.ColorRole.Window)
    drawn = [image.pixelColor(x, y) for x in range(width) for y in range(image.height())]
    assert max(c.lightness() for c in drawn) - window.lightness() > 50  # an outline you can see


def test_a_new_widget_made_in_the_dark_is_dark(app, qtbot, campaign_model):
    switch(app, "dark")
    view = AWCheckView(AWCheckModel(campaign_model))
    qtbot.addWidget(view)
    assert dark(view.curve_plot.backgroundBrush().color())
    label = QLabel()
    set_tone(label, "warning")
    assert label.styleSheet() == f"color: {TONES['warning'][1]};"  # the dark theme's orange


def test_every_view_can_switch_without_restart(app, panel):
    """Many switches in a row leave no stale colour behind (the style is replaced each time)."""
    for name in ("dark", "light", "dark", "dark", "light"):
        switch(app, name)
    assert light(panel.curve_plot.backgroundBrush().color())
    assert dark(drawn_text_colour(panel.success_label))
