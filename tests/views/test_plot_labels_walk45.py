"""Walk 45, item 10: the plots' own texts leave the curves readable — the success curve's marker
label (「10: 97.2%」 was drawn over the フォーカード curve) and the MTG legend (over the curves; for an
empty deck a broken glyph for ブーストあり)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from gmtool.models.fourcard.check_model import FourCardCheckModel
from gmtool.rules.systems.fourcard.checks import Contestant
from gmtool.views.check.probability_plots import SuccessCurvePlot
from gmtool.views.fourcard.check_view import FourCardCheckView
from tests.views.test_readability_issue34 import PANEL_AT_1366, shown


def curve_in_scene(plot: Any, points: dict[int, float], steps: int = 8) -> list[QPointF]:
    """The curve as drawn: its dots and points along the lines between them, in scene pixels."""
    view = plot.getViewBox()
    ordered = sorted(points.items())
    samples = [
        (ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)
        for (ax, ay), (bx, by) in pairwise(ordered)
        for i in range(steps)
    ] + ordered[-1:]
    return [view.mapViewToScene(QPointF(x, y)) for x, y in samples]


def marker_label_clear_of_the_curve(plot: SuccessCurvePlot) -> tuple[bool, str]:
    label = plot.marker_label.sceneBoundingRect()
    # The label's text, not the frame pyqtgraph leaves around it.
    margin = plot.marker_label.textItem.document().documentMargin()
    text = label.adjusted(margin, margin, -margin, -margin)
    covered = [p for p in curve_in_scene(plot, plot.curve_points()) if text.contains(p)]
    inside = plot.getViewBox().sceneBoundingRect().contains(label)
    return not covered and inside, f"{plot.marker_label.toPlainText()} {text} covers {covered[:3]}"


def test_the_fourcard_marker_label_is_not_drawn_over_the_curve(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    """The walk's case: 【接近戦】 7 against difficulty 10 (97.2 %), and the marker along the curve."""
    model = FourCardCheckModel(campaign_model)
    view = shown(qtbot, FourCardCheckView(model), *PANEL_AT_1366)
    character = next(s.id for s in campaign_model.characters_of("fourcard"))
    model.set_character(Contestant.A, character)
    plot = view.curve_plot
    seen = set()
    for modifier in range(-4, 8):
        model.set_modifier(Contestant.A, modifier)
        for difficulty in (6, 10, 14, 18):
            model.set_difficulty(difficulty)
            qtbot.wait(0)
            seen.add(plot.marker_label.toPlainText().split(": ")[1])
            clear, why = marker_label_clear_of_the_curve(plot)
            assert clear, why
    assert "97.2%" in seen  # the walk's label was among them


def mtg_panel(qtbot: Any, campaign_model: Any, cards: list[tuple[Any, int]]) -> Any:
    from gmtool.models.mtg.check_model import MTGCheckModel
    from gmtool.rules.systems.mtg.deck import deck_from_cards
    from gmtool.views.mtg.check_view import MTGCheckView

    campaign_model.insert_character("mtg", deck_from_cards("PC", cards), "x")
    model = MTGCheckModel(campaign_model)
    view = shown(qtbot, MTGCheckView(model), *PANEL_AT_1366)
    QApplication.processEvents()
    return model, view


def key_clear_of_the_curves(plot: Any) -> tuple[bool, str]:
    """The key's line is whole above the plot's area, where no curve is drawn."""
    title = plot.getPlotItem().titleLabel
    key = title.sceneBoundingRect()
    area = plot.getViewBox().sceneBoundingRect()
    text = title.item.boundingRect().width()
    whole = text <= key.width() and key.left() >= 0 and key.right() <= plot.width()
    return title.isVisible() and whole and key.bottom() <= area.top(), f"{key} {text} over {area}"


