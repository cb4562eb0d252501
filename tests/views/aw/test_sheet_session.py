"""The AW sheet's 契約・イベントキー section: read-only, and live while the session dialog acts."""

from __future__ import annotations

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.aw.session import SpellEffect
from gmtool.views.aw.session_dialog import AWSessionDialog
from gmtool.views.aw.sheet_view import AWSheetView
from tests.views.aw.test_session_dialog import add_scene, choose, contract, use_spell


@pytest.fixture
def dialog(qtbot, campaign_model) -> AWSessionDialog:
    dialog = AWSessionDialog(AWSessionModel(campaign_model))
    qtbot.addWidget(dialog)
    return dialog


def sheet_of(qtbot, campaign_model, index: int) -> AWSheetView:
    character_id = campaign_model.characters_of("aw")[index].id
    view = AWSheetView(CharacterModel(campaign_model, character_id))
    view.show_session(AWSessionModel(campaign_model, view))  # as the window's menu does
    qtbot.addWidget(view)
    return view


def shown(view: AWSheetView) -> dict[str, str]:
    box = view.session_box
    return {
        "master": box.master_label.text(),
        "servants": box.servants_label.text(),
        "spells": box.spells_label.text() if not box.spells_label.isHidden() else None,
        "keys": box.keys_label.text(),
    }


def test_a_character_without_contracts_or_keys(qtbot, campaign_model):
    view = sheet_of(qtbot, campaign_model, 0)
    assert view.session_box.title() == "契約・イベントキー"
    assert shown(view) == {"master": "なし", "servants": "なし", "spells": None, "keys": "なし"}


def test_the_sheet_follows_contracts_spells_and_keys_made_in_the_dialog(qtbot, campaign_model, dialog):
    toru_sheet, mina_sheet = sheet_of(qtbot, campaign_model, 0), sheet_of(qtbot, campaign_model, 1)
    toru, mina, shadow = (i for i, _ in dialog.model.characters())
    contract(dialog, toru, mina)
    contract(dialog, toru, shadow)
    assert shown(toru_sheet) == {
        "master": "なし",
        "servants": "ミナ・クローデル、影の使徒",
        "spells": "3/3",
        "keys": "なし",
    }
    assert shown(mina_sheet)["master"] == "朝霧 透" and shown(mina_sheet)["spells"] is None

    use_spell(dialog, toru, mina, SpellEffect.ORDER)
    assert shown(toru_sheet)["spells"] == "2/3"

    add_scene(dialog, "学校")
    dialog.keys_tab.key_name_edit.setText("不審な人物")
    choose(dialog.keys_tab.holder_combo, toru)
    dialog.keys_tab.give_button.click()
    assert shown(toru_sheet)["keys"] == "不審な人物（シーン「学校」）"
    assert shown(mina_sheet)["keys"] == "なし"

    campaign_model.undo_stack.undo()  # the key, from the main window
    assert shown(toru_sheet)["keys"] == "なし"


def test_the_sheet_follows_a_renamed_master(qtbot, campaign_model, dialog):
    mina_sheet = sheet_of(qtbot, campaign_model, 1)
    toru, mina, _ = (i for i, _ in dialog.model.characters())
    contract(dialog, toru, mina)
    campaign_model.rename_character(toru, "朝霧 透真")
    assert shown(mina_sheet)["master"] == "朝霧 透真"
    assert dialog.contracts_tab.tree.topLevelItem(0).text(0) == "朝霧 透真"
