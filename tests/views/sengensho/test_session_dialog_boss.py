"""The ラスボス and the end of the session in the dialog: choosing (a PC asks first), revealing (a 縁故
to each PC it holds none to yet, with the impressions and the PCs skipped in the log), PCs bonding to
it free of the level limits, and ending the session (asked, with what resets, undoable)."""

from __future__ import annotations

from gmtool.rules.systems.sengensho.character import PresetBond, SengenshoCharacter
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    bonds_rows,
    choose,
    column,
    formed,
    last_log,
    use,
)


def choose_boss(table, boss: str) -> None:
    choose(table.last_boss_box.boss_combo, boss)
    table.last_boss_box.choose_button.click()


def test_the_last_boss_is_revealed_and_pcs_bond_to_it_without_level_limits(table):
    saku, shiori, _, lord, _ = table.people
    box = table.last_boss_box
    choose_boss(table, lord)
    assert box.status_label.text() == "ラスボス: 宵闇の主（まだ明かしていません）" and not table.questions
    box.reveal_button.click()
    assert (
        box.status_label.text()
        == "ラスボス: 宵闇の主（明かしました）。ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透"
    )
    assert last_log(table)[1] == (
        "ラスボス「宵闇の主」を明かした（クライマックス・シーン「神社」）: "
        "ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透。"
        "PCは宵闇の主への縁故を、選択している類型からレベルの制限なしで結べます"
        "／印象効果（白峰 朔、綾瀬 詩織、黒羽 透へ）: 未設定（ラスボスの印象効果は本文にありません）"
    )
    assert not box.reveal_button.isEnabled()
    choose(table.bonds_tab.holder_combo, lord)
    assert [r[0] for r in bonds_rows(table)][2:] == ["ラスボス"] * 3  # after its two preset 縁故
    formed(table, holder=saku, archetype="狩猟者", target=shiori)  # the scene's one new 縁故 is used
    formed(table, holder=saku, archetype="芸術家", target=lord, level=3)
    assert bonds_rows(table)[-1] == ["芸術家", "キャラクター・集団", "宵闇の主", "3", "3", "神社", "ラスボス"]
    assert "ラスボスへの縁故: 白峰 朔（芸術家・Lv3）" in box.status_label.text()
    for _ in range(3):
        table.model.campaign_model.undo_stack.undo()
    assert box.status_label.text() == "ラスボス: 宵闇の主（まだ明かしていません）"


def test_the_reveal_skips_the_pcs_the_boss_already_holds_and_says_so(table):
    _, shiori, toru, *_ = table.people
    # 鬼火 holds 白峰 朔 by a preset 縁故 (by name) and forms one to 黒羽 透 in the scene.
    wisp = table.model.campaign_model.insert_character(
        "sengensho",
        SengenshoCharacter(
            name="鬼火", is_pc=False, archetypes=("芸術家",), preset_bonds=(PresetBond("芸術家", "白峰 朔"),)
        ),
        "追加",
    )
    formed(table, holder=wisp, archetype="芸術家", target=toru)
    choose_boss(table, wisp)
    table.last_boss_box.reveal_button.click()
    assert last_log(table)[1:] == (
        "ラスボス「鬼火」を明かした（クライマックス・シーン「神社」）: ラスボスの縁故Lv1 → 綾瀬 詩織。"
        "PCは鬼火への縁故を、選択している類型からレベルの制限なしで結べます"
        "／ラスボスの縁故を結ばないPC: 白峰 朔（既に芸術家の縁故あり）、黒羽 透（既に芸術家の縁故あり）"
        "／印象効果（綾瀬 詩織へ）: 未設定（ラスボスの印象効果は本文にありません）",
        "縁故 1 つ",
    )
    assert table.last_boss_box.status_label.text() == (
        "ラスボス: 鬼火（明かしました）。ラスボスの縁故Lv1 → 綾瀬 詩織\n"
        "既に縁故があるため結ばなかったPC: 白峰 朔（芸術家）、黒羽 透（芸術家）"
    )
    choose(table.bonds_tab.holder_combo, wisp)
    assert [row[:3] for row in bonds_rows(table)] == [
        ["芸術家", "キャラクター・集団", "白峰 朔"],
        ["芸術家", "キャラクター・集団", "黒羽 透"],
        ["ラスボス", "キャラクター・集団", "綾瀬 詩織"],
    ]
    assert {shiori} == {b.target_id for b in table.model.state().bonds_of(wisp) if b.archetype == "ラスボス"}


def test_choosing_a_pc_as_last_boss_asks_first(table):
    saku = table.people[0]
    box = table.last_boss_box
    table.answer = False
    choose_boss(table, saku)
    assert table.model.state().last_boss is None
    assert (
        "白峰 朔はPCです。類型「ラスボス」は原則としてセッションに一人のNPCだけに認められます。"
        in table.questions[-1]
    )
    table.answer = True
    box.choose_button.click()
    assert table.model.state().last_boss == saku and last_log(table)[1] == "ラスボス: 白峰 朔（PC・GM裁定）"
    box.clear_button.click()
    assert box.status_label.text() == "ラスボスは決まっていません"


# ---- the end of the session ---------------------------------------------------------------------------


def test_ending_the_session_asks_and_says_what_resets(table):
    saku, shiori, _, lord, _ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    use(table, saku, 0)
    choose_boss(table, lord)
    assert not table.keep_check.isChecked()
    table.answer = False
    table.end_button.click()
    assert table.model.state().running  # the GM said no
    assert table.questions[-1] == (
        "セッション 1 を終了しますか？\n\n"
        "・リセット: 幻想能力の使用回数、シーン、ラスボス\n"
        "・このセッションの縁故と前借りは記録に移ります（縁故は各セッションで結ぶもの）\n"
        "・類型は次のセッションの開始前に変更できます\n"
        "（メインウィンドウの「元に戻す」で取り消せます）"
    )
    table.answer = True
    table.end_button.click()
    assert table.session_label.text() == "セッション 2（開始前）"
    assert table.scenes_tab.scene_table.rowCount() == 0 and bonds_rows(table) == []
    assert table.last_boss_box.status_label.text() == "ラスボスは決まっていません"
    assert column(table.bonds_tab.abilities.abilities_table, 4)[0] == "使用不可（幻想値 0/2）"
    assert last_log(table)[1].startswith(
        "セッション 1 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。"
    )
    assert last_log(table)[2] == "セッション 2（開始前）へ"
    table.model.campaign_model.undo_stack.undo()
    assert table.session_label.text() == "セッション 1（進行中・現在のシーン: 川辺）"
    assert column(table.bonds_tab.abilities.abilities_table, 4)[0] == "使用済み"


def test_the_gm_may_carry_the_bonds_over(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    table.keep_check.setChecked(True)
    table.end_button.click()
    assert "・縁故と前借りは次のセッションに持ち越します（GMの判断）" in table.questions[-1]
    assert bonds_rows(table) == [
        ["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", "前のセッション", ""]
    ]
    assert not table.keep_check.isChecked()  # decided again at the next end
