"""What follows a grab or a grapple in the LotR tracker (3.2), each step one undo step and one log line
with its exact odds shown first:

- Grab: 「つかまれた側はSTR判定で抜け出そうとする(1アクション).攻撃側は,1アクションでつかんだ相手に
  1d6+STR modifier ダメージを与える,押さえつけてSTR対抗判定に+3のボーナスをもらう,あるいは壁や地面に
  たたきつけて1d6ダメージを与えることができる.」 — the held one's escape is an opposed Strength test
  (the text calls it STR対抗判定), a tie rolled again (1.5.2), the holder +3 once it pinned; the
  holder's action: 1d6 + STR modifier damage, the pin, or a slam for 1d6;
- Grapple: 「毎ラウンド,相手との Strength による対決判定(攻撃側は+4ボーナス)に勝利すれば, 相手を防御
  不可能な状態にしたり,地面に倒したりできる.」 — once a round the whip's wielder's opposed Strength
  test at +4; winning, it leaves the entangled one unable to defend (to the round's end: the test is
  made again each round) or knocked down (転倒).

Each side's wound, weariness and condition penalties count (the held one's −5 among them: every TN
+5).  The STR modifiers of campaign characters come from their sheets; a quick NPC's is entered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.attack_texts import contest_dice
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.sheet_values import LotRSheetValues
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.shown_text import listed
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Condition, Encounter
from gmtool.rules.systems.lotr import attack_marks as marks, attack_series, combat
from gmtool.rules.systems.lotr.attack import DamageDice
from gmtool.rules.systems.lotr.attack_types import GRAPPLE_STR_BONUS, PIN_BONUS, UNARMED_DICE
from gmtool.rules.systems.lotr.checks import Contestant

GRAB, ENTANGLE = "grab", "entangle"
PRONE, HELPLESS = "prone", "helpless"


@dataclass(frozen=True)
class Hold:
    holder: str
    held: str
    kind: str  # GRAB or ENTANGLE
    pinned: bool = False


@dataclass(frozen=True)
class HoldOdds:
    """The opposed Strength test: each side's bonus (penalties in) and the chance the one acting wins
    (the held one escaping a grab, the wielder pulling a grapple)."""

    acting: int
    resisting: int
    wins: Fraction


class LotRHoldModel(QObject):
    def __init__(self, battle_model: BattleModel) -> None:
        super().__init__(battle_model)
        self.model = battle_model
        self.sheet = LotRSheetValues(battle_model)

    # ---- what the box shows -------------------------------------------------------------------
    def holds(self) -> list[Hold]:
        """Every grab and grapple holding someone now."""
        found: list[Hold] = []
        for p in self.model.state().participants:
            holder = marks.grabbed_by(p)
            if holder is not None:
                found.append(Hold(holder, p.id, GRAB, marks.pinned(p)))
            wielder = marks.entangled_by(p)
            if wielder is not None:
                found.append(Hold(wielder, p.id, ENTANGLE))
        return found

    def name(self, participant_id: str) -> str:
        return self.model.participant(participant_id).name

    def label(self, hold: Hold) -> str:
        if hold.kind == GRAB:
            text = self.tr("{0} が {1} をつかんでいる").format(self.name(hold.holder), self.name(hold.held))
            return text + (self.tr("（押さえつけ +3）") if hold.pinned else "")
        return self.tr("{0} が {1} を絡め取っている").format(self.name(hold.holder), self.name(hold.held))

    def str_bonus(self, participant_id: str) -> int | None:
        """A campaign character's STR modifier (None: a quick NPC's, to be entered)."""
        character = self.sheet.character(participant_id)
        if character is None:
            return None
        return campaign_lotr_rules(self.model.campaign_model).modifier(character.attributes.str)

    def contest(self, hold: Hold, holder_str: int | None, held_str: int | None) -> attack_series.ContestSpec:
        if holder_str is None or held_str is None:
            raise BattleRefused(self.tr("両者の STR 修正を入力してください（未設定）"))
        rules = self.model.rules()
        holder = holder_str + rules.penalty(self.model.participant(hold.holder))
        held = held_str + rules.penalty(self.model.participant(hold.held))
        bands = campaign_lotr_rules(self.model.campaign_model).degree_bands()
        if hold.kind == GRAB:  # the held one acts: it tries to break free
            return attack_series.ContestSpec(held, holder + (PIN_BONUS if hold.pinned else 0), bands)
        return attack_series.ContestSpec(holder + GRAPPLE_STR_BONUS, held, bands)

    def odds(self, hold: Hold, holder_str: int | None, held_str: int | None) -> HoldOdds:
        spec = self.contest(hold, holder_str, held_str)
        return HoldOdds(spec.a, spec.b, attack_series.contest_odds(spec))

    # ---- the steps ------------------------------------------------------------------------------
    def escape(self, hold: Hold, holder_str: int | None, held_str: int | None) -> bool:
        """The held one's action: the opposed Strength test; winning, it is free."""
        self._grab(hold)
        spec = self.contest(hold, holder_str, held_str)
        state = combat.spend_action(self.model.state(), hold.held, "escape").encounter
        won, rounds, seed, dice = self._roll(spec)
        if won:
            state = marks.release(state, hold.held)
        result = self.tr("抜け出した") if won else self.tr("抜け出せなかった")
        text = self.tr("{0}: つかまれた状態から抜け出す（STR 対抗判定 {1}、同点は振り直し）— {2}").format(
            self.name(hold.held), rounds, result
        )
        self.model.commit(
            state, self.tr("抜け出す"), text, who=self.name(hold.held), dice=dice, result=result, seed=seed
        )
        return won

    def pull(self, hold: Hold, holder_str: int | None, held_str: int | None, effect: str) -> bool:
        """The grapple's test of the round: winning, the entangled one cannot defend to the round's
        end, or is knocked down — the wielder's choice (`effect`)."""
        if hold.kind != ENTANGLE:
            raise BattleRefused(self.tr("鞭で絡め取った相手にだけ行ないます"))
        spec = self.contest(hold, holder_str, held_str)
        won, rounds, seed, dice = self._roll(spec)
        state = self.model.state()
        what = self.tr("転倒") if effect == PRONE else self.tr("防御できない")
        if won:
            state = self._effect(state, hold.held, effect, what)
        result = what if won else self.tr("効果なし")
        text = self.tr("{0} → {1}: 捕縛の Strength 対決判定（+4、{2}）— {3}").format(
            self.name(hold.holder), self.name(hold.held), rounds, result
        )
        self.model.commit(
            state, self.tr("捕縛"), text, who=self.name(hold.holder), dice=dice, result=result, seed=seed
        )
        return won

    def _effect(self, state: Encounter, target: str, effect: str, name: str) -> Encounter:
        if effect == PRONE:
            return battle.add_condition(state, target, Condition(name))
        return marks.make_helpless(state, target, name)

    def pin(self, hold: Hold) -> None:
        """The holder's action: pinned, its Strength tests against the escape +3 while it holds."""
        self._grab(hold)
        state = combat.spend_action(self.model.state(), hold.holder, "grab_hold").encounter
        state = marks.pin(state, hold.held)
        text = self.tr("{0}: {1} を押さえつけた（STR 対抗判定 +3）").format(
            self.name(hold.holder), self.name(hold.held)
        )
        self.model.commit(state, self.tr("押さえつける"), text, who=self.name(hold.holder), result="+3")

    def squeeze(self, hold: Hold, holder_str: int | None) -> int:
        """The holder's action: 1d6 + its STR modifier damage."""
        if holder_str is None:
            raise BattleRefused(self.tr("つかんだ側の STR 修正を入力してください（未設定）"))
        return self._damage(hold, holder_str, self.tr("締め上げる（1d6+STR）"))

    def slam(self, hold: Hold) -> int:
        """The holder's action: against a wall or the ground, 1d6 damage."""
        return self._damage(hold, 0, self.tr("たたきつける（1d6）"))

    def _damage(self, hold: Hold, plus: int, what: str) -> int:
        self._grab(hold)
        seed = self.model.seed_source()
        faces, rolled = DamageDice(*UNARMED_DICE).roll(random.Random(seed))
        amount = max(0, rolled + plus)
        state = combat.spend_action(self.model.state(), hold.holder, "grab_hold").encounter
        state = battle.damage(state, hold.held, combat.WOUNDS, amount)
        state = battle.with_participant(state, hold.held, self.model.rules().settle)
        after = state.get(hold.held)
        track = self.model.rules().wound_track(after)  # type: ignore[attr-defined]
        level = track.level
        where = self.tr("死亡") if level is None else shown_name(level)
        text = self.tr("{0}: {1} に{2} — ダメージ {3}（出目 {4}）→ {5}").format(
            self.name(hold.holder), self.name(hold.held), what, amount, rolled, where
        )
        dice = "+".join(str(f) for f in faces)
        self.model.commit(
            state,
            self.tr("つかんだ相手に"),
            text,
            who=self.name(hold.holder),
            dice=dice,
            result=str(amount),
            seed=seed,
        )
        return amount

    def _grab(self, hold: Hold) -> None:
        if hold.kind != GRAB:
            raise BattleRefused(self.tr("つかんだ相手にだけ行ないます"))
        if marks.grabbed_by(self.model.participant(hold.held)) != hold.holder:
            raise BattleRefused(self.tr("{0}はもうつかまれていません").format(self.name(hold.held)))

    def _roll(self, spec: attack_series.ContestSpec) -> tuple[bool, str, int, str]:
        seed = self.model.seed_source()
        outcome = attack_series.roll_contest(spec, random.Random(seed))
        rounds = listed(self.tr("{0} 対 {1}").format(r.a_total, r.b_total) for r in outcome.rounds)
        return outcome.winner is Contestant.A, rounds, seed, contest_dice(outcome)
