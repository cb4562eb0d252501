"""幻想値 and 幻想能力 in the session dialog: each ability's state in the sheet's words, using one (logged,
nothing spent), 前借り with its debt and its refusal while a 類型 owes, and an NPC's preset 縁故."""

from __future__ import annotations

from gmtool.models.sengensho.state import CATALOG_KEY
from gmtool.rules.systems.sengensho.catalog import (
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    FantasyAbility,
    catalog_to_document,
)
from tests.models.sengensho.session_helpers import GM_CATALOG
from tests.views.sengensho.test_session_dialog import (
    add_scene,
    bonds_rows,
    choose,
    column,
    formed,
    last_log,
    trace,
    use,
)


def test_abilities_show_their_state_and_using_one_is_logged(table, refusals):
    saku, shiori, *_ = table.people
    choose(table.bonds_tab.holder_combo, saku)
    box = table.bonds_tab.abilities
    assert (
        column(box.abilities_table, 4)
        == [
            "使用不可（幻想値 0/2）",
            "使用不可（幻想値 0/4）",
            "必要幻想値が未設定",
        ]
        + ["必要幻想値が未設定"] * 3
    )
    # Unnamed abilities are called as on the sheet and in the log (芸術家 is empty in the GM's catalog).
    assert column(box.abilities_table, 1)[2:] == [
        "幻想能力3（名称未設定）",
        "幻想能力1（名称未設定）",
        "幻想能力2（名称未設定）",
        "幻想能力3（名称未設定）",
    ]
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    assert column(box.abilities_table, 4)[0] == "使用可"
    use(table, saku, 0)
    assert column(box.abilities_table, 4)[0] == "使用済み"
    assert box.detail_label.text() == "能力甲: GMの入力した効果"
    assert column(box.values_table, 1)[:1] == ["2"]  # not spent
    assert last_log(table) == (
        "白峰 朔",
        "幻想能力「能力甲」（狩猟者・ボーナス・必要幻想値 2）: 効果 GMの入力した効果",
        "使用（幻想値 2 は減りません）",
    )
    use(table, saku, 0)
    use(table, saku, 2)
    assert refusals == [
        "能力甲はこのセッションで使用済みです（各幻想能力は1セッションに1回）",
        "幻想能力3（名称未設定）の必要幻想値が未設定です（類型カタログで入力してください）",
    ]
    table.model.campaign_model.undo_stack.undo()
    assert column(box.abilities_table, 4)[0] == "使用可"


def test_borrowing_shows_the_debt_and_is_refused_while_a_type_owes(table, refusals):
    saku, *_, elder = table.people
    box = table.bonds_tab.abilities
    use(table, saku, 1)
    assert refusals == ["能力乙には幻想値が足りません（0/4）。前借りすれば使えます"]
    assert not box.debt_note.isVisible()
    use(table, saku, 1, borrow=True)
    assert column(box.values_table, 1)[:1] == ["4"]
    assert column(box.values_table, 3)[:1] == ["前借り中: あと4点（縁故で返す）"]
    assert box.debt_note.isVisible()
    assert box.debt_note.text() == "前借り中: GMの判断で縁故を与えられます（印象効果も通常どおり）"
    assert last_log(table)[2] == "前借りして使用・前借り中: あと4点（縁故で返す）"
    assert "／前借り: 幻想値 0→4（以後のシーンで縁故を結び、あと4点を確保）" in last_log(table)[1]
    artist = Archetype("芸術家", abilities=(FantasyAbility("能力丙", AbilityKind.SPECIAL, 1, ""),) * 3)
    catalog = ArchetypeCatalog((GM_CATALOG.archetypes[0], artist))
    table.model.campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(catalog), "カタログ")
    assert column(box.abilities_table, 4)[3] == "使用不可（幻想値 0/1）"
    before = trace(table)
    use(table, saku, 3, borrow=True)
    assert refusals[-1] == "縁故が幻想値に満たない類型があるあいだは前借りできません（狩猟者 あと4点）"
    assert trace(table) == before
    seen = formed(table, holder=saku, archetype="狩猟者", target=elder)
    assert "前借り中: GMの判断で縁故を与えられます（印象効果も通常どおり）" in seen.hints
    assert column(box.values_table, 3)[:1] == ["前借り中: あと3点（縁故で返す）"]


def test_an_npc_lists_its_preset_bonds_first_and_shows_the_guideline(table):
    lord, elder = table.people[3:]
    formed(table, holder=lord, archetype="狩猟者", target=elder)
    assert bonds_rows(table) == [
        ["狩猟者", "キャラクター・集団", "人里", "5", "5", "セッション開始前", "事前設定"],
        ["芸術家", "記憶", "古い歌", "5", "5", "セッション開始前", "事前設定"],
        ["狩猟者", "キャラクター・集団", "町の古老", "1", "1", "神社", ""],
    ]  # as the sheet lists them
    values = table.bonds_tab.abilities.values_table
    assert column(values, 4) == ["NPCの縁故は類型ごとに5〜6点が目安"] * 2 and not values.isColumnHidden(4)
    choose(table.bonds_tab.holder_combo, table.people[0])
    assert values.isColumnHidden(4)
