"""The 類型 catalog editor: edits saved with the campaign as one undo step, validated, files in and out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
from gmtool.models.sengensho.state import CATALOG_KEY, read_catalog
from gmtool.rules.systems.sengensho.catalog import AbilityKind, shipped_catalog
from gmtool.rules.systems.sengensho.character import SengenshoCharacter
from gmtool.store.campaign import Campaign
from gmtool.views.sengensho.catalog_dialog import SengenshoCatalogDialog
from tests.qt_fixtures import stored_session


class Answers:
    """Stands in for the GM at the dialog's questions and file boxes."""

    def __init__(self, dialog: SengenshoCatalogDialog) -> None:
        self.questions: list[str] = []
        self.answer = True
        self.path = ""
        dialog.ask = self.ask
        dialog.ask_open_path = lambda _title, _filter: self.path
        dialog.ask_save_path = lambda _title, _filter, _suggested: self.path

    def ask(self, question: str) -> bool:
        self.questions.append(question)
        return self.answer


def make_dialog(qtbot, campaign_model) -> tuple[SengenshoCatalogDialog, Answers]:
    dialog = SengenshoCatalogDialog(SengenshoCatalogModel(campaign_model))
    qtbot.addWidget(dialog)
    return dialog, Answers(dialog)


def stored(campaign_model):
    """The catalog document a second program opening the campaign file would read."""
    return stored_session(campaign_model.campaign.path, CATALOG_KEY)


def type_name(dialog, name: str) -> None:
    dialog.form.name_edit.setText(name)
    dialog.form.name_edit.editingFinished.emit()


def list_names(dialog) -> list[str]:
    return [dialog.archetype_list.item(i).text() for i in range(dialog.archetype_list.count())]


@pytest.fixture
def other_campaign_model(tmp_path: Path, qtbot):
    campaign = Campaign.create(tmp_path / "other.gmcampaign")
    yield CampaignModel(campaign)
    campaign.close()


def test_shipped_catalog_is_shown_empty_with_the_note(qtbot, empty_campaign_model):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    assert "類型リストの内容はルール文にありません。空欄は未設定です（GMが入力してください）" in (
        dialog.note_label.text()
    )
    assert list_names(dialog) == ["狩猟者", "芸術家"]
    assert dialog.form.name_edit.text() == "狩猟者"
    box = dialog.form.ability_boxes[0]
    assert (box.kind_combo.currentText(), box.required_spin.text(), box.name_edit.text()) == (
        "未設定",
        "未設定",
        "",
    )
    assert dialog.form.description_edit.placeholderText() == "未設定"
    assert not dialog.problem_label.isVisibleTo(dialog)


def test_edited_ability_is_saved_with_the_campaign_and_undo_restores(qtbot, empty_campaign_model):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.select_row(1)  # 芸術家
    box = dialog.form.ability_boxes[1]
    box.name_edit.setText("霊感")
    box.kind_combo.setCurrentIndex(box.kind_combo.findText("情報収集"))
    box.required_spin.setValue(3)
    box.effect_edit.setPlainText("GMが決めた効果")
    dialog.form.impression_edit.setPlainText("憧れ")
    assert dialog.has_unsaved_edits() and "保存していない変更" in dialog.status_label.text()
    assert stored(empty_campaign_model) is None  # nothing written before 保存

    dialog.save_button.click()
    artist = stored(empty_campaign_model)["archetypes"][1]
    assert artist["impression"] == "憧れ"
    assert artist["abilities"][1] == {
        "name": "霊感",
        "kind": "information",
        "required": 3,
        "effect": "GMが決めた効果",
    }
    assert artist["abilities"][0]["required"] is None  # untouched abilities stay 未設定
    assert not dialog.has_unsaved_edits() and dialog.status_label.text() == "保存しました"
    undo = empty_campaign_model.undo_stack
    assert undo.count() == 1 and undo.undoText() == "類型カタログの編集"
    ability = read_catalog(empty_campaign_model)[0].get("芸術家").abilities[1]
    assert (ability.kind, ability.required) == (AbilityKind.INFORMATION, 3)

    undo.undo()  # the open editor follows
    assert stored(empty_campaign_model) is None
    assert dialog.form.ability_boxes[1].required_spin.text() == "未設定"
    assert dialog.form.impression_edit.toPlainText() == ""
    undo.redo()
    assert dialog.form.ability_boxes[1].required_spin.value() == 3


def test_duplicate_name_is_refused_and_nothing_is_stored(qtbot, empty_campaign_model, refusals):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.add_button.click()
    assert list_names(dialog) == ["狩猟者", "芸術家", "新しい類型"]
    type_name(dialog, "狩猟者")
    assert not dialog.save()
    assert refusals == ["類型カタログを保存できません: 類型名が重複しています: 狩猟者"]
    assert stored(empty_campaign_model) is None and empty_campaign_model.undo_stack.count() == 0
    assert dialog.has_unsaved_edits()  # the edits stay for the GM to fix


