"""The tracked encounter every part of the combat tracker shares: one undo step per change, its
line in the encounter's own log and in the session log, and an unreadable stored encounter reported
instead of lost."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.rules.battle_types import BattleRefused, Encounter


def test_a_commit_is_one_undo_step_with_a_line_in_both_logs(campaign_model):
    encounter = TrackedEncounter(campaign_model)
    encounter.commit(Encounter(name="森", system="aw"), "新しい戦闘", "新しい戦闘「森」", who="GM")
    state = encounter.state()
    assert state.name == "森" and [e.text for e in state.events] == ["新しい戦闘「森」"]
    summary = campaign_model.log_entries()[-1].payload["summary"]
    assert (summary["inputs"], summary["who"]) == ("新しい戦闘「森」", "GM")
    assert campaign_model.undo_stack.undoText() == "新しい戦闘"
    encounter.commit(replace(encounter.state(), name="川"), "改名", None)  # no log line
    assert len(encounter.state().events) == 1 and len(campaign_model.log_entries()) == 1
    campaign_model.undo_stack.undo()
    assert encounter.state().name == "森"


def test_nothing_is_done_before_a_system_is_chosen(campaign_model):
    encounter = TrackedEncounter(campaign_model)
    with pytest.raises(BattleRefused, match="新しい戦闘"):
        encounter.require()
    encounter.commit(Encounter(system="lotr"), "新しい戦闘", None)
    assert encounter.require().system == "lotr"


def test_only_an_srs_round_ends_in_cleanup(campaign_model):
    encounter = TrackedEncounter(campaign_model)
    encounter.commit(Encounter(system="aw"), "aw", None)
    assert encounter.round_end_label() == "クリンナップ"
    encounter.commit(Encounter(system="fourcard"), "fourcard", None)
    assert encounter.round_end_label() == "ラウンド終了"


def test_an_unreadable_stored_encounter_is_reported_and_read_as_none(campaign_model):
    campaign_model.set_session_value("battle.encounter", {"participants": "壊れた"}, "壊す")
    encounter = TrackedEncounter(campaign_model)
    assert encounter.state() == Encounter()
    assert "戦闘の記録が正しくありません" in (encounter.problem() or "")
