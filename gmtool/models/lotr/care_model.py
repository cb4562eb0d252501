"""The 「回復・手当て…」 dialog's model: 1.2.1's rest, weekly test, Healing and advanced care, and
1.2.2's weariness resistance test, recovery from Exhausted and the character's age.

Each odds method gives the exact chance of the test as it would be rolled now (raising ValueError
with the reason when it cannot be rolled: 未設定 in the tables, no damage, dead…); each step rolls
it and applies the result as one undo step with a log line (care_base.py).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal, cast

from PySide6.QtCore import QObject

from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.care_base import CareBase
from gmtool.models.lotr.care_physician import LotRPhysicianCare
from gmtool.models.lotr.shown_names import AGE_NAMES
from gmtool.rules.systems.lotr import healing, weariness
from gmtool.rules.systems.lotr.checks import LotRRoller, success_probability
from gmtool.rules.systems.lotr.healing import WoundTarget
from gmtool.rules.systems.lotr.rules_data import Degree

AGES = ("", "old", "aged")
Age = Literal["", "old", "aged"]
MAX_TN = 60


class LotRCareModel(CareBase):
    def __init__(
        self, actions: LotRActions, rng: random.Random | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(actions, rng, parent)
        self.physician = LotRPhysicianCare(self)  # 医術 and the daily care (the dialog's 医者 tab)

    # ---- 1.2.1 rest ------------------------------------------------------------------------
    def rest(self, days: int) -> str:
        before = self.character
        if before.damage == 0:
            raise ValueError(self.tr("ダメージを受けていません"))
        healed = healing.rest_healed(before.damage, days)
        status = self.tr("{0} 日休んで負傷が {1} 点回復しました（1日1点）").format(days, healed)
        return self.steps.heal(healed, "rest", self.tr("休息で回復"), status, days=days)

    # ---- 1.2.1 the weekly Stamina test -------------------------------------------------------
    def natural_target(self) -> WoundTarget:
        return healing.wound_tn(self.track, self.rules, healing.NATURAL_TN)

    def natural_odds(self) -> Fraction:
        return success_probability(healing.stamina_spec(self.character, self.rules, self.natural_target().tn))

    def natural_heal(self) -> int:
        return healing.natural_heal(self.character, self.rules)

    def natural_test(self) -> str:
        target = self.natural_target()
        result = self.steps.roll(healing.stamina_spec(self.character, self.rules, target.tn))
        text = self.steps.roll_text(self.tr("自然治癒の Stamina 判定（{0}）").format(target.row), result)
        details = self.steps.roll_details(result)
        if not result.degree.succeeded:
            return self.steps.log_only(
                "natural_test", self.tr("自然治癒の判定"), text + self.tr(" — 追加の回復なし"), **details
            )
        points = self.natural_heal()
        status = text + self.tr(" — VIT 修正（最低 1）で {0} 点回復").format(
            min(points, self.character.damage)
        )
        return self.steps.heal(points, "natural_test", self.tr("自然治癒の判定"), status, **details)

    # ---- 1.2.1 the Healing skill and advanced care ------------------------------------------
    def healing_target(self) -> WoundTarget:
        return healing.wound_tn(self.track, self.rules, healing.HEALING_TN)

    def healing_odds(self, healer_id: str, bonus: int, advanced: bool) -> Fraction:
        roller = self.steps.healer(healer_id, bonus)[0]
        return success_probability(
            healing.healing_spec(roller, self.healing_target().tn, self.rules, advanced)
        )

    def healing_heals(self, advanced: bool) -> int:
        track = self.track
        return healing.advanced_care_heal(track) if advanced else healing.healing_skill_heal(track)

    def healing_test(self, healer_id: str, bonus: int, advanced: bool) -> str:
        roller, name = self.steps.healer(healer_id, bonus)
        target = self.healing_target()
        result = self.steps.roll(healing.healing_spec(roller, target.tn, self.rules, advanced))
        what = (
            self.tr("{0} の高度な治療（+5）").format(name)
            if advanced
            else self.tr("{0} の手当て").format(name)
        )
        text = self.steps.roll_text(self.tr("{0}: Healing 判定（{1}）").format(what, target.row), result)
        details = {**self.steps.roll_details(result), "healer": name, "advanced": advanced}
        label = self.tr("高度な治療") if advanced else self.tr("手当て")
        if not result.degree.succeeded:
            return self.steps.log_only("healing", label, text + self.tr(" — 回復なし"), **details)
        points = self.healing_heals(advanced)
        weekly = self.tr("。自然治癒の判定は週 2 回になります")
        if advanced:
            status = text + self.tr(" — Health と同じ {0} 点回復").format(points) + weekly
        else:
            status = text + self.tr(" — 軽い段階の残り 1 点まで {0} 点回復").format(points) + weekly
        return self.steps.heal(points, "healing", label, status, **details)

    # ---- 1.2.2 age and the resistance test --------------------------------------------------
    def set_age(self, age: str) -> str:
        if age not in AGES:
            raise ValueError(self.tr("年齢は —・Old・Aged のどれかです（{0}）").format(age))
        before = self.character
        if before.age == age:
            raise ValueError(self.tr("年齢はすでにその設定です"))
        status = self.tr("年齢: {0}（疲労への抵抗判定 {1:+d}）").format(
            self.age_label(age), weariness.AGE_PENALTY[age]
        )
        return self.actions.apply_step(
            "age", replace(before, age=cast(Age, age)), self.tr("年齢の設定"), status, age=age
        )

    def ages(self) -> list[tuple[str, int]]:
        """Each age the sheet offers and its penalty to weariness resistance (Old −4, Aged −8)."""
        return [(age, weariness.AGE_PENALTY[age]) for age in AGES]

    def tests_per_week(self, cared: bool) -> int:
        """Weekly Stamina tests: twice under a healer's care or after a successful Healing test."""
        return healing.CARED_TESTS_PER_WEEK if cared else healing.TESTS_PER_WEEK

    def age_label(self, age: str) -> str:
        return AGE_NAMES[age]

    def resistance_odds(self, tn: int, modifier: int = 0) -> Fraction:
        self._check_tn(tn)
        return success_probability(weariness.resistance_spec(self.character, self.rules, tn, modifier))

    def resistance_bonus(self, modifier: int = 0) -> LotRRoller:
        return weariness.resistance_spec(self.character, self.rules, 10, modifier).roller

    def resistance_test(self, tn: int, modifier: int = 0) -> str:
        self._check_tn(tn)
        result = self.steps.roll(weariness.resistance_spec(self.character, self.rules, tn, modifier))
        text = self.steps.roll_text(self.tr("疲労への抵抗（Stamina）"), result)
        if not result.degree.succeeded:
            text += self.tr(" — 失敗: GM が疲労段階を上げます")
        return self.steps.log_only(
            "weariness_test", self.tr("疲労判定"), text, **self.steps.roll_details(result)
        )

    # ---- 1.2.2 recovery from Exhausted -----------------------------------------------------
    def recovery_odds(self, helper_id: str | None, bonus: int = 0) -> Fraction:
        weariness.check_exhausted(self.character, self.rules)
        helper = None if helper_id is None else self.steps.healer(helper_id, bonus)[0]
        return weariness.recovery_probability(self.character, self.rules, helper)

    def recovery_test(self, helper_id: str | None, bonus: int = 0) -> str:
        weariness.check_exhausted(self.character, self.rules)
        rules = self.rules
        parts: list[str] = []
        details: dict[str, Any] = {}
        reduction = 0
        if helper_id is not None:
            roller, name = self.steps.healer(helper_id, bonus)
            helped = self.steps.roll(weariness.helper_spec(roller, rules))
            parts.append(self.steps.roll_text(self.tr("{0} の Healing 判定").format(name), helped))
            details["helper"] = {**self.steps.roll_details(helped), "name": name}
            if helped.degree is Degree.EXTRAORDINARY_SUCCESS:
                return self._to_spent(parts, details, self.tr("Extraordinary Success: ただちに Spent に回復"))
            reduction = weariness.HELPER_REDUCTION.get(helped.degree, 0)
            if reduction:
                parts.append(self.tr("目標値 −{0}").format(reduction))
        result = self.steps.roll(weariness.recovery_spec(self.character, rules, reduction))
        parts.append(self.steps.roll_text(self.tr("回復の Stamina 判定（−10）"), result))
        details.update(self.steps.roll_details(result))
        if result.degree.succeeded:
            return self._to_spent(parts, details, self.tr("Spent に回復"))
        parts.append(self.tr("Exhausted のまま（戦闘中は次のラウンド、通常は 1 分後にまた判定できます）"))
        return self.steps.log_only(
            "weariness_recovery", self.tr("疲労の回復判定"), self.steps.sentences(parts), **details
        )

    def _to_spent(self, parts: list[str], details: dict[str, Any], outcome: str) -> str:
        spent = weariness.level_index(self.rules, weariness.SPENT)
        after = replace(self.character, weariness=spent)
        status = self.steps.sentences([*parts, outcome])
        return self.actions.apply_step(
            "weariness_recovery", after, self.tr("疲労の回復判定"), status, **details
        )

    def _check_tn(self, tn: int) -> None:
        if isinstance(tn, bool) or not isinstance(tn, int) or not 0 <= tn <= MAX_TN:
            raise ValueError(self.tr("目標値は 0〜{0} の整数です（{1}）").format(MAX_TN, tn))
