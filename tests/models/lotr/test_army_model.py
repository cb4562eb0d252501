"""LotRArmyModel and its structures half over the demo campaign: every action is one undo step
that also takes the campaign file back, and one log line; refusals change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.lotr.army_model import ARMY_KEY, LOG_KIND, Commander, LotRArmyModel
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.rules.systems.lotr.structures import Target
from gmtool.rules.systems.lotr.units import ArmyRefused, hit_probability
from tests.qt_fixtures import stored_session


class Dice:
    """Scripted d6 faces shared by every roll the model makes."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
def model(campaign_model, dice) -> LotRArmyModel:
    return LotRArmyModel(campaign_model, seed_source=lambda: 42, rng_factory=lambda seed: dice)


def in_file(path: Path) -> object:
    return stored_session(path, ARMY_KEY)


def last_summary(model: LotRArmyModel) -> dict:
    entry = model.campaign_model.log_entries()[-1]
    assert entry.kind == LOG_KIND and entry.payload["system"] == "lotr"
    return entry.payload["summary"]


def undo_restores(model: LotRArmyModel, path: Path, action) -> object:
    """`action` is one undo step and one log line; undo brings back state and file, redo re-applies."""
    before_state, before_file = model.state(), in_file(path)
    count, logs = model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries())
    value = action()
    after_state, after_file = model.state(), in_file(path)
    assert after_state != before_state and after_file != before_file
    assert model.campaign_model.undo_stack.count() == count + 1
    assert len(model.campaign_model.log_entries()) == logs + 1
    model.campaign_model.undo_stack.undo()
    assert model.state() == before_state and in_file(path) == before_file
    model.campaign_model.undo_stack.redo()
    assert model.state() == after_state and in_file(path) == after_file
    return value


def refused(model: LotRArmyModel, action, reason: str) -> None:
    before = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    with pytest.raises(ArmyRefused) as refusal:
        action()
    assert reason in str(refusal.value)
    after = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    assert after == before


def make_unit(model: LotRArmyModel, name: str, **values) -> str:
    unit_id = model.add_unit(name)
    for field, value in values.items():
        model.set_unit_value(unit_id, field, value)
    return unit_id


def nar(model: LotRArmyModel) -> str:
    return next(i for i, name in model.commanders.characters() if name == "ナール")


# ---- units -----------------------------------------------------------------------------------------
def test_adding_editing_duplicating_and_removing_units_are_undoable(model, campaign_path):
    unit_id = undo_restores(model, campaign_path, lambda: model.add_unit("オーク軍"))
    assert last_summary(model)["inputs"] == "部隊「オーク軍」を追加"
    assert model.unit(unit_id).size is None  # not entered: the text gives no default
    undo_restores(model, campaign_path, lambda: model.set_unit_value(unit_id, "size", 20))
    assert last_summary(model)["inputs"] == "部隊「オーク軍」: Size （未入力） → 20"
    undo_restores(model, campaign_path, lambda: model.set_unit_value(unit_id, "side", " 敵 "))
    undo_restores(model, campaign_path, lambda: model.set_unit_value(unit_id, "mounted", True))
    assert last_summary(model)["inputs"] == "部隊「オーク軍」: 騎乗 なし → あり"
    undo_restores(model, campaign_path, lambda: model.set_unit_value(unit_id, "size", None))
    copy = undo_restores(model, campaign_path, lambda: model.duplicate_unit(unit_id))
    assert model.unit(copy).name == "オーク軍のコピー" and model.unit(copy).side == "敵"
    undo_restores(model, campaign_path, lambda: model.remove_unit(copy))
    assert [u.id for u in model.units()] == [unit_id]
    assert in_file(campaign_path)["units"][0]["mounted"] is True


def test_bad_unit_values_are_refused(model):
    unit_id = model.add_unit("近衛")
    refused(model, lambda: model.set_unit_value(unit_id, "size", -1), "0 以上の整数")
    refused(model, lambda: model.set_unit_value(unit_id, "toughness", "8"), "0 以上の整数")
    refused(model, lambda: model.set_unit_value(unit_id, "size", 10**9), "保存できません")
    refused(model, lambda: model.remove_unit("nope"), "その部隊はありません")


