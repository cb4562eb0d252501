"""千幻抄's house-rule switches, both readings each: the PC halving (each / sum, against an independent
count over every level), the 前借り debt (points / 縁故), the cap on a 縁故 to the revealed ラスボス,
幻想能力 per session / per scenario, and whether a 縁故 to the ラスボス takes the scene's one."""

from __future__ import annotations

from itertools import product

import pytest

from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.sengensho import session as s
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond, raise_level, reveal_last_boss
from gmtool.rules.systems.sengensho.catalog import AbilityKind, Archetype, ArchetypeCatalog, FantasyAbility
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.fantasy import (
    AbilityState,
    ability_statuses,
    bond_values,
    borrow,
    fantasy_values,
    use_ability,
)
from gmtool.rules.systems.sengensho.house_rules import (
    ABILITY_PERIOD,
    BOSS_LEVEL,
    BOSS_LEVEL_CAPPED,
    BOSS_SLOT,
    BOSS_SLOT_TAKEN,
    DEBT,
    DEBT_COUNT,
    DEFAULT_READINGS,
    HALVE_SUM,
    PC_HALVING,
    PER_SCENARIO,
    SengenshoReadings,
    readings_of,
)
from gmtool.rules.systems.sengensho.session import Member, SengenshoSession, SessionRefused

CHAR = BondKind.CHARACTER
CAST = {
    "saku": Member("白峰 朔", True, ("狩猟者", "芸術家")),
    "shiori": Member("綾瀬 詩織", True, ("芸術家",)),
    "ren": Member("蓮", True, ("狩猟者",)),
    "kai": Member("魁", True, ("狩猟者",)),
    "lord": Member("宵闇の主", False, ("狩猟者",)),
}
CATALOG = ArchetypeCatalog(
    (Archetype("狩猟者", abilities=(FantasyAbility("追跡", AbilityKind.INFORMATION, 1),)),)
)
SUM = SengenshoReadings(pc_halving=HALVE_SUM)
COUNT = SengenshoReadings(debt=DEBT_COUNT)
SCENARIO = SengenshoReadings(ability_period=PER_SCENARIO)
TAKEN = SengenshoReadings(boss_slot=BOSS_SLOT_TAKEN)


def running() -> SengenshoSession:
    return s.add_scene(s.start_session(SengenshoSession()), "導入")


def form(state, holder, archetype, target="", readings=DEFAULT_READINGS, **kw):
    state, bond, _ = form_bond(state, CAST, BondRequest(holder, archetype, CHAR, target, **kw), readings)
    return state, bond


def at_level(state, holder, archetype, level, **kw):
    """A 縁故 at `level` in a scene of its own (the GM's override stands for the scenes it took)."""
    return form(s.add_scene(state, ""), holder, archetype, level=level, override=level > 1, **kw)


def revealed(state: SengenshoSession) -> SengenshoSession:
    state, _ = reveal_last_boss(s.set_last_boss(state, CAST, "lord"), CAST)
    return state


def test_the_campaigns_choices_become_the_engines_readings():
    assert readings_of(HouseRules()) == DEFAULT_READINGS
    rules = HouseRules()
    for rule_id, reading in (
        (PC_HALVING, HALVE_SUM),
        (DEBT, DEBT_COUNT),
        (ABILITY_PERIOD, PER_SCENARIO),
        (BOSS_SLOT, BOSS_SLOT_TAKEN),
    ):
        rules = rules.with_choice(rule_id, reading)
    assert readings_of(rules, 5) == SengenshoReadings(
        HALVE_SUM, DEBT_COUNT, None, PER_SCENARIO, BOSS_SLOT_TAKEN
    )
    # The GM's number is played only under the capped reading.
    assert readings_of(rules.with_choice(BOSS_LEVEL, BOSS_LEVEL_CAPPED), 5).boss_cap == 5


# ---- 「二人目以降は、得られる幻想値を半減(切上げ)する」 -------------------------------------------


def pc_bonds(levels: tuple[int, ...]) -> SengenshoSession:
    """朔's 狩猟者 縁故 to 詩織, 蓮 and 魁 (in that order) at the given levels."""
    state = running()
    for target, level in zip(("shiori", "ren", "kai"), levels, strict=False):
        state, _ = at_level(state, "saku", "狩猟者", level, target_id=target)
    return state


