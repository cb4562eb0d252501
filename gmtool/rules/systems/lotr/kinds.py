"""What can be rolled for a LotR character, and the roller each choice gives.

Kind ids: ``skill:<name>``, ``skill:<name>:<specialisation>``, ``untrained:<name>``
(a listed skill the character has no ranks in), ``attribute:<id>``,
``reaction:<id>``.  Wound and weariness penalties go into every roller.
"""

from __future__ import annotations

from typing import TypedDict

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.lotr.character import LotRCharacter, Skill
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.derived import (
    SPECIALISATION_BONUS,
    UNTRAINED_PENALTY,
    condition_penalty,
    modifiers,
    skill_attribute,
)
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    REACTION_IDS,
    REACTION_NAMES,
    LotRRules,
    lotr_rules,
)

SKILL_GROUP = "技能"
UNTRAINED_GROUP = "技能なし（ランク 0、−2）"
ATTRIBUTE_GROUP = "能力値"
REACTION_GROUP = "リアクション"
DEFAULT_TN = 10  # where the panel starts


def _untrained_allowed(name: str, rules: LotRRules) -> bool:
    """Whether a skill may be tested at rank 0: not when the list marks it trained-only."""
    definition = rules.skill(name) or rules.skill(name.split(":")[0].strip())
    return definition is None or definition.untrained is not False


def skill_label(name: str, rules: LotRRules) -> str:
    """A skill as the table names it: 「Stealth（隠密）」; a group's field is kept as typed
    (「Language: Westron（言語）」); a skill the table does not list (or lists without a Japanese
    name) is its name alone."""
    definition = rules.skill(name) or rules.skill(name.split(":")[0].strip())
    if definition is None or not definition.name_ja or definition.name_ja == name:
        return name
    return f"{name}（{definition.name_ja}）"


def check_kinds(character: LotRCharacter, rules: LotRRules | None = None) -> list[CheckKind]:
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    kinds = []
    owned = set()
    for skill in character.skills:
        owned.add(skill.name)
        label = skill_label(skill.name, rules)
        attribute = skill_attribute(skill, rules)
        base = skill.ranks + (mods[attribute] if attribute else 0)
        if skill.ranks == 0:
            # Rank 0 is an untrained test (−2), only where the skill allows it, and has no
            # specialisation to use (1.4.1 「ランク 0 の技能に関しては特化を行うことはできない」).
            if _untrained_allowed(skill.name, rules):
                kind_id, untrained = f"untrained:{skill.name}", base - UNTRAINED_PENALTY
                kinds.append(CheckKind(kind_id, f"{label}（ランク 0）", untrained, UNTRAINED_GROUP))
            continue
        kinds.append(CheckKind(f"skill:{skill.name}", label, base, SKILL_GROUP))
        kinds += [
            CheckKind(
                f"skill:{skill.name}:{field}",
                f"{label}（{field}）",
                base + SPECIALISATION_BONUS,
                SKILL_GROUP,
            )
            for field in skill.specialisations
        ]
    for definition in rules.skills:
        if definition.name in owned or definition.untrained is False or definition.group:
            continue
        modifier = mods[definition.attribute] if definition.attribute else 0
        kinds.append(
            CheckKind(
                f"untrained:{definition.name}",
                f"{skill_label(definition.name, rules)}（ランク 0）",
                modifier - UNTRAINED_PENALTY,
                UNTRAINED_GROUP,
            )
        )
    for attribute in ATTRIBUTE_IDS:
        kinds.append(
            CheckKind(f"attribute:{attribute}", ATTRIBUTE_NAMES[attribute], mods[attribute], ATTRIBUTE_GROUP)
        )
    for reaction in REACTION_IDS:
        kinds.append(
            CheckKind(
                f"reaction:{reaction}",
                REACTION_NAMES[reaction],
                character.reactions.get(reaction),
                REACTION_GROUP,
            )
        )
    return kinds


def _skill_and_field(character: LotRCharacter, rest: str) -> tuple[Skill, str]:
    """Skill names hold ':' themselves ("Armed Combat: Axes"), so the id's last part is a
    specialisation only when what precedes it is a skill the character has."""
    skill = character.skill(rest)
    if skill is not None:
        return skill, ""
    for candidate in sorted(character.skills, key=lambda s: -len(s.name)):
        if rest.startswith(f"{candidate.name}:"):
            return candidate, rest[len(candidate.name) + 1 :]
    raise KeyError(f"技能 '{rest}' がありません")


class _Common(TypedDict):
    """What every roller of a character shares, whatever is rolled."""

    condition: int
    modifier: int
    affinity: int


def roller_for(
    character: LotRCharacter,
    kind_id: str,
    rules: LotRRules | None = None,
    modifier: int = 0,
    affinity: int = 0,
    wounds: bool = True,
) -> LotRRoller:
    """The roller of a kind, its bonus split into ranks, modifier, specialisation and penalties."""
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    condition = condition_penalty(character, rules, wounds)
    kind, _, rest = kind_id.partition(":")
    common: _Common = {"condition": condition, "modifier": modifier, "affinity": affinity}
    if kind == "skill":
        skill, field = _skill_and_field(character, rest)
        attribute = skill_attribute(skill, rules)
        return LotRRoller(
            rank=skill.ranks,
            attribute_modifier=mods[attribute] if attribute else 0,
            specialisation=SPECIALISATION_BONUS if field in skill.specialisations else 0,
            **common,
        )
    if kind == "untrained":
        owned = character.skill(rest)
        if owned is not None:
            attribute = skill_attribute(owned, rules)
        else:
            definition = rules.skill(rest)
            attribute = definition.attribute if definition else ""
        return LotRRoller(attribute_modifier=mods[attribute] if attribute else 0, untrained=True, **common)
    if kind == "attribute" and rest in ATTRIBUTE_IDS:
        return LotRRoller(attribute_modifier=mods[rest], **common)
    if kind == "reaction" and rest in REACTION_IDS:
        return LotRRoller(rank=character.reactions.get(rest), **common)
    raise KeyError(f"判定の種類 '{kind_id}' はありません")
