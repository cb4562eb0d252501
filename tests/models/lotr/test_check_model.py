"""The LotR judgement panel's model: the engine's exact numbers, penalties, the roll and its log,
group, opposed and corruption tests (courage after the roll: test_check_courage)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.lotr.check_model import (
    CORRUPTION,
    CUSTOM,
    GROUP,
    OPPOSED,
    TEST,
    LotRCheckModel,
)
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    GROUP_HELPER_BONUS,
    GroupSpec,
    LotRRoller,
    OpposedSpec,
    RollSpec,
    TieRule,
    group_distribution,
    opposed_distribution,
    opposed_round,
    roll_distribution,
)
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree
from tests.models.lotr.check_fixtures import A, B, faces_of, nar_id, seed_where, set_nar, typed
from tests.qt_fixtures import sample_lotr_character
from tests.rules.lotr.gm_tables import enter_gm_wound_penalties


def test_only_lotr_characters_are_offered_and_the_first_is_chosen(campaign_model):
    model = LotRCheckModel(campaign_model)
    assert [s.character.name for s in model.characters()] == ["ナール"]
    assert model.a.character_id == nar_id(campaign_model)
    assert model.source_label(A) == model.kinds(A)[0].label


def test_test_odds_are_the_engines_and_agree_with_a_hand_count(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_source(A, "skill:Armed Combat: Axes:Battle-axe")
    model.set_tn(15)
    # 6 ranks + NIM 9 (+1) + Battle-axe specialisation +2 (skills named "X: Y" must work)
    assert model.roller(A) == LotRRoller(rank=6, attribute_modifier=1, specialisation=2)
    expected = roll_distribution(RollSpec(LotRRoller(rank=6, attribute_modifier=1, specialisation=2), 15))
    assert model.odds.degree_probabilities == {d: expected[d] for d in DEGREE_ORDER}
    assert sum(model.odds.degree_probabilities.values()) == 1
    # an independent count: a typed bonus of 3 against TN 10 succeeds when 2d6 ≥ 7 (21 of 36)
    typed(model, A, 3)
    model.set_tn(10)
    assert model.odds.success_probability == Fraction(21, 36)
    assert model.odds.degree_probabilities[Degree.MARGINAL_SUCCESS] == Fraction(6, 36)  # 2d6 = 7


def test_affinity_and_untrained_change_the_bonus(campaign_model):
    model = LotRCheckModel(campaign_model)
    typed(model, A, 3)
    model.set_affinity(A, 2)
    assert model.roller(A).bonus == 5 and ("関連技能", 2) in model.bonus_parts(A)
    untrained = next(k for k in model.kinds(A) if k.id.startswith("untrained:"))
    model.set_source(A, untrained.id)
    assert model.roller(A).untrained and ("技能なし", -2) in model.bonus_parts(A)
    with pytest.raises(ValueError, match="0 以上"):
        model.set_affinity(A, -1)


def test_a_dazed_character_gets_the_wound_penalty_at_once(campaign_model):
    enter_gm_wound_penalties(campaign_model)  # the summary gives Dazed no number: the GM's −1
    model = LotRCheckModel(campaign_model)
    model.set_source(A, "skill:Observe")
    healthy = model.odds.success_probability
    assert model.roller(A).condition == 0 and "Healthy" in model.condition_text(A)
    assert "未設定（GM が設定）" in model.condition_text(A)  # Winded has no penalty in the summary
    set_nar(campaign_model, damage=17)  # Health 17: the second bucket of 17 is Dazed (−1)
    assert model.roller(A).condition == -1 and "Dazed" in model.condition_text(A)
    assert ("負傷・疲労", -1) in model.bonus_parts(A)
    bonus = model.roller(A).bonus
    assert model.odds.success_probability == exploding.at_least(model.tn - bonus) < healthy
    # A test the wound does not touch (「ほとんどの知識判定」 / social): the GM unticks it.
    model.set_wounds_apply(A, False)
    assert model.roller(A).condition == 0 and model.odds.success_probability == healthy
    assert "この判定には適用しない" in model.condition_text(A)


def test_roll_logs_every_face_the_seed_and_the_degree(campaign_model):
    seed = seed_where(lambda f: len(f) > 2)  # an exploding roll
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    typed(model, A, 2)
    model.set_modifier(A, 1)
    result = model.roll()
    faces = faces_of(seed)
    assert result.faces == faces and result.seed == seed and result.total == sum(faces) + 3
    entry = campaign_model.log_entries()[-1]
    assert entry.kind == "check"
    payload = entry.payload
    assert payload["system"] == "lotr" and payload["seed"] == seed and payload["faces"] == list(faces)
    assert payload["exploded"] and payload["tn"] == 10 and payload["degree"] == str(result.degree)
    assert payload["a"]["bonus_parts"]["modifier"] == 1 and payload["a"]["bonus"] == 3
    assert payload["probability"] == pytest.approx(float(model.odds.success_probability))
    assert "振り足し" in payload["summary"]["dice"] and payload["summary"]["who"] == "ナール"


def test_group_odds_are_the_engines_with_helpers_at_tn_minus_five(campaign_model):
    campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    model = LotRCheckModel(campaign_model)
    model.set_mode(GROUP)
    typed(model, A, 4)
    pippin = model.add_helper()
    assert model.character(pippin).name == "ピピン"
    typed_helper = model.add_helper()
    assert model.character(typed_helper) is None  # no one else: a typed bonus
    model.set_custom_value(typed_helper, 2)
    spec = model.spec()
    assert isinstance(spec, GroupSpec) and len(spec.helpers) == 2
    expected = group_distribution(spec)
    assert model.odds.degree_probabilities == {d: expected[d] for d in DEGREE_ORDER}
    helper_degrees = roll_distribution(RollSpec(LotRRoller(rank=2), model.tn - 5))
    gives = helper_degrees.map(lambda d: GROUP_HELPER_BONUS.get(d, 0))
    assert model.odds.helper_bonus[typed_helper] == dict(gives.items())
    assert model.odds.success_probability > roll_distribution(spec.leader).probability(lambda d: d.succeeded)


def test_group_roll_logs_each_helper_and_courage_goes_to_the_leader(campaign_model):
    set_nar(campaign_model, courage=9)
    model = LotRCheckModel(campaign_model, seed_source=lambda: 5)
    model.set_mode(GROUP)
    helper = model.add_helper()
    model.set_custom_value(helper, 1)
    result = model.roll()
    payload = campaign_model.log_entries()[-1].payload
    assert payload["mode"] == "group" and payload["helpers"][0]["tn"] == model.tn - 5
    assert payload["helpers"][0]["gives"] == GROUP_HELPER_BONUS.get(result.helpers[0].degree, 0)
    assert payload["help_bonus"] == result.help_bonus
    after = model.courage.spend()
    assert after.leader.total == result.leader.total + 3 and after.helpers == result.helpers
    model.remove_helper(helper)
    assert model.helpers == []


def test_opposed_odds_and_tie_rules(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_mode(OPPOSED)
    typed(model, A, 4)
    typed(model, B, 4)
    reroll = model.odds.wins[A]
    tie = model.odds.tie_per_round
    assert reroll == Fraction(1, 2) and tie == opposed_round(model.spec())[None] > 0
    model.set_tie_rule(TieRule.DODGE)  # a tie hits: the attacker (A)
    dodge = model.odds.wins[A]
    model.set_tie_rule(TieRule.PARRY)  # a tie is parried: the defender (B)
    parry = model.odds.wins[A]
    assert dodge > reroll > parry and dodge - parry == tie
    assert model.odds.wins == dict(
        opposed_distribution(OpposedSpec(LotRRoller(rank=4), LotRRoller(rank=4), "parry")).items()
    )
    # the stacked plot's data: P(A wins) over B's bonus, the current one marked
    assert model.odds.stack_marker == 4 and model.odds.stack[4][A] == parry
    assert model.odds.stack[0][A] > model.odds.stack[8][A]


def test_opposed_roll_is_logged_with_its_rounds(campaign_model):
    model = LotRCheckModel(campaign_model, seed_source=lambda: 3)
    model.set_mode(OPPOSED)
    result = model.roll()
    payload = campaign_model.log_entries()[-1].payload
    assert payload["winner"] == str(result.winner) and len(payload["rounds"]) == len(result.rounds)
    assert payload["rounds"][0]["a_faces"] == list(result.rounds[0].a_faces)
    # 1.2.3 「テスト結果を見てから」: courage is taken after an opposed roll too (this test used to
    # assert the panel's refusal); tests/models/lotr/test_lotr_contradictions_models.py has the cases.
    assert model.courage.refusal() == ""


def test_corruption_test_uses_willpower_and_applies_the_change(campaign_model):
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    assert model.a.source == "reaction:willpower"
    changes = model.odds.corruption_probabilities
    assert list(changes) == [3, 2, 1, 0, -1, -2] and sum(changes.values()) == 1
    degrees = model.odds.degree_probabilities
    assert changes[1] == degrees[Degree.FAILURE]
    assert changes[0] == degrees[Degree.MARGINAL_SUCCESS] + degrees[Degree.COMPLETE_SUCCESS]
    willpower = model.roller(A).bonus
    model.set_tn(sum(faces_of(seed)) + willpower + 7)  # margin −7: Complete Failure, +2
    result = model.roll()
    assert result.degree is Degree.COMPLETE_FAILURE
    assert campaign_model.character(nar_id(campaign_model)).corruption == 4  # the demo's 2 + 2
    payload = campaign_model.log_entries()[-1].payload
    assert (payload["corruption_before"], payload["corruption_after"]) == (2, 4)
    assert model.warning == ""
    campaign_model.undo_stack.undo()
    assert campaign_model.character(nar_id(campaign_model)).corruption == 2


def test_warns_when_corruption_reaches_bearing(campaign_model):
    set_nar(campaign_model, corruption=6)  # Bearing 7
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    model.set_tn(sum(faces_of(seed)) + model.roller(A).bonus + 1)  # Failure, +1
    model.roll()
    assert campaign_model.character(nar_id(campaign_model)).corruption == 7
    assert "Bearing（7）に達しました" in model.warning and "NPC" in model.warning
    campaign_model.undo_stack.undo()  # the GM takes the change back: no longer at Bearing
    assert model.warning == ""


def test_plot_data_is_the_degree_odds_over_tns_and_every_total(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_tn(14)
    odds = model.odds
    assert odds.stack_marker == 14 and odds.stack[14] == odds.degree_probabilities
    assert min(odds.stack) == 5 and max(odds.stack) == 25  # from a multiple of 5, 14 in the middle five
    spec = model.spec()
    assert odds.stack[20] == {d: roll_distribution(replace(spec, tn=20))[d] for d in DEGREE_ORDER}
    assert sum(p for _, p, _ in odds.total_bars) == 1
    for total, p, degree in odds.total_bars[:-1]:
        assert p == exploding.pmf(total) and degree is spec.judge(total)
    tail_total, tail_p, _ = odds.total_bars[-1]
    assert tail_total == odds.tail_total and tail_p == exploding.at_least(tail_total)


def test_a_removed_character_drops_out(campaign_model):
    model = LotRCheckModel(campaign_model)
    campaign_model.delete_character(nar_id(campaign_model))
    assert model.a.character_id is None and model.a.source == CUSTOM


def test_the_gms_table_edits_change_the_odds_at_once(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_source(A, "skill:Observe")
    assert model.roller(A).condition == 0  # ナール is Winded, which the summary gives no penalty
    campaign_model.set_session_value(RULES_KEY, {"schema": 1, "weariness_penalties": {"winded": -2}}, "x")
    assert model.roller(A).condition == -2 and "Winded（息切れ） -2" in model.condition_text(A)
    assert model.odds.success_probability == exploding.at_least(model.tn - model.roller(A).bonus)


def test_leaving_the_corruption_test_puts_back_the_check_chosen_before(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_source(A, "skill:Observe")
    model.set_mode(CORRUPTION)
    assert model.a.source == "reaction:willpower"
    model.set_mode(TEST)
    assert model.a.source == "skill:Observe" and model.source_label(A) == "Observe（知覚）"
    model.set_mode(CORRUPTION)
    model.set_mode(GROUP)
    assert model.a.source == "skill:Observe"


def test_opposed_b_is_someone_else_and_each_sides_totals_are_given(campaign_model):
    nar = nar_id(campaign_model)
    model = LotRCheckModel(campaign_model)
    assert model.b.character_id == nar  # the only LotR character: no one else to be B
    pippin = campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    assert LotRCheckModel(campaign_model).b.character_id == pippin  # a new panel: B is not A
    model.set_character(A, pippin)  # the GM selects ピピン: B (ピピン too) moves to ナール
    assert (model.a.character_id, model.b.character_id) == (pippin, nar)
    model.set_mode(OPPOSED)
    typed(model, A, 4)
    typed(model, B, 1)
    totals = model.odds.side_totals
    assert sum(totals[A].values()) == 1 and sum(totals[B].values()) == 1
    assert totals[A][11] == totals[B][8] == exploding.pmf(7)  # 2d6 = 7 plus each bonus


def test_a_leader_cannot_help_their_own_test(campaign_model):
    pippin = campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    model = LotRCheckModel(campaign_model)
    model.set_mode(GROUP)
    with pytest.raises(ValueError, match="リーダー「ナール」は自分を助けられません"):
        model.add_helper(nar_id(campaign_model))
    assert model.helpers == []
    helper = model.add_helper(pippin)
    with pytest.raises(ValueError, match="自分を助けられません"):
        model.set_character(helper, nar_id(campaign_model))
    assert model.inputs(helper).character_id == pippin
    model.set_character(A, pippin)  # ピピン now leads: no longer also a helper
    assert model.inputs(helper).character_id is None


def test_a_dead_character_is_flagged_but_may_still_roll(campaign_model):
    model = LotRCheckModel(campaign_model, seed_source=lambda: 1)
    assert not model.dead(A)
    set_nar(campaign_model, damage=10_000)
    assert model.dead(A)
    model.roll()  # the GM's call: not blocked
    assert campaign_model.log_entries()[-1].payload["summary"]["who"] == "ナール"


def test_a_table_edit_that_takes_the_chosen_check_away_falls_back_to_the_first(campaign_model):
    pippin = campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    model = LotRCheckModel(campaign_model)
    model.set_mode(GROUP)
    helper = model.add_helper(pippin)
    name = next(k.id for k in model.kinds(A) if k.id.startswith("untrained:")).partition(":")[2]
    for side in (A, B, helper):
        model.set_source(side, f"untrained:{name}")
    model.set_modifier(A, 1)
    campaign_model.set_session_value(RULES_KEY, {"schema": 1, "skills": {name: {"untrained": False}}}, "x")
    for side in (A, B, helper):
        kinds = model.kinds(side)
        assert f"untrained:{name}" not in {k.id for k in kinds}
        assert model.inputs(side).source == kinds[0].id  # not a silent typed 0
        assert model.value(side) == kinds[0].value and model.source_label(side) == kinds[0].label
    assert model.roller(A).modifier == 1  # the rest of A's inputs stay as they were


def test_a_tn_change_evaluates_each_degree_distribution_once(campaign_model):
    """Regression guard (issue 36): a TN change computes the stacked plot's 21 TNs and the courage
    curve's tests once each from cold, and, with the previous TN's still known, only the TN newly
    in view and the courage curve's."""
    model = LotRCheckModel(campaign_model)
    model.set_source(A, "skill:Observe")
    model.set_tn(10)
    most = model.courage.most()
    roll_distribution.cache_clear()
    model.set_tn(11)
    stacked = len(model.odds.stack)
    assert roll_distribution.cache_info().misses <= stacked + most
    before = roll_distribution.cache_info().misses
    model.set_tn(12)
    assert roll_distribution.cache_info().misses - before <= 1 + most
