"""An attack's values (3.2 攻撃, 3.4 射撃, 3.5 狙いをつける, 3.6 攻撃の大成功, 3.9): the rule numbers,
the bounds the tracker's fields and `prob lotr-attack` take, the attack options and what an
Extraordinary hit may break.  `attack` rolls and judges the attack with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gmtool.rules.message import Message, template
from gmtool.rules.systems.lotr.rules_types import Degree

RANGE_STEP_TN = 2  # 3.4 「"L" より遠くなった場合に,距離 S ごとに+2の修正」
HEAD_SHOT_TN = 12  # 3.7 「頭部狙いの場合,目標値は +12 の修正」
SIZE_STEP = 2  # 1.5/3.2 「1段階大きいサイズの相手への攻撃は +2」（小さい相手には −2）
AIM_BONUS = {"none": 0, "direct": 1, "indirect": 3}  # 3.5 「直接攻撃なら+1,間接攻撃なら+3」
FROM_HORSEBACK = -4  # 3.9 「馬上からの Ranged Combat 攻撃は -4 ペナルティ」
MOUNTED_CHARGE_TN = -3  # 3.9 「騎乗時の突撃では, 相手が騎乗していない場合は…目標値を -3 する」
SWEEP_PENALTY = {2: -4, 3: -6}  # 3.2 sweep 「3人まで同時に狙う.二人なら-4, 三人なら-6」
CHARGED_TARGET_BONUS = 1  # 3.2 「チャージの対象となったキャラクターは,…攻撃に+1のボーナス」
KNOCKDOWN_TN_PLUS = 2  # 3.2 「チャージしてきたキャラクターのSTR+2を目標とするStrength判定」
GRABBED_TN = 5  # 3.2 Grab 「つかみかかられた相手の行動のあらゆる目標値を+5する」
PIN_BONUS = 3  # 3.2 Grab 「押さえつけてSTR対抗判定に+3のボーナス」
GRAPPLE_STR_BONUS = 4  # 3.2 Grapple 「Strength による対決判定(攻撃側は+4ボーナス)」
ENTANGLED_BONUS = 5  # 3.2 Grapple 「絡め取られている相手に対する攻撃は,+5のボーナス」
PUNCH_PLUS = 2  # 3.2 Punch 「1d6+2+STR modifierダメージ」
UNARMED_DICE = (1, 6)  # 3.2 Punch 1d6 (+2+STR), Grab 1d6+STR, a slam 1d6
PARRIED: Literal["parried"] = "parried"
BOUNDS = {  # what the tracker and `prob lotr-attack` take
    "bonus": (-99, 99),
    "defence": (0, 60),
    "called_shot": (0, 30),
    "range_steps": (0, 20),
    "shield": (0, 20),
    "size_steps": (-4, 4),
    "parry": (-99, 99),
    "defence_mod": (-20, 20),
    "hand_penalty": (-99, 0),
    "str_score": (0, 99),  # the charger's STR, the knockdown's TN less 2
}
Outcome = Degree | Literal["parried"]


@dataclass(frozen=True)
class AttackOption:
    """One of 3.2's attack options: what it adds to the attack test and to the damage, and to the
    attacker's own Defence, dodge and parry until its next turn (`own_defence`).

    unarmed: an Unarmed Combat test (grab, punch, trip), not Armed Combat.  damages: a hit does
    damage through the wound track (grab, grapple and trip do not).  dice: the damage dice the text
    fixes (punch 1d6), None: the weapon's."""

    id: str
    name: str
    attack: int = 0
    damage: int = 0
    damage_times_half: int = 2  # the damage × this / 2 (charge: 3, i.e. ×1.5)
    note: str = ""
    own_defence: int = 0
    unarmed: bool = False
    damages: bool = True
    dice: tuple[int, int] | None = None


# Named as the LotR names are shown in Japanese (shown_names: the rules' English name, its Japanese
# gloss where 3.2 gives one: 「grab（つかむ）」; the English alone where it gives none: 「charge」).
ATTACK_OPTIONS: tuple[AttackOption, ...] = (
    AttackOption("basic", template("basic（通常攻撃）")),
    AttackOption(
        "defensive", "defensive", attack=-2, own_defence=2, note=template("次の手番まで防御判定 +2")
    ),
    AttackOption("power", "power", damage=3, own_defence=-2, note=template("次の手番まで防御 −2")),
    AttackOption("precise", "precise", attack=2, damage=-2),
    AttackOption(
        "two_handed",
        "two-handed",
        damage=4,
        own_defence=-2,
        note=template("次の手番まで防御 −2、盾は使えない"),
    ),
    AttackOption(
        "sweep",
        template("sweep"),
        note=template("2人なら −4、3人なら −6。防御されたらそこで止まる"),
    ),
    AttackOption(
        "charge",
        "charge",
        attack=1,
        damage_times_half=3,
        own_defence=-3,
        note=template(
            "3ヤード以上必要。次の手番まで防御判定 −3。対象は STR+2 の Strength 判定に失敗すると倒れる"
        ),
    ),
    AttackOption(
        "two_weapons",
        template("two weapons（両手に武器）"),
        note=template("利き腕と逆腕で1回ずつ。Ambidextrous がなければペナルティ（GM が入力）"),
    ),
    AttackOption(
        "grab",
        template("grab（つかむ）"),
        unarmed=True,
        damages=False,
        note=template("命中: 相手のあらゆる目標値 +5"),
    ),
    AttackOption(
        "grapple",
        template("grapple（捕縛・鞭）"),
        damages=False,
        note=template("Superior 以上の命中で絡め取る: その相手への攻撃 +5"),
    ),
    AttackOption("punch", template("punch/kick（殴る）"), damage=PUNCH_PLUS, unarmed=True, dice=UNARMED_DICE),
    AttackOption(
        "trip",
        template("trip（足払い）"),
        unarmed=True,
        damages=False,
        note=template("Nimbleness で判定、相手は Nimbleness か Swiftness で抵抗。成功すると転倒"),
    ),
)
OPTIONS_BY_ID = {o.id: o for o in ATTACK_OPTIONS}
# The options that are close combat only (3.2): none of them is made with a missile.  A trip is an
# opposed test, not an attack test (attack.AttackSpec refuses it before it asks).
CLOSE_COMBAT_OPTIONS = frozenset({"sweep", "two_weapons", "grab", "grapple", "punch", "trip"})


FIELD_NAMES = {
    "bonus": Message("攻撃のボーナス"),
    "defence": Message("Defence"),
    "called_shot": Message("部位狙いの目標値修正"),
    "range_steps": Message("距離の段階"),
    "shield": Message("盾のボーナス"),
    "size_steps": Message("サイズの差"),
    "parry": Message("防御（Parry/Block）のボーナス"),
    "defence_mod": Message("対象自身の攻撃オプションによる防御の修正"),
    "hand_penalty": Message("両手に武器を持つときのペナルティ"),
}
DISTANCE_BOUNDS = (0, 9999)  # yards: what the tracker and `prob lotr-attack` take (weapons.py)


EXTRAORDINARY_CHOICES = ("max_damage", "break_weapon", "break_armour", "break_shield")
BREAK_NAMES = {"break_weapon": "武器", "break_armour": "鎧", "break_shield": "盾"}
