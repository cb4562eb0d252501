"""LotR views walked through in English: no Japanese left in what the engine says (a unit's blank
stat, a demolition's bonuses), and separators and labels that read as English."""

from __future__ import annotations

import re

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.views.lotr.army.units_tab import UnitsTab
from tests.qt_fixtures import english_ui
from tests.views.lotr.army.test_units_tab import Dice, add, choose, unit_id

JAPANESE = re.compile(r"[\u3040-\u30ff\u3000-\u303f\u4e00-\u9fff（）]")


def test_a_units_blank_stat_is_said_in_english(qtbot, campaign_model, tmp_path):
    with english_ui(tmp_path):
        model = LotRArmyModel(campaign_model, seed_source=lambda: 7, rng_factory=lambda seed: Dice())
        tab = UnitsTab(model)
        qtbot.addWidget(tab)
        add(tab, "Unit 1", size="10", strength="3", toughness="2", morale="12")
        add(tab, "Unit 2")
        choose(tab.attacker_combo, unit_id(tab, 0))
        choose(tab.target_combo, unit_id(tab, 1))
        choose(tab.morale_target_combo, unit_id(tab, 1))
        for label in (tab.attack_odds_label, tab.morale_odds_label):
            assert label.text().startswith('Unit "Unit 2" has no '), label.text()
            assert not JAPANESE.search(label.text()), label.text()


def test_the_opposed_panel_and_its_log_line_read_in_english(qtbot, campaign_model, tmp_path):
    from gmtool.models.lotr.check_model import OPPOSED, LotRCheckModel
    from gmtool.views.lotr.check_view import LotRCheckView

    with english_ui(tmp_path):
        view = LotRCheckView(LotRCheckModel(campaign_model, seed_source=lambda: 1))
        qtbot.addWidget(view)
        view.mode_buttons[OPPOSED].setChecked(True)
        assert view.a_box.title() == "A (attacking or acting)"
        assert view.help_label.toolTip().startswith("The higher achievement wins (1.5.2)")
        assert view.stack_plot.getAxis("bottom").labelText == "B's total bonus"
        view.roll_button.click()
        inputs = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
        assert inputs.startswith("Opposed test: ") and "、" not in inputs, inputs
        assert "（" not in view.result_label.text() and "（" not in view.detail_label.text()


def test_the_sheets_recover_buttons_and_names_read_in_english(qtbot, empty_campaign_model, tmp_path):
    from tests.views.lotr.test_sheet_view import make_sheet

    with english_ui(tmp_path):
        view = make_sheet(qtbot, empty_campaign_model)
        assert view.spirit_box.recover_button.text() == "Recover"
        assert view.condition_box.heal_button.text() == "Recover"  # not the log's "recovered"
        assert not JAPANESE.search(view.order_combo.currentText()), view.order_combo.currentText()
        assert not JAPANESE.search(view.condition_box.weariness_label.text())
        assert not JAPANESE.search(view.condition_box.wound_label.text())


def test_the_hour_reads_hour_1_and_the_demolition_odds_join_with_commas(qtbot, campaign_model, tmp_path):
    from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
    from gmtool.views.lotr.army.army_dialog import ArmyDialog

    with english_ui(tmp_path):
        army = LotRArmyModel(campaign_model, seed_source=lambda: 7, rng_factory=lambda seed: Dice())
        dialog = ArmyDialog(LotRArmyTrackerModel(campaign_model, army=army))
        qtbot.addWidget(dialog)
        spin = dialog.mass_battle_tab.hero_hour_spin
        assert spin.text() == "Hour 1"
        header = dialog.mass_battle_tab.heroes_table.horizontalHeaderItem(3).text()
        assert header == "Result (9.25)"
        box = dialog.demolition_box
        box.stonecraft.bonus_spin.setValue(5)
        assert "+0 " in box.odds_label.text() and "、" not in box.odds_label.text()
        assert dialog.structures_tab.improvements.end_battle_button.text() == "End battle"


def test_the_trackers_this_round_column_joins_with_commas_in_english(qtbot, campaign_model, tmp_path):
    from PySide6.QtCore import Qt

    from gmtool.models.battle_model import BattleModel
    from gmtool.models.battle_table_model import BattleTableModel
    from gmtool.models.lotr.tracker_model import LotRTrackerModel
    from gmtool.views.lotr.attack_box import LotRTrackerBox

    with english_ui(tmp_path):
        battle = BattleModel(campaign_model, seed_source=lambda: 1)
        battle.new_encounter("lotr", "ambush")
        (orc,) = battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6})
        box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
        qtbot.addWidget(box)
        box.battle_actions.spend(orc, "aim")
        box.battle_actions.spend(orc, "attack")
        table = BattleTableModel(battle)
        row = table.row_of(orc)
        text = table.data(table.index(row, 8), Qt.ItemDataRole.DisplayRole)
        assert ", " in text and "、" not in text, text


def test_the_sheets_skills_read_without_japanese_glosses_in_english(qtbot, empty_campaign_model, tmp_path):
    from tests.views.lotr.test_sheet_view import make_sheet

    with english_ui(tmp_path):
        view = make_sheet(qtbot, empty_campaign_model)
        table = view.skills_box.table
        texts = [table.item(r, c).text() for r in range(table.rowCount()) for c in (0, 5) if table.item(r, c)]
        assert texts and not [t for t in texts if JAPANESE.search(t)], texts
