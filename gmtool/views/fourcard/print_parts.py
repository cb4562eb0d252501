"""フォーカード on the printed sheet: its field names, its attributes by their rulebook codes, and the
rule text's words the sheet uses (`models/fourcard/terms.py`): 衰弱 / 昏倒 / 死亡 lines, 自動的成功,
女性, 左."""

from __future__ import annotations

from typing import Any

from gmtool.models.fourcard.terms import (
    HANDEDNESS,
    HANDEDNESS_NAMES,
    LEDGER_LABELS,
    LINE_NAMES,
    SEX_NAMES,
    check_label,
    ledger_text,
    outcome_term,
    term,
)
from gmtool.rules.checks import CheckKind, Outcome
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
    "movement_penalty": QT_TRANSLATE_NOOP("SheetPrint", "移動ペナルティ"),
    "weakened": QT_TRANSLATE_NOOP("SheetPrint", "衰弱中"),
    "damage": QT_TRANSLATE_NOOP("SheetPrint", "累積ダメージ"),
    "movement": QT_TRANSLATE_NOOP("SheetPrint", "移動力"),
    "xp_earned": QT_TRANSLATE_NOOP("SheetPrint", "獲得経験点"),
    "xp_spent": QT_TRANSLATE_NOOP("SheetPrint", "使用経験点"),
    "xp_unspent": QT_TRANSLATE_NOOP("SheetPrint", "未使用経験点"),
    "equipment_penalty": QT_TRANSLATE_NOOP("SheetPrint", "装備ペナルティ"),
    "skills": QT_TRANSLATE_NOOP("SheetPrint", "スキル"),
}
# The sheet's own terms, translated in their own context.
TERMS = {**LINE_NAMES, "handedness": HANDEDNESS}
VALUE_NAMES = {"sex": SEX_NAMES, "handedness": HANDEDNESS_NAMES}
LEDGER_FIELDS = frozenset({"scenario", "bought"})  # the XP ledger's columns that hold gmtool's labels


def rule_names() -> dict[str, str]:
    return {
        **{key: term(source) for key, source in TERMS.items()},
        **{key: key.upper() for key in ("iq", "dx", "st", "wp", "vt")},
    }


def value_name(key: str, value: Any) -> str | None:
    if key in LEDGER_FIELDS and isinstance(value, str) and value in LEDGER_LABELS:
        return ledger_text(value)  # gmtool's own labels in the XP ledger (作成, 初期経験点…)
    source = VALUE_NAMES.get(key, {}).get(value) if isinstance(value, str) else None
    return None if source is None else term(source)


def outcome_name(outcome: Any) -> str | None:
    return outcome_term(outcome) if isinstance(outcome, Outcome) else None


def check_name(kind: CheckKind) -> str:
    """A ベース as the judgement panel names it: 「【接近戦】（その他）」, "Melee 【接近戦】 (other)"."""
    return check_label(kind.label)


PARTS = PrintParts(
    labels=LABELS,
    rule_names=rule_names,
    value_name=value_name,
    outcome_name=outcome_name,
    check_name=check_name,
)
