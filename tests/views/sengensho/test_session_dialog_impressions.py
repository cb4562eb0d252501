"""印象効果 in the session dialog: 「縁故を結んだ場合、その時点で必ず印象効果が適用される」 and only one
類型's impression holds per target in a scene.  The シーン tab shows those in force in the current
scene; the log says when a 縁故 puts another 類型's impression out of force."""

from __future__ import annotations

from gmtool.rules.systems.sengensho.character import BondKind
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    choose,
    formed,
    last_log,
)


def impressions(table) -> list[list[str]]:
    grid = table.scenes_tab.impressions_table
    return [[grid.item(r, c).text() for c in range(grid.columnCount())] for r in range(grid.rowCount())]


def test_the_scenes_tab_shows_the_impressions_in_force_in_the_current_scene(table):
    saku, shiori, *_ = table.people
    box = table.scenes_tab.impressions_box
    assert impressions(table) == [] and box.title() == "「神社」で有効な印象効果"
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    formed(table, holder=shiori, archetype="芸術家", kind=BondKind.MEMORY, text="月下の約束")  # none
    assert impressions(table) == [["白峰 朔", "綾瀬 詩織", "狩猟者", "GMの入力した印象"]]
    add_scene(table, "川辺")
    assert impressions(table) == [] and box.title() == "「川辺」で有効な印象効果"
    table.scenes_tab.scene_table.selectRow(0)
    table.scenes_tab.make_current_button.click()
    assert impressions(table) == [["白峰 朔", "綾瀬 詩織", "狩猟者", "GMの入力した印象"]]


def test_a_bond_from_another_type_replaces_the_impression_and_the_log_says_so(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    formed(table, holder=saku, archetype="芸術家", target=shiori, retie=0)  # in the same scene
    assert impressions(table) == [["白峰 朔", "綾瀬 詩織", "芸術家", "未設定（類型カタログ）"]]
    assert last_log(table)[1].endswith(
        "／印象効果（綾瀬 詩織へ）: 未設定（類型カタログ）（先の印象効果〈狩猟者〉は無効）"
    )
    table.model.campaign_model.undo_stack.undo()
    assert impressions(table) == [["白峰 朔", "綾瀬 詩織", "狩猟者", "GMの入力した印象"]]


def test_moving_a_bond_to_another_target_keeps_the_first_impression_for_the_scene(table):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    formed(table, holder=saku, archetype="狩猟者", target=toru, retie=0)
    assert last_log(table)[1].endswith("／印象効果（黒羽 透へ）: GMの入力した印象")
    # An impression holds for the scene: 詩織 keeps the first one though the 縁故 moved on.
    assert impressions(table) == [
        ["白峰 朔", "綾瀬 詩織", "狩猟者", "GMの入力した印象"],
        ["白峰 朔", "黒羽 透", "狩猟者", "GMの入力した印象"],
    ]


def test_the_reveal_applies_the_last_boss_impression_to_each_pc_it_bonds_to(table):
    lord = table.people[3]
    choose(table.last_boss_box.boss_combo, lord)
    table.last_boss_box.choose_button.click()
    table.last_boss_box.reveal_button.click()
    unset = "未設定（ラスボスの印象効果は本文にありません）"
    assert impressions(table) == [
        ["宵闇の主", name, "ラスボス", unset] for name in ("白峰 朔", "綾瀬 詩織", "黒羽 透")
    ]
    assert last_log(table)[1].endswith(f"／印象効果（白峰 朔、綾瀬 詩織、黒羽 透へ）: {unset}")
