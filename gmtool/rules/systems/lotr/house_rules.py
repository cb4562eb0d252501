"""The Lord of the Rings RPG (CODA)'s disputed readings, as house-rule switches (see
gmtool/rules/house_rules.py).

Each switch quotes the rule summary (lotr_coda_summary.ja.txt) and keeps gmtool's reading so far as
the default.  Titles, labels and effects are message templates: the English UI translates them; the
quotes stay as the text wrote them.

The numbers the summary does not give (the wound and weariness penalties) are not switches: they are
the campaign's editable rule tables (ルール表, overrides.py).  What a switch decides is how an EMPTY
field of that table is read, which is a reading, not a number: as no penalty (today), or as the
lighter level's penalty, so that no worse level rolls better than a lighter one.
"""

from __future__ import annotations

from gmtool.rules.house_rules import HouseRule, Reading
from gmtool.rules.message import template

MARGINAL_HELPER = "lotr.marginal_helper"
MARGINAL_ZERO, MARGINAL_ONE = "zero", "one"

BATTLE_TIE = "lotr.battle_tie"
TIE_STAYS, TIE_REROLL = "stays", "reroll"

UNSET_WOUND_PENALTY = "lotr.unset_wound_penalty"
UNSET_ZERO, UNSET_LIGHTER = "zero", "lighter"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        id=MARGINAL_HELPER,
        system="lotr",
        title=template("グループ判定で Marginal Success の助けが加えるボーナス"),
        quote=(
            "リーダー以外の全員がそれぞれ 目標値 -5 の判定を行い, "
            "成功度によって +0〜+3 のボーナスをリーダーの判定値に加える."
        ),
        section="1.5.1 グループによる判定",
        readings=(
            Reading(
                MARGINAL_ZERO,
                template("Marginal は +0"),
                template(
                    "助ける人の Marginal Success は +0（失敗と同じ）、Complete +1・Superior +2・"
                    "Extraordinary +3"
                ),
            ),
            Reading(
                MARGINAL_ONE,
                template("Marginal も +1"),
                template(
                    "「+0」は失敗の助けと読み、Marginal Success も +1（Complete +1・Superior +2・"
                    "Extraordinary +3 は同じ）。助けが成功しやすく、リーダーの成功率が上がる"
                ),
            ),
        ),
        default=MARGINAL_ZERO,
    ),
    HouseRule(
        id=BATTLE_TIE,
        system="lotr",
        title=template("戦争で両陣営の値が同点だった時間"),
        quote=(
            "結果の値を比較し,キャラクター側陣営の値が大きかった場合は Victory のほうへ,"
            "小さかった場合は Defeat のほうへ,戦況を1段階進行させる."
            "…同点の場合は,特に指定されていなければ,再度判定するか"
        ),
        section="3.11 戦争（同点は 1.5.2 対決判定）",
        readings=(
            Reading(
                TIE_STAYS,
                template("同点の時間は戦況が動かない"),
                template("同点ならその 1 時間は戦況が動かず、次の時間にまた振る"),
            ),
            Reading(
                TIE_REROLL,
                template("同点なら決着まで振り直す"),
                template(
                    "同点ならその時間のうちに両陣営が振り直し、1 時間ごとに必ず戦況が 1 段階動く。"
                    "勝利する確率は変わらず、終わるまでの時間の期待値が短くなる"
                ),
            ),
        ),
        default=TIE_STAYS,
    ),
    HouseRule(
        id=UNSET_WOUND_PENALTY,
        system="lotr",
        title=template("ルール表で値のない負傷段階のペナルティ（Wounded・Near Death）"),
        quote=(
            'Health = 10 なら,ダメージを10点受けた時点で 負傷段階が "DAZED" となり,'
            "すべての肉体判定と ほとんどの知識判定にペナルティを受ける."
        ),
        section="1.2.1 負傷と回復",
        readings=(
            Reading(
                UNSET_ZERO,
                template("値のない段階は修正なし"),
                template(
                    "ルール表で値が空の段階は 0 として判定する。本文は値を挙げていないため、"
                    "重い段階が軽い段階（Dazed −1 など）より有利に判定する：判定画面が警告する"
                ),
            ),
            Reading(
                UNSET_LIGHTER,
                template("値のない段階は軽い段階の値"),
                template(
                    "ルール表で値が空の段階は、値のあるいちばん近い軽い段階のペナルティで判定する"
                    "（新しい数値は足さない）。重い段階が軽い段階より有利になることはない"
                ),
            ),
        ),
        default=UNSET_ZERO,
    ),
)
