"""Whom a 縁故 names: a renamed or deleted target is shown by its current name in every page and in the
log lines written after the fact; the bond dialog marks the targets the holder already holds, chooses
a free one (or, to re-tie, the current one), and cannot form a 縁故 for a holder without 類型."""

from __future__ import annotations

from gmtool.views.sengensho.bond_dialog import FREE_TARGET
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    bonds_rows,
    choose,
    column,
    formed,
    last_log,
    look_at_bond_dialog,
)

DELETED = "（削除されたキャラクター）"


def shown(table) -> str:
    """Every name the pages show of the 縁故, in one text."""
    scenes, boss = table.scenes_tab, table.last_boss_box
    texts = [" ".join(row) for row in bonds_rows(table)]
    texts += column(scenes.scene_table, 1) + column(scenes.impressions_table, 1)
    return "\n".join([*texts, boss.status_label.text()])


def test_a_renamed_or_deleted_target_is_shown_by_its_current_name_everywhere(table):
    saku, shiori, toru, lord, _ = table.people
    campaign = table.model.campaign_model
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    choose(table.last_boss_box.boss_combo, lord)
    table.last_boss_box.choose_button.click()
    table.last_boss_box.reveal_button.click()
    campaign.rename_character(shiori, "綾瀬 しおり")
    choose(table.bonds_tab.holder_combo, saku)
    assert bonds_rows(table)[0][2] == "綾瀬 しおり"
    assert column(table.scenes_tab.scene_table, 1) == [
        "白峰 朔→綾瀬 しおり、宵闇の主→白峰 朔、宵闇の主→綾瀬 しおり、宵闇の主→黒羽 透"
    ]
    assert "ラスボスの縁故Lv1 → 白峰 朔、綾瀬 しおり、黒羽 透" in table.last_boss_box.status_label.text()
    assert "綾瀬 しおり" in column(table.scenes_tab.impressions_table, 1)
    assert "詩織" not in shown(table)
    hints = []
    look_at_bond_dialog(table, saku, lambda d: hints.append(d.hints.text()))
    assert "「綾瀬 しおり」と結びました" in hints[0]

    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    assert last_log(table)[1] == "縁故のレベルを上げる（シーン「川辺」）: 狩猟者「綾瀬 しおり」Lv1→Lv2"
    table.answer = False
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.discard_button.click()
    assert table.questions[-1].startswith("白峰 朔の縁故「綾瀬 しおり」（狩猟者・キャラクター・集団・Lv2）")

    campaign.delete_character(toru)
    choose(table.bonds_tab.holder_combo, lord)
    assert [row[2] for row in bonds_rows(table)][2:] == ["白峰 朔", "綾瀬 しおり", DELETED]
    assert f"ラスボスの縁故Lv1 → 白峰 朔、綾瀬 しおり、{DELETED}" in table.last_boss_box.status_label.text()
    table.answer = True
    table.bonds_tab.bonds_table.selectRow(4)
    table.bonds_tab.discard_button.click()
    assert last_log(table)[1] == f"縁故を破棄: ラスボス・キャラクター・集団「{DELETED}」Lv1"
    assert "黒羽" not in shown(table)


def test_the_bond_dialog_marks_held_targets_and_chooses_a_free_one(table, qtbot):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    seen = {}

    def look(dialog) -> None:
        combo = dialog.target_combo
        seen["labels"] = [combo.itemText(i) for i in range(combo.count())]
        seen["chosen"] = combo.currentData()
        # No blank bands: the spare height goes below the hints, not into the holder's line.
        seen["band"] = dialog.holder_label.height() - dialog.holder_label.sizeHint().height()

    look_at_bond_dialog(table, saku, look)
    assert seen["labels"] == [
        "綾瀬 詩織（PC）（縁故あり・狩猟者）",
        "黒羽 透（PC）",
        "宵闇の主（NPC）",
        "町の古老（NPC）",
        "集団・その他（名前を入力）",
    ]
    assert seen["chosen"] == toru and seen["band"] <= 2


def test_re_tying_starts_from_the_current_target(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="芸術家", target=shiori)
    add_scene(table, "川辺")
    formed(table, holder=saku, archetype="狩猟者", text="天狗たち")
    add_scene(table, "橋")
    seen = []

    def look(dialog) -> None:
        seen.append(
            (
                dialog.archetype_combo.currentData(),
                dialog.target_combo.currentData(),
                dialog.target_edit.text(),
                dialog.holder_label.text(),
            )
        )

    look_at_bond_dialog(table, saku, look, retie=0)
    look_at_bond_dialog(table, saku, look, retie=1)
    assert seen == [
        (
            "芸術家",
            shiori,
            "",
            "白峰 朔の縁故「綾瀬 詩織」（芸術家・キャラクター・集団・Lv1）を結び直します。"
            "レベルはそのままです（結び直しでは幻想値は増えません）",
        ),
        (
            "狩猟者",
            FREE_TARGET,
            "天狗たち",
            "白峰 朔の縁故「天狗たち」（狩猟者・キャラクター・集団・Lv1）を結び直します。"
            "レベルはそのままです（結び直しでは幻想値は増えません）",
        ),
    ]


def test_a_holder_without_archetype_cannot_form_a_bond_and_is_told_when_to_choose_one(table):
    elder = table.people[4]
    seen = []

    def look(dialog) -> None:
        seen.append((dialog.ok_button.isEnabled(), dialog.ok_button.toolTip(), dialog.hints.text()))

    look_at_bond_dialog(table, elder, look)
    enabled, tip, hints = seen[0]
    assert not enabled and tip == "類型は次のセッションの開始前にシートで選びます"
    assert (
        hints.splitlines()[0]
        == "町の古老には類型がありません（類型は次のセッションの開始前にシートで選びます）"
    )
