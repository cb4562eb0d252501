"""The session dialog's 生命力の回復 page, driven as the GM would: choose, type the amounts, click."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.rest import RestKind
from gmtool.views.aw.session_dialog import AWSessionDialog


@pytest.fixture
def dialog(qtbot, campaign_model) -> AWSessionDialog:
    dialog = AWSessionDialog(AWSessionModel(campaign_model))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.tabs.setCurrentWidget(dialog.rest_tab)
    return dialog


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def test_a_nights_sleep_recovers_what_the_gm_entered(dialog, campaign_model, refusals):
    tab = dialog.rest_tab
    mina = dialog.model.characters()[1][0]
    sheet = campaign_model.character(mina)
    campaign_model.update_character(mina, replace(sheet, hp=10, hp_max=30, mp=4, mp_max=20), "準備")
    choose(tab.character_combo, mina)
    choose(tab.kind_combo, RestKind.SLEEP)
    assert tab.rule_label.text() == "本文: 6時間以上の睡眠を取ることで生命力は回復する。"
    assert not tab.recover_button.isEnabled()  # nothing entered: the text gives no amount
    tab.hp_spin.setValue(25)
    tab.mp_spin.setValue(3)
    assert tab.preview_label.text() == "HP 10/30 → 30/30、MP 4/20 → 7/20"
    tab.recover_button.click()
    assert (campaign_model.character(mina).hp, campaign_model.character(mina).mp) == (30, 7)
    assert tab.preview_label.text() == "HP 30/30 → 30/30、MP 7/20 → 10/20"  # re-read from the sheet
    assert refusals == []

    campaign_model.undo_stack.undo()  # from the main window: the page follows
    assert tab.preview_label.text() == "HP 10/30 → 30/30、MP 4/20 → 7/20"
    assert tab.character_combo.currentData() == mina


def test_a_full_character_is_refused_with_the_reason(dialog, campaign_model, refusals):
    tab = dialog.rest_tab
    toru = dialog.model.characters()[0][0]
    sheet = campaign_model.character(toru)
    campaign_model.update_character(toru, replace(sheet, hp=30, hp_max=30, mp=20, mp_max=20), "準備")
    choose(tab.character_combo, toru)
    choose(tab.kind_combo, RestKind.MEAL)
    assert "24時間以内に一定の量の食事" in tab.rule_label.text()
    tab.hp_spin.setValue(2)
    count = campaign_model.undo_stack.count()
    tab.recover_button.click()
    assert refusals == ["朝霧 透のHPとMPは既に最大値です（何も変わりません）"]
    assert campaign_model.undo_stack.count() == count
