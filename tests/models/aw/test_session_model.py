"""AWSessionModel over the demo campaign: every contract rule, the four 令呪 effects (a summon in an
AW fight also moves the battle tracker's round to cleanup), event keys, the ends of session and
scenario — each one undo step that also takes the campaign file back."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.aw.session_model import SESSION_KEY, AWSessionModel
from gmtool.models.battle_model import ENCOUNTER_KEY, BattleModel
from gmtool.rules import battle
from gmtool.rules.battle import Phase
from gmtool.rules.systems.aw.session import BreakMethod, SessionRefused, SpellEffect
from tests.qt_fixtures import stored_session


@pytest.fixture
def model(campaign_model) -> AWSessionModel:
    return AWSessionModel(campaign_model)


def people(model: AWSessionModel) -> tuple[str, str, str]:
    """朝霧 透 (PC), ミナ・クローデル (PC), 影の使徒 (NPC)."""
    toru, mina, shadow = (i for i, _ in model.characters())
    return toru, mina, shadow


def in_file(path: Path, key: str = SESSION_KEY) -> object:
    """A session document as another program opening the file sees it."""
    return stored_session(path, key)


def aw_fight(campaign_model, *names: str, system: str = "aw") -> BattleModel:
    """The battle tracker's 「森の遭遇」 with `names`, started and at its first actor's turn."""
    tracker = BattleModel(campaign_model, seed_source=lambda: 7)
    tracker.new_encounter(system, "森の遭遇")
    for sid, stored in ((s.id, s) for s in campaign_model.characters_of(system)):
        if stored.character.name in names:
            tracker.add_character(sid)
    tracker.start()
    tracker.next_turn()
    return tracker


def last_log(model: AWSessionModel) -> str:
    return model.campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def last_summary(model: AWSessionModel) -> tuple[str, str, str]:
    """(who, inputs, result) of the last log line: the log table's キャラクター, 内容 and 結果."""
    summary = model.campaign_model.log_entries()[-1].payload["summary"]
    return summary["who"], summary["inputs"], summary["result"]


def refused(model: AWSessionModel, action, reason: str) -> None:
    """The action is refused with `reason`, and nothing is stored, undoable or logged."""
    before = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    with pytest.raises(SessionRefused) as refusal:
        action()
    assert reason in str(refusal.value)
    after = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    assert after == before


def undo_restores(model: AWSessionModel, path: Path, action) -> None:
    """`action` is one undo step; undoing it brings back the state and the file, redo re-applies."""
    before_state, before_file = model.state(), in_file(path)
    count = model.campaign_model.undo_stack.count()
    action()
    after_state, after_file = model.state(), in_file(path)
    assert after_state != before_state and after_file != before_file
    assert model.campaign_model.undo_stack.count() == count + 1
    model.campaign_model.undo_stack.undo()
    assert model.state() == before_state and in_file(path) == before_file
    model.campaign_model.undo_stack.redo()
    assert model.state() == after_state and in_file(path) == after_file


# ---- contracts ----------------------------------------------------------------------------------


def test_forming_a_contract_is_stored_logged_and_undoable(model, campaign_path):
    toru, mina, _ = people(model)
    undo_restores(model, campaign_path, lambda: model.form_contract(toru, mina))
    assert model.is_master(toru) and model.state().master_of(mina) == toru
    assert last_log(model) == "契約: 朝霧 透（マスター）→ ミナ・クローデル（サーヴァント）"
    assert in_file(campaign_path)["contracts"][0]["master"] == toru


def test_one_master_per_servant(model):
    toru, mina, shadow = people(model)
    model.form_contract(toru, mina)
    refused(
        model,
        lambda: model.form_contract(shadow, mina),
        "ミナ・クローデルには既にマスター（朝霧 透）がいます",
    )


def test_self_contract_is_refused(model):
    toru, _, _ = people(model)
    refused(model, lambda: model.form_contract(toru, toru), "自分自身と契約することはできません")


def test_the_same_direction_never_again_but_the_reverse_is_allowed(model, campaign_path):
    toru, mina, _ = people(model)
    model.form_contract(toru, mina)
    model.break_contract(mina, BreakMethod.OTHER, "呪いが解けた")
    refused(model, lambda: model.form_contract(toru, mina), "同じ契約はもう結べません（逆向きなら結べます）")
    undo_restores(model, campaign_path, lambda: model.form_contract(mina, toru))
    assert model.state().master_of(toru) == mina


