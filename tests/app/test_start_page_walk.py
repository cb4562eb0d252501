"""Issue 34, found on a new user's walk: Esc on the start page quit gmtool at once (an Esc meant for
a window closed a moment ago), and the manual opened at a section (F1 on the start page or in the
player's window) offered ← 戻る to its first page, never seen."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox


def test_esc_on_the_start_page_does_not_quit_but_quit_does(qtbot: Any, settings: Any) -> None:
    from gmtool.app.start_page import StartFlow
    from gmtool.views.start_page import StartChoice

    flow = StartFlow(settings)
    qtbot.addWidget(flow.page)
    flow.page.show()
    qtbot.waitExposed(flow.page)
    qtbot.keyClick(flow.page, Qt.Key.Key_Escape)  # meant for a window closed a moment ago
    assert flow.page.isVisible() and flow.outcome is None
    qtbot.keyClick(flow.page.buttons[StartChoice.DEMO], Qt.Key.Key_Escape)  # with a choice focused
    assert flow.page.isVisible()
    box = flow.page.findChild(QDialogButtonBox)
    box.button(QDialogButtonBox.StandardButton.Close).click()  # 終了
    assert not flow.page.isVisible() and flow.outcome is None  # closed: gmtool ends


def test_the_manual_opened_at_a_section_has_nothing_to_go_back_to(qtbot: Any, settings: Any) -> None:
    """F1 on the start page opens the manual at its page: ← 戻る is off (it went back to the
    manual's first page, never seen), on once the user follows a page, and はじめに still goes
    to the manual's first page."""
    from gmtool.app.start_page import StartFlow

    flow = StartFlow(settings)
    qtbot.addWidget(flow.page)
    flow.page.show()
    qtbot.waitExposed(flow.page)
    qtbot.keyClick(flow.page, Qt.Key.Key_F1)
    manual = flow.help.manual
    assert manual is not None and manual.shown_page() == "00-start.md"
    assert not manual.back_button.isEnabled() and not manual.forward_button.isEnabled()
    manual.open_page("10-player.md")
    assert manual.back_button.isEnabled()
    manual.back_button.click()
    assert manual.shown_page() == "00-start.md" and not manual.back_button.isEnabled()
    manual.open_page("07-combat.md")
    manual.home_button.click()
    assert manual.shown_page() == "00-start.md"
    manual.close()


def test_f1_in_the_players_window_opens_the_manual_without_a_back_step(qtbot: Any, settings: Any) -> None:
    from gmtool.app.player import PlayerWindow

    player = PlayerWindow(settings)
    qtbot.addWidget(player)
    player.show()
    player.activateWindow()
    qtbot.waitUntil(player.isActiveWindow)  # as the user's window is when they press F1
    qtbot.keyClick(player, Qt.Key.Key_F1)
    manual = player.help.manual
    assert manual is not None and manual.shown_page() == "10-player.md"
    assert not manual.back_button.isEnabled()
    manual.close()


def test_the_choices_arrows_show_on_the_dark_theme(qtbot: Any) -> None:
    """The style's command link arrow is dark: on the dark theme the four choices had none to see."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    from gmtool.views.appearance import apply_theme
    from gmtool.views.start_page import ARROW_SIZE, StartPage

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "dark")
    try:
        page = StartPage()
        qtbot.addWidget(page)
        background = page.palette().color(QPalette.ColorRole.Window).lightness()
        for button in page.buttons.values():
            arrow = button.icon().pixmap(ARROW_SIZE, ARROW_SIZE).toImage().pixelColor(9, 10)
            assert arrow.alpha() == 255 and abs(arrow.lightness() - background) > 100, button.text()
    finally:
        apply_theme(app, "light")
