"""Every value the フォーカード sheet computes, from the character alone.

The HP lines and the penalties are values of their own (`derived_types`), re-exported here.
"""

from __future__ import annotations

from gmtool.rules.systems.fourcard.character import ATTRIBUTES, FourCardCharacter, Skill
from gmtool.rules.systems.fourcard.derived_types import (
    LOW_MOVEMENT,
    MOVEMENT_BASE,
    UNSPECIALISED_PENALTY,
    WEAKENED_PENALTY,
    HPLines,
    SkillLevel,
)
from gmtool.rules.systems.fourcard.house_rules import LEVEL_LOWER
from gmtool.rules.systems.fourcard.rules_data import fourcard_rules

__all__ = [
    "LOW_MOVEMENT",
    "MOVEMENT_BASE",
    "UNSPECIALISED_PENALTY",
    "WEAKENED_PENALTY",
    "HPLines",
    "SkillLevel",
    "condition",
    "derive",
    "hp_lines",
    "is_weakened",
    "level",
    "line_reached",
    "lines_for",
    "movement",
    "movement_warning",
    "skill_level",
    "skill_levels",
]


def lines_for(st: int, wp: int, vt: int) -> HPLines:
    weakened = st * 2 + vt
    unconscious = weakened + wp * 2
    return HPLines(weakened, unconscious, unconscious + vt * 2)


def hp_lines(character: FourCardCharacter) -> HPLines:
    return lines_for(*(character.current(a) for a in ("st", "wp", "vt")))


def condition(character: FourCardCharacter) -> str:
    """'' / 'weakened' / 'unconscious' / 'dead': the line 累積ダメージ has reached."""
    return line_reached(hp_lines(character), character.damage)


def line_reached(lines: HPLines, damage: int) -> str:
    """'' / 'weakened' / 'unconscious' / 'dead' for a 累積ダメージ against the lines."""
    if damage >= lines.dead:
        return "dead"
    if damage >= lines.unconscious:
        return "unconscious"
    if damage >= lines.weakened:
        return "weakened"
    return ""


def is_weakened(character: FourCardCharacter) -> bool:
    """累積ダメージ has reached 衰弱: every roll value −2 from that instant."""
    return character.damage >= hp_lines(character).weakened


def level(character: FourCardCharacter, reading: str = LEVEL_LOWER) -> int:
    """総合LV from 獲得経験点, the table read as the LEVEL_TABLE house rule says."""
    return fourcard_rules().level_for(character.xp_earned, reading)


def movement(character: FourCardCharacter) -> int:
    return character.current("dx") + MOVEMENT_BASE - character.equipment_penalty


def movement_warning(value: int) -> str:
    """'' / 'immobile' (移動力 0 or less: cannot move) / 'low' (below 3: hardly of use, armed)."""
    if value <= 0:
        return "immobile"
    if value < LOW_MOVEMENT:
        return "low"
    return ""


def skill_level(character: FourCardCharacter, skill: Skill, specialisation: str | None = None) -> int:
    """スキルLV = 基礎能力値 + TP; −2 outside a specialisation of a specialised skill."""
    value = character.current(skill.base) + skill.tp
    if skill.specialised and specialisation not in skill.specialisations:
        value -= UNSPECIALISED_PENALTY
    return value


def skill_levels(character: FourCardCharacter) -> list[SkillLevel]:
    """The sheet's skill table: each skill, and a specialised one also in each 特化分野."""
    rows = []
    for skill in character.skills:
        rows.append(
            SkillLevel(skill.name, skill.base, skill.tp, skill_level(character, skill), skill.specialised)
        )
        rows += [
            SkillLevel(skill.name, skill.base, skill.tp, skill_level(character, skill, field), True, field)
            for field in skill.specialisations
        ]
    return rows


def derive(character: FourCardCharacter) -> dict[str, int]:
    lines = hp_lines(character)
    values = {attribute: character.current(attribute) for attribute, _ in ATTRIBUTES}
    values.update(
        weakened_line=lines.weakened,
        unconscious_line=lines.unconscious,
        dead_line=lines.dead,
        damage=character.damage,
        weakened=int(is_weakened(character)),
        movement=movement(character),
        level=level(character),
        xp_earned=character.xp_earned,
        xp_spent=character.xp_spent,
        xp_unspent=character.xp_unspent,
        equipment_penalty=character.equipment_penalty,
    )
    return values
