"""The 千幻抄 sheet: the character's own values, one undo step per edit, the skills list, and what the
GM sees first at the table.  The cast, the catalog and the helpers the other
test_sengensho_sheet_*.py modules share are here."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtWidgets import QScrollArea

from gmtool.app.sengensho.sheet import sengensho_sheet
from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.state import CATALOG_KEY, SESSION_KEY, cast_of, read_catalog
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond, raise_level
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
    session_to_document,
    start_session,
)
from gmtool.views.sengensho.sheet_view import SengenshoSheetView
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


def add_cast(campaign_model):
    """The three PCs and the NPC, the test catalog, a clean undo history: (model, name → id)."""
    ids = {
        c.name: campaign_model.insert_character("sengensho", c, "t") for c in (SAKU, SHIORI, KURENAI, LORD)
    }
    campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(CATALOG), "t")
    campaign_model.undo_stack.clear()
    return campaign_model, ids


@pytest.fixture
def campaign(empty_campaign_model):
    return add_cast(empty_campaign_model)


def sheet(qtbot, campaign_model, character_id) -> SengenshoSheetView:
    view = sengensho_sheet(CharacterModel(campaign_model, character_id))
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
    assert view.skills_box.rows() == [["〈交渉〉", "2"]]
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
    assert box.rows() == [["〈交渉〉", "4"], ["〈幻想知識〉", "3"]]
    model.undo_stack.undo()
    assert box.rows() == [["〈交渉〉", "2"], ["〈幻想知識〉", "3"]]
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


def test_skill_edits_without_a_name_or_a_row_are_refused(qtbot, campaign, refusals):
    model, ids = campaign
    box = sheet(qtbot, model, ids["白峰 朔"]).skills_box
    box.name_edit.setText("〈 〉")
    box.add_button.click()
    box.table.setCurrentCell(-1, -1)
    box.remove_button.click()
    assert refusals == ["スキル名を入力してください", "スキルを表で選んでください"]
    assert model.undo_stack.count() == 0


def test_enter_in_the_skill_fields_adds_the_skill(qtbot, campaign):
    """Enter in the name or the level field did nothing: it adds, as 追加 does, and the name is
    selected so the next skill is typed over it."""
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    view.show()
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    box = view.skills_box
    before = len(model.character(ids["白峰 朔"]).skills)
    box.name_edit.setFocus()
    box.name_edit.setText("隠密")
    qtbot.keyClick(box.name_edit, Qt.Key.Key_Return)
    box.name_edit.setText("白兵")
    box.level_spin.setFocus()
    box.level_spin.setValue(2)
    qtbot.keyClick(box.level_spin, Qt.Key.Key_Enter)
    skills = model.character(ids["白峰 朔"]).skills
    assert [(s.name, s.level) for s in skills[before:]] == [("隠密", 0), ("白兵", 2)]
    assert box.name_edit.hasFocus() and box.name_edit.selectedText() == "白兵"


# ---- what the GM sees first ------------------------------------------------------------------
def test_the_header_sums_up_fantasy_values_and_debt(qtbot, campaign):
    model, ids = campaign
    saku = ids["白峰 朔"]
    view = sheet(qtbot, model, saku)
    summary = view.fantasy_box.summary_label
    assert summary.text() == "幻想値 狩猟者 0"
    model.update_character(saku, replace(SAKU, archetypes=()), "t")
    assert summary.text() == "幻想値: 類型がありません"
    model.undo_stack.undo()
    session = play(model, ids)
    assert summary.text() == "幻想値 狩猟者 2"
    catalog, _ = read_catalog(model)
    store(model, use_ability(session, cast_of(model), catalog, saku, "狩猟者", 2, borrow_if_short=True)[0])
    assert summary.text() == "幻想値 狩猟者 4　前借り中: 狩猟者 あと2点"

    lord = sheet(qtbot, model, ids["宵闇の主"])
    assert lord.fantasy_box.summary_label.text() == "幻想値 狩猟者 5・芸術家 5"


def test_on_a_narrow_sheet_the_summary_and_the_session_box_come_before_the_lists(qtbot, campaign):
    """The main window shows the sheet in a scroll area; about 620 px wide the columns stack."""
    model, ids = campaign
    play(model, ids)
    view = sengensho_sheet(CharacterModel(model, ids["白峰 朔"]))
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(view)
    qtbot.addWidget(area)
    area.resize(620, 900)
    area.show()
    columns = view.columns
    qtbot.waitUntil(lambda: columns.stacked and columns.right.y() > columns.left.y())

    def top(widget) -> int:
        return widget.mapTo(view, QPoint(0, 0)).y()

    summary = view.fantasy_box.summary_label
    assert summary.isVisible() and summary.text() == "幻想値 狩猟者 2"
    assert top(summary) + summary.height() < 200  # in the header, under the name
    fold = area.viewport().height()
    assert top(view.fantasy_box.values_label) + view.fantasy_box.values_label.height() < fold
    assert top(view.fantasy_box) < top(view.archetypes_box) < top(view.skills_box)


def test_a_deleted_sheet_no_longer_follows_the_campaign(qtbot, campaign):
    model, ids = campaign
    view = sengensho_sheet(CharacterModel(model, ids["白峰 朔"]))
    view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    play(model, ids)  # session, catalog and character signals reach no deleted widget
    model.update_character(ids["紅"], replace(KURENAI, is_pc=False), "t")
    model.set_session_value(CATALOG_KEY, catalog_to_document(ArchetypeCatalog()), "t")


def test_an_edit_makes_no_new_cells_in_the_sheets_tables(qtbot, campaign):
    """Regression guard (issue 36): every edit set a new item in each cell of the sheet's tables,
    and each item set had the table measure its columns again; only changed text is written now."""
    model, ids = campaign
    view = sheet(qtbot, model, ids["白峰 朔"])
    box = view.skills_box
    made = []
    box.table.setItem = lambda *args: made.append(args)
    view.attribute_spins["will"].setValue(6)  # an edit elsewhere on the sheet: the table is as it was
    box.select(0)
    box.level_spin.setValue(4)
    box.update_button.click()  # the skill's level: its one cell changes, in place
    assert made == []
    assert box.rows() == [["〈交渉〉", "4"]]
