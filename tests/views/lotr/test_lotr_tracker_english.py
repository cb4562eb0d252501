"""The LotR combat tracker in the English UI: the engine's labels (the wound and weariness tracks,
the actions, the stun) and the wound levels read in English in the table, the participant box and
the LotR box."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gmtool.models.battle_model import BattleModel
from gmtool.models.battle_table_model import BattleTableModel
from gmtool.models.lotr.tracker_labels import marked
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.systems.lotr import combat
from gmtool.views.battle.participant_box import ParticipantBox
from gmtool.views.lotr.attack_box import LotRTrackerBox
from tests.qt_fixtures import english_ui


def test_every_lotr_tracker_label_is_marked_for_the_translator(qapp):
    labels = set(marked())  # in Japanese: as written
    assert {k.name for k in (*combat.ACTION_KINDS, *combat.MOUNT_ACTION_KINDS)} <= labels
    assert {r.label for r in combat.LotRCombat().from_quick("x", {}).resources} <= labels
    assert {f.label for f in combat.LotRCombat.quick_fields} - {"Swiftness", "Defence", "Health"} <= labels


def test_the_tracker_reads_in_english(qtbot, campaign_model, tmp_path: Path):
    with english_ui(tmp_path):
        battle = BattleModel(campaign_model, seed_source=lambda: 1)
        battle.new_encounter("lotr", "ambush")
        (orc,) = battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6})
        table = BattleTableModel(battle)
        box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
        qtbot.addWidget(box)
        battle.changed.connect(box.sync)
        box.sync()
        box.battle_actions.spend(orc, "attack")
        battle.edit.add_condition(orc, "スタン", 2, None)
        battle.edit.damage(orc, combat.WOUNDS, 7)
        row = table.row_of(orc)

        def cell(column: int) -> str:
            return table.data(table.index(row, column), Qt.ItemDataRole.DisplayRole)

        assert cell(5) == "Damage 7/36  Fatigue level 0/5"
        assert cell(8) == "Attack (normal)"
        assert cell(6).startswith("Stunned")
        assert cell(4).startswith("Dazed · Hale")  # the wound levels' English names
        kinds = [box.kind_combo.itemText(i) for i in range(box.kind_combo.count())]
        assert any(k.startswith("Attack (normal)") for k in kinds) and not any("攻撃" in k for k in kinds)
        participant = ParticipantBox(battle, lambda *_: True)
        qtbot.addWidget(participant)
        participant.select(orc)
        combo = participant.resource_combo
        assert [combo.itemText(i) for i in range(combo.count())] == ["Damage", "Fatigue level"]
        assert "Stun table (Table 9.17): not set" in box.stun_box.odds_label.text()
        assert box.mount_box.mounted_check.text() == "Mounted"
