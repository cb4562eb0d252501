"""Issue 34: the docks of the default layout on a 1366×768 laptop, in Japanese and English, as a GM
meets them after a few rolls: 結果を見る / 公開 in view and still, one line per recent result, a
dice plot one can read, and a log of eight rows whose 結果 needs no sideways scrolling."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget

from gmtool.app.main_window import MainWindow
from tests.qt_fixtures import english_ui

LAPTOP = (1366, 768)
# Rolls of every shape: a long comment, secret ones, a repeat (three lines), a choice, a table-less sum.
ROLLS = [
    "2D6+3>=10 廃ビルの屋上から隣のビルへ跳び移る（失敗したら落下ダメージ）",
    "S2D6>=8",
    "x3 1D6",
    "1D100<=50",
    "2D6>=7",
    "choice[右の通路,左の通路,引き返す]",
    "3D6",
    "2D6+1>=9",
    "S1D100",
    "4D6>=12",
]


@pytest.fixture(params=["ja", "en"])
def laptop(
    request: pytest.FixtureRequest, qtbot: Any, campaign_model: Any, settings: Any, tmp_path: Path
) -> Iterator[MainWindow]:
    """The main window over the demo characters at 1366×768 in its default layout, in one language."""
    with ExitStack() as language:
        if request.param == "en":
            language.enter_context(english_ui(tmp_path))
        window = MainWindow(campaign_model, settings)
        qtbot.addWidget(window)
        window.show()
        window.showNormal()
        window.resize(*LAPTOP)
        QApplication.processEvents()
        window.reset_layout()  # 表示 → レイアウトを元に戻す: what a first start does once shown
        QApplication.processEvents()
        yield window


def roll_all(window: MainWindow) -> None:
    model = window.dice_box_model
    assert model is not None
    for command in ROLLS:
        model.set_text(command)
        assert model.roll() is not None, command
    QApplication.processEvents()


def in_dock(widget: QWidget, window: MainWindow) -> QRect:
    """The widget's rectangle in the dice box's scroll area's viewport: what of the dock shows it."""
    area = window.dice_box_dock.widget()
    assert isinstance(area, QScrollArea)
    viewport = area.viewport()
    return QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size())


def test_the_window_fits_and_leaves_the_panels_their_height(laptop: MainWindow) -> None:
    assert laptop.size().toTuple() == LAPTOP  # not grown by the docks' new heights
    needed = laptop.minimumSizeHint()
    assert needed.width() <= LAPTOP[0] and needed.height() <= LAPTOP[1]
    # the judgement panels need up to about 490 px (tests/views/test_fits_small_screen.py)
    assert laptop.central_splitter.height() >= 490


def test_the_secret_buttons_stay_in_view_and_in_place_after_ten_rolls(laptop: MainWindow) -> None:
    view = laptop.dice_box_view
    assert view is not None
    buttons = (view.peek_button, view.reveal_button)
    before = [in_dock(b, laptop) for b in buttons]
    roll_all(laptop)
    view.line.setText("2D6+(((")  # an error with its caret under the command, three lines
    QApplication.processEvents()
    view.line.setText("2D6+2>=9")  # a command with its odds and its plot
    QApplication.processEvents()
    area = laptop.dice_box_dock.widget()
    assert isinstance(area, QScrollArea)
    for button, was in zip(buttons, before, strict=True):
        assert button.isVisible()
        assert area.viewport().rect().contains(in_dock(button, laptop)), button.text()
        assert in_dock(button, laptop) == was, button.text()  # never moved under the pointer
    secret = next(
        i for i in range(view.results.count()) if view.results.item(i).data(0x0100).payload.get("secret")
    )
    view.results.setCurrentRow(secret)
    assert view.reveal_button.isEnabled()
    view.reveal_button.click()
    assert laptop.campaign_model.log_entries()[-1].payload.get("reveals")


