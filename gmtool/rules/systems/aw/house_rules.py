"""アナザーワールド's disputed readings, as house-rule switches (see gmtool/rules/house_rules.py).

Each switch quotes the rule text (another_world_srs_3rd.ja.txt); its default is the reading those
words decide (README.md's switch table says why, for each).  Titles, labels and effects are
message templates: the English UI translates them; the quotes stay as the text wrote them.
"""

from __future__ import annotations

from gmtool.rules.house_rules import HouseRule, Reading
from gmtool.rules.message import template

WITHDRAW = "aw.withdraw_roll"
WITHDRAW_EACH, WITHDRAW_SINGLE = "each", "single"
SPELL_RESTORE = "aw.command_spell_restore"
RESTORE_SESSION, RESTORE_SCENARIO = "session", "scenario"
FOCUS_REDECLARE = "aw.focus_redeclare"
REDECLARE_EVERY, REDECLARE_ONCE, REDECLARE_GM = "every_round", "once", "gm"
FOCUS_ROUND_END = "aw.focus_round_end"
END_AT_ONCE, END_PLAYED_OUT = "at_once", "played_out"
SPELL_BOOST_TIMING = "aw.command_spell_boost_timing"
BOOST_BEFORE, BOOST_AFTER = "before", "after"
SUPPLY_POOLS = "aw.supply_pools"
POOLS_EACH, POOLS_SPLIT = "each", "split"
SUPPLY_DICE = "aw.supply_dice"
DICE_ENFORCED, DICE_RECOMMENDED = "enforced", "recommended"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        id=WITHDRAW,
        system="aw",
        title=template("封鎖されたエンゲージからの離脱（複数の敵）"),
        quote=(
            "離脱を行なうキャラクターは、これに勝利する必要がある。"
            "複数の敵とエンゲージしている場合は、そのすべてに勝利しなければならない。"
        ),
        section="戦闘ルール ●エンゲージ封鎖",
        readings=(
            Reading(
                WITHDRAW_EACH,
                template("敵ごとに振り直す"),
                template("離脱する側は妨害する敵ひとりごとに【行動値】を振り直し、すべてに勝てば成功"),
            ),
            Reading(
                WITHDRAW_SINGLE,
                template("一度だけ振って全員と比べる"),
                template(
                    "離脱する側は一度だけ振り、その達成値を妨害する敵それぞれの達成値と比べる"
                    "（敵が多いとき、敵ごとに振り直すより成功しやすい）"
                ),
            ),
        ),
        default=WITHDRAW_EACH,
    ),
    HouseRule(
        id=SPELL_RESTORE,
        system="aw",
        title=template("令呪が回復するとき"),
        quote="以下の内容を1シナリオに3回まで行使できる。令呪はセッションが終了したとき、最大値まで回復する。",
        section="契約ルール ●令呪の使用方法",
        readings=(
            Reading(
                RESTORE_SESSION,
                template("セッション終了ごとに回復"),
                template("セッションを終えるたびに、すべてのマスターの令呪が最大値まで回復する"),
            ),
            Reading(
                RESTORE_SCENARIO,
                template("シナリオ終了時にだけ回復"),
                template(
                    "令呪はシナリオを終えたときにだけ回復し、シナリオが何セッションに渡っても"
                    "合わせて最大値まで（1シナリオに3回まで）"
                ),
            ),
        ),
        default=RESTORE_SESSION,
    ),
    HouseRule(
        id=FOCUS_REDECLARE,
        system="aw",
        title=template("AF判定: 宣言した特技をもう一度数えるか"),
        quote=(
            "原則として一度の行為で使用した特技は使用できない。"
            "ラウンドが経過した、別の演出で特技を使用したなどであれば、GM判断で特技使用が許可される。"
        ),
        section="フォーカスシステムルール ●AF判定の特殊ルール B",
        readings=(
            Reading(
                REDECLARE_ONCE,
                template("AF判定の中で一度だけ"),
                template(
                    "宣言した特技はその AF判定の中で一度しか数えない"
                    "（まだ宣言していない特技だけが難易度を下げる）"
                ),
            ),
            Reading(
                REDECLARE_GM,
                template("GMが許可したラウンドだけ"),
                template(
                    "宣言した特技は、GMが許可したラウンドにだけもう一度数える"
                    "（成功率は、まだ許可していないラウンドでは数えないものとして計算）"
                ),
            ),
            Reading(
                REDECLARE_EVERY,
                template("毎ラウンド数える"),
                template(
                    "チェックした特技は、その参加者が判定するたびに（毎ラウンド）もう一度難易度を −2 する"
                ),
            ),
        ),
        default=REDECLARE_ONCE,
    ),
    HouseRule(
        id=FOCUS_ROUND_END,
        system="aw",
        title=template("AF判定: 難易度に達したラウンドの残りの判定"),
        quote=(
            "ラウンドごとに達成値合計を算出する…"
            "ラウンド制限までに難易度に合計値が達すれば判定はAF判定は成功となる。…"
            "ラウンド中にファンブルを出した場合、AF判定自体の自動失敗となり、AF判定は終了する"
        ),
        section="フォーカスシステムルール ●アナザーフォーカス判定 B、●AF判定の特殊ルール A",
        readings=(
            Reading(
                END_AT_ONCE,
                template("達したらすぐ成功"),
                template("合計が難易度に達した時点で成功し、そのラウンドの残りの判定は行なわない"),
            ),
            Reading(
                END_PLAYED_OUT,
                template("ラウンドの終わりまで判定する"),
                template(
                    "合計はラウンドの終わりに難易度と比べる。残りの参加者も判定し、"
                    "その中でファンブルが出れば（打ち消さない限り）AF判定は失敗"
                ),
            ),
        ),
        default=END_AT_ONCE,
    ),
    HouseRule(
        id=SPELL_BOOST_TIMING,
        system="aw",
        title=template("令呪C（達成値 +20）を使うと決めるとき"),
        quote="Cサーヴァントの行動を成功させる サーヴァントが行う行為判定の達成値を+20する。",
        section="契約ルール ●令呪の使用方法 C",
        readings=(
            Reading(
                BOOST_BEFORE,
                template("振る前に宣言する"),
                template("令呪 +20 は判定の前に使うと決め、振ると令呪を 1 つ使う"),
            ),
            Reading(
                BOOST_AFTER,
                template("出目を見てから使う"),
                template(
                    "判定を振って出目を見てから、失敗を成功に変えられるときに令呪 +20 を使える"
                    "（成功率は同じ。使う令呪の数の見込みが減り、判定の前に「令呪を使う確率」を表示）"
                ),
            ),
        ),
        default=BOOST_BEFORE,
    ),
    HouseRule(
        id=SUPPLY_POOLS,
        system="aw",
        title=template("供給の回復量: HP と MP の両方か、振り分けか"),
        quote=(
            "【HP】と【MP】とは、本来『特殊な能力を使うための生命力』のことを表わす。…"
            "2人以上のキャラクターが体液を交換する、または、エクスタシーを得ることで生命力は回復する。"
        ),
        section="供給ルール ■供給ルール C供給を行なう",
        readings=(
            Reading(
                POOLS_EACH,
                template("HP と MP のそれぞれが回復"),
                template("「HP と MP」を選ぶと、振った回復量が HP と MP のそれぞれに入る（合わせて 2 倍）"),
            ),
            Reading(
                POOLS_SPLIT,
                template("回復量を HP と MP に振り分ける"),
                template(
                    "「HP と MP」を選ぶと、振った回復量を GM が HP と MP に振り分ける"
                    "（HP に入れる量を決め、残りが MP。合計は振った量まで）"
                ),
            ),
        ),
        default=POOLS_EACH,
    ),
    HouseRule(
        id=SUPPLY_DICE,
        system="aw",
        title=template("供給のダイスの数（「望ましい」）"),
        quote=(
            "供給の回復量は、通常なら1〜2D6点回復、"
            "契約状態にあるキャラクター同士の供給ならば3〜4D6点回復が望ましい。"
        ),
        section="供給ルール C供給を行なう",
        readings=(
            Reading(
                DICE_ENFORCED,
                template("範囲を守る"),
                template("供給のダイスは通常 1〜2D6、契約状態なら 3〜4D6 の範囲でしか選べない"),
            ),
            Reading(
                DICE_RECOMMENDED,
                template("目安として扱う"),
                template("範囲は目安: 範囲外のダイスの数（1〜20D6）も選べ、そのときは警告を表示する"),
            ),
        ),
        default=DICE_ENFORCED,
    ),
)