@pytest.mark.parametrize(
    ("method", "label", "left"),
    [
        (BreakMethod.COMMAND_SPELL, "令呪で契約破棄を命じる", 2),
        (BreakMethod.SEVERING, "令呪刻印のある肉体を切り離す", 3),
        (BreakMethod.SPIRITUAL_HEALING, "《心霊治療》", 3),
        (BreakMethod.OTHER, "その他", 3),
    ],
)
def test_breaking_by_each_method(model, campaign_path, method, label, left):
    toru, mina, shadow = people(model)
    model.form_contract(toru, mina)
    model.form_contract(toru, shadow)  # toru stays a master, so the 令呪 count is visible after
    undo_restores(model, campaign_path, lambda: model.break_contract(mina, method, "聖堂にて"))
    assert model.state().master_of(mina) is None
    assert model.state().contracts[0].broken.method is method
    assert model.spells_left(toru) == left
    assert label in last_log(model) and "「聖堂にて」" in last_log(model)
    assert ("残り 2" in last_log(model)) == (method is BreakMethod.COMMAND_SPELL)


def test_breaking_by_command_spell_is_refused_with_none_left(model):
    toru, mina, _ = people(model)
    model.form_contract(toru, mina)
    for _ in range(3):
        model.use_command_spell(toru, mina, SpellEffect.ORDER)
    refused(
        model,
        lambda: model.break_contract(mina, BreakMethod.COMMAND_SPELL),
        "朝霧 透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）",
    )


# ---- 令呪 ---------------------------------------------------------------------------------------


@pytest.fixture
def pair(model) -> tuple[str, str, str]:
    """透 is ミナ's master; a scene 「廃ビル」 with 透 only is current."""
    toru, mina, shadow = people(model)
    model.form_contract(toru, mina)
    model.add_scene("廃ビル", (toru,))
    return toru, mina, shadow


def test_an_order_is_logged_with_its_text(model, campaign_path, pair):
    toru, mina, _ = pair
    undo_restores(
        model, campaign_path, lambda: model.use_command_spell(toru, mina, SpellEffect.ORDER, "逃げろ")
    )
    assert model.spells_left(toru) == 2
    assert last_log(model) == "令呪: 朝霧 透 → ミナ・クローデル「命令を強要する」（残り 2） 逃げろ"


def test_summon_adds_the_servant_to_the_scene(model, campaign_path, pair):
    toru, mina, _ = pair
    assert model.combat_summary() is None
    undo_restores(model, campaign_path, lambda: model.use_command_spell(toru, mina, SpellEffect.SUMMON))
    assert model.current_scene().present == (toru, mina)
    assert in_file(campaign_path, ENCOUNTER_KEY) is None  # no fight: nothing else is written
    assert "クリンナップ" not in last_log(model)


def test_summon_in_an_aw_fight_moves_the_trackers_round_to_cleanup(model, campaign_path, pair):
    toru, mina, _ = pair
    tracker = aw_fight(model.campaign_model, "朝霧 透", "影の使徒")
    before = tracker.state()
    assert before.phase is Phase.TURN and before.participant(before.current).name == "朝霧 透"
    assert model.combat_summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    undo_restores(model, campaign_path, lambda: model.use_command_spell(toru, mina, SpellEffect.SUMMON))
    after = tracker.state()  # the tracker's own model sees the change
    assert (after.phase, after.round, after.current) == (Phase.CLEANUP, 1, None)
    assert after.get(before.current).acted  # the actor's turn ended; no one else acts this round
    assert (
        after.events[-1].text
        == "令呪: 朝霧 透 → ミナ・クローデル「シーンに登場させる」のため、ラウンド 1 はクリンナッププロセスへ"
    )
    assert model.combat_summary() == "戦闘中: 森の遭遇 ラウンド 1・クリンナップ"
    assert model.current_scene().present == (toru, mina) and model.spells_left(toru) == 2
    assert "ミナ・クローデルが戦闘に加わり、ラウンドはクリンナッププロセスへ" in last_log(model)
    assert [p.name for p in after.participants] == ["朝霧 透", "影の使徒", "ミナ・クローデル"]
    assert battle.load_encounter(in_file(campaign_path, ENCOUNTER_KEY)) == after

    # One undo takes back both: the 令呪 and the tracker's round.
    model.campaign_model.undo_stack.undo()
    assert model.spells_left(toru) == 3 and model.current_scene().present == (toru,)
    assert (
        tracker.state() == before and battle.load_encounter(in_file(campaign_path, ENCOUNTER_KEY)) == before
    )
    assert model.combat_summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"


