"""The 千幻抄 judgement panel's model: {特性値}+〈スキル〉, exact odds that follow every edit, the
campaign's thresholds (undoable), the logged roll and its refusal without a 千幻抄 character."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.roller_inputs import CUSTOM
from gmtool.models.sengensho.check_model import NO_SKILL, SengenshoCheckModel
from gmtool.models.sengensho.state import LOG_KIND, THRESHOLDS_KEY
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.dice import roll
from gmtool.rules.systems.sengensho.character import Attributes, SengenshoCharacter, Skill
from gmtool.rules.systems.sengensho.checks import CRITICAL, FUMBLE, NATURAL_DISTRIBUTION
from gmtool.rules.systems.sengensho.session import SessionRefused

ROLLS = list(itertools.product(range(1, 7), repeat=3))
INTELLECT = "attribute:intellect"


def count(predicate) -> Fraction:
    return Fraction(sum(1 for r in ROLLS if predicate(sum(r))), 216)


def saku() -> SengenshoCharacter:
    return SengenshoCharacter(
        name="白峰 朔",
        attributes=Attributes(body=3, endurance=2, intellect=5, sense=4, will=3),
        skills=(Skill("交渉", 2), Skill("幻想知識", 3)),
        archetypes=("狩猟者",),
    )


def shiori() -> SengenshoCharacter:
    return SengenshoCharacter(
        name="綾瀬 詩織", attributes=Attributes(intellect=4, sense=6), skills=(Skill("芸術", 4),)
    )


@pytest.fixture
def cast(empty_campaign_model):
    first = empty_campaign_model.insert_character("sengensho", saku(), "x")
    second = empty_campaign_model.insert_character("sengensho", shiori(), "x")
    return empty_campaign_model, first, second


def seed_rolling(predicate) -> int:
    """A seed whose first 3D6 with random.Random satisfies `predicate(faces)`."""
    for seed in itertools.count():
        if predicate(roll(random.Random(seed), 3, 6)):
            return seed
    raise AssertionError  # pragma: no cover


def test_a_check_is_one_attribute_plus_at_most_one_skill_and_the_odds_are_exact(cast):
    campaign_model, first, _ = cast
    model = SengenshoCheckModel(campaign_model)
    assert model.inputs().character_id == first
    model.set_source(Side.ACTION, INTELLECT)
    model.set_skill(Side.ACTION, "交渉")
    model.set_modifier(Side.ACTION, 1)
    assert model.value() == 7 and model.source_label() == "{知性}+〈交渉〉"
    assert model.inputs_text() == "{知性}+〈交渉〉 5+2 修正+1 / 目標値 14"
    # 3D6 + 8 ≥ 14 ⇔ 3D6 ≥ 6, but 3D6 ≤ 5 fumbles and ≥ 16 is a critical
    assert model.outcome_probabilities == {
        CRITICAL: count(lambda n: n >= 16),
        Outcome.SUCCESS: count(lambda n: 6 <= n <= 15),
        Outcome.FAILURE: Fraction(0),
        FUMBLE: count(lambda n: n <= 5),
    }
    assert model.success_probability == count(lambda n: n >= 6)
    model.set_skill(Side.ACTION, NO_SKILL)
    assert model.value() == 5 and model.source_label() == "{知性}"
    assert model.inputs_text() == "{知性} 5 修正+1 / 目標値 14"


def test_a_skill_the_character_lacks_is_refused_and_dropped_when_the_character_changes(cast):
    campaign_model, _, second = cast
    model = SengenshoCheckModel(campaign_model)
    with pytest.raises(SessionRefused, match="〈芸術〉はこのキャラクターのスキルにありません"):
        model.set_skill(Side.ACTION, "芸術")
    model.set_skill(Side.ACTION, "幻想知識")
    model.set_character(Side.ACTION, second)
    assert model.inputs().skill == NO_SKILL  # 詩織 has no 〈幻想知識〉
    assert [s.name for s in model.skills()] == ["芸術"]


def test_editing_the_character_changes_the_odds_at_once(cast):
    campaign_model, first, _ = cast
    model = SengenshoCheckModel(campaign_model)
    model.set_source(Side.ACTION, INTELLECT)
    before = model.success_probability
    campaign_model.update_character(
        first, replace(saku(), attributes=Attributes(intellect=9)), "特性値の変更"
    )
    assert model.value() == 9
    assert (
        model.success_probability == count(lambda n: n >= 6) > before
    )  # 3D6 + 9 ≥ 14 ⇔ 3D6 ≥ 5, but 5 fumbles
    # the skill chosen disappears from the sheet: the check falls back to none
    model.set_skill(Side.ACTION, "交渉")
    campaign_model.update_character(first, replace(saku(), skills=()), "スキルの削除")
    assert model.inputs().skill == NO_SKILL and model.value() == 5


def test_a_typed_value_replaces_attribute_and_skill(cast):
    model = SengenshoCheckModel(cast[0])
    model.set_source(Side.ACTION, INTELLECT)
    model.set_skill(Side.ACTION, "交渉")
    model.set_source(Side.ACTION, CUSTOM)
    assert model.inputs().custom_value == 7  # typing starts from the value shown
    model.set_custom_value(Side.ACTION, 10)
    assert model.value() == 10 and model.source_label() == "判定値"
    assert model.inputs_text() == "判定値 10 / 目標値 14"
    assert model.success_probability == count(lambda n: n >= 6)  # 5 fumbles although 15 ≥ 14


def test_bars_cover_3_to_18_coloured_and_the_curve_marks_the_target(cast):
    model = SengenshoCheckModel(cast[0])
    model.set_source(Side.ACTION, INTELLECT)
    model.set_target(12)
    bars = {t: (p, o) for t, p, o in model.natural_bars}
    assert list(bars) == list(range(3, 19))
    assert sum(p for p, _ in bars.values()) == 1
    assert bars[10][0] == NATURAL_DISTRIBUTION[10] == Fraction(27, 216)
    # 3D6 + 5 ≥ 12 ⇔ 3D6 ≥ 7
    assert [bars[t][1] for t in (5, 6, 7, 15, 16)] == [
        FUMBLE,
        Outcome.FAILURE,
        Outcome.SUCCESS,
        Outcome.SUCCESS,
        CRITICAL,
    ]
    assert model.curve_marker == 12 and model.curve[12] == model.success_probability
    # the curve runs from where only a fumble fails to where only a critical succeeds
    assert model.curve[min(model.curve)] == 1 - count(lambda n: n <= 5)
    assert model.curve[max(model.curve)] == count(lambda n: n >= 16)
    model.set_target(60)  # far off the dice: still on the curve
    assert 60 in model.curve and model.success_probability == count(lambda n: n >= 16)


def test_thresholds_are_the_campaigns_undoable_and_every_roll_uses_them(cast):
    campaign_model = cast[0]
    model = SengenshoCheckModel(campaign_model)
    model.set_source(Side.ACTION, INTELLECT)
    assert (model.critical, model.fumble) == (16, 5) and not model.house_thresholds
    model.set_thresholds(17, 4)
    assert campaign_model.session_value(THRESHOLDS_KEY) == {"critical": 17, "fumble": 4}
    assert model.house_thresholds
    assert model.outcome_probabilities[CRITICAL] == count(lambda n: n >= 17)
    assert model.outcome_probabilities[FUMBLE] == count(lambda n: n <= 4)
    assert "クリティカル 17 以上・ファンブル 4 以下" in model.inputs_text()
    entry = campaign_model.log_entries()[-1]
    assert (
        entry.kind == LOG_KIND
        and entry.payload["summary"]["result"] == "クリティカル 17 以上・ファンブル 4 以下"
    )
    # another panel over the same campaign reads the same house rule
    assert (SengenshoCheckModel(campaign_model).critical, SengenshoCheckModel(campaign_model).fumble) == (
        17,
        4,
    )
    campaign_model.undo_stack.undo()
    assert (model.critical, model.fumble) == (16, 5)
    assert model.outcome_probabilities[CRITICAL] == count(lambda n: n >= 16)
    model.set_thresholds(19, 2)
    assert model.outcome_probabilities[CRITICAL] == model.outcome_probabilities[FUMBLE] == 0


def test_a_bad_threshold_pair_is_refused_with_the_message_and_changes_nothing(cast):
    campaign_model = cast[0]
    model = SengenshoCheckModel(campaign_model)
    depth = campaign_model.undo_stack.count()
    with pytest.raises(SessionRefused, match="ファンブルの出目 9 がクリティカルの出目 8 以上です"):
        model.set_thresholds(8, 9)
    with pytest.raises(SessionRefused, match="クリティカルの出目 20 は 4〜19 の範囲外です"):
        model.set_thresholds(20, 5)
    assert (model.critical, model.fumble) == (16, 5)
    assert campaign_model.undo_stack.count() == depth


def test_a_damaged_stored_threshold_is_reported_and_the_shipped_one_used(cast):
    campaign_model = cast[0]
    campaign_model.set_session_value(THRESHOLDS_KEY, {"critical": 3, "fumble": 5}, "壊れた値")
    model = SengenshoCheckModel(campaign_model)
    assert (model.critical, model.fumble) == (16, 5)
    assert "クリティカルの出目 3 は 4〜19 の範囲外です" in model.threshold_problem
    model.set_thresholds(16, 5)  # the GM confirms the shipped values: the bad document goes
    assert model.threshold_problem is None and campaign_model.session_value(THRESHOLDS_KEY) is None


def test_a_roll_is_logged_with_what_replays_it(cast):
    campaign_model, first, _ = cast
    seed = seed_rolling(lambda f: 6 <= sum(f) <= 15)
    model = SengenshoCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_source(Side.ACTION, INTELLECT)
    model.set_skill(Side.ACTION, "交渉")
    model.set_modifier(Side.ACTION, 1)
    resolved = []
    model.check_resolved.connect(resolved.append)
    result = model.roll()
    faces = roll(random.Random(seed), 3, 6)
    assert result.faces == faces and result.seed == seed and resolved == [result]
    assert result.total == sum(faces) + 8 and result.outcome is Outcome.SUCCESS
    entry = campaign_model.log_entries()[-1]
    assert entry.kind == "check"
    p = entry.payload
    assert p["summary"] == {
        "who": "白峰 朔",
        "inputs": "{知性}+〈交渉〉 5+2 修正+1 / 目標値 14",
        "dice": f"3D6 [{','.join(map(str, faces))}]={sum(faces)}",
        "result": f"達成値 {sum(faces) + 8} 成功",
    }
    assert p["system"] == "sengensho" and p["seed"] == seed and p["faces"] == list(faces)
    assert (p["value"], p["modifier"], p["target"], p["critical"], p["fumble"]) == (7, 1, 14, 16, 5)
    assert p["character_id"] == first and p["outcome"] == "success"
    assert p["probability"] == pytest.approx(float(count(lambda n: n >= 6)))


def test_a_critical_is_a_success_even_when_the_total_misses(cast):
    campaign_model = cast[0]
    seed = seed_rolling(lambda f: sum(f) >= 16)
    model = SengenshoCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_target(99)
    result = model.roll()
    assert result.outcome is CRITICAL and result.total < 99
    summary = campaign_model.log_entries()[-1].payload["summary"]
    assert summary["result"] == f"達成値 {result.total} クリティカル（成功）"


def test_a_fumble_is_a_failure_even_when_the_total_beats_the_target(cast):
    campaign_model = cast[0]
    seed = seed_rolling(lambda f: sum(f) <= 5)
    model = SengenshoCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_modifier(Side.ACTION, 40)
    result = model.roll()
    assert result.outcome is FUMBLE and result.total >= 14
    assert campaign_model.log_entries()[-1].payload["summary"]["result"].endswith("ファンブル（失敗）")


def without_sengensho_characters(campaign_model):
    """The demo campaign with its 千幻抄 characters deleted: AW, フォーカード and LotR ones remain."""
    for stored in campaign_model.characters_of("sengensho"):
        campaign_model.delete_character(stored.id)
    return campaign_model


def test_without_a_sengensho_character_the_roll_is_refused_with_the_reason(campaign_model):
    model = SengenshoCheckModel(without_sengensho_characters(campaign_model))
    assert model.characters() == [] and model.character() is None
    refused = []
    model.roll_refused.connect(refused.append)
    logged = len(campaign_model.log_entries())
    assert model.roll() is None
    assert refused == ["千幻抄のキャラクターがいません。キャラクターを追加してから振ってください"]
    assert len(campaign_model.log_entries()) == logged
    # the odds are still there for a what-if
    model.set_custom_value(Side.ACTION, 6)
    assert model.success_probability == count(lambda n: n >= 8)


def test_a_character_of_another_system_does_not_roll(campaign_model):
    campaign_model.insert_character("sengensho", saku(), "x")
    model = SengenshoCheckModel(campaign_model)
    aw_id = campaign_model.characters_of("aw")[0].id
    model.set_character(Side.ACTION, aw_id)
    refused = []
    model.roll_refused.connect(refused.append)
    assert model.roll() is None
    assert refused == ["朝霧 透は千幻抄のキャラクターではありません"]


def test_other_sides_are_left_to_the_opposed_stepper(cast):
    campaign_model, first, second = cast
    model = SengenshoCheckModel(campaign_model)
    model.set_character(Side.REACTION, second)
    assert model.inputs().character_id == first


def test_a_removed_character_drops_out_of_the_panel(cast):
    campaign_model, first, second = cast
    model = SengenshoCheckModel(campaign_model)
    campaign_model.delete_character(first)
    assert model.inputs().character_id == second
    campaign_model.delete_character(second)
    assert model.inputs().character_id is None
    assert model.roll_refusal() == "千幻抄のキャラクターがいません。キャラクターを追加してから振ってください"


def test_the_identification_reference_is_the_rule_texts(cast):
    model = SengenshoCheckModel(cast[0])
    assert [t.text for t in model.identification] == ["20", "14", "16", "14〜16"]
    assert model.identification[0].situation == "名前や顔を知っているだけ"
