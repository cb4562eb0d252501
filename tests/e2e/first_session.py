"""The steps of a GM's first session (issue 34), driven through the real window as a new user meets
it: the start page's 新しいキャンペーン, the GM's window the start makes of it (`gui.show_gm_window`)
at 1366×768, キャラクター → 追加, a check in the judgement panel, a fight in the combat tracker, a
secret roll in the dice box revealed, and the session log's lines.

Each step asserts what the user sees at that point; the modal questions (where to save, which
system, a wizard run to its end, the quick NPC) are answered through the window's question methods
or, for the tracker's NPC dialog, by filling the real dialog's fields.  Nothing ticks the GM override.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QWidget

from gmtool.app.gui import show_gm_window
from gmtool.app.main_window import MainWindow
from gmtool.app.services import MenuId
from gmtool.app.start_page import StartFlow
from gmtool.rules.systems import SYSTEMS
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.battle.quick_npc_dialog import QuickNpcDialog
from gmtool.views.empty_sheet import EmptySheet
from gmtool.views.start_page import StartChoice
from tests.qt_fixtures import release_model

LAPTOP = (1366, 768)
# The quick NPC a fight's opponent is: the name, and the values the GM types into the dialog's fields.
Opponent = tuple[str, dict[str, int]]


@contextmanager
def new_campaign_window(qtbot: Any, settings: QSettings, folder: Path) -> Iterator[MainWindow]:
    """The start page (no campaign to reopen) → 新しいキャンペーン, saved as `folder`/first → the
    GM's window over it as the start shows it, at 1366×768 in its default layout, fully built."""
    flow = StartFlow(settings)
    qtbot.addWidget(flow.page)
    flow.page.show()
    new = flow.page.buttons[StartChoice.NEW]
    assert new.text() == "新しいキャンペーン" and new.isEnabled()
    assert flow.page.focusWidget() is new  # Enter starts a new campaign
    asked: list[str] = []
    flow.ask_save_path = lambda title, _filter, _suggested="": asked.append(title) or str(folder / "first")
    new.click()
    assert asked == ["新しいキャンペーン"] and not flow.page.isVisible()
    assert flow.outcome is not None and flow.outcome.campaign is not None
    window = show_gm_window(flow.outcome.campaign, settings, build_later=True, remember=True)
    qtbot.addWidget(window)
    try:
        window.showNormal()
        window.resize(*LAPTOP)
        qtbot.waitExposed(window)
        qtbot.waitUntil(window.is_built)  # the panel and the dice box, built once it has painted
        window.reset_layout()  # what a first start does once shown (表示 → レイアウトを元に戻す)
        QApplication.processEvents()
        assert window.size().toTuple() == LAPTOP
        assert window.windowTitle() == "gmtool — first.gmcampaign"
        assert not window.file_banner.isVisible()  # a campaign of one's own: no demo banner
        empty = window.sheet_area.widget()
        assert isinstance(empty, EmptySheet) and "キャラクター → 追加" in empty.label.text()
        assert window.log_model.rowCount() == 0
        yield window
    finally:
        window.close()
        release_model(window.campaign_model)


def add_character(window: MainWindow, system_id: str, run_wizard: Callable[[QDialog], bool] | None) -> str:
    """The empty sheet's 追加 (キャラクター → 追加), the system picked from the question's list; a
    system with a creation procedure runs `run_wizard` as its wizard.  The new character's id."""
    asked: list[list[str]] = []

    def pick(_title: str, label: str, items: list[str], _current: int) -> tuple[str, bool]:
        assert label == "システム:"
        asked.append(items)
        return SYSTEMS[system_id].name, True

    window.ask_item = pick
    if run_wizard is not None:
        window.run_wizard = run_wizard
    empty = window.sheet_area.widget()
    assert isinstance(empty, EmptySheet)
    empty.add_button.click()
    assert asked and SYSTEMS[system_id].name in asked[0]
    character_id = window.selected_character_id()
    assert character_id is not None, "no character was added"
    assert window.sheet_view is not None and window.sheet_area.widget() is window.sheet_view
    return character_id


