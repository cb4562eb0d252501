"""The attributes page of the LotR creation model (`model.attributes`): logged rolls, the values
left to assign, the choice method's limits."""

from __future__ import annotations

from fractions import Fraction

from tests.models.lotr.creation_fixtures import (
    REROLL_SEED,
    SEED,
    dwarf_by_choice,
    logs,
    make_model,
    nine_rolls,
    refused,
)


def test_single_2d6_distribution_is_exact_before_rolling(empty_campaign_model):
    distribution = make_model(empty_campaign_model).attributes.random_roll_distribution()
    assert {v: distribution[v] for v in (2, 7, 12)} == {
        2: Fraction(1, 36),
        7: Fraction(1, 6),
        12: Fraction(1, 36),
    }
    assert sorted(distribution) == list(range(2, 13))


def test_roll_is_logged_with_seed_faces_values_and_summary(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.extras.set_name("ピピン")
    model.attributes.roll_attributes()
    faces = nine_rolls(SEED)
    values = [sum(f) for f in faces]
    assert list(model.draft.rolls) == values
    assert list(model.attributes.value_pool()) == sorted(values, reverse=True)[:6]
    [entry] = logs(empty_campaign_model)
    assert (entry["roll"], entry["seed"], entry["faces"], entry["values"]) == (
        "attributes",
        SEED,
        faces,
        values,
    )
    assert entry["best_six"] == sorted(values, reverse=True)[:6]
    assert entry["distribution"]["7"] == "1/6"
    assert entry["summary"]["who"] == "ピピン"
    assert entry["summary"]["dice"].startswith(f"[{faces[0][0]},{faces[0][1]}]")
    assert set(entry["summary"]) == {"who", "inputs", "dice", "result"}
    refused(model.attributes.roll_attributes, "既に振りました", "GM の同意")


def test_reroll_needs_gm_consent_and_is_logged_as_such(empty_campaign_model):
    model = make_model(empty_campaign_model)
    refused(lambda: model.attributes.reroll_attributes(True), "まだ振っていません")
    model.attributes.roll_attributes()
    model.attributes.assign("str", model.attributes.value_pool()[0])
    refused(lambda: model.attributes.reroll_attributes(False), "GM の同意が必要")
    assert len(logs(empty_campaign_model)) == 1
    model.attributes.reroll_attributes(True)
    assert list(model.draft.rolls) == [sum(f) for f in nine_rolls(REROLL_SEED)]
    assert model.draft.assigned == {}  # the old values are gone with the old rolls
    entry = logs(empty_campaign_model, "reroll")[0]
    assert entry["consent"] is True and entry["seed"] == REROLL_SEED
    assert entry["previous_faces"] == nine_rolls(SEED)
    assert "GM の同意あり" in entry["summary"]["inputs"]


def test_switching_methods_never_rolls_again(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.attributes.roll_attributes()
    model.attributes.set_method("choice")
    refused(model.attributes.roll_attributes, "ランダム法")
    assert model.attributes.value_pool() == (10, 9, 7, 7, 5, 4)
    model.attributes.set_method("random")
    assert list(model.draft.rolls) == [sum(f) for f in nine_rolls(SEED)]
    refused(model.attributes.roll_attributes, "既に振りました")


def test_only_the_remaining_values_can_be_assigned(empty_campaign_model):
    model = make_model(empty_campaign_model)
    refused(lambda: model.attributes.assign("str", 7), "先に 2d6 を 9 回振って")
    model.attributes.set_method("choice")
    model.attributes.assign("nim", 7)
    model.attributes.assign("per", 7)
    assert model.attributes.available_values("brg") == [10, 9, 5, 4]
    refused(lambda: model.attributes.assign("brg", 7), "7 は割り当てられません", "残っている値: 10, 9, 5, 4")
    refused(lambda: model.attributes.assign("brg", 11), "11 は割り当てられません")
    model.attributes.assign("nim", None)
    assert 7 in model.attributes.available_values("brg")


def test_choice_value_over_12_and_points_over_8_are_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    dwarf_by_choice(model, points=())
    refused(
        lambda: model.attributes.set_choice_points("str", 3),
        "Strength が 13: 選択法では種族ボーナスの前に 12 までです",
    )
    model.attributes.set_choice_points("str", 2)
    model.attributes.set_choice_points("wit", 6)
    refused(lambda: model.attributes.set_choice_points("brg", 1), "8 ポイントまでです（いま 9）")
    refused(lambda: model.attributes.set_choice_points("brg", -1), "0 以上")
    assert model.attributes.choice_points_left() == 0
    assert model.problems_for("attributes") == []
