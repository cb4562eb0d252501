"""Issue 34, found on a new user's walk at 1366×768: the dice box's ダイスボット choice was cut
("Follow the cha") and named the system of a character selected before, a secret roll's 公開 stayed
grey until its row was found, and the log's buttons moved at each new tenth line."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyleOptionComboBox

from gmtool.app.main_window import MainWindow
from tests.e2e.test_docks_at_1366 import laptop  # noqa: F401 - the fixture: the window at 1366×768


def text_room(combo: QComboBox) -> QRect:
    """Where the closed combo box draws its current text."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )


def select(window: MainWindow, name: str) -> None:
    row = next(
        r for r in range(window.list_filter.rowCount()) if window.list_filter.index(r, 0).data() == name
    )
    window.list_view.setCurrentIndex(window.list_filter.index(row, 0))
    QApplication.processEvents()


def test_the_dice_bot_choice_reads_whole_and_follows_the_selected_character(laptop: MainWindow) -> None:  # noqa: F811
    view = laptop.dice_box_view
    assert view is not None
    combo = view.system_combo
    lotr, aw = "指輪物語", "アナザーワールド"
    if combo.itemText(0).startswith("Auto"):
        lotr, aw = "The Lord of the Rings", "Another World"
    assert laptop.selected_character_id() is not None  # the first character, selected at start
    assert aw in combo.currentText()  # not 汎用: the box is made after that selection
    select(laptop, "ナール")  # the LotR character: the longest name the box shows
    assert lotr in combo.currentText()
    assert combo.fontMetrics().horizontalAdvance(combo.currentText()) <= text_room(combo).width()
    select(laptop, "朝霧 透")
    assert aw in combo.currentText()  # it said the system of the character selected before
    view.line.setText("2D6+2>=9")
    QApplication.processEvents()
    assert view.odds_label.width() >= view.odds_label.fontMetrics().horizontalAdvance(view.odds_label.text())
    assert view.plot.height() >= 120  # the odds' own line did not squeeze the plot


def test_a_secret_roll_is_revealed_with_one_click(laptop: MainWindow) -> None:  # noqa: F811
    view = laptop.dice_box_view
    assert view is not None
    view.line.setText("S2D6>=7")
    view.roll()
    QApplication.processEvents()
    assert view.reveal_button.isEnabled() and view.peek_button.isEnabled()  # its row is chosen
    view.reveal_button.click()
    assert laptop.campaign_model.log_entries()[-1].payload.get("reveals")
    view.line.setText("2D6")
    view.roll()
    assert not view.reveal_button.isEnabled()  # the open roll just made is the row chosen now


def test_the_log_buttons_stay_put_as_lines_come(laptop: MainWindow) -> None:  # noqa: F811
    panel = laptop.log_panel
    model = laptop.dice_box_model
    assert model is not None
    while panel.log_model.total_count < 9:
        model.set_text("1D6")
        model.roll()
    QApplication.processEvents()
    before = panel.more.mapTo(laptop, panel.more.rect().topLeft())
    model.set_text("1D6")
    model.roll()  # the tenth line: the count grows a digit
    QApplication.processEvents()
    assert panel.log_model.total_count == 10
    assert panel.more.mapTo(laptop, panel.more.rect().topLeft()) == before
