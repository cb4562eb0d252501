"""SengenshoOpposedModel over a real campaign: the set-up, the seven steps with exact odds, the log.

The campaign holds 白峰 朔 (PC, {感覚}4 〈射撃〉2), 綾瀬 詩織 (PC, {意志}3) and 宵闇の主 (NPC, {身体}5
〈回避〉1).  Seeds are chosen by search for the natural 3D6 total each test needs.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gmtool.models.sengensho.opposed_model import (
    LOG_KIND,
    Role,
    SengenshoOpposedModel,
    StepRefused,
    TieRule,
    percent_text,
)
from gmtool.models.sengensho.thresholds import set_thresholds
from gmtool.rules.dice import roll
from gmtool.rules.systems.sengensho.character import Attributes, SengenshoCharacter, Skill
from gmtool.rules.systems.sengensho.checks import SengenshoRoller
from gmtool.rules.systems.sengensho.opposed import OpposedOutcome, OpposedSide, Step, odds


def seed_rolling(natural: int) -> int:
    """A seed whose first 3D6 has this total."""
    return next(s for s in range(100_000) if sum(roll(random.Random(s), 3, 6)) == natural)


def add_cast(campaign_model) -> dict[str, str]:
    people = [
        SengenshoCharacter(
            name="白峰 朔", is_pc=True, attributes=Attributes(sense=4), skills=(Skill("射撃", 2),)
        ),
        SengenshoCharacter(name="綾瀬 詩織", is_pc=True, attributes=Attributes(will=3)),
        SengenshoCharacter(
            name="宵闇の主", is_pc=False, attributes=Attributes(body=5), skills=(Skill("回避", 1),)
        ),
    ]
    return {c.name: campaign_model.insert_character("sengensho", c, "追加") for c in people}


def make(campaign_model, *naturals: int) -> SengenshoOpposedModel:
    queue = [seed_rolling(n) for n in naturals]
    return SengenshoOpposedModel(campaign_model, seed_source=lambda: queue.pop(0))


def log_summaries(campaign_model) -> list[dict]:
    return [e.payload["summary"] for e in campaign_model.log_entries() if e.kind == LOG_KIND]


def set_up_shot(model: SengenshoOpposedModel, ids: dict[str, str]) -> None:
    """白峰 朔 shoots ({感覚}+〈射撃〉 = 6), 宵闇の主 dodges ({身体}+〈回避〉 = 6, 修正 +1)."""
    model.setup.set_character(Role.ATTACKER, ids["白峰 朔"])
    model.setup.set_attribute(Role.ATTACKER, "sense")
    model.setup.set_skill(Role.ATTACKER, "射撃")
    model.setup.set_character(Role.DEFENDER, ids["宵闇の主"])
    model.setup.set_skill(Role.DEFENDER, "回避")
    model.setup.set_modifier(Role.DEFENDER, 1)


def test_the_set_up_follows_the_text_hint_and_offers_the_swap(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    model = make(empty_campaign_model)
    assert model.name(Role.ATTACKER) == "宵闇の主" and model.name(Role.DEFENDER) == "白峰 朔"  # PC defends
    assert (
        "PCを防御側とする" in model.setup.role_hint
        and "イニシアティブが低い方を攻撃側" in model.setup.role_hint
    )
    assert not model.setup.swap_offered()
    set_up_shot(model, ids)
    assert model.setup.swap_offered()  # a PC attacks an NPC
    assert model.source_label(Role.ATTACKER) == "{感覚}+〈射撃〉" and model.setup.value(Role.ATTACKER) == 6
    assert model.source_label(Role.DEFENDER) == "{身体}+〈回避〉" and model.setup.value(Role.DEFENDER) == 6
    model.setup.swap()
    assert model.name(Role.ATTACKER) == "宵闇の主" and model.setup.inputs(Role.ATTACKER).modifier == 1
    assert model.source_label(Role.DEFENDER) == "{感覚}+〈射撃〉" and not model.setup.swap_offered()
    model.setup.set_character(Role.ATTACKER, ids["綾瀬 詩織"])  # two PCs: only the hint, no offer
    assert (
        not model.setup.swap_offered() and model.setup.inputs(Role.ATTACKER).skill is None
    )  # 〈回避〉 was the NPC's


def test_a_typed_value_and_the_refusals_of_the_set_up(empty_campaign_model):
    add_cast(empty_campaign_model)
    model = make(empty_campaign_model)
    with pytest.raises(StepRefused, match="〈射撃〉はこのキャラクターのスキルにありません"):
        model.setup.set_skill(Role.ATTACKER, "射撃")  # 宵闇の主 has no 〈射撃〉
    model.setup.set_custom(Role.ATTACKER, True)
    assert model.setup.value(Role.ATTACKER) == 5  # starts from the value shown ({身体}5)
    model.setup.set_custom_value(Role.ATTACKER, 9)
    assert model.source_label(Role.ATTACKER) == "直接入力" and model.roller(Role.ATTACKER).value == 9
    model.setup.set_character(Role.DEFENDER, None)  # nobody: a typed value, named by the side
    assert model.name(Role.DEFENDER) == "防御側" and model.setup.is_custom(Role.DEFENDER)


def test_seven_steps_with_the_odds_at_each_and_the_log(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10, 11)
    set_up_shot(model, ids)
    a, d = SengenshoRoller(6, 0), SengenshoRoller(6, 1)
    before = odds(OpposedSide(a), OpposedSide(d))
    assert model.step is Step.ATTACKER_ROLLS and model.odds() == before
    headlines = [model.headline()]
    win, tie = percent_text(before.attacker), percent_text(before.tie)
    assert headlines[0] == f"P(攻撃側の勝ち) {win}（ほかに同値 {tie}: GMの裁定）"

    model.roll(dp=2)  # 1: natural 10 → 達成値 16
    assert model.step is Step.ATTACKER_MODIFIERS and model.side(Role.ATTACKER).total == 16
    assert model.side_text(Role.ATTACKER).endswith("達成値 16（判定値 6、修正 +0、宣言 +0） DP 2")
    headlines.append(model.headline())
    model.declare(3)  # 2: may change while the step lasts
    headlines.append(model.headline())
    model.declare(2)
    headlines.append(model.headline())
    model.fix()  # 3
    assert model.step is Step.DEFENDER_ROLLS and model.current_role() is Role.DEFENDER
    model.roll(dp=1)  # 4: natural 11 → 達成値 18, level with the attacker's 18
    headlines.append(model.headline())
    # Step 5: the defender may still declare, so the line says what a declaration decides.
    assert headlines[-1] == (
        "P(攻撃側の勝ち) 0%（ほかに同値 100%: GMの裁定）\n"
        "いまは同値（防御側はあと +1 で勝ち、-1 で攻撃側の勝ち）"
    )
    model.declare(-1)  # 5
    headlines.append(model.headline())
    model.fix()  # 6 → 7
    assert model.step is Step.RESULT
    assert len(set(headlines)) == len(headlines), headlines  # the line changes at every step
    assert headlines[-1] == "P(攻撃側の勝ち) 100%\n防御側はあと +2 で逆転、+1 で同値"  # at step 5
    assert model.headline() == "P(攻撃側の勝ち) 100%"  # the result: nothing left to declare

    rows = dict(model.step_odds())
    assert rows[None] == before
    assert rows[Step.ATTACKER_ROLLS] == odds(OpposedSide(a, (10,)), OpposedSide(d))
    assert (
        rows[Step.ATTACKER_MODIFIERS]
        == rows[Step.ATTACKER_FIXED]
        == odds(OpposedSide(a, (10,), declared=2), OpposedSide(d))
    )
    assert rows[Step.DEFENDER_ROLLS].tie == 1
    assert rows[Step.DEFENDER_MODIFIERS] == rows[Step.DEFENDER_FIXED] == rows[Step.RESULT]
    assert rows[Step.RESULT].attacker == 1

    assert model.result_text() == "攻撃側（白峰 朔）の勝ち 達成値 18 対 17"
    summaries = log_summaries(empty_campaign_model)
    assert len(summaries) == 3  # one line per roll, then the result
    assert summaries[0]["who"] == "白峰 朔"
    assert summaries[0]["inputs"] == "対抗判定 攻撃側: {感覚}+〈射撃〉 判定値 6 修正 +0 DP 2"
    assert summaries[0]["dice"].startswith("3D6 [") and summaries[0]["dice"].endswith("]=10")
    assert summaries[0]["result"].startswith("達成値 16（宣言前） / P(攻撃側の勝ち) ")
    assert summaries[1]["who"] == "宵闇の主" and "判定値 6 修正 +1 DP 1" in summaries[1]["inputs"]
    assert summaries[2]["who"] == "白峰 朔 → 宵闇の主"
    assert "宣言 +2 DP 2" in summaries[2]["inputs"] and "宣言 -1 DP 1" in summaries[2]["inputs"]
    assert summaries[2]["result"] == "攻撃側（白峰 朔）の勝ち 達成値 18 対 17"
    result = [e for e in empty_campaign_model.log_entries() if e.kind == LOG_KIND][-1].payload
    assert result["seeds"] == {"attacker": seed_rolling(10), "defender": seed_rolling(11)}
    assert result["totals"] == {"attacker": 18, "defender": 17} and result["winner"] == "attacker"
    assert result["tie_rule"] == "unset" and sum(result["faces"]["defender"]) == 11


def test_the_stepper_writes_only_log_lines(empty_campaign_model):
    """Panel state: nothing goes on the undo stack (Ctrl+Z keeps undoing the campaign)."""
    add_cast(empty_campaign_model)
    stack = empty_campaign_model.undo_stack
    count = stack.count()
    model = make(empty_campaign_model, 10, 9)
    for action in (model.roll, model.fix, model.roll, model.fix):
        action()
    assert stack.count() == count and len(log_summaries(empty_campaign_model)) == 3


def test_out_of_order_actions_are_refused_with_the_engine_message(empty_campaign_model):
    add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10, 9)
    with pytest.raises(StepRefused, match=r"次の手順: 1. 攻撃側がダイスを振る"):
        model.declare(2)
    with pytest.raises(StepRefused, match=r"次の手順: 1. 攻撃側がダイスを振る"):
        model.roll_defender()
    with pytest.raises(StepRefused, match="DP使用量は 0〜99"):
        model.roll(dp=-1)
    model.roll()
    with pytest.raises(StepRefused, match=r"今は「1. 攻撃側がダイスを振る.*次の手順: 2. 攻撃側に対する"):
        model.roll()  # no seed used: the defender still rolls the 9 queued for it
    with pytest.raises(StepRefused, match="攻撃側がダイスを振った後は設定を変えられません"):
        model.setup.set_modifier(Role.DEFENDER, 3)
    with pytest.raises(StepRefused, match="防御側はまだダイスを振っていません"):
        model.reroll_defender()
    model.fix()
    with pytest.raises(StepRefused, match=r"次の手順: 4. 防御側がダイスを振る"):
        model.fix()
    model.roll()
    assert model.side(Role.DEFENDER).natural == 9
    model.fix()
    with pytest.raises(StepRefused, match=r"次の手順: 7. 結果判定.*「やり直し」で新しい対抗判定"):
        model.roll()
    assert len(log_summaries(empty_campaign_model)) == 3  # refusals write nothing


def test_a_tie_is_the_gm_call_until_a_rule_is_chosen(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10, 10)
    set_up_shot(model, ids)
    model.setup.set_modifier(Role.DEFENDER, 0)  # 6 against 6
    assert model.tie_rule is TieRule.UNSET
    for action in (model.roll, model.fix, model.roll, model.fix):
        action()
    assert model.result_text() == "同値（GMの裁定） 達成値 16 対 16"
    assert model.headline() == "P(攻撃側の勝ち) 0%（ほかに同値 100%: GMの裁定）"
    model.set_tie_rule(TieRule.DEFENDER)  # the GM rules after seeing the tie: logged
    assert model.result_text() == "防御側（宵闇の主）の勝ち（同値: 防御側の勝ち） 達成値 16 対 16"
    assert model.headline() == "P(攻撃側の勝ち) 0%"
    last = log_summaries(empty_campaign_model)[-1]
    assert last["inputs"] == "同値の裁定を変更: 同値: 防御側の勝ち" and last["result"] == model.result_text()


def test_a_tie_rule_set_before_counts_in_every_step(empty_campaign_model):
    add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10)
    unset = model.attacker_wins()
    model.set_tie_rule(TieRule.ATTACKER)
    assert model.attacker_wins() == unset + model.odds().tie and "同値" not in model.headline()
    model.roll()
    assert model.attacker_wins() == model.odds().attacker + model.odds().tie


def test_criticals_and_fumbles_are_shown_with_the_campaign_thresholds(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    set_thresholds(empty_campaign_model, 14, 6)
    model = make(empty_campaign_model, 14, 6)
    set_up_shot(model, ids)
    assert model.roller(Role.ATTACKER).critical == 14
    for action in (model.roll, model.fix, model.roll, model.fix):
        action()
    assert model.special_text(Role.ATTACKER) == "クリティカル"
    assert model.special_text(Role.DEFENDER) == "ファンブル"
    assert model.result_text() == (
        "攻撃側（白峰 朔）の勝ち 達成値 20 対 13"
        "（攻撃側クリティカル、防御側ファンブル: 対抗判定の勝敗は達成値で決める）"
    )
    assert log_summaries(empty_campaign_model)[0]["result"].startswith("達成値 20（宣言前） クリティカル")


def test_reset_starts_over_and_logs_an_unfinished_procedure(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10, 12)
    set_up_shot(model, ids)
    model.roll()
    model.reset()
    assert model.step is Step.ATTACKER_ROLLS and not model.started
    assert model.setup.value(Role.ATTACKER) == 6  # the set-up is kept
    assert log_summaries(empty_campaign_model)[-1]["inputs"] == "対抗判定をやり直した（結果なし）"
    model.setup.set_modifier(Role.ATTACKER, 2)  # editable again
    model.roll()
    assert model.side(Role.ATTACKER).total == 12 + 6 + 2


def test_the_gm_may_let_the_defender_roll_again(empty_campaign_model):
    """「ある程度寛容に振り直しを認める」: back to step 4, the attacker's 達成値 kept."""
    ids = add_cast(empty_campaign_model)
    model = make(empty_campaign_model, 10, 5, 15)
    set_up_shot(model, ids)
    model.roll()
    model.declare(1)
    model.fix()
    model.roll()
    model.declare(-2)  # the attacker's 達成値低下 on the defender
    model.reroll_defender()
    assert model.step is Step.DEFENDER_ROLLS and model.side(Role.DEFENDER).declared == 0
    assert model.side(Role.ATTACKER).total == 17
    assert log_summaries(empty_campaign_model)[-1]["inputs"] == "GMが防御側の振り直しを認めた（手順4から）"
    model.roll(dp=2)
    assert model.side(Role.DEFENDER).natural == 15 and model.side(Role.DEFENDER).dp == 2
    model.fix()
    assert model.result_text() == "防御側（宵闇の主）の勝ち 達成値 17 対 22"


