"""Japanese names for the character fields and computed values the printed sheet shows.

A name missing here prints as the field's own name: the sheet never leaves a value out.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


COMMON = {
    "name": QT_TRANSLATE_NOOP("SheetPrint", "名前"),
    "is_pc": QT_TRANSLATE_NOOP("SheetPrint", "PC"),
    "notes": QT_TRANSLATE_NOOP("SheetPrint", "メモ"),
    "attributes": QT_TRANSLATE_NOOP("SheetPrint", "能力値"),
    "skills": QT_TRANSLATE_NOOP("SheetPrint", "技能"),
    "level": QT_TRANSLATE_NOOP("SheetPrint", "レベル"),
    "count": QT_TRANSLATE_NOOP("SheetPrint", "枚数"),
    "critical": QT_TRANSLATE_NOOP("SheetPrint", "クリティカル"),
    "fumble": QT_TRANSLATE_NOOP("SheetPrint", "ファンブル"),
    "equipment": QT_TRANSLATE_NOOP("SheetPrint", "装備"),
    "overrides": QT_TRANSLATE_NOOP("SheetPrint", "GM による上書き"),
    "money": QT_TRANSLATE_NOOP("SheetPrint", "所持金"),
    "damage": QT_TRANSLATE_NOOP("SheetPrint", "ダメージ"),
    "specialisations": QT_TRANSLATE_NOOP("SheetPrint", "専門"),
    "cost": QT_TRANSLATE_NOOP("SheetPrint", "コスト"),
    "effect": QT_TRANSLATE_NOOP("SheetPrint", "効果"),
    "target": QT_TRANSLATE_NOOP("SheetPrint", "対象"),
    "range": QT_TRANSLATE_NOOP("SheetPrint", "射程"),
    "timing": QT_TRANSLATE_NOOP("SheetPrint", "タイミング"),
    "check": QT_TRANSLATE_NOOP("SheetPrint", "判定"),
    "date": QT_TRANSLATE_NOOP("SheetPrint", "日付"),
    "scenario": QT_TRANSLATE_NOOP("SheetPrint", "シナリオ"),
    "xp": QT_TRANSLATE_NOOP("SheetPrint", "経験点"),
    "bought": QT_TRANSLATE_NOOP("SheetPrint", "購入"),
    "attribute": QT_TRANSLATE_NOOP("SheetPrint", "能力値"),
    "kind": QT_TRANSLATE_NOOP("SheetPrint", "種別"),
    "archetype": QT_TRANSLATE_NOOP("SheetPrint", "類型"),
}

SYSTEM = {
    "aw": {
        "body": QT_TRANSLATE_NOOP("SheetPrint", "体力"),
        "reflex": QT_TRANSLATE_NOOP("SheetPrint", "反射"),
        "perception": QT_TRANSLATE_NOOP("SheetPrint", "知覚"),
        "intellect": QT_TRANSLATE_NOOP("SheetPrint", "知力"),
        "will": QT_TRANSLATE_NOOP("SheetPrint", "意志"),
        "luck": QT_TRANSLATE_NOOP("SheetPrint", "幸運"),
        "combat": QT_TRANSLATE_NOOP("SheetPrint", "戦闘値"),
        "physical_hit": QT_TRANSLATE_NOOP("SheetPrint", "物理命中値"),
        "spirit_hit": QT_TRANSLATE_NOOP("SheetPrint", "魔法命中値"),
        "evasion": QT_TRANSLATE_NOOP("SheetPrint", "回避値"),
        "attack": QT_TRANSLATE_NOOP("SheetPrint", "攻撃力"),
        "initiative": QT_TRANSLATE_NOOP("SheetPrint", "行動値"),
        "hp": QT_TRANSLATE_NOOP("SheetPrint", "HP"),
        "hp_max": QT_TRANSLATE_NOOP("SheetPrint", "最大HP"),
        "mp": QT_TRANSLATE_NOOP("SheetPrint", "MP"),
        "mp_max": QT_TRANSLATE_NOOP("SheetPrint", "最大MP"),
        "classes": QT_TRANSLATE_NOOP("SheetPrint", "クラス"),
        "feats": QT_TRANSLATE_NOOP("SheetPrint", "特技"),
        "lifepath": QT_TRANSLATE_NOOP("SheetPrint", "ライフパス"),
        "skills": QT_TRANSLATE_NOOP("SheetPrint", "特技"),
    },
    "sengensho": {
        "body": QT_TRANSLATE_NOOP("SheetPrint", "身体"),
        "endurance": QT_TRANSLATE_NOOP("SheetPrint", "耐久"),
        "intellect": QT_TRANSLATE_NOOP("SheetPrint", "知性"),
        "sense": QT_TRANSLATE_NOOP("SheetPrint", "感覚"),
        "will": QT_TRANSLATE_NOOP("SheetPrint", "意志"),
        "archetypes": QT_TRANSLATE_NOOP("SheetPrint", "類型"),
        "preset_bonds": QT_TRANSLATE_NOOP("SheetPrint", "縁故（プリセット）"),
        "unlimited_abilities": QT_TRANSLATE_NOOP("SheetPrint", "異能の制限なし"),
    },
    "fourcard": {
        "sex": QT_TRANSLATE_NOOP("SheetPrint", "性別"),
        "gains": QT_TRANSLATE_NOOP("SheetPrint", "能力値の成長"),
        "losses": QT_TRANSLATE_NOOP("SheetPrint", "能力値の低下"),
        "earmarked_skills": QT_TRANSLATE_NOOP("SheetPrint", "予定スキル"),
        "growth": QT_TRANSLATE_NOOP("SheetPrint", "経験点の記録"),
        "fatigue": QT_TRANSLATE_NOOP("SheetPrint", "疲労"),
        "injury": QT_TRANSLATE_NOOP("SheetPrint", "負傷"),
        "hungry": QT_TRANSLATE_NOOP("SheetPrint", "空腹"),
        "handedness": QT_TRANSLATE_NOOP("SheetPrint", "利き手"),
        "movement_penalty": QT_TRANSLATE_NOOP("SheetPrint", "移動ペナルティ"),
        "weakened_line": QT_TRANSLATE_NOOP("SheetPrint", "弱体化ライン"),
        "unconscious_line": QT_TRANSLATE_NOOP("SheetPrint", "気絶ライン"),
        "dead_line": QT_TRANSLATE_NOOP("SheetPrint", "死亡ライン"),
        "weakened": QT_TRANSLATE_NOOP("SheetPrint", "弱体化"),
        "movement": QT_TRANSLATE_NOOP("SheetPrint", "移動力"),
        "xp_earned": QT_TRANSLATE_NOOP("SheetPrint", "獲得経験点"),
        "xp_spent": QT_TRANSLATE_NOOP("SheetPrint", "使用経験点"),
        "xp_unspent": QT_TRANSLATE_NOOP("SheetPrint", "未使用経験点"),
        "equipment_penalty": QT_TRANSLATE_NOOP("SheetPrint", "装備ペナルティ"),
        "skills": QT_TRANSLATE_NOOP("SheetPrint", "スキル"),
    },
    "lotr": {
        "race": QT_TRANSLATE_NOOP("SheetPrint", "種族"),
        "subrace": QT_TRANSLATE_NOOP("SheetPrint", "亜種族"),
        "order": QT_TRANSLATE_NOOP("SheetPrint", "職業"),
        "other_orders": QT_TRANSLATE_NOOP("SheetPrint", "他の職業"),
        "size": QT_TRANSLATE_NOOP("SheetPrint", "サイズ"),
        "wound_levels": QT_TRANSLATE_NOOP("SheetPrint", "負傷段階の数"),
        "favoured_attributes": QT_TRANSLATE_NOOP("SheetPrint", "得意な能力値"),
        "favoured_reaction": QT_TRANSLATE_NOOP("SheetPrint", "得意な反応"),
        "reactions": QT_TRANSLATE_NOOP("SheetPrint", "反応"),
        "health": QT_TRANSLATE_NOOP("SheetPrint", "体力"),
        "courage": QT_TRANSLATE_NOOP("SheetPrint", "勇気"),
        "courage_spent": QT_TRANSLATE_NOOP("SheetPrint", "使用した勇気"),
        "renown": QT_TRANSLATE_NOOP("SheetPrint", "名声"),
        "corruption": QT_TRANSLATE_NOOP("SheetPrint", "堕落"),
        "weariness": QT_TRANSLATE_NOOP("SheetPrint", "疲労"),
        "edges": QT_TRANSLATE_NOOP("SheetPrint", "長所"),
        "flaws": QT_TRANSLATE_NOOP("SheetPrint", "短所"),
        "order_abilities": QT_TRANSLATE_NOOP("SheetPrint", "職業能力"),
        "xp_log": QT_TRANSLATE_NOOP("SheetPrint", "経験点の記録"),
        "advancements": QT_TRANSLATE_NOOP("SheetPrint", "成長"),
        "ranks": QT_TRANSLATE_NOOP("SheetPrint", "ランク"),
        "order_skill": QT_TRANSLATE_NOOP("SheetPrint", "職業技能"),
        "defence": QT_TRANSLATE_NOOP("SheetPrint", "防御"),
        "damage_bonus": QT_TRANSLATE_NOOP("SheetPrint", "ダメージ修正"),
        "encumbrance": QT_TRANSLATE_NOOP("SheetPrint", "重量"),
        "encumbrance_heavy": QT_TRANSLATE_NOOP("SheetPrint", "重量（重い）"),
        "encumbrance_very_heavy": QT_TRANSLATE_NOOP("SheetPrint", "重量（非常に重い）"),
        "wound_level": QT_TRANSLATE_NOOP("SheetPrint", "負傷段階"),
        "wound_penalty": QT_TRANSLATE_NOOP("SheetPrint", "負傷ペナルティ"),
        "weariness_penalty": QT_TRANSLATE_NOOP("SheetPrint", "疲労ペナルティ"),
        "condition_penalty": QT_TRANSLATE_NOOP("SheetPrint", "状態ペナルティ"),
        "courage_left": QT_TRANSLATE_NOOP("SheetPrint", "残りの勇気"),
        "xp_total": QT_TRANSLATE_NOOP("SheetPrint", "経験点合計"),
    },
    "mtg": {
        "creature_type": QT_TRANSLATE_NOOP("SheetPrint", "クリーチャー・タイプ"),
        "library": QT_TRANSLATE_NOOP("SheetPrint", "ライブラリー"),
        "sideboard": QT_TRANSLATE_NOOP("SheetPrint", "サイドボード"),
        "critical_limit": QT_TRANSLATE_NOOP("SheetPrint", "クリティカル上限"),
        "size": QT_TRANSLATE_NOOP("SheetPrint", "枚数"),
        "lands": QT_TRANSLATE_NOOP("SheetPrint", "土地"),
        "colorless": QT_TRANSLATE_NOOP("SheetPrint", "無色"),
        "multicolor": QT_TRANSLATE_NOOP("SheetPrint", "多色"),
        "critical_marked": QT_TRANSLATE_NOOP("SheetPrint", "クリティカル指定"),
        "color_W": QT_TRANSLATE_NOOP("SheetPrint", "白"),
        "color_U": QT_TRANSLATE_NOOP("SheetPrint", "青"),
        "color_B": QT_TRANSLATE_NOOP("SheetPrint", "黒"),
        "color_R": QT_TRANSLATE_NOOP("SheetPrint", "赤"),
        "color_G": QT_TRANSLATE_NOOP("SheetPrint", "緑"),
    },
}


def _lotr_names() -> dict[str, str]:
    from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_NAMES, REACTION_NAMES

    names = {**ATTRIBUTE_NAMES, **REACTION_NAMES}
    return {**names, **{f"{k}_modifier": f"{v} 修正" for k, v in ATTRIBUTE_NAMES.items()}}


def _fourcard_names() -> dict[str, str]:
    return {key: key.upper() for key in ("iq", "dx", "st", "wp", "vt")}


NAMED_BY_RULES = {"lotr": _lotr_names, "fourcard": _fourcard_names}


def label(system_id: str, key: str) -> str:
    """The Japanese name of a field or derived value, or the key itself."""
    text = SYSTEM.get(system_id, {}).get(key) or COMMON.get(key)
    if text:
        return _tr(text)
    names = NAMED_BY_RULES.get(system_id)
    return names().get(key, key) if names else key
