"""A fear attack in the LotR combat tracker (3.8 恐怖): the attacker's Intimidate against the target's
Willpower with the ticked rows of Table 9.20, the exact chance of each effect, the roll, courage spent
after it on either side (1.2.3), and its effect applied as a tracker condition with its penalty.

Each is one undo step with a line in the encounter's log.  The courage on the roll is read back from
that log: while the roll waits, its line and the courage lines after it are the last events, so undo
takes a spend's points off the roll too, and any other step (the effect, the next turn) closes it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr import courage_rounds, fear_conditions
from gmtool.models.lotr.check_log import faces_text
from gmtool.models.lotr.courage_rounds import COURAGE_KEY
from gmtool.models.lotr.fear_conditions import FearCondition, FearKind
from gmtool.models.lotr.fear_plan import FearOdds, FearOutcome, FearPlan, FearRoll
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.lotr.sheet_values import LotRSheetValues
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.lotr.tracker_people import in_play, target_for
from gmtool.models.shown_text import listed
from gmtool.rules.battle import BattleRefused, Participant
from gmtool.rules.dice import Distribution
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import fear as engine
from gmtool.rules.systems.lotr.checks import (
    COURAGE_BONUS,
    COURAGE_PER_ROUND,
    Contestant,
    OpposedResult,
    TieRule,
)
from gmtool.rules.systems.lotr.courage import CouragePerPoint, courage_per_point, opposed_with_courage
from gmtool.rules.systems.lotr.reference_catalog import COURAGE_TRAITS, FEAR
from gmtool.rules.systems.lotr.reference_tables import CellRef, UnsetCell

INTIMIDATE = "Intimidate"  # the attacker's skill, for the courage traits that add to it
# Counted on the target's turns: its next turn begins at 1 and is skipped by the tracker's 次の手番,
# which ends the condition (combat.LotRCombat.lost_turn); handed the turn by the GM, the one after ends it.
TURN_LOST_ROUNDS = 2


class LotRFearModel(QObject):
    changed = Signal()  # the encounter, the characters or the rule tables changed
    SIDES = (Contestant.A, Contestant.B)  # the attacker, the target: who may spend courage (1.2.3)
    COURAGE_BONUS = COURAGE_BONUS  # a point's +3, before courage traits
    COURAGE_PER_ROUND = COURAGE_PER_ROUND

    def __init__(self, model: BattleModel, seed_source: Callable[[], int] | None = None) -> None:
        super().__init__(model)
        self.model = model
        self.campaign_model = model.campaign_model
        self.seed_source = seed_source or model.seed_source
        self.sheet = LotRSheetValues(model)  # Intimidate and Willpower from the sheets
        self.last: FearRoll | None = None
        self._chain: list[tuple[str, Contestant | None]] = []  # the roll's log line, then courage lines
        model.changed.connect(self.changed)
        self.campaign_model.session_changed.connect(self._on_session_changed)

    def _on_session_changed(self, key: str) -> None:
        if key in (RULES_KEY, HOUSE_RULES_KEY, COURAGE_KEY):
            self.changed.emit()

    # ---- what the GM chooses from ------------------------------------------------------------
    def people(self) -> list[tuple[str, str]]:
        return in_play(self.model)

    def tie_rules(self) -> list[tuple[TieRule, str]]:
        """The tie readings the GM may choose, the text's own first (1.5.2)."""
        return [
            (TieRule.REROLL, self.tr("同点は振り直し（1.5.2）")),
            (TieRule.DODGE, self.tr("同点は攻撃側の Marginal")),
            (TieRule.PARRY, self.tr("同点は抵抗した側の勝ち")),
        ]

    def tie_note(self, tie_rule: TieRule) -> str:
        """Why 3.8's Marginal (−1) cannot happen under this tie rule ("": it can, a tie is the
        attacker's)."""
        notes = {
            TieRule.REROLL: self.tr("同点は振り直すため、本文の Marginal（−1）は起こりません"),
            TieRule.PARRY: self.tr("同点は抵抗した側の勝ちのため、Marginal（−1）は起こりません"),
        }
        return notes.get(tie_rule, "")

    def modifier_rows(self) -> list[tuple[str, int | None]]:
        """Table 9.20's rows as the GM filled them in: (name, modifier), None = 未設定."""
        table = campaign_lotr_rules(self.campaign_model).reference_table(FEAR)
        return [(row.name, _number(row.get("modifier"))) for row in table.rows]

    def target_for(self, attacker: str | None, current: str | None) -> str | None:
        """The target to offer: the chosen one while it is an opponent, else the first opponent."""
        return target_for(self.model, attacker, current)

    def willpower_of(self, participant_id: str) -> int | None:
        """A campaign character's Willpower (its penalties are added by the tracker); None: an NPC."""
        found = self.sheet.willpower(participant_id)
        return None if found is None else found.value

    def intimidate_of(self, participant_id: str) -> int | None:
        """A campaign character's best Intimidate (ranks + modifier + specialisation), or None."""
        found = self.sheet.intimidate(participant_id)
        return None if found is None else found.value

    def afraid(self, p: Participant) -> list[str]:
        """The fear conditions this participant has now."""
        return fear_conditions.afraid(p)

    # ---- the odds ------------------------------------------------------------------------------
    def spec(self, plan: FearPlan) -> engine.FearSpec:
        rules = self.model.rules()
        attacker, target = self.model.participant(plan.attacker), self.model.participant(plan.target)
        if attacker.id == target.id:
            raise BattleRefused(self.tr("恐怖を与える相手を選んでください（自分自身は選べません）"))
        values = dict(self.modifier_rows())
        modifiers = []
        for name in plan.modifiers:
            if name not in values:
                raise BattleRefused(self.tr("恐怖への抵抗の修正「{0}」はルール表にありません").format(name))
            value = values[name]
            if value is None:
                refusal = Message("恐怖への抵抗の修正「{0}」は未設定です（ルール表 → 参照表 で入力）", name)
                raise BattleRefused(UnsetCell(CellRef(FEAR, name, "modifier"), refusal))
            modifiers.append(value)
        bands = campaign_lotr_rules(self.campaign_model).degree_bands()
        try:
            return engine.FearSpec(
                intimidate=plan.intimidate + rules.penalty(attacker),
                willpower=plan.willpower + rules.penalty(target),
                modifiers=tuple(modifiers),
                tie_rule=plan.tie_rule,
                bands=bands,
            )
        except ValueError as e:
            raise BattleRefused(e.args[0] if e.args else str(e)) from None

    def odds(self, plan: FearPlan) -> Distribution[engine.FearEffect]:
        return engine.fear_distribution(self.spec(plan))

    def odds_summary(self, plan: FearPlan) -> FearOdds:
        """The odds as the box shows them; BattleRefused says why the fear cannot be rolled."""
        spec = self.spec(plan)
        dist = engine.fear_distribution(spec)
        rules = campaign_lotr_rules(self.campaign_model)
        names: dict[engine.FearEffect, str | None] = {
            e: rules.band(d).name for d, e in engine.EFFECT_OF_DEGREE.items()
        }
        names[engine.FearEffect.NONE] = None
        effects = tuple((names[e], engine.EFFECT_TEXT[e], dist[e]) for e in reversed(engine.EFFECT_ORDER))
        return FearOdds(spec.intimidate, spec.resistance, 1 - dist[engine.FearEffect.NONE], effects)

    # ---- the roll --------------------------------------------------------------------------------
    def roll(self, plan: FearPlan) -> FearRoll:
        spec = self.spec(plan)
        attacker, target = self.model.participant(plan.attacker), self.model.participant(plan.target)
        if not target.in_play:
            raise BattleRefused(self.tr("{0}は恐怖の対象にできません").format(target.name))
        if plan.inspired_by is not None:
            self._check_retry(target, plan.inspired_by)
        seed = self.seed_source()
        result = replace(engine.resolve(spec, random.Random(seed)), seed=seed)
        values = (self.courage_value(plan.attacker, INTIMIDATE), self.courage_value(plan.target, ""))
        rolled = FearRoll(plan, spec, result, seed, engine.fear_distribution(spec), values)
        text = self._roll_text(attacker.name, target.name, rolled, result)
        dice = " / ".join(f"{faces_text(r.a_faces)} : {faces_text(r.b_faces)}" for r in result.rounds)
        self.last, self._chain = rolled, [(text, None)]
        self.model.commit(
            self.model.state(),
            self.tr("恐怖の再判定") if plan.inspired_by else self.tr("恐怖攻撃"),
            text,
            who=attacker.name,
            dice=dice,
            result=self._effect_name(self.effect(result)),
            seed=seed,
            fear_odds={str(e): float(p) for e, p in rolled.odds.items()},
        )
        return rolled

    def _check_retry(self, target: Participant, inspirer_id: str) -> None:
        """「恐怖の影響を受けてない人間からの Inspire などによっても 再度判定を試みることができる」."""
        if not self.afraid(target):
            raise BattleRefused(
                self.tr("{0}は恐怖の影響を受けていません: 再判定は要りません").format(target.name)
            )
        inspirer = self.model.participant(inspirer_id)
        if inspirer.id == target.id:
            raise BattleRefused(self.tr("再判定には、ほかの人からの Inspire などが必要です"))
        if self.afraid(inspirer):
            refusal = self.tr("{0}も恐怖の影響を受けています: Inspire は恐怖の影響を受けていない人から")
            raise BattleRefused(refusal.format(inspirer.name))

    def effect(self, result: OpposedResult) -> engine.FearEffect:
        assert self.last is not None
        return engine.effect(self.last.spec, result)

    def _effect_name(self, effect: engine.FearEffect) -> str:
        texts = {  # engine.EFFECT_TEXT, in the UI's language for the log
            engine.FearEffect.NONE: self.tr("効果なし"),
            engine.FearEffect.PENALTY_1: self.tr("すべての行動に −1"),
            engine.FearEffect.PENALTY_2: self.tr("すべての行動に −2"),
            engine.FearEffect.TURN_LOST: self.tr("1 ターン行動不能、かつ −4"),
            engine.FearEffect.FLEES: self.tr("逃げ出すか、地面などに伏せる"),
        }
        return texts[effect]

    def _roll_text(self, attacker: str, target: str, rolled: FearRoll, result: OpposedResult) -> str:
        last = result.rounds[-1]
        winner = attacker if result.winner is Contestant.A else target
        kind = self.tr("恐怖の再判定") if rolled.plan.inspired_by else self.tr("恐怖攻撃")
        degree = shown_name(campaign_lotr_rules(self.campaign_model).band(engine.degree(rolled.spec, result)))
        effect = engine.effect(rolled.spec, result)
        text = self.tr("{0} → {1}: {2} Intimidate {3} / Willpower {4}（差 {5}）— {6}の {7} → {8}").format(
            attacker,
            target,
            kind,
            last.a_total,
            last.b_total,
            result.margin,
            winner,
            degree,
            self._effect_name(effect),
        )
        p = rolled.odds[effect]
        text += self.tr("（確率 {0:.2%}）").format(float(p))
        if rolled.plan.inspired_by:
            text += self.tr("（{0}の Inspire で再判定）").format(
                self.model.participant(rolled.plan.inspired_by).name
            )
        return text

    # ---- courage after the roll (1.2.3) ------------------------------------------------------------
    def _live(self) -> list[tuple[str, Contestant | None]]:
        """The part of the roll's chain that is the encounter's last events ([]: the roll is closed)."""
        events = [e.text for e in self.model.state().events]
        for k in range(len(self._chain), 0, -1):
            if len(events) >= k and events[-k:] == [text for text, _side in self._chain[:k]]:
                return self._chain[:k]
        return []

    def courage_on_roll(self) -> tuple[int, int]:
        live = self._live()
        return sum(1 for _t, s in live if s is Contestant.A), sum(1 for _t, s in live if s is Contestant.B)

    def current(self) -> OpposedResult | None:
        """The waiting roll with the courage spent on it, or None (none, undone, or closed)."""
        if self.last is None or not self._live():
            return None
        a, b = self.courage_on_roll()
        return opposed_with_courage(self.last.spec.opposed(), self.last.result, a, b, *self.last.per_point)

    def outcome(self) -> FearOutcome | None:
        """The waiting roll as the box shows it (None: nothing waits)."""
        result, last = self.current(), self.last
        if result is None or last is None:
            return None
        round_ = result.rounds[-1]
        effect = self.effect(result)
        degree = None
        if result.winner is Contestant.A:
            degree = campaign_lotr_rules(self.campaign_model).band(engine.degree(last.spec, result)).name
        flee_choice = effect is engine.FearEffect.FLEES and not last.plan.inspired_by
        return FearOutcome(
            round_.a_total,
            round_.b_total,
            result.margin,
            degree,
            engine.EFFECT_TEXT[effect],
            self.courage_on_roll(),
            flee_choice,
        )

    def courage_value(self, participant_id: str, skill: str) -> CouragePerPoint:
        """+3 a point, and the traits the character has for this skill ('' = the Willpower test)."""
        character = self.sheet.character(participant_id)
        if character is None:
            return CouragePerPoint()
        table = campaign_lotr_rules(self.campaign_model).reference_table(COURAGE_TRAITS)
        return courage_per_point(character, skill, table)

    def _spender(self, side: Contestant) -> Participant:
        assert self.last is not None
        return self.model.participant(
            self.last.plan.attacker if side is Contestant.A else self.last.plan.target
        )

    def courage_refusal(self, side: Contestant) -> str:
        if self.current() is None:
            return self.tr("勇気は恐怖の判定を振った後、結果を見てから使います（待っている判定がありません）")
        p = self._spender(side)
        character = self.sheet.character(p.id)
        if character is None:
            return self.tr("{0}はキャンペーンのキャラクターではないので勇気を記録できません").format(p.name)
        if character.courage_left < 1:
            return self.tr("「{0}」の勇気が残っていません").format(character.name)
        assert self.last is not None
        unset = self.last.courage_values[0 if side is Contestant.A else 1].refusal
        return unset or courage_rounds.round_refusal(
            self.campaign_model, p.character_id or "", character.name, 1
        )

    def spend_courage(self, side: Contestant) -> OpposedResult:
        """+3 on `side`'s total (A: the attacker, B: the target) after seeing the roll: one undo step
        (the character's courage, the round's count and the log line)."""
        refusal = self.courage_refusal(side)
        if refusal:
            raise BattleRefused(refusal)
        before = self.current()
        assert before is not None and self.last is not None
        p = self._spender(side)
        character_id = p.character_id or ""
        character = self.campaign_model.character(character_id)
        state = courage_rounds.with_spent(self.campaign_model, character_id, 1)
        after_character = replace(character, courage_spent=character.courage_spent + 1)
        chain = self._live()
        a, b = self.courage_on_roll()
        a, b = (a + 1, b) if side is Contestant.A else (a, b + 1)
        after = opposed_with_courage(self.last.spec.opposed(), self.last.result, a, b, *self.last.per_point)
        last = after.rounds[-1]
        per_point = self.last.per_point[0 if side is Contestant.A else 1]
        text = self.tr("{0}が勇気を使った（+{1}）: Intimidate {2} / Willpower {3} → {4}").format(
            p.name, per_point, last.a_total, last.b_total, self._effect_name(self.effect(after))
        )
        if len(after.rounds) > len(before.rounds):
            text += self.tr("（同点で再度判定 {0} 回）").format(len(after.rounds) - len(before.rounds))
        self._chain = [*chain, (text, side)]
        undo = self.tr("勇気を使う")
        stack = self.campaign_model.undo_stack
        stack.beginMacro(undo)
        try:
            self.campaign_model.set_session_value(COURAGE_KEY, state, undo)
            self.campaign_model.update_character(character_id, after_character, undo)
            self.model.commit(
                self.model.state(), undo, text, who=p.name, result=self._effect_name(self.effect(after))
            )
        finally:
            stack.endMacro()
        return after

    # ---- the effect ---------------------------------------------------------------------------------
    def can_apply(self) -> bool:
        return self.apply_refusal() == ""

    def apply_refusal(self) -> str:
        result = self.current()
        if result is None or self.last is None:
            return self.tr("適用する恐怖の判定がありません（先に振ってください）")
        effect = self.effect(result)
        if self.last.plan.inspired_by:
            if effect is not engine.FearEffect.NONE:
                return self.tr("再判定も恐怖に負けました: 恐怖はそのままです")
            return ""
        if effect is engine.FearEffect.NONE:
            return self.tr("恐怖攻撃は失敗しました: 効果はありません")
        return ""

    def apply(self, choice: str = engine.FLEE) -> str:
        """The waiting roll's effect on the target: one undo step with a log line.  A retry won by the
        target ends its fear; a new fear keeps the worse of it and an earlier one (fear_conditions).
        `choice`: the Extraordinary effect, flee or drop."""
        refusal = self.apply_refusal()
        if refusal:
            raise BattleRefused(refusal)
        result, last = self.current(), self.last
        assert result is not None and last is not None
        target = self.model.participant(last.plan.target)
        if last.plan.inspired_by:
            state = fear_conditions.without(self.model.state(), target.id)
            text = self.tr("{0}は恐怖から立ち直った（{1}）").format(target.name, listed(self.afraid(target)))
            self.model.commit(state, self.tr("恐怖から立ち直る"), text, who=target.name)
            return text
        effect = self.effect(result)
        if effect is engine.FearEffect.FLEES and choice not in engine.FLEE_CHOICES:
            raise BattleRefused(self.tr("逃げ出すか伏せるかを選んでください"))
        added = fear_conditions.add_fear(self.model.state(), target.id, self._conditions(effect, choice))
        now = self.afraid(added.encounter.get(target.id))
        text = self.tr("{0}: 恐怖 — {1}（状態{2}）").format(
            target.name, self._effect_name(effect), self._quoted(now)
        )
        if added.heavier is not None:  # 3.8 does not say a new fear replaces the old: the worse stays
            heavier = str(added.heavier).replace("-", "−")
            text += self.tr("。前の恐怖のほうが重いので {0} のまま").format(heavier)
        if added.kept:
            text += self.tr("。前の{0}も続く").format(self._quoted(added.kept))
        self.model.commit(
            added.encounter, self.tr("恐怖の効果"), text, who=target.name, result=self._effect_name(effect)
        )
        return text

    def _quoted(self, names: Sequence[str]) -> str:
        return listed(self.tr("「{0}」").format(name) for name in names)

    def _conditions(self, effect: engine.FearEffect, choice: str) -> list[FearCondition]:
        """The conditions the effect puts on the target."""
        if effect is engine.FearEffect.FLEES:
            flee = self.tr("恐怖: 逃げ出す") if choice == engine.FLEE else self.tr("恐怖: 地面などに伏せる")
            return [FearCondition(flee, FearKind.FLIGHT)]
        penalty = engine.PENALTY[effect]
        name = self.tr("恐怖 {0:+d}").format(penalty).replace("-", "−")
        found = [FearCondition(name, FearKind.PENALTY, penalty=penalty)]
        if engine.TURNS_LOST.get(effect):
            found.append(
                FearCondition(self.tr("恐怖: 次の手番は行動不能"), FearKind.TURN_LOST, TURN_LOST_ROUNDS)
            )
        return found


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
