"""The 千幻抄 session model follows the campaign's house rules: flipping a switch (one undo step)
changes the 幻想値, the debt, the ラスボス cap, the uses kept and the refusals the panels show, the
model says `changed`, and undo brings the old ones back."""

from __future__ import annotations

import pytest

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds import BondRequest
from gmtool.rules.systems.sengensho.character import BondKind, SengenshoCharacter
from gmtool.rules.systems.sengensho.fantasy import AbilityState
from gmtool.rules.systems.sengensho.house_rules import (
    ABILITY_PERIOD,
    BOSS_LEVEL,
    BOSS_LEVEL_CAPPED,
    BOSS_SLOT,
    BOSS_SLOT_TAKEN,
    DEBT,
    DEBT_COUNT,
    HALVE_SUM,
    PC_HALVING,
    PER_SCENARIO,
)
from gmtool.rules.systems.sengensho.session import SessionRefused
from tests.models.sengensho.session_helpers import add_cast, set_gm_catalog

CHAR = BondKind.CHARACTER


@pytest.fixture
def model(empty_campaign_model) -> SengenshoSessionModel:
    return SengenshoSessionModel(empty_campaign_model)


@pytest.fixture
def cast(model):
    """朔, 詩織, 透 (PCs), 宵闇の主, 町の古老 (NPCs) and a fourth PC, 魁."""
    ids = add_cast(model.campaign_model)
    kai = model.campaign_model.insert_character("sengensho", SengenshoCharacter(name="魁"), "追加")
    set_gm_catalog(model.campaign_model)
    model.course.start()
    model.course.add_scene("神社")
    return (*ids, kai)


def flip(model: SengenshoSessionModel, rule_id: str, reading: str, qtbot) -> None:
    with qtbot.waitSignal(model.changed):
        HouseRulesModel(model.campaign_model).set_reading(rule_id, reading)


def undo(model: SengenshoSessionModel) -> None:
    model.campaign_model.undo_stack.undo()


def test_halving_the_sum_changes_the_value_and_undo_restores_it(model, cast, qtbot):
    saku, shiori, toru, _lord, _elder, kai = cast
    for target in (shiori, toru, kai):  # one new 縁故 per scene
        model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=target))
        model.course.add_scene("")
    assert model.fantasy.values(saku)["狩猟者"].value == 3  # 1 + 1 + 1
    flip(model, PC_HALVING, HALVE_SUM, qtbot)
    assert model.fantasy.values(saku)["狩猟者"].value == 2  # 1 + ⌈(1 + 1) / 2⌉
    assert sorted(model.bonds.values(saku).values()) == [0, 1, 1]
    undo(model)
    assert model.fantasy.values(saku)["狩猟者"].value == 3


def test_the_debt_counted_in_bonds_shows_and_undo_restores_points(model, cast, qtbot):
    saku = cast[0]
    bond = model.bonds.form(BondRequest(saku, "狩猟者", CHAR, "山の天狗"))
    model.course.add_scene("")
    model.bonds.raise_level(bond.id)
    model.fantasy.use_ability(saku, "狩猟者", 1, borrow_if_short=True)  # 能力乙 needs 4: borrowed from 2
    assert model.fantasy.values(saku)["狩猟者"].debt == 2
    flip(model, DEBT, DEBT_COUNT, qtbot)
    value = model.fantasy.values(saku)["狩猟者"]
    assert (value.debt, value.by_count) == (3, True)  # one 縁故 of the four
    undo(model)
    assert model.fantasy.values(saku)["狩猟者"].debt == 2


def test_the_gms_cap_limits_the_bond_to_the_boss_and_undo_lifts_it(model, cast, qtbot):
    saku, lord = cast[0], cast[3]
    model.boss.choose(lord)
    model.boss.reveal()
    model.boss.set_cap(3)  # entered, but not played until the switch says so
    assert model.boss.level_limit() == 99
    flip(model, BOSS_LEVEL, BOSS_LEVEL_CAPPED, qtbot)
    assert model.boss.level_limit() == 3 and model.boss.binding_cap() == 3
    with pytest.raises(SessionRefused, match=r"上限（Lv3）"):
        model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=lord, level=4))
    model.boss.set_cap(None)  # emptied: today's 99
    assert model.boss.level_limit() == 99 and model.boss.binding_cap() is None
    undo(model)
    assert model.boss.level_limit() == 3
    undo(model)
    assert model.boss.level_limit() == 99
    assert model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=lord, level=4)).level == 4


def test_per_scenario_the_uses_stay_when_the_scenario_goes_on(model, cast, qtbot):
    saku = cast[0]
    model.bonds.form(BondRequest(saku, "狩猟者", CHAR, "山の天狗"))
    model.course.add_scene("")
    model.fantasy.use_ability(saku, "狩猟者", 0, borrow_if_short=True)

    def next_session_state() -> AbilityState:
        model.course.end(keep_bonds=True, scenario_goes_on=True)
        model.course.start()
        state = model.fantasy.statuses(saku)[0].state
        undo(model)
        undo(model)
        return state

    assert next_session_state() is AbilityState.AVAILABLE  # per session: the scenario is not asked
    flip(model, ABILITY_PERIOD, PER_SCENARIO, qtbot)
    assert model.per_scenario()
    assert next_session_state() is AbilityState.USED
    undo(model)
    assert not model.per_scenario() and next_session_state() is AbilityState.AVAILABLE


def test_a_bond_to_the_boss_taking_the_scenes_one_is_refused_then_allowed_after_undo(model, cast, qtbot):
    saku, lord = cast[0], cast[3]
    model.boss.choose(lord)
    model.boss.reveal()
    model.bonds.form(BondRequest(saku, "芸術家", CHAR, "山の天狗"))
    flip(model, BOSS_SLOT, BOSS_SLOT_TAKEN, qtbot)
    assert model.bonds.usage(saku).taken_in_scene is not None
    with pytest.raises(SessionRefused, match="1シーンにつき1つ"):
        model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=lord))
    undo(model)
    assert model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=lord)).last_boss


def test_a_bond_to_a_character_not_in_the_scene_is_warned_and_logged(model, cast):
    saku, shiori, toru = cast[:3]
    assert model.course.presence_warning(saku, toru) == ""  # the scene records no one yet
    model.course.set_present([saku, shiori])
    assert "このシーンに登場していません: 黒羽 透" in model.course.presence_warning(saku, toru)
    assert model.course.presence_warning(saku, shiori) == ""
    model.bonds.form(BondRequest(saku, "狩猟者", CHAR, target_id=toru))
    assert (
        "シーンに登場していない: 黒羽 透"
        in model.campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    )
    undo(model)
    undo(model)
    assert model.course.presence_warning(saku, toru) == ""
