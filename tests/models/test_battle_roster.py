"""Who is in the fight: campaign characters and quick NPCs join (one undo step each), leave and
change places; the quick NPC's values the rules leave to the GM are asked for; シートに反映 writes the
fight's resources onto the campaign characters in one undo step."""

from __future__ import annotations

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle_types import BattleRefused


def character_id(battle: BattleModel, name: str) -> str:
    return next(cid for cid, each in battle.roster.characters() if each == name)


def test_characters_of_the_system_join_once_and_quick_npcs_come_in_lettered_copies(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("aw", "森")
    roster = battle.roster
    assert [name for _, name in roster.characters()] == ["朝霧 透", "ミナ・クローデル", "影の使徒"]
    toru = roster.add_character(character_id(battle, "朝霧 透"))
    assert [name for _, name in roster.characters()] == ["ミナ・クローデル", "影の使徒"]
    with pytest.raises(BattleRefused, match="もう参加しています"):
        roster.add_character(battle.state().get(toru).character_id or "")
    goblins = roster.add_quick("ゴブリン", {"initiative": 5, "hp": 8}, count=2, hidden=True)
    state = battle.state()
    assert [p.name for p in state.participants] == ["朝霧 透", "ゴブリン A", "ゴブリン B"]
    assert all(state.get(g).hidden for g in goblins)
    joined = "参加: ゴブリン A、ゴブリン B（非公開）"
    assert state.events[-1].text == joined
    assert campaign_model.log_entries()[-1].payload["summary"]["inputs"] == joined

    roster.move(goblins[1], -1)
    assert [p.name for p in battle.state().participants] == ["朝霧 透", "ゴブリン B", "ゴブリン A"]
    roster.remove(goblins[0])
    assert [p.name for p in battle.state().participants] == ["朝霧 透", "ゴブリン B"]
    campaign_model.undo_stack.undo()
    assert len(battle.state().participants) == 3


def test_a_character_of_another_system_is_refused(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("lotr", "")
    aw_id = next(s.id for s in campaign_model.characters() if s.system == "aw")
    with pytest.raises(BattleRefused, match="この戦闘は"):
        battle.roster.add_character(aw_id)


def test_the_values_the_rules_do_not_give_are_missing_until_entered(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("fourcard", "")
    roster = battle.roster
    assert [f.key for f in roster.quick_fields()] == ["st", "wp", "vt"]
    assert roster.missing_quick_values({"st": 0, "wp": 0, "vt": 0}) == ["ST", "WP", "VT"]
    assert roster.missing_quick_values({"st": 4, "wp": 0, "vt": 4}) == ["WP"]
    assert roster.missing_quick_values({"st": 4, "wp": 4, "vt": 4}) == []


def test_write_back_puts_the_fights_damage_on_the_sheet_in_one_undo_step(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("fourcard", "乱闘")
    roster = battle.roster
    assert not roster.has_linked_characters()
    roster.add_quick("ならず者", {"st": 5, "wp": 3, "vt": 4})
    assert not roster.has_linked_characters() and roster.write_back() == []  # nobody of the campaign
    rize = roster.add_character(character_id(battle, "リゼ・アルノー"))
    assert roster.has_linked_characters()
    battle.edit.damage(rize, "injury", 2)
    stack = campaign_model.undo_stack
    steps = stack.count()
    stored_id = battle.state().get(rize).character_id or ""
    before = campaign_model.character(stored_id)
    assert roster.write_back() == ["リゼ・アルノー"]
    assert campaign_model.character(stored_id) != before and stack.count() == steps + 1
    assert stack.undoText() == "戦闘の結果をシートに反映"
    assert roster.write_back() == []  # the sheet already holds the fight's values
    stack.undo()
    assert campaign_model.character(stored_id) == before
