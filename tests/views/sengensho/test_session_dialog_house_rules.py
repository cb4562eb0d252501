"""The session dialog follows the 千幻抄 house rules: the cap field on the ラスボス box and the
「シナリオは続く」 check appear with their readings, the bond dialog says the cap, and the scene's
登場 list warns of a 縁故 to someone not in the scene; undo brings each back."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.sengensho.house_rules import (
    ABILITY_PERIOD,
    BOSS_LEVEL,
    BOSS_LEVEL_CAPPED,
    PER_SCENARIO,
)
from tests.views.sengensho.test_session_dialog import choose, last_log, look_at_bond_dialog


def flip(table, rule_id: str, reading: str) -> None:
    HouseRulesModel(table.model.campaign_model).set_reading(rule_id, reading)


def test_the_cap_field_shows_with_its_reading_and_the_bond_dialog_says_it(table):
    saku, _, _, lord, _ = table.people
    box = table.last_boss_box
    assert box.cap_spin.isHidden()
    flip(table, BOSS_LEVEL, BOSS_LEVEL_CAPPED)
    assert not box.cap_spin.isHidden() and box.cap_spin.text() == "なし（Lv99まで）"
    box.cap_spin.setValue(3)
    box.cap_spin.editingFinished.emit()
    assert table.model.boss.level_limit() == 3
    choose(box.boss_combo, lord)
    box.choose_button.click()
    box.reveal_button.click()

    seen: list[str] = []

    def note(bond_dialog) -> None:
        choose(bond_dialog.target_combo, lord)
        seen.append(bond_dialog.level_note.text())

    look_at_bond_dialog(table, saku, note)
    assert seen == ["明かされたラスボスへの縁故は、GMの決めた上限（Lv3）まで結べます"]


def test_the_scenario_check_shows_only_per_scenario(table):
    assert table.scenario_check.isHidden()
    flip(table, ABILITY_PERIOD, PER_SCENARIO)
    assert not table.scenario_check.isHidden()
    table.scenario_check.setChecked(True)
    table.end_button.click()
    assert "シナリオが続くため幻想能力の使用回数は持ち越し" in table.questions[-1]
    assert "持ち越し（1シナリオに1回）" in last_log(table)[1]
    table.model.campaign_model.undo_stack.undo()  # the end of the session
    table.model.campaign_model.undo_stack.undo()  # the switch
    assert table.scenario_check.isHidden()


def test_the_scenes_presence_list_warns_in_the_bond_dialog(table):
    saku, shiori, toru, _, _ = table.people
    page = table.scenes_tab
    for row in range(page.present_list.count()):
        item = page.present_list.item(row)
        if item.data(Qt.ItemDataRole.UserRole) in (saku, shiori):
            item.setCheckState(Qt.CheckState.Checked)
    page.present_button.click()

    seen: list[str] = []

    def warning(target: str):
        def look(bond_dialog) -> None:
            choose(bond_dialog.target_combo, target)
            shown = bond_dialog.presence_label.isVisibleTo(bond_dialog)
            seen.append(bond_dialog.presence_label.text() if shown else "")

        return look

    look_at_bond_dialog(table, saku, warning(toru))
    look_at_bond_dialog(table, saku, warning(shiori))
    assert seen == ["このシーンに登場していません: 黒羽 透（縁故は登場したキャラクターに結びます）", ""]
