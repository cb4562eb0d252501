"""1.2.1 負傷と回復: rest, the weekly Stamina test, the Healing skill and advanced care.

The wound track counts damage in buckets of Health points (derived.WoundTrack): bucket i holds the
damage i·H … (i+1)·H − 1, so a character in bucket i ≥ 1 has `damage % H + 1` points of that level
taken.  「その負傷段階のHealth + 1点分までHealthを回復する (たとえばInjured なら Dazed の残り1点の
状態まで回復する)」 is then the damage i·H − 1: the lighter level with one point left, i.e. the
points into the level + 1 healed.

The target numbers are the campaign's `healing` reference table (Table 9.36 / 9.37), one row per
wound level; an empty cell is 未設定 and the test is refused, never rolled against a made-up 0.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec
from gmtool.rules.systems.lotr.derived import WoundTrack, modifiers

# Re-exported: the healing values
from gmtool.rules.systems.lotr.healing_types import (
    ABILITY_POINTS_PER_DAY as ABILITY_POINTS_PER_DAY,
    ADVANCED_CARE_BONUS as ADVANCED_CARE_BONUS,
    CARED_TESTS_PER_WEEK as CARED_TESTS_PER_WEEK,
    HEALING_SKILL as HEALING_SKILL,
    HEALING_TN as HEALING_TN,
    MAX_BONUS as MAX_BONUS,
    MAX_REST_DAYS as MAX_REST_DAYS,
    NATURAL_MINIMUM as NATURAL_MINIMUM,
    NATURAL_TN as NATURAL_TN,
    REST_POINTS_PER_DAY as REST_POINTS_PER_DAY,
    TESTS_PER_WEEK as TESTS_PER_WEEK,
    UNSET as UNSET,
    WoundTarget as WoundTarget,
)
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.reference_tables import CellRef, UnsetCell
from gmtool.rules.systems.lotr.rules_data import LotRRules


def rest_healed(damage: int, days: int) -> int:
    """Points `days` of rest heal (never more than the damage taken)."""
    if not 1 <= days <= MAX_REST_DAYS:
        raise ValueError(Message("休む日数は 1〜{0} 日です（{1}）", MAX_REST_DAYS, days))
    return min(days * REST_POINTS_PER_DAY, damage)


def natural_heal(character: LotRCharacter, rules: LotRRules) -> int:
    """What a successful weekly Stamina test heals: the VIT modifier, at least 1."""
    return max(NATURAL_MINIMUM, modifiers(character, rules)["vit"])


def level_boundary_damage(track: WoundTrack) -> int:
    """The damage a successful Healing test leaves: the lighter level with 1 point left."""
    return track.index * track.health - 1


def healing_skill_heal(track: WoundTrack) -> int:
    """The points a successful Healing test heals: the points into the level + 1."""
    return track.damage - level_boundary_damage(track)


def advanced_care_heal(track: WoundTrack) -> int:
    """「ただちに Health と同じだけ 負傷が回復」: Health points (never more than the damage)."""
    return min(track.health, track.damage)


def wound_tn(track: WoundTrack, rules: LotRRules, column: str) -> WoundTarget:
    """The current level's target number in the `healing` table, or a refusal saying why not."""
    if track.dead:
        raise ValueError(Message("死亡しているので回復できません"))
    if track.damage == 0:
        raise ValueError(Message("ダメージを受けていません"))
    level = track.level
    assert level is not None
    table = rules.reference_table(catalog.HEALING)
    row = table.row(level.name)
    what = table.column(column).label
    if row is None:
        # Healthy with a few points taken: the tables have a row per wound level only.
        raise ValueError(
            Message("{0} の目標値は表にありません（{1}）。休息で回復します", level.glossed, what)
        )
    value = row.get(column)
    if not isinstance(value, int) or isinstance(value, bool):
        refusal = Message("{0} の{1}: {2}", level.glossed, what, UNSET)
        raise ValueError(UnsetCell(CellRef(table.id, level.name, column), refusal))
    return WoundTarget(level.name, value)


def stamina_spec(character: LotRCharacter, rules: LotRRules, tn: int) -> RollSpec:
    """A Stamina test of the character at tn (its wound and weariness penalties in it)."""
    return RollSpec(roller_for(character, "reaction:stamina", rules), tn, rules.degree_bands())


def skill_kind(character: LotRCharacter, name: str, rules: LotRRules) -> str | None:
    """The character's test of a skill: with ranks, else untrained (−2) where the list allows it."""
    skill = character.skill(name)
    if skill is not None and skill.ranks > 0:
        return f"skill:{name}"
    definition = rules.skill(name)
    if definition is None or definition.untrained is not False:  # the skill list's trained-only mark
        return f"untrained:{name}"
    return None


def healer_roller(healer: LotRCharacter, rules: LotRRules, modifier: int = 0) -> LotRRoller:
    kind = skill_kind(healer, HEALING_SKILL, rules)
    if kind is None:
        raise ValueError(
            Message("{0} は Healing 判定ができません（技能なしでは判定できない技能）", healer.name)
        )
    return roller_for(healer, kind, rules, modifier)


def healing_spec(roller: LotRRoller, tn: int, rules: LotRRules, advanced: bool = False) -> RollSpec:
    """The Healing test; advanced care (Minas Tirith, Elrond's house) adds +5."""
    extra = ADVANCED_CARE_BONUS if advanced else 0
    return RollSpec(replace(roller, modifier=roller.modifier + extra), tn, rules.degree_bands())
