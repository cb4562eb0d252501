"""フォーカード on the printed sheet: its field names, and its attributes by their rulebook codes."""

from __future__ import annotations

from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts

LABELS = {
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
}


def rule_names() -> dict[str, str]:
    return {key: key.upper() for key in ("iq", "dx", "st", "wp", "vt")}


PARTS = PrintParts(labels=LABELS, rule_names=rule_names)
