"""LotR wounds, weariness, courage, corruption, renown: hand-checked tracks, one undo step each, refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.lotr import actions as actions_module
from gmtool.models.lotr.actions import LOG_KIND, LotRActions
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.qt_fixtures import reopen_characters, sample_lotr_character
from tests.rules.lotr.gm_tables import enter_gm_wound_penalties

NAME = "ピピン"


def make_actions(campaign_model, **changes):
    """The sample Hobbit (Health 7, BRG 7, Courage 3, four wound levels) with the given changes."""
    character = replace(sample_lotr_character(NAME), **changes)
    character_id = campaign_model.insert_character("lotr", character, "x")
    campaign_model.undo_stack.clear()
    return LotRActions(campaign_model, character_id)


def stored(campaign_model, name=NAME):
    return reopen_characters(campaign_model.campaign.path)[name]


def logs(campaign_model):
    return [e.payload for e in campaign_model.log_entries() if e.kind == LOG_KIND]


def test_ten_damage_on_health_ten_is_dazed_minus_one_and_undo_restores(empty_campaign_model):
    enter_gm_wound_penalties(empty_campaign_model)  # the summary gives Dazed no number: the GM's −1
    actions = make_actions(empty_campaign_model, health=10)
    actions.take_damage(9)
    assert actions.wound_text() == "Healthy（健康） ±0"  # 9 < 10: still Healthy
    status = actions.take_damage(1)
    assert actions.track().level.name == "Dazed"
    assert actions.track().penalty == -1
    assert actions.wound_text() == "Dazed（朦朧） -1"
    assert "ダメージを 1 点受けました" in status and "Dazed" in status
    assert stored(empty_campaign_model).damage == 10

    stack = empty_campaign_model.undo_stack
    assert stack.count() == 2 and stack.undoText() == "ダメージを受ける"
    stack.undo()
    assert actions.character.damage == 9 and actions.track().level.name == "Healthy"
    assert stored(empty_campaign_model).damage == 9
    stack.redo()
    assert actions.track().level.name == "Dazed"


def test_a_hobbit_dies_on_reaching_incapacitated(empty_campaign_model):
    """1.2.1 「Hobbitは,Incapacitated になった時点で死亡する」 (this test used to keep it alive there)."""
    actions = make_actions(empty_campaign_model)  # Health 7, Small, four levels
    names = [level.name for level in actions.track().levels]
    assert names == ["Healthy", "Dazed", "Injured", "Wounded", "Incapacitated"]
    actions.take_damage(4 * 7 - 1)  # 27: the last point of Wounded
    assert actions.track().level.name == "Wounded" and not actions.track().dead
    status = actions.take_damage(1)  # 28 = Incapacitated reached
    assert actions.track().dead
    assert "死亡（ホビットは Incapacitated で死亡（1.2.1））" in status
    entry = empty_campaign_model.log_entries()[-1]
    assert entry.payload["after"]["damage"] == 28
    empty_campaign_model.undo_stack.undo()
    assert not actions.track().dead


def test_the_demo_dwarf_has_five_levels_and_takes_the_rest_of_healthy(campaign_model):
    nar = next(s for s in campaign_model.characters_of("lotr") if s.character.name == "ナール")
    actions = LotRActions(campaign_model, nar.id)
    assert [level.name for level in actions.track().levels][-1] == "Near Death"
    assert actions.track().points_left_in_level == 8  # damage 9 of Health 17
    actions.take_damage(8)
    assert actions.wound_text() == "Dazed（朦朧） 未設定（GM が設定）"  # the summary gives no number
    assert stored(campaign_model, "ナール").damage == 17
    assert actions.weariness_text() == "Winded（息切れ） 未設定（GM が設定）"


def test_healing_stops_at_no_damage_and_is_refused_without_damage(empty_campaign_model):
    actions = make_actions(empty_campaign_model, damage=3)
    status = actions.heal(5)
    assert actions.character.damage == 0
    assert "3 点回復" in status and "ダメージは 3 点だけでした" in status
    assert empty_campaign_model.undo_stack.undoText() == "負傷の回復"
    with pytest.raises(ValueError, match="ダメージを受けていません"):
        actions.heal(1)
    assert empty_campaign_model.undo_stack.count() == 1

    actions.set_damage(12)
    assert actions.track().level.name == "Dazed" and stored(empty_campaign_model).damage == 12
    with pytest.raises(ValueError, match="すでに 12 点"):
        actions.set_damage(12)


def test_weariness_moves_between_hale_and_exhausted_and_no_further(empty_campaign_model):
    actions = make_actions(empty_campaign_model)
    with pytest.raises(ValueError, match="疲労していません"):
        actions.weariness_down()
    actions.weariness_up()
    assert actions.weariness_text() == "Winded（息切れ） 未設定（GM が設定）"
    assert empty_campaign_model.undo_stack.undoText() == "疲労段階を上げる"
    status = actions.set_weariness(5)
    assert "Exhausted" in status and "意識不明" in status
    assert stored(empty_campaign_model).weariness == 5
    with pytest.raises(ValueError, match="これ以上疲労できません"):
        actions.weariness_up()
    actions.weariness_down(2)
    assert actions.character.weariness == 3
    assert empty_campaign_model.undo_stack.undoText() == "疲労段階を下げる"
    empty_campaign_model.undo_stack.undo()
    assert actions.character.weariness == 5


def test_courage_cannot_be_spent_past_zero_and_recovers_up_to_courage(empty_campaign_model):
    actions = make_actions(empty_campaign_model)  # Courage 3
    actions.spend_courage(2)
    assert actions.character.courage_left == 1
    with pytest.raises(ValueError, match="勇気の残りは 1 点です。2 点は使えません"):
        actions.spend_courage(2)
    actions.spend_courage()
    with pytest.raises(ValueError, match="勇気が残っていません"):
        actions.spend_courage()
    assert stored(empty_campaign_model).courage_spent == 3
    assert empty_campaign_model.undo_stack.count() == 2

    with pytest.raises(ValueError, match="使った勇気は 3 点なので 4 点は回復できません"):
        actions.recover_courage(4)
    actions.recover_courage(1)
    assert actions.character.courage_left == 1
    actions.recover_courage()  # all
    assert actions.character.courage_spent == 0
    assert empty_campaign_model.undo_stack.undoText() == "勇気の回復"
    with pytest.raises(ValueError, match="使った勇気はありません"):
        actions.recover_courage()
    empty_campaign_model.undo_stack.undo()
    assert actions.character.courage_left == 1


def test_one_courage_buys_two_weariness_levels_in_one_step(empty_campaign_model):
    actions = make_actions(empty_campaign_model, weariness=3)
    status = actions.courage_for_weariness()
    assert (actions.character.weariness, actions.character.courage_spent) == (1, 1)
    assert "Weary" in status and "Winded" in status
    actions.courage_for_weariness()  # only one level left to recover
    assert (actions.character.weariness, actions.character.courage_spent) == (0, 2)
    with pytest.raises(ValueError, match="疲労していない"):
        actions.courage_for_weariness()
    empty_campaign_model.undo_stack.undo()
    assert (actions.character.weariness, actions.character.courage_spent) == (1, 1)


def test_courage_for_weariness_needs_courage_left(empty_campaign_model):
    actions = make_actions(empty_campaign_model, weariness=2, courage_spent=3)
    with pytest.raises(ValueError, match="勇気が残っていません"):
        actions.courage_for_weariness()
    assert actions.character.weariness == 2


def test_corruption_signals_once_when_it_reaches_bearing(empty_campaign_model, qtbot):
    actions = make_actions(empty_campaign_model, corruption=5)  # Bearing 7
    reached = []
    actions.bearing_reached.connect(lambda corruption, bearing: reached.append((corruption, bearing)))
    status = actions.change_corruption(1)
    assert reached == [] and "Bearing" not in status
    status = actions.change_corruption(1)
    assert reached == [(7, 7)]
    assert "Corruption が Bearing に達しました: キャラクターは NPC になります（1.2.4）" in status
    assert empty_campaign_model.undo_stack.undoText() == "堕落の増加"
    actions.change_corruption(2)  # already there: no second signal
    assert reached == [(7, 7)]
    assert logs(empty_campaign_model)[-2]["reached_bearing"] is True

    empty_campaign_model.undo_stack.undo()
    empty_campaign_model.undo_stack.undo()
    assert stored(empty_campaign_model).corruption == 6


def test_corruption_never_goes_below_zero(empty_campaign_model):
    actions = make_actions(empty_campaign_model, corruption=1)
    status = actions.change_corruption(-2)  # an extraordinary success at 1
    assert actions.character.corruption == 0
    assert "1 点減りました" in status and "0 未満にはなりません" in status
    assert empty_campaign_model.undo_stack.undoText() == "堕落の減少"
    with pytest.raises(ValueError, match="すでに 0"):
        actions.change_corruption(-1)
    actions.set_corruption(4)
    assert stored(empty_campaign_model).corruption == 4


def test_renown_changes_and_never_goes_negative(empty_campaign_model):
    actions = make_actions(empty_campaign_model)
    actions.change_renown(3)
    actions.set_renown(5)
    assert stored(empty_campaign_model).renown == 5
    with pytest.raises(ValueError, match="Renown は 0〜999"):
        actions.change_renown(-6)
    assert empty_campaign_model.undo_stack.undoText() == "知名度の変更"
    assert actions.character.renown == 5


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: a.take_damage(0), "受けるダメージ"),
        (lambda a: a.take_damage(-3), "受けるダメージ"),
        (lambda a: a.take_damage(1000), "受けるダメージ"),
        (lambda a: a.take_damage("3"), "整数"),
        (lambda a: a.take_damage(True), "整数"),
        (lambda a: a.heal(0), "回復する点数"),
        (lambda a: a.set_damage(-1), "ダメージ"),
        (lambda a: a.set_weariness(6), "疲労段階"),
        (lambda a: a.weariness_up(0), "疲労の段階数"),
        (lambda a: a.spend_courage(0), "使う勇気"),
        (lambda a: a.spend_courage(4), "勇気の残り"),
        (lambda a: a.recover_courage(0), "回復する勇気"),
        (lambda a: a.change_corruption(0), "増減が 0"),
        (lambda a: a.set_corruption(1000), "Corruption"),
        (lambda a: a.change_renown(0), "増減が 0"),
        (lambda a: a.set_race("elf", "harfoot"), "亜種族"),
    ],
)
def test_a_bad_request_is_refused_with_a_message_and_stores_nothing(empty_campaign_model, call, message):
    actions = make_actions(empty_campaign_model, damage=2, weariness=1, courage_spent=1)
    before = actions.character
    with pytest.raises(ValueError, match=message):
        call(actions)
    assert actions.character == before
    assert stored(empty_campaign_model) == before
    assert empty_campaign_model.undo_stack.count() == 0
    assert logs(empty_campaign_model) == []


def test_each_action_writes_a_log_entry_with_a_summary(empty_campaign_model):
    actions = make_actions(empty_campaign_model)
    actions.take_damage(3)
    actions.spend_courage()
    entries = logs(empty_campaign_model)
    assert [p["action"] for p in entries] == ["damage", "spend_courage"]
    first = entries[0]
    assert first["system"] == "lotr" and first["character"] == NAME
    assert (first["before"]["damage"], first["after"]["damage"]) == (0, 3)
    assert set(first["summary"]) == {"who", "inputs", "dice", "result"}
    assert first["summary"]["inputs"] == "ダメージを受ける"


def test_a_race_change_brings_its_size_and_wound_levels(empty_campaign_model):
    actions = make_actions(empty_campaign_model)
    actions.set_race("dwarf")
    c = actions.character
    assert (c.race, c.subrace, c.size, c.wound_levels) == ("dwarf", "", "small", 5)
    assert [level.name for level in actions.track().levels][-1] == "Near Death"
    assert c.attributes == sample_lotr_character().attributes  # bonuses are not redone
    actions.set_race("elf", "noldor")
    assert (actions.character.size, actions.character.subrace) == ("medium", "noldor")
    assert empty_campaign_model.undo_stack.undoText() == "種族を変更"
    empty_campaign_model.undo_stack.undo()
    assert actions.character.race == "dwarf"


def test_the_campaigns_rule_tables_are_read_again_when_the_gm_edits_them(empty_campaign_model, monkeypatch):
    shipped = lotr_rules()
    wounds = list(shipped.wound_levels)
    wounds[3] = replace(wounds[3], penalty=-3)  # the GM sets Wounded
    edited = replace(shipped, wound_levels=tuple(wounds))
    monkeypatch.setattr(
        actions_module,
        "campaign_lotr_rules",
        lambda cm: edited if cm.session_value(RULES_KEY) else shipped,
    )
    actions = make_actions(empty_campaign_model, damage=21)  # 21 // 7 = Wounded
    assert actions.wound_text() == "Wounded（重傷） 未設定（GM が設定）"
    empty_campaign_model.set_session_value(RULES_KEY, {"wound_levels": {"wounded": -3}}, "表")
    assert actions.wound_text() == "Wounded（重傷） -3"
