"""千幻抄's disputed readings, as house-rule switches (see gmtool/rules/house_rules.py).

Each switch quotes the rule text (sengensho_archetypes_fantasy.ja.txt) and keeps gmtool's reading
so far as the default.  `SengenshoReadings` is what the engine functions take: the readings of one
campaign gathered in one value (the defaults when built without arguments), so `fantasy` and
`bonds` never read the campaign themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.house_rules import HouseRule, HouseRules, Reading
from gmtool.rules.message import template

PC_HALVING = "sengensho.pc_halving"
HALVE_EACH, HALVE_SUM = "each", "sum"
DEBT = "sengensho.borrow_debt"
DEBT_POINTS, DEBT_COUNT = "points", "count"
BOSS_LEVEL = "sengensho.boss_level"
BOSS_LEVEL_FREE, BOSS_LEVEL_CAPPED = "free", "capped"
ABILITY_PERIOD = "sengensho.ability_period"
PER_SESSION, PER_SCENARIO = "session", "scenario"
BOSS_SLOT = "sengensho.boss_slot"
BOSS_SLOT_FREE, BOSS_SLOT_TAKEN = "free", "taken"

BOSS_TIE = (
    "同時に、PCはこのNPCに対する縁故を(レベルの制限を無視して)選択しているどちらかの類型から取得して良い。"
)

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        id=PC_HALVING,
        system="sengensho",
        title=template("二人目以降のPCとの縁故の半減"),
        quote=(
            "PCとの縁故は非常に結びやすく、比較的容易に上昇させられることから、原則一人までとする。"
            "二人目以降は、得られる幻想値を半減(切上げ)する。"
        ),
        section="縁故 ●キャラクターや集団（制限なし）",
        readings=(
            Reading(
                HALVE_EACH,
                template("縁故ごとに半減（切上げ）"),
                template(
                    "結んだ順で二人目以降のPCとの縁故は、それぞれのレベルを半分（切上げ）にする"
                    "（Lv1の縁故は減らない）"
                ),
            ),
            Reading(
                HALVE_SUM,
                template("合計を半減（切上げ）"),
                template(
                    "二人目以降のPCとの縁故のレベルを類型ごとに合計し、その半分（切上げ）を幻想値にする"
                    "（Lv1の縁故2つで1点）"
                ),
            ),
        ),
        default=HALVE_EACH,
    ),
    HouseRule(
        id=DEBT,
        system="sengensho",
        title=template("前借りの返済の数え方"),
        quote=(
            "縁故の数が幻想値に満たない場合、以後のシーンで縁故を取得して幻想値をその値まで確保する必要がある。"
            "…縁故の数が幻想値に満たない類型が1つ以上ある場合、前借りは使用できない。"
        ),
        section="縁故 ●幻想値の前借り",
        readings=(
            Reading(
                DEBT_POINTS,
                template("幻想値の点数で数える"),
                template("前借りした類型は、縁故が与える幻想値が前借りした値に届くまで返済中"),
            ),
            Reading(
                DEBT_COUNT,
                template("縁故の数で数える"),
                template(
                    "前借りした類型は、縁故の数が前借りした値に届くまで返済中"
                    "（レベルを上げても返済にならない）"
                ),
            ),
        ),
        default=DEBT_POINTS,
    ),
    HouseRule(
        id=BOSS_LEVEL,
        system="sengensho",
        title=template("明かされたラスボスへの縁故のレベル"),
        quote=BOSS_TIE,
        section="NPCと類型および縁故 ●特殊な類型",
        readings=(
            Reading(
                BOSS_LEVEL_FREE,
                template("上限なし（Lv99まで）"),
                template("PCはラスボスへの縁故をどのレベルでも結べ、同じシーンで上げられる（Lv99まで）"),
            ),
            Reading(
                BOSS_LEVEL_CAPPED,
                template("GMが決めた上限まで"),
                template(
                    "ラスボスへの縁故のレベルはGMが入れた上限まで（「ラスボス」の欄で入力。空欄ならLv99まで）"
                ),
            ),
        ),
        default=BOSS_LEVEL_FREE,
    ),
    HouseRule(
        id=ABILITY_PERIOD,
        system="sengensho",
        title=template("幻想能力の使用回数"),
        quote=(
            "幻想能力は類型ごとに3つあり、各能力は1セッションに1回までしか使用できない。"
            "…各幻想能力は1シナリオに1回のみ使用できる。"
        ),
        section="類型と幻想能力のルール／類型の能力 ●幻想能力",
        readings=(
            Reading(
                PER_SESSION,
                template("1セッションに1回"),
                template("セッションを終えると幻想能力の使用回数が戻る"),
            ),
            Reading(
                PER_SCENARIO,
                template("1シナリオに1回"),
                template(
                    "セッションを終えるときにシナリオが続くなら使用回数を持ち越し、"
                    "シナリオが終わったときだけ戻る"
                ),
            ),
        ),
        default=PER_SESSION,
    ),
    HouseRule(
        id=BOSS_SLOT,
        system="sengensho",
        title=template("ラスボスへの縁故と1シーン1つの制限"),
        quote="縁故は最大で7個まで、1シーンあたり1つ取得できる。…" + BOSS_TIE,
        section="縁故 ●幻想値と縁故の設定／特殊な類型",
        readings=(
            Reading(
                BOSS_SLOT_FREE,
                template("シーンの1つを使わない"),
                template("ラスボスへの縁故は、そのシーンの新しい縁故1つとは別に結べる"),
            ),
            Reading(
                BOSS_SLOT_TAKEN,
                template("シーンの1つを使う"),
                template(
                    "ラスボスへの縁故もそのシーンの新しい縁故1つに数える"
                    "（レベルの制限を無視するのは変わらない）"
                ),
            ),
        ),
        default=BOSS_SLOT_FREE,
    ),
)


@dataclass(frozen=True)
class SengenshoReadings:
    """The readings the engine plays (built without arguments: every default, today's behaviour)."""

    pc_halving: str = HALVE_EACH
    debt: str = DEBT_POINTS
    boss_cap: int | None = None  # the highest level of a PC's 縁故 to the revealed ラスボス; None: 99
    ability_period: str = PER_SESSION
    boss_slot: str = BOSS_SLOT_FREE


DEFAULT_READINGS = SengenshoReadings()


def readings_of(rules: HouseRules, boss_cap: int | None = None) -> SengenshoReadings:
    """The campaign's readings; `boss_cap` is the GM's number, in force only under the capped reading."""
    capped = rules.get(BOSS_LEVEL) == BOSS_LEVEL_CAPPED
    return SengenshoReadings(
        pc_halving=rules.get(PC_HALVING),
        debt=rules.get(DEBT),
        boss_cap=boss_cap if capped else None,
        ability_period=rules.get(ABILITY_PERIOD),
        boss_slot=rules.get(BOSS_SLOT),
    )
