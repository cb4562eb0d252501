"""The 「危険（溺れる・落下・火炎・毒）…」 dialog's model (1.2.1.1): each hazard's exact odds and its
roll, the damage applied through the wound track as one undo step with a log line (care_base.py).

Whether a character is burning (炎に包まれている) is campaign session state (FIRE_KEY: the ids of
the characters on fire), not a field of the stored character: it lasts while the fire scene is
played.  It is written in the same undo step as the damage of the round that set it (a macro), so
it is there only once that step is kept, and undo and redo take it back and forth with the damage.
While burning, every round adds 2d6+4 until the fire is put out (1.2.1.1 「それまでは受け続ける
追加ダメージは 2d6+4」).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.care_base import CUSTOM, CareBase
from gmtool.rules.systems.lotr import hazards
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import (
    GroupSpec,
    LotRRoller,
    RollSpec,
    group_distribution,
    resolve_group,
    success_probability,
)
from gmtool.rules.systems.lotr.hazards import ON_FIRE, HazardRow, Poison
from gmtool.rules.systems.lotr.healing import skill_kind
from gmtool.rules.systems.lotr.house_rules import MARGINAL_HELPER
from gmtool.rules.systems.lotr.kinds import roller_for

HAZARDS = (catalog.DROWNING, catalog.FALLING, catalog.FIRE, catalog.POISONS)
MAX_HELPERS = 8
FIRE_KEY = "lotr.on_fire"  # session state: the ids of the characters burning, sorted


def burning_ids(value: Any) -> set[str]:
    """The ids in a stored FIRE_KEY value; anything else in it (a hand-edited file) is ignored."""
    if not isinstance(value, list):
        return set()
    return {i for i in value if isinstance(i, str)}


class LotRHazardModel(CareBase):
    def __init__(self, actions: LotRActions, rng: random.Random | None = None, parent: QObject | None = None):
        super().__init__(actions, rng, parent)
        actions.campaign_model.session_changed.connect(self._on_session_changed)

    @property
    def on_fire(self) -> bool:
        return self.actions.character_id in self._burning()

    def _burning(self) -> set[str]:
        return burning_ids(self.actions.campaign_model.session_value(FIRE_KEY))

    def _on_session_changed(self, key: str) -> None:
        if key == FIRE_KEY:  # an undo or redo of a fire round: the dialog shows it
            self.changed.emit()

    def _with_fire(self, burning: set[str], label: str, step: Callable[[], str]) -> str:
        """`step` (one undo step and its log line) and the burning ids in the same undo step: the
        session value is written only after the step's own change went in, inside one macro, so a
        refused write takes both back and undo/redo move them together."""
        before = self._burning()
        if burning == before:
            return step()
        if not self.actions.exists:
            raise ValueError(self.tr("このキャラクターは削除されています"))
        model = self.actions.campaign_model
        stack = model.undo_stack
        stack.beginMacro(label)
        try:
            status = step()
            model.set_session_value(FIRE_KEY, sorted(burning), label, before=sorted(before))
        finally:
            stack.endMacro()
        return status

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

    # ---- fire -------------------------------------------------------------------------------
    def fire_odds(self, name: str) -> Fraction:
        """P(the Swiftness test keeps the character from catching fire)."""
        return success_probability(self._spec(self._reaction("swiftness"), self.row(catalog.FIRE, name).tn))

    def fire_round(self, name: str) -> str:
        """A round in the fire: its damage; not yet burning, a Swiftness test, failed: burning and
        2d6+4 at once; already burning, 2d6+4 again (「それまでは受け続ける」), no new test."""
        row = self.row(catalog.FIRE, name)
        assert row.damage is not None
        faces, points = row.damage.roll(self.steps.rng)
        text = self.tr("火炎（{0}）: ダメージ {1} {2} = {3} 点").format(
            row.name, row.damage, list(faces), points
        )
        details: dict[str, object] = {"damage_faces": list(faces)}
        burning = self.on_fire
        if burning:
            burn_faces, burn = ON_FIRE.roll(self.steps.rng)
            points += burn
            text += self.tr("。炎に包まれたまま: 追加ダメージ 2d6+4 {0} = {1} 点").format(
                list(burn_faces), burn
            )
            details["burn_faces"] = list(burn_faces)
        else:
            result = self.steps.roll(self._spec(self._reaction("swiftness"), row.tn))
            text += self.tr("。") + self.steps.roll_text(self.tr("Swiftness 判定"), result)
            details.update(self.steps.roll_details(result))
            if not result.degree.succeeded:
                burn_faces, burn = ON_FIRE.roll(self.steps.rng)
                points += burn
                text += self.tr(" — 炎に包まれた: 追加ダメージ 2d6+4 {0} = {1} 点").format(
                    list(burn_faces), burn
                )
                details["burn_faces"] = list(burn_faces)
                burning = True
        text += self.tr("（合計 {0} 点）").format(points)
        label = self.tr("火炎")
        return self._with_fire(
            self._burning() | {self.actions.character_id} if burning else self._burning(),
            label,
            lambda: self.steps.damage(points, "fire", label, text, on_fire=burning, **details),
        )

    def burn_round(self) -> str:
        """A round burning away from the fire's own damage (it attacks, runs…): 2d6+4 only."""
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        faces, points = ON_FIRE.roll(self.steps.rng)
        text = self.tr("炎に包まれたまま 1 ラウンド: 追加ダメージ 2d6+4 {0} = {1} 点").format(
            list(faces), points
        )
        return self.steps.damage(
            points, "burning", self.tr("炎に包まれている"), text, burn_faces=list(faces), on_fire=True
        )

    def extinguish_spec(self, name: str, helpers: list[tuple[str, int]]) -> GroupSpec:
        row = self.row(catalog.FIRE, name)
        if len(helpers) > MAX_HELPERS:
            raise ValueError(self.tr("援護する人は {0} 人までです").format(MAX_HELPERS))
        rollers = tuple(self.steps.helper(h, b, "reaction:swiftness")[0] for h, b in helpers)
        reading = campaign_house_rules(self.actions.campaign_model).get(MARGINAL_HELPER)
        return GroupSpec(self._spec(self._reaction("swiftness"), row.tn), rollers, reading)

    def extinguish_odds(self, name: str, helpers: list[tuple[str, int]]) -> tuple[Fraction, list[Fraction]]:
        """P(the fire is put out this round), and each helper's P of catching fire (Swiftness +5)."""
        spec = self.extinguish_spec(name, helpers)
        out = group_distribution(spec).probability(lambda d: d.succeeded)
        tn = spec.leader.tn
        catch = [1 - success_probability(self._spec(hazards.fire_helper_roller(r), tn)) for r in spec.helpers]
        return out, catch

    def extinguish(self, name: str, helpers: list[tuple[str, int]]) -> str:
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        spec = self.extinguish_spec(name, helpers)
        names = [self.steps.helper(h, b, "reaction:swiftness")[1] for h, b in helpers]
        group = resolve_group(spec, self.steps.rng)
        parts = [self.steps.roll_text(self.tr("消火の Swiftness 判定（全ラウンド）"), group.leader)]
        if helpers:
            parts.append(self.tr("援護 {0:+d}").format(group.help_bonus))
        caught: list[str] = []
        caught_ids: set[str] = set()  # helpers who are characters of the campaign burn too
        for (helper_id, _bonus), helper_name, roller in zip(helpers, names, spec.helpers, strict=True):
            result = self.steps.roll(self._spec(hazards.fire_helper_roller(roller), spec.leader.tn))
            if not result.degree.succeeded:
                caught.append(helper_name)
                if helper_id != CUSTOM:
                    caught_ids.add(helper_id)
        if caught:
            parts.append(self.tr("援護した {0} に火がつきました").format(self.tr("、").join(caught)))
        details = {**self.steps.roll_details(group.leader), "helpers_caught_fire": caught}
        label = self.tr("消火")
        burning = self._burning() | caught_ids
        if group.leader.degree.succeeded:
            parts.append(self.tr("火が消えました"))
            text = self.steps.sentences(parts)
            return self._with_fire(
                burning - {self.actions.character_id},
                label,
                lambda: self.steps.log_only("extinguish", label, text, on_fire=False, **details),
            )
        faces, points = ON_FIRE.roll(self.steps.rng)
        parts.append(self.tr("燃え続けて 2d6+4 {0} = {1} 点").format(list(faces), points))
        text = self.steps.sentences(parts)
        return self._with_fire(
            burning,
            label,
            lambda: self.steps.damage(
                points, "extinguish", label, text, burn_faces=list(faces), on_fire=True, **details
            ),
        )

    def put_out(self) -> str:
        """The GM ends the burning by hand (the scene changed: water, the fire gone); one undo step."""
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        label = self.tr("炎に包まれた状態を解除")
        text = self.tr("GM が炎に包まれた状態を解除しました")
        return self._with_fire(
            self._burning() - {self.actions.character_id},
            label,
            lambda: self.steps.log_only("put_out", label, text, on_fire=False),
        )

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