def test_last_boss_and_empty_name_are_refused(qtbot, empty_campaign_model, refusals):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.add_button.click()
    dialog.form.name_edit.setText("ラスボス")  # saved without leaving the field: still counts
    dialog.save_button.click()
    assert refusals[-1] == "類型カタログを保存できません: 「ラスボス」は特殊な類型で、カタログには入れません"
    type_name(dialog, "  ")
    assert list_names(dialog)[2] == "（名前なし）"
    dialog.save_button.click()
    assert refusals[-1] == "類型カタログを保存できません: 3 番目の類型の名前が空です"
    assert stored(empty_campaign_model) is None


def test_closing_with_unsaved_edits_asks(qtbot, empty_campaign_model):
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.reject()  # nothing edited: closes without a question
    assert not dialog.isVisible() and answers.questions == []

    dialog.show()
    dialog.form.description_edit.setPlainText("人を狩る")
    answers.answer = False
    dialog.reject()
    assert answers.questions == ["保存していない変更を破棄して閉じますか？"]
    assert dialog.isVisible() and dialog.form.description_edit.toPlainText() == "人を狩る"
    answers.answer = True
    dialog.reject()
    assert not dialog.isVisible()
    assert stored(empty_campaign_model) is None


def test_switching_rows_keeps_what_was_typed(qtbot, empty_campaign_model):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.form.ability_boxes[2].name_edit.setText("必殺")
    dialog.form.name_edit.setText("捕食者")  # no editingFinished: the GM clicks another row straight away
    dialog.select_row(1)
    assert list_names(dialog) == ["捕食者", "芸術家"]
    assert dialog.form.ability_boxes[2].name_edit.text() == ""
    dialog.select_row(0)
    assert dialog.form.ability_boxes[2].name_edit.text() == "必殺"


def test_renaming_or_removing_an_archetype_in_use_asks(qtbot, empty_campaign_model):
    character = SengenshoCharacter("白峰 朔", archetypes=("狩猟者",))
    empty_campaign_model.insert_character("sengensho", character, "追加")
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    assert dialog.form.users_label.text() == "この類型を使うキャラクター: 白峰 朔"

    answers.answer = False
    type_name(dialog, "捕食者")
    assert "類型「狩猟者」は次のキャラクターが使っています: 白峰 朔" in answers.questions[-1]
    assert dialog.form.name_edit.text() == "狩猟者" and list_names(dialog) == ["狩猟者", "芸術家"]
    dialog.remove_button.click()
    assert "削除しますか" in answers.questions[-1] and list_names(dialog) == ["狩猟者", "芸術家"]

    answers.answer = True
    dialog.remove_button.click()
    assert list_names(dialog) == ["芸術家"] and dialog.form.name_edit.text() == "芸術家"
    dialog.remove_button.click()  # nobody uses 芸術家: no question
    assert len(answers.questions) == 3 and list_names(dialog) == []
    assert not dialog.form.isEnabled()
    assert dialog.save()
    assert stored(empty_campaign_model) == {"archetypes": []}


def test_reset_to_shipped_asks_and_is_undoable(qtbot, empty_campaign_model):
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    dialog.add_button.click()
    type_name(dialog, "語り部")
    assert dialog.save()
    answers.answer = False
    dialog.reset_button.click()
    assert "出荷時" in answers.questions[-1] and list_names(dialog) == ["狩猟者", "芸術家", "語り部"]

    answers.answer = True
    dialog.reset_button.click()
    assert list_names(dialog) == ["狩猟者", "芸術家"] and stored(empty_campaign_model) is None
    assert dialog.status_label.text() == "出荷時のカタログに戻しました"
    empty_campaign_model.undo_stack.undo()
    assert list_names(dialog) == ["狩猟者", "芸術家", "語り部"]


def test_undo_while_editing_keeps_the_edits_and_says_so(qtbot, empty_campaign_model):
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.add_button.click()
    type_name(dialog, "語り部")
    dialog.save()
    dialog.form.guidance_edit.setPlainText("物語の登場人物")
    empty_campaign_model.undo_stack.undo()
    assert "カタログが変更されました" in dialog.status_label.text()
    assert list_names(dialog) == ["狩猟者", "芸術家", "語り部"]
    assert dialog.form.guidance_edit.toPlainText() == "物語の登場人物"


