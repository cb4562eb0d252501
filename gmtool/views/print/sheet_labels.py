"""Japanese names for the character fields and computed values the printed sheet shows.

The names every system shares are here; a system's own come with its `PrintParts`. A name missing
from both prints as the field's own name: the sheet never leaves a value out.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts


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


def label(parts: PrintParts, key: str) -> str:
    """The Japanese name of a field or derived value, or the key itself."""
    text = parts.labels.get(key) or COMMON.get(key)
    if text:
        return _tr(text)
    return parts.rule_names().get(key, key) if parts.rule_names else key


def column_label(parts: PrintParts, group: str, key: str) -> str:
    """The name of `key` inside the field `group` (a table's column): the system may name it for that
    group alone (AW's 特技 call their name 名称, its character's is 名前), else as `label` does."""
    text = parts.labels.get(f"{group}.{key}")
    return _tr(text) if text else label(parts, key)
