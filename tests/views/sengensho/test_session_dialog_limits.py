"""Every 縁故 limit hit through the bond dialog, which shows the refusal and stays open while nothing
changes (state, undo stack, log); the GM override passes a limit and is recorded; 結び直し and the
halving of a second PC 縁故 as the table and the log show them."""

from __future__ import annotations

from gmtool.rules.systems.sengensho.character import BondKind
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    bonds_rows,
    column,
    formed,
    last_log,
    refused_in_dialog,
    trace,
)

ONE_PER_SCENE = (
    "縁故の取得（結び直しを含む）は1シーンにつき1つです（白峰 朔はこのシーンで「綾瀬 詩織」と結びました）"
)


def test_the_bond_dialog_names_its_scene_and_gives_the_hints_and_forming_is_one_undo_step(table):
    saku, shiori, *_ = table.people
    seen = formed(table, holder=saku, archetype="狩猟者", target=shiori)
    assert seen.title == "縁故を結ぶ — シーン「神社」"
    assert seen.hints.splitlines() == [
        "縁故の指針: GMの入力した指針",
        "結ぶと対象に必ず適用されます — 印象効果: GMの入力した印象",
        "PCとの縁故は原則一人まで。二人目以降は得られる幻想値を半減（切上げ）（白峰 朔のPCとの縁故: 0）",
        "使用中: 縁故 0/7・記憶 0/2・目的 0/1",
        "このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: まだ結んでいません",
    ]
    assert bonds_rows(table) == [["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", "神社", ""]]
    assert last_log(table) == (
        "白峰 朔",
        "縁故を結ぶ（シーン「神社」）: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
        "／印象効果（綾瀬 詩織へ）: GMの入力した印象",
        "狩猟者の幻想値 1",
    )
    table.model.campaign_model.undo_stack.undo()
    assert bonds_rows(table) == []


def test_one_new_bond_per_scene(table):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    seen = refused_in_dialog(table, ONE_PER_SCENE, holder=saku, archetype="狩猟者", target=toru)
    assert "このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: 「綾瀬 詩織」と結びました" in seen.hints
    add_scene(table, "川辺")
    formed(table, holder=saku, archetype="狩猟者", target=toru)


def test_at_most_seven_bonds_and_the_gm_override_is_recorded(table):
    saku = table.people[0]
    for n in range(1, 8):
        if n > 1:
            add_scene(table, f"シーン{n}")
        formed(table, holder=saku, archetype="狩猟者", text=f"集団{n}")
    add_scene(table, "シーン8")
    seen = refused_in_dialog(
        table,
        "縁故は最大7個までです（白峰 朔は7個持っています）",
        holder=saku,
        archetype="狩猟者",
        text="集団8",
    )
    assert "使用中: 縁故 7/7・記憶 0/2・目的 0/1" in seen.hints
    formed(table, holder=saku, archetype="狩猟者", text="集団8", override=True)
    assert bonds_rows(table)[-1][-1] == "GM裁定"
    assert "／GM裁定で制限を超えて" in last_log(table)[1]


def test_at_most_two_memories_and_one_purpose_which_apply_no_impression(table):
    saku = table.people[0]
    scenes = iter(f"シーン{n}" for n in range(2, 10))
    formed(table, holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="月下の約束")
    add_scene(table, next(scenes))
    formed(table, holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="古い手紙の一文")
    add_scene(table, next(scenes))
    refused_in_dialog(
        table, "記憶の縁故は最大2つまでです", holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="夢"
    )
    formed(table, holder=saku, archetype="狩猟者", kind=BondKind.PURPOSE, text="犯人を捜す")
    assert last_log(table)[1] == "縁故を結ぶ（シーン「シーン3」）: 狩猟者・目的「犯人を捜す」Lv1"
    add_scene(table, next(scenes))
    refused_in_dialog(
        table,
        "目的の縁故は最大1つまでです",
        holder=saku,
        archetype="狩猟者",
        kind=BondKind.PURPOSE,
        text="逃げる",
    )


