"""The 千幻抄 sheet: edits reach the campaign as one undo step each, 類型 follow the session's lock and
the catalog, an NPC's preset 縁故 show the guideline, and the session box follows the session."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho_state import CATALOG_KEY, SESSION_KEY, cast_of, read_catalog, read_session
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond, raise_level, reveal_last_boss
from gmtool.rules.systems.sengensho.catalog import (
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    FantasyAbility,
    catalog_to_document,
)
from gmtool.rules.systems.sengensho.character import (
    Attributes,
    BondKind,
    PresetBond,
    SengenshoCharacter,
    Skill,
)
from gmtool.rules.systems.sengensho.fantasy import use_ability
from gmtool.rules.systems.sengensho.session import (
    SengenshoSession,
    add_scene,
    end_session,
    session_to_document,
    set_last_boss,
    start_session,
)
from gmtool.views.sheet.sengensho_sheet_view import SengenshoSheetView
from tests.qt_fixtures import reopen_characters

SAKU = SengenshoCharacter(
    name="白峰 朔",
    attributes=Attributes(body=3, endurance=2, intellect=4, sense=5, will=1),
    skills=(Skill("交渉", 2),),
    archetypes=("狩猟者",),
    notes="デモ用のPC。",
)
SHIORI = SengenshoCharacter(name="綾瀬 詩織", archetypes=("芸術家",))
KURENAI = SengenshoCharacter(name="紅", archetypes=("芸術家",))
LORD = SengenshoCharacter(
    name="宵闇の主",
    is_pc=False,
    archetypes=("狩猟者", "芸術家"),
    preset_bonds=(
        PresetBond("狩猟者", "人里", BondKind.CHARACTER, 3),
        PresetBond("狩猟者", "満月の夜", BondKind.MEMORY, 2),
        PresetBond("芸術家", "未完の絵", BondKind.PURPOSE, 5),
    ),
)
CATALOG = ArchetypeCatalog(
    (
        Archetype(
            "狩猟者",
            abilities=(
                FantasyAbility("追跡", AbilityKind.BONUS, 1),
                FantasyAbility(),
                FantasyAbility("大物狩り", AbilityKind.SPECIAL, 4),
            ),
        ),
        Archetype("芸術家"),
        Archetype("守護者"),
        Archetype("語り部"),
    )
)
FOURTH = "類型は3つまでです（「キャラクターは3つの類型を持つ」）。先に1つ外してください"


@pytest.fixture
def campaign(empty_campaign_model):
    """The three PCs and the NPC, the test catalog, a clean undo history: name → id."""
    ids = {
        c.name: empty_campaign_model.insert_character("sengensho", c, "t")
        for c in (SAKU, SHIORI, KURENAI, LORD)
    }
    empty_campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(CATALOG), "t")
    empty_campaign_model.undo_stack.clear()
    return empty_campaign_model, ids


def sheet(qtbot, campaign_model, character_id) -> SengenshoSheetView:
    view = SengenshoSheetView(CharacterModel(campaign_model, character_id))
    view.questions = []

    def answer(title: str, text: str) -> bool:
        view.questions.append(text)
        return view.answer

    view.answer = True
    view.ask_confirm = answer
    qtbot.addWidget(view)
    return view


def store(campaign_model, session: SengenshoSession) -> SengenshoSession:
    campaign_model.set_session_value(SESSION_KEY, session_to_document(session), "セッション")
    return session


def stored(campaign_model, name: str) -> SengenshoCharacter:
    return reopen_characters(campaign_model.campaign.path)[name]


# ---- the character's own values -------------------------------------------------------------
def test_the_sheet_shows_the_character(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    assert view.name_label.text() == "白峰 朔"
    assert view.pc_combo.currentText() == "PC"
    assert {k: s.value() for k, s in view.attribute_spins.items()} == {
        "body": 3,
        "endurance": 2,
        "intellect": 4,
        "sense": 5,
        "will": 1,
    }
    assert view.skills_box.rows() == [("〈交渉〉", "2")]
    assert view.notes_edit.toPlainText() == "デモ用のPC。"
    assert view.unlimited_check.text() == "原作キャラクター（GMの判断で幻想能力を無制限に使用）"
    assert (
        "原作のキャラクターは、GMの判断で無制限に幻想能力を使用できるとしてよい"
        in view.unlimited_check.toolTip()
    )
    assert view.archetypes_box.shown() == ["狩猟者"]
    assert view.presets_box.isHidden()  # a PC without presets


def test_each_edit_is_one_undo_step_that_reaches_the_file(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    view.attribute_spins["will"].setValue(6)
    view.pc_combo.setCurrentIndex(view.pc_combo.findData(False))
    view.unlimited_check.setChecked(True)
    view.notes_edit.setPlainText("月夜に狩る")
    view.notes_edit.committed.emit(view.notes_edit.toPlainText())
    box = view.skills_box
    box.name_edit.setText("幻想知識")
    box.level_spin.setValue(3)
    box.add_button.click()
    box.select(0)
    box.level_spin.setValue(4)
    box.update_button.click()
    box.select(1)
    box.remove_button.click()

    saku = stored(model, "白峰 朔")
    assert (saku.attributes.will, saku.is_pc, saku.unlimited_abilities, saku.notes) == (
        6,
        False,
        True,
        "月夜に狩る",
    )
    assert saku.skills == (Skill("交渉", 4),)
    assert model.undo_stack.count() == 7
    assert model.undo_stack.undoText() == "スキル〈幻想知識〉の削除"

    model.undo_stack.undo()
    assert box.rows() == [("〈交渉〉", "4"), ("〈幻想知識〉", "3")]
    model.undo_stack.undo()
    assert box.rows() == [("〈交渉〉", "2"), ("〈幻想知識〉", "3")]
    for _ in range(5):
        model.undo_stack.undo()
    assert view.attribute_spins["will"].value() == 1 and view.pc_combo.currentText() == "PC"
    assert not view.unlimited_check.isChecked() and view.notes_edit.toPlainText() == "デモ用のPC。"
    assert stored(model, "白峰 朔") == SAKU


def test_a_duplicate_skill_name_is_refused_with_the_reason(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.skills_box
    box.name_edit.setText("〈交渉〉")
    box.add_button.click()
    assert refusals == ["スキル〈交渉〉はもうあります（選択して更新してください）"]
    box.name_edit.setText("隠密")
    box.add_button.click()
    box.select(1)
    box.name_edit.setText("交渉")
    box.update_button.click()
    assert refusals[-1] == "スキル〈交渉〉はもうあります（同じ名前のスキルは1つだけ）"
    assert [s.name for s in model.character(ids["白峰 朔"]).skills] == ["交渉", "隠密"]
    assert model.undo_stack.count() == 1


# ---- 類型 ---------------------------------------------------------------------------------
def test_archetypes_come_from_the_catalog_and_unknown_names_are_marked(qtbot, campaign):
    model, ids = campaign
    model.update_character(ids["白峰 朔"], replace(SAKU, archetypes=("狩猟者", "吸血鬼")), "t")
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.archetypes_box
    assert box.shown() == ["狩猟者", "吸血鬼（カタログにない類型）"]
    assert box.offered() == ["芸術家", "守護者", "語り部"]
    box.catalog_combo.setCurrentIndex(box.catalog_combo.findData("語り部"))
    box.add_button.click()
    assert stored(model, "白峰 朔").archetypes == ("狩猟者", "吸血鬼", "語り部")
    assert model.undo_stack.undoText() == "類型「語り部」の追加"
    assert box.offered() == ["芸術家", "守護者"]

    # The GM adds 吸血鬼 to the catalog: the mark goes at once.
    catalog, _ = read_catalog(model)
    grown = ArchetypeCatalog((*catalog.archetypes, Archetype("吸血鬼")))
    model.set_session_value(CATALOG_KEY, catalog_to_document(grown), "t")
    assert box.shown() == ["狩猟者", "吸血鬼", "語り部"]


def test_a_fourth_archetype_is_refused_with_the_text(qtbot, campaign, refusals):
    model, ids = campaign
    three = ("狩猟者", "芸術家", "守護者")
    model.update_character(ids["白峰 朔"], replace(SAKU, archetypes=three), "t")
    model.undo_stack.clear()
    view = sheet(qtbot, model, ids["白峰 朔"])
    assert view.archetypes_box.offered() == ["語り部"]
    view.archetypes_box.add_button.click()
    assert refusals == [FOURTH]
    assert model.character(ids["白峰 朔"]).archetypes == three
    assert model.undo_stack.count() == 0


def test_archetypes_are_locked_while_a_session_runs(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.archetypes_box
    assert box.add_button.isEnabled() and box.lock_label.isHidden()

    running = store(model, start_session(SengenshoSession()))
    controls = (box.list, box.catalog_combo, box.add_button, box.remove_button)
    assert not any(w.isEnabled() for w in controls)
    assert not box.lock_label.isHidden()
    assert box.lock_label.text() == (
        "類型はセッション開始時に決めます。セッション 1 の最中は類型を変更できません"
        "（次のセッションの開始前に変更してください）"
    )
    box._on_add()  # what a click that still got through (a keyboard shortcut) would do
    assert refusals == [
        "セッション 1 の最中は類型を変更できません（次のセッションの開始前に変更してください）"
    ]
    assert model.character(ids["白峰 朔"]).archetypes == ("狩猟者",)

    store(model, end_session(running))
    assert all(w.isEnabled() for w in controls) and box.lock_label.isHidden()
    model.undo_stack.undo()  # back into the running session
    assert not box.add_button.isEnabled()


def test_removing_an_archetype_with_presets_asks_and_removes_them_in_one_step(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.archetypes_box
    box.select("狩猟者")
    view.answer = False
    box.remove_button.click()
    assert view.questions == [
        "類型「狩猟者」には事前設定の縁故が2個あります。類型を外すと、これらの縁故も削除します。外しますか？"
    ]
    assert model.character(ids["宵闇の主"]) == LORD and model.undo_stack.count() == 0

    view.answer = True
    box.remove_button.click()
    lord = stored(model, "宵闇の主")
    assert lord.archetypes == ("芸術家",)
    assert lord.preset_bonds == (PresetBond("芸術家", "未完の絵", BondKind.PURPOSE, 5),)
    assert view.presets_box.rows() == [["芸術家", "目的", "未完の絵", "5"]]
    assert model.undo_stack.count() == 1
    assert model.undo_stack.undoText() == "類型「狩猟者」を外す（事前設定の縁故2個も削除）"
    model.undo_stack.undo()
    assert model.character(ids["宵闇の主"]) == LORD
    assert len(view.presets_box.rows()) == 3


def test_removing_an_archetype_without_presets_does_not_ask(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    view.archetypes_box.select("狩猟者")
    view.archetypes_box.remove_button.click()
    assert view.questions == [] and model.character(ids["白峰 朔"]).archetypes == ()


# ---- an NPC's preset 縁故 ------------------------------------------------------------------
def test_preset_sums_outside_the_guideline_are_shown_in_the_warning_colour(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.presets_box
    assert not box.isHidden()
    assert box.guide_label.text() == "NPCの縁故は類型ごとに5〜6点が目安"
    hunter, artist = box.sum_labels["狩猟者"], box.sum_labels["芸術家"]
    assert (hunter.text(), artist.text()) == ("狩猟者: 5点", "芸術家: 5点")
    assert hunter.styleSheet() == "" and artist.styleSheet() == ""

    box.archetype_combo.setCurrentIndex(box.archetype_combo.findData("狩猟者"))
    box.target_edit.setText("博麗神社")
    box.level_spin.setValue(2)
    box.add_button.click()  # 7 points: not refused, shown
    assert stored(model, "宵闇の主").preset_bonds[-1] == PresetBond(
        "狩猟者", "博麗神社", BondKind.CHARACTER, 2
    )
    assert hunter.text() == "狩猟者: 7点" and "#b35c00" in hunter.styleSheet()
    assert artist.styleSheet() == ""
    assert model.undo_stack.undoText() == "事前設定の縁故「博麗神社」の追加"

    box.table.setCurrentCell(0, 0)  # 人里 3 → 1: 3 points
    assert box.target_edit.text() == "人里" and box.level_spin.value() == 3
    box.level_spin.setValue(1)
    box.update_button.click()
    assert box.rows()[0] == ["狩猟者", "キャラクター・集団", "人里", "1"]
    assert hunter.text() == "狩猟者: 5点" and hunter.styleSheet() == ""
    assert model.undo_stack.count() == 2
    model.undo_stack.undo()
    assert hunter.text() == "狩猟者: 7点" and "#b35c00" in hunter.styleSheet()


def test_preset_bonds_keep_the_texts_limits(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.presets_box
    box.archetype_combo.setCurrentIndex(box.archetype_combo.findData("芸術家"))
    box.target_edit.setText("人里")
    box.add_button.click()
    assert refusals[-1] == (
        "「人里」には類型「狩猟者」の縁故があります。同じ対象に2つ以上の類型から"
        "縁故は結べません（先にその縁故を削除してください）"
    )
    box.kind_combo.setCurrentIndex(box.kind_combo.findData(BondKind.PURPOSE.value))
    box.target_edit.setText("夜明けを見る")
    box.add_button.click()
    assert refusals[-1] == "目的の縁故は最大1つまでです"
    assert model.character(ids["宵闇の主"]) == LORD and model.undo_stack.count() == 0


def test_a_pc_with_presets_still_shows_them_so_they_can_be_removed(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    view.pc_combo.setCurrentIndex(view.pc_combo.findData(True))
    box = view.presets_box
    assert not box.isHidden() and not box.pc_note.isHidden()
    box.target_edit.setText("満月")
    box.add_button.click()
    assert refusals == ["事前設定の縁故はNPCのものです（PCの縁故はセッション中に結びます）"]
    for _ in range(3):
        box.table.setCurrentCell(0, 0)
        box.remove_button.click()
    assert model.character(ids["宵闇の主"]).preset_bonds == ()
    assert box.isHidden()


# ---- the session box ------------------------------------------------------------------------
def play(model, ids) -> SengenshoSession:
    """Scene 1: 朔 → 詩織 (狩猟者).  Scene 2: 朔 → 紅 (a second PC: halved).  Scene 3: raised to 2."""
    cast = cast_of(model)
    saku = ids["白峰 朔"]
    session = store(model, add_scene(start_session(SengenshoSession()), "廃寺"))
    first = BondRequest(saku, "狩猟者", BondKind.CHARACTER, target_id=ids["綾瀬 詩織"])
    session = store(model, form_bond(session, cast, first)[0])
    session = add_scene(session, "竹林")
    second = BondRequest(saku, "狩猟者", BondKind.CHARACTER, target_id=ids["紅"])
    session, bond, _ = form_bond(session, cast, second)
    session = store(model, session)
    return store(model, raise_level(add_scene(session, "山頂"), bond.id)[0])


def test_the_session_box_shows_bonds_halving_debt_and_ability_states(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.fantasy_box
    assert box.status_label.text() == "セッション 1：開始前"
    assert box.bond_rows() == [] and box.values_label.text() == "狩猟者: 幻想値 0（縁故 0個）"
    assert [r[3] for r in box.ability_rows()] == ["使用不可 0/1", "未設定", "使用不可 0/4"]

    session = play(model, ids)
    assert box.status_label.text() == "セッション 1：進行中（現在のシーン: 山頂）"
    assert box.bond_rows() == [
        ["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", ""],
        ["狩猟者", "キャラクター・集団", "紅", "2", "1（半減）", "PCとの縁故2人目以降"],
    ]
    assert box.values_label.text() == "狩猟者: 幻想値 2（縁故 2個）"
    assert box.debt_label.isHidden()
    assert box.ability_rows() == [
        ["狩猟者", "追跡", "1", "使用可"],
        ["狩猟者", "幻想能力2（名称未設定）", "未設定", "未設定"],
        ["狩猟者", "大物狩り", "4", "使用不可 2/4"],
    ]

    catalog, _ = read_catalog(model)
    saku = ids["白峰 朔"]
    session = store(model, use_ability(session, cast_of(model), catalog, saku, "狩猟者", 0)[0])
    store(model, use_ability(session, cast_of(model), catalog, saku, "狩猟者", 2, borrow_if_short=True)[0])
    assert [r[3] for r in box.ability_rows()] == ["使用済み", "未設定", "使用済み"]
    assert box.values_label.text() == "狩猟者: 幻想値 4（縁故 2個）"
    assert box.debt_label.text() == "狩猟者: 前借り中: あと 2 点（縁故で返す）"

    model.undo_stack.undo()  # the borrowed use, from the main window
    assert box.debt_label.isHidden()
    assert [r[3] for r in box.ability_rows()] == ["使用済み", "未設定", "使用不可 2/4"]
    model.undo_stack.undo()
    assert box.ability_rows()[0][3] == "使用可"


def test_a_targets_pc_npc_switch_changes_the_halving(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    play(model, ids)
    model.update_character(ids["綾瀬 詩織"], replace(SHIORI, is_pc=False), "NPCにする")
    assert [r[4] for r in view.fantasy_box.bond_rows()] == ["1", "2"]
    assert view.fantasy_box.values_label.text() == "狩猟者: 幻想値 3（縁故 2個）"
    model.rename_character(ids["紅"], "紅 美鈴")
    assert view.fantasy_box.bond_rows()[1][2] == "紅 美鈴"


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
    boss_rows = [r for r in box.bond_rows() if r[0] == "ラスボス"]
    assert [r[2] for r in boss_rows] == ["白峰 朔", "綾瀬 詩織", "紅"]
    assert boss_rows[1][4] == "1（半減）" and "ラスボス" in boss_rows[1][5]
    assert "ラスボス: 幻想値 3（縁故 3個）" in box.values_label.text()


def test_a_damaged_session_is_reported_in_the_box(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    model.set_session_value(SESSION_KEY, {"running": "yes"}, "壊れた状態")
    assert read_session(model)[1] is not None
    assert view.fantasy_box.problem_label.text() == read_session(model)[1]
    assert not view.fantasy_box.problem_label.isHidden()
    assert view.fantasy_box.status_label.text() == "セッション 1：開始前"


def test_the_session_button_asks_for_the_session_dialog(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    assert view.fantasy_box.session_button.text() == "セッション管理…"
    with qtbot.waitSignal(view.session_requested, timeout=1000):
        view.fantasy_box.session_button.click()


def test_a_deleted_sheet_no_longer_follows_the_campaign(qtbot, campaign):
    model, ids = campaign
    view = SengenshoSheetView(CharacterModel(model, ids["白峰 朔"]))
    view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    play(model, ids)  # session, catalog and character signals reach no deleted widget
    model.update_character(ids["紅"], replace(KURENAI, is_pc=False), "t")
    model.set_session_value(CATALOG_KEY, catalog_to_document(ArchetypeCatalog()), "t")
