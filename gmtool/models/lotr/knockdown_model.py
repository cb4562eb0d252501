"""The charge's knockdown in the LotR tracker (3.2): 「チャージしてきたキャラクターのSTR+2を目標とする
Strength判定に失敗すると倒れる」 — after a charge that hit, the target's Strength test against the
charger's STR + 2 (3.9: a rider may use the horse's STR), with its exact odds before the roll; the
roll is one undo step and one log line, and a fall leaves 転倒 on the target.

The charger's STR and the target's STR modifier come from the sheets of campaign characters; for a
quick NPC the GM enters them (未設定 until then, never read as 0)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Condition
from gmtool.rules.battle_types import Participant
from gmtool.rules.systems.lotr import attack_series, combat, mounted

if TYPE_CHECKING:
    from gmtool.models.lotr.attack_model import LotRAttackModel
    from gmtool.models.lotr.attack_plan import AttackRoll


@dataclass(frozen=True)
class KnockdownOdds:
    """Who may fall, its test's TN and bonus (its penalties in), and the chance it falls;
    `penalties` says what the target's penalty in the bonus is made of (wounds, weariness,
    conditions: the nonzero ones, each (label, value))."""

    target: str
    tn: int
    bonus: int
    falls: Fraction
    penalties: tuple[tuple[str, int], ...] = ()


class LotRKnockdown(QObject):
    def __init__(self, attack: LotRAttackModel) -> None:
        super().__init__(attack)
        self.attack = attack
        # the knockdown rolled for a charge, and its line: shown with that charge's result
        self._rolled: tuple[AttackRoll, str] | None = None

    def outcome(self) -> str | None:
        """The knockdown's result, while the charge it followed is still the form's result."""
        if self._rolled is None or self._rolled[0] is not self.attack.last:
            return None
        return self._rolled[1]

    def prompt(self) -> str | None:
        """What the charge that hit asks next (None: no knockdown waits)."""
        if self.waiting() is None:
            return None
        return self.tr(
            "charge: 対象は STR+2 の Strength 判定に失敗すると倒れる（騎乗なら馬の STR でよい）。"
            "下の「転倒の判定を振る」で振ります"
        )

    def penalty_parts(self, target: Participant) -> tuple[tuple[str, int], ...]:
        """The target's penalty on its Strength test, by what it comes from (the nonzero ones)."""
        rules = self.attack.model.rules()
        if not isinstance(rules, combat.LotRCombat):
            total = rules.penalty(target)
            return ((self.tr("ペナルティ"), total),) if total else ()
        wounds = rules.wound_track(target).penalty
        weariness = rules.weariness(target).penalty or 0
        conditions = rules.penalty(target) - wounds - weariness
        parts = ((self.tr("負傷"), wounds), (self.tr("疲労"), weariness), (self.tr("状態異常"), conditions))
        return tuple((label, value) for label, value in parts if value)

    def waiting(self) -> tuple[str, str] | None:
        """(charger, target) of the last charge that hit, while both are still in the fight."""
        pair = self.attack.knockdown
        if pair is None:
            return None
        state = self.attack.model.state()
        if any(state.participant(p) is None for p in pair):
            return None
        return pair

    def sheet_values(self) -> tuple[int | None, int | None]:
        """The charger's STR and the target's STR modifier from their sheets (None: to be entered)."""
        pair = self.waiting()
        if pair is None:
            return None, None
        charger, target = pair
        return self.attack.choices.str_score(charger), self.attack.choices.str_bonus(target)

    def rider(self) -> bool:
        pair = self.waiting()
        return pair is not None and mounted.mount_of(self.attack.model.participant(pair[0])).mounted

    def spec(self, charger_str: int | None, strength: int | None) -> attack_series.KnockdownSpec:
        pair = self.waiting()
        if pair is None:
            raise BattleRefused(self.tr("転倒の判定は、命中した charge のあとに振ります"))
        if charger_str is None:
            raise BattleRefused(self.tr("チャージした側の STR を入力してください（未設定）"))
        if strength is None:
            raise BattleRefused(self.tr("対象の STR 修正を入力してください（未設定）"))
        target = self.attack.model.participant(pair[1])
        bonus = strength + self.attack.model.rules().penalty(target)
        bands = campaign_lotr_rules(self.attack.model.campaign_model).degree_bands()
        return attack_series.KnockdownSpec(charger_str, bonus, bands)

    def odds(self, charger_str: int | None, strength: int | None) -> KnockdownOdds:
        spec = self.spec(charger_str, strength)
        pair = self.waiting()
        assert pair is not None
        target = self.attack.model.participant(pair[1])
        return KnockdownOdds(
            target.name,
            spec.tn,
            spec.strength_bonus,
            attack_series.knockdown_probability(spec),
            self.penalty_parts(target),
        )

    def roll(self, charger_str: int | None, strength: int | None) -> attack_series.KnockdownResult:
        spec = self.spec(charger_str, strength)
        pair = self.waiting()
        assert pair is not None
        target = self.attack.model.participant(pair[1])
        seed = self.attack.seed_source()
        result = attack_series.roll_knockdown(spec, random.Random(seed))
        state = self.attack.model.state()
        if result.falls:
            state = battle.add_condition(state, target.id, Condition(self.tr("転倒")))
        outcome = self.tr("転倒した") if result.falls else self.tr("踏みとどまった")
        text = self.tr("{0}: charge の転倒の判定 Strength {1} / 目標値 {2}（STR {3} + 2）— {4}").format(
            target.name, result.total, result.tn, charger_str, outcome
        )
        self.attack.knockdown = None  # rolled once
        if self.attack.last is not None:
            self._rolled = (self.attack.last, text)
        self.attack.follow(text)  # a hit still waiting for its damage keeps waiting
        dice = "+".join(str(f) for f in result.faces)
        self.attack.model.commit(
            state, self.tr("転倒の判定"), text, who=target.name, dice=dice, result=outcome, seed=seed
        )
        return result
