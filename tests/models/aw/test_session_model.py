"""AWSessionModel over the demo campaign: every contract rule, the four 令呪 effects (a summon in an
AW fight also moves the battle tracker's round to cleanup), event keys, the ends of session and
scenario — each one undo step that also takes the campaign file back."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.aw.session_model import SESSION_KEY, AWSessionModel, SheetEntry, sheet_entry
from gmtool.models.battle_model import BattleModel
from gmtool.rules.systems.aw.session import BreakMethod, SessionRefused, SpellEffect
from tests.qt_fixtures import stored_session


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
            tracker.roster.add_character(sid)
    tracker.round.start()
    tracker.round.next_turn()
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


# ---- 令呪 ---------------------------------------------------------------------------------------


# ---- session and scenario -------------------------------------------------------------------------


def test_end_session_restores_spells_and_counts_the_session(model, campaign_path, pair):
    toru, mina, _ = pair
    model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER)
    tracker = aw_fight(model.campaign_model, "朝霧 透")
    undo_restores(model, campaign_path, model.end_session)
    state = model.state()
    assert model.contracts.spells_left(toru) == 3 and state.session_number == 2
    assert state.current_scene is None and len(state.scenes) == 1
    assert tracker.state().active  # the tracker's fight is the tracker's to end
    assert last_log(model) == "セッション 1 を終了（令呪が回復）"
    model.campaign_model.undo_stack.undo()
    assert model.contracts.spells_left(toru) == 2 and model.state().session_number == 1


def test_end_scenario_retires_keys_closes_scenes_and_keeps_contracts(model, campaign_path, pair):
    toru, mina, _ = pair
    model.set_scenario_name("赤い月")
    model.keys.give("不審な人物", toru)
    model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER)
    undo_restores(model, campaign_path, model.end_scenario)
    state = model.state()
    assert (state.scenario, state.scenario_number, state.session_number) == ("", 2, 2)
    assert state.scenes == () and state.keys_of(toru) == [] and state.event_keys[0].retired
    assert state.master_of(mina) == toru and model.contracts.spells_left(toru) == 3
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
        model.contracts.form_contract(toru, mina)
    assert other.contracts.is_master(toru)
    with qtbot.waitSignal(other.changed):
        campaign_model.undo_stack.undo()
    assert not other.contracts.is_master(toru)


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (lambda m, toru: m.add_scene("あ" * 250, (toru,)), "scenes[0].name"),
        (lambda m, toru: m.keys.give("い" * 250, toru), "event_keys[0].name"),
        (lambda m, toru: m.set_scenario_name("う" * 300), "scenario"),
    ],
)
def test_an_over_long_name_is_refused_and_the_session_stays_readable(model, action, field):
    toru, mina, _ = people(model)
    model.contracts.form_contract(toru, mina)
    before = model.state()
    refused(model, lambda: action(model, toru), "この内容は保存できません")
    with pytest.raises(SessionRefused) as refusal:
        action(model, toru)
    assert field in str(refusal.value) and "最大 200 文字" in str(refusal.value)
    assert model.problem() is None and model.state() == before and model.state().master_of(mina) == toru


def test_log_lines_name_who_acted_and_the_result(model, pair):
    toru, mina, _ = pair
    assert last_summary(model)[0] == "朝霧 透" and last_summary(model)[2] == "現在のシーンに"
    model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER, "止まれ")
    assert last_summary(model)[::2] == ("朝霧 透", "令呪 残り 2/3")
    aw_fight(model.campaign_model, "朝霧 透")
    model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    assert last_summary(model)[::2] == ("朝霧 透", "令呪 残り 1/3・戦闘に参加・クリンナッププロセスへ")
    model.contracts.break_contract(mina, BreakMethod.COMMAND_SPELL)
    assert last_summary(model)[::2] == ("朝霧 透", "契約破棄・令呪 残り 0/3")
    model.keys.give("古い鍵", mina)
    assert last_summary(model)[::2] == ("ミナ・クローデル", "キーを得た")
    model.contracts.form_contract(mina, toru)
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


def test_a_sheet_entry_names_the_master_servants_spells_and_keys(model):
    toru, mina, shadow = people(model)
    assert model.sheet_entry(toru) == SheetEntry(None, (), None, 3, ())
    model.contracts.form_contract(toru, mina)
    model.contracts.form_contract(toru, shadow)
    model.add_scene("廃ビル", (toru,))
    model.keys.give("不審な人物", toru)
    model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER)
    assert model.sheet_entry(toru) == SheetEntry(
        None, ("ミナ・クローデル", "影の使徒"), 2, 3, (("不審な人物", "廃ビル"),)
    )
    assert model.sheet_entry(mina) == SheetEntry("朝霧 透", (), None, 3, ())
    assert sheet_entry(model.campaign_model, mina) == model.sheet_entry(mina)  # the printed sheet's
