"""The Lord of the Rings RPG's round in the combat tracker, on top of its model: actions with their
costs, dodge, parry odds and aim.  Each is one undo step and one log line through `BattleModel`.
"""

from __future__ import annotations

import random
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.battle_model import BattleModel
from gmtool.rules.systems.lotr import combat as lotr
from gmtool.rules.systems.lotr.exploding import roll_test


class LotRBattleActions(QObject):
    def __init__(self, model: BattleModel) -> None:
        super().__init__(model)
        self.model = model

    def spend(self, participant_id: str, kind_id: str, aim: str = "direct") -> int:
        """Records an action; returns the penalty its test takes (−5 per action past the turn's)."""
        p = self.model.participant(participant_id)
        spent = lotr.spend_action(self.model.state(), participant_id, kind_id, aim)
        kind = lotr.ACTIONS_BY_ID[kind_id]
        text = self.tr("{0}: {1}").format(p.name, self.tr(kind.name))
        if spent.penalty:
            text += self.tr("（追加アクション: 判定{0}）").format(spent.penalty)
        if spent.aim:
            text += self.tr("（狙い +{0}）").format(spent.aim)
        self.model._commit(spent.encounter, text, text, who=p.name, result=str(spent.penalty or ""))
        return spent.penalty

    def next_penalty(self, participant_id: str, kind_id: str) -> int:
        """The penalty the next action of this kind would take: shown before it is taken."""
        p = self.model.participant(participant_id)
        kind = lotr.ACTIONS_BY_ID[kind_id]
        allowance = p.value("actions", lotr.ACTIONS_PER_TURN)
        cost = allowance if kind.cost is None else kind.cost
        return lotr.extra_penalty(allowance, lotr.actions_used(p) + cost) if cost else 0

    def dodge(self, participant_id: str) -> int:
        """回避: spends the action and rolls Swiftness; a total above Defence replaces it."""
        seed = self.model.seed_source()
        p = self.model.participant(participant_id)
        spent = lotr.spend_action(self.model.state(), participant_id, "dodge")
        faces = roll_test(random.Random(seed))
        total = sum(faces) + p.value("swiftness") + self.model.rules().penalty(p) + spent.penalty
        before = lotr.current_defence(p)
        new = lotr.dodge_result(spent.encounter, participant_id, total)
        after = lotr.current_defence(new.get(participant_id))
        result = (
            self.tr("Defense {0} → {1}").format(before, after)
            if after > before
            else self.tr("Defense そのまま")
        )
        text = self.tr("{0}: 回避 {1}（{2}）").format(p.name, total, result)
        dice = "+".join(str(f) for f in faces)
        self.model._commit(new, self.tr("回避"), text, who=p.name, dice=dice, result=result, seed=seed)
        return total

    def dodge_probability(self, participant_id: str) -> Fraction:
        p = self.model.participant(participant_id)
        penalty = self.model.rules().penalty(p) + self.next_penalty(participant_id, "dodge")
        return lotr.dodge_probability(p, penalty)

    def parry_probability(self, participant_id: str, bonus: int, attack_total: int) -> Fraction:
        """The defender's wound, weariness and extra-action penalties count, as for a dodge."""
        p = self.model.participant(participant_id)
        penalty = self.model.rules().penalty(p) + self.next_penalty(participant_id, "parry")
        return lotr.parry_probability(bonus + penalty, attack_total)

    def keep_initiative(self, keep: bool) -> None:
        text = (
            self.tr("イニシアチブを最初のラウンドのまま使う")
            if keep
            else self.tr("イニシアチブを毎ラウンド振る")
        )
        self.model._commit(lotr.set_keep_initiative(self.model.state(), keep), text, text)
