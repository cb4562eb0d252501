"""The session dialog at the table (issue 40): past sessions per character, the first impressions
of earlier scenes and sessions, and the dialogs opening on the selected character / the scene."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.rules.systems.sengensho.character import BondKind
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    choose,
    formed,
    look_at_bond_dialog,
    use,
)


def rows(grid) -> list[list[str]]:
    return [[grid.item(r, c).text() for c in range(grid.columnCount())] for r in range(grid.rowCount())]


def end_session(table) -> None:
    table.end_button.click()
    assert not table.model.state().running


def test_past_sessions_show_each_characters_bonds_and_borrowing_after_the_end(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    formed(table, holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="月下の約束")
    use(table, saku, 1, borrow=True)  # 能力乙 needs 4: 前借り
    page = table.history_page
    choose(page.holder_combo, saku)
    assert rows(page.table_view) == [] and page.empty_label.text() == "終了したセッションはまだありません"
    end_session(table)
    assert table.model.state().bonds == ()  # the 縁故 left the session: before, only the log had them
    assert rows(page.table_view) == [
        ["セッション 1", "縁故", "狩猟者", "綾瀬 詩織（キャラクター・集団・Lv1）", "神社"],
        ["セッション 1", "縁故", "芸術家", "月下の約束（記憶・Lv1）", "川辺"],
        ["セッション 1", "前借り", "狩猟者", "幻想値を 4 まで", "川辺"],
        ["セッション 1", "幻想能力", "狩猟者", "能力乙（前借り）", "川辺"],
    ]
    choose(page.holder_combo, table.people[2])
    assert rows(page.table_view) == [] and page.empty_label.text() == "このキャラクターの記録はありません"
    table.tabs.setCurrentWidget(page)
    assert page.table_view.isVisible()


def test_first_impressions_of_earlier_scenes_and_sessions_stay_in_view(table):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    page = table.scenes_tab
    assert rows(page.first_table) == []  # given in this scene: in force here, not repeated
    add_scene(table, "川辺")
    assert rows(page.impressions_table) == []
    first = ["白峰 朔", "綾瀬 詩織", "狩猟者", "GMの入力した印象", "セッション 1「神社」"]
    assert rows(page.first_table) == [first]
    end_session(table)
    table.start_button.click()
    add_scene(table, "廃寺")
    formed(table, holder=toru, archetype="狩猟者", target=saku)
    add_scene(table, "山道")
    assert rows(page.first_table) == [
        first,
        ["黒羽 透", "白峰 朔", "狩猟者", "GMの入力した印象", "セッション 2「廃寺」"],
    ]


def test_the_dialog_opens_on_the_selected_character(table):
    toru = table.people[2]
    table.show_character(toru)
    assert table.bonds_tab.holder() == toru
    assert table.history_page.holder_combo.currentData() == toru
    table.show_character("not-a-character")  # another system's character: the choice stays
    assert table.bonds_tab.holder() == toru


def test_a_new_bond_starts_from_someone_who_appears_in_the_scene(table):
    saku, _, _, lord, _ = table.people
    page = table.scenes_tab
    for row in range(page.present_list.count()):
        item = page.present_list.item(row)
        if item.data(Qt.ItemDataRole.UserRole) in (saku, lord):
            item.setCheckState(Qt.CheckState.Checked)
    page.present_button.click()
    seen: list[object] = []
    look_at_bond_dialog(table, saku, lambda d: seen.append(d.target_combo.currentData()))
    assert seen == [lord]  # not 綾瀬 詩織, the first in the list, who is not in the scene
