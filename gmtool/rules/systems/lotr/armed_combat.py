"""1.4.2 技能ごとの特殊修正, the Armed Combat bonus (a house rule: 「GMが面倒だと判断した場合は
省略したほうが安全」, house_rules.ARMED_COMBAT_BONUS, off by default).

「Armed Combat では,スキルが6ランク,9ランク,12ランクに達したときに, 特定の戦闘行動(防御攻撃,
なぎ払いなど)を1つ選び, その行動に関してだけ+1のボーナスを得る. 複数回同じものを強化してもよい.」

A choice is stored on the character as a CombatPick (skill, the rank reached, the action).  A pick
counts only while the skill still has that rank (an undone advancement takes it away with it).
The switch is the campaign's: the tracker asks `armed_combat_bonus` only while it is on.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.message import Message

# Re-exported: the sheet and the tracker read the names here (character.py reads them there).
from gmtool.rules.systems.lotr.armed_combat_actions import (
    ACTION_LABELS as ACTION_LABELS,
    ACTIONS as ACTIONS,
    ARMED_COMBAT as ARMED_COMBAT,
    MILESTONES as MILESTONES,
    is_armed_combat as is_armed_combat,
)
from gmtool.rules.systems.lotr.character import CombatPick, LotRCharacter, Skill

PICK_BONUS = 1  # 「その行動に関してだけ+1のボーナス」
# attack.ATTACK_OPTIONS calls the plain attack "basic"; the tracker's actions call it "attack".
ALIASES = {"basic": "attack"}


def armed_combat_skills(character: LotRCharacter) -> list[Skill]:
    return [s for s in character.skills if is_armed_combat(s.name)]


def _counts(character: LotRCharacter, pick: CombatPick) -> bool:
    skill = character.skill(pick.skill)
    return skill is not None and skill.ranks >= pick.rank


def armed_combat_bonus(character: LotRCharacter, action_id: str, skill: str | None = None) -> int:
    """+1 for each pick of this action the character's ranks still reach.

    skill: the Armed Combat skill the action is rolled with; None (the tracker does not know the
    weapon) takes the best of the character's Armed Combat skills, never their sum."""
    action = ALIASES.get(action_id, action_id)
    per_skill: dict[str, int] = {}
    for pick in character.combat_picks:
        if pick.action == action and _counts(character, pick) and (skill is None or pick.skill == skill):
            per_skill[pick.skill] = per_skill.get(pick.skill, 0) + PICK_BONUS
    return max(per_skill.values(), default=0)


def open_milestones(character: LotRCharacter) -> list[tuple[str, int]]:
    """(skill, rank) of every milestone reached with no action chosen yet."""
    taken = {(p.skill, p.rank) for p in character.combat_picks}
    return [
        (s.name, rank)
        for s in armed_combat_skills(character)
        for rank in MILESTONES
        if s.ranks >= rank and (s.name, rank) not in taken
    ]


def choose(character: LotRCharacter, skill: str, rank: int, action: str) -> LotRCharacter:
    """The character with `action` chosen at `rank` of `skill`; ValueError naming what is wrong."""
    owned = character.skill(skill)
    if owned is None or not is_armed_combat(skill):
        raise ValueError(Message("「{0}」は Armed Combat の技能ではありません（1.4.2）", skill))
    if rank not in MILESTONES:
        raise ValueError(Message("選べるのはランク 6・9・12 に達したときです（{0}）", rank))
    if owned.ranks < rank:
        raise ValueError(
            Message(
                "{0} はランク {1} です。ランク {2} に達してから選びます（1.4.2）", skill, owned.ranks, rank
            )
        )
    if action not in ACTION_LABELS:
        raise ValueError(Message("戦闘行動 '{0}' はありません", action))
    if any(p.skill == skill and p.rank == rank for p in character.combat_picks):
        raise ValueError(Message("{0} のランク {1} の戦闘行動はもう選んであります", skill, rank))
    picks = (*character.combat_picks, CombatPick(skill=skill, rank=rank, action=action))  # type: ignore[arg-type]
    return replace(character, combat_picks=picks)


def unchoose(character: LotRCharacter, skill: str, rank: int) -> LotRCharacter:
    kept = tuple(p for p in character.combat_picks if (p.skill, p.rank) != (skill, rank))
    if len(kept) == len(character.combat_picks):
        raise ValueError(Message("{0} のランク {1} に選んだ戦闘行動はありません", skill, rank))
    return replace(character, combat_picks=kept)
