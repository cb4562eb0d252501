"""LotR structures (3.12 建造物・攻城戦): Protection, Structure, locks and fortification.

「Protection がダメージを吸収し,超えた分は Structure が減っていく.Structure が 0 になると
破壊される」.  Locks and bars add Protection, at most +6 together.  A Stonecraft (Fortification)
success adds +1 (Superior +2, Extraordinary +3) to Protection or Structure, permanently or for
one battle; a character who made a permanent improvement may not test again until his
Stonecraft has risen by a rank.

The base Protection and Structure come from Tables 9.27/9.28, which the summary does not give:
they are entered by the GM (None until then).  Improvements are a history, never folded into the
base, so the table can always see who added what; a battle-only one is marked ended by 戦闘終了.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.checks import (
    RollResult,
    RollSpec,
    resolve_roll,
    roll_distribution,
    success_probability,
)
from gmtool.rules.systems.lotr.rules_data import Degree

# Re-exported: the structures' values
from gmtool.rules.systems.lotr.structures_types import (
    IMPROVEMENT_AMOUNT as IMPROVEMENT_AMOUNT,
    LOCK_CAP as LOCK_CAP,
    MANY as MANY,
    NOT_A_SUCCESS as NOT_A_SUCCESS,
    TARGET_LABELS as TARGET_LABELS,
    VALUE_MAX as VALUE_MAX,
    Improvement as Improvement,
    Lock as Lock,
    SiegeResult as SiegeResult,
    Stamp as Stamp,
    Structure as Structure,
    Target as Target,
    Value as Value,
)
from gmtool.rules.systems.lotr.units_types import ArmyRefused


def _required(structure: Structure, value: int | None, label: str) -> int:
    if value is None:
        raise ArmyRefused(Message("「{0}」の {1} が未入力です", structure.label(), label))
    return value


# ---- locks and bars -------------------------------------------------------------------------------
def add_lock(structure: Structure, lock: Lock) -> Structure:
    if not lock.name.strip():
        raise ArmyRefused(Message("錠・閂の名前を入れてください"))
    total = structure.lock_total + lock.protection
    if total > LOCK_CAP:
        raise ArmyRefused(
            Message(
                "鍵と閂による Protection は合計 +{0} までです（ルール 3.12「最大+6まで累積する」）。"
                "「{1}」は既に +{2}、追加すると +{3} になります",
                LOCK_CAP,
                structure.label(),
                structure.lock_total,
                total,
            )
        )
    return replace(structure, locks=(*structure.locks, replace(lock, name=lock.name.strip())))


def remove_lock(structure: Structure, index: int) -> Structure:
    if not 0 <= index < len(structure.locks):
        raise ArmyRefused(Message("取り外す錠・閂を選んでください"))
    return replace(structure, locks=structure.locks[:index] + structure.locks[index + 1 :])


# ---- siege damage ---------------------------------------------------------------------------------
def apply_siege_damage(structure: Structure, damage: int) -> tuple[Structure, SiegeResult]:
    """Protection absorbs; the rest (never negative) comes off Structure; 0 destroys."""
    if damage < 0:
        raise ArmyRefused(Message("ダメージは 0 以上です"))
    protection = _required(structure, structure.total_protection, "Protection")
    top = _required(structure, structure.max_structure, "Structure")
    if structure.destroyed:
        raise ArmyRefused(Message("「{0}」は既に破壊されています（Structure 0）", structure.label()))
    result = _siege_result(damage, protection, top - structure.damage)
    # Damage is kept no larger than what destroys it, so the stored number stays bounded.
    after_damage = min(structure.damage + result.through, top)
    return replace(structure, damage=after_damage), result


def siege_preview(structure: Structure, damage: int) -> SiegeResult | None:
    """What `damage` would do, shown before it is dealt (a destroyed structure stays at 0); None
    while the GM has not entered its Protection or Structure."""
    protection, left = structure.total_protection, structure.structure_left
    if protection is None or left is None:
        return None
    return _siege_result(max(0, damage), protection, left)


def _siege_result(damage: int, protection: int, before: int) -> SiegeResult:
    through = max(0, damage - protection)
    return SiegeResult(damage, protection, through, before, max(0, before - through))


# ---- fortification ----------------------------------------------------------------------------------
def improve(structure: Structure, improvement: Improvement, earlier: Iterable[Improvement] = ()) -> Structure:
    """Adds a Stonecraft (Fortification) improvement to the history.

    `earlier` is every improvement already made (on any structure: the rule names none), for
    「永続的な強化は,Stonecraft 技能を最低1ランク伸ばしてからでないと 再度の判定を行うことはできない」.
    """
    if improvement.ended:
        raise ArmyRefused(Message("終了した強化は追加できません"))
    if improvement.permanent:
        if not improvement.character_id and not improvement.who.strip():
            raise ArmyRefused(
                Message(
                    "永続的な強化には、判定したキャラクターを記録してください（同じキャラクターは "
                    "Stonecraft のランクが上がるまで再判定できません）"
                )
            )
        for done in earlier:
            if (
                done.permanent
                and done.person == improvement.person
                and done.stonecraft_rank >= improvement.stonecraft_rank
            ):
                raise ArmyRefused(
                    Message(
                        "{0}は Stonecraft {1} ランクで既に永続的な強化を行っています。Stonecraft を最低 1 "
                        "ランク伸ばしてからでないと再度の判定はできません（今回のランク {2}）",
                        improvement.who.strip() or done.who,
                        done.stonecraft_rank,
                        improvement.stonecraft_rank,
                    )
                )
    stamped = replace(improvement, who=improvement.who.strip())
    return replace(structure, improvements=(*structure.improvements, stamped))


def improvement_for(degree: Degree) -> int:
    """The points a Stonecraft (Fortification) test of this degree adds; a failure adds none."""
    if degree not in IMPROVEMENT_AMOUNT:
        raise ArmyRefused(NOT_A_SUCCESS)
    return IMPROVEMENT_AMOUNT[degree]


def end_battle(structure: Structure) -> Structure:
    """戦闘終了: battle-only improvements stop counting (they stay in the history, marked ended)."""
    kept = tuple(
        replace(i, ended=True) if not i.permanent and not i.ended else i for i in structure.improvements
    )
    return replace(structure, improvements=kept)


def battle_only(structure: Structure) -> list[Improvement]:
    """The battle-only improvements still in force."""
    return [i for i in structure.improvements if not i.permanent and not i.ended]


# ---- demolition -------------------------------------------------------------------------------------
# 「Stonecraft 技能を城砦の破壊に使うこともできる.Stonecraft (Fortification) 判定を行うことで, そのキャラ
# クターあるいはそのキャラクターが属する部隊の指揮官の Siegecraft 判定に +1 (Superior なら +2,
# Extraordinary なら +3) の ボーナスを与える.」  The same amounts as fortifying; a failure gives none.
def demolition_bonus(degree: Degree) -> int:
    """What a Stonecraft (Fortification) test of this degree adds to the Siegecraft test."""
    return IMPROVEMENT_AMOUNT.get(degree, 0)


@dataclass(frozen=True)
class DemolitionSpec:
    """The Stonecraft (Fortification) test, then the Siegecraft test it helps."""

    stonecraft: RollSpec
    siegecraft: RollSpec

    def siegecraft_with(self, bonus: int) -> RollSpec:
        roller = replace(self.siegecraft.roller, modifier=self.siegecraft.roller.modifier + bonus)
        return replace(self.siegecraft, roller=roller)


def bonus_distribution(spec: DemolitionSpec) -> dict[int, Fraction]:
    """Exact P of each bonus 0 / +1 / +2 / +3 from the Stonecraft test."""
    bonuses: dict[int, Fraction] = {}
    for degree, p in roll_distribution(spec.stonecraft).items():
        bonus = demolition_bonus(degree)
        bonuses[bonus] = bonuses.get(bonus, Fraction(0)) + p
    return dict(sorted(bonuses.items()))


def siegecraft_probability(spec: DemolitionSpec) -> Fraction:
    """Exact P that the Siegecraft test succeeds, the Stonecraft test rolled first."""
    return sum(
        (p * success_probability(spec.siegecraft_with(b)) for b, p in bonus_distribution(spec).items()),
        Fraction(0),
    )


@dataclass(frozen=True)
class DemolitionResult:
    spec: DemolitionSpec
    stonecraft: RollResult
    bonus: int
    siegecraft: RollResult


def resolve_demolition(spec: DemolitionSpec, rng: random.Random) -> DemolitionResult:
    stone = resolve_roll(spec.stonecraft, rng)
    bonus = demolition_bonus(stone.degree)
    return DemolitionResult(spec, stone, bonus, resolve_roll(spec.siegecraft_with(bonus), rng))
