"""The tables the LotR summary refers to, as gmtool ships them (reference_tables.py says how).

Every value the summary does not state is None (未設定).  The few it states are quoted beside them.
"""

from __future__ import annotations

from gmtool.rules.message import Message, template
from gmtool.rules.systems.lotr.reference_table_types import Column, ReferenceRow, ReferenceTable

WEAPONS = "weapons"
CALLED_SHOTS = "called_shots"
STUN = "stun"
FEAR = "fear_modifiers"
HORSE_SPEEDS = "horse_speeds"
HEALING = "healing"
PHYSICIAN = "physician"
WEARINESS_RECOVERY = "weariness_recovery"
DROWNING = "drowning"
FALLING = "falling"
FIRE = "fire"
POISONS = "poisons"
RENOWN = "renown"
RENOWN_MODIFIERS = "renown_modifiers"
COURAGE_TRAITS = "courage_traits"
ELITE_ORDERS = "elite_orders"
PRESS = "press"
HERO_COMBAT = "hero_combat"
UNIT_SIZE = "unit_size"
TRAVEL_SPEEDS = "travel_speeds"
TRAVEL_DISTANCES = "travel_distances"

HEAD = "頭部"
HEAD_SHOT_TN = 12  # 3.7 「頭部狙いの場合,目標値は +12 の修正を受ける(Table 9.18に従う)」
WOUND_ROWS = ("Dazed", "Injured", "Wounded", "Incapacitated", "Near Death")
# 1.2.1 医術 and the physician's daily care: the summary gives neither target number (physician.py).
# Named in the text's words, templates: a view shows them in the UI language (the names are the
# rows' stored identity, as every fixed row's).
INFECTION_DAY, INFECTION_WEEK, DAILY_CARE = (
    template("医術: 傷が自然に1日回復する"),
    template("医術: 傷が自然に1週間回復する"),
    template("付きっ切りの手当て"),
)
WEARINESS_ROWS = ("Winded", "Tired", "Weary", "Spent", "Exhausted")


def _rows(names: tuple[str, ...], columns: tuple[Column, ...]) -> tuple[ReferenceRow, ...]:
    return tuple(ReferenceRow(n, tuple((c.id, None) for c in columns)) for n in names)


_TN = Column("tn", Message("目標値"), "int", 0, 99)
_WEAPON_COLUMNS = (
    Column("skill", Message("技能（Armed Combat / Ranged Combat の分野）"), "text"),
    Column("damage", Message("ダメージ"), "dice"),
    Column("size", Message("サイズ"), "text"),
    Column("point_blank", Message("至近 PB（ヤード）"), "int", 0, 9999),
    Column("short", Message("近 S（ヤード）"), "int", 0, 9999),
    Column("medium", Message("中 M（ヤード）"), "int", 0, 9999),
    Column("long", Message("遠 L（ヤード）"), "int", 0, 9999),
    Column("step", Message("L より先の1段階 S（ヤード）"), "int", 1, 9999),
    Column("thrown", Message("手投げ武器（STR 修正をダメージに足す、1.3）"), "flag"),
    Column("note", Message("備考"), "text"),
)
_HORSE_COLUMNS = (
    Column("yards", Message("移動（ヤード）"), "int", 0, 999),
    Column("actions", Message("アクション"), "int", 0, 9),
    Column("full_round", Message("Full-round"), "flag"),
    Column("run_tn", Message("Run 目標値"), "int", 0, 99),
)


def _horse(name: str, yards: int, actions: int | None, full: bool | None, tn: int | None) -> ReferenceRow:
    return ReferenceRow(name, (("yards", yards), ("actions", actions), ("full_round", full), ("run_tn", tn)))


_HEALING_COLUMNS = (
    Column("natural_tn", Message("自然治癒の Stamina 目標値（Table 9.36）"), "int", 0, 99),
    Column("healing_tn", Message("手当ての Healing 目標値（Table 9.37）"), "int", 0, 99),
)
_POISON_COLUMNS = (
    Column("type", Message("Type（接触・吸入・外傷・服用）"), "text"),
    Column("onset", Message("Onset"), "text"),
    Column("potency", Message("Potency 修正"), "int", -99, 99),
    Column("treatment", Message("Treatment 修正"), "int", -99, 99),
    Column("primary", Message("Primary（抵抗に失敗）"), "text"),
    Column("secondary", Message("Secondary（抵抗に成功）"), "text"),
    Column("stages", Message("Stages"), "text"),
)
_ATTRIBUTE_MINIMA = tuple(
    Column(a, Message("{0} 以上", a.upper()), "int", 0, 99)
    for a in ("brg", "nim", "per", "str", "vit", "wit")
)

