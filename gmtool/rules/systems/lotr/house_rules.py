"""The Lord of the Rings RPG (CODA)'s disputed readings, as house-rule switches (see
gmtool/rules/house_rules.py).

Each switch quotes the rule summary (lotr_coda_summary.ja.txt) and keeps gmtool's reading so far as
the default.  Titles, labels and effects are message templates: the English UI translates them; the
quotes stay as the text wrote them.

The numbers the summary does not give (the wound and weariness penalties) are not switches: they are
the campaign's editable rule tables (ルール表, overrides.py), and every wound level ships empty.
What a switch decides is how an EMPTY field of that table is read, which is a reading, not a number:
as the lighter level's penalty (the default: no worse level rolls better than a lighter one, which
is what 「ペナルティを受ける」 at every level says), or as no penalty.
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

UNIT_MORALE_BONUS = "lotr.unit_morale_bonus"
MORALE_BONUS_OFF, MORALE_BONUS_ON = "off", "on"

ARMED_COMBAT_BONUS = "lotr.armed_combat_bonus"
ARMED_BONUS_OFF, ARMED_BONUS_ON = "off", "on"

COURAGE_WEARINESS = "lotr.courage_weariness"
COURAGE_REST_OFF, COURAGE_REST_ON = "off", "on"

STUN_RELIEF = "lotr.stun_relief"
STUN_RELIEF_OFF, STUN_RELIEF_ON = "off", "on"

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
        title=template("ルール表で値のない負傷段階のペナルティ"),
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
                    "ルール表で値が空の段階は 0 として判定する。GM が軽い段階にだけ値を入れると、"
                    "重い段階が軽い段階より有利に判定する：判定画面が警告する"
                ),
            ),
            Reading(
                UNSET_LIGHTER,
                template("値のない段階は軽い段階の値"),
                template(
                    "ルール表で値が空の段階は、値のあるいちばん近い軽い段階のペナルティで判定する"
                    "（新しい数値は足さない）。重い段階が軽い段階より有利になることはない（既定: "
                    "本文はどの段階でも「ペナルティを受ける」とし、重い段階が軽くなるとは書いていない）"
                ),
            ),
        ),
        default=UNSET_LIGHTER,
    ),
    HouseRule(
        id=ARMED_COMBAT_BONUS,
        system="lotr",
        title=template("Armed Combat のランク 6・9・12 で選ぶ戦闘行動の +1"),
        quote=(
            "註: GMが面倒だと判断した場合は省略したほうが安全 … Armed Combat では,"
            "スキルが6ランク,9ランク,12ランクに達したときに, 特定の戦闘行動(防御攻撃,なぎ払いなど)を"
            "1つ選び, その行動に関してだけ+1のボーナスを得る. 複数回同じものを強化してもよい."
        ),
        section="1.4.2 技能ごとの特殊修正",
        readings=(
            Reading(
                ARMED_BONUS_OFF,
                template("省略する（ボーナスなし）"),
                template("本文の註どおり省略する。シートに戦闘行動の選択は出ず、ボーナスもない"),
            ),
            Reading(
                ARMED_BONUS_ON,
                template("選んだ戦闘行動に +1"),
                template(
                    "Armed Combat 技能がランク 6・9・12 に達するごとに、シートで戦闘行動を 1 つ選び、"
                    "その行動だけ +1（同じ行動を何度選んでもよい）"
                ),
            ),
        ),
        default=ARMED_BONUS_OFF,
    ),
    HouseRule(
        id=COURAGE_WEARINESS,
        system="lotr",
        title=template("勇気 1 点で疲労 2 段階を回復"),
        quote="ただし,GMが許可すれば,キャラクターはCourage1点と引き換えに 2段階の疲労を回復してもよい.",
        section="1.2.2 疲労と回復",
        readings=(
            Reading(
                COURAGE_REST_OFF,
                template("許可しない"),
                template(
                    "疲労は回復時間（Table 9.39）と回復判定でだけ回復する。"
                    "シートの勇気で回復するボタンは押せない"
                ),
            ),
            Reading(
                COURAGE_REST_ON,
                template("許可する"),
                template("シートのボタンで勇気 1 点と引き換えに疲労を 2 段階回復できる"),
            ),
        ),
        default=COURAGE_REST_OFF,
    ),
    HouseRule(
        id=STUN_RELIEF,
        system="lotr",
        title=template("スタンのペナルティを成功度で軽減する"),
        quote=(
            "註: GM が望むなら,スタンによるペナルティ値を, "
            "Complete/Superior/Extraordinary success のときは -1/-3/-5 軽減してもよい."
        ),
        section="3.7 スタン",
        readings=(
            Reading(
                STUN_RELIEF_OFF,
                template("軽減しない"),
                template("スタン中のペナルティはスタン表（Table 9.17）の値のまま"),
            ),
            Reading(
                STUN_RELIEF_ON,
                template("軽減する"),
                template(
                    "Stamina 判定が Complete なら 1、Superior なら 3、Extraordinary なら 5 だけ"
                    "ペナルティを軽くする（0 より軽くはならない）"
                ),
            ),
        ),
        default=STUN_RELIEF_OFF,
    ),
    HouseRule(
        id=UNIT_MORALE_BONUS,
        system="lotr",
        title=template("部隊の士気をダメージと防御力のボーナスに使う"),
        quote="GMは,部隊の士気の値を,能力修正表を用いて, ダメージや防御力へのボーナスとして使ってよい.",
        section="3.11.1 部隊戦闘",
        readings=(
            Reading(
                MORALE_BONUS_OFF,
                template("使わない"),
                template("部隊の攻撃は Strength・Size・Toughness だけで決まる"),
            ),
            Reading(
                MORALE_BONUS_ON,
                template("士気の能力値修正を使う"),
                template(
                    "攻撃する部隊の Morale の能力値修正をダメージに、攻撃される部隊の Morale の"
                    "能力値修正を Toughness（目標値とダメージの差し引き）に加える。両方の Morale が必要"
                ),
            ),
        ),
        default=MORALE_BONUS_OFF,
    ),
)
