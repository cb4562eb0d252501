"""The 「危険（溺れる・落下・火炎・毒）…」 dialog's model (1.2.1.1): each hazard's exact odds and its
roll, the damage applied through the wound track as one undo step with a log line (care_steps.py).
Fire and the burning it leaves are a model of their own, held here as `fire` (fire_model.py).
"""

from __future__ import annotations

import random
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.care_base import CareBase
from gmtool.models.lotr.fire_model import LotRFireModel
from gmtool.rules.systems.lotr import hazards, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import (
    LotRRoller,
    RollSpec,
    success_probability,
)
from gmtool.rules.systems.lotr.hazards import HazardRow, Poison
from gmtool.rules.systems.lotr.healing import skill_kind
from gmtool.rules.systems.lotr.kinds import roller_for

HAZARDS = (catalog.DROWNING, catalog.FALLING, catalog.FIRE, catalog.POISONS)


class LotRHazardModel(CareBase):
    def __init__(self, actions: LotRActions, rng: random.Random | None = None, parent: QObject | None = None):
        super().__init__(actions, rng, parent)
        self.fire = LotRFireModel(actions, self.steps, parent=self)  # the fire's rounds and burning
        self.fire.changed.connect(self.changed)

    def rows(self, table_id: str) -> list[str]:
        """The table's rows as the GM entered them (empty: the table is 未設定)."""
        table = self.rules.reference_table(table_id)
        return [row.name for row in table.rows]

    def table_name(self, table_id: str) -> tuple[str, str]:
        """The table's title and source, to say which table is still 未設定."""
        table = self.rules.reference_table(table_id)
        return table.title, table.source

    def row(self, table_id: str, name: str) -> HazardRow:
        read = {
            catalog.DROWNING: hazards.drowning_row,
            catalog.FALLING: hazards.falling_row,
            catalog.FIRE: hazards.fire_row,
        }[table_id]
        return read(self.rules, name)

    def _reaction(self, reaction: str, modifier: int = 0) -> LotRRoller:
        return roller_for(self.character, f"reaction:{reaction}", self.rules, modifier)

    def _spec(self, roller: LotRRoller, tn: int) -> RollSpec:
        return hazards.spec(roller, tn, self.rules)

    # ---- drowning ---------------------------------------------------------------------------
    def breath_minutes(self) -> int:
        return hazards.breath_minutes(self.character.reactions.stamina)

    def drowning_odds(self, name: str) -> Fraction:
        return success_probability(self._spec(self._reaction("stamina"), self.row(catalog.DROWNING, name).tn))

    def drowning_test(self, name: str) -> str:
        row = self.row(catalog.DROWNING, name)
        assert row.damage is not None
        result = self.steps.roll(self._spec(self._reaction("stamina"), row.tn))
        text = self.steps.roll_text(self.tr("溺れる（{0}）: Stamina 判定").format(row.name), result)
        details = self.steps.roll_details(result)
        label = self.tr("溺れる")
        if result.degree.succeeded:
            return self.steps.log_only("drowning", label, text + self.tr(" — 意識を保った"), **details)
        faces, points = row.damage.roll(self.steps.rng)
        status = text + self.tr(" — 意識を失い、ダメージ {0} {1} = {2} 点").format(
            row.damage, list(faces), points
        )
        return self.steps.damage(points, "drowning", label, status, damage_faces=list(faces), **details)

    def can_rest_after_drowning(self) -> bool:
        """The 15 minutes' rest heals only damage taken."""
        return self.character.damage > 0

    def drowning_rest(self) -> str:
        if self.character.damage == 0:
            raise ValueError(self.tr("ダメージを受けていません"))
        if self.track.dead:
            raise ValueError(self.tr("死亡しているので回復できません"))
        faces, points = hazards.DROWNING_REST.roll(self.steps.rng)
        status = self.tr("15 分の休憩: 1d6 {0} = {1} 点回復").format(list(faces), points)
        return self.steps.heal(
            points, "drowning_rest", self.tr("溺れた後の休憩"), status, damage_faces=list(faces)
        )

    # ---- falling ----------------------------------------------------------------------------
    def acrobatics(self) -> LotRRoller:
        kind = skill_kind(self.character, hazards.ACROBATICS, self.rules)
        if kind is None:
            raise ValueError(self.tr("Acrobatics は技能なしでは判定できません"))
        return roller_for(self.character, kind, self.rules)

    def falling_odds(self, name: str) -> tuple[Fraction, Fraction]:
        """P(the Acrobatics test halves the damage), and the exact mean damage taken."""
        row = self.row(catalog.FALLING, name)
        assert row.damage is not None
        p = success_probability(self._spec(self.acrobatics(), row.tn))
        return p, p * hazards.mean_halved(row.damage) + (1 - p) * hazards.mean_damage(row.damage)

    def fall(self, name: str) -> str:
        row = self.row(catalog.FALLING, name)
        assert row.damage is not None
        result = self.steps.roll(self._spec(self.acrobatics(), row.tn))
        faces, rolled = row.damage.roll(self.steps.rng)
        points = hazards.falling_damage(rolled, result.degree.succeeded)
        text = self.steps.roll_text(self.tr("落下（{0}）: Acrobatics 判定").format(row.name), result)
        if result.degree.succeeded:
            text += self.tr(" — ダメージ {0} {1} = {2} を半減して {3} 点").format(
                row.damage, list(faces), rolled, points
            )
        else:
            text += self.tr(" — ダメージ {0} {1} = {2} 点").format(row.damage, list(faces), points)
        details = {**self.steps.roll_details(result), "damage_faces": list(faces)}
        if points == 0:
            return self.steps.log_only("falling", self.tr("落下"), text, **details)
        return self.steps.damage(points, "falling", self.tr("落下"), text, **details)

    # ---- poison -----------------------------------------------------------------------------
    def poison(self, name: str) -> Poison:
        return hazards.poison(self.rules, name)

    def poison_odds(self, name: str) -> tuple[Fraction, Fraction]:
        """P(the Stamina test resists: the Secondary effect), P(it fails: the Primary effect)."""
        resisted = success_probability(self._spec(self._reaction("stamina"), self.poison(name).resist_tn))
        return resisted, 1 - resisted

    def resist_poison(self, name: str) -> str:
        poison = self.poison(name)
        result = self.steps.roll(self._spec(self._reaction("stamina"), poison.resist_tn))
        resisted = result.degree.succeeded
        text = self.steps.roll_text(self.tr("毒「{0}」への抵抗（Stamina）").format(poison.name), result)
        effect = self.tr("Secondary") if resisted else self.tr("Primary")
        text += self.tr(" — {0}: {1}").format(effect, poison.effect(resisted))
        return self.steps.log_only(
            "poison", self.tr("毒への抵抗"), text, resisted=resisted, **self.steps.roll_details(result)
        )

    def treatment_odds(self, name: str, healer_id: str, bonus: int) -> Fraction:
        roller = self.steps.healer(healer_id, bonus)[0]
        return success_probability(self._spec(roller, self.poison(name).treatment_tn))

    def treat_poison(self, name: str, healer_id: str, bonus: int) -> str:
        poison = self.poison(name)
        roller, healer = self.steps.healer(healer_id, bonus)
        result = self.steps.roll(self._spec(roller, poison.treatment_tn))
        text = self.steps.roll_text(
            self.tr("{0} が毒「{1}」を中和（Healing）").format(healer, poison.name), result
        )
        text += self.tr(" — 中和しました") if result.degree.succeeded else self.tr(" — 中和できません")
        return self.steps.log_only(
            "poison_treatment", self.tr("毒の中和"), text, healer=healer, **self.steps.roll_details(result)
        )
