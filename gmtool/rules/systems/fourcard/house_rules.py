"""フォーカード's disputed readings, as house-rule switches (see gmtool/rules/house_rules.py).

Each switch quotes the rule text (four_card_basic_rules.ja.txt); its default is the reading those
words decide (README.md's switch table says why, for each).  Titles, labels and effects are
message templates: the English UI translates them; the quotes stay as the text wrote them.  The
engine takes each reading as a plain parameter
(`level(character, reading)`, `CompareSpec(..., naturals=...)`, `skill_tp_purchase(..., per=...)`).
"""

from __future__ import annotations

from gmtool.rules.house_rules import HouseRule, Reading
from gmtool.rules.message import template

LEVEL_TABLE = "fourcard.level_thresholds"
LEVEL_LOWER, LEVEL_UPPER = "lower", "upper"
COMPARE_NATURALS = "fourcard.compare_naturals"
NATURALS_DECIDE, NATURALS_PLAIN = "decide", "plain"
TP_STEP = "fourcard.tp_step"
TP_PER_PURCHASE, TP_PER_INTERLUDE = "purchase", "interlude"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        id=LEVEL_TABLE,
        system="fourcard",
        title=template("総合LVの表の読み方"),
        quote=(
            "総合LVは、獲得経験点(初期経験点を含む)の合計によって決まります。…獲得経験点総合LV 10 30 60 100"
        ),
        section="キャラクター 5.総合LV",
        readings=(
            Reading(
                LEVEL_LOWER,
                template("その経験点以上で次の総合LV"),
                template("獲得経験点10以上で総合LV1、30以上で2…360以上で8（10未満は総合LV0）"),
            ),
            Reading(
                LEVEL_UPPER,
                template("その経験点までがその総合LV"),
                template(
                    "獲得経験点10までが総合LV1、11〜30が2…281〜360が8（表は360までのため、それを超えても8）。"
                    "初期経験点15の新しいキャラクターは総合LV2"
                ),
            ),
        ),
        default=LEVEL_LOWER,
    ),
    HouseRule(
        id=COMPARE_NATURALS,
        system="fourcard",
        title=template("比較ロールでの出目12と出目2"),
        quote=(
            "2D6の出目が12だった場合、その判定ロールは自動的に成功となります。"
            "逆に、2D6の出目が2だった場合は、その判定ロールは自動的に失敗となります。"
            "…比較ロールにおいて、もしロール値が同じだった場合(2D6の出目が「ともに2だった場合」や"
            "「ともに12だった場合」を含む)には、便宜上、決着がつくまで比較ロールを繰り返します。"
        ),
        section="判定ロール 1.(2)自動的成功と自動的失敗／2.(2)比較ロール",
        readings=(
            Reading(
                NATURALS_DECIDE,
                template("出目12は勝ち、出目2は負け"),
                template(
                    "出目12はベースに関わらず出目12でない相手に勝ち、出目2は出目2でない相手に負ける"
                    "（ともに12・ともに2は振り直し）"
                ),
            ),
            Reading(
                NATURALS_PLAIN,
                template("ロール値だけを比べる"),
                template(
                    "比較ロールではロール値（出目＋ベース）だけを比べ、出目12・出目2でも勝敗は決まらない"
                    "（出目2の1点疲労はそのまま）"
                ),
            ),
        ),
        default=NATURALS_DECIDE,
    ),
    HouseRule(
        id=TP_STEP,
        system="fourcard",
        title=template("スキルは「一度に1TP」"),
        quote=(
            "このとき、ひとつのスキルは一度に1TPしか上昇させることができません。"
            "…経験点の使用は、シナリオとシナリオの幕間にしか認められません。"
        ),
        section="キャラクターの成長 2.経験点の使用",
        readings=(
            Reading(
                TP_PER_PURCHASE,
                template("1回の購入で1TP"),
                template("1回に1TPずつ買う。同じ幕間に同じスキルを続けて何TPでも上げられる"),
            ),
            Reading(
                TP_PER_INTERLUDE,
                template("1つの幕間で1TP"),
                template("同じシナリオの後（同じ幕間）には、ひとつのスキルを1TPしか上げられない"),
            ),
        ),
        default=TP_PER_PURCHASE,
    ),
)