def test_a_refused_summon_in_a_fight_leaves_no_half_step(model, pair):
    toru, mina, _ = pair
    tracker = aw_fight(model.campaign_model, "朝霧 透")
    model.set_present(model.current_scene().id, (toru, mina))
    before = tracker.state()
    refused(
        model, lambda: model.use_command_spell(toru, mina, SpellEffect.SUMMON), "既にシーンに登場しています"
    )
    assert tracker.state() == before
    model.campaign_model.undo_stack.undo()  # the last step is still the scene change, not a macro
    assert model.current_scene().present == (toru,) and tracker.state() == before


@pytest.mark.parametrize("fight", ["not started", "ended", "another system", "damaged"])
def test_summon_outside_a_running_aw_fight_changes_only_the_session(model, campaign_model, pair, fight):
    toru, mina, _ = pair
    if fight == "damaged":
        campaign_model.set_session_value(ENCOUNTER_KEY, {"round": "two"}, "壊す")
    elif fight == "another system":
        aw_fight(campaign_model, "リゼ・アルノー", system="fourcard")
    else:
        tracker = BattleModel(campaign_model)
        tracker.new_encounter("aw", "森の遭遇")
        tracker.add_character(toru)
        if fight == "ended":
            tracker.start()
            tracker.end()
    stored = campaign_model.session_value(ENCOUNTER_KEY)
    count = campaign_model.undo_stack.count()
    assert model.combat_summary() is None
    model.use_command_spell(toru, mina, SpellEffect.SUMMON)
    assert campaign_model.session_value(ENCOUNTER_KEY) == stored
    assert campaign_model.undo_stack.count() == count + 1 and "クリンナップ" not in last_log(model)
    campaign_model.undo_stack.undo()
    assert model.spells_left(toru) == 3


def test_the_combat_summary_follows_the_tracker(model, campaign_model, qtbot):
    tracker = BattleModel(campaign_model, seed_source=lambda: 7)
    tracker.new_encounter("aw", " ")  # the tracker names it 「戦闘」
    tracker.add_character(people(model)[0])
    with qtbot.waitSignal(model.combat_changed):
        tracker.start()
    assert model.combat_summary() == "戦闘中: 戦闘 ラウンド 1・セットアップ"
    tracker.rename("森の遭遇")
    tracker.next_turn()
    assert model.combat_summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    tracker.next_turn()
    tracker.next_turn()
    assert model.combat_summary() == "戦闘中: 森の遭遇 ラウンド 2・セットアップ"
    tracker.end()
    assert model.combat_summary() is None


def test_dismiss_removes_the_servant(model, campaign_path, pair):
    toru, mina, _ = pair
    model.set_present(model.current_scene().id, (toru, mina))
    undo_restores(model, campaign_path, lambda: model.use_command_spell(toru, mina, SpellEffect.DISMISS))
    assert model.current_scene().present == (toru,)
    refused(
        model, lambda: model.use_command_spell(toru, mina, SpellEffect.DISMISS), "シーンに登場していません"
    )


def test_a_boost_spends_one(model, campaign_path, pair):
    toru, mina, _ = pair
    undo_restores(model, campaign_path, lambda: model.use_command_spell(toru, mina, SpellEffect.BOOST))
    assert model.spells_left(toru) == 2 and "達成値+20" in last_log(model)


def test_every_effect_is_refused_at_zero_with_the_reason(model, pair):
    toru, mina, _ = pair
    for effect in (SpellEffect.ORDER, SpellEffect.BOOST, SpellEffect.SUMMON):
        model.use_command_spell(toru, mina, effect)
    assert model.spells_left(toru) == 0
    reason = "朝霧 透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）"
    for effect in SpellEffect:
        refused(model, lambda e=effect: model.use_command_spell(toru, mina, e), reason)
    refused(model, lambda: model.check_spell_available(toru), reason)


def test_only_a_master_has_spells(model, pair):
    toru, mina, shadow = pair
    refused(model, lambda: model.check_spell_available(mina), "ミナ・クローデルはマスターではありません")
    refused(
        model,
        lambda: model.use_command_spell(toru, shadow, SpellEffect.ORDER),
        "影の使徒は朝霧 透のサーヴァントではありません",
    )
    model.check_spell_available(toru)  # no refusal: 3 left


def test_a_spell_spent_for_a_special_rule_is_logged_and_undoable(model, campaign_path, pair):
    toru, _, _ = pair
    undo_restores(
        model, campaign_path, lambda: model.spend_command_spell(toru, " AF判定「隠された祭壇」を自動成功 ")
    )
    assert model.spells_left(toru) == 2
    assert last_log(model) == "令呪: 朝霧 透（特別ルール）AF判定「隠された祭壇」を自動成功（残り 2）"


