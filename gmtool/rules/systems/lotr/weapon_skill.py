"""The test an attack or a parry is rolled with, read from the sheet: the skill the weapon takes and
its total (ranks + the skill's attribute modifier, + 2 where a specialisation names the weapon),
as `kinds.check_kinds` gives every check of the character.

3.2/3.3: a blow is an Armed Combat test; 3.4 射撃 is Ranged Combat; 3.3 「技能判定は同時に使っている
武器のものでよく」: a parry is rolled with the weapon held (an Armed Combat skill).  3.10 (FAQ):
「Armed Combat のスキルを 特定の分野に限定していないが, 用いる武器に対して適切なものを持っていると
考える」: the tracker does not know which group a weapon of the table belongs to, so the character's
best skill of the family is the one used.  1.4.1: a specialisation gives +2 only to its own field —
counted when the field is the weapon's name.
"""

from __future__ import annotations

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.lotr.armed_combat_actions import is_armed_combat
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.kinds import check_kinds
from gmtool.rules.systems.lotr.rules_types import LotRRules

RANGED_COMBAT = "Ranged Combat"


def is_ranged_combat(skill_name: str) -> bool:
    name = skill_name.strip().casefold()
    return name == RANGED_COMBAT.casefold() or name.startswith(f"{RANGED_COMBAT.casefold()}:")


def weapon_skill(
    character: LotRCharacter, rules: LotRRules, ranged: bool, weapon: str | None = None
) -> CheckKind | None:
    """The character's best check for an attack (ranged: Ranged Combat; else Armed Combat), with the
    specialisation that names `weapon` if there is one; None when the sheet has no such skill."""
    family = is_ranged_combat if ranged else is_armed_combat
    kinds = {k.id: k for k in check_kinds(character, rules)}
    wanted = (weapon or "").strip().casefold()
    found: list[CheckKind] = []
    for skill in character.skills:
        if not family(skill.name):
            continue
        fields = [f for f in skill.specialisations if wanted and f.strip().casefold() == wanted]
        for kind_id in (
            *(f"skill:{skill.name}:{f}" for f in fields),
            f"skill:{skill.name}",
            f"untrained:{skill.name}",  # rank 0, where the skill may be used untrained
        ):
            if kind_id in kinds:
                found.append(kinds[kind_id])
                break
    return max(found, key=lambda k: k.value, default=None)
