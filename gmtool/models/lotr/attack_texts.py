"""The log lines of an attack in the LotR tracker (attack_model.py), in the UI language: one line for
the whole attack — each attack test of a sweep or of two weapons, its parry, what the option leaves
(its own Defence until the attacker's next turn, a hold, a fall) — and the names of the conditions
it leaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr import attack as engine, mounted
from gmtool.rules.systems.lotr.attack_types import AttackOption
from gmtool.rules.systems.lotr.checks import OpposedResult

if TYPE_CHECKING:
    from gmtool.models.lotr.attack_model import AttackRoll, LotRAttackModel, Struck

ACTION_OF_OPTION = {"basic": "attack"}  # the other options are actions of the same id (combat.py)


def contest_dice(outcome: OpposedResult) -> str:
    """An opposed test's dice for the log: each round's 「a+b / c+d」, the re-rolled ties first."""
    return " | ".join(
        "+".join(map(str, r.a_faces)) + " / " + "+".join(map(str, r.b_faces)) for r in outcome.rounds
    )


class LotRAttackTexts(QObject):
    def __init__(self, attack: LotRAttackModel) -> None:
        super().__init__(attack)
        self.attack = attack

    def _name(self, participant_id: str) -> str:
        return self.attack.model.participant(participant_id).name

    def option_name(self, option: AttackOption) -> str:
        return self.tr(option.name)

    def own_defence_name(self, option: AttackOption) -> str:
        """The condition on the attacker: its option's modifier on its own Defence (≤ 24 characters)."""
        return self.tr("{0}: 防御 {1:+d}").format(self.option_name(option), option.own_defence)

    def before_roll(self, option_id: str) -> list[str]:
        """What the option does besides the hit, said before the roll: the attacker's own Defence
        until its next turn, and a charge's knockdown (3.2)."""
        option = engine.OPTIONS_BY_ID[option_id]
        if not option.own_defence:
            return []
        name = self.option_name(option)
        line = self.tr("{0}: 攻撃した側は次の手番まで防御 {1:+d}").format(name, option.own_defence)
        if option_id == "charge":  # on the same line: the odds label keeps room for five
            line += self.tr("。命中すると対象は転倒の判定（STR+2）")
        return [line]

    def charged_name(self, charger: str) -> str:
        return self.tr("{0}のチャージ（+1）").format(charger[:12])

    def roll_text(self, rolled: AttackRoll) -> str:
        plan, spec = rolled.plan, rolled.spec
        kind = self.tr("射撃") if spec.ranged else self.tr("攻撃")
        option = engine.OPTIONS_BY_ID[spec.option]
        if spec.option != "basic":
            name = self.option_name(option)
            # 「攻撃（charge）」, "Attack (charge)": the UI language's brackets
            kind = (
                f"{kind} {name}" if "（" in name or "(" in name else self.tr("{0}（{1}）").format(kind, name)
            )
        strikes = rolled.strikes or ()
        if len(strikes) == 1:
            result = strikes[0].result
            text = self.tr("{0} → {1}: {2} 達成値 {3} / 目標値 {4} — {5}").format(
                self._name(plan.attacker),
                self._name(plan.target),
                kind,
                result.total,
                result.tn,
                self.attack.degree_name(result),
            ) + self._strike_details(strikes[0])
        else:
            parts = [self._strike_text(s) for s in strikes]
            text = self.tr("{0}: {1} {2}").format(self._name(plan.attacker), kind, "; ".join(parts))
        if spec.aim:
            text += self.tr("（狙い +{0}）").format(spec.aim)
        armed = (
            0
            if spec.ranged or option.unarmed
            else self.attack.armed_bonus(plan.attacker, ACTION_OF_OPTION.get(plan.option, plan.option))
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
        if spec.option == "sweep" and len(strikes) < 1 + len(plan.more_targets):
            text += self.tr("、防御されたので sweep はそこで止まる")
        return text + self._left_text(rolled)

    def strike_lines(self, rolled: AttackRoll) -> list[str]:
        """Each attack test of the roll on a line of its own (the form's result)."""
        lines = [self._strike_text(s).removeprefix("→ ") for s in rolled.strikes]
        if rolled.plan.option == "sweep" and len(rolled.strikes) < 1 + len(rolled.plan.more_targets):
            lines.append(self.tr("防御されたので sweep はそこで止まる"))
        return lines

    def _strike_text(self, struck: Struck) -> str:
        result = struck.result
        text = self.tr("→ {0} 達成値 {1} / 目標値 {2} — {3}").format(
            self._name(struck.target), result.total, result.tn, self.attack.degree_name(result)
        )
        return text + self._strike_details(struck)

    def _strike_details(self, struck: Struck) -> str:
        result, spec = struck.result, struck.spec
        text = ""
        extras = []
        if spec.against_charger:
            extras.append(self.tr("チャージされた相手に +1"))
        if spec.entangled:
            extras.append(self.tr("絡め取られた相手に +5"))
        if spec.defence_mod:
            extras.append(self.tr("相手自身のオプションで防御 {0:+d}").format(spec.defence_mod))
        if spec.hand_penalty:
            extras.append(self.tr("手のペナルティ {0}").format(spec.hand_penalty))
        if extras:
            text += self.tr("（{0}）").format(listed(extras))
        if result.parry_total is not None:
            outcome = self.tr("防御成功") if result.parried else self.tr("防御失敗")
            text += self.tr("、防御 {0}: {1}").format(result.parry_total, outcome)
        elif spec.parry is not None:
            text += self.tr("（Defense に届かず、防御のアクションは使わない）")
        return text

    def _left_text(self, rolled: AttackRoll) -> str:
        """What the option leaves, as the log says it."""
        plan, result = rolled.plan, rolled.result
        option = engine.OPTIONS_BY_ID[plan.option]
        text = ""
        if option.own_defence:
            text += self.tr("。{0}の防御 {1:+d}（次の手番まで）").format(
                self._name(plan.attacker), option.own_defence
            )
        if plan.option == "charge":
            text += self.tr("。{0}は{1}への攻撃 +1（{1}の次の手番まで）").format(
                self._name(plan.target), self._name(plan.attacker)
            )
            if result.hit:
                text += self.tr("。転倒の判定（STR+2 を目標値とする Strength 判定）を振ってください")
                if mounted.mount_of(self.attack.model.participant(plan.attacker)).mounted:
                    text += self.tr("（馬の STR を使ってよい 3.9）")
        if plan.option == "grab" and result.hit:
            text += self.tr("。{0}はつかまれた: あらゆる目標値 +5").format(self._name(plan.target))
        if plan.option == "grapple" and result.hit:
            text += (
                self.tr("。{0}は絡め取られた: 攻撃 +5").format(self._name(plan.target))
                if result.degree.value in ("superior_success", "extraordinary_success")
                else self.tr("。Superior に届かず絡め取れない")
            )
        return text

    def contest_rounds(self, outcome: OpposedResult) -> str:
        """An opposed test's totals, round by round (a tie is rolled again)."""
        return listed(self.tr("{0} 対 {1}").format(r.a_total, r.b_total) for r in outcome.rounds)

    def trip_text(self, rolled: AttackRoll, outcome: OpposedResult) -> str:
        plan = rolled.plan
        rounds = self.contest_rounds(outcome)
        result = self.tr("転倒させた") if rolled.tripped else self.tr("転倒させられなかった")
        return self.tr("{0} → {1}: 足払い（対決判定 {2}、同点は振り直し）— {3}").format(
            self._name(plan.attacker), self._name(plan.target), rounds, result
        )
