"""What the LotR judgement panel writes: the mode's rule, the odds' headline and details, the
courage count, and the last roll read out (with courage, helpers and Corruption).

`CheckTexts` is the panel view's (`LotRCheckView.texts`): only texts, from the panel model's
finished numbers; the widgets and their layout are the view's.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.lotr.check_log import MODE_LABELS, degree_label, faces_text, tie_rule_label
from gmtool.models.lotr.check_model import CORRUPTION, GROUP, OPPOSED, TEST, LotRCheckModel
from gmtool.models.outcome_text import percent
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.check_types import (
    COURAGE_PER_ROUND,
    Contestant,
    CouragePerPoint,
    GroupResult,
    OpposedResult,
    RollResult,
)
from gmtool.rules.systems.lotr.house_rules import MARGINAL_ONE

MODE_HELP = {
    TEST: "達成値 = 2d6（6ゾロなら d6 を振り足し、6 が出る限り続ける）+ ボーナス。"
    "目標値との差で成功度が決まる（1.5）",
    GROUP: "助ける人はそれぞれ 目標値 −5 で判定し、その成功度でリーダーの判定に加算: "
    "Marginal +0 / Complete +1 / Superior +2 / Extraordinary +3、失敗は +0"
    "（本文「+0〜+3 のボーナス」の gmtool の読み。助けは全員分を合計）",
    OPPOSED: "達成値の高い方が勝ち（1.5.2）。同点は、回避なら攻撃側、防御・受け流しなら防御側の勝ち（3.3）、"
    "それ以外は振り直し",
    CORRUPTION: "Willpower で抵抗（1.2.4）。Failure +1 / Complete Failure +2 / Disastrous Failure +3、"
    "Superior Success −1 / Extraordinary Success −2。Corruption が Bearing に達すると NPC になる",
}


class CheckTexts(QObject):
    def __init__(self, model: LotRCheckModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def a_title(self) -> str:
        titles = {  # each a literal tr() call, so the translator's extractor sees it
            TEST: self.tr("判定する人"),
            GROUP: self.tr("リーダー"),
            OPPOSED: self.tr("A（攻撃・行動する側）"),
            CORRUPTION: self.tr("抵抗する人（Willpower）"),
        }
        return titles[self.model.mode]

    def headline(self) -> str:
        odds = self.model.odds
        if self.model.mode == OPPOSED:
            return self.tr("A の勝率 {0} / B の勝率 {1}").format(
                percent(float(odds.wins[Contestant.A])), percent(float(odds.wins[Contestant.B]))
            )
        return self.tr("成功率 {0}").format(percent(float(odds.success_probability)))

    def short_help(self, mode: str) -> str:
        """The mode's rule in a few words, for the room beside the modes (the whole rule is `help`,
        in its tooltip): cut to 「Achievement = 2d6 (on …」 it said nothing."""
        shorts = {  # each a literal tr() call, so the translator's extractor sees it
            TEST: self.tr("2d6＋ボーナス 対 目標値"),
            GROUP: self.tr("助ける人は 目標値 −5"),
            OPPOSED: self.tr("達成値の高い方が勝ち"),
            CORRUPTION: self.tr("Willpower で抵抗"),
        }
        return shorts[mode]

    def help(self, mode: str) -> str:
        if mode == GROUP and self.model.marginal_helper == MARGINAL_ONE:  # the house rule's reading
            return self.tr(
                "助ける人はそれぞれ 目標値 −5 で判定し、その成功度でリーダーの判定に加算: "
                "Marginal +1 / Complete +1 / Superior +2 / Extraordinary +3、失敗は +0"
                "（ハウスルール: 「+0」は失敗の助けと読む。助けは全員分を合計）"
            )
        return self.tr(MODE_HELP[mode])

    def courage_tip(self, value: CouragePerPoint) -> str:
        lines = [
            self.tr("結果を見てから 1 点ずつ。1 ラウンドに {0} 点まで（1.2.3）").format(COURAGE_PER_ROUND),
            self.tr("勇気 1 点あたり {0}").format(value.text()),
        ]
        return "\n".join([*lines, value.refusal] if value.refusal else lines)

    def detail(self) -> str:
        model, odds = self.model, self.model.odds
        if model.mode == OPPOSED:
            text = self.tr("1 回ごとの同点 {0}（{1}）").format(
                percent(float(odds.tie_per_round)), tie_rule_label(model.tie_rule)
            ) + self.tr("。勝った側の成功度は差で決まる（1.5.2）")
            # 1.5.2: the winner's degree from the difference of the totals, each side's odds
            lines = [text]
            for side, degrees in odds.opposed_degrees.items():
                parts = self.tr("・").join(
                    f"{model.rules.band(d).name} {percent(float(p))}" for d, p in degrees.items()
                )
                lines.append(f"{'A' if side is Contestant.A else 'B'}: {parts}")
            return "\n".join(lines)
        lines = []
        courage = [
            (self.tr("{0} 点まで: {1}") if n else self.tr("使わない {1}")).format(n, percent(float(p)))
            for n, p in odds.courage_probabilities.items()
        ]
        lines.append(self.tr("結果を見て勇気を使うときの成功率 — {0}").format(listed(courage)))
        if model.mode == GROUP:
            helps = listed(f"+{b}: {percent(float(p))}" for b, p in odds.help_bonus.items())
            lines.append(self.tr("助けの合計（助ける人は目標値 {0}）— {1}").format(model.helper_tn, helps))
        if model.mode == CORRUPTION:
            character = model.character(Contestant.A)
            changes = []
            for change, after, p in model.corruption_outcomes:
                shown = f" → {after}" if after is not None else ""
                changes.append(f"{change:+d}{shown}: {percent(float(p))}")
            line = self.tr("Corruption の変化 — {0}").format(listed(changes))
            if character is not None:  # on the same line: the panel has no line to spare
                now_line = self.tr("Corruption {0} / Bearing {1}").format(
                    character.corruption, character.attributes.brg
                )
                line = f"{now_line}。{line}"
            lines.append(line)
        return "\n".join(lines)

    def courage_text(self) -> str:
        model = self.model
        character = model.character(Contestant.A)
        text = model.courage.round_label
        if character is None:
            return text
        return text + self.tr("。{0}: 勇気 残り {1} / {2}、このラウンド {3} / {4} 点使用").format(
            character.name,
            character.courage_left,
            character.courage,
            model.courage.spent_this_round(model.a.character_id),
            COURAGE_PER_ROUND,
        )

    def result_text(self) -> str:
        text = self._roll_text()
        rolled = self.model.rolled
        if rolled is None or self.model.roll_is_current:
            return text
        who = self.model.character_by_id(rolled.character_id)
        return self.tr("前回（{0}・{1}）: {2}").format(
            self.tr(MODE_LABELS[rolled.mode]),
            who.name if who is not None else self.tr("キャラクターなし"),
            text,
        )

    def _roll_text(self) -> str:
        result, rules = self.model.last_result, self.model.rules
        if result is None:
            return self.tr("まだ振っていません")
        if isinstance(result, OpposedResult):
            rounds = [
                f"A {faces_text(r.a_faces)}→{r.a_total} / B {faces_text(r.b_faces)}→{r.b_total}"
                for r in result.rounds
            ]
            winner = self.tr("A の勝ち") if result.winner is Contestant.A else self.tr("B の勝ち")
            text = self.tr("、同点で振り直し、").join(rounds) + f" → {winner}"
            degree = self.model.opposed_degree  # 1.5.2
            assert degree is not None  # the last roll is this opposed one
            text += self.tr("（{0}、差 {1}）").format(rules.band(degree).name, result.margin)
            a_points, b_points = self.model.courage.on_roll()
            if a_points or b_points:
                text += self.tr("（勇気 A {0} 点・B {1} 点込み）").format(a_points, b_points)
            return text
        leader = result.leader if isinstance(result, GroupResult) else result
        assert isinstance(leader, RollResult)
        text = self.tr("出目 {0} → 達成値 {1}（目標値 {2}、差 {3:+d}）→ {4}").format(
            faces_text(leader.faces),
            leader.total,
            leader.tn,
            leader.margin,
            degree_label(rules, leader.degree),
        )
        if isinstance(result, GroupResult):
            gives = ", ".join(
                f"{faces_text(h.faces)} {degree_label(rules, h.degree)}" for h in result.helpers
            )
            text += self.tr("。助け {0:+d}（{1}）").format(result.help_bonus, gives)
        if leader.courage:
            text += self.tr("。勇気 {0} 点（+{1}）込み").format(leader.courage, leader.courage_bonus)
        rolled, now = self.model.rolled, self.model.corruption_after_roll
        if rolled is not None and now is not None:
            text += self.tr("。Corruption {0} → {1}").format(rolled.corruption_before, now)
        return text
