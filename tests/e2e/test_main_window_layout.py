"""The main window on a laptop: docks that close and come back, a layout kept between runs, a
window that never grows by itself, a filter for the character list, and a delete that asks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from gmtool.app.main_window import MainWindow
from gmtool.models.campaign_model import CampaignModel
from gmtool.store.campaign import Campaign
from tests.qt_fixtures import DEMO_NAMES


def make_window(qtbot, campaign_model, settings: QSettings) -> MainWindow:
    window = MainWindow(campaign_model, settings)
    window.asked: list[str] = []
    window.ask_confirm = lambda _title, text: window.asked.append(text) or window.answer
    window.answer = True
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def window(qtbot, campaign_model, settings):
    return make_window(qtbot, campaign_model, settings)


def shown_names(window: MainWindow) -> list[str]:
    model = window.list_view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_first_start_fills_the_screen_and_the_docks_sit_in_their_places(window):
    available = window.screen().availableGeometry()
    assert available.contains(window.frameGeometry())
    assert window.dockWidgetArea(window.characters_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert window.dockWidgetArea(window.dice_box_dock) == Qt.DockWidgetArea.BottomDockWidgetArea


def test_the_layout_comes_back_as_the_gm_left_it(qtbot, campaign_model, campaign_path, settings, tmp_path):
    window = make_window(qtbot, campaign_model, settings)
    window.resize(760, 560)  # within the test screen (restoreGeometry keeps a window on its screen)
    window.log_dock.close()
    window.central_splitter.setSizes([300, 500])
    sizes = window.central_splitter.sizes()
    window.close()

    reopened = CampaignModel(Campaign.open(campaign_path))  # closing the window closed the campaign
    again = make_window(
        qtbot, reopened, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    )
    assert again.size().toTuple() == (760, 560)
    assert not again.log_dock.isVisible()
    assert again.central_splitter.sizes() == sizes
    view_menu_entries = {a.text(): a for a in again.view_menu.actions()}
    log_toggle = view_menu_entries[again.log_dock.windowTitle()]
    assert not log_toggle.isChecked()
    log_toggle.trigger()  # 表示 → セッションログ brings it back
    assert again.log_dock.isVisible()


def test_the_window_never_grows_by_itself(window):
    window.resize(1200, 700)
    QApplication.processEvents()
    before = window.size()
    assert window.dice_box_model is not None
    window.dice_box_model.set_text("2D6+(((")  # a three-line error with its caret
    window.dice_box_model.set_text("2D6>=7")
    window.dice_box_model.roll()
    for name in DEMO_NAMES:  # every system's sheet and panel, one after another
        window.select_character(window.character_list.id_at(DEMO_NAMES.index(name)))
    QApplication.processEvents()
    assert window.size() == before


def test_the_filter_narrows_the_list_and_selecting_a_hidden_character_clears_it(window):
    window.focus_filter()
    window.filter_edit.setText("ナー")
    assert shown_names(window) == ["ナール"]
    window.select_character(window.character_list.id_at(0))
    assert window.filter_edit.text() == ""
    assert shown_names(window) == list(DEMO_NAMES)
    assert window.selected_character_id() == window.character_list.id_at(0)


def test_deleting_asks_first_and_no_keeps_the_character(window):
    window.select_character(window.character_list.id_at(1))
    window.answer = False
    window.delete_selected()
    assert shown_names(window) == list(DEMO_NAMES)
    assert DEMO_NAMES[1] in window.asked[0] and "Ctrl+Z" in window.asked[0]
    window.answer = True
    window.delete_selected()
    assert DEMO_NAMES[1] not in shown_names(window)


def test_ctrl_l_puts_the_cursor_in_the_dice_box_even_when_it_was_closed(window, qtbot):
    window.dice_box_dock.close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.dice_box_dock.isVisible()
    assert window.dice_box_view.line.hasFocus()


def test_another_campaign_keeps_the_panes_where_they_were(window, empty_campaign_model):
    QApplication.processEvents()
    heights = (window.dice_box_dock.height(), window.log_dock.height())
    sizes = window.central_splitter.sizes()
    window.set_campaign_model(empty_campaign_model)  # ファイル → 新しいキャンペーン ends here
    QApplication.processEvents()
    assert (window.dice_box_dock.height(), window.log_dock.height()) == heights
    assert window.central_splitter.sizes() == sizes
