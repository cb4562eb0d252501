"""AWSessionModel.contracts (AWContracts): every contract rule and the four 令呪 effects (a summon in
an AW fight also moves the battle tracker's round to cleanup) — each one undo step that also takes
the campaign file back."""

from __future__ import annotations

import pytest

from gmtool.models.battle_model import ENCOUNTER_KEY, BattleModel
from gmtool.rules import battle
from gmtool.rules.battle import Phase
from gmtool.rules.systems.aw.session_state import BreakMethod, SpellEffect
from tests.models.aw.test_session_model import (
    aw_fight,
    in_file,
    last_log,
    people,
    refused,
    undo_restores,
)


def test_forming_a_contract_is_stored_logged_and_undoable(model, campaign_path):
    toru, mina, _ = people(model)
    undo_restores(model, campaign_path, lambda: model.contracts.form_contract(toru, mina))
    assert model.contracts.is_master(toru) and model.state().master_of(mina) == toru
    assert last_log(model) == "契約: 朝霧 透（マスター）→ ミナ・クローデル（サーヴァント）"
    assert in_file(campaign_path)["contracts"][0]["master"] == toru


def test_one_master_per_servant(model):
    toru, mina, shadow = people(model)
    model.contracts.form_contract(toru, mina)
    refused(
        model,
        lambda: model.contracts.form_contract(shadow, mina),
        "ミナ・クローデルには既にマスター（朝霧 透）がいます",
    )


def test_self_contract_is_refused(model):
    toru, _, _ = people(model)
    refused(model, lambda: model.contracts.form_contract(toru, toru), "自分自身と契約することはできません")


def test_the_same_direction_never_again_but_the_reverse_is_allowed(model, campaign_path):
    toru, mina, _ = people(model)
    model.contracts.form_contract(toru, mina)
    model.contracts.break_contract(mina, BreakMethod.OTHER, "呪いが解けた")
    refused(
        model,
        lambda: model.contracts.form_contract(toru, mina),
        "同じ契約はもう結べません（逆向きなら結べます）",
    )
    undo_restores(model, campaign_path, lambda: model.contracts.form_contract(mina, toru))
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
    model.contracts.form_contract(toru, mina)
    model.contracts.form_contract(toru, shadow)  # toru stays a master, so the 令呪 count is visible after
    undo_restores(model, campaign_path, lambda: model.contracts.break_contract(mina, method, "聖堂にて"))
    assert model.state().master_of(mina) is None
    assert model.state().contracts[0].broken.method is method
    assert model.contracts.spells_left(toru) == left
    assert label in last_log(model) and "「聖堂にて」" in last_log(model)
    assert ("残り 2" in last_log(model)) == (method is BreakMethod.COMMAND_SPELL)


def test_breaking_by_command_spell_is_refused_with_none_left(model):
    toru, mina, _ = people(model)
    model.contracts.form_contract(toru, mina)
    for _ in range(3):
        model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER)
    refused(
        model,
        lambda: model.contracts.break_contract(mina, BreakMethod.COMMAND_SPELL),
        "朝霧 透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）",
    )


def test_an_order_is_logged_with_its_text(model, campaign_path, pair):
    toru, mina, _ = pair
    undo_restores(
        model,
        campaign_path,
        lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER, "逃げろ"),
    )
    assert model.contracts.spells_left(toru) == 2
    assert last_log(model) == "令呪: 朝霧 透 → ミナ・クローデル「命令を強要する」（残り 2） 逃げろ"


def test_summon_adds_the_servant_to_the_scene(model, campaign_path, pair):
    toru, mina, _ = pair
    assert model.combat.summary() is None
    undo_restores(
        model, campaign_path, lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    )
    assert model.current_scene().present == (toru, mina)
    assert in_file(campaign_path, ENCOUNTER_KEY) is None  # no fight: nothing else is written
    assert "クリンナップ" not in last_log(model)


def test_summon_in_an_aw_fight_moves_the_trackers_round_to_cleanup(model, campaign_path, pair):
    toru, mina, _ = pair
    tracker = aw_fight(model.campaign_model, "朝霧 透", "影の使徒")
    before = tracker.state()
    assert before.phase is Phase.TURN and before.participant(before.current).name == "朝霧 透"
    assert model.combat.summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    undo_restores(
        model, campaign_path, lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    )
    after = tracker.state()  # the tracker's own model sees the change
    assert (after.phase, after.round, after.current) == (Phase.CLEANUP, 1, None)
    assert after.get(before.current).acted  # the actor's turn ended; no one else acts this round
    assert (
        after.events[-1].text
        == "令呪: 朝霧 透 → ミナ・クローデル「シーンに登場させる」のため、ラウンド 1 はクリンナッププロセスへ"
    )
    assert model.combat.summary() == "戦闘中: 森の遭遇 ラウンド 1・クリンナップ"
    assert model.current_scene().present == (toru, mina) and model.contracts.spells_left(toru) == 2
    assert "ミナ・クローデルが戦闘に加わり、ラウンドはクリンナッププロセスへ" in last_log(model)
    assert [p.name for p in after.participants] == ["朝霧 透", "影の使徒", "ミナ・クローデル"]
    assert battle.load_encounter(in_file(campaign_path, ENCOUNTER_KEY)) == after

    # One undo takes back both: the 令呪 and the tracker's round.
    model.campaign_model.undo_stack.undo()
    assert model.contracts.spells_left(toru) == 3 and model.current_scene().present == (toru,)
    assert (
        tracker.state() == before and battle.load_encounter(in_file(campaign_path, ENCOUNTER_KEY)) == before
    )
    assert model.combat.summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"


