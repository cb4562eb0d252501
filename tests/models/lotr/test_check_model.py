"""The LotR judgement panel's model: the engine's exact numbers, penalties, the roll and its log,
courage after the roll (counted per round, undoable), group, opposed and corruption tests."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.lotr.check_courage import CourageRefused
from gmtool.models.lotr.check_model import (
    CORRUPTION,
    COURAGE_KEY,
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
    Contestant,
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
from tests.qt_fixtures import reopen_characters, sample_lotr_character

A, B = Contestant.A, Contestant.B


def seed_where(predicate) -> int:
    """The first seed whose first test roll (random.Random(seed)) satisfies predicate(faces)."""
    for seed in itertools.count():
        if predicate(exploding.roll_test(random.Random(seed))):
            return seed
    raise AssertionError  # pragma: no cover


def faces_of(seed: int) -> tuple[int, ...]:
    return exploding.roll_test(random.Random(seed))


def nar_id(campaign_model) -> str:
    return next(s.id for s in campaign_model.characters_of("lotr") if s.character.name == "ナール")


def set_nar(campaign_model, **changes) -> None:
    character_id = nar_id(campaign_model)
    campaign_model.update_character(
        character_id, replace(campaign_model.character(character_id), **changes), "x"
    )


def typed(model: LotRCheckModel, side, value: int) -> None:
    model.set_source(side, CUSTOM)
    model.set_custom_value(side, value)


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


def courage_setup(campaign_model, courage: int = 9, spent: int = 0):
    """ナール with `courage`; a roll that fails by 2, so 1 point makes it a Complete Success."""
    set_nar(campaign_model, courage=courage, courage_spent=spent)
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    typed(model, A, 0)
    model.set_tn(sum(faces_of(seed)) + 2)
    return model


def test_courage_after_the_roll_reads_the_degree_again_and_is_logged(campaign_model):
    model = courage_setup(campaign_model)
    assert model.roll().degree is Degree.FAILURE
    result = model.spend_courage()
    assert result.degree is Degree.COMPLETE_SUCCESS and result.courage_bonus == 3
    assert model.last_result == result
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 1
    assert reopen_characters(campaign_model.campaign.path)["ナール"].courage_spent == 1
    assert model.spent_this_round(nar_id(campaign_model)) == 1
    follow_up = campaign_model.log_entries()[-1].payload
    assert follow_up["follow_up"] == "courage" and follow_up["points"] == 1
    assert (follow_up["degree_before"], follow_up["degree"]) == ("failure", "complete_success")
    assert follow_up["of_log_id"] == campaign_model.log_entries()[-2].id
    assert "勇気 1 点（+3）" in follow_up["summary"]["inputs"]


def test_courage_odds_count_what_may_still_be_spent(campaign_model):
    model = courage_setup(campaign_model, courage=9)
    assert list(model.odds.courage_probabilities) == [0, 1, 2, 3, 4]
    assert model.odds.courage_probabilities[0] == model.odds.success_probability
    tn, bonus = model.tn, model.roller(A).bonus
    assert model.odds.courage_probabilities[2] == exploding.at_least(tn - bonus - 6)
    model.roll()
    model.spend_courage(3)
    assert list(model.odds.courage_probabilities) == [0, 1]  # 4 − 3 this round
    set_nar(campaign_model, courage=9, courage_spent=9)
    assert list(model.odds.courage_probabilities) == [0]  # none left


def test_at_most_four_courage_a_round_until_the_next_round(campaign_model):
    model = courage_setup(campaign_model, courage=9)
    model.roll()
    for _ in range(4):
        model.spend_courage()
    with pytest.raises(CourageRefused, match="4 点まで"):
        model.spend_courage()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 4
    model.next_round()
    assert model.courage_round == 2 and model.spent_this_round(nar_id(campaign_model)) == 0
    model.roll()
    assert model.spend_courage().courage == 1
    campaign_model.undo_stack.undo()  # the spend
    campaign_model.undo_stack.undo()  # 次のラウンド
    assert model.courage_round == 1 and model.spent_this_round(nar_id(campaign_model)) == 4


def test_courage_is_refused_when_none_is_left_or_before_a_roll(campaign_model):
    model = courage_setup(campaign_model, courage=3, spent=3)
    with pytest.raises(CourageRefused, match="まだ振っていません"):
        model.spend_courage()
    model.roll()
    with pytest.raises(CourageRefused, match="残っていません"):
        model.spend_courage()
    assert campaign_model.session_value(COURAGE_KEY) is None  # nothing was counted


def test_undo_of_a_spend_restores_courage_count_and_degree_in_one_step(campaign_model):
    model = courage_setup(campaign_model)
    model.roll()
    model.spend_courage()
    campaign_model.undo_stack.undo()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 0
    assert model.spent_this_round(nar_id(campaign_model)) == 0
    assert model.last_result.degree is Degree.FAILURE and model.last_result.courage == 0
    campaign_model.undo_stack.redo()
    assert model.last_result.degree is Degree.COMPLETE_SUCCESS


def test_a_roll_without_a_character_cannot_take_courage(campaign_model):
    model = LotRCheckModel(campaign_model, seed_source=lambda: 1)
    model.set_character(A, None)
    assert model.source_label(A) == "直接入力" and model.odds.courage_probabilities == {
        0: model.odds.success_probability
    }
    refused: list[str] = []
    model.roll_refused.connect(refused.append)
    assert model.roll() is None and refused  # nobody to roll for (issue 20): nothing rolled
    with pytest.raises(CourageRefused):
        model.spend_courage()


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
    after = model.spend_courage()
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
    assert model.courage_refusal() == ""


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


def test_courage_on_a_corruption_test_changes_the_corruption_it_gave(campaign_model):
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    model.set_tn(sum(faces_of(seed)) + model.roller(A).bonus + 2)  # margin −2: Failure, +1
    model.roll()
    assert campaign_model.character(nar_id(campaign_model)).corruption == 3
    model.spend_courage()  # margin +1: Complete Success, no change
    nar = campaign_model.character(nar_id(campaign_model))
    assert nar.corruption == 2 and nar.courage_spent == 2
    assert campaign_model.log_entries()[-1].payload["corruption_after"] == 2


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
    assert min(odds.stack) == 4 and max(odds.stack) == 24
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


# ---- a roll belongs to the test it was rolled for -------------------------------------------
def test_an_old_roll_takes_no_courage_once_the_mode_leader_or_tn_changes(campaign_model):
    campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    seed = seed_where(lambda f: len(f) == 2)
    set_nar(campaign_model, courage=9, courage_spent=0)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    model.roll()
    assert model.roll_is_current
    model.set_mode(TEST)
    assert not model.roll_is_current
    with pytest.raises(CourageRefused, match="前回の堕落判定は今の判定と違います"):
        model.spend_courage()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 0
    model.set_mode(CORRUPTION)  # back to the very same test: the roll is current again
    assert model.courage_refusal() == ""
    model.set_tn(model.tn + 1)
    with pytest.raises(CourageRefused, match="目標値"):
        model.spend_courage()
    model.set_tn(model.tn - 1)
    pippin = next(s.id for s in model.characters() if s.character.name == "ピピン")
    model.set_character(A, pippin)
    with pytest.raises(CourageRefused, match="前回の堕落判定"):
        model.spend_courage()
    assert model.last_result is not None  # still there to be shown (greyed) by the panel


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
