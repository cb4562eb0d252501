"""A count of one reads singular in English (the walk's "1 lines" and "(1 participants)"): the log
dock's line counter and the combat tracker's status before the fight; Japanese as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.store.campaign import Campaign
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.log_panel import LogPanel
from tests.qt_fixtures import language  # noqa: F401 (a fixture)

EXPECTED_LINES = {
    "ja": {1: "1 行", 2: "2 行", "filtered": "0 / 1 行"},
    "en": {1: "1 line", 2: "2 lines", "filtered": "0 / 1 line"},
}


def panel_with(tmp_path: Path, qtbot, lines: int) -> tuple[LogPanel, Campaign]:
    campaign = Campaign.create(tmp_path / f"log{lines}.gmcampaign")
    with campaign.transaction():
        for i in range(lines):
            campaign.append_log(
                "command", summary_payload("aw", inputs=f"2D6 #{i}", who="A", dice="3,4", result="7")
            )
    shown = LogPanel(LogTableModel(CampaignModel(campaign)))
    qtbot.addWidget(shown)
    return shown, campaign


@pytest.mark.parametrize("lines", [1, 2])
def test_the_log_counter_says_one_line(tmp_path, qtbot, language, lines):  # noqa: F811
    shown, campaign = panel_with(tmp_path, qtbot, lines)
    try:
        assert shown.count.text() == EXPECTED_LINES[language][lines]
    finally:
        campaign.close()


def test_a_filtered_log_of_one_line_says_line(tmp_path, qtbot, language):  # noqa: F811
    shown, campaign = panel_with(tmp_path, qtbot, 1)
    try:
        qtbot.keyClicks(shown.search, "nothing matches this")
        qtbot.waitUntil(lambda: shown.count.text() == EXPECTED_LINES[language]["filtered"], timeout=3000)
    finally:
        campaign.close()


@pytest.mark.parametrize("count", [1, 2])
def test_the_tracker_before_the_fight_counts_participants(qtbot, campaign_model, language, count):  # noqa: F811
    dialog = BattleDialog(BattleModel(campaign_model, seed_source=lambda: 1), action_boxes=tracker_boxes())
    dialog.ask_confirm = lambda *_: True
    qtbot.addWidget(dialog)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.name_edit.setText("Camp")
    dialog.new_button.click()
    for i in range(count):
        dialog.ask_quick_npc = lambda i=i: (f"Goblin{i}", {"initiative": 5, "hp": 20}, 1, False)
        dialog.add_npc_button.click()
    expected = {
        ("ja", 1): "Camp: 戦闘前（参加者 1人）",
        ("ja", 2): "Camp: 戦闘前（参加者 2人）",
        ("en", 1): "Camp: before the battle (1 participant)",
        ("en", 2): "Camp: before the battle (2 participants)",
    }
    assert dialog.status_label.text() == expected[language, count]
