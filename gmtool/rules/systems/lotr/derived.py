"""Every value the LotR sheet computes from the character and the rule tables."""

from __future__ import annotations

from fractions import Fraction

from gmtool.rules.systems.lotr.character import LotRCharacter, Reactions, Skill
from gmtool.rules.systems.lotr.derived_types import (
    AFFINITY_BONUS,
    ATTRIBUTE_CAP,
    BEYOND_TABLE,
    COURAGE_BASE,
    DEATH_LEVEL,
    DEFENCE_BASE,
    ENCUMBRANCE_MULTIPLIERS,
    HEAVY,
    LOAD_MOVEMENT,
    LOAD_WEARINESS_TN,
    MOVES,
    NEAR_DEATH,
    NORMAL,
    REACTION_SOURCES,
    SPECIALISATION_BONUS,
    UNTRAINED_PENALTY,
    VERY_HEAVY,
    SheetValues,
    SkillRow,
    WoundTrack,
)
from gmtool.rules.systems.lotr.house_rules import UNSET_LIGHTER
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, REACTION_IDS, Level, LotRRules, lotr_rules

# The value types live in derived_types (views may import them); they are re-exported here.
__all__ = [
    "AFFINITY_BONUS",
    "ATTRIBUTE_CAP",
    "BEYOND_TABLE",
    "COURAGE_BASE",
    "DEATH_LEVEL",
    "DEFENCE_BASE",
    "ENCUMBRANCE_MULTIPLIERS",
    "HEAVY",
    "LOAD_MOVEMENT",
    "LOAD_WEARINESS_TN",
    "MOVES",
    "NEAR_DEATH",
    "NORMAL",
    "REACTION_SOURCES",
    "SPECIALISATION_BONUS",
    "UNTRAINED_PENALTY",
    "VERY_HEAVY",
    "SheetValues",
    "SkillRow",
    "WoundTrack",
    "attribute_cap",
    "condition_penalty",
    "corruption_reached_bearing",
    "creation_health",
    "creation_reactions",
    "defence",
    "derive",
    "encumbrance",
    "half_up",
    "load_level",
    "modifiers",
    "movement",
    "sheet_values",
    "skill_attribute",
    "skill_bonus",
    "skill_rows",
    "weariness_level",
    "wound_track",
]


def modifiers(character: LotRCharacter, rules: LotRRules | None = None) -> dict[str, int]:
    rules = rules or lotr_rules()
    return {a: rules.modifier(character.attributes.get(a)) for a in ATTRIBUTE_IDS}


def creation_reactions(mods: dict[str, int]) -> Reactions:
    """The four reactions as decided at creation: the higher of two attribute modifiers."""
    return Reactions(**{r: max(mods[a], mods[b]) for r, (a, b) in REACTION_SOURCES.items()})


def creation_health(vit: int, str_modifier: int) -> int:
    """Health = VIT + STR 修正 (never below 1, which the stored schema requires)."""
    return max(1, vit + str_modifier)


def defence(character: LotRCharacter, rules: LotRRules | None = None) -> int:
    return DEFENCE_BASE + modifiers(character, rules)["nim"]


def encumbrance(character: LotRCharacter) -> tuple[int, int, int]:
    """Loads up to which carrying is normal / 重荷 / 超重荷."""
    strength = character.attributes.str
    normal, burdened, overburdened = ENCUMBRANCE_MULTIPLIERS
    return strength * normal, strength * burdened, strength * overburdened


# ---- load and movement (1.3, 3.1) -----------------------------------------------------------
def load_level(character: LotRCharacter) -> str | None:
    """Where the carried load falls (None: no load entered yet)."""
    if character.load is None:
        return None
    light, heavy, very_heavy = encumbrance(character)
    if character.load <= light:
        return NORMAL
    if character.load <= heavy:
        return HEAVY
    return VERY_HEAVY if character.load <= very_heavy else BEYOND_TABLE


def half_up(value: Fraction) -> int:
    """5. 「割り算を行ったときは,端数を四捨五入する」."""
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def movement(level: str) -> list[tuple[str, str, int | None, int]]:
    """The four moves of 3.1 at a load level's fraction, rounded half up; [] past STR×30, where the
    text gives no fraction (BEYOND_TABLE: the GM decides, not "cannot move")."""
    factor = LOAD_MOVEMENT.get(level)
    if factor is None:
        return []
    return [
        (move, name, None if least is None else half_up(least * factor), half_up(most * factor))
        for move, name, least, most in MOVES
    ]


def attribute_cap(attribute: str, bonuses: dict[str, int]) -> int:
    return ATTRIBUTE_CAP + bonuses.get(attribute, 0)