def test_an_unchanged_value_is_no_step(model):
    unit_id = make_unit(model, "近衛", size=10)
    count = model.campaign_model.undo_stack.count()
    model.set_unit_value(unit_id, "size", 10)
    assert model.campaign_model.undo_stack.count() == count


# ---- attacks ---------------------------------------------------------------------------------------
def test_a_hit_reduces_size_in_one_undo_step_with_its_log_line(model, dice, campaign_path):
    orcs = make_unit(model, "オーク軍", size=20, strength=6)
    guard = make_unit(model, "近衛", size=30, toughness=8)
    commander = Commander(bonus=3, modifier=1)  # 4 + dice vs 18
    spec = model.attack_spec(orcs, guard, commander)
    assert (spec.tn, spec.damage, spec.roll_spec().roller.bonus) == (18, 18, 4)
    dice.faces = [6, 6, 1]  # 13 + 4 = 17: miss — a log line, no undo step
    count = model.campaign_model.undo_stack.count()
    result = model.attack(orcs, guard, commander)
    assert not result.hit and model.unit(guard).size == 30
    assert model.campaign_model.undo_stack.count() == count
    summary = last_summary(model)
    assert (
        summary["result"] == "達成値 17（Failure（失敗）） — 外れ"
        and summary["dice"] == "[6,6,1]=13（振り足し）"
    )
    dice.faces = [6, 6, 2]
    result = undo_restores(model, campaign_path, lambda: model.attack(orcs, guard, commander))
    assert result.hit and model.unit(guard).size == 12
    summary = last_summary(model)
    assert summary["who"] == "オーク軍" and "命中: 18 ダメージ、Size 30 → 12" in summary["result"]
    assert "目標値 18 = Toughness 8 + 10" in summary["inputs"] and "直接入力 +4" in summary["inputs"]
    entry = model.campaign_model.log_entries()[-1].payload
    assert entry["seed"] == 42 and entry["p_hit"] == str(hit_probability(spec))


def test_an_attack_to_size_zero_destroys_and_the_unit_cannot_act(model, dice):
    orcs = make_unit(model, "オーク軍", size=20, strength=6)
    guard = make_unit(model, "近衛", size=10, toughness=8)
    dice.faces = [5, 5]
    result = model.attack(orcs, guard, Commander(bonus=10))
    assert result.destroyed and model.unit(guard).destroyed
    assert "（近衛 は消滅）" in last_summary(model)["result"]
    refused(model, lambda: model.attack(orcs, guard, Commander(bonus=10)), "消滅しています")


def test_an_attack_with_missing_values_is_refused(model):
    orcs = make_unit(model, "オーク軍", size=20)
    guard = make_unit(model, "近衛", size=10, toughness=8)
    refused(model, lambda: model.attack(orcs, guard, Commander()), "Strength が未入力です")


# ---- morale ----------------------------------------------------------------------------------------
def test_a_morale_test_that_reaches_morale_breaks_the_unit(model, dice, campaign_path):
    orcs = make_unit(model, "オーク軍", size=13)  # 13 ÷ 5 = 2.6 → +3
    guard = make_unit(model, "近衛", size=10, morale=18)
    spec = model.morale_spec(guard, Commander(bonus=5), orcs)
    assert (spec.tn, spec.support_bonus, spec.roll_spec().roller.bonus) == (18, 3, 8)
    dice.faces = [4, 5]  # 17: holds — log only
    count = model.campaign_model.undo_stack.count()
    assert not model.morale_test(guard, Commander(bonus=5), orcs).broke
    assert (
        model.campaign_model.undo_stack.count() == count and "踏みとどまった" in last_summary(model)["result"]
    )
    dice.faces = [5, 5]
    result = undo_restores(model, campaign_path, lambda: model.morale_test(guard, Commander(bonus=5), orcs))
    assert result.broke and model.unit(guard).broken
    assert last_summary(model)["inputs"].startswith(
        "士気: 近衛 を崩す判定（直接入力 +5、部隊「オーク軍」の Size 13÷5 = +3、"
        "目標値 18 = Morale 18）（崩壊する確率 "
    )
    assert last_summary(model)["result"] == "達成値 18（Marginal Success（最低限の成功）） — 近衛 は崩壊"