def test_export_then_import_into_another_campaign(
    qtbot, empty_campaign_model, other_campaign_model, tmp_path
):
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    dialog.form.ability_boxes[0].name_edit.setText("追跡")
    dialog.form.ability_boxes[0].required_spin.setValue(2)
    dialog.add_button.click()
    type_name(dialog, "語り部")
    dialog.save()
    answers.path = str(tmp_path / "類型")  # the suffix is added
    dialog.export_button.click()
    exported = tmp_path / "類型.json"
    assert json.loads(exported.read_text(encoding="utf-8"))["archetypes"][0]["abilities"][0]["name"] == "追跡"
    assert str(exported) in dialog.status_label.text()

    other, other_answers = make_dialog(qtbot, other_campaign_model)
    other.form.impression_edit.setPlainText("恐怖")
    assert other.save()
    other_answers.path = str(exported)
    other_answers.answer = False  # keep our 狩猟者 and 芸術家
    other.import_button.click()
    assert other_answers.questions == [
        "同じ名前の類型がすでにあります: 狩猟者、芸術家。\n"
        "「はい」: ファイルの内容で置き換えます。「いいえ」: こちらの内容を残します。"
    ]
    assert list_names(other) == ["狩猟者", "芸術家", "語り部"]
    assert other.form.impression_edit.toPlainText() == "恐怖"
    assert other.form.ability_boxes[0].name_edit.text() == ""
    assert other.status_label.text() == "インポートしました: 追加 1、置き換え 0、残した類型 2"

    other_campaign_model.undo_stack.undo()
    other_answers.answer = True  # replace
    other.import_button.click()
    assert other.form.ability_boxes[0].name_edit.text() == "追跡"
    assert stored(other_campaign_model) == stored(empty_campaign_model)
    assert other_campaign_model.undo_stack.undoText() == "類型カタログのインポート"


def test_bad_import_file_is_refused_and_changes_nothing(qtbot, empty_campaign_model, refusals, tmp_path):
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"format": "gmtool-sengensho-archetypes", "version": 1, "archet')
    answers.path = str(broken)
    dialog.import_button.click()
    assert len(refusals) == 1 and refusals[0].startswith(
        "「broken.json」を読み込めません: JSON として読めません"
    )
    assert "途中で切れているようです" in refusals[0]
    assert stored(empty_campaign_model) is None and empty_campaign_model.undo_stack.count() == 0
    assert list_names(dialog) == ["狩猟者", "芸術家"]


def test_export_and_import_with_unsaved_edits_ask_first(qtbot, empty_campaign_model, tmp_path):
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    dialog.form.description_edit.setPlainText("未保存")
    answers.answer = False
    answers.path = str(tmp_path / "out.json")
    dialog.export_button.click()
    assert "保存していない変更は書き出されません" in answers.questions[-1]
    assert not (tmp_path / "out.json").exists()
    dialog.import_button.click()
    assert answers.questions[-1] == "保存していない変更を破棄してインポートしますか？"
    assert dialog.form.description_edit.toPlainText() == "未保存"

    answers.answer = True
    dialog.export_button.click()  # the saved (shipped) catalog is written, not the edit
    assert "未保存" not in (tmp_path / "out.json").read_text(encoding="utf-8")
    assert shipped_catalog().names() == list_names(dialog)


def test_damaged_stored_catalog_is_reported_and_saving_replaces_it(qtbot, empty_campaign_model):
    empty_campaign_model.campaign.set_session(CATALOG_KEY, {"archetypes": [{"name": "語り部", "x": 1}]})
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    assert dialog.problem_label.isVisibleTo(dialog)
    assert "キャンペーンの類型カタログが正しくありません" in dialog.problem_label.text()
    assert "保存すると置き換えます" in dialog.problem_label.text()
    assert list_names(dialog) == ["狩猟者", "芸術家"]  # the shipped stand-in
    assert dialog.save()
    assert not dialog.problem_label.isVisibleTo(dialog)
    assert [a["name"] for a in stored(empty_campaign_model)["archetypes"]] == ["狩猟者", "芸術家"]


def test_loading_texts_with_other_line_breaks_is_not_an_edit(qtbot, empty_campaign_model):
    document = {
        "archetypes": [{"name": "語り部", "description": "一行目\r\n二行目", "abilities": [{}, {}, {}]}]
    }
    empty_campaign_model.campaign.set_session(CATALOG_KEY, document)
    dialog, answers = make_dialog(qtbot, empty_campaign_model)
    assert dialog.form.description_edit.toPlainText() == "一行目\n二行目"
    assert not dialog.has_unsaved_edits()
    dialog.reject()
    assert answers.questions == []


def test_a_new_archetypes_name_field_is_in_view_with_the_focus(qtbot, empty_campaign_model):
    """類型を追加 with the form scrolled down to the last 類型's 幻想能力 left the new name above the
    view: the form goes back to its top, the list shows the new 類型, the name is ready to type."""
    dialog, _ = make_dialog(qtbot, empty_campaign_model)
    dialog.resize(900, 600)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    bar = dialog.form_scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    assert bar.maximum() > 0  # the form is taller than its view
    dialog.add_button.click()
    name = dialog.form.name_edit
    top_left = name.mapTo(dialog.form_scroll.viewport(), name.rect().topLeft())
    assert dialog.form_scroll.viewport().rect().contains(top_left)
    assert name.hasFocus() and name.selectedText() == "新しい類型"
    row = dialog.archetype_list.currentRow()
    assert dialog.archetype_list.visualItemRect(dialog.archetype_list.item(row)).bottom() <= (
        dialog.archetype_list.viewport().height()
    )
