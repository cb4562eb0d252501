"""The tracker's fear box (3.8): Table 9.20's rows as ticks (empty or 未設定 said), the exact chance of
each effect, the roll, courage after it, and the effect applied and undone."""

from __future__ import annotations

import random

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import fear, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.fear import FearEffect, FearSpec
from gmtool.views.lotr.fear_box import FearBox


def seed_where(spec: FearSpec, predicate) -> int:
    return next(s for s in range(100_000) if predicate(fear.resolve(spec, random.Random(s))))


def make_box(qtbot, campaign_model, seed: int):
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "")
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(next(s.id for s in campaign_model.characters_of("lotr")))
    box = FearBox(LotRFearModel(battle))
    qtbot.addWidget(box)
    box.attacker_combo.setCurrentIndex(box.attacker_combo.findData(rider))
    box.target_combo.setCurrentIndex(box.target_combo.findData(naar))
    return battle, box, rider, naar


def test_the_table_rows_are_ticks_and_change_the_odds(qtbot, campaign_model):
    _battle, box, _rider, _naar = make_box(qtbot, campaign_model, 1)
    assert box.willpower_spin.value() == 0  # ナール's Willpower, filled in
    assert "Table 9.20 が空です: 修正なし" in box.rows_note.text() and box.row_checks == {}
    box.intimidate_spin.setValue(5)
    dist = fear.fear_distribution(FearSpec(5, 0))
    assert "Intimidate +5 対 Willpower +0" in box.odds_label.text()
    assert f"{100 * float(dist[FearEffect.TURN_LOST]):.1f}" in box.odds_label.text()

    rows = [{"name": "近い", "modifier": -2}, {"name": "遠い", "modifier": None}]
    LotRRulesModel(campaign_model).edits.set_value(("tables", catalog.FEAR), rows, "test")
    assert list(box.row_checks) == ["近い", "遠い"]
    assert not box.row_checks["遠い"].isEnabled() and "未設定" in box.row_checks["遠い"].text()
    assert "未設定の行は選べません" in box.rows_note.text()
    box.row_checks["近い"].setChecked(True)
    assert "Willpower -2" in box.odds_label.text()


def test_roll_courage_apply_and_undo_through_the_box(qtbot, campaign_model):
    seed = seed_where(FearSpec(6, 0), lambda r: r.winner is Contestant.A and 6 <= r.margin <= 10)
    battle, box, _rider, naar = make_box(qtbot, campaign_model, seed)
    box.intimidate_spin.setValue(6)
    assert not box.apply_button.isEnabled() and not box.courage_b_button.isEnabled()
    box.roll_button.click()
    assert "1 ターン行動不能、かつ −4" in box.result_label.text()
    assert not box.courage_a_button.isEnabled()  # a quick NPC: no courage to record
    assert box.courage_b_button.isEnabled()  # ナール may spend after seeing it
    box.apply_button.click()
    names = [c.name for c in battle.participant(naar).conditions]
    assert names == ["恐怖 −4", "恐怖: 次の手番は行動不能"]
    assert not box.apply_button.isEnabled()
    campaign_model.undo_stack.undo()
    assert battle.participant(naar).conditions == ()
    assert box.apply_button.isEnabled()  # the roll waits again


def test_the_box_fits_the_tracker_column(qtbot, campaign_model):
    _battle, box, _rider, _naar = make_box(qtbot, campaign_model, 1)
    rows = [{"name": f"距離 {i}", "modifier": -i} for i in range(6)]
    LotRRulesModel(campaign_model).edits.set_value(("tables", catalog.FEAR), rows, "test")
    box.show()
    assert box.sizeHint().width() <= 600 and box.sizeHint().height() <= 500