# ---- structures ------------------------------------------------------------------------------------
def test_structure_actions_are_undoable_and_logged(model, campaign_path):
    box = model.structures
    gate = undo_restores(model, campaign_path, lambda: box.add_structure("城門"))
    undo_restores(model, campaign_path, lambda: box.set_value(gate, "protection", 8))
    undo_restores(model, campaign_path, lambda: box.set_value(gate, "structure", 20))
    undo_restores(model, campaign_path, lambda: box.rename(gate, "大門"))
    undo_restores(model, campaign_path, lambda: box.add_lock(gate, "閂", 4))
    assert last_summary(model)["inputs"] == "「大門」に錠・閂「閂」（Protection +4、合計 +4/+6）"
    refused(model, lambda: box.add_lock(gate, "鉄の錠", 3), "合計 +6 まで")
    result = undo_restores(model, campaign_path, lambda: box.siege_damage(gate, 15))
    assert result.through == 3 and box.structure(gate).structure_left == 17
    assert last_summary(model)["result"] == "Structure 20 → 17"
    undo_restores(model, campaign_path, lambda: box.set_value(gate, "damage", 0))
    undo_restores(model, campaign_path, lambda: box.remove_lock(gate, 0))
    undo_restores(
        model,
        campaign_path,
        lambda: box.improve(
            gate, Target.STRUCTURE, Degree.SUPERIOR_SUCCESS, False, who="ギムリ", stonecraft_rank=5
        ),
    )
    assert last_summary(model)["inputs"] == (
        "築城: 「大門」の Structure +2（Superior Success（見事な成功）、この戦闘のみ、Stonecraft 5）"
    )
    assert undo_restores(model, campaign_path, box.end_battle) == 1
    assert box.structure(gate).improvements[0].ended and box.structure(gate).max_structure == 20
    undo_restores(model, campaign_path, lambda: box.remove_structure(gate))


def test_all_absorbed_siege_damage_is_a_log_line_only(model):
    box = model.structures
    gate = box.add_structure("城門")
    box.set_value(gate, "protection", 8)
    box.set_value(gate, "structure", 20)
    count = model.campaign_model.undo_stack.count()
    assert box.siege_damage(gate, 8).through == 0
    assert (
        model.campaign_model.undo_stack.count() == count
        and last_summary(model)["result"] == "Structure 20 → 20"
    )


def test_a_permanent_improvement_records_the_characters_rank_and_refuses_a_retry(model):
    box = model.structures
    gate = box.add_structure("城門")
    who = nar(model)
    assert box.stonecraft_rank(who) == 3
    box.improve(gate, Target.PROTECTION, Degree.COMPLETE_SUCCESS, True, character_id=who, stonecraft_rank=3)
    made = box.structure(gate).improvements[0]
    assert (made.who, made.character_id, made.stonecraft_rank, made.amount) == ("ナール", who, 3, 1)
    assert made.when  # a time stamp
    refused(
        model,
        lambda: box.improve(
            gate, Target.STRUCTURE, Degree.SUPERIOR_SUCCESS, True, character_id=who, stonecraft_rank=3
        ),
        "1 ランク伸ばしてから",
    )
    refused(model, lambda: box.improve(gate, Target.STRUCTURE, Degree.FAILURE, False, who="x"), "失敗した")


def test_a_damaged_document_is_a_problem_and_the_next_action_replaces_it(model, campaign_model):
    campaign_model.set_session_value(ARMY_KEY, {"units": [{"id": "a", "size": -5}]}, "壊す")
    assert "部隊・建造物の記録が正しくありません" in model.problem() and model.units() == ()
    model.add_unit("新しい部隊")
    assert model.problem() is None and len(model.units()) == 1


def test_changed_is_emitted_for_the_army_and_the_rule_tables(model, campaign_model, qtbot):
    with qtbot.waitSignal(model.structures.changed):
        model.add_unit("a")
    with qtbot.waitSignal(model.changed):
        campaign_model.set_session_value("lotr.rules", {}, "ハウスルール")