def roll_check(window: MainWindow, difficulty_spin: Any, difficulty: int) -> str:
    """Sets the judgement panel's difficulty and presses its roll button; the result shown."""
    panel = window.check_stack.currentWidget()
    assert panel.roll_button.isEnabled(), panel.roll_button.toolTip()
    rows = window.log_model.rowCount()
    difficulty_spin.setValue(difficulty)
    assert difficulty_spin.value() == difficulty
    panel.roll_button.click()
    assert window.log_model.rowCount() == rows + 1, "the roll was not logged"
    result = panel.result_label.text()
    assert result, "the panel shows no result"
    return str(result)


def open_tracker(window: MainWindow) -> BattleDialog:
    """戦闘 → 戦闘トラッカー…, on the selected character's system."""
    battle = window.services.menu(MenuId.BATTLE)
    action = next(a for a in battle.actions() if a.text() == "戦闘トラッカー…")
    assert action.shortcut().toString() == "Ctrl+B"
    action.trigger()
    dialog = window.services.dialogs.find(BattleDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def fill_quick_npc(monkeypatch: pytest.MonkeyPatch, opponent: Opponent) -> list[str]:
    """The tracker's NPCを追加… dialog, filled in as the GM does: its name, and each value field the
    dialog shows that `opponent` gives; returns the fields' labels as the dialog shows them."""
    name, values = opponent
    shown: list[str] = []

    def fill(dialog: QuickNpcDialog) -> int:
        dialog.show()
        dialog.name_edit.setText(name)
        for key, spin in dialog.value_spins.items():
            label = dialog.layout().labelForField(spin)
            shown.append(label.text() if label is not None else key)
            if key in values:
                spin.setValue(values[key])
        assert not dialog.missing(), dialog.missing()
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        ok.click()
        assert dialog.result() == QDialog.DialogCode.Accepted
        return int(dialog.result())

    monkeypatch.setattr(QuickNpcDialog, "exec", fill)
    return shown


def start_fight(
    dialog: BattleDialog, monkeypatch: pytest.MonkeyPatch, system_id: str, hero: str, opponent: Opponent
) -> str:
    """新しい戦闘 of the system the tracker shows, the character and the opponent added, 戦闘開始:
    the opponent's participant id."""
    assert dialog.system_combo.currentData() == system_id  # the selected character's system
    assert dialog.new_button.isEnabled()
    dialog.new_button.click()
    assert dialog.model.state().system == system_id
    assert dialog.character_combo.currentText() == hero and dialog.add_character_button.isEnabled()
    dialog.add_character_button.click()
    fields = fill_quick_npc(monkeypatch, opponent)
    assert dialog.add_npc_button.isEnabled()
    dialog.add_npc_button.click()
    assert fields, "the NPC dialog asked for no value"
    names = [p.name for p in dialog.model.state().participants]
    assert sorted(names) == sorted([hero, opponent[0]])
    table = dialog.table_model
    shown = {
        str(table.index(row, column).data())
        for row in range(table.rowCount())
        for column in range(table.columnCount())
    }
    assert {hero, opponent[0]} <= shown  # both in the tracker's table
    assert dialog.start_button.text() == "戦闘開始" and dialog.start_button.isEnabled()
    dialog.start_button.click()
    assert dialog.model.state().active and not dialog.start_button.isEnabled()
    assert dialog.next_button.isEnabled() and dialog.end_button.isEnabled()
    return next(p.id for p in dialog.model.state().participants if p.name == opponent[0])


def damage(dialog: BattleDialog, participant_id: str, amount: int, resource: str = "") -> tuple[int, int]:
    """Selects the participant in the table and deals `amount` to `resource` (its label; "": the
    first) with the side pane's ダメージ: (the value before, after) as the pane's 値 shows them."""
    dialog.select(participant_id)
    box = dialog.participant_box
    assert box.isEnabled() and box.title.text() == dialog.model.participant(participant_id).name
    dialog.side_tabs.setCurrentWidget(dialog.side_tabs.area_of(box))
    if resource:
        choose_text(box.resource_combo, resource)
    else:
        box.resource_combo.setCurrentIndex(0)
    before = box.value_spin.value()
    box.amount_spin.setValue(amount)
    box.damage_button.click()
    return before, box.value_spin.value()


def secret_roll_revealed(window: MainWindow, qtbot: Any, command: str) -> str:
    """Types a secret command into the dice box, rolls it, selects it among the recent results and
    presses 公開; the recent result's text once revealed."""
    view = window.dice_box_view
    assert view is not None
    dock = window.dice_box_dock
    assert dock.isVisible()
    view.line.setFocus()
    view.line.clear()
    qtbot.keyClicks(view.line, command)
    assert view.roll_button.isEnabled()
    view.roll_button.click()
    row = view.results.count() - 1
    item = view.results.item(row)
    assert "シークレット" in item.text(), item.text()  # its result hidden until 公開
    view.results.setCurrentRow(row)
    assert view.reveal_button.isVisible() and view.reveal_button.isEnabled()
    view.reveal_button.click()
    return str(view.results.item(view.results.count() - 1).text())


def log_lines(window: MainWindow) -> list[str]:
    """The session log as its table shows it, one text per line (its columns joined)."""
    model = window.log_model
    return [" | ".join(model.row_texts(row)) for row in range(model.rowCount())]


def assert_in_order(lines: list[str], patterns: list[str]) -> None:
    """Each pattern (a regular expression) matches a line, each later than the one before."""
    at = 0
    for pattern in patterns:
        found = next((i for i in range(at, len(lines)) if re.search(pattern, lines[i])), None)
        assert found is not None, f"{pattern!r} after line {at} in:\n" + "\n".join(lines)
        at = found + 1


def visible_in(widget: QWidget, window: QWidget) -> bool:
    """The widget is shown and within the window's rectangle (nothing off screen at 1366×768)."""
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return widget.isVisible() and window.rect().contains(top_left)


def type_into(qtbot: Any, field: Any, text: str) -> None:
    """Types `text` over what a line edit or a spin box holds, then Enter (the value committed).
    Japanese comes from an input method, as one insertion (QTest types ASCII keys only)."""
    field.setFocus()
    field.selectAll()
    if text.isascii():
        qtbot.keyClicks(field, text)
    else:
        field.insert(text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def choose_text(combo: Any, text: str) -> None:
    """Picks the combo box's entry that reads `text`, as a click in its list does."""
    index = combo.findText(text)
    assert index >= 0, f"{text!r} not among {[combo.itemText(i) for i in range(combo.count())]}"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def combo_texts(combo: Any) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def assert_lines_read_whole(window: MainWindow, inputs: list[str]) -> None:
    """The log's lines whose 入力 is one of `inputs` show it uncut, and 結果 ends within the view."""
    log, model = window.log_view, window.log_model
    rows = [row for row in range(model.rowCount()) if model.row_texts(row)[model.INPUT] in inputs]
    assert len(rows) == len(inputs)
    for row in rows:
        needed = log.sizeHintForIndex(model.index(row, model.INPUT)).width()
        assert log.columnWidth(model.INPUT) >= needed, model.row_texts(row)[model.INPUT]
    right = log.columnViewportPosition(model.RESULT) + log.columnWidth(model.RESULT)
    assert right <= log.viewport().width() and log.horizontalScrollBar().maximum() == 0


def turn_with_damage(
    tracker: BattleDialog, hero: str, opponent: tuple[str, str], amount: int, resource: str = ""
) -> tuple[int, int]:
    """A tracker with no attack of its own: 次の手番 to the hero's turn, `amount` dealt to the
    opponent (name, participant id) in the side pane, 次の手番 to the opponent's turn; the
    opponent's `resource` (before, after)."""
    name, participant_id = opponent
    assert "セットアップ" in tracker.status_label.text()  # 戦闘開始: 「次の手番」で最初の手番へ
    tracker.next_button.click()
    assert tracker.status_label.text() == f"ラウンド 1・{hero}の手番"
    dealt = damage(tracker, participant_id, amount, resource)
    tracker.next_button.click()
    assert tracker.status_label.text() == f"ラウンド 1・{name}の手番"
    return dealt


def turn_fight_lines(system_name: str, hero: str, opponent: str, dealt: str) -> list[str]:
    """The log's lines of `turn_with_damage`'s fight (patterns for `assert_in_order`)."""
    return [
        f"新しい戦闘「戦闘」（{re.escape(system_name)}）",
        f"参加: {hero}",
        f"参加: {opponent}",
        "戦闘開始「戦闘」: ラウンド 1",
        f"ラウンド 1: {hero}の手番",
        dealt,
        f"ラウンド 1: {opponent}の手番",
    ]
