"""フォーカード damage and recovery: hand-checked numbers, one undo step each, a log entry each."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.actions import LOG_KIND, FourCardActions
from gmtool.rules.dice import roll
from tests.qt_fixtures import reopen_characters, sample_fourcard_character

NAME = "ガルド"


def make_actions(campaign_model, seed_source=None, **changes):
    """The sample character (VT 5, 総合LV 1, HP lines 17/27/37) with the given changes."""
    character = replace(sample_fourcard_character(NAME), **changes)
    character_id = campaign_model.insert_character("fourcard", character, "x")
    campaign_model.undo_stack.clear()
    model = CharacterModel(campaign_model, character_id)
    if seed_source is None:
        return FourCardActions(model)
    return FourCardActions(model, seed_source=seed_source)


def damage_logs(campaign_model):
    return [e.payload for e in campaign_model.log_entries() if e.kind == LOG_KIND]


def stored(campaign_model):
    return reopen_characters(campaign_model.campaign.path)[NAME]


def test_taking_fatigue_and_injury_is_one_logged_undo_step_each(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=1)
    status = actions.take_fatigue(3)
    actions.take_injury(2)
    assert (actions.character.fatigue, actions.character.injury) == (4, 2)
    assert "疲労を 3 点受けました" in status and "累積ダメージ 4" in status
    assert (stored(empty_campaign_model).fatigue, stored(empty_campaign_model).injury) == (4, 2)

    stack = empty_campaign_model.undo_stack
    assert stack.count() == 2
    assert stack.undoText() == "負傷を受ける"
    stack.undo()
    assert stack.undoText() == "疲労を受ける"
    stack.undo()
    assert (actions.character.fatigue, actions.character.injury) == (1, 0)
    assert stored(empty_campaign_model).fatigue == 1

    logs = damage_logs(empty_campaign_model)
    assert [p["action"] for p in logs] == ["fatigue", "injury"]
    first = logs[0]
    assert first["system"] == "fourcard" and first["time"]
    assert first["before"]["fatigue"] == 1 and first["after"]["fatigue"] == 4
    assert first["summary"]["who"] == NAME
    assert "疲労 3 点" in first["summary"]["inputs"]
    assert set(first["summary"]) == {"who", "inputs", "dice", "result"}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: a.take_fatigue(-2), "受ける疲労"),
        (lambda a: a.take_injury(0), "受ける負傷"),
        (lambda a: a.rest(0), "休憩の時間"),
        (lambda a: a.sleep(-1), "睡眠の時間"),
        (lambda a: a.sleep(169), "睡眠の時間"),
        (lambda a: a.missed_meal(0), "抜いた食事の回数"),
    ],
)
def test_a_bad_request_is_refused_with_a_message_and_changes_nothing(empty_campaign_model, call, message):
    actions = make_actions(empty_campaign_model, fatigue=5, injury=2)
    with pytest.raises(ValueError, match=message):
        call(actions)
    assert (actions.character.fatigue, actions.character.injury) == (5, 2)
    assert empty_campaign_model.undo_stack.count() == 0
    assert damage_logs(empty_campaign_model) == []
    assert stored(empty_campaign_model).fatigue == 5


def test_rest_recovers_one_fatigue_per_hour(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=5, injury=2)
    status = actions.rest(3)
    assert actions.character.fatigue == 5 - 3
    assert actions.character.injury == 2  # rest never heals 負傷
    assert "疲労 3 点回復" in status
    assert empty_campaign_model.undo_stack.undoText() == "休憩"
    actions.rest(5)  # only 2 left to recover
    assert actions.character.fatigue == 0


def test_eight_hours_of_sleep_recover_fourteen_fatigue_and_one_injury(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=20, injury=3)
    status = actions.sleep(8)
    # 8 h rest (1/h) + 1 extra per hour for the first 6 hours = 6×2 + 2×1
    assert actions.character.fatigue == 20 - (6 * 2 + 2)
    assert actions.character.injury == 3 - 1
    assert "疲労 14 点回復" in status and "負傷 1 点回復" in status
    assert stored(empty_campaign_model).fatigue == 6
    empty_campaign_model.undo_stack.undo()
    assert (actions.character.fatigue, actions.character.injury) == (20, 3)


def test_sleep_recovery_is_capped_at_the_fatigue_there_is(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=9, injury=0)
    status = actions.sleep(8)
    assert actions.character.fatigue == 0
    assert "疲労 9 点回復" in status


def test_less_than_six_hours_of_sleep_heal_no_injury(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=20, injury=3)
    actions.sleep(5)
    assert actions.character.fatigue == 20 - 5 * 2
    assert actions.character.injury == 3
    actions.sleep(6)
    assert actions.character.fatigue == 0  # 6×2 would come back, only 10 was left
    assert actions.character.injury == 2


def test_hunger_blocks_fatigue_recovery_until_a_meal(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=4, injury=2)
    status = actions.missed_meal(2)
    assert actions.character.fatigue == 4 + 2
    assert actions.character.hungry
    assert "空腹" in status
    assert empty_campaign_model.undo_stack.undoText() == "食事抜き"

    rest_status = actions.rest(3)
    assert actions.character.fatigue == 6
    assert "空腹のため疲労は回復しません" in rest_status
    actions.sleep(8)
    assert actions.character.fatigue == 6  # still no fatigue back…
    assert actions.character.injury == 1  # …but sleep heals the wound all the same

    meal_status = actions.meal()
    assert not actions.character.hungry
    assert actions.character.fatigue == 5  # the meal itself recovers 1
    assert "空腹が解消しました" in meal_status
    assert not stored(empty_campaign_model).hungry
    actions.rest(2)
    assert actions.character.fatigue == 3

    empty_campaign_model.undo_stack.undo()
    empty_campaign_model.undo_stack.undo()  # back before the meal
    assert actions.character.hungry
    assert [p["action"] for p in damage_logs(empty_campaign_model)] == [
        "missed_meal",
        "rest",
        "sleep",
        "meal",
        "rest",
    ]


def independent_day_chance(vt: int, lv: int, damage: int, resting: bool, weakened: bool) -> Fraction:
    """Counts the 36 rolls by hand: natural 12 always succeeds, natural 2 always fails,
    otherwise 2D6 + VT + LV (−4 not resting, −2 weakened) must reach the 累積ダメージ."""
    modifier = (0 if resting else -4) + (-2 if weakened else 0)
    wins = 0
    for a in range(1, 7):
        for b in range(1, 7):
            natural = a + b
            if natural == 12 or (natural != 2 and natural + vt + lv + modifier >= damage):
                wins += 1
    return Fraction(wins, 36)


@pytest.mark.parametrize(
    ("fatigue", "injury", "resting", "weakened"),
    [
        (4, 6, True, False),  # 累積 10, resting: 2D6+6 ≥ 10 → natural ≥ 4
        (4, 6, False, False),  # not resting: 2D6+2 ≥ 10 → natural ≥ 8
        (0, 1, True, False),
        (10, 8, True, True),  # 累積 18 ≥ 衰弱 17: −2, only a natural 12 succeeds
        (10, 8, False, True),
    ],
)
def test_day_recovery_probability_matches_a_hand_count(
    empty_campaign_model, fatigue, injury, resting, weakened
):
    actions = make_actions(empty_campaign_model, fatigue=fatigue, injury=injury)
    expected = independent_day_chance(5, 1, fatigue + injury, resting, weakened)
    assert actions.day_recovery_probability(resting) == expected


def test_day_recovery_probability_hand_checked_values(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=4, injury=6)
    assert actions.day_recovery_probability(True) == Fraction(33, 36)  # naturals 4–12
    assert actions.day_recovery_probability(False) == Fraction(15, 36)  # naturals 8–12


def test_the_day_roll_preview_says_what_lowers_it_and_its_chance(empty_campaign_model):
    actions = make_actions(empty_campaign_model, fatigue=10, injury=8)  # 累積 18 ≥ 衰弱 17
    preview = actions.day_recovery_preview(False)
    assert (preview.vt, preview.level, preview.difficulty) == (5, 1, 18)
    assert (preview.not_resting_penalty, preview.weakened_penalty) == (4, 2)
    assert preview.probability == actions.day_recovery_probability(False)
    rested = make_actions(empty_campaign_model, fatigue=4, injury=6).day_recovery_preview(True)
    assert (rested.not_resting_penalty, rested.weakened_penalty) == (0, 0)
    assert rested.probability == Fraction(33, 36)


def seed_for(predicate):
    """A seed whose 2D6 (rolled as the engine rolls them) satisfies predicate(natural)."""
    return next(s for s in range(10_000) if predicate(sum(roll(random.Random(s), 2, 6))))


def test_a_successful_day_roll_heals_one_injury_and_is_logged_with_its_dice(empty_campaign_model):
    seed = seed_for(lambda natural: 4 <= natural <= 11)  # succeeds at 2D6+6 ≥ 10, not automatic
    actions = make_actions(empty_campaign_model, seed_source=lambda: seed, fatigue=4, injury=6)
    result = actions.roll_day_recovery(resting=True)
    assert result.outcome.succeeded
    assert result.seed == seed
    assert (actions.character.fatigue, actions.character.injury) == (4, 5)
    assert stored(empty_campaign_model).injury == 5
    assert empty_campaign_model.undo_stack.count() == 1
    assert empty_campaign_model.undo_stack.undoText() == "1日の経過"

    (log,) = damage_logs(empty_campaign_model)
    faces = list(roll(random.Random(seed), 2, 6))
    assert log["seed"] == seed
    assert log["faces"] == faces
    assert log["difficulty"] == 10 and log["base"] == 6 and log["resting"] is True
    assert Fraction(log["probability_exact"]) == Fraction(33, 36)
    assert log["summary"]["dice"] == f"[{faces[0]},{faces[1]}] = {sum(faces)}"
    assert "負傷 1 点回復" in log["summary"]["result"]

    empty_campaign_model.undo_stack.undo()
    assert actions.character.injury == 6


def test_a_natural_two_on_the_day_roll_costs_one_fatigue(empty_campaign_model):
    seed = seed_for(lambda natural: natural == 2)
    actions = make_actions(empty_campaign_model, seed_source=lambda: seed, fatigue=4, injury=6)
    status_seen = []
    actions.performed.connect(status_seen.append)
    result = actions.roll_day_recovery(resting=True)
    assert not result.outcome.succeeded
    assert (actions.character.fatigue, actions.character.injury) == (5, 6)
    assert "自動的失敗" in status_seen[0] and "疲労を 1 点受けました" in status_seen[0]
    assert stored(empty_campaign_model).fatigue == 5


def test_a_failed_day_roll_changes_nothing_but_is_logged(empty_campaign_model):
    seed = seed_for(lambda natural: 3 <= natural <= 7)  # fails at 2D6+2 ≥ 10 (not resting)
    actions = make_actions(empty_campaign_model, seed_source=lambda: seed, fatigue=4, injury=6)
    actions.roll_day_recovery(resting=False)
    assert (actions.character.fatigue, actions.character.injury) == (4, 6)
    (log,) = damage_logs(empty_campaign_model)
    assert log["outcome"] == "failure" and log["modifier"] == -4
    assert "失敗" in log["summary"]["result"]


def test_condition_text_follows_the_lines(empty_campaign_model):
    actions = make_actions(empty_campaign_model)
    assert actions.condition_text() == "平常"
    actions.take_injury(17)
    assert actions.condition_text() == "衰弱: 全ての判定 −2"
    actions.take_fatigue(10)
    assert actions.condition_text() == "昏倒"
    status = actions.take_injury(10)
    assert actions.condition_text() == "死亡"
    assert "死亡" in status
