"""AWFocusModel.standing(): the running AF's numbers as the run page shows them — the lowered
difficulty, the round (never past the limit), what the next participant's declarations would make
of it, the special rules reached, and a fumble's 達成値 if a skill cancels it."""

from __future__ import annotations

from gmtool.models.aw.focus_model import AWFocusModel, FocusSetup


def start(model: AWFocusModel, **setup) -> None:
    ids = {s.character.name: s.id for s in model.campaign_model.characters_of("aw")}
    values = {"goal": "説得", "difficulty": 60, "round_limit": 1, **setup}
    model.start(FocusSetup(participants=(ids["朝霧 透"], ids["ミナ・クローデル"]), **values))


def test_no_af_stands_nowhere(campaign_model):
    assert AWFocusModel(campaign_model).standing() is None


def test_the_next_declarations_lower_the_difficulty_shown(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model, special_rules=((5, "早い"), (500, "遠い")))
    model.set_ticked(0, "サンプル特技", True)
    standing = model.standing()
    assert (standing.difficulty, standing.next_declarations, standing.next_difficulty) == (60, 1, 58)
    model.roll(7)  # 2 + 7 = 9; 《サンプル特技》 declared: 58 from now on
    standing = model.standing()
    assert (standing.difficulty, standing.round_shown, standing.reached) == (58, 1, (True, False))


def test_the_round_shown_stops_at_the_limit_and_a_fumble_shows_its_cancelled_value(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    model.roll(7)
    model.roll(7)  # the only round is over: the AF failed in round 2
    assert model.standing().round_shown == 1
    start(model)
    model.roll(2)  # 朝霧 透 fumbles: the GM decides
    assert model.standing().cancelled_achievement == 2 + 2  # 理知 2 + the natural 2
