"""Issue 34's readability findings, in Japanese and English: the フォーカード HP bar's labels whole and
apart, the フォーカード success curve without rotated labels over each other, the curve and the
marker, its 成功の度合 list ending in "…" with every degree in the tooltip, and the English AW curve
showing all four of its bands' labels at the panel's size in the default layout."""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.fourcard.check_model import FourCardCheckModel
from gmtool.rules.systems.fourcard.checks_types import Contestant
from gmtool.rules.systems.fourcard.derived_types import HPLines
from gmtool.views.aw.check_view import AWCheckView
from gmtool.views.fourcard.check_view import SHOWN_MARGINS, FourCardCheckView
from gmtool.views.fourcard.hp_bar import FourCardHPBar

PANEL_AT_1366 = (639, 497)  # the judgement panel's room in the default layout at 1366×768


def shown(qtbot: Any, widget: QWidget, width: int, height: int) -> QWidget:
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    QApplication.processEvents()
    return widget


@pytest.mark.parametrize("width", [300, 480])
def test_the_hp_bars_labels_are_whole_apart_and_inside(qtbot: Any, language: str, width: int) -> None:
    bar = FourCardHPBar()
    bar.set_values(HPLines(weakened=13, unconscious=25, dead=35), fatigue=2, injury=1)
    shown(qtbot, bar, width, bar.sizeHint().height())
    texts, rects = bar.label_texts(), bar.label_rects()
    assert texts[1] == ("Unconscious 25" if language == "en" else "昏倒 25")
    metrics = bar.fontMetrics()
    inside = QRectF(bar.rect())
    for text, rect in zip(texts, rects, strict=True):
        assert rect.width() >= metrics.horizontalAdvance(text), text  # not clipped
        assert inside.contains(rect), (text, rect)
    assert all(not a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_the_fourcard_curve_has_no_rotated_labels_its_steps_are_ticks(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    model = FourCardCheckModel(campaign_model)
    view = shown(qtbot, FourCardCheckView(model), *PANEL_AT_1366)
    plot = view.curve_plot
    labels = [item for item in plot.getViewBox().allChildren() if isinstance(item, pg.InfLineLabel)]
    assert labels == []  # no text along the steps' lines, over the curve and the marker
    steps = [value for value, _high, _label in model.difficulty_guides()]
    ticks = plot.getAxis("bottom")._tickLevels
    assert ticks is not None
    assert {value for level in ticks for value, _text in level} >= set(steps)
    first = model.difficulty_guides()[0]
    assert f"{first[0]}: {QApplication.translate('FourCardCheckView', first[2])}"[:3] in plot.toolTip()
    assert len(plot.toolTip().splitlines()) == len(steps)  # every step's meaning, one a line
    view.mode_buttons["compare"].setChecked(True)  # against B's value: Qt's own ticks, no steps
    assert plot.getAxis("bottom")._tickLevels is None and plot.toolTip() == ""


def test_the_degree_list_ends_in_an_ellipsis_and_the_tooltip_has_them_all(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    model = FourCardCheckModel(campaign_model)
    character = next(s.id for s in campaign_model.characters_of("fourcard"))
    model.set_character(Contestant.A, character)
    model.set_modifier(Contestant.A, 10)  # far above the difficulty: degrees up to +12 and more
    view = shown(qtbot, FourCardCheckView(model), *PANEL_AT_1366)
    assert len(model.margin_probabilities) > SHOWN_MARGINS + 1
    text, tip = view.detail_label.text(), view.detail_label.toolTip()
    assert text.endswith("…")
    margins = list(model.margin_probabilities)  # here from +5: the roll cannot fall short of it
    assert f"+{margins[SHOWN_MARGINS]}:" in text and f"+{margins[SHOWN_MARGINS + 1]}:" not in text
    assert all(f"+{m}:" in tip for m in model.margin_probabilities)
    comma = ", " if language == "en" else "、"
    assert comma in text


def test_the_aw_curve_shows_all_four_band_labels_at_the_default_size(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    view = shown(qtbot, AWCheckView(AWCheckModel(campaign_model)), *PANEL_AT_1366)
    plot = view.curve_plot
    qtbot.waitUntil(lambda: plot.getViewBox().width() > 200)
    plot.place_labels()
    texts = [text for text, _left, _right in plot.band_labels]
    assert len(texts) == 4 and all(text.isVisible() for text in texts)
    if language == "en":
        assert [t.toPlainText() for t in texts] == ["Easy", "Normal", "Hard", "Very hard"]
    rects = [text.sceneBoundingRect() for text in texts]
    assert all(not a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    box = plot.getViewBox().sceneBoundingRect()
    assert all(box.contains(rect) for rect in rects)
    top = max(plot.curve_points().values())  # the curve stays under its labels
    hundred = plot.getViewBox().mapViewToScene(pg.Point(0, top)).y()
    assert all(rect.bottom() <= hundred for rect in rects)
    levels = plot.getAxis("left")._tickLevels  # the room above 100 % has no tick of its own
    assert max(value for level in levels for value, _text in level) == 100