def test_the_mtg_key_leaves_the_curves_clear(qtbot: Any, language: str, empty_campaign_model: Any) -> None:
    """Every colour of a green deck and every difficulty of the rule's usual range: which curve is
    which is said above the plot, never over the curves (the legend covered them at the top right)."""
    from gmtool.rules.systems.mtg.checks import CheckColor
    from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC, WURM

    cards = [(FOREST, 10), (BEAR, 6), (MYSTIC, 6), (WURM, 2), (GOLD, 2)]
    model, view = mtg_panel(qtbot, empty_campaign_model, cards)
    plot = view.plot
    assert not [item for item in plot.getViewBox().allChildren() if isinstance(item, pg.LegendItem)]
    for colour in CheckColor:
        model.set_color(colour)
        for difficulty in range(0, 9, 2):
            model.set_difficulty(difficulty)
            QApplication.processEvents()
            clear, why = key_clear_of_the_curves(plot)
            assert clear, why
    names = ["With boost", "Revealed only"] if language == "en" else ["ブーストあり", "公開のまま"]
    assert plot.key_names() == names
    assert all(name in plot.key_text for name in names)


def test_an_empty_decks_key_names_only_the_curve_drawn(
    qtbot: Any, language: str, empty_campaign_model: Any
) -> None:
    """An empty deck cannot boost: its ブーストあり curve is not drawn, and the key names only the
    curve that is (pyqtgraph's legend showed a crossed-out eye for it, read as a broken glyph)."""
    model, view = mtg_panel(qtbot, empty_campaign_model, [])
    plot = view.plot
    assert not model.plan.boost_allowed and not plot.boost_item.isVisible()
    assert plot.key_names() == (["Revealed only"] if language == "en" else ["公開のまま"])
    assert ("With boost" if language == "en" else "ブーストあり") not in plot.key_text
    assert not [item for item in plot.getViewBox().allChildren() if isinstance(item, pg.LegendItem)]
    clear, why = key_clear_of_the_curves(plot)
    assert clear, why


def test_the_lotr_degrees_are_named_whole_beside_their_odds(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    """LotR's odds box at 1366×768: 「Extraordinary Success（驚異的な…」 was elided; each degree's name
    now reads whole, on two lines broken before its bracket where one line is too narrow."""
    from PySide6.QtWidgets import QLabel

    from gmtool.models.lotr.check_model import LotRCheckModel
    from gmtool.views.lotr.check_view import LotRCheckView

    view = shown(qtbot, LotRCheckView(LotRCheckModel(campaign_model)), *PANEL_AT_1366)
    names = [w for w in view.odds_box.row_widgets[1::3] if isinstance(w, QLabel)]
    assert len(names) == 7
    broken = 0
    for label in names:
        shown_text = QLabel.text(label)
        assert "…" not in shown_text
        name = getattr(label, "whole", label.text())
        assert shown_text.replace("\n", "") == name.replace(" （", "（"), shown_text
        room = label.contentsRect().width()
        for line in shown_text.split("\n"):
            assert label.fontMetrics().horizontalAdvance(line) <= room, (line, room)
        assert label.height() >= (shown_text.count("\n") + 1) * label.fontMetrics().height()
        broken += "\n" in shown_text
    assert broken <= 2  # the long ones only; the rest stay on one line
    assert view.minimumSizeHint().width() <= PANEL_AT_1366[0]


def test_the_fourcard_base_choice_reads_whole_beside_the_odds(
    qtbot: Any, language: str, campaign_model: Any
) -> None:
    """フォーカード's ベース box at 1366×768 with a skill chosen: 「【接近戦】（その他） (6)」 was cut to
    「【接近戦】… (6)」 in English, the odds beside it with room to spare."""
    from tests.qt_fixtures import sample_fourcard_character

    character = campaign_model.insert_character("fourcard", sample_fourcard_character("ケン"), "x")
    model = FourCardCheckModel(campaign_model)
    view = shown(qtbot, FourCardCheckView(model), *PANEL_AT_1366)
    model.set_character(Contestant.A, character)
    combo = view.a_box.source_combo
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        QApplication.processEvents()
        assert combo.shown_text() == combo.currentText(), combo.currentText()
    assert view.headline.height() >= view.headline.heightForWidth(view.headline.width())  # wrapped whole
    assert view.minimumSizeHint().width() <= PANEL_AT_1366[0]
