"""The 千幻抄 sheet's 類型: chosen from the catalog, at most three, fixed while a session runs, and their
preset 縁故 removed with them in one undo step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.sengensho.state import CATALOG_KEY, read_catalog
from gmtool.rules.systems.sengensho.catalog import Archetype, ArchetypeCatalog, catalog_to_document
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.rules.systems.sengensho.session import SengenshoSession, end_session, start_session
from tests.views.sengensho.test_sheet_view import LORD, SAKU, add_cast, sheet, store, stored

FOURTH = "類型は3つまでです（「キャラクターは3つの類型を持つ」）。先に1つ外してください"


@pytest.fixture
def campaign(empty_campaign_model):
    return add_cast(empty_campaign_model)


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