def test_two_later_level_one_bonds_give_two_halved_each_and_one_halved_together():
    state = pc_bonds((1, 1, 1))
    assert fantasy_values(state, CAST, "saku")["狩猟者"].earned == 1 + 1 + 1
    assert fantasy_values(state, CAST, "saku", SUM)["狩猟者"].earned == 1 + 1


def test_halving_the_sum_of_two_level_three_bonds_gives_three_not_four():
    state = pc_bonds((2, 3, 3))
    assert fantasy_values(state, CAST, "saku")["狩猟者"].earned == 2 + 2 + 2
    assert fantasy_values(state, CAST, "saku", SUM)["狩猟者"].earned == 2 + 3
    # Each 縁故's own value adds up to the 類型's: the round-up goes to the first odd one.
    values = bond_values(state, CAST, "saku", SUM)
    assert sorted(values.values()) == [1, 2, 2]


@pytest.mark.parametrize("levels", list(product(range(1, 6), repeat=3)))
def test_both_readings_match_an_independent_count_for_every_level(levels):
    state = pc_bonds(levels)
    first, *later = levels
    each = first + sum((level + 1) // 2 for level in later)
    together = first + (sum(later) + 1) // 2
    assert fantasy_values(state, CAST, "saku")["狩猟者"].earned == each
    assert fantasy_values(state, CAST, "saku", SUM)["狩猟者"].earned == together
    assert sum(bond_values(state, CAST, "saku", SUM).values()) == together


def test_the_sum_is_halved_per_archetype():
    state = pc_bonds((1,))
    state, _ = at_level(state, "saku", "狩猟者", 1, target_id="ren")
    state, _ = at_level(state, "saku", "芸術家", 1, target_id="kai")
    values = fantasy_values(state, CAST, "saku", SUM)
    assert (values["狩猟者"].earned, values["芸術家"].earned) == (2, 1)


# ---- 前借り: 「縁故の数が幻想値に満たない」 ------------------------------------------------------


def borrowed(readings: SengenshoReadings) -> SengenshoSession:
    """朔's 狩猟者: one 縁故 at Lv3, raised by 前借り to 4."""
    state, _ = at_level(running(), "saku", "狩猟者", 3, target="山の天狗")
    return borrow(state, CAST, "saku", "狩猟者", 4, readings)


def test_the_debt_in_points_is_what_the_bonds_levels_still_miss():
    value = fantasy_values(borrowed(DEFAULT_READINGS), CAST, "saku")["狩猟者"]
    assert (value.value, value.debt) == (4, 1)


def test_the_debt_in_bonds_is_how_many_bonds_are_still_missing():
    value = fantasy_values(borrowed(COUNT), CAST, "saku", COUNT)["狩猟者"]
    assert (value.value, value.bonds, value.debt) == (4, 1, 3)


def test_one_more_bond_pays_the_points_but_not_the_count():
    state, _ = at_level(borrowed(COUNT), "saku", "狩猟者", 1, target="里")
    assert fantasy_values(state, CAST, "saku")["狩猟者"].debt == 0
    assert fantasy_values(state, CAST, "saku", COUNT)["狩猟者"].debt == 2
    borrow(state, CAST, "saku", "芸術家", 1)  # paid in points: a second 前借り is allowed
    with pytest.raises(SessionRefused, match="狩猟者 縁故あと2つ"):
        borrow(state, CAST, "saku", "芸術家", 1, COUNT)


# ---- the level of a PC's 縁故 to the revealed ラスボス ---------------------------------------------


def test_without_a_cap_a_bond_to_the_boss_starts_at_any_level_up_to_99():
    _, bond = form(revealed(running()), "saku", "狩猟者", target_id="lord", level=99)
    assert bond.level == 99


def test_the_gms_cap_refuses_a_higher_level_and_a_raise_past_it():
    capped = SengenshoReadings(boss_cap=3)
    state = revealed(running())
    with pytest.raises(SessionRefused, match=r"GMの決めた上限（Lv3）"):
        form(state, "saku", "狩猟者", target_id="lord", level=4, readings=capped)
    state, bond = form(state, "saku", "狩猟者", target_id="lord", level=2, readings=capped)
    state, bond = raise_level(state, bond.id, readings=capped)  # the same scene: the limits are off
    assert bond.level == 3
    with pytest.raises(SessionRefused, match=r"上限（Lv3）"):
        raise_level(state, bond.id, readings=capped)
    _, bond = raise_level(state, bond.id, readings=DEFAULT_READINGS)
    assert bond.level == 4
    _, bond = raise_level(state, bond.id, override=True, readings=capped)  # the GM's override passes it
    assert bond.level == 4


def test_the_cap_does_not_touch_other_bonds():
    capped = SengenshoReadings(boss_cap=1)
    state, bond = at_level(running(), "saku", "狩猟者", 1, target="山の天狗")
    state, bond = raise_level(s.add_scene(state, ""), bond.id, readings=capped)
    assert bond.level == 2


# ---- 幻想能力: 1セッションに1回 / 1シナリオに1回 ----------------------------------------------------


def used_then_next_session(keep_uses: bool) -> SengenshoSession:
    state, _ = at_level(running(), "saku", "狩猟者", 1, target="山の天狗")
    state, _ = use_ability(state, CAST, CATALOG, "saku", "狩猟者", 0)
    state = s.end_session(state, keep_bonds=True, keep_uses=keep_uses)
    return s.add_scene(s.start_session(state), "")


def test_per_session_a_used_ability_is_available_again_next_session():
    state = used_then_next_session(keep_uses=False)
    assert [a.state for a in ability_statuses(state, CAST, CATALOG, "saku")] == [AbilityState.AVAILABLE]


def test_per_scenario_a_used_ability_stays_used_while_the_scenario_goes_on():
    state = used_then_next_session(keep_uses=True)
    assert [a.state for a in ability_statuses(state, CAST, CATALOG, "saku", SCENARIO)] == [AbilityState.USED]
    with pytest.raises(SessionRefused, match="このシナリオで使用済み"):
        use_ability(state, CAST, CATALOG, "saku", "狩猟者", 0, readings=SCENARIO)
    assert state.history[-1].uses == state.uses  # the history keeps its record too


# ---- a 縁故 to the ラスボス and the scene's one new 縁故 ----------------------------------------------


def test_by_default_a_bond_to_the_boss_leaves_the_scenes_one_free():
    state, _ = form(revealed(running()), "saku", "狩猟者", target_id="lord")
    state, bond = form(state, "saku", "芸術家", target="山の天狗")
    assert bond.target == "山の天狗"


def test_taken_a_bond_to_the_boss_uses_the_scenes_one_either_way_round():
    state, _ = form(revealed(running()), "saku", "狩猟者", target_id="lord", readings=TAKEN)
    with pytest.raises(SessionRefused, match="1シーンにつき1つ"):
        form(state, "saku", "芸術家", target="山の天狗", readings=TAKEN)
    state, _ = form(revealed(running()), "saku", "芸術家", target="山の天狗", readings=TAKEN)
    with pytest.raises(SessionRefused, match="1シーンにつき1つ"):
        form(state, "saku", "狩猟者", target_id="lord", readings=TAKEN)


def test_taken_the_bosss_own_bonds_of_the_reveal_take_nothing():
    _, bond = form(revealed(running()), "lord", "狩猟者", target="人里", readings=TAKEN)
    assert bond.target == "人里"


# ---- 「登場したキャラクターや集団に対する縁故」: presence recorded by the GM --------------------------


def test_a_bond_by_or_to_someone_not_recorded_in_the_scene_is_named():
    state = running()
    assert s.absent_from_scene(state, CAST, "saku", "ren") == []  # nothing recorded: no warning
    state = s.set_present(state, state.current_scene, ("saku", "shiori"))
    assert s.absent_from_scene(state, CAST, "saku", "shiori") == []
    assert s.absent_from_scene(state, CAST, "saku", "ren") == ["蓮"]
    assert s.absent_from_scene(state, CAST, "kai", None) == ["魁"]
    assert s.session_from_document(s.session_to_document(state)) == state  # stored and read back
