"""The AW sheet: every edit lands in the file, Ctrl+Z / Ctrl+Shift+Z walk it back and forth."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.character_model import CharacterModel
from gmtool.views.aw.sheet_view import AWSheetView
from tests.qt_fixtures import reopen_characters


def make_sheet(qtbot, campaign_model, index=0):
    stored = campaign_model.characters()[index]
    view = AWSheetView(CharacterModel(campaign_model, stored.id))
    qtbot.addWidget(view)
    return view, stored.id


def test_sheet_shows_every_named_value(qtbot, campaign_model):
    view, _ = make_sheet(qtbot, campaign_model)
    assert view.name_edit.text() == "朝霧 透"
    assert view.spins["attributes.reflex"].value() == 4
    assert view.spins["combat.initiative"].value() == 9
    assert view.spins["hp_max"].value() == 28
    assert view.spins["critical"].value() == 12
    assert [e.text() for e in view.class_edits] == ["剣士", "学生", ""]
    assert view.feat_model.rowCount() == 1
    assert view.feat_model.index(0, 1).data() == "メジャー"
    assert view.notes_edit.toPlainText() == "デモ用のPC。"


def test_edit_is_written_through_and_undo_redo_resync_the_widget(qtbot, campaign_model, campaign_path):
    view, character_id = make_sheet(qtbot, campaign_model)
    view.spins["attributes.body"].setValue(7)
    assert campaign_model.character(character_id).attributes.body == 7
    assert reopen_characters(campaign_path)["朝霧 透"].attributes.body == 7

    campaign_model.undo_stack.undo()
    assert view.spins["attributes.body"].value() == 3
    assert reopen_characters(campaign_path)["朝霧 透"].attributes.body == 3
    campaign_model.undo_stack.redo()
    assert view.spins["attributes.body"].value() == 7
    assert campaign_model.undo_stack.undoText() == "体力を変更"


def test_text_fields_and_classes_commit_as_one_undo_step(qtbot, campaign_model):
    view, character_id = make_sheet(qtbot, campaign_model)
    view.class_edits[2].setText("騎士")
    view.class_edits[2].editingFinished.emit()
    assert campaign_model.character(character_id).classes == ("剣士", "学生", "騎士")
    view.notes_edit.setPlainText("長いメモ")
    view.notes_edit.committed.emit(view.notes_edit.toPlainText())
    assert campaign_model.character(character_id).notes == "長いメモ"
    assert campaign_model.undo_stack.count() == 2
    campaign_model.undo_stack.undo()
    assert view.notes_edit.toPlainText() == "デモ用のPC。"


def test_feat_table_edits_are_undoable(qtbot, campaign_model):
    view, character_id = make_sheet(qtbot, campaign_model)
    view.feat_model.add_feat()
    assert view.feat_model.rowCount() == 2
    view.feat_model.setData(view.feat_model.index(1, 0), "新特技", Qt.ItemDataRole.EditRole)
    assert campaign_model.character(character_id).feats[1].name == "新特技"
    view.feat_model.remove_feat(0)
    assert [f.name for f in campaign_model.character(character_id).feats] == ["新特技"]
    for _ in range(3):
        campaign_model.undo_stack.undo()
    assert [f.name for f in campaign_model.character(character_id).feats] == ["サンプル特技"]
    assert view.feat_model.rowCount() == 1


def test_a_refused_edit_is_explained_and_changes_nothing(qtbot, campaign_model, refusals, campaign_path):
    view, character_id = make_sheet(qtbot, campaign_model)
    view.spins["critical"].setValue(2)  # not above the fumble value 2
    assert refusals and "ファンブル値 2" in refusals[0]
    assert view.spins["critical"].value() == 12  # snapped back
    assert campaign_model.character(character_id).critical == 12
    assert reopen_characters(campaign_path)["朝霧 透"].critical == 12
    assert campaign_model.undo_stack.count() == 0