def test_each_recent_result_reads_on_one_line_whole_in_its_tooltip(laptop: MainWindow) -> None:
    roll_all(laptop)
    view = laptop.dice_box_view
    assert view is not None
    results = view.results
    line = results.fontMetrics().height()
    assert results.count() == len(ROLLS)
    for row in range(results.count()):
        item = results.item(row)
        assert results.visualItemRect(item).height() < 2 * line, item.text()
        assert "\n" not in item.text()
        assert item.toolTip() == view.result_text(item.data(0x0100))  # the whole of it
    assert not results.horizontalScrollBar().isVisible()


def test_the_dice_plot_is_large_enough_to_read(laptop: MainWindow) -> None:
    roll_all(laptop)
    view = laptop.dice_box_view
    assert view is not None
    view.line.setText("2D6+2>=9")
    QApplication.processEvents()
    assert view.plot.width() >= 300 and view.plot.height() >= 120, view.plot.size()
    assert QLabel.text(view.odds_label) == view.odds_label.text()  # its chance shown whole, not cut
    area = laptop.dice_box_dock.widget()
    assert isinstance(area, QScrollArea)
    assert area.viewport().rect().contains(in_dock(view.plot, laptop))  # all of it, unscrolled


def test_the_log_shows_eight_rows_with_its_result_in_view(laptop: MainWindow) -> None:
    roll_all(laptop)
    log = laptop.log_view
    model = log.log_model
    assert model.rowCount() >= 10
    viewport = log.viewport()
    assert viewport.height() // log.rowHeight(model.rowCount() - 1) >= 8
    right = log.columnViewportPosition(model.RESULT) + log.columnWidth(model.RESULT)
    assert right <= viewport.width()
    assert log.horizontalScrollBar().maximum() == 0  # nothing to scroll to sideways
    for row in range(model.rowCount() - 8, model.rowCount()):  # a cut result is whole in its tooltip
        index = model.index(row, model.RESULT)
        assert index.data() in index.data(0x0003)  # ToolTipRole
    assert log.columnWidth(model.SEED) >= log.narrowest(model.SEED)


def test_a_refusal_takes_the_plots_place_and_leaves_the_buttons_in_the_dock(laptop: MainWindow) -> None:
    """Issue 37's walk: SGS+2 under the アナザーワールド bot added three lines above an empty plot
    (axes 7–18), the dock scrolled and 結果を見る / 公開 went out of view; after a roll the empty axes
    stayed."""
    view = laptop.dice_box_view
    assert view is not None
    area = laptop.dice_box_dock.widget()
    assert isinstance(area, QScrollArea)
    buttons = (view.peek_button, view.reveal_button)
    before = [in_dock(b, laptop) for b in buttons]
    view.model.set_system_setting("aw")
    view.line.setText("2D6+2>=9")  # odds and a plot first, then the refusal in their place
    QApplication.processEvents()
    assert view.plot.isVisible()
    view.line.setText("SGS+2")
    QApplication.processEvents()
    assert view.error_label.isVisible() and not view.plot.isVisible()
    assert not area.verticalScrollBar().isVisible()
    for button, was in zip(buttons, before, strict=True):
        assert area.viewport().rect().contains(in_dock(button, laptop)), button.text()
        assert in_dock(button, laptop) == was, button.text()
    # Readable: its reason's first line in view, the whole of it in the tooltip.
    assert view.error_label.height() >= 3 * view.error_label.fontMetrics().lineSpacing()
    assert view.error_label.toolTip() == view.error_label.text() and "SGS+2" in view.error_label.toolTip()
    view.line.setText("2D6+2>=9")
    QApplication.processEvents()
    view.roll()  # the command cleared after the roll: no odds, and no empty axes either
    QApplication.processEvents()
    assert view.line.text() == "" and not view.plot.isVisible() and not view.error_label.isVisible()
    assert not area.verticalScrollBar().isVisible()
