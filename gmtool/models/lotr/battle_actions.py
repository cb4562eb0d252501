"""The Lord of the Rings RPG's round in the combat tracker, on top of its model: actions with their
costs, dodge, parry odds and aim.  Each is one undo step and one log line through `BattleModel`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.models.lotr.sheet_values import LotRSheetValues
from gmtool.models.lotr.tracker_people import in_play
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import combat as lotr, defence_actions as defence, mounted, no_test
from gmtool.rules.systems.lotr.attack_marks import defence_modifier, helpless
from gmtool.rules.systems.lotr.checks import RollSpec, resolve_roll, success_probability
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.rules_data import SIZE_IDS, LotRRules, lotr_rules


@dataclass(frozen=True)
class ActionStatus:
    """The actor's turn so far: actions used of the allowance, the penalty the next action of the
    chosen kind would take (≤ 0), and the aim waiting for the next attack."""

    used: int
    allowance: int
    penalty: int
    aim: int


@dataclass(frozen=True)
class DodgeOdds:
    """Defence now, the chance a dodge raises it, and why a rider's dodge takes less (3.9; "")."""

    defence: int
    chance: Fraction
    note: str


@dataclass(frozen=True)
class ParryOdds:
    """The chance a parry beats the attack's total (a tie is the defender's); `original` is the
    original Defence when the attack falls short of it (3.3: nothing is spent), else None."""

    chance: Fraction
    original: int | None


