"""An attack in the LotR combat tracker, from start to finish: the exact chance of each degree
against the target's Defence (or its dodge, or its parry), the roll, and its result applied.

The roll spends the attack's action (and the target's parry, only when the attack reached Defence,
3.3) and is one undo step with a log line; applying the result — damage through the wound track
with the STR bonus (3.10), or the Extraordinary choice (3.6) — is another.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.attack_choices import LotRAttackChoices
from gmtool.models.lotr.attack_plan import (
    AttackOdds as AttackOdds,
    AttackPlan as AttackPlan,
    AttackRoll as AttackRoll,
    StrikeOdds as StrikeOdds,
    Struck as Struck,
)
from gmtool.models.lotr.attack_texts import ACTION_OF_OPTION, LotRAttackTexts, contest_dice
from gmtool.models.lotr.knockdown_model import LotRKnockdown
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Condition, Participant
from gmtool.rules.battle_types import Phase
from gmtool.rules.dice import Distribution
from gmtool.rules.systems.lotr import (
    attack as engine,
    attack_marks as marks,
    attack_series,
    combat,
    defence_actions,
    mounted,
    weapons,
)
from gmtool.rules.systems.lotr.armed_combat import armed_combat_bonus
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from gmtool.rules.systems.lotr.rules_types import DEGREE_ORDER, Degree

HOLDS = (Degree.SUPERIOR_SUCCESS, Degree.EXTRAORDINARY_SUCCESS)  # Grapple: 「Superior 成功以上の命中」


class LotRAttackModel(QObject):
    # The last roll no longer stands for the form: its result is to be cleared (see `set_up`).
    result_cleared = Signal()

    def __init__(self, model: BattleModel, seed_source: Callable[[], int] | None = None) -> None:
        super().__init__(model)
        self.model = model
        self.seed_source = seed_source or model.seed_source
        self.choices = LotRAttackChoices(model)  # what the form offers: people, weapons, called shots
        self.texts = LotRAttackTexts(self)
        self.last: AttackRoll | None = None  # the roll whose result may be applied
        self._rolled_text = ""  # its log line: still the last one while nothing else happened
        self._waiting: list[Struck] = []  # its hits that take damage, in order
        # the roll's line, then each later step of it (an applied hit, the knockdown) with the hits
        # applied once it stands
        self._steps: list[tuple[str, int]] = []
        self.knockdown: tuple[str, str] | None = None  # (charger, target) of a charge that hit
        self.fall = LotRKnockdown(self)  # its knockdown test (3.2)

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

    def _mounted_parts(self, plan: AttackPlan, target_id: str) -> tuple[int, bool, bool]:
        """3.9: the size steps (a rider counts as Large against smaller foes), −4 for a ranged attack
        from horseback, TN −3 for a mounted charge against someone on foot."""
        attacker, target = self.model.participant(plan.attacker), self.model.participant(target_id)
        if not mounted.mount_of(attacker).mounted:
            return self._size_on_foot(plan, target_id), False, False
        mine = plan.attacker_size or self.choices.size_of(attacker.id)
        theirs = (plan.target_size if target_id == plan.target else None) or self.choices.size_of(target.id)
        if mine is None or theirs is None:
            raise BattleRefused(self.tr("騎乗している攻撃側と対象のサイズを選んでください（3.9）"))
        on_foot = not mounted.mount_of(target).mounted
        steps = mounted.size_steps(mine, theirs, mounted=True)
        return steps, plan.ranged, plan.option == "charge" and on_foot

    def _size_on_foot(self, plan: AttackPlan, target_id: str) -> int:
        """The form's size difference is the (first) target's; a sweep's or the off hand's other
        target takes the difference of the sizes the tracker knows (0 while one is unknown)."""
        if target_id == plan.target:
            return plan.size_steps
        mine, theirs = self.choices.size_of(plan.attacker), self.choices.size_of(target_id)
        return 0 if mine is None or theirs is None else mounted.size_steps(mine, theirs, mounted=False)

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
        """The attack as it would be rolled now against the plan's (first) target: the attacker's aim
        and penalties, the target's Defence (raised by a dodge this round, moved by its own options
        until its next turn) and its parry with its penalties."""
        return self.strike_specs(plan)[0][1]

    def strike_specs(self, plan: AttackPlan) -> list[tuple[str, engine.AttackSpec]]:
        """(target, spec) of every attack test the plan makes: one, or a sweep's two or three (each
        at −4/−6), or two weapons' two (each hand with the GM's penalty)."""
        option = plan.option
        if option == "sweep":
            targets = [plan.target, *plan.more_targets]
            parries = [plan.parry, *plan.more_parries]
            if len(set(targets)) != len(targets):
                raise BattleRefused(self.tr("sweep（なぎ払い）は別々の相手を狙います"))
            return [
                (t, self._spec(plan, t, parry, sweeping=len(targets)))
                for t, parry in zip(targets, parries, strict=False)
            ]
        if option == "two_weapons":
            main, off = self._hands(plan)
            off_target = plan.more_targets[0] if plan.more_targets else plan.target
            off_parry = plan.more_parries[0] if plan.more_targets and plan.more_parries else plan.parry
            return [
                (plan.target, self._spec(plan, plan.target, plan.parry, hand=main)),
                (off_target, self._spec(plan, off_target, off_parry, hand=off)),
            ]
        return [(plan.target, self._spec(plan, plan.target, plan.parry))]

    def _hands(self, plan: AttackPlan) -> tuple[int, int]:
        if plan.ambidextrous:
            return 0, 0
        main, off = plan.hands
        if main is None or off is None:
            raise BattleRefused(
                self.tr(
                    "両手に武器: Ambidextrous がなければペナルティがありますが、本文に数がありません。"
                    "利き腕と逆腕のペナルティを入力してください（未設定）"
                )
            )
        return main, off

    def _spec(
        self, plan: AttackPlan, target_id: str, parry_bonus: int | None, sweeping: int = 1, hand: int = 0
    ) -> engine.AttackSpec:
        rules = self.model.rules()
        attacker, target = self.model.participant(plan.attacker), self.model.participant(target_id)
        if attacker.id == target.id:
            raise BattleRefused(self.tr("攻撃する相手を選んでください（自分自身は選べません）"))
        size_steps, from_horseback, mounted_charge = self._mounted_parts(plan, target_id)
        range_steps = self._range_steps(plan) if plan.ranged else 0
        action = ACTION_OF_OPTION.get(plan.option, plan.option)
        bonus = plan.bonus + rules.penalty(attacker) + self._next_penalty(attacker, action)
        if not plan.ranged and not engine.OPTIONS_BY_ID[plan.option].unarmed:
            bonus += self.armed_bonus(attacker.id, action)  # a missile or a fist: not Armed Combat
        parry = None
        if parry_bonus is not None and marks.helpless(target):
            raise BattleRefused(self.tr("{0}は絡め取られて防御できません（3.2 捕縛）").format(target.name))
        if parry_bonus is not None:
            parry = parry_bonus + rules.penalty(target) + self._next_penalty(target, "parry")
            parry += self.armed_bonus(target.id, "parry")
        try:
            return engine.AttackSpec(
                bonus=bonus,
                defence=combat.dodged_defence(target),
                option="basic" if plan.option == "trip" else plan.option,
                aim=attacker.value("aim"),
                called_shot=plan.called_shot,
                ranged=plan.ranged,
                range_steps=range_steps,
                shield=plan.shield if target_id == plan.target else 0,  # another's is in its parry
                size_steps=size_steps,
                parry=parry,
                from_horseback=from_horseback,
                mounted_charge=mounted_charge,
                blunt=plan.blunt,
                bands=campaign_lotr_rules(self.model.campaign_model).degree_bands(),
                sweeping=sweeping,
                hand_penalty=hand,
                defence_mod=marks.defence_modifier(target),
                against_charger=marks.charged_by(attacker, target.id),
                entangled=marks.entangled(target),
            )
        except ValueError as e:
            raise BattleRefused(e.args[0] if e.args else str(e)) from None

    @staticmethod
    def option_dice(option: str) -> str:
        """The damage dice the text gives the option (punch: 1d6), "" when the weapon's count."""
        dice = engine.OPTIONS_BY_ID[option].dice
        return "" if dice is None else f"{dice[0]}d{dice[1]}"

    def odds(self, plan: AttackPlan) -> Distribution[engine.Outcome]:
        return engine.attack_distribution(self.spec(plan))

    def odds_summary(self, plan: AttackPlan) -> AttackOdds:
        """The odds as the form shows them; BattleRefused says why the attack cannot be rolled."""
        specs = self.strike_specs(plan)
        spec = specs[0][1]
        dist = engine.attack_distribution(spec)
        rules = campaign_lotr_rules(self.model.campaign_model)
        degrees = tuple((rules.band(d).name, dist[d]) for d in reversed(DEGREE_ORDER) if d.succeeded)
        parried = dist[engine.PARRIED] if spec.parry is not None else None
        odds = AttackOdds(spec.attack_bonus, spec.tn, engine.hit_probability(spec), degrees, parried)
        if len(specs) > 1:
            series = attack_series.series_odds([s for _, s in specs], plan.option == "sweep")
            strikes = tuple(
                StrikeOdds(
                    self.model.participant(t).name,
                    s.attack_bonus,
                    s.tn,
                    strike.reached,
                    strike.reached * engine.hit_probability(s),
                )
                for (t, s), strike in zip(specs, series, strict=True)
            )
            return replace(odds, strikes=strikes)
        if plan.option == "trip":
            return replace(odds, effect=attack_series.contest_odds(self._trip_contest(plan, spec)))
        if plan.option == "grapple":
            held = sum((dist[d] for d in HOLDS if d in dist), Fraction(0))
            return replace(odds, effect=held)
        if plan.option == "grab":
            return replace(odds, effect=odds.hit)
        return odds

    def _trip_contest(self, plan: AttackPlan, spec: engine.AttackSpec) -> attack_series.ContestSpec:
        """3.2 trip: the attack (Nimbleness) against the target's Nimbleness or Swiftness, which the
        GM enters (the target's choice); the target's penalties count.  It is resisted, not parried."""
        if plan.parry is not None:
            raise BattleRefused(self.tr("足払いは対決判定です: 防御（Parry/Block）はしません"))
        if plan.resist is None:
            raise BattleRefused(
                self.tr(
                    "足払い: 対象が抵抗する Nimbleness か Swiftness のボーナスを入力してください（未設定）"
                )
            )
        target = self.model.participant(plan.target)
        resist = plan.resist + self.model.rules().penalty(target)
        bands = campaign_lotr_rules(self.model.campaign_model).degree_bands()
        return attack_series.ContestSpec(spec.attack_bonus, resist, bands)

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
        """The attack: its action spent once, every attack test it makes rolled in order (a sweep
        stops at a parry), and what the option leaves (its own Defence until the attacker's next
        turn, a charged target's +1, a hold, a fall) — one undo step and one log line."""
        specs = self.strike_specs(plan)
        attacker = self.model.participant(plan.attacker)
        for target_id, _ in specs:
            target = self.model.participant(target_id)
            if not target.in_play:
                raise BattleRefused(self.tr("{0}は攻撃の対象にできません").format(target.name))
        contest = self._trip_contest(plan, specs[0][1]) if plan.option == "trip" else None
        seed = self.seed_source()
        rng = random.Random(seed)
        action = ACTION_OF_OPTION.get(plan.option, plan.option)
        state = combat.spend_action(self.model.state(), plan.attacker, action).encounter
        if contest is not None:
            return self._roll_trip(plan, specs[0][1], contest, state, rng, seed)
        struck: list[Struck] = []
        dice: list[str] = []
        for target_id, spec in specs:
            faces = roll_test(rng)
            result = engine.judge(spec, faces)
            if engine.needs_parry_roll(spec, faces):
                state = combat.spend_action(state, target_id, "parry").encounter
                result = engine.judge(spec, faces, roll_test(rng))
            # A dodge the target took waits for this total (3.3): short of the original Defence, its
            # action is given back, in this same step (defence_actions keeps the one rule for both flows).
            state = defence_actions.attack_total(state, target_id, result.total).encounter
            struck.append(Struck(target_id, spec, result))
            dice.append(self._faces(result))
            if plan.option == "sweep" and result.parried:
                break  # 「途中でparry/blockされたらそこで止まる」
        state = self._leave_marks(state, plan, struck)
        first = struck[0]
        rolled = AttackRoll(plan, first.spec, first.result, seed, tuple(struck))
        text = self.texts.roll_text(rolled)
        # Known before the commit: the views re-read `can_apply` on the change it signals.
        self._waiting = [s for s in struck if s.result.hit and s.spec.attack_option.damages]
        self.last, self._rolled_text, self._steps = rolled, text, [(text, 0)]
        self.knockdown = (
            (plan.attacker, plan.target) if plan.option == "charge" and first.result.hit else None
        )
        self.model.commit(
            state,
            self.tr("攻撃"),
            text,
            who=attacker.name,
            dice=" | ".join(dice),
            result=" / ".join(self.degree_name(s.result) for s in struck),
            seed=seed,
        )
        return rolled

    @staticmethod
    def _faces(result: engine.AttackResult) -> str:
        dice = "+".join(str(f) for f in result.faces)
        if result.parry_faces:
            dice += " / " + "+".join(str(f) for f in result.parry_faces)
        return dice

    def _roll_trip(
        self,
        plan: AttackPlan,
        spec: engine.AttackSpec,
        contest: attack_series.ContestSpec,
        state: battle.Encounter,
        rng: random.Random,
        seed: int,
    ) -> AttackRoll:
        """3.2 trip: the opposed test (a tie rolled again); the winner trips the target: 転倒."""
        outcome = attack_series.roll_contest(contest, rng)
        tripped = outcome.winner is Contestant.A
        target = self.model.participant(plan.target)
        if tripped:
            state = battle.add_condition(state, target.id, Condition(self.tr("転倒")))
        last = outcome.rounds[-1]
        result = engine.judge(spec, last.a_faces)
        rolled = AttackRoll(plan, spec, result, seed, (), tripped)
        text = self.texts.trip_text(rolled, outcome)
        self._waiting = []
        self.last, self._rolled_text, self._steps, self.knockdown = rolled, text, [(text, 0)], None
        dice = contest_dice(outcome)
        shown_result = self.tr("転倒させた") if tripped else self.tr("転倒させられなかった")
        attacker = self.model.participant(plan.attacker)
        self.model.commit(
            state, self.tr("足払い"), text, who=attacker.name, dice=dice, result=shown_result, seed=seed
        )
        return rolled

    def _leave_marks(
        self, state: battle.Encounter, plan: AttackPlan, struck: list[Struck]
    ) -> battle.Encounter:
        """What the option leaves on the people of the fight (attack_marks.py)."""
        option = engine.OPTIONS_BY_ID[plan.option]
        if option.own_defence:
            state = marks.own_defence(
                state, plan.attacker, self.texts.own_defence_name(option), option.own_defence
            )
        if plan.option == "charge":
            name = self.texts.charged_name(self.model.participant(plan.attacker).name)
            state = marks.charged(state, plan.target, plan.attacker, name)
        first = struck[0].result
        if plan.option == "grab" and first.hit:
            state = marks.grab(state, plan.target, plan.attacker, self.tr("つかまれている"))
        if plan.option == "grapple" and first.hit and first.degree in HOLDS:
            state = marks.entangle(state, plan.target, plan.attacker, self.tr("絡め取られている"))
        return state

    def degree_name(self, result: engine.AttackResult) -> str:
        """The result's degree as the campaign's tables name it."""
        return shown_name(campaign_lotr_rules(self.model.campaign_model).band(result.degree))

    # ---- the result -----------------------------------------------------------------------
    def apply_damage(self, rolled: int, str_bonus: int, maximum: bool = False) -> int:
        """The last hit's damage through the target's wound track: `rolled` is the damage dice's
        total (or the weapon's maximum, the Extraordinary choice 3.6), + STR bonus + the option's."""
        last, struck = self._hit()
        if struck.spec.blunt:
            raise BattleRefused(self.tr("Blunt 攻撃の命中はダメージのかわりにスタンです（3.7）"))
        if rolled < 0:
            raise BattleRefused(self.tr("ダメージの出目は 0 以上です（{0}）").format(rolled))
        if maximum and not struck.result.extraordinary:
            raise BattleRefused(self.tr("最大ダメージは Extraordinary Success のときだけです（3.6）"))
        str_bonus, str_note = self.damage_str(last.plan, str_bonus)
        amount = engine.damage_total(rolled, str_bonus, struck.spec.option)
        target = self.model.participant(struck.target)
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
        self.follow(text, applied=1)  # the next hit of a sweep or two weapons waits
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
        _last, struck = self._hit()
        if not struck.result.extraordinary:
            raise BattleRefused(
                self.tr("武器・鎧・盾を壊せるのは Extraordinary Success のときだけです（3.6）")
            )
        if choice not in engine.BREAK_NAMES:
            raise BattleRefused(self.tr("壊すものは武器・鎧・盾のどれかです"))
        target = self.model.participant(struck.target)
        thing = self.tr(engine.BREAK_NAMES[choice])
        name = self.tr("{0}が壊れた").format(thing)
        new = battle.add_condition(self.model.state(), target.id, Condition(name))
        text = self.tr("{0}: Extraordinary Success で{1}を壊した").format(target.name, thing)
        self.follow(text, applied=1)
        self.model.commit(new, self.tr("装備を壊す"), text, who=target.name, result=name)

    def damage_waiting(self) -> bool:
        """A hit waits for its damage: a Blunt hit stuns instead (3.7), so the stun box takes it."""
        struck = self.waiting_hit()
        return struck is not None and not struck.spec.blunt

    def extraordinary_waiting(self) -> bool:
        """The hit waiting for its damage is Extraordinary: maximum damage or a broken item (3.6)."""
        struck = self.waiting_hit()
        return self.damage_waiting() and struck is not None and struck.result.extraordinary

    def waiting_hit(self) -> Struck | None:
        """The hit whose damage is next (a sweep's and two weapons' hits one after another)."""
        try:
            return self._hit()[1]
        except BattleRefused:
            return None

    def waiting_target(self) -> str | None:
        """The name of the one the next damage goes to (None: no hit waits)."""
        struck = self.waiting_hit()
        return None if struck is None else self.model.participant(struck.target).name

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

    def _hit(self) -> tuple[AttackRoll, Struck]:
        """The roll, its hit whose damage is next and how many of its hits were applied: read from
        the encounter's last step (the roll, or the damage of its last applied hit), so that undoing a
        damage makes its hit wait again."""
        last = self.last
        if last is None or not self._waiting:
            raise BattleRefused(self.tr("適用する命中がありません（先に攻撃を振ってください）"))
        step = self._applied()
        if step is None:
            # undone, or the fight moved on: the result belongs to a roll no longer the last step
            raise BattleRefused(self.tr("攻撃のあとに戦闘が変わりました。もう一度攻撃を振ってください"))
        if step >= len(self._waiting):
            raise BattleRefused(self.tr("この攻撃の命中はすべて適用しました"))
        return last, self._waiting[step]

    def _step_index(self) -> int | None:
        """Which of the roll's own steps is the encounter's last step (None: none of them)."""
        events = self.model.state().events
        last = events[-1].text if events else None
        return next((i for i in reversed(range(len(self._steps))) if self._steps[i][0] == last), None)

    def _applied(self) -> int | None:
        """How many hits of the roll are applied, read from the encounter's last step (None: that
        step is not the roll's or one of its own)."""
        index = self._step_index()
        return None if index is None else self._steps[index][1]

    def follow(self, text: str, applied: int = 0) -> None:
        """A step of the roll's own (its damage, its knockdown) is about to be committed with the
        line `text`: the hits still waiting keep waiting after it (a redo or undo finds them again)."""
        index = self._step_index()
        if index is not None:
            self._steps = [*self._steps[: index + 1], (text, self._steps[index][1] + applied)]

    def set_up(self, plan: AttackPlan | None) -> None:
        """The form's set-up now.  A roll made under another set-up (attacker, target, weapon,
        option, any modifier) is no longer the result of what the form shows: it is dropped, with
        the damage it waited for, and `result_cleared` tells the views."""
        if self.last is not None and plan != self.last.plan:
            self.forget()

    def forget(self) -> None:
        if self.last is not None:
            self.last = None
            self.knockdown = None  # the charge's knockdown goes with its result (another option chosen)
            self.result_cleared.emit()
