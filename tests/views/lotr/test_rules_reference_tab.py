"""ルール表 → 参照表: the GM fills in a table the summary only names; each edit is one undo step,
a bad value is refused and nothing is stored, and the campaign's rules then carry the value."""

from __future__ import annotations

from gmtool.models.lotr.rules_model import RULES_KEY, LotRRulesModel, campaign_lotr_rules
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from tests.qt_fixtures import english_ui, stored_session


def open_tab(qtbot, campaign_model, table_id):
    dialog = LotRRulesDialog(LotRRulesModel(campaign_model))
    qtbot.addWidget(dialog)
    tab = dialog.reference_tab
    ids = [t.id for t in campaign_model_rules(campaign_model).reference]
    tab.table_list.setCurrentRow(ids.index(table_id))
    return dialog, tab


def campaign_model_rules(campaign_model):
    return campaign_lotr_rules(campaign_model)


def test_an_empty_table_is_marked_unset_and_its_source_is_named(qtbot, empty_campaign_model):
    _dialog, tab = open_tab(qtbot, empty_campaign_model, catalog.STUN)
    item = tab.table_list.currentItem()
    assert item.text() == "スタン — Table 9.17, p.232（未設定）"  # its number and page in the list
    assert "Table 9.17, p.232" in tab.title_label.text()
    assert "1行 = ルールブックの表の行" in tab.title_label.text()
    assert tab.grid.rowCount() == 0 and tab.add_button.isEnabled()
    _dialog, horses = open_tab(qtbot, empty_campaign_model, catalog.HORSE_SPEEDS)
    assert horses.grid.item(3, 0).text() == "Run" and horses.grid.item(3, 1).text() == "72"
    assert horses.grid.item(0, 2).text() == "未設定"  # the text gives no cost for Crawl/Step
    assert not horses.add_button.isEnabled()  # the text's own five speeds


def test_a_weapon_typed_in_lands_in_the_rules_and_undo_takes_it_back(qtbot, empty_campaign_model):
    dialog, tab = open_tab(qtbot, empty_campaign_model, catalog.WEAPONS)
    tab.new_row.setText("Longsword")
    tab.add_button.click()
    assert tab.grid.rowCount() == 1 and tab.grid.item(0, 0).text() == "Longsword"
    damage_column = 1 + [
        c.id for c in campaign_lotr_rules(empty_campaign_model).reference_table("weapons").columns
    ].index("damage")
    tab.grid.item(0, damage_column).setText("2d6+1")
    weapons = campaign_lotr_rules(empty_campaign_model).reference_table(catalog.WEAPONS)
    assert weapons.value("Longsword", "damage") == "2d6+1"
    assert (
        stored_session(empty_campaign_model.campaign.path, RULES_KEY)["tables"]["weapons"][0]["damage"]
        == "2d6+1"
    )
    assert tab.table_list.currentItem().font().bold()  # edited from the shipped table
    stack = empty_campaign_model.undo_stack
    assert stack.undoText() == "ルール表: 武器: Longsword の ダメージ 2d6+1"
    dialog.undo_action.trigger()
    assert (
        campaign_lotr_rules(empty_campaign_model).reference_table("weapons").value("Longsword", "damage")
        is None
    )
    dialog.undo_action.trigger()
    assert tab.grid.rowCount() == 0


def test_a_bad_value_is_refused_and_nothing_is_stored(qtbot, empty_campaign_model, monkeypatch):
    refusals = []
    monkeypatch.setattr("gmtool.views.lotr.rules_fields.show_refusal", lambda _w, text: refusals.append(text))
    _dialog, tab = open_tab(qtbot, empty_campaign_model, catalog.WEAPONS)
    tab.new_row.setText("Bow")
    tab.add_button.click()
    index = empty_campaign_model.undo_stack.index()
    tab.grid.item(0, 2).setText("a lot")  # damage
    assert refusals and "ダメージは「2d6+1」のように書きます" in refusals[-1]
    assert empty_campaign_model.undo_stack.index() == index
    assert tab.grid.item(0, 2).text() == "未設定"
    tab.new_row.setText("Bow")
    tab.add_button.click()
    assert "「Bow」はもうあります" in refusals[-1]


def test_the_undo_step_names_the_table_in_english_in_the_english_ui(qtbot, empty_campaign_model, tmp_path):
    with english_ui(tmp_path):
        _dialog, tab = open_tab(qtbot, empty_campaign_model, catalog.WEAPONS)
        assert tab.table_list.currentItem().text() == "Weapons — P.230 (not set)"
        tab.new_row.setText("Longsword")
        tab.add_button.click()
        assert empty_campaign_model.undo_stack.undoText() == "Rule tables: Add “Longsword” to Weapons"


def test_each_table_says_what_a_row_is_and_the_undo_step_names_the_cell(qtbot, empty_campaign_model):
    """The reported case: 棍棒's ペナルティ set to −2 is undone as 「スタン: 棍棒 の ペナルティ −2」."""
    _dialog, tab = open_tab(qtbot, empty_campaign_model, catalog.STUN)
    tab.new_row.setText("棍棒")
    tab.add_button.click()
    tab.grid.item(0, 2).setText("-2")
    assert empty_campaign_model.undo_stack.undoText() == "ルール表: スタン: 棍棒 の ペナルティ −2"
    tab.grid.item(0, 0).setText("大槌")
    assert empty_campaign_model.undo_stack.undoText() == "ルール表: スタン: 棍棒 の名前を「大槌」に"
    _dialog, healing = open_tab(qtbot, empty_campaign_model, catalog.HEALING)
    assert healing.grid.horizontalHeaderItem(0).text() == "負傷段階"  # what a row stands for
    assert healing.table_list.currentItem().text() == "治癒の目標値 — Table 9.36 / 9.37, p.247（未設定）"
    assert healing.table_list.currentItem().toolTip() == "1行 = 負傷段階"
    healing.grid.item(0, 1).setText("")
    healing.grid.item(0, 1).setText("5")
    healing.grid.item(0, 1).setText("")
    assert (
        empty_campaign_model.undo_stack.undoText()
        == "ルール表: 治癒の目標値: Dazed の 自然治癒の Stamina 目標値（Table 9.36） 未設定"
    )
