"""The fight for other places: the players' turn order and the CCFolia and Udonarium exports leave
the GM's hidden participants out unless asked for them."""

from __future__ import annotations

import json
import zipfile

import pytest

from gmtool.models.battle_model import BattleModel


@pytest.fixture
def battle(campaign_model):
    model = BattleModel(campaign_model)
    model.new_encounter("aw", "遭遇")
    toru = next(cid for cid, name in model.roster.characters() if name == "朝霧 透")
    model.roster.add_character(toru)
    model.roster.add_quick("怨霊", {"initiative": 3, "hp": 12}, hidden=True)
    return model


def test_the_players_turn_order_leaves_hidden_npcs_out(battle):
    assert battle.exports.public_order_text() == "・朝霧 透"
    battle.round.start()
    battle.round.next_turn()
    assert battle.exports.public_order_text() == "ラウンド 1\n▶ 朝霧 透"


def test_ccfolia_copies_hidden_participants_only_when_asked(battle):
    exports = battle.exports
    assert [d["data"]["name"] for d in exports.ccfolia_encounter()] == ["朝霧 透"]
    text, count = exports.ccfolia_encounter_text(include_hidden=True)
    assert count == 2 and len(json.loads(text)) == 2
    ghost = battle.state().participants[1].id
    with pytest.raises(ValueError, match="非表示"):
        exports.ccfolia_participant_text(ghost)
    assert json.loads(exports.ccfolia_participant_text(ghost, include_hidden=True))["data"]["name"] == "怨霊"


def test_udonarium_writes_a_zip_and_refuses_an_empty_one(battle, tmp_path):
    path = tmp_path / "fight.zip"
    assert battle.exports.write_udonarium(str(path)) == 1
    assert zipfile.is_zipfile(path)
    with pytest.raises(ValueError, match="書き込めません"):
        battle.exports.write_udonarium(str(tmp_path / "no such folder" / "fight.zip"))
    battle.new_encounter("aw", "")  # nobody in it
    with pytest.raises(ValueError, match="書き出す参加者がいません"):
        battle.exports.write_udonarium(str(tmp_path / "none.zip"))
