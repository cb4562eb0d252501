"""「クリンナップ」 is an SRS (AW) process: a LotR or フォーカード fight's round simply ends."""

from __future__ import annotations

import pytest

from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.views.battle.battle_dialog import BattleDialog
from tests.views.test_battle_dialog import SEED, add_character, add_npc, new_encounter


@pytest.fixture
def dialog(qtbot, campaign_model, refusals):
    view = BattleDialog(BattleModel(campaign_model, seed_source=lambda: SEED), action_boxes=tracker_boxes())
    view.ask_confirm = lambda *_: True
    qtbot.addWidget(view)
    return view


def round_end_texts(dialog) -> list[str]:
    """What the GM reads at the end of the first round: status, tracker log, session log, the
    condition box's 「数える」 choices."""
    dialog.start_button.click()
    while "全員が行動済み" not in dialog.status_label.text():
        dialog.next_button.click()
    tracker_log = [dialog.log_list.item(i).text() for i in range(dialog.log_list.count())]
    session_log = [e.payload["summary"]["inputs"] for e in dialog.model.campaign_model.log_entries()]
    dialog.select(dialog.model.state().participants[0].id)
    counts = dialog.participant_box.counts_combo
    return [dialog.status_label.text(), *tracker_log, *session_log, counts.itemText(0)]


@pytest.mark.parametrize(
    ("system", "character", "npc"),
    [("lotr", "ナール", {"swiftness": 0}), ("fourcard", "リゼ・アルノー", {"st": 5, "wp": 3, "vt": 4})],
)
def test_a_round_outside_aw_ends_without_cleanup(dialog, system, character, npc):
    new_encounter(dialog, system, "")
    add_character(dialog, character)
    add_npc(dialog, "敵", npc)
    texts = round_end_texts(dialog)
    assert not [t for t in texts if "クリンナップ" in t]
    assert "ラウンド終了" in texts[0] and texts[-1] == "ラウンド終了"
    assert any("ラウンド 1: ラウンド終了（全員が行動済み）" in t for t in texts[1:])


def test_an_aw_round_still_ends_in_the_cleanup_process(dialog):
    new_encounter(dialog, "aw", "")
    add_character(dialog, "朝霧 透")
    add_npc(dialog, "敵", {"hp": 10})
    texts = round_end_texts(dialog)
    assert "クリンナッププロセス" in texts[0] and texts[-1] == "クリンナップ"