# ---- wound and weariness tracks -------------------------------------------------------------
def wound_track(character: LotRCharacter, rules: LotRRules | None = None) -> WoundTrack:
    rules = rules or lotr_rules()
    size = rules.size(character.size)
    healthy, *wounded = rules.wound_levels
    extra = size.extra_healthy if size else 0
    levels = (healthy,) * (1 + extra) + tuple(wounded[: character.wound_levels])
    carry = rules.unset_wound_penalty == UNSET_LIGHTER
    return WoundTrack(levels, character.health, character.damage, carry)


def weariness_level(character: LotRCharacter, rules: LotRRules | None = None) -> Level:
    return (rules or lotr_rules()).weariness_levels[character.weariness]


def condition_penalty(character: LotRCharacter, rules: LotRRules | None = None, wounds: bool = True) -> int:
    """Wound + weariness penalties (「当然合計して」); unset table values count 0 (an unset wound
    level the lighter level's penalty, under the house rule UNSET_WOUND_PENALTY's other reading).

    Weariness takes from every test (「すべての判定」), wounds from 「すべての肉体判定と ほとんどの
    知識判定」: for a test the wound does not touch (a social test…) the GM passes wounds=False.
    """
    wound = wound_track(character, rules).penalty if wounds else 0
    return wound + (weariness_level(character, rules).penalty or 0)


def corruption_reached_bearing(character: LotRCharacter) -> bool:
    """「Corruptionの値が Bearingの値と等しくなった時点で, キャラクターはNPCとなり」."""
    return character.corruption >= character.attributes.brg


# ---- skills ---------------------------------------------------------------------------------
def skill_attribute(skill: Skill, rules: LotRRules | None = None) -> str:
    """The skill's own attribute, else the skill list's (by the part before ':'), else ''."""
    if skill.attribute:
        return skill.attribute
    rules = rules or lotr_rules()
    definition = rules.skill(skill.name) or rules.skill(skill.name.split(":")[0].strip())
    return definition.attribute if definition else ""


def skill_bonus(
    character: LotRCharacter, skill: Skill, specialisation: str = "", rules: LotRRules | None = None
) -> int:
    """Ranks + the key attribute's modifier (+2 in a specialisation)."""
    attribute = skill_attribute(skill, rules)
    modifier = modifiers(character, rules)[attribute] if attribute else 0
    special = SPECIALISATION_BONUS if specialisation and specialisation in skill.specialisations else 0
    return skill.ranks + modifier + special


def derive(character: LotRCharacter, rules: LotRRules | None = None) -> dict[str, int]:
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    track = wound_track(character, rules)
    light, heavy, very_heavy = encumbrance(character)
    values = {f"{a}_modifier": m for a, m in mods.items()}
    values.update(
        defence=defence(character, rules),
        damage_bonus=mods["str"],
        encumbrance=light,
        encumbrance_heavy=heavy,
        encumbrance_very_heavy=very_heavy,
        wound_level=track.index,
        wound_penalty=track.penalty,
        weariness_penalty=weariness_level(character, rules).penalty or 0,
        condition_penalty=condition_penalty(character, rules),
        courage_left=character.courage_left,
        xp_total=character.xp_total,
    )
    return values


# ---- what the sheet shows ---------------------------------------------------------------------
def sheet_values(character: LotRCharacter, rules: LotRRules | None = None) -> SheetValues:
    """Every value the sheet shows beside the stored ones: the modifiers and caps, the formulas
    the reactions and Health were made by (they do not follow growth, 1.2), Defence, the loads."""
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    bonuses, _known = rules.race_bonuses(character.race, character.subrace)
    caps: dict[str, int] = {a: attribute_cap(a, bonuses) for a in ATTRIBUTE_IDS}
    reactions = creation_reactions(mods)
    return SheetValues(
        modifiers=mods,
        caps=caps,
        over_cap=tuple(a for a in ATTRIBUTE_IDS if character.attributes.get(a) > caps[a]),
        creation_reactions={r: reactions.get(r) for r in REACTION_IDS},
        creation_health=creation_health(character.attributes.vit, mods["str"]),
        defence=defence(character, rules),
        encumbrance=encumbrance(character),
        damage_bonus=mods["str"],
    )


def skill_rows(character: LotRCharacter, rules: LotRRules | None = None) -> list[SkillRow]:
    """The character's skills as the sheet's table shows them, in the sheet's order."""
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    rows = []
    for skill in character.skills:
        attribute = skill_attribute(skill, rules)
        modifier = mods[attribute] if attribute else 0
        total = skill.ranks + modifier
        listed = bool(attribute) and not skill.attribute
        special = total + SPECIALISATION_BONUS
        rows.append(SkillRow(skill.name, attribute, listed, skill.ranks, modifier, total, special))
    return rows
