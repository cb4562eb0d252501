"""The structure half of the LotR army tracker: Protection, Structure, locks, siege damage and
Stonecraft (Fortification) improvements.  Stored through `LotRArmyModel` (one document, one
undo stack, one log), so it is reached as `army_model.structures`.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr import army as rules
from gmtool.rules.systems.lotr.checks import TN_BOUNDS, RollSpec, success_probability
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.rules.systems.lotr.structures import (
    LOCK_CAP,
    TARGET_LABELS,
    DemolitionResult,
    DemolitionSpec,
    Improvement,
    Lock,
    SiegeResult,
    Structure,
    Target,
    bonus_distribution,
    resolve_demolition,
    siege_preview,
    siegecraft_probability,
)
from gmtool.rules.systems.lotr.units import ArmyRefused

if TYPE_CHECKING:
    from gmtool.models.lotr.army_model import LotRArmyModel
    from gmtool.models.lotr.commanders import Commander

STONECRAFT, FORTIFICATION = "Stonecraft", "Fortification"
VALUE_FIELDS = {"protection": "Protection", "structure": "Structure", "damage": "受けたダメージ"}


@dataclass(frozen=True)
class DemolitionOdds:
    """The demolition box's odds: each bonus the Stonecraft test may give with its chance, and the
    chance the Siegecraft test succeeds with that help and without it."""

    bonuses: tuple[tuple[int, Fraction], ...]
    siegecraft: Fraction
    unhelped: Fraction


class LotRStructuresModel(QObject):
    changed = Signal()
    TN_BOUNDS = TN_BOUNDS  # the TNs the demolition tests take (the GM's, by the fortress's size)

    def __init__(self, army_model: LotRArmyModel) -> None:
        super().__init__(army_model)
        self.army_model = army_model
        army_model.changed.connect(self.changed)

    # ---- reading ------------------------------------------------------------------------
    def structures(self) -> tuple[Structure, ...]:
        return self.army_model.state().structures

    def structure(self, structure_id: str) -> Structure:
        return rules.require_structure(self.army_model.state(), structure_id)

    def degree_label(self, degree: Degree | str) -> str:
        return degree_label(self.army_model.rules, degree)

    def stonecraft_rank(self, character_id: str) -> int:
        """The character's Stonecraft (Fortification) ranks: a skill named so, or Stonecraft with
        Fortification as a specialisation, or plain Stonecraft; 0 when he has none of them."""
        character = self.army_model.campaign_model.character(character_id)
        ranks = [
            s.ranks
            for s in character.skills
            if s.name.startswith(STONECRAFT)
            and (s.name == STONECRAFT or FORTIFICATION in s.name or FORTIFICATION in s.specialisations)
        ]
        return max(ranks, default=0)

    def lock_room(self, structure_id: str) -> int:
        """How much more Protection locks and bars may add (3.12: +6 together at most)."""
        return LOCK_CAP - self.structure(structure_id).lock_total

    def siege_preview(self, structure_id: str, damage: int) -> SiegeResult | None:
        """What `damage` would do to the structure, without doing it (None: its Protection or
        Structure is not entered)."""
        return siege_preview(self.structure(structure_id), damage)

    # ---- editing --------------------------------------------------------------------------
    def add_structure(self, name: str = "") -> str:
        structure_id = uuid.uuid4().hex
        name = name.strip() or self.tr("建造物 {0}").format(len(self.structures()) + 1)
        text = self.tr("建造物「{0}」を追加").format(name)
        self._commit(rules.add_structure(self._state(), Structure(structure_id, name)), text)
        return structure_id

    def remove_structure(self, structure_id: str) -> None:
        text = self.tr("建造物「{0}」を削除").format(self.structure(structure_id).label())
        self._commit(rules.remove_structure(self._state(), structure_id), text)

    def rename(self, structure_id: str, name: str) -> None:
        structure = self.structure(structure_id)
        if name.strip() != structure.name:
            text = self.tr("建造物「{0}」の名前 → 「{1}」").format(structure.label(), name.strip())
            self._commit(rules.replace_structure(self._state(), replace(structure, name=name.strip())), text)

    def set_value(self, structure_id: str, field: str, value: int | None) -> None:
        """Base Protection or Structure (None = not entered), or the damage taken (the GM's repair)."""
        structure = self.structure(structure_id)
        label = VALUE_FIELDS[field]
        if (value is not None and value < 0) or (field == "damage" and value is None):
            raise ArmyRefused(self.tr("{0} は 0 以上の整数です").format(self.tr(label)))
        before = getattr(structure, field)
        if before == value:
            return
        text = self.tr("建造物「{0}」: {1} {2} → {3}").format(
            structure.label(), self.tr(label), self._shown(before), self._shown(value)
        )
        if field == "protection":
            changed = replace(structure, protection=value)
        elif field == "structure":
            changed = replace(structure, structure=value)
        else:  # "damage" (VALUE_FIELDS above named the field)
            assert value is not None  # refused above: the damage taken is never "not entered"
            changed = replace(structure, damage=value)
        self._commit(rules.replace_structure(self._state(), changed), text)

    def add_lock(self, structure_id: str, name: str, protection: int) -> None:
        structure = self.structure(structure_id)
        new = rules.add_lock(self._state(), structure_id, Lock(name, protection))
        total = structure.lock_total + protection
        text = self.tr("「{0}」に錠・閂「{1}」（Protection {2:+d}、合計 +{3}/+{4}）").format(
            structure.label(), name.strip(), protection, total, LOCK_CAP
        )
        self._commit(new, text)

    def remove_lock(self, structure_id: str, index: int) -> None:
        structure = self.structure(structure_id)
        new = rules.remove_lock(self._state(), structure_id, index)
        lock = structure.locks[index]
        text = self.tr("「{0}」の錠・閂「{1}」（{2:+d}）を外した").format(
            structure.label(), lock.name, lock.protection
        )
        self._commit(new, text)

    def siege_damage(self, structure_id: str, damage: int) -> SiegeResult:
        structure = self.structure(structure_id)
        new, result = rules.siege_damage(self._state(), structure_id, damage)
        text = self.tr("攻城ダメージ: 「{0}」に {1}（Protection {2} が吸収、Structure へ {3}）").format(
            structure.label(), damage, result.protection, result.through
        )
        outcome = self.tr("Structure {0} → {1}").format(result.before, result.after)
        if result.destroyed:
            outcome += self.tr("（破壊された）")
        if result.through:
            self._commit(new, text, result=outcome)
        else:  # all absorbed: nothing to undo, but the table hears it
            self.army_model.log(text, who=structure.label(), result=outcome)
        return result

    def improve(
        self,
        structure_id: str,
        target: Target,
        degree: Degree,
        permanent: bool,
        who: str = "",
        character_id: str | None = None,
        stonecraft_rank: int = 0,
    ) -> None:
        structure = self.structure(structure_id)
        if character_id is not None:
            who = who or self.army_model.campaign_model.character(character_id).name
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        improvement = Improvement(target, degree, permanent, who, character_id, stonecraft_rank, stamp)
        new = rules.improve_structure(self._state(), structure_id, improvement)
        kind = self.tr("永続") if permanent else self.tr("この戦闘のみ")
        text = self.tr("築城: 「{0}」の {1} {2:+d}（{3}、{4}、Stonecraft {5}）").format(
            structure.label(),
            TARGET_LABELS[target],
            improvement.amount,
            self.degree_label(degree),
            self.tr(kind),
            stonecraft_rank,
        )
        self._commit(new, text, who=who.strip())

    def end_battle(self) -> int:
        new, ended = rules.end_battle(self._state())
        text = self.tr("戦闘終了: この戦闘だけの強化 {0} 件が終わった").format(ended)
        self._commit(new, text)
        return ended

    # ---- demolition (3.12) -------------------------------------------------------------------
    def demolition_spec(
        self, stonecraft: Commander, stonecraft_tn: int, siegecraft: Commander, siegecraft_tn: int
    ) -> DemolitionSpec:
        """The Stonecraft (Fortification) test and the Siegecraft test it helps (the tester's own,
        or his unit's commander's)."""
        bands = self.army_model.rules.degree_bands()
        return DemolitionSpec(
            RollSpec(self.army_model.commanders.roller(stonecraft), stonecraft_tn, bands),
            RollSpec(self.army_model.commanders.roller(siegecraft), siegecraft_tn, bands),
        )

    def demolition_odds(
        self, stonecraft: Commander, stonecraft_tn: int, siegecraft: Commander, siegecraft_tn: int
    ) -> DemolitionOdds:
        """The odds before the roll; ArmyRefused when a character's test is not chosen."""
        spec = self.demolition_spec(stonecraft, stonecraft_tn, siegecraft, siegecraft_tn)
        bonuses = tuple(bonus_distribution(spec).items())
        return DemolitionOdds(bonuses, siegecraft_probability(spec), success_probability(spec.siegecraft))

    def demolish(
        self, stonecraft: Commander, stonecraft_tn: int, siegecraft: Commander, siegecraft_tn: int
    ) -> DemolitionResult:
        """Both tests, seeded; a log line (the document does not change, so no undo step)."""
        spec = self.demolition_spec(stonecraft, stonecraft_tn, siegecraft, siegecraft_tn)
        p, plain = siegecraft_probability(spec), success_probability(spec.siegecraft)
        seed, rng = self.army_model.seeded_rng()
        result = resolve_demolition(spec, rng)
        army = self.army_model
        inputs = self.tr(
            "取り壊し: Stonecraft (Fortification)（{0}、目標値 {1}）→ Siegecraft（{2}、目標値 {3}）"
            "（成功する確率 {4}、助けなしなら {5}）"
        ).format(
            army.commanders.text(stonecraft),
            stonecraft_tn,
            army.commanders.text(siegecraft),
            siegecraft_tn,
            percent(float(p)),
            percent(float(plain)),
        )
        stone, siege = result.stonecraft, result.siegecraft
        dice = f"{faces_text(stone.faces)} / {faces_text(siege.faces)}"
        shown = self.tr("Stonecraft 達成値 {0}（{1}）→ Siegecraft {2:+d}、達成値 {3}（{4}）").format(
            stone.total,
            self.degree_label(stone.degree),
            result.bonus,
            siege.total,
            self.degree_label(siege.degree),
        )
        army.log(inputs, dice=dice, result=shown, seed=seed, p_success=str(p), bonus=result.bonus)
        return result

    # ---- internals -------------------------------------------------------------------------
    def _state(self) -> rules.Army:
        return self.army_model.state()

    def _commit(self, new: rules.Army, text: str, **log: Any) -> None:
        self.army_model.commit(new, text, text, **log)

    def _shown(self, value: int | None) -> str:
        return self.tr("（未入力）") if value is None else str(value)