SHIPPED_TABLES: tuple[ReferenceTable, ...] = (
    ReferenceTable(
        WEAPONS,
        Message("武器"),
        "P.230",
        Message(
            "射撃の距離は「L より遠くなった場合に,距離 S ごとに+2」（3.4）。"
            "ダメージは STR 修正を足す（3.10、弓には足さない 1.3）"
        ),
        _WEAPON_COLUMNS,
        row_label=Message("武器"),
    ),
    ReferenceTable(
        CALLED_SHOTS,
        Message("部位狙い"),
        "Table 9.18",
        Message("頭部の +12 だけが本文にあります（3.7）"),
        (Column("tn", Message("目標値修正"), "int", 0, 99),),
        (ReferenceRow(HEAD, (("tn", HEAD_SHOT_TN),)),),
        row_label=Message("狙う部位"),
    ),
    ReferenceTable(
        STUN,
        Message("スタン"),
        "Table 9.17, p.232",
        Message("Blunt 攻撃で頭部を狙ったときの Stamina 判定の目標値と、スタン中のペナルティ（3.7）"),
        (
            _TN,
            Column("penalty", Message("ペナルティ"), "int", -99, 0),
            Column("rounds", Message("効果時間（ラウンド）"), "int", 0, 999),
        ),
        row_label=Message("ルールブックの表の行"),
    ),
    ReferenceTable(
        FEAR,
        Message("恐怖への抵抗の修正"),
        "Table 9.20, p.233",
        Message("恐怖の対象からの距離や仲間からの激励による Willpower 判定の修正（3.8）"),
        (Column("modifier", Message("修正"), "int", -99, 99),),
        row_label=Message("状況（恐怖の対象からの距離、仲間からの激励など）"),
    ),
    ReferenceTable(
        HORSE_SPEEDS,
        Message("馬の移動速度"),
        "Table 9.22",
        Message(
            "本文の値（Canter 24 ヤード、Run 2 アクションは本文の訂正どおり）。"
            "Crawl/Step・Walk・Canter のアクション数は本文にありません"
        ),
        _HORSE_COLUMNS,
        (
            _horse("Crawl/Step", 2, None, None, None),
            _horse("Walk", 12, None, None, None),
            _horse("Canter", 24, None, None, None),
            _horse("Run", 72, 2, False, 5),
            _horse("Gallop", 160, None, True, 10),
        ),
        fixed_rows=True,
        row_label=Message("馬の速さ"),
    ),
    ReferenceTable(
        HEALING,
        Message("治癒の目標値"),
        "Table 9.36 / 9.37, p.247",
        Message("負傷段階ごとの、週1回の自然治癒の Stamina 判定と手当ての Healing 判定の目標値（1.2.1）"),
        _HEALING_COLUMNS,
        _rows(WOUND_ROWS, _HEALING_COLUMNS),
        fixed_rows=True,
        row_label=Message("負傷段階"),
    ),
    ReferenceTable(
        PHYSICIAN,
        Message("医術・付きっ切りの手当て"),
        "1.2.1",
        Message(
            "医者の Healing 判定の目標値（要約にない）。感染症（医術）: 達成値が届いたいちばん高い"
            "目標値の行で「傷が自然に1日回復する」か「1週間回復する」かが決まり、どちらにも届かなければ"
            "「まったく回復しない」。付きっ切りの手当て: 毎日の判定に成功すればその日は倍の速度で回復"
        ),
        (_TN,),
        _rows((INFECTION_DAY, INFECTION_WEEK, DAILY_CARE), (_TN,)),
        fixed_rows=True,
        row_label=Message("医者の判定"),
    ),
    ReferenceTable(
        WEARINESS_RECOVERY,
        Message("疲労からの回復時間"),
        "Table 9.39, p.249",
        Message("疲労段階ごとの回復にかかる時間（1.2.2）"),
        (Column("time", Message("回復時間"), "text"),),
        _rows(WEARINESS_ROWS, (Column("time", Message("回復時間"), "text"),)),
        fixed_rows=True,
        row_label=Message("疲労段階"),
    ),
    ReferenceTable(
        DROWNING,
        Message("溺れる"),
        "Table 9.32, p.245",
        Message("息を止めた後のラウンド数ごとの Stamina 目標値と、意識を失ったときのダメージ（1.2.1.1）"),
        (_TN, Column("damage", Message("ダメージ"), "dice")),
        row_label=Message("息を止めた後のラウンド数"),
    ),
    ReferenceTable(
        FALLING,
        Message("落下"),
        "Table 9.33, p.245",
        Message("落下距離ごとのダメージと、半減するための Acrobatics 目標値（1.2.1.1）"),
        (Column("damage", Message("ダメージ"), "dice"), _TN),
        row_label=Message("落下した距離"),
    ),
    ReferenceTable(
        FIRE,
        Message("火炎"),
        "Table 9.34, p.245",
        Message(
            "1ラウンドごとのダメージと、炎に包まれないための Swiftness 目標値（1.2.1.1）。"
            "炎に包まれた追加ダメージ 2d6+4 は本文の値"
        ),
        (Column("damage", Message("ダメージ"), "dice"), _TN),
        row_label=Message("炎・高温"),
    ),
    ReferenceTable(
        POISONS,
        Message("毒"),
        "Table 9.35, p.246",
        Message(
            "抵抗は Stamina で目標値 7+Potency 修正、中和は Healing で目標値 10+Treatment 修正（1.2.1.1）"
        ),
        _POISON_COLUMNS,
        row_label=Message("毒"),
    ),
    ReferenceTable(
        RENOWN,
        Message("知名度の目標値"),
        "Table 2.3, p.51",
        Message("自分と相手の出身による Wits 判定の目標値。Local 5 と Area 10 だけが本文にあります（1.2）"),
        (_TN,),
        (ReferenceRow("Local", (("tn", 5),)), ReferenceRow("Area", (("tn", 10),))),
        row_label=Message("自分と相手の出身（Local・Area など）"),
    ),
    ReferenceTable(
        RENOWN_MODIFIERS,
        Message("知名度の修正"),
        "Table 2.3, p.51",
        Message("相手の Renown や、種族・職業が同じかどうかによる修正（1.2）"),
        (Column("modifier", Message("修正"), "int", -99, 99),),
        row_label=Message("修正の理由（相手の Renown、種族・職業が同じか）"),
    ),
    ReferenceTable(
        COURAGE_TRAITS,
        Message("勇気1点の効果を増す特徴"),
        "1.2.3",
        Message(
            "本文の例: Bold と Horselord はそれぞれ +2、両方で Ride 判定に +7。"
            "Bold が Ride 以外に効くかは本文にありません"
        ),
        (
            Column("per_point", Message("1点あたりの追加"), "int", 0, 99),
            Column("skills", Message("対象の技能（空欄はすべて）"), "text"),
        ),
        (
            ReferenceRow("Bold", (("per_point", 2), ("skills", "Ride"))),
            ReferenceRow("Horselord", (("per_point", 2), ("skills", "Ride"))),
        ),
        row_label=Message("特徴"),
    ),
    ReferenceTable(
        ELITE_ORDERS,
        Message("上級職の能力値条件"),
        "1.6.3",
        Message(
            "上級職ごとの能力値条件。"
            "ほかの二つの条件（一つの職業で Advancement 6 以上、成長ポイント5点）は本文どおり"
        ),
        _ATTRIBUTE_MINIMA,
        row_label=Message("上級職"),
    ),
    ReferenceTable(
        PRESS,
        Message("PRESS（戦っている場所）"),
        "Table 9.24, p.239",
        Message(
            "2d6 の出目の範囲ごとの場所。Thick of Battle は Hero Combat に +1、Heart of Battle は +2（3.11）"
        ),
        (
            Column("low", Message("2d6 下限"), "int", 2, 12),
            Column("high", Message("2d6 上限"), "int", 2, 12),
            Column("bonus", Message("Hero Combat 修正"), "int", -9, 9),
        ),
        row_label=Message("戦っている場所"),
    ),
    ReferenceTable(
        HERO_COMBAT,
        Message("Hero Combat"),
        "Table 9.25, p.239",
        Message("2d6＋場所の修正の範囲ごとの結果（3.11）"),
        (
            Column("low", Message("下限"), "int", -9, 99),
            Column("high", Message("上限"), "int", -9, 99),
            Column("result", Message("結果"), "text"),
        ),
        row_label=Message("結果（2d6＋場所の修正の範囲）"),
    ),
    ReferenceTable(
        UNIT_SIZE,
        Message("部隊サイズの種族係数"),
        "Table 9.26, p.240",
        Message("Size = 人数 ÷ 10 × 種族の係数。種族が混在した部隊は係数なし（3.11.1）"),
        (Column("factor", Message("係数"), "decimal", 0, 100),),
        row_label=Message("種族"),
    ),
    ReferenceTable(
        TRAVEL_SPEEDS,
        Message("旅の速度"),
        "Table 9.41",
        Message("移動手段ごとの速度。複数で旅をするときは最も遅い者に合わせる（4.）"),
        (
            Column("per_day", Message("1日の距離"), "decimal", 0, 9999),
            Column("per_hour", Message("1時間の距離"), "decimal", 0, 999),
        ),
        row_label=Message("移動手段"),
    ),
    ReferenceTable(
        TRAVEL_DISTANCES,
        Message("場所の距離"),
        "Table 9.42",
        Message("二つの場所の間の距離（4.）"),
        (Column("distance", Message("距離"), "decimal", 0, 99999),),
        row_label=Message("二つの場所"),
    ),
)