def test_a_deleted_master_has_no_spells_to_offer(model, pair, campaign_model):
    toru, mina, _ = pair
    campaign_model.delete_character(toru)
    refused(model, lambda: model.check_spell_available(toru), "キャンペーンから削除されています")
    refused(model, lambda: model.use_command_spell(toru, mina, SpellEffect.ORDER), "令呪は使えません")


def test_a_spell_for_a_special_rule_needs_a_master_with_one_left(model, pair):
    toru, mina, _ = pair
    refused(model, lambda: model.spend_command_spell(mina, "AF"), "ミナ・クローデルはマスターではありません")
    for _ in range(3):
        model.spend_command_spell(toru, "AF")
    refused(model, lambda: model.spend_command_spell(toru, "AF"), "朝霧 透の令呪は残っていません")


# ---- event keys ---------------------------------------------------------------------------------


def test_a_key_is_given_with_its_scene_and_logged(model, campaign_path, pair):
    toru, _, _ = pair
    undo_restores(model, campaign_path, lambda: model.give_key("不審な人物", toru))
    key = model.state().keys_of(toru)[0]
    assert (key.name, key.scene, key.session) == ("不審な人物", "廃ビル", 1)
    assert last_log(model) == "イベントキー:不審な人物 → 朝霧 透（シーン「廃ビル」）"


def test_keys_for_npcs_and_duplicates_are_refused(model, pair):
    toru, _, shadow = pair
    model.give_key("不審な人物", toru)
    refused(model, lambda: model.give_key("鍵", shadow), "影の使徒はPCではありません")
    refused(
        model, lambda: model.give_key("不審な人物", toru), "既に「イベントキー:不審な人物」を持っています"
    )


def test_the_gm_moves_a_key_logged(model, campaign_path, pair):
    toru, mina, _ = pair
    model.give_key("古い鍵", toru)
    key_id = model.state().keys_of(toru)[0].id
    undo_restores(model, campaign_path, lambda: model.move_key(key_id, mina))
    assert model.state().keys_of(toru) == [] and model.state().keys_of(mina)[0].name == "古い鍵"
    assert last_log(model) == "GMがイベントキー:古い鍵 を 朝霧 透 から ミナ・クローデル へ移した"


def test_removing_a_key(model, campaign_path, pair):
    toru, _, _ = pair
    model.give_key("古い鍵", toru)
    key_id = model.state().keys_of(toru)[0].id
    undo_restores(model, campaign_path, lambda: model.remove_key(key_id))
    assert model.state().event_keys == () and "削除" in last_log(model)


# ---- session and scenario -------------------------------------------------------------------------


def test_end_session_restores_spells_and_counts_the_session(model, campaign_path, pair):
    toru, mina, _ = pair
    model.use_command_spell(toru, mina, SpellEffect.ORDER)
    tracker = aw_fight(model.campaign_model, "朝霧 透")
    undo_restores(model, campaign_path, model.end_session)
    state = model.state()
    assert model.spells_left(toru) == 3 and state.session_number == 2
    assert state.current_scene is None and len(state.scenes) == 1
    assert tracker.state().active  # the tracker's fight is the tracker's to end
    assert last_log(model) == "セッション 1 を終了（令呪が回復）"
    model.campaign_model.undo_stack.undo()
    assert model.spells_left(toru) == 2 and model.state().session_number == 1


def test_end_scenario_retires_keys_closes_scenes_and_keeps_contracts(model, campaign_path, pair):
    toru, mina, _ = pair
    model.set_scenario_name("赤い月")
    model.give_key("不審な人物", toru)
    model.use_command_spell(toru, mina, SpellEffect.ORDER)
    undo_restores(model, campaign_path, model.end_scenario)
    state = model.state()
    assert (state.scenario, state.scenario_number, state.session_number) == ("", 2, 2)
    assert state.scenes == () and state.keys_of(toru) == [] and state.event_keys[0].retired
    assert state.master_of(mina) == toru and model.spells_left(toru) == 3
    assert "「赤い月」を終了" in last_log(model)


def test_scenario_name_and_scenes(model, campaign_path):
    toru, mina, _ = people(model)
    undo_restores(model, campaign_path, lambda: model.set_scenario_name("  赤い月 "))
    assert model.state().scenario == "赤い月"
    first = model.add_scene("", (toru,))
    assert model.current_scene().name == "シーン 1"
    second = model.add_scene("屋上", (toru, mina))
    assert model.current_scene().id == second
    undo_restores(model, campaign_path, lambda: model.set_current_scene(first))
    undo_restores(model, campaign_path, lambda: model.set_present(first, (mina,)))
    assert model.state().scene(first).present == (mina,)