@pytest.mark.parametrize(
    ("rule", "declared", "expected"),
    [
        (TieRule.UNSET, 0, "防御側はあと +9 で逆転、+8 で同値"),
        (TieRule.DEFENDER, 0, "防御側はあと +8 で逆転"),
        (TieRule.ATTACKER, 0, "防御側はあと +9 で逆転"),
        (TieRule.DEFENDER, 10, "いまは防御側の勝ち（防御側への宣言があと -3 で攻撃側の勝ち）"),
        (TieRule.UNSET, 3, "防御側はあと +6 で逆転、+5 で同値"),
        (TieRule.UNSET, 10, "いまは防御側の勝ち（防御側への宣言があと -2 で同値、-3 で攻撃側の勝ち）"),
    ],
)
def test_step_five_says_what_the_defender_still_needs(empty_campaign_model, rule, declared, expected):
    """「P(攻撃側の勝ち) 100%」 alone at step 5 reads as decided while the defender may still
    declare: the headline says by how much a declaration reverses or ties, exactly."""
    model = make(empty_campaign_model, 15, 12)
    model.setup.set_custom_value(Role.ATTACKER, 9)  # natural 15 → 達成値 24
    model.setup.set_custom_value(Role.DEFENDER, 4)  # natural 12 → 達成値 16
    model.set_tie_rule(rule)
    model.roll()
    model.fix()
    model.roll()
    model.declare(declared)
    assert model.headline().endswith("\n" + expected)
    need = model.procedure.defender_need()
    assert need is not None
    for change, winner in (
        (need.win, OpposedOutcome.DEFENDER),
        (need.attacker_wins_at, OpposedOutcome.ATTACKER),
    ):
        moved = replace(
            model.procedure, defender=replace(model.side(Role.DEFENDER), declared=declared + change)
        )
        assert moved.fix_defender().winner() is winner  # the numbers shown decide the result
    model.fix()
    assert "\n" not in model.headline()  # at the result there is nothing left to declare