def test_a_refused_summon_in_a_fight_leaves_no_half_step(model, pair):
    toru, mina, _ = pair
    tracker = aw_fight(model.campaign_model, "朝霧 透", "ミナ・クローデル")
    model.set_present(model.current_scene().id, (toru, mina))
    before = tracker.state()
    refused(
        model,
        lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON),
        "既に戦闘に参加しています",
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
        tracker.roster.add_character(toru)
        if fight == "ended":
            tracker.round.start()
            tracker.round.end()
    stored = campaign_model.session_value(ENCOUNTER_KEY)
    count = campaign_model.undo_stack.count()
    assert model.combat.summary() is None
    model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    assert campaign_model.session_value(ENCOUNTER_KEY) == stored
    assert campaign_model.undo_stack.count() == count + 1 and "クリンナップ" not in last_log(model)
    campaign_model.undo_stack.undo()
    assert model.contracts.spells_left(toru) == 3


def test_dismiss_removes_the_servant(model, campaign_path, pair):
    toru, mina, _ = pair
    model.set_present(model.current_scene().id, (toru, mina))
    undo_restores(
        model, campaign_path, lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.DISMISS)
    )
    assert model.current_scene().present == (toru,)
    refused(
        model,
        lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.DISMISS),
        "シーンに登場していません",
    )


def test_a_boost_spends_one(model, campaign_path, pair):
    toru, mina, _ = pair
    undo_restores(
        model, campaign_path, lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.BOOST)
    )
    assert model.contracts.spells_left(toru) == 2 and "達成値+20" in last_log(model)


def test_every_effect_is_refused_at_zero_with_the_reason(model, pair):
    toru, mina, _ = pair
    for effect in (SpellEffect.ORDER, SpellEffect.BOOST, SpellEffect.SUMMON):
        model.contracts.use_command_spell(toru, mina, effect)
    assert model.contracts.spells_left(toru) == 0
    reason = "朝霧 透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）"
    for effect in SpellEffect:
        refused(model, lambda e=effect: model.contracts.use_command_spell(toru, mina, e), reason)
    refused(model, lambda: model.contracts.check_spell_available(toru), reason)


def test_only_a_master_has_spells(model, pair):
    toru, mina, shadow = pair
    refused(
        model, lambda: model.contracts.check_spell_available(mina), "ミナ・クローデルはマスターではありません"
    )
    refused(
        model,
        lambda: model.contracts.use_command_spell(toru, shadow, SpellEffect.ORDER),
        "影の使徒は朝霧 透のサーヴァントではありません",
    )
    model.contracts.check_spell_available(toru)  # no refusal: 3 left


def test_a_spell_spent_for_a_special_rule_is_logged_and_undoable(model, campaign_path, pair):
    toru, _, _ = pair
    undo_restores(
        model,
        campaign_path,
        lambda: model.contracts.spend_command_spell(toru, " AF判定「隠された祭壇」を自動成功 "),
    )
    assert model.contracts.spells_left(toru) == 2
    assert last_log(model) == "令呪: 朝霧 透（特別ルール）AF判定「隠された祭壇」を自動成功（残り 2）"


def test_a_deleted_master_has_no_spells_to_offer(model, pair, campaign_model):
    toru, mina, _ = pair
    campaign_model.delete_character(toru)
    refused(model, lambda: model.contracts.check_spell_available(toru), "キャンペーンから削除されています")
    refused(
        model, lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER), "令呪は使えません"
    )


def test_a_spell_for_a_special_rule_needs_a_master_with_one_left(model, pair):
    toru, mina, _ = pair
    refused(
        model,
        lambda: model.contracts.spend_command_spell(mina, "AF"),
        "ミナ・クローデルはマスターではありません",
    )
    for _ in range(3):
        model.contracts.spend_command_spell(toru, "AF")
    refused(model, lambda: model.contracts.spend_command_spell(toru, "AF"), "朝霧 透の令呪は残っていません")


def test_an_over_long_break_note_is_refused(model):
    toru, mina, _ = people(model)
    model.contracts.form_contract(toru, mina)
    refused(
        model, lambda: model.contracts.break_contract(mina, BreakMethod.OTHER, "え" * 5001), "最大 5000 文字"
    )