def test_one_target_from_one_type_until_discarded_and_the_discard_asks_first(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    refused_in_dialog(
        table,
        "白峰 朔は「綾瀬 詩織」に類型「狩猟者」の縁故を持っています。"
        "別の類型から結ぶには、先にその縁故を破棄してください",
        holder=saku,
        archetype="芸術家",
        target=shiori,
    )
    tab = table.bonds_tab
    tab.bonds_table.selectRow(0)
    table.answer = False
    tab.discard_button.click()
    assert len(table.model.state().bonds) == 1  # the GM said no
    assert table.questions[-1] == (
        "白峰 朔の縁故「綾瀬 詩織」（狩猟者・キャラクター・集団・Lv1）を破棄しますか？\n\n"
        "狩猟者の幻想値は 1 から 1 点減ります。\n（メインウィンドウの「元に戻す」で取り消せます）"
    )
    table.answer = True
    tab.discard_button.click()
    assert bonds_rows(table) == []
    assert last_log(table)[1] == "縁故を破棄: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
    formed(table, holder=saku, archetype="芸術家", target=shiori)


def test_a_level_rises_in_a_later_scene_or_by_the_gms_ruling(table, refusals):
    saku, *_, elder = table.people
    formed(table, holder=saku, archetype="狩猟者", target=elder)
    tab = table.bonds_tab
    tab.bonds_table.selectRow(0)
    before = trace(table)
    tab.raise_button.click()
    assert refusals == [
        "「町の古老」の縁故はこのシーンで結んだか上げたばかりです。レベルは別のシーンで上げられます"
    ]
    assert trace(table) == before
    add_scene(table, "川辺")
    tab.bonds_table.selectRow(0)
    tab.raise_button.click()
    assert bonds_rows(table)[0][3:5] == ["2", "2"]
    assert last_log(table) == (
        "白峰 朔",
        "縁故のレベルを上げる（シーン「川辺」）: 狩猟者「町の古老」Lv1→Lv2",
        "狩猟者の幻想値 2",
    )
    tab.bonds_table.selectRow(0)
    tab.raise_override_check.setChecked(True)  # the GM allows a second rise in the same scene
    tab.raise_button.click()
    assert bonds_rows(table)[0][3] == "3" and bonds_rows(table)[0][-1] == "GM裁定"
    assert last_log(table)[1].endswith("Lv2→Lv3／GM裁定で制限を超えて")
    assert not tab.raise_override_check.isChecked()
    table.model.campaign_model.undo_stack.undo()
    assert bonds_rows(table)[0][3] == "2"


def test_retying_keeps_the_level_and_the_fantasy_value_and_takes_the_scenes_new_bond(table):
    saku, shiori, *_, elder = table.people
    formed(table, holder=saku, archetype="狩猟者", target=elder)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    add_scene(table, "橋")
    values = table.bonds_tab.abilities.values_table
    assert column(values, 1)[:1] == ["2"]
    seen = formed(table, holder=saku, archetype="狩猟者", target=shiori, retie=0)
    assert seen.title == "縁故を結び直す — シーン「橋」"
    assert bonds_rows(table) == [["狩猟者", "キャラクター・集団", "綾瀬 詩織", "2", "2", "橋", "結び直し"]]
    assert column(values, 1)[:1] == ["2"]  # the same 幻想値: 結び直し gives none
    assert (
        "「町の古老」→ 狩猟者・キャラクター・集団「綾瀬 詩織」Lv2（結び直しでは幻想値は増えません）"
        in (last_log(table)[1])
    )
    refused_in_dialog(table, ONE_PER_SCENE, holder=saku, archetype="狩猟者", text="森の獣たち")


def two_pc_bonds(table) -> None:
    """白峰 朔: 狩猟者 → 綾瀬 詩織 (Lv1, the first PC: full), → 黒羽 透 raised to Lv3 (half: 2)."""
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    seen = formed(table, holder=saku, archetype="狩猟者", target=toru)
    assert "（白峰 朔のPCとの縁故: 1）" in seen.hints
    for scene in ("橋", "森"):
        add_scene(table, scene)
        table.bonds_tab.bonds_table.selectRow(1)
        table.bonds_tab.raise_button.click()


def test_the_second_pc_bond_gives_half_rounded_up(table):
    two_pc_bonds(table)
    assert table.bonds_tab.bonds_table.horizontalHeaderItem(6).text() == "備考"
    assert bonds_rows(table)[1][3:5] == ["3", "2（半減）"]
    assert column(table.bonds_tab.abilities.values_table, 1)[:1] == ["3"]  # 1 + 2
    assert last_log(table)[2] == "狩猟者の幻想値 3・この縁故 2（半減）"


def test_a_retie_that_would_raise_fantasy_value_is_refused_until_the_gm_overrides_and_is_logged_so(table):
    saku = table.people[0]
    two_pc_bonds(table)
    add_scene(table, "滝")
    # Moving the first PC 縁故 to a group would let the halved one count in full: 3 → 1 + 3.
    request = dict(holder=saku, archetype="狩猟者", text="天狗たち", retie=0)
    refused_in_dialog(
        table,
        "結び直しでは幻想値は増えません（この結び直しで 3→4 になります）。"
        "GMの裁定で認めるときは「制限を超える」を選んでください",
        **request,
    )
    formed(table, override=True, **request)
    assert last_log(table) == (
        "白峰 朔",
        "縁故を結び直す（シーン「滝」）: 「綾瀬 詩織」→ 狩猟者・キャラクター・集団「天狗たち」Lv1"
        "／GM裁定で制限を超えて（結び直しで幻想値の合計 3→4）／印象効果（天狗たちへ）: GMの入力した印象",
        "狩猟者の幻想値 4",
    )
    assert "結び直しでは幻想値は増えません" not in last_log(table)[1]
    assert bonds_rows(table)[0][2:] == ["天狗たち", "1", "1", "滝", "結び直し、GM裁定"]
