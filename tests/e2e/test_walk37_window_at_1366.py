"""Issue 37's walk of the window on a 1366×768 laptop, in Japanese and English: what it found cut is
read whole (the 千幻抄 session's 効果 column, the LotR check panel's untrained note, the tracker's
add-character combo, the LotR reference table's new-row field), and the LotR rule tables name their
rows and their house rule in the UI's language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.app.main_window import MainWindow
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.check_types import Contestant
from gmtool.views.lotr.check_view import LotRCheckView
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from gmtool.views.message_catalog import active
from tests.e2e import test_docks_at_1366 as docks
from tests.e2e.test_english_polish_at_1366 import (
    combo_room,
    line_room,
    select_system,
    sengensho_abilities_at_laptop_size,
    whole,
)

laptop = docks.laptop  # the demo at 1366×768 in its default layout, ja then en


def test_the_sengensho_effect_column_reads_without_a_sideways_scroll(laptop: MainWindow, qtbot: Any) -> None:
    from gmtool.views.sengensho.abilities_box import ABILITY_HEADERS, EFFECT_COLUMN

    table = sengensho_abilities_at_laptop_size(laptop, qtbot)
    header = table.horizontalHeader()
    assert table.rowCount() > 0
    assert not table.horizontalScrollBar().isVisible()  # no sideways scrolling to reach 効果
    room = table.viewport().width()
    right = header.sectionViewportPosition(EFFECT_COLUMN) + header.sectionSize(EFFECT_COLUMN)
    assert right <= room + 1, (right, room)
    effect = table.horizontalHeaderItem(EFFECT_COLUMN).text()
    assert header.sectionSize(EFFECT_COLUMN) >= header.fontMetrics().horizontalAdvance(effect), effect
    for column in range(len(ABILITY_HEADERS)):  # every column as wide as its header and its texts
        whole_width = max(table.sizeHintForColumn(column), header.sectionSizeFromContents(column).width())
        assert header.sectionSize(column) >= whole_width, (
            table.horizontalHeaderItem(column).text(),
            whole_width,
        )


def test_the_untrained_note_of_the_lotr_panel_is_whole(laptop: MainWindow) -> None:
    select_system(laptop, "lotr")
    view = laptop.panel_view("lotr")
    assert isinstance(view, LotRCheckView)
    model = view.model
    for kind in model.kinds(Contestant.A):  # ナール's first skill of rank 0
        model.set_source(Contestant.A, kind.id)
        if model.roller(Contestant.A).untrained:
            break
    assert model.roller(Contestant.A).untrained
    QApplication.processEvents()
    note, bonus = view.a_box.note_label, view.a_box.bonus_label
    assert note.isVisible() and whole(note), (note.text(), note.width())  # was 「… +0 Untrai…」
    untrained_word = "Untrained" if active() else "技能なし"
    assert untrained_word in note.toolTip()  # the whole sentence on hover
    assert ("No skill" if active() else "技能なし") in bonus.text()  # and its −2 in the ボーナス row


def test_the_trackers_add_character_combo_reads_a_copied_name(laptop: MainWindow) -> None:
    from gmtool.app.battle_menu import show_tracker
    from gmtool.views.battle.battle_dialog import BattleDialog

    lotr = select_system(laptop, "lotr")
    copy = laptop.campaign_model.duplicate_character(lotr)  # a longer name (the walk's 「ナール (2)」)
    laptop.select_character(copy)
    show_tracker(laptop.services)
    QApplication.processEvents()
    tracker = laptop.findChildren(BattleDialog)[0]
    tracker.ask_confirm = lambda *_: True
    tracker.new_button.click()
    QApplication.processEvents()
    combo = tracker.character_combo
    names = [combo.itemText(i) for i in range(combo.count())]
    assert len(names) == 2, names
    widest = max(combo.fontMetrics().horizontalAdvance(name) for name in names)
    assert widest <= combo_room(combo), (names, combo_room(combo))


def rules_dialog_at_physician(window: MainWindow, qtbot: Any) -> LotRRulesDialog:
    dialog = LotRRulesDialog(LotRRulesModel(window.campaign_model), window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.reference_tab)
    tab = dialog.reference_tab
    tables = dialog.model.rules.reference
    tab.table_list.setCurrentRow(next(i for i, table in enumerate(tables) if table.id == catalog.PHYSICIAN))
    QApplication.processEvents()
    return dialog


def test_the_physicians_rows_are_named_in_the_ui_language_and_the_new_row_hint_is_whole(
    laptop: MainWindow, qtbot: Any
) -> None:
    dialog = rules_dialog_at_physician(laptop, qtbot)
    tab = dialog.reference_tab
    rows = [tab.grid.item(r, 0).text() for r in range(tab.grid.rowCount())]
    if active():
        assert rows == ["Infection: heals in a day", "Infection: heals in a week", "Daily care"]
    else:
        assert rows == ["医術: 傷が自然に1日回復する", "医術: 傷が自然に1週間回復する", "付きっ切りの手当て"]
    assert not tab.grid.item(0, 0).flags() & Qt.ItemFlag.ItemIsEditable  # the text's rows
    field = tab.new_row
    assert field.fontMetrics().horizontalAdvance(field.placeholderText()) <= line_room(field), (
        field.placeholderText()
    )  # was 「New row: The physici…」


def test_the_wounds_header_names_its_house_rule_as_the_house_rules_window_does(
    laptop: MainWindow, qtbot: Any
) -> None:
    dialog = LotRRulesDialog(LotRRulesModel(laptop.campaign_model), laptop)
    qtbot.addWidget(dialog)
    text = dialog.conditions_tab.reading_label.text()
    assert "lotr." not in text
    if active():
        assert (
            'Edit → House rules (how to read the rules)…, "The penalty of a wound level with no value' in text
        )
        assert "An unset level takes the lighter level's value" in text
    else:
        assert "編集 → ハウスルール（ルールの読み方）… の「ルール表で値のない負傷段階のペナルティ」" in text


def test_the_physicians_unset_step_names_its_row_in_the_ui_language() -> None:
    """The 医者 tab's line under each step (its refusal while the cell is 未設定) read
    「Infection: heals in a day の目標値」 in the Japanese UI."""
    from gmtool.rules.systems.lotr import physician
    from gmtool.rules.systems.lotr.rules_data import lotr_rules
    from gmtool.views import message_catalog

    rules = lotr_rules()
    with pytest.raises(ValueError) as day:
        physician.physician_tn(rules, catalog.INFECTION_DAY)
    assert message_catalog.shown_message(day.value.args[0]).startswith(
        "医術: 傷が自然に1日回復する の目標値: 未設定"
    )
    message_catalog.install("en")
    try:
        with pytest.raises(ValueError) as care:
            physician.physician_tn(rules, catalog.DAILY_CARE)
        shown = message_catalog.shown_message(care.value.args[0])
    finally:
        message_catalog.install("ja")
    assert shown.startswith("Daily care, TN: "), shown
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", shown), shown  # no Japanese left
