"""Walk 45, items 9 and 10, in the window a new user sees at 1366×768 (Japanese, then English): texts
that were cut or elided now read whole, and the plots' labels and legends leave the curves clear."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from gmtool.app.main_window import MainWindow
from tests.e2e import test_docks_at_1366 as docks
from tests.e2e.test_english_polish_at_1366 import LAPTOP

laptop = docks.laptop  # the demo at 1366×768 in its default layout, ja then en


def test_the_shortcut_list_shows_every_action_whole(laptop: MainWindow, qtbot: Any) -> None:
    """ヘルプ → キーボードショートカット: 「Session management (contracts, Command Spells, event keys)…」
    was cut — the list sized itself from the rows on screen, and that row is further down."""
    from gmtool.app.help_menu import window_shortcuts
    from gmtool.models.shortcut_list import ShortcutList
    from gmtool.views.shortcuts_view import ShortcutsDialog

    dialog = ShortcutsDialog(ShortcutList(window_shortcuts(laptop)))
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert dialog.width() <= LAPTOP[0]
    table = dialog.table
    option = QStyleOptionViewItem()
    option.initFrom(table)
    delegate, model = table.itemDelegate(), table.model()
    for column in range(3):
        for row in range(model.rowCount()):
            needed = delegate.sizeHint(option, model.index(row, column)).width()
            assert needed <= table.columnWidth(column), (model.index(row, column).data(), needed)


def test_the_shortcut_list_names_its_actions_without_a_trailing_ellipsis(laptop: MainWindow) -> None:
    """「Session management (contracts, Command Spells, event keys)…」 was whole, but its menu's '…'
    (a dialog opens) read in the list as a text cut short: the list leaves it off."""
    from gmtool.app.help_menu import window_shortcuts

    rows = window_shortcuts(laptop)
    assert not [row.action for row in rows if row.action.endswith(("…", "..."))]
    session = "Session management (contracts, Command Spells, event keys)"
    if QApplication.translate("MainWindow", "ファイル(&F)") == "&File":
        assert session in [row.action for row in rows]


def test_the_mtg_outside_button_reads_whole(laptop: MainWindow) -> None:
    """「ライブラリー外 0枚…」 / "0 out of library…" read as a text cut short: the count is closed in
    brackets before the dialog's '…', and the button shows its text whole."""
    deck = next(s.id for s in laptop.campaign_model.characters() if s.system == "mtg")
    laptop.select_character(deck)
    QApplication.processEvents()
    button = laptop.panel_view("mtg").outside_button
    assert button.isVisible()
    assert button.text() in ("ライブラリー外（0枚）…", "Out of library (0)…")
    assert button.width() >= button.sizeHint().width()


def test_the_archetype_button_keeps_its_arrow_off_its_text(laptop: MainWindow) -> None:
    """千幻抄's 「類型の目安」 / "Archetype TNs": its menu's arrow was drawn over the text's end."""
    from PySide6.QtWidgets import QStyle, QStyleOptionButton

    character = next(s.id for s in laptop.campaign_model.characters() if s.system == "sengensho")
    laptop.select_character(character)
    QApplication.processEvents()
    button = laptop.panel_view("sengensho").identification_button
    assert button.isVisible() and button.menu() is not None
    option = QStyleOptionButton()
    option.initFrom(button)
    arrow = button.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, option, button)
    text = button.fontMetrics().horizontalAdvance(button.text())
    frame = button.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, option, button)
    assert text + arrow + frame <= button.width(), (button.text(), text, arrow, frame, button.width())


def test_the_lotr_damage_field_shows_its_placeholder_whole(laptop: MainWindow) -> None:
    """The tracker's LotR 攻撃 tab at 1366×768: the damage field's placeholder read 「武器のダメージ（…」."""
    from gmtool.app.battle_menu import show_tracker
    from gmtool.views.battle.battle_dialog import BattleDialog
    from gmtool.views.lotr.attack_box import LotRTrackerBox
    from tests.e2e.test_english_polish_at_1366 import line_room

    hero = next(s.id for s in laptop.campaign_model.characters() if s.system == "lotr")
    laptop.select_character(hero)
    show_tracker(laptop.services)
    QApplication.processEvents()
    dialog = laptop.services.dialogs.find(BattleDialog)
    assert dialog is not None
    dialog.model.new_encounter("lotr", "")
    QApplication.processEvents()
    box = dialog.action_boxes["lotr"]
    assert isinstance(box, LotRTrackerBox)
    edit = box.attack_box.damage_edit
    dialog.side_tabs.setCurrentWidget(dialog.side_tabs.area_of(box.attack_box))
    QApplication.processEvents()
    assert edit.isVisible() and not edit.text()
    placeholder = edit.placeholderText()
    assert edit.fontMetrics().horizontalAdvance(placeholder) <= line_room(edit), (
        placeholder,
        line_room(edit),
    )
