"""An attack in the LotR combat tracker, from start to finish: the exact chance of each degree
against the target's Defence (or its dodge, or its parry), the roll, and its result applied.

The roll spends the attack's action (and the target's parry, only when the attack reached Defence,
3.3) and is one undo step with a log line; applying the result — damage through the wound track
with the STR bonus (3.10), or the Extraordinary choice (3.6) — is another.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.attack_choices import LotRAttackChoices
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Condition, Participant
from gmtool.rules.battle_types import Phase
from gmtool.rules.dice import Distribution
from gmtool.rules.systems.lotr import attack as engine, combat, defence_actions, mounted, weapons
from gmtool.rules.systems.lotr.armed_combat import armed_combat_bonus
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from gmtool.rules.systems.lotr.rules_types import DEGREE_ORDER

ACTION_OF_OPTION = {"basic": "attack"}  # the other options are actions of the same id (combat.py)


@dataclass(frozen=True)
class AttackPlan:
    """What the GM chose.  bonus: the attacker's skill rank + attribute modifier + modifiers (the
    wound, weariness and extra-action penalties are added here).  parry: the target's weapon skill
    bonus if it parries (None: it does not)."""

    attacker: str
    target: str
    bonus: int
    option: str = "basic"
    called_shot: int = 0
    ranged: bool = False
    range_steps: int = 0
    shield: int = 0
    size_steps: int = 0
    parry: int | None = None
    blunt: bool = False  # at a called shot: a hit stuns instead of damaging (3.7, stun_model.py)
    weapon: str | None = None  # a row of the weapons table (P.230)
    distance: int | None = None  # yards: the range steps from the weapon's L and S (3.4)
    attacker_size: str | None = None  # for a rider (3.9); None: the participant's own, if known
    target_size: str | None = None
    horse_str: bool = False  # the horse's STR for the damage instead of the rider's (3.9)


@dataclass(frozen=True)
class AttackOdds:
    """What the form shows before the roll: the attack's bonus and TN, the chance to hit, each
    success degree's chance under the campaign's names (best first), and the chance the target's
    parry stops it (None: it does not parry)."""

    attack_bonus: int
    tn: int
    hit: Fraction
    degrees: tuple[tuple[str, Fraction], ...]
    parried: Fraction | None


@dataclass(frozen=True)
class AttackRoll:
    plan: AttackPlan
    spec: engine.AttackSpec
    result: engine.AttackResult
    seed: int


class LotRAttackModel(QObject):
    # The last roll no longer stands for the form: its result is to be cleared (see `set_up`).
    result_cleared = Signal()

    def __init__(self, model: BattleModel, seed_source: Callable[[], int] | None = None) -> None:
        super().__init__(model)
        self.model = model
        self.seed_source = seed_source or model.seed_source
        self.choices = LotRAttackChoices(model)  # what the form offers: people, weapons, called shots
        self.last: AttackRoll | None = None  # the roll whose result may be applied
        self._rolled_text = ""  # its log line: still the last one while nothing else happened

    # ---- what the GM sees before the roll ---------------------------------------------------
    def armed_bonus(self, participant_id: str, action: str) -> int:
        """1.4.2's +1 for each time the character chose this action, while the campaign plays that
        optional rule (house_rules.ARMED_COMBAT_BONUS); 0 for a quick NPC."""
        if campaign_house_rules(self.model.campaign_model).get(ARMED_COMBAT_BONUS) != ARMED_BONUS_ON:
            return 0
        p = self.model.participant(participant_id)
        if not p.character_id:
            return 0
        try:
            character = self.model.campaign_model.stored(p.character_id).character
        except KeyError:
            return 0
        return armed_combat_bonus(character, action) if isinstance(character, LotRCharacter) else 0

    def _next_penalty(self, p: Participant, kind_id: str) -> int:
        kind = combat.ACTIONS_BY_ID[kind_id]
        allowance = p.value("actions", combat.ACTIONS_PER_TURN)
        cost = allowance if kind.cost is None else kind.cost
        return combat.extra_penalty(allowance, combat.actions_used(p) + cost) if cost else 0

    def _mounted_parts(self, plan: AttackPlan) -> tuple[int, bool, bool]:
        """3.9: the size steps (a rider counts as Large against smaller foes), −4 for a ranged attack
        from horseback, TN −3 for a mounted charge against someone on foot."""
        attacker, target = self.model.participant(plan.attacker), self.model.participant(plan.target)
        if not mounted.mount_of(attacker).mounted:
            return plan.size_steps, False, False
        mine = plan.attacker_size or self.choices.size_of(attacker.id)
        theirs = plan.target_size or self.choices.size_of(target.id)
        if mine is None or theirs is None:
            raise BattleRefused(self.tr("騎乗している攻撃側と対象のサイズを選んでください（3.9）"))
        on_foot = not mounted.mount_of(target).mounted
        steps = mounted.size_steps(mine, theirs, mounted=True)
        return steps, plan.ranged, plan.option == "charge" and on_foot

    def _range_steps(self, plan: AttackPlan) -> int:
        if plan.distance is None:
            return plan.range_steps
        if plan.weapon is None:
            raise BattleRefused(self.tr("距離から段階を出すには武器表の射撃武器を選んでください"))
        try:
            return weapons.range_steps(self.choices.weapon(plan.weapon), plan.distance)
        except ValueError as e:
            raise BattleRefused(e.args[0] if e.args else str(e)) from None

    def spec(self, plan: AttackPlan) -> engine.AttackSpec:
        """The attack as it would be rolled now: the attacker's aim and penalties, the target's
        Defence (raised by a dodge this round) and its parry with its penalties."""
        rules = self.model.rules()
        attacker, target = self.model.participant(plan.attacker), self.model.participant(plan.target)
        if attacker.id == target.id:
            raise BattleRefused(self.tr("攻撃する相手を選んでください（自分自身は選べません）"))
        size_steps, from_horseback, mounted_charge = self._mounted_parts(plan)
        range_steps = self._range_steps(plan) if plan.ranged else 0
        action = ACTION_OF_OPTION.get(plan.option, plan.option)
        bonus = plan.bonus + rules.penalty(attacker) + self._next_penalty(attacker, action)
        if not plan.ranged:  # a missile is not an Armed Combat test
            bonus += self.armed_bonus(attacker.id, action)
        parry = None
        if plan.parry is not None:
            parry = plan.parry + rules.penalty(target) + self._next_penalty(target, "parry")
            parry += self.armed_bonus(target.id, "parry")
        try:
            return engine.AttackSpec(
                bonus=bonus,
                defence=combat.current_defence(target),
                option=plan.option,
                aim=attacker.value("aim"),
                called_shot=plan.called_shot,
                ranged=plan.ranged,
                range_steps=range_steps,
                shield=plan.shield,
                size_steps=size_steps,
                parry=parry,
                from_horseback=from_horseback,
                mounted_charge=mounted_charge,
                blunt=plan.blunt,
                bands=campaign_lotr_rules(self.model.campaign_model).degree_bands(),
            )
        except ValueError as e:
            raise BattleRefused(e.args[0] if e.args else str(e)) from None

    def odds(self, plan: AttackPlan) -> Distribution[engine.Outcome]:
        return engine.attack_distribution(self.spec(plan))

    def odds_summary(self, plan: AttackPlan) -> AttackOdds:
        """The odds as the form shows them; BattleRefused says why the attack cannot be rolled."""
        spec = self.spec(plan)
        dist = engine.attack_distribution(spec)
        rules = campaign_lotr_rules(self.model.campaign_model)
        degrees = tuple((rules.band(d).name, dist[d]) for d in reversed(DEGREE_ORDER) if d.succeeded)
        parried = dist[engine.PARRIED] if spec.parry is not None else None
        return AttackOdds(spec.attack_bonus, spec.tn, engine.hit_probability(spec), degrees, parried)

    def turn_warning(self, attacker_id: str) -> str | None:
        """Why an attack now would spend the attacker's actions out of the round's order (before
        the fight starts, during the set-up, on another's turn), or None on the attacker's turn."""
        state = self.model.state()
        name = self.model.participant(attacker_id).name
        if not state.active:
            return self.tr("戦闘はまだ始まっていません。{0}の攻撃はアクションを使います").format(name)
        if state.phase is Phase.SETUP:
            return self.tr(
                "いまはセットアップです（まだ誰の手番でもありません）。{0}の攻撃はアクションを使います"
            ).format(name)
        if state.phase is Phase.CLEANUP:
            return self.tr("このラウンドは全員が行動済みです。{0}の攻撃はアクションを使います").format(name)
        actor = state.participant(state.current)
        if actor is not None and actor.id != attacker_id:
            return self.tr("いまは{0}の手番です。{1}の攻撃はアクションを使います").format(actor.name, name)
        return None

    # ---- the roll -------------------------------------------------------------------------
    def roll(self, plan: AttackPlan) -> AttackRoll:
        spec = self.spec(plan)
        attacker, target = self.model.participant(plan.attacker), self.model.participant(plan.target)
        if not target.in_play:
            raise BattleRefused(self.tr("{0}は攻撃の対象にできません").format(target.name))
        seed = self.seed_source()
        rng = random.Random(seed)
        spent = combat.spend_action(
            self.model.state(), plan.attacker, ACTION_OF_OPTION.get(plan.option, plan.option)
        )
        state = spent.encounter
        faces = roll_test(rng)
        result = engine.judge(spec, faces)
        if engine.needs_parry_roll(spec, faces):
            state = combat.spend_action(state, plan.target, "parry").encounter
            result = engine.judge(spec, faces, roll_test(rng))
        # A dodge the target took waits for this total (3.3): short of the original Defence, its
        # action is given back, in this same step (defence_actions keeps the one rule for both flows).
        against = defence_actions.attack_total(state, plan.target, result.total)
        state = against.encounter
        rolled = AttackRoll(plan, spec, result, seed)
        text = self._roll_text(attacker.name, target.name, rolled)
        dice = "+".join(str(f) for f in result.faces)
        if result.parry_faces:
            dice += " / " + "+".join(str(f) for f in result.parry_faces)
        degree = self.degree_name(result)
        # Known before the commit: the views re-read `can_apply` on the change it signals.
        self.last, self._rolled_text = rolled, text
        self.model.commit(
            state, self.tr("攻撃"), text, who=attacker.name, dice=dice, result=degree, seed=seed
        )
        return rolled

    def degree_name(self, result: engine.AttackResult) -> str:
        """The result's degree as the campaign's tables name it."""
        return shown_name(campaign_lotr_rules(self.model.campaign_model).band(result.degree))

    def _roll_text(self, attacker: str, target: str, rolled: AttackRoll) -> str:
        result, spec = rolled.result, rolled.spec
        kind = self.tr("射撃") if spec.ranged else self.tr("攻撃")
        option = engine.OPTIONS_BY_ID[spec.option]
        if spec.option != "basic":
            kind += f"（{option.name}）"
        text = self.tr("{0} → {1}: {2} 達成値 {3} / 目標値 {4} — {5}").format(
            attacker, target, kind, result.total, result.tn, self.degree_name(result)
        )
        if spec.aim:
            text += self.tr("（狙い +{0}）").format(spec.aim)
        plan = rolled.plan
        armed = (
            0
            if spec.ranged
            else self.armed_bonus(plan.attacker, ACTION_OF_OPTION.get(plan.option, plan.option))
        )
        if armed:
            text += self.tr("（Armed Combat の特殊修正 +{0}）").format(armed)
        if plan.weapon:
            text += self.tr("（{0}）").format(plan.weapon)
        if spec.ranged and plan.distance is not None:
            text += self.tr("（{0} ヤード: 段階 {1}）").format(plan.distance, spec.range_steps)
        if spec.from_horseback:
            text += self.tr("（馬上から −4）")
        if spec.mounted_charge:
            text += self.tr("（騎乗の突撃: 目標値 −3）")
        if spec.blunt:
            text += self.tr("（Blunt: 命中ならスタン）")
        if spec.option == "charge" and result.hit:
            # 3.2: the knockdown is the GM's Strength test; 3.9: a rider may use the horse's STR for it
            text += self.tr("、対象はチャージした側の STR+2 を目標値とする Strength 判定に失敗すると倒れる")
            if mounted.mount_of(self.model.participant(plan.attacker)).mounted:
                text += self.tr("（馬の STR を使ってよい 3.9）")
        if result.parry_total is not None:
            outcome = self.tr("防御成功") if result.parried else self.tr("防御失敗")
            text += self.tr("、防御 {0}: {1}").format(result.parry_total, outcome)
        elif spec.parry is not None:
            text += self.tr("（Defense に届かず、防御のアクションは使わない）")
        return text

    # ---- the result -----------------------------------------------------------------------
    def apply_damage(self, rolled: int, str_bonus: int, maximum: bool = False) -> int:
        """The last hit's damage through the target's wound track: `rolled` is the damage dice's
        total (or the weapon's maximum, the Extraordinary choice 3.6), + STR bonus + the option's."""
        last = self._hit()
        if last.spec.blunt:
            raise BattleRefused(self.tr("Blunt 攻撃の命中はダメージのかわりにスタンです（3.7）"))
        if rolled < 0:
            raise BattleRefused(self.tr("ダメージの出目は 0 以上です（{0}）").format(rolled))
        if maximum and not last.result.extraordinary:
            raise BattleRefused(self.tr("最大ダメージは Extraordinary Success のときだけです（3.6）"))
        str_bonus, str_note = self.damage_str(last.plan, str_bonus)
        amount = engine.damage_total(rolled, str_bonus, last.spec.option)
        target = self.model.participant(last.plan.target)
        state = self.model.state()
        new = battle.damage(state, target.id, combat.WOUNDS, amount)
        new = battle.with_participant(new, target.id, self.model.rules().settle)
        after = new.get(target.id)
        taken = after.resource(combat.WOUNDS)
        assert taken is not None  # battle.damage refused a participant without a wound track
        track = self.model.rules().wound_track(after)  # type: ignore[attr-defined]
        level = track.level
        where = self.tr("死亡") if level is None else shown_name(level)
        how = self.tr("最大ダメージ") if maximum else self.tr("ダメージ")
        text = self.tr("{0}に{1} {2}（出目 {3} + STR {4:+d}）→ 負傷 {5}（{6}）").format(
            target.name, how, amount, rolled, str_bonus, taken.value, where
        )
        text += str_note
        self.model.commit(new, self.tr("ダメージ"), text, who=target.name, result=str(amount))
        return amount

    def damage_str(self, plan: AttackPlan, rider_str: int) -> tuple[int, str]:
        """The STR bonus the damage takes, and why when it is not the rider's: none for a bow
        (1.3), the horse's for a rider who uses it (3.9)."""
        if plan.weapon:
            try:
                adds = weapons.adds_str(self.choices.weapon(plan.weapon))
            except ValueError as e:
                raise BattleRefused(e.args[0] if e.args else str(e)) from None
            if not adds:
                return 0, self.tr("（射撃武器: STR 修正は足さない 1.3）")
        if plan.horse_str:
            mount = mounted.mount_of(self.model.participant(plan.attacker))
            if not mount.mounted or mount.horse_str is None:
                raise BattleRefused(self.tr("馬の STR 修正が入力されていません（騎乗の設定で入力）"))
            return mount.horse_str, self.tr("（馬の STR 3.9）")
        return rider_str, ""

    def roll_damage(self, dice: engine.DamageDice, str_bonus: int) -> int:
        """Rolls the weapon's damage (no exploding) and applies it: one undo step, the seed logged."""
        seed = self.seed_source()
        _, total = dice.roll(random.Random(seed))
        return self.apply_damage(total, str_bonus)

    def break_item(self, choice: str) -> None:
        """3.6: instead of damage, the Extraordinary hit breaks the target's weapon, armour or shield."""
        last = self._hit()
        if not last.result.extraordinary:
            raise BattleRefused(
                self.tr("武器・鎧・盾を壊せるのは Extraordinary Success のときだけです（3.6）")
            )
        if choice not in engine.BREAK_NAMES:
            raise BattleRefused(self.tr("壊すものは武器・鎧・盾のどれかです"))
        target = self.model.participant(last.plan.target)
        thing = self.tr(engine.BREAK_NAMES[choice])
        name = self.tr("{0}が壊れた").format(thing)
        new = battle.add_condition(self.model.state(), target.id, Condition(name))
        text = self.tr("{0}: Extraordinary Success で{1}を壊した").format(target.name, thing)
        self.model.commit(new, self.tr("装備を壊す"), text, who=target.name, result=name)

    def damage_waiting(self) -> bool:
        """A hit waits for its damage: a Blunt hit stuns instead (3.7), so the stun box takes it."""
        last = self.last
        return self.can_apply() and not (last is not None and last.spec.blunt)

    def extraordinary_waiting(self) -> bool:
        """The hit waiting for its damage is Extraordinary: maximum damage or a broken item (3.6)."""
        return self.damage_waiting() and self.last is not None and self.last.result.extraordinary

    @staticmethod
    def damage_dice(text: str) -> engine.DamageDice | None:
        """The weapon's damage as typed (「2d6+1」); None for an empty field, ValueError for a typo."""
        text = text.strip()
        return engine.parse_damage(text) if text else None

    @classmethod
    def maximum_damage(cls, text: str, rolled: int) -> int:
        """The Extraordinary hit's damage (3.6): the typed dice's maximum, else the rolled number
        the GM entered as the maximum."""
        dice = cls.damage_dice(text)
        return rolled if dice is None else dice.maximum

    def can_apply(self) -> bool:
        """A hit is waiting: its roll is the encounter's last step (applied or undone: no more)."""
        try:
            self._hit()
        except BattleRefused:
            return False
        return True

    def _hit(self) -> AttackRoll:
        last = self.last
        if last is None or not last.result.hit:
            raise BattleRefused(self.tr("適用する命中がありません（先に攻撃を振ってください）"))
        events = self.model.state().events
        if not events or events[-1].text != self._rolled_text:
            # undone, or the fight moved on: the result belongs to a roll no longer the last step
            raise BattleRefused(self.tr("攻撃のあとに戦闘が変わりました。もう一度攻撃を振ってください"))
        return last

    def set_up(self, plan: AttackPlan | None) -> None:
        """The form's set-up now.  A roll made under another set-up (attacker, target, weapon,
        option, any modifier) is no longer the result of what the form shows: it is dropped, with
        the damage it waited for, and `result_cleared` tells the views."""
        if self.last is not None and plan != self.last.plan:
            self.forget()

    def forget(self) -> None:
        if self.last is not None:
            self.last = None
            self.result_cleared.emit()