class LotRBattleActions(QObject):
    def __init__(self, model: BattleModel) -> None:
        super().__init__(model)
        self.model = model
        self.sheet = LotRSheetValues(model)  # a parry's weapon skill from the sheet (3.3)

    # ---- what the box shows -------------------------------------------------------------------
    def people(self) -> list[tuple[str, str]]:
        return in_play(self.model)

    def current(self) -> str | None:
        """The participant whose turn it is (None between rounds)."""
        return self.model.state().current

    def keeps_initiative(self) -> bool:
        return bool(self.model.state().option(lotr.KEEP_INITIATIVE))

    def rides(self, participant_id: str) -> bool:
        return mounted.mount_of(self.model.participant(participant_id)).mounted

    def status(self, participant_id: str, kind_id: str) -> ActionStatus:
        p = self.model.participant(participant_id)
        allowance = p.value("actions", lotr.ACTIONS_PER_TURN)
        penalty = self.next_penalty(participant_id, kind_id)
        return ActionStatus(lotr.actions_used(p), allowance, penalty, p.value("aim"))

    def dodge_odds(
        self, participant_id: str, attacker_size: str | None = None, rider_size: str | None = None
    ) -> DodgeOdds:
        """What a dodge would do now; BattleRefused when a rider's sizes are still to be chosen, or
        a grapple left it unable to defend (3.2)."""
        self._can_defend(participant_id)
        chance = self.dodge_probability(participant_id, attacker_size, rider_size)
        _modifier, note = self.dodge_size(participant_id, attacker_size, rider_size)
        return DodgeOdds(lotr.current_defence(self.model.participant(participant_id)), chance, note)

    def parry_odds(self, participant_id: str, bonus: int, attack_total: int) -> ParryOdds:
        original = defence.original_defence(self.model.participant(participant_id))
        chance = self.parry_probability(participant_id, bonus, attack_total)
        return ParryOdds(chance, original if attack_total < original else None)

    # ---- the steps ------------------------------------------------------------------------------

    def spend(self, participant_id: str, kind_id: str, aim: str = "direct", bonus: int = 0) -> int:
        """Records an action; returns the penalty its test takes (−5 per action past the turn's).

        An action that needs no test, taken past the allowance, is rolled at the base TN 5 with
        that penalty and the GM's `bonus` (3. 戦闘, no_test.py): the roll is in the same step."""
        p = self.model.participant(participant_id)
        spec = self.no_test_spec(participant_id, kind_id, bonus)
        spent = lotr.spend_action(self.model.state(), participant_id, kind_id, aim)
        kind = lotr.ACTIONS_BY_ID[kind_id]
        text = self.tr("{0}: {1}").format(p.name, self.tr(kind.name))
        if spent.penalty:
            text += self.tr("（追加アクション: 判定{0}）").format(spent.penalty)
        if spent.aim:
            text += self.tr("（狙い +{0}）").format(spent.aim)
        if spec is None:
            self.model.commit(spent.encounter, text, text, who=p.name, result=str(spent.penalty or ""))
            return spent.penalty
        seed = self.model.seed_source()
        rolled = resolve_roll(spec, random.Random(seed))
        result = degree_label(self.model_rules(), rolled.degree)
        text += self.tr(" — 判定のない行動を目標値 {0} で判定: {1} {2:+d} = {3} → {4}").format(
            no_test.NO_TEST_TN, faces_text(rolled.faces), rolled.bonus, rolled.total, result
        )
        dice = "+".join(str(f) for f in rolled.faces)
        self.model.commit(spent.encounter, text, text, who=p.name, dice=dice, result=result, seed=seed)
        return spent.penalty

    def no_test_spec(self, participant_id: str, kind_id: str, bonus: int = 0) -> RollSpec | None:
        """The TN 5 test this action would take now (None: it takes none — within the allowance, or
        an action with a test of its own); the participant's wound and condition penalties count."""
        penalty = self.next_penalty(participant_id, kind_id)
        if not no_test.rolled_without_test(kind_id, penalty):
            return None
        condition = self.model.rules().penalty(self.model.participant(participant_id))
        return no_test.no_test_spec(bonus, condition, penalty, self.model_rules())

    def no_test_odds(self, participant_id: str, kind_id: str, bonus: int = 0) -> Fraction | None:
        """The exact chance that test succeeds (None when the action takes no test now)."""
        spec = self.no_test_spec(participant_id, kind_id, bonus)
        return None if spec is None else success_probability(spec)

    def model_rules(self) -> LotRRules:
        """The campaign's tables the tracker plays with (its degrees of success)."""
        rules = self.model.rules()
        return rules.rules if isinstance(rules, lotr.LotRCombat) else lotr_rules()

    def next_penalty(self, participant_id: str, kind_id: str) -> int:
        """The penalty the next action of this kind would take: shown before it is taken."""
        p = self.model.participant(participant_id)
        kind = lotr.ACTIONS_BY_ID[kind_id]
        allowance = p.value("actions", lotr.ACTIONS_PER_TURN)
        cost = allowance if kind.cost is None else kind.cost
        return lotr.extra_penalty(allowance, lotr.actions_used(p) + cost) if cost else 0

    def size_of(self, participant_id: str) -> str | None:
        return mounted.size_of(self.model.participant(participant_id))

    def dodge_size(
        self, participant_id: str, attacker_size: str | None = None, rider_size: str | None = None
    ) -> tuple[int, str]:
        """3.9: a rider's dodge against a smaller attacker, −2 per step (the rider counts as Large),
        and the note its log line gives; (0, "") on foot.  The dodge does not know who attacks, so
        the GM picks the attacker's size (and a quick NPC rider's own), as in the attack box."""
        p = self.model.participant(participant_id)
        if not mounted.mount_of(p).mounted:
            return self._size_on_foot(p.value("size_order"), attacker_size, rider_size)
        if attacker_size is None:
            raise BattleRefused(self.tr("騎乗中の回避: 攻撃してくる相手のサイズを選んでください（3.9）"))
        rider = rider_size or mounted.size_of(p)
        if rider is None:
            raise BattleRefused(self.tr("騎乗中の回避: 回避する乗り手のサイズを選んでください（3.9）"))
        self._known_sizes(attacker_size, rider)
        modifier = mounted.dodge_modifier(rider, attacker_size)
        if not modifier:
            return 0, ""
        note = self.tr("騎乗中: 小さい相手（{0}）の攻撃への回避 {1}（3.9）").format(
            attacker_size.capitalize(), str(modifier).replace("-", "−")
        )
        return modifier, note

    def _known_sizes(self, *sizes: str) -> None:
        for size in sizes:
            if size not in SIZE_IDS:
                raise BattleRefused(self.tr("サイズ「{0}」はありません").format(size))

    def _size_on_foot(self, order: int, attacker_size: str | None, own_size: str | None) -> tuple[int, str]:
        """1.5: on foot, a smaller defender dodges a larger attacker at +2 per step; (0, "") while the
        GM has not named the attacker's size (or the defender's, for a quick NPC)."""
        own = own_size or (SIZE_IDS[order - 1] if 1 <= order <= len(SIZE_IDS) else None)
        if attacker_size is None or own is None:
            return 0, ""
        self._known_sizes(attacker_size, own)
        bonus = mounted.size_dodge_bonus(own, attacker_size)
        if not bonus:
            return 0, ""
        note = self.tr("大きい相手（{0}）の攻撃への回避 +{1}（1.5）").format(
            attacker_size.capitalize(), bonus
        )
        return bonus, note

    def dodge(
        self, participant_id: str, attacker_size: str | None = None, rider_size: str | None = None
    ) -> int:
        """回避: spends the action and rolls Swiftness; a total above Defence replaces it.  A rider
        names the attacker's size (3.9, dodge_size)."""
        self._can_defend(participant_id)
        size, note = self.dodge_size(participant_id, attacker_size, rider_size)
        seed = self.model.seed_source()
        p = self.model.participant(participant_id)
        penalty = self.next_penalty(participant_id, "dodge")
        faces = roll_test(random.Random(seed))
        total = sum(faces) + p.value("swiftness") + self.model.rules().penalty(p) + penalty + size
        before = lotr.current_defence(p)
        # The action waits on the attack's total (3.3): see attack_total.
        new = defence.dodge(self.model.state(), participant_id, total).encounter
        after = lotr.current_defence(new.get(participant_id))
        result = (
            self.tr("Defense {0} → {1}").format(before, after)
            if after > before
            else self.tr("Defense そのまま")
        )
        text = self.tr("{0}: 回避 {1}（{2}）").format(p.name, total, result)
        if note:
            text += self.tr(" — {0}").format(note)
        dice = "+".join(str(f) for f in faces)
        self.model.commit(new, self.tr("回避"), text, who=p.name, dice=dice, result=result, seed=seed)
        return total

    def attack_total(self, participant_id: str, total: int) -> defence.AttackAgainst:
        """An attack's total against this participant: hit or miss against its (dodged) Defence,
        and 3.3's refund — below the original Defence its pending dodges cost no action."""
        p = self.model.participant(participant_id)
        against = defence.attack_total(self.model.state(), participant_id, total)
        result = self.tr("命中") if against.hit else self.tr("外れ")
        text = self.tr("{0}への攻撃 達成値 {1}: 目標値 {2} → {3}").format(
            p.name, total, against.target, result
        )
        if against.refunded:
            text += self.tr(
                "（元の Defense {0} に届かないので回避のアクションは消費されない: {1} 回分）"
            ).format(against.original, against.refunded)
        elif against.kept:
            text += self.tr("（回避のアクションは消費: 元の Defense {0} に到達）").format(against.original)
        self.model.commit(against.encounter, self.tr("攻撃の達成値"), text, who=p.name, result=result)
        return against

    def parry(self, participant_id: str, bonus: int, attack: int) -> bool | None:
        """防御 against an attack's total: rolled and its action taken only when the attack reaches
        the original Defence (3.3); None when it does not (the attack misses, nothing spent).
        Returns whether the parry succeeded (a tie is the defender's)."""
        self._can_defend(participant_id)
        p = self.model.participant(participant_id)
        outcome = defence.parry(self.model.state(), participant_id, attack)
        if not outcome.needed:
            text = self.tr(
                "{0}: 攻撃 {1} は元の Defense {2} に届かない — 防御は不要、アクションは消費されない"
            ).format(p.name, attack, defence.original_defence(p))
            self.model.commit(outcome.encounter, self.tr("防御（不要）"), text, who=p.name, result="—")
            return None
        seed = self.model.seed_source()
        faces = roll_test(random.Random(seed))
        own = defence_modifier(p)  # its own attack options until its next turn (3.2)
        total = sum(faces) + bonus + self.model.rules().penalty(p) + outcome.penalty + own
        success = defence.parried(total, attack)
        result = self.tr("防御成功") if success else self.tr("防御失敗")
        text = self.tr("{0}: 防御 {1}（攻撃の達成値 {2}、同点は防御側）→ {3}").format(
            p.name, total, attack, result
        )
        if outcome.penalty:
            text += self.tr("（追加アクション: 判定{0}）").format(outcome.penalty)
        dice = "+".join(str(f) for f in faces)
        self.model.commit(
            outcome.encounter, self.tr("防御"), text, who=p.name, dice=dice, result=result, seed=seed
        )
        return success

    def dodge_probability(
        self, participant_id: str, attacker_size: str | None = None, rider_size: str | None = None
    ) -> Fraction:
        p = self.model.participant(participant_id)
        size, _note = self.dodge_size(participant_id, attacker_size, rider_size)
        penalty = self.model.rules().penalty(p) + self.next_penalty(participant_id, "dodge") + size
        return lotr.dodge_probability(p, penalty)

    def parry_probability(self, participant_id: str, bonus: int, attack_total: int) -> Fraction:
        """The defender's wound, weariness and extra-action penalties count, as for a dodge."""
        p = self.model.participant(participant_id)
        penalty = self.model.rules().penalty(p) + self.next_penalty(participant_id, "parry")
        return lotr.parry_probability(bonus + penalty + defence_modifier(p), attack_total)

    def _can_defend(self, participant_id: str) -> None:
        """3.2 捕縛: 「相手を防御不可能な状態にしたり」 — no dodge or parry while it lasts."""
        p = self.model.participant(participant_id)
        if helpless(p):
            raise BattleRefused(self.tr("{0}は絡め取られて防御できません（3.2 捕縛）").format(p.name))

    def keep_initiative(self, keep: bool) -> None:
        text = (
            self.tr("イニシアチブを最初のラウンドのまま使う")
            if keep
            else self.tr("イニシアチブを毎ラウンド振る")
        )
        self.model.commit(lotr.set_keep_initiative(self.model.state(), keep), text, text)
