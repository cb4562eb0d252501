"""The GM's LotR rule-table editor: edits stored at once, marked, undoable, refused when bad."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from gmtool.models.lotr.rules_model import RULES_KEY, LotRRulesModel, campaign_lotr_rules
from gmtool.rules.systems.lotr.creation import PACKAGE, CreationDraft, problems
from gmtool.rules.systems.lotr.derived import condition_penalty
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from gmtool.views.lotr.rules_origin_tabs import parse_package
from tests.qt_fixtures import sample_lotr_character, stored_session

TAB_TITLES = ["能力値修正表", "種族", "職業", "技能", "負傷・疲労", "成功度", "成長ポイント", "参照表"]


def make_dialog(qtbot, campaign_model) -> LotRRulesDialog:
    dialog = LotRRulesDialog(LotRRulesModel(campaign_model))
    qtbot.addWidget(dialog)
    return dialog


def stored_document(campaign_model):
    return stored_session(campaign_model.campaign.path, RULES_KEY)


def type_into(field, text: str) -> None:
    field.setText(text)
    field.editingFinished.emit()


def test_tabs_and_unset_values_are_shown_empty_with_the_reason(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert not dialog.isModal()
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == TAB_TITLES
    assert "未設定" in dialog.note_label.text() and "ルール要約に値がない" in dialog.note_label.text()
    assert not dialog.problem_label.isVisibleTo(dialog)
    wounded = dialog.conditions_tab.fields[("wound", "wounded")]
    assert wounded.text() == "" and wounded.placeholderText() == "未設定（GM が設定）"
    dazed = dialog.conditions_tab.fields[("wound", "dazed")]  # the summary gives no wound penalty
    assert dazed.text() == "" and dazed.placeholderText() == "未設定（GM が設定）"
    exhausted = dialog.conditions_tab.fields[("weariness", "exhausted")]
    assert exhausted.text() == "-10"  # 1.2.2's −10, the one penalty the text gives
    reading = dialog.conditions_tab.reading_label.text()  # the header says how an empty one is read
    assert "いちばん近い軽い段階" in reading and "lotr." not in reading  # no raw switch id
    # the switch as the house-rules window titles it, and the menu path that opens that window
    assert "編集 → ハウスルール（ルールの読み方）… の「ルール表で値のない負傷段階のペナルティ」" in reading
    assert "いまは既定の「値のない段階は軽い段階の値」" in reading
    harfoot_nim = dialog.races_tab.bonus_fields[("hobbit", "harfoot", "nim")]
    assert harfoot_nim.text() == "" and harfoot_nim.placeholderText() == "未設定"
    assert dialog.races_tab.bonus_fields[("dwarf", "", "str")].text() == "2"
    assert dialog.picks_tab.fields["attribute"].text() == ""
    assert dialog.picks_tab.readings["skill_rank"].isVisibleTo(dialog.picks_tab)
    assert (
        dialog.orders_tab.package_edit.text() == ""
        and "未設定" in dialog.orders_tab.package_edit.placeholderText()
    )
    assert not dialog.reset_all_button.isEnabled()


def test_wounded_penalty_typed_in_is_stored_marked_and_undone(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    character = sample_lotr_character()
    wounded = replace(character, damage=character.health * 3)
    field = dialog.conditions_tab.fields[("wound", "wounded")]
    reset = dialog.conditions_tab.resets[("wound", "wounded")]
    assert not reset.isEnabled()

    type_into(field, "−3")  # a typographic minus from a Japanese IME still counts
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"wounded": -3}}
    assert condition_penalty(wounded, campaign_lotr_rules(empty_campaign_model)) == -3
    assert field.text() == "-3" and field.property("edited") and "同梱の表: 未設定" in field.toolTip()
    assert reset.isEnabled() and dialog.reset_all_button.isEnabled()

    dialog.undo_action.trigger()  # the campaign's undo stack, from the dialog's own button
    assert stored_document(empty_campaign_model) is None
    assert field.text() == "" and not field.property("edited")
    empty_campaign_model.undo_stack.redo()
    assert field.text() == "-3"
    reset.click()
    assert stored_document(empty_campaign_model) is None and field.text() == ""


def test_the_dialogs_undo_only_takes_back_rule_table_edits(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    stack = empty_campaign_model.undo_stack
    not_ours = "最後の操作はルール表の編集ではありません（メインウィンドウの Ctrl+Z で戻せます）"
    assert not dialog.undo_action.isEnabled()  # nothing to undo at all
    type_into(dialog.conditions_tab.fields[("wound", "wounded")], "-3")
    assert dialog.undo_action.isEnabled()
    assert dialog.undo_action.text() == "元に戻す ルール表: Wounded（重傷） のペナルティ"

    # Something at the table after the edit: the dialog's button must not take it back.
    character_id = empty_campaign_model.insert_character("lotr", sample_lotr_character(), "追加")
    courage = replace(empty_campaign_model.character(character_id), courage_spent=1)
    empty_campaign_model.update_character(character_id, courage, "勇気を使う")
    assert not dialog.undo_action.isEnabled()
    assert dialog.undo_action.text() == "元に戻す" and dialog.undo_action.toolTip() == not_ours
    dialog.undo_action.trigger()
    assert (
        stack.undoText() == "勇気を使う" and empty_campaign_model.character(character_id).courage_spent == 1
    )

    stack.undo()  # the main window's Ctrl+Z: the courage, then the new character
    stack.undo()
    assert dialog.undo_action.isEnabled() and not dialog.redo_action.isEnabled()
    assert "次にやり直す操作はルール表の編集ではありません" in dialog.redo_action.toolTip()
    dialog.undo_action.trigger()
    assert stored_document(empty_campaign_model) is None
    assert dialog.redo_action.isEnabled() and dialog.redo_action.text().startswith("やり直し ルール表: ")
    dialog.redo_action.trigger()
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"wounded": -3}}


def test_bad_edits_are_refused_naming_the_problem_and_nothing_is_stored(
    qtbot, empty_campaign_model, refusals
):
    dialog = make_dialog(qtbot, empty_campaign_model)
    field = dialog.conditions_tab.fields[("wound", "wounded")]
    type_into(field, "3")
    assert "wound_penalties.wounded: ペナルティは 0 以下" in refusals[-1]
    assert field.text() == ""
    type_into(field, "重い")
    assert "整数で入力してください（入力: 重い）" in refusals[-1]

    margin = dialog.degrees_tab.fields["superior_success"]
    type_into(margin, "0")
    assert "min_margin は昇順" in refusals[-1] and margin.text() == "6"
    type_into(margin, "")
    assert "空欄にできません" in refusals[-1]

    type_into(dialog.races_tab.wound_fields["hobbit"], "9")
    assert "races.hobbit.wound_levels" in refusals[-1]
    assert dialog.races_tab.wound_fields["hobbit"].text() == "4"
    assert len(refusals) == 5 and all(r.startswith("ルール表を変更できません: ") for r in refusals)
    assert stored_document(empty_campaign_model) is None
    assert empty_campaign_model.undo_stack.count() == 0


def test_harfoot_bonuses_typed_in_are_used_and_the_rest_become_zero(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    fields = dialog.races_tab.bonus_fields
    type_into(fields[("hobbit", "harfoot", "nim")], "+2")
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({"nim": 2}, True)
    assert [fields[("hobbit", "harfoot", a)].text() for a in ("brg", "nim", "str")] == ["0", "2", "0"]
    assert fields[("hobbit", "harfoot", "str")].property("edited")
    assert fields[("hobbit", "stoor", "nim")].text() == ""  # the other sub-races stay unset
    dialog.races_tab.resets[("hobbit", "harfoot")].click()
    assert fields[("hobbit", "harfoot", "nim")].text() == ""
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({}, False)


def test_race_size_and_courage(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    combo = dialog.races_tab.size_combos["man"]
    combo.setCurrentIndex(combo.findData("large"))
    type_into(dialog.races_tab.courage_fields["man"], "1")
    man = campaign_lotr_rules(empty_campaign_model).race("man")
    assert (man.size, man.courage) == ("large", 1)
    assert combo.property("edited") and dialog.races_tab.resets[("man", "")].isEnabled()
    dialog.races_tab.resets[("man", "")].click()
    assert campaign_lotr_rules(empty_campaign_model).race("man") == lotr_rules().race("man")
    assert combo.currentData() == "medium" and dialog.races_tab.courage_fields["man"].text() == ""


def test_order_package_typed_in_makes_package_mode_acceptable(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    orders = dialog.orders_tab
    orders.select("warrior")
    type_into(orders.skills_edit, "Armed Combat、Observe, Ranged Combat")
    type_into(orders.package_edit, "Armed Combat 3, Observe ２")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.order("warrior").skills == ("Armed Combat", "Observe", "Ranged Combat")
    assert dict(rules.order("warrior").package) == {"Armed Combat": 3, "Observe": 2}
    draft = CreationDraft(race="dwarf", order="warrior", skill_mode=PACKAGE)
    assert not any("パッケージの中身" in p.message for p in problems(draft, rules))
    assert orders.package_edit.property("edited") and orders.reset.isEnabled()

    type_into(orders.package_edit, "Armed Combat three")
    assert "読めない部分: Armed Combat three" in refusals[-1]
    assert orders.package_edit.text() == "Armed Combat 3, Observe 2"
    orders.select("rogue")
    assert orders.package_edit.text() == "" and not orders.reset.isEnabled()


def test_modifier_table_cells(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    table = dialog.modifier_tab.table
    table.item(3, 1).setText("8")  # 4–7 → 4–8
    assert table.item(4, 0).text() == "9"
    assert campaign_lotr_rules(empty_campaign_model).modifier(8) == 0
    assert table.item(3, 1).toolTip() == "ハウスルール（同梱の表: 7）"
    table.item(4, 2).setText("たくさん")
    assert "整数で入力" in refusals[-1] and table.item(4, 2).text() == "1"
    dialog.modifier_tab.add_button.click()
    assert table.rowCount() == 10 and table.item(9, 0).text() == "18"
    assert "19 以上" in dialog.modifier_tab.beyond_label.text()
    dialog.modifier_tab.reset.click()
    assert table.rowCount() == 9 and stored_document(empty_campaign_model) is None


def test_skill_list_edits_in_the_table(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    skills = dialog.skills_tab
    row = next(r for r in range(skills.table.rowCount()) if skills.table.item(r, 0).text() == "Run")
    attribute = skills.table.cellWidget(row, 2)
    assert attribute.currentText() == "未設定（GM が設定）"
    attribute.setCurrentIndex(attribute.findData("str"))
    assert campaign_lotr_rules(empty_campaign_model).skill("Run").attribute == "str"
    assert skills.table.cellWidget(row, 2).property("edited")
    untrained = skills.table.cellWidget(row, 3)
    untrained.setCurrentIndex(untrained.findData(True))
    assert campaign_lotr_rules(empty_campaign_model).skill("Run").untrained is True

    skills.new_name_edit.setText("Cooking")
    skills.new_name_ja_edit.setText("料理")
    skills.add_button.click()
    assert skills.table.item(skills.table.rowCount() - 1, 0).text() == "Cooking"
    assert skills.new_name_edit.text() == ""
    skills.new_name_edit.setText("Run")
    skills.add_button.click()
    assert "もう技能一覧にあります" in refusals[-1]

    skills.table.setCurrentCell(skills.table.rowCount() - 1, 0)
    skills.remove_button.click()
    assert campaign_lotr_rules(empty_campaign_model).skill("Cooking") is None
    assert stored_document(empty_campaign_model)["skills"] == {"Run": {"attribute": "str", "untrained": True}}
    group = skills.table.item(row, 4)
    group.setCheckState(Qt.CheckState.Checked)
    assert campaign_lotr_rules(empty_campaign_model).skill("Run").group


def test_pick_costs(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    type_into(dialog.picks_tab.fields["skill_rank"], "2")
    type_into(dialog.picks_tab.fields["attribute"], "3")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert (rules.picks["skill_rank"], rules.picks["attribute"]) == (2, 3)
    assert not dialog.picks_tab.readings["skill_rank"].isVisibleTo(dialog.picks_tab)  # the GM's value now


def test_corrupt_stored_document_is_shown_and_reset_all_replaces_it(qtbot, empty_campaign_model):
    empty_campaign_model.campaign.set_session(RULES_KEY, {"races": {"orc": {"courage": 1}}})
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert dialog.problem_label.isVisibleTo(dialog)
    assert (
        "races.orc" in dialog.problem_label.text() and "同梱の表を使っています" in dialog.problem_label.text()
    )
    assert dialog.conditions_tab.fields[("weariness", "exhausted")].text() == "-10"  # the shipped tables
    assert dialog.reset_all_button.isEnabled()

    asked = []
    dialog.ask = lambda question: asked.append(question) or False
    dialog.reset_all_button.click()
    assert asked and stored_document(empty_campaign_model) == {"races": {"orc": {"courage": 1}}}
    dialog.ask = lambda question: True
    dialog.reset_all_button.click()
    assert stored_document(empty_campaign_model) is None
    assert not dialog.problem_label.isVisibleTo(dialog)
    assert empty_campaign_model.undo_stack.undoText() == "ルール表をすべて既定に戻す"

    assert parse_package("Lore: Realm (Shire) 2、Stealth=3") == {"Lore: Realm (Shire)": 2, "Stealth": 3}
