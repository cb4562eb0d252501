"""The LotR combat round's values (3. 戦闘): the actions a turn allows and what each costs, the
option and resource ids the tracker keeps, the aim bonuses.  `combat` plays the round with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.message import template

ACTIONS_PER_TURN = 2  # 「1ターンに標準で2アクション」
EXTRA_ACTION_PENALTY = 5  # 「行動判定に1回ごとに -5 の累積ペナルティ」
NO_TEST_TN = 5  # 「判定が不要な行動を取る場合, 基本目標値を5とみなして判定」
# The actions of the list below that take no test of their own (moving a few yards, aiming, the
# free actions — 「叫ぶ(判定不要)」); Run and Sprint have their Run test, the attacks, dodge and parry
# theirs.  Taken as an extra action they are rolled at NO_TEST_TN (no_test.py).
NO_TEST_KINDS = frozenset({"move", "aim", "free"})
KEEP_INITIATIVE = "keep_initiative"  # option: 「最初に決定したイニシアチブを以後のラウンドでもそのまま」
WOUNDS = "wounds"
WEARINESS = "weariness"


@dataclass(frozen=True)
class ActionKind:
    """An action and its cost in actions (None: a full-round action, every action the turn has)."""

    id: str
    name: str
    cost: int | None
    note: str = ""


# From 3. 戦闘, 3.1 移動, 3.2 攻撃, 3.3 回避と防御, 3.5 狙いをつける.
ACTION_KINDS: tuple[ActionKind, ...] = (
    ActionKind("attack", template("攻撃（通常）"), 1),
    ActionKind("defensive", template("攻撃（defensive）"), 1, template("攻撃判定−2、防御判定+2")),
    ActionKind("power", template("攻撃（power）"), 1, template("防御−2、ダメージ+3")),
    ActionKind("precise", template("攻撃（precise）"), 1, template("攻撃+2、ダメージ−2")),
    ActionKind("two_handed", template("攻撃（two-handed）"), 1, template("防御−2、ダメージ+4、盾は使えない")),
    ActionKind("sweep", template("攻撃（sweep）"), 2, template("3人まで: 2人なら−4、3人なら−6")),
    ActionKind(
        "charge", template("攻撃（charge）"), 2, template("3ヤード以上: 攻撃+1、防御判定−3、ダメージ1.5倍")
    ),
    ActionKind("two_weapons", template("攻撃（両手に武器）"), 1, template("利き腕と逆腕で1回ずつ")),
    ActionKind("grapple", template("攻撃（捕縛・鞭）"), 1, template("Superior 以上の命中で絡め取る")),
    ActionKind("grab", template("つかむ"), 1),
    ActionKind("grab_hold", template("つかんだ相手に"), 1),
    ActionKind("escape", template("抜け出す"), 1),
    ActionKind("punch", template("殴る"), 1, template("1d6+2+STR修正")),
    ActionKind("trip", template("足払い"), 1),
    ActionKind("aim", template("狙いをつける"), 1, template("次の攻撃に直接+1、間接+3")),
    ActionKind(
        "dodge",
        template("回避"),
        1,
        template("Swiftness判定の達成値でDefenseを置き換える（ラウンド終了まで）"),
    ),
    ActionKind(
        "parry", template("防御（Parry/Block）"), 1, template("武器技能で攻撃の達成値以上（同点は防御成功）")
    ),
    ActionKind("move", template("移動"), 1, template("Walk 3〜6ヤード、Jog 7〜9ヤード")),
    ActionKind("run", template("Run"), 2, template("27ヤードまで、Run判定 目標値5（接近戦中10）")),
    ActionKind("sprint", template("Sprint"), None, template("40ヤードまで、Run判定 目標値10（接近戦中15）")),
    ActionKind("free", template("狙いを変える・物を捨てる・叫ぶ・気付く"), 0),
)
# 3.9 騎乗戦闘: taken through the tracker's mount box (mounted.py), which checks the mount and reads
# the cost from Table 9.22, so they are not in the actions list above.
MOUNT_ACTION_KINDS: tuple[ActionKind, ...] = (
    ActionKind(
        "horse_attack",
        template("馬の攻撃（War-Trained）"),
        0,
        template("乗り手の行動に影響しない1アクション"),
    ),
    ActionKind("horse_move", template("馬の移動"), 1),
    ActionKind("horse_gallop", template("馬の移動（Full-round）"), None),
)
ACTIONS_BY_ID = {a.id: a for a in (*ACTION_KINDS, *MOUNT_ACTION_KINDS)}
ATTACKS = frozenset(
    {
        "attack",
        "defensive",
        "power",
        "precise",
        "two_handed",
        "sweep",
        "charge",
        "two_weapons",
        "grapple",
        "grab",
        "punch",
        "trip",
    }
)
AIM_BONUS = {"direct": 1, "indirect": 3}

# A condition with a penalty on every action (3.8 恐怖: −1, −2, −4): the value "penalty:<its name>"
# counts only while the condition of that name lasts, so removing the condition ends it too.
CONDITION_PENALTY = "penalty:"
# A condition that takes the next turn away (3.8 恐怖 Superior: 「1ターン行動不能」): the value
# "lost_turn:<its name>" marks it; the tracker's 次の手番 skips that participant's turn once and the
# condition ends with it (combat.LotRCombat.lost_turn).
LOST_TURN = "lost_turn:"
