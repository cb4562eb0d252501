"""3.7 スタン in the LotR tracker: a Blunt attack at a called shot that hit stuns instead of damaging.

The GM picks the stun table's row (Table 9.17, the campaign's ルール表 → 参照表); the exact chance
of each outcome (stunned for the table's rounds, for half of them, or not at all) is shown before
the target's Stamina test is rolled.  The roll and its stun are one undo step with a log line: the
stun is a tracker condition counting down at each round's end, and while it lasts the table's
penalty counts on every test (combat.condition_penalty).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.attack_model import LotRAttackModel
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Condition
from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import combat, reference_catalog as catalog, stun
from gmtool.rules.systems.lotr.checks import Bands, degree_of
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.house_rules import STUN_RELIEF, STUN_RELIEF_ON
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceTable, UnsetCell


def _refused(error: ValueError) -> BattleRefused:
    return BattleRefused(error.args[0] if error.args else str(error))


@dataclass(frozen=True)
class StunOdds:
    """The stun the chosen row would give the waiting target, and the exact chance of each outcome
    of its Stamina test: stunned for the table's rounds, for half of them, or not at all."""

    target: str  # the target's name
    tn: int
    penalty: int
    rounds: int
    full: Fraction
    halved: Fraction
    none: Fraction


class LotRStunModel(QObject):
    def __init__(self, attack: LotRAttackModel) -> None:
        super().__init__(attack)
        self.attack = attack
        self.model = attack.model

    def rows(self) -> list[str]:
        return [r.name for r in self._table().rows]

    def _table(self) -> ReferenceTable:
        return campaign_lotr_rules(self.model.campaign_model).reference_table(catalog.STUN)

    def row(self, name: str) -> stun.StunRow:
        try:
            return stun.stun_row(self._table(), name)
        except ValueError as e:
            raise _refused(e) from None

    def no_rows(self) -> str:
        """Why no stun can be rolled while the GM's stun table has no row (they add one there)."""
        return UnsetCell(
            CellRef(catalog.STUN), Message("スタン表（Table 9.17）: 未設定（ルール表 → 参照表 で入力）")
        )

    def relief(self) -> bool:
        return campaign_house_rules(self.model.campaign_model).get(STUN_RELIEF) == STUN_RELIEF_ON

    def stamina(self, participant_id: str) -> int | None:
        """A campaign character's Stamina; None for a quick NPC (the GM enters it)."""
        p = self.model.participant(participant_id)
        if not p.character_id:
            return None
        try:
            character = self.model.campaign_model.stored(p.character_id).character
            return int(character.reactions.stamina)
        except (KeyError, AttributeError, ValueError):
            return None

    def waiting(self) -> str | None:
        """The target of a Blunt hit whose roll is still the last step (None: nothing to stun)."""
        if not self.attack.can_apply():
            return None
        last = self.attack.last
        return last.plan.target if last is not None and last.spec.blunt else None

    def _bands(self) -> Bands:
        """The campaign's degree bands (ルール表): Superior halves and Extraordinary ignores from there."""
        return campaign_lotr_rules(self.model.campaign_model).degree_bands()

    def _bonus(self, target_id: str, stamina: int) -> int:
        return stamina + self.model.rules().penalty(self.model.participant(target_id))

    def odds(self, target_id: str, row_name: str, stamina: int) -> Distribution[stun.StunOutcome]:
        """Exact P of each outcome; the target's wound, weariness and condition penalties count."""
        try:
            return stun.stun_distribution(self._bonus(target_id, stamina), self.row(row_name), self._bands())
        except ValueError as e:
            raise _refused(e) from None

    def odds_summary(self, row_name: str, stamina: int) -> StunOdds | None:
        """The odds the box shows for the waiting Blunt hit (None: no hit waits); BattleRefused
        names what is 未設定."""
        target_id = self.waiting()
        if target_id is None:
            return None
        odds = self.odds(target_id, row_name, stamina)
        row = self.row(row_name)
        name = self.model.participant(target_id).name
        return StunOdds(
            name,
            row.tn,
            row.penalty,
            row.rounds,
            odds[stun.StunOutcome.FULL],
            odds[stun.StunOutcome.HALVED],
            odds[stun.StunOutcome.NONE],
        )

    def roll(self, row_name: str, stamina: int) -> stun.StunEffect:
        target_id = self.waiting()
        if target_id is None:
            raise BattleRefused(
                self.tr("スタンさせる Blunt 攻撃の命中がありません（先に攻撃を振ってください）")
            )
        row = self.row(row_name)
        try:
            spec = stun.stamina_spec(self._bonus(target_id, stamina), row, self._bands())
        except ValueError as e:
            raise _refused(e) from None
        seed = self.attack.seed_source()
        faces = roll_test(random.Random(seed))
        total = sum(faces) + spec.roller.bonus
        degree = degree_of(total - spec.tn, spec.bands)
        effect = stun.stun_effect(row, degree, self.relief())
        target = self.model.participant(target_id)
        state = self.model.state()
        rules = campaign_lotr_rules(self.model.campaign_model)
        label = shown_name(rules.band(degree))
        head = self.tr("{0}: スタンの Stamina 判定 {1} / 目標値 {2}（{3}）— {4}").format(
            target.name, total, row.tn, row.name, label
        )
        if effect.rounds:
            name = self.tr("スタン")
            state = battle.add_condition(state, target_id, Condition(name, effect.rounds))
            key = combat.CONDITION_PENALTY + name
            state = battle.with_participant(
                state, target_id, lambda p: replace(p, values={**p.values, key: effect.penalty})
            )
            half = self.tr("（Superior: 半分）") if effect.outcome is stun.StunOutcome.HALVED else ""
            text = head + self.tr("→ スタン {0} ラウンド{1}、すべての判定に {2:+d}").format(
                effect.rounds, half, effect.penalty
            )
        elif effect.outcome is stun.StunOutcome.NONE:
            text = head + self.tr("→ 影響を受けない（Extraordinary）")
        else:
            text = head + self.tr("→ 効果時間 0 ラウンド: スタンしない")
        dice = "+".join(str(f) for f in faces)
        result = {
            stun.StunOutcome.FULL: self.tr("スタン（効果時間どおり）"),
            stun.StunOutcome.HALVED: self.tr("スタン（効果時間半分）"),
            stun.StunOutcome.NONE: self.tr("影響を受けない"),
        }[effect.outcome]
        self.model.commit(
            state, self.tr("スタン"), text, who=target.name, dice=dice, result=result, seed=seed
        )
        return effect