def test_every_model_on_the_campaign_sees_a_change(model, campaign_model, qtbot):
    other = AWSessionModel(campaign_model)
    toru, mina, _ = people(model)
    with qtbot.waitSignal(other.changed):
        model.form_contract(toru, mina)
    assert other.is_master(toru)
    with qtbot.waitSignal(other.changed):
        campaign_model.undo_stack.undo()
    assert not other.is_master(toru)


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (lambda m, toru: m.add_scene("あ" * 250, (toru,)), "scenes[0].name"),
        (lambda m, toru: m.give_key("い" * 250, toru), "event_keys[0].name"),
        (lambda m, toru: m.set_scenario_name("う" * 300), "scenario"),
    ],
)
def test_an_over_long_name_is_refused_and_the_session_stays_readable(model, action, field):
    toru, mina, _ = people(model)
    model.form_contract(toru, mina)
    before = model.state()
    refused(model, lambda: action(model, toru), "この内容は保存できません")
    with pytest.raises(SessionRefused) as refusal:
        action(model, toru)
    assert field in str(refusal.value) and "最大 200 文字" in str(refusal.value)
    assert model.problem() is None and model.state() == before and model.state().master_of(mina) == toru


def test_an_over_long_break_note_is_refused(model):
    toru, mina, _ = people(model)
    model.form_contract(toru, mina)
    refused(model, lambda: model.break_contract(mina, BreakMethod.OTHER, "え" * 5001), "最大 5000 文字")


def test_log_lines_name_who_acted_and_the_result(model, pair):
    toru, mina, _ = pair
    assert last_summary(model)[0] == "朝霧 透" and last_summary(model)[2] == "現在のシーンに"
    model.use_command_spell(toru, mina, SpellEffect.ORDER, "止まれ")
    assert last_summary(model)[::2] == ("朝霧 透", "令呪 残り 2/3")
    aw_fight(model.campaign_model, "朝霧 透")
    model.use_command_spell(toru, mina, SpellEffect.SUMMON)
    assert last_summary(model)[::2] == ("朝霧 透", "令呪 残り 1/3・戦闘に参加・クリンナッププロセスへ")
    model.break_contract(mina, BreakMethod.COMMAND_SPELL)
    assert last_summary(model)[::2] == ("朝霧 透", "契約破棄・令呪 残り 0/3")
    model.give_key("古い鍵", mina)
    assert last_summary(model)[::2] == ("ミナ・クローデル", "キーを得た")
    model.form_contract(mina, toru)
    assert last_summary(model)[::2] == ("ミナ・クローデル", "契約完了")


def test_scene_changes_are_logged(model, campaign_path):
    toru, mina, shadow = people(model)
    first = model.add_scene("学校", (toru,))
    model.add_scene("屋上", (toru, mina))
    undo_restores(model, campaign_path, lambda: model.set_present(first, (toru, shadow)))
    assert last_summary(model) == ("朝霧 透、影の使徒", "シーン「学校」: 登場 朝霧 透、影の使徒", "")
    model.set_present(first, ())
    assert last_log(model) == "シーン「学校」: 登場するキャラクターなし"
    model.set_current_scene(first)
    assert last_log(model) == "現在のシーン: 「学校」"
    model.set_current_scene(None)
    assert last_log(model) == "現在のシーンなし"
    refused(model, lambda: model.set_current_scene("nope"), "そのシーンはありません")
    model.set_scenario_name("赤い月")
    assert last_log(model) == "シナリオ名:「赤い月」"


def test_a_running_focus_is_seen_from_its_stored_status(model, campaign_model):
    assert model.running_focus() is None
    campaign_model.set_session_value("aw.focus", {"status": "running", "goal": " 祭壇を探す "}, "AF")
    assert model.running_focus() == "祭壇を探す"
    campaign_model.set_session_value("aw.focus", {"status": "success", "goal": "祭壇を探す"}, "AF")
    assert model.running_focus() is None


def test_a_bad_stored_state_is_reported_and_replaced_by_the_next_action(model, campaign_model):
    campaign_model.set_session_value(SESSION_KEY, {"session_number": "two"}, "壊す")
    assert "session_number" in model.problem() and model.state().session_number == 1
    model.set_scenario_name("新しい")
    assert model.problem() is None and model.state().scenario == "新しい"
