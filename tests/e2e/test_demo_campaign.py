"""The demo campaign `make run` opens: a character for every system, a saved encounter the combat
tracker calls up and starts, and a short session log."""

from __future__ import annotations

from gmtool.app.demo import create_demo_campaign
from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.systems import SYSTEMS
from gmtool.views.battle.battle_dialog import BattleDialog


def test_the_demo_has_every_system_a_saved_encounter_and_a_log(qtbot, tmp_path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign")
    try:
        assert {s.system for s in campaign.list_characters()} == set(SYSTEMS)
        inputs = [e.payload["summary"]["inputs"] for e in campaign.log_entries()]
        assert inputs[0] == "シナリオ名:「赤い月」"  # the scenario's mark, as the session dialog logs it
        assert [text[:3] for text in inputs[1:]] == ["デモ:"] * 3
        model = BattleModel(CampaignModel(campaign))
        dialog = BattleDialog(model, action_boxes=tracker_boxes())
        dialog.ask_confirm = lambda *_: True
        qtbot.addWidget(dialog)
        assert [dialog.saved_combo.itemText(i) for i in range(dialog.saved_combo.count())] == ["廃ビルの影"]
        dialog.load_button.click()
        state = model.state()
        names = [(p.name, p.hidden, p.character_id is not None) for p in state.participants]
        assert names == [
            ("朝霧 透", False, True),
            ("ミナ・クローデル", False, True),
            ("影の使徒", False, True),
            ("屍鬼 A", True, False),
            ("屍鬼 B", True, False),
        ]
        dialog.start_button.click()
        dialog.next_button.click()
        assert model.state().participant(model.state().current).name == "朝霧 透"  # 行動値 9
        assert "屍鬼" not in model.exports.public_order_text()
    finally:
        campaign.close()
