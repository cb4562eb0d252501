"""アナザーワールド's round in the combat tracker, on top of its model: minor and major actions,
engagements, 離脱, 逃走, 対象識別 and とどめ.  Each is one undo step and one log line through
`BattleModel`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.battle import Participant, Status
from gmtool.rules.checks import CheckResult, OpposedResult, Side
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.aw import combat as aw
from gmtool.rules.systems.aw.house_rules import WITHDRAW, WITHDRAW_SINGLE


class AWBattleActions(QObject):
    rules_changed = Signal()  # a house rule was flipped (or undone): the shown odds change

    def __init__(self, model: BattleModel) -> None:
        super().__init__(model)
        self.model = model
        model.campaign_model.session_changed.connect(self._session_changed)

    def _session_changed(self, key: str) -> None:
        if key == HOUSE_RULES_KEY:
            self.rules_changed.emit()

    def actor(self) -> Participant | None:
        """Whose turn it is (None between turns)."""
        state = self.model.state()
        return state.participant(state.current)

    def others(self, participant_id: str) -> list[tuple[str, str]]:
        """(name, id) of everyone else in the fight: the targets to engage, identify or finish off."""
        return [(p.name, p.id) for p in self.model.state().participants if p.id != participant_id]

    def can_finish_off(self, target_id: str | None) -> bool:
        """とどめ is for a target that is 戦闘不能."""
        target = self.model.state().participant(target_id)
        return target is not None and target.status is Status.DEFEATED

    def withdraw_reading(self) -> str:
        """The campaign's reading of 離脱 through several blockers (house rule aw.withdraw_roll)."""
        return campaign_house_rules(self.model.campaign_model).get(WITHDRAW)

    def withdraw_reading_label(self) -> str:
        if self.withdraw_reading() == WITHDRAW_SINGLE:
            return self.tr("一度だけ振って全員と比べる")
        return self.tr("敵ごとに振り直す")

    def record(self, participant_id: str, kind: str, name: str) -> None:
        p = self.model.participant(participant_id)
        label = self.tr("マイナー") if kind == aw.MINOR else self.tr("メジャー")
        text = self.tr("{0}: {1}アクション「{2}」").format(p.name, label, self.tr(name))  # 「攻撃」: Attack
        new = aw.record_action(self.model.state(), participant_id, kind, name)
        self.model.commit(new, text, text, who=p.name)

    def move_distances(self, participant_id: str) -> tuple[int, int]:
        return aw.move_distances(self.model.participant(participant_id))

    def engage(self, participant_id: str, other_id: str) -> None:
        state = self.model.state()
        new = aw.engage(state, participant_id, other_id)
        me, other = new.get(participant_id), new.get(other_id)
        text = self.tr("{0}が{1}とエンゲージ（{2}）").format(me.name, other.name, me.engagement)
        self.model.commit(new, text, text, who=me.name)

    def blockers(self, participant_id: str) -> list[Participant]:
        return aw.blockers(self.model.state(), participant_id)

    def withdraw_probability(self, participant_id: str, blocker_ids: Sequence[str]) -> Fraction:
        reading = self.withdraw_reading()
        return aw.withdraw_probability(self.model.state(), participant_id, blocker_ids, reading)

    def withdraw(self, participant_id: str, blocker_ids: Sequence[str]) -> bool:
        """エンゲージ離脱; against a blockade, 行動値 opposed checks against every blocker."""
        seed = self.model.seed_source()
        state = self.model.state()
        p = state.get(participant_id)
        reading = self.withdraw_reading()
        chance = aw.withdraw_probability(state, participant_id, blocker_ids, reading)
        outcome = aw.withdraw(state, participant_id, blocker_ids, random.Random(seed), reading)
        dice = self.tr("、").join(
            self.tr("対{0}: {1}").format(state.get(b).name, opposed_dice_text(r)) for b, r in outcome.results
        )
        if outcome.succeeded:
            result = self.tr("離脱成功")
        else:
            loser = next(b for b, r in outcome.results if r.winner is not Side.ACTION)
            result = self.tr("離脱失敗（{0}に阻まれた）").format(state.get(loser).name)
        text = self.tr("{0}: エンゲージ離脱（封鎖 {1}人、{2}、成功率 {3:.1%}）— {4}").format(
            p.name, len(blocker_ids), self.withdraw_reading_label(), float(chance), result
        )
        self.model.commit(
            outcome.encounter, self.tr("離脱"), text, who=p.name, dice=dice, result=result, seed=seed
        )
        return outcome.succeeded

    def flee(self, participant_id: str) -> None:
        p = self.model.participant(participant_id)
        text = self.tr("{0}: 逃走（シーンから退場）").format(p.name)
        self.model.commit(aw.flee(self.model.state(), participant_id), text, text, who=p.name)

    def identify_probability(self, participant_id: str, gm_difficulty: int) -> Fraction:
        spec = aw.identify_spec(self.model.state(), participant_id, gm_difficulty)
        return aw.identify_probability(spec)

    def identify(self, participant_id: str, target_id: str, gm_difficulty: int) -> bool:
        seed = self.model.seed_source()
        state = self.model.state()
        spec = aw.identify_spec(state, participant_id, gm_difficulty)
        new, result = aw.identify(state, participant_id, target_id, spec, random.Random(seed))
        p, target = state.get(participant_id), state.get(target_id)
        verdict = self.tr("成功: データを公表") if result.outcome.succeeded else self.tr("失敗")
        text = self.tr("{0}: 対象識別 → {1}（理知 難易度 {2}）{3}").format(
            p.name, target.name, spec.difficulty, verdict
        )
        dice = _check_text(result)
        self.model.commit(new, self.tr("対象識別"), text, who=p.name, dice=dice, result=verdict, seed=seed)
        return result.outcome.succeeded

    def finish_off(self, participant_id: str, target_id: str) -> None:
        state = self.model.state()
        p, target = state.get(participant_id), state.get(target_id)
        text = self.tr("{0}: {1}にとどめを刺した（死亡）").format(p.name, target.name)
        self.model.commit(aw.finish_off(state, participant_id, target_id), text, text, who=p.name)


def _check_text(result: CheckResult | None) -> str:
    """「3+4=12」; 「—」 for a side that did not roll."""
    if result is None or not result.faces:
        return "—" if result is None else str(result.total)
    faces = "+".join(str(f) for f in result.faces)
    return faces if result.total is None else f"{faces}={result.total}"


def opposed_dice_text(result: OpposedResult) -> str:
    return f"{_check_text(result.action)} 対 {_check_text(result.reaction)}"
