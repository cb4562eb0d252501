"""The 千幻抄 sheet's session box: 縁故, 幻想値, 前借り and 幻想能力 in the words the session dialog and
the log use (`sengensho_labels`), following the session, the catalog and the other characters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.sengensho.labels import DEBT_NOTE, HALVED_NOTE, UNLIMITED_NOTE
from gmtool.models.sengensho.state import SESSION_KEY, cast_of, read_catalog, read_session
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond, retie_bond, reveal_last_boss
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.fantasy import use_ability
from gmtool.rules.systems.sengensho.session import SengenshoSession, add_scene, set_last_boss, start_session
from tests.views.sengensho.test_sheet_view import SAKU, SHIORI, add_cast, play, sheet, store


@pytest.fixture
def campaign(empty_campaign_model):
    return add_cast(empty_campaign_model)


def test_the_session_box_shows_bonds_halving_debt_and_ability_states(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.fantasy_box
    assert box.status_label.text() == "セッション 1（開始前）"
    assert box.bond_rows() == [] and box.values_label.text() == "狩猟者: 幻想値 0（縁故 0個）"
    assert [r[3] for r in box.ability_rows()] == [
        "使用不可（幻想値 0/1）",
        "必要幻想値が未設定",
        "使用不可（幻想値 0/4）",
    ]
    assert box.values_note.isHidden()

    session = play(model, ids)
    assert box.status_label.text() == "セッション 1（進行中・現在のシーン: 山頂）"
    assert box.bonds_table.horizontalHeaderItem(5).text() == "備考"
    assert box.bond_rows() == [
        ["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", ""],
        ["狩猟者", "キャラクター・集団", "紅", "2", "1（半減）", ""],
    ]
    assert box.values_label.text() == "狩猟者: 幻想値 2（縁故 2個）"
    assert box.debt_label.isHidden()
    assert box.values_note.text() == HALVED_NOTE and not box.values_note.isHidden()
    assert box.ability_rows() == [
        ["狩猟者", "追跡", "1", "使用可"],
        ["狩猟者", "幻想能力2（名称未設定）", "未設定", "必要幻想値が未設定"],
        ["狩猟者", "大物狩り", "4", "使用不可（幻想値 2/4）"],
    ]

    catalog, _ = read_catalog(model)
    saku = ids["白峰 朔"]
    session = store(model, use_ability(session, cast_of(model), catalog, saku, "狩猟者", 0)[0])
    store(model, use_ability(session, cast_of(model), catalog, saku, "狩猟者", 2, borrow_if_short=True)[0])
    assert [r[3] for r in box.ability_rows()] == ["使用済み", "必要幻想値が未設定", "使用済み"]
    assert box.values_label.text() == "狩猟者: 幻想値 4（縁故 2個）"
    assert box.debt_label.text() == "狩猟者: 前借り中: あと2点（縁故で返す）"
    assert box.values_note.text() == f"{HALVED_NOTE}\n{DEBT_NOTE}"

    model.undo_stack.undo()  # the borrowed use, from the main window
    assert box.debt_label.isHidden() and box.values_note.text() == HALVED_NOTE
    assert [r[3] for r in box.ability_rows()] == ["使用済み", "必要幻想値が未設定", "使用不可（幻想値 2/4）"]
    model.undo_stack.undo()
    assert box.ability_rows()[0][3] == "使用可"


def test_a_gm_ruling_and_a_retie_are_marked_as_in_the_session_dialog(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    saku = ids["白峰 朔"]
    session = add_scene(start_session(SengenshoSession()), "廃寺")
    ruled = BondRequest(saku, "狩猟者", BondKind.PURPOSE, target="月を見る", level=3, override=True)
    session, bond, _ = form_bond(session, cast_of(model), ruled)
    store(model, session)
    assert view.fantasy_box.bond_rows() == [["狩猟者", "目的", "月を見る", "3", "3", "GM裁定"]]
    retied = BondRequest(saku, "狩猟者", BondKind.MEMORY, target="初陣")
    store(model, retie_bond(add_scene(session, "竹林"), cast_of(model), bond.id, retied)[0])
    assert view.fantasy_box.bond_rows() == [["狩猟者", "記憶", "初陣", "3", "3", "結び直し、GM裁定"]]


def test_targets_show_their_current_name_and_pc_npc_switches_change_the_halving(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    play(model, ids)
    model.update_character(ids["綾瀬 詩織"], replace(SHIORI, is_pc=False), "NPCにする")
    assert [r[4] for r in view.fantasy_box.bond_rows()] == ["1", "2"]
    assert view.fantasy_box.values_label.text() == "狩猟者: 幻想値 3（縁故 2個）"
    assert view.fantasy_box.values_note.isHidden()  # nothing halved any more
    model.rename_character(ids["紅"], "紅 美鈴")
    assert view.fantasy_box.bond_rows()[1][2] == "紅 美鈴"
    model.delete_character(ids["綾瀬 詩織"])
    assert view.fantasy_box.bond_rows()[0][2] == "（削除されたキャラクター）"


def test_the_last_boss_and_its_presets_in_the_session_box(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.fantasy_box
    assert box.bond_rows()[0] == ["狩猟者", "キャラクター・集団", "人里", "3", "3", "事前設定"]
    assert box.values_label.text() == "狩猟者: 幻想値 5（縁故 2個）\n芸術家: 幻想値 5（縁故 1個）"
    assert box.boss_label.isHidden()

    cast = cast_of(model)
    session = add_scene(start_session(SengenshoSession()), "決戦")
    session = store(model, set_last_boss(session, cast, ids["宵闇の主"]))
    assert box.boss_label.text() == "このキャラクターはラスボスです（まだ明かされていません）"
    store(model, reveal_last_boss(session, cast)[0])
    assert box.boss_label.text() == "このキャラクターはラスボスです（明かされています）"
    # The preset 縁故 first, then the session's, as the session dialog lists them.
    assert [r[5] for r in box.bond_rows()] == ["事前設定"] * 3 + ["ラスボス"] * 3
    assert [r[2] for r in box.bond_rows()[3:]] == ["白峰 朔", "綾瀬 詩織", "紅"]
    assert box.bond_rows()[4][4] == "1（半減）"
    assert "ラスボス: 幻想値 3（縁故 3個）" in box.values_label.text()
    assert view.fantasy_box.summary_label.text() == "幻想値 狩猟者 5・芸術家 5・ラスボス 3"


def test_an_unlimited_character_is_noted_under_its_abilities(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    assert view.fantasy_box.abilities_note.isHidden()
    model.update_character(ids["白峰 朔"], replace(SAKU, unlimited_abilities=True), "原作キャラクター")
    assert view.fantasy_box.abilities_note.text() == UNLIMITED_NOTE
    assert not view.fantasy_box.abilities_note.isHidden()


def test_a_damaged_session_is_reported_in_the_box(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    model.set_session_value(SESSION_KEY, {"running": "yes"}, "壊れた状態")
    assert read_session(model)[1] is not None
    assert view.fantasy_box.problem_label.text() == read_session(model)[1]
    assert not view.fantasy_box.problem_label.isHidden()
    assert view.fantasy_box.status_label.text() == "セッション 1（開始前）"


def test_the_session_button_asks_for_the_session_dialog(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    assert view.fantasy_box.session_button.text() == "セッション管理…"
    with qtbot.waitSignal(view.session_requested, timeout=1000):
        view.fantasy_box.session_button.click()
